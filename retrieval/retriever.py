"""Retrieve → rerank over the knowledge base (docs/architecture.md, flow steps 2–3), and indexing into it.

Retrieval is hybrid: the dense leg (Chroma cosine) and the lexical leg (BM25, FTS5) each bring
their top `depth` documents, and the union is scored by a blend

    fused = cosine + lexical_weight × bm25 / ideal_bm25        (+ ACCESS_BOOST × access_count)

where the cosine is exact for every candidate (from the stored vectors, also for documents only
the lexical leg found) and the BM25 is divided by the query's ideal BM25 (see
`LexicalIndex.search`), an absolute [0, 1] share rather than one relative to the best candidate:
an unrelated query's best lexical match does not get full marks. The blend keeps cosine's
scale, so the relevance thresholds stay meaningful; reciprocal-rank fusion (`fusion="rrf"`) and
the single legs are there for comparison (benchmarks/retrieval.py).
"""

from __future__ import annotations

import logging
import time
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal, Protocol

import numpy as np

from retrieval.chunking import chunk_document
from retrieval.documents import AddReport, Document, StoredDocument
from retrieval.embeddings import Embedder
from retrieval.errors import KnowledgeBaseError
from retrieval.knowledge_base import KnowledgeBase, Legs
from retrieval.rerank import RelevanceScale, Reranker

log = logging.getLogger(__name__)

Fusion = Literal["blend", "rrf", "dense", "lexical"]


@dataclass(frozen=True)
class RetrievalConfig:
    top_k_retrieval: int = 20
    top_k_rerank: int = 5
    access_boost: float = 0.02
    fusion: Fusion = "blend"
    lexical_weight: float = 0.5
    depth: int = 50  # per leg, before fusion
    rrf_k: int = 60
    chunking: bool = True


@dataclass
class Candidate:
    """A KB document with its first-stage score (fused + access boost) and, once reranked, relevance."""

    doc: StoredDocument
    retrieval_score: float
    relevance: float | None = None
    dense: float | None = None  # cosine similarity to the query
    lexical: float = 0.0  # BM25 / the query's ideal BM25 (0 when the lexical leg did not find it)


def blend(dense: float, lexical: float, weight: float) -> float:
    """cosine + weight × normalised BM25: the fused score, on cosine's scale."""
    return dense + weight * lexical


class EvidenceRetriever(Protocol):
    """What the agent needs from the knowledge base: the seam its unit tests fake
    (`retrieval.memory.MemoryRetriever`). `Retriever` is the real one."""

    @property
    def scale(self) -> RelevanceScale: ...
    @property
    def reranker_name(self) -> str: ...
    async def candidates(self, query: str, k: int | None = None) -> list[Candidate]: ...
    async def rerank(
        self,
        query: str,
        candidates: Sequence[Candidate],
        *,
        keep: int | None = None,
        record_access: bool = True,
    ) -> list[Candidate]: ...
    async def record_access(self, relevances: dict[str, float]) -> None: ...
    async def record_verdict_use(self, relevances: dict[str, float]) -> bool: ...
    async def record_use(self, accessed: dict[str, float], used: dict[str, float]) -> bool: ...
    async def index(self, documents: Sequence[Document]) -> AddReport: ...
    async def stored(self, documents: Sequence[Document]) -> set[str]: ...


