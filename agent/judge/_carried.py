"""A pronoun that carries the claim's subject over: the name a claim opens with, and whether the
sentences before a sentence speak of that subject alone, so that "He", "She", "It" or "They"
opening it can only be the subject ("Ana Roske is a Borovian painter. She was born in Velmar";
not after "Ana Roske married Bel Tamsin.")."""

from __future__ import annotations

import re
from collections.abc import Sequence

from agent.judge._restate import _PRONOUN_LEAD as PRONOUN_LEAD
from agent.judge._restate import WORKS, subject_restated
from agent.judge._text import _analyse, _Text

_ARTICLES = frozenset(["the", "a", "an"])


def leading_name(c: _Text) -> str | None:
    """The name that opens the claim: its first part when that is a name ("Lockheed Martin F-35
    Lightning II first flew …"), or a title in capitals ("Reign Over Me was released …"); a few
    words at most ("VITAMIN D LEVELS MAY …" is no name)."""
    first = c.units[0]
    if first.proper and first.tokens[0].index <= 1 and len(first.tokens) <= 5:
        lead = c.tokens[0]
        if first.tokens[0].index == 1 and lead.cap and lead.low not in _ARTICLES:
            return c.raw[lead.start : first.tokens[-1].end]  # "First Motion Picture Unit"
        return first.text
    run = []
    for tok in c.tokens[:7]:
        if not tok.cap:
            break
        run.append(tok)
    if 2 <= len(run) <= 5 and first.tokens[0].index == run[0].index and len(run) < len(c.tokens):
        return c.raw[run[0].start : run[-1].end]
    return None


PRONOUN_OPENS = re.compile(r"^\W*(?:she|he|they|it)\b", re.I)
# a sentence before that speaks of the subject by a pronoun, its own or "the club's": "Its
# landmarks include …", "The club's home ground is Old Trafford"
_SUBJECT_OPENS = re.compile(
    r"^\W*(?:(?:she|he|they|it|its|his|her|their)\b|the\s+[a-z]+['’]s\s)", re.I
)
_TWO_CAPITALS = re.compile(  # "Ludwig van Beethoven" is one name
    r"\b[A-Z][\w'’-]+(?:\s+(?:(?:da|de|di|del|della|van|von|der|den|du|bin|ibn|al)\s+)?[A-Z][\w'’-]+)+"
)


# an opening's full name with the short form it goes by: "Massachusetts Institute of Technology (MIT)"
_SHORT_FORM = re.compile(
    r"^[A-Z][\w'’.&-]*(?:\s+(?:[A-Z][\w'’.&-]*|of|for|and|the))*\s+\((?P<short>[A-Z]{2,})\)"
)


def of_the_subject_alone(name: str | None, before: str, sentence: str = "") -> bool:
    """A pronoun opening the next sentence stands for the claim's subject where the sentence
    before opens with the subject's name — or a longer form of it ("Wolfgang Amadeus Mozart was
    …" for "Mozart"), or such a pronoun, or "The film" — and names no other person in a relation
    that could make them the pronoun's ("Ana Roske married Bel Tamsin.", "… with Bel Tamsin"):
    "Ana Roske is a Borovian painter. She was born in Velmar"; "Usain Bolt is a retired Jamaican
    sprinter. He won eight Olympic gold medals across three Summer Games. He set …". No person
    named before is what "The film" (opening ``sentence``) stands for."""
    if not name:
        return False
    rest = before.strip()
    name = name[:-2] if name.endswith(("'s", "’s")) else name  # "The Earth's diameter …"
    if rest.startswith("The "):
        rest = rest[4:]  # "The Earth is not flat: …" speaks of the Earth
    first = _TWO_CAPITALS.match(rest)
    longer = first is not None and first.group(0).endswith(f" {name}")  # "Wolfgang Amadeus Mozart"
    short = _SHORT_FORM.match(rest)  # "The Massachusetts Institute of Technology (MIT) is …"
    if rest.startswith(name) or longer:
        rest = rest[len(first.group(0)) if longer and first else len(name) :]
    elif short is not None and short.group("short") == name:
        rest = rest[short.end() :]
    elif (
        _SUBJECT_OPENS.match(before.strip()) is None and PRONOUN_LEAD.match(before.strip()) is None
    ):
        return False
    if _NEUTER.match(sentence):
        return True  # "It stars Leonardo DiCaprio and Kate Winslet. The film was written …"
    it = re.match(r"^\W*[Ii]ts?\s", sentence) is not None  # no person: "Bel Tamsin syndrome" may be
    return not any(  # "It"; "Kate Winslet" may not
        m.group(0) != name
        and not m.group(0).startswith("The ")  # "the Mona Lisa and The Last Supper": a work
        and _RELATED.search(rest[: m.start()][-30:])
        and (not it or _A_THING.match(rest[m.end() :]))
        for m in _TWO_CAPITALS.finditer(rest)
    )


