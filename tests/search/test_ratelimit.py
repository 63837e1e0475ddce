"""TokenBucket: burst, steady rate, pause, deadline, no event-loop blocking."""

import asyncio

import pytest

from search.ratelimit import RateBudgetExceeded, TokenBucket
from tests.fakes.clock import VirtualTime


def bucket_on(time_: VirtualTime, rate_per_s: float, burst: int) -> TokenBucket:
    return TokenBucket(rate_per_s=rate_per_s, burst=burst, clock=time_, sleep=time_.sleep)


async def test_burst_is_immediate_then_the_rate_applies() -> None:
    time_ = VirtualTime()
    bucket = bucket_on(time_, rate_per_s=20, burst=3)

    for _ in range(3):
        await bucket.acquire()
    assert time_.slept == []  # the burst
    for _ in range(3):
        await bucket.acquire()

    assert time_.slept == pytest.approx([0.05, 0.05, 0.05])  # three more at 20/s


async def test_zero_rate_means_no_limit() -> None:
    time_ = VirtualTime()
    bucket = bucket_on(time_, rate_per_s=0, burst=1)
    await asyncio.gather(*(bucket.acquire() for _ in range(100)))
    assert time_.slept == []


async def test_pause_holds_every_caller() -> None:
    time_ = VirtualTime()
    bucket = bucket_on(time_, rate_per_s=0, burst=1)
    bucket.pause(0.3)
    bucket.pause(0.1)  # a shorter pause does not cut the running one
    assert bucket.paused_for == pytest.approx(0.3)

    await asyncio.gather(bucket.acquire(), bucket.acquire())

    assert time_.slept == pytest.approx([0.3])  # the first waits it out, the second finds it over
    assert bucket.paused_for == 0


async def test_a_wait_past_the_deadline_is_refused_at_once() -> None:
    time_ = VirtualTime()
    bucket = bucket_on(time_, rate_per_s=1, burst=1)
    await bucket.acquire()

    with pytest.raises(RateBudgetExceeded):
        await bucket.acquire(deadline=time_.now + 0.2)  # the next token is 1 s away

    assert time_.slept == []
    await bucket.acquire(deadline=time_.now + 1.5)  # within the deadline it waits
    assert time_.slept == pytest.approx([1.0])


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
