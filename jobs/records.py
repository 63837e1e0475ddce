"""Records and reviews (issue 40): every answer kept with what it read, in the jobs database.

Three tables beside `jobs` and `items` (migration 0003), on the same engine as `JobStore`:

- `records`: one per answer — its owner (the API key's fingerprint, "" without keys), the claim,
  the verdict, the answer as sent (JSON) and the record (engines, prompts, queries; JSON);
- `snapshots`: one per evidence item of a record — the text as it was read, its sha256, when it
  was fetched, and the archive URL once one is made (the only column written after the answer);
- `reviews`: an editor's verdict on a record, which the knowledge base also learns.

Writes that follow answers go through `RecordWriter` (jobs/record_writer.py): queued without
waiting, written in batches by one task (one transaction for many records), so recording never
delays an answer and a failed write is logged, never raised to the caller. The tables are defined
in jobs/tables.py with the rest of the database's schema.
"""

from __future__ import annotations

import builtins  # `list` is also a method here
import json
import logging
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import (
    and_,
    delete,
    func,
    or_,
    select,
    update,
)
from sqlalchemy.ext.asyncio import AsyncEngine

from jobs.tables import records_table, reviews_table, snapshots_table

__all__ = [
    "NewRecord",
    "NewReview",
    "RecordRow",
    "RecordStore",
    "ReviewRow",
    "Snapshot",
    "decode_cursor",
    "encode_cursor",
]

log = logging.getLogger("claimcheck.records")


@dataclass(frozen=True)
class Snapshot:
    n: int
    evidence_id: str
    source: str
    text: str
    sha256: str
    fetched_at: str | None
    archive_url: str | None = None
    archive_state: str | None = None
    archive_note: str | None = None

    def as_dict(self) -> dict[str, Any]:
        return {
            "n": self.n,
            "evidence_id": self.evidence_id,
            "source": self.source,
            "text": self.text,
            "sha256": self.sha256,
            "fetched_at": self.fetched_at,
            "archive_url": self.archive_url,
            "archive_state": self.archive_state,
            "archive_note": self.archive_note,
        }


@dataclass(frozen=True)
class NewRecord:
    id: str
    owner: str
    created_at: float
    claim: str
    verdict: str | None
    answer: str  # JSON
    record: str  # JSON
    snapshots: tuple[Snapshot, ...] = ()


@dataclass(frozen=True)
class RecordRow:
    id: str
    owner: str
    created_at: float
    claim: str
    verdict: str | None
    answer: dict[str, Any]
    record: dict[str, Any]
    snapshots: list[Snapshot] = field(default_factory=list)
    reviews: list[ReviewRow] = field(default_factory=list)


@dataclass(frozen=True)
class NewReview:
    id: str
    record_id: str
    owner: str
    reviewer: str
    claim: str
    verdict: str
    note: str
    machine_verdict: str | None
    url: str
    kb_id: str | None
    created_at: float


@dataclass(frozen=True)
class ReviewRow(NewReview):
    pass


def encode_cursor(created_at: float, record_id: str) -> str:
    """A page cursor: the last row's time (exactly, as Python prints a float) and id, so pages hold
    under inserts: `1764199214.383112_vrf_…`."""
    return f"{created_at!r}_{record_id}"


def decode_cursor(cursor: str) -> tuple[float, str]:
    """ValueError when the cursor is not one `encode_cursor` made."""
    when, sep, record_id = cursor.partition("_")
    try:
        if not sep or not record_id:
            raise ValueError
        return float(when), record_id
    except ValueError:
        raise ValueError("not a cursor from a previous page") from None


def _snapshot(row: Any) -> Snapshot:
    return Snapshot(
        row.n,
        row.evidence_id,
        row.source,
        row.text,
        row.sha256,
        row.fetched_at,
        row.archive_url,
        row.archive_state,
        row.archive_note,
    )


def _review(row: Any) -> ReviewRow:
    return ReviewRow(
        row.id,
        row.record_id,
        row.owner,
        row.reviewer,
        row.claim,
        row.verdict,
        row.note,
        row.machine_verdict,
        row.url,
        row.kb_id,
        row.created_at,
    )


def _like(text: str) -> str:
    return "%" + text.lower().replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"


