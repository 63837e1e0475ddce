"""The claim's numbers against the sentence's (the comparison stage's number reading): which of the
sentence's values of one dimension is the claim's — the one beside the claim's word, on the side the
claim has it — and whether it conflicts, agrees, or is not plain (a value given loosely, the value
something came from, a part of a whole, the claim's verb twice beside two values)."""

from __future__ import annotations

import math
import re

from agent.judge._bounds import (
    a_part_said,
    at_the_bound,
    one_of,
    said_after_its_verb,
    to_the_age,
)
from agent.judge._figures import (
    apart,
    dates_another_deed,
    more_besides,
    names_a_measure,
    not_a_whole,
    of_another_measure,
    said_twice,
)
from agent.judge._frames import (
    birth_aside,
    by_its_year,
    from_another,
    its_figure_dated,
    measured_otherwise,
    to_the_figure,
)
from agent.judge._quantities import _WRITTEN, DECADE, Quantity, _digits
from agent.judge._text import _STOP, _Text, _Tok, _word_match
from agent.judge._years import CHANGES, another_years, in_span, open_year, picks_out, since, yearly


def _nearest(c: _Text, q: Quantity, placed: dict[int, int]) -> int:
    """The claim's matched part nearest its number (its index among the claim's parts)."""

    def gap(i: int) -> int:
        tokens = c.units[i].tokens
        return min(abs(tokens[0].start - q.end), abs(q.start - tokens[-1].end))

    return min(placed, key=gap)


def _claim_word(c: _Text, q: Quantity, placed: dict[int, int]) -> _Tok:
    """The claim's matched content word nearest its number, on the number's side."""
    tokens = c.units[_nearest(c, q, placed)].tokens
    return tokens[-1] if q.start >= tokens[-1].end else tokens[0]


def _anchor(c: _Text, q: Quantity, placed: dict[int, int]) -> int | None:
    """The sentence token where the content word next to the claim's number was matched."""
    return placed[_nearest(c, q, placed)] if placed else None


def none_of(c: _Text, s: _Text, placed: dict[int, int]) -> bool:
    """Does the sentence give none of what the claim counts ("two children" / "no children")?"""
    for q in c.numbers:
        after = next((t for t in c.tokens if t.start >= q.end), None)
        if q.dimension != "count" or after is None:
            continue
        unit = next((i for i, u in enumerate(c.units) if after in u.tokens), None)
        at = placed.get(unit) if unit is not None else None
        if at is not None and at > 0 and s.tokens[at - 1].low == "no":
            return True
    return False


def _listed(s: _Text, a: Quantity, b: Quantity) -> bool:
    """Two quantities of one list: nothing but "and", "or", "to" or commas between them."""
    first, second = sorted((a, b), key=lambda q: q.start)
    between = s.raw[first.end : second.start].replace(",", " ").split()
    return all(w.lower() in {"and", "or", "to", "-", "–"} for w in between)


def _list_of(s: _Text, q: Quantity) -> str:
    """``q`` as the sentence says it, with the quantities listed beside it ("the late 1960s and
    early 1970s"), so that a reason quotes the whole list."""
    same = sorted((r for r in s.numbers if r.dimension == q.dimension), key=lambda r: r.start)
    at = next((i for i, r in enumerate(same) if r == q), None)
    if at is None:
        return q.text
    first = last = at
    while first > 0 and _listed(s, same[first - 1], same[first]):
        first -= 1
    while last + 1 < len(same) and _listed(s, same[last], same[last + 1]):
        last += 1
    return s.raw[same[first].start : same[last].end]


def _counts_other(c: _Text, q: Quantity, s: _Text, r: Quantity) -> bool:
    """Does the sentence's number count another thing than the claim's ("12 regions and 40
    provinces" for "12 provinces")?"""
    mine = next((t.low for t in c.tokens if t.start >= q.end), "")
    theirs = next((t.low for t in s.tokens if t.start >= r.end), "")
    words = mine.isalpha() and theirs.isalpha() and mine not in _STOP and theirs not in _STOP
    return words and not _word_match(mine, theirs)


def _figure(q: Quantity) -> float | None:
    """The one figure a value is written as, in base units: the middle of a hedged one ("about 4.5
    billion years"); None for a year, a bound ("more than 20") or a range ("300 and 400 m")."""
    finite = math.isfinite(q.low) and math.isfinite(q.high)
    if not finite or q.dimension == "year" or len(_WRITTEN.findall(q.text)) != 1:
        return None
    return (q.low + q.high) / 2


