"""A claim's deed said of the subject's kin: "Ana Roske died in 1990; her brother was killed in a
car crash" does not say she was killed in one, nor "… whose father died at 80" that she died at 80,
nor "Ana Roske is the daughter of an author" that she is an author."""

from __future__ import annotations

from agent.judge._places import _BE
from agent.judge._text import _STOP, _Text

KIN = frozenset(
    """
brother brothers sister sisters father mother parent parents son sons daughter daughters wife
husband uncle aunt cousin cousins grandfather grandmother grandson granddaughter nephew niece
stepfather stepmother stepson stepdaughter widow widower fiance fiancee spouse child children
""".split()
)
_OWNERS = frozenset(["her", "his", "their", "whose", "its"])


def of_a_kin(c: _Text, s: _Text, placed: dict[int, int]) -> tuple[str, str] | None:
    """(the kin as the sentence names them, the claim's subject) where a kin word stands just
    before the claim's first part after its subject ("her brother was killed", "whose father died",
    "the daughter of an author") and the claim names no kin; else None."""
    at = placed.get(0)
    if at is None or {t.low for t in c.tokens} & KIN:
        return None
    after = [p for i, p in placed.items() if i and p > at]
    if not after:
        return None
    first = min(after)
    for k in range(max(at + len(c.units[0].tokens), first - 4), first):
        word = s.tokens[k].low
        owned = k > 0 and s.tokens[k - 1].low in _OWNERS
        of = k + 1 < first and s.tokens[k + 1].low == "of"
        if word in KIN and (owned or of) and not any(s.gap(j) for j in range(k, first)):
            article = k > 0 and s.tokens[k - 1].low in ("the", "a", "an")
            start = s.tokens[k - 1].start if owned or article else s.tokens[k].start
            named = s.raw[start : s.tokens[first].end if of else s.tokens[k].end]
            return f"a relative (“{named}”)", c.units[0].text
    return None


_ARTICLES = frozenset(["a", "an", "the"])


def object_of_a_deed(c: _Text, s: _Text, placed: dict[int, int]) -> tuple[str, str] | None:
    """(the deed and its object, the claim's subject) where the claim says what its subject is ("Ana
    Roske was a senator") and the sentence has that noun as the object of another verb ("married
    a senator", "met a singer"); else None."""
    if len(c.units) != 2 or 0 not in placed or 1 not in placed or c.units[1].proper:
        return None
    noun = c.units[1].tokens[0].index
    if noun < 2 or c.tokens[noun - 1].low not in ("a", "an") or c.tokens[noun - 2].low not in _BE:
        return None
    k = placed[1] - 1
    while k > placed[0] and s.tokens[k].low not in _ARTICLES and not s.gap(k):
        if s.tokens[k].low in _STOP:
            return None  # "started a career in politics": the deed's object is another noun
        k -= 1  # back over the noun's modifiers ("a retired singer") to its article
    verb = s.tokens[k - 1] if k - 1 > placed[0] and s.tokens[k].low in _ARTICLES else None
    if verb is None or verb.low in _BE or not (verb.low.endswith("ed") or verb.low in _DEEDS):
        return None  # "is a retired singer": said of the subject
    if verb.index > 0 and s.tokens[verb.index - 1].low in _BE:
        return None  # "was elected a senator": what the deed made the subject
    said = s.raw[verb.start : s.tokens[placed[1]].end]
    return f"another (“{said}”)", c.units[0].text


# deeds whose object is another person or thing: "met a singer", "married a senator"
_DEEDS = frozenset("met meets married marries hired hires saw sees beat beats".split())
