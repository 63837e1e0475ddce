"""`claimcheck worker`'s composition (jobs/ never imports app): the worker opens the jobs database
and asks for an `ItemVerifier` on its event loop; this builds one from the runtime, as the API's
(`runtime(settings, store=...)`: the records go to that database), so an item is verified exactly as
`POST /api/verify` would. Imported lazily: only `claimcheck worker` needs Dramatiq."""

from __future__ import annotations

from contextlib import AsyncExitStack
from functools import partial

from app.config import Settings
from app.runtime import runtime
from app.runtime.jobs import jobs_config
from jobs.store import JobStore
from jobs.worker import ItemVerifier
from jobs.worker import run_worker as run_queue_worker


async def worker_verifier(settings: Settings, store: JobStore) -> ItemVerifier:
    """The worker's runtime on its jobs database; closed (records written) after the last item."""
    closing = AsyncExitStack()
    running = await closing.enter_async_context(runtime(settings, store=store))
    assert running.verification is not None
    return ItemVerifier(running.verification.verify_job_item, closing.aclose)


def run_worker(settings: Settings) -> int:
    """`claimcheck worker`: take job items from the Redis queue until SIGTERM / SIGINT."""
    return run_queue_worker(jobs_config(settings), partial(worker_verifier, settings))
