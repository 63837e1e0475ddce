"""Two places apart: "born in Kenya" against "born in Honolulu, Hawaii".

A city and a country are not of one kind, so the substitution rule alone cannot say that Honolulu
is not in Kenya (Nairobi is). WordNet's part-of pointers can: the lexicon keeps, for each place it
knows, the countries the place touches (those it lies in, those in it, itself) and every place it
lies in (agent/judge/_lexicon.py, scripts/build_lexicon.py). Two places are apart when both touch
some country, they touch none in common, and neither lies in the other. Only where both are said
with a preposition of place ("in", "from", "at", "near"): "Jordan" the river or the player is not
the country. A name with a sense of the past (Yugoslavia, Prussia) touches no country, so it is
never apart from anything: Zagreb was in Yugoslavia. Nor where the claim or the sentence names a
year before 1950: Lviv is in Ukraine, but one born there in 1920 was born in Poland.

A nationality in the claim's place ("an American film") against the one other nationality the
sentence's clause gives ("a 1980 Australian prison drama film") is also a substitution
(``other_nationality``), but not beside a compound that holds the claim's ("British-born"). And
a claim that a work is solely of one nationality ("Brubaker is a solely American film") is what a
sentence says that gives it that one nationality and no other (``one_nationality``): an
encyclopaedia names a co-production's every country ("a British-American film"); not a person's,
who may hold two passports.
"""

from __future__ import annotations

import re
from dataclasses import replace
from itertools import combinations

from agent.judge import _lexicon as lex
from agent.judge._decision import Comparison, _decision
from agent.judge._lexicon import NATIONALITIES
from agent.judge._text import _EXCLUSIVE, _THE_ONLY, _Text, _Unit
from agent.judge._units import NUMBER_WORDS
from agent.judge._wordings import named_with_another

# borders moved until then (Alsace, Galicia, Trieste); WordNet's are those of its day
_BORDERS_SETTLED = 1950
_LOCATIVE = frozenset({"in", "from", "at", "near"})
_ARTICLES = frozenset({"the"})


def places_apart(c: _Text, s: _Text, unit: _Unit, a: int, b: int) -> Comparison | None:
    """A refutation where the claim's place (``unit``) and the sentence's in its slot (tokens
    a..b, with the places after it: "Honolulu, Hawaii") are apart; None otherwise."""
    if not (_after_locative(c, unit.tokens[0].index) and _after_locative(s, a)):
        return None
    if _borders_moved(c, s):
        return None  # "born in Lviv in 1920" was born in Poland: WordNet knows today's borders
    mine = unit.text.lower()
    ours = lex.countries(mine)
    spans = _spans_with_commas(s, a, b)
    names = [s.raw[s.tokens[x].start : s.tokens[y].end] for x, y in spans]
    theirs = frozenset().union(*(lex.countries(n.lower()) for n in names))
    if not ours or not theirs or (ours & theirs and not _states_apart(mine, names)):
        return None
    if one_in_the_other(c, s, unit, a, b):
        return None
    end = s.tokens[spans[-1][1]].end
    if (dotted := re.match(r"(?:\.[A-Z])+\.?", s.raw[end:])) is not None:
        end += dotted.end()  # "Washington, D.C.", not "Washington, D"
    shown = s.raw[s.tokens[a].start : end]
    where = sorted(  # the countries it lies in that the source does not name itself
        country
        for country in theirs - set(names)
        if any(lex.lies_in(n.lower(), country.lower()) and _one_chain(n.lower()) for n in names)
    )  # "Honolulu, Hawaii, in the United States"; "Vienna, Austria"; not what Europe holds, nor
    # both countries of "Cairo" (Egypt; and Illinois)
    return _decision(
        "refutes",
        "substitution",
        f"the claim says {_the(unit.text)}; the source says {shown}"
        + (f", in {_and([_the(n) for n in where])}" if where else ""),
    )


# WordNet's "state, province": a constituent district of a nation (Texas, Bavaria, Alberta)
_STATE = "08654360"


