"""Thin routes: validate, call the verifier or the KB, shape the answer."""

from __future__ import annotations

import logging
import time
from dataclasses import asdict
from pathlib import Path
from typing import Annotated, Any

from fastapi import APIRouter, Depends, HTTPException, Query, Request
from fastapi.openapi.docs import get_swagger_ui_html
from fastapi.responses import FileResponse, HTMLResponse, StreamingResponse

from app.jsonbody import StrictJSONRoute
from app.knowledge import KnowledgeService
from app.runtime import Runtime
from app.schemas.audit import AuditRequest, AuditResponse
from app.schemas.check import CheckRequest, CheckResponse
from app.schemas.common import error_responses
from app.schemas.health import HealthResponse
from app.schemas.kb import (
    KBAddResponse,
    KBDeleteResponse,
    KBDocumentsIn,
    KBSearchResponse,
    KBStats,
)
from app.schemas.verify import VerifyRequest, VerifyResponse
from app.sse import sse_response
from app.verification import (
    VerificationService,
    claim_out,
    to_check_response,
    verify_options,
)

log = logging.getLogger("claimcheck")
STATIC = Path(__file__).with_name("static")


def get_runtime(request: Request) -> Runtime:
    return request.app.state.runtime


def get_verification(request: Request) -> VerificationService:
    return request.app.state.runtime.verification


def get_knowledge(request: Request) -> KnowledgeService:
    return request.app.state.runtime.knowledge


RuntimeDep = Annotated[Runtime, Depends(get_runtime)]
ServiceDep = Annotated[VerificationService, Depends(get_verification)]
KnowledgeDep = Annotated[KnowledgeService, Depends(get_knowledge)]


def owner_of(request: Request) -> str:
    """Who is asking: the API key's fingerprint (app/security.py), "" without API_KEYS."""
    return request.scope.get("state", {}).get("api_key", "")


OwnerDep = Annotated[str, Depends(owner_of)]

router = APIRouter(route_class=StrictJSONRoute)  # bodies read by app.jsonbody.strict_loads

VERIFY_ERRORS = error_responses(400, 401, 413, 422, 429, 503)


SSE_GRAMMAR = (
    "A `text/event-stream` body (Server-Sent Events, WHATWG HTML §9.2), read as text, not JSON:\n\n"
    "    stream  = *( comment / event )\n"
    '    comment = ":" *CHAR LF              ; keep-alive, ignore it\n'
    '    event   = "event: " name LF "data: " json LF LF\n\n'
    "`json` is one line of JSON whose shape depends on `name` (listed in the 200 description). The "
    "stream ends after a `result` or an `error` event. OpenAPI 3.1 cannot describe the items of a "
    "stream, so the schema is a string; each event's `data` is what `SSE_EVENT` in app/routes.py says."
)


def sse_doc(description: str, example: str) -> dict[str, Any]:
    """The OpenAPI 200 entry of a Server-Sent Events route: a string (what a generated client can
    read), the event grammar in its description."""
    return {
        "description": description,
        "content": {
            "text/event-stream": {
                "schema": {"type": "string", "description": SSE_GRAMMAR},
                "example": example,
            }
        },
    }


# One Server-Sent Event as SSE parsers (and schemathesis) read it: its name and its JSON text. The
# fuzz test validates every event of a stream against it.
SSE_EVENT = {
    "type": "object",
    "required": ["data"],
    "properties": {
        "event": {"type": "string", "enum": ["step", "claim", "result", "error"]},
        "data": {"type": "string", "contentMediaType": "application/json"},
    },
}


READ_ERRORS = error_responses(401, 429, 503)


@router.post("/api/verify", response_model=VerifyResponse, responses=VERIFY_ERRORS, tags=["verify"])
async def verify(body: VerifyRequest, service: ServiceDep, owner: OwnerDep) -> VerifyResponse:
    """Verify a claim: verdict, confidence, cited reasoning, scored evidence and the trace. The
    answer's `id` names its record (`GET /api/verifications/{id}`)."""
    return await service.verify_and_answer(body.claim, verify_options(body), owner, via="verify")


