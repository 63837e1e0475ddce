"""People counted against the names a sentence lists: "Apple was founded by three people" against
"… was founded on April 1, 1976, by Steve Jobs, Steve Wozniak and Ronald Wayne" — the sentence
read with its list said as a count ("by three people"), so that the comparison decides on the
number (agent/judge/compare.py's readings)."""

from __future__ import annotations

import re

from agent.judge._units import NUMBER_WORDS

_BY_SO_MANY = re.compile(r"\bby (?P<n>\w+) (?P<who>people|persons|men|women|individuals)\b", re.I)
_NAME = r"[A-Z][\w.'’-]*(?: [A-Z][\w.'’-]*){0,3}"
_BY_NAMES = re.compile(rf"\bby (?P<names>{_NAME}(?:, {_NAME})*,? and {_NAME})(?=[\s,.;]|$)")
_SAID = {v: k for k, v in NUMBER_WORDS.items() if isinstance(v, int) and k.isalpha()}


def names_counted(claim: str, sentence: str) -> list[str]:
    """The sentence with the names listed after its "by" said as a count of the claim's kind of
    people ("by three people"), where the claim counts them; nothing otherwise."""
    mine = _BY_SO_MANY.search(claim)
    listed = _BY_NAMES.search(sentence)
    if mine is None or listed is None or not mine.group("n").isalpha():
        return []
    n = len(re.split(r",? and |, ", listed.group("names")))
    if n not in _SAID:
        return []
    said = f"by {_SAID[n]} {mine.group('who').lower()}"
    return [f"{sentence[: listed.start()]}{said}{sentence[listed.end() :]}"]
