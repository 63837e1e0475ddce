"""TokenBucket: burst, steady rate, pause, deadline, no event-loop blocking."""

import asyncio
import time

import pytest

from search.ratelimit import RateBudgetExceeded, TokenBucket


async def test_burst_is_immediate_then_the_rate_applies() -> None:
    bucket = TokenBucket(rate_per_s=20, burst=3)
    started = time.monotonic()

    for _ in range(3):
        await bucket.acquire()
    burst = time.monotonic() - started
    for _ in range(3):
        await bucket.acquire()

    assert burst < 0.05
    assert 0.13 <= time.monotonic() - started < 0.6  # three more at 20/s


async def test_zero_rate_means_no_limit() -> None:
    bucket = TokenBucket(rate_per_s=0, burst=1)
    started = time.monotonic()
    await asyncio.gather(*(bucket.acquire() for _ in range(100)))
    assert time.monotonic() - started < 0.2


async def test_pause_holds_every_caller() -> None:
    bucket = TokenBucket(rate_per_s=0, burst=1)
    bucket.pause(0.3)
    assert 0.2 < bucket.paused_for <= 0.3
    started = time.monotonic()

    await asyncio.gather(bucket.acquire(), bucket.acquire())

    assert time.monotonic() - started >= 0.28
    assert bucket.paused_for == 0


async def test_a_wait_past_the_deadline_is_refused_at_once() -> None:
    bucket = TokenBucket(rate_per_s=1, burst=1)
    await bucket.acquire()
    started = time.monotonic()

    with pytest.raises(RateBudgetExceeded):
        await bucket.acquire(deadline=time.monotonic() + 0.2)

    assert time.monotonic() - started < 0.05


async def test_waiting_does_not_block_the_loop() -> None:
    bucket = TokenBucket(rate_per_s=5, burst=1)
    await bucket.acquire()
    ticks = 0

    async def ticker() -> None:
        nonlocal ticks
        while True:
            ticks += 1
            await asyncio.sleep(0.01)

    task = asyncio.create_task(ticker())
    await bucket.acquire()  # ~0.2 s
    task.cancel()
    assert ticks >= 5
