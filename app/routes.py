"""Thin routes: validate, call the verifier or the KB, shape the answer."""

from __future__ import annotations

import asyncio
from dataclasses import asdict
from pathlib import Path
from typing import Annotated

from fastapi import APIRouter, Depends, Request
from fastapi.responses import FileResponse

from agent.models import VerificationResult
from agent.verifier import VerifyOptions
from app.errors import Saturated
from app.schemas import ErrorBody, HealthResponse, KBStats, VerifyRequest, VerifyResponse
from app.services import Services

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
    """How many documents the knowledge base holds, and where."""
    return KBStats(count=await services.kb.count(), mode=services.kb.mode,
                   collection=services.settings.COLLECTION_NAME, embedder=services.embedder.name)


@router.get("/", include_in_schema=False)
async def try_it() -> FileResponse:
    return FileResponse(STATIC / "index.html", media_type="text/html")
