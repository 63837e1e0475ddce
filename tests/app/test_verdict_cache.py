"""The verdict cache: a repeated claim is a fast hit with a fresh session; degraded answers are not kept."""

from __future__ import annotations

import asyncio
import time

import pytest

from agent.cache import MemoryCache, RedisCache, normalise_claim, verdict_key
from tests.conftest import app_client, make_settings
from tests.fakes.openai_server import FakeOpenAI


async def test_a_repeated_claim_is_served_from_the_cache(tmp_path, minilm):
    async with app_client(
        make_settings(tmp_path, VERDICT_CACHE_TTL_S=3600), embedder=minilm
    ) as client:
        first = (await client.post("/api/verify", json={"claim": "The Earth is flat"})).json()
        started = time.perf_counter()
        second = (await client.post("/api/verify", json={"claim": "  the earth is FLAT. "})).json()
        elapsed = time.perf_counter() - started
        other = (
            await client.post(
                "/api/verify", json={"claim": "The Earth is flat", "web_search": False}
            )
        ).json()
        health = (await client.get("/api/health")).json()
    assert first["cache"] == "miss" and second["cache"] == "hit"
    assert second["verdict"] == first["verdict"] and second["evidence"] == first["evidence"]
    assert second["session_id"] != first["session_id"]
    assert second["original_claim"] == "  the earth is FLAT. "
    assert second["steps"][0].startswith("Served from the verdict cache")
    assert elapsed < 0.5
    assert other["cache"] == "miss"  # web_search changes the answer, so it is part of the key
    assert health["components"]["cache"]["backend"] == "memory"


async def test_the_stream_and_passage_checks_share_the_cache_with_verify(tmp_path, minilm):
    from app.sse import parse_stream

    async with app_client(
        make_settings(tmp_path, VERDICT_CACHE_TTL_S=3600), embedder=minilm
    ) as client:
        first = (await client.post("/api/verify", json={"claim": "The Earth is flat"})).json()
        streamed = await client.post("/api/verify/stream", json={"claim": "The Earth is flat"})
        events = list(parse_stream(streamed.text.splitlines()))
        claim = "The unemployment rate fell to 3.5 percent in 2019, the lowest in fifty years."
        tower = (await client.post("/api/verify", json={"claim": claim})).json()
        passage = (
            await client.post("/api/check", json={"text": f"{claim} I love sunny days."})
        ).json()
        again = (
            await client.post("/api/verify", json={"claim": "The Moon is made of cheese"})
        ).json()
        streamed_new = await client.post(
            "/api/verify/stream", json={"claim": "The Moon is made of cheese"}
        )
    assert first["cache"] == "miss"
    result = [data for name, data in events if name == "result"][0]
    assert result["cache"] == "hit" and result["verdict"] == first["verdict"]
    steps = [data["step"] for name, data in events if name == "step"]
    assert steps[0].startswith("Served from the verdict cache") and steps[1:] == first["steps"]
    checked = [c for c in passage["claims"] if c["result"]]
    assert tower["cache"] == "miss" and [c["result"]["cache"] for c in checked] == ["hit"]
    assert again["cache"] == "miss"
    assert [d for n, d in parse_stream(streamed_new.text.splitlines()) if n == "result"][0][
        "cache"
    ] == "hit"


async def test_ttl_zero_disables_and_degraded_answers_are_not_cached(tmp_path, minilm):
    async with app_client(
        make_settings(tmp_path, VERDICT_CACHE_TTL_S=0), embedder=minilm
    ) as client:
        bodies = [
            (await client.post("/api/verify", json={"claim": "The Earth is flat"})).json()
            for _ in range(2)
        ]
    assert [b["cache"] for b in bodies] == ["miss", "miss"]
    with FakeOpenAI(status=500) as llm:
        settings = make_settings(
            tmp_path / "b", OPENAI_BASE_URL=llm.url, LLM_TIMEOUT_S=2, VERDICT_CACHE_TTL_S=3600
        )
        async with app_client(settings, embedder=minilm) as client:
            degraded = [
                (await client.post("/api/verify", json={"claim": "The Earth is flat"})).json()
                for _ in range(2)
            ]
    assert [b["cache"] for b in degraded] == ["miss", "miss"]
    assert degraded[0]["mode"] == "evidence-only"


def test_keys_normalise_the_claim_and_include_the_options():
    assert normalise_claim("  The  Earth is flat!! ") == "the earth is flat"
    assert verdict_key("The Earth is flat", engine="llm") == verdict_key(
        "the earth is flat.", engine="llm"
    )
    assert verdict_key("The Earth is flat", engine="llm") != verdict_key(
        "The Earth is flat", engine="nli"
    )


async def test_memory_cache_expires_and_evicts():
    cache = MemoryCache(max_entries=2)
    await cache.set("a", "1", 0.05)
    await cache.set("b", "2", 10)
    await cache.set("c", "3", 10)
    assert await cache.get("a") is None  # evicted (oldest)
    assert await cache.get("b") == "2"
    await cache.set("d", "4", 0.01)
    await asyncio.sleep(0.02)
    assert await cache.get("d") is None


@pytest.fixture
def redis_url(redis_server):
    return redis_server.url, redis_server.proc


async def test_redis_cache_is_shared_and_a_dead_redis_is_a_miss(redis_url):
    url, proc = redis_url
    one, two = RedisCache(url), RedisCache(url)
    await one.set("k", "v", 5)
    assert await two.get("k") == "v"
    proc.terminate()
    proc.wait(timeout=10)
    assert await two.get("k") is None and two.errors == 1
    await one.aclose()
    await two.aclose()
