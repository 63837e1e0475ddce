"""A fact-checker's rated review of the claim among the evidence: the stance its rating takes
(``review_stance``), and how it weighs on the verdict (``weigh_reviews``): it decides when the judge
abstains or cites only older or weaker evidence; a judge that cites newer, at least as credible
evidence keeps its verdict. Steps say which."""

from __future__ import annotations

import re
from collections.abc import Sequence

from agent.judge._freshness import published_date
from agent.judge._nli import StanceProbs
from agent.models import UNJUDGED, Evidence, Review, Stance, Verdict, VerdictDecision

# How a rating becomes a stance for the judge: a False rating refutes the claim as a credible
# source's clear refutation does; "Partially True" or "Misleading" leans neither way.
_STANCE: dict[Verdict, tuple[Stance, StanceProbs]] = {
    Verdict.FALSE: ("refutes", StanceProbs(0.02, 0.96, 0.02)),
    Verdict.TRUE: ("supports", StanceProbs(0.96, 0.02, 0.02)),
}


_NEUTRAL = ("neutral", StanceProbs(0.1, 0.1, 0.8))


_CITED = re.compile(r"\[(\d{1,3})\]")


def review_stance(review: Review) -> tuple[Stance, StanceProbs]:
    """The stance a rated review takes on the claim it reviewed, with the judge's probabilities."""
    return _STANCE.get(review.verdict, _NEUTRAL) if review.verdict is not None else _NEUTRAL


def _cited(reasoning: str, count: int) -> list[int]:
    return sorted({int(n) for n in _CITED.findall(reasoning) if 1 <= int(n) <= count})


def _newer(item: Evidence, than: str | None) -> bool:
    mine, theirs = published_date(item.published), published_date(than)
    return mine is not None and (theirs is None or mine > theirs)


def weigh_reviews(
    decision: VerdictDecision, evidence: Sequence[Evidence]
) -> tuple[VerdictDecision, str | None]:
    """The verdict after the prior fact-checks among the evidence, and the step saying which decided
    (None when no rated review is among the evidence)."""
    rated = [
        (n, e)
        for n, e in enumerate(evidence, 1)
        if e.review is not None and e.review.verdict is not None
    ]
    if not rated:
        return decision, None
    number, item = rated[0]
    review = item.review
    assert review is not None and review.verdict is not None
    who = (
        f'{review.publisher} rated the claim "{review.claim_reviewed}" "{review.rating}"'
        + (f" on {review.reviewed_at}" if review.reviewed_at else "")
        + f" [{number}]"
    )
    if decision.verdict is review.verdict:
        return decision, f"Prior fact-check: {who}; the verdict agrees with it."
    if decision.verdict not in UNJUDGED:
        cited = [n for n in _cited(decision.reasoning, len(evidence)) if n != number]
        backing = [
            n
            for n in cited
            if _newer(evidence[n - 1], review.reviewed_at)
            and evidence[n - 1].credibility >= item.credibility
            and evidence[n - 1].review is None
        ]
        if backing:
            return decision, (
                f"Prior fact-check: {who}, which maps to {review.verdict.value}; the judge's "
                f"{decision.verdict.value} stands because it cites newer evidence at least as "
                f"credible as the review ({', '.join(f'[{n}]' for n in backing)})."
            )
        why = (
            f"the judge answered {decision.verdict.value}, but cites no evidence newer than the review and "
            "at least as credible"
        )
    else:
        why = f"the judge did not take a side ({decision.verdict.value})"
    confidence = round(min(0.85, 0.5 + 0.35 * item.credibility), 4)
    reasoning = (
        f'{who}, which claimcheck maps to "{review.verdict.value}". The verdict is the fact-checker\'s '
        f"published rating; {why}."
    )
    # the fact-checker's rating, not a judgement of claimcheck's engines: mode evidence-only, as
    # when a rating found on the web decides without a judge (agent/verdict.evidence_only_verdict)
    return (
        VerdictDecision(review.verdict, confidence, reasoning, "evidence-only"),
        f'Verdict decided by the prior fact-check [{number}] ({review.publisher}: "{review.rating}" → '
        f"{review.verdict.value}): {why}.",
    )
