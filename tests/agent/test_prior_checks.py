"""Step 0, prior fact-checks (issue 25, item 1), on the verifier without the app: the real
`FactCheckClient` against the loopback fake of the Fact Check Tools API (its real JSON shape), the
real MiniLM for matching, the in-memory KB. A matching review becomes cited `fact_check` evidence
and is written into the KB; a non-matching one is not used; an outage or a timeout degrades and says
so; the key never shows. Then the verdict rules: which of the judge and the review decides."""

from __future__ import annotations

import json
import logging
from dataclasses import asdict

import httpx
import pytest

from agent.judge._nli import StanceProbs
from agent.judge._reviews import weigh_reviews
from agent.models import Evidence, Review, Verdict, VerdictDecision
from agent.prior import FactCheckClient, PriorChecks, ReviewMatcher
from agent.verifier import Verifier, VerifierConfig, VerifyOptions
from retrieval.documents import Document
from retrieval.memory import MemoryRetriever
from tests.fakes.factcheck import FakeFactCheck

KEY = "test-key-7f3a9c1e5b"
MOON = "The Moon landing was faked"
UNRELATED = Document(
    "Honey never spoils when it is sealed and stored properly.",
    "https://www.example.org/honey",
    "Honey",
)
FIVE_G = [
    {
        "text": "5G towers spread COVID-19.",
        "claimReview": [
            {
                "publisher": {"name": "AFP Fact Check", "site": "factcheck.afp.com"},
                "url": "https://factcheck.afp.com/5g-covid",
                "title": "No, 5G does not spread COVID-19",
                "reviewDate": "2020-04-10T00:00:00Z",
                "textualRating": "False",
                "languageCode": "en",
            }
        ],
    }
]


class KeywordNLI:
    """A behavioural fake judge: contradiction when the premise says 'not faked', else neutral."""

    name = "keyword"
    kind = "local judge"

    async def predict(self, pairs):
        return [
            StanceProbs(0.05, 0.9, 0.05) if "not faked" in p.lower() else StanceProbs(0.1, 0.1, 0.8)
            for p, _ in pairs
        ]


@pytest.fixture
async def http():
    async with httpx.AsyncClient() as client:
        yield client


def verifier(kb, http, fake, minilm, nli=None, timeout_s=2.0, retries=1) -> Verifier:
    prior = PriorChecks(
        FactCheckClient(
            http, KEY, fake.url, timeout_s=timeout_s, retries=retries, min_interval_s=0
        ),
        ReviewMatcher(minilm.embed),
    )
    return Verifier(kb, None, None, VerifierConfig(write_coalesce_s=0), nli=nli, prior=prior)


async def test_a_matching_review_is_cited_evidence_decides_and_is_learned(http, minilm, caplog):
    caplog.set_level(logging.DEBUG)
    kb = MemoryRetriever([UNRELATED])
    with FakeFactCheck(KEY) as fake:
        v = verifier(kb, http, fake, minilm, nli=KeywordNLI())
        result = await v.verify(MOON)
    assert [q for q, _, _ in fake.requests] == [MOON]
    [n] = [n for n, e in enumerate(result.evidence, 1) if e.review is not None]
    item = result.evidence[n - 1]
    assert item.origin == "fact_check" and item.source.startswith("https://www.reuters.com/")
    assert item.review.publisher == "Reuters" and item.review.rating == "False"
    assert item.review.verdict is Verdict.FALSE and item.review.reviewed_at == "2021-02-24"
    assert item.stance == "refutes" and item.published == "2021-02-24"
    assert result.verdict is Verdict.FALSE
    assert f"[{n}]" in result.reasoning and "Reuters" in result.reasoning
    assert any(
        s.startswith("Prior fact-checks: the Fact Check Tools API found 1 review(s)")
        for s in result.steps
    )
    assert any("Prior fact-check" in s and ("decided" in s or "agrees" in s) for s in result.steps)
    assert await v.drain(timeout_s=5) == 0
    assert any(
        d.source == item.source for d in kb.docs.values()
    )  # written into the KB like web results
    text = json.dumps(asdict(result), default=str) + caplog.text
    assert KEY not in text


