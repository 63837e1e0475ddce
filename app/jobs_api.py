"""Batch jobs over HTTP: `POST /api/jobs`, its state, progress (SSE), cancel and results.

The database (jobs/store.py) holds every job and item result; `JobRunner` runs items inside this
process through the verification service, the code path of `POST /api/verify`. A job belongs to the API key
that made it: another key gets 404, as if it did not exist. See docs/jobs.md.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import json
import logging
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Depends, Query, Request
from fastapi.responses import JSONResponse, StreamingResponse
from pydantic import BaseModel, ConfigDict, Field, ValidationError, create_model

from app.config import Settings
from app.errors import error_response, safe_text
from app.jsonbody import StrictJSONRoute, strict_loads
from app.records import Recorder, open_recorder
from app.schemas import VerifyRequest, error_responses
from app.services import Services
from jobs.formats import (
    CSV_COLUMNS,
    ClaimReviewPublisher,
    InputError,
    claim_review_stream,
    csv_line,
    csv_row,
    parse_file,
    provenance,
    result_row,
    reviewed_claims,
)
from jobs.queue import JobQueue, QueueDispatcher
from jobs.runner import JobRunner
from jobs.store import JobRow, JobStore, NewItem
from jobs.webhook import Webhooks
from search.fetch import Fetcher, FetchError, FetchPolicy, FetchRefused
from search.urls import is_valid_url

log = logging.getLogger("claimcheck.jobs")

router = APIRouter(tags=["jobs"], route_class=StrictJSONRoute)

MAX_ID_CHARS = 200
REJECTED_CLAIM_CHARS = 500  # of a refused item's claim, what is stored (and shown in its results)
UPLOAD_TYPES = {
    "text/csv": "csv",
    "application/x-ndjson": "jsonl",
    "application/jsonl": "jsonl",
    "application/x-jsonlines": "jsonl",
}


# -- shapes -----------------------------------------------------------------------------------


class JobItemIn(BaseModel):
    model_config = ConfigDict(extra="ignore")

    id: str | None = Field(
        None,
        max_length=MAX_ID_CHARS,
        description="Your id for the item (unique in the job); default: its 1-based position.",
    )
    claim: str = Field(
        description="Validated like `POST /api/verify`'s claim; a bad one is reported, not fatal."
    )
    # checked item by item (jobs.formats.provenance): a bad one is reported like a bad claim, not fatal
    claimant: str | None = Field(
        None,
        description=(
            "Who made the claim (a person or an organisation, ≤ 200 characters), if known: the ClaimReview "
            "export's itemReviewed.author."
        ),
    )
    appearance: str | None = Field(
        None,
        description=(
            "An http(s) URL (≤ 2,000 characters) where the claim appeared, if known: the ClaimReview export's "
            "itemReviewed.appearance."
        ),
    )


# The /api/verify options, field for field (one definition: VerifyRequest's).
JobOptions = create_model(
    "JobOptions",
    __config__=ConfigDict(extra="ignore", strict=True),
    **{
        name: (field.annotation, field)
        for name, field in VerifyRequest.model_fields.items()
        if name != "claim"
    },
)


class JobCreate(BaseModel):
    model_config = ConfigDict(
        extra="ignore",
        json_schema_extra={
            "examples": [
                {
                    "items": [
                        {"id": "a1", "claim": "The Eiffel Tower is in Paris."},
                        {"id": "a2", "claim": "The Earth is flat."},
                    ],
                    "options": {"web_search": False},
                }
            ]
        },
    )

    items: list[JobItemIn] = Field(
        min_length=1,
        max_length=10_000,
        description="Up to JOB_MAX_ITEMS (10,000) claims; ids unique in the job.",
    )
    options: JobOptions = Field(
        default_factory=JobOptions,
        description=(  # type: ignore[valid-type]
            "The `POST /api/verify` options for every item: web_search, references, grounding, profile, "
            "index_references."
        ),
    )
    callback_url: str | None = Field(
        None,
        max_length=2000,
        pattern=r"^https?://",
        description=(
            "Called once (POST, signed like Standard Webhooks, retried) when the job ends; the SSRF "
            "guard refuses private and loopback addresses (422)."
        ),
    )


class JobCounts(BaseModel):
    queued: int
    running: int
    done: int
    failed: int
    cancelled: int = Field(0, description="items a cancel stopped before they started")


class RejectedItem(BaseModel):
    id: str
    error: str


class JobOut(BaseModel):
    id: str
    state: Literal["queued", "running", "done", "cancelled", "failed"]
    total: int
    counts: JobCounts
    verdicts: dict[str, int] = Field(description="done items per verdict")
    created_at: str
    updated_at: str
    eta_s: float | None = Field(
        description="seconds until the last item is answered, at the rate so far"
    )
    progress: float = Field(description="share of items answered (done, failed or cancelled), 0–1")
    callback: str | None = Field(
        None, description="pending | sent | failed; null without callback_url"
    )
    rejected: list[RejectedItem] = Field(
        default_factory=list, description="items refused at submission (stored as failed); 202 only"
    )
    notice: str | None = Field(
        None,
        description=(
            "Why the job is not moving and what to do, in a sentence (e.g. no `claimcheck worker` is alive "
            "to take its queued items, or the queue is unreachable); null while it progresses or has ended"
        ),
    )


class JobList(BaseModel):
    jobs: list[JobOut]


def iso(timestamp: float) -> str:
    return (
        dt.datetime.fromtimestamp(timestamp, dt.UTC)
        .isoformat(timespec="milliseconds")
        .replace("+00:00", "Z")
    )


# -- the service --------------------------------------------------------------------------------


@dataclass
class Jobs:
    settings: Settings
    store: JobStore
    runner: JobRunner | QueueDispatcher  # in-process, or handing items to `claimcheck worker`s
    webhooks: Webhooks
    fetcher: Fetcher
    purging: asyncio.Task | None = None  # JOB_TTL_DAYS: ended jobs deleted with their items
    recorder: Recorder | None = None  # records share the jobs database (issue 40)

    def notice(self) -> str | None:
        """What stops queued items from running, with the way out; None when nothing does."""
        if not isinstance(self.runner, QueueDispatcher):
            return None
        if self.runner.last_error:
            return (
                f"the job queue (REDIS_URL) cannot be reached: {self.runner.last_error}; queued items wait "
                "until it answers"
            )
        if self.runner.workers_counted and self.runner.workers == 0:
            return (
                f"no `claimcheck worker` is alive (none seen in the last "
                f"{self.settings.WORKER_HEARTBEAT_TIMEOUT_S:g} s), so queued job items wait: start one with "
                "`claimcheck worker` and the same REDIS_URL, DATABASE_URL and CHROMA_HOST as this API "
                "(docs/jobs.md)"
            )
        return None

    def describe(self) -> dict[str, Any]:
        """For /api/health: where items run and, with the queue, how many workers are alive."""
        if isinstance(self.runner, QueueDispatcher):
            notice = self.notice()
            return {
                "queue": "redis",
                "workers": self.runner.workers,
                "database": self.store.backend,
                **({"error": self.runner.last_error} if self.runner.last_error else {}),
                **({"notice": notice} if notice else {}),
            }
        reason = self.settings.job_queue_reason
        return {
            "queue": "in-process",
            "concurrency": self.runner.concurrency,
            "database": self.store.backend,
            **({"reason": reason} if reason else {}),
        }

    async def body(self, job: JobRow) -> dict[str, Any]:
        counts, verdicts = await self.store.counts(job.id)
        answered = counts["done"] + counts["failed"] + counts["cancelled"]
        eta = None
        if job.state in {"queued", "running"}:
            started = job.started_at
            # the rate of this run: items answered since the job started, over the time it took
            if started is not None and counts["done"] + counts["failed"] > 0:
                per_item = (time.time() - started) / (counts["done"] + counts["failed"])
                eta = round(per_item * (counts["queued"] + counts["running"]), 1)
        waiting = job.state in {"queued", "running"} and counts["queued"] > 0
        return {
            "id": job.id,
            "state": job.state,
            "total": job.total,
            "counts": counts,
            "verdicts": verdicts,
            "created_at": iso(job.created_at),
            "updated_at": iso(job.updated_at),
            "eta_s": eta,
            "progress": round(answered / job.total, 4) if job.total else 1.0,
            "callback": job.callback_state,
            "notice": self.notice() if waiting else None,
        }

    async def aclose(self) -> None:
        if self.purging is not None:
            self.purging.cancel()
            await asyncio.gather(self.purging, return_exceptions=True)
        await self.runner.aclose()
        if self.recorder is not None:  # after the last item's answer, before the database closes
            await self.recorder.aclose()
        await self.webhooks.aclose()
        await self.fetcher.aclose()
        await self.store.aclose()


async def start_jobs(settings: Settings, services: Services) -> Jobs:
    """Open the database (migrating it), start the runner (or, with the Redis queue, the
    dispatcher) and resume callbacks a previous process left undelivered."""
    store = await JobStore.open(settings.database_url)
    try:
        recorder = services.verification.recorder = await open_recorder(
            settings, services, store.engine
        )
    except BaseException:
        await store.aclose()
        raise
    execute = services.verification.verify_job_item

    fetcher = Fetcher(
        FetchPolicy(
            allow_hosts=tuple(settings.FETCH_ALLOW_HOSTS),
            timeout_s=10.0,
            concurrency=4,
            cache_ttl_s=0,
        )
    )
    jobs: Jobs

    async def body(job: JobRow) -> dict[str, Any]:
        return await jobs.body(job)

    webhooks = Webhooks(
        fetcher,
        store,
        settings.WEBHOOK_SECRET.get_secret_value() if settings.WEBHOOK_SECRET else None,
        body,
    )

    async def on_closed(job: JobRow) -> None:
        webhooks.send(job)

    runner: JobRunner | QueueDispatcher
    if settings.job_queue == "redis":
        runner = QueueDispatcher(
            store,
            JobQueue(
                settings.redis_url or "", heartbeat_timeout_s=settings.WORKER_HEARTBEAT_TIMEOUT_S
            ),
            on_closed=on_closed,
        )
    else:
        runner = JobRunner(
            store,
            execute,
            on_closed=on_closed,
            item_timeout_s=settings.JOB_ITEM_TIMEOUT_S,
            concurrency=min(settings.JOB_CONCURRENCY, settings.MAX_CONCURRENT_VERIFICATIONS),
        )
    jobs = Jobs(settings, store, runner, webhooks, fetcher, recorder=recorder)
    try:
        await runner.start()
        if settings.JOB_TTL_DAYS > 0:
            jobs.purging = asyncio.create_task(purge_old_jobs(store, settings.JOB_TTL_DAYS))
        for job in await store.pending_callbacks(include_sending=True):
            webhooks.send(job, resume=True)
    except BaseException:
        await jobs.aclose()
        raise
    return jobs


PURGE_EVERY_S = 3600.0


async def purge_old_jobs(store: JobStore, ttl_days: float) -> None:
    """At start and then hourly: jobs that ended more than JOB_TTL_DAYS ago go, with their items."""
    while True:
        try:
            purged = await store.purge_finished(time.time() - ttl_days * 86400)
            if purged:
                log.info(
                    "deleted %d job(s) that ended more than %g day(s) ago (JOB_TTL_DAYS)",
                    purged,
                    ttl_days,
                )
        except Exception as exc:  # noqa: BLE001 — a failed purge is tried again next hour
            log.warning("could not delete old jobs: %s", exc)
        await asyncio.sleep(PURGE_EVERY_S)


def get_jobs(request: Request) -> Jobs:
    return request.app.state.jobs


JobsDep = Annotated[Jobs, Depends(get_jobs)]


def owner_of(request: Request) -> str:
    return request.scope.get("state", {}).get("api_key", "")


OwnerDep = Annotated[str, Depends(owner_of)]


class NotFound(Exception):
    pass


async def owned(jobs: Jobs, job_id: str, owner: str) -> JobRow:
    job = await jobs.store.get(job_id, owner) if len(job_id) <= 40 else None
    if job is None:
        raise NotFound(job_id)
    return job


def not_found(job_id: str) -> JSONResponse:
    return error_response(404, "not_found", f"no job {job_id!r}")


def invalid(loc: list[Any], msg: str, kind: str = "value_error") -> JSONResponse:
    return error_response(422, "invalid_request", [{"type": kind, "loc": loc, "msg": msg}])


# -- routes ---------------------------------------------------------------------------------------


def document_jobs(app: Any) -> None:
    """Put JobCreate (read by hand in create_job, so files can be bodies too) into the schema."""
    build = app.openapi

    def openapi() -> dict[str, Any]:
        if app.openapi_schema:
            return app.openapi_schema
        schema = build()
        create = JobCreate.model_json_schema(ref_template="#/components/schemas/{model}")
        components = schema.setdefault("components", {}).setdefault("schemas", {})
        components.update(create.pop("$defs", {}))
        components["JobCreate"] = create
        app.openapi_schema = schema
        return schema

    app.openapi = openapi


CREATE_BODY = {
    "required": True,
    "content": {"application/json": {"schema": {"$ref": "#/components/schemas/JobCreate"}}},
}


@router.post(
    "/api/jobs",
    status_code=202,
    response_model=JobOut,
    openapi_extra={"requestBody": CREATE_BODY},
    responses=error_responses(400, 401, 413, 422, 429, 503),
)
async def create_job(
    request: Request,
    jobs: JobsDep,
    owner: OwnerDep,
    web_search: Annotated[
        bool | None, Query(description="uploads only: the web_search option")
    ] = None,
    callback_url: Annotated[
        str | None,
        Query(max_length=2000, pattern=r"^https?://", description="uploads only: the callback URL"),
    ] = None,
) -> JSONResponse:
    """Submit up to 10,000 claims; answers 202 at once with the job (its id, state and counts).

    Every item is validated like `POST /api/verify`: a bad item is stored as failed and listed in
    `rejected`, the rest run. Duplicate item ids are refused (422).

    A file can be the body instead of JSON: `Content-Type: text/csv` (a header with a `claim`
    column, optionally `id`) or `application/x-ndjson` (one `{"id"?, "claim"}` per line), with
    the options `web_search` and `callback_url` as query parameters."""
    settings = jobs.settings
    kind = UPLOAD_TYPES.get(request.headers.get("content-type", "").split(";")[0].strip().lower())
    raw = await request.body()
    options: dict[str, Any] = {}
    if kind is None:
        try:
            payload = JobCreate.model_validate(strict_loads(raw))
        except json.JSONDecodeError as exc:
            return error_response(
                400, "bad_request", safe_text(f"the body is not valid JSON: {exc.msg}")
            )
        except ValidationError as exc:
            return error_response(
                422,
                "invalid_request",
                [
                    {"type": e["type"], "loc": ["body", *e["loc"]], "msg": e["msg"]}
                    for e in exc.errors()
                ],
            )
        rows = [
            {
                "id": item.id,
                "claim": item.claim,
                "claimant": item.claimant,
                "appearance": item.appearance,
            }
            for item in payload.items
        ]
        options = payload.options.model_dump(mode="json", exclude_unset=True)
        callback_url = payload.callback_url
    else:
        try:
            rows = parse_file(raw.decode("utf-8"), kind)
        except UnicodeDecodeError:
            return error_response(400, "bad_request", "the file is not UTF-8")
        except InputError as exc:
            return error_response(400, "bad_request", str(exc))
        if web_search is not None:
            options["web_search"] = web_search
        if not rows:
            return invalid(["body"], "the file has no items")
    if len(rows) > settings.JOB_MAX_ITEMS:
        return invalid(
            ["body", "items"], f"{len(rows)} items; a job takes at most {settings.JOB_MAX_ITEMS}"
        )
    try:  # the options as /api/verify reads them (unset ones stay unset: references vs web_search)
        checked = VerifyRequest.model_validate({**options, "claim": "options check"})
        options = checked.model_dump(mode="json", exclude={"claim"}, exclude_unset=True)
    except ValidationError as exc:
        return error_response(
            422,
            "invalid_request",
            [
                {"type": e["type"], "loc": ["body", "options", *e["loc"]], "msg": e["msg"]}
                for e in exc.errors()
            ],
        )
    if callback_url is not None:
        if not is_valid_url(callback_url) or not callback_url.startswith(("http://", "https://")):
            return invalid(["body", "callback_url"], "not a usable http(s) URL", "invalid_url")
        try:
            async with asyncio.timeout(3.0):
                await jobs.fetcher.vet(callback_url)
        except FetchRefused as exc:
            return invalid(
                ["body", "callback_url"], f"refused by the SSRF guard: {exc}", "callback_refused"
            )
        except (FetchError, TimeoutError) as exc:
            # a name that does not resolve now may later: every delivery passes the guard again,
            # and a callback that never arrives is recorded as failed on the job
            log.warning("job callback %s cannot be checked yet: %s", callback_url, exc)

    items, rejected, seen = [], [], set()
    for position, row in enumerate(rows, start=1):
        item_id = row.get("id")
        item_id = str(position) if item_id in (None, "") else str(item_id)
        if len(item_id) > MAX_ID_CHARS:
            return invalid(
                ["body", "items", position - 1, "id"], f"longer than {MAX_ID_CHARS} characters"
            )
        if item_id in seen:
            return invalid(
                ["body", "items", position - 1, "id"],
                f"duplicate item id {item_id!r}",
                "duplicate_id",
            )
        seen.add(item_id)
        claim = row.get("claim")
        claimant, appearance, bad = provenance(row)
        try:
            claim = VerifyRequest.model_validate({"claim": claim}).claim
            if bad is not None:
                items.append(NewItem(item_id, claim, bad))
                rejected.append({"id": item_id, "error": bad})
                continue
            items.append(NewItem(item_id, claim, claimant=claimant, appearance=appearance))
        except ValidationError as exc:
            error = "invalid claim: " + "; ".join(e["msg"] for e in exc.errors())
            shown = claim if isinstance(claim, str) else json.dumps(claim, ensure_ascii=False)
            # a refused claim is kept only as far as it helps to find it: its first 500 characters
            items.append(NewItem(item_id, shown[:REJECTED_CLAIM_CHARS], error))
            rejected.append({"id": item_id, "error": error})

    unfinished, queued_items = await jobs.store.unfinished_load(owner)
    if unfinished >= settings.JOBS_MAX_UNFINISHED_PER_KEY:
        return error_response(
            429,
            "too_many_jobs",
            f"{unfinished} unfinished jobs for this key (the limit is "
            f"{settings.JOBS_MAX_UNFINISHED_PER_KEY}); wait for one to end or cancel one",
            headers={"Retry-After": "30"},
        )
    if queued_items + len(items) > settings.JOBS_MAX_ITEMS_PER_KEY:
        return error_response(
            429,
            "too_many_items",
            f"{queued_items} items are waiting for this key; "
            f"{len(items)} more would pass the limit of {settings.JOBS_MAX_ITEMS_PER_KEY}",
            headers={"Retry-After": "30"},
        )
    job_id = await jobs.store.create(owner, items, options, callback_url)
    jobs.runner.wake()
    job = await jobs.store.get(job_id)
    assert job is not None
    if not any(item.error is None for item in items):  # every item refused: the job is over
        job = await jobs.store.complete_if_finished(job_id) or job
        jobs.webhooks.send(job)
    body = await jobs.body(job)
    body["rejected"] = rejected
    return JSONResponse(
        JobOut.model_validate(body).model_dump(mode="json"),
        status_code=202,
        headers={"Location": f"/api/jobs/{job_id}"},
    )


@router.get("/api/jobs", response_model=JobList, responses=error_responses(401, 422, 429, 503))
async def list_jobs(
    jobs: JobsDep, owner: OwnerDep, limit: Annotated[int, Query(ge=1, le=1000)] = 100
) -> JobList:
    """This key's jobs, newest first."""
    return JobList(
        jobs=[
            JobOut.model_validate(await jobs.body(job))
            for job in await jobs.store.list(owner, limit)
        ]
    )


