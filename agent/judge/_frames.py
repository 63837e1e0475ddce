"""What a figure is measured over, where the claim and the sentence may differ: a rate in time
("3.3 mm per year" is no total over a century), a change counted from another start ("has lost
25% of its mass since 1990" against "40% since 1950"), a group the sentence names for its figure
("In patients over 65, drug Z reduced mortality by 12%" against "by 30%"). Two such figures are
not one quantity said twice, so they do not conflict. A leaf: the number reading asks it before it
calls two figures a conflict."""

from __future__ import annotations

import re

from agent.judge import _lexicon as lex
from agent.judge._decision import Comparison, _decision
from agent.judge._quantities import DECADE, Quantity
from agent.judge._shares import GROUPS
from agent.judge._text import _Text

# "3.3 mm per year", "280 billion tonnes of ice a year", "0.2 °C per decade", "annually"; not "a
# year earlier" (a date), nor "per person" (the number reading's own test of a rate per head)
_PER_TIME = re.compile(
    r"^\s*(?:[\w-]+\s+){0,4}?(?:(?:per|a|an|each|every)\s+(?:year|annum|decade|century|month|week|"
    r"day|hour|minute|second)\b(?!\s+(?:earlier|later|before|after|ago|on|in|from))"
    r"|annually\b|yearly\b|/\s*(?:yr|year|day)\b)",
    re.I,
)
# where a change is counted from: "since 1990", "from 1979", "between 2002 and 2023"
_START = re.compile(
    r"\b(?:since|from|between)\s+(?:the\s+)?(?:early\s+|late\s+|mid-?)?(\d{4})s?\b", re.I
)


def per_time(t: _Text, q: Quantity) -> bool:
    """Is the number a rate in time ("3.3 mm per year", "10,000 people a year")?"""
    return bool(_PER_TIME.search(t.raw[q.end : q.end + 50]))


def _starts(t: _Text) -> set[str]:
    return {m[1] for m in _START.finditer(t.raw)}


def _group_named(c: _Text, s: _Text) -> bool:
    """Does the sentence give its figure for a group the claim does not name ("Life expectancy for
    women in Borovia is 83 years and for men 78 years" against "Life expectancy in Borovia is 80
    years")?"""
    mine = {t.low for t in c.tokens}
    return any(m["group"].lower() not in mine for m in _FOR_GROUP.finditer(s.raw))


_FOR_GROUP = re.compile(
    r"\b(?:for|among|in)\s+(?:[\w-]+\s+)?(?P<group>"
    + "|".join(sorted(GROUPS | {"subgroup", "subgroups"}))
    + r")\b",
    re.I,
)


def _after_start_word(t: _Text, q: Quantity) -> bool:
    before = [tok.low for tok in t.tokens if tok.end <= q.start][-1:]
    return before in (["since"], ["from"])


def measured_otherwise(c: _Text, q: Quantity, s: _Text, r: Quantity, amounts: list[int]) -> bool:
    """Is the sentence's figure ``r`` measured over another frame than the claim's ``q``: one is a
    rate in time and the other not; a change counted from another start than the claim's (``amounts``:
    where the sentence's figures of what something rose or fell by start) — the sentence's figure
    that amount, or both years starts of such a count ("has lost 40% since 1950" / "25% since
    1990"); kin counted by kind; what it includes; or a group the claim does not name?"""
    if per_time(c, q) != per_time(s, r):
        return True
    if amounts and q.dimension in {"year", DECADE}:
        later = q.text[:4].isdigit() and r.text[:4].isdigit() and r.text[:4] >= q.text[:4]
        return _after_start_word(c, q) and (_after_start_word(s, r) or later)  # "in 2016"
    if r.start in amounts and _starts(s) != _starts(c):
        return True  # "lost 30% of its corals in 2016" against "lost half of them since 1995"
    if _kin_part(c, q, s, r):
        return True  # "two sons and a daughter" against "three children": a part of them
    if _INCLUDING.match(s.raw[r.end : r.end + 60]) and not _INCLUDING.search(c.raw):
        return True  # "300 metres tall including its antenna": another measure than the roof's
    return _group_named(c, s)


# a figure said with what it counts in or leaves out: "300 metres tall including its antenna"
_INCLUDING = re.compile(
    r"^\s*(?:[\w-]+\s+){0,3}?\(?(?:including|includ\w+|excluding|not\s+counting|with(?:out)?\s+(?:its|the)\s+"
    r"(?:antenna|spire|mast|roof))\b",
    re.I,
)


def _dated_as_claimed(c: _Text, s: _Text, r: Quantity) -> bool | None:
    """The year the sentence gives right after its figure ``r`` ("up from 29% in 2022") against
    the claim's one year: True where it is the claim's, False where it is another, None where the
    sentence dates the figure with no year of its own or the claim gives no one year."""
    years = [p for p in c.numbers if p.dimension == "year" and p.exact]
    after = [y for y in s.numbers if y.dimension == "year" and y.exact and y.start > r.end]
    if len(years) != 1 or not after:
        return None
    nearest = min(after, key=lambda y: y.start)
    if not re.fullmatch(r"\s*(?:in|during)\s+", s.raw[r.end : nearest.start]):
        return None
    return years[0].within(nearest)


def _earlier(s: _Text, r: Quantity) -> bool:
    """Is the sentence's number the value another came from ("up from 1.5 million")? Not a span's
    start: "served from 2009 to 2017" is one span of years, read whole."""
    before = [t.low for t in s.tokens if t.end <= r.start][-2:]
    span = r.dimension == "year" and r.high - r.low > 1.5
    return (
        bool(before)
        and before[-1] == "from"
        and (len(before) < 2 or before[0] != "range")
        and not span
    )


