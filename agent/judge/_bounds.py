"""Figures that are not the claim's figure said otherwise: a claim's exact figure at the bound the
sentence gives ("400 films" against "more than 400 films"), the "one" of "one of the best-selling
acts" (a member, not a count), and the whole of which a part is said ("won only two of the eleven
Academy Awards": not eleven won); and which figure the claim's is read against: the age for
"younger than 30" (``to_the_age``), the figure after the claim's own verb ("has won only one",
``said_after_its_verb``). Read by agent/judge/_numbers.py."""

from __future__ import annotations

import math
import re
from collections.abc import Sequence

from agent.judge._quantities import DECADE, Quantity
from agent.judge._text import _Text

_ALONE = re.compile(  # a part of the whole: "in Borovia alone", "in its first seven days"
    r"[^.;,]{0,40}?\b(?:alone|in\s+(?:its|their|the)\s+(?:first|opening)\s+(?:\w+\s+)?(?:days?|"
    r"weeks?|weekend|months?|hours?|quarter)|on\s+(?:its|their|the)\s+opening\s+(?:day|weekend|night))\b"
)


_PART_OF = re.compile(
    r"\b(?:\d[\d,.]*|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|several|some|"
    r"many|most|none|half|a few|a third|a quarter)\s+of\s+(?:the|its|his|her|their)\s+$",
    re.I,
)


def at_the_bound(q: Quantity, r: Quantity) -> bool:
    """Is the claim's exact figure ``q`` the bound the sentence's ``r`` gives ("400 films" against
    "more than 400 films"): not plainly another figure?"""
    ends = [x for x in (r.low, r.high) if math.isfinite(x)]
    return q.exact and not r.exact and any(math.isclose(q.low, x, rel_tol=1e-4) for x in ends)


def one_of(text: _Text, r: Quantity) -> bool:
    """Is the figure "one" of "one of the best-selling acts" (in ``text``, a _Text): a member?"""
    return r.text.lower() == "one" and re.match(r"\s+of\b", text.raw[r.end :]) is not None


def a_part_said(
    c: _Text, q: Quantity, sentence: str, same: list[Quantity], *, whole: bool = True
) -> bool:
    """Does the sentence give the claim's figure ``q`` only as a part ("3,000 people in Borovia
    alone", not for a year: "in 2019 alone" is 2019) or as the whole of a part it says ("won only
    two of the eleven Academy Awards" for "won eleven")? ``whole=False``: the sentence's figures
    ``same`` as a part, whatever their value."""
    if whole and any(q.within(r) and _PART_OF.search(sentence, 0, r.start) for r in same):
        return True
    return (
        q.dimension not in {"year", DECADE, "month", "ordinal"}
        and any((q.within(r) or not whole) and _ALONE.match(sentence[r.end :]) for r in same)
        and not _ALONE.search(c.raw)
    )


_AGED = re.compile(r"\b(?:younger|older) than\s*$", re.I)
_AGE = re.compile(r"\b(?:at (?:the )?age(?: of)?|aged)\s+$", re.I)


def to_the_age(c: _Text, q: Quantity, s: _Text, same: list[Quantity]) -> None:
    """Where the claim bounds an age ("younger than 30 when he won"), the sentence's figures
    ``same`` reordered (in place) so that its age ("at age 31") comes first, not another count
    ("by a record 12 strokes")."""
    if _AGED.search(c.raw[max(0, q.start - 16) : q.start]):
        same.sort(key=lambda r: not _AGE.search(s.raw[max(0, r.start - 16) : r.start]))


_SOFT = frozenset("only just exactly".split())


def said_after_its_verb(c: _Text, q: Quantity, s: _Text, same: Sequence[Quantity]) -> bool:
    """Does the sentence give the claim's figure right after the claim's own verb ("has won only
    one" for "has won only one Academy Award"), whatever other figure stands nearer the claim's
    noun ("21 Academy Award nominations")?"""
    before = [t for t in c.tokens if t.end <= q.start and t.low not in _SOFT][-1:]
    if not before or before[0].cap or len(before[0].low) < 3:
        return False
    verb = before[0].low
    for r in same:
        words = [t for t in s.tokens if t.end <= r.start and t.low not in _SOFT][-1:]
        if words and words[0].low == verb and r.dimension == q.dimension and q.within(r):
            return True
    return False
