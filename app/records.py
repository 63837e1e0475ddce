"""Every answer's record, editors' reviews and the ClaimReview feed (issue 40; docs/records.md).

`Recorder.keep` gives an answer its `id` and queues its record — the answer as sent, the engines
and prompts that made it, the queries and tiers searched, and each evidence item's text as it was
read with its sha256 — for `RecordWriter` to write after the answer (jobs/record_writer.py). It never
raises: a record that cannot be made is logged and the answer goes out without an id.

A review (`POST /api/verifications/{id}/review`, a key of REVIEWER_KEYS) is stored and written
into the knowledge base as the newsroom's own fact-check (origin `review`, publisher
REVIEW_PUBLISHER, the verdict as its rating): the prior-fact-check matcher (agent/prior/_match.py)
finds it for the same claim and its paraphrases, and `agent.prior.weigh_reviews` lets it decide
unless the judge cites newer evidence at least as credible.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import hashlib
import hmac
import json
import logging
import time
import uuid
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Literal

from fastapi import APIRouter, Depends, Query, Request
from fastapi.responses import JSONResponse, StreamingResponse
from pydantic import BaseModel, ConfigDict, Field

from agent.models import VerificationResult
from app.errors import error_response
from app.jsonbody import StrictJSONRoute
from app.schemas.common import error_responses
from app.schemas.verify import VerifyResponse
from jobs.formats import BEST_RATING, RATING, WORST_RATING
from jobs.record_writer import RecordWriter
from jobs.records import (
    NewRecord,
    RecordRow,
    RecordStore,
    ReviewRow,
    Snapshot,
    decode_cursor,
    encode_cursor,
)
from retrieval.documents import review_document

if TYPE_CHECKING:
    from agent.verifier import VerifyOptions
    from app.archive import Archiver
    from app.config import Settings
    from app.services import Services

__all__ = [
    "Recorder",
    "ReviewerKeys",
    "claim_review",
    "describe_engines",
    "prompt_hashes",
    "router",
]

log = logging.getLogger("claimcheck.records")

VERDICTS = (
    "True",
    "False",
    "Partially True",
    "Misleading",
    "Not Enough Evidence",
    "Not Verifiable",
)
Via = Literal["verify", "stream", "passage", "job", "mcp", "cli"]
DATA = Path(__file__).resolve().parents[1] / "agent" / "data"


# -- what made the answer: engines and prompts, described once per process ---------------------------


def _sha256_file(path: Path) -> str | None:
    try:
        with path.open("rb") as handle:
            return hashlib.file_digest(handle, "sha256").hexdigest()
    except OSError:
        return None


def _version(package: str) -> str | None:
    try:
        return version(package)
    except PackageNotFoundError:
        return None


def prompt_hashes() -> dict[str, str]:
    """sha256 of every system prompt the LLM may be sent (agent/prompts.py), by name."""
    from agent import prompts

    return {
        name: hashlib.sha256(value.encode()).hexdigest()
        for name, value in sorted(vars(prompts).items())
        if name.endswith("_SYSTEM") and isinstance(value, str)
    }


def describe_engines(services: Services) -> dict[str, Any]:
    """Which engines answer, with versions and the hashes of the weights claimcheck ships (blocking:
    hashes files once, at start-up)."""
    s = services.settings
    verifier = services.verifier
    nli = verifier.nli
    resolved = getattr(services.embedder, "resolved", None)
    embedder_files = None
    if resolved is not None and Path(str(resolved.location)).is_dir():
        from retrieval.onnx_export import fingerprint

        embedder_files = fingerprint(Path(str(resolved.location)))
    judge: dict[str, Any] | None = None
    if services.judge_status is not None and services.judge_status.loaded:
        judge = {
            "name": services.judge_status.name,
            "backend": getattr(nli, "backend", None),
            "alignment": getattr(nli, "aligner", None) is not None,
            "sha256": {
                name: _sha256_file(DATA / name)
                for name in ("judge.safetensors", "judge.json", "judge-align.json")
            },
        }
    rs = services.reranker_status
    return {
        "claimcheck": _version("claimcheck"),
        "verdict_engine": verifier.verdict_engine,
        "llm": {"model": s.LLM_MODEL, "temperature": s.LLM_TEMPERATURE}
        if services.chat is not None
        else None,
        "judge": judge,
        "nli": (
            {"name": nli.name, "kind": getattr(nli, "kind", "NLI model")}
            if nli is not None and judge is None
            else None
        ),
        "embedder": {
            "name": services.embedder.name,
            "backend": services.embedder_status.active,
            "files_sha256": embedder_files,
        },
        "reranker": {"name": rs.active, "requested": rs.requested, "backend": rs.backend},
        "classifier": services.classifier,
        "search_provider": services.provider.name if services.provider is not None else "none",
        "libraries": {
            name: _version(name)
            for name in (
                "sentence-transformers",
                "transformers",
                "torch",
                "onnxruntime",
                "chromadb",
                "openai",
            )
        },
    }


# -- the recorder ---------------------------------------------------------------------------------------


def iso_time(timestamp: float) -> str:
    return (
        dt.datetime.fromtimestamp(timestamp, dt.UTC)
        .isoformat(timespec="milliseconds")
        .replace("+00:00", "Z")
    )


def _options(options: VerifyOptions | None) -> dict[str, Any]:
    if options is None:
        return {}
    return {
        "web_search": options.web_search,
        "references": len(options.references or []),
        "grounding": options.grounding,
        "profile": options.profile,
    }


@dataclass
class Recorder:
    """Gives answers ids and keeps their records; one per process (API, worker or CLI)."""

    settings: Settings
    store: RecordStore
    writer: RecordWriter
    engines: dict[str, Any]
    prompts: dict[str, str]
    archiver: Archiver | None = None
    clock: Any = time.time  # tests move it a week on
    kept: int = 0
    errors: int = 0
    _pruner: asyncio.Task[None] | None = field(default=None, repr=False)

    @classmethod
    def open(
        cls,
        settings: Settings,
        store: RecordStore,
        engines: dict[str, Any],
        archiver: Archiver | None = None,
    ) -> Recorder:
        recorder = cls(settings, store, RecordWriter(store), engines, prompt_hashes(), archiver)
        if archiver is not None:
            recorder.writer.on_written = archiver.submit_records
        if settings.RECORD_TTL_DAYS:
            recorder._pruner = asyncio.get_running_loop().create_task(
                recorder._prune_loop(), name="claimcheck-records-prune"
            )
        return recorder

    def keep(
        self,
        result: VerificationResult,
        response: VerifyResponse,
        owner: str,
        *,
        via: Via,
        options: VerifyOptions | None = None,
    ) -> str | None:
        """Set `response.id` and queue the record; never raises, never waits."""
        try:
            record_id = "vrf_" + uuid.uuid4().hex
            response.id = record_id
            created = self.clock()
            snapshots = tuple(
                self._snapshot(n, item, result) for n, item in enumerate(response.evidence, 1)
            )
            record = {
                "id": record_id,
                "created_at": iso_time(created),
                "via": via,
                "claim": result.claim,
                "original_claim": result.original_claim,
                "options": _options(options),
                "mode": result.mode,
                "cache": result.cache,
                "engines": self.engines,
                "prompts": self.prompts,
                "search": {
                    "tier_used": result.search.tier_used,
                    "queries": [
                        {
                            "tier": s.tier,
                            "queries": s.queries,
                            "results": s.results,
                            "error": s.error,
                        }
                        for s in result.trail.searches
                    ],
                },
            }
            self.writer.put(
                NewRecord(
                    record_id,
                    owner,
                    created,
                    result.claim,
                    str(result.verdict),
                    response.model_dump_json(),
                    json.dumps(record),
                    snapshots,
                )
            )
            self.kept += 1
            return record_id
        except Exception as exc:  # noqa: BLE001 — the answer matters more than its record
            self.errors += 1
            response.id = None
            log.error("records: could not keep the record of %r: %s", result.claim[:80], exc)
            return None

    def _snapshot(self, n: int, item: Any, result: VerificationResult) -> Snapshot:
        text = item.text
        archive = None
        if (
            self.archiver is not None
            and item.source.startswith(("http://", "https://"))
            and not (
                item.review is not None and item.review.publisher == self.settings.REVIEW_PUBLISHER
            )
        ):
            archive = "pending"
        return Snapshot(
            n,
            item.id,
            item.source,
            text,
            hashlib.sha256(text.encode()).hexdigest(),
            result.trail.fetched_at.get(item.id),
            archive_state=archive,
        )

    async def get(self, record_id: str, owner: str) -> RecordRow | None:
        if record_id in self.writer.pending:  # answered a moment ago: written first
            await self.writer.flush()
        return await self.store.get(record_id, owner) if len(record_id) <= 40 else None

    async def _prune_loop(self) -> None:
        ttl = float(self.settings.RECORD_TTL_DAYS or 0) * 86400
        while True:
            try:
                gone = await self.store.prune(self.clock() - ttl)
                if gone:
                    log.info(
                        "records: pruned %d record(s) older than %g day(s)",
                        gone,
                        self.settings.RECORD_TTL_DAYS,
                    )
            except Exception as exc:  # noqa: BLE001 — pruning is retried at the next round
                log.warning("records: pruning failed: %s", exc)
            await asyncio.sleep(min(3600.0, max(60.0, ttl / 24)))

    def describe(self) -> dict[str, Any]:
        return {
            "enabled": True,
            "kept": self.kept,
            "errors": self.errors,
            "written": self.writer.written,
            "write_failures": self.writer.failed,
            "pending": len(self.writer.pending),
            "ttl_days": self.settings.RECORD_TTL_DAYS,
            "archive": self.archiver.describe()
            if self.archiver is not None
            else {"backend": "off"},
        }

    async def aclose(self) -> None:
        if self._pruner is not None:
            self._pruner.cancel()
            await asyncio.gather(self._pruner, return_exceptions=True)
        await self.writer.aclose()
        if self.archiver is not None:
            await self.archiver.aclose()


async def open_recorder(settings: Settings, services: Services, engine: Any) -> Recorder | None:
    """The recorder on the jobs database's engine, or None with RECORDS=false."""
    if not settings.RECORDS:
        return None
    from retrieval.concurrency import run_blocking

    engines = await run_blocking(describe_engines, services)
    store = RecordStore(engine)
    archiver = None
    if settings.ARCHIVE == "wayback":
        from app.archive import Archiver

        archiver = Archiver.from_settings(settings, store)
        await archiver.resume()
    return Recorder.open(settings, store, engines, archiver)


