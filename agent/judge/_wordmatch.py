"""Whether a sentence's word says a claim's word: the same word or its lemma, a synonym, a derived
form, a compound that only adds how much ("best-supported"), or a measure's other name."""

from __future__ import annotations

from agent.judge import _lexicon as lex
from agent.judge._compounds import by_its_means
from agent.judge._measures import SAID_BY

# the first half of a compound that only says how much or how well: "best-supported" says supported,
# "well-known" known ("non-toxic", "ex-president" and "anti-war" are other words)
_DEGREE_PREFIXES = frozenset("best better well most more widely highly long much often".split())
# prefixes that make a word another kind: "vice-captain", "semi-final", "non-member" (not "co-":
# a co-founder is one of the founders; nor "half-" or "step-": a half-brother is a brother)
KIND_PREFIXES = frozenset("vice semi ex non anti pre post sub quasi pseudo".split())


def _word_match(a: str, b: str) -> bool:
    """Does the sentence's word ``b`` say the claim's word ``a`` (or more: "best-supported" says
    "supported"; "supported" does not say "best-supported")?"""
    if a == b or b in SAID_BY.get(a, ()):
        return True
    head, _, rest = b.partition("-")
    shared = head == "co" and rest.endswith(("ed", "wrote", "written"))  # "co-founded" founded it
    prefixed = head in _DEGREE_PREFIXES | KIND_PREFIXES or shared  # "vice-captain": found, and
    if rest and "-" not in rest and prefixed and _word_match(a, rest):  # held as another kind
        return True  # (_tenure.lesser_post)
    if rest == a and a.endswith(("ed", "en", "wn")) and by_its_means(head):
        return True  # "computer-animated" says "animated"; "non-animated" does not
    if lex.lemmas(a) & lex.lemmas(b):
        return True
    if (lex.synonyms(a) & lex.lemmas(b) or lex.synonyms(b) & lex.lemmas(a)) and not lex.antonymous(
        a, b
    ):  # not "father" for "mother", synonyms as verbs ("to sire")
        return True
    if (b in lex.derived(a) or a in lex.derived(b)) and not (lex.noun_only(a) and lex.noun_only(b)):
        return True
    return len(a) >= 6 and len(b) >= 6 and a[:6] == b[:6] and not lex.antonymous(a, b)


def spelled(words: list[str]) -> list[str]:
    """A name's words with "TV" spelled out: "BAFTA TV Award" is "BAFTA Television Award"."""
    return ["television" if w == "tv" else w for w in words]


def same_name(low: str, capital: bool, first: str, cap: bool) -> bool:
    """A one-word name in another form of the word ("Parisian" is not enough; plurals are)."""
    if spelled([first]) == [low] != [first]:
        return True  # "TV": "television"
    return bool(lex.lemmas(low) & lex.lemmas(first)) and capital == cap
