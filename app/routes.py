"""Thin routes: validate, call the verifier or the KB, shape the answer."""

from __future__ import annotations

import asyncio
import json
import logging
import time
import uuid
from dataclasses import asdict
from pathlib import Path
from typing import Annotated, Any

from fastapi import APIRouter, Depends, HTTPException, Query, Request
from fastapi.openapi.docs import get_swagger_ui_html
from fastapi.responses import FileResponse, HTMLResponse, StreamingResponse

from agent.cache import verdict_key
from agent.models import VerificationResult
from agent.passages import PassageResult
from agent.sources import find_doi
from agent.trust import content_domain
from agent.verifier import VerifyOptions
from app.errors import Saturated, describe_error
from app.schemas import (
    AuditRequest,
    AuditResponse,
    CheckClaimOut,
    CheckRequest,
    CheckResponse,
    HealthResponse,
    KBAddResponse,
    KBDeleteResponse,
    KBDocumentsIn,
    KBSearchHit,
    KBSearchResponse,
    KBStats,
    VerifyRequest,
    VerifyResponse,
    error_responses,
)
from app.services import Services
from app.sse import StepFeed, verification_events
from retrieval.documents import Document
from retrieval.errors import DocumentNotFound

log = logging.getLogger("claimcheck")
STATIC = Path(__file__).with_name("static")


def get_services(request: Request) -> Services:
    return request.app.state.services


ServicesDep = Annotated[Services, Depends(get_services)]

router = APIRouter()

VERIFY_ERRORS = error_responses(400, 401, 413, 422, 429, 503)


SSE_GRAMMAR = (
    "A `text/event-stream` body (Server-Sent Events, WHATWG HTML §9.2), read as text, not JSON:\n\n"
    "    stream  = *( comment / event )\n"
    "    comment = \":\" *CHAR LF              ; keep-alive, ignore it\n"
    "    event   = \"event: \" name LF \"data: \" json LF LF\n\n"
    "`json` is one line of JSON whose shape depends on `name` (listed in the 200 description). The "
    "stream ends after a `result` or an `error` event. OpenAPI 3.1 cannot describe the items of a "
    "stream, so the schema is a string; each event's `data` is what `SSE_EVENT` in app/routes.py says.")


def sse_doc(description: str, example: str) -> dict[str, Any]:
    """The OpenAPI 200 entry of a Server-Sent Events route: a string (what a generated client can
    read), the event grammar in its description."""
    return {"description": description,
            "content": {"text/event-stream": {"schema": {"type": "string", "description": SSE_GRAMMAR},
                                              "example": example}}}


# One Server-Sent Event as SSE parsers (and schemathesis) read it: its name and its JSON text. The
# fuzz test validates every event of a stream against it.
SSE_EVENT = {"type": "object", "required": ["data"],
             "properties": {"event": {"type": "string", "enum": ["step", "claim", "result", "error"]},
                            "data": {"type": "string", "contentMediaType": "application/json"}}}


READ_ERRORS = error_responses(401, 429, 503)


def to_response(result: VerificationResult) -> VerifyResponse:
    body = asdict(result)
    for item, evidence in zip(body["evidence"], result.evidence, strict=True):
        if item["trust"] is None:  # not scored: the content domain alone
            kind = content_domain(evidence, find_doi(evidence.source)).value
            item["trust"] = {"domain": kind, "content_domain": kind, "posterior": None, "verdict": None,
                             "contributions": {}}
    body["claim_type"] = str(result.claim_type)
    body["verdict"] = str(result.verdict)
    return VerifyResponse.model_validate(body)


async def acquire_slot(services: Services) -> None:
    """Take a verification slot now or answer 503 + Retry-After: no queue that grows without bound."""
    if services.verify_slots.locked():
        raise Saturated(f"all {services.settings.MAX_CONCURRENT_VERIFICATIONS} verification slots "
                        "are busy; retry shortly")
    await services.verify_slots.acquire()  # free, so this returns at once (no await point)


def verify_options(body: VerifyRequest) -> VerifyOptions:
    """With references, the KB and the web are searched only when web_search was sent explicitly."""
    return VerifyOptions(
        web_search=body.web_search, references=body.references,
        index_references=body.index_references, grounding=body.grounding, profile=body.profile,
        search_with_references=body.web_search and "web_search" in body.model_fields_set)


@router.post("/api/verify", response_model=VerifyResponse, responses=VERIFY_ERRORS, tags=["verify"])
async def verify(body: VerifyRequest, services: ServicesDep) -> VerifyResponse:
    """Verify a claim: verdict, confidence, cited reasoning, scored evidence and the trace."""
    return await verify_claim(services, body)