async def test_a_review_of_another_claim_is_not_used(http, minilm):
    with FakeFactCheck(KEY, {"moon": FIVE_G}) as fake:
        result = await verifier(MemoryRetriever([UNRELATED]), http, fake, minilm).verify(MOON)
    assert len(fake.requests) == 1
    assert all(e.review is None for e in result.evidence)
    assert any("none is about this claim" in s for s in result.steps)
    assert result.verdict is Verdict.NOT_ENOUGH_EVIDENCE


@pytest.mark.parametrize(
    "failure",
    [
        {"status": 503},
        {"delay_s": 5.0},
        {"status": 403},
        {"raw": b"[]"},
        {"raw": b"<html>not json</html>"},
    ],
)
async def test_an_api_failure_or_timeout_degrades_visibly(http, minilm, failure, caplog):
    caplog.set_level(logging.DEBUG)
    with FakeFactCheck(KEY, **failure) as fake:
        result = await verifier(
            MemoryRetriever([UNRELATED]), http, fake, minilm, timeout_s=0.5
        ).verify(MOON)
    [step] = [s for s in result.steps if s.startswith("Prior fact-checks:")]
    assert "failed" in step and "continuing without them" in step
    assert result.verdict is Verdict.NOT_ENOUGH_EVIDENCE and all(
        e.review is None for e in result.evidence
    )
    assert KEY not in json.dumps(asdict(result), default=str) + caplog.text


async def test_no_lookup_for_opinions_references_or_web_search_false(http, minilm):
    with FakeFactCheck(KEY) as fake:
        v = verifier(MemoryRetriever([UNRELATED]), http, fake, minilm)
        await v.verify("Pizza is the best food in the world")
        await v.verify(MOON, VerifyOptions(web_search=False))
    assert fake.requests == []


def rated(verdict=Verdict.FALSE, published="2021-02-24", credibility=0.9) -> Evidence:
    return Evidence(
        "r",
        'Fact check by Reuters: the claim "X" is rated "False" (False).',
        "https://www.reuters.com/fc",
        "Fact check",
        0.8,
        0.8,
        "fact_check",
        "reuters.com",
        "fact_check",
        credibility,
        published=published,
        stance="refutes",
        review=Review("Reuters", "X", "False", verdict, published),
    )


def plain(published: str | None, credibility: float, stance="supports") -> Evidence:
    return Evidence(
        "p",
        "X is so.",
        "https://www.nasa.gov/x",
        "X",
        0.8,
        0.8,
        "web",
        "nasa.gov",
        "government",
        credibility,
        published=published,
        stance=stance,
    )


def test_the_review_decides_when_the_judge_abstains():
    decision, step = weigh_reviews(
        VerdictDecision(Verdict.NOT_ENOUGH_EVIDENCE, 0.2, "Unclear.", "nli"), [rated()]
    )
    assert (
        decision.verdict is Verdict.FALSE
        and "Reuters" in decision.reasoning
        and "[1]" in decision.reasoning
    )
    assert (
        step.startswith("Verdict decided by the prior fact-check [1]")
        and "did not take a side" in step
    )


def test_a_judge_citing_newer_and_stronger_evidence_stands():
    judge = VerdictDecision(Verdict.TRUE, 0.8, "NASA confirms it [2].", "llm")
    decision, step = weigh_reviews(judge, [rated(), plain("2024-05-01", 0.95)])
    assert decision is judge and "stands" in step and "[2]" in step


@pytest.mark.parametrize(
    "published, credibility", [("2019-01-01", 0.95), ("2024-05-01", 0.4), (None, 0.95)]
)
def test_a_judge_citing_older_weaker_or_undated_evidence_gives_way(published, credibility):
    judge = VerdictDecision(Verdict.TRUE, 0.8, "It is so [2].", "nli")
    decision, step = weigh_reviews(judge, [rated(), plain(published, credibility)])
    assert decision.verdict is Verdict.FALSE and "judge answered True" in step


