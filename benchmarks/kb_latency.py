"""KB query latency at 10k and 100k documents: the dense leg, the lexical leg and the fused query.

    .venv/bin/python -m benchmarks.kb_latency                          # 10k and 100k, JSON + a table
    .venv/bin/python -m benchmarks.kb_latency --sizes 10000 --compare-exhaustive

The documents: 2–5 sentences each, sampled from a pool of real sentences (SciFact abstracts,
Climate-FEVER and HealthVer evidence, read from ../shared/data, titled after their source) — or,
without that data, from a generated vocabulary with Zipf-distributed word frequencies. Each
pool sentence is embedded once with the service's embedder (cached on disk); a document's vector
is the normalised mean of its sentences' vectors, so the dense leg searches realistic clusters
without embedding 100k documents. The KB (embedded Chroma + the FTS5 sidecar, the service's own
classes) is built once per size and corpus and kept under the temp directory.

The queries: 60 distinct claims (SciFact, Climate-FEVER, HealthVer), each embedded once outside
the timings (that embedding is reported on its own row). Timed per query, after a warm-up:
dense = `kb.query` (HNSW top-50 with texts, metadata and vectors), lexical = `kb.lexical_query`
(BM25 top-50), fused = `Retriever.candidates` top-20 (both legs at once, cosine for the
lexical-only hits, the blend, the access boost) — the retrieve step of a verification without
the query's embedding and without reranking. `--compare-exhaustive` also times the lexical leg
and the fused query with the previous exhaustive lexical path (every row matching any term
scored), in the same run on the same KB, and reports how much of its top-k the bounded path
keeps. Nothing here is a test.
"""

from __future__ import annotations

import argparse
import asyncio
import hashlib
import json
import os
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

from benchmarks.common import DATA, ROOT, emit

CACHE = Path(tempfile.gettempdir()) / "claimcheck-kb-latency"
POOL_SIZE = 20_000
QUERIES = 60
DEPTH = 50  # per leg, as RetrievalConfig.depth
BATCH = 2000
FORMAT = "v1"  # bump when the generated documents change, so cached KBs are rebuilt


