"""Outside rate limits that fit the provider and hold across processes: SearXNG gets no
claimcheck-side rate by default, DuckDuckGo keeps 2/s; with Redis two buckets (two processes)
share one budget, and a Redis outage falls back to each process's own bucket."""

from __future__ import annotations

import asyncio
import time

from app.config import Settings
from search.ratelimit import SharedWindow, TokenBucket


def test_the_search_rate_defaults_by_provider():
    assert (
        Settings(SEARCH_PROVIDER="searxng", SEARXNG_URL="http://127.0.0.1:8888").SEARCH_RATE_PER_S
        == 0.0
    )
    assert Settings(SEARCH_PROVIDER="duckduckgo").SEARCH_RATE_PER_S == 2.0
    assert (
        Settings(
            SEARCH_PROVIDER="searxng", SEARXNG_URL="http://127.0.0.1:8888", SEARCH_RATE_PER_S=5
        ).SEARCH_RATE_PER_S
        == 5.0
    )  # an explicit rate wins


async def takes(buckets: list[TokenBucket], calls: int) -> float:
    started = time.monotonic()
    await asyncio.gather(*(buckets[n % len(buckets)].acquire() for n in range(calls)))
    return time.monotonic() - started


async def test_two_processes_share_one_budget_through_redis(redis_server):
    # 5 calls per second, burst 5: 15 calls need two more windows however many processes ask
    windows = [SharedWindow(redis_server.url, "search:test", 5.0, 5) for _ in range(2)]
    shared = [TokenBucket(5.0, 5, shared=window) for window in windows]
    apart = [TokenBucket(5.0, 5) for _ in range(2)]
    try:
        together = await takes(shared, 15)
        alone = await takes(apart, 15)
    finally:
        for window in windows:
            await window.aclose()
    assert together >= 1.9, together  # one budget: 5 now, 5 after 1 s, 5 after 2 s
    assert alone < 1.5, alone  # two budgets: each process 5 now + 5/s


async def test_a_redis_outage_falls_back_to_the_process_bucket(redis_server):
    window = SharedWindow(redis_server.url, "search:outage", 5.0, 5)
    bucket = TokenBucket(5.0, 5, shared=window)
    try:
        await bucket.acquire()
        redis_server.proc.terminate()
        redis_server.proc.wait(timeout=10)
        started = time.monotonic()
        await asyncio.wait_for(asyncio.gather(*(bucket.acquire() for _ in range(4))), 10)
        elapsed = time.monotonic() - started
        assert window.last_error is not None and "per process" in window.last_error
        assert elapsed < 3.0  # counted locally (burst left), not stuck on Redis
        assert window.describe()["error"] == window.last_error
    finally:
        await window.aclose()