@asynccontextmanager
async def local_records(settings: Settings, services: Services) -> AsyncIterator[Recorder | None]:
    """Records for a process without the HTTP app (`claimcheck verify`, `claimcheck mcp` over stdio):
    the same database, opened here and closed (records written) on the way out."""
    if not settings.RECORDS:
        yield None
        return
    from jobs.store import JobStore

    store = await JobStore.open(settings.database_url)
    try:
        recorder = services.verification.recorder = await open_recorder(
            settings, services, store.engine
        )
        try:
            yield recorder
        finally:
            services.verification.recorder = None
            if recorder is not None:
                await recorder.aclose()
    finally:
        await store.aclose()


# -- reviewers --------------------------------------------------------------------------------------


def _digest(value: str) -> bytes:
    return hashlib.sha256(value.encode("utf-8", "surrogateescape")).digest()


class ReviewerKeys:
    """REVIEWER_KEYS held as digests; `name` compares against every one in constant time."""

    def __init__(self, reviewers: dict[str, str]) -> None:
        self._keys = [(_digest(key), name) for key, name in reviewers.items()]

    def name(self, presented: str | None) -> str | None:
        if not presented:
            return None
        candidate = _digest(presented)
        match = None
        for digest, name in self._keys:
            if hmac.compare_digest(candidate, digest):
                match = name
        return match


