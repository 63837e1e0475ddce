"""The bounded lexical query: the same ranking as the exhaustive one whenever every term fits the
row budget, a proven bound on what it leaves out otherwise, and safe handling of any query text."""

from __future__ import annotations

import math
import random

import pytest

from retrieval.documents import Document
from retrieval.embeddings import HashingEmbedder
from retrieval.errors import KnowledgeBaseUnavailable
from retrieval.knowledge_base import ChromaKnowledgeBase
from retrieval.lexical import K1, IndexedRow, LexicalIndex, fts_query, query_terms
from retrieval.rerank import EmbeddingReranker
from retrieval.retriever import RetrievalConfig, Retriever

COMMON = ["study", "patients", "increase", "risk", "cells", "levels", "effect", "disease"]
RARE = [
    "apoptosis",
    "zebrafish",
    "telomerase",
    "hydroxychloroquine",
    "permafrost",
    "sirtuin",
    "ivermectin",
    "methane",
    "kinase",
    "glacier",
    "microbiome",
    "aerosol",
]
QUERIES = [
    "Telomerase activity increases the risk of disease in zebrafish cells",
    "Hydroxychloroquine lowers the risk for COVID patients",
    "Permafrost methane release increases warming",
    "sirtuin kinase apoptosis study",
    "Aerosol effect on glacier melt levels",
    "microbiome of patients",
    "unknownword zebrafish",
]


def corpus(n: int = 300, seed: int = 3) -> list[IndexedRow]:
    """Common words in most documents, rare ones in a few: where pruning has something to prune."""
    rng = random.Random(seed)
    rows = []
    for i in range(n):
        words = rng.choices(COMMON, k=rng.randint(4, 12)) + rng.sample(RARE, k=rng.randint(0, 2))
        words += [f"filler{rng.randint(0, 400)}" for _ in range(rng.randint(3, 20))]
        rng.shuffle(words)
        rows.append(IndexedRow(id=f"d{i}", title=rng.choice(["", "A study"]), text=" ".join(words)))
    return rows


@pytest.fixture
def index_path(tmp_path):
    path = tmp_path / "lexical.sqlite3"
    index = LexicalIndex(path)
    index.add(corpus())
    index.close()
    return path


def previous_path(index: LexicalIndex, query: str, k: int) -> list[tuple[str, float, float]]:
    """The lexical leg as it was before the row budget, written out independently: every term
    OR-ed in one MATCH, and the ideal score from one count per term."""
    match = fts_query(query)
    if match is None:
        return []
    db = index._db
    rows = db.execute(
        "SELECT doc_id, bm25(passages, 0.0, 1.0, 1.0) AS s FROM passages WHERE passages MATCH ? "
        "ORDER BY s LIMIT ?",
        (match, k),
    ).fetchall()
    total = db.execute("SELECT count(*) FROM doc_rows").fetchone()[0]
    idf = 0.0
    for term in query_terms(query):
        n = db.execute(
            "SELECT count(*) FROM passages WHERE passages MATCH ?",
            ('"' + term.replace('"', '""') + '"',),
        ).fetchone()[0]
        if n:
            idf += max(1e-6, math.log((total - n + 0.5) / (n + 0.5)))
    ideal = (K1 + 1) * idf
    return [(doc_id, -s, min(1.0, -s / ideal)) for doc_id, s in rows]


def test_every_query_that_fits_the_budget_ranks_exactly_as_the_previous_path(index_path):
    index = LexicalIndex(index_path)  # the default budget: this KB is far below it
    for query in QUERIES:
        assert index.plan(query).exhaustive
        got = [(h.id, h.score, h.normalised) for h in index.search(query, 50)]
        want = previous_path(index, query, 50)
        assert [g[0] for g in got] == [w[0] for w in want], query
        assert [x for g in got for x in g[1:]] == pytest.approx(
            [x for w in want for x in w[1:]], rel=1e-9
        )
    index.close()