_A_THING = re.compile(r"\s+(?!(?:and|or|in|of|on|at|as|who|which|for|from)\b)[a-z]")  # "… syndrome"
_NEUTER = re.compile(
    r"^\W*[Tt]he\s+[a-z]+\s"
)  # "The film": not "It" ("confused with X syndrome. It")
# words that make a person named after them a candidate for the next "he" or "she": "married Bel
# Tamsin", "with Bel Tamsin", "and Bel Tamsin", "his wife, Bel Tamsin"
_RELATED = re.compile(
    r"\b(?:and|with|married|met|wife|husband|son|daughter|brother|sister|father|mother|partner|"
    r"by|succeeded|defeated|beat|replaced|against|versus|to|whom|whose|than|alongside)\W+"
    r"(?:(?:the|a|an|his|her|their|its|[a-z]+)\W+){0,2}$"
)


# "The series finale of Make It or Break It": a thing's part named by its head noun and its owner
_HEAD_OF_NAME = re.compile(
    r"^\s*The\s+(?P<head>[a-z]+(?:\s+[a-z]+){0,2})\s+of\s+"
    r"(?P<owner>(?:the\s+)?[A-Z][\w'’-]*(?:\s+(?:(?:or|and|of|the|in|on)\s+)?[A-Z][\w'’-]*)*)"
)


def head_restated(claim: str, sentence: str) -> str | None:
    """The sentence with its subject said as the claim says it, where the claim's subject is a
    thing's part named with its owner ("The series finale of Make It or Break It ended in 2013")
    and the sentence, opening its evidence, names the part alone ("The series finale aired on May
    14, 2012"): an article about the owner says "the series finale" of its own subject. None
    otherwise ("The series finale of another show …" names its owner: not restated)."""
    m = _HEAD_OF_NAME.match(claim)
    if m is None:
        return _named_head(claim, sentence)
    lead = re.match(rf"\s*The\s+{re.escape(m.group('head'))}\s+(?=[a-z])(?!of\b)", sentence)
    if lead is None:
        return None
    return f"The {m.group('head')} of {m.group('owner')} {sentence[lead.end() :]}"


# "The Harry Potter books": a kind named with a name before it
_NAMED_HEAD = re.compile(
    r"^\s*The\s+(?P<name>[A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*){0,3})\s+(?P<head>[a-z]+)\b"
)


def _named_head(claim: str, sentence: str) -> str | None:
    """ "The books have sold …" said as "The Harry Potter books have sold …" for a claim about "The
    Harry Potter books", where the sentence opens its evidence with the claim's head noun alone."""
    m = _NAMED_HEAD.match(claim)
    if m is None:
        return None
    lead = re.match(rf"\s*The\s+{re.escape(m.group('head'))}\s+(?=[a-z])", sentence)
    if lead is None:
        return None
    return f"The {m.group('name')} {m.group('head')} {sentence[lead.end() :]}"


# "The film grossed …": a sentence about a work, opening its evidence
_WORK_OPENS = re.compile(rf"^\s*(?:[A-Z][^,;()]{{2,80}}?,\s+)?[Tt]he\s+(?:{WORKS})\s+(?=[a-z])")


