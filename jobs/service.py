"""The jobs service: submit, list, get, cancel, watch and export a job's results, for one owner (an
API key's fingerprint; another key's job does not exist for it). What it refuses it raises as
domain errors (jobs/errors.py). Items run in this process (`JobRunner`) or on the Redis queue for
`claimcheck worker`s (`QueueDispatcher`); either verifies through the `VerifyItem` it is given.

`JobsService.open(config, store, verify)` builds it and starts its runner; `aclose()` stops
everything it holds. See docs/jobs.md.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import logging
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from typing import Any, Literal, Protocol

from jobs.config import JobsConfig
from jobs.errors import JobInvalid, JobLimitReached, JobNotFound
from jobs.formats import (
    ClaimReviewPublisher,
    claim_review_stream,
    csv_stream,
    jsonl_stream,
    provenance,
    reviewed_claims,
)
from jobs.items import (
    UNFINISHED_JOB_STATES,
    Export,
    ItemIn,
    JobRow,
    JobStatus,
    NewItem,
    Rejected,
    Submission,
    Submitted,
    VerifyItem,
)
from jobs.queue import JobQueue, QueueDispatcher
from jobs.runner import JobRunner
from jobs.store import JobStore, purge_old_jobs
from jobs.webhook import Webhooks
from search.fetch import Fetcher, FetchError, FetchPolicy, FetchRefused
from search.urls import is_valid_url

log = logging.getLogger("claimcheck.jobs")

MAX_ID_CHARS = 200  # an item's own id
CALLBACK_CHECK_S = 3.0  # the SSRF guard's look at a callback URL when the job is made
Format = Literal["jsonl", "csv", "claimreview"]


class Closeable(Protocol):
    async def aclose(self) -> None: ...


def iso(timestamp: float) -> str:
    return (
        dt.datetime.fromtimestamp(timestamp, dt.UTC)
        .isoformat(timespec="milliseconds")
        .replace("+00:00", "Z")
    )


class JobsService:
    def __init__(
        self,
        config: JobsConfig,
        store: JobStore,
        verify: VerifyItem,
        *,
        fetcher: Fetcher | None = None,
        recorder: Closeable | None = None,
    ) -> None:
        self.config = config
        self.store = store
        self.fetcher = fetcher or Fetcher(
            FetchPolicy(
                allow_hosts=config.fetch_allow_hosts, timeout_s=10.0, concurrency=4, cache_ttl_s=0
            )
        )
        self.recorder = recorder  # records share the jobs database (issue 40): closed before it
        self.webhooks = Webhooks(self.fetcher, store, config.webhook_secret, self.status)
        self.runner = make_runner(config, store, verify, self._closed)
        self.purging: asyncio.Task[None] | None = None  # JOB_TTL_DAYS: ended jobs deleted

    @classmethod
    async def open(
        cls,
        config: JobsConfig,
        store: JobStore,
        verify: VerifyItem,
        *,
        fetcher: Fetcher | None = None,
        recorder: Closeable | None = None,
    ) -> JobsService:
        """Start the runner (or, with the Redis queue, the dispatcher), the purge of old jobs and
        the callbacks a previous process left undelivered. The service owns `store`, `fetcher`
        and `recorder` from here on: closed by `aclose()`, or at once if starting fails."""
        service = cls(config, store, verify, fetcher=fetcher, recorder=recorder)
        try:
            await service.runner.start()
            if config.ttl_days > 0:
                service.purging = asyncio.create_task(purge_old_jobs(store, config.ttl_days))
            for job in await store.pending_callbacks(include_sending=True):
                service.webhooks.send(job, resume=True)
        except BaseException:
            await service.aclose()
            raise
        return service

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

    async def _closed(self, job: JobRow) -> None:
        self.webhooks.send(job)

    # -- what the jobs are doing -----------------------------------------------------------------

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
                f"{self.config.heartbeat_timeout_s:g} s), so queued job items wait: start one with "
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
        reason = self.config.queue_reason
        return {
            "queue": "in-process",
            "concurrency": self.runner.concurrency,
            "database": self.store.backend,
            **({"reason": reason} if reason else {}),
        }

    async def status(self, job: JobRow) -> JobStatus:
        counts, verdicts = await self.store.counts(job.id)
        eta = None
        unfinished = job.state in UNFINISHED_JOB_STATES
        tried = counts.done + counts.failed
        # the rate of this run: items answered since the job started, over the time it took
        if unfinished and job.started_at is not None and tried > 0:
            per_item = (time.time() - job.started_at) / tried
            eta = round(per_item * (counts.queued + counts.running), 1)
        return JobStatus(
            id=job.id,
            state=job.state,
            total=job.total,
            counts=counts,
            verdicts=verdicts,
            created_at=iso(job.created_at),
            updated_at=iso(job.updated_at),
            eta_s=eta,
            progress=round(counts.answered / job.total, 4) if job.total else 1.0,
            callback=job.callback_state,
            notice=self.notice() if unfinished and counts.queued > 0 else None,
        )

    # -- one owner's jobs --------------------------------------------------------------------------

    async def owned(self, job_id: str, owner: str) -> JobRow:
        job = await self.store.get(job_id, owner) if len(job_id) <= 40 else None
        if job is None:
            raise JobNotFound(job_id)
        return job

    async def get(self, job_id: str, owner: str) -> JobStatus:
        return await self.status(await self.owned(job_id, owner))

    async def list(self, owner: str, limit: int = 100) -> list[JobStatus]:
        """This owner's jobs, newest first."""
        return [await self.status(job) for job in await self.store.list(owner, limit)]

    async def cancel(self, job_id: str, owner: str) -> JobStatus:
        """No queued item starts any more; items already running finish and are kept. A job that
        has ended is answered as it is."""
        job = await self.owned(job_id, owner)
        if await self.store.cancel(job.id):
            job = await self.store.get(job.id) or job
            self.webhooks.send(job)
        return await self.status(job)

    async def submit(self, owner: str, submission: Submission) -> Submitted:
        """Make a job of the submitted items: a refused item is stored as failed and reported in
        `rejected`, the rest run. Raises `JobInvalid` (too many items, a callback URL the SSRF
        guard refuses, an id too long or repeated) and `JobLimitReached` (the owner's limits)."""
        if len(submission.items) > self.config.max_items:
            raise JobInvalid.at(
                ["body", "items"],
                f"{len(submission.items)} items; a job takes at most {self.config.max_items}",
            )
        if submission.callback_url is not None:
            await self._check_callback(submission.callback_url)
        items, rejected = new_items(submission.items)
        await self._check_load(owner, len(items))
        job_id = await self.store.create(owner, items, submission.options, submission.callback_url)
        self.runner.wake()
        job = await self.store.get(job_id)
        assert job is not None
        if not any(item.error is None for item in items):  # every item refused: the job is over
            job = await self.store.complete_if_finished(job_id) or job
            self.webhooks.send(job)
        return Submitted(await self.status(job), tuple(rejected))

    async def _check_callback(self, url: str) -> None:
        if not is_valid_url(url) or not url.startswith(("http://", "https://")):
            raise JobInvalid.at(["body", "callback_url"], "not a usable http(s) URL", "invalid_url")
        try:
            async with asyncio.timeout(CALLBACK_CHECK_S):
                await self.fetcher.vet(url)
        except FetchRefused as exc:
            raise JobInvalid.at(
                ["body", "callback_url"], f"refused by the SSRF guard: {exc}", "callback_refused"
            ) from None
        except (FetchError, TimeoutError) as exc:
            # a name that does not resolve now may later: every delivery passes the guard again,
            # and a callback that never arrives is recorded as failed on the job
            log.warning("job callback %s cannot be checked yet: %s", url, exc)

    async def _check_load(self, owner: str, adding: int) -> None:
        unfinished, queued_items = await self.store.unfinished_load(owner)
        if unfinished >= self.config.max_unfinished_per_key:
            raise JobLimitReached(
                "too_many_jobs",
                f"{unfinished} unfinished jobs for this key (the limit is "
                f"{self.config.max_unfinished_per_key}); wait for one to end or cancel one",
            )
        if queued_items + adding > self.config.max_items_per_key:
            raise JobLimitReached(
                "too_many_items",
                f"{queued_items} items are waiting for this key; "
                f"{adding} more would pass the limit of {self.config.max_items_per_key}",
            )

    # -- progress and results --------------------------------------------------------------------

    async def watch(
        self, job_id: str, owner: str, poll_s: float = 0.5
    ) -> AsyncIterator[tuple[str, dict[str, Any]] | None]:
        """The job's changes as they happen: ("progress", status) whenever its state or counts
        change, then ("end", status) once; None every 30 quiet polls (a keep-alive). Raises
        `JobNotFound` now, before the first event."""
        await self.owned(job_id, owner)
        return self._changes(job_id, poll_s)

    async def _changes(
        self, job_id: str, poll_s: float
    ) -> AsyncIterator[tuple[str, dict[str, Any]] | None]:
        last, quiet = None, 0
        while True:
            job = await self.store.get(job_id)
            if job is None:
                return
            status = await self.status(job)
            marker = (status.state, status.counts)
            ended = job.state not in UNFINISHED_JOB_STATES
            if marker != last:
                yield ("end" if ended else "progress"), status.as_json()
                last, quiet = marker, 0
                if ended:
                    return
            elif (quiet := quiet + 1) % 30 == 0:
                yield None
            await asyncio.sleep(poll_s)  # the database is polled: any process may have written

    async def results(
        self,
        job_id: str,
        owner: str,
        *,
        format: Format = "jsonl",  # noqa: A002 — the query parameter's name
        cursor: str | None = None,
        limit: int | None = None,
        rated_only: bool = False,
        base_url: str = "",
    ) -> Export:
        """The items in order from `cursor` (the next item's position), at most `limit` of them:
        JSONL rows, CSV rows or one ClaimReview document (`base_url`: where this API is)."""
        job = await self.owned(job_id, owner)
        after = int(cursor) - 1 if cursor is not None else -1
        nxt = (
            str(after + 1 + limit) if limit is not None and after + 1 + limit < job.total else None
        )
        rows = self.store.items(job.id, after=after, limit=limit)
        if format == "csv":
            return Export("text/csv; charset=utf-8", csv_stream(rows), nxt)
        if format == "jsonl":
            return Export("application/x-ndjson", jsonl_stream(rows), nxt)
        # a page after the first repeats no claim an earlier page reviewed
        earlier = self.store.items(job.id, after=-1, limit=after + 1)
        seen = await reviewed_claims(earlier, rated_only) if after >= 0 else set()
        publisher = self.publisher(job, base_url.rstrip("/"), rated_only)
        return Export("application/ld+json", claim_review_stream(rows, publisher, seen), nxt)

    def publisher(self, job: JobRow, base: str, rated_only: bool) -> ClaimReviewPublisher:
        return ClaimReviewPublisher(
            author_name=self.config.claimreview_author_name,
            author_url=self.config.claimreview_author_url or base,
            job_id=job.id,
            published=iso(job.finished_at or job.updated_at)[:10],
            url_template=self.config.claimreview_url_template,
            export_url=f"{base}/api/jobs/{job.id}/results?format=claimreview",
            rated_only=rated_only,
        )


