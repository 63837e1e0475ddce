"""The age at death a life span states: "Nelson Mandela (18 July 1918 – 5 December 2013)" says he
died at the age of 95, in his nineties — read for a claim that gives an age at death ("died at
80", "died aged 95", "died in his sixties"). A span of years alone ("(1940–2015)") gives the age
within a year, so only a decade both readings share is said."""

from __future__ import annotations

import re

_AT_AGE = re.compile(r"\bdied (?:at (?:the age of |age )?|aged )(?P<n>\d{1,3})\b")
_IN_DECADE = re.compile(
    r"\bdied in (?P<their>his|her|their) (?P<decade>twenties|thirties|forties|fifties|sixties|"
    r"seventies|eighties|nineties)\b"
)
_DECADES = "twenties thirties forties fifties sixties seventies eighties nineties".split()


def _decade(age: int) -> str | None:
    return _DECADES[age // 10 - 2] if 20 <= age < 100 else None


def ages_at_death(name: str, ages: tuple[int, int], claim: str) -> list[str]:
    """What ``name``'s age at death (``ages``: the least and the most it can be) says of the age
    the claim gives, as a sentence."""
    low, high = ages
    at = _AT_AGE.search(claim)
    if at is not None and low == high:
        return [f"{name} died at the age of {low}."]
    decade = _IN_DECADE.search(claim)
    if decade is not None and (said := _decade(low)) is not None and said == _decade(high):
        return [f"{name} died in {decade.group('their')} {said}."]
    return []
