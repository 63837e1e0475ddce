"""Where the claim's parts sit in the sentence (the comparison stage's structural checks): a slot
of the claim filled otherwise, and what the sentence has in place of the claim's one unmatched part
(another name or noun of its kind, a nationality, an opposite). Numbers: agent/judge/_numbers.py."""

from __future__ import annotations

import re

from agent.judge import _lexicon as lex
from agent.judge._categories import kinds_apart, named_kind, one_family
from agent.judge._dates import ORDINAL_WORDS
from agent.judge._decision import Comparison, _decision
from agent.judge._demonyms import COUNTRY_OF, held_within, within_another
from agent.judge._letters import with_its_word
from agent.judge._lexicon import DEMONYMS, NATIONALITIES
from agent.judge._namelists import listed, names_from
from agent.judge._open import left_open, part_named
from agent.judge._places import (
    lies_within,
    one_in_the_other,
    other_nationality,
    places_apart,
)
from agent.judge._roles import not_one_kind, owned_in_claim
from agent.judge._text import _STOP, _Text, _Tok, _Unit, _word_match, used_tokens

# nouns that turn a direction word around: "increasing rates of ice mass loss" is more decrease
_DOWNWARD = frozenset(
    """
loss losses decline declines decrease decreases reduction reductions drop drops fall falls
shrinkage melting melt retreat erosion depletion thinning
""".split()
)


def _inverted(s: _Text, at: int) -> bool:
    """A direction word that governs a word of decrease a few words on ("increasing rates of …
    loss"): the sentence's direction is not the word's own."""
    for tok in s.tokens[at + 1 : at + 6]:
        if s.raw[s.tokens[tok.index - 1].end : tok.start].strip():  # a comma or a bracket ends it
            return False
        if tok.low in _DOWNWARD:
            return True
    return False


def _antonymous_heads(a: str, b: str) -> bool:
    """Compounds that differ only in an antonymous first part: "best-selling" / "worst-selling"."""
    head_a, _, tail_a = a.partition("-")
    head_b, _, tail_b = b.partition("-")
    return bool(tail_a) and tail_a == tail_b and lex.antonymous(head_a, head_b)


def _neighbours(c: _Text, unit: _Unit) -> tuple[_Tok | None, _Tok | None]:
    first, last = unit.tokens[0].index, unit.tokens[-1].index
    left = c.tokens[first - 1] if first > 0 else None
    right = c.tokens[last + 1] if last + 1 < len(c.tokens) else None
    return left, right


def _in_its_place(
    c: _Text, s: _Text, unit: _Unit, used: set[int], window: range
) -> list[tuple[int, int]]:
    """(start, end) token spans of the sentence that stand where the claim has ``unit``: between
    the same neighbours (a name for a name)."""
    left, right = _neighbours(c, unit)
    if unit.proper and left is not None and left.low == "the" and left.index > 0:
        left = c.tokens[left.index - 1]  # "in the United States" stands where "in Pretoria" does
    articled = left is not None and left.low in {"a", "an", "the"} and left.index > 0
    far = c.tokens[left.index - 1].low if left is not None and articled else None  # "by a …"
    candidates: list[tuple[int, int]] = []
    fitting: list[tuple[int, int]] = []
    best: list[tuple[int, int]] = []  # after the word before the claim's article ("by the …")
    for tok in s.tokens:
        own = unit.proper and tok.low == unit.tokens[0].low  # its name set apart: "near Tessa"
        if tok.index not in window or tok.index in used or tok.low in _STOP or own:
            continue
        k = tok.index - 1
        if unit.proper and tok.cap:  # "in the novel Alibaba", "on the British series Homeland"
            while k > 0 and tok.index - k <= 5 and s.tokens[k].low in _BEFORE_A_NAME:
                k -= 1
        while (
            k > 0
            and s.tokens[k].low in {"the", "a", "an"}
            and (left is None or left.low not in {"the", "a", "an"})
        ):
            k -= 1
        before = s.tokens[k].low if k >= 0 else None
        after = s.tokens[tok.index + 1].low if tok.index + 1 < len(s.tokens) else None
        fits_left = left is not None and (before == left.low or _one_slot(c, s, unit, left, k))
        fits_right = right is not None and after == right.low and right.low not in _STOP
        if unit.proper and tok.cap and (fits_left or fits_right):
            if tok.low in _OF_A_PEOPLE and unit.text.lower() not in _OF_A_PEOPLE:
                continue  # "by English rock band …": a nationality stands for no name
            end = tok.index
            while (
                end + 1 < len(s.tokens)
                and s.tokens[end + 1].cap
                and s.tokens[end + 1].index not in used
                and s.gap(end) in ("", "." if s.tokens[end].text in _SHORTENED else "")
            ):  # "Warner Bros. Records": one name
                end += 1
            candidates.append((tok.index, end))
        elif (
            not unit.proper
            and (fits_left or right is None or right.low in _STOP)
            and (fits_right or right is None or right.low in _STOP)
        ):
            while k > 0 and s.tokens[k].low in {"the", "a", "an"}:
                k -= 1
            if far in _HAVE and s.tokens[k].low not in _HAVE:
                continue  # "has a sibling" against "… is a painter": what one has is not what one is
            candidates.append((tok.index, tok.index))
            fitting += [(tok.index, tok.index)] if fits_left or fits_right else []
            best += [(tok.index, tok.index)] if far is not None and s.tokens[k].low == far else []
    fitting = best + [span for span in fitting if span not in best]
    return fitting + [span for span in candidates if span not in fitting]  # a neighbour's first


