"""Retrieval benchmark: SciFact (BEIR test queries), HealthVer and Climate-FEVER closed pools.

    .venv/bin/python benchmarks/retrieval.py                 # all three, prints JSON + a table
    .venv/bin/python benchmarks/retrieval.py --datasets scifact --max-queries 50

Each corpus is loaded into a fresh KB through the HTTP API (`POST /api/kb/documents`, the real app
in-process with its lifespan and default settings); the "hybrid + rerank" row goes through
`GET /api/kb/search`, the same retrieve + rerank the verifier uses. Rows: dense only, lexical
only, hybrid (the configured fusion), RRF (for comparison) and hybrid + rerank. Metrics:
nDCG@10, Recall@10/100, MRR@10 (passages map back to their document, best passage first),
ingest docs/s (the API, chunking and all) against plain `SentenceTransformer.encode` of the same
texts in the same run, and query latency p50/p95 (embed + retrieve + fuse, no cross-encoder).
`--scale N` also measures query latency on a KB padded to N documents. Nothing here is a test.
"""

from __future__ import annotations

import argparse
import asyncio
import csv
import json
import math
import os
import random
import statistics
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path
from urllib.parse import quote, unquote

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # this checkout's code, whatever the venv's editable install says
os.environ.setdefault("HF_HUB_OFFLINE", "1")

DEFAULT_DATA = ROOT.parent / "shared" / "data"
BATCH = 128
PLAIN_SAMPLE = 512


# -- datasets -------------------------------------------------------------------------------


def _jsonl(path: Path):
    with path.open(encoding="utf-8") as handle:
        for line in handle:
            if line.strip():
                yield json.loads(line)


def _qrels(path: Path) -> dict[str, dict[str, int]]:
    qrels: dict[str, dict[str, int]] = defaultdict(dict)
    with path.open(encoding="utf-8") as handle:
        for row in csv.DictReader(handle, delimiter="\t"):
            qrels[row["query-id"]][row["corpus-id"]] = int(row["score"])
    return qrels


BEIR_FILES = {
    "healthver": ("queries_test.jsonl", "qrels_test.tsv"),
    "climate-fever": ("queries.jsonl", "qrels.tsv"),
}


def load_dataset(
    name: str, data: Path
) -> tuple[list[dict], dict[str, str], dict[str, dict[str, int]]]:
    """(documents {id, title, text}, queries {id: text}, qrels {qid: {doc_id: grade}})."""
    if name == "scifact":
        base = data / "scifact"
        docs = [
            {
                "id": str(r["doc_id"]),
                "title": r["title"].strip(),
                "text": " ".join(s.strip() for s in r["abstract"]),
            }
            for r in _jsonl(base / "corpus.jsonl")
        ]
        queries = {str(r["_id"]): r["text"] for r in _jsonl(base / "beir" / "queries.jsonl")}
        qrels = _qrels(base / "beir" / "qrels" / "test.tsv")
    elif (
        name in BEIR_FILES
    ):  # BEIR layout: corpus.jsonl, the queries and the qrels of the test split
        base = data / name
        queries_file, qrels_file = BEIR_FILES[name]
        docs = [
            {"id": r["_id"], "title": r.get("title") or "", "text": r["text"]}
            for r in _jsonl(base / "corpus.jsonl")
        ]
        queries = {r["_id"]: r["text"] for r in _jsonl(base / queries_file)}
        qrels = _qrels(base / qrels_file)
    else:
        raise SystemExit(f"unknown dataset {name!r}: scifact, healthver, climate-fever")
    qrels = {
        q: rel for q, rel in qrels.items() if q in queries and any(g > 0 for g in rel.values())
    }
    return docs, queries, qrels


def passage_text(doc: dict) -> str:
    """BEIR's convention: title then text."""
    return f"{doc['title']}. {doc['text']}" if doc["title"] else doc["text"]


def source_of(dataset: str, doc_id: str) -> str:
    return f"https://{dataset}.invalid/doc/{quote(doc_id, safe='')}"


def doc_id_of(source: str) -> str:
    return unquote(source.rsplit("/", 1)[-1])


# -- metrics ---------------------------------------------------------------------------------


def metrics(ranked: list[str], rel: dict[str, int]) -> dict[str, float]:
    seen: set[str] = set()
    ranking = [d for d in ranked if not (d in seen or seen.add(d))]  # best passage per document
    gains = [rel.get(d, 0) for d in ranking[:10]]
    dcg = sum((2**g - 1) / math.log2(i + 2) for i, g in enumerate(gains))
    ideal = sorted((g for g in rel.values() if g > 0), reverse=True)[:10]
    idcg = sum((2**g - 1) / math.log2(i + 2) for i, g in enumerate(ideal))
    relevant = {d for d, g in rel.items() if g > 0}
    mrr = next((1.0 / (i + 1) for i, d in enumerate(ranking[:10]) if d in relevant), 0.0)
    return {
        "ndcg@10": dcg / idcg if idcg else 0.0,
        "recall@10": len(relevant & set(ranking[:10])) / len(relevant),
        "recall@100": len(relevant & set(ranking[:100])) / len(relevant),
        "mrr@10": mrr,
    }