def percentile(values: Sequence[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


# -- the corpus -------------------------------------------------------------------------------


def _jsonl(path: Path):
    with path.open(encoding="utf-8") as handle:
        for line in handle:
            if line.strip():
                yield json.loads(line)


def real_sentences(data: Path) -> list[tuple[str, str]]:
    """(sentence, title) from the evaluation corpora; [] when they are absent."""
    found: list[tuple[str, str]] = []
    if (data / "scifact" / "corpus.jsonl").exists():
        for row in _jsonl(data / "scifact" / "corpus.jsonl"):
            found += [(s.strip(), row["title"].strip()) for s in row["abstract"] if s.strip()]
    for name in ("climate-fever", "healthver"):
        if (data / name / "corpus.jsonl").exists():
            found += [
                (row["text"].strip(), (row.get("title") or "").strip())
                for row in _jsonl(data / name / "corpus.jsonl")
                if row["text"].strip()
            ]
    return found


def real_queries(data: Path, n: int) -> list[str]:
    sources = [
        (data / "scifact" / "claims_dev.jsonl", "claim"),
        (data / "climate-fever" / "queries.jsonl", "text"),
        (data / "healthver" / "queries_test.jsonl", "text"),
    ]
    per_source = [
        [row[key].strip() for row in _jsonl(path)] for path, key in sources if path.exists()
    ]
    picked: dict[str, None] = {}
    rng = random.Random(11)
    for claims in per_source:
        rng.shuffle(claims)
    while len(picked) < n and any(per_source):
        for claims in per_source:
            if claims and len(picked) < n:
                picked.setdefault(claims.pop(), None)
    return list(picked)


def zipf_sentences(n: int, rng: random.Random) -> list[tuple[str, str]]:
    """Without the data: words from a 30k-word generated vocabulary, Zipf (s = 1.07) frequencies."""
    syllables = [
        "ka",
        "to",
        "mi",
        "ren",
        "sol",
        "vi",
        "dar",
        "en",
        "lo",
        "pra",
        "ste",
        "qua",
        "ri",
        "mon",
    ]
    vocabulary = sorted(
        {"".join(rng.choice(syllables) for _ in range(rng.randint(1, 4))) for _ in range(60_000)}
    )[:30_000]
    rng.shuffle(vocabulary)
    weights = [1.0 / (rank + 1) ** 1.07 for rank in range(len(vocabulary))]
    sentences = []
    for _ in range(n):
        words = rng.choices(vocabulary, weights, k=rng.randint(8, 30))
        sentences.append(
            (" ".join(words).capitalize() + ".", " ".join(rng.choices(vocabulary, weights, k=4)))
        )
    return sentences


def corpus(data: Path = DATA) -> tuple[str, list[tuple[str, str]], list[str]]:
    """(description, sentence pool, queries)."""
    rng = random.Random(7)
    sentences = real_sentences(data)
    if sentences:
        pool = rng.sample(sentences, min(POOL_SIZE, len(sentences)))
        return (
            (
                f"real sentences ({len(pool)} sampled from SciFact, Climate-FEVER, HealthVer), "
                "2-5 per document"
            ),
            pool,
            real_queries(data, QUERIES),
        )
    pool = zipf_sentences(POOL_SIZE, rng)
    queries = [" ".join(s.split()[:12]) for s, _ in zipf_sentences(QUERIES, random.Random(13))]
    return (
        "generated Zipf vocabulary (../shared/data absent), 2-5 sentences per document",
        pool,
        queries,
    )


def document_plan(size: int, pool_size: int) -> list[list[int]]:
    """Which pool sentences make each document (deterministic)."""
    rng = random.Random(size)
    return [rng.sample(range(pool_size), rng.randint(2, 5)) for _ in range(size)]


# -- vectors and the KB -----------------------------------------------------------------------


def _fingerprint(pool: list[tuple[str, str]]) -> str:
    digest = hashlib.sha256()
    for sentence, title in pool:
        digest.update(sentence.encode())
        digest.update(title.encode())
    return digest.hexdigest()[:12]


def pool_vectors(embedder, pool: list[tuple[str, str]], key: str):
    """Blocking. One vector per pool sentence, cached on disk (the slow part of a first run)."""
    import numpy as np

    path = CACHE / f"pool-{key}-{embedder.dimension}.npy"
    if path.exists():
        return np.load(path), 0.0
    started = time.perf_counter()
    vectors = np.concatenate(
        [
            embedder.embed_blocking([s for s, _ in pool[i : i + 256]])
            for i in range(0, len(pool), 256)
        ]
    ).astype(np.float32)
    CACHE.mkdir(parents=True, exist_ok=True)
    np.save(path, vectors)
    return vectors, time.perf_counter() - started


async def build_kb(size: int, pool: list[tuple[str, str]], vectors, key: str):
    """The KB of `size` documents, built once and then reopened from the cache."""
    import numpy as np

    from retrieval.concurrency import run_blocking
    from retrieval.documents import Document
    from retrieval.knowledge_base import ChromaKnowledgeBase

    kb = await run_blocking(
        ChromaKnowledgeBase.open_embedded, CACHE / f"kb-{FORMAT}-{key}-{size}", "kb_latency"
    )
    have = await kb.count()
    if have >= size:
        return kb, 0.0
    plan = document_plan(size, len(pool))
    started = time.perf_counter()
    for start in range(have, size, BATCH):
        rows = plan[start : start + BATCH]
        docs = [
            Document(
                " ".join(pool[i][0] for i in row),
                f"https://bench.invalid/doc/{start + n}",
                pool[row[0]][1],
                origin="user",
            )
            for n, row in enumerate(rows)
        ]
        batch = np.stack([vectors[row].mean(axis=0) for row in rows])
        batch /= np.linalg.norm(batch, axis=1, keepdims=True)
        await kb.add(docs, batch)
    return kb, time.perf_counter() - started


class PrecomputedEmbedder:
    """Hands out the queries' vectors computed before the timings (an `Embedder` for the Retriever)."""

    def __init__(self, vectors: dict[str, object], dimension: int) -> None:
        self._vectors = vectors
        self.dimension = dimension
        self.name = "precomputed"

    def embed_blocking(self, texts):
        import numpy as np

        return np.stack([self._vectors[t] for t in texts])

    async def embed(self, texts):
        return self.embed_blocking(texts)


# -- timing -----------------------------------------------------------------------------------


async def _time_queries(
    kb, retriever, queries: list[str], vectors: dict, compare_exhaustive: bool
) -> dict:
    """Per query, one after another (so the modes share the machine's noise): the dense leg, the
    lexical leg, the fused query — and with `compare_exhaustive`, the lexical leg and the fused
    query again with the exhaustive lexical path."""
    modes = [("", kb.lexical.max_scored_rows)] + (
        [("exhaustive_", None)] if compare_exhaustive else []
    )
    times: dict[str, list[float]] = {}
    results: dict[str, dict[str, list[str]]] = {}
    limit = kb.lexical.max_scored_rows
    try:
        for query in queries[:5]:  # warm-up: page cache, HNSW, SQLite statements
            for _, rows in modes:
                kb.lexical.max_scored_rows = rows
                await retriever.candidates(query, 20)
        for query in queries:
            t0 = time.perf_counter()
            await kb.query(vectors[query], DEPTH)
            times.setdefault("dense", []).append((time.perf_counter() - t0) * 1000)
            for prefix, rows in modes:
                kb.lexical.max_scored_rows = rows
                t0 = time.perf_counter()
                hits = await kb.lexical_query(query, DEPTH)
                t1 = time.perf_counter()
                fused = await retriever.candidates(query, 20)
                t2 = time.perf_counter()
                times.setdefault(prefix + "lexical", []).append((t1 - t0) * 1000)
                times.setdefault(prefix + "fused", []).append((t2 - t1) * 1000)
                results.setdefault(prefix + "lexical", {})[query] = [h.id for h in hits]
                results.setdefault(prefix + "fused", {})[query] = [c.doc.id for c in fused]
    finally:
        kb.lexical.max_scored_rows = limit
    return {"times": times, "results": results}


def _overlap(bounded: dict[str, list[str]], exhaustive: dict[str, list[str]]) -> float:
    """Mean share of the exhaustive path's top-k that the bounded path also returns."""
    shares = [len(set(bounded[q]) & set(ids)) / len(ids) for q, ids in exhaustive.items() if ids]
    return statistics.fmean(shares) if shares else 1.0


def _ms(values: Sequence[float]) -> tuple[float, float]:
    return round(percentile(values, 0.5), 2), round(percentile(values, 0.95), 2)


async def kb_query_latency(
    sizes: Sequence[int] = (10_000, 100_000),
    *,
    compare_exhaustive: bool = False,
    max_scored_rows: int | None = None,
) -> list[dict]:
    """One row per KB size: p50/p95 (ms) of the dense leg, the lexical leg and the fused query,
    with the query embedding timed apart. Each row also carries `measure`/`value`/`target`/
    `detail` for benchmarks/pipeline.py's table (row "(f)")."""
    from retrieval.concurrency import run_blocking
    from retrieval.embeddings import load_embedder
    from retrieval.rerank import EmbeddingReranker
    from retrieval.retriever import RetrievalConfig, Retriever

    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    description, pool, queries = corpus()
    key = _fingerprint(pool)
    embedder, status = await run_blocking(load_embedder, "all-MiniLM-L6-v2", "onnx-int8")
    vectors, pool_s = await run_blocking(pool_vectors, embedder, pool, key)
    embed_ms, query_vectors = [], {}
    for query in queries:
        t0 = time.perf_counter()
        query_vectors[query] = (await embedder.embed([query]))[0]
        embed_ms.append((time.perf_counter() - t0) * 1000)
    rows = []
    for size in sizes:
        kb, build_s = await build_kb(size, pool, vectors, key)
        try:
            if max_scored_rows is not None:  # try another row budget than the service's default
                kb.lexical.max_scored_rows = max_scored_rows
            fixed = PrecomputedEmbedder(query_vectors, embedder.dimension)
            retriever = Retriever(fixed, kb, EmbeddingReranker(fixed), RetrievalConfig())
            measured = await _time_queries(
                kb, retriever, queries, query_vectors, compare_exhaustive
            )
            times, results = measured["times"], measured["results"]
            row = {
                "documents": await kb.count(),
                "queries": len(queries),
                "embed_p50_ms": _ms(embed_ms)[0],
                "embed_p95_ms": _ms(embed_ms)[1],
            }
            for name, values in times.items():
                row[f"{name}_p50_ms"], row[f"{name}_p95_ms"] = _ms(values)
            row.update(
                {
                    "queries_pruned": sum(1 for q in queries if not kb.lexical.plan(q).exhaustive),
                    "max_scored_rows": kb.lexical.max_scored_rows,
                    "build_s": round(build_s, 1),
                }
            )
            if compare_exhaustive:
                row["lexical_top50_kept"] = round(
                    _overlap(results["lexical"], results["exhaustive_lexical"]), 3
                )
                row["fused_top20_kept"] = round(
                    _overlap(results["fused"], results["exhaustive_fused"]), 3
                )
        finally:
            await run_blocking(kb.close)
        label = f"{size // 1000}k" if size % 1000 == 0 else str(size)
        row.update(
            {
                "measure": f"(f) KB query latency at {label} documents, fused p50 / p95 (ms)",
                "value": f"{row['fused_p50_ms']:.1f} / {row['fused_p95_ms']:.1f}",
                "target": "p50 ≤ 20 at 100k",
                "detail": (
                    f"dense {row['dense_p50_ms']:.1f}, lexical {row['lexical_p50_ms']:.1f} ms p50; "
                    f"query embedding {row['embed_p50_ms']:.1f} ms p50 apart; {description}; "
                    f"vectors: mean of cached sentence embeddings ({embedder.name}, {status.active})"
                ),
                "corpus": description,
                "pool_embed_s": round(pool_s, 1),
            }
        )
        rows.append(row)
    return rows


COLUMNS = [
    "documents",
    "embed_p50_ms",
    "dense_p50_ms",
    "dense_p95_ms",
    "lexical_p50_ms",
    "lexical_p95_ms",
    "fused_p50_ms",
    "fused_p95_ms",
    "queries_pruned",
]
EXHAUSTIVE_COLUMNS = [
    "exhaustive_lexical_p50_ms",
    "exhaustive_lexical_p95_ms",
    "exhaustive_fused_p50_ms",
    "exhaustive_fused_p95_ms",
    "lexical_top50_kept",
    "fused_top20_kept",
]


def main(argv: list[str] | None = None) -> int:
    sys.path.insert(0, str(ROOT))
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--sizes", default="10000,100000", help="comma-separated KB sizes")
    parser.add_argument(
        "--compare-exhaustive",
        action="store_true",
        help="also time the previous exhaustive lexical path on the same KB",
    )
    parser.add_argument(
        "--max-scored-rows", type=int, help="the lexical row budget (default: the service's)"
    )
    args = parser.parse_args(argv)
    sizes = [int(s) for s in args.sizes.split(",") if s.strip()]
    rows = asyncio.run(
        kb_query_latency(
            sizes, compare_exhaustive=args.compare_exhaustive, max_scored_rows=args.max_scored_rows
        )
    )
    columns = COLUMNS + (EXHAUSTIVE_COLUMNS if args.compare_exhaustive else [])
    emit("kb_latency", rows, columns, {"note": rows[0]["detail"] if rows else ""})
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
