"""WordNet-derived word knowledge for the comparison stage: lemmas, synonyms, antonyms, kinds.

The table (``agent/data/lexicon.json.gz``) is derived from WordNet 3.0 by
``scripts/build_lexicon.py`` and carries WordNet's notice; it loads once, on first use (~0.3 s).
"""

from __future__ import annotations

import gzip
import json
import sys
import threading
from functools import lru_cache
from pathlib import Path

from agent.judge._demonyms import DEMONYMS as DEMONYMS  # read here by the other leaves
from agent.judge._demonyms import NATIONALITIES as NATIONALITIES
from agent.judge._opposites import (
    _EXTRA_ANTONYMS,
    _NEWS_OPPOSITES,
    _SEQUENCES,
    DOWN_MOVES,
    UP_MOVES,
)
from agent.judge._opposites import word_pairs as word_pairs  # read here by the other leaves

LEXICON = Path(__file__).resolve().parents[1] / "data" / "lexicon.json.gz"
_lock = threading.Lock()

# WordNet's morphy rules: (suffix, replacement) per part of speech
_RULES = {
    "n": [
        ("s", ""),
        ("ses", "s"),
        ("xes", "x"),
        ("zes", "z"),
        ("ches", "ch"),
        ("shes", "sh"),
        ("men", "man"),
        ("ies", "y"),
    ],
    "v": [
        ("s", ""),
        ("ies", "y"),
        ("es", "e"),
        ("es", ""),
        ("ed", "e"),
        ("ed", ""),
        ("ing", "e"),
        ("ing", ""),
    ],
    "a": [("er", ""), ("est", ""), ("er", "e"), ("est", "e"), ("ier", "y"), ("iest", "y")],
    "r": [],
}


@lru_cache(maxsize=1)
def table() -> dict:
    """The lexicon, loaded on the first call; later calls are a cache hit that runs no Python code,
    so a lookup below is one function deep."""
    with _lock:  # two threads may both miss the cache at first: the second takes the first's load
        if table.cache_info().currsize:
            return table()
        return _load()


def _load() -> dict:
    data = json.loads(gzip.decompress(LEXICON.read_bytes()))
    # one object per distinct string: JSON gives each occurrence its own (≈ 70 → 45 MB)
    word = sys.intern
    for key in ("kinds", "synonyms", "derived", "antonyms"):
        data[key] = {word(k): tuple(word(v) for v in vs) for k, vs in data[key].items()}
    data["lemma_sets"] = {
        pos: frozenset(word(w) for w in words) for pos, words in data.pop("lemmas").items()
    }
    data["name_set"] = frozenset(word(w) for w in data.pop("names", ()))
    data["category"] = {w: kind for kind, ws in data.pop("categories", {}).items() for w in ws}
    for key in ("countries", "within"):
        data[key] = {k: frozenset(vs) for k, vs in data.get(key, {}).items()}
    antonyms = {k: set(v) for k, v in data["antonyms"].items()}
    for a, b in _EXTRA_ANTONYMS:
        antonyms.setdefault(a, set()).add(b)
        antonyms.setdefault(b, set()).add(a)
    data["antonym_sets"] = antonyms
    return data


@lru_cache(maxsize=16384)
def lemmas(word: str) -> frozenset[str]:
    """Every base form WordNet allows for ``word`` (lower-case), the word itself included."""
    t = table()
    out = {word}
    for pos, rules in _RULES.items():
        exc = t["exceptions"].get(pos, {}).get(word)
        if exc:
            out.add(exc)
        known = t["lemma_sets"][pos]
        for suffix, repl in rules:
            if word.endswith(suffix) and len(word) > len(suffix) + 1:
                base = word[: len(word) - len(suffix)] + repl
                if base in known:
                    out.add(base)
        # doubled consonant: stopped → stop, bigger → big
        for suffix in ("ed", "ing", "er", "est"):
            if word.endswith(suffix) and len(word) > len(suffix) + 2:
                stem = word[: -len(suffix)]
                if len(stem) > 2 and stem[-1] == stem[-2] and stem[:-1] in known:
                    out.add(stem[:-1])
    return frozenset(out)


def known_word(word: str) -> bool:
    """Is ``word`` (lower-case) an English word WordNet knows in any part of speech?"""
    t = table()
    return any(base in t["lemma_sets"][pos] for base in lemmas(word) for pos in t["lemma_sets"])


def is_name(word: str) -> bool:
    """Is ``word`` (lower-case) a name in its most frequent sense (Berlin, Saturn, Einstein)?"""
    return word in table()["name_set"]


