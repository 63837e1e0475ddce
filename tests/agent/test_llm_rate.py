"""LLM_RATE_PER_S: the chat model waits for its token before each call (one budget per process, or
across processes through Redis — the shared window itself is tested in tests/search/test_shared_rate.py)."""

from __future__ import annotations

import asyncio
import time

import pytest

from agent.llm import OpenAIChatModel
from search.ratelimit import SharedWindow, TokenBucket
from tests.fakes.clock import VirtualTime
from tests.fakes.openai_server import FakeOpenAI


async def test_the_llm_rate_spaces_the_calls():
    time_ = VirtualTime()
    with FakeOpenAI() as llm:
        limited = OpenAIChatModel(
            model="m",
            api_key="k",
            base_url=llm.url,
            temperature=0.0,
            timeout_s=10,
            rate=TokenBucket(4.0, 1, clock=time_, sleep=time_.sleep),
        )
        started = time_()
        await asyncio.gather(
            *(limited.complete_json("You classify a claim.", f"Claim: {n}") for n in range(5))
        )
    assert len(llm.requests) == 5
    assert time_() - started == pytest.approx(1.0, abs=1e-6)  # 1 at once, then one every 0.25 s


async def test_two_processes_share_the_llm_budget_through_redis(redis_server):
    windows = [SharedWindow(redis_server.url, "llm", 3.0, 3) for _ in range(2)]
    try:
        with FakeOpenAI() as llm:
            models = [
                OpenAIChatModel(
                    model="m",
                    api_key="k",
                    base_url=llm.url,
                    temperature=0.0,
                    timeout_s=10,
                    rate=TokenBucket(3.0, 3, shared=window),
                )
                for window in windows
            ]
            started = time.monotonic()
            await asyncio.gather(
                *(
                    models[n % 2].complete_json("You classify a claim.", f"Claim: {n}")
                    for n in range(9)
                )
            )
            elapsed = time.monotonic() - started
    finally:
        for window in windows:
            await window.aclose()
    assert elapsed >= 1.9, (
        elapsed
    )  # 9 calls at 3 per second shared: 3 now, 3 after 1 s, 3 after 2 s
