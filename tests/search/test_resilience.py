"""The deadline, the retry policy and the circuit breakers of outside calls (search/resilience.py)."""

from __future__ import annotations

import asyncio
import time

import pytest

from search.resilience import (
    MIN_CALL_S,
    Breakers,
    CircuitBreaker,
    CircuitOpen,
    Limits,
    budget,
    cut,
    cuts,
    remaining,
    retrying,
    within,
)


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


async def fail() -> None:
    raise ConnectionError("down")


async def succeed() -> str:
    return "ok"


async def test_the_breaker_opens_after_consecutive_failures_then_lets_one_probe_through():
    clock = Clock()
    breaker = CircuitBreaker("llm", threshold=3, cool_off_s=30, clock=clock)
    for _ in range(2):
        with pytest.raises(ConnectionError):
            await breaker.call(fail)
    assert breaker.state == "closed"
    assert await breaker.call(succeed) == "ok" and breaker.failures == 0  # consecutive only
    for _ in range(3):
        with pytest.raises(ConnectionError):
            await breaker.call(fail)
    assert breaker.state == "open"
    with pytest.raises(CircuitOpen, match="open after 3 consecutive"):
        await breaker.call(succeed)
    clock.now += 30
    assert breaker.state == "half-open"
    gate = asyncio.Event()

    async def probe() -> str:
        await gate.wait()
        return "ok"

    first = asyncio.create_task(breaker.call(probe))
    await asyncio.sleep(0)
    with pytest.raises(CircuitOpen, match="one trial call is in flight"):
        await breaker.call(succeed)  # one probe at a time, not every waiting caller
    gate.set()
    assert await first == "ok" and breaker.state == "closed"


async def test_a_failed_probe_reopens_and_a_cancelled_call_counts_neither_way():
    clock = Clock()
    breaker = CircuitBreaker("search", threshold=1, cool_off_s=10, clock=clock)
    with pytest.raises(ConnectionError):
        await breaker.call(fail)
    clock.now += 10
    with pytest.raises(ConnectionError):
        await breaker.call(fail)  # the probe fails: open again for a whole cool-off
    assert breaker.state == "open" and breaker.retry_in() == pytest.approx(10)
    clock.now += 10
    hang = asyncio.create_task(breaker.call(asyncio.Event().wait))
    await asyncio.sleep(0)
    hang.cancel()
    with pytest.raises(asyncio.CancelledError):
        await hang
    assert breaker.state == "half-open" and not breaker.probing  # the probe slot is given back
    assert await breaker.call(succeed) == "ok" and breaker.state == "closed"


def test_health_counts_services_not_dead_web_sites():
    breakers = Breakers(threshold=1, cool_off_s=30, max_hosts=2)
    breakers.host("a.example:").failure("reset")
    breakers.host("b.example:")
    breakers.host("c.example:")  # the least recently used host is dropped
    assert list(breakers.hosts) == ["b.example:", "c.example:"]
    breakers.host("b.example:").failure("reset")
    assert breakers.degraded == []
    breakers.service("llm").failure("timed out")
    assert breakers.degraded == ["llm"]
    assert breakers.describe()["fetch_hosts"]["not_closed"].keys() == {"b.example:"}


async def test_the_deadline_cuts_each_call_and_records_what_it_cut():
    assert budget(30.0) == 30.0 and remaining() is None  # no deadline: a call's own timeout
    with within(2.0):
        assert budget(30.0) == pytest.approx(2.0, abs=0.05)
        assert budget(0.5) == 0.5
        with within(60.0):  # an inner, longer deadline does not extend the outer one
            assert remaining() <= 2.0
            cut("an LLM call")
            assert cuts() == ["an LLM call"]
        assert cuts() == []  # each verification counts its own cuts
    with within(MIN_CALL_S / 2):
        assert budget(30.0) == 0.0  # too little left: the call is not made


async def test_the_retry_policy_retries_transient_failures_only_while_the_deadline_allows():
    attempts = []

    async def flaky() -> str:
        attempts.append(time.monotonic())
        if len(attempts) < 2:
            raise ConnectionError("reset")
        return "ok"

    async for attempt in retrying(Limits(retries=1, backoff_initial_s=0.01), lambda e: True, 1.0):
        with attempt:
            result = await flaky()
    assert result == "ok" and len(attempts) == 2

    attempts.clear()
    with within(0.3), pytest.raises(ConnectionError):  # no time for a second whole attempt
        async for attempt in retrying(
            Limits(retries=3, backoff_initial_s=0.2), lambda e: True, 1.0
        ):
            with attempt:
                await fail()
                attempts.append(1)
    attempts.clear()
    calls = []
    with pytest.raises(CircuitOpen):  # a skipped service is never retried
        async for attempt in retrying(Limits(retries=3), lambda e: True, 1.0):
            with attempt:
                calls.append(1)
                raise CircuitOpen("llm", "skipped")
    assert calls == [1]
