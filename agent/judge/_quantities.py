"""Quantities in a sentence — value, unit, bounds — normalised so that two can be compared.

"212 km", "about 3.4 thousand", "more than 40 %", "between 10 and 12 metres", "100 °C" /
"212 °F", "1,500 miles", "in 1889", "twelve". Units are converted with pint (its registry is built
once, on first use, off the import path); a value with a hedge ("about", "nearly") stands for an
interval, and so does a bound ("more than", "at least", "under") or a range ("10–12", "10 to 12").
"""

from __future__ import annotations

import math
import re
import threading
from dataclasses import dataclass

from agent.judge._dates import (
    dates,
    decade_words,
    months,
    ordinals,
    year_like,
    year_span,
    year_to_figure,
)
from agent.judge._fractions import said_shares
from agent.judge._units import CURRENCY as _CURRENCY
from agent.judge._units import GLUED as _GLUED
from agent.judge._units import HEDGES as _HEDGE
from agent.judge._units import LOWER_BOUNDS as _LOWER
from agent.judge._units import MONEY_SCALES as _MONEY_SCALES
from agent.judge._units import NUMBER_WORDS as _WORDS
from agent.judge._units import OFFSET, a_difference, and_a_half, bounds, scores, unit_carried
from agent.judge._units import ONE_OF_A_SCALE as _A_SCALE
from agent.judge._units import SCALES as _SCALE
from agent.judge._units import SQUARE as _SQUARE
from agent.judge._units import TIMES as _TIMES
from agent.judge._units import UNITS as _UNITS
from agent.judge._units import UPPER_BOUNDS as _UPPER

NUM = r"(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?"
_NUMBER = re.compile(
    rf"(?P<cur>us\$|\$|€|£|¥)?\s?(?<![\w.,])(?<![A-Za-z]-)(?P<num>{NUM}|(?:{'|'.join(_WORDS)})(?:[- ](?:{'|'.join(_WORDS)}))?\b|{_A_SCALE})"
    rf"(?:\s?(?P<range>–|-|to|and|until|till)\s?(?P<num2>{NUM}))?"
    rf"(?:\s?(?P<scale>thousand|million|billion|trillion|bn)\b)?"
    r"(?:(?:\s?|-)(?P<unit>square (?:kilomet(?:re|er)s|miles|met(?:re|er)s)|degrees (?:celsius|fahrenheit|c|f)\b|° ?[cf]\b"
    r"|per cent|km/h|km²|km2\b|mi2\b|m2\b|sq (?:km|mi)\b|[a-z%°²/]+))?",
    re.IGNORECASE,
)
# a sign right before a temperature: "-40 °C", "−40 °F", "minus 40 degrees" (not "2010-2015")
_MINUS = re.compile(r"(?:(?<![\w-])[-−–]|\bminus\s)\s?$", re.I)
_lock = threading.Lock()
_registry = None


@dataclass(frozen=True)
class Quantity:
    low: float  # the interval the text allows, in the dimension's base unit
    high: float
    dimension: str  # "year", "count", "[length]", "USD", …
    text: str  # as written
    start: int  # character offsets in the sentence
    end: int
    exact: bool  # no hedge, bound or range

    def overlaps(self, other: Quantity) -> bool:
        tol = 1e-6 * max([1.0] + [abs(v) for v in (self.low, other.low) if math.isfinite(v)])
        return self.low <= other.high + tol and other.low <= self.high + tol

    def within(self, other: Quantity) -> bool:
        """Does ``other`` (the sentence's) say at least as much as this one: its interval inside
        this one's ("450 m" within "more than 300 m"), or the same value after conversion."""
        tol = 1e-6 * max([1.0] + [abs(v) for v in (self.low, self.high) if math.isfinite(v)])
        high = other.high
        if self.dimension == other.dimension == "dimensionless" and self.high == 1.0:
            high = min(high, 1.0)  # "over 80%" of a group is within "most" of it: no share tops all
        return (self.low - tol <= other.low and high <= self.high + tol) or self.same_value(other)

    def same_value(self, other: Quantity) -> bool:
        """Equal within rounding: "212 °F" is "100 °C", "3.4 thousand" is "3,400"; a rounded
        conversion ("540 km" ≈ "335.5 miles" written "335 miles") within 0.5 %."""
        if not (self.exact and other.exact):
            return False
        a, b = self.low, other.low
        if self.dimension == "year":  # the same stretch of time: a day is not its year
            return math.isclose(a, b, abs_tol=1e-9) and math.isclose(
                self.high, other.high, abs_tol=1e-9
            )
        if self.dimension == "count" or self.text.split()[-1:] == other.text.split()[-1:]:
            # the same unit as written: exactly, or to the claim's own precision
            return math.isclose(a, b, rel_tol=1e-9, abs_tol=1e-9) or self.rounds(other, finely=True)
        return math.isclose(a, b, rel_tol=0.005, abs_tol=1e-9) or self.converts(other)

    def converts(self, other: Quantity) -> bool:
        """Is one value the other converted and rounded in its own unit ("8 inches" for "20 cm",
        "5 million acres" for "2 million hectares"): within half the last written digit of
        either? Not temperatures, whose units do not start at zero."""
        if self.dimension == "[temperature]" or not math.isclose(self.low, other.low, rel_tol=0.05):
            return False  # not "1 mile" for "2 km", though 2 ± 0.5 holds 1.6
        for q, r in ((self, other), (other, self)):
            digits = _digits(q.text)
            if (
                digits
                and digits[0]
                and abs(q.low - r.low) <= q.low / digits[0] * 0.5 * 10.0 ** -digits[1]
            ):
                return True
        return False

    def rounds(self, other: Quantity, *, finely: bool = False) -> bool:
        """Is this value ``other``'s written to fewer digits, rounded or cut ("365.25 days" for
        "365.256 days", "68 million" for "68.4 million")? A value stands for what it rounds to.
        ``finely``: only where its last digit is at most 5 % of it ("$2 billion" for "$2.4
        billion" is a round figure, not the same value)."""
        if math.isinf(self.low) or math.isinf(self.high):
            return False  # a bound is no rounded value: "over 2 million" is not 1.8 million
        mine, theirs = _digits(self.text), _digits(other.text)
        if mine is None or theirs is None or mine[0] == 0 or theirs[1] <= mine[1]:
            return False  # not written coarser than the sentence's
        step = self.low / mine[0] * 10.0 ** -mine[1]  # the last written digit, in base units
        if finely and step > 0.05 * abs(self.low):
            return False
        return self.low - step / 2 <= other.low < self.low + step


