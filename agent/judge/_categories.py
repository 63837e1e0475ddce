"""Two kinds a thing cannot be at once: "Ana Roske is a singer" against "Ana Roske is a trained
military dog" (a person is no animal), "The Gifted is a murderer" against "… is an upcoming
television series" (a work is no person).

The kinds are WordNet's lexicographer files of each noun's most frequent sense (the lexicon's
``categories``, scripts/build_lexicon.py). Only kinds that never overlap are set apart: a person
and an animal, a plant, an artifact, a place or a work; an animal and an artifact, a place or a
work. A drug and a compound, a food and a plant, a book and its author's trade are not compared.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace

from agent.judge import _lexicon as lex
from agent.judge._decision import Comparison, _decision
from agent.judge._lexicon import word_pairs
from agent.judge._text import _analyse, _Text, _Tok, _Unit

_APART = word_pairs(
    ("person", "animal"),
    ("person", "plant"),
    ("person", "artifact"),
    ("person", "location"),
    ("person", "communication"),
    ("location", "communication"),  # a town is no song, a novel no region
    ("animal", "artifact"),
    ("animal", "location"),
    ("animal", "communication"),
    ("group", "person"),  # a band is none of its members
    ("group", "location"),
)
_COPULAS = frozenset("is was".split())
_PREPOSITIONS = frozenset("in on at of from by with for to near about".split())
_ARTICLES = frozenset("a an".split())
_RELATIVES = frozenset("who whom whose which that where when is was".split())
_A = {"person": "a person", "animal": "an animal", "plant": "a plant", "artifact": "a thing made"}
_A |= {"location": "a place", "communication": "a work", "group": "a band"}


def kinds_apart(c: _Text, s: _Text, unit: _Unit, used: set[int]) -> Comparison | None:
    """The claim says its subject "is a <noun>" (``unit``); the sentence says, after the subject,
    that it "is a …" whose every head noun is of a kind apart from the claim's: refutes."""
    claimed = _predicate(c, 0)
    if claimed is None or claimed[1] != [unit.tokens[-1].index] or len(unit.tokens) != 1:
        return None
    word = unit.tokens[0].low  # a claim's "series" is no work here, a "person" or "band" is theirs
    mine = _OWN_KINDS.get(word) or lex.category(word)
    said = _predicate(s, max(used) + 1 if used else 0)
    said_the = _predicate(s, max(used) + 1 if used else 0, _ARTICLES | {"the"})  # "the third
    if said_the is not None and (other := _another_work(unit.tokens[0].low, s, said_the[1])):
        return _decision(  # "is a poem" against "is a 1998 novel"
            "refutes", "substitution", f"the claim says {unit.text}; the source says {other}"
        )
    said = said or said_the  # "is the largest town in the borough": a place
    if mine is None or said is None or not said[1]:
        return None
    theirs = [(s.tokens[h].text, _kind(s.tokens[h].low)) for h in said[1]]
    known = [(word, kind) for word, kind in theirs if kind is not None]
    if word in _PLACES and known and len(known) == len(theirs) and {k for _, k in known} == {mine}:
        said_as = _with_kind(" and ".join(w for w, _ in theirs), mine)  # "is the largest town"
        return _decision("supports", "same", f"the source says {said_as}")
    if not known or not all(frozenset((mine, kind)) in _APART for _, kind in known):
        return None  # "an actress and model": an actress is a person, whatever else a model is
    words = " and ".join(word for word, _ in theirs)
    kind = known[0][1]
    return _decision(
        "refutes",
        "substitution",
        f"the claim says {_with_kind(unit.text, mine)}; the source says {_with_kind(words, kind)}",
    )


def _with_kind(word: str, kind: str) -> str:
    """ "singer (a person)"; "a person" alone where the claim's word is the kind's."""
    return _A[kind] if _A[kind].endswith(f" {word.lower()}") else f"{word} ({_A[kind]})"


