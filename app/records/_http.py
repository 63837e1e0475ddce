"""The records' HTTP routes and bodies (app/records): list, read, delete and review verifications,
the reviews' ClaimReview feed."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from typing import TYPE_CHECKING, Annotated, Any, Literal

from fastapi import APIRouter, Depends, Query, Request
from fastapi.responses import JSONResponse, StreamingResponse
from pydantic import BaseModel, ConfigDict, Field

from app.errors import error_response
from app.jsonbody import StrictJSONRoute
from app.records._recorder import Recorder, iso_time
from app.records._reviews import ReviewerKeys, add_review, claim_review
from app.schemas.common import error_responses
from app.schemas.verify import VerifyResponse
from app.security import presented_key
from jobs.records import (
    RecordRow,
    ReviewRow,
    decode_cursor,
    encode_cursor,
)

if TYPE_CHECKING:
    from app.config import Settings

log = logging.getLogger("claimcheck.records")

router = APIRouter(
    tags=["records"], route_class=StrictJSONRoute
)  # bodies read strictly (app/jsonbody.py)


class RecordSummary(BaseModel):
    id: str
    created_at: str
    claim: str
    verdict: str | None


class RecordList(BaseModel):
    records: list[RecordSummary]
    next_cursor: str | None = Field(
        description="pass as ?cursor= for the next page; null on the last page"
    )


class SnapshotOut(BaseModel):
    n: int = Field(description="the evidence item's number in the answer ([n] in its reasoning)")
    evidence_id: str
    source: str
    text: str = Field(description="the item's text as the verification read it")
    sha256: str = Field(description="sha256 of `text` (UTF-8), hex")
    fetched_at: str | None = Field(
        description="when the text was fetched from the web or stored in the KB"
    )
    archive_url: str | None = Field(
        description="the Wayback Machine capture, once ARCHIVE=wayback made one"
    )
    archive_state: str | None = Field(
        description="null (not archived) | pending | archived | failed"
    )
    archive_note: str | None = None


class EditorReviewOut(BaseModel):
    id: str
    record_id: str
    reviewer: str = Field(description="the name REVIEWER_KEYS gives the key that reviewed")
    verdict: str
    note: str
    machine_verdict: str | None = Field(description="what claimcheck had answered")
    url: str = Field(
        description="where the review is published (REVIEW_URL), the ClaimReview `url`"
    )
    kb_id: str | None = Field(description="the fact-check document the knowledge base learned")
    created_at: str


class RecordOut(BaseModel):
    model_config = ConfigDict(extra="allow")

    id: str
    created_at: str
    via: str
    engines: dict[str, Any]
    prompts: dict[str, str] = Field(
        description="sha256 of each system prompt, by name (agent/prompts.py)"
    )
    search: dict[str, Any] = Field(description="tier_used and each search tier's queries")
    snapshots: list[SnapshotOut]
    reviews: list[EditorReviewOut]


class DeletedOut(BaseModel):
    id: str
    deleted: bool


class VerificationOut(VerifyResponse):
    record: RecordOut


class ReviewIn(BaseModel):
    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={
            "examples": [
                {
                    "verdict": "False",
                    "note": "NASA imagery and every survey since 1522 show a sphere.",
                }
            ]
        },
    )

    verdict: Literal[
        "True", "False", "Partially True", "Misleading", "Not Enough Evidence", "Not Verifiable"
    ]
    note: str = Field(
        "", max_length=4000, description="the editor's reasons; published as the reviewBody"
    )


def review_out(review: ReviewRow) -> EditorReviewOut:
    return EditorReviewOut(
        id=review.id,
        record_id=review.record_id,
        reviewer=review.reviewer,
        verdict=review.verdict,
        note=review.note,
        machine_verdict=review.machine_verdict,
        url=review.url,
        kb_id=review.kb_id,
        created_at=iso_time(review.created_at),
    )


def verification_body(row: RecordRow) -> dict[str, Any]:
    """The stored answer with its `record` (snapshots and reviews included)."""
    return {
        **row.answer,
        "record": {
            **row.record,
            "snapshots": [s.as_dict() for s in row.snapshots],
            "reviews": [review_out(r).model_dump() for r in row.reviews],
        },
    }


def get_recorder(request: Request) -> Recorder | None:
    return getattr(request.app.state, "records", None)


def owner_of(request: Request) -> str:
    return request.scope.get("state", {}).get("api_key", "")


RecorderDep = Annotated["Recorder | None", Depends(get_recorder)]
OwnerDep = Annotated[str, Depends(owner_of)]
RECORD_ERRORS = error_responses(401, 404, 422, 429, 503)
CURSOR = r"^[0-9]{1,12}\.[0-9]{1,12}_vrf_[0-9a-f]{32}$"  # jobs.records.encode_cursor


def _off() -> JSONResponse:
    return error_response(404, "not_found", "records are off (RECORDS=false)")


def _missing(record_id: str) -> JSONResponse:
    return error_response(404, "not_found", f"no verification {record_id!r}")


@router.get(
    "/api/verifications",
    response_model=RecordList,
    responses=error_responses(401, 404, 422, 429, 503),
)
async def list_verifications(
    recorder: RecorderDep,
    owner: OwnerDep,
    limit: Annotated[int, Query(ge=1, le=500)] = 50,
    cursor: Annotated[
        str | None, Query(pattern=CURSOR, description="next_cursor of the previous page")
    ] = None,
    claim: Annotated[
        str | None, Query(max_length=500, description="keep claims containing this text (any case)")
    ] = None,
) -> Any:
    """This key's verifications, newest first (cursor pagination; `?claim=` searches the claims)."""
    if recorder is None:
        return _off()
    try:
        after = decode_cursor(cursor) if cursor else None
    except ValueError as exc:
        return error_response(
            422,
            "invalid_request",
            [{"type": "value_error", "loc": ["query", "cursor"], "msg": str(exc)}],
        )
    await recorder.writer.flush()
    rows = await recorder.store.list(
        owner, limit=limit + 1, cursor=after, claim=(claim or "").strip() or None
    )
    more = len(rows) > limit
    rows = rows[:limit]
    return RecordList(
        records=[
            RecordSummary(id=i, created_at=iso_time(c), claim=t, verdict=v) for i, c, t, v in rows
        ],
        next_cursor=encode_cursor(rows[-1][1], rows[-1][0]) if more and rows else None,
    )


