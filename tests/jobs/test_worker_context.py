"""A queue worker's context on its own: it opens the jobs database, asks the app's `connect` (here
the test's) for its `ItemVerifier`, verifies a delivered item once, signs its life in a real Redis
and closes the verifier, then the database, at shutdown. The whole cluster (real processes, SIGKILL) is
tests/app/test_job_workers.py."""

from __future__ import annotations

import asyncio

from redis.asyncio import Redis

from jobs.config import JobsConfig
from jobs.items import ItemOptions, NewItem
from jobs.queue import WORKERS_KEY
from jobs.store import JobStore
from jobs.worker import ItemVerifier, WorkerContext


async def test_a_delivered_item_is_verified_once_and_the_verifier_closes_at_shutdown(
    tmp_path, redis_server
):
    url = f"sqlite+aiosqlite:///{tmp_path / 'jobs.sqlite3'}"
    calls: list[tuple[str, ItemOptions, str]] = []
    closed: list[str] = []

    async def verify(claim: str, options: ItemOptions, owner: str) -> dict:
        calls.append((claim, options, owner))
        return {"verdict": "False", "evidence": []}

    async def connect(store: JobStore) -> ItemVerifier:
        assert store.backend == "sqlite"  # the worker's own database, opened before

        async def aclose() -> None:
            closed.append("verifier")

        return ItemVerifier(verify, aclose)

    setup = await JobStore.open(url)
    job_id = await setup.create(
        "key", [NewItem("a", "The Earth is flat")], {"web_search": False}, None
    )
    config = JobsConfig(database_url=url, redis_url=redis_server.url)
    context = WorkerContext(config, "worker-test", connect)
    redis = Redis.from_url(redis_server.url)
    try:
        await context.verify_item(job_id, 0)
        await context.verify_item(job_id, 0)  # a redelivery: already answered, not verified again
        for _ in range(100):  # the heartbeat task writes its first sign of life at once
            if (alive := await redis.zscore(WORKERS_KEY, "worker-test")) is not None:
                break
            await asyncio.sleep(0.05)
        job = await setup.get(job_id)
        rows = [row async for row in setup.items(job_id)]
        await context.aclose()
        gone = await redis.zscore(WORKERS_KEY, "worker-test")
    finally:
        await redis.aclose()
        await setup.aclose()
    assert calls == [("The Earth is flat", ItemOptions(web_search=False), "key")]
    assert job is not None and job.state == "done"
    assert rows[0].status == "done" and rows[0].result == {"verdict": "False", "evidence": []}
    assert closed == ["verifier"]
    assert alive is not None and gone is None
