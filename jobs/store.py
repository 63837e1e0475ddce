"""The jobs database: every job and every item's result (the truth; a queue only carries work).

SQLAlchemy Core on an async engine — aiosqlite for the embedded default, asyncpg for
PostgreSQL — with the schema made by Alembic migrations (jobs/migrations) at start-up.

Writes that matter are conditional updates, so they happen once whoever races:
- an item's result is written only while the item is still `queued` or `running`
  (`finish`): a second delivery of the same item changes nothing;
- a job becomes `done` / `failed` only once (`complete_if_finished`), and only that caller
  sends the callback.
"""

from __future__ import annotations

import json
import time
import uuid
from collections.abc import AsyncIterator, Sequence
from dataclasses import dataclass
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
    and_,
    delete,
    event,
    func,
    or_,
    select,
    update,
)
from sqlalchemy.ext.asyncio import AsyncEngine, create_async_engine

MAX_ATTEMPTS = 3
ITEM_STATES = ("queued", "running", "done", "failed", "cancelled")
UNFINISHED_JOB_STATES = ("queued", "running")

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

MIGRATIONS = Path(__file__).with_name("migrations")


@dataclass(frozen=True)
class NewItem:
    item_id: str
    claim: str
    error: str | None = None  # refused at submission: stored as failed at once
    claimant: str | None = None
    appearance: str | None = None


@dataclass(frozen=True)
class Claimed:
    job_id: str
    seq: int
    item_id: str
    claim: str
    attempts: int  # including this one
    options: dict[str, Any]
    owner: str = ""  # the job's API key fingerprint: its items' records are that key's


@dataclass(frozen=True)
class JobRow:
    id: str
    owner: str
    state: str
    total: int
    options: dict[str, Any]
    callback_url: str | None
    callback_state: str | None
    created_at: float
    updated_at: float
    started_at: float | None
    finished_at: float | None


def _job(row: Any) -> JobRow:
    return JobRow(
        id=row.id,
        owner=row.owner,
        state=row.state,
        total=row.total,
        options=json.loads(row.options),
        callback_url=row.callback_url,
        callback_state=row.callback_state,
        created_at=row.created_at,
        updated_at=row.updated_at,
        started_at=row.started_at,
        finished_at=row.finished_at,
    )


def _upgrade(connection: Any) -> None:
    import logging

    # Alembic's INFO lines (its plugins as it is imported, "Context impl …", each revision) would
    # fill a quiet start-up log on every start; a failed migration still raises with its reason.
    logging.getLogger("alembic").setLevel(logging.WARNING)
    from alembic import command
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.attributes["connection"] = connection
    command.upgrade(config, "head")


