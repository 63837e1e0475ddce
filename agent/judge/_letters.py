"""A capital letter that names a kind, not the article: "influenza A", "hepatitis A", "vitamin A",
"Plan A". Mid-sentence, right after a word with nothing between, "A" is a label (the article is
capitalised only where a sentence or a title starts, and titles are read apart). Read by
agent/judge/_text.py, so that "influenza A" is not matched by "influenza B"."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol


class _Token(Protocol):
    text: str
    start: int
    end: int


def letter_label(raw: str, tokens: Sequence[_Token], i: int) -> bool:
    """Is the token at ``i`` a capital "A" right after a word ("influenza A"), not an article?"""
    if tokens[i].text != "A" or i == 0 or raw.isupper():
        return False
    before = tokens[i - 1]
    return (
        before.text.isalpha()
        and len(before.text) > 2
        and not raw[before.end : tokens[i].start].strip()
    )


def with_its_word(tokens: Sequence[_Token], a: int, b: int, said: str) -> str:
    """A letter's name with the word it labels ("influenza A" for "A"), for a reader's reason."""
    if a == b and len(tokens[a].text) == 1 and tokens[a].text.isupper() and a > 0:
        before = tokens[a - 1]
        if before.text.isalpha() and not said.startswith(before.text):
            return f"{before.text} {said}"
    return said
