"""A name and its initials are one name: "the EU" is "the European Union", "NATO" the "North
Atlantic Treaty Organization", "the U.S." the "United States". The sentence is read with the name
as the claim writes it, so that the comparison never takes one for a substitute of the other ("the
claim says EU; the source says Union" was a wrong refutation). Initials are those of the name's
capitalised words; "of", "and", "for", "the", "on", "de" and "in" between them spell nothing. A gas's
formula is its name the same way ("CO2" for "carbon dioxide")."""

from __future__ import annotations

import re

from agent.judge._paraphrases import FORMULAS

_GLUE = r"(?:\s+(?:of|and|for|the|on|de|in))*\s+"
_INITIALS = re.compile(r"(?<![\w.])(?:[A-Z]\.){2,6}(?!\w)|\b[A-Z]{2,6}\b")
_NAME = re.compile(r"\b[A-Z][\w'’-]*(?:" + _GLUE + r"[A-Z][\w'’-]*)+")
_SPELLS_NOTHING = frozenset("of and for the on de in".split())
# capitals that are no one's initials: roman numerals, a unit, a grade
_NOT_INITIALS = frozenset("II III IV VI VII VIII IX XI XII XX AM PM OK TV DJ".split())


# the last word of a body's name, which initials stand for: "the European Union", "the WHO"
_BODIES = frozenset(
    """union nations states kingdom organization organisation agency bureau council party
association administration commission bank fund republic federation corporation company service
institute committee court forces front movement league network authority office department
ministry alliance emirates""".split()
)


def _a_body(name: str) -> bool:
    words = name.split()
    return len([w for w in words if w.lower() not in _SPELLS_NOTHING]) >= 3 or (
        words[-1].lower() in _BODIES
    )


def _letters(initials: str) -> str:
    return initials.replace(".", "")


def _spelled(initials: str) -> re.Pattern[str]:
    """The capitalised words whose first letters are the initials, in order."""
    words = [rf"{letter}[\w'’-]*" for letter in initials]
    return re.compile(r"\b" + _GLUE.join(words) + r"\b")


def _initials_of(name: str) -> str:
    return "".join(w[0] for w in name.split() if w.lower() not in _SPELLS_NOTHING)


def with_the_claims_names(claim: str, sentence: str) -> str:
    """The sentence with a name the claim gives by its initials (or in full) written the claim's
    way where the sentence gives it the other way; a gas the claim names where the sentence gives
    its formula."""
    for formula, name in FORMULAS.items():  # the other way round is read by _text._find
        named = re.search(rf"\b{name}\b", claim, re.I)
        if named and re.search(rf"\b{formula.upper()}\b", sentence):
            sentence = re.sub(rf"\b{formula.upper()}\b", named.group(0), sentence)
    for m in _INITIALS.finditer(claim):
        mine = m.group(0)
        letters = _letters(mine)
        if letters in _NOT_INITIALS or mine in sentence:
            continue
        spelled = _spelled(letters)
        if len({n.group(0) for n in spelled.finditer(sentence)}) == 1:  # two such names: which?
            sentence = spelled.sub(mine, sentence)
    for m in _NAME.finditer(claim):
        name = m.group(0)
        letters = _initials_of(name)
        if len(letters) < 2 or name in sentence or not _a_body(name):
            continue  # "Ana Roske" is not "AR"
        for theirs in {t.group(0) for t in _INITIALS.finditer(sentence)}:
            if _letters(theirs) == letters:
                sentence = re.sub(rf"(?<![\w.]){re.escape(theirs)}(?![\w])", name, sentence)
    return sentence
