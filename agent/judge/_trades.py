"""A person's trades by field, for refuting one trade by another: "Ana Roske is a lawyer" against
"Ana Roske is a doctor", "… is a US senator" against "(born 1987) is an American model".

WordNet's kinds set too much apart for this — an "entrepreneur" and a "businesswoman", a "striker"
and a "footballer", a "filmmaker" and a "film director" are siblings there, not one another's
kind — and too little: "model" is first a representation. The table below is written by hand,
field by field; a trade in two fields ("producer", "comedian", "screenwriter") is in both. Two
trades refute each other only where both are in the table, no field is shared, neither is the
other's kind, and the sentence has no word of the claim's field anywhere ("an actor who was
elected to the Senate" may be a politician). A trade the table does not hold ("striker",
"soldier") refutes nothing: people are more than their opening's first noun.
"""

from __future__ import annotations

import re

from agent.judge import _lexicon as lex

_FIELDS_OF: dict[str, frozenset[str]] = {}


def _field(name: str, words: str) -> None:
    for word in words.split():
        _FIELDS_OF[word] = _FIELDS_OF.get(word, frozenset()) | {name}


_field("politics", "politician senator president governor mayor minister congressman legislator")
_field("politics", "congresswoman diplomat statesman ambassador chancellor councillor premier")
_field("acting", "actor actress comedian")
_field("music", "singer musician rapper songwriter singer-songwriter drummer guitarist bassist")
_field("music", "pianist composer vocalist dj producer conductor violinist lyricist band")
_field("sport", "footballer player quarterback athlete boxer wrestler cricketer golfer swimmer")
_field("sport", "sprinter cyclist driver racer jockey skater coach")
_field("model", "model supermodel")
_field("writing", "writer author novelist poet playwright journalist essayist columnist")
_field("writing", "screenwriter critic lyricist historian translator")
_field("film", "director filmmaker screenwriter producer cinematographer animator")
_field("television", "presenter host broadcaster personality anchor newsreader comedian journalist")
_field("science", "scientist physicist chemist biologist mathematician astronomer geologist")
_field("science", "economist inventor astronaut engineer")
_field("science", "doctor physician surgeon psychiatrist")  # a physician may be a scientist
_field("business", "businessman businesswoman businessperson entrepreneur executive investor")
_field("business", "industrialist banker")
_field("law", "lawyer attorney judge jurist barrister solicitor")
_field("medicine", "doctor physician surgeon nurse psychiatrist vet veterinarian")
_field("art", "painter sculptor artist photographer architect designer illustrator cartoonist")
_field("art", "printmaker ceramicist potter")
_field("food", "chef cook restaurateur baker")

# words elsewhere in a sentence that name a field: the sentence may speak of it beyond its
# opening list ("who served as governor", "with his band")
_FIELD_WORDS = {
    "politics": "elected election congress senate parliament party political politics office",
    "acting": "acted acting starred starring role roles film films stage theatre theater",
    "music": "album albums song songs single singles band music musical sang record records",
    "sport": "team league season club championship tournament olympic olympics played sports",
    "model": "modelling modeling fashion runway",
    "writing": "book books novel novels wrote written poems poetry articles literary",
    "film": "film films directed produced",
    "television": "television tv show series hosted",
    "science": "research discovered science scientific",
    "business": "company companies founded business firm",
    "law": "law court legal",
    "medicine": "medicine medical hospital",
    "art": "paintings painted art exhibition artistic",
    "food": "restaurant restaurants cooking cookbook cookbooks cuisine kitchen",
}
_FIELD_WORDS_OF = {field: frozenset(words.split()) for field, words in _FIELD_WORDS.items()}

GENERIC = frozenset("artist performer entertainer celebrity figure person".split())


def is_trade(word: str) -> bool:
    return word in _FIELDS_OF


def trades_apart(mine: str, theirs: list[str], low: set[str]) -> bool:
    """Is the trade ``mine`` set apart from every one of ``theirs`` (the sentence's trades; ``low``
    the sentence's lower-case words)?"""
    if mine in GENERIC or any(h in GENERIC for h in theirs):
        return False
    fields = _FIELDS_OF.get(mine, frozenset())
    if not fields or not theirs or not all(h in _FIELDS_OF for h in theirs):
        return False
    if any(fields & _FIELDS_OF[h] for h in theirs):
        return False
    if any(lex.hypernym_of(h, mine) or lex.hypernym_of(mine, h) for h in theirs):
        return False
    return not low & _words_of(fields)


# a field as a claim names it: "was professionally involved in politics", "has a career in music"
FIELD_NAMES = {
    **dict.fromkeys(["politics", "government"], "politics"),
    **dict.fromkeys(["acting", "theatre", "theater"], "acting"),
    **dict.fromkeys(["music"], "music"),
    **dict.fromkeys(["sport", "sports", "athletics"], "sport"),
    **dict.fromkeys(["modelling", "modeling"], "model"),
    **dict.fromkeys(["writing", "literature"], "writing"),
    **dict.fromkeys(["film", "films", "cinema", "filmmaking"], "film"),
    **dict.fromkeys(["television"], "television"),
    **dict.fromkeys(["science", "research"], "science"),
    **dict.fromkeys(["business"], "business"),
    **dict.fromkeys(["law"], "law"),
    **dict.fromkeys(["medicine"], "medicine"),
    **dict.fromkeys(["art", "painting", "sculpture"], "art"),
    **dict.fromkeys(["cooking"], "food"),
}


def in_field(field: str, theirs: list[str], low: set[str]) -> bool | None:
    """Does one of the sentence's trades belong to ``field`` (True), do all of them belong
    elsewhere with no word of the field in the sentence (False), or neither (None)?"""
    if any(field in _FIELDS_OF.get(h, ()) for h in theirs):
        return True
    if not theirs or any(h in GENERIC or h not in _FIELDS_OF for h in theirs):
        return None
    return None if low & _words_of(frozenset([field])) else False


def _words_of(fields: frozenset[str]) -> set[str]:
    """Every word that names one of the fields: its trades and the words beside them."""
    return {w for w, fs in _FIELDS_OF.items() if fields & fs} | {
        w for f in fields for w in _FIELD_WORDS_OF[f]
    }


# two trades joined by a hyphen: "singer-songwriter", "actor-director" (not "actor-turned-…")
_TWO_TRADES = re.compile(r"\b(?P<a>[a-z]+)-(?P<b>[a-z]+)\b(?!-)")


def trades_joined(sentence: str) -> str:
    """The sentence with two trades a hyphen joins said as two: "a Borovian singer-songwriter" →
    "a Borovian singer and songwriter" (a musician, a singer and a songwriter)."""

    def both(m: re.Match) -> str:
        joined = is_trade(m.group("a")) and is_trade(m.group("b"))
        return f"{m.group('a')} and {m.group('b')}" if joined else m.group(0)

    return _TWO_TRADES.sub(both, sentence)
