"""Shares said in words: a fraction ("half of Borovians", "two thirds of voters") and a ratio
("one in five adults"). The press writes them for a figure near them, so each stands for that
figure ± 10 % of it, as "about" does, unless a bound says otherwise ("more than half of")."""

from __future__ import annotations

import re

from agent.judge._units import bounds

_FRACTION = re.compile(
    r"\b(?:(?P<n>a|one|two|three)\s+)?(?P<f>half|thirds?|quarters?|fifths?)\s+of\b", re.IGNORECASE
)
_PARTS = {"half": 2, "third": 3, "quarter": 4, "fifth": 5}
_COUNTS = {None: 1, "a": 1, "one": 1, "two": 2, "three": 3}


def _a_share(m: re.Match, lower: str) -> bool:
    """Not a part of a time or a match: "the second half of the match", "the first quarter of"."""
    return not re.search(
        r"\b(?:the|first|second|third|fourth|final|last|latter|other)\s+$", lower[: m.start()]
    )


# "one in five adults"; not a year ("The Orsen Four in 2012 to pursue …" is no four in 2,012)
_RATIO = re.compile(
    r"\b(?P<n>one|two|three|four|five|six|seven|eight|nine|\d{1,2})\s+(?:in|out\s+of)\s+"
    r"(?P<m>two|three|four|five|six|seven|eight|nine|ten|twenty|(?!1[5-9]\d\d|20\d\d)\d{1,4})\b"
    r"(?=\s+(?:of\s+)?(?!(?:seconds|minutes|hours|days|weeks|months|years|games|matches)\b)[a-z])",
    re.IGNORECASE,
)
_NUMBERS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7}
_NUMBERS |= {"eight": 8, "nine": 9, "ten": 10, "twenty": 20}


# more than half of a group: "most patients", "most of the voters", "the majority of adults"; not
# a degree ("the most popular", "most dangerous", "at most")
_PLURAL = r"(?=(?:people|children|men|women|[a-z]+s(?<!ous)(?<!ss)(?<!is))\b)"  # a group, no -ous
_MOST = re.compile(
    rf"(?<!\bthe )(?<!\bat )(?<!\ba )\bmost\s+(?:of\s+(?:the|its|their|these|those)\s+)?{_PLURAL}"
    r"|\b(?:the|a)\s+(?:large\s+|vast\s+|clear\s+)?majority\s+of\s+",
    re.IGNORECASE,
)
_ALL = re.compile(  # "all patients", "all of the voters"; not "at all"
    rf"(?<!\bat )\ball\s+(?:of\s+)?(?:the\s+|its\s+|their\s+|these\s+|those\s+)?{_PLURAL}",
    re.IGNORECASE,
)
_MINORITY = re.compile(r"\b(?:the|a)\s+(?:small\s+)?minority\s+of\s+", re.IGNORECASE)
_OF = re.compile(
    r"\s+of(?:\s+(?:the|its|their|these|those))?\s*$|\s+(?:the|its|their|these|those)\s*$|\s+$",
    re.IGNORECASE,
)


def said_shares(sentence: str) -> list[tuple[float, float, str, int, int]]:
    """Each share said in words: (low, high, its words, start, end), left to right."""
    lower = sentence.lower()
    found = [_fraction(m, lower) for m in _FRACTION.finditer(sentence) if _a_share(m, lower)]
    for pattern, low, high in (
        (_MOST, 0.5 + 1e-4, 1.0),
        (_MINORITY, 1e-4, 0.5 - 1e-4),
        (_ALL, 1.0, 1.0),
    ):
        for m in pattern.finditer(sentence):  # more than half up to all; fewer than half
            text = _OF.sub("", m.group(0))  # "most", "a minority"
            found.append((low, high, text, m.start(), m.start() + len(text)))
    for m in _RATIO.finditer(sentence):  # "one in five adults", "nine out of ten dentists"
        n, of = (int(g) if g.isdigit() else _NUMBERS[g.lower()] for g in (m["n"], m["m"]))
        if 0 < n < of:
            found.append(_around(n / of, lower, m.start(), m.group(0), m.end()))
    return sorted(found, key=lambda share: share[3])


def _fraction(m: re.Match, lower: str) -> tuple[float, float, str, int, int]:
    n = _COUNTS[(m.group("n") or "").lower() or None]
    text = m.group(0)[: -len(" of")]
    value = n / _PARTS[m.group("f").lower().rstrip("s")]
    return _around(value, lower, m.start(), text, m.start() + len(text))


def _around(
    value: float, lower: str, start: int, text: str, end: int
) -> tuple[float, float, str, int, int]:
    """The share's interval: its bound if the words before it state one, else ± 10 %."""
    low, high, exact = bounds(lower[max(0, start - 24) : start], "", value, value)
    if exact:
        low, high = value * 0.9, value * 1.1
    return low, high, text, start, end
