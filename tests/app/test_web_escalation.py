"""Issue 5's "done when", end to end: the app in-process against a SearXNG-compatible server on
127.0.0.1 (and an OpenAI-compatible one for the query rewrite)."""

from __future__ import annotations

import time

from app.config import Settings
from tests.conftest import app_client, make_settings
from tests.fakes.openai_server import FakeOpenAI, system_prompt
from tests.fakes.searxng import FakeSearxng

CLAIM = "The Eiffel Tower was completed in 1889"
COUNTER = "The Eiffel Tower was not completed in 1889"  # each targeted tier also searches it (COUNTER_QUERY)
TRUSTED = {
    "title": "Eiffel Tower opens in Paris",
    "url": "https://www.reuters.com/world/eiffel-tower-1889",
    "content": "The Eiffel Tower was completed in March 1889 for the World's Fair in Paris.",
    "publishedDate": "2019-03-31T00:00:00",
}
FACT_CHECK = {
    "title": "Fact check: was the Eiffel Tower finished in 1889?",
    "url": "https://www.snopes.com/fact-check/eiffel-tower-1889/",
    "content": "Yes: the <b>Eiffel Tower</b> was completed in 1889; claims it was "
    "built in 1925 are false.<script>alert(1)</script>",
}
BROAD = {
    "title": "Eiffel Tower",
    "url": "https://en.wikipedia.org/wiki/Eiffel_Tower",
    "content": "The Eiffel Tower is a wrought-iron lattice tower in Paris, completed in 1889.",
}


def tiered(trusted=(TRUSTED,), fact_check=(FACT_CHECK,), broad=(BROAD,)):
    """SearXNG answers by the query's site filter, like a real engine would."""

    def answer(query: str) -> list[dict]:
        if "site:reuters.com" in query:
            return list(trusted)
        if "site:snopes.com" in query:
            return list(fact_check)
        return list(broad)

    return answer


def settings_for(tmp_path, searx: FakeSearxng, **overrides) -> Settings:
    """Search through the fake; an empty KB unless a test seeds it (the claims are not in the seed)."""
    values = {
        "SEARCH_PROVIDER": "searxng",
        "SEARXNG_URL": searx.url,
        "SEARCH_TIMEOUT_S": 3,
        "SEARCH_RATE_PER_S": 0,
        "AUTO_SEED": False,
        **overrides,
    }
    return make_settings(tmp_path, **values)


def targeted_and_broad(requests: list[str]) -> tuple[list[str], list[str]]:
    return [q for q in requests if "site:" in q], [q for q in requests if "site:" not in q]


async def test_both_tiers_are_asked_with_site_filters_and_broad_only_when_needed(tmp_path, minilm):
    with FakeSearxng(tiered()) as searx:
        settings = settings_for(tmp_path, searx)
        async with app_client(settings, embedder=minilm) as client:
            body = (await client.post("/api/verify", json={"claim": CLAIM})).json()
    targeted, broad = targeted_and_broad(searx.requests)
    assert len(targeted) == 4 and broad == []  # two relevant results: the open web is not asked
    assert sorted(q.split(" (site:")[0] for q in targeted) == [CLAIM, CLAIM, COUNTER, COUNTER]
    trusted_q = next(q for q in targeted if "site:reuters.com" in q and q.startswith(CLAIM))
    fact_q = next(q for q in targeted if "site:snopes.com" in q and q.startswith(CLAIM))
    assert all(f"site:{d}" in trusted_q for d in settings.TRUSTED_DOMAINS)
    assert all(f"site:{d}" in fact_q for d in settings.FACT_CHECK_DOMAINS)
    assert body["search"]["tier_used"] in {"trusted", "fact_check"}
    assert body["search"]["queries"] == body["usage"]["searches"] == 4
    assert {e["origin"] for e in body["evidence"]} >= {"web", "fact_check"}
    snopes = next(e for e in body["evidence"] if "snopes" in e["source"])
    assert "<" not in snopes["text"] and "alert" not in snopes["text"]  # markup cleaned


async def test_broad_runs_when_the_targeted_tiers_find_too_little(tmp_path, minilm):
    with FakeSearxng(tiered(trusted=(), fact_check=())) as searx:
        async with app_client(settings_for(tmp_path, searx), embedder=minilm) as client:
            body = (await client.post("/api/verify", json={"claim": CLAIM})).json()
    targeted, broad = targeted_and_broad(searx.requests)
    assert len(targeted) == 4 and broad == [
        CLAIM
    ]  # the counter-query is for the targeted tiers only
    assert body["search"]["tier_used"] == "broad"
    assert body["search"]["queries"] == 5
    assert any("searching the broad web" in s for s in body["steps"])
    assert "wikipedia.org" in {e["domain"] for e in body["evidence"]}


