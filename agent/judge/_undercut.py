"""A finding the same sentence takes back: "Drug X reduced mortality in earlier trials, but larger
trials found no benefit", "… lowered blood pressure, although the effect was not significant". The
claim's parts are all there, but a turn after them reports that the effect was not found, not
significant or not confirmed: no plain support. Read by agent/judge/compare.py before it answers
"the source states every part of the claim"."""

from __future__ import annotations

import re

from agent.judge._decision import Comparison, _decision
from agent.judge._text import _Text

_TURN = re.compile(r"(?:[,;]\s*|\s)(?:but|however|yet|although|though|whereas)\b[^;]*", re.I)
_NOT = re.compile(r"\b(?:no|not|never|neither|nor|failed|fails|fail)\b|n't\b", re.I)
# what a finding that did not hold is said of: "no benefit", "the effect was not significant"
_FINDING = re.compile(
    r"\b(?:benefits?|effects?|difference|association|evidence|improvement|reduction|increase|"
    r"significant(?:ly)?|confirm(?:ed)?|replicat(?:e|ed)|supported|reproduc(?:e|ed))\b",
    re.I,
)


def undercut(c: _Text, s: _Text, placed: dict[int, int]) -> Comparison | None:
    """The turn after the claim's last part that says its finding did not hold, or None."""
    if c.negations or not placed:
        return None
    last = max(placed, key=placed.__getitem__)
    end = s.tokens[min(placed[last] + len(c.units[last].tokens), len(s.tokens)) - 1].end
    m = _TURN.search(s.raw, end)
    if m is None or not (_NOT.search(m.group()) and _FINDING.search(m.group())):
        return None
    said = m.group().lstrip(",; ").rstrip(" .")
    return _decision("neutral", "partial", f"the source goes on: “{said}”")