JOB_ERRORS = error_responses(401, 404, 422, 429, 503)


@router.get("/api/jobs/{job_id}", response_model=JobOut, responses=JOB_ERRORS)
async def get_job(job_id: str, jobs: JobsDep, owner: OwnerDep) -> Any:
    """State, counts per state and per verdict, progress and ETA."""
    try:
        return JobOut.model_validate(await jobs.body(await owned(jobs, job_id, owner)))
    except NotFound:
        return not_found(job_id)


@router.delete("/api/jobs/{job_id}", response_model=JobOut, responses=JOB_ERRORS)
async def cancel_job(job_id: str, jobs: JobsDep, owner: OwnerDep) -> Any:
    """Cancel: no queued item starts any more (items already running finish and are kept). A job
    that has ended is answered as it is."""
    try:
        job = await owned(jobs, job_id, owner)
    except NotFound:
        return not_found(job_id)
    if await jobs.store.cancel(job.id):
        job = await jobs.store.get(job.id) or job
        jobs.webhooks.send(job)
    return JobOut.model_validate(await jobs.body(job))


EVENTS_DOC = {
    200: {
        "description": (
            "Server-Sent Events: a `progress` event (the `GET /api/jobs/{id}` body) whenever the job "
            "changes, then one `end` event with the final body. Lines starting with `:` are keep-alives."
        ),
        "content": {
            "text/event-stream": {
                "schema": {"type": "string"},
                "example": (
                    'event: progress\ndata: {"id": "job_…", "state": "running", …}\n\n'
                    'event: end\ndata: {"id": "job_…", "state": "done", …}\n\n'
                ),
            }
        },
    }
}