def _rounded_alike(q: Quantity, r: Quantity) -> bool:
    """Does the claim write the sentence's figure to fewer digits, its last one at most 5 % of it
    ("about 4.5 billion years" or "4.5 billion years" for "about 4.54 billion years")?"""
    a, b, mine, theirs = _figure(q), _figure(r), _digits(q.text), _digits(r.text)
    if a is None or b is None or mine is None or theirs is None or mine[0] == 0:
        return False
    if theirs[1] <= mine[1] or q.dimension != r.dimension:
        return False  # not written coarser than the sentence's
    step = a / mine[0] * 10.0 ** -mine[1]  # the claim's last written digit, in base units
    return step <= 0.05 * abs(a) and a - step / 2 <= b < a + step / 2


def _converted(q: Quantity, r: Quantity) -> bool:
    """Is the sentence's round figure the claim's in another unit, converted loosely ("60 miles"
    for "100 km", within 5 % of it; not "29,032 feet" for "9,000 metres"): not plain either way."""
    if q.text.split()[1:] == r.text.split()[1:] or q.dimension in _NOT_CONVERTED:
        return False
    a, b, theirs = _figure(q), _figure(r), _digits(r.text)
    round_figure = theirs is not None and len(f"{theirs[0]:g}".strip("0").replace(".", "")) <= 2
    return a is not None and b is not None and round_figure and math.isclose(a, b, rel_tol=0.05)


# no share of these is a rounding: a year, a count, a temperature read on a scale
_NOT_CONVERTED = frozenset(["year", "count", "[temperature]"])


def _hedged_alike(q: Quantity, r: Quantity) -> bool:
    """Does the sentence hedge the claim's very figure ("kills about 10,000 people a year" for
    "kills 10,000 people a year", "one in five adults" for "20% of adults"): the same figure in
    the same unit, the hedge either way ("about", "around"; not "nearly", which says less)?"""
    figure = (r.low + r.high) / 2  # a share in words ("one in five") has no digits to read
    return (
        q.exact
        and not r.exact
        and math.isfinite(figure)
        and len(_WRITTEN.findall(r.text)) <= 1  # not a range, "between 300 and 400"
        and q.dimension == r.dimension
        and (q.dimension == "dimensionless" or q.text.split()[1:] == r.text.split()[1:])
        and math.isclose(figure, q.low, rel_tol=1e-9, abs_tol=1e-9)
        and math.isclose(q.low, q.high, rel_tol=1e-9, abs_tol=1e-9)
    )


def _another_listed(c: _Text, q: Quantity, same: list[Quantity]) -> bool:
    """Is the claim's figure ``q`` not in the sentence, but one listed with it is ("in 2010 and
    2012" against "in 2010")?"""
    listed = [p for p in c.numbers if p is not q and p.dimension == q.dimension]
    if any(q.within(r) for r in same):
        return False
    return any(_listed(c, p, q) and any(p.within(r) for r in same) for p in listed)


def _number_conflict(
    c: _Text, s: _Text, placed: dict[int, int]
) -> tuple[tuple[Quantity, Quantity] | None, bool, bool]:
    """(conflicting pair or None, a claim number with nothing of its kind in the sentence, a number
    the sentence gives only loosely — "about 38" for "40": compatible, not plain)."""
    conflict, loose = None, False
    for q in [q for q in c.numbers if not (open_year(q, s) or one_of(c, q))]:
        of_its_kind = [r for r in s.numbers if r.dimension == q.dimension and not one_of(s, r)]
        same = birth_aside(c, s, of_its_kind)  # not "(born August 4, 1961)" for "in 2012"
        if not same and of_its_kind and q.dimension == DECADE:
            continue  # a year's decade beside a birth date only: the year itself decides
        if not same:
            return None, True, loose
        if _another_listed(c, q, same):  # "in 2010 and 2012" against "in 2010": 2012 unsaid
            return None, True, loose
        anchor = _anchor(c, q, placed)
        if anchor is not None:
            after = q.start >= _claim_word(c, q, placed).end
            after = after or names_a_measure(s, anchor)  # "a total length of 3 km"
            same.sort(key=lambda r: apart(s.tokens[anchor], r, after))
            same = [r for r in same if not _setapart(s, anchor, r)] or same  # "…, while solar"
            if said_twice(s, anchor, q, same, after) or more_besides(s, same):
                loose = True  # "a ferry that opened in 1990, opened in 2005"; "200 … and 300 more"
                continue
        by_its_year(c, q, s, same)  # "7.4% in 2020, up from 5.1% in 2019": 2019's figure first
        to_the_figure(c, q, s, same)  # "rose to 8%": the figure after "to" first
        to_the_age(c, q, s, same)  # "younger than 30": "at age 31" first
        if a_part_said(c, q, s.raw, same):  # "3,000 people in Borovia alone"; "won only two of
            loose = True  # the eleven Academy Awards": a part of the whole
            continue
        if _agrees(c, q, s, same, anchor):
            loose = loose or (_changed(c, q) or "level") != (_changed(s, same[0]) or "level")
            continue
        if q.dimension != "year" and any(q.within(r) for r in same if from_another(c, s, r, None)):
            loose = True  # "up from 1.5 million" does not say the city has 1.5 million
            continue
        held = [r for r in same[1:] if q.within(r) and not from_another(c, s, r)]  # a date of the
        words = {t.low for t in c.tokens}  # "began in 1958 and was completed in 1965": 1958 is
        held = [r for r in held if not dates_another_deed(s, r, anchor, words)]  # the beginning's
        if held:  # claim's, not where it belongs, unless listed: "the late 1960s and early 1970s"
            loose = loose or not (_listed(s, same[0], held[0]) or its_figure_dated(c, s))
            continue
        part = a_part_said(c, q, s.raw, same[:1], whole=False) or picks_out(c.raw, q)
        if _given_otherwise(c, q, s, same[0]) or part:  # "batteries made in 2022": which ones
            loose = True  # "about 38" for "40"; "10 tonnes per person"; "3.3 mm per year"
            continue
        if conflict is not None and another_years(conflict[0], q):
            return None, False, True  # "12 million in 2023" against "9.4 million in 2019"
        if said_after_its_verb(c, q, s, s.numbers):  # "has won only one", beside "21 nominations"
            continue
        conflict = conflict or (q, same[0])
    if conflict is not None and conflict[0].dimension == "year" and yearly(c):
        return None, False, True  # "profit rose 5% in 2024" against "rose 5% … in 2023": a
        # figure of each year, of which the sentence gives another year's
    return conflict, False, loose or (conflict is None and _paired_otherwise(c, s))


