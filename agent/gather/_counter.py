"""Counter-queries: search for evidence against the claim as hard as for it (issue 25, item 2).

Every search query used to be the claim or its keywords, so results that agree with its wording
ranked first (the confirmation trap). The targeted tiers now also search one counter-query, in the
same round as the claim's own queries. Two phrasings were measured (`benchmarks/counterquery.py`,
docs/measurements.md "Evidence against the claim"):

- ``negation``: the claim negated by rules ("The Earth is flat" → "The Earth is not flat";
  "Vaccines don't cause autism" → "Vaccines cause autism"; a claim with no auxiliary verb →
  "It is not true that …");
- ``debunk``: the claim's content words with "myth false debunked" ("Earth flat myth false debunked").

``DEFAULT_FORM`` is the phrasing that found more refuting evidence on the tuning split.
Pure: no I/O, no model.
"""

from __future__ import annotations

import re

__all__ = ["DEFAULT_FORM", "FORMS", "counter_query", "debunk", "negation"]

FORMS = ("negation", "debunk")
DEFAULT_FORM = "negation"

# Contracted and spelled-out negations, and what removing them leaves.
_UNNEGATE = [
    (re.compile(r"\b(ca)n't\b|\bcannot\b", re.I), "can"),
    (re.compile(r"\bwon't\b", re.I), "will"),
    (re.compile(r"\bshan't\b", re.I), "shall"),
    (
        re.compile(
            r"\b(is|are|was|were|has|have|had|does|did|could|would|should|must|need|might)n't\b",
            re.I,
        ),
        r"\1",
    ),
]
_NOT_AFTER_AUX = re.compile(
    r"\b(is|are|was|were|has|have|had|does|did|can|could|will|would|should|shall|must|may|might)\s+not\b",
    re.I,
)
_DO_NOT = re.compile(r"\b(?:don't|do not)\s+", re.I)
_NEVER = re.compile(r"\bnever\s+", re.I)
_NO_LONGER = re.compile(r"\bno longer\s+", re.I)
_AUX = re.compile(
    r"\b(is|are|was|were|has|have|had|does|did|do|can|could|will|would|should|shall|"
    r"must|may|might)\b",
    re.I,
)
_WORD = re.compile(r"[A-Za-z0-9][A-Za-z0-9'’-]*")
_STOP = frozenset(
    [
        "a",
        "an",
        "the",
        "of",
        "in",
        "on",
        "at",
        "to",
        "for",
        "from",
        "by",
        "with",
        "and",
        "or",
        "but",
        "is",
        "are",
        "was",
        "were",
        "be",
        "been",
        "being",
        "has",
        "have",
        "had",
        "do",
        "does",
        "did",
        "can",
        "could",
        "will",
        "would",
        "should",
        "shall",
        "must",
        "may",
        "might",
        "it",
        "its",
        "this",
        "that",
        "these",
        "those",
        "there",
        "their",
        "they",
        "them",
        "he",
        "she",
        "his",
        "her",
        "we",
        "our",
        "you",
        "your",
        "i",
        "as",
        "than",
        "then",
        "so",
        "such",
        "not",
        "no",
        "never",
        "into",
        "over",
        "about",
        "after",
        "before",
        "up",
        "down",
        "out",
        "longer",
        "only",
    ]
)
_DEBUNK_WORDS = "myth false debunked"


def negation(claim: str) -> str | None:
    """The claim negated by rules: an existing negation removed, else "not" after the first
    auxiliary verb, else "It is not true that …". None for a claim too short to negate."""
    text = " ".join(claim.strip().rstrip(".!?").split())
    if len(_WORD.findall(text)) < 2:
        return None
    for pattern, replacement in _UNNEGATE:
        if pattern.search(text):
            return pattern.sub(replacement, text, count=1)
    if _NOT_AFTER_AUX.search(text):
        return _NOT_AFTER_AUX.sub(r"\1", text, count=1)
    for pattern in (_DO_NOT, _NEVER, _NO_LONGER):
        if pattern.search(text):
            return pattern.sub("", text, count=1)
    match = _AUX.search(text)
    if match and match.start() == 0:  # "Is the Earth flat?": a question, not a statement to negate
        return None
    if match:
        return f"{text[: match.end()]} not{text[match.end() :]}"
    return f"It is not true that {text}"


def debunk(claim: str, limit: int = 8) -> str | None:
    """The claim's content words (at most ``limit``) with "myth false debunked"."""
    words: list[str] = []
    for word in _WORD.findall(claim):
        lowered = word.lower().replace("’", "'")
        if (
            lowered not in _STOP
            and not lowered.endswith("n't")
            and lowered not in {w.lower() for w in words}
        ):
            words.append(word)
    if not words:
        return None
    return " ".join(words[:limit] + [_DEBUNK_WORDS])


def counter_query(claim: str, form: str = DEFAULT_FORM) -> str | None:
    """The counter-query of one phrasing (``FORMS``); None when none can be made."""
    if form == "negation":
        return negation(claim)
    if form == "debunk":
        return debunk(claim)
    raise ValueError(f"unknown counter-query form {form!r} (one of {', '.join(FORMS)})")
