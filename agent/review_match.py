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

from agent.factcheck import PriorReview

__all__ = ["MATCH_THRESHOLD", "Matched", "clean_title", "match_reviews", "polarity_mismatch", "score_reviews"]

# Chosen on the dev split of benchmarks/review_match.py (paraphrase pairs: AVeriTeC claims vs
# their fact-checking article's headline, FEVER-Symmetric claims vs an edited claim on the same
# evidence, and the hand-written myths in scripts/data/review_match_pairs.tsv) as the threshold
# with the highest recall whose precision is ≥ 0.95 with the polarity guard on, using the default
# EMBEDDING_BACKEND (onnx-int8) of all-MiniLM-L6-v2; the held-out test split's precision/recall
# are in docs/measurements.md. tests/agent/test_review_match.py pins this value to that table.
MATCH_THRESHOLD = 0.75

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
    same_polarity: bool


_APOSTROPHES = str.maketrans({"\u2019": "'", "\u2018": "'", "`": "'"})
_TOKEN = re.compile(r"[a-z]+(?:'[a-z]+)?")
_NEGATORS = frozenset({
    "not", "no", "never", "none", "nobody", "nothing", "neither", "nor", "nowhere", "cannot",
})
# Framings that assert the opposite of the statement they introduce ("it is a myth that X").
_FRAMINGS = re.compile(
    r"\b(?:myth|lie|hoax|falsehood|misconception)s?\s+that\b"
    r"|\b(?:false|untrue|fake|bogus|debunked|baseless|unfounded|wrong)\s+(?:claims?\s+|rumou?rs?\s+|reports?\s+)?that\b"
    r"|\b(?:falsely|wrongly|erroneously)\s+(?:claims?|claimed|says?|said|states?|stated|suggests?)\b"
)
# A headline's answer word ("No, the Earth is not flat"; "False: …") repeats the verdict; it is
# not a second negation of the statement that follows.
_ANSWER_PREFIX = re.compile(r"^\s*(?:no|false|fake|myth|wrong)\s*[,:.!\u2013\u2014-]\s*", re.IGNORECASE)
_TITLE_PREFIX = re.compile(
    r"^\s*(?:(?:fact[\s-]?check(?:ing)?|factcheck|hoax alert|viral|fake news|claim review|verdict)\s*[:|\u2013\u2014-]?\s*)+",
    re.IGNORECASE,
)


def _negations(text: str) -> int:
    text = _ANSWER_PREFIX.sub("", text.translate(_APOSTROPHES).lower())
    tokens = _TOKEN.findall(text)
    count = sum(1 for t in tokens if t in _NEGATORS or t.endswith("n't"))
    return count + len(_FRAMINGS.findall(text))


def polarity_mismatch(a: str, b: str) -> bool:
    """True when one text negates what the other states: the parity of negations differs.

    Negations are negator words (not, no, never, none, nobody, nothing, neither, nor, nowhere,
    cannot), any "…n't", and framings that deny what follows ("myth that", "false claim that",
    "falsely claims"). A leading answer word ("No, …", "False: …") is not counted. Antonyms
    ("flat" / "round", "refused" / "agreed") are not seen; the similarity threshold has to catch
    those.
    """
    return _negations(a) % 2 != _negations(b) % 2


def clean_title(title: str | None) -> str:
    """The headline without "Fact check:" style prefixes (they say nothing about the claim)."""
    return _TITLE_PREFIX.sub("", title or "").strip()


async def score_reviews(claim: str, reviews: Sequence[PriorReview], embed: Embed) -> list[Scored]:
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
        scored.append(Scored(review, similarity, field, not polarity_mismatch(claim, stated)))
    return scored


async def match_reviews(claim: str, reviews: Sequence[PriorReview], embed: Embed,
                        threshold: float = MATCH_THRESHOLD) -> list[Matched]:
    """The reviews about the same claim, best first: similarity ≥ ``threshold`` and the same polarity.

    ``embed`` returns L2-normalised vectors (``retrieval.embeddings.Embedder.embed``), so a dot
    product is the cosine similarity.
    """
    scored = await score_reviews(claim, reviews, embed)
    kept = [Matched(s.review, s.similarity, s.matched_on) for s in scored
            if s.similarity >= threshold and s.same_polarity]
    return sorted(kept, key=lambda m: m.similarity, reverse=True)
