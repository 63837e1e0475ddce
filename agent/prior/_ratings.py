"""Fact-checkers' published ratings, normalised to claimcheck's six verdicts.

Used without an LLM: when a fact-checker's article about the same claim is among the evidence and
states a rating, evidence-only mode can answer with that rating (and says whose it is).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from agent.models import Verdict

# Longest phrases first so "mostly false" wins over "false".
RATING_MAP: dict[str, Verdict] = {
    "pants on fire": Verdict.FALSE,
    "four pinocchios": Verdict.FALSE,
    "three pinocchios": Verdict.MISLEADING,
    "two pinocchios": Verdict.PARTIALLY_TRUE,
    "one pinocchio": Verdict.PARTIALLY_TRUE,
    "geppetto checkmark": Verdict.TRUE,
    "correct attribution": Verdict.TRUE,
    "misattributed": Verdict.FALSE,
    "incorrect attribution": Verdict.FALSE,
    "mostly false": Verdict.FALSE,
    "mostly true": Verdict.PARTIALLY_TRUE,
    "half true": Verdict.PARTIALLY_TRUE,
    "half-true": Verdict.PARTIALLY_TRUE,
    "barely true": Verdict.MISLEADING,
    "partly false": Verdict.PARTIALLY_TRUE,
    "partly true": Verdict.PARTIALLY_TRUE,
    "partially true": Verdict.PARTIALLY_TRUE,
    "partially false": Verdict.PARTIALLY_TRUE,
    "missing context": Verdict.MISLEADING,
    "lacks context": Verdict.MISLEADING,
    "out of context": Verdict.MISLEADING,
    "miscaptioned": Verdict.MISLEADING,
    "misleading": Verdict.MISLEADING,
    "distorts the facts": Verdict.MISLEADING,
    "mixture": Verdict.PARTIALLY_TRUE,
    "mixed": Verdict.PARTIALLY_TRUE,
    "unproven": Verdict.NOT_ENOUGH_EVIDENCE,
    "unsupported": Verdict.NOT_ENOUGH_EVIDENCE,
    "no evidence": Verdict.NOT_ENOUGH_EVIDENCE,
    "outdated": Verdict.MISLEADING,
    "satire": Verdict.NOT_VERIFIABLE,
    "labeled satire": Verdict.NOT_VERIFIABLE,
    "legend": Verdict.FALSE,
    "fake": Verdict.FALSE,
    "hoax": Verdict.FALSE,
    "scam": Verdict.FALSE,
    "incorrect": Verdict.FALSE,
    "inaccurate": Verdict.FALSE,
    "false": Verdict.FALSE,
    "wrong": Verdict.FALSE,
    "accurate": Verdict.TRUE,
    "correct": Verdict.TRUE,
    "true": Verdict.TRUE,
}
# claimcheck's own six verdicts, as a newsroom's review states them (issue 40)
_VERDICTS = {verdict.value.lower(): verdict for verdict in Verdict}
_PHRASES = sorted(RATING_MAP, key=len, reverse=True)
_ALTERNATION = "|".join(re.escape(p) for p in _PHRASES)
# A rating stated as such ("Rating: Pants on Fire", "Our ruling: Mostly False", "Verdict – False",
# "we rate this claim False", "This claim is rated Mixture"); a bare "false" in prose is not one.
_STATED = re.compile(
    r"(?:\b(?:rating|ruling|verdict|our rating|claim rating|we rate (?:this|the|it)(?: claim)?(?: as)?|"
    r"(?:is|was) rated|rated it|rates it)\s*[:\-–—]?\s*\"?)(" + _ALTERNATION + r")\b",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class Rating:
    phrase: str
    verdict: Verdict


def normalise_rating(phrase: str) -> Verdict | None:
    """'Pants on Fire' → False, 'Mixture' → Partially True, unknown → None."""
    cleaned = " ".join(phrase.lower().replace("!", "").split()).strip(" .\"'")
    return RATING_MAP.get(cleaned) or _VERDICTS.get(cleaned)


def stated_rating(text: str) -> Rating | None:
    """The rating a fact-check text states explicitly, if any."""
    match = _STATED.search(text)
    if not match:
        return None
    phrase = match.group(1)
    verdict = normalise_rating(phrase)
    return Rating(phrase, verdict) if verdict is not None else None