def is_noun(word: str) -> bool:
    return any(base in table()["lemma_sets"]["n"] for base in lemmas(word))


def is_adjective(word: str) -> bool:
    return any(base in table()["lemma_sets"]["a"] for base in lemmas(word))


# who an "author" is where WordNet's hyponyms say too much (a playwright writes no books)
BOOK_WRITERS = frozenset(["novelist", "essayist", "biographer", "memoirist"])


@lru_cache(maxsize=16384)
def synonyms(word: str) -> frozenset[str]:
    t = table()
    return frozenset(
        x
        for b in lemmas(word)
        for x in (b, *t["synonyms"].get(b, ()), *_ALSO_THE_SAME.get(b, ()))
        if frozenset((b, x)) not in _NOT_THE_SAME
    )


# verbs of change that a science or business desk uses for one another, which WordNet keeps in
# senses apart ("lower" is first to let down): "lowers blood pressure" says "reduces blood pressure";
# and a height said either way
_CHANGES_ALIKE = (
    ("reduce", "lower", "decrease", "lessen", "cut"),
    ("increase", "raise", "boost"),
    ("tall", "high"),  # of a mountain or a building: "the tallest mountain" is "the highest"
    ("head", "chief", "lead", "leader", "boss"),  # "heads the authority": its chief executive
    ("sack", "dismiss", "fire", "oust"),  # "has been sacked by Ossel City": "dismissed"
    ("earn", "receive", "obtain"),  # a degree: "earned his doctorate", "received a doctorate"
    ("win", "receive"),  # a prize: "won the Pulitzer Prize", "received a Pulitzer Prize"
    ("climb", "summit", "ascend"),  # a mountain: "first summited in 1953"
    ("found", "form", "establish"),  # a band, a club, a company: "formed" / "founded in 1960"
    ("compose", "write"),  # music: "composed ten symphonies" / "wrote nine symphonies"
    tuple(UP_MOVES),  # a figure's move said in a report's words: "climbed to 12 million" rose
    tuple(DOWN_MOVES),  # "slipped to $1.2 billion", "eased to 3.1 per cent" fell
)
_ALSO_THE_SAME = {
    w: tuple(dict.fromkeys(x for group in _CHANGES_ALIKE if w in group for x in group if x != w))
    for group in _CHANGES_ALIKE
    for w in group
}

# WordNet's synonyms that a newsroom tells apart: a treaty is signed, then ratified; a sanction may
# be a penalty, not an approval
_NOT_THE_SAME = frozenset(
    frozenset(pair)
    for pair in (
        ("sign", "ratify"),
        ("approve", "sanction"),
        ("sign", "subscribe"),
        ("sphere", "orbit"),  # a field of activity, in WordNet: "low Earth orbit" is no sphere
        ("close", "last"),  # the close of day: "the last planet" is not "the closest planet"
    )
)


@lru_cache(maxsize=16384)
def derived(word: str) -> frozenset[str]:
    t = table()
    return frozenset(x for b in lemmas(word) for x in t["derived"].get(b, ()))


def irregular_verb_form(word: str) -> bool:
    """ "born", "led", "written": a verb's irregular form (WordNet's verb exceptions), even where
    the same letters are also a noun (Born the physicist)."""
    return word in table()["exceptions"]["v"]


def past_form(word: str) -> bool:
    """ "studied", "grew": a verb's past form (a regular "-ed" that is no noun only, or one of
    WordNet's irregular forms)."""
    return (word.endswith("ed") and not noun_only(word)) or irregular_verb_form(word)


def nominal(word: str) -> bool:
    """A noun that is no verb's past form ("dam", "river"; not "founded", "won")."""
    return is_noun(word) and not (word.endswith("ed") or irregular_verb_form(word))


def noun_only(word: str) -> bool:
    sets = table()["lemma_sets"]
    bases = lemmas(word)
    return any(b in sets["n"] for b in bases) and not any(
        b in sets[p] for b in bases for p in "var"
    )


# two sides of one relation, not opposites: a parent has children, an employer employees
_CONVERSES = frozenset(["parent", "child", "employer", "employee"])


def antonymous(a: str, b: str) -> bool:
    antonyms = table()["antonym_sets"]
    la, lb = lemmas(a) | {a}, lemmas(b) | {b}
    return (
        any(y in antonyms.get(x, ()) for x in la - _CONVERSES for y in lb)
        or _paired(a, b, _NEWS_OPPOSITES)
        or _prefixed(a, b)
        or _compounds_opposed(a, b)
    )


