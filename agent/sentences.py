"""Sentences with exact offsets (pysbd: rule-based, ships its rules, works offline), a text's
content words, and the sentence of a text that best quotes a claim."""

from __future__ import annotations

import re
from dataclasses import dataclass


@dataclass
class Sentence:
    text: str
    start: int
    end: int


def split_sentences(text: str) -> list[Sentence]:
    """Sentences with exact offsets (surrounding whitespace trimmed): text[start:end] == sentence."""
    import pysbd

    segmenter = pysbd.Segmenter(language="en", clean=False, char_span=True)
    sentences = []
    for span in segmenter.segment(text):
        raw = text[span.start : span.end]
        stripped = raw.strip()
        if not stripped:
            continue
        start = span.start + (len(raw) - len(raw.lstrip()))
        goes_on = _GOES_ON.match(stripped) and sentences and sentences[-1].text.endswith(("?", "!"))
        if sentences and (goes_on or _in_a_name(sentences[-1].text, stripped)):
            # a title's question mark: "starred in Dude, Where's My Car? (2000), …"
            last = sentences.pop()
            end = start + len(stripped)
            sentences.append(Sentence(text[last.start : end], last.start, end))
            continue
        sentences.append(Sentence(stripped, start, start + len(stripped)))
    return sentences


def _in_a_name(before: str, after: str) -> bool:
    """Does a short word's full stop stand inside a name ("by Warner Bros. Records.")?"""
    last = before.rsplit(None, 1)[-1]
    first = after.split(None, 1)[0].strip("\"'(").lower()
    return last in _SHORTENED and after[:1].isupper() and first not in _OPENERS


# short words a full stop ends inside a company's or a person's name
_SHORTENED = frozenset("Bros. Co. Corp. Inc. Ltd. Jr. Sr. St. Mt. Ft.".split())
# words that open a sentence rather than go on with a name
_OPENERS = frozenset(
    """
the a an it he she they we i you this that these those there his her its their our in on at
after before during when while as by for from with since however also then but and or of to
""".split()
)


# what goes on with a sentence after a "?" or "!" inside it: a year in brackets, a lower-case word
_GOES_ON = re.compile(r"\(\d|[a-z]")


_SENTENCE = re.compile(r"(?<=[.!?])\s+(?=[A-Z0-9\"'(])")


_WORD = re.compile(r"[a-z0-9]+")


_STOP = frozenset(
    [
        "the",
        "a",
        "an",
        "of",
        "to",
        "in",
        "on",
        "and",
        "or",
        "is",
        "are",
        "was",
        "were",
        "be",
        "by",
        "for",
        "with",
        "as",
        "at",
        "it",
        "its",
        "that",
        "this",
        "from",
        "has",
        "have",
        "had",
        "not",
        "no",
    ]
)


def content_words(text: str) -> set[str]:
    return {w for w in _WORD.findall(text.lower()) if w not in _STOP and len(w) > 1}


def best_quote(claim: str, text: str, max_chars: int = 300) -> str:
    """The sentence of `text` sharing the most content words with the claim, verbatim."""
    sentences = [s.strip() for s in _SENTENCE.split(text.strip()) if s.strip()] or [text.strip()]
    wanted = content_words(claim)
    best = max(sentences, key=lambda s: (len(wanted & content_words(s)), -abs(len(s) - 160)))
    return best if len(best) <= max_chars else best[:max_chars].rsplit(" ", 1)[0]


def semicolon_clauses(sentence: str) -> list[str]:
    """The clauses a semicolon joins, each read as a sentence; not one inside brackets or quotes."""
    out, start, depth, quoted = [], 0, 0, False
    for k, ch in enumerate(sentence):
        depth += (ch in "([") - (ch in ")]")
        quoted ^= ch in '"“”'
        if ch == ";" and depth == 0 and not quoted and sentence[k + 1 : k + 2] == " ":
            out.append(sentence[start:k].strip())
            start = k + 1
    out.append(sentence[start:].strip())
    return [c for c in out if c]