def _agrees(c: _Text, q: Quantity, s: _Text, same: list[Quantity], anchor: int | None) -> bool:
    """Does the sentence give the claim's figure where it belongs: beside the claim's word, in a
    span that holds it ("from 2009 to 2014" holds 2011), rounded or hedged alike, or — not for a
    year — anywhere but as the value another came from, a count of another thing, or across a
    contrast?"""
    r = same[0]
    if q.within(r) or in_span(c, q, s, r) or _rounded_alike(q, r) or _hedged_alike(q, r):
        return True
    a, b = _figure(q), _figure(r)  # "about 300,000 km" for "about 299,792 km": both hedged
    if (
        not (q.exact or r.exact)
        and a
        and b
        and q.dimension == r.dimension
        and math.isclose(a, b, rel_tol=0.01)
    ):
        return True
    if anchor is not None and names_a_measure(s, anchor):  # "a budget of $12 million": the
        words = s.raw[s.tokens[anchor + 1].end : r.start].split()  # claim's measure has its own
        if len(words) <= 2:  # figure; "$40 million" elsewhere is another's (what it grossed)
            return False
    bounded = math.isfinite(q.low) and math.isfinite(q.high)  # "younger than 30": not any
    return (
        q.dimension != "year"
        and bounded
        and any(  # smaller figure ("by 12 strokes")
            q.within(r)
            for r in same
            if not (
                from_another(c, s, r)
                or _counts_other(c, q, s, r)
                or _setapart(s, anchor, r)
                or of_another_measure(s, r, anchor)
            )
        )
    )


def _given_otherwise(c: _Text, q: Quantity, s: _Text, r: Quantity) -> bool:
    """Is the sentence's figure ``r`` not plainly the claim's quantity said otherwise: a rounding
    or a conversion of it ("about 38" for "40", "68 million" for "68.4 million"), a rate per person
    ("10 tonnes per person" is no total), a start that holds the claim's year ("since 2019"), or a
    figure measured over another frame ("3.3 mm per year" against "20 cm in the 20th century")?"""
    if q.overlaps(r) or r.rounds(q) or q.rounds(r) or _converted(q, r) or at_the_bound(q, r):
        return True
    if (not_a_whole(s, r) and not not_a_whole(c, q)) or since(c, q, s, r):
        return True
    return measured_otherwise(
        c, q, s, r, [x.start for x in s.numbers if _changed(s, x) == "amount"]
    )


_CONTRAST = re.compile(r"\b(?:but|while|whereas|although|though|yet)\b|;")


def _setapart(s: _Text, anchor: int | None, r: Quantity) -> bool:
    """Does a contrast stand between the claim's word in the sentence and the number ("fell in
    February but rose in March": March is the rise's)?"""
    if anchor is None:
        return False
    at = s.tokens[anchor]
    a, b = (at.end, r.start) if at.end <= r.start else (r.end, at.start)
    return bool(_CONTRAST.search(s.raw[a:b]))


