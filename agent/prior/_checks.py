"""Step 0: prior fact-checks (issue 25, item 1; docs/fact-checker-habits.md).

Before claimcheck judges a claim itself it asks whether a fact-checker already did: with
FACTCHECK_API_KEY set, the Google Fact Check Tools API is queried while the claim is classified
(`PriorChecks.lookup`, started as a task at the top of the verification). Reviews whose claim is
the user's claim (`agent.prior._match`: embedding similarity over a threshold measured on
paraphrase pairs, and no negation mismatch) become `fact_check` evidence with the publisher, the
review's URL and date and its rating (`review_document`); they are written into the KB like web
results.

A review informs the verdict; it does not replace the judge (`weigh_reviews`): when the LLM or the
local judge abstains, the review's rating decides (and the reasoning names the fact-checker);
when the judge agrees, a step says so; when the judge disagrees, its verdict stands only if it
cites evidence that is newer than the review and at least as credible — otherwise the review
decides. `steps` always says which.
"""

from __future__ import annotations

import re
import time
from collections.abc import Sequence
from dataclasses import dataclass

from agent.freshness import published_date
from agent.models import Evidence, Review, Stance, Verdict, VerdictDecision
from agent.nli import StanceProbs
from agent.prior._factcheck import FactCheckClient, FactCheckError, PriorReview
from agent.prior._match import MATCH_THRESHOLD, Embed, Matched, match_reviews
from agent.ratings import normalise_rating
from agent.verdict import UNJUDGED
from retrieval.documents import Document, StoredDocument, review_document

__all__ = [
    "PriorChecks",
    "PriorLookup",
    "ReviewMatcher",
    "review_of",
    "review_stance",
    "stored_review",
    "weigh_reviews",
]

# How a rating becomes a stance for the judge: a False rating refutes the claim as a credible
# source's clear refutation does; "Partially True" or "Misleading" leans neither way.
_STANCE: dict[Verdict, tuple[Stance, StanceProbs]] = {
    Verdict.FALSE: ("refutes", StanceProbs(0.02, 0.96, 0.02)),
    Verdict.TRUE: ("supports", StanceProbs(0.96, 0.02, 0.02)),
}
_NEUTRAL = ("neutral", StanceProbs(0.1, 0.1, 0.8))
_CITED = re.compile(r"\[(\d{1,3})\]")


@dataclass(frozen=True)
class PriorLookup:
    """What the API answered for one claim (or why it could not)."""

    reviews: tuple[PriorReview, ...] = ()
    error: str | None = None
    elapsed_ms: float = 0.0


class ReviewMatcher:
    """Whether a review is about the user's claim (`match_reviews` with the app's embedder)."""

    def __init__(self, embed: Embed, threshold: float = MATCH_THRESHOLD) -> None:
        self.embed = embed
        self.threshold = threshold

    async def match(self, claim: str, reviews: Sequence[PriorReview]) -> list[Matched]:
        return await match_reviews(claim, reviews, self.embed, self.threshold) if reviews else []


class PriorChecks:
    """The Fact Check Tools client and the matching rule; one per app, shared by requests."""

    def __init__(self, client: FactCheckClient, matcher: ReviewMatcher) -> None:
        self.client = client
        self.matcher = matcher

    @property
    def threshold(self) -> float:
        return self.matcher.threshold

    async def lookup(self, claim: str) -> PriorLookup:
        """Never raises for an API failure: it comes back as `error` (the search failures' rule)."""
        started = time.perf_counter()
        try:
            reviews = await self.client.search(claim)
        except FactCheckError as exc:
            return PriorLookup(error=str(exc), elapsed_ms=(time.perf_counter() - started) * 1000)
        return PriorLookup(tuple(reviews), None, (time.perf_counter() - started) * 1000)

    async def matched(self, claim: str, lookup: PriorLookup) -> list[Matched]:
        return await self.matcher.match(claim, lookup.reviews)


def prior_document(match: Matched) -> Document:
    """A matched review as a `fact_check` document (the same text as an ingested ClaimReview)."""
    review = match.review
    published = (review.review_date or "")[:10] or None
    return review_document(
        claim=review.claim_text,
        url=review.url,
        publisher=review.publisher,
        rating=review.textual_rating,
        verdict=review.verdict.value if review.verdict else None,
        claimant=review.claimant or "",
        title=review.title or "",
        published=published,
        extra={
            "tier": "fact_check",
            "provider": "factchecktools",
            "similarity": round(match.similarity, 4),
        },
    )


def stored_review(doc: StoredDocument) -> PriorReview | None:
    """A fact-check document of the KB (an ingested ClaimReview, an earlier API match) as a review
    to match against the claim; None for other documents."""
    stated = doc.review
    if stated is None:
        return None
    publisher, claim, rating = stated
    return PriorReview(
        claim_text=claim,
        claimant=None,
        publisher=publisher,
        site=doc.domain,
        url=doc.source,
        title=doc.title,
        review_date=doc.published,
        textual_rating=rating,
        verdict=normalise_rating(rating),
        language=None,
    )


def review_of(doc: StoredDocument, similarity: float | None = None) -> Review | None:
    """The review a stored or found `fact_check` document carries, else None."""
    stated = doc.review
    if stated is None:
        return None
    publisher, claim, rating = stated
    if similarity is None:
        similarity = doc.match_similarity
    return Review(
        publisher=publisher,
        claim_reviewed=claim,
        rating=rating,
        verdict=normalise_rating(rating),
        reviewed_at=doc.published,
        similarity=round(similarity, 4) if similarity is not None else None,
    )


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