_WRITTEN = re.compile(r"\d[\d,]*(?:\.(\d+))?")


def _digits(text: str) -> tuple[float, int] | None:
    """The first number as written and its decimals: "365.25 days" → (365.25, 2)."""
    m = _WRITTEN.search(text)
    if m is None:
        return None
    return float(m.group(0).replace(",", "")), len(m.group(1) or "")


def _units():
    global _registry
    if _registry is None:
        with _lock:
            if _registry is None:
                import pint

                _registry = pint.UnitRegistry()  # ~0.6 s once; no disk cache (pint#1572, #1746)
    return _registry


def _value(text: str) -> float | None:
    text = {"a": "1", "an": "1"}.get(text.lower(), text.lower().replace(",", ""))  # "a million"
    try:
        return float(text)
    except ValueError:
        pass
    total = 0.0
    for part in re.split(r"[- ]", text):
        if part not in _WORDS:
            return None
        if part in _TIMES and total:  # "two dozen" is 24, "three hundred" 300
            total *= _WORDS[part]
        else:
            total += _WORDS[part]
    return total


def _to_base(value: float, unit: str) -> tuple[float, str]:
    u = _units()
    q = u.Quantity(value, unit).to_base_units()
    return float(q.magnitude), str(q.dimensionality)


def _dimension(
    low: float, high: float, currency: str | None, unit: str | None, year: bool
) -> tuple[float, float, str]:
    """The bounds in the unit's base units and the quantity's dimension: a currency, a unit's
    dimension (or the unit as written when pint does not know it), a year, or a count."""
    if currency:
        return low, high, currency
    if unit:
        try:
            low, dimension = _to_base(low, unit)
            high, _ = _to_base(high, unit)
        except Exception:  # a unit pint does not know: compare only as written
            return low, high, unit
        return low, high, dimension
    return low, high, "year" if year else "count"


# a year as a bound in time: "built before 1900" is built in some year up to 1899
_IN_TIME = ("before", "prior to", "after")
_YEAR_BOUND = re.compile(r"(?:^|\W)(before|prior to|after)\s*$")


def bound_words(sentence: str, q: Quantity) -> str | None:
    """The words just before ``q`` that bound or hedge it, as ``_bounds`` read them and as the
    sentence writes them ("more than" in "more than 20 titles", "taller than", "about")."""
    before = sentence[max(0, q.start - 24) : q.start]
    words = sorted(
        (*(w for w, rel in _HEDGE.items() if rel is not None), *_LOWER, *_UPPER, *_IN_TIME), key=len
    )
    for word in reversed(words):  # the longest first: "no more than", not "more than"
        m = re.search(rf"(?:^|\W)({re.escape(word)})\s*$", before, re.IGNORECASE)
        if m is not None:
            return m.group(1)
    return None


DECADE = "decade of a century"