_PLACE_KINDS = frozenset(
    "city cities town village capital region province state country county district suburb port "
    "island".split()
)


def _one_slot(c: _Text, s: _Text, unit: _Unit, left: _Tok, k: int) -> bool:
    """Do the claim's preposition before its name and the sentence's at ``k`` make one slot:
    "originated in Jamaica" / "originating from Australia"; "a city in France" / "the largest city
    of Belgium"?"""
    pair = {s.tokens[k].low if k >= 0 else None, left.low}
    if not unit.proper:
        return False
    return pair <= _PLACE_PREPOSITIONS or (pair == {"in", "of"} and _of_a_place(c, s, left, k))


def _of_a_place(c: _Text, s: _Text, left: _Tok, k: int) -> bool:
    """Do the claim's "in" and the sentence's "of" (or the other way round) both follow a kind of
    place ("a city in France", "the largest city of Belgium")?"""
    return (
        left.index > 0
        and k > 0
        and c.tokens[left.index - 1].low in _PLACE_KINDS
        and s.tokens[k - 1].low in _PLACE_KINDS
    )


_GENERIC = frozenset(
    "point place spot site location area thing one part kind type member work works".split()
)
_PLACE_PREPOSITIONS = frozenset(["in", "from", "at"])
_HAVE = frozenset(["has", "have", "had"])
# what a name is said to be before it ("the novel Alibaba", "the television series Homeland")
_WORKS = frozenset(
    "novel book film movie series show sitcom album single song play opera musical game video "
    "television tv program programme magazine newspaper band city town village".split()
)
# the words that may stand between a slot's preposition and the name in it: "from his second
# studio album, Kryptonite", "on the British television series Homeland"
_BEFORE_A_NAME = _WORKS | NATIONALITIES | ORDINAL_WORDS.keys() | {"studio", "debut", "his", "her"}
_BEFORE_A_NAME |= {"their", "its"}
# and who performs it: "by the English rock band Pink Floyd", "by English rock band The Orsen Four"
_OF_A_PEOPLE = NATIONALITIES | {"english", "scottish", "welsh", "irish", "european", "african"}
_BEFORE_A_NAME |= _OF_A_PEOPLE | {"the", "rock", "pop", "metal", "punk", "jazz", "folk", "indie"}
_BEFORE_A_NAME |= set("group duo trio singer rapper musician artist songwriter".split())
# and who wrote, directed or made it: "by the English writer George Orwell"
_BEFORE_A_NAME |= set("writer author novelist poet playwright director filmmaker composer".split())


def _attributive(s: _Text, at: int, used: set[int]) -> bool:
    """A word said of the noun after it ("the effective vaccine"), not of the claim's part."""
    after = s.tokens[at + 1] if at + 1 < len(s.tokens) else None
    return (
        after is not None
        and after.index not in used
        and after.low not in _STOP
        and not s.raw[s.tokens[at].end : after.start].strip()
        and lex.is_noun(after.low)
    )


def _in_sequence(s: _Text, at: int, word: str) -> bool:
    """The sentence's word at ``at`` follows the claim's as a deed ("was closed in 2010" had been
    opened); not a state said now ("the museum is closed": it is not open)."""
    now = at > 0 and s.tokens[at - 1].low in {"is", "are"}
    return not now and lex.sequential(word, s.tokens[at].low)


def _denied(s: _Text, at: int) -> bool:
    before = s.tokens[at - 1].low if at else ""
    return before in {"not", "never"} or before.endswith("n't")