def test_over_budget_only_rows_with_a_rare_term_are_scored_and_with_their_exact_bm25(index_path):
    exhaustive = LexicalIndex(index_path, max_scored_rows=None)
    query = QUERIES[0]  # telomerase, zebrafish (rare) with increase, risk, disease, cells (common)
    frequency = exhaustive.plan(query).frequency
    budget = frequency["telomerase"] + frequency["zebrafish"]
    assert all(frequency[t] > budget for t in ("increases", "risk", "disease", "cells"))
    bounded = LexicalIndex(index_path, max_scored_rows=budget)
    plan = bounded.plan(query)
    assert set(plan.left_out) == {"increases", "risk", "disease", "cells"}
    assert set(plan.kept) == {"telomerase", "zebrafish"}
    assert plan.frequency == frequency
    assert plan.ideal == pytest.approx(exhaustive.plan(query).ideal)  # normalisation unchanged

    full = {h.id: h.score for h in exhaustive.search(query, 1000)}
    hits = bounded.search(query, 1000)
    with_kept = {d for t in plan.kept for d in ids_matching(bounded, t)}
    assert {h.id for h in hits} == with_kept  # the rows scored: only those holding a kept term
    for hit in hits:  # scored with every term, left-out ones included: the exact BM25
        assert hit.score == pytest.approx(full[hit.id], rel=1e-9)
    for doc_id in set(full) - with_kept:  # what was not scored could not have beaten the bound
        assert full[doc_id] <= plan.left_out_bound
    assert [h.id for h in hits] == [
        d for d in sorted(full, key=full.get, reverse=True) if d in with_kept
    ]
    # MaxScore: when the k-th hit reaches the bound, the top k are the exhaustive top k
    k = sum(1 for h in hits if h.score >= plan.left_out_bound)
    assert k >= 3
    assert [h.id for h in bounded.search(query, k)] == [h.id for h in exhaustive.search(query, k)]
    exhaustive.close()
    bounded.close()


def ids_matching(index: LexicalIndex, term: str) -> set[str]:
    return {
        row[0]
        for row in index._db.execute(
            "SELECT doc_id FROM passages WHERE passages MATCH ?", ('"' + term + '"',)
        )
    }


def test_the_rarest_term_is_kept_even_when_it_alone_exceeds_the_budget(index_path):
    index = LexicalIndex(index_path, max_scored_rows=1)
    plan = index.plan("patients study")
    assert len(plan.kept) == 1 and plan.frequency[plan.kept[0]] > 1
    assert index.search("patients study", 5)
    index.close()


@pytest.mark.parametrize(
    "query",
    [
        '"telomerase" AND zebrafish',
        "telomerase NEAR(zebrafish)",
        "title:telomerase",
        "zebra* ^kinase",
        "-glacier +aerosol",
        "kinase) OR (",
        'she said "apoptosis',
        "{body}: methane",
        "NOT AND OR",
    ],
)
def test_fts5_syntax_in_a_query_is_only_text(index_path, query):
    index = LexicalIndex(index_path, max_scored_rows=40)
    hits = index.search(query, 10)  # never an FTS5 syntax error
    terms = set(query_terms(query))
    assert all(t.isalnum() or t.isdigit() for t in terms)
    if terms & set(RARE):
        assert hits
    index.close()


def test_a_query_of_stop_words_has_no_lexical_leg(index_path):
    index = LexicalIndex(index_path)
    assert index.plan("the of and") is None
    assert index.search("the of and", 10) == []
    assert index.search("telomerase", 0) == []
    index.close()


async def test_a_query_without_usable_terms_is_answered_by_the_dense_leg_alone(tmp_path):
    kb = ChromaKnowledgeBase.open_embedded(tmp_path / "kb", "test")
    embedder = HashingEmbedder()
    retriever = Retriever(embedder, kb, EmbeddingReranker(embedder), RetrievalConfig())
    await retriever.index([Document("It is what it is.", "https://example.org/tautology")])
    found = await retriever.candidates("what is it", 5)
    assert [c.doc.source for c in found] == ["https://example.org/tautology"]
    assert found[0].lexical == 0.0 and found[0].retrieval_score == pytest.approx(found[0].dense)
    kb.close()


class DownKnowledgeBase:
    """Both legs fail as a stopped Chroma server does."""

    async def query(self, embedding, k):
        raise KnowledgeBaseUnavailable("the Chroma server went away")

    async def lexical_query(self, text, k):
        return []

    async def get(self, ids, *, embeddings=False):
        return []

    hybrid_query = ChromaKnowledgeBase.hybrid_query  # the real legs, run together


async def test_a_failing_leg_reaches_the_caller_as_itself_not_wrapped():
    embedder = HashingEmbedder()
    retriever = Retriever(
        embedder, DownKnowledgeBase(), EmbeddingReranker(embedder), RetrievalConfig()
    )
    with pytest.raises(KnowledgeBaseUnavailable):
        await retriever.candidates("Is the Earth flat?")
