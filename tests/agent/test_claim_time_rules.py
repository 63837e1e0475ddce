"""The claim's own time in the verdict (issue 25, item 3): each item says whether it was published
before the time the claim is about; evidence older than the event cannot confirm it, and old
evidence alone does not settle a claim about the present. Unit rules, then the verifier end to end
on the in-memory KB with a behavioural fake judge."""

from __future__ import annotations

from datetime import date

from agent.judge._claimtime import claim_time_rule, with_freshness
from agent.judge._nli import StanceProbs
from agent.models import Evidence, Review, Verdict, VerdictDecision
from agent.prompts import verdict_user
from agent.verifier import Verifier, VerifierConfig
from retrieval.documents import Document
from retrieval.memory import MemoryRetriever

TODAY = date(2026, 11, 25)


def item(
    published: str | None, stance: str = "supports", source_type: str = "news", review=None
) -> Evidence:
    return Evidence(
        "i",
        "Springfield opened its new river bridge.",
        "https://www.reuters.com/x",
        "x",
        0.9,
        0.9,
        "web",
        "reuters.com",
        source_type,
        0.9,
        published=published,
        stance=stance,
        review=review,
    )


def test_each_item_says_whether_it_predates_the_claim():
    claim = "Springfield opened a new river bridge in March 2024"
    out, _ = with_freshness(claim, [item("2019-05-01"), item("2024-03-20"), item(None)], TODAY)
    assert [e.before_claim for e in out] == [True, False, None]
    undated_claim, _ = with_freshness("Springfield has a river bridge", [item("2019-05-01")], TODAY)
    assert undated_claim[0].before_claim is None


def test_support_published_before_the_event_cannot_confirm_it():
    claim = "Springfield opened a new river bridge in March 2024"
    evidence, _ = with_freshness(claim, [item("2019-05-01")], TODAY)
    judged = VerdictDecision(Verdict.TRUE, 0.8, "Reuters says so [1].", "nli")
    decision, step = claim_time_rule(claim, evidence, judged, TODAY)
    assert decision.verdict is Verdict.NOT_ENOUGH_EVIDENCE and decision.confidence <= 0.3
    assert step.startswith("Claim time: True → Not Enough Evidence") and "'March 2024'" in step
    assert "[1] 2019-05-01" in step and "Reuters says so [1]." in decision.reasoning


def test_one_supporting_item_after_the_event_is_enough_and_refutation_is_untouched():
    claim = "Springfield opened a new river bridge in March 2024"
    evidence, _ = with_freshness(claim, [item("2019-05-01"), item("2024-04-02")], TODAY)
    judged = VerdictDecision(Verdict.TRUE, 0.8, "So [2].", "nli")
    assert claim_time_rule(claim, evidence, judged, TODAY) == (judged, None)
    refuted, _ = with_freshness(claim, [item("2019-05-01", stance="refutes")], TODAY)
    false = VerdictDecision(Verdict.FALSE, 0.8, "No [1].", "nli")
    assert claim_time_rule(claim, refuted, false, TODAY) == (false, None)


def test_a_present_claim_is_not_settled_by_old_evidence_alone():
    claim = "Jane Doe is currently the mayor of Springfield"
    old, _ = with_freshness(claim, [item("2015-01-10"), item("2016-02-01")], TODAY)
    assert all(e.stale for e in old)
    judged = VerdictDecision(Verdict.TRUE, 0.8, "So [1].", "nli")
    decision, step = claim_time_rule(claim, old, judged, TODAY)
    assert decision.verdict is Verdict.NOT_ENOUGH_EVIDENCE and "about the present" in step
    recent, _ = with_freshness(claim, [item("2015-01-10"), item("2026-06-01")], TODAY)
    assert claim_time_rule(claim, recent, judged, TODAY) == (judged, None)
    # a fact-checker's review is not "old evidence alone": it answers the claim as such
    review = Review("PolitiFact", claim, "False", Verdict.FALSE, "2015-01-10")
    reviewed, _ = with_freshness(
        claim, [item("2015-01-10", "refutes", "fact_check", review)], TODAY
    )
    false = VerdictDecision(Verdict.FALSE, 0.8, "No [1].", "nli")
    assert claim_time_rule(claim, reviewed, false, TODAY) == (false, None)


def test_the_llm_is_told_which_items_predate_the_claim():
    claim = "Springfield opened a new river bridge in March 2024"
    evidence, _ = with_freshness(claim, [item("2019-05-01"), item("2024-04-02")], TODAY)
    prompt = verdict_user(claim, evidence)
    assert (
        'published="2019-05-01" before_claim="true"' in prompt
        and 'published="2024-04-02">' in prompt
    )
    assert "Evidence [1] was published before the time the claim is about" in prompt


class BridgeNLI:
    name = "bridge"
    kind = "local judge"

    async def predict(self, pairs):
        return [
            StanceProbs(0.9, 0.05, 0.05) if "opened" in p else StanceProbs(0.1, 0.1, 0.8)
            for p, _ in pairs
        ]


async def test_end_to_end_old_evidence_does_not_confirm_a_later_event():
    old = Document(
        "Springfield opened a new river bridge, the city said.",
        "https://www.reuters.com/springfield",
        "Springfield bridge",
        extra={"published": "2019-05-01"},
    )
    other = Document(
        "Springfield opened a new river bridge to traffic on Monday.",
        "https://apnews.com/springfield",
        "Bridge opens",
        extra={"published": "2019-05-03"},
    )
    verifier = Verifier(
        MemoryRetriever([old, other]),
        None,
        None,
        VerifierConfig(write_coalesce_s=0),
        nli=BridgeNLI(),
    )
    result = await verifier.verify("Springfield opened a new river bridge in March 2024")
    assert {e.before_claim for e in result.evidence} == {True}
    assert result.verdict is Verdict.NOT_ENOUGH_EVIDENCE
    assert any(s.startswith("Claim time: True → Not Enough Evidence") for s in result.steps)
    later = Document(
        "Springfield opened a new river bridge this week, the city said.",
        "https://www.bbc.com/springfield",
        "Bridge opens",
        extra={"published": "2024-03-28"},
    )
    fresh = Verifier(
        MemoryRetriever([old, later]),
        None,
        None,
        VerifierConfig(write_coalesce_s=0),
        nli=BridgeNLI(),
    )
    confirmed = await fresh.verify("Springfield opened a new river bridge in March 2024")
    assert confirmed.verdict is Verdict.TRUE and not any(
        s.startswith("Claim time") for s in confirmed.steps
    )
