"""Server-Sent Events (docs/api.md): one event as the server writes it, the keep-alive comment, the
response that carries a stream, and the client side's parser. Every stream goes through these: the
verification streams (`app.verification.VerificationService.stream`) and a job's progress
(`GET /api/jobs/{id}/events`)."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Iterable, Iterator
from typing import Any

from fastapi.responses import StreamingResponse

KEEPALIVE_S = 10.0
KEEP_ALIVE = ": keep-alive\n\n"  # a comment line: clients skip it, proxies see traffic
_DONE = object()


def frame(event: str, data: Any) -> str:
    """One SSE message; `data` is JSON on a single line (json.dumps never emits a raw newline)."""
    return f"event: {event}\ndata: {json.dumps(data, ensure_ascii=False)}\n\n"


async def frames(events: AsyncIterator[tuple[str, Any] | None]) -> AsyncIterator[str]:
    """(event, data) pairs as SSE messages; None as a keep-alive."""
    async for event in events:
        yield KEEP_ALIVE if event is None else frame(*event)


def sse_response(events: AsyncIterator[str]) -> StreamingResponse:
    """A stream of SSE text, never cached or buffered on its way."""
    return StreamingResponse(
        events,
        media_type="text/event-stream",
        headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"},
    )


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
