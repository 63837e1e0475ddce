"""What a participle after a sentence's clause says of the sentence's subject: "Bad Romance sold 12
million copies, becoming one of the best-selling singles of all time" also says "Bad Romance
became one of the best-selling singles of all time" — the subject of the participle is the
subject of the clause before it, as a reader takes it.

Only "becoming" is read: it says what the subject came to be ("making it" and "leaving" name
another thing, and "including" a part of a list). The subject is a name at the start of the
sentence (a pronoun there is put back to the claim's name first, ``subject_restated``).
"""

from __future__ import annotations

import re

_BECOMING = re.compile(
    r"^\s*(?P<name>(?:The\s+)?[A-Z][\w.'’&-]*(?:\s+[A-Z][\w.'’&-]*){0,5})\s+(?=[a-z])"
    r"[^;]*?,\s+(?:and\s+)?(?:thus\s+|so\s+|ultimately\s+|eventually\s+|later\s+)?"
    r"becoming\s+(?P<what>[^,;()]{3,120})"
)


def adjunct_readings(sentence: str) -> list[str]:
    """ "X did …, becoming Y" also says "X became Y"; nothing for any other sentence."""
    m = _BECOMING.match(sentence)
    if m is None:
        return []
    what = m.group("what").strip().rstrip(".")
    return [f"{m.group('name')} became {what}."]