def _opposite_in_clause(
    s: _Text, unit: _Unit, used: set[int], window: range, other_words: bool
) -> Comparison | None:
    """An antonym of the claim's word in the clause, of no other noun (``other_words``: in its place)."""
    if unit.proper or len(unit.tokens) != 1:
        return None
    for tok in s.tokens:
        if (
            tok.index in window
            and tok.index not in used
            and lex.antonymous(unit.tokens[0].low, tok.low)
            and not _in_sequence(s, tok.index, unit.tokens[0].low)  # "closed": it had opened
            and not _inverted(s, tok.index)
            and not (other_words and _attributive(s, tok.index, used))
            and not _denied(s, tok.index)  # "did not lose" is no opposite of "won"
            and not _counted(s, tok.index)  # "a run of five straight league wins"
        ):
            return _decision(
                "refutes",
                "direction",
                f"the claim says “{unit.text}”; the source says the opposite, “{tok.text}”",
            )
    return None


def _counted(s: _Text, k: int) -> bool:
    """Is token k a plural noun of a run counted ("five straight league wins")?"""
    before = {t.low for t in s.tokens[max(0, k - 3) : k]}
    return s.tokens[k].low.endswith("s") and bool(
        before & {"straight", "consecutive", "successive"}
    )


def _slot(
    c: _Text, s: _Text, missing: int, placed: dict[int, int], window: range
) -> Comparison | None:
    """The claim's one unmatched part and what the sentence has in its place."""
    unit = c.units[missing]
    used = used_tokens(c, s, placed)
    nationality = other_nationality(s, unit, used, window)
    if nationality is not None:
        return _decision(
            "refutes", "substitution", f"the claim says {unit.text}; the source says {nationality}"
        )
    if not unit.proper and (apart := kinds_apart(c, s, unit, used)) is not None:
        return apart  # "is a singer" against "(born 1990) is a trained military dog"
    if unit.proper and _place_of_its_people(unit.text, s):
        return None  # "the Velmoran election" against "the election in Velmora"
    candidates = _in_its_place(c, s, unit, used, window)
    owned = owned_in_claim(c, unit)  # "has a sister": no opposite of "the brother of"
    opposite = None if owned else _opposite_in_clause(s, unit, used, window, bool(candidates))
    if opposite is not None:
        return opposite
    if not candidates:
        return None
    a, b = candidates[0]
    other = " ".join(t.text for t in s.tokens[a : b + 1])
    mine = unit.text
    if not unit.proper:
        tok = named_kind(s, a) or s.tokens[a]  # "the SARS-CoV-2 virus": a virus, for "a bacterium"
        word, theirs, other = unit.tokens[0].low, tok.low, s.raw[s.tokens[a].start : tok.end]
        opposite = lex.antonymous(word, theirs) or _antonymous_heads(word, theirs)
        if opposite and not (owned or _in_sequence(s, a, word) or _inverted(s, a)):
            return _decision(
                "refutes",
                "direction",
                f"the claim says “{mine}”; the source says the opposite, “{other}”",
            )
        if not_one_kind(c, unit.tokens[0], s, tok):
            return None
        verbal = any(
            (w.endswith(("ing", "ed")) and not lex.noun_only(w)) or lex.irregular_verb_form(w)
            for w in (word, theirs)
        )
        plain = lex.is_noun(word) and lex.is_noun(theirs) and not {word, theirs} & _GENERIC
        if left_open(s, tok, word, theirs) or part_named(word, theirs):
            return None  # "subpopulations" are parts of a "population", not another one
        if not verbal and plain and lex.same_kind(word, theirs) and not one_family(word, theirs):
            return _decision(
                "refutes", "substitution", f"the claim says {mine}; the source says {other}"
            )
        return None
    if any(one_in_the_other(c, s, unit, x, y) for x, y in candidates[1:]):
        return None  # "studied in Berlin and later in Vienna" for "studied in Austria"
    if listed(s, a, b) and not (a > 0 and s.tokens[a - 1].low == "by"):
        return None  # "flows through Germany and the Netherlands": a list need not be complete
    if any(mine.lower() in t.low.split("-") for t in s.tokens[a : b + 1]):
        return None  # "a British-born American actress" may be British still
    decided = _name_in_its_place(c, s, unit, a, b)
    if decided is not None and decided.stance == "refutes" and _its_people_named(mine, s):
        return None  # "from Borovia" against "a Borovian rock band formed in Tessa"
    return decided