# -- passages (issue 12) ---------------------------------------------------------------


@router.post("/api/check", response_model=CheckResponse, responses=VERIFY_ERRORS, tags=["verify"])
async def check(body: CheckRequest, service: ServiceDep, owner: OwnerDep) -> CheckResponse:
    """Check every check-worthy claim of a passage; offsets let clients highlight each claim (each
    verified claim's result has the `id` of its record)."""
    result = await service.check(body.text, web_search=body.web_search, max_claims=body.max_claims)
    return to_check_response(result, lambda claim: service.answer(claim, owner, via="passage"))


@router.post(
    "/api/check/stream",
    tags=["verify"],
    response_class=StreamingResponse,
    responses={
        200: sse_doc(
            "Server-Sent Events: one `claim` event per claim (`{text, start, end, check_worthy, "
            "result, reason}`) as its verification completes, then one `result` event with the "
            "`POST /api/check` body (or one `error` event `{error, detail, status}`).",
            'event: claim\ndata: {"text": "The Eiffel Tower was completed in 1889.", "start": 0, '
            '"end": 39, "check_worthy": 0.91, "result": {…}, "reason": "check-worthy"}\n\n'
            "event: result\ndata: {…the POST /api/check body…}\n\n",
        ),
        **VERIFY_ERRORS,
    },
)
async def check_stream(
    body: CheckRequest, service: ServiceDep, owner: OwnerDep
) -> StreamingResponse:
    """Server-Sent Events: one `claim` event per claim as its verification completes, then `result`."""
    answered: dict[
        int, VerifyResponse
    ] = {}  # each claim kept once: its event and the result share the id

    def answer(claim_result) -> VerifyResponse:
        if id(claim_result) not in answered:
            answered[id(claim_result)] = service.answer(claim_result, owner, via="passage")
        return answered[id(claim_result)]

    async def work(emit) -> dict[str, Any]:
        result = await service.check(
            body.text,
            web_search=body.web_search,
            max_claims=body.max_claims,
            on_claim=lambda claim: emit("claim", claim_out(claim, answer).model_dump(mode="json")),
        )
        return to_check_response(result, answer).model_dump(mode="json")

    return sse_response(await service.stream(work))


# -- source audit (issue 13) ------------------------------------------------------------


@router.post(
    "/api/sources/audit", response_model=AuditResponse, responses=VERIFY_ERRORS, tags=["sources"]
)
async def audit_sources(body: AuditRequest, runtime: RuntimeDep) -> AuditResponse:
    """Check the URLs a text cites: live?, authoritative?, fresh?, and do they support the citing sentence?"""
    result = await runtime.auditor.audit(body.text, body.topic)
    return AuditResponse.model_validate(asdict(result))


@router.get(
    "/api/health", response_model=HealthResponse, responses=error_responses(503), tags=["meta"]
)
async def health(runtime: RuntimeDep) -> HealthResponse:
    """Liveness plus what each component is and what it fell back to."""
    return await runtime.health()


@router.get("/api/kb/stats", response_model=KBStats, responses=READ_ERRORS, tags=["knowledge base"])
async def kb_stats(knowledge: KnowledgeDep) -> KBStats:
    """How many documents (passages) the knowledge base holds, by source type and origin, and
    the oldest and newest timestamps."""
    return await knowledge.stats()


@router.get(
    "/api/kb/search",
    response_model=KBSearchResponse,
    responses=error_responses(401, 422, 429, 503),
    tags=["knowledge base"],
)
async def kb_search(
    knowledge: KnowledgeDep,
    q: Annotated[str, Query(min_length=1, max_length=2000, pattern=r"\S")],
    k: Annotated[int, Query(ge=1, le=100)] = 10,
) -> KBSearchResponse:
    """The verifier's retrieve + rerank over the KB (hybrid, then the reranker and its threshold).
    A lookup: it does not count as an access."""
    return await knowledge.search(q, k=k)


