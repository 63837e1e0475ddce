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

__all__ = [
    "MATCH_THRESHOLD",
    "Matched",
    "Scored",
    "clean_title",
    "detail_mismatch",
    "match_reviews",
    "polarity_mismatch",
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


_APOSTROPHES = str.maketrans({"\u2019": "'", "\u2018": "'", "`": "'"})
_TOKEN = re.compile(r"[a-z]+(?:'[a-z]+)?")
_NEGATORS = frozenset(
    {
        "not",
        "no",
        "never",
        "none",
        "nobody",
        "nothing",
        "neither",
        "nor",
        "nowhere",
        "cannot",
    }
)
# Framings that assert the opposite of the statement they introduce ("it is a myth that X").
_FRAMINGS = re.compile(
    r"\b(?:myth|lie|hoax|falsehood|misconception)s?\s+that\b"
    r"|\b(?:false|untrue|fake|bogus|debunked|baseless|unfounded|wrong)\s+(?:claims?\s+|rumou?rs?\s+|reports?\s+)?that\b"
    r"|\b(?:falsely|wrongly|erroneously)\s+(?:claims?|claimed|says?|said|states?|stated|suggests?)\b"
    # implicit negation: verbs and adjectives that deny the action they govern
    r"|\b(?:fail(?:s|ed)?|refus(?:e|es|ed)|yet|unable|incapable)\s+(?:to|of)\b"
)
# A headline's answer word ("No, the Earth is not flat"; "False: …") repeats the verdict; it is
# not a second negation of the statement that follows.
_ANSWER_PREFIX = re.compile(
    r"^\s*(?:(?:no|false|fake|myth|wrong)\s*[,:.!\u2013\u2014-]|(?:yes|true)\b[,:.!\u2013\u2014-]?)\s*",
    re.IGNORECASE,
)
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
    cannot), any "…n't", framings that deny what follows ("myth that", "false claim that",
    "falsely claims") and implicit negations ("failed to", "refused to", "has yet to", "unable to",
    "incapable of"). A leading answer word ("No, …", "False: …") is not counted. Antonyms
    ("flat" / "round", "refused" / "agreed") are not seen; the similarity threshold has to catch
    those.
    """
    return _negations(a) % 2 != _negations(b) % 2


_WORD = re.compile(r"\d[\d,.]*\d(?:st|nd|rd|th|s)?|\d(?:st|nd|rd|th|s)?|[^\W\d_][\w'\-]*")
_MONTHS = [
    "january",
    "february",
    "march",
    "april",
    "june",
    "july",
    "august",
    "september",
    "october",
    "november",
    "december",
    "jan",
    "feb",
    "mar",
    "apr",
    "jun",
    "jul",
    "aug",
    "sep",
    "sept",
    "oct",
    "nov",
    "dec",
]
_NUMBER_WORDS = frozenset(
    [
        "zero",
        "one",
        "two",
        "three",
        "four",
        "five",
        "six",
        "seven",
        "eight",
        "nine",
        "ten",
        "eleven",
        "twelve",
        "thirteen",
        "fourteen",
        "fifteen",
        "twenty",
        "thirty",
        "forty",
        "fifty",
        "sixty",
        "seventy",
        "eighty",
        "ninety",
        "hundred",
        "thousand",
        "million",
        "billion",
        "trillion",
        "first",
        "second",
        "third",
        "fourth",
        "fifth",
        "sixth",
        "seventh",
        "eighth",
        "ninth",
        "tenth",
        "twenties",
        "thirties",
        "forties",
        "fifties",
        "sixties",
        "seventies",
        "eighties",
        "nineties",
        "dozen",
        "half",
        "quarter",
    ]
) | frozenset(_MONTHS)
_ANTONYMS = {
    a: b
    for x, y in (
        ("larger", "smaller"),
        ("bigger", "smaller"),
        ("largest", "smallest"),
        ("biggest", "smallest"),
        ("more", "less"),
        ("more", "fewer"),
        ("most", "least"),
        ("higher", "lower"),
        ("highest", "lowest"),
        ("increase", "decrease"),
        ("increased", "decreased"),
        ("rise", "fall"),
        ("rose", "fell"),
        ("before", "after"),
        ("first", "last"),
        ("best", "worst"),
        ("oldest", "youngest"),
        ("older", "younger"),
        ("born", "died"),
        ("real", "fictional"),
        ("alive", "dead"),
        ("legal", "illegal"),
        ("won", "lost"),
        ("win", "lose"),
        ("north", "south"),
        ("east", "west"),
        ("male", "female"),
        ("majority", "minority"),
        ("accepted", "refused"),
        ("agreed", "refused"),
        ("support", "oppose"),
        ("supported", "opposed"),
        ("include", "exclude"),
        ("included", "excluded"),
        ("success", "failure"),
        ("safe", "dangerous"),
    )
    for a, b in ((x, y), (y, x))
}
_PREFIXES = ("un", "dis", "in", "im", "il", "ir", "non")
_FUNCTION_WORDS = frozenset(
    [
        "a",
        "an",
        "the",
        "and",
        "or",
        "but",
        "of",
        "in",
        "on",
        "at",
        "to",
        "for",
        "from",
        "by",
        "with",
        "as",
        "about",
        "into",
        "over",
        "under",
        "than",
        "then",
        "that",
        "this",
        "these",
        "those",
        "it",
        "its",
        "it's",
        "is",
        "are",
        "was",
        "were",
        "be",
        "been",
        "being",
        "am",
        "has",
        "have",
        "had",
        "do",
        "does",
        "did",
        "will",
        "would",
        "can",
        "could",
        "shall",
        "should",
        "may",
        "might",
        "must",
        "there",
        "their",
        "they",
        "them",
        "he",
        "she",
        "his",
        "her",
        "him",
        "we",
        "our",
        "you",
        "your",
        "i",
        "me",
        "my",
        "who",
        "whom",
        "which",
        "what",
        "when",
        "where",
        "why",
        "how",
        "all",
        "any",
        "some",
        "each",
        "every",
        "so",
        "such",
        "very",
        "just",
        "also",
        "only",
        "still",
        "even",
        "yet",
        "ever",
        "one's",
        "s",
    ]
)


def _words(text: str) -> list[str]:
    return [
        part
        for word in _WORD.findall(text.translate(_APOSTROPHES))
        for part in word.split("-")
        if part
    ]


def _stem(word: str) -> str:
    word = word.lower().removesuffix("'s")
    for suffix in ("ing", "ed", "es", "s", "ly"):
        if len(word) > len(suffix) + 3 and word.endswith(suffix):
            return word[: -len(suffix)]
    return word


def _numbers(words: list[str]) -> set[str]:
    out = set()
    for word in words:
        low = word.lower()
        if low[0].isdigit():
            out.add(re.sub(r"(?<=\d)(st|nd|rd|th)$", "", low).replace(",", ""))
        elif low in _NUMBER_WORDS:
            out.add(low[:3] if low in _MONTHS else low)
    return out


def _names(words: list[str]) -> set[str] | None:
    """Capitalised words after the first (proper names), or None for a Title Case headline."""
    rest = [w for w in words[1:] if w[0].isalpha()]
    capitalised = [w for w in rest if w[0].isupper()]
    if rest and len(capitalised) / len(rest) > 0.5:
        return None
    return {_stem(w) for w in capitalised}


def detail_mismatch(a: str, b: str) -> bool:
    """True when the texts name different particulars: each has a number or date the other lacks,
    each has a proper name the other lacks, or one has a word where the other has its antonym
    ("larger" / "smaller", "born" / "died", "associated" / "disassociated"), or both share at least
    half their content words and each swaps in one or two of its own ("acted in" / "directed").

    Both sides must add something: a paraphrase may drop a detail ("… in April-August 2020" vs
    "… in April-August"), a different claim replaces one ("born in Japan" vs "born in New Orleans").
    """
    wa, wb = _words(_ANSWER_PREFIX.sub("", a)), _words(_ANSWER_PREFIX.sub("", b))
    sa, sb = {_stem(w) for w in wa}, {_stem(w) for w in wb}
    na, nb = _numbers(wa), _numbers(wb)
    if na - nb and nb - na:
        return True
    names_a, names_b = _names(wa), _names(wb)
    if names_a is not None and names_b is not None and names_a - sb and names_b - sa:
        return True
    # One or two words swapped in an otherwise shared sentence: the swap is the claim
    # ("Tim McGraw acted in The Blind Side" / "… directed …"); a paraphrase rewords more.
    ca = {w for w in sa if w not in _FUNCTION_WORDS and w not in _NEGATORS}
    cb = {w for w in sb if w not in _FUNCTION_WORDS and w not in _NEGATORS}
    only_a, only_b, shared = ca - cb, cb - ca, ca & cb
    if 0 < len(only_a) <= 2 and 0 < len(only_b) <= 2 and len(shared) / len(ca | cb) >= 0.5:
        return True
    la, lb = {w.lower() for w in wa}, {w.lower() for w in wb}
    for x, y in ((la, lb), (lb, la)):
        for word in x - y:
            if _ANTONYMS.get(word) in y - x:
                return True
            if any(word.startswith(p) and word[len(p) :] in y - x for p in _PREFIXES):
                return True
    return False


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
