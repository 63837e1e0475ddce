"""Retrieve → rerank over the knowledge base (DESIGN §2 steps 2–3), and indexing into it."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from retrieval.documents import AddReport, Document, StoredDocument
from retrieval.embeddings import Embedder
from retrieval.knowledge_base import KnowledgeBase
from retrieval.rerank import Reranker


@dataclass(frozen=True)
class RetrievalConfig:
    top_k_retrieval: int = 20
    top_k_rerank: int = 5
    access_boost: float = 0.02


@dataclass
class Candidate:
    """A KB document with its first-stage score (cosine + access boost) and, once reranked, relevance."""

    doc: StoredDocument
    retrieval_score: float
    relevance: float | None = None


class Retriever:
    """Embeds queries, asks the KB, reranks, and writes new documents into the KB."""

    def __init__(self, embedder: Embedder, kb: KnowledgeBase, reranker: Reranker,
                 config: RetrievalConfig) -> None:
        self.embedder = embedder
        self.kb = kb
        self.reranker = reranker
        self.config = config

    async def candidates(self, query: str, k: int | None = None) -> list[Candidate]:
        """Cosine top-k from the KB, boosted by ACCESS_BOOST × access_count, best first."""
        vector = (await self.embedder.embed([query]))[0]
        docs = await self.kb.query(vector, k or self.config.top_k_retrieval)
        found = [
            Candidate(doc, doc.similarity + self.config.access_boost * doc.access_count)
            for doc in docs
        ]
        found.sort(key=lambda c: c.retrieval_score, reverse=True)
        return found

    async def rerank(self, query: str, candidates: Sequence[Candidate], *, keep: int | None = None,
                     record_access: bool = True) -> list[Candidate]:
        """Score with the reranker, drop below its threshold, keep the top ones.

        Only the kept documents get access_count += 1 (and their relevance averaged in)."""
        if not candidates:
            return []
        scores = await self.reranker.score(query, [c.doc.text for c in candidates])
        for candidate, score in zip(candidates, scores, strict=True):
            candidate.relevance = score
        floor = self.reranker.scale.min_relevance
        kept = sorted((c for c in candidates if (c.relevance or 0.0) >= floor),
                      key=lambda c: c.relevance or 0.0, reverse=True)[: keep or self.config.top_k_rerank]
        if record_access and kept:
            await self.kb.record_access({c.doc.id: float(c.relevance or 0.0) for c in kept})
        return kept

    async def search(self, query: str, *, k: int | None = None, record_access: bool = True) -> list[Candidate]:
        return await self.rerank(query, await self.candidates(query), keep=k, record_access=record_access)

    async def index(self, documents: Sequence[Document]) -> AddReport:
        """Embed (in one batch) and add; documents already stored are counted as duplicates."""
        if not documents:
            return AddReport(ids=[], added=0, duplicates=0)
        vectors = await self.embedder.embed([d.text for d in documents])
        return await self.kb.add(documents, vectors)
