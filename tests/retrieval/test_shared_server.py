"""Several API processes on one Chroma server: each keeps its own lexical sidecar, and each sidecar
catches up with what the others indexed or deleted, so every process fuses the same results."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator

import pytest

from retrieval.concurrency import run_blocking
from retrieval.documents import Document
from retrieval.embeddings import HashingEmbedder
from retrieval.knowledge_base import ChromaKnowledgeBase
from retrieval.rerank import EmbeddingReranker
from retrieval.retriever import RetrievalConfig, Retriever

pytestmark = pytest.mark.slow

DANUBE = Document(
    "The Danube flows through ten countries, more than any other river.",
    "https://example.org/danube",
    "Danube",
)
OTHERS = [
    Document("The Nile is about 6,650 kilometres long.", "https://example.org/nile", "Nile"),
    Document(
        "The Amazon carries more water than any other river.",
        "https://example.org/amazon",
        "Amazon",
    ),
]


async def open_kb(port: int, folder, sync_s: float) -> ChromaKnowledgeBase:
    return await run_blocking(
        ChromaKnowledgeBase.open_server, "127.0.0.1", port, "shared", folder, sync_s
    )


@contextlib.asynccontextmanager
async def two_processes(
    port: int,
    folder,
    sync_s: tuple[float, float] = (0, 0),
) -> AsyncIterator[tuple[ChromaKnowledgeBase, ChromaKnowledgeBase]]:
    """Two knowledge bases on the one server, each with its own sidecar (as two API processes
    have) and catch-up interval; both closed at the end."""
    first = await open_kb(port, folder / "first", sync_s[0])
    second = await open_kb(port, folder / "second", sync_s[1])
    try:
        yield first, second
    finally:
        first.close()
        second.close()


def retriever_on(kb) -> Retriever:
    embedder = HashingEmbedder()
    return Retriever(embedder, kb, EmbeddingReranker(embedder), RetrievalConfig())


async def test_a_document_indexed_by_one_process_is_found_by_the_others_lexical_leg(
    tmp_path, chroma_server
):
    port, _ = chroma_server
    async with two_processes(port, tmp_path) as (a, b):
        assert a.lexical.path != b.lexical.path  # two sidecars, as in two processes
        assert await b.lexical_query("Danube", 5) == []
        await retriever_on(a).index([DANUBE, *OTHERS])

        hits = await b.lexical_query("Danube countries", 5)
        assert [h.id for h in hits] == [DANUBE.id]
        fused_a = await retriever_on(a).candidates("Which river flows through ten countries?", 3)
        fused_b = await retriever_on(b).candidates("Which river flows through ten countries?", 3)
        assert [c.doc.id for c in fused_b] == [c.doc.id for c in fused_a]
        assert [round(c.retrieval_score, 6) for c in fused_b] == [
            round(c.retrieval_score, 6) for c in fused_a
        ]
        assert fused_b[0].doc.id == DANUBE.id and fused_b[0].lexical > 0
        assert (await b.stats())["by_origin"] == (await a.stats())["by_origin"]

        assert await a.delete(DANUBE.id) == 1
        assert await b.lexical_query("Danube", 5) == []
        assert b.lexical.count() == a.lexical.count() == 2


async def test_the_catch_up_runs_at_most_once_per_interval(tmp_path, chroma_server):
    port, _ = chroma_server
    async with two_processes(port, tmp_path, (0, 3600)) as (writer, reader):
        await retriever_on(writer).index([DANUBE])
        # within the interval the reader answers from its sidecar as it is: no server round trip
        assert await reader.lexical_query("Danube", 5) == []
        assert await run_blocking(reader.catch_up, force=True) == 1
        assert [h.id for h in await reader.lexical_query("Danube", 5)] == [DANUBE.id]
        assert await run_blocking(reader.catch_up) == 0  # not due again for an hour


async def test_documents_without_indexed_at_are_found_by_the_count_check(tmp_path, chroma_server):
    """A writer of an older version (no `indexed_at` in the metadata) is still caught up with."""
    port, _ = chroma_server
    async with two_processes(port, tmp_path) as (old, new):
        vector = (await HashingEmbedder().embed([DANUBE.text]))[0]
        await run_blocking(
            old._collection.add,
            ids=[DANUBE.id],
            documents=[DANUBE.text],
            metadatas=[DANUBE.metadata()],
            embeddings=[vector],
        )
        assert [h.id for h in await new.lexical_query("Danube", 5)] == [DANUBE.id]