# -- ClaimReview ------------------------------------------------------------------------------------


def claim_review(
    review: ReviewRow, publisher: str, publisher_url: str | None = None
) -> dict[str, Any]:
    """One review as schema.org ClaimReview (JSON-LD, without @context)."""
    # the scale of the jobs' ClaimReview export (docs/jobs.md#claimreview): one scale for both feeds
    rating = {
        "@type": "Rating",
        "alternateName": review.verdict,
        "ratingValue": RATING.get(review.verdict, 3),
        "bestRating": BEST_RATING,
        "worstRating": WORST_RATING,
    }
    return {
        "@type": "ClaimReview",
        "identifier": review.id,
        "url": review.url,
        "claimReviewed": review.claim,
        "datePublished": iso_time(review.created_at)[:10],
        "author": {
            "@type": "Organization",
            "name": publisher,
            **({"url": publisher_url} if publisher_url else {}),
        },
        "reviewRating": rating,
        "reviewBody": review.note,
        "itemReviewed": {"@type": "Claim", "text": review.claim},
    }


# -- HTTP -------------------------------------------------------------------------------------------

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
    from app.security import presented_key

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
    services: Services = request.app.state.services
    review = await add_review(
        services,
        recorder,
        row,
        reviewer,
        body.verdict,
        body.note,
        base_url=str(request.base_url).rstrip("/"),
    )
    return JSONResponse(review_out(review).model_dump(), status_code=201)


async def add_review(
    services: Services,
    recorder: Recorder,
    row: RecordRow,
    reviewer: str,
    verdict: str,
    note: str,
    *,
    base_url: str,
) -> ReviewRow:
    """Store a review and teach the knowledge base (shared by the route and `claimcheck review`)."""
    settings = services.settings
    review_id = "rev_" + uuid.uuid4().hex
    url = (settings.REVIEW_URL or base_url + "/api/reviews/{id}").replace("{id}", review_id)
    created = recorder.clock()
    day = iso_time(created)[:10]
    document = review_document(
        claim=row.claim,
        url=url,
        publisher=settings.REVIEW_PUBLISHER,
        rating=verdict,
        verdict=verdict,
        title=f"{settings.REVIEW_PUBLISHER} review: {row.claim}"[:300],
        published=day,
        extra={"reviewer": reviewer, "record_id": row.id, "review_id": review_id},
    )
    document.origin = "review"
    if note.strip():
        document.text += f" Editor's note: {note.strip()}"
    report = await services.retriever.index([document])
    review = ReviewRow(
        review_id,
        row.id,
        row.owner,
        reviewer,
        row.claim,
        verdict,
        note.strip(),
        row.verdict,
        url,
        report.ids[0] if report.ids else document.id,
        created,
    )
    await recorder.store.add_review(review)
    await services.verification.reviews_changed()  # cached answers predate the review
    log.info(
        "review %s by %s: %r is %s (claimcheck said %s)",
        review_id,
        reviewer,
        row.claim[:80],
        verdict,
        row.verdict,
    )
    return review


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


def keep_all(
    recorder: Recorder | None,
    pairs: Sequence[tuple[VerificationResult, VerifyResponse]],
    owner: str,
    via: Via,
) -> None:
    """Keep several answers (a passage's claims)."""
    if recorder is None:
        return
    for result, response in pairs:
        recorder.keep(result, response, owner, via=via)
