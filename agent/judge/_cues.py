"""Words that deny as a phrase or as a verb — "has yet to write", "failed to win", "lost the
election", "avoided relegation", "collapsed without agreement" — and the auxiliaries and negation
words the comparison's reading of a text (agent/judge/_text.py) starts from."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Protocol


class _Word(Protocol):
    low: str  # a token as agent/judge/_text.py reads it, lower-cased


_NEGATION = frozenset(
    """
not no never n't none nobody nothing neither nor cannot cant can't without
""".split()
) - {"without"}

_PAST_AUX = frozenset(["was", "were", "had", "did"])
_PRESENT_AUX = frozenset(["is", "are", "am", "has", "have", "do", "does"])
_FUTURE_AUX = frozenset(["will", "shall"])


_REFUSE = frozenset("fail fails failed refuse refuses refused decline declines declined".split())
_AVOIDED = frozenset(
    "avoid avoids avoided avoiding averted escaped escapes evaded evades dodged".split()
)

_LOST = frozenset(["lost", "lose", "loses", "losing"])
_CONTESTS = frozenset("election elections re-election vote race bid runoff primary".split())
_WITHOUT = frozenset(["agreement", "agreeing", "success", "reaching"])


def _won_or_lost(lows: list[str], i: int) -> bool:
    """Is "lost" at i said of a contest one wins or loses ("lost the 2015 election"), not of a
    no-confidence vote (lost, it ousts)?"""
    return lows[i + 1] in _CONTESTS | _OWN and "no-confidence" not in lows[i + 1 : i + 4]


_OWN = frozenset("the a an his her their its".split())
_CALLED_OFF = frozenset("cancelled canceled cancels cancel scrapped abandoned".split())


def _phrase_negations(tokens: list[_Word]) -> dict[int, bool]:
    """Words that negate as a phrase: token index → True for the cue, False for its other words
    (neither is a part of the claim to match)."""
    lows = [t.low for t in tokens]
    cues: dict[int, bool] = {}
    for i, low in enumerate(lows):
        before, after = lows[i - 1] if i else "", lows[i + 1] if i + 1 < len(lows) else ""
        if low == "yet" and after == "to" and before in _PAST_AUX | _PRESENT_AUX | {"be"}:
            cues |= {i - 1: False, i: True, i + 1: False}  # "has yet to write": has not written
        elif low == "other" and after == "than" and before in {"something", "anything"}:
            cues |= {i - 1: False, i: True, i + 1: False}  # "something other than a film"
        elif low in {"incapable", "unable", "abolished", "abolish", "abolishes", "abolishing"}:
            cues[i] = True
        elif low in _REFUSE and after == "to":
            cues |= {i: True, i + 1: False}  # "failed to win", "refused to sign"
        elif low in {"turn", "turns", "turned", "turning"} and after == "down":
            cues |= {i: True, i + 1: False}  # "turned down offers to work under …"
        elif low in _AVOIDED and lows[max(0, i - 3) : i] == ["not", "enough", "to"]:
            cues |= dict.fromkeys(range(i - 3, i + 1), False)  # "not enough to avoid relegation"
        elif low in _AVOIDED and after not in {"from", "to", "into", "out", "with", "by", ""}:
            cues[i] = True  # "avoided relegation", "escaped injury": it did not happen
        elif low in _LOST and set(lows[i + 1 : i + 4]) & _CONTESTS and _won_or_lost(lows, i):
            # "lost the (2015) election": was not elected, did not win it; "did not lose the
            # election", "never lost an election": won it (neither word a negation)
            denied = before in _NEGATION or before.endswith("n't")
            cues |= {i - 1: False, i: False} if denied else {i: True}
        elif low in _LOST and after in _OWN and lows[i + 2 : i + 3] in (["role"], ["part"]):
            cues[i] = True  # "after losing the role of Jimmy Brooks in Degrassi": not in it
        elif low in _CALLED_OFF and after in _OWN:
            cues[i] = True  # "cancelled his visit to Ostrania": he did not visit
        elif low in {"stopped", "ceased"} and after in {"being", "to"}:
            cues |= {i: True, i + 1: False}  # "stopped being a vegetarian": is no longer one
        elif low == "without" and after in _WITHOUT:
            cues[i] = True  # "collapsed without agreement": no agreement
        elif low == "without" and (after == "ever" or after.endswith("ing")):
            cues |= {i: True, i + 1: after.endswith("ing")}  # "without ever winning": never won
        elif low == "prevented" and after == "from":
            cues |= {i: True, i + 1: False}  # "was prevented from climbing": did not climb
        elif low == "against" and before in {"voted", "vote", "votes"} and after.endswith("ing"):
            cues[i] = True  # "voted against banning smoking": did not ban it
    return cues


def denial_ends(tokens: Sequence[_Word], at: int, used: Collection[int]) -> bool:
    """Does the denial at ``at`` end with its clause, before any of the claim's words (``used``):
    "but" or "and" within a few words after it ("never married but had several children"; not
    "never turned professional, and won")?"""
    for k in range(at + 1, min(at + 5, len(tokens))):
        if k in used:
            return False
        if k > at + 1 and tokens[k].low in {"but", "and", "yet"}:
            return True
    return False
