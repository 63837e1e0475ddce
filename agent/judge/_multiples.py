"""A change said as a multiple: "doubled", "tripled", "halved", "cut in half" against "rose 100%",
"reduced … by 20%" or another multiple. The claim's multiple is the one part of it the sentence
does not say in the claim's word; the factor each side gives decides ("halves the risk" is "reduced
the risk by 50%", not "by 20%"). A leaf, called by agent/judge/compare.py where the claim's verb is
the part left unmatched."""

from __future__ import annotations

import re

from agent.judge._decision import Comparison, _decision
from agent.judge._text import _Text

# a multiple's word → the factor it multiplies by
_FACTORS = {
    **dict.fromkeys("double doubles doubled doubling".split(), 2.0),
    **dict.fromkeys("triple triples tripled tripling".split(), 3.0),
    **dict.fromkeys("quadruple quadruples quadrupled quadrupling".split(), 4.0),
    **dict.fromkeys("halve halves halved halving".split(), 0.5),
}
_RISE = r"rose|rise|rises|risen|increased|increases|increase|grew|grows|grown|climbed|jumped|gained"
_FALL = (
    r"fell|falls|fall|fallen|decreased|decreases|decrease|dropped|drops|declined|declines|reduced|"
    r"reduces|reduce|cut|cuts|lowered|lowers|lower|shrank|shrinks"
)
# "reduced the risk of stroke by 20%", "rose 50%", "cut by half", "cut in half"; not "about 50%"
_CHANGED = re.compile(
    rf"\b(?:(?P<rise>{_RISE})|(?P<fall>{_FALL}))\b(?P<what>[^.;,]{{0,60}}?)\s(?:by\s+)?"
    r"(?:(?P<pct>\d+(?:\.\d+)?)\s?(?:%|per\s?cent\b|percent\b)|(?P<half>half\b|in\s+half\b))",
    re.IGNORECASE,
)
# "grew from 40,000 in 2000 to 80,000 in 2020": the factor is the second value over the first
_AMOUNT = r"\d[\d,]*(?:\.\d+)?(?:\s+(?:thousand|million|billion))?"
_FROM_TO = re.compile(
    rf"\b(?:{_RISE}|{_FALL})\b[^.;]{{0,60}}?\bfrom\s+(?P<a>{_AMOUNT})\b[^.;]{{0,30}}?\bto\s+(?P<b>{_AMOUNT})",
    re.IGNORECASE,
)
_SCALE = {"thousand": 1e3, "million": 1e6, "billion": 1e9}
_MULTIPLE = re.compile(r"\b(?P<word>" + "|".join(_FACTORS) + r")\b", re.IGNORECASE)
_LOOSE = re.compile(
    r"(?:more than|less than|almost|nearly|about|around|roughly|over|at least|up to|some)\s*$", re.I
)


def _factor(s: _Text) -> tuple[float, str] | None:
    """The one factor the sentence gives a change (and its words), or None (none, several, or one
    given loosely)."""
    found = []
    for m in _MULTIPLE.finditer(s.raw):
        if _LOOSE.search(s.raw[: m.start()]):
            return None  # "more than doubled"
        found.append((_FACTORS[m.group("word").lower()], m.group(0)))
    for m in _CHANGED.finditer(s.raw):
        if m.group("pct") is not None and _LOOSE.search(s.raw[: m.start("pct")]):
            return None  # "rose about 50%"
        share = float(m.group("pct")) / 100 if m.group("pct") is not None else 0.5
        factor = 1 + share if m.group("rise") else 1 - share
        found.append((factor, m.group(0)))
    for m in _FROM_TO.finditer(s.raw):
        a, b = _value(m.group("a")), _value(m.group("b"))
        if a is None or b is None or a == 0:
            return None  # a year ("from 2000 to 2020") is no amount
        found.append((b / a, m.group(0)))
    return found[0] if len(found) == 1 and found[0][0] > 0 else None


def _value(text: str) -> float | None:
    """An amount as written ("40,000", "1.5 million"); None for a year."""
    number, *scale = text.split()
    if re.fullmatch(r"1[89]\d\d|20\d\d", number) and not scale:
        return None
    return float(number.replace(",", "")) * (_SCALE[scale[0].lower()] if scale else 1.0)


def multiplied(c: _Text, s: _Text, missing: int) -> Comparison | None:
    """Where the claim's unmatched part is a multiple ("halves"), the sentence's one factor decides:
    the same factor supports, another refutes; None where the sentence gives none or several."""
    unit = c.units[missing]
    if len(unit.tokens) == 1 and unit.tokens[0].low in _UP | _DOWN:
        return _multiple_of_a_change(unit.text, unit.tokens[0].low in _UP, s)
    if len(unit.tokens) != 1 or unit.tokens[0].low not in _FACTORS:
        return None
    mine = _FACTORS[unit.tokens[0].low]
    if _LOOSE.search(c.raw[: unit.tokens[0].start]) or (theirs := _factor(s)) is None:
        return None
    factor, said = theirs
    if abs(factor - mine) <= 0.02 * mine:
        return _decision("supports", "same", "the source states every part of the claim")
    if " from " in f" {said} " and abs(factor - mine) <= 0.1 * mine:
        return None  # "from 40,000 to 78,000" nearly doubled: not plain either way
    return _decision(
        "refutes",
        "number",
        f"the claim says {unit.text} (× {mine:g}); the source says “{said.strip()}” (× {factor:g})",
    )


# a change said without a figure: "increases the risk", "lowers blood pressure"
_UP = frozenset("increase increases increased raise raises raised rise rises rose".split())
_UP |= frozenset("grow grows grew boost boosts boosted".split())
_DOWN = frozenset(
    "decrease decreases decreased reduce reduces reduced lower lowers lowered".split()
)
_DOWN |= frozenset("cut cuts fall falls fell".split())


def _multiple_of_a_change(said: str, up: bool, s: _Text) -> Comparison | None:
    """ "Smoking increases the risk of stroke" against "Smoking doubles the risk of stroke": the
    sentence's one multiple, given plainly, says which way (supports, or refutes "decreases")."""
    found = list(_MULTIPLE.finditer(s.raw))  # "more than doubles" is a rise still
    if len(found) != 1:
        return None
    theirs = found[0].group(0)
    if (_FACTORS[theirs.lower()] > 1) == up:
        way = "an increase" if up else "a decrease"
        return _decision("supports", "same", f"the source says “{theirs}”, {way}")
    return _decision(
        "refutes", "direction", f"the claim says “{said}”; the source says the opposite, “{theirs}”"
    )