def mean_metrics(rows: list[dict[str, float]]) -> dict[str, float]:
    return {key: round(statistics.fmean(r[key] for r in rows), 4) for key in rows[0]}


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


# -- the run ---------------------------------------------------------------------------------


def plain_encode_rate(texts: list[str]) -> float:
    """Docs/s of plain SentenceTransformer.encode on the same texts: the baseline of the target."""
    from sentence_transformers import SentenceTransformer

    from retrieval.model_files import resolve_model

    model = SentenceTransformer(resolve_model("all-MiniLM-L6-v2").location, device="cpu")
    model.encode(texts[:8])
    started = time.perf_counter()
    model.encode(texts, batch_size=32, normalize_embeddings=True, show_progress_bar=False)
    return len(texts) / (time.perf_counter() - started)


async def run_dataset(name: str, args: argparse.Namespace) -> dict:
    import httpx

    from app.config import Settings
    from app.main import create_app

    docs, queries, qrels = load_dataset(name, Path(args.data_dir))
    qids = sorted(qrels)
    if args.max_queries:
        qids = random.Random(7).sample(qids, min(args.max_queries, len(qids)))
    workdir = (
        Path(args.workdir) / name
        if args.workdir
        else Path(tempfile.mkdtemp(prefix=f"bench-{name}-"))
    )
    overrides = {
        k: v
        for k, v in {
            "LEXICAL_WEIGHT": args.lexical_weight,
            "EMBEDDING_BACKEND": args.embedding_backend,
            "CHUNKING": args.chunking,
        }.items()
        if v is not None
    }
    settings = Settings(
        _env_file=None,
        CHROMA_PERSIST_DIR=workdir,
        SEARCH_PROVIDER="none",
        AUTO_SEED=False,
        URL_CHECK=False,
        **overrides,
    )
    app = create_app(settings)
    result: dict = {"dataset": name, "documents": len(docs), "queries": len(qids)}
    async with app.router.lifespan_context(app):
        services = app.state.services
        retriever = services.retriever
        result["embedder"] = f"{services.embedder.name} ({services.embedder_status.active})"
        result["reranker"] = retriever.reranker.name
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(
            transport=transport, base_url="http://bench", timeout=600
        ) as client:
            started = time.perf_counter()
            added = 0
            for start in range(0, len(docs), BATCH):
                batch = docs[start : start + BATCH]
                response = await client.post(
                    "/api/kb/documents",
                    json={
                        "documents": [
                            {
                                "text": passage_text(d),
                                "source": source_of(name, d["id"]),
                                "title": d["title"] or None,
                            }
                            for d in batch
                        ]
                    },
                )
                response.raise_for_status()
                added += response.json()["added"]
            elapsed = time.perf_counter() - started
            result["ingest"] = {
                "added": added,
                "seconds": round(elapsed, 1),
                "docs_per_s": round(added / elapsed, 1) if added else None,
                "passages": (await client.get("/api/kb/stats")).json()["count"],
            }

            rows: dict[str, list[dict[str, float]]] = defaultdict(list)
            latency: dict[str, list[float]] = defaultdict(list)
            for qid in qids:
                text, rel = queries[qid], qrels[qid]
                for label, fusion in (
                    ("dense", "dense"),
                    ("lexical", "lexical"),
                    ("hybrid", None),
                    ("rrf", "rrf"),
                ):
                    retriever.clear_query_cache()
                    t0 = time.perf_counter()
                    found = await retriever.candidates(text, 100, fusion=fusion)
                    latency[label].append((time.perf_counter() - t0) * 1000)
                    rows[label].append(metrics([doc_id_of(c.doc.source) for c in found], rel))
                retriever.clear_query_cache()
                t0 = time.perf_counter()
                response = await client.get("/api/kb/search", params={"q": text, "k": 100})
                latency["hybrid+rerank"].append((time.perf_counter() - t0) * 1000)
                response.raise_for_status()
                rows["hybrid+rerank"].append(
                    metrics([doc_id_of(h["source"]) for h in response.json()["results"]], rel)
                )
            result["rows"] = {
                label: {
                    **mean_metrics(values),
                    "p50_ms": round(percentile(latency[label], 50), 1),
                    "p95_ms": round(percentile(latency[label], 95), 1),
                }
                for label, values in rows.items()
            }
            if args.scale:
                result["scale"] = await scale_latency(
                    services, [queries[q] for q in qids], args.scale, docs
                )
    if not args.skip_plain and added:
        sample = [passage_text(d) for d in docs[:PLAIN_SAMPLE]]
        plain = plain_encode_rate(sample)
        # the same texts through the service's ingest rate, for a like-for-like ratio
        result["ingest"]["plain_encode_docs_per_s"] = round(plain, 1)
        result["ingest"]["speedup"] = round(result["ingest"]["docs_per_s"] / plain, 2)
    return result