def _states_apart(mine: str, names: list[str]) -> bool:
    """Two states or provinces of one nation ("Texas", or "Seattle" in Washington, against
    "Cupertino, California"): the sentence names a state that is a state and nothing else to
    WordNet (one sense: not Georgia, the country too, nor Ontario, a lake and a town in
    California), and the claim's place is another state or a town of one sense that lies in
    others only. A town of one is not in another."""

    def kinds(name: str) -> tuple[str, ...]:
        return tuple(lex.table()["kinds"].get(name, ()))

    def one_sense(name: str) -> bool:
        return sum(k.startswith("=") for k in kinds(name)) == 1

    def a_state(name: str) -> bool:
        return len(name) > 3 and _STATE in kinds(name) and one_sense(name)

    if a_state(mine):
        ours = {mine}
    elif one_sense(mine):
        ours = {w for w in lex.table()["within"].get(mine, ()) if _STATE in kinds(w)}
    else:
        ours = set()
    if not ours:
        return False
    return any(
        a_state(n.lower())
        and n.lower() not in ours
        and not lex.lies_in(n.lower(), mine)
        and not lex.lies_in(mine, n.lower())
        for n in names
    )


def one_in_the_other(c: _Text, s: _Text, unit: _Unit, a: int, b: int) -> bool:
    """May one place hold the other? WordNet puts the sentence's place (a..b) inside the claim's,
    or the claim's inside it, or a place the sentence names after it inside the claim's ("Germany"
    / "Munich", "Borneo" / "Kuching, Sarawak": not another place in the slot; "Berlin" / "Munich,
    Germany" is); or one is a country and the other a place in a year before 1950 ("born in
    Germany" / "born in Salzburg in 1756")."""
    mine = unit.text.lower()
    spans = _spans_with_commas(s, a, b)
    first, *after = [s.raw[s.tokens[x].start : s.tokens[y].end].lower() for x, y in spans]
    if (
        lex.lies_in(first, mine)
        or lex.lies_in(mine, first)
        or any(lex.lies_in(n, mine) for n in after)
        or apposed_within(s, b, unit.text)
    ):
        return True
    ours, theirs = lex.countries(mine), lex.countries(first)
    one_a_country = (mine in _lower(ours)) != (first in _lower(theirs))
    return bool(ours and theirs and one_a_country and _borders_moved(c, s))


def apposed_within(s: _Text, b: int, mine: str) -> bool:
    """ "Airstrip One, a province of the superstate Oceania": the sentence puts its place in the
    claim's."""
    rest = s.raw[s.tokens[b].end :]
    kind = r"^\s*,\s+(?:a|an|the)\s+(?:[\w-]+\s+){0,3}?(?:of|in)\s+(?:the\s+)?(?:[\w-]+\s+){0,2}?"
    return re.match(kind + re.escape(mine) + r"\b", rest) is not None


def lies_within(c: _Text, s: _Text, unit: _Unit, a: int, b: int) -> Comparison | None:
    """Support where the sentence's place (a..b) lies in the claim's by WordNet ("born in Munich"
    for "born in Germany"), both names touch the countries of one chain only (not "Paris" for "the
    United States", where a Paris lies in Texas; not "Ireland", the island or the republic), and
    no year before 1950 is named."""
    mine = unit.text.lower()
    if not (_after_locative(c, unit.tokens[0].index) and _after_locative(s, a)):
        return None
    first = s.raw[s.tokens[a].start : s.tokens[b].end]
    if not (_one_chain(first.lower()) and _one_chain(mine)) or _borders_moved(c, s):
        return None
    if not lex.lies_in(first.lower(), mine):
        return None
    return _decision(
        "supports", "same", f"the source says {first}, which lies in {_the(unit.text)}"
    )


def _one_chain(place: str) -> bool:
    """Does the place lie in each country it touches (or is it one), those countries one inside
    the next ("london": England in the United Kingdom)? Not "paris" (France, and the United States
    for Paris, Texas), nor "ireland" (the island holds Northern Ireland)."""
    names = sorted(n.lower() for n in lex.countries(place))
    if not names or any(n != place and not lex.lies_in(place, n) for n in names):
        return False
    return all(lex.lies_in(x, y) or lex.lies_in(y, x) for x, y in combinations(names, 2))


def _lower(names: frozenset[str]) -> set[str]:
    return {n.lower() for n in names}


def _borders_moved(c: _Text, s: _Text) -> bool:
    return any(q.dimension == "year" and q.low < _BORDERS_SETTLED for q in (*c.numbers, *s.numbers))


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
        if nxt >= len(s.tokens) or not s.tokens[nxt].cap or s.gap(nxt - 1) != ",":
            break
        end = nxt
        while end + 1 < len(s.tokens) and s.tokens[end + 1].cap and not s.gap(end):
            end += 1
        spans.append((nxt, end))
    return spans


# country names said with "the" ("in the United States", "the Netherlands")
_WITH_THE = ("United ", "Republic", "Kingdom", "Islands", "Netherlands", "Philippines", "Bahamas")


def _the(name: str) -> str:
    return f"the {name}" if any(w in name for w in _WITH_THE) else name


