"""A place the sentence says the subject had left: "founded Kojima Productions in 2015 after
leaving Konami" does not say it was founded "while he was still at Konami" — it says the opposite —
and does not say he "works at Konami". Nor does "moved to Paris in 1990" say she "is from Paris"."""

from __future__ import annotations

from agent.judge._decision import Comparison, _decision
from agent.judge._text import _Text

_LEAVING = frozenset("leaving left leave leaves quitting quit departing".split())
# the claim's word just before the name that says the subject was there
_THERE = frozenset("at with for in".split())
_MOVED = frozenset("moved relocated emigrated immigrated returned".split())


def left_it(c: _Text, s: _Text, placed: dict[int, int]) -> Comparison | None:
    """A refutation where the claim says a deed was done "while" at a named place the sentence says
    it was done "after leaving"; the guard where the claim says only that the subject is or was
    there; None where the sentence's leaving is the claim's too ("left Konami in 2015")."""
    claim = [t.low for t in c.tokens]
    if _LEAVING & set(claim):
        return None
    for i, at in placed.items():
        unit = c.units[i]
        k = unit.tokens[0].index
        if unit.proper and k > 0 and claim[k - 1] == "from" and at > 1:  # "is from Paris"
            moved = [t.low for t in s.tokens[at - 2 : at]]
            if moved[1] == "to" and moved[0] in _MOVED:  # against "moved to Paris in 1990"
                said = s.raw[s.tokens[at - 2].start : s.tokens[at + len(unit.tokens) - 1].end]
                return _decision("neutral", "partial", f"the source says “{said}”")
        if not unit.proper or k == 0 or claim[k - 1] not in _THERE:
            continue
        j = at - (at > 1 and s.tokens[at - 1].low == "from")  # "departing from Konami"
        if j < 1 or s.tokens[j - 1].low not in _LEAVING:
            continue
        theirs = s.raw[s.tokens[j - 1].start : s.tokens[at + len(unit.tokens) - 1].end]
        after = j > 1 and s.tokens[j - 2].low == "after"
        if after and "while" in claim[:k]:
            mine = c.raw[c.tokens[claim.index("while", 0, k)].start : unit.tokens[-1].end]
            return _decision(
                "refutes", "direction", f"the claim says “{mine}”; the source says “after {theirs}”"
            )
        return _decision("neutral", "partial", f"the source says “{theirs}”")
    return None