def make_runner(
    config: JobsConfig,
    store: JobStore,
    verify: VerifyItem,
    on_closed: Callable[[JobRow], Awaitable[None]],
) -> JobRunner | QueueDispatcher:
    """Items in this process, or handed to `claimcheck worker`s through Redis (JOB_QUEUE)."""
    if config.queue == "redis":
        queue = JobQueue(config.redis_url or "", heartbeat_timeout_s=config.heartbeat_timeout_s)
        return QueueDispatcher(store, queue, on_closed=on_closed)
    return JobRunner(
        store,
        verify,
        on_closed=on_closed,
        item_timeout_s=config.item_timeout_s,
        concurrency=config.concurrency,
    )


def new_items(submitted: Sequence[ItemIn]) -> tuple[list[NewItem], list[Rejected]]:
    """The items to store, each with its id (its own, else its 1-based position); a refused one
    (its claim, claimant or appearance) is kept as failed and listed. An id too long or repeated
    refuses the whole submission."""
    items: list[NewItem] = []
    rejected: list[Rejected] = []
    seen: set[str] = set()
    for position, item in enumerate(submitted, start=1):
        item_id = str(position) if item.id in (None, "") else str(item.id)
        where = ["body", "items", position - 1, "id"]
        if len(item_id) > MAX_ID_CHARS:
            raise JobInvalid.at(where, f"longer than {MAX_ID_CHARS} characters")
        if item_id in seen:
            raise JobInvalid.at(where, f"duplicate item id {item_id!r}", "duplicate_id")
        seen.add(item_id)
        claimant, appearance, bad = provenance(item.claimant, item.appearance)
        error = item.refused or bad
        if error is not None:
            items.append(NewItem(item_id, item.claim, error))
            rejected.append(Rejected(item_id, error))
        else:
            items.append(NewItem(item_id, item.claim, claimant=claimant, appearance=appearance))
    return items, rejected
