"""The age at death a life span states: "Nelson Mandela (18 July 1918 – 5 December 2013)" says he
died at the age of 95, in his nineties — read for a claim that gives an age at death ("died at
80", "died aged 95", "died in his sixties"). A span of years alone ("(1940–2015)") gives the age
within a year, so only a decade both readings share is said."""

from __future__ import annotations

import re

_AT_AGE = re.compile(
    r"\bdied (?:at (?:the age of |age )?|aged )(?:over |more than |at least |under )?(?P<n>\d{1,3})\b"
)
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


_LIVED_PAST = re.compile(r"\blived (?:past|beyond|over) (?:the age of )?(?P<n>\d{1,3})\b")
_LIVED_TO = re.compile(r"\blived to (?:be |the age of )?(?P<n>\d{1,3})\b(?! (?:years|months))")
_LIVED_INTO = re.compile(
    rf"\blived into (?:(?P<their>his|her|their) (?P<decade>{'|'.join(_DECADES)})|the "
    r"(?P<nth>\d{2})(?:st|nd|rd|th) century|the (?P<ys>\d{3})0s)\b"
)


def lived_as_died(claim: str) -> str:
    """A claim of how long someone lived said as their death, the way a life span is read: "lived
    past the age of 70" → "died at the age of over 70"; "lived to 95" → "died at the age of 95";
    "lived into his eighties" → "died at the age of at least 80"; "lived into the 21st century" → "died
    after 2000"."""
    claim = _LIVED_PAST.sub(lambda m: f"died at the age of over {m['n']}", claim)
    claim = _LIVED_TO.sub(lambda m: f"died at the age of {m['n']}", claim)
    m = _LIVED_INTO.search(claim)
    if m is None:
        return claim
    if m["decade"]:  # "lived into his eighties": died at 80 or later
        said = f"died at the age of at least {10 * (_DECADES.index(m['decade']) + 2)}"
        return claim[: m.start()] + said + claim[m.end() :]
    year = (int(m["nth"]) - 1) * 100 if m["nth"] else int(m["ys"]) * 10 - 1
    return claim[: m.start()] + f"died after {year}" + claim[m.end() :]
