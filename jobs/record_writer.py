"""Records written after the answer, in batches, by one task (jobs/records.py's `RecordStore`)."""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from jobs.records import NewRecord, RecordStore

log = logging.getLogger("claimcheck.records")


class RecordWriter:
    """Records written after the answer, in batches, by one task.

    `put` never waits and never raises; `flush` waits until what was put so far is written
    (a read of a record just answered, shutdown). A batch that fails is tried once more alone,
    record by record, and what still fails is logged and dropped — the answer was already sent."""

    def __init__(self, store: RecordStore, *, max_batch: int = 200, on_written: Any = None) -> None:
        self.store = store
        self.max_batch = max_batch
        self.on_written = on_written  # called with the records of each written batch
        self.pending: dict[str, NewRecord] = {}
        self._queue: asyncio.Queue[NewRecord] = asyncio.Queue()
        self._task: asyncio.Task[None] | None = None
        self._idle = asyncio.Event()
        self._idle.set()
        self.written = 0
        self.failed = 0

    def put(self, record: NewRecord) -> None:
        self.pending[record.id] = record
        self._idle.clear()
        self._queue.put_nowait(record)
        if self._task is None or self._task.done():
            self._task = asyncio.get_running_loop().create_task(
                self._run(), name="claimcheck-records"
            )

    async def flush(self, timeout_s: float = 10.0) -> None:
        if not self.pending:
            return
        try:
            async with asyncio.timeout(timeout_s):
                await self._idle.wait()
        except TimeoutError:
            log.warning(
                "records: %d record(s) not written after %.0f s", len(self.pending), timeout_s
            )

    async def _run(self) -> None:
        while not self._queue.empty():
            batch = [self._queue.get_nowait()]
            while len(batch) < self.max_batch and not self._queue.empty():
                batch.append(self._queue.get_nowait())
            try:
                await self.store.add(batch)
                written = batch
            except Exception as exc:  # noqa: BLE001 — one bad record must not lose the batch
                log.warning(
                    "records: writing %d record(s) failed (%s); writing them one by one",
                    len(batch),
                    exc,
                )
                written = []
                for record in batch:
                    try:
                        await self.store.add([record])
                        written.append(record)
                    except Exception as again:  # noqa: BLE001 — logged, never raised to a user
                        self.failed += 1
                        log.error("records: record %s was not kept: %s", record.id, again)
            self.written += len(written)
            for record in batch:
                self.pending.pop(record.id, None)
            if written and self.on_written is not None:
                try:
                    self.on_written(written)
                except Exception as exc:  # noqa: BLE001
                    log.warning("records: after-write hook failed: %s", exc)
        self._idle.set()

    async def aclose(self, timeout_s: float = 15.0) -> None:
        await self.flush(timeout_s)
        if self._task is not None and not self._task.done():
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)
