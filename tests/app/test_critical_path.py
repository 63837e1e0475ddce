"""The critical path (issue 10): waits that do not depend on each other overlap.

Real loopback fakes record when each LLM request arrives, so overlap is observed, not assumed:
the classification carries the search keywords (no separate rewrite call before the searches),
the KB is searched while the claim is classified, and the LLM's source-trust judgement is asked
together with the verdict.
"""

from __future__ import annotations

from tests.app.test_web_escalation import CLAIM, COUNTER, settings_for, targeted_and_broad, tiered
from tests.conftest import app_client
from tests.fakes.openai_server import FakeOpenAI, system_prompt
from tests.fakes.searxng import FakeSearxng

DELAY = 0.4


def llm(
    *, keywords: str = "Eiffel Tower completed 1889", confidence: float = 0.95, cite: bool = True
):
    def reply(messages):
        system = system_prompt(messages)
        if "classify a claim" in system:
            return {
                "claim_type": "FACTUAL",
                "claim": CLAIM,
                "reason": "checkable",
                "keywords": keywords,
            }
        if "search query" in system:
            return {"keywords": "rewrite call keywords"}
        if "enough to judge" in system:
            return {"sufficient": False, "reason": "no"}
        if "judge sources" in system:
            return {"ratings": [{"n": 1, "confidence": 0.9}]}
        if "review a fact-check verdict" in system:
            return {"confidence": 0.3}
        if "careful fact-checker" in system:
            reasoning = "It was completed in 1889 [1]." if cite else "It was completed in 1889."
            return {"verdict": "True", "confidence": confidence, "reasoning": reasoning}
        return {}

    return reply


def kinds(fake: FakeOpenAI) -> list[tuple[float, str]]:
    names = {
        "classify a claim": "classify",
        "search query": "rewrite",
        "judge sources": "trust",
        "careful fact-checker": "verdict",
        "enough to judge": "sufficiency",
    }
    out = []
    for at, system in fake.arrivals:
        out.append((at, next((name for key, name in names.items() if key in system), "other")))
    return out


async def test_the_classification_carries_the_keywords_and_trust_overlaps_the_verdict(
    tmp_path, minilm
):
    with FakeOpenAI(llm(), delay_s=DELAY) as openai, FakeSearxng(tiered(), delay_s=DELAY) as searx:
        settings = settings_for(
            tmp_path, searx, OPENAI_BASE_URL=openai.url, GROUNDING_TRIGGER="never"
        )
        async with app_client(settings, embedder=minilm) as client:
            body = (await client.post("/api/verify", json={"claim": CLAIM})).json()
    calls = kinds(openai)
    names = [name for _, name in calls]
    assert "rewrite" not in names, names  # the keywords came with the classification
    targeted, _ = targeted_and_broad(searx.requests)
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
    assert any("(from the classification)" in s for s in body["steps"]), body["steps"]
    assert any("searched while the claim was classified" in s for s in body["steps"]), body["steps"]
    trust_at = next(at for at, name in calls if name == "trust")
    verdict_at = next(at for at, name in calls if name == "verdict")
    # asked together: sequential calls would arrive ≥ DELAY apart
    assert abs(trust_at - verdict_at) < DELAY / 2, calls
    assert body["verdict"] == "True"
    assert body["evidence"][0]["trust"]["posterior"] is not None
    assert body["usage"]["llm_calls"] == 3  # classify, trust, verdict


async def test_without_keywords_in_the_classification_the_rewrite_call_still_happens(
    tmp_path, minilm
):
    with FakeOpenAI(llm(keywords=""), delay_s=0) as openai, FakeSearxng(tiered()) as searx:
        settings = settings_for(
            tmp_path, searx, OPENAI_BASE_URL=openai.url, GROUNDING_TRIGGER="never"
        )
        async with app_client(settings, embedder=minilm) as client:
            body = (await client.post("/api/verify", json={"claim": CLAIM})).json()
    assert "rewrite" in [name for _, name in kinds(openai)]
    assert any("keywords 'rewrite call keywords'" in s for s in body["steps"]), body["steps"]


async def test_an_opinion_discards_the_early_kb_search(tmp_path, minilm):
    def reply(messages):
        return {"claim_type": "OPINION", "claim": "Paris is the nicest city", "reason": "taste"}

    with FakeOpenAI(reply, delay_s=0.2) as openai, FakeSearxng(tiered()) as searx:
        settings = settings_for(tmp_path, searx, OPENAI_BASE_URL=openai.url, AUTO_SEED=True)
        async with app_client(settings, embedder=minilm) as client:
            body = (
                await client.post("/api/verify", json={"claim": "Paris is the nicest city"})
            ).json()
    assert body["verdict"] == "Not Verifiable" and body["evidence"] == []
    assert searx.requests == []
    assert "retrieve" not in body["timings_ms"]
    assert not any("searched while" in s for s in body["steps"])


async def test_a_grounding_measured_on_a_verdict_the_citation_check_downgrades_is_dropped(
    tmp_path, minilm
):
    """The grounding re-ask runs beside the citation check; an uncited True becomes Not Enough
    Evidence there, and the grounding of the old verdict must not be reported."""
    with FakeOpenAI(llm(confidence=0.7, cite=False)) as openai, FakeSearxng(tiered()) as searx:
        settings = settings_for(
            tmp_path, searx, OPENAI_BASE_URL=openai.url, GROUNDING_TRIGGER="always"
        )
        async with app_client(settings, embedder=minilm) as client:
            body = (await client.post("/api/verify", json={"claim": CLAIM})).json()
    assert body["verdict"] == "Not Enough Evidence", body["steps"]
    assert body["grounding"]["status"] == "SKIPPED"
    assert any("citation check changed the verdict" in s for s in body["steps"]), body["steps"]
