"""The sentence in the words the comparison reads: a rank written with a hyphen ("the
second-largest" → "the second largest"), what something is free of said as what it has none of
("is free of mercury", "is mercury-free" → "contains no mercury", in the claim's verb), and
"ineffective against" as "not effective against" — so that the rank and the denial are read
(agent/judge/compare.py). A reason quotes the source's own words (agent/judge/_decision.py)."""

from __future__ import annotations

import re

_RANKED = re.compile(
    r"\b(second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|\d+(?:st|nd|rd|th))-(\w+est)\b",
    re.I,
)


# the source's own words of a denial reworded here, which a reason quotes (agent/judge/_decision.py)
DENIED_IN_OTHER_WORDS = re.compile(
    r"\b(?:is|are|was|were|been)\s+(?:free (?:of|from)\s+[\w-]+|[a-z]+-free\b|"
    r"ineffective (?:against|in)\s+[\w-]+)"
    # a plan denied: "has no plans to ban TikTok", "denied reports that it would cut 10,000 jobs"
    r"|\b(?:has|have|had)\s+no\s+(?:plans?|intention)\s+to\s+[\w-]+(?:\s+\w[\w,-]*\w)?"
    r"|\b(?:denied|denies)\s+(?:\w+\s+)?(?:that\s+)?(?:it|he|she|they)\s+would\s+[\w-]+(?:\s+\w[\w,-]*\w)?",
    re.I,
)
_INEFFECTIVE = re.compile(r"\b(is|are|was|were|be|been)\s+ineffective\s+(against|in)\b", re.I)
_HAVING = re.compile(r"\b(contain|has|have|had)(?:s|ed)?\b", re.IGNORECASE)
_FREE_OF = re.compile(
    r"\b(?P<be>is|are|was|were|has been|have been|had been|remains?|remained|becomes?|became)\s+"
    r"(?:(?:declared|certified|considered|completely|entirely|totally)\s+)?"
    r"(?:free (?:of|from)\s+(?P<what>\w[\w-]*)|(?P<compound>[a-z]+)-free\b)",
    re.IGNORECASE,
)
# the verb's form for each: the claim's verb in the sentence's tense and number
_PLURAL = frozenset(["are", "were", "have been", "remain", "become"])
_PAST = frozenset(["was", "were", "had been", "remained", "became"])
_HAVING_FORMS = {
    "contain": {"singular": "contains", "plural": "contain", "past": "contained"},
    "have": {"singular": "has", "plural": "have", "past": "had"},
}


def _free_of(claim: str, sentence: str) -> str:
    """ "is free of mercury" and "is mercury-free" said as the claim says what something has
    ("contains no mercury", "has no mercury"), so that its negation is read."""
    having = _HAVING.search(claim)
    if having is None:
        return sentence
    lemma = "contain" if having.group(1).lower() == "contain" else "have"

    def said(m: re.Match) -> str:
        be = m.group("be").lower()
        form = "past" if be in _PAST else "plural" if be in _PLURAL else "singular"
        verb = _HAVING_FORMS[lemma][form]
        return f"{verb} no {m.group('what') or m.group('compound')}"

    return _FREE_OF.sub(said, sentence)


def reworded(claim: str, sentence: str) -> str:
    """The sentence as the comparison reads it (this module's docstring)."""
    sentence = _RANKED.sub(r"\1 \2", _free_of(claim, sentence))
    if "effective" not in claim.lower():  # "ineffective against viruses" denies "kills viruses"
        sentence = _INEFFECTIVE.sub(r"\1 not effective \2", sentence)
    return sentence
