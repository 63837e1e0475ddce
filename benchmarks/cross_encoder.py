"""The cross-encoder reranker on torch vs ONNX Runtime fp32 vs ONNX Runtime int8, in one run.

    .venv/bin/python -m benchmarks.cross_encoder [--runs 30] [--claims 6] [--model PATH]

`--model` measures a real local cross-encoder (e.g. ms-marco-MiniLM-L-6-v2 from a Hugging Face
cache) instead of the stand-in below: that is the check to make before choosing int8.

The model: ms-marco-MiniLM-L-6-v2's shape (BERT, hidden 384, 6 layers, 12 heads, intermediate
1536, the MiniLM vocabulary, 1 label, Identity activation so scores are logits). The real model
cannot be downloaded here; the encoder is the trained all-MiniLM-L6-v2 (realistic activations for
the int8 comparison) under a random classification head, so the timings hold and the scores'
spread is smaller than a trained reranker's.

The pairs: each claim against its 20 nearest seed facts (seed/facts.jsonl, by the service's
embedder): realistic claim and passage lengths. Per backend, median and p95 of `runs` timed runs
after a warm-up, on every core this process may use, the backends taking turns run by run:

- single: one call scoring one claim's 20 pairs in a worker thread (the service with batching off);
- batcher: the same through `BatchedCrossEncoder` in an `InferenceLane` (the service's path);
- batcher x4: four claims' 20 pairs submitted at once (one model call of 80 pairs);
- (d): embed the claim + retrieve the top 20 from the seeded KB + rerank those 20 pairs;
- fidelity against torch: the largest |score difference| over all pairs and the lowest Spearman
  rank correlation of one claim's 20 scores (a random head separates passages less than a
  trained one, so rank swaps come easier than they would on ms-marco's model), and for how
  many claims the top 5 (what the verifier keeps) is the same set as torch's;
- load: the first load (export, quantisation) and a cached one.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import tempfile
import time
from pathlib import Path

import numpy as np

from benchmarks.common import ROOT, emit

CLAIMS = [
    "The Earth is flat.",
    "Vaccines cause autism in children.",
    "The Great Wall of China is visible from space with the naked eye.",
    "Humans only use 10 percent of their brains.",
    "Climate change is caused by human activity.",
    "The Moon landing in 1969 was staged.",
    "Drinking water helps prevent dehydration.",
    "Lightning never strikes the same place twice.",
]


def build_model(folder: Path, minilm: str) -> Path:
    """A cross-encoder of ms-marco-MiniLM-L-6-v2's shape: the trained all-MiniLM-L6-v2 encoder
    (realistic activations, which is what int8 quantisation errs on) under a random 1-label head,
    with ms-marco's Identity activation; saved like a hub cross-encoder."""
    import torch
    from transformers import BertForSequenceClassification, BertTokenizerFast

    torch.manual_seed(0)
    BertTokenizerFast.from_pretrained(minilm).save_pretrained(folder)
    model = BertForSequenceClassification.from_pretrained(minilm, num_labels=1)
    model.config.sentence_transformers = {"activation_fn": "torch.nn.modules.linear.Identity"}
    model.save_pretrained(folder)
    return folder


def spearman(a, b) -> float:
    ranks_a, ranks_b = np.argsort(np.argsort(a)), np.argsort(np.argsort(b))
    return float(np.corrcoef(ranks_a, ranks_b)[0, 1])


def top5(scores) -> set[int]:
    """The passages the verifier would keep (TOP_K_RERANK = 5)."""
    return set(np.argsort(-np.asarray(scores))[:5].tolist())


async def interleaved(calls: dict[str, object], runs: int) -> dict[str, list[float]]:
    """Milliseconds per call, the backends taking turns run by run, so that load from other
    processes on the shared cores falls on all of them alike. Three warm-up calls each: torch's
    first calls on new input shapes are 2-3x slower than its steady state."""
    warm_up = 3
    times: dict[str, list[float]] = {name: [] for name in calls}
    for run_number in range(runs + warm_up):
        for name, call in calls.items():
            started = time.perf_counter()
            result = call()
            if asyncio.iscoroutine(result):
                await result
            if run_number >= warm_up:
                times[name].append((time.perf_counter() - started) * 1000)
    return times


def p50_p95(values: list[float]) -> str:
    ordered = sorted(values)
    return f"{statistics.median(ordered):.0f} / {ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]:.0f}"


