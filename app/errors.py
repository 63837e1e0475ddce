"""The one place where domain errors become HTTP answers. Domain code never raises HTTPException."""

from __future__ import annotations

import logging
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException

from agent.grounding import UnknownProfile
from agent.llm import LLMError
from agent.references import ReferenceRefused
from retrieval.errors import KnowledgeBaseError, ModelUnavailable
from search.base import SearchError

log = logging.getLogger("claimcheck")


class Saturated(Exception):
    """Too many verifications are running; the client should retry shortly."""


def error_response(status: int, error: str, detail: Any = None,
                   headers: dict[str, str] | None = None) -> JSONResponse:
    return JSONResponse({"error": error, "detail": detail}, status_code=status, headers=headers)


def _safe(value: Any) -> Any:
    """Make a validation error's `input`/`ctx` JSON-safe (raw bytes may not be UTF-8)."""
    if isinstance(value, bytes):
        return value.decode("utf-8", errors="replace")
    if isinstance(value, str | int | float | bool) or value is None:
        return value
    if isinstance(value, dict):
        return {str(k): _safe(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_safe(v) for v in value]
    return str(value)


def _truncate(value: Any, limit: int = 200) -> Any:
    if isinstance(value, str) and len(value) > limit:
        return value[:limit] + "…"
    return value


def install_error_handlers(app: FastAPI) -> None:
    @app.exception_handler(RequestValidationError)
    async def invalid(_: Request, exc: RequestValidationError) -> JSONResponse:
        detail = []
        for item in exc.errors():
            clean = {k: _safe(v) for k, v in item.items() if k in {"type", "loc", "msg", "input", "ctx"}}
            clean["input"] = _truncate(clean.get("input"))
            detail.append(clean)
        return error_response(422, "invalid_request", detail)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(_: Request, exc: StarletteHTTPException) -> JSONResponse:
        names = {400: "bad_request", 401: "unauthorized", 404: "not_found", 405: "method_not_allowed",
                 413: "payload_too_large", 429: "rate_limited"}
        return error_response(exc.status_code, names.get(exc.status_code, "http_error"), exc.detail,
                              headers=getattr(exc, "headers", None))

    @app.exception_handler(ReferenceRefused)
    async def reference_refused(_: Request, exc: ReferenceRefused) -> JSONResponse:
        return error_response(422, "reference_refused", [{
            "type": "reference_refused", "loc": ["body", "references", exc.index - 1],
            "msg": str(exc), "input": exc.url, "reason": exc.reason}])

    @app.exception_handler(UnknownProfile)
    async def unknown_profile(_: Request, exc: UnknownProfile) -> JSONResponse:
        return error_response(422, "invalid_request", [{
            "type": "value_error", "loc": ["body", "profile"], "msg": str(exc)}])

    @app.exception_handler(Saturated)
    async def saturated(_: Request, exc: Saturated) -> JSONResponse:
        return error_response(503, "saturated", str(exc), headers={"Retry-After": "5"})

    @app.exception_handler(KnowledgeBaseError)
    async def kb_down(_: Request, exc: KnowledgeBaseError) -> JSONResponse:
        log.error("knowledge base failure: %s", exc)
        return error_response(503, "knowledge_base_unavailable", str(exc), headers={"Retry-After": "10"})

    @app.exception_handler(ModelUnavailable)
    async def model_down(_: Request, exc: ModelUnavailable) -> JSONResponse:
        return error_response(503, "model_unavailable", str(exc), headers={"Retry-After": "30"})

    @app.exception_handler(LLMError)
    async def llm_down(_: Request, exc: LLMError) -> JSONResponse:
        return error_response(503, "llm_unavailable", str(exc), headers={"Retry-After": "10"})

    @app.exception_handler(SearchError)
    async def search_down(_: Request, exc: SearchError) -> JSONResponse:
        return error_response(503, "search_unavailable", str(exc), headers={"Retry-After": "10"})

    @app.exception_handler(Exception)
    async def crashed(_: Request, exc: Exception) -> JSONResponse:
        log.exception("unhandled error", exc_info=exc)
        return error_response(500, "internal_error", "an unexpected error occurred; see the server log")
