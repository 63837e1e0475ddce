"""Issue 6's decisions end to end: the real app, a real OpenAI-compatible server on 127.0.0.1,
and (where search matters) a real SearXNG-compatible server."""

from __future__ import annotations

import asyncio
import time

from tests.conftest import app_client, make_settings
from tests.fakes.openai_server import FakeOpenAI, scripted, user_claim
from tests.fakes.searxng import FakeSearxng


async def verify(client, claim, **extra):
    response = await client.post("/api/verify", json={"claim": claim, **extra})
    assert response.status_code == 200, response.text
    return response.json()


async def test_opinion_and_ambiguous_short_circuit_without_retrieval_or_search(tmp_path, minilm):
    answers = iter(
        [
            {"claim_type": "OPINION", "claim": "", "reason": "taste"},
            {"claim_type": "AMBIGUOUS", "claim": "", "reason": "who is 'he'?"},
        ]
    )
    with FakeOpenAI(lambda m: next(answers)) as llm, FakeSearxng([]) as searx:
        settings = make_settings(
            tmp_path, OPENAI_BASE_URL=llm.url, SEARCH_PROVIDER="searxng", SEARXNG_URL=searx.url
        )
        async with app_client(settings, embedder=minilm) as client:
            opinion = await verify(client, "Jazz is more interesting than pop")
            vague = await verify(client, "He said it again yesterday")
    assert (opinion["claim_type"], opinion["verdict"], opinion["mode"]) == (
        "OPINION",
        "Not Verifiable",
        "llm",
    )
    assert (vague["claim_type"], vague["verdict"]) == ("AMBIGUOUS", "Not Enough Evidence")
    assert "rephrase" in vague["reasoning"] and "who is 'he'?" in vague["reasoning"]
    for body in (opinion, vague):
        assert "retrieve" not in body["timings_ms"] and body["evidence"] == []
        assert body["usage"]["llm_calls"] == 1 and body["usage"]["searches"] == 0
    assert searx.requests == []


async def test_mixed_claims_check_only_the_extracted_factual_part(tmp_path, minilm):
    classify = {
        "claim_type": "MIXED",
        "claim": "Apollo 11 landed on the Moon in 1969.",
        "reason": "fact plus praise",
    }
    with FakeOpenAI(scripted(classify)) as llm:
        async with app_client(
            make_settings(tmp_path, OPENAI_BASE_URL=llm.url), embedder=minilm
        ) as client:
            body = await verify(
                client, "Apollo 11 landed on the Moon in 1969, the greatest day ever"
            )
    assert body["claim_type"] == "MIXED"
    assert body["claim"] == "Apollo 11 landed on the Moon in 1969."
    assert body["original_claim"].endswith("greatest day ever")
    assert "nasa.gov" in {e["domain"] for e in body["evidence"]}


async def test_the_llm_may_not_correct_the_claim_it_is_asked_to_check(tmp_path, minilm):
    classify = {
        "claim_type": "FACTUAL",
        "claim": "Water boils at 100C at sea level.",
        "reason": "fixed it",
    }
    with FakeOpenAI(scripted(classify)) as llm:
        async with app_client(
            make_settings(tmp_path, OPENAI_BASE_URL=llm.url), embedder=minilm
        ) as client:
            body = await verify(client, "Water boils at 50C")
    assert body["claim"] == "Water boils at 50C"
    assert any("changed numbers" in s for s in body["steps"])


async def test_citation_repair_and_uncited_downgrade(tmp_path, minilm):
    verdicts = iter(
        [
            {"verdict": "False", "confidence": 0.9, "reasoning": "Refuted by [1] and [12]."},
            {"verdict": "True", "confidence": 0.8, "reasoning": "Everyone knows this."},
        ]
    )
    with FakeOpenAI(scripted(verdict=lambda m: next(verdicts))) as llm:
        # Two fresh verifications of one claim: the verdict cache would answer the second.
        settings = make_settings(tmp_path, OPENAI_BASE_URL=llm.url, VERDICT_CACHE_TTL_S=0)
        async with app_client(settings, embedder=minilm) as client:
            repaired = await verify(client, "The Earth is flat")
            uncited = await verify(client, "The Earth is flat")
    assert "[12]" not in repaired["reasoning"] and "[1]" in repaired["reasoning"]
    assert repaired["citations"] == {"total": 2, "supported": 1}
    assert any("removed [12]" in s for s in repaired["steps"])
    assert uncited["verdict"] == "Not Enough Evidence" and uncited["confidence"] <= 0.3
    assert any("cited no evidence" in s for s in uncited["steps"])


