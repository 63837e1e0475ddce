"""Years read against each other beyond their intervals: a year against a sentence's "since" year
("was the mayor in 2021" or "in 2015" against "has been the mayor since 2019") is no plain
conflict — a later one is within what it says, an earlier one may be an earlier term — and a
claim year's decade is not looked for where the sentence gives its year as a bound ("after 1900"),
which has no decade. A year inside a span the sentence gives ("served as Prime Minister from 2009 to
2014") holds a state in that year ("was Prime Minister in 2011"), and a start or an end is the
span's first or last year ("premiered in 2003", "ended in 2010" against "aired from 2003 to 2007").
A figure of a year ("profit rose 5% in 2024") is one each year has anew (``yearly``). Read by
agent/judge/_numbers.py's number comparison. A span of years is also a duration, for a claim that
gives one ("was Chancellor for more than ten years" against "served as Chancellor from 2005 to
2021": about 16 years; ``span_as_duration``)."""

from __future__ import annotations

import re

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


# a span's words: "from 2009 to 2014", "between 2003 and 2007", "(2009–2014)"
_SPAN = re.compile(r"^\d{4}\s*(?:to|until|till|and|–|—|-)\s*\d{2,4}$")
_STARTS = frozenset(
    "premiered premieres began begins started starts debuted launched first".split()
)
_ENDS = frozenset("ended ends finished concluded cancelled canceled last".split())
# a deed done once: its year inside a span says nothing ("born", "won", "released", "founded")
_ONCE = frozenset(
    "born died won lost released published founded formed established elected appointed married "
    "signed killed built completed opened closed awarded named became joined left retired".split()
)


def in_span(c: _Text, q: Quantity, s: _Text, r: Quantity) -> bool:
    """Does the sentence's span of years hold the claim's year: a state in a year inside it, a
    start or an end on its first or last year (not a deed done once: "born", "won", "released")?
    A start or an end on another year is compared as any other year is: outside, a conflict."""
    if q.dimension != "year" or r.dimension != "year" or not q.exact or r.exact:
        return False
    if q.high - q.low > 1.01 or not _SPAN.match(r.text):
        return False
    before = [t.low for t in s.tokens if t.end <= r.start][-1:]
    if before not in (["from"], ["between"]) and not s.raw[: r.start].endswith("("):
        return False
    words = {t.low for t in c.tokens}
    if words & _STARTS:
        return int(q.low) == int(r.low)
    if words & _ENDS:
        return int(q.low) == int(r.high)
    return not words & _ONCE and r.low <= q.low <= r.high


def another_years(first: Quantity, q: Quantity) -> bool:
    """Are two of the claim's numbers given otherwise a year and a figure apart from it: another
    year's figure ("a third term in 2018" for "a fourth term in 2024"), which says nothing of the
    claim's year?"""
    dims = {first.dimension, q.dimension}
    apart_ = first.end <= q.start or q.end <= first.start
    return apart_ and "year" in dims and len(dims) == 2 and not dims & {"month", DECADE}


# a year in a participle after a noun, saying which of them ("batteries made in 2022", "cars built
# before 1990"); not the claim's own verb ("was released in 2006")
_PICKED = re.compile(
    r"\b(?P<aux>(?:is|are|was|were|be|been|being|has|have|had)\s+)?(?:made|built|produced|"
    r"manufactured|sold|issued|bought|registered)\s+(?:in|before|after|since)\s+(?:\w+\s+){0,2}$"
)


def picks_out(claim: str, q: Quantity) -> bool:
    """Does the claim's year ``q`` pick out which things the claim speaks of, in a participle after
    a noun ("Zephyr 5 batteries made in 2022 overheat"), rather than date the claim's deed?"""
    m = _PICKED.search(claim[: q.start]) if q.dimension == "year" else None
    return m is not None and not m.group("aux") and m.start() > 0


# words of a change in a value, whose opposite with another value refutes ("rose to 5%" / "fell to
# 3.5%"; compare.py); not events such as "died" / "born", whose dates differ anyway
CHANGES = frozenset(
    "rose rise rises risen fell fall falls fallen increased increase increases decreased decrease "
    "decreases grew grow grows shrank shrink shrinks climbed climb dropped drop declined decline "
    "gained gain gains lost lose loses higher lower expanded expand expands contracted contract "
    "contracts".split()
)


def yearly(c: _Text) -> bool:
    """Does the claim give a figure of a year (a share or an amount besides the year, or a
    change), which each year has anew?"""
    figures = [q for q in c.numbers if q.dimension not in {"year", DECADE, "month", "ordinal"}]
    words = {t.low for t in c.tokens}
    return bool(words & CHANGES and words & _FIGURES) or any("%" in q.text for q in figures)


# what a report gives a figure of each year: "profit rose in 2024" is not "rose in 2023"
_FIGURES = frozenset(
    "profit profits revenue revenues sales earnings income output production price prices "
    "inflation unemployment rate rates gdp economy population numbers exports imports shares "
    "index turnover deficit debt spending wages emissions".split()
)


# "from 2005 to 2021", "from 1952 until her death in 2022", "from March 1990 to 2004"
_FROM_TO = re.compile(
    r"\bfrom\s+(?:[\w,]+\s+){0,2}?(?P<a>1\d{3}|20\d{2})\s+(?:to|until|till|through)\s+"
    r"(?:(?:his|her|their|its)\s+death\s+in\s+)?(?:[\w,]+\s+){0,2}?(?P<b>1\d{3}|20\d{2})\b"
)
# a claim that gives a duration in years or decades ("for 16 years", "over six decades")
_DURATION = re.compile(r"\b(?:\d+|[a-z]+)\s+(?:years?|decades?)\b(?!\s+(?:old|of age|ago)\b)")
_A_YEAR = re.compile(r"\b(?:1\d{3}|20\d{2})\b")


def span_as_duration(sentence: str, claim: str) -> list[str]:
    """The sentence with its one span of years said as the time it lasted, for a claim that gives
    a time in years and names no year itself: "… from 2005 to 2021" → "… for about 16 years" (a
    span of whole years may be a year longer or shorter, hence "about": a claim's 15 or 17 years is
    not refuted by it, its 10 years is)."""
    if not _DURATION.search(claim) or _A_YEAR.search(claim):
        return []
    spans = list(_FROM_TO.finditer(sentence))
    if len(spans) != 1:
        return []
    m = spans[0]
    years = int(m.group("b")) - int(m.group("a"))
    if years < 2:
        return []
    return [f"{sentence[: m.start()]}for about {years} years{sentence[m.end() :]}"]