def _compounds_opposed(a: str, b: str) -> bool:
    """Two compounds alike but for opposite first words: "low-level" / "high-level",
    "open-source" / "closed-source"."""
    x, y = a.split("-", 1), b.split("-", 1)
    return len(x) == len(y) == 2 and x[1] == y[1] and x[0] != y[0] and antonymous(x[0], y[0])


def sequential(a: str, b: str) -> bool:
    """Opposite deeds of which one follows the other ("opened" / "closed", "hired" / "fired"): a
    factory that closed in 2010 had opened, so "closed" does not refute "was opened"."""
    return _paired(a, b, _SEQUENCES)


def _paired(a: str, b: str, pairs: frozenset[frozenset[str]]) -> bool:
    """Are the two words, as written or by a lemma, one of ``pairs`` (word_pairs)?"""
    return any(frozenset((x, y)) in pairs for x in lemmas(a) | {a} for y in lemmas(b) | {b})


# An adjective and itself with a negating prefix are opposites ("unsafe"/"safe", "ineffective"/
# "effective", "illegal"/"legal"): WordNet pairs only the head adjectives ("safe"/"dangerous") and
# lists "unsafe" as like "dangerous". Not where the prefix does not negate.
_NEGATING_PREFIXES = ("un", "in", "im", "il", "ir", "dis", "non", "non-")
_NOT_OPPOSITES = frozenset(
    "invaluable inflammable infamous indifferent intense inward impassioned unravelled "
    "disgruntled impressed incorporate inculcate".split()
)


def _prefixed(a: str, b: str) -> bool:
    short, long = sorted((a, b), key=len)
    if long in _NOT_OPPOSITES or not any(long == p + short for p in _NEGATING_PREFIXES):
        return False
    adjectives = table()["lemma_sets"]["a"]
    return short in adjectives and long in adjectives and long not in synonyms(short)


_KIN = {
    "sibling": ("brother", "sister"),
    "parent": ("mother", "father"),
    "child": ("son", "daughter"),
    "spouse": ("husband", "wife"),
}


def hypernym_of(general: str, specific: str) -> bool:
    """Is ``general`` (one of its lemmas) a hypernym, up to three levels, of ``specific``'s first sense?"""
    if any(x in _KIN.get(g, ()) for g in lemmas(general) for x in lemmas(specific)):
        return True  # "a younger brother" is a sibling: WordNet's first senses miss the family
    kinds = table()["kinds"]
    own = {o[1:] for g in lemmas(general) for o in kinds.get(g, ()) if o.startswith("=")}
    up = {o for s in lemmas(specific) for o in kinds.get(s, ()) if not o.startswith("=")}
    return bool(own & up)


# WordNet's topmost kinds that three levels up reach from unrelated senses — entity, abstraction,
# object, whole, causal agent ("a sphere" and "a distance" are both an object only so): two words
# that share nothing below them are no two of a kind. (A physical entity stays a kind: "the land"
# and "the ocean" share nothing else, and one stands in the other's place.)
_TOO_GENERIC = frozenset(["00001740", "00002137", "00002684", "00003553", "00007347"])


def same_kind(a: str, b: str) -> bool | None:
    """True: both nouns are of one kind (share a hypernym) and neither is the other's; False: both
    known and of different kinds or one is the other's hypernym; None: at least one is unknown."""
    kinds = table()["kinds"]
    ka = {o for x in lemmas(a) for o in kinds.get(x, ())}
    kb = {o for x in lemmas(b) for o in kinds.get(x, ())}
    if not ka or not kb:
        return None
    if hypernym_of(a, b) or hypernym_of(b, a):
        return False
    shared = {o for o in ka if not o.startswith("=")} & {o for o in kb if not o.startswith("=")}
    return bool(shared - _TOO_GENERIC)


def category(noun: str) -> str | None:
    """What the noun's most frequent sense names, where it is one of the lexicon's six categories
    (person, animal, plant, artifact, location, communication): "singer" → "person"."""
    t = table()["category"]
    return next((t[b] for b in (noun, *sorted(lemmas(noun))) if b in t), None)


def countries(place: str) -> frozenset[str]:
    """The countries a place (lower-case name) touches by WordNet: those it lies in, those in it,
    itself if it is one ("london" → England, United Kingdom); empty where WordNet knows no country
    of it (Honolulu lies on Oahu), or where a sense of the name is of the past (Yugoslavia)."""
    return table()["countries"].get(place, frozenset())


def lies_in(place: str, other: str) -> bool:
    """Does WordNet put ``place`` inside ``other`` (both lower-case names; "belfast", "ireland")?"""
    return other in table()["within"].get(place, ())
