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

import time
from collections.abc import Sequence
from dataclasses import dataclass

from agent.models import Review
from agent.prior._factcheck import FactCheckClient, FactCheckError, PriorReview
from agent.prior._match import MATCH_THRESHOLD, Embed, Matched, match_reviews
from agent.prior._ratings import normalise_rating
from retrieval.documents import Document, StoredDocument, review_document

__all__ = ["PriorChecks", "PriorLookup", "ReviewMatcher", "review_of", "stored_review"]


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