async def verify_claim(services: Services, body: VerifyRequest, *, wait_for_slot: bool = False) -> VerifyResponse:
    """One verification as `POST /api/verify` answers it: the verdict cache, a slot, the verifier.
    Batch jobs (jobs/) call it too, with `wait_for_slot` (they wait their turn instead of a 503)."""
    started = time.perf_counter()
    ttl = services.settings.VERDICT_CACHE_TTL_S
    key = None
    if ttl > 0 and not body.references:
        key = verdict_key(body.claim, engine=services.verifier.verdict_engine,
                          model=services.settings.LLM_MODEL, web_search=body.web_search,
                          grounding=body.grounding, profile=body.profile)
        cached = await services.cache.get(key)
        if cached is not None:
            response = VerifyResponse.model_validate_json(cached)
            elapsed = round((time.perf_counter() - started) * 1000, 2)
            return response.model_copy(update={
                "cache": "hit", "session_id": str(uuid.uuid4()), "original_claim": body.claim,
                "steps": [f"Served from the verdict cache ({services.cache.name}); the original trace follows.",
                          *response.steps],
                "timings_ms": {"cache_lookup": elapsed, "total": elapsed}})
    if wait_for_slot:
        await services.verify_slots.acquire()
    else:
        await acquire_slot(services)
    try:
        result = await services.verifier.verify(body.claim, verify_options(body))
    finally:
        services.verify_slots.release()
    response = to_response(result)
    # Degraded answers (the configured engine did not answer) are not cached: the next try may do better.
    if key is not None and result.mode == services.verifier.verdict_engine:
        await services.cache.set(key, response.model_dump_json(), ttl)
    return response


# -- passages (issue 12) ---------------------------------------------------------------


def to_check_response(result: PassageResult) -> CheckResponse:
    return CheckResponse(
        claims=[CheckClaimOut(text=c.text, start=c.start, end=c.end, check_worthy=c.check_worthy,
                              result=to_response(c.result) if c.result else None, reason=c.reason)
                for c in result.claims],
        summary=result.summary, session_id=result.session_id, timings_ms=result.timings_ms,
        steps=result.steps)


@router.post("/api/check", response_model=CheckResponse, responses=VERIFY_ERRORS, tags=["verify"])
async def check(body: CheckRequest, services: ServicesDep) -> CheckResponse:
    """Check every check-worthy claim of a passage; offsets let clients highlight each claim."""
    await acquire_slot(services)
    try:
        result = await services.passages.check(body.text, web_search=body.web_search,
                                               max_claims=body.max_claims)
    finally:
        services.verify_slots.release()
    return to_check_response(result)


@router.post("/api/check/stream", tags=["verify"], response_class=StreamingResponse, responses={
    200: sse_doc("Server-Sent Events: one `claim` event per claim (`{text, start, end, check_worthy, "
                 "result, reason}`) as its verification completes, then one `result` event with the "
                 "`POST /api/check` body (or one `error` event `{error, detail}`).",
                 'event: claim\ndata: {"text": "The Eiffel Tower was completed in 1889.", "start": 0, '
                 '"end": 39, "check_worthy": 0.91, "result": {…}, "reason": "check-worthy"}\n\n'
                 "event: result\ndata: {…the POST /api/check body…}\n\n"),
    **VERIFY_ERRORS})
async def check_stream(body: CheckRequest, services: ServicesDep) -> StreamingResponse:
    """Server-Sent Events: one `claim` event per claim as its verification completes, then `result`."""
    await acquire_slot(services)
    queue: asyncio.Queue[tuple[str, str]] = asyncio.Queue()

    def on_claim(claim) -> None:
        out = CheckClaimOut(text=claim.text, start=claim.start, end=claim.end, check_worthy=claim.check_worthy,
                            result=to_response(claim.result) if claim.result else None, reason=claim.reason)
        queue.put_nowait(("claim", out.model_dump_json()))

    async def produce() -> None:
        try:
            result = await services.passages.check(body.text, web_search=body.web_search,
                                                   max_claims=body.max_claims, on_claim=on_claim)
            queue.put_nowait(("result", to_check_response(result).model_dump_json()))
        except Exception as exc:  # reported to the client as an SSE error event, and logged
            log.exception("passage check failed")
            queue.put_nowait(("error", json.dumps({"error": "internal_error", "detail": str(exc)})))
        finally:
            services.verify_slots.release()

    # Started here, not in events(): if the client leaves before the body is iterated, the task
    # still ends (bounded by the passage budget) and gives the slot back.
    task = asyncio.create_task(produce())

    async def events():
        try:
            while True:
                name, data = await queue.get()
                yield f"event: {name}\ndata: {data}\n\n"
                if name in {"result", "error"}:
                    break
        finally:
            if not task.done():
                task.cancel()

    return StreamingResponse(events(), media_type="text/event-stream",
                             headers={"cache-control": "no-cache", "x-accel-buffering": "no"})


# -- source audit (issue 13) ------------------------------------------------------------


@router.post("/api/sources/audit", response_model=AuditResponse, responses=VERIFY_ERRORS, tags=["sources"])
async def audit_sources(body: AuditRequest, services: ServicesDep) -> AuditResponse:
    """Check the URLs a text cites: live?, authoritative?, fresh?, and do they support the citing sentence?"""
    result = await services.auditor.audit(body.text, body.topic)
    return AuditResponse.model_validate(asdict(result))


