"""Chunking long documents (abstracts, fetched pages) into passages of a sensible size.

MiniLM reads at most 256 word pieces (≈ 190 words) and one long page would otherwise drown
short snippets (BM25 and embeddings both favour it on many queries). Each passage keeps the
parent's source URL and title, and records `parent_id`, `chunk` (0-based) and `chunks` so the
parent can be found, shown and deleted as one.
"""

from __future__ import annotations

import re
from dataclasses import replace

from retrieval.documents import Document

_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[\"'(\[]?[A-Z0-9])")

MAX_WORDS = 180
SPLIT_ABOVE_WORDS = 240


def sentences(text: str) -> list[str]:
    return [s.strip() for s in _SENTENCE_END.split(text.strip()) if s.strip()]


def _pack(parts: list[str], max_words: int) -> list[str]:
    """Greedy packing of sentences into passages of ≤ max_words, one sentence of overlap."""
    passages: list[str] = []
    current: list[str] = []
    words = 0
    for part in parts:
        n = len(part.split())
        if current and words + n > max_words:
            passages.append(" ".join(current))
            overlap = current[-1] if len(current[-1].split()) < max_words // 3 else None
            current, words = ([overlap], len(overlap.split())) if overlap else ([], 0)
        current.append(part)
        words += n
    if current:
        passages.append(" ".join(current))
    return passages


def _split_long(sentence: str, max_words: int) -> list[str]:
    tokens = sentence.split()
    return [" ".join(tokens[i : i + max_words]) for i in range(0, len(tokens), max_words)]


def chunk_document(
    doc: Document, max_words: int = MAX_WORDS, split_above_words: int = SPLIT_ABOVE_WORDS
) -> list[Document]:
    """[doc] when it is short enough; else passages with the parent's source, title and id."""
    if len(doc.text.split()) <= split_above_words:
        return [doc]
    parts: list[str] = []
    for sentence in sentences(doc.text):
        parts += (
            _split_long(sentence, max_words) if len(sentence.split()) > max_words else [sentence]
        )
    passages = _pack(parts, max_words)
    if len(passages) <= 1:
        return [doc]
    parent = doc.id
    return [
        replace(
            doc,
            text=passage,
            extra={**doc.extra, "parent_id": parent, "chunk": index, "chunks": len(passages)},
        )
        for index, passage in enumerate(passages)
    ]
