"""The one place where domain errors become HTTP answers. Domain code never raises HTTPException."""

from __future__ import annotations

import logging
import math
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.routing import Match, Route

from agent.check import UnknownProfile
from agent.gather import ReferenceRefused
from agent.llm import LLMError
from jobs.errors import JobInvalid, JobLimitReached, JobNotFound
from retrieval.errors import DocumentNotFound, KnowledgeBaseError, ModelUnavailable
from search.base import SearchError

log = logging.getLogger("claimcheck")


class Saturated(Exception):
    """Too many verifications are running; the client should retry shortly."""


class DeadlineExceeded(Exception):
    """A verification's local work ran past VERIFY_DEADLINE_S (outside calls are cut before it)."""


class BadRequest(ValueError):
    """A body that cannot be read at all (400 `bad_request`; the message says why)."""


def error_response(
    status: int, error: str, detail: Any = None, headers: dict[str, str] | None = None
) -> JSONResponse:
    try:
        return JSONResponse({"error": error, "detail": detail}, status_code=status, headers=headers)
    except (UnicodeEncodeError, ValueError):  # a detail quoting something no encoder can write
        return JSONResponse(
            {"error": error, "detail": _safe(detail)}, status_code=status, headers=headers
        )


ECHO_CHARS = 200  # an error quotes at most this much of the input
ECHO_ITEMS = 10  # … and this many items of a list or object, this deep
ECHO_DEPTH = 3


def safe_text(text: str, limit: int = ECHO_CHARS) -> str:
    """A string any JSON encoder can write: lone surrogates shown escaped (\\ud800), truncated."""
    if len(text) > limit:
        text = text[:limit] + "…"
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        text = text.encode("utf-8", "backslashreplace").decode("utf-8")
    return text


def _safe(value: Any, depth: int = 0) -> Any:
    """An input or context value as an error may quote it: JSON-encodable (undecodable bytes
    replaced, lone surrogates escaped, NaN and infinities as text) and bounded (strings, lists and
    objects truncated, nesting cut)."""
    if isinstance(value, bytes):
        return safe_text(value[: ECHO_CHARS * 4].decode("utf-8", errors="replace"))
    if isinstance(value, str):
        return safe_text(value)
    if isinstance(value, float) and not math.isfinite(value):
        return str(value)
    if isinstance(value, int | float | bool) or value is None:
        if isinstance(value, int) and not isinstance(value, bool) and abs(value) > 10**30:
            digits = str(value)  # ≤ 4300 digits: what Python converts at all
            return f"{digits[:12]}… ({len(digits.lstrip('-'))} digits)"
        return value
    if depth >= ECHO_DEPTH:
        return "…"
    if isinstance(value, dict):
        items = list(value.items())
        out = {safe_text(str(k), 64): _safe(v, depth + 1) for k, v in items[:ECHO_ITEMS]}
        if len(items) > ECHO_ITEMS:
            out["…"] = f"{len(items) - ECHO_ITEMS} more"
        return out
    if isinstance(value, list | tuple):
        out_list = [_safe(v, depth + 1) for v in list(value[:ECHO_ITEMS])]
        if len(value) > ECHO_ITEMS:
            out_list.append(f"… {len(value) - ECHO_ITEMS} more")
        return out_list
    return safe_text(str(value))


# Domain error → (status, error name, Retry-After seconds). The first matching class wins.
_DOMAIN_ERRORS: dict[type[Exception], tuple[int, str, str | None]] = {
    DocumentNotFound: (404, "not_found", None),  # before KnowledgeBaseError: it may subclass it
    JobNotFound: (404, "not_found", None),
    BadRequest: (400, "bad_request", None),
    Saturated: (503, "saturated", "5"),
    DeadlineExceeded: (503, "deadline_exceeded", "5"),
    KnowledgeBaseError: (503, "knowledge_base_unavailable", "10"),
    ModelUnavailable: (503, "model_unavailable", "30"),
    LLMError: (503, "llm_unavailable", "10"),
    SearchError: (503, "search_unavailable", "10"),
}


