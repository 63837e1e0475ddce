"""A noun in the claim's slot that the sentence's noun there leaves open: a list that goes on to a
kind of it, a genre within another, two trades not set apart, a part named by a prefix."""

from __future__ import annotations

from agent.judge import _lexicon as lex
from agent.judge._described import genres_apart
from agent.judge._text import _Text, _Tok
from agent.judge._trades import trades_apart


def left_open(s: _Text, tok: _Tok, word: str, theirs: str) -> bool:
    """The sentence's noun in the claim's slot leaves the claim's open: the list goes on to a kind
    of it ("an actor and musician" for "a singer"), one genre is within the other ("a metal band"
    for "a rock band"), or two trades the field table does not set apart (WordNet's kinds would:
    "a footballer" for "a striker")."""
    if _wider_beside(s, tok, word) or genres_apart(word, theirs) is False:
        return True
    if lex.category(word) == "person" and lex.category(theirs) == "person":
        return not trades_apart(word, [theirs], {t.low for t in s.tokens})
    return False


def _wider_beside(s: _Text, tok: _Tok, word: str) -> bool:
    """A list goes on from ``tok`` to a noun that may be the claim's ``word`` ("an actor and
    musician" leaves "a singer" open)."""
    listed = False  # past an "and", "or" or a comma: the list's next item
    for nxt in s.tokens[tok.index + 1 : tok.index + 9]:
        gap = s.raw[s.tokens[nxt.index - 1].end : nxt.start]
        if any(p in gap for p in ";()") or nxt.low in {"who", "which", "that", "of", "by"}:
            return False
        listed = listed or "," in gap or nxt.low in {"and", "or"}
        if listed and (nxt.low == word or lex.hypernym_of(nxt.low, word)):
            return True
    return False


def part_named(a: str, b: str) -> bool:
    """Is one word the other with a prefix ("subpopulations" of a "population")?"""
    a, b = a.removesuffix("s"), b.removesuffix("s")
    return a != b and (a.endswith(b) or b.endswith(a))
