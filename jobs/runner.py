"""Run job items: claim from the database, verify, write the outcome once, close the job.

`JobRunner` is what runs items when no Redis queue is configured: inside the API process, at most
`concurrency` at a time, through the same verification as `POST /api/verify` (the `VerifyItem`
the app hands in). The database is the truth: a restart finds items left `running` by
the dead process and queues them again (`start`); an item whose attempts reach MAX_ATTEMPTS is
stored as failed with its last error, and the job goes on.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from dataclasses import KW_ONLY, dataclass, field
from typing import Any

from jobs.items import Claimed, JobRow, VerifyItem
from jobs.store import MAX_ATTEMPTS, JobStore

log = logging.getLogger("claimcheck.jobs")

OnClosed = Callable[[JobRow], Awaitable[None]]


async def settle(tasks: list[asyncio.Task[Any]], timeout_s: float, what: str) -> None:
    """Wait for cancelled tasks to end, at most `timeout_s`; log what any that did not still awaits
    (a task that swallowed its cancellation must not hang a shutdown)."""
    if not tasks:
        return
    done, pending = await asyncio.wait(tasks, timeout=timeout_s)
    for (
        task
    ) in done:  # collected, as gather(return_exceptions=True) did: no "never retrieved" noise
        if not task.cancelled():
            task.exception()
    for task in pending:
        log.warning(
            "a %s task (%s) was still running %g s after it was cancelled at shutdown; "
            "leaving it, awaiting in: %s",
            what,
            task.get_name(),
            timeout_s,
            " → ".join(_awaiting(task)),
        )


def _awaiting(task: asyncio.Task[Any]) -> list[str]:
    """Where a suspended task waits: its chain of awaited coroutines, outermost first."""
    out: list[str] = []
    awaited: Any = task.get_coro()
    while awaited is not None and len(out) < 40:
        frame = getattr(awaited, "cr_frame", None) or getattr(awaited, "gi_frame", None)
        if frame is not None:
            out.append(
                f"{frame.f_code.co_name} ({frame.f_code.co_filename.rsplit('/', 1)[-1]}:{frame.f_lineno})"
            )
        awaited = getattr(awaited, "cr_await", None) or getattr(awaited, "gi_yieldfrom", None)
    return out or [repr(task)]


def describe(exc: BaseException) -> str:
    text = str(exc).strip()
    return f"{type(exc).__name__}: {text}"[:2000] if text else type(exc).__name__


async def run_item(
    store: JobStore,
    execute: VerifyItem,
    item: Claimed,
    *,
    retry_delay_s: float = 0.5,
    timeout_s: float | None = None,
) -> None:
    """Verify one claimed item and write its outcome once: retried with backoff, stored as failed
    (with the last error) after MAX_ATTEMPTS. An attempt that takes longer than `timeout_s` counts
    as failed (an outside call that never returns must not hold a worker's slot forever). Used by
    the in-process runner and by queue workers."""
    if item.attempts > MAX_ATTEMPTS:  # it took the process down (or was cut) every time
        await store.finish(
            item.job_id,
            item.seq,
            error=(
                f"gave up after {MAX_ATTEMPTS} attempts: the process running it stopped each time"
            ),
        )
        return
    attempt = item.attempts
    while True:
        try:
            async with asyncio.timeout(timeout_s):
                result = await execute(item.claim, item.options, item.owner)
        except asyncio.CancelledError:
            raise
        except Exception as exc:
            error = (
                f"no answer within {timeout_s:g} s"
                if isinstance(exc, TimeoutError)
                else describe(exc)
            )
            if attempt >= MAX_ATTEMPTS:
                log.warning(
                    "job %s item %r failed %d times; stored as failed: %s",
                    item.job_id,
                    item.item_id,
                    attempt,
                    error,
                )
                await store.finish(item.job_id, item.seq, error=error)
                return
            await asyncio.sleep(retry_delay_s * 2 ** (attempt - 1))
            counted = await store.failed_attempt(item.job_id, item.seq, error)
            if counted is None:  # no longer running (written by another delivery, or cancelled)
                return
            attempt = counted
            continue
        await store.finish(item.job_id, item.seq, result=result)
        return


@dataclass(eq=False)  # a service, compared by identity
class JobRunner:
    store: JobStore
    execute: VerifyItem
    _: KW_ONLY
    concurrency: int = 4
    on_closed: OnClosed | None = None
    retry_delay_s: float = 0.5
    item_timeout_s: float | None = None
    requeued_at_start: int = field(default=0, init=False)
    _wake: asyncio.Event = field(default_factory=asyncio.Event, init=False, repr=False)
    _running: set[asyncio.Task[None]] = field(default_factory=set, init=False, repr=False)
    _loop_task: asyncio.Task[None] | None = field(default=None, init=False, repr=False)

    async def start(self) -> None:
        self.requeued_at_start = await self.store.requeue_running()
        if self.requeued_at_start:
            log.info(
                "re-queued %d item(s) left running by the previous process", self.requeued_at_start
            )
        # jobs whose last item was written just before a crash are closed now
        for job_id in await self.store.unfinished_job_ids():
            await self._close(job_id)
        self._loop_task = asyncio.create_task(self._loop(), name="claimcheck-job-runner")

    def wake(self) -> None:
        """New work (a job was created): look at the queue now."""
        self._wake.set()

    @property
    def busy(self) -> int:
        return len(self._running)

    async def aclose(self, timeout_s: float = 15.0) -> None:
        """Stop claiming; cancel items in flight (they stay `running` and are re-queued at the
        next start — an interrupted item is never half-written). Shutdown never waits forever:
        a task still running `timeout_s` after its cancellation is left behind, and the log says
        what it awaits."""
        if self._loop_task is not None:
            self._loop_task.cancel()
        tasks = [*self._running, *([self._loop_task] if self._loop_task else [])]
        for task in self._running:
            task.cancel()
        await settle(tasks, timeout_s, "job item")

    async def _loop(self) -> None:
        while True:
            self._wake.clear()
            free = self.concurrency - len(self._running)
            claimed: list[Claimed] = []
            if free > 0:
                try:
                    claimed = await self.store.claim(free)
                except Exception as exc:  # the database is away: say so, retry shortly
                    log.warning("could not claim job items: %s", describe(exc))
                    await self._idle(2.0)
                    continue
            for item in claimed:
                task = asyncio.create_task(self._run(item))
                self._running.add(task)
                task.add_done_callback(self._finished)
            if not claimed:
                # Woken by a new job or a finished item; the timeout also picks up work another
                # replica's API queued in a shared database.
                await self._idle(1.0)

    async def _idle(self, seconds: float) -> None:
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._wake.wait(), seconds)

    def _finished(self, task: asyncio.Task[None]) -> None:
        self._running.discard(task)
        self._wake.set()

    async def _run(self, item: Claimed) -> None:
        await run_item(
            self.store,
            self.execute,
            item,
            retry_delay_s=self.retry_delay_s,
            timeout_s=self.item_timeout_s,
        )
        await self._close(item.job_id)

    async def _close(self, job_id: str) -> None:
        closed = await self.store.complete_if_finished(job_id)
        if closed is not None and self.on_closed is not None:
            await self.on_closed(closed)