@router.get(
    "/api/verifications/{record_id}", response_model=VerificationOut, responses=RECORD_ERRORS
)
async def get_verification(record_id: str, recorder: RecorderDep, owner: OwnerDep) -> Any:
    """The answer as it was sent, with its record: engines, prompts' sha256, queries and tiers, and
    each evidence item's text as it was read (sha256, fetch time, archive URL)."""
    if recorder is None:
        return _off()
    row = await recorder.get(record_id, owner)
    if row is None:
        return _missing(record_id)
    return JSONResponse(verification_body(row))


@router.delete("/api/verifications/{record_id}", response_model=DeletedOut, responses=RECORD_ERRORS)
async def delete_verification(record_id: str, recorder: RecorderDep, owner: OwnerDep) -> Any:
    """Delete a record and its snapshots (its reviews stay published)."""
    if recorder is None:
        return _off()
    if record_id in recorder.writer.pending:
        await recorder.writer.flush()
    if len(record_id) > 40 or not await recorder.store.delete(record_id, owner):
        return _missing(record_id)
    return DeletedOut(id=record_id, deleted=True)


@router.post(
    "/api/verifications/{record_id}/review",
    status_code=201,
    response_model=EditorReviewOut,
    responses=error_responses(400, 401, 404, 422, 429, 503)
    | {
        403: {
            "description": "The key is not one of REVIEWER_KEYS.",
            "content": {"application/json": {"example": {"error": "forbidden", "detail": "…"}}},
        }
    },
)
async def review_verification(
    record_id: str, body: ReviewIn, request: Request, recorder: RecorderDep, owner: OwnerDep
) -> Any:
    """An editor's verdict on a record (a key of REVIEWER_KEYS): stored, and written into the
    knowledge base as the newsroom's own fact-check, so the next verification of the claim or a
    paraphrase quotes it and lets it decide unless newer credible evidence says otherwise."""
    settings: Settings = request.app.state.settings
    reviewer = ReviewerKeys(settings.reviewers).name(presented_key(request.headers))
    if reviewer is None:
        return error_response(
            403, "forbidden", "only a key listed in REVIEWER_KEYS may review a verdict"
        )
    if recorder is None:
        return _off()
    row = await recorder.get(record_id, owner)
    if row is None:
        return _missing(record_id)
    runtime = request.app.state.runtime
    review = await add_review(
        settings,
        runtime.knowledge,
        runtime.verification.reviews_changed,
        recorder,
        row,
        reviewer,
        body.verdict,
        body.note,
        base_url=str(request.base_url).rstrip("/"),
    )
    return JSONResponse(review_out(review).model_dump(), status_code=201)


