"""The jobs database: every job and every item's result (the truth; a queue only carries work).

SQLAlchemy Core on an async engine — aiosqlite for the embedded default, asyncpg for
PostgreSQL — with the schema made by Alembic migrations (jobs/migrations) at start-up
(jobs/tables.py).

Writes that matter are conditional updates, so they happen once whoever races:
- an item's result is written only while the item is still `queued` or `running`
  (`finish`, jobs/_running.py): a second delivery of the same item changes nothing;
- a job becomes `done` / `failed` only once (`complete_if_finished`), and only that caller
  sends the callback.
"""

from __future__ import annotations

import asyncio
import builtins  # `list` is also a method here
import json
import logging
import time
import uuid
from collections.abc import AsyncIterator, Mapping, Sequence
from typing import Any

from sqlalchemy import and_, delete, func, or_, select, update
from sqlalchemy.ext.asyncio import AsyncEngine

from jobs._running import RunningItems
from jobs.items import (
    UNFINISHED_JOB_STATES,
    Counts,
    ItemOptions,
    ItemResult,
    JobRow,
    NewItem,
)
from jobs.tables import items_table, job_of, jobs_table, open_engine

MAX_ATTEMPTS = 3
PURGE_EVERY_S = 3600.0
log = logging.getLogger("claimcheck.jobs")

ITEM_STATES = ("queued", "running", "done", "failed", "cancelled")


class JobStore(RunningItems):
    """Async access to the jobs database. Build with `await JobStore.open(url)`; close with aclose()."""

    def __init__(self, engine: AsyncEngine) -> None:
        self.engine = engine

    @classmethod
    async def open(cls, url: str) -> JobStore:
        return cls(await open_engine(url))

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
        options: ItemOptions | Mapping[str, Any],
        callback_url: str | None,
    ) -> str:
        """A new job of these items (refused ones stored as failed at once); its id."""
        if not isinstance(options, ItemOptions):  # the JSON object a job's options are stored as
            options = ItemOptions.from_json(options)
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
                    options=json.dumps(options.to_json()),
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
        return job_of(row) if row is not None else None

    async def list(self, owner: str, limit: int = 100) -> list[JobRow]:
        query = (
            select(jobs_table)
            .where(jobs_table.c.owner == owner)
            .order_by(jobs_table.c.created_at.desc())
            .limit(limit)
        )
        async with self.engine.connect() as connection:
            return [job_of(row) for row in await connection.execute(query)]

    async def counts(self, job_id: str) -> tuple[Counts, dict[str, int]]:
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
            counts = Counts(**{status: n for status, n in by_status if status in ITEM_STATES})
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
        return job_of(row)

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

    async def unfinished_job_ids(self) -> builtins.list[str]:
        async with self.engine.connect() as connection:
            rows = await connection.execute(
                select(jobs_table.c.id).where(jobs_table.c.state.in_(UNFINISHED_JOB_STATES))
            )
            return [row.id for row in rows]

    async def set_callback(self, job_id: str, state: str, attempts: int) -> None:
        async with self.engine.begin() as connection:
            await connection.execute(
                update(jobs_table)
                .where(jobs_table.c.id == job_id)
                .values(callback_state=state, callback_attempts=attempts)
            )

    async def pending_callbacks(self, *, include_sending: bool = False) -> builtins.list[JobRow]:
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
            return [job_of(row) for row in rows]

    async def items(
        self, job_id: str, *, after: int = -1, limit: int | None = None, chunk: int = 500
    ) -> AsyncIterator[ItemResult]:
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
                yield ItemResult(
                    seq=row.seq,
                    id=row.item_id,
                    claim=row.claim,
                    status=row.status,
                    result=json.loads(row.result) if row.result else None,
                    error=row.error,
                    claimant=row.claimant,
                    appearance=row.appearance,
                )
            if len(rows) < size:
                return
            after = rows[-1].seq
            if left is not None:
                left -= len(rows)


async def purge_old_jobs(store: JobStore, ttl_days: float) -> None:
    """At start and then hourly: jobs that ended more than JOB_TTL_DAYS ago go, with their items."""
    while True:
        try:
            purged = await store.purge_finished(time.time() - ttl_days * 86400)
            if purged:
                log.info(
                    "deleted %d job(s) that ended more than %g day(s) ago (JOB_TTL_DAYS)",
                    purged,
                    ttl_days,
                )
        except Exception as exc:  # noqa: BLE001 — a failed purge is tried again next hour
            log.warning("could not delete old jobs: %s", exc)
        await asyncio.sleep(PURGE_EVERY_S)