def validation_detail(errors: Any) -> list[dict[str, Any]]:
    """pydantic's errors as the 422 body's `detail`: type, loc, msg, a truncated input, ctx."""
    detail = []
    for item in errors:
        clean = {k: _safe(v) for k, v in item.items() if k in {"type", "loc", "msg", "ctx"}}
        if "loc" in item:  # every step of the location, however deep: it says where
            clean["loc"] = [_safe(step, ECHO_DEPTH - 1) for step in item["loc"]][: ECHO_ITEMS * 2]
        clean["input"] = _safe(item.get("input"))
        detail.append(clean)
    return detail


def describe_error(exc: Exception) -> tuple[int, dict[str, Any], dict[str, str]]:
    """(status, body, headers) for any exception: the one mapping used by handlers and streams."""
    if isinstance(exc, ReferenceRefused):  # a request naming an address the SSRF guard refuses
        return (
            422,
            {
                "error": "reference_refused",
                "detail": [
                    {
                        "type": "reference_refused",
                        "loc": ["body", "references", exc.index - 1],
                        "msg": str(exc),
                        "input": exc.url,
                        "reason": exc.reason,
                    }
                ],
            },
            {},
        )
    if isinstance(exc, JobInvalid):  # a job submission that cannot become a job
        return 422, {"error": "invalid_request", "detail": exc.errors}, {}
    if isinstance(exc, JobLimitReached):  # the key's unfinished work is at its limit
        return (
            429,
            {"error": exc.error, "detail": str(exc)},
            {"Retry-After": str(exc.retry_after_s)},
        )
    if isinstance(exc, UnknownProfile):
        return (
            422,
            {
                "error": "invalid_request",
                "detail": [{"type": "value_error", "loc": ["body", "profile"], "msg": str(exc)}],
            },
            {},
        )
    for kind, (status, name, retry_after) in _DOMAIN_ERRORS.items():
        if isinstance(exc, kind):
            if isinstance(exc, KnowledgeBaseError):
                log.error("knowledge base failure: %s", exc)
            return (
                status,
                {"error": name, "detail": str(exc)},
                ({"Retry-After": retry_after} if retry_after else {}),
            )
    log.exception("unhandled error", exc_info=exc)
    return (
        500,
        {"error": "internal_error", "detail": "an unexpected error occurred; see the server log"},
        {},
    )


async def _domain_error(_: Request, exc: Exception) -> JSONResponse:
    status, body, headers = describe_error(exc)
    return error_response(status, body["error"], body["detail"], headers=headers or None)


def allowed_methods(request: Request) -> list[str]:
    """Every method some route serves at this path (GET /api/jobs/{id} and DELETE are two routes)."""
    methods: set[str] = set()
    for route in request.app.router.routes:
        if (
            isinstance(route, Route)
            and route.methods
            and route.matches(request.scope)[0] != Match.NONE
        ):
            methods |= route.methods
    return sorted(methods)


def install_error_handlers(app: FastAPI) -> None:
    @app.exception_handler(RequestValidationError)
    async def invalid(_: Request, exc: RequestValidationError) -> JSONResponse:
        if any(item.get("type") == "json_invalid" for item in exc.errors()):
            # what the schema documents: a body that is not JSON is a 400, not a validation error
            reasons = [
                str((item.get("ctx") or {}).get("error") or item.get("msg", ""))
                for item in exc.errors()
            ]
            return error_response(
                400, "bad_request", safe_text("the body is not valid JSON: " + "; ".join(reasons))
            )
        return error_response(422, "invalid_request", validation_detail(exc.errors()))

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        names = {
            400: "bad_request",
            401: "unauthorized",
            404: "not_found",
            405: "method_not_allowed",
            413: "payload_too_large",
            429: "rate_limited",
        }
        headers = getattr(exc, "headers", None)
        if exc.status_code == 405:  # Starlette names the first matching route's methods only
            headers = {**(headers or {}), "Allow": ", ".join(allowed_methods(request))}
        return error_response(
            exc.status_code, names.get(exc.status_code, "http_error"), exc.detail, headers=headers
        )

    for kind in (
        ReferenceRefused,
        UnknownProfile,
        JobInvalid,
        JobLimitReached,
        *_DOMAIN_ERRORS,
        Exception,
    ):
        app.add_exception_handler(kind, _domain_error)