@router.post(
    "/api/kb/documents",
    response_model=KBAddResponse,
    responses=error_responses(400, 401, 413, 422, 429, 503),
    tags=["knowledge base"],
)
async def kb_add(body: KBDocumentsIn, knowledge: KnowledgeDep) -> KBAddResponse:
    """Add documents in one batch. Ids are deterministic (source + text): re-adding adds nothing.
    Long documents are stored as passages that keep the parent's id, URL and title."""
    return await knowledge.add(body.documents)


@router.delete(
    "/api/kb/documents/{doc_id}",
    response_model=KBDeleteResponse,
    responses=error_responses(401, 404, 422, 429, 503),
    tags=["knowledge base"],
)
async def kb_delete(doc_id: str, knowledge: KnowledgeDep) -> KBDeleteResponse:
    """Delete a document (every passage of a chunked one) by the id POST returned."""
    return await knowledge.delete(doc_id)


# ---- issue 11: try-it page, live progress (SSE), offline API docs -----------------------------

STREAM_EXAMPLE = (
    ": claimcheck verification started\n\n"
    'event: step\ndata: {"index": 1, "step": "Classified as FACTUAL by the local classifier: a checkable '
    'statement", "elapsed_ms": 3.1}\n\n'
    'event: step\ndata: {"index": 2, "step": "Retrieved 20 candidate(s) from the knowledge base.", '
    '"elapsed_ms": 52.4}\n\n'
    "event: result\ndata: {…the POST /api/verify body…}\n\n"
)


@router.post(
    "/api/verify/stream",
    tags=["verify"],
    response_class=StreamingResponse,
    responses={
        200: sse_doc(
            "Server-Sent Events: one `step` event per step as it happens "
            "(`{index, step, elapsed_ms}`), then one `result` event with the `POST /api/verify` "
            "body (or one `error` event `{error, detail, status}` if the verification fails "
            "after the stream started). Lines starting with `:` are comments (keep-alives).",
            STREAM_EXAMPLE,
        ),
        **VERIFY_ERRORS,
    },
)
async def verify_stream(
    body: VerifyRequest, service: ServiceDep, owner: OwnerDep
) -> StreamingResponse:
    """Verify a claim with live progress: the same body as `POST /api/verify`, answered as SSE."""
    started = time.perf_counter()

    async def work(emit) -> dict[str, Any]:
        count = 0

        def on_step(text: str) -> None:
            nonlocal count
            count += 1
            emit(
                "step",
                {
                    "index": count,
                    "step": text,
                    "elapsed_ms": round((time.perf_counter() - started) * 1000, 1),
                },
            )

        answer = await service.verify_and_answer(
            body.claim, verify_options(body), owner, via="stream", on_step=on_step
        )
        return answer.model_dump(mode="json")

    return sse_response(await service.stream(work))


@router.get("/", include_in_schema=False)
async def try_it() -> FileResponse:
    """The try-it page: plain HTML, CSS and JS, no build step."""
    return FileResponse(STATIC / "index.html", media_type="text/html")


@router.get("/static/{name}", include_in_schema=False)
async def static_file(name: str) -> FileResponse:
    """The try-it page's own assets (a flat folder; no path traversal possible)."""
    path = STATIC / name
    if "/" in name or name.startswith(".") or not path.is_file():
        raise HTTPException(404, f"no static file {name!r}")
    return FileResponse(path)


@router.get("/docs", include_in_schema=False)
async def api_docs() -> HTMLResponse:
    """Swagger UI from the swagger-ui-bundle wheel, so the docs render without any CDN."""
    return get_swagger_ui_html(
        openapi_url="/openapi.json",
        title="claimcheck — API",
        swagger_js_url="/docs-assets/swagger-ui-bundle.js",
        swagger_css_url="/docs-assets/swagger-ui.css",
        swagger_favicon_url="/docs-assets/favicon-32x32.png",
    )