class RecordStore:
    """Async access to records, snapshots and reviews (the engine is `JobStore`'s: one database)."""

    def __init__(self, engine: AsyncEngine) -> None:
        self.engine = engine

    async def add(self, records: Sequence[NewRecord]) -> None:
        """Insert records with their snapshots, all in one transaction."""
        if not records:
            return
        async with self.engine.begin() as connection:
            await connection.execute(
                records_table.insert(),
                [
                    {
                        "id": r.id,
                        "owner": r.owner,
                        "created_at": r.created_at,
                        "claim": r.claim,
                        "verdict": r.verdict,
                        "answer": r.answer,
                        "record": r.record,
                    }
                    for r in records
                ],
            )
            snaps = [
                {"record_id": r.id, **{k: v for k, v in s.as_dict().items()}}
                for r in records
                for s in r.snapshots
            ]
            if snaps:
                await connection.execute(snapshots_table.insert(), snaps)

    async def get(self, record_id: str, owner: str) -> RecordRow | None:
        """The record with its snapshots and reviews; None when there is none — or it is another key's."""
        async with self.engine.connect() as connection:
            row = (
                await connection.execute(
                    select(records_table).where(
                        records_table.c.id == record_id, records_table.c.owner == owner
                    )
                )
            ).first()
            if row is None:
                return None
            snaps = (
                await connection.execute(
                    select(snapshots_table)
                    .where(snapshots_table.c.record_id == record_id)
                    .order_by(snapshots_table.c.n)
                )
            ).all()
            reviews = (
                await connection.execute(
                    select(reviews_table)
                    .where(reviews_table.c.record_id == record_id)
                    .order_by(reviews_table.c.created_at)
                )
            ).all()
        return RecordRow(
            row.id,
            row.owner,
            row.created_at,
            row.claim,
            row.verdict,
            json.loads(row.answer),
            json.loads(row.record),
            [_snapshot(s) for s in snaps],
            [_review(r) for r in reviews],
        )

    async def list(
        self,
        owner: str,
        *,
        limit: int = 50,
        cursor: tuple[float, str] | None = None,
        claim: str | None = None,
    ) -> list[tuple[str, float, str, str | None]]:
        """(id, created_at, claim, verdict) of the owner's records, newest first, after `cursor`;
        `claim` keeps those whose claim contains it (any case)."""
        query = (
            select(
                records_table.c.id,
                records_table.c.created_at,
                records_table.c.claim,
                records_table.c.verdict,
            )
            .where(records_table.c.owner == owner)
            .order_by(records_table.c.created_at.desc(), records_table.c.id.desc())
            .limit(limit)
        )
        if cursor is not None:
            when, last = cursor
            query = query.where(
                or_(
                    records_table.c.created_at < when,
                    and_(records_table.c.created_at == when, records_table.c.id < last),
                )
            )
        if claim:
            query = query.where(func.lower(records_table.c.claim).like(_like(claim), escape="\\"))
        async with self.engine.connect() as connection:
            return [
                (r.id, r.created_at, r.claim, r.verdict) for r in await connection.execute(query)
            ]

    async def delete(self, record_id: str, owner: str) -> bool:
        async with self.engine.begin() as connection:
            await connection.execute(
                delete(snapshots_table).where(
                    snapshots_table.c.record_id.in_(
                        select(records_table.c.id).where(
                            records_table.c.id == record_id, records_table.c.owner == owner
                        )
                    )
                )
            )
            gone = await connection.execute(
                delete(records_table).where(
                    records_table.c.id == record_id, records_table.c.owner == owner
                )
            )
        return bool(gone.rowcount)

    async def prune(self, older_than: float) -> int:
        """Delete records made before `older_than` (epoch seconds); their reviews stay."""
        async with self.engine.begin() as connection:
            old = select(records_table.c.id).where(records_table.c.created_at < older_than)
            await connection.execute(
                delete(snapshots_table).where(snapshots_table.c.record_id.in_(old))
            )
            gone = await connection.execute(
                delete(records_table).where(records_table.c.created_at < older_than)
            )
        return int(gone.rowcount or 0)

    async def set_archive(
        self, record_id: str, n: int, state: str, url: str | None = None, note: str | None = None
    ) -> None:
        async with self.engine.begin() as connection:
            await connection.execute(
                update(snapshots_table)
                .where(snapshots_table.c.record_id == record_id, snapshots_table.c.n == n)
                .values(archive_state=state, archive_url=url, archive_note=note)
            )

    async def archive_pending(self, limit: int = 1000) -> builtins.list[tuple[str, int, str]]:
        """(record, n, URL) of snapshots whose capture was asked for and never finished (a restart)."""
        async with self.engine.connect() as connection:
            rows = await connection.execute(
                select(snapshots_table.c.record_id, snapshots_table.c.n, snapshots_table.c.source)
                .where(snapshots_table.c.archive_state == "pending")
                .limit(limit)
            )
            return [(r.record_id, r.n, r.source) for r in rows]

    # -- reviews ----------------------------------------------------------------------------------

    async def add_review(self, review: NewReview) -> None:
        async with self.engine.begin() as connection:
            await connection.execute(reviews_table.insert().values(**review.__dict__))

    async def review(self, review_id: str) -> ReviewRow | None:
        async with self.engine.connect() as connection:
            row = (
                await connection.execute(
                    select(reviews_table).where(reviews_table.c.id == review_id)
                )
            ).first()
        return _review(row) if row is not None else None

    async def reviews(self, owner: str, *, limit: int | None = None) -> builtins.list[ReviewRow]:
        """The owner's reviews, newest first."""
        query = (
            select(reviews_table)
            .where(reviews_table.c.owner == owner)
            .order_by(reviews_table.c.created_at.desc(), reviews_table.c.id.desc())
        )
        if limit is not None:
            query = query.limit(limit)
        async with self.engine.connect() as connection:
            return [_review(r) for r in await connection.execute(query)]
