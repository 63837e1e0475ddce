"""Strict JSON for every request body: what `json.loads` accepts but JSON (RFC 8259) does not, or
what the service could not answer back, is a 400 in the documented error shape instead of a 500.

Refused: bytes that are not UTF-8, `NaN`/`Infinity`/`-Infinity` and numbers that overflow to
infinity (`1e999999`), integers longer than Python converts, lone UTF-16 surrogates (`"\\ud800"`:
valid JSON escapes, but no UTF-8 encoder can write them back) and nesting deeper than
`MAX_DEPTH`. The routes of `app.routes` and `app.jobs_api` read their bodies through
`StrictJSONRoute`; job files (NDJSON) go through `strict_loads` line by line.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable, Coroutine
from typing import Any

from fastapi import Request, Response
from fastapi.routing import APIRoute

__all__ = ["MAX_DEPTH", "StrictJSONRoute", "strict_loads"]

MAX_DEPTH = 32  # our deepest body (a job's items' options) is 4 levels deep
# a surrogate can only enter through a \uD800–\uDFFF escape (UTF-8 cannot carry one): look only then
_SURROGATE_ESCAPE = re.compile(rb"\\u[dD][89a-fA-F]")


def _refuse(message: str, doc: str = "", pos: int = 0) -> json.JSONDecodeError:
    return json.JSONDecodeError(message, doc, pos)


def _constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"the number {text[:40]} is too large to be a finite float")
    return value


def _check_tree(value: Any, check_strings: bool) -> None:
    """Depth at most MAX_DEPTH; with `check_strings`, no lone surrogate in any key or string."""
    stack: list[tuple[Any, int]] = [(value, 1)]
    while stack:
        node, depth = stack.pop()
        if isinstance(node, dict):
            if depth > MAX_DEPTH:
                raise ValueError(f"nested deeper than {MAX_DEPTH} levels")
            for key, item in node.items():
                if check_strings:
                    _encodable(key)
                stack.append((item, depth + 1))
        elif isinstance(node, list):
            if depth > MAX_DEPTH:
                raise ValueError(f"nested deeper than {MAX_DEPTH} levels")
            stack.extend((item, depth + 1) for item in node)
        elif check_strings and isinstance(node, str):
            _encodable(node)


def _encodable(text: str) -> None:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as exc:
        raise ValueError(
            f"a string holds a lone UTF-16 surrogate (\\u{ord(text[exc.start]):04x}); "
            "JSON text must be valid Unicode"
        ) from None


def strict_loads(body: bytes | str) -> Any:
    """`json.loads` for untrusted bodies: raises `json.JSONDecodeError` (which FastAPI answers as
    400 `bad_request`) for everything the module docstring lists."""
    raw = body.encode("utf-8", "surrogatepass") if isinstance(body, str) else body
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise _refuse(f"the body is not UTF-8 (byte {exc.start}: {exc.reason})") from None
    try:
        value = json.loads(text, parse_constant=_constant, parse_float=_finite)
    except json.JSONDecodeError:
        raise
    except RecursionError:
        raise _refuse(f"nested deeper than {MAX_DEPTH} levels", "", 0) from None
    except ValueError as exc:  # NaN, Infinity, 1e999999, an integer of more than 4300 digits
        raise _refuse(str(exc)) from None
    try:
        _check_tree(value, check_strings=bool(_SURROGATE_ESCAPE.search(raw)))
    except ValueError as exc:
        raise _refuse(str(exc)) from None
    return value


class StrictJSONRequest(Request):
    async def json(self) -> Any:
        if not hasattr(self, "_json"):
            self._json = strict_loads(await self.body())
        return self._json


class StrictJSONRoute(APIRoute):
    """An APIRoute whose JSON body is read by `strict_loads`."""

    def get_route_handler(self) -> Callable[[Request], Coroutine[Any, Any, Response]]:
        handler = super().get_route_handler()

        async def strict(request: Request) -> Response:
            return await handler(StrictJSONRequest(request.scope, request.receive, request._send))

        return strict