async def test_web_results_reach_the_kb_once_with_their_metadata(tmp_path, minilm):
    with FakeSearxng(tiered()) as searx:
        # VERDICT_CACHE_TTL_S=0: the second verify must search again, not hit the verdict cache.
        async with app_client(
            settings_for(tmp_path, searx, VERDICT_CACHE_TTL_S=0), embedder=minilm
        ) as client:
            services = client.app.state.runtime  # type: ignore[attr-defined]
            before = (await client.get("/api/health")).json()["kb_size"]
            first = (await client.post("/api/verify", json={"claim": CLAIM})).json()
            asked = len(searx.requests)
            # the same results again at once, while the first write may still be running in the
            # background: what is being written counts as there, so it is not new twice
            second = (await client.post("/api/verify", json={"claim": CLAIM})).json()
            assert await services.agent.verifier.drain() == 0
            after_first = after_second = (await client.get("/api/health")).json()["kb_size"]
            web_ids = [e["id"] for e in first["evidence"] if e["origin"] != "kb"]
            stored = {d.id: d.metadata for d in await services.retrieval.kb.get(web_ids)}
    assert first["search"]["new_documents"] == 2 and after_first == before + 2
    assert second["search"]["new_documents"] == 0 and after_second == after_first
    assert asked == 4 and len(searx.requests) in {4, 8}  # the KB may now settle it alone
    assert set(stored) == set(web_ids) and len(web_ids) == 2
    for meta in stored.values():
        assert meta["origin"] in {"web", "fact_check"}
        assert meta["tier"] in {"trusted", "fact_check"}
        assert meta["query"] == CLAIM
        assert meta["fetched_at"].endswith("+00:00") and meta["provider"] == "searxng"
    assert {m["origin"] for m in stored.values()} == {"web", "fact_check"}


async def test_web_results_are_written_after_the_answer_and_drained_at_shutdown(tmp_path, minilm):
    with FakeSearxng(tiered()) as searx:
        settings = settings_for(tmp_path, searx)
        async with app_client(settings, embedder=minilm) as client:
            body = (await client.post("/api/verify", json={"claim": CLAIM})).json()
        # the app is gone (its shutdown drained the write); the KB on disk has both results
        async with app_client(settings, embedder=minilm) as reopened:
            health = (await reopened.get("/api/health")).json()
    assert body["search"]["new_documents"] == 2
    assert any("into the knowledge base after the answer" in s for s in body["steps"]), body[
        "steps"
    ]
    assert health["kb_size"] == 2
    assert health["components"]["retrieval"]["writes_pending"] == 0


async def test_index_after_response_off_writes_before_the_answer(tmp_path, minilm):
    with FakeSearxng(tiered()) as searx:
        async with app_client(
            settings_for(tmp_path, searx, INDEX_AFTER_RESPONSE=False), embedder=minilm
        ) as client:
            body = (await client.post("/api/verify", json={"claim": CLAIM})).json()
            size = (await client.get("/api/health")).json()["kb_size"]
    assert body["search"]["new_documents"] == 2 and size == 2
    assert any(s.startswith("Indexed 2 new web document(s)") for s in body["steps"]), body["steps"]


async def test_a_429_then_200_succeeds_within_the_backoff(tmp_path, minilm):
    with FakeSearxng(tiered(), retry_after=0) as searx:
        searx.queue_status(429)
        async with app_client(settings_for(tmp_path, searx), embedder=minilm) as client:
            body = (await client.post("/api/verify", json={"claim": CLAIM})).json()
            health = (await client.get("/api/health")).json()
    assert (
        len(searx.requests) == 5
    )  # 2 tiers × (claim, counter-query); one call was rate limited once and retried
    assert body["search"]["new_documents"] == 2
    assert body["usage"]["searches"] == 5 and body["search"]["queries"] == 4
    assert not any(s.startswith("Search tier") and "failed" in s for s in body["steps"])
    assert body["timings_ms"]["search_targeted"] < 2500  # one backoff (0.5–1 s), no fixed pause
    assert health["components"]["search"]["state"] == "ok"


