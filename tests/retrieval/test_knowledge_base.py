"""The Chroma knowledge base (embedded, in tmp_path) with the deterministic hashing embedder."""

from __future__ import annotations

import time

import numpy as np
import pytest

from retrieval.documents import Document, document_id
from retrieval.embeddings import HashingEmbedder
from retrieval.errors import KnowledgeBaseLocked
from retrieval.knowledge_base import ChromaKnowledgeBase, check_directory_free
from retrieval.rerank import EmbeddingReranker
from retrieval.retriever import RetrievalConfig, Retriever

DOCS = [
    Document(
        "The Earth is an oblate spheroid, not flat.",
        "https://science.nasa.gov/earth/facts/",
        "Earth",
    ),
    Document(
        "Apollo 11 landed on the Moon on 20 July 1969.", "https://www.nasa.gov/apollo-11/", "Apollo"
    ),
    Document(
        "Light travels at 299,792,458 metres per second.", "https://www.nist.gov/si/c", "claims"
    ),
]


@pytest.fixture
def kb(tmp_path):
    store = ChromaKnowledgeBase.open_embedded(tmp_path / "kb", "test")
    yield store
    store.close()


@pytest.fixture
def retriever(kb):
    embedder = HashingEmbedder()
    return Retriever(embedder, kb, EmbeddingReranker(embedder), RetrievalConfig(top_k_rerank=2))


def test_ids_are_deterministic_from_source_and_normalised_text():
    assert document_id("s", "Hello  World") == document_id("s", "hello world")
    assert document_id("s", "hello world") != document_id("t", "hello world")


def test_metadata_follows_the_seed_schema():
    meta = DOCS[0].metadata()
    for key in (
        "source",
        "domain",
        "source_type",
        "source_credibility",
        "details",
        "timestamp",
        "access_count",
        "verification_count",
        "avg_relevance",
        "last_accessed",
        "text_length",
        "language",
    ):
        assert key in meta
    assert meta["domain"] == "nasa.gov" and meta["source_credibility"] >= 0.9
    assert meta["text_length"] == len(DOCS[0].text)


async def test_adding_twice_stores_once(retriever, kb):
    first = await retriever.index(DOCS)
    again = await retriever.index([*DOCS, DOCS[0]])
    assert (first.added, first.duplicates) == (3, 0)
    assert (again.added, again.duplicates) == (0, 4)
    assert await kb.count() == 3


async def test_query_finds_the_closest_and_access_counts_only_kept(retriever, kb):
    await retriever.index(DOCS)
    kept = await retriever.search("Is the Earth flat or an oblate spheroid?")
    assert kept and kept[0].doc.source == "https://science.nasa.gov/earth/facts/"
    stored = {d.id: d for d in await kb.get([d.id for d in DOCS])}
    kept_ids = {c.doc.id for c in kept}
    for doc_id, doc in stored.items():
        expected = 1 if doc_id in kept_ids else 0
        assert doc.access_count == expected
        assert (doc.metadata["last_accessed"] != "") == bool(expected)


async def test_access_boost_raises_first_stage_score(retriever, kb):
    await retriever.index(DOCS)
    before = {c.doc.id: c.retrieval_score for c in await retriever.candidates("Earth flat")}
    await kb.record_access({DOCS[0].id: 0.9})
    after = {c.doc.id: c.retrieval_score for c in await retriever.candidates("Earth flat")}
    assert after[DOCS[0].id] == pytest.approx(before[DOCS[0].id] + 0.02, abs=1e-4)


async def test_delete(retriever, kb):
    await retriever.index(DOCS)
    assert await kb.delete(DOCS[1].id) == 1
    assert await kb.delete(DOCS[1].id) == 0
    assert await kb.count() == 2


async def test_empty_kb_and_mismatched_input(kb):
    assert await kb.query(np.zeros(384, dtype=np.float32), 5) == []
    with pytest.raises(ValueError):
        await kb.add(DOCS, np.zeros((1, 384), dtype=np.float32))


def test_second_owner_of_a_directory_fails_at_once(tmp_path):
    first = ChromaKnowledgeBase.open_embedded(tmp_path / "kb", "claims")
    try:
        started = time.perf_counter()
        with pytest.raises(KnowledgeBaseLocked, match="already in use"):
            ChromaKnowledgeBase.open_embedded(tmp_path / "kb", "claims")
        with pytest.raises(KnowledgeBaseLocked):
            check_directory_free(tmp_path / "kb")
        assert time.perf_counter() - started < 1.0
    finally:
        first.close()
    check_directory_free(tmp_path / "kb")  # released on close


async def test_documents_persist_across_reopen(tmp_path):
    embedder = HashingEmbedder()
    store = ChromaKnowledgeBase.open_embedded(tmp_path / "kb", "claims")
    await store.add(DOCS, embedder.embed_blocking([d.text for d in DOCS]))
    store.close()
    reopened = ChromaKnowledgeBase.open_embedded(tmp_path / "kb", "claims")
    try:
        assert await reopened.count() == 3
    finally:
        reopened.close()
