"""What a participle after a sentence's clause says of the sentence's subject: "Bad Romance sold 12
million copies, becoming one of the best-selling singles of all time" also says "Bad Romance
became one of the best-selling singles of all time" — the subject of the participle is the
subject of the clause before it, as a reader takes it.

Only "becoming" is read: it says what the subject came to be ("making it" and "leaving" name
another thing, and "including" a part of a list). The subject is a name at the start of the
sentence (a pronoun there is put back to the claim's name first, ``subject_restated``).

A noun phrase in commas after the name that opens the sentence says what the name is: "Tessa, the
capital of Borovia, has …" says "Tessa is the capital of Borovia" ("was", where the sentence goes on
in the past: "Tom Vell, the mayor of Tessa, died in 1990" says he was the mayor).
"""

from __future__ import annotations

import re

_BECOMING = re.compile(
    r"^\s*(?P<name>(?:The\s+)?[A-Z][\w.'’&-]*(?:\s+[A-Z][\w.'’&-]*){0,5})\s+(?=[a-z])"
    r"[^;]*?,\s+(?:and\s+)?(?:thus\s+|so\s+|ultimately\s+|eventually\s+|later\s+)?"
    r"becoming\s+(?P<what>[^,;()]{3,120})"
)


_APPOSITIVE = re.compile(
    r"^\s*(?P<name>[A-Z][\w.'’&-]*(?:\s+[A-Z][\w.'’&-]*){0,5}),\s+"
    r"(?P<what>(?:the|a|an)\s+[^,;()]{3,80}?),\s+(?P<verb>[a-z]+)\b"
)
_PRESENT = frozenset("is are has have remains lies serves".split())


def adjunct_readings(sentence: str) -> list[str]:
    """ "X did …, becoming Y" also says "X became Y"; "X, the Y, did …" says "X is (was) the Y";
    nothing for any other sentence."""
    out = []
    m = _BECOMING.match(sentence)
    if m is not None:
        what = m.group("what").strip().rstrip(".")
        out.append(f"{m.group('name')} became {what}.")
    a = _APPOSITIVE.match(sentence)
    if a is not None and a.group("verb") not in {"and", "or", "but", "which", "who"}:
        be = "is" if a.group("verb") in _PRESENT else "was"
        out.append(f"{a.group('name')} {be} {a.group('what')}.")
    return out


_NOW = re.compile(r"\b(?:is|are|has|have|remains|serves)\b")


def dead_since(claim: str, sentence: str) -> str | None:
    """ "Tom Vell, the mayor of Tessa, died in 1990" says he was the mayor, not that he is: where
    the claim says its subject is something now and the sentence that names it so says it died,
    the reason (a `tense` guard); None otherwise."""
    a = _APPOSITIVE.match(sentence)
    if a is None or a.group("verb") != "died" or not claim.startswith(a.group("name")):
        return None
    if not _NOW.search(claim):
        return None
    rest = sentence[a.start("verb") :].split(",")[0].rstrip(".")
    return f"the claim says {a.group('name')} is so now; the source says “{rest}”"
