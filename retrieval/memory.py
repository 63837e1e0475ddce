"""An in-memory knowledge base behind the `EvidenceRetriever` seam: no model, no Chroma.

Relevance is the share of the query's content words a document contains (0–1), so a test can say
exactly which documents are relevant. It keeps the same contract as `Retriever`: deterministic
ids, duplicates added once, access and verdict-use counters, chunk-free passages.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from retrieval.documents import AddReport, Document, StoredDocument
from retrieval.errors import KnowledgeBaseUnavailable
from retrieval.rerank import RelevanceScale
from retrieval.retriever import Candidate

__all__ = ["MemoryRetriever"]

_WORD = re.compile(r"[a-z0-9]+")
_STOP = frozenset(
    [
        "a",
        "an",
        "and",
        "are",
        "as",
        "at",
        "be",
        "by",
        "for",
        "from",
        "has",
        "have",
        "in",
        "is",
        "it",
        "its",
        "of",
        "on",
        "or",
        "that",
        "the",
        "to",
        "was",
        "were",
        "with",
        "this",
        "these",
        "those",
        "not",
        "no",
    ]
)


def _words(text: str) -> set[str]:
    return {w for w in _WORD.findall(text.lower()) if w not in _STOP}


class MemoryRetriever:
    """Documents in a dict; relevance = |query words ∩ document words| / |query words|."""

    def __init__(
        self,
        documents: Sequence[Document] = (),
        *,
        min_relevance: float = 0.3,
        sufficient_mean: float = 0.8,
        top_k: int = 5,
        fail_index: int = 0,
    ) -> None:
        self._scale = RelevanceScale(min_relevance=min_relevance, sufficient_mean=sufficient_mean)
        self.top_k = top_k
        self.docs: dict[str, StoredDocument] = {}
        self.access: dict[str, int] = {}
        self.verdict_uses: dict[str, int] = {}
        self.fail_index = fail_index  # the next `fail_index` index() calls raise (a KB outage)
        self.index_calls = 0
        for d in documents:
            self.docs[d.id] = d.as_stored()

    @property
    def scale(self) -> RelevanceScale:
        return self._scale

    @property
    def reranker_name(self) -> str:
        return "word overlap (in-memory)"

    def _relevance(self, query: str, text: str) -> float:
        asked = _words(query)
        return len(asked & _words(text)) / len(asked) if asked else 0.0

    async def candidates(self, query: str, k: int | None = None) -> list[Candidate]:
        scored = [Candidate(doc, self._relevance(query, doc.text)) for doc in self.docs.values()]
        scored = [c for c in scored if c.retrieval_score > 0]
        return sorted(scored, key=lambda c: c.retrieval_score, reverse=True)[: k or 20]

    async def rerank(
        self,
        query: str,
        candidates: Sequence[Candidate],
        *,
        keep: int | None = None,
        record_access: bool = True,
    ) -> list[Candidate]:
        for c in candidates:
            c.relevance = self._relevance(query, c.doc.text)
        kept = sorted(
            (c for c in candidates if (c.relevance or 0.0) >= self._scale.min_relevance),
            key=lambda c: c.relevance or 0.0,
            reverse=True,
        )[: keep or self.top_k]
        if record_access and kept:
            await self.record_access({c.doc.id: c.relevance or 0.0 for c in kept})
        return kept

    async def record_access(self, relevances: dict[str, float]) -> None:
        for doc_id in relevances:
            self.access[doc_id] = self.access.get(doc_id, 0) + 1

    async def record_use(self, accessed: dict[str, float], used: dict[str, float]) -> bool:
        await self.record_access(accessed)
        return await self.record_verdict_use(used)

    async def record_verdict_use(self, relevances: dict[str, float]) -> bool:
        for doc_id in relevances:
            if doc_id in self.docs:
                self.verdict_uses[doc_id] = self.verdict_uses.get(doc_id, 0) + 1
        return True

    async def index(self, documents: Sequence[Document]) -> AddReport:
        self.index_calls += 1
        if self.fail_index:
            self.fail_index -= 1
            raise KnowledgeBaseUnavailable("the in-memory KB is set to fail")
        new = [d for d in documents if d.id not in self.docs]
        for d in new:
            self.docs[d.id] = d.as_stored()
        return AddReport(
            ids=[d.id for d in documents],
            added=len(new),
            duplicates=len(documents) - len(new),
            new_ids=[d.id for d in new],
        )

    async def stored(self, documents: Sequence[Document]) -> set[str]:
        return {d.id for d in documents if d.id in self.docs}
