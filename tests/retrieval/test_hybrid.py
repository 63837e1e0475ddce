"""Hybrid retrieval: the lexical leg stays in sync with the collection, fusion, chunk provenance,
the access-count and verdict-use rules, and the embedding fallback scoring from stored vectors."""

from __future__ import annotations

import pytest

from retrieval.chunking import chunk_document
from retrieval.documents import Document
from retrieval.embeddings import HashingEmbedder
from retrieval.knowledge_base import ChromaKnowledgeBase
from retrieval.lexical import LexicalIndex, fts_query, query_terms
from retrieval.rerank import EmbeddingReranker
from retrieval.retriever import Candidate, RetrievalConfig, Retriever

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
        "Light travels at 299,792,458 metres per second.", "https://www.nist.gov/si/c", "Light"
    ),
    Document(
        "Vaccines do not cause autism according to large cohort studies.",
        "https://www.cdc.gov/vaccinesafety/",
        "Vaccine safety",
        origin="seed",
    ),
]


class BlindEmbedder(HashingEmbedder):
    """Every text gets the same vector: only the lexical leg can tell documents apart."""

    def _one(self, text: str):
        return super()._one("same")


@pytest.fixture
def kb(tmp_path):
    store = ChromaKnowledgeBase.open_embedded(tmp_path / "kb", "test")
    yield store
    store.close()


def make_retriever(kb, embedder=None, **config) -> Retriever:
    embedder = embedder or HashingEmbedder()
    return Retriever(embedder, kb, EmbeddingReranker(embedder), RetrievalConfig(**config))


def test_query_terms_drop_stop_words_and_quote_safely():
    assert query_terms("Is the Earth FLAT? the earth") == ["earth", "flat"]
    assert fts_query('x" OR "y NEAR(') == '"x" OR "y" OR "near"'
    assert fts_query("the of and") is None


async def test_lexical_leg_finds_a_rare_term_the_dense_leg_cannot(kb):
    retriever = make_retriever(kb, BlindEmbedder())
    await retriever.index(DOCS)
    found = await retriever.candidates("299,792,458", 2)
    assert found[0].doc.source == "https://www.nist.gov/si/c"
    assert found[0].lexical > 0 and found[1].lexical == 0
    dense_only = await retriever.candidates("299,792,458", 4, fusion="dense")
    scores = [c.retrieval_score for c in dense_only]
    assert max(scores) - min(scores) < 1e-5  # blind: the dense leg alone cannot rank them


async def test_every_write_path_reaches_the_lexical_index_and_it_survives_a_restart(tmp_path):
    path = tmp_path / "kb"
    store = ChromaKnowledgeBase.open_embedded(path, "claims")
    retriever = make_retriever(store)
    await retriever.index(DOCS[:2])  # the path web results and the API take
    await store.add(DOCS[2:3], HashingEmbedder().embed_blocking([DOCS[2].text]))  # direct add
    assert store.lexical.count() == 3
    assert await store.delete(DOCS[0].id) == 1
    assert [h.id for h in await store.lexical_query("oblate spheroid", 5)] == []
    store.close()
    reopened = ChromaKnowledgeBase.open_embedded(path, "claims")
    try:
        hits = await reopened.lexical_query("Apollo Moon 1969", 5)
        assert [h.id for h in hits] == [DOCS[1].id]
    finally:
        reopened.close()


async def test_open_reconciles_a_lexical_index_that_fell_behind(tmp_path):
    path = tmp_path / "kb"
    store = ChromaKnowledgeBase.open_embedded(path, "claims")
    await make_retriever(store).index(DOCS)
    store.lexical.delete([DOCS[1].id])  # as if the process died between the two writes
    store.lexical.add([])
    store.close()
    side = LexicalIndex(path / "lexical-claims.sqlite3")
    assert side.count() == 3
    side.close()
    reopened = ChromaKnowledgeBase.open_embedded(path, "claims")
    try:
        assert reopened.reconciled == 1
        assert [h.id for h in await reopened.lexical_query("Apollo", 5)] == [DOCS[1].id]
    finally:
        reopened.close()


async def test_stats_group_by_source_type_and_origin(kb):
    await make_retriever(kb).index(DOCS)
    stats = await kb.stats()
    assert stats["count"] == 4
    assert stats["by_origin"] == {"user": 3, "seed": 1}
    assert sum(stats["by_source_type"].values()) == 4 and "government" in stats["by_source_type"]
    assert stats["oldest"] <= stats["newest"]