class JobStore:
    """Async access to the jobs database. Build with `await JobStore.open(url)`; close with aclose()."""

    def __init__(self, engine: AsyncEngine) -> None:
        self.engine = engine

    @classmethod
    async def open(cls, url: str) -> JobStore:
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

        store = cls(engine)
        async with engine.begin() as connection:
            await connection.run_sync(_upgrade)
        return store

    @property
    def backend(self) -> str:
        return self.engine.dialect.name

    async def aclose(self) -> None:
        await self.engine.dispose()

    # -- jobs -------------------------------------------------------------------------------

    async def create(
        self,
        owner: str,
        items: Sequence[NewItem],
        options: dict[str, Any],
        callback_url: str | None,
    ) -> str:
        job_id = "job_" + uuid.uuid4().hex
        now = time.time()
        rows = [
            {
                "job_id": job_id,
                "seq": seq,
                "item_id": item.item_id,
                "claim": item.claim,
                "status": "failed" if item.error else "queued",
                "attempts": 0,
                "verdict": None,
                "result": None,
                "error": item.error,
                "updated_at": now,
                "claimant": item.claimant,
                "appearance": item.appearance,
            }
            for seq, item in enumerate(items)
        ]
        async with self.engine.begin() as connection:
            await connection.execute(
                jobs_table.insert().values(
                    id=job_id,
                    owner=owner,
                    state="queued",
                    total=len(rows),
                    options=json.dumps(options),
                    callback_url=callback_url,
                    callback_state="pending" if callback_url else None,
                    callback_attempts=0,
                    created_at=now,
                    updated_at=now,
                )
            )
            for start in range(0, len(rows), 2000):  # executemany in slices
                await connection.execute(items_table.insert(), rows[start : start + 2000])
        return job_id

    async def get(self, job_id: str, owner: str | None = None) -> JobRow | None:
        """The job, or None when there is none — or it belongs to another owner."""
        query = select(jobs_table).where(jobs_table.c.id == job_id)
        if owner is not None:
            query = query.where(jobs_table.c.owner == owner)
        async with self.engine.connect() as connection:
            row = (await connection.execute(query)).first()
        return _job(row) if row is not None else None

    async def list(self, owner: str, limit: int = 100) -> list[JobRow]:
        query = (
            select(jobs_table)
            .where(jobs_table.c.owner == owner)
            .order_by(jobs_table.c.created_at.desc())
            .limit(limit)
        )
        async with self.engine.connect() as connection:
            return [_job(row) for row in await connection.execute(query)]

    async def counts(self, job_id: str) -> tuple[dict[str, int], dict[str, int]]:
        """(items per status, done items per verdict)."""
        async with self.engine.connect() as connection:
            by_status = await connection.execute(
                select(items_table.c.status, func.count())
                .where(items_table.c.job_id == job_id)
                .group_by(items_table.c.status)
            )
            by_verdict = await connection.execute(
                select(items_table.c.verdict, func.count())
                .where(items_table.c.job_id == job_id, items_table.c.status == "done")
                .group_by(items_table.c.verdict)
            )
            counts = {state: 0 for state in ITEM_STATES}
            counts.update({status: n for status, n in by_status})
            return counts, {verdict: n for verdict, n in by_verdict if verdict is not None}

    async def unfinished_load(self, owner: str) -> tuple[int, int]:
        """(unfinished jobs, queued + running items) of an owner: what the per-key limits count."""
        async with self.engine.connect() as connection:
            jobs = (
                await connection.execute(
                    select(func.count())
                    .select_from(jobs_table)
                    .where(
                        jobs_table.c.owner == owner, jobs_table.c.state.in_(UNFINISHED_JOB_STATES)
                    )
                )
            ).scalar_one()
            items = (
                await connection.execute(
                    select(func.count())
                    .select_from(items_table.join(jobs_table))
                    .where(
                        jobs_table.c.owner == owner,
                        jobs_table.c.state.in_(UNFINISHED_JOB_STATES),
                        items_table.c.status.in_(("queued", "running")),
                    )
                )
            ).scalar_one()
        return int(jobs), int(items)

    async def cancel(self, job_id: str) -> bool:
        """Cancel an unfinished job: its queued items will not start. True when it was unfinished."""
        now = time.time()
        async with self.engine.begin() as connection:
            changed = await connection.execute(
                update(jobs_table)
                .where(jobs_table.c.id == job_id, jobs_table.c.state.in_(UNFINISHED_JOB_STATES))
                .values(state="cancelled", updated_at=now, finished_at=now)
            )
            if changed.rowcount:
                await connection.execute(
                    update(items_table)
                    .where(items_table.c.job_id == job_id, items_table.c.status == "queued")
                    .values(status="cancelled", updated_at=now)
                )
        return bool(changed.rowcount)

    # -- items ------------------------------------------------------------------------------

    async def claim(self, limit: int) -> list[Claimed]:
        """Take up to `limit` queued items of unfinished jobs (oldest job first, item order) and
        mark them running, one more attempt each. SKIP LOCKED on PostgreSQL, so several
        claimers never take the same item."""
        if limit <= 0:
            return []
        now = time.time()
        async with self.engine.begin() as connection:
            query = (
                select(
                    items_table.c.job_id,
                    items_table.c.seq,
                    items_table.c.item_id,
                    items_table.c.claim,
                    items_table.c.attempts,
                    jobs_table.c.options,
                    jobs_table.c.owner,
                )
                .select_from(items_table.join(jobs_table))
                .where(
                    items_table.c.status == "queued", jobs_table.c.state.in_(UNFINISHED_JOB_STATES)
                )
                .order_by(jobs_table.c.created_at, items_table.c.job_id, items_table.c.seq)
                .limit(limit)
            )
            if connection.dialect.name == "postgresql":
                query = query.with_for_update(of=items_table, skip_locked=True)
            rows = (await connection.execute(query)).all()
            claimed = []
            for row in rows:
                taken = await connection.execute(
                    update(items_table)
                    .where(
                        items_table.c.job_id == row.job_id,
                        items_table.c.seq == row.seq,
                        items_table.c.status == "queued",
                    )
                    .values(status="running", attempts=items_table.c.attempts + 1, updated_at=now)
                )
                if taken.rowcount:
                    claimed.append(
                        Claimed(
                            row.job_id,
                            row.seq,
                            row.item_id,
                            row.claim,
                            row.attempts + 1,
                            json.loads(row.options),
                            row.owner,
                        )
                    )
            for job_id in {c.job_id for c in claimed}:
                await connection.execute(
                    update(jobs_table)
                    .where(jobs_table.c.id == job_id, jobs_table.c.state == "queued")
                    .values(state="running", started_at=now, updated_at=now)
                )
        return claimed

    async def take(self, job_id: str, seq: int) -> Claimed | None:
        """A queue delivered (job_id, seq): mark the item running, one more attempt, and return it;
        None when there is nothing to do (already answered, cancelled, or its job is gone).

        An item already `running` is taken again: at-least-once delivery redelivers the messages
        of a worker that died, and its attempt counts. If the first worker is in fact alive, both
        verify it and `finish` keeps the first outcome written."""
        now = time.time()
        async with self.engine.begin() as connection:
            row = (
                await connection.execute(
                    select(
                        items_table.c.item_id,
                        items_table.c.claim,
                        items_table.c.attempts,
                        jobs_table.c.options,
                        jobs_table.c.owner,
                    )
                    .select_from(items_table.join(jobs_table))
                    .where(
                        items_table.c.job_id == job_id,
                        items_table.c.seq == seq,
                        items_table.c.status.in_(("queued", "running")),
                        jobs_table.c.state.in_(UNFINISHED_JOB_STATES),
                    )
                )
            ).first()
            if row is None:
                return None
            taken = await connection.execute(
                update(items_table)
                .where(
                    items_table.c.job_id == job_id,
                    items_table.c.seq == seq,
                    items_table.c.status.in_(("queued", "running")),
                    items_table.c.attempts == row.attempts,
                )
                .values(status="running", attempts=row.attempts + 1, updated_at=now)
            )
            if not taken.rowcount:  # another delivery took it between the read and the write
                return None
            await connection.execute(
                update(jobs_table)
                .where(jobs_table.c.id == job_id, jobs_table.c.state == "queued")
                .values(state="running", started_at=now, updated_at=now)
            )
        return Claimed(
            job_id,
            seq,
            row.item_id,
            row.claim,
            row.attempts + 1,
            json.loads(row.options),
            row.owner,
        )

    async def undispatched(self, limit: int = 1000) -> list[tuple[str, int]]:
        """Queued items of unfinished jobs whose message is not on the queue yet (oldest first)."""
        async with self.engine.connect() as connection:
            rows = await connection.execute(
                select(items_table.c.job_id, items_table.c.seq)
                .select_from(items_table.join(jobs_table))
                .where(
                    items_table.c.status == "queued",
                    items_table.c.dispatched_at.is_(None),
                    jobs_table.c.state.in_(UNFINISHED_JOB_STATES),
                )
                .order_by(jobs_table.c.created_at, items_table.c.job_id, items_table.c.seq)
                .limit(limit)
            )
            return [(row.job_id, row.seq) for row in rows]

    async def mark_dispatched(self, keys: Sequence[tuple[str, int]]) -> None:
        now = time.time()
        async with self.engine.begin() as connection:
            by_job: dict[str, list[int]] = {}
            for job_id, seq in keys:
                by_job.setdefault(job_id, []).append(seq)
            for job_id, seqs in by_job.items():
                for start in range(0, len(seqs), 500):
                    await connection.execute(
                        update(items_table)
                        .where(
                            items_table.c.job_id == job_id,
                            items_table.c.seq.in_(seqs[start : start + 500]),
                        )
                        .values(dispatched_at=now)
                    )

    async def claim_callback(self, job_id: str) -> bool:
        """Take the job's pending callback for delivery (pending → sending): True for one caller
        only, so several API replicas never deliver the same callback twice."""
        async with self.engine.begin() as connection:
            taken = await connection.execute(
                update(jobs_table)
                .where(jobs_table.c.id == job_id, jobs_table.c.callback_state == "pending")
                .values(callback_state="sending")
            )
        return bool(taken.rowcount)

    async def failed_attempt(self, job_id: str, seq: int, error: str) -> int | None:
        """Count one more attempt of a running item (its error kept): the new count, or None when
        the item is no longer running."""
        async with self.engine.begin() as connection:
            changed = await connection.execute(
                update(items_table)
                .where(
                    items_table.c.job_id == job_id,
                    items_table.c.seq == seq,
                    items_table.c.status == "running",
                )
                .values(attempts=items_table.c.attempts + 1, error=error, updated_at=time.time())
            )
            if not changed.rowcount:
                return None
            return int(
                (
                    await connection.execute(
                        select(items_table.c.attempts).where(
                            items_table.c.job_id == job_id, items_table.c.seq == seq
                        )
                    )
                ).scalar_one()
            )

    async def finish(
        self,
        job_id: str,
        seq: int,
        *,
        result: dict[str, Any] | None = None,
        error: str | None = None,
    ) -> bool:
        """Write an item's outcome once: True when this call wrote it, False when it was already
        written (a second delivery) or the item was cancelled."""
        values: dict[str, Any] = {"updated_at": time.time()}
        if result is not None:
            values.update(
                status="done", result=json.dumps(result), verdict=result.get("verdict"), error=None
            )
        else:
            values.update(status="failed", error=error or "failed")
        async with self.engine.begin() as connection:
            written = await connection.execute(
                update(items_table)
                .where(
                    items_table.c.job_id == job_id,
                    items_table.c.seq == seq,
                    items_table.c.status.in_(("queued", "running")),
                )
                .values(**values)
            )
        return bool(written.rowcount)

    async def complete_if_finished(self, job_id: str) -> JobRow | None:
        """Close the job when no item is left queued or running: `done`, or `failed` when every
        item failed. Returns the job to the one caller that closed it, else None."""
        now = time.time()
        async with self.engine.begin() as connection:
            pending = (
                await connection.execute(
                    select(func.count())
                    .select_from(items_table)
                    .where(
                        items_table.c.job_id == job_id,
                        items_table.c.status.in_(("queued", "running")),
                    )
                )
            ).scalar_one()
            if pending:
                await connection.execute(
                    update(jobs_table).where(jobs_table.c.id == job_id).values(updated_at=now)
                )
                return None
            done = (
                await connection.execute(
                    select(func.count())
                    .select_from(items_table)
                    .where(items_table.c.job_id == job_id, items_table.c.status == "done")
                )
            ).scalar_one()
            closed = await connection.execute(
                update(jobs_table)
                .where(jobs_table.c.id == job_id, jobs_table.c.state.in_(UNFINISHED_JOB_STATES))
                .values(state="done" if done else "failed", updated_at=now, finished_at=now)
            )
            if not closed.rowcount:
                return None
            row = (
                await connection.execute(select(jobs_table).where(jobs_table.c.id == job_id))
            ).first()
        return _job(row)

    async def purge_finished(self, before: float) -> int:
        """Delete the jobs that ended before `before` (epoch seconds), with every item, refused ones
        included, and no callback still to deliver; returns how many jobs went."""
        async with self.engine.begin() as connection:
            ids = [
                row.id
                for row in await connection.execute(
                    select(jobs_table.c.id).where(
                        jobs_table.c.state.not_in(UNFINISHED_JOB_STATES),
                        jobs_table.c.finished_at < before,
                        or_(
                            jobs_table.c.callback_state.is_(None),
                            jobs_table.c.callback_state.in_(("sent", "failed")),
                        ),
                    )
                )
            ]
            for start in range(0, len(ids), 500):
                chunk = ids[start : start + 500]
                await connection.execute(delete(items_table).where(items_table.c.job_id.in_(chunk)))
                await connection.execute(delete(jobs_table).where(jobs_table.c.id.in_(chunk)))
        return len(ids)

    async def unfinished_job_ids(self) -> list[str]:
        async with self.engine.connect() as connection:
            rows = await connection.execute(
                select(jobs_table.c.id).where(jobs_table.c.state.in_(UNFINISHED_JOB_STATES))
            )
            return [row.id for row in rows]

    async def requeue_running(self) -> int:
        """At start-up, with no other runner alive: items left `running` by a dead process go
        back to the queue (their attempt counts)."""
        async with self.engine.begin() as connection:
            changed = await connection.execute(
                update(items_table)
                .where(items_table.c.status == "running")
                .values(status="queued", updated_at=time.time())
            )
        return int(changed.rowcount or 0)

    async def set_callback(self, job_id: str, state: str, attempts: int) -> None:
        async with self.engine.begin() as connection:
            await connection.execute(
                update(jobs_table)
                .where(jobs_table.c.id == job_id)
                .values(callback_state=state, callback_attempts=attempts)
            )

    async def pending_callbacks(self, *, include_sending: bool = False) -> list[JobRow]:
        """Finished jobs whose callback was not delivered yet: `pending` ones, and with
        `include_sending` (at start-up) those a dead process was delivering."""
        states = ("pending", "sending") if include_sending else ("pending",)
        async with self.engine.connect() as connection:
            rows = await connection.execute(
                select(jobs_table).where(
                    jobs_table.c.callback_state.in_(states),
                    jobs_table.c.state.in_(("done", "failed", "cancelled")),
                )
            )
            return [_job(row) for row in rows]

    async def items(
        self, job_id: str, *, after: int = -1, limit: int | None = None, chunk: int = 500
    ) -> AsyncIterator[dict[str, Any]]:
        """The job's items in order from seq > after, read `chunk` rows at a time (bounded memory)."""
        left = limit
        while left is None or left > 0:
            size = chunk if left is None else min(chunk, left)
            async with self.engine.connect() as connection:
                rows = (
                    await connection.execute(
                        select(
                            items_table.c.seq,
                            items_table.c.item_id,
                            items_table.c.claim,
                            items_table.c.status,
                            items_table.c.result,
                            items_table.c.error,
                            items_table.c.claimant,
                            items_table.c.appearance,
                        )
                        .where(and_(items_table.c.job_id == job_id, items_table.c.seq > after))
                        .order_by(items_table.c.seq)
                        .limit(size)
                    )
                ).all()
            for row in rows:
                yield {
                    "seq": row.seq,
                    "id": row.item_id,
                    "claim": row.claim,
                    "status": row.status,
                    "result": json.loads(row.result) if row.result else None,
                    "error": row.error,
                    "claimant": row.claimant,
                    "appearance": row.appearance,
                }
            if len(rows) < size:
                return
            after = rows[-1].seq
            if left is not None:
                left -= len(rows)
