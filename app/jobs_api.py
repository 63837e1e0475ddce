"""Batch jobs over HTTP: `POST /api/jobs`, its state, progress (SSE), cancel and results.

Thin routes over `jobs.service.JobsService` (at `app.state.jobs`, built by app/jobs_setup.py); the
wire shapes are app/schemas/jobs.py, the errors' HTTP answers app/errors.py. A job belongs to the
API key that made it: another key gets 404, as if it did not exist. See docs/jobs.md.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import APIRouter, Depends, Query, Request
from fastapi.responses import JSONResponse, StreamingResponse

from app.jsonbody import StrictJSONRoute
from app.schemas import error_responses
from app.schemas.jobs import (
    CREATE_BODY,
    EVENTS_DOC,
    RESULTS_DOC,
    JobList,
    JobOut,
    job_out,
    read_submission,
)
from app.sse import frames, sse_response
from jobs.service import JobsService

router = APIRouter(tags=["jobs"], route_class=StrictJSONRoute)


def get_jobs(request: Request) -> JobsService:
    return request.app.state.jobs


JobsDep = Annotated[JobsService, Depends(get_jobs)]


def owner_of(request: Request) -> str:
    return request.scope.get("state", {}).get("api_key", "")


OwnerDep = Annotated[str, Depends(owner_of)]
JOB_ERRORS = error_responses(401, 404, 422, 429, 503)


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
    content_type = request.headers.get("content-type", "")
    submission = read_submission(await request.body(), content_type, web_search, callback_url)
    made = await jobs.submit(owner, submission)
    return JSONResponse(
        job_out(made.status, made.rejected).model_dump(mode="json"),
        status_code=202,
        headers={"Location": f"/api/jobs/{made.status.id}"},
    )


@router.get("/api/jobs", response_model=JobList, responses=error_responses(401, 422, 429, 503))
async def list_jobs(
    jobs: JobsDep, owner: OwnerDep, limit: Annotated[int, Query(ge=1, le=1000)] = 100
) -> JobList:
    """This key's jobs, newest first."""
    return JobList(jobs=[job_out(status) for status in await jobs.list(owner, limit)])


@router.get("/api/jobs/{job_id}", response_model=JobOut, responses=JOB_ERRORS)
async def get_job(job_id: str, jobs: JobsDep, owner: OwnerDep) -> JobOut:
    """State, counts per state and per verdict, progress and ETA."""
    return job_out(await jobs.get(job_id, owner))


@router.delete("/api/jobs/{job_id}", response_model=JobOut, responses=JOB_ERRORS)
async def cancel_job(job_id: str, jobs: JobsDep, owner: OwnerDep) -> JobOut:
    """Cancel: no queued item starts any more (items already running finish and are kept). A job
    that has ended is answered as it is."""
    return job_out(await jobs.cancel(job_id, owner))


@router.get(
    "/api/jobs/{job_id}/events",
    response_class=StreamingResponse,
    responses={**EVENTS_DOC, **JOB_ERRORS},
)
async def job_events(job_id: str, jobs: JobsDep, owner: OwnerDep) -> StreamingResponse:
    """Live progress of a job as Server-Sent Events, until it ends."""
    return sse_response(frames(await jobs.watch(job_id, owner)))


@router.get(
    "/api/jobs/{job_id}/results",
    response_class=StreamingResponse,
    responses={**RESULTS_DOC, **JOB_ERRORS},
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
    export = await jobs.results(
        job_id,
        owner,
        format=format,
        cursor=cursor,
        limit=limit,
        rated_only=rated_only,
        base_url=str(request.base_url),
    )
    headers = {"Cache-Control": "no-store"}
    if export.next_cursor is not None:
        headers["X-Next-Cursor"] = export.next_cursor
        nxt = request.url.include_query_params(cursor=export.next_cursor)
        headers["Link"] = f'<{nxt}>; rel="next"'
    return StreamingResponse(export.chunks, media_type=export.media_type, headers=headers)
