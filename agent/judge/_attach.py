"""Where a word of the claim stands more than once in the sentence, which of its places the
claim means: the one followed by the claim's own preposition ("was born in Bogota" against
"Shakira … (born 2 February 1977) is a … singer who was born and raised in Barranquilla": the
second "born", whose place follows, not the birth date's aside)."""

from __future__ import annotations

from agent.judge._text import _Text

_PREPOSITIONS = frozenset("in at on by from for with into to".split())


def _followed_by(s: _Text, at: int, width: int, word: str) -> bool:
    """Is the sentence's word at ``at`` (``width`` tokens long) followed by ``word``, straight or
    after "and" with one more deed ("born and raised in")?"""
    k = at + width
    if k < len(s.tokens) and s.tokens[k].low == word:
        return True
    return k + 2 < len(s.tokens) and s.tokens[k].low == "and" and s.tokens[k + 2].low == word


def by_preposition(c: _Text, s: _Text, found: dict[int, list[int]]) -> dict[int, list[int]]:
    """``found`` with each claim word's places narrowed, where it stands more than once, to those
    followed by the preposition that follows it in the claim — when any is."""
    out = dict(found)
    for i, spots in found.items():
        if len(spots) < 2 or c.units[i].proper:
            continue
        k = c.units[i].tokens[-1].index + 1
        if k >= len(c.tokens) or c.tokens[k].low not in _PREPOSITIONS:
            continue
        width = len(c.units[i].tokens)
        kept = [at for at in spots if _followed_by(s, at, width, c.tokens[k].low)]
        if kept:
            out[i] = kept
    return out
