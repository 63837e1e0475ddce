"""Years read against each other beyond their intervals: a year against a sentence's "since" year
("was the mayor in 2021" or "in 2015" against "has been the mayor since 2019") is no plain
conflict — a later one is within what it says, an earlier one may be an earlier term — and a
claim year's decade is not looked for where the sentence gives its year as a bound ("after 1900"),
which has no decade. Read by agent/judge/_numbers.py's number comparison."""

from __future__ import annotations

from agent.judge._quantities import DECADE, Quantity
from agent.judge._text import _Text


def since(c: _Text, q: Quantity, s: _Text, r: Quantity) -> bool:
    """The sentence's year a start ("has been the mayor since 2019") and the claim's another one,
    not itself a start: a later year is within what the sentence says, an earlier one says nothing
    against it ("was the mayor in 2015" may be an earlier term; "lived in Tessa in 2008" before a
    return in 2010)."""
    kinds = {"year", DECADE}  # a year's decade too: 2021's twenties against 2019's tens
    if q.dimension not in kinds or r.dimension != q.dimension:
        return False
    if not (q.text[:4].isdigit() and r.text[:4].isdigit()):
        return False
    before = [t.low for t in s.tokens if t.end <= r.start][-1:]
    mine = [t.low for t in c.tokens if t.end <= q.start][-1:]
    return before == ["since"] and mine != ["since"]


def open_year(q: Quantity, s: _Text) -> bool:
    """The claim's decade of a year ("1890": the nineties) where the sentence gives a year but no
    decade: its year is open ("after 1900"), compared as a year."""
    if q.dimension != DECADE or not q.text[:1].isdigit():
        return False
    kinds = {r.dimension for r in s.numbers}
    return "year" in kinds and DECADE not in kinds