async def test_prose_wrapped_json_from_a_local_model_is_read(tmp_path, minilm):
    def chatty(messages):
        answer = scripted()(messages)
        return f"Sure! Here is the JSON you asked for:\n```json\n{__import__('json').dumps(answer)}\n```\nHope it helps."

    with FakeOpenAI(chatty) as llm:
        async with app_client(
            make_settings(tmp_path, OPENAI_BASE_URL=llm.url), embedder=minilm
        ) as client:
            body = await verify(client, "The Earth is flat")
    assert (body["mode"], body["verdict"]) == ("llm", "False")


async def test_garbage_from_the_llm_degrades_every_stage_visibly(tmp_path, minilm):
    with FakeOpenAI(lambda m: "lol no") as llm:
        async with app_client(
            make_settings(tmp_path, OPENAI_BASE_URL=llm.url), embedder=minilm
        ) as client:
            body = await verify(client, "The Earth is flat")
    assert body["mode"] == "evidence-only" and body["verdict"] == "False"  # exact comparison
    assert body["reasoning"].startswith("The language model's answer could not be used.")
    assert any("fell back to the local classifier" in s for s in body["steps"])
    assert any("the LLM failed" in s for s in body["steps"])
    assert body["evidence"][0]["domain"] == "nasa.gov"


async def test_a_slow_llm_costs_its_timeout_not_more(tmp_path, minilm):
    with FakeOpenAI(scripted(), delay_s=5) as llm:
        settings = make_settings(tmp_path, OPENAI_BASE_URL=llm.url, LLM_TIMEOUT_S=0.5)
        async with app_client(settings, embedder=minilm) as client:
            started = time.perf_counter()
            body = await verify(client, "The Earth is flat")
            elapsed = time.perf_counter() - started
    assert body["mode"] == "evidence-only"
    assert any("timed out" in s for s in body["steps"])
    # classify + verdict, each at most 2 attempts × 0.5 s plus the SDK's short backoff
    assert elapsed < 8, elapsed


async def test_fact_checker_rating_decides_without_an_llm(tmp_path, minilm):
    results = [
        {
            "title": "Fact check: Does hot lemon water cure cancer?",
            "url": "https://www.snopes.com/fact-check/hot-lemon-water-cancer/",
            "content": "Claim: Drinking hot lemon water cures cancer. Rating: False. No study shows that "
            "hot lemon water kills cancer cells in people.",
        }
    ]
    with FakeSearxng(lambda q: results if "snopes.com" in q else []) as searx:
        settings = make_settings(tmp_path, SEARCH_PROVIDER="searxng", SEARXNG_URL=searx.url)
        async with app_client(settings, embedder=minilm) as client:
            body = await verify(client, "Drinking hot lemon water cures cancer")
    assert body["mode"] == "evidence-only"
    snopes = [n for n, e in enumerate(body["evidence"], 1) if e["domain"] == "snopes.com"]
    assert snopes and body["evidence"][snopes[0] - 1]["origin"] == "fact_check"
    assert body["verdict"] == "False"
    assert '"False"' in body["reasoning"] and f"[{snopes[0]}]" in body["reasoning"]


async def test_four_concurrent_verifications_stay_isolated(tmp_path, minilm):
    def echo(messages):
        claim = user_claim(messages)
        return {"verdict": "False", "confidence": 0.7, "reasoning": f"About '{claim}': see [1]."}

    claims = [
        "The Earth is flat",
        "Apollo 11 landed on the Moon in 1969",
        "The speed of light is 299,792,458 metres per second",
        "The United Nations was founded in 1945",
    ]
    with FakeOpenAI(scripted(verdict=echo), delay_s=0.2) as llm:
        async with app_client(
            make_settings(tmp_path, OPENAI_BASE_URL=llm.url), embedder=minilm
        ) as client:
            bodies = await asyncio.gather(*(verify(client, c) for c in claims))
    assert [b["claim"] for b in bodies] == claims
    for claim, body in zip(claims, bodies, strict=True):
        assert f"About '{claim}'" in body["reasoning"]
        assert all(other not in body["reasoning"] for other in claims if other != claim)
    assert len({b["session_id"] for b in bodies}) == 4
    assert sum(b["usage"]["llm_calls"] for b in bodies) == len(llm.requests)
