"""A name said as what another thing is of: the claim's subject before another noun ("The Tessa
metropolitan area has …", "Tessa airport is closed" for "Tessa …"), and a place of the claim as
the owner of one of its divisions ("the capital of Ostrania's Kessa province" for "the capital of
Ostrania"). Read for agent/judge/_subject.py's ``said_of_another``."""

from __future__ import annotations

from agent.judge import _lexicon as lex
from agent.judge._text import _STOP, _Text, _Tok, _word_match

# the head before "of" that is the subject itself, not another thing: "the city of Velmar", "the
# population of Velmar" (what Velmar has)
_SAME_THING = frozenset(
    "city town village state republic kingdom island isle county province municipality borough "
    "population area size length height elevation depth name people inhabitants residents".split()
)
# a name's own kind after it: "Tessa city" is Tessa ("the Tessa metropolitan area" is not)
_SAME_PLACE = frozenset("city town village island isle state republic kingdom".split())
_MODALS = frozenset("may might can could will would shall should must".split())
# parts a place is divided into: "Ostrania's Kessa province" is not Ostrania
_DIVISIONS = frozenset(
    "province provinces state states region regions district districts county counties city "
    "cities town towns capital territory territories island islands department prefecture "
    "municipality borough village colony part north south east west northern southern eastern "
    "western central".split()
)


def _name_as_modifier(c: _Text, s: _Text, placed: dict[int, int]) -> tuple[str, str] | None:
    """The claim's subject named before another noun, as what that thing is of ("The Tessa
    metropolitan area has …", "Tessa airport is closed" for "Tessa …"): (that phrase, the name)."""
    at, unit = placed.get(0), c.units[0]
    if at is None or not unit.proper or len(c.units) < 2:
        return None
    after = unit.tokens[-1].index + 1  # the claim's own "the Dessa landing": compared as it is
    word = c.tokens[after].low if after < len(c.tokens) else ""
    if lex.noun_only(word) or (word.endswith("ing") and word not in _STOP):
        return None
    k = end = at + len(unit.tokens)
    said = [t.low for t in s.tokens[at:end]]
    if said != [t.low for t in unit.tokens] or _possessive_word(s.tokens[end - 1]):
        return None  # the name as the claim writes it, not "Liverpool's status"
    while k < min(end + 3, len(s.tokens)) and _modifies(c, s, k):
        k += 1
    if k == end or not lex.noun_only(s.tokens[k - 1].low) or s.tokens[k - 1].low in _SAME_PLACE:
        return None
    start = at - (at > 0 and s.tokens[at - 1].low == "the")  # "the Tessa metropolitan area"
    phrase = s.raw[s.tokens[start].start : s.tokens[k - 1].end]
    return (phrase[0].lower() + phrase[1:] if start < at else phrase), unit.text


def _modifies(c: _Text, s: _Text, k: int) -> bool:
    """A lowercase word the claim does not say, right after the word before it (no comma)."""
    tok = s.tokens[k]
    a_quality = lex.is_adjective(tok.low) and not tok.low.endswith(("ed", "ing"))
    return (
        not tok.cap
        and tok.low.isalpha()
        and (lex.noun_only(tok.low) or a_quality)  # "married", "garnered": a verb, not a noun's
        and tok.low not in _STOP | _MODALS
        and k not in s.hedges  # "Vitamin K may help": a hedge, not a noun
        and not s.raw[s.tokens[k - 1].end : tok.start].strip()
        and not any(_word_match(t.low, tok.low) for t in c.tokens)
    )


def _possessive_word(tok: _Tok) -> bool:
    return tok.text.endswith(("'s", "’s", "'", "’"))


def _a_part_of_the_place(c: _Text, s: _Text, placed: dict[int, int]) -> tuple[str, str] | None:
    """A name of the claim (not its subject) found as the owner of one of its divisions ("the
    capital of Ostrania's Kessa province" for "the capital of Ostrania")."""
    for i, at in placed.items():
        unit = c.units[i]
        end = at + len(unit.tokens) - 1
        if i == 0 or not unit.proper or end >= len(s.tokens):
            continue
        if not s.tokens[end].text.endswith(("'s", "’s")):
            continue
        for k in range(end + 1, min(end + 4, len(s.tokens))):
            if s.tokens[k].low in _DIVISIONS:
                return s.raw[s.tokens[at].start : s.tokens[k].end], unit.text
    return None
