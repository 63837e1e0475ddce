"""A claim typed in one case: "BRENMOOR AIRPORT PASSENGER NUMBERS FELL IN 2023" (a headline in
capitals) or "ostrel bridge in velmora is 2.4 km long" (typed in lower case) says nothing by its
capitals, so every word would read as a name, or none. Each word takes the case the sentence
writes it in (a name is a name where the sentence writes it so), a word the sentence does not
have is a common word, and the first word opens the sentence."""

from __future__ import annotations

import re

_WORD = re.compile(r"[^\W\d_][\w'’\-]*")


def _one_case(claim: str) -> bool:
    """Is the claim written in capitals only, or in lower case only (three words at least)?"""
    letters = [ch for ch in claim if ch.isalpha()]
    words = _WORD.findall(claim)
    if len(words) < 3 or len(letters) < 8:
        return False
    return all(ch.isupper() for ch in letters) or all(ch.islower() for ch in letters)


def _sentence_forms(sentence: str) -> dict[str, str]:
    """Each word of the sentence (lower-cased) with the form the sentence writes it in; the
    sentence's first word counts only where it comes nowhere else (its capital is the
    sentence's, not the word's), then as the sentence writes it only if it is all capitals."""
    forms: dict[str, str] = {}
    opening: dict[str, str] = {}
    for k, m in enumerate(_WORD.finditer(sentence)):
        word = m.group()
        starts = k == 0 or bool(re.search(r"[.!?:;\"“(]\s*$", sentence[: m.start()]))
        if starts:
            opening.setdefault(word.lower(), word if word.isupper() and len(word) > 1 else "")
            continue
        low = word.lower()
        if low not in forms or (word[:1].isupper() and not forms[low][:1].isupper()):
            forms[low] = word
    for low, word in opening.items():
        forms.setdefault(low, word or low)
    return forms


def recased(claim: str, sentence: str) -> str:
    """The claim in the sentence's case where it was typed in one case; else as it is."""
    if not _one_case(claim):
        return claim
    forms = _sentence_forms(sentence)
    out = _WORD.sub(lambda m: forms.get(m.group().lower(), m.group().lower()), claim)
    first = _WORD.search(out)
    if first is not None and first.group()[:1].islower():
        out = out[: first.start()] + first.group()[:1].upper() + out[first.start() + 1 :]
    return out
