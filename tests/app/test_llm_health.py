"""/api/health says whether the configured LLM answers: checked once at start-up, in the
background, never on a health probe; an unreachable one is logged once (issue 23 item 5)."""

from __future__ import annotations

import asyncio
import logging

from tests.conftest import app_client, free_port, make_settings
from tests.fakes.openai_server import FakeOpenAI


async def llm_health(client) -> dict:
    for _ in range(100):  # the check runs in the background: up to 5 s
        llm = (await client.get("/api/health")).json()["components"]["llm"]
        if llm["status"] != "checking":
            return llm
        await asyncio.sleep(0.05)
    raise AssertionError("the LLM check never finished")


async def test_a_live_llm_is_reachable_and_probes_do_not_call_it(tmp_path, minilm):
    with FakeOpenAI() as llm:
        settings = make_settings(tmp_path, OPENAI_BASE_URL=llm.url, OPENAI_API_KEY="test")
        async with app_client(settings, embedder=minilm) as client:
            first = await llm_health(client)
            for _ in range(5):
                await client.get("/api/health")
        assert first["status"] == "reachable" and first["reason"] is None
        assert llm.model_listings == 1 and llm.requests == []


async def test_a_dead_llm_is_unreachable_with_the_reason_logged_once(tmp_path, minilm, caplog):
    caplog.set_level(logging.WARNING, logger="claimcheck")
    settings = make_settings(tmp_path, OPENAI_BASE_URL=f"http://127.0.0.1:{free_port()}/v1")
    async with app_client(settings, embedder=minilm) as client:
        health = await llm_health(client)
        await client.get("/api/health")
    assert health["configured"] is True and health["status"] == "unreachable"
    assert health["reason"].startswith("cannot connect")
    warnings = [r.getMessage() for r in caplog.records if "is unreachable" in r.getMessage()]
    assert len(warnings) == 1 and "127.0.0.1" in warnings[0]


async def test_a_refused_key_and_no_llm_at_all(tmp_path, minilm):
    with FakeOpenAI(status=401) as llm:
        settings = make_settings(tmp_path / "a", OPENAI_BASE_URL=llm.url, OPENAI_API_KEY="wrong")
        async with app_client(settings, embedder=minilm) as client:
            refused = await llm_health(client)
    async with app_client(make_settings(tmp_path / "b"), embedder=minilm) as client:
        none = await llm_health(client)
    assert refused["status"] == "unreachable" and "HTTP 401" in refused["reason"]
    assert none == {**none, "configured": False, "status": "not configured", "reason": None}
