"""Unit words as the comparison stage reads them: unit word → pint unit name (the dimension tells
which quantities compare), square units and degrees, currencies, and units written glued to their
number ("5km"); number words and scales, and the scales written glued to a sum of money ("$50m",
"£3bn"); a match's score ("beat Tessa City 3-1"). agent/judge/_quantities.py reads them."""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from dataclasses import replace
from typing import Any

UNITS = {
    "km": "kilometer",
    "kilometre": "kilometer",
    "kilometer": "kilometer",
    "kilometres": "kilometer",
    "kilometers": "kilometer",
    "m": "meter",
    "metre": "meter",
    "meter": "meter",
    "metres": "meter",
    "meters": "meter",
    "cm": "centimeter",
    "centimetres": "centimeter",
    "centimeters": "centimeter",
    "centimetre": "centimeter",  # "a 15-centimetre screen"
    "centimeter": "centimeter",
    "mm": "millimeter",
    "millimetres": "millimeter",
    "millimeters": "millimeter",
    "millimetre": "millimeter",
    "millimeter": "millimeter",
    "mile": "mile",
    "miles": "mile",
    "mi": "mile",
    "ft": "foot",
    "foot": "foot",
    "feet": "foot",
    "inch": "inch",
    "inches": "inch",
    "yard": "yard",
    "yards": "yard",
    "kg": "kilogram",
    "kilogram": "kilogram",
    "kilograms": "kilogram",
    "kilogrammes": "kilogram",
    "g": "gram",
    "gram": "gram",
    "grams": "gram",
    "tonne": "metric_ton",
    "tonnes": "metric_ton",
    "tons": "metric_ton",
    "lb": "pound",
    "lbs": "pound",
    "pounds": "pound",
    "°c": "degC",
    "celsius": "degC",
    "°f": "degF",
    "fahrenheit": "degF",
    "kelvin": "kelvin",
    "km²": "kilometer**2",
    "km2": "kilometer**2",
    "hectares": "hectare",
    "hectare": "hectare",
    "ha": "hectare",
    "acres": "acre",
    "acre": "acre",
    "litres": "liter",
    "liters": "liter",
    "litre": "liter",
    "liter": "liter",
    "l": "liter",
    "seconds": "second",
    "second": "second",
    "minutes": "minute",
    "minute": "minute",
    "hours": "hour",
    "hour": "hour",
    "days": "day",
    "day": "day",
    "weeks": "week",
    "week": "week",
    "months": "month",
    "month": "month",
    "years": "year",
    "year": "year",
    "decades": "decayear",  # pint's "decade" is a logarithmic ratio (×10), not ten years
    "decade": "decayear",
    "centuries": "century",
    "century": "century",
    "mph": "mile/hour",
    "km/h": "kilometer/hour",
    "kmh": "kilometer/hour",
    "%": "percent",
    "percent": "percent",
    "per cent": "percent",
    "kw": "kilowatt",
    "mw": "megawatt",
    "gw": "gigawatt",
    "watts": "watt",
}
SQUARE = {
    "square kilometres": "kilometer**2",
    "square kilometers": "kilometer**2",
    "square miles": "mile**2",
    "square metres": "meter**2",
    "square meters": "meter**2",
    "km2": "kilometer**2",  # "an area of 120 km2" (was read as 120 km)
    "mi2": "mile**2",
    "m2": "meter**2",
    "sq km": "kilometer**2",
    "sq mi": "mile**2",
    "degrees celsius": "degC",
    "degrees fahrenheit": "degF",
    "degrees c": "degC",
    "degrees f": "degF",
    "° c": "degC",
    "° f": "degF",
}
CURRENCY = {
    "$": "USD",
    "us$": "USD",
    "usd": "USD",
    "dollars": "USD",
    "€": "EUR",
    "eur": "EUR",
    "euros": "EUR",
    "£": "GBP",
    "gbp": "GBP",
    "¥": "JPY",
    "yen": "JPY",
}
GLUED = {
    "km",
    "kg",
    "cm",
    "mm",
    "m",
    "ft",
    "mph",
    "ha",
    "bn",
    "km²",
    "km2",
    "mi",
    "lb",
    "lbs",
    "kw",
    "mw",
    "gw",
}

__all__ = ["CURRENCY", "GLUED", "SQUARE", "UNITS"]

