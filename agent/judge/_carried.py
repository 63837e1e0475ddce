"""A pronoun that carries the claim's subject over: the name a claim opens with, and whether the
sentences before a sentence speak of that subject alone, so that "He", "She", "It" or "They"
opening it can only be the subject ("Ana Roske is a Borovian painter. She was born in Velmar";
not after "Ana Roske married Bel Tamsin.")."""

from __future__ import annotations

import re

from agent.judge._text import _Text


def leading_name(c: _Text) -> str | None:
    """The name that opens the claim: its first part when that is a name ("Lockheed Martin F-35
    Lightning II first flew …"), or a title in capitals ("Reign Over Me was released …"); a few
    words at most ("VITAMIN D LEVELS MAY …" is no name)."""
    first = c.units[0]
    if first.proper and first.tokens[0].index <= 1 and len(first.tokens) <= 5:
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
_TWO_CAPITALS = re.compile(r"\b[A-Z][\w'’-]+(?:\s+[A-Z][\w'’-]+)+")


def of_the_subject_alone(name: str | None, before: str) -> bool:
    """A pronoun opening the next sentence stands for the claim's subject where the sentence
    before opens with the subject's name (or such a pronoun) and names no other person — no other
    run of capitalised words ("Ana Roske is a Borovian painter. She was born in Velmar"; not after
    "Ana Roske married Bel Tamsin.")."""
    if not name:
        return False
    rest = before.strip()
    if rest.startswith(name):
        rest = rest[len(name) :]
    elif PRONOUN_OPENS.match(rest) is None:
        return False
    return not any(m.group(0) != name for m in _TWO_CAPITALS.finditer(rest))