@router.get(
    "/api/jobs/{job_id}/events",
    response_class=StreamingResponse,
    responses={**EVENTS_DOC, **JOB_ERRORS},
)
async def job_events(job_id: str, jobs: JobsDep, owner: OwnerDep) -> Any:
    """Live progress of a job as Server-Sent Events, until it ends."""
    try:
        await owned(jobs, job_id, owner)
    except NotFound:
        return not_found(job_id)

    async def events() -> AsyncIterator[str]:
        last, quiet = None, 0
        while True:
            job = await jobs.store.get(job_id)
            if job is None:
                return
            body = await jobs.body(job)
            marker = (body["state"], json.dumps(body["counts"]))
            ended = job.state not in {"queued", "running"}
            if marker != last:
                yield f"event: {'end' if ended else 'progress'}\ndata: {json.dumps(body)}\n\n"
                last, quiet = marker, 0
                if ended:
                    return
            elif (quiet := quiet + 1) % 30 == 0:
                yield ": keep-alive\n\n"
            await asyncio.sleep(0.5)  # the database is polled: any process may have written

    return StreamingResponse(
        events(),
        media_type="text/event-stream",
        headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"},
    )


RESULTS_DOC = {
    200: {
        "description": (
            "The items in order. `jsonl`: one `{id, claim, status, result, error}` per line (`result` is the "
            "`POST /api/verify` body). `csv`: one row per item ("
            + ", ".join(CSV_COLUMNS)
            + "). `claimreview`: "
            "a schema.org ClaimReview JSON-LD document of the answered items. With `limit`, the "
            "`X-Next-Cursor` header (and a `Link: rel=next`) gives the next page's cursor while there is one."
        ),
        "content": {
            "application/x-ndjson": {"schema": {"type": "string"}},
            "text/csv": {"schema": {"type": "string"}},
            "application/ld+json": {"schema": {"type": "string"}},
        },
    }
}