# "a million", "a billion dollars": one of the scale (not "a hundred", which NUMBER_WORDS reads)
ONE_OF_A_SCALE = r"\ban?(?=\s(?:thousand|million|billion|trillion)\b)"
NUMBER_WORDS = {
    "zero": 0,
    "once": 1,  # how many times: "never strikes twice" against "more than once"
    "twice": 2,
    "thrice": 3,
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "eleven": 11,
    "twelve": 12,
    "thirteen": 13,
    "fourteen": 14,
    "fifteen": 15,
    "sixteen": 16,
    "seventeen": 17,
    "eighteen": 18,
    "nineteen": 19,
    "twenty": 20,
    "thirty": 30,
    "forty": 40,
    "fifty": 50,
    "sixty": 60,
    "seventy": 70,
    "eighty": 80,
    "ninety": 90,
    "hundred": 100,
    "dozen": 12,
}
TIMES = frozenset(["hundred", "dozen"])  # multiply the number before them
SCALES = {
    "thousand": 1e3,
    "million": 1e6,
    "billion": 1e9,
    "trillion": 1e12,
    "k": 1e3,
    "m": 1e6,
    "bn": 1e9,
}
# a scale glued to a sum of money, as the press writes it ("$50m", "£3bn", "€2k"); without a
# currency "50m" is fifty metres
MONEY_SCALES = {"k": 1e3, "m": 1e6, "mn": 1e6, "b": 1e9, "bn": 1e9}


_SCORE = re.compile(r"^(\d{1,3})\s*[-–]\s*(\d{1,3})$")
_SCORE_CONTEXT = re.compile(
    r"\b(?:beat|beats|won|wins|win|lost|loses|lose|drew|draws|draw|drawn|defeated|defeat|trailed|"
    r"led|leads|scoreline|score|victory|loss|vote|votes|ended|finished|match|game|final)\b",
    re.I,
)


def scores(found: list[Any], sentence: str) -> list[Any]:
    """The quantities, with a match's score read as one ("beat Tessa City 3-1", "a 2–2 draw", "won
    2-1"): two numbers in a hyphen are a range ("3-5"), not a score, unless they fall ("3-1") or a
    word of a result stands near. A score is compared whole, higher number first, so that "lost 1-3"
    and "won 3-1" are the same score; which side won is the words' to say."""
    out = []
    for q in found:
        m = _SCORE.match(q.text)
        near = sentence[max(0, q.start - 30) : q.end + 12]
        if m and q.dimension == "count" and (int(m[1]) > int(m[2]) or _SCORE_CONTEXT.search(near)):
            a, b = sorted((int(m[1]), int(m[2])), reverse=True)
            value = float(a * 1000 + b)
            q = replace(q, low=value, high=value, dimension="score", exact=True)
        out.append(q)
    return out


# words that hedge a number, and the share of it they allow either way (negative: only below)
HEDGES: dict[str, float | None] = {
    "about": 0.1,
    "approximately": 0.1,
    "around": 0.1,
    "roughly": 0.1,
    "some": 0.1,
    "circa": 0.1,
    "c.": 0.1,
    "~": 0.1,
    "almost": -0.1,
    "nearly": -0.1,
    "close to": 0.1,
    "an estimated": 0.1,
    "estimated": 0.1,
    "up to": None,
}
# words that bound a number from below, then from above
LOWER_BOUNDS = (
    "more than",
    "over",
    "above",
    "at least",
    "exceeding",
    "exceeds",
    "greater than",
    "upwards of",
    "in excess of",
    "no fewer than",
    "no less than",
    # a comparative sets the same bound: "taller than 300 metres" is more than 300 metres tall
    *(f"{w} than" for w in "taller longer higher larger bigger heavier older wider deeper".split()),
)
UPPER_BOUNDS = (
    "less than",
    "fewer than",
    "under",
    "below",
    "at most",
    "up to",
    "no more than",
    "not more than",
    *(f"{w} than" for w in "shorter smaller lower younger lighter narrower shallower".split()),
)


# bounds that hold their own number: "at least 20" is 20 or more; "more than 20" is not 20
_INCLUSIVE = (
    "at least",
    "no fewer than",
    "no less than",
    "at most",
    "up to",
    "no more than",
    "not more than",
)


# temperatures whose units do not start at zero, and the same units as differences
OFFSET = {"degC": "delta_degC", "degF": "delta_degF"}
_DIFFERENCE_BEFORE = re.compile(
    r"(?:\bby|\b(?:rise|rises|increase|increases|warming|cooling|drop|fall|change) of)"
    r"(?:\s+[a-z~.]+){0,2}\s*$"  # "by about", "by more than"
)
_DIFFERENCE_AFTER = re.compile(r"\s*(?:warmer|cooler|hotter|colder|higher|lower|above|below)\b")


def a_difference(before: str, after: str) -> bool:
    """Is the temperature a change or a gap ("warmed by 1.1 °C", "a rise of 2 °F", "3 °C warmer
    than", "1.5 °C above pre-industrial levels"), not a reading ("boils at 100 °C")?"""
    return bool(_DIFFERENCE_BEFORE.search(before) or _DIFFERENCE_AFTER.match(after))