def one_word_title(c: _Text, sentence: str) -> str | None:
    """A claim that opens with one capitalised word the sentence does not have, where the sentence
    opens with "The film" (or song, album …): the work's title ("Nightfall grossed …", "Titanic
    won …"), which "the film" stands for."""
    first = c.tokens[0]
    if not first.cap or not _WORK_OPENS.match(sentence) or len(c.tokens) < 2 or c.tokens[1].cap:
        return None
    return None if re.search(rf"\b{re.escape(first.text)}\b", sentence, re.I) else first.text


# the small words a title keeps between its capitalised ones: "Ocarina of Time", "Pride and
# Prejudice", "The Legend of Zelda: Ocarina of Time"
_TITLE_SMALL = frozenset("of the and a an in on for to or at with from by".split())
_PRONOUNS = frozenset("he she it they this that these those there".split())


def opening_title(c: _Text, sentence: str) -> str | None:
    """The title a claim opens with, where no name is found otherwise ("Thriller", "Ocarina of
    Time", a word a dictionary knows or a title with small words), for a sentence that opens with
    a pronoun or "The film" (``_PRONOUN_LEAD``): that sentence is about it. None otherwise."""
    if not PRONOUN_LEAD.match(sentence) or c.tokens[0].low in _PRONOUNS:
        return None
    last = None
    for k, tok in enumerate(c.tokens[:10]):
        if tok.cap:
            last = k
        elif tok.low not in _TITLE_SMALL:
            break
    if last is None or last + 1 >= len(c.tokens) or last > 6 or not c.raw[:1].isalpha():
        return None  # not a quoted headline ("\"Disasters Cost More Than Ever …\"")
    if c.tokens[last + 1].cap or c.gap(last) not in ("", "(") and not c.gap(last).endswith(")"):
        return None  # the title's verb follows it: "Thriller was released", "A Star Is Born
    return c.raw[c.tokens[0].start : c.tokens[last].end]  # (2018) was directed"


# a later statement of the sentence's own subject: "…, and she never had any children", "…, but he
# has yet to lead them to victory"
_PRONOUN_CLAUSE = re.compile(
    r",\s+(?:and|but|although|though|while)\s+(?:(?:later|also|then|still)\s+)?"
    r"(?P<pronoun>he|she|it|they)\s+(?P<rest>(?!and\b|or\b)[a-z][^;]*)$"
)


def pronoun_clause(name: str | None, sentence: str) -> str | None:
    """The sentence's later statement of its subject, as a statement of the claim's subject: where
    the sentence opens with the claim's name (or a longer form of it) and names no other person
    before the pronoun that could be the pronoun's (``of_the_subject_alone``), "Victoria (…) was
    Queen … until her death, and she never had any children" says "Victoria never had any
    children". None otherwise."""
    if not name:
        return None
    m = _PRONOUN_CLAUSE.search(sentence)
    if m is None:
        return None
    head = sentence[: m.start()].strip()
    first = _TWO_CAPITALS.match(head[4:] if head.startswith("The ") else head)
    # the name the sentence opens with: "Michael Fred Phelps II" for "Michael Phelps", "Victoria"
    # for "Queen Victoria"
    opened = first.group(0) if first is not None else head.split()[0]
    if name.split()[-1] not in opened.split():
        return None
    if not of_the_subject_alone(opened, head, sentence[m.start() + 1 :].strip()):
        return None
    return f"{name} {m.group('rest')}"


def passive_readings(
    passive: str, sentence: str, opens: bool, before: Sequence[str]
) -> list[tuple[_Text, str]]:
    """The claim turned round ("Star Wars was directed by George Lucas" for "George Lucas directed
    Star Wars") against the sentence, and against the sentence with its "The film" or "It" said as
    the claim's work where the paragraph is about the work ("Star Wars is a 1977 … film. … The film
    was written and directed by George Lucas.")."""
    out = [(_analyse(passive), sentence)]
    first = _TWO_CAPITALS.match(passive)
    name = first.group(0) if first is not None else None
    if name is None or not passive.startswith(name):
        return out
    carried = opens or (
        bool(before) and all(of_the_subject_alone(name, b, sentence) for b in before)
    )
    restated = subject_restated(name, sentence, pronoun=carried)
    return out + ([(out[0][0], restated)] if restated else [])
