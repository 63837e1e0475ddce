"""Calendar expressions and ordinals as quantities the comparison stage can compare.

A date is an interval of years, so that every precision compares with every other: "1875" is the
whole year, "October 1875" its tenth month, "12 October 1875" and "October 12th, 1875" one day,
"the 1990s" ten years and "the early 1970s" about three, "the 12th century" a hundred (and one). The claim's date is *supported* when the
sentence's lies inside it ("in 1889" ⊇ "March 1889") and *refuted* when the two do not meet
("June 12, 1875" vs "12 October 1875"); a coarser sentence ("1875" for "12 June 1875") is loose,
not plain. Month names count only capitalised ("may" is a hedge, "May 1990" a month).

An ordinal ("first woman", "second studio album", "83rd Academy Awards") is a position, compared
only with another position; it counts only before a noun ("first flew" is not a position).
"""

from __future__ import annotations

import calendar
import re
from datetime import date

from agent.judge import _lexicon as lex

MONTHS = {
    "january": 1,
    "february": 2,
    "march": 3,
    "april": 4,
    "may": 5,
    "june": 6,
    "july": 7,
    "august": 8,
    "september": 9,
    "october": 10,
    "november": 11,
    "december": 12,
}
_SHORT = {"jan": 1, "feb": 2, "mar": 3, "apr": 4, "jun": 6, "jul": 7, "aug": 8, "sep": 9}
_SHORT |= {"sept": 9, "oct": 10, "nov": 11, "dec": 12}
_MONTH = "(?:" + "|".join(m.capitalize() for m in [*MONTHS, *_SHORT]) + r")\.?"
_DAY = r"(?:[12]\d|3[01]|0?[1-9])(?:st|nd|rd|th)?"
_YEAR = r"1\d{3}|20\d{2}"
_DATE = re.compile(
    rf"(?<![\w.])(?:(?P<d1>{_DAY})\s+(?:of\s+)?(?P<m1>{_MONTH}),?\s+(?P<y1>{_YEAR})"
    rf"|(?P<m2>{_MONTH})\s+(?P<d2>{_DAY}),?\s+(?P<y2>{_YEAR})"
    rf"|(?P<m3>{_MONTH}),?\s+(?:of\s+)?(?P<y3>{_YEAR}))(?![\w])"
)
_ISO = re.compile(
    r"(?<![\w.-])(?P<y>1\d{3}|20\d{2})-(?P<m>0[1-9]|1[0-2])-(?P<d>0[1-9]|[12]\d|3[01])(?![\w-])"
)
_BARE_MONTH = re.compile(  # "released in October": a month of any year
    rf"\b(?:in|on|during|since|until|by|of|early|late|mid) (?P<m>{_MONTH})(?![\w.]| \d)"
)
_DECADE = re.compile(
    r"(?<![\w.])(?:(?P<part>early|mid|late)[- ]?)?(?P<decade>1\d{2}0|20\d0)\s?['’]?s(?![\w])",
    re.IGNORECASE,
)
_PARTS = {"early": (0, 3), "mid": (3, 7), "late": (6, 9), None: (0, 9)}
# "the 12th century", "the early 19th century": mid-1100 to mid-1200, so that the year both
# conventions dispute (1100–1199 or 1101–1200) meets the 11th, the 12th and the 13th, and two
# centuries never meet
_CENTURY_WORDS = (
    "first second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth thirteenth "
    "fourteenth fifteenth sixteenth seventeenth eighteenth nineteenth twentieth twenty-first"
).split()
_CENTURY = re.compile(
    r"(?<![\w.])(?:(?P<part>early|mid|late)[- ]?)?(?:(?P<n>2[01]|1\d|[1-9])(?:st|nd|rd|th)|"
    rf"(?P<w>{'|'.join(reversed(_CENTURY_WORDS))}))[- ]century\b",
    re.IGNORECASE,
)
_THIRDS = {"early": (0, 34), "mid": (33, 67), "late": (66, 100), None: (0, 100)}
ORDINAL_WORDS = {
    "first": 1,
    "second": 2,
    "third": 3,
    "fourth": 4,
    "fifth": 5,
    "sixth": 6,
    "seventh": 7,
    "eighth": 8,
    "ninth": 9,
    "tenth": 10,
    "eleventh": 11,
    "twelfth": 12,
}
_ORDINAL = re.compile(
    r"(?<![\w.])(?P<n>"
    + "|".join(ORDINAL_WORDS)
    + r"|\d{1,3}(?:st|nd|rd|th))\s+(?P<next>[A-Za-z]+)",
    re.IGNORECASE,
)


def _month(name: str) -> int:
    name = name.rstrip(".").lower()
    return MONTHS.get(name) or _SHORT[name]


def _at(year: int, month: int, day: int) -> float:
    """A day as a point on the year line: the year plus the day's share of it."""
    return year + (date(year, month, day).toordinal() - date(year, 1, 1).toordinal()) / 366


def year_span(year: int) -> tuple[float, float]:
    return float(year), _at(year, 12, 31)


