"""The jobs database's schema (SQLAlchemy Core; Alembic migrations in jobs/migrations make it) and
how an engine is opened on it: aiosqlite for the embedded default, asyncpg for PostgreSQL."""

from __future__ import annotations

import json
import logging
from pathlib import Path
from typing import Any

from sqlalchemy import (
    Column,
    Float,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    event,
)
from sqlalchemy.ext.asyncio import AsyncEngine, create_async_engine

from jobs.items import ItemOptions, JobRow

metadata = MetaData()

jobs_table = Table(
    "jobs",
    metadata,
    Column("id", String(40), primary_key=True),
    Column("owner", String(64), nullable=False, index=True),
    Column("state", String(16), nullable=False),
    Column("total", Integer, nullable=False),
    Column("options", Text, nullable=False),
    Column("callback_url", Text),
    Column("callback_state", String(16)),  # pending | sending | sent | failed; null without one
    Column("callback_attempts", Integer, nullable=False, default=0),
    Column("created_at", Float, nullable=False),
    Column("updated_at", Float, nullable=False),
    Column("started_at", Float),
    Column("finished_at", Float),
)

items_table = Table(
    "items",
    metadata,
    Column("job_id", String(40), ForeignKey("jobs.id", ondelete="CASCADE"), primary_key=True),
    Column("seq", Integer, primary_key=True),  # the item's place in the job: result order, cursors
    Column("item_id", String(200), nullable=False),
    Column("claim", Text, nullable=False),
    Column("status", String(16), nullable=False),
    Column("attempts", Integer, nullable=False, default=0),
    Column("verdict", String(40)),
    Column("result", Text),
    Column("error", Text),
    Column("updated_at", Float, nullable=False),
    Column("dispatched_at", Float),  # its message went onto the Redis queue (migration 0002)
    Column("claimant", Text),  # who made the claim, when the submitter said (migration 0004)
    Column("appearance", Text),  # an http(s) URL where the claim appeared (migration 0004)
    Index("ix_items_job_item", "job_id", "item_id", unique=True),  # one result per item id
    Index("ix_items_status", "status", "job_id", "seq"),
)

# Records and reviews (issue 40, migration 0003; jobs/records.py reads and writes them)

records_table = Table(
    "records",
    metadata,
    Column("id", String(40), primary_key=True),
    Column("owner", String(64), nullable=False),
    Column("created_at", Float, nullable=False),
    Column("claim", Text, nullable=False),
    Column("verdict", String(40)),
    Column("answer", Text, nullable=False),  # the response body as sent (JSON)
    Column("record", Text, nullable=False),  # engines, prompts, queries, options (JSON)
    Index("ix_records_owner_created", "owner", "created_at", "id"),
    Index("ix_records_created", "created_at"),
)

snapshots_table = Table(
    "snapshots",
    metadata,
    Column("record_id", String(40), ForeignKey("records.id", ondelete="CASCADE"), primary_key=True),
    Column("n", Integer, primary_key=True),  # the evidence item's number in the answer, from 1
    Column("evidence_id", String(80), nullable=False),
    Column("source", Text, nullable=False),
    Column("text", Text, nullable=False),
    Column("sha256", String(64), nullable=False),
    Column("fetched_at", String(40)),
    Column("archive_url", Text),
    Column("archive_state", String(16)),  # null (not asked) | pending | archived | failed | skipped
    Column("archive_note", Text),
)

reviews_table = Table(
    "reviews",
    metadata,
    Column("id", String(40), primary_key=True),
    Column("record_id", String(40), nullable=False, index=True),  # kept when the record is deleted
    Column("owner", String(64), nullable=False),
    Column("reviewer", String(64), nullable=False),
    Column("claim", Text, nullable=False),
    Column("verdict", String(40), nullable=False),
    Column("note", Text, nullable=False),
    Column("machine_verdict", String(40)),  # what claimcheck had answered
    Column("url", Text, nullable=False),
    Column("kb_id", String(80)),  # the fact-check document written into the knowledge base
    Column("created_at", Float, nullable=False),
    Index("ix_reviews_owner_created", "owner", "created_at", "id"),
)


MIGRATIONS = Path(__file__).with_name("migrations")


def options_of(stored: str) -> ItemOptions:
    return ItemOptions.from_json(json.loads(stored))


def job_of(row: Any) -> JobRow:
    return JobRow(
        id=row.id,
        owner=row.owner,
        state=row.state,
        total=row.total,
        options=options_of(row.options),
        callback_url=row.callback_url,
        callback_state=row.callback_state,
        created_at=row.created_at,
        updated_at=row.updated_at,
        started_at=row.started_at,
        finished_at=row.finished_at,
    )


def _upgrade(connection: Any) -> None:
    from alembic import command
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.attributes["connection"] = connection
    command.upgrade(config, "head")


async def open_engine(url: str) -> AsyncEngine:
    """An engine on the jobs database, migrated to the newest schema."""
    sqlite = url.startswith("sqlite")
    engine = create_async_engine(
        url,
        pool_pre_ping=not sqlite,
        connect_args={"timeout": 30} if sqlite else {"command_timeout": 30},
    )
    if sqlite:
        Path(url.split("///", 1)[1]).parent.mkdir(parents=True, exist_ok=True)

        @event.listens_for(engine.sync_engine, "connect")
        def _pragmas(dbapi_connection: Any, _record: Any) -> None:
            # WAL: readers never wait for the writer; busy_timeout: writers wait, not fail
            cursor = dbapi_connection.cursor()
            cursor.execute("PRAGMA journal_mode=WAL")
            cursor.execute("PRAGMA busy_timeout=30000")
            cursor.execute("PRAGMA foreign_keys=ON")
            cursor.close()

    # Alembic's INFO lines (its plugins as it is imported, "Context impl …", each revision) would
    # fill a quiet start-up log on every start; a failed migration still raises with its reason.
    logging.getLogger("alembic").setLevel(logging.WARNING)
    async with engine.begin() as connection:
        await connection.run_sync(_upgrade)
    return engine
