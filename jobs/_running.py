"""How items run, in the jobs database: taken (`claim` by the in-process runner, `take` for a
queue's delivery), their attempts counted, their outcome written once (`finish`), and handed to the
Redis queue (`undispatched`, `mark_dispatched`). Part of `JobStore` (jobs/store.py)."""

from __future__ import annotations

import json
import time
from collections.abc import Sequence
from typing import Any

from sqlalchemy import select, update
from sqlalchemy.ext.asyncio import AsyncEngine

from jobs.items import UNFINISHED_JOB_STATES, Claimed
from jobs.tables import items_table, jobs_table, options_of


class RunningItems:
    engine: AsyncEngine

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
                            options_of(row.options),
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
            options_of(row.options),
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
