"""Two places apart: "born in Kenya" against "born in Honolulu, Hawaii".

A city and a country are not of one kind, so the substitution rule alone cannot say that Honolulu
is not in Kenya (Nairobi is). WordNet's part-of pointers can: the lexicon keeps, for each place it
knows, the countries the place touches (those it lies in, those in it, itself) and every place it
lies in (agent/judge/_lexicon.py, scripts/build_lexicon.py). Two places are apart when both touch
some country, they touch none in common, and neither lies in the other. Only where both are said
with a preposition of place ("in", "from", "at", "near"): "Jordan" the river or the player is not
the country. A name with a sense of the past (Yugoslavia, Prussia) touches no country, so it is
never apart from anything: Zagreb was in Yugoslavia.
"""

from __future__ import annotations

from agent.judge import _lexicon as lex
from agent.judge._decision import Comparison, _decision
from agent.judge._text import _Text, _Unit

_LOCATIVE = frozenset({"in", "from", "at", "near"})
_ARTICLES = frozenset({"the"})


def places_apart(c: _Text, s: _Text, unit: _Unit, a: int, b: int) -> Comparison | None:
    """A refutation where the claim's place (``unit``) and the sentence's in its slot (tokens
    a..b, with the places after it: "Honolulu, Hawaii") are apart; None otherwise."""
    if not (_after_locative(c, unit.tokens[0].index) and _after_locative(s, a)):
        return None
    mine = unit.text.lower()
    ours = lex.countries(mine)
    spans = _spans_with_commas(s, a, b)
    names = [s.raw[s.tokens[x].start : s.tokens[y].end] for x, y in spans]
    theirs = frozenset().union(*(lex.countries(n.lower()) for n in names))
    if not ours or not theirs or ours & theirs:
        return None
    if one_in_the_other(unit, s, a, b):
        return None
    shown = s.raw[s.tokens[a].start : s.tokens[spans[-1][1]].end]
    where = sorted(  # the countries it lies in that the source does not name itself
        country
        for country in theirs - set(names)
        if any(lex.lies_in(n.lower(), country.lower()) for n in names)
    )  # "Honolulu, Hawaii, in the United States"; "Vienna, Austria"; not what Europe holds
    return _decision(
        "refutes",
        "substitution",
        f"the claim says {_the(unit.text)}; the source says {shown}"
        + (f", in {_and([_the(n) for n in where])}" if where else ""),
    )


def one_in_the_other(unit: _Unit, s: _Text, a: int, b: int) -> bool:
    """Does WordNet put the sentence's place (a..b) inside the claim's, or the claim's inside it,
    or a place the sentence names after it inside the claim's? ("Germany" / "Munich", "Borneo" /
    "Kuching, Sarawak": not another place in the slot; "Berlin" / "Munich, Germany" is.)"""
    mine = unit.text.lower()
    spans = _spans_with_commas(s, a, b)
    first, *after = [s.raw[s.tokens[x].start : s.tokens[y].end].lower() for x, y in spans]
    return (
        lex.lies_in(first, mine)
        or lex.lies_in(mine, first)
        or any(lex.lies_in(n, mine) for n in after)
    )


def _after_locative(t: _Text, at: int) -> bool:
    k = at - 1
    while k >= 0 and t.tokens[k].low in _ARTICLES:
        k -= 1
    return k >= 0 and t.tokens[k].low in _LOCATIVE


def _spans_with_commas(s: _Text, a: int, b: int) -> list[tuple[int, int]]:
    """The name at a..b and the names that follow it after commas ("Honolulu, Hawaii, USA"), as
    token spans."""
    spans = [(a, b)]
    while len(spans) < 3:
        nxt = spans[-1][1] + 1
        if nxt >= len(s.tokens) or not s.tokens[nxt].cap or _gap(s, nxt - 1) != ",":
            break
        end = nxt
        while end + 1 < len(s.tokens) and s.tokens[end + 1].cap and not _gap(s, end):
            end += 1
        spans.append((nxt, end))
    return spans


def _gap(s: _Text, at: int) -> str:
    """What stands between token ``at`` and the next, spaces left out."""
    return s.raw[s.tokens[at].end : s.tokens[at + 1].start].strip()


# country names said with "the" ("in the United States", "the Netherlands")
_WITH_THE = ("United ", "Republic", "Kingdom", "Islands", "Netherlands", "Philippines", "Bahamas")


def _the(name: str) -> str:
    return f"the {name}" if any(w in name for w in _WITH_THE) else name


def _and(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