def _and(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def other_nationality(s: _Text, unit: _Unit, used: set[int], window: range) -> str | None:
    """A nationality the claim gives ("an American film") where the sentence's clause gives one
    other nationality and not the claim's ("a 1980 Australian prison drama film"), wherever it
    stands before the matched noun."""
    if len(unit.tokens) != 1 or unit.tokens[0].low not in NATIONALITIES:
        return None
    mine = unit.tokens[0].low
    others = {
        t.low: t
        for t in s.tokens
        if (t.index in window or _predicated(s, t.index))
        and t.index not in used
        and (
            t.low in NATIONALITIES  # "was an English writer": British, so not American
            or (t.low in _NATIONS and mine != "british" and _a_people(s, t.index))
        )
    }
    if len(others) != 1 or mine in others or any(mine in t.low.split("-") for t in s.tokens):
        return None  # "a British-born American actress" may be British still
    theirs = next(iter(others.values()))
    return None if _object_of_a_deed(s, theirs.index) else theirs.text


_BE = frozenset("is are was were be been being became become becomes remains remained".split())
_NATIONS = frozenset(["english", "scottish", "welsh"])  # the United Kingdom's, inside "British"
# what an "English …" may be of the language: "an English teacher" teaches it
_OF_A_TONGUE = frozenset(
    "teacher teachers professor lecturer tutor instructor translator literature language grammar "
    "speaker speakers major department dictionary".split()
)


def _a_people(s: _Text, at: int) -> bool:
    """Is the capitalised nation word at ``at`` what the sentence's subject is ("was an English
    writer"), not a language ("an English teacher")?"""
    after = s.tokens[at + 1].low if at + 1 < len(s.tokens) else ""
    return s.tokens[at].cap and _predicated(s, at) and after not in _OF_A_TONGUE


def _object_of_a_deed(s: _Text, at: int) -> bool:
    """Is the nationality at ``at`` in the object of a verb other than "to be" ("married an
    Armenian singer", "defeated the French army"): another's, not the subject's? ("is a retired
    Italian footballer" is the subject's: no article between the verb and it.)"""
    k = at - 1
    while k >= 0 and s.tokens[k].low in {"a", "an", "the"}:
        k -= 1
    if k < 0 or k == at - 1:
        return False
    word = s.tokens[k].low
    return word not in _BE and (word.endswith("ed") or lex.irregular_verb_form(word))


def _predicated(s: _Text, at: int) -> bool:
    """Does the nationality at ``at`` follow the sentence's first "is a" / "was an" (with "former"
    or "retired" between): what the sentence's subject is ("Michael Vick (born …) is a former
    Armenian football quarterback")?"""
    first = next((t.index for t in s.tokens if t.low in {"is", "was", "are", "were"}), None)
    if first is None or at <= first:
        return False
    between = [t.low for t in s.tokens[first + 1 : at]]
    return all(w in {"a", "an", "the", "former", "retired", "late"} for w in between)


_SOLELY = frozenset(["exclusively", "solely", "only", "purely", "entirely"])


def one_nationality(lows: list[str], sentence: str) -> bool:
    """The claim says "solely" of a nationality ("a solely American film", "is only Armenian")
    and the sentence gives that nationality and no other, nor one in a compound."""
    said = [
        b if b not in _ARTICLES | {"a", "an"} else c
        for a, b, c in zip(lows, lows[1:], [*lows[2:], ""], strict=False)
        if a in _SOLELY
    ]
    mine = next((w for w in said if w in NATIONALITIES), None)
    if mine is None:
        return False
    words = [w.lower() for w in re.findall(r"[A-Za-z]+(?:-[A-Za-z]+)*", sentence)]
    given = {w for w in words if w in NATIONALITIES or set(w.split("-")) & NATIONALITIES}
    if given != {mine}:
        return False
    at = words.index(mine)  # of a work, not of a person: one may hold two passports
    return bool(_MADE & set(words[at + 1 : at + 6]))


# what a country's credit names: "a 1980 American prison drama film"
_MADE = frozenset(
    "film films movie series show sitcom album novel production company band newspaper".split()
)


def solely_said(decided: Comparison, lows: list[str], sentence: str) -> Comparison:
    """A support of "solely <nationality>" says why: the sentence gives that one nationality; a
    support of "only a singer" where the sentence names another beside it is none."""
    if decided.stance == "supports" and (also := named_with_another(lows, sentence)):
        return _decision("neutral", "partial", f"the source names another beside it (“{also}”)")
    if decided.stance != "supports" or not one_nationality(lows, sentence):
        return decided
    mine = next(w for w in lows if w in NATIONALITIES)
    return replace(decided, reason=f"the source gives it one nationality, {mine.title()}, no other")


_SIDE = r"(?:north|south|east|west|north-?east|north-?west|south-?east|south-?west)"
_NAMED_SIDE = re.compile(
    rf"\b(?P<name>[A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*){{0,3}})\s+(?:to|on)\s+the\s+(?P<side>{_SIDE})\b"
)


def side_otherwise(c: _Text, s: _Text) -> Comparison | None:
    """ "Ostrania borders Tessalia to the north" against "… Borovia to the north and Tessalia to
    the east": the claim's name on another side in the sentence refutes it."""
    mine = _NAMED_SIDE.search(c.raw)
    if mine is None:
        return None
    for theirs in _NAMED_SIDE.finditer(s.raw):
        same = theirs.group("name").split()[-1] == mine.group("name").split()[-1]
        if same and theirs.group("side").lower() != mine.group("side").lower():
            return _decision(
                "refutes",
                "direction",
                f"the claim says {mine.group(0)}; the source says {theirs.group(0)}",
            )
    return None


def says_solely(c: _Text, sentence: str) -> bool:
    """The claim says "solely", "exclusively" or "only" of what follows ("only American", "only works
    in"; not "only 6,000", "only two" or "the only") and the sentence does not."""
    lows = [t.low for t in c.tokens]
    only = any(
        a == "only"
        and not (t.low[:1].isdigit() or t.low in NUMBER_WORDS)
        and not (t.low in {"a", "an"} and k and lows[k - 1] in _BE)  # "is only a singer"
        and (k == 0 or lows[k - 1] not in _THE_ONLY)  # but "has only a single-player mode"
        for k, (a, t) in enumerate(zip(lows, c.tokens[1:], strict=False))
    )
    said = re.search(r"\b(?:solely|exclusively|only)\b", sentence, re.I)
    solely = only or any(w in _EXCLUSIVE for w in lows)
    return solely and not said and not one_nationality(lows, sentence)  # "a 1980 American film"


# "only speaks French", "solely produces wine": the claim's one object, what follows its verb
_SOLELY_DOES = re.compile(
    r"\b(?P<only>only|solely|exclusively) "
    r"(?P<verb>[a-z]+(?: (?:in|into|through|to|for|with|at|on|from|by))?) "
    r"(?P<what>[\w' -]+?)\s*[.!]?\s*$"
)
_ITEM = r"[A-Z][\w'’-]*(?: [A-Z][\w'’-]*){0,3}"


def solely_one_of_several(claim: str, sentence: str) -> Comparison | None:
    """ "Jon Arkel only speaks French" against "… speaks French, German and English": the
    sentence's verb has the claim's object among others, which refutes the "only"."""
    m = _SOLELY_DOES.search(claim)
    if m is None or not m.group("what")[:1].isupper():
        return None
    what, verb = re.escape(m.group("what")), re.escape(m.group("verb"))
    listed = re.search(
        rf"\b{verb}\s+(?P<items>(?:{_ITEM},\s+)*{what}(?:,\s+{_ITEM})*,?\s+and\s+{_ITEM}"
        rf"|(?:{_ITEM},\s+)+(?:and\s+)?{what}|{_ITEM}\s+and\s+{what})\b",
        sentence,
    )
    if listed is None:
        return None
    said = f"the source says {listed.group('items')}"
    return _decision(
        "refutes",
        "substitution",
        f"the claim says {m.group('only')} {m.group('verb')} {m.group('what')}; {said}",
    )


_SUBSTITUTED = re.compile(
    r"the claim says (?:the )?(.+?); the source says (?:the )?(.+?)(?:, read as .*)?$"
)


def nested_in(decided: Comparison, sentence: str) -> bool:
    """Is a substitution read off a restatement undone by the sentence itself, which names the
    claim's place right after its own ("took place in Broken Hill in Australia" for "was shot in
    Australia", restated without "in Australia")?"""
    m = _SUBSTITUTED.match(decided.reason) if decided.rule == "substitution" else None
    if m is None:
        return False
    mine, theirs = (re.escape(x.strip("“”")) for x in m.groups())
    chain = r"(?:,\s*[A-Z][\w.'’-]*(?: [A-Z][\w.'’-]*){0,3}){0,3}"  # "Old Trafford, Greater
    after = rf"{theirs}{chain}(?:,| in| \()\s*(?:the )?{mine}\b"  # Manchester, England"
    return re.search(after, sentence, re.I) is not None