async def run(args, folder: Path) -> None:
    from retrieval.batching import BatchedCrossEncoder, BatchPolicy
    from retrieval.concurrency import (
        InferenceLane,
        available_cores,
        run_blocking,
        set_inference_threads,
    )
    from retrieval.embeddings import load_embedder
    from retrieval.knowledge_base import ChromaKnowledgeBase
    from retrieval.rerank import (
        BACKENDS,
        CrossEncoderReranker,
        EmbeddingReranker,
        RelevanceScale,
        load_reranker,
    )
    from retrieval.retriever import RetrievalConfig, Retriever
    from seed.seeding import seed

    threads = set_inference_threads(0)
    lane = InferenceLane(threads)
    embedder, _ = load_embedder("all-MiniLM-L6-v2", "onnx-int8", threads=threads)
    model_dir = (
        Path(args.model) if args.model else build_model(folder / "ce", embedder.resolved.location)
    )
    facts = [
        json.loads(line)["text"]
        for line in (ROOT / "seed" / "facts.jsonl").read_text().splitlines()
        if line
    ]
    fact_vectors = embedder.embed_blocking(facts)
    claims = CLAIMS[: args.claims]
    pair_sets = []
    for claim in claims:
        nearest = np.argsort(-(fact_vectors @ embedder.embed_blocking([claim])[0]))[:20]
        pair_sets.append([(claim, facts[i]) for i in nearest])
    kb = ChromaKnowledgeBase.open_embedded(folder / "kb", "bench_cross_encoder")
    await seed(Retriever(embedder, kb, EmbeddingReranker(embedder), RetrievalConfig()))

    scale = RelevanceScale(-100.0, 1.0)  # keep every pair: (d) times reranking all 20
    rerankers, batchers, retrievers, loads = {}, {}, {}, {}
    for backend in reversed(BACKENDS):  # torch first: its scores are the reference
        timings = []
        for _ in range(2):  # the first load exports (ONNX), the second finds the cache
            started = time.perf_counter()
            reranker, status = load_reranker(
                str(model_dir),
                embedder,
                scale,
                backend=backend,
                cache_dir=folder / "onnx",
                threads=threads,
            )
            timings.append((time.perf_counter() - started) * 1000)
        assert isinstance(reranker, CrossEncoderReranker) and status.backend == backend, status
        rerankers[backend], loads[backend] = reranker, timings
        batchers[backend] = BatchedCrossEncoder(reranker, BatchPolicy(), lane)
        retrievers[backend] = Retriever(embedder, kb, batchers[backend], RetrievalConfig())

    query = claims[0]

    def single(backend):
        def score():
            with lane:
                rerankers[backend].score_pairs_blocking(pair_sets[0])

        async def call():  # in a worker thread, as the service runs it with batching off
            await run_blocking(score)

        return call

    def batched(backend, claim_count):
        async def call():
            await asyncio.gather(
                *(
                    batchers[backend].score(ps[0][0], [p for _, p in ps])
                    for ps in pair_sets[:claim_count]
                )
            )

        return call

    def local_compute(backend):
        async def call():
            retriever = retrievers[backend]
            retriever.clear_query_cache()  # every run embeds the claim
            candidates = await retriever.candidates(query)
            await retriever.rerank(query, candidates[:20], record_access=False)

        return call

    measures = {
        "single 20 pairs p50 / p95 (ms)": single,
        "batcher 20 pairs p50 / p95 (ms)": lambda b: batched(b, 1),
        "batcher 4x20 pairs p50 / p95 (ms)": lambda b: batched(b, 4),
        "(d) embed+retrieve+rerank 20 p50 / p95 (ms)": local_compute,
    }
    rows = {backend: {"backend": backend} for backend in rerankers}
    for label, make in measures.items():
        times = await interleaved({b: make(b) for b in rerankers}, args.runs)
        for backend, values in times.items():
            rows[backend][label] = p50_p95(values)
    reference = [np.array(rerankers["torch"].score_pairs_blocking(ps)) for ps in pair_sets]
    for backend, reranker in rerankers.items():
        scores = [np.array(reranker.score_pairs_blocking(ps)) for ps in pair_sets]
        pairs = list(zip(scores, reference, strict=True))
        rows[backend].update(
            {
                "max abs diff vs torch": float(max(np.abs(s - r).max() for s, r in pairs)),
                "min Spearman vs torch": min(spearman(s, r) for s, r in pairs),
                "top-5 kept like torch": f"{sum(top5(s) == top5(r) for s, r in pairs)}/{len(pairs)} claims",
                "load first / cached (ms)": f"{loads[backend][0]:.0f} / {loads[backend][1]:.0f}",
            }
        )
        await batchers[backend].aclose()
    kb.close()
    spread = float(np.mean([r.std() for r in reference]))
    emit(
        "cross_encoder",
        list(rows.values()),
        list(rows["torch"]),
        {
            "runs": args.runs,
            "claims": len(claims),
            "threads": threads,
            "cores": available_cores(),
            "torch_score_std_per_claim": round(spread, 4),
            "model": args.model
            or "ms-marco-MiniLM-L-6-v2's shape: all-MiniLM-L6-v2 encoder + random head, Identity",
        },
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--runs", type=int, default=30, help="timed runs per measure and backend (≥ 20)"
    )
    parser.add_argument("--claims", type=int, default=6, help="claims for the fidelity check (≥ 4)")
    parser.add_argument("--model", help="a local cross-encoder directory (default: the stand-in)")
    args = parser.parse_args()
    if args.runs < 1 or not 4 <= args.claims <= len(CLAIMS):
        parser.error(f"--runs ≥ 1 and 4 ≤ --claims ≤ {len(CLAIMS)}")
    with tempfile.TemporaryDirectory(prefix="cross-encoder-bench-") as folder:  # ≈ 230 MB of models
        asyncio.run(run(args, Path(folder)))


if __name__ == "__main__":
    main()
