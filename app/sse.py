"""Server-Sent Events framing for `POST /api/verify/stream` (docs/api.md).

A verification runs as its own task; its `on_step` callback feeds a queue that this module turns
into `step` events as they happen, then one `result` event with the `/api/verify` body, or one
`error` event with the error body when the verification fails after the stream has started.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import AsyncIterator, Callable, Iterable, Iterator
from typing import Any

KEEPALIVE_S = 10.0
_DONE = object()


def frame(event: str, data: Any) -> str:
    """One SSE message; `data` is JSON on a single line (json.dumps never emits a raw newline)."""
    return f"event: {event}\ndata: {json.dumps(data, ensure_ascii=False)}\n\n"


class StepFeed:
    """The `on_step` callback of one verification: numbers and times each step for the stream."""

    def __init__(self) -> None:
        self.queue: asyncio.Queue[object] = asyncio.Queue()
        self._started = time.perf_counter()
        self._count = 0

    def __call__(self, text: str) -> None:
        self._count += 1
        self.queue.put_nowait({"index": self._count, "step": text,
                               "elapsed_ms": round((time.perf_counter() - self._started) * 1000, 1)})

    def close(self, _: object = None) -> None:
        self.queue.put_nowait(_DONE)


async def verification_events(
    task: asyncio.Task, feed: StepFeed, result_body: Callable[[Any], dict[str, Any]],
    error_body: Callable[[Exception], dict[str, Any]],
) -> AsyncIterator[str]:
    """Yield step events while `task` runs, then its result (or error). Cancels the task when the
    client goes away (the generator is closed or cancelled before the task is done)."""
    task.add_done_callback(feed.close)
    try:
        yield ": claimcheck verification started\n\n"  # flushes headers so clients see progress at once
        while True:
            try:
                item = await asyncio.wait_for(feed.queue.get(), timeout=KEEPALIVE_S)
            except TimeoutError:
                yield ": keep-alive\n\n"
                continue
            if item is _DONE:
                break
            yield frame("step", item)
        try:
            body = result_body(task.result())
        except Exception as exc:  # noqa: BLE001 — reported to the client as an `error` event
            yield frame("error", error_body(exc))
        else:
            yield frame("result", body)
    finally:
        if not task.done():
            task.cancel()


def parse_stream(lines: Iterable[str]) -> Iterator[tuple[str, Any]]:
    """The client side: SSE text lines (without newlines) → (event, decoded JSON data) pairs.
    Comment lines (starting with ':') are skipped; a blank line ends each message."""
    event, data = "message", ""
    for line in lines:
        if not line:
            if data:
                yield event, json.loads(data)
            event, data = "message", ""
        elif line.startswith("event:"):
            event = line[6:].strip()
        elif line.startswith("data:"):
            data += line[5:].removeprefix(" ")
    if data:
        yield event, json.loads(data)
