"""Thin routes: validate, call the verifier or the KB, shape the answer."""

from __future__ import annotations

import asyncio
from dataclasses import asdict
from pathlib import Path
from typing import Annotated

from fastapi import APIRouter, Depends, Query, Request
from fastapi.responses import FileResponse

from agent.models import VerificationResult
from agent.verifier import VerifyOptions
from app.errors import Saturated
from app.schemas import (
    ErrorBody,
    HealthResponse,
    KBAddResponse,
    KBDeleteResponse,
    KBDocumentsIn,
    KBSearchHit,
    KBSearchResponse,
    KBStats,
    VerifyRequest,
    VerifyResponse,
)
from app.services import Services
from retrieval.documents import Document
from retrieval.errors import DocumentNotFound

STATIC = Path(__file__).with_name("static")
SATURATION_WAIT_S = 10.0


def get_services(request: Request) -> Services:
    return request.app.state.services


ServicesDep = Annotated[Services, Depends(get_services)]

router = APIRouter()

_ERRORS = {code: {"model": ErrorBody} for code in (413, 422, 503)}


def to_response(result: VerificationResult) -> VerifyResponse:
    body = asdict(result)
    for item in body["evidence"]:
        item["trust"] = item["trust"] or {"domain": item["domain"], "posterior": None,
                                          "verdict": None, "contributions": {}}
    body["claim_type"] = str(result.claim_type)
    body["verdict"] = str(result.verdict)
    return VerifyResponse.model_validate(body)


@router.post("/api/verify", response_model=VerifyResponse, responses=_ERRORS, tags=["verify"])
async def verify(body: VerifyRequest, services: ServicesDep) -> VerifyResponse:
    """Verify a claim: verdict, confidence, cited reasoning, scored evidence and the trace."""
    try:
        await asyncio.wait_for(services.verify_slots.acquire(), timeout=SATURATION_WAIT_S)
    except TimeoutError:
        raise Saturated("too many verifications are running; retry shortly") from None
    try:
        result = await services.verifier.verify(body.claim, VerifyOptions(
            web_search=body.web_search, references=body.references,
            index_references=body.index_references, grounding=body.grounding, profile=body.profile))
    finally:
        services.verify_slots.release()
    return to_response(result)


@router.get("/api/health", response_model=HealthResponse, tags=["meta"])
async def health(services: ServicesDep) -> HealthResponse:
    """Liveness plus what each component is and what it fell back to."""
    return HealthResponse(status="ok", kb_size=await services.kb.count(), components=services.components())


@router.get("/api/kb/stats", response_model=KBStats, tags=["knowledge base"])
async def kb_stats(services: ServicesDep) -> KBStats:
    """How many documents (passages) the knowledge base holds, by source type and origin, and
    the oldest and newest timestamps."""
    stats = await services.kb.stats()
    return KBStats(mode=services.kb.mode, collection=services.settings.COLLECTION_NAME,
                   embedder=services.embedder.name, **stats)


@router.get("/api/kb/search", response_model=KBSearchResponse, responses=_ERRORS, tags=["knowledge base"])
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


@router.post("/api/kb/documents", response_model=KBAddResponse, responses=_ERRORS, tags=["knowledge base"])
async def kb_add(body: KBDocumentsIn, services: ServicesDep) -> KBAddResponse:
    """Add documents in one batch. Ids are deterministic (source + text): re-adding adds nothing.
    Long documents are stored as passages that keep the parent's id, URL and title."""
    report = await services.retriever.index([
        Document(text=d.text, source=d.source, title=d.title or "", timestamp=d.timestamp, origin="user")
        for d in body.documents])
    return KBAddResponse(ids=report.ids, added=report.added, duplicates=report.duplicates)


@router.delete("/api/kb/documents/{doc_id}", response_model=KBDeleteResponse,
               responses={404: {"model": ErrorBody}, 503: {"model": ErrorBody}}, tags=["knowledge base"])
async def kb_delete(doc_id: str, services: ServicesDep) -> KBDeleteResponse:
    """Delete a document (every passage of a chunked one) by the id POST returned."""
    deleted = await services.kb.delete(doc_id)
    if not deleted:
        raise DocumentNotFound(f"no document with id {doc_id!r}")
    return KBDeleteResponse(id=doc_id, deleted=deleted)


@router.get("/", include_in_schema=False)
async def try_it() -> FileResponse:
    return FileResponse(STATIC / "index.html", media_type="text/html")
