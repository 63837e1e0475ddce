"""Chaos (issue 38): outside services that hang, trickle, answer half a body or reset the
connection. Each test proves an answer within the deadline, a freed slot and a step saying what
happened. Deadlines are small here (VERIFY_DEADLINE_S=4 where the test waits it out) so the suite
stays fast; the tests of fast failures (half a body, resets) get a roomier one, so that a loaded
machine's slow local stages cannot use up the time before the outside call is even made."""

from __future__ import annotations

import time

import pytest

from tests.conftest import app_client, make_settings
from tests.fakes.chaos import ChaosServer, half_json, hanging, resetting, trickling

DEADLINE_S = 4.0
ROOMY_S = 10.0
ROOMY = {
    "VERIFY_DEADLINE_S": ROOMY_S,
    "VERIFY_RESERVE_S": 2.0,
    "LLM_TIMEOUT_S": 30.0,
    "RATE_LIMIT": "1000/minute",
}
FAST = {
    "VERIFY_DEADLINE_S": DEADLINE_S,
    "VERIFY_RESERVE_S": 1.5,
    "LLM_TIMEOUT_S": 30.0,
    "RATE_LIMIT": "1000/minute",
}


async def verify(client, body: dict) -> tuple[float, dict]:
    started = time.perf_counter()
    response = await client.post("/api/verify", json=body)
    elapsed = time.perf_counter() - started
    assert response.status_code == 200, response.text
    return elapsed, response.json()


def slots_free(client) -> bool:
    services = client.app.state.runtime
    return services.verification.slots._value == services.settings.MAX_CONCURRENT_VERIFICATIONS


def step_with(body: dict, *words: str) -> str:
    found = [s for s in body["steps"] if all(w.lower() in s.lower() for w in words)]
    assert found, (words, body["steps"])
    return found[0]


@pytest.mark.slow
async def test_a_hanging_llm_answers_within_the_deadline_then_the_open_breaker_answers_at_once(
    tmp_path, minilm
):
    with ChaosServer(hanging) as llm:
        settings = make_settings(
            tmp_path,
            OPENAI_BASE_URL=f"{llm.url}/v1",
            OPENAI_API_KEY="test",
            LOCAL_JUDGE=True,
            BREAKER_THRESHOLD=2,
            BREAKER_COOL_OFF_S=60,
            **FAST,
        )
        async with app_client(settings, embedder=minilm) as client:
            for _ in range(2):  # two timed-out classifications open the breaker
                elapsed, body = await verify(client, {"claim": "The Earth is flat."})
                assert elapsed < DEADLINE_S + 1, elapsed
                step_with(body, "Deadline", "LLM call")
                assert body["mode"] != "llm"
                assert slots_free(client)
            health = (await client.get("/api/health")).json()
            assert health["status"] == "degraded" and "llm" in health["degraded"]
            assert health["components"]["breakers"]["llm"]["state"] == "open"
            assert health["components"]["llm"]["breaker"]["state"] == "open"

            elapsed, body = await verify(client, {"claim": "The Earth is flat."})
            assert elapsed < 2.0, elapsed
            assert body["mode"] == "nli"  # the shipped local judge answers (its engine name)
            step_with(body, "Verdict", "circuit breaker is open")
            assert not any(s.startswith("Deadline") for s in body["steps"])
            assert slots_free(client)
            connections = llm.connections
            await verify(client, {"claim": "The Eiffel Tower is in Paris."})
            assert llm.connections == connections  # skipped: not even a connection


@pytest.mark.slow
async def test_an_llm_that_trickles_bytes_is_cut_by_the_deadline(tmp_path, minilm):
    with ChaosServer(trickling(0.2)) as llm:
        settings = make_settings(
            tmp_path, OPENAI_BASE_URL=f"{llm.url}/v1", OPENAI_API_KEY="test", **FAST
        )
        async with app_client(settings, embedder=minilm) as client:
            elapsed, body = await verify(client, {"claim": "The Earth is flat."})
    assert elapsed < DEADLINE_S + 1, elapsed
    step_with(body, "Classification", "timed out")
    step_with(body, "Deadline", "LLM call")
    assert slots_free(client)


@pytest.mark.slow
async def test_an_llm_answering_half_a_json_body_falls_back_at_once(tmp_path, minilm):
    with ChaosServer(half_json) as llm:
        settings = make_settings(
            tmp_path, OPENAI_BASE_URL=f"{llm.url}/v1", OPENAI_API_KEY="test", **FAST
        )
        async with app_client(settings, embedder=minilm) as client:
            elapsed, body = await verify(client, {"claim": "The Earth is flat."})
            health = (await client.get("/api/health")).json()
    assert elapsed < DEADLINE_S + 1, elapsed
    step_with(body, "Classification", "could not be read")
    assert body["mode"] != "llm"
    assert slots_free(client)
    assert health["components"]["breakers"]["llm"]["consecutive_failures"] >= 1


@pytest.mark.slow
async def test_a_search_engine_that_resets_connections(tmp_path, minilm):
    with ChaosServer(resetting) as searx:
        settings = make_settings(
            tmp_path, SEARCH_PROVIDER="searxng", SEARXNG_URL=searx.url, AUTO_SEED=False, **ROOMY
        )
        async with app_client(settings, embedder=minilm) as client:
            elapsed, body = await verify(
                client, {"claim": "The Eiffel Tower was completed in 1889."}
            )
            health = (await client.get("/api/health")).json()
    assert elapsed < ROOMY_S + 1, elapsed
    assert searx.connections >= 1, body["steps"]
    step_with(body, "search", "unavailable")
    assert slots_free(client)
    assert health["components"]["breakers"]["search"]["consecutive_failures"] >= 1


@pytest.mark.slow
async def test_a_page_server_that_resets_connections(tmp_path, minilm):
    with ChaosServer(resetting) as pages:
        settings = make_settings(
            tmp_path, AUTO_SEED=False, FETCH_ALLOW_HOSTS=f"127.0.0.1:{pages.port}", **ROOMY
        )
        async with app_client(settings, embedder=minilm) as client:
            elapsed, body = await verify(
                client,
                {
                    "claim": "The Eiffel Tower was completed in 1889.",
                    "references": [f"{pages.url}/eiffel"],
                },
            )
            audit = await client.post(
                "/api/sources/audit", json={"text": f"See {pages.url}/eiffel for it."}
            )
    assert elapsed < ROOMY_S + 1, elapsed
    step_with(body, "reference", "could not")
    assert slots_free(client)
    assert audit.status_code == 200
    (url,) = audit.json()["urls"]
    assert (
        url["status"] == "unreachable" and "Read" in url["reason"] or "Remote" in url["reason"]
    ), url