def from_another(c: _Text, s: _Text, r: Quantity, dated: bool | None = False) -> bool:
    """Is the sentence's number the value another came from ("up from 1.5 million"), unless dated
    with the claim's year ("up from 29% in 2022" for "29% in 2022"; ``dated`` None: also with no
    year of its own — a value dated otherwise is another year's, not the claim's)?"""
    return _earlier(s, r) and _dated_as_claimed(c, s, r) in {dated, None}


def its_figure_dated(c: _Text, s: _Text) -> bool:
    """Does the sentence date a figure of the claim's with the claim's year, as the value another
    came from ("30% in 2023, up from 29% in 2022" for "29% in 2022"): the year is where it belongs."""
    figures = [p for p in c.numbers if p.dimension != "year"]
    return any(
        _earlier(s, r) and _dated_as_claimed(c, s, r) and any(p.within(r) for p in figures)
        for r in s.numbers
    )


def by_its_year(c: _Text, q: Quantity, s: _Text, same: list[Quantity]) -> None:
    """Where the claim gives a year beside its figure ("was 6% in 2019", a figure that is no year)
    and the sentence gives that year once: the sentence's figures ``same`` ordered by how far they
    stand from it (in place)."""
    years = [p for p in c.numbers if p.dimension == "year" and p.exact]
    if q.dimension in {"year", DECADE} or len(years) != 1:
        return
    said = [r.start for r in s.numbers if r.dimension == "year" and r.exact and years[0].within(r)]
    before = q.start < years[0].start  # "6% in 2019": the figure on the year's side first
    if len(said) == 1:
        same.sort(key=lambda r: ((r.start < said[0]) != before, abs(r.start - said[0])))


# kin counted as a whole and by kind: "three children" are sons and daughters
_PARTS = {
    "children": "sons daughters son daughter",
    "kids": "sons daughters son daughter",
    "siblings": "brothers sisters brother sister",
    "grandchildren": "grandsons granddaughters grandson granddaughter",
    "parents": "mother father",
}
_KIN = {whole: frozenset(parts.split()) for whole, parts in _PARTS.items()}


def _kin_part(c: _Text, q: Quantity, s: _Text, r: Quantity) -> bool:
    """Does the claim count kin as a whole ("three children") and the sentence's figure a kind of
    them ("two sons and a daughter")? Then the figure is a part, not the claim's count."""
    mine = next((t.low for t in c.tokens if t.start >= q.end), "")
    theirs = next((t.low for t in s.tokens if t.start >= r.end), "")
    return theirs in _KIN.get(mine, frozenset())


_TO = re.compile(r"\bto\s+(?:(?:more|less|fewer) than\s+|about\s+|nearly\s+|over\s+)?$", re.I)


def to_the_figure(c: _Text, q: Quantity, s: _Text, same: list[Quantity]) -> None:
    """Where the claim gives the value a change reached ("rose to 8%") and the sentence a change
    from one value to another ("rose from 5% in 2019 to 8% in 2021"): the sentence's figures
    ``same`` reordered (in place) so that those after "to" come first."""
    if _TO.search(c.raw[max(0, q.start - 20) : q.start]):
        same.sort(key=lambda r: not _TO.search(s.raw[max(0, r.start - 20) : r.start]))


def birth_aside(c: _Text, s: _Text, same: list[Quantity]) -> list[Quantity]:
    """The sentence's figures without a birth date in brackets ("Barack Obama (born August 4,
    1961) served … from 2009 to 2017"), where the claim says nothing of a birth."""
    if {"born", "birth"} & {t.low for t in c.tokens}:
        return same
    kept = []
    for r in same:
        opened = s.raw.rfind("(", 0, r.start)
        inside = opened >= 0 and ")" not in s.raw[opened : r.start]
        if not (inside and re.match(r"\(\s*(?:b\.|born)\b", s.raw[opened:], re.I)):
            kept.append(r)
    return kept


_STATE_VERBS = frozenset("is was are were has had have".split())
_DATED = re.compile(r"\b(?:in|as of|by)\s*$")  # "… in 2021": the year a figure is dated


def figure_of_another_year(
    c: _Text, s: _Text, conflict: tuple[Quantity, Quantity]
) -> Comparison | None:
    """The claim states a figure in a year ("revenue was $4.5 billion in 2021") and the sentence
    gives the same figure for another ("fell 10% to $4.5 billion in 2023"): the value of another
    year, no statement of the claim's (a `partial` guard), or None. Not for a deed dated otherwise ("sold
    12 million copies in 2009"), nor where the figure differs too."""
    q, r = conflict
    if q.dimension != "year" or not any(t.low in _STATE_VERBS for t in c.tokens):
        return None
    if not (_DATED.search(c.raw[: q.start]) and _DATED.search(s.raw[: r.start])):
        return None  # "a 1940 comedy": the work's year, not the figure's
    if any(lex.past_form(t.low) and t.low not in _STATE_VERBS for t in c.tokens):
        return None  # a deed: its year is its own
    figures = [p for p in c.numbers if p.dimension not in {"year", DECADE}]
    if not figures or not all(any(p.within(x) for x in s.numbers) for p in figures):
        return None
    return _decision(
        "neutral", "partial", f"the source gives the figure for {r.text}, not {q.text}"
    )
