"""`claimcheck worker`: verify job items from the Redis queue, WORKER_CONCURRENCY at a time.

A Dramatiq worker (jobs/queue.py) with its AsyncIO middleware: the actor is a coroutine run on one
event loop thread, where this process's `ItemVerifier` lives (built once, by the app's `connect`,
with the same composition root as the API, so an item is verified exactly as `POST /api/verify`
would: cache, verifier, models).
`WORKER_CONCURRENCY` Dramatiq threads each wait on one item's coroutine, so that many items are in
flight at once; the verification service's own slots bound them again.

Any number of workers, on any machine that reaches the same Redis, Chroma server (CHROMA_HOST) and
database (DATABASE_URL): see docs/jobs.md.
"""

from __future__ import annotations

import asyncio
import faulthandler
import logging
import os
import signal
import socket
import threading
import time
import uuid
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from jobs.config import JobsConfig
from jobs.items import VerifyItem
from jobs.queue import ACTOR, QUEUE, WORKERS_KEY, make_broker
from jobs.runner import run_item
from jobs.store import JobStore

log = logging.getLogger("claimcheck.worker")

SIGN_OF_LIFE_S = 2.0


@dataclass(frozen=True)
class ItemVerifier:
    """What a worker verifies items with, and how it is closed (after the last item)."""

    verify: VerifyItem
    aclose: Callable[[], Awaitable[None]]


# Builds the worker's ItemVerifier on its event loop, given the opened jobs database (its records
# go there); the app provides it (app/jobs_setup.py).
Connect = Callable[[JobStore], Awaitable[ItemVerifier]]


class WorkerContext:
    """What the actor needs, built once on the worker's event loop (lazily, by the first message,
    or eagerly right after start) and closed at shutdown."""

    def __init__(self, config: JobsConfig, worker_id: str, connect: Connect) -> None:
        self.config = config
        self.worker_id = worker_id
        self.connect = connect
        self._ready: asyncio.Task[tuple[ItemVerifier, JobStore]] | None = None
        self._beat: asyncio.Task[None] | None = None

    async def get(self) -> tuple[ItemVerifier, JobStore]:
        if self._ready is None:
            self._ready = asyncio.ensure_future(self._build())
        return await asyncio.shield(self._ready)

    async def _build(self) -> tuple[ItemVerifier, JobStore]:
        started = time.perf_counter()
        store = await JobStore.open(self.config.database_url)
        try:
            verifier = await self.connect(store)
        except BaseException:
            await store.aclose()
            raise
        self._beat = asyncio.create_task(self._sign_of_life(), name="claimcheck-worker-heartbeat")
        log.warning(
            "worker %s ready in %.1f s: %d item(s) at a time from %s, database %s",
            self.worker_id,
            time.perf_counter() - started,
            self.config.worker_concurrency,
            QUEUE,
            store.backend,
        )
        return verifier, store

    async def _sign_of_life(self) -> None:
        """Write this worker's id and the time into Redis every few seconds (the API's /api/health
        counts live workers from it)."""
        from redis.asyncio import Redis

        client = Redis.from_url(
            self.config.redis_url or "", socket_timeout=5, socket_connect_timeout=5
        )
        try:
            while True:
                try:
                    await client.zadd(WORKERS_KEY, {self.worker_id: time.time()})
                except Exception as exc:  # Redis away for a moment: the broker will say so too
                    log.warning("worker heartbeat failed: %s", exc)
                await asyncio.sleep(SIGN_OF_LIFE_S)
        finally:
            try:
                await client.zrem(WORKERS_KEY, self.worker_id)
            finally:
                await client.aclose()

    async def verify_item(self, job_id: str, seq: int) -> None:
        verifier, store = await self.get()
        item = await store.take(job_id, seq)
        if item is None:  # answered by an earlier delivery, cancelled, or its job is gone
            return
        await run_item(store, verifier.verify, item, timeout_s=self.config.item_timeout_s)
        await store.complete_if_finished(job_id)  # the API delivers the callback (it watches)

    async def aclose(self) -> None:
        if self._beat is not None:
            self._beat.cancel()
            await asyncio.gather(self._beat, return_exceptions=True)
        if self._ready is not None and self._ready.done() and not self._ready.exception():
            verifier, store = self._ready.result()
            try:
                await (
                    verifier.aclose()
                )  # records still queued are written, before the database closes
            finally:
                await store.aclose()


def install_stack_dump(loop: asyncio.AbstractEventLoop) -> None:
    """`kill -USR1 <pid>` writes every thread's stack and every item coroutine's await chain to
    stderr: what a stuck worker is waiting on, without stopping it."""
    import sys

    def tasks() -> None:
        for task in asyncio.all_tasks(loop):
            task.print_stack(file=sys.stderr)

    def on_signal(signum: int, frame: Any) -> None:
        faulthandler.dump_traceback(all_threads=True)
        loop.call_soon_threadsafe(tasks)

    signal.signal(signal.SIGUSR1, on_signal)


def closing_middleware(context: WorkerContext) -> Any:
    """Close the services on the event loop after the worker threads stopped and before the
    AsyncIO middleware stops the loop (Dramatiq runs after_* hooks in reverse order, so this one
    is listed after AsyncIO)."""
    from dramatiq import Middleware
    from dramatiq.asyncio import get_event_loop_thread

    class CloseServices(Middleware):
        def after_worker_shutdown(self, broker: Any, worker: Any) -> None:
            loop_thread = get_event_loop_thread()
            if loop_thread is not None:
                loop_thread.run_coroutine(context.aclose())

    return CloseServices()


def run_worker(config: JobsConfig, connect: Connect) -> int:
    """Run until SIGTERM / SIGINT; messages in flight finish (or go back to the queue)."""
    import dramatiq
    from dramatiq import Worker
    from dramatiq.asyncio import get_event_loop_thread
    from dramatiq.middleware import AsyncIO

    if not config.redis_url:
        raise SystemExit(
            "claimcheck worker needs REDIS_URL: the queue it takes items from (docs/jobs.md)"
        )
    worker_id = f"{socket.gethostname()}-{os.getpid()}-{uuid.uuid4().hex[:6]}"
    context = WorkerContext(config, worker_id, connect)
    broker = make_broker(
        config.redis_url,
        heartbeat_timeout_s=config.heartbeat_timeout_s,
        middleware=[AsyncIO(), closing_middleware(context)],
    )
    dramatiq.set_broker(broker)

    async def verify_item(job_id: str, seq: int) -> None:
        await context.verify_item(job_id, seq)

    # Retries are ours (run_item counts attempts in the database, across crashes too), so
    # Dramatiq's Retries middleware is left out and the actor never raises for a failed item.
    dramatiq.actor(verify_item, actor_name=ACTOR, queue_name=QUEUE, broker=broker)
    worker = Worker(
        broker, queues={QUEUE}, worker_threads=config.worker_concurrency, worker_timeout=1000
    )
    stop = threading.Event()
    for sig in (signal.SIGTERM, signal.SIGINT):
        signal.signal(sig, lambda *_: stop.set())
    worker.start()
    loop_thread = get_event_loop_thread()
    assert loop_thread is not None
    install_stack_dump(loop_thread.loop)
    try:
        loop_thread.run_coroutine(context.get())  # load the models now, not on the first item
    except Exception as exc:
        log.error("worker could not start: %s", exc)
        worker.stop()
        return 1
    try:
        stop.wait()
    finally:
        log.warning(
            "worker %s stopping: items in flight finish, prefetched ones go back to the queue",
            worker_id,
        )
        worker.stop(timeout=30_000)  # before the loop thread goes (AsyncIO middleware stops it)
    return 0
