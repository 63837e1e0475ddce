"""The KB's background writer: web results indexed after the answer, gathered and retried.

An embedded Chroma write holds the GIL for ≈ 30 ms whatever its size, so writes that follow
answers are gathered for `coalesce_s` and written together by one task. A failed write is retried
(1 s, then 2 s: tenacity, the same library as search's call policy) and then given up loudly in
the log; ids being written count as present for other requests until their write ends.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Iterable, Sequence

from tenacity import AsyncRetrying, RetryCallState, stop_after_attempt, wait_incrementing

from retrieval.documents import Document

__all__ = ["BackgroundWriter"]

log = logging.getLogger(__name__)


class BackgroundWriter:
    """One writer task for all requests; `schedule` never waits, `drain` waits for it."""

    def __init__(
        self,
        index: Callable[[Sequence[Document]], Awaitable[object]],
        *,
        coalesce_s: float = 0.0,
        attempts: int = 3,
        first_wait_s: float = 1.0,
        sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
    ) -> None:
        """`sleep` is what the coalescing window and the retries wait with (tests pass a virtual one)."""
        self._index = index
        self._sleep = sleep
        self.coalesce_s = coalesce_s
        self.attempts = attempts
        self.first_wait_s = first_wait_s
        self._pending: set[str] = set()  # ids being written (not new for anyone)
        self._queue: list[Document] = []
        self._task: asyncio.Task[None] | None = None

    def schedule(self, documents: Sequence[Document]) -> None:
        """Queue documents for the writer (started if none is running)."""
        self._pending.update(d.id for d in documents)
        self._queue += documents
        if self._task is None or self._task.done():
            self._task = asyncio.create_task(self._run())

    def pending(self, ids: Iterable[str]) -> set[str]:
        """Those of `ids` that are queued or being written."""
        return self._pending.intersection(ids)

    @property
    def running(self) -> int:
        """1 while the writer runs, else 0."""
        return int(self._task is not None and not self._task.done())

    async def drain(self, timeout_s: float = 30.0) -> int:
        """Wait for the writer (at shutdown, and in tests); 1 when the timeout cut the wait, else 0."""
        if not self.running:
            return 0
        assert self._task is not None
        _, pending = await asyncio.wait([self._task], timeout=timeout_s)
        if pending:
            log.error("the background KB writer did not finish within %g s", timeout_s)
        return len(pending)

    async def _run(self) -> None:
        if self.coalesce_s > 0:
            await self._sleep(self.coalesce_s)
        while self._queue:
            batch, self._queue = self._queue, []
            await self._write(batch)

    async def _write(self, documents: list[Document]) -> None:
        def warn(state: RetryCallState) -> None:
            log.warning(
                "indexing %d web document(s) failed (%s); retrying",
                len(documents),
                state.outcome.exception() if state.outcome else "?",
            )

        try:
            async for attempt in AsyncRetrying(
                stop=stop_after_attempt(self.attempts),
                wait=wait_incrementing(start=self.first_wait_s, increment=self.first_wait_s),
                before_sleep=warn,
                reraise=True,
                sleep=self._sleep,
            ):
                with attempt:
                    await self._index(documents)
        except asyncio.CancelledError:
            raise
        except Exception as exc:
            log.error(
                "gave up indexing %d web document(s) after %d attempts: %s",
                len(documents),
                self.attempts,
                exc,
            )
        finally:
            self._pending.difference_update(d.id for d in documents)