def _decades_of(found: list[Quantity]) -> list[Quantity]:
    """The decade of its century of each year, date or decade that lies in one ("1947", "July 20,
    1947", "the 1940s" → the forties), to compare with a claim's "the forties"."""
    return [
        Quantity(n, n, DECADE, q.text, q.start, q.end, True)
        for q in found
        if q.dimension == "year"
        and math.isfinite(q.low)
        and math.isfinite(q.high)
        and int(q.low) // 10 == int(q.high) // 10
        for n in [int(q.low) % 100 // 10]
    ]


def _calendar(sentence: str) -> list[Quantity]:
    """Dates and decades (intervals of years), the month of each date or named alone ("in
    October"), and ordinals before a noun (positions)."""
    out = [
        Quantity(low, high, "year", sentence[a:b], a, b, exact)
        for a, b, low, high, exact in dates(sentence)
    ]
    out += [Quantity(n, n, "month", sentence[a:b], a, b, True) for a, b, n in months(sentence)]
    out += [Quantity(n, n, DECADE, sentence[a:b], a, b, True) for a, b, n in decade_words(sentence)]
    return out + [
        Quantity(n, n, "ordinal", sentence[a:b], a, b, True)
        for a, b, n in ordinals(sentence)
        if not any(q.start <= a < q.end for q in out)
    ]


def _as_years(year: int, low: float, high: float, exact: bool) -> tuple[float, float]:
    """A year as the whole year; a hedge ("about 1890") widens it by ten years, not by a share of
    the year's number; an open bound stays open."""
    first, last = year_span(year)
    low = first if math.isfinite(low) else low
    high = last if math.isfinite(high) else high
    if not exact and math.isfinite(low) and math.isfinite(high):
        low, high = low - 10, high + 10
    return low, high


def _years(
    before: str, year: int, second: float | None, read: tuple[float, float, bool]
) -> tuple[float, float, bool]:
    """A year's (low, high, exact) as the whole year (or years, to ``second``); after "before" or
    "after" (``before``: the text just before it), everything up to or from it."""
    low, high, exact = read
    low, high = _as_years(year, low, high, exact or second is not None)
    if second is not None:
        return low, year_span(int(second))[1], exact
    side = _YEAR_BOUND.search(before)
    if side is None:
        return low, high, exact
    first, last = year_span(year)  # "before 1900": any time up to its first day
    if side.group(1) == "after":
        return last + 1e-6, math.inf, False
    return -math.inf, first - 1e-6, False


def quantities(sentence: str) -> list[Quantity]:
    """Every quantity in ``sentence``, left to right: dates and decades as intervals of years,
    ordinals as positions (agent/judge/_dates.py), the rest below."""
    out = _calendar(sentence)
    taken = [(q.start, q.end) for q in out]
    lower, pos = sentence.lower(), 0
    while (m := _NUMBER.search(sentence, pos)) is not None:
        pos = m.end()
        if not m.group("num") or any(a < m.end() and m.start("num") < b for a, b in taken):
            continue
        value = _value(m.group("num"))
        if value is None:
            continue
        glued = sentence[m.end("num") : m.end("num") + 1]
        suffix = (m.group("unit") or "").lower()
        money = m.group("cur") and not m.group("scale") and suffix in _MONEY_SCALES  # "$50m"
        if glued.isalpha() and not (m.group("scale") or money) and suffix not in _GLUED:
            continue  # "5G", "COVID19", "A380": a name, not a quantity; "£3bn" is a sum
        start, end = m.start("cur" if m.group("cur") else "num"), m.end()
        second = _value(m.group("num2")) if m.group("num2") else None
        # "from 5% in 2019 to 8%": a year, then the figure changed to (no range, no unit, no scale)
        dated = year_to_figure(m, value, second, lower[max(0, start - 8) : start])
        scale = 1.0 if dated or money else _SCALE.get((m.group("scale") or "").lower(), 1.0)
        scale = _MONEY_SCALES[suffix] if money else scale
        between = re.search(r"between\s*$", lower[:start])
        if (m.group("range") or "").lower() == "and" and not between or dated:
            second, end = None, m.end("num")
            pos = end  # "in 2018 and 2020": the second number is read again, as its own
        raw_unit = "" if money or dated else (m.group("unit") or "").lower().replace("° ", "°")
        unit = _SQUARE.get(raw_unit) or _UNITS.get(raw_unit)
        # a word that is no unit ends the quantity at its number; "three times" is a count, quoted whole
        if raw_unit and unit is None and raw_unit != "times" and raw_unit not in _CURRENCY:
            end = pos = (  # and the word is read again: "between 1969 and 1972 six missions"
                m.end("scale")
                if m.group("scale")
                else (m.end("num2") if second is not None else m.end("num"))
            )
        value, second, start = _signed(sentence, unit, value, second, start)  # "-40 °C"
        high = (second if second is not None else value) * scale
        currency = _CURRENCY.get((m.group("cur") or "").lower()) or _CURRENCY.get(raw_unit)
        bare = unit is None and currency is None  # "1200 °C" is no year
        if bare and second is None and _names_it(m, sentence):
            continue  # "Apollo 11", "Boeing 747": the number of a name, not a quantity
        year = bare and _a_year(m, value, second, scale)  # "in 1890", "from 1887 to 1889"
        low, high, exact = (  # in the unit as written: "about 2 °C" is 1.8 to 2.2 °C
            bounds(lower[max(0, start - 24) : start], lower[end : end + 12], value * scale, high)
            if second is None
            else (value * scale, high, False)
        )
        around = (lower[max(0, start - 30) : start], lower[end:])
        low, high, dimension = _measured(low, high, currency, unit, year, around)
        if year:  # "in 1890", "from 1887 to 1889", "before 1900"
            before = lower[max(0, start - 12) : start]
            low, high, exact = _years(before, int(value), second, (low, high, exact))
        if low > high:
            low, high = high, low
        out.append(Quantity(low, high, dimension, sentence[start:end], start, end, exact))
    out = and_a_half(unit_carried(out, sentence, quantities), sentence, quantities)  # "six" years
    out = scores(_with_shares(out, sentence, lower), sentence)
    return sorted(out + _decades_of(out), key=lambda q: q.start)


def _a_year(m: re.Match, value: float, second: float | None, scale: float) -> bool:
    """Is the number (or the range's two) written as a year?"""
    if not year_like(value, m.group("num"), scale):
        return False
    return second is None or year_like(second, m.group("num2"), scale) and second > value


def _signed(
    sentence: str, unit: str | None, value: float, second: float | None, start: int
) -> tuple[float, float | None, int]:
    """A temperature below zero: "-40 °C", "minus 40 degrees" (the value, the range's second, the
    start with its sign)."""
    if unit not in {"degC", "degF"} or not (sign := _MINUS.search(sentence, 0, start)):
        return value, second, start
    return -value, (-second if second is not None else None), sign.start()


def _measured(
    low: float,
    high: float,
    currency: str | None,
    unit: str | None,
    year: bool,
    around: tuple[str, str],
) -> tuple[float, float, str]:
    """``_dimension``, with a temperature said as a change or a gap read as a difference ("warmed
    by 1.1 °C" is 1.98 °F of warming, not 34 °F); ``around``: the text before and after it."""
    if unit not in OFFSET or not a_difference(*around):
        return _dimension(low, high, currency, unit, year)
    low, high, dimension = _dimension(low, high, currency, OFFSET[unit], year)
    return low, high, f"{dimension} change"


def _with_shares(out: list[Quantity], sentence: str, lower: str) -> list[Quantity]:
    """The quantities found, with no time at all ("reaches Earth instantly", against "takes about
    8 minutes") and the shares said as fractions ("two thirds of", not also "two")."""
    out = out + [
        Quantity(0.0, 0.0, "[time]", m.group(), m.start(), m.end(), True)
        for m in _NO_TIME.finditer(sentence)
    ]
    shares = [
        Quantity(low, high, "dimensionless", text, start, end, False)
        for low, high, text, start, end in said_shares(sentence)
    ]
    return [q for q in out if not any(f.start <= q.start < f.end for f in shares)] + shares


# a capitalised word just before a bare number that makes it a name's ("Apollo 11", "Boeing 747",
# "Season 3"); not a month, a weekday or a word that opens a sentence before a number ("In 1969")
_NAME_BEFORE = re.compile(r"(?<![\w.])([A-Z][a-z]+)\s+$")
_NOT_A_NAME = frozenset(
    "january february march april may june july august september october november december "
    "jan feb mar apr jun jul aug sep sept oct nov dec monday tuesday wednesday thursday friday "
    "saturday sunday in on at by of for from to since until till between about around over under "
    "nearly almost only just some and or but the a an after before during than up to its their "
    "his her our your this that these those each every all both more less fewer circa "
    "approximately roughly".split()
)


def _names_it(number: re.Match, sentence: str) -> bool:
    """Is the bare number ``number`` (a _NUMBER match; in digits, or a capitalised word after a
    capitalised one) the number of a name?"""
    word = number.group("num")
    if not word[:1].isdigit() and not (word[:1].isupper() and number.start("num") > 0):
        return False  # "Orvel twice"; not "The Orsen Four", "Fantastic Four": a name's word
    m = _NAME_BEFORE.search(sentence, 0, number.start("num"))
    return m is not None and m.group(1).lower() not in _NOT_A_NAME


_NO_TIME = re.compile(r"\b(?:instantly|instantaneously|in no time)\b", re.IGNORECASE)
