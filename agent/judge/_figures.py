"""Which of the sentence's figures is the claim's, and which are not plainly it: how far a figure
stands from the claim's word, the word said twice beside two figures, a figure that is one part
beside the rest ("200 employees in Velmar and 300 more abroad"), a rate per head or a difference,
a figure said of another measure ("a main span of 1.2 km" where the claim's "long" is the
sentence's "total length of 3 km"). Leaves of the number reading (agent/judge/_numbers.py)."""

from __future__ import annotations

import re

from agent.judge import _lexicon as lex
from agent.judge._quantities import Quantity
from agent.judge._text import _Text, _Tok


def apart(tok: _Tok, r: Quantity, after: bool) -> tuple[bool, int]:
    """How far a number stands from a word: first on the side the claim has its number ("opened
    in 1990": after the verb), then in characters ("began in 1972 and was completed in 1979": 1979
    is the nearer to "completed")."""
    if r.start >= tok.end:
        return not after, r.start - tok.end
    return after, max(tok.start - r.end, 0)


def said_twice(s: _Text, anchor: int, q: Quantity, same: list[Quantity], after: bool) -> bool:
    """The claim's word beside its number is in the sentence twice, once nearest the claim's value
    and once nearest another ("The bridge, which replaced a ferry that opened in 1990, opened in
    2005"): which one is the claim's is not plain."""
    word = s.tokens[anchor].low
    nearest = {
        q.within(min(same, key=lambda r: apart(t, r, after))) for t in s.tokens if t.low == word
    }
    return len(nearest) > 1


def more_besides(s: _Text, same: list[Quantity]) -> bool:
    """The sentence's number of the claim's value is one part, another number "more" or elsewhere
    the rest ("200 employees in Velmar and 300 more abroad", "$100 million in Borovia and $300
    million worldwide"), or a difference ("$100 million less than its predecessor"): the whole is
    not the claim's value."""
    for r in same:
        after = next((t.low for t in s.tokens if t.start >= r.end), "")
        if after in {"more", "others", "other", "additional", "further"} or not_a_whole(s, r):
            return True
        nxt = min((x for x in same if x.start > r.end), key=lambda x: x.start, default=None)
        between = s.raw[r.end : nxt.start][:40] if nxt is not None else ""
        rest = s.raw[nxt.end : nxt.end + 30] if nxt is not None else ""
        if r.dimension != "year" and _ELSEWHERE.search(between) and _REST.search(rest):
            return True
    return False


# a part beside the rest: "… in Borovia and 300 abroad", "… at home and $300 million worldwide"
_ELSEWHERE = re.compile(r"\b(?:in|at|from|with|by)\b[^,;]*\band\b", re.I)  # "… by car and"
_REST = re.compile(  # "… two children from her first marriage and one from her second"
    r"^\s*(?:\w+\s+)?(?:abroad|worldwide|overseas|elsewhere|internationally|globally|in\s+total|"
    r"overall|in\s+[A-Z]|from\s|with\s|by\s)",
)
# what makes a number a rate or a difference: "10 tonnes per person", "$100 million less than"
_RATE_OR_DIFFERENCE = re.compile(
    r"^\s*(?:\w+\s+){0,3}?(?:per\s+(?:person|capita|head|inhabitant|resident|household|"
    r"employee|worker|student|patient)|a\s+head)\b"
    r"|^\s*(?:less|more|fewer|higher|lower|greater|smaller|larger|bigger|cheaper)\s+than\b",
    re.I,
)


def not_a_whole(t: _Text, q: Quantity) -> bool:
    """Is the number a rate per person or a difference ("10 tonnes of CO2 per person", "$100
    million less than its predecessor")? Not a multiple ("104 times greater than CO2")."""
    multiple = q.text.lower().endswith(("times", "fold"))
    return not multiple and bool(_RATE_OR_DIFFERENCE.search(t.raw[q.end : q.end + 40]))


def names_a_measure(s: _Text, anchor: int) -> bool:
    """The sentence's word for the claim's measure is a noun with "of" after it ("a total length
    of 3 km"): its number stands after it, whichever side the claim has it on."""
    return (
        anchor + 1 < len(s.tokens)
        and s.tokens[anchor + 1].low == "of"
        and lex.is_noun(s.tokens[anchor].low)
    )


def of_another_measure(s: _Text, r: Quantity, anchor: int | None) -> bool:
    """Is the number said of another measure than the claim's word in the sentence ("a main span
    of 1.2 km" where the claim's "long" is the sentence's "length")?"""
    before = [t for t in s.tokens if t.end <= r.start][-2:]
    if anchor is None or len(before) < 2 or before[1].low != "of":
        return False
    return before[0].index != anchor and names_a_measure(s, before[0].index)


def dates_another_deed(s: _Text, r: Quantity, anchor: int | None, words: set[str]) -> bool:
    """Is the sentence's year the date of another deed than the claim's ("began in 1958 and was
    completed in 1965": 1958 is the beginning's, where the claim's "completed" has 1965)?"""
    before = [t for t in s.tokens if t.end <= r.start][-2:]
    if anchor is None or len(before) < 2 or before[1].low not in {"in", "on"}:
        return False
    verb = before[0]
    past = verb.low.endswith("ed") or lex.irregular_verb_form(verb.low)
    return past and verb.index != anchor and verb.low not in words and not lex.noun_only(verb.low)
