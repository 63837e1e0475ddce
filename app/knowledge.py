"""The knowledge base as the edges see it (`/api/kb/*`, the MCP tool, `claimcheck kb`): what it
holds, a search through the verifier's retrieve + rerank, adding and deleting documents — each
answered in its wire shape (app/schemas/kb.py), a KB hit mapped in one place (`hit`)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from app.schemas.kb import (
    KBAddResponse,
    KBDeleteResponse,
    KBDocumentIn,
    KBSearchHit,
    KBSearchResponse,
    KBStats,
)
from retrieval.doctor import DoctorReport, doctor
from retrieval.documents import AddReport, Document
from retrieval.errors import DocumentNotFound
from retrieval.retriever import Candidate, Retriever
from seed.seeding import ingest, seed_if_empty


def hit(candidate: Candidate) -> KBSearchHit:
    """A retrieved, reranked passage on the wire."""
    doc, relevance = candidate.doc, round(float(candidate.relevance or 0.0), 6)
    return KBSearchHit(
        id=doc.id,
        text=doc.text,
        source=doc.source,
        title=doc.title,
        score=relevance,
        relevance=relevance,
        retrieval_score=round(candidate.retrieval_score, 6),
        dense=None if candidate.dense is None else round(candidate.dense, 6),
        lexical=round(candidate.lexical, 6),
        parent_id=doc.parent_id,
        domain=doc.domain,
        source_type=doc.source_type,
        credibility=doc.credibility,
        origin=doc.origin,
        timestamp=doc.timestamp,
        access_count=doc.access_count,
        verification_count=doc.verification_count,
        avg_relevance=doc.avg_relevance,
    )


class KnowledgeService:
    """The knowledge base behind the retriever the verifier uses."""

    def __init__(self, retriever: Retriever, collection: str) -> None:
        self._retriever = retriever
        self._kb = retriever.kb
        self.collection = collection

    @property
    def mode(self) -> str:
        return self._kb.mode

    @property
    def where(self) -> Any:
        return self._kb.where

    async def count(self) -> int:
        return await self._kb.count()

    async def stats(self) -> KBStats:
        """How many passages, by source type and origin, and the oldest and newest timestamps."""
        return KBStats(
            mode=self._kb.mode,
            collection=self.collection,
            embedder=self._retriever.embedder.name,
            **await self._kb.stats(),
        )

    async def search(self, query: str, k: int = 10) -> KBSearchResponse:
        """The verifier's retrieve + rerank; a lookup, so it does not count as an access."""
        query = query.strip()
        kept = await self._retriever.search(query, k=k, record_access=False)
        return KBSearchResponse(
            query=query, reranker=self._retriever.reranker.name, results=[hit(c) for c in kept]
        )

    async def add(self, documents: Sequence[KBDocumentIn]) -> KBAddResponse:
        """Users' documents, in one batch; ids are deterministic, so re-adding adds nothing."""
        report = await self.index(
            [
                Document(
                    text=d.text,
                    source=d.source,
                    title=d.title or "",
                    timestamp=d.timestamp,
                    origin="user",
                )
                for d in documents
            ]
        )
        return KBAddResponse(ids=report.ids, added=report.added, duplicates=report.duplicates)

    async def index(self, documents: Sequence[Document]) -> AddReport:
        """Documents made here (seed files, editors' reviews): chunked, embedded and stored."""
        return await self._retriever.index(documents)

    async def ingest(
        self,
        documents: list[Document],
        batch_size: int = 64,
        progress: Callable[[int], None] | None = None,
    ) -> AddReport:
        """Many documents, in batches (`claimcheck kb ingest`, the seed file): stored passages are
        skipped before embedding, so a re-run after an interruption adds nothing twice."""
        return await ingest(self._retriever, documents, batch_size, progress)

    async def seed_if_empty(self) -> AddReport | None:
        """The seed facts, into an empty knowledge base only (AUTO_SEED)."""
        return await seed_if_empty(self._retriever)

    async def doctor(self, *, fix: bool, export: Path) -> DoctorReport:
        """Stored documents whose source is not a usable URL (`claimcheck kb doctor`)."""
        return await doctor(self._kb, fix=fix, export=export)

    async def delete(self, doc_id: str) -> KBDeleteResponse:
        """Every passage of the document, or `DocumentNotFound` (404)."""
        deleted = await self._kb.delete(doc_id)
        if not deleted:
            raise DocumentNotFound(f"no document with id {doc_id!r}")
        return KBDeleteResponse(id=doc_id, deleted=deleted)