def test_agreement_and_no_review_change_nothing():
    judge = VerdictDecision(Verdict.FALSE, 0.9, "Refuted [1].", "nli")
    decision, step = weigh_reviews(judge, [rated()])
    assert decision is judge and "agrees" in step
    assert weigh_reviews(judge, [plain("2024-01-01", 0.9)]) == (judge, None)


async def test_stored_reviews_count_only_for_the_claim_they_review(minilm):
    from retrieval.documents import review_document

    moon = review_document(
        claim="The Apollo Moon landings were faked.",
        url="https://www.politifact.com/moon",
        publisher="PolitiFact",
        rating="Pants on Fire",
        published="2019-07-16",
    )
    five_g = review_document(
        claim="5G towers spread the Moon landing hoax virus.",
        url="https://www.snopes.com/5g",
        publisher="Snopes",
        rating="False",
        published="2020-04-01",
    )
    kb = MemoryRetriever([moon, five_g], min_relevance=0.1)
    v = Verifier(
        kb,
        None,
        None,
        VerifierConfig(write_coalesce_s=0),
        nli=KeywordNLI(),
        matcher=ReviewMatcher(minilm.embed),
    )
    result = await v.verify(MOON)
    reviewed = {e.source: e.review for e in result.evidence}
    assert reviewed[moon.source] is not None and reviewed[moon.source].verdict is Verdict.FALSE
    assert (
        five_g.source in reviewed and reviewed[five_g.source] is None
    )  # kept, as ordinary evidence
    assert any(s.startswith("1 stored fact-check(s) review another claim") for s in result.steps)
    assert result.verdict is Verdict.FALSE and "PolitiFact" in result.reasoning
    assert any(
        s.startswith("Prior fact-checks in the knowledge base: PolitiFact") for s in result.steps
    )


async def test_with_an_llm_the_review_is_in_the_prompt_and_decides_when_the_llm_abstains(
    http, minilm
):
    from tests.fakes.chat import ScriptedChat

    chat = ScriptedChat(
        {
            "classify": {
                "claim_type": "FACTUAL",
                "claim": MOON,
                "reason": "a checkable statement",
                "keywords": "",
            },
            "verdict": {
                "verdict": "Not Enough Evidence",
                "confidence": 0.3,
                "reasoning": "The evidence does not settle it.",
            },
        }
    )
    with FakeFactCheck(KEY) as fake:
        prior = PriorChecks(
            FactCheckClient(http, KEY, fake.url, timeout_s=2, min_interval_s=0),
            ReviewMatcher(minilm.embed),
        )
        result = await Verifier(
            MemoryRetriever([UNRELATED]),
            None,
            chat,
            VerifierConfig(write_coalesce_s=0),
            nli=KeywordNLI(),
            prior=prior,
        ).verify(MOON)
    [prompt] = [user for task, user in chat.calls if task == "verdict"]
    assert 'Fact check by Reuters: the claim "The Apollo Moon landings were faked."' in prompt
    assert 'published="2021-02-24"' in prompt
    assert (
        result.verdict is Verdict.FALSE and result.mode == "evidence-only"
    )  # the rating, not a judgement
    assert "Reuters" in result.reasoning and "[1]" in result.reasoning
    assert result.citations.supported >= 1
    assert any(s.startswith("Verdict decided by the prior fact-check [1]") for s in result.steps)


async def test_a_review_of_the_negated_claim_never_settles_the_claim(minilm):
    from retrieval.documents import review_document

    negated = review_document(
        claim="The Earth is not flat.",
        url="https://www.snopes.com/earth-not-flat",
        publisher="Snopes",
        rating="True",
        published="2018-01-01",
    )
    v = Verifier(
        MemoryRetriever([negated], min_relevance=0.1),
        None,
        None,
        VerifierConfig(write_coalesce_s=0),
        matcher=ReviewMatcher(minilm.embed),
    )
    result = await v.verify("The Earth is flat")
    assert [e.review for e in result.evidence] == [
        None
    ]  # kept as evidence, not as a review of this claim
    assert result.verdict is not Verdict.TRUE