async def test_only_kept_documents_gain_access_and_only_verdicts_count_as_verifications(kb):
    retriever = make_retriever(kb, top_k_rerank=1)
    await retriever.index(DOCS)
    kept = await retriever.search("Is the Earth flat or an oblate spheroid?")
    assert [c.doc.source for c in kept] == ["https://science.nasa.gov/earth/facts/"]
    stored = {d.id: d for d in await kb.get([d.id for d in DOCS])}
    for doc_id, doc in stored.items():
        assert doc.access_count == (1 if doc_id == kept[0].doc.id else 0)
        assert doc.metadata["verification_count"] == 0  # a retrieval is not a verdict
    await retriever.search("Is the Earth flat?", record_access=False)
    assert (await kb.get([kept[0].doc.id]))[0].access_count == 1

    assert await retriever.record_verdict_use({DOCS[0].id: 0.8, "doc_not_in_the_kb": 0.5})
    assert await retriever.record_verdict_use({DOCS[0].id: 0.4})
    meta = (await kb.get([DOCS[0].id]))[0].metadata
    assert meta["verification_count"] == 2 and meta["avg_relevance"] == pytest.approx(0.6)
    assert meta["access_count"] == 1


async def test_fallback_relevance_uses_stored_vectors_not_a_re_embedding(kb):
    class Counting(HashingEmbedder):
        calls = 0

        def embed_blocking(self, texts):
            Counting.calls += len(texts)
            return super().embed_blocking(texts)

    embedder = Counting()
    retriever = make_retriever(kb, embedder)
    await retriever.index(DOCS)
    Counting.calls = 0
    found = await retriever.candidates("Apollo landed on the Moon")
    await retriever.rerank("Apollo landed on the Moon", found, record_access=False)
    assert Counting.calls == 1  # the query, once for both stages
    fresh = Candidate(
        Document("Apollo 12 also landed on the Moon.", "https://x.org/a").as_stored(), 0.0
    )
    await retriever.rerank("Apollo landed on the Moon", [fresh], record_access=False)
    assert Counting.calls == 2 and fresh.dense is not None  # a passage without a vector is embedded


async def test_rrf_and_blend_rank_the_matching_document_first(kb):
    retriever = make_retriever(kb)
    await retriever.index(DOCS)
    for fusion in ("blend", "rrf", "lexical", "dense"):
        found = await retriever.candidates("vaccines autism cohort", 3, fusion=fusion)
        assert found[0].doc.source == "https://www.cdc.gov/vaccinesafety/", fusion


def test_long_documents_become_passages_that_keep_their_provenance():
    sentences = [
        f"Sentence number {i} talks about glaciers and sea level in some detail here."
        for i in range(60)
    ]
    doc = Document(
        " ".join(sentences),
        "https://www.ipcc.ch/report/ar6/",
        "AR6 summary",
        timestamp="2023-03-20",
        origin="web",
    )
    passages = chunk_document(doc)
    assert len(passages) > 2
    assert all(len(p.text.split()) <= 180 for p in passages)
    assert {p.source for p in passages} == {doc.source} and {p.title for p in passages} == {
        doc.title
    }
    assert [p.extra["chunk"] for p in passages] == list(range(len(passages)))
    assert {p.extra["parent_id"] for p in passages} == {doc.id}
    assert {p.metadata()["parent_id"] for p in passages} == {doc.id}
    assert sentences[0] in passages[0].text and sentences[-1] in passages[-1].text
    short = Document("A short snippet.", "https://example.org/")
    assert chunk_document(short) == [short]


async def test_a_chunked_document_is_added_found_and_deleted_as_one(kb):
    retriever = make_retriever(kb)
    body = " ".join(
        f"Paragraph {i} describes the history of the Panama canal locks." for i in range(50)
    )
    doc = Document(
        body + " The canal opened on 15 August 1914.", "https://www.britannica.com/canal", "Canal"
    )
    report = await retriever.index([doc, DOCS[0]])
    assert report.ids == [doc.id, DOCS[0].id] and (report.added, report.duplicates) == (2, 0)
    assert await kb.count() > 2
    again = await retriever.index([doc])
    assert (again.added, again.duplicates) == (0, 1)
    hit = (await retriever.candidates("When did the canal open? 1914", 1))[0]
    assert hit.doc.parent_id == doc.id and hit.doc.source == doc.source and hit.doc.title == "Canal"
    removed = await kb.delete(doc.id)
    assert removed > 1 and await kb.count() == 1
    assert kb.lexical.count() == 1