async def scale_latency(services, queries: list[str], target: int, docs: list[dict]) -> dict:
    """Pad the KB to `target` documents (random unit vectors, texts shuffled from the corpus: the
    lexical leg sees realistic term statistics) and time embed + retrieve + fuse."""
    import numpy as np

    from retrieval.documents import Document

    kb, retriever = services.kb, services.retriever
    rng = np.random.default_rng(7)
    words = " ".join(d["text"] for d in docs).split()
    have = await kb.count()
    started = time.perf_counter()
    for start in range(have, target, 2000):
        n = min(2000, target - start)
        batch = [
            Document(
                text=" ".join(rng.choice(words, 60)),
                source=f"https://pad.invalid/{start + i}",
                title="",
                origin="user",
            )
            for i in range(n)
        ]
        vectors = rng.standard_normal((n, services.embedder.dimension)).astype(np.float32)
        vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
        await kb.add(batch, vectors)
    pad_s = time.perf_counter() - started
    times = []
    for text in queries:
        retriever.clear_query_cache()
        t0 = time.perf_counter()
        await retriever.candidates(text, 20)
        times.append((time.perf_counter() - t0) * 1000)
    return {
        "documents": await kb.count(),
        "pad_seconds": round(pad_s, 1),
        "p50_ms": round(percentile(times, 50), 1),
        "p95_ms": round(percentile(times, 95), 1),
    }


def table(results: list[dict]) -> str:
    lines = [
        "| dataset | mode | nDCG@10 | R@10 | R@100 | MRR@10 | p50 ms | p95 ms |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for r in results:
        for label, row in r["rows"].items():
            lines.append(
                f"| {r['dataset']} | {label} | {row['ndcg@10']:.3f} | {row['recall@10']:.3f} | "
                f"{row['recall@100']:.3f} | {row['mrr@10']:.3f} | {row['p50_ms']} | {row['p95_ms']} |"
            )
    lines += [
        "",
        "| dataset | docs | passages | ingest docs/s | plain encode docs/s | speedup |",
        "|---|---|---|---|---|---|",
    ]
    for r in results:
        i = r["ingest"]
        lines.append(
            f"| {r['dataset']} | {r['documents']} | {i['passages']} | {i['docs_per_s']} | "
            f"{i.get('plain_encode_docs_per_s', '–')} | {i.get('speedup', '–')} |"
        )
    for r in results:
        if "scale" in r:
            s = r["scale"]
            lines.append(
                f"\nQuery latency (embed + retrieve + fuse, top-20) at {s['documents']} documents: "
                f"p50 {s['p50_ms']} ms, p95 {s['p95_ms']} ms"
            )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--datasets", default="scifact,healthver,climate-fever")
    parser.add_argument("--data-dir", default=str(DEFAULT_DATA))
    parser.add_argument(
        "--max-queries", type=int, default=0, help="sample this many queries (0 = all)"
    )
    parser.add_argument(
        "--workdir", help="keep the KBs here (re-runs skip the embedding of stored docs)"
    )
    parser.add_argument("--lexical-weight", type=float, help="override LEXICAL_WEIGHT")
    parser.add_argument(
        "--embedding-backend",
        choices=["onnx-int8", "onnx", "torch"],
        help="override EMBEDDING_BACKEND",
    )
    parser.add_argument(
        "--chunking",
        type=lambda v: v.lower() in {"1", "true", "yes", "on"},
        help="override CHUNKING (true/false)",
    )
    parser.add_argument(
        "--scale", type=int, default=0, help="also time queries on each KB padded to N docs"
    )
    parser.add_argument("--skip-plain", action="store_true", help="skip the plain-encode baseline")
    args = parser.parse_args(argv)
    if not Path(args.data_dir).is_dir():
        print(
            f"data directory {args.data_dir} not found (expects scifact/, healthver/, climate-fever/)",
            file=sys.stderr,
        )
        return 2
    import logging

    logging.basicConfig(level=logging.WARNING)
    results = [
        asyncio.run(run_dataset(name.strip(), args))
        for name in args.datasets.split(",")
        if name.strip()
    ]
    print(json.dumps({"benchmark": "retrieval", "results": results}))
    print(table(results))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