def dates(text: str) -> list[tuple[int, int, float, float, bool]]:
    """(start, end, low, high, exact) of each date and decade in ``text``: exact for one day, one
    month or one year as written, not for a decade."""
    out = []
    for m in _DATE.finditer(text):
        year = int(m.group("y1") or m.group("y2") or m.group("y3"))
        month = _month(m.group("m1") or m.group("m2") or m.group("m3"))
        day_text = m.group("d1") or m.group("d2")
        if day_text is None:
            low, high = _at(year, month, 1), _at(year, month, calendar.monthrange(year, month)[1])
        else:
            day = int(re.sub(r"\D", "", day_text))
            if day > calendar.monthrange(year, month)[1]:
                continue  # "31 February": not a date
            low = high = _at(year, month, day)
        out.append((m.start(), m.end(), low, high, True))
    for m in _ISO.finditer(text):  # "2019-03-14"
        year, month, day = int(m.group("y")), int(m.group("m")), int(m.group("d"))
        if day <= calendar.monthrange(year, month)[1]:
            out.append((m.start(), m.end(), _at(year, month, day), _at(year, month, day), True))
    for m in _DECADE.finditer(text):
        if any(a <= m.start() < b for a, b, *_ in out):
            continue
        decade = int(m.group("decade"))
        first, last = _PARTS[(m.group("part") or "").lower() or None]
        out.append((m.start(), m.end(), float(decade + first), year_span(decade + last)[1], False))
    for m in _CENTURY.finditer(text):
        n = int(m.group("n")) if m.group("n") else _CENTURY_WORDS.index(m.group("w").lower()) + 1
        start = (n - 1) * 100  # "the 20th century", "the twentieth century"
        first, last = _THIRDS[(m.group("part") or "").lower() or None]
        out.append((m.start(), m.end(), start + first + 0.5, start + last + 0.49, False))
    return sorted(out)


def _noun(word: str) -> bool:
    """A name, or a noun as written ("album", "women"; not "flew", whose lemma "fly" is one)."""
    if word[:1].isupper():
        return True
    nouns = lex.table()["lemma_sets"]["n"]
    low = word.lower()
    plural = (low[:-1], low[:-2]) if low.endswith("s") else ()
    return (
        low in nouns
        or low in {"men", "women", "children", "people"}
        or any(form in nouns for form in plural)
    )


def months(text: str) -> list[tuple[int, int, int]]:
    """(start, end, month) of each month a date names, and of each month named alone after a
    preposition ("in October"): the month of the year, whatever the year."""
    out = []
    for m in _DATE.finditer(text):
        name = next(g for g in ("m1", "m2", "m3") if m.group(g))
        out.append((m.start(name), m.end(name), _month(m.group(name))))
    out += [(m.start("m"), m.end("m"), int(m.group("m"))) for m in _ISO.finditer(text)]
    for m in _BARE_MONTH.finditer(text):
        name = m.group("m")
        cut = name.endswith(".") and name[:-1].lower() in MONTHS  # "in October." ends a sentence
        out.append((m.start("m"), m.end("m") - cut, _month(name)))
    return sorted(out)


_DECADE_WORDS = {
    "twenties": 2,
    "thirties": 3,
    "forties": 4,
    "fifties": 5,
    "sixties": 6,
    "seventies": 7,
    "eighties": 8,
    "nineties": 9,
}
_DECADE_WORD = re.compile(r"\bthe (?P<w>" + "|".join(_DECADE_WORDS) + r")\b", re.IGNORECASE)


def decade_words(text: str) -> list[tuple[int, int, int]]:
    """(start, end, decade of its century) of "the forties" and the like: the century is the one
    the sentence's own year is in, so only that decade is compared ("born in the forties" /
    "born July 20, 1947")."""
    return [
        (m.start(), m.end(), _DECADE_WORDS[m.group("w").lower()])
        for m in _DECADE_WORD.finditer(text)
    ]


_CARDINALS = frozenset(
    "two three four five six seven eight nine ten eleven twelve fifteen twenty thirty forty fifty "
    "hundred dozen few".split()
)


def ordinals(text: str) -> list[tuple[int, int, int]]:
    """(start, end, position) of each ordinal that stands before a noun."""
    out = []
    for m in _ORDINAL.finditer(text):
        if not _noun(m.group("next")) or m.group("next").lower() in _CARDINALS:
            continue  # "its first seven days": a span counted from the start, no position
        word = m.group("n").lower()
        position = ORDINAL_WORDS.get(word) or int(re.sub(r"\D", "", word))
        out.append((m.start("n"), m.end("n"), position))
    return out


def year_like(value: float, written: str, scale: float) -> bool:
    """A number written as a year is: 1000 to 2100, whole, unscaled, no thousands comma."""
    return 1000 <= value <= 2100 and value == int(value) and scale == 1.0 and "," not in written


def year_to_figure(m: re.Match, value: float, second: float | None, before: str) -> bool:
    """ "in 2019 to 8%": a year (after "in") before "to" and a figure that is no year after it —
    no range ("1500 to 2,000 km" stays one); "until" joins two years only ("from 1990 until
    2002")."""
    if second is not None and (m.group("range") or "").lower() in {"until", "till"}:
        return not (
            year_like(value, m.group("num"), 1.0) and year_like(second, m.group("num2"), 1.0)
        )
    if second is None or (m.group("range") or "").lower() != "to" or not _IN_A_YEAR.search(before):
        return False
    first_year = year_like(value, m.group("num"), 1.0)
    return first_year and (not year_like(second, m.group("num2"), 1.0) or bool(m.group("unit")))


_IN_A_YEAR = re.compile(r"\b(?:in|of|since)\s*$")


__all__ = [
    "MONTHS",
    "ORDINAL_WORDS",
    "dates",
    "decade_words",
    "months",
    "ordinals",
    "year_like",
    "year_span",
    "year_to_figure",
]