async def test_a_provider_that_hangs_costs_at_most_the_deadline(tmp_path, minilm):
    with FakeSearxng(tiered(), delay_s=30) as searx:
        settings = settings_for(tmp_path, searx, SEARCH_TIMEOUT_S=30, SEARCH_DEADLINE_S=1.5)
        async with app_client(settings, embedder=minilm) as client:
            started = time.monotonic()
            response = await client.post("/api/verify", json={"claim": CLAIM})
            elapsed = time.monotonic() - started
            health = (await client.get("/api/health")).json()
    assert response.status_code == 200
    body = response.json()
    searched = body["timings_ms"]["search_targeted"] + body["timings_ms"].get("search_broad", 0)
    assert 1400 <= searched < 1500 + 600  # the deadline, plus a loaded machine's slack
    assert elapsed < 10
    assert any("deadline reached" in s for s in body["steps"])
    assert {e["origin"] for e in body["evidence"]} <= {"kb"}
    assert health["components"]["search"]["state"] != "ok"
    assert health["components"]["search"]["recent_errors"]


async def test_500_and_malformed_json_leave_a_200_answer_from_the_kb(tmp_path, minilm):
    for fault in (
        {"status": 500},
        {"body": b"<html>Internal error</html>"},
        {"body": b'{"results": {"not": "a list"}}'},
    ):
        with FakeSearxng(tiered(), **fault) as searx:
            settings = settings_for(tmp_path / str(len(str(fault))), searx, AUTO_SEED=True)
            async with app_client(settings, embedder=minilm) as client:
                response = await client.post("/api/verify", json={"claim": "The Earth is flat"})
                health = (await client.get("/api/health")).json()
        assert response.status_code == 200, fault
        body = response.json()
        assert body["evidence"] and {e["origin"] for e in body["evidence"]} == {"kb"}, fault
        assert any("Search tier" in s and "failed" in s for s in body["steps"]), fault
        assert body["search"]["new_documents"] == 0
        assert health["components"]["search"]["consecutive_failures"] >= 2, fault


async def test_web_search_false_skips_every_tier(tmp_path, minilm):
    with FakeSearxng(tiered()) as searx:
        async with app_client(settings_for(tmp_path, searx), embedder=minilm) as client:
            body = (
                await client.post("/api/verify", json={"claim": CLAIM, "web_search": False})
            ).json()
    assert searx.requests == []
    assert body["search"]["queries"] == body["usage"]["searches"] == 0
    assert any("web_search=false" in s for s in body["steps"])


async def test_the_llm_adds_a_keyword_query_to_every_tier(tmp_path, minilm):
    def llm(messages):
        system = system_prompt(messages)
        if "classify" in system:
            return {"claim_type": "FACTUAL", "claim": CLAIM, "reason": "checkable"}
        if "search query" in system:
            return {"keywords": "Eiffel Tower completed 1889 site:evil.example"}
        if "enough to judge" in system:
            return {"sufficient": False, "reason": "no"}
        return {"verdict": "True", "confidence": 0.9, "reasoning": "Completed in 1889 [1]."}

    with FakeOpenAI(llm) as openai, FakeSearxng(tiered()) as searx:
        settings = settings_for(tmp_path, searx, OPENAI_BASE_URL=openai.url)
        async with app_client(settings, embedder=minilm) as client:
            body = (await client.post("/api/verify", json={"claim": CLAIM})).json()
    targeted, broad = targeted_and_broad(searx.requests)
    assert broad == []
    assert sorted(q.split(" (site:")[0] for q in targeted) == sorted(
        [
            CLAIM,
            CLAIM,
            "Eiffel Tower completed 1889",
            "Eiffel Tower completed 1889",
            COUNTER,
            COUNTER,
        ]
    )
    assert not any("evil.example" in q for q in searx.requests)  # operators are stripped
    assert body["search"]["queries"] == 6
    assert any("keywords 'Eiffel Tower completed 1889'" in s for s in body["steps"])


async def test_tiers_5a_and_5b_cost_one_latency(tmp_path, minilm):
    """0.6 s per search call: the targeted tiers take ≈ 0.6 s, not 1.2 s."""
    with FakeSearxng(tiered(), delay_s=0.6) as searx:
        async with app_client(settings_for(tmp_path, searx), embedder=minilm) as client:
            body = (await client.post("/api/verify", json={"claim": CLAIM})).json()
    tier_steps = [s for s in body["steps"] if s.startswith("Search tier")]
    assert len(tier_steps) == 2
    assert 600 <= body["timings_ms"]["search_targeted"] < 1150, body["timings_ms"]
    assert "search_broad" not in body["timings_ms"]
