"""The work queue for `claimcheck worker` processes: Dramatiq on Redis.

The database stays the truth (jobs/store.py); the queue only carries work: one message per item,
`(job_id, seq)`. Dramatiq's Redis broker gives at-least-once delivery with late acknowledgement: a
worker moves a message to its own "acks" set while it runs and acknowledges it only when the actor
returns; a worker that dies (kill -9, OOM, a lost machine) stops heart-beating, and after
`WORKER_HEARTBEAT_TIMEOUT_S` another worker's broker puts its unacknowledged messages back on the
queue. A redelivered item is taken again (`JobStore.take`, its attempt counted) and written once
(`JobStore.finish`). Why Dramatiq rather than Celery, arq or Taskiq: docs/jobs.md.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable, Callable, Sequence
from typing import TYPE_CHECKING, Any

from jobs.items import JobRow
from jobs.store import JobStore

if TYPE_CHECKING:
    from dramatiq.brokers.redis import RedisBroker

log = logging.getLogger("claimcheck.jobs")

OnClosed = Callable[[JobRow], Awaitable[None]]

QUEUE = "claimcheck_jobs"
ACTOR = "claimcheck_verify_item"
NAMESPACE = "claimcheck-dramatiq"
WORKERS_KEY = "claimcheck:workers"  # a sorted set: worker id → its last sign of life (Unix seconds)


def make_broker(
    redis_url: str, *, heartbeat_timeout_s: float, middleware: Sequence[Any] = ()
) -> RedisBroker:
    """One broker per process. `maintenance_chance` is raised from Dramatiq's 1-in-1000 commands to
    every command, so a dead worker's messages come back at the first fetch after its heartbeat
    timeout instead of minutes later; the maintenance is a range query over the heartbeat set
    inside the same Lua call (a few workers' entries), cheap at claimcheck's message rates."""
    from dramatiq.brokers.redis import RedisBroker

    broker = RedisBroker(
        url=redis_url,
        namespace=NAMESPACE,
        middleware=list(middleware),
        heartbeat_timeout=int(heartbeat_timeout_s * 1000),
        maintenance_chance=1_000_000,
        socket_timeout=10,
        socket_connect_timeout=5,
    )
    broker.declare_queue(QUEUE)
    return broker


class JobQueue:
    """The API's side: hand item messages to the broker (in a thread: redis-py is blocking) and
    count the live workers (the broker's heartbeat set)."""

    def __init__(self, redis_url: str, *, heartbeat_timeout_s: float) -> None:
        self.heartbeat_timeout_s = heartbeat_timeout_s
        self.broker = make_broker(redis_url, heartbeat_timeout_s=heartbeat_timeout_s)

    def _enqueue(self, keys: Sequence[tuple[str, int]]) -> None:
        from dramatiq import Message

        for job_id, seq in keys:
            self.broker.enqueue(
                Message(
                    queue_name=QUEUE, actor_name=ACTOR, args=(job_id, seq), kwargs={}, options={}
                )
            )

    async def enqueue(self, keys: Sequence[tuple[str, int]]) -> None:
        await asyncio.to_thread(self._enqueue, keys)

    def _live_workers(self) -> int:
        return int(
            self.broker.client.zcount(WORKERS_KEY, time.time() - self.heartbeat_timeout_s, "+inf")
        )

    async def live_workers(self) -> int:
        """`claimcheck worker` processes seen within the heartbeat timeout (each writes its id and
        the time every few seconds; Dramatiq's own heartbeat set also holds API brokers)."""
        return await asyncio.to_thread(self._live_workers)

    async def waiting(self) -> int:
        return int(await asyncio.to_thread(self.broker.client.llen, f"{NAMESPACE}:{QUEUE}"))

    async def aclose(self) -> None:
        await asyncio.to_thread(self.broker.close)


class QueueDispatcher:
    """The API's loop in queue mode (the in-process JobRunner's counterpart): hand the messages of
    new items to the broker, marking them dispatched in the database after (a restart between the
    two sends them again: a duplicate message is harmless, `take` + `finish` write once); notice
    jobs the workers closed and deliver their callbacks; keep the live-worker count for
    /api/health."""

    def __init__(
        self,
        store: JobStore,
        queue: JobQueue,
        *,
        on_closed: OnClosed | None = None,
        batch: int = 1000,
    ) -> None:
        self.store = store
        self.queue = queue
        self.on_closed = on_closed
        self.batch = batch
        self.workers = 0
        self.workers_counted = (
            False  # the first count is in: `workers == 0` means none, not "not yet asked"
        )
        self.last_error: str | None = None
        self.requeued_at_start = 0
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None

    async def start(self) -> None:
        self._task = asyncio.create_task(self._loop(), name="claimcheck-job-dispatcher")

    def wake(self) -> None:
        self._wake.set()

    async def aclose(self) -> None:
        if self._task is not None:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)
        await self.queue.aclose()

    async def _loop(self) -> None:
        while True:
            self._wake.clear()
            try:
                while keys := await self.store.undispatched(self.batch):
                    await self.queue.enqueue(keys)
                    await self.store.mark_dispatched(keys)
                for job in await self.store.pending_callbacks():
                    if self.on_closed is not None:
                        await self.on_closed(job)
                self.workers = await self.queue.live_workers()
                self.workers_counted = True
                self.last_error = None
            except Exception as exc:  # Redis or the database away: say so once per change, retry
                error = f"{type(exc).__name__}: {exc}"
                if error != self.last_error:
                    log.warning("job dispatcher: %s (retrying every second)", error)
                self.last_error = error
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), 1.0)