@router.get(
    "/api/jobs/{job_id}/results",
    response_class=StreamingResponse,
    responses={**RESULTS_DOC, **error_responses(401, 404, 422, 429, 503)},
)
async def job_results(
    request: Request,
    job_id: str,
    jobs: JobsDep,
    owner: OwnerDep,
    format: Annotated[Literal["jsonl", "csv", "claimreview"], Query()] = "jsonl",  # noqa: A002
    cursor: Annotated[
        str | None,
        Query(
            max_length=20, pattern=r"^[0-9]+$", description="from a previous page's X-Next-Cursor"
        ),
    ] = None,
    limit: Annotated[int | None, Query(ge=1, le=10_000)] = None,
    rated_only: Annotated[
        bool,
        Query(
            description=(
                "claimreview only: leave out the Not Enough Evidence and Not Verifiable items "
                "(reviews that rate nothing)"
            )
        ),
    ] = False,
) -> Any:
    """The results, streamed in item order (finished items; unanswered ones show their status)."""
    try:
        job = await owned(jobs, job_id, owner)
    except NotFound:
        return not_found(job_id)
    after = int(cursor) - 1 if cursor is not None else -1  # a cursor is the next item's position
    headers = {"Cache-Control": "no-store"}
    if limit is not None and after + 1 + limit < job.total:
        nxt = str(after + 1 + limit)
        headers["X-Next-Cursor"] = nxt
        headers["Link"] = f'<{request.url.include_query_params(cursor=nxt)}>; rel="next"'
    rows = jobs.store.items(job.id, after=after, limit=limit)

    async def jsonl() -> AsyncIterator[str]:
        async for item in rows:
            yield json.dumps(result_row(item)) + "\n"

    async def csv_text() -> AsyncIterator[str]:
        yield csv_line(CSV_COLUMNS)
        async for item in rows:
            yield csv_line(csv_row(item))

    if format == "csv":
        return StreamingResponse(csv_text(), media_type="text/csv; charset=utf-8", headers=headers)
    if format == "claimreview":
        settings = jobs.settings
        base = str(request.base_url).rstrip("/")
        publisher = ClaimReviewPublisher(
            author_name=settings.CLAIMREVIEW_AUTHOR_NAME,
            author_url=settings.CLAIMREVIEW_AUTHOR_URL or base,
            job_id=job.id,
            published=iso(job.finished_at or job.updated_at)[:10],
            url_template=settings.CLAIMREVIEW_URL_TEMPLATE,
            export_url=f"{base}/api/jobs/{job.id}/results?format=claimreview",
            rated_only=rated_only,
        )
        # a page after the first repeats no claim an earlier page reviewed
        seen = (
            await reviewed_claims(jobs.store.items(job.id, after=-1, limit=after + 1), rated_only)
            if after >= 0
            else set()
        )
        return StreamingResponse(
            claim_review_stream(rows, publisher, seen),
            media_type="application/ld+json",
            headers=headers,
        )
    return StreamingResponse(jsonl(), media_type="application/x-ndjson", headers=headers)
