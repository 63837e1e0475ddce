"""Server-Sent Events framing (docs/api.md): one event as the server writes it, and the client
side's parser. The streams themselves are `app.verification.VerificationService.stream`."""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from typing import Any

KEEPALIVE_S = 10.0
_DONE = object()


def frame(event: str, data: Any) -> str:
    """One SSE message; `data` is JSON on a single line (json.dumps never emits a raw newline)."""
    return f"event: {event}\ndata: {json.dumps(data, ensure_ascii=False)}\n\n"


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
