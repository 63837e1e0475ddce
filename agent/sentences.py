"""Sentences with exact offsets (pysbd: rule-based, ships its rules, works offline)."""

from __future__ import annotations

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
        sentences.append(Sentence(stripped, start, start + len(stripped)))
    return sentences