@router.get("/api/health", response_model=HealthResponse, responses=error_responses(503), tags=["meta"])
async def health(services: ServicesDep) -> HealthResponse:
    """Liveness plus what each component is and what it fell back to."""
    return HealthResponse(status="ok", kb_size=await services.kb.count(), components=services.components())


@router.get("/api/kb/stats", response_model=KBStats, responses=READ_ERRORS, tags=["knowledge base"])
async def kb_stats(services: ServicesDep) -> KBStats:
    """How many documents (passages) the knowledge base holds, by source type and origin, and
    the oldest and newest timestamps."""
    stats = await services.kb.stats()
    return KBStats(mode=services.kb.mode, collection=services.settings.COLLECTION_NAME,
                   embedder=services.embedder.name, **stats)


@router.get("/api/kb/search", response_model=KBSearchResponse, responses=error_responses(401, 422, 429, 503), tags=["knowledge base"])
async def kb_search(services: ServicesDep,
                    q: Annotated[str, Query(min_length=1, max_length=2000, pattern=r"\S")],
                    k: Annotated[int, Query(ge=1, le=100)] = 10) -> KBSearchResponse:
    """The verifier's retrieve + rerank over the KB (hybrid, then the reranker and its threshold).
    A lookup: it does not count as an access."""
    kept = await services.retriever.search(q.strip(), k=k, record_access=False)
    return KBSearchResponse(query=q.strip(), reranker=services.retriever.reranker.name, results=[
        KBSearchHit(
            id=c.doc.id, text=c.doc.text, source=c.doc.source, title=c.doc.title,
            score=round(float(c.relevance or 0.0), 6), relevance=round(float(c.relevance or 0.0), 6),
            retrieval_score=round(c.retrieval_score, 6),
            dense=None if c.dense is None else round(c.dense, 6), lexical=round(c.lexical, 6),
            parent_id=c.doc.parent_id, domain=str(c.doc.metadata.get("domain") or ""),
            source_type=str(c.doc.metadata.get("source_type") or ""), credibility=c.doc.credibility,
            origin=str(c.doc.metadata.get("origin") or ""),
            timestamp=str(c.doc.metadata.get("timestamp") or "") or None,
            access_count=c.doc.access_count,
            verification_count=int(c.doc.metadata.get("verification_count") or 0),
            avg_relevance=float(c.doc.metadata.get("avg_relevance") or 0.0),
        ) for c in kept])


@router.post("/api/kb/documents", response_model=KBAddResponse, responses=error_responses(400, 401, 413, 422, 429, 503), tags=["knowledge base"])
async def kb_add(body: KBDocumentsIn, services: ServicesDep) -> KBAddResponse:
    """Add documents in one batch. Ids are deterministic (source + text): re-adding adds nothing.
    Long documents are stored as passages that keep the parent's id, URL and title."""
    report = await services.retriever.index([
        Document(text=d.text, source=d.source, title=d.title or "", timestamp=d.timestamp, origin="user")
        for d in body.documents])
    return KBAddResponse(ids=report.ids, added=report.added, duplicates=report.duplicates)


@router.delete("/api/kb/documents/{doc_id}", response_model=KBDeleteResponse,
               responses=error_responses(401, 404, 422, 429, 503), tags=["knowledge base"])
async def kb_delete(doc_id: str, services: ServicesDep) -> KBDeleteResponse:
    """Delete a document (every passage of a chunked one) by the id POST returned."""
    deleted = await services.kb.delete(doc_id)
    if not deleted:
        raise DocumentNotFound(f"no document with id {doc_id!r}")
    return KBDeleteResponse(id=doc_id, deleted=deleted)


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
    "/api/verify/stream", tags=["verify"], response_class=StreamingResponse, responses={
        200: sse_doc("Server-Sent Events: one `step` event per step as it happens "
                     "(`{index, step, elapsed_ms}`), then one `result` event with the `POST /api/verify` "
                     "body (or one `error` event `{error, detail, status}` if the verification fails "
                     "after the stream started). Lines starting with `:` are comments (keep-alives).",
                     STREAM_EXAMPLE),
        **VERIFY_ERRORS})
async def verify_stream(body: VerifyRequest, services: ServicesDep) -> StreamingResponse:
    """Verify a claim with live progress: the same body as `POST /api/verify`, answered as SSE."""
    await acquire_slot(services)  # before the stream starts, so saturation is a plain 503
    feed = StepFeed()

    async def run() -> VerificationResult:
        try:
            return await services.verifier.verify(body.claim, verify_options(body), on_step=feed)
        finally:
            services.verify_slots.release()

    def error_body(exc: Exception) -> dict[str, Any]:
        status, error, _ = describe_error(exc)
        return {**error, "status": status}

    events = verification_events(asyncio.create_task(run()), feed,
                                 lambda result: to_response(result).model_dump(mode="json"), error_body)
    return StreamingResponse(events, media_type="text/event-stream",
                             headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"})


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
    return get_swagger_ui_html(openapi_url="/openapi.json", title="claimcheck — API",
                               swagger_js_url="/docs-assets/swagger-ui-bundle.js",
                               swagger_css_url="/docs-assets/swagger-ui.css",
                               swagger_favicon_url="/docs-assets/favicon-32x32.png")
