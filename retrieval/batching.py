"""Micro-batching of model inference: concurrent callers share one model call, in a worker thread.

    caller A: embed(["claim"])          ┐
    caller B: embed(["q1", "q2"])       ├─ queue ─ worker task ─ run_blocking(model(["claim", "q1", "q2", …]))
    caller C: embed(["snippet", …])     ┘            │                │ (a worker thread, never the loop)
                                                     │                └─ rows split back: A gets row 0,
                                        waits ≤ max_wait after the       B rows 1–2, C the rest, in order
                                        first request, takes ≤ max_batch rows

One model call runs at a time per batcher; batchers that share a `lane` (an `InferenceLane`, or any
lock) also run one at a time between them, so the embedder and the cross-encoder never split two
cores between two inferences. Requests that arrive while a call runs wait in the queue and form the next
batch at once (their wait already passed). A request larger than `max_batch` is split into chunks
queued one after another, so other callers get their turn between its chunks.

Errors: an exception of the model call reaches every caller of that batch, and only those; a
cancelled caller is dropped from its batch (or its rows are discarded); `aclose()` serves what is
queued, then stops the worker; later calls raise `BatcherClosed`.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections import deque
from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar, cast

import numpy as np

from retrieval.concurrency import run_blocking
from retrieval.embeddings import Embedder
from retrieval.errors import RetrievalError
from retrieval.rerank import CrossEncoderReranker

log = logging.getLogger(__name__)

In = TypeVar("In")
Out = TypeVar("Out")


class BatcherClosed(RetrievalError):
    """The batcher was closed (the app is shutting down); nothing more is computed."""


@dataclass(frozen=True)
class BatchPolicy:
    """How long the first request of a batch may wait for company, and how big a batch may get.
    `combine=False` is batching off: every request (or chunk of `max_batch`) is its own call."""

    max_batch: int = 64
    max_wait_s: float = 0.005
    combine: bool = True

    def __post_init__(self) -> None:
        if self.max_batch < 1:
            raise ValueError("max_batch must be at least 1")
        if self.max_wait_s < 0:
            raise ValueError("max_wait_s must not be negative")


@dataclass
class BatchStats:
    """Counters for health and tests: model calls, the requests and rows they served."""

    calls: int = 0
    requests: int = 0
    rows: int = 0
    largest: int = 0
    errors: int = 0

    def as_dict(self) -> dict[str, Any]:
        return {
            "calls": self.calls,
            "requests": self.requests,
            "rows": self.rows,
            "largest_batch": self.largest,
            "errors": self.errors,
            "requests_per_call": round(self.requests / self.calls, 2) if self.calls else None,
        }


@dataclass
class _Request(Generic[In, Out]):
    items: list[In]
    future: asyncio.Future[list[Out]]
    arrived: float = field(default_factory=time.monotonic)


class MicroBatcher(Generic[In, Out]):
    """Gathers `submit(items)` calls into batches for `run(all_items) -> rows` (blocking, one row
    per item, in order) and hands each caller its own rows."""

    def __init__(
        self,
        run: Callable[[list[In]], Sequence[Out]],
        policy: BatchPolicy = BatchPolicy(),
        *,
        lane: AbstractContextManager[object] | None = None,
        name: str = "batcher",
    ) -> None:
        self._run = run
        self.policy = policy
        self._lane = lane
        self.name = name
        self.stats = BatchStats()
        self._closed = False
        self._loop: asyncio.AbstractEventLoop | None = None
        self._worker: asyncio.Task[None] | None = None
        self._pending: deque[_Request[In, Out]] = deque()
        self._wakeup = asyncio.Event()

    def run_blocking(self, items: list[In]) -> Sequence[Out]:
        """The model call itself, in the shared lane (also the synchronous path, unbatched)."""
        if self._lane is None:
            return self._run(items)
        with self._lane:
            return self._run(items)

    async def submit(self, items: Sequence[In]) -> Sequence[Out]:
        """This caller's rows, in order, computed in some batch. Raises what the model raised."""
        if self._closed:
            raise BatcherClosed(f"{self.name} is closed")
        if not items:
            return []
        items = list(items)
        size = self.policy.max_batch
        if len(items) <= size:
            return await self._one(items)
        # Larger than a batch: one chunk after another, each queued behind whoever waits by then,
        # so a big ingest does not hold the lane for its whole length while claims queue up.
        rows: list[Out] = []
        for start in range(0, len(items), size):
            rows.extend(await self._one(items[start : start + size]))
        return rows

    async def _one(self, items: list[In]) -> Sequence[Out]:
        if self._closed:
            raise BatcherClosed(f"{self.name} is closed")
        self._ensure_worker()
        request: _Request[In, Out] = _Request(items, asyncio.get_running_loop().create_future())
        self._pending.append(request)
        self._wakeup.set()
        return await request.future  # a cancelled caller cancels its future; the worker skips it

    def _ensure_worker(self) -> None:
        loop = asyncio.get_running_loop()
        if self._worker is not None and self._loop is loop and not self._worker.done():
            return
        # First use, or a new event loop (a test's): queue and worker belong to the running loop.
        self._loop = loop
        self._pending = deque()
        self._wakeup = asyncio.Event()
        self._worker = loop.create_task(self._work(), name=f"{self.name}-worker")

    def _live_rows(self) -> int:
        return sum(len(r.items) for r in self._pending if not r.future.done())

    async def _gather(self) -> list[_Request[In, Out]]:
        while not self._pending:
            if self._closed:
                return []
            self._wakeup.clear()
            await self._wakeup.wait()
        deadline = self._pending[0].arrived + self.policy.max_wait_s
        while (
            self.policy.combine and not self._closed and self._live_rows() < self.policy.max_batch
        ):
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                break
            self._wakeup.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wakeup.wait(), remaining)
        batch: list[_Request[In, Out]] = []
        rows = 0
        while self._pending:
            request = self._pending[0]
            if request.future.done():  # its caller was cancelled while it waited
                self._pending.popleft()
                continue
            if batch and (
                not self.policy.combine or rows + len(request.items) > self.policy.max_batch
            ):
                break
            batch.append(self._pending.popleft())
            rows += len(request.items)
        return batch

    async def _work(self) -> None:
        while True:
            batch = await self._gather()
            if not batch:
                if self._closed and not self._pending:
                    return
                continue
            try:
                await self._serve(batch)
            finally:
                # Cancelled mid-call (a shutdown that timed out): its callers must not wait forever.
                for request in batch:
                    if not request.future.done():
                        request.future.set_exception(
                            BatcherClosed(f"{self.name} stopped during this request")
                        )

    async def _serve(self, batch: list[_Request[In, Out]]) -> None:
        items = [item for request in batch for item in request.items]
        self.stats.calls += 1
        self.stats.requests += len(batch)
        self.stats.rows += len(items)
        self.stats.largest = max(self.stats.largest, len(items))
        try:
            rows = await run_blocking(self.run_blocking, items)
            if len(rows) != len(items):
                raise RuntimeError(
                    f"{self.name}: the model returned {len(rows)} rows for {len(items)} inputs"
                )
        except Exception as exc:  # the callers of this batch get it; the worker carries on
            self.stats.errors += 1
            for request in batch:
                if not request.future.done():
                    request.future.set_exception(exc)
            return
        offset = 0
        for request in batch:
            part = list(rows[offset : offset + len(request.items)])
            offset += len(request.items)
            if not request.future.done():
                request.future.set_result(part)

    async def aclose(self, timeout_s: float = 30.0) -> None:
        """Serve what is queued, then stop the worker (cancelling it after `timeout_s`)."""
        self._closed = True
        worker = self._worker
        if worker is None or worker.done():
            self._fail_pending()
            return
        if self._loop is not asyncio.get_running_loop():
            worker.cancel()  # its loop is another (finished) one: nothing there can be awaited
            self._fail_pending()
            return
        self._wakeup.set()
        try:
            await asyncio.wait_for(asyncio.shield(worker), timeout_s)
        except TimeoutError:
            log.warning(
                "%s: worker still busy after %.0f s at shutdown; cancelling it",
                self.name,
                timeout_s,
            )
            worker.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await worker
        self._fail_pending()

    def _fail_pending(self) -> None:
        while self._pending:
            request = self._pending.popleft()
            if not request.future.done():
                request.future.set_exception(
                    BatcherClosed(f"{self.name} closed before this request ran")
                )