def _kind(noun: str) -> str | None:
    """The noun's category, a kind of work ("series", which WordNet files as a group) a work."""
    return (
        _OWN_KINDS.get(noun)
        or lex.category(noun)
        or ("communication" if noun in _WORK_KINDS else None)
    )


def predicate_elsewhere(c: _Text, s: _Text, placed: dict[int, int]) -> Comparison | None:
    """The claim says its subject "is a <noun>"; the sentence says the subject "is a …" with other
    head nouns, and has the claim's noun only after a preposition further on ("Max is a 2015 film
    about a military dog" for "Max is a dog"): refutes where the kinds are apart, else not plain."""
    claimed = _predicate(c, 0)
    unit = next(
        (i for i, u in enumerate(c.units) if claimed and [u.tokens[-1].index] == claimed[1]), None
    )
    if unit is None or 0 not in placed or unit not in placed or len(c.units[unit].tokens) != 1:
        return None
    said = _predicate(s, placed[0] + len(c.units[0].tokens))
    at = placed[unit]
    before = [t.low for t in s.tokens[max(0, at - 4) : at]]
    made_into = said is not None and at > max(said[1]) and "into" in before[-3:]
    if made_into and set(before) & {"adapted", "made", "turned", "developed", "converted"}:
        heads = " and ".join(s.tokens[h].text for h in said[1])  # "a novel … adapted into a film"
        word = c.units[unit].tokens[0].text
        a = "an" if heads[:1].lower() in "aeiou" else "a"
        return _decision(
            "neutral", "partial", f"the source says it is {a} {heads}, made into a {word}"
        )
    if (
        said is None
        or at <= max(said[1])
        or any(t.low in _COPULAS for t in s.tokens[said[0] + 1 : at])
    ):
        return None
    k = at - 1
    while k > said[0] and s.tokens[k].low not in _ARTICLES | {"the"}:
        if not (lex.is_adjective(s.tokens[k].low) or s.tokens[k].low.isdigit()):
            break
        k -= 1  # "about a military dog", "in a 1938 short story": back to the article
    if s.tokens[k].low not in _ARTICLES | {"the"} or s.tokens[k - 1].low not in _PREPOSITIONS:
        return None
    word = c.units[unit].tokens[0]
    apart = kinds_apart(c, s, c.units[unit], {placed[0] + n for n in range(len(c.units[0].tokens))})
    if apart is not None:
        return apart
    heads = " and ".join(s.tokens[h].text for h in said[1])
    return _decision(
        "neutral", "partial", f"the source calls it {heads}; the {word.text} it names is another"
    )


# kinds named here, not by WordNet: it files "person" under Tops, "human" among animals, "place"
# and "location" among many kinds; a band is no person, no work, no place
_OWN_KINDS = dict.fromkeys("person human individual".split(), "person")
_OWN_KINDS |= dict.fromkeys("place location".split(), "location") | {"band": "group"}
_PLACES = frozenset("place location".split())
# kinds of work one work is not two of: a novel is no poem, a film no album, a song no album
_WORK_KINDS = {
    **dict.fromkeys(["film", "movie", "documentary"], "film"),
    **dict.fromkeys(["novel", "novella", "book"], "book"),
    **dict.fromkeys(["song", "single"], "song"),
    **dict.fromkeys(["album", "ep", "mixtape"], "album"),
    **dict.fromkeys(["series", "sitcom", "miniseries"], "series"),
    **dict.fromkeys(["play", "musical", "opera"], "play"),
    **{"poem": "poem", "game": "game", "video": "video", "painting": "painting"},
    "band": "band",  # no work, but no film either: "There is a band called Velmora"
}


# "X is an espionage film", "… a music video", "… a TV series": the kind of work and what is
# said of it
_KIND_OF_WORK = re.compile(
    r"^(?P<subject>.+?) (?P<verb>is|was) an? "
    r"(?P<said>(?:(?!(?:of|to|on|about|from|by|for|with|a|an|the) )[\w-]+ ){1,3})"
    r"(?P<kind>[a-z]+)\s*[.!]?\s*$"
)  # not "an adaptation of a novel", "a sequel to a film": those are no novel, no film


