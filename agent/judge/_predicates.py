"""A second predicate of the same subject after ", and": "…, and the only person to win …",
"…, and the eldest son of John Lennon" — no statement of its own (agent/judge/_subject.py reads
a turn to another statement otherwise); and a second deed after a birth ("… was born in A and died
in B"), read alone (``second_deed``)."""

from __future__ import annotations

import re

from agent.judge._text import _Text

_BE_HAVE = frozenset("is are was were has have had will would can".split())


def _one_of_its_roles(s: _Text, k: int) -> bool:
    """ "…, and the eldest son of John Lennon": a second predicate of the same subject (the, a
    noun or two, "of", a name), with no verb of its own after it ("and the mayor of Tessa is …")."""
    words = [t.low for t in s.tokens[k : k + 12]]
    if words[:1] != ["the"] or "of" not in words[2:5]:
        return False
    return not _BE_HAVE & set(words)


def _the_first_to(s: _Text, k: int) -> bool:
    """ "…, and the only person to win …": a second predicate of the same subject, no statement of
    its own ("the first / only / last <noun> to …")."""
    words = [t.low for t in s.tokens[k : k + 5]]
    return words[:1] == ["the"] and words[1:2] in (["first"], ["only"], ["last"]) and "to" in words


# "Audrey Hepburn was born in Tolochenaz, Switzerland, in 1929 and died at her home in Ixelles":
# the subject's second deed after "and"
_SECOND_DEED = re.compile(
    r"^\W*(?P<name>[A-Z][\w.'’-]*(?:\s+[A-Z][\w.'’-]*){0,4})\s+(?:\([^()]*\)\s+)?"
    r"(?:was|were)\s+born\b[^;]*?\s+and\s+(?:later\s+|then\s+)?"
    r"(?P<second>(?:died|moved|married|retired|returned|settled|emigrated|lived|grew up)\b[^;]*)$"
)


def second_deed(sentence: str) -> list[str]:
    """The second deed of a sentence's subject after its birth, said of the subject ("… was born in
    Tolochenaz, Switzerland, in 1929 and died at her home in Ixelles, Brussels, in 1993": "Audrey
    Hepburn died at her home in Ixelles, Brussels, in 1993."), so that the place or the year of that
    deed is compared alone (the birth's is not the death's)."""
    m = _SECOND_DEED.match(sentence.strip())
    return [f"{m.group('name')} {m.group('second')}"] if m else []