# deeds a maker does many times: another work in the claim's place does not rule the claim's out
_MANY_DEEDS = frozenset(
    """
write direct produce compose record release star appear act feature perform sing publish design
paint create develop invent discover co-write co-direct co-produce co-star
""".split()
)
# what says a deed was done once: "her only novel", "his debut film"
_ONCE = frozenset("only sole first debut last final solo".split())


def one_of_many(c: _Text, unit: _Unit, s: _Text) -> bool:
    """Is the claim's name the work of a maker's deed done many times ("Ana Roske wrote Velmora",
    "Tom Hanks starred in Titanic")? Another work the sentence names in its place leaves it open;
    where the work is the claim's subject ("Star Wars was directed by …") its maker is one."""
    k = unit.tokens[0].index - 1
    while k >= 0 and (c.tokens[k].low in _STOP or c.tokens[k].low in _WORKS):
        k -= 1  # "starred in the film Titanic"
    if k <= 0 or c.tokens[k - 1].low in _BE:
        return False  # "was released", "is written": the name is not the deed's object
    if not lex.lemmas(c.tokens[k].low) & _MANY_DEEDS:
        return False
    return not any(t.low in _ONCE for t in (*c.tokens, *s.tokens))


_BE = frozenset("is are was were be been being".split())


# short words a full stop ends inside a name
_SHORTENED = frozenset("Bros Co Corp Inc Ltd Jr Sr St Mt Ft".split())


def _place_of_its_people(word: str, s: _Text) -> bool:
    """Is the claim's word the adjective of a place the sentence names ("Velmoran" for Velmora,
    "French" for France)?"""
    low = word.lower()
    return any(
        tok.cap
        and tok.low != low
        and len(tok.low) > 3
        and (
            COUNTRY_OF.get(low, "").lower() == tok.low
            or (low.startswith(tok.low[:-1]) and low.endswith(("an", "ese", "ish")))
        )
        for tok in s.tokens
    )


def _its_people_named(place: str, s: _Text) -> bool:
    """Does the sentence call something by the place's adjective ("Borovian" for Borovia, "French"
    for France)? Then a town it names may lie in that place."""
    low = place.lower()
    for tok in s.tokens:
        if not tok.cap or tok.low == low:
            continue
        if COUNTRY_OF.get(tok.low, "").lower() == low:
            return True
        if len(low) > 4 and tok.low.startswith(low[:-1]) and tok.low.endswith(("n", "ese", "ish")):
            return True
    return False


def _name_in_its_place(c: _Text, s: _Text, unit: _Unit, a: int, b: int) -> Comparison | None:
    """The claim's name and another at tokens a..b in its place: a substitution where they are
    plainly two of a kind, or two places apart; None where one may hold the other."""
    if one_of_many(c, unit, s):
        return None  # "Steven Spielberg directed Jaws" leaves "directed Star Wars" open
    other = " ".join(t.text for t in s.tokens[a : b + 1])
    mine = unit.text
    words, its = set(mine.lower().split()), set(other.lower().split())
    if words <= its or its <= words or (len(words) == len(its) == 1 and _word_match(*words, *its)):
        return None  # "produced by Eilish": Billie Eilish by her surname; "Democratic" a Democrat
    if re.search(r"-[a-z]+$", other) and "-" not in mine:
        return None  # "the English-speaking world": an adjective, no name in the claim's place
    if within_another(mine, other):  # "British" against "an English actor"
        return held_within(mine, other)
    if len(unit.tokens) == 1 and a == b and {mine.lower(), other.lower()} <= DEMONYMS:
        return _decision(
            "refutes", "substitution", f"the claim says {mine}; the source says {other}"
        )
    if (apart := places_apart(c, s, unit, a, b)) is not None:
        return apart  # "born in Kenya" against "born in Honolulu, Hawaii"
    if one_in_the_other(c, s, unit, a, b):  # "born in Germany" against "born in Munich"
        return lies_within(c, s, unit, a, b)
    kind = lex.same_kind(mine.lower(), other.lower()) if len(unit.tokens) == 1 and a == b else None
    if kind is False:
        return None
    if (
        kind is None
        and (lex.known_word(mine.lower()) != lex.known_word(other.lower()))
        and len(unit.tokens) == 1
        and a == b
        and (mine.lower() in lex.table()["kinds"] or other.lower() in lex.table()["kinds"])
    ):
        return None  # one a known place or thing, the other not: containment cannot be ruled out
    mine = with_its_word(c.tokens, unit.tokens[0].index, unit.tokens[-1].index, mine)
    theirs = with_its_word(s.tokens, a, b, names_from(s, a, b))  # "influenza B", not "B"
    return _decision("refutes", "substitution", f"the claim says {mine}; the source says {theirs}")