# a change said with its amount ("rose 5%", "fell by 2%") or with the level it reached ("rose to
# 5%"): those words and a few that say a sudden one
_CHANGE_VERBS = CHANGES | frozenset(
    "drops declines climbs jumped jump jumps surged surge soared soar plunged plunge slipped slip".split()
)


_HEDGING = frozenset(
    "about around approximately roughly nearly almost some estimated an circa just more less than "
    "at least over under".split()
)


def _changed(t: _Text, q: Quantity) -> str | None:
    """ "amount" for the number a change moved by, "level" for the one it reached, else None."""
    before = [tok.low for tok in t.tokens if tok.end <= q.start]
    while before and before[-1] in _HEDGING:  # "rose by about 1.1 °C", "fell by more than 5%"
        before.pop()
    before = before[-2:]
    if before and before[-1] == "to" and len(before) == 2 and before[0] in _CHANGE_VERBS:
        return "level"
    if before and (before[-1] in _CHANGE_VERBS or (before[-1] == "by" and before[:1] != ["by"])):
        return "amount" if before[-1] in _CHANGE_VERBS or before[0] in _CHANGE_VERBS else None
    return None


def _paired_otherwise(c: _Text, s: _Text) -> bool:
    """The claim's value and its year are both in the sentence, but the value beside another year
    ("reached 8 percent in 2022, and 10 percent in 2023" for "reached 10% in 2022"): not plain."""
    years = [q for q in c.numbers if q.dimension == "year"]
    their_years = [r for r in s.numbers if r.dimension == "year"]
    if len(years) != 1 or len(their_years) < 2:
        return False
    year = years[0]
    for q in c.numbers:
        if q.start == year.start:  # the year itself, and what else it is read as (its decade)
            continue
        after = year.start > q.start  # "10% in 2022": the year after the value
        spots = [r for r in s.numbers if r.dimension == q.dimension and q.within(r)]
        beside = [min(their_years, key=lambda y, r=r: _between(r, y, after)) for r in spots]
        if spots and not any(year.within(y) for y in beside):
            return True
    return False


def _between(r: Quantity, y: Quantity, after: bool) -> tuple[bool, int]:
    """How far a year stands from a value: first on the claim's side, then in characters."""
    if y.start >= r.end:
        return not after, y.start - r.end
    return after, max(r.start - y.end, 0)


def only_amounts_missing(c: _Text, s: _Text) -> bool:
    """Is every claim number the sentence has nothing of its kind for the amount of a change
    ("have risen by 1.1 °C" against "have fallen")? An opposite change refutes it whatever the
    amount."""
    kinds = {r.dimension for r in s.numbers}
    missing = [q for q in c.numbers if q.dimension not in kinds]
    return bool(missing) and all(_changed(c, q) == "amount" for q in missing)


def event_named_on(c: _Text, s: _Text) -> str | None:
    """The sentence's words, where the claim ends with a distance (“won gold in the 100 metres”)
    and the sentence names that distance with a word after it that the claim does not have (“the
    100 metres hurdles”, “the 400 metres relay”): another event of that distance. A leaf (the claim
    path counts calls)."""
    last = c.numbers[-1] if c.numbers else None
    if last is None or last.dimension != "[length]" or c.raw[last.end :].strip(" .!") != "":
        return None
    words = {t.low for t in c.tokens}
    for q in s.numbers:
        if q.dimension != last.dimension or q.low != last.low or q.high != last.high:
            continue
        after = next((t for t in s.tokens if t.start >= q.end), None)
        if (
            after is not None
            and not s.raw[q.end : after.start].strip()
            and after.text.isalpha()
            and after.text.islower()
            and after.low not in _STOP | words
            and not after.low.startswith("<")  # "400 metres long": the measure's own word
        ):
            return s.raw[q.start : after.end]
    return None


_EVERY = re.compile(r"\bevery\s+(?P<n>\w+\s+)?(?P<u>minute|hour|day|week|month|year)s?\b", re.I)


def every_otherwise(c: _Text, s: _Text) -> str | None:
    """The reason, where the claim says "every hour" and the sentence "every two hours" (or the
    other way round): how often is said otherwise. A leaf (the claim path counts calls)."""
    mine, theirs = _EVERY.search(c.raw), _EVERY.search(s.raw)
    if mine is None or theirs is None or mine["u"].lower() != theirs["u"].lower():
        return None
    counts = [(m["n"] or "").strip().lower() for m in (mine, theirs)]
    if counts[0] == counts[1] or set(counts) == {"", "one"}:
        return None
    return f"the claim says “{mine.group(0)}”; the source says “{theirs.group(0)}”"