def bounds(before: str, after: str, low: float, high: float) -> tuple[float, float, bool]:
    """An exact number's bounds as the words around it state them ("about", "more than", "up to",
    "or more"), and whether it is still exact."""
    exact = True
    before = re.sub(r"\s+an?\s*$", " ", before)  # "at least a hundred": the bound is "at least"
    for word, rel in HEDGES.items():
        if re.search(rf"(?:^|\W){re.escape(word)}\s*$", before) and rel is not None:
            low, high = (
                (low * (1 - abs(rel)), high) if rel < 0 else (low * (1 - rel), high * (1 + rel))
            )
            exact = False
            break
    step = 1e-5 * max(1.0, abs(low), abs(high))  # "more than once" is not once: a strict bound
    if any(re.search(rf"(?:^|\W){w}\s*$", before) for w in LOWER_BOUNDS):
        strict = not any(re.search(rf"(?:^|\W){w}\s*$", before) for w in _INCLUSIVE)
        low, high, exact = low + step * strict, math.inf, False
    elif any(re.search(rf"(?:^|\W){w}\s*$", before) for w in UPPER_BOUNDS):
        strict = not any(re.search(rf"(?:^|\W){w}\s*$", before) for w in _INCLUSIVE)
        low, high, exact = -math.inf, high - step * strict, False
    elif re.match(r"\s*(?:or more|or over|or higher|\+)", after):
        high, exact = math.inf, False
    return low, high, exact


_FROM_TO = re.compile(r"\bfrom\s+$")
_BARE = frozenset(["dimensionless", "count"])


def unit_carried(out: list, sentence: str, parse: Callable[[str], list]) -> list:
    """A bare figure after "to" takes the unit of the figure it changed from: "from nine years to
    six" is six years. ``parse``: the quantities of a text (agent/judge/_quantities.py)."""
    done = sorted(out, key=lambda q: q.start)
    for k, (was, now) in enumerate(zip(done, done[1:], strict=False)):
        unit = was.text.split(maxsplit=1)[1:] if was.dimension not in _BARE else []
        gap = sentence[was.end : now.start]
        if not unit or now.dimension not in _BARE or not re.fullmatch(r"\s+to\s+", gap):
            continue
        if not _FROM_TO.search(sentence, 0, was.start) or now.text.split()[1:]:
            continue
        again = [q for q in parse(f"{now.text} {unit[0]}") if q.dimension == was.dimension]
        if again:
            done[k + 1] = replace(again[0], text=now.text, start=now.start, end=now.end)
    return done


_AND_A_HALF = re.compile(
    r"\b(?:(?P<one>an?|one)\s+(?P<u1>year|month|week|day|hour|decade|century)\s+and\s+a\s+half"
    r"|(?P<n>\d+|two|three|four|five|six|seven|eight|nine|ten)\s+and\s+a\s+half\s+"
    r"(?P<u2>years|months|weeks|days|hours|decades|centuries))\b",
    re.IGNORECASE,
)


def and_a_half(out: list, sentence: str, parse: Callable[[str], list]) -> list:
    """ "a year and a half" is 1.5 years, "two and a half hours" 2.5 hours: the quantity in its
    place, and no other read inside it; and lengths of time said in two units joined ("63 years
    and seven months", ``joined_durations``). ``parse``: the quantities of a text."""
    for m in _AND_A_HALF.finditer(sentence):
        n = m.group("n")
        count = 1 if m.group("one") else (NUMBER_WORDS.get(n.lower()) or int(n))
        unit = (m.group("u1") or m.group("u2")).lower()
        unit = unit if unit.endswith("s") else ("centuries" if unit == "century" else unit + "s")
        found = [q for q in parse(f"{count + 0.5} {unit}") if q.dimension != "dimensionless"]
        if found:
            out = [q for q in out if not (m.start() <= q.start < m.end())]
            out.append(replace(found[0], text=m.group(0), start=m.start(), end=m.end()))
    return joined_durations(out, sentence)


def joined_durations(out: list, sentence: str) -> list:
    """ "63 years and seven months" is one length of time, 63.58 years: the two quantities (in
    ``out``, of one sentence) joined, larger unit first, so that neither is read alone."""
    done = sorted(out, key=lambda q: q.start)
    for k in range(len(done) - 1, 0, -1):
        a, b = done[k - 1], done[k]
        if not (a.dimension == b.dimension == "[time]" and a.exact and b.exact):
            continue
        gap = sentence[a.end : b.start].strip()  # "63 years and seven months", "2 years, 3 months"
        if (
            gap in ("and", ",", ", and")
            and a.low > b.low
            and a.text.split()[-1:] != b.text.split()[-1:]
        ):
            joined = replace(a, low=a.low + b.low, high=a.high + b.high, end=b.end)
            done[k - 1 : k + 1] = [replace(joined, text=f"{a.text} and {b.text}")]
    return done
