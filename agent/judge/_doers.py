"""Whose deed the sentence tells where the claim's verb stands right after another name ("… in
2010, which Bel Tamsin won" for "Ana Roske won the Kessa Prize"): that name's, not the claim's
subject's — unless the name only ends the kind the sentence says the subject is ("The Xanthe is a
river in Ostrania that flows into the Orra Sea": the river flows). Read by
agent/judge/_subject.py's `subject` guard. And who does the claim's verb ("directed by Lady Gaga"),
and where a sentence's "by" follows its verb ("discovered in 1928 by", "directed solely by"), for
agent/judge/_roles.py."""

from __future__ import annotations

from agent.judge import _lexicon as lex
from agent.judge._dates import MONTHS
from agent.judge._demonyms import NATIONALITIES
from agent.judge._text import _STOP, _Text, _Tok
from agent.judge._works import the_works_run

_RELATIVE = frozenset(["who", "whose", "which"])


def _done_by_another(c: _Text, s: _Text, placed: dict[int, int]) -> tuple[str, str] | None:
    """The claim's verb, right after its subject in the claim, has another name right before it
    in the sentence ("… in 2010, which Bel Tamsin won" for "Ana Roske won the Kessa Prize";
    "Kessa Labs, which employs 3,000 people, is owned by Orvel Corp" for "Orvel Corp employs
    3,000 people"): (that name, the claim's subject). Not where the subject is among the words
    just before the verb ("Ana Roske and Bel Tamsin won")."""
    if len(c.units) < 2 or 1 not in placed or not c.units[0].proper or c.units[1].proper:
        return None
    subject = c.units[0]
    if c.units[1].tokens[0].index != subject.tokens[-1].index + 1:
        return None
    v = placed[1]
    if not lex.lemmas(s.tokens[v].low) & lex.lemmas(c.units[1].tokens[0].low):
        return None  # "Internet appearances" is no deed of the Internet's
    k = v - 1
    relative = k >= 0 and s.tokens[k].low in _RELATIVE | {"that"}
    k -= relative
    if k < 0 or not s.tokens[k].cap or s.tokens[k].low in _STOP:
        return None
    if not relative and s.raw[s.tokens[k].end : s.tokens[v].start].strip():
        return None  # "from Franklin, Tennessee, formed in 2004": a comma, no relative pronoun
    start = k
    while start > 0 and s.tokens[start - 1].cap and start > k - 4:
        start -= 1
    if relative and the_works_run(s, start, v - 1):
        return None  # "created by Vince Gilligan for AMC, which premiered in 2008": the series
    if _of_the_kind(s, placed.get(0, len(s.tokens)), start):
        return None  # "The Xanthe is a river in Ostrania that flows …": the river flows
    doer = {t.low for t in s.tokens[start : k + 1]}
    near = {t.low for t in s.tokens[max(0, v - 6) : v]}
    after = placed.get(0, len(s.tokens)) + len(subject.tokens)  # "Ana Roske helped Bel …"
    caused = after < len(s.tokens) and s.tokens[after].low in _CAUSATIVE
    if (subject.tokens[-1].low in near and not caused) or doer & {t.low for t in subject.tokens}:
        return None
    return s.raw[s.tokens[start].start : s.tokens[k].end], subject.text


def _of_the_kind(s: _Text, subject: int, name: int) -> bool:
    """The name at ``name`` ends the kind the sentence says its subject is ("is a river in
    Ostrania"): a relative clause after it speaks of that kind, the subject's."""
    before = s.tokens[name - 2 : name]
    if len(before) < 2 or before[1].low not in {"in", "of", "from", "near", "on"}:
        return False
    said = {t.low for t in s.tokens[subject:name]}
    return not before[0].cap and lex.is_noun(before[0].low) and bool(said & {"is", "was"})


# the subject makes, lets or helps another do the deed
_CAUSATIVE = frozenset(
    "helped helps help assisted allowed enabled let made taught trained encouraged inspired urged "
    "forced persuaded asked told watched saw coached".split()
)


def _possessive(tok: _Tok) -> bool:
    return tok.text.endswith(("'s", "’s"))


def _by_after(s: _Text, at: int) -> int | None:
    """The index of "by" right after the verb at ``at``, or after a date there ("in 1928", "on 12
    May 1928"), with a word after it; None otherwise."""
    k = at + 1
    if k + 1 < len(s.tokens) and s.tokens[k].low.endswith("ly") and s.tokens[k + 1].low == "by":
        k += 1  # "directed solely by", "written jointly by"
    if k < len(s.tokens) and s.tokens[k].low in {"in", "on"}:
        k += 1
        while (
            k < len(s.tokens)
            and k <= at + 5
            and (s.tokens[k].low.isdigit() or s.tokens[k].low in MONTHS)
        ):
            k += 1
        k = k if k > at + 2 else at + 1
    return k if k + 1 < len(s.tokens) and s.tokens[k].low == "by" else None


def _doer(c: _Text, verb: int) -> str | None:
    """Who does the claim's verb: the name after its "by" (the passive), else the name before it."""
    unit = c.units[verb]
    at = unit.tokens[0].index
    if at + 1 < len(c.tokens) and c.tokens[at + 1].low == "by":
        after = [u for u in c.units[verb + 1 : verb + 2] if u.proper]
        run = [t for t in c.tokens[at + 2 : at + 6] if t.cap and t.index <= at + 5]
        return after[0].text if after else _capitals(c, run, at + 2)
    if verb > 0 and c.units[verb - 1].proper and c.units[verb - 1].tokens[-1].index == at - 1:
        if _possessive(c.units[verb - 1].tokens[-1]):
            return None  # "Ana Roske's novel": her novel, no deed of hers
        word = c.units[verb - 1].tokens[-1].low
        if word.endswith("-language") or word.split("-")[0] in NATIONALITIES:
            return None  # "an English-language album", "a Mexican film": no doer
        return c.units[verb - 1].text
    return None


def _capitals(c: _Text, run: list[_Tok], first: int) -> str | None:
    """The capitalised words right after "by" in a claim in Title Case ("by Lady Gaga", whose
    words a dictionary knows): the doer, though no name was found."""
    return c.raw[run[0].start : run[-1].end] if run and run[0].index == first else None