def based_otherwise(claim: str, sentence: str) -> Comparison | None:
    """ "Glass Harbour is based on a play" against "… a drama film based on the novel …": what
    the work is based on, of another kind of work, refutes (not "the drama" matching "a play")."""
    mine, theirs = _BASED_ON.search(claim), _BASED_ON.search(sentence)
    if mine is None or theirs is None:
        return None
    a, b = (_SOURCES.get(m.group("kind").lower().removesuffix("s")) for m in (mine, theirs))
    if a is None or b is None or a == b:
        return None
    return _decision(
        "refutes",
        "substitution",
        f"the claim says {mine.group(0)}; the source says {theirs.group(0)}",
    )


_BASED_ON = re.compile(
    r"\bbased (?:up)?on (?:an? |the )?(?:[\w-]+ ){0,2}?(?P<kind>novels?|novellas?|books?|plays?|"
    r"comic books?|comics?|manga|short stor(?:y|ies)|films?|video games?|songs?|poems?|memoirs?|"
    r"musicals?|operas?)\b",
    re.I,
)
# what a work may be based on, singular, by family
_SOURCES = dict.fromkeys("novel novella book memoir".split(), "book")
_SOURCES |= dict.fromkeys("play musical opera".split(), "stage")
_SOURCES |= dict.fromkeys(["comic", "manga", "comic book"], "comic")
_SOURCES |= {"film": "film", "video game": "game", "song": "verse", "poem": "verse"}


def kind_alone(claim: str, sentence: str, compare: Callable) -> Comparison | None:
    """A claim that calls its subject a kind of work with words before the kind ("an espionage
    film", "a TV series") compared with the kind alone ("a film"), where that refutes: a source
    that calls it a music video refutes both; one that calls it a film does not yet support it."""
    m = _KIND_OF_WORK.match(claim.strip())
    if m is None or m.group("kind") not in _WORK_KINDS:
        return None
    alone = f"{m.group('subject')} {m.group('verb')} a {m.group('kind')}."
    decided = compare(_analyse(alone), _analyse(sentence))
    if decided is None or decided.stance != "refutes":
        return None
    said = f"the claim says {m.group('said')}{m.group('kind')}"  # "music video", not "video"
    return replace(
        decided, reason=decided.reason.replace(f"the claim says {m.group('kind')}", said)
    )


def one_family(a: str, b: str) -> bool:
    """Are the two words kinds of work of one family ("series" and "sitcom": a sitcom is a
    series)?"""
    return a in _WORK_KINDS and _WORK_KINDS.get(a) == _WORK_KINDS.get(b)


def _another_work(mine: str, s: _Text, heads: list[int]) -> str | None:
    """The sentence's kinds of work (or of place) where each is of another family than the
    claim's, and the claim's word is nowhere in the sentence ("an island country"): the words."""
    for kinds in (_WORK_KINDS, _PLACE_KINDS):
        theirs = [kinds.get(s.tokens[h].low) for h in heads]
        if mine not in kinds or None in theirs or kinds[mine] in theirs:
            continue
        if kinds is _PLACE_KINDS and any(t.low == mine for t in s.tokens):
            return None
        return " and ".join(s.tokens[h].text for h in heads)
    return None


# kinds of place one place is not two of: a city is no country, a river no lake (no "state": a
# country is a sovereign state, and a state a part of one; no "region" or "port")
_PLACE_KINDS = {
    **dict.fromkeys("city town village capital hamlet municipality metropolis".split(), "town"),
    **dict.fromkeys("country nation kingdom".split(), "country"),
    **dict.fromkeys("river lake sea ocean bay".split(), "water"),
    **dict.fromkeys("mountain hill volcano".split(), "mountain"),
}


# words that say how of the participle after them, no noun of the phrase: "an actor best known for"
_ADVERBS = frozenset("best better well widely most least mainly mostly chiefly also now".split())


