"""A claim's deed said of the subject's kin: "Ana Roske died in 1990; her brother was killed in a
car crash" does not say she was killed in one, nor "… whose father died at 80" that she died at 80,
nor "Ana Roske is the daughter of an author" that she is an author."""

from __future__ import annotations

from agent.judge._text import _Text

_KIN = frozenset(
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
    if at is None or {t.low for t in c.tokens} & _KIN:
        return None
    after = [p for i, p in placed.items() if i and p > at]
    if not after:
        return None
    first = min(after)
    for k in range(max(at + len(c.units[0].tokens), first - 4), first):
        word = s.tokens[k].low
        owned = k > 0 and s.tokens[k - 1].low in _OWNERS
        of = k + 1 < first and s.tokens[k + 1].low == "of"
        if word in _KIN and (owned or of) and not any(s.gap(j) for j in range(k, first)):
            article = k > 0 and s.tokens[k - 1].low in ("the", "a", "an")
            start = s.tokens[k - 1].start if owned or article else s.tokens[k].start
            named = s.raw[start : s.tokens[first].end if of else s.tokens[k].end]
            return f"a relative (“{named}”)", c.units[0].text
    return None
