"""Which prior fact-checks are about the user's claim (issue 25, item 1).

The Fact Check Tools API answers a keyword search, so its reviews are about the claim's topic, not
necessarily about the claim: "5G towers cause cancer" comes back for "5G spreads COVID-19", and a
review of "The Earth is not flat" comes back for "The Earth is flat". A review is used as evidence
only when

1. its text is close to the claim: cosine similarity of MiniLM embeddings ≥ ``MATCH_THRESHOLD``,
   taking the better of the review's ``claim_text`` (the ``claimReviewed`` phrasing) and its
   ``title`` (the fact-checker's headline, with "Fact check:" style prefixes removed); and
2. it does not state the opposite (``polarity_mismatch``): the rating is about ``claim_text``, so
   a review whose claim negates the user's ("… is not flat" rated True) must not settle "… is
   flat". The guard reads ``claim_text``; the title is only read when there is no claim text,
   because headlines usually carry the verdict's own negation ("X did not say Y" for a False
   rating of "X said Y") and guarding on them would drop correct matches.

Both choices were measured: ``benchmarks/review_match.py``, figures in docs/measurements.md
("Matching a prior fact-check to the claim").
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass

import numpy as np

from agent.prior._factcheck import PriorReview
from agent.prior._guards import detail_mismatch, polarity_mismatch

__all__ = [
    "MATCH_THRESHOLD",
    "Matched",
    "Scored",
    "clean_title",
    "match_reviews",
    "score_reviews",
]

# Measured, not guessed (benchmarks/review_match.py, docs/measurements.md "Matching a prior
# fact-check to the claim"): on the dev split of labelled (user phrasing, fact-checker phrasing)
# pairs — AVeriTeC claims vs their fact-checking article's headline (positives), vs the closest and
# a random other article's headline (negatives), and the hand-written myths of
# scripts/data/review_match_pairs.tsv — the threshold with the highest recall whose precision is
# ≥ 0.95 with both guards on, using the default EMBEDDING_BACKEND (onnx-int8; torch gives 0.73).
# The held-out test split was never used to choose it. tests/agent/test_review_match.py checks
# that docs/measurements.md reports this value.
MATCH_THRESHOLD = 0.72

Embed = Callable[[Sequence[str]], Awaitable[np.ndarray]]


@dataclass(frozen=True)
class Matched:
    review: PriorReview
    similarity: float
    matched_on: str = "claim"  # "claim" (claimReviewed) or "title" (the headline): which was closer


@dataclass(frozen=True)
class Scored:
    """One review's similarity to the claim and whether the polarity guard accepts it."""

    review: PriorReview
    similarity: float
    matched_on: str
    same_claim: bool  # neither guard rejects it (polarity_mismatch, detail_mismatch)


_TITLE_PREFIX = re.compile(
    r"^\s*(?:(?:fact[\s-]?check(?:ing)?|factcheck|hoax alert|viral|fake news|claim review|verdict)\s*[:|\u2013\u2014-]?\s*)+",
    re.IGNORECASE,
)


def clean_title(title: str | None) -> str:
    """The headline without "Fact check:" style prefixes (they say nothing about the claim)."""
    return _TITLE_PREFIX.sub("", title or "").strip()


async def score_reviews(
    claim: str, reviews: Sequence[PriorReview], embed: Embed, *, guard_details: bool = True
) -> list[Scored]:
    """Every review with text, scored against the claim (one embedding call), in input order."""
    claim = claim.strip()
    if not claim or not reviews:
        return []
    texts = [claim]
    slots: list[tuple[int, str]] = []
    for i, review in enumerate(reviews):
        if review.claim_text.strip():
            texts.append(review.claim_text.strip())
            slots.append((i, "claim"))
        title = clean_title(review.title)
        if title:
            texts.append(title)
            slots.append((i, "title"))
    if not slots:
        return []
    vectors = np.asarray(await embed(texts), dtype=np.float32)
    similarities = vectors[1:] @ vectors[0]
    best: dict[int, tuple[float, str]] = {}
    for (i, field), similarity in zip(slots, similarities, strict=True):
        if i not in best or float(similarity) > best[i][0]:
            best[i] = (float(similarity), field)
    scored = []
    for i, (similarity, field) in sorted(best.items()):
        review = reviews[i]
        stated = review.claim_text.strip() or clean_title(review.title)
        same = not polarity_mismatch(claim, stated) and not (
            guard_details and detail_mismatch(claim, stated)
        )
        scored.append(Scored(review, similarity, field, same))
    return scored


async def match_reviews(
    claim: str, reviews: Sequence[PriorReview], embed: Embed, threshold: float = MATCH_THRESHOLD
) -> list[Matched]:
    """The reviews about the same claim, best first: similarity ≥ ``threshold`` and the same polarity.

    ``embed`` returns L2-normalised vectors (``retrieval.embeddings.Embedder.embed``), so a dot
    product is the cosine similarity.
    """
    scored = await score_reviews(claim, reviews, embed)
    kept = [
        Matched(s.review, s.similarity, s.matched_on)
        for s in scored
        if s.similarity >= threshold and s.same_claim
    ]
    return sorted(kept, key=lambda m: m.similarity, reverse=True)