FEED_DOC = {
    200: {
        "description": (
            '`claimreview`: one schema.org JSON-LD document `{"@context", "@graph": [ClaimReview…]}`, newest '
            "first; `jsonl`: one review `{id, record_id, reviewer, verdict, note, machine_verdict, url, kb_id, "
            "created_at}` per line."
        ),
        "content": {
            "application/ld+json": {"schema": {"type": "object"}},
            "application/x-ndjson": {"schema": {"type": "string"}},
        },
    }
}


@router.get(
    "/api/reviews",
    response_class=StreamingResponse,
    responses={**FEED_DOC, **error_responses(401, 404, 422, 429, 503)},
)
async def review_feed(
    request: Request,
    recorder: RecorderDep,
    owner: OwnerDep,
    format: Annotated[Literal["claimreview", "jsonl"], Query()] = "claimreview",  # noqa: A002
    limit: Annotated[int | None, Query(ge=1, le=100_000)] = None,
) -> Any:
    """This key's reviews as a ClaimReview feed a publisher can put on its site (or JSONL)."""
    if recorder is None:
        return _off()
    reviews = await recorder.store.reviews(owner, limit=limit)
    publisher = request.app.state.settings.REVIEW_PUBLISHER

    async def jsonl() -> AsyncIterator[str]:
        for review in reviews:
            yield review_out(review).model_dump_json() + "\n"

    if format == "jsonl":
        return StreamingResponse(
            jsonl(), media_type="application/x-ndjson", headers={"Cache-Control": "no-store"}
        )
    author_url = request.app.state.settings.CLAIMREVIEW_AUTHOR_URL
    feed = {
        "@context": "https://schema.org",
        "@graph": [claim_review(r, publisher, author_url) for r in reviews],
    }
    return JSONResponse(
        feed, media_type="application/ld+json", headers={"Cache-Control": "no-store"}
    )


ONE_REVIEW_DOC = {
    200: {
        "description": "A schema.org ClaimReview JSON-LD object.",
        "content": {"application/ld+json": {"schema": {"type": "object"}}},
    }
}


@router.get(
    "/api/reviews/{review_id}",
    response_class=JSONResponse,
    responses={**ONE_REVIEW_DOC, **RECORD_ERRORS},
)
async def one_review(
    review_id: str, request: Request, recorder: RecorderDep, owner: OwnerDep
) -> Any:
    """One review as ClaimReview JSON-LD (what REVIEW_URL points to when it is unset)."""
    if recorder is None:
        return _off()
    review = await recorder.store.review(review_id) if len(review_id) <= 40 else None
    if review is None or review.owner != owner:
        return error_response(404, "not_found", f"no review {review_id!r}")
    return JSONResponse(
        {
            "@context": "https://schema.org",
            **claim_review(
                review,
                request.app.state.settings.REVIEW_PUBLISHER,
                request.app.state.settings.CLAIMREVIEW_AUTHOR_URL,
            ),
        },
        media_type="application/ld+json",
    )