class BatchedEmbedder:
    """An `Embedder` whose `embed` calls from concurrent callers share model calls.

    `embed_blocking` (scripts, the CLI) calls the model directly, in the same lane.
    """

    def __init__(
        self,
        inner: Embedder,
        policy: BatchPolicy = BatchPolicy(),
        lane: AbstractContextManager[object] | None = None,
    ) -> None:
        self.inner = inner
        self.name = inner.name
        self.dimension = inner.dimension
        self.backend = getattr(inner, "backend", "injected")
        self.resolved = getattr(inner, "resolved", None)
        # An array of rows answers len() and slices as the batcher needs, though it is no Sequence.
        run = cast(Callable[[list[str]], Sequence[np.ndarray]], inner.embed_blocking)
        self.batcher: MicroBatcher[str, np.ndarray] = MicroBatcher(
            run, policy, lane=lane, name=f"embedder batcher ({inner.name})"
        )

    def embed_blocking(self, texts: Sequence[str]) -> np.ndarray:
        if not texts:
            return np.zeros((0, self.dimension), dtype=np.float32)
        return np.asarray(self.batcher.run_blocking(list(texts)), dtype=np.float32)

    async def embed(self, texts: Sequence[str]) -> np.ndarray:
        if not texts:
            return np.zeros((0, self.dimension), dtype=np.float32)
        # A copy: the caller owns its rows, not a view into the whole batch's array.
        return np.array(await self.batcher.submit(list(texts)), dtype=np.float32)

    async def aclose(self) -> None:
        await self.batcher.aclose()


class BatchedCrossEncoder:
    """A cross-encoder `Reranker` whose (query, passage) pairs from concurrent `score` calls share
    model calls; pairs of different queries go into one batch."""

    kind = "cross-encoder"

    def __init__(
        self,
        inner: CrossEncoderReranker,
        policy: BatchPolicy = BatchPolicy(),
        lane: AbstractContextManager[object] | None = None,
    ) -> None:
        self.inner = inner
        self.name = inner.name
        self.scale = inner.scale
        self.batcher: MicroBatcher[tuple[str, str], float] = MicroBatcher(
            inner.score_pairs_blocking,
            policy,
            lane=lane,
            name=f"cross-encoder batcher ({inner.name})",
        )

    def score_blocking(self, query: str, passages: Sequence[str]) -> list[float]:
        return list(self.batcher.run_blocking([(query, p) for p in passages]))

    async def score(self, query: str, passages: Sequence[str]) -> list[float]:
        if not passages:
            return []
        return list(await self.batcher.submit([(query, p) for p in passages]))

    async def aclose(self) -> None:
        await self.batcher.aclose()