class Retriever:
    """Embeds queries, asks both legs of the KB, fuses, reranks, and writes documents into the KB."""

    def __init__(
        self, embedder: Embedder, kb: KnowledgeBase, reranker: Reranker, config: RetrievalConfig
    ) -> None:
        self.embedder = embedder
        self.kb = kb
        self.reranker = reranker
        self.config = config
        self._query_vectors: OrderedDict[str, np.ndarray] = OrderedDict()

    async def query_vector(self, query: str) -> np.ndarray:
        """The query's embedding; the last few are kept, so retrieve and rerank embed it once."""
        vector = self._query_vectors.get(query)
        if vector is None:
            vector = (await self.embedder.embed([query]))[0]
            self._query_vectors[query] = vector
            if len(self._query_vectors) > 64:
                self._query_vectors.popitem(last=False)
        return vector

    @property
    def scale(self) -> RelevanceScale:
        """The reranker's thresholds (relevance floor, "sufficient" mean) on its own score scale."""
        return self.reranker.scale

    @property
    def reranker_name(self) -> str:
        return self.reranker.name

    async def record_access(self, relevances: dict[str, float]) -> None:
        """Documents used as evidence (ids → relevance): access_count += 1."""
        await self.kb.record_access(relevances)

    async def stored(self, documents: Sequence[Document]) -> set[str]:
        """Ids of the given documents already in the KB (a chunked one by its first passage)."""
        first = {
            d.id: (chunk_document(d)[0].id if self.config.chunking else d.id) for d in documents
        }
        present = await self.kb.existing(list(first.values()))
        return {doc_id for doc_id, passage in first.items() if passage in present}

    def clear_query_cache(self) -> None:
        self._query_vectors.clear()

    async def candidates(
        self, query: str, k: int | None = None, *, fusion: Fusion | None = None
    ) -> list[Candidate]:
        """Hybrid top-k, best first: fused score + ACCESS_BOOST × access_count."""
        k = k or self.config.top_k_retrieval
        fusion = fusion or self.config.fusion
        depth = max(k, self.config.depth)
        vector = await self.query_vector(query)
        legs: Legs = "dense" if fusion == "dense" else "lexical" if fusion == "lexical" else "both"
        dense_docs, hits, lexical_only = await self.kb.hybrid_query(query, vector, depth, legs)
        found: dict[str, Candidate] = {
            d.id: Candidate(d, 0.0, dense=d.similarity) for d in dense_docs
        }
        for doc in lexical_only:
            doc.similarity = _cosine(vector, doc.embedding)
            found[doc.id] = Candidate(doc, 0.0, dense=doc.similarity)
        for hit in hits:
            if hit.id in found:
                found[hit.id].lexical = hit.normalised
        dense_rank = {d.id: rank for rank, d in enumerate(dense_docs)}
        lexical_rank = {h.id: rank for rank, h in enumerate(hits)}
        for c in found.values():
            if fusion == "rrf":
                score = sum(
                    1.0 / (self.config.rrf_k + 1 + ranks[c.doc.id])
                    for ranks in (dense_rank, lexical_rank)
                    if c.doc.id in ranks
                )
            elif fusion == "lexical":
                score = c.lexical
            elif fusion == "dense":
                score = c.dense or 0.0
            else:
                score = blend(c.dense or 0.0, c.lexical, self.config.lexical_weight)
            c.retrieval_score = score + self.config.access_boost * c.doc.access_count
        ranked = sorted(found.values(), key=lambda c: c.retrieval_score, reverse=True)
        return ranked[:k]

    async def rerank(
        self,
        query: str,
        candidates: Sequence[Candidate],
        *,
        keep: int | None = None,
        record_access: bool = True,
    ) -> list[Candidate]:
        """Score with the reranker, drop below its threshold, keep the top ones.

        Only the kept documents get access_count += 1 and last_accessed = now."""
        if not candidates:
            return []
        if self.reranker.kind == "embedding":
            scores = await self._blend_scores(query, candidates)
        else:
            scores = await self.reranker.score(query, [c.doc.text for c in candidates])
        for candidate, score in zip(candidates, scores, strict=True):
            candidate.relevance = score
        floor = self.reranker.scale.min_relevance
        kept = sorted(
            (c for c in candidates if (c.relevance or 0.0) >= floor),
            key=lambda c: c.relevance or 0.0,
            reverse=True,
        )[: keep or self.config.top_k_rerank]
        if record_access and kept:
            await self.kb.record_access({c.doc.id: float(c.relevance or 0.0) for c in kept})
        return kept

    async def _blend_scores(self, query: str, candidates: Sequence[Candidate]) -> list[float]:
        """The embedding fallback's relevance: the blend, from stored vectors where there are some
        (no re-embedding of KB documents), embedding only passages that have no vector yet."""
        vector = await self.query_vector(query)
        missing = [c for c in candidates if c.dense is None and c.doc.embedding is None]
        if missing:
            vectors = await self.embedder.embed([c.doc.text for c in missing])
            for c, v in zip(missing, vectors, strict=True):
                c.doc.embedding = v
        for c in candidates:
            if c.dense is None:
                c.dense = _cosine(vector, c.doc.embedding)
        weight = self.config.lexical_weight if self.config.fusion != "dense" else 0.0
        return [blend(c.dense or 0.0, c.lexical, weight) for c in candidates]

    async def search(
        self,
        query: str,
        *,
        k: int | None = None,
        depth: int | None = None,
        record_access: bool = True,
    ) -> list[Candidate]:
        """Retrieve (`depth` candidates, TOP_K_RETRIEVAL by default) and rerank, keeping `k`."""
        found = await self.candidates(query, depth or max(k or 0, self.config.top_k_retrieval))
        return await self.rerank(query, found, keep=k, record_access=record_access)

    async def index(self, documents: Sequence[Document]) -> AddReport:
        """Chunk long documents, embed (in one batch) and add. The report is per input document:
        its id (the parent's for a chunked one), and added when any of its passages was new."""
        if not documents:
            return AddReport(ids=[], added=0, duplicates=0)
        passages: list[Document] = []
        owner: list[int] = []
        for index, doc in enumerate(documents):
            parts = chunk_document(doc) if self.config.chunking else [doc]
            passages += parts
            owner += [index] * len(parts)
        stored = await self.kb.existing([p.id for p in passages])
        todo = list({p.id: p for p in passages if p.id not in stored}.values())
        new_ids: set[str] = set()
        if todo:
            vectors = await self.embedder.embed([p.text for p in todo])
            new_ids = set((await self.kb.add(todo, vectors)).new_ids)
        stored_new = sorted(new_ids)
        fresh: set[int] = set()
        for i, p in enumerate(passages):
            if (
                p.id in new_ids
            ):  # a passage repeated within the batch is new for its first owner only
                fresh.add(owner[i])
                new_ids.discard(p.id)
        return AddReport(
            ids=[d.id for d in documents],
            added=len(fresh),
            duplicates=len(documents) - len(fresh),
            new_ids=stored_new,
        )

    async def record_use(self, accessed: dict[str, float], used: dict[str, float]) -> bool:
        """One verification's record, in one write: the KB documents it kept (ids → relevance:
        access_count += 1) and the evidence its verdict used (verification_count += 1 and
        avg_relevance updated; ids not in the KB are ignored). Best effort: the verdict stands
        even when the KB cannot be written, so a KB failure is logged and reported as False."""
        if not accessed and not used:
            return True
        try:
            await self.kb.record_use(accessed, used)
        except KnowledgeBaseError as exc:
            log.warning("could not record evidence use in the knowledge base: %s", exc)
            return False
        return True

    async def record_verdict_use(self, relevances: dict[str, float]) -> bool:
        """Evidence (ids → relevance) used in a verdict, alone (``record_use`` with no access)."""
        return await self.record_use({}, relevances)


def _cosine(query: np.ndarray, vector: np.ndarray | None) -> float:
    if vector is None:
        return 0.0
    return float(np.dot(np.asarray(vector, dtype=np.float32), query))


@dataclass(frozen=True)
class Retrieved:
    """One KB search: every candidate (best first), the ones the reranker kept, and the
    milliseconds each stage took."""

    candidates: list[Candidate]
    kept: list[Candidate]
    retrieve_ms: float
    rerank_ms: float


async def retrieve_and_rerank(
    retriever: EvidenceRetriever, query: str, keep: int, *, record_access: bool = True
) -> Retrieved:
    """Hybrid candidates, then the rerank keeping ``keep``, each stage timed (any retriever)."""
    started = time.perf_counter()
    candidates = await retriever.candidates(query)
    retrieved = time.perf_counter()
    kept = await retriever.rerank(query, candidates, keep=keep, record_access=record_access)
    return Retrieved(
        candidates,
        kept,
        (retrieved - started) * 1000,
        (time.perf_counter() - retrieved) * 1000,
    )
