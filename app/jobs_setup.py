"""Where the app builds the jobs layer (jobs/ never imports app): the settings become a
`JobsConfig`, the verification service is the `VerifyItem` that answers items, and the recorder
writes records into the jobs database. For the API (`start_jobs`) and for `claimcheck worker`
(`run_worker`, which builds its own services on the worker's event loop)."""

from __future__ import annotations

from functools import partial

from app.config import Settings
from app.records import open_recorder
from app.services import Services, build_services
from jobs.config import JobsConfig
from jobs.service import JobsService
from jobs.store import JobStore
from jobs.worker import ItemVerifier
from jobs.worker import run_worker as run_queue_worker


def jobs_config(settings: Settings) -> JobsConfig:
    return JobsConfig(
        database_url=settings.database_url,
        queue=settings.job_queue,
        queue_reason=settings.job_queue_reason,
        redis_url=settings.redis_url,
        concurrency=min(settings.JOB_CONCURRENCY, settings.MAX_CONCURRENT_VERIFICATIONS),
        item_timeout_s=settings.JOB_ITEM_TIMEOUT_S,
        worker_concurrency=settings.WORKER_CONCURRENCY,
        heartbeat_timeout_s=settings.WORKER_HEARTBEAT_TIMEOUT_S,
        ttl_days=settings.JOB_TTL_DAYS,
        max_items=settings.JOB_MAX_ITEMS,
        max_unfinished_per_key=settings.JOBS_MAX_UNFINISHED_PER_KEY,
        max_items_per_key=settings.JOBS_MAX_ITEMS_PER_KEY,
        webhook_secret=(
            settings.WEBHOOK_SECRET.get_secret_value() if settings.WEBHOOK_SECRET else None
        ),
        fetch_allow_hosts=tuple(settings.FETCH_ALLOW_HOSTS),
        claimreview_author_name=settings.CLAIMREVIEW_AUTHOR_NAME,
        claimreview_author_url=settings.CLAIMREVIEW_AUTHOR_URL,
        claimreview_url_template=settings.CLAIMREVIEW_URL_TEMPLATE,
    )


async def start_jobs(settings: Settings, services: Services) -> JobsService:
    """The API's jobs: open the database (migrating it), put the records on it, start the service
    (its runner or, with the Redis queue, its dispatcher)."""
    store = await JobStore.open(settings.database_url)
    try:
        recorder = services.verification.recorder = await open_recorder(
            settings, services, store.engine
        )
    except BaseException:
        await store.aclose()
        raise
    return await JobsService.open(
        jobs_config(settings), store, services.verification.verify_job_item, recorder=recorder
    )


async def worker_verifier(settings: Settings, store: JobStore) -> ItemVerifier:
    """A worker's services, built as the API's are, with records on the jobs database."""
    services = await build_services(settings)
    try:
        recorder = services.verification.recorder = await open_recorder(
            settings, services, store.engine
        )
    except BaseException:
        await services.aclose()
        raise

    async def aclose() -> None:
        try:
            if recorder is not None:
                await recorder.aclose()  # records still queued are written
        finally:
            await services.aclose()

    return ItemVerifier(services.verification.verify_job_item, aclose)


def run_worker(settings: Settings) -> int:
    """`claimcheck worker`: take job items from the Redis queue until SIGTERM / SIGINT."""
    return run_queue_worker(jobs_config(settings), partial(worker_verifier, settings))