def _predicate(
    text: _Text, start: int, articles: frozenset[str] = _ARTICLES
) -> tuple[int, list[int]] | None:
    """The first "is a …" at or after token ``start``: the copula's index and the head nouns of
    the noun phrase after it ("a South Korean singer and actress": singer, actress); None where the
    phrase ends in a word that is no noun."""
    tokens = text.tokens
    for k in range(start, len(tokens) - 2):
        if tokens[k].low not in _COPULAS or tokens[k + 1].low not in articles:
            continue
        heads, j = [], k + 2
        while j < len(tokens) and not (j > k + 2 and text.gap(j - 1)):  # ", created for"
            word = tokens[j]
            after = tokens[j + 1].low if j + 1 < len(tokens) else ""
            participle = word.low.endswith("ed") or lex.irregular_verb_form(word.low)
            if participle and after in {"by", "in", "on", "at", "for", "from", "as"}:
                j -= j - 1 > k + 2 and tokens[j - 1].low in _ADVERBS  # "an actor best known for"
                break  # "a 2004 drama film directed by …": the phrase ends before "directed"
            if word.low in _PREPOSITIONS or word.low in _RELATIVES:
                break  # "a city in southern Ostrania" ("in" is also a noun: an inch; "who": WHO)
            if word.low in {"and", "or"} and j > k + 2:
                heads.append(j - 1)
            elif not (
                word.cap
                or lex.is_noun(word.low)
                or lex.is_adjective(word.low)
                or (word.low.isdigit() and len(word.low) == 4)  # "a 1998 novel"
                or _compound_modifier(word.low, after)
            ):
                break
            j += 1
        heads.append(j - 1)
        if any(h <= k + 1 or tokens[h].cap or not lex.is_noun(tokens[h].low) for h in heads):
            return None
        return k, heads
    return None


def _compound_modifier(word: str, after: str) -> bool:
    """A hyphenated modifier before another word of the phrase: "computer-animated",
    "English-language", "award-winning" (its last part an adjective, a participle or a noun)."""
    last = word.rsplit("-", 1)[-1]
    if "-" not in word or not after or not last.isalpha():
        return False
    participle = last.endswith(("ed", "ing")) or lex.irregular_verb_form(last)
    return bool(participle or lex.is_adjective(last) or lex.is_noun(last))


def named_kind(s: _Text, a: int) -> _Tok | None:
    """The common noun after the name at ``a``, in one phrase after "the" or "by": what the name is
    ("the SARS-CoV-2 virus", "the Kessa river", "caused by Plasmodium parasites"; not "Climate
    change adaptation", nor "a Borovian singer" or "by American singer Katy Perry", where the
    capital is an adjective's)."""
    if a == 0 or s.tokens[a - 1].low not in {"the", "by"}:
        return None
    k = a
    while k + 1 < len(s.tokens) and s.tokens[k].cap and not s.gap(k):
        k += 1
    tok = s.tokens[k]
    named = k + 1 < len(s.tokens) and s.tokens[k + 1].cap and not s.gap(k)
    if s.tokens[a - 1].low == "by" and named:
        return None
    return tok if k > a and not tok.cap and lex.is_noun(tok.low) else None


def of_a_kind_elsewhere(c: _Text, missing: int) -> str | None:
    """The reason, where the claim's part that the sentence fills otherwise says which of a kind
    its bare plural subject names ("Glaciers in the Alps are retreating" against "Glaciers in the
    Himalayas are retreating"): what the sentence says of the others says nothing of these."""
    first = c.units[0]
    if first.tokens[0].index != 0 or len(first.tokens) != 1:
        return None
    noun = first.tokens[0].low
    if not noun.endswith("s") or not lex.lemmas(noun) - {noun} or not lex.is_noun(noun):
        return None  # a plural noun: "glaciers", not "Paris"
    k = c.units[missing].tokens[0].index
    between = [t.low for t in c.tokens[1:k]]
    if between not in (["in"], ["in", "the"], ["of"], ["of", "the"], ["from"], ["from", "the"]):
        return None
    return f"the source says it of other {noun}, not of {noun} {' '.join(between)} {c.units[missing].text}"
