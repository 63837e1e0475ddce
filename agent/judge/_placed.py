"""Where the claim's place or name stands apart from what the claim says of it: a place the thing
is said to be away from ("moved its headquarters out of Barrowby", "located in Grimsdale, 200 km
from Elsby"), and the claim's post set before another name between commas ("Wickham Oil's chief
executive, Sara Holm, fired … Paul Ferrand"). Read by agent/judge/_bearing.py."""

from __future__ import annotations

import re

from agent.judge._decision import Comparison, _decision
from agent.judge._text import _Text

# a place the thing is said to be away from: "out of Barrowby", "200 km from Elsby"
_AWAY = re.compile(
    r"(?:\bout of|\baway from|\boutside(?: of)?|(?:\b\d[\d,.]*\s+)?\b(?:km|kilometres|kilometers|miles|metres|meters)"
    r"\s+(?:\w+\s+)?from)\s+(?:the\s+)?$",
    re.I,
)


def away_from(c: _Text, s: _Text, placed: dict[int, int]) -> Comparison | None:
    """The claim's place said as where the thing is away from."""
    mine = c.raw.lower()
    for i, at in placed.items():
        if not i or not c.units[i].proper:
            continue
        away = _AWAY.search(s.raw[: s.tokens[at].start])
        if away and away.group(0).split()[0].lower() not in mine:
            said = s.raw[away.start() : s.tokens[at + len(c.units[i].tokens) - 1].end]
            return _decision("neutral", "partial", f"the source says “{said.strip()}”")
    return None


def post_named_otherwise(c: _Text, s: _Text, placed: dict[int, int]) -> Comparison | None:
    """The claim's post followed by another name between commas, while the claim names its own."""
    taken = set(placed.values())
    for i, at in placed.items():
        after = at + len(c.units[i].tokens)
        if c.units[i].proper or after >= len(s.tokens) or s.gap(after - 1) != ",":
            continue
        if not any(u.proper and j != i for j, u in enumerate(c.units) if j in placed):
            continue
        last = after
        while last + 1 < len(s.tokens) and s.tokens[last + 1].cap and not s.gap(last):
            last += 1
        if s.tokens[after].cap and after not in taken and last > after and s.gap(last) == ",":
            said = s.raw[s.tokens[after].start : s.tokens[last].end]
            k = c.units[i].tokens[0].index
            titled = k > 0 and c.tokens[k - 1].low not in {"the", "a", "an", "is", "was"}
            post = c.raw[c.tokens[k - 1].start : c.units[i].tokens[-1].end] if titled else ""
            post = post or c.units[i].text  # "chief executive"
            return _decision("neutral", "subject", f"the source names {said} as the {post}")
    return None
