"""Micro-batching of model inference, off vs on, measured in the same run.

    .venv/bin/python -m benchmarks.batching [--runs 5] [--concurrency 16] [--pairs 20] [--embedder torch]

16 concurrent requests, each: embed its claim (all-MiniLM-L6-v2), then score 20 (claim, passage)
pairs with a MiniLM-L6-sized cross-encoder (random weights: nothing can be downloaded here; the
compute is the real model's). Passages are the seed facts. A second burst embeds the claims only.
Modes, alternated within every run:

- off: what the service did before batching: each call in its own worker thread (`run_blocking`),
  one at a time per model (each model's lock), the two models free to run at once;
- on:  `retrieval/batching.py` with the service defaults (≤ 64 rows a call, ≤ 5 ms wait), both
  models in one `InferenceLane` on INFERENCE_THREADS (default: every core);
- on, a lane per model: the same, but the embedder and the cross-encoder may run at once.

Reported: the wall time of the whole burst, per-request latency p50/p95, the process's CPU seconds
for the burst (all threads; steadier than wall time on a shared machine), model calls; medians of
`--runs` runs (after one warm-up run of each mode), and the load average at the end.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

from benchmarks.common import ROOT, emit


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def minilm_sized_cross_encoder(folder: Path, tokenizer_from: str):
    from transformers import BertConfig, BertForSequenceClassification, BertTokenizerFast

    from retrieval.rerank import CrossEncoderReranker, RelevanceScale

    BertTokenizerFast.from_pretrained(tokenizer_from).save_pretrained(folder)
    config = BertConfig(
        vocab_size=30522,
        hidden_size=384,
        num_hidden_layers=6,
        num_attention_heads=12,
        intermediate_size=1536,
        num_labels=1,
    )
    BertForSequenceClassification(config).save_pretrained(folder)
    return CrossEncoderReranker.load(str(folder), RelevanceScale(-100, 1.0))


class Counted:
    """Counts model calls by wrapping the real blocking entry points."""

    def __init__(self, embedder, reranker) -> None:
        self.calls = 0
        self.embedder, self.reranker = embedder, reranker
        self._embed, self._pairs = embedder.embed_blocking, reranker.score_pairs_blocking
        embedder.embed_blocking = self.embed_blocking
        reranker.score_pairs_blocking = self.score_pairs_blocking

    def embed_blocking(self, texts):
        self.calls += 1
        return self._embed(texts)

    def score_pairs_blocking(self, pairs):
        self.calls += 1
        return self._pairs(pairs)


async def burst(
    embed, score, claims: list[str], passages: list[list[str]]
) -> tuple[float, float, list[float]]:
    async def one(claim: str, texts: list[str]) -> float:
        started = time.perf_counter()
        await embed([claim])
        if texts:
            await score(claim, texts)
        return (time.perf_counter() - started) * 1000

    started, cpu = time.perf_counter(), time.process_time()
    latencies = await asyncio.gather(*(one(c, p) for c, p in zip(claims, passages, strict=True)))
    return (time.perf_counter() - started) * 1000, time.process_time() - cpu, list(latencies)


async def run(args) -> None:
    from retrieval.batching import BatchedCrossEncoder, BatchedEmbedder, BatchPolicy
    from retrieval.concurrency import InferenceLane, set_inference_threads
    from retrieval.embeddings import load_embedder

    threads = set_inference_threads(args.threads)
    embedder, status = load_embedder("all-MiniLM-L6-v2", args.embedder, threads=threads)
    reranker = minilm_sized_cross_encoder(
        Path(tempfile.mkdtemp()) / "ce", embedder.resolved.location
    )
    counted = Counted(embedder, reranker)

    facts = [
        json.loads(line)["text"]
        for line in (ROOT / "seed" / "facts.jsonl").read_text().splitlines()
        if line
    ]
    claims = [
        f"Claim {n}: {facts[(7 * n) % len(facts)].split('.')[0]}." for n in range(args.concurrency)
    ]
    passages = [
        [facts[(n + i) % len(facts)] for i in range(args.pairs)] for n in range(args.concurrency)
    ]

    lane = InferenceLane(threads)
    policy = BatchPolicy(args.max_batch, args.max_wait_ms / 1000)
    batched_embedder = BatchedEmbedder(embedder, policy, lane)
    batched_reranker = BatchedCrossEncoder(reranker, policy, lane)
    # The same batching with a lane per model: the embedder and the cross-encoder may overlap.
    split_embedder = BatchedEmbedder(embedder, policy, InferenceLane(threads))
    split_reranker = BatchedCrossEncoder(reranker, policy, InferenceLane(threads))
    modes = {
        "off": (embedder.embed, reranker.score),
        "on": (batched_embedder.embed, batched_reranker.score),
        "on, a lane per model": (split_embedder.embed, split_reranker.score),
    }
    scenarios = {
        f"embed + rerank {args.pairs} pairs": passages,
        "embed only": [[] for _ in passages],
    }
    results = {
        (sc, m): {"wall": [], "cpu": [], "p50": [], "p95": [], "calls": []}
        for sc in scenarios
        for m in modes
    }
    for run_number in range(args.runs + 1):
        for scenario, texts in scenarios.items():
            # Rotate which mode goes first, so a change in the machine's load hits all alike.
            names = list(modes)
            order = names[run_number % len(names) :] + names[: run_number % len(names)]
            for mode in order:
                counted.calls = 0
                wall, cpu, latencies = await burst(*modes[mode], claims, texts)
                if run_number == 0:
                    continue  # warm-up
                series = results[(scenario, mode)]
                series["wall"].append(wall)
                series["cpu"].append(cpu)
                series["p50"].append(percentile(latencies, 0.5))
                series["p95"].append(percentile(latencies, 0.95))
                series["calls"].append(counted.calls)
    for batched in (batched_embedder, batched_reranker, split_embedder, split_reranker):
        await batched.aclose()

    rows = []
    for (scenario, mode), series in results.items():
        wall = statistics.median(series["wall"])
        off_wall = statistics.median(results[(scenario, "off")]["wall"])
        rows.append(
            {
                "requests": f"{args.concurrency} × {scenario}",
                "batching": "off (before)" if mode == "off" else mode,
                "burst_ms": round(wall, 1),
                "p50_ms": round(statistics.median(series["p50"]), 1),
                "p95_ms": round(statistics.median(series["p95"]), 1),
                "cpu_s": round(statistics.median(series["cpu"]), 2),
                "model_calls": int(statistics.median(series["calls"])),
                "speedup": round(off_wall / wall, 2),
            }
        )
    emit(
        "batching",
        rows,
        ["requests", "batching", "burst_ms", "p50_ms", "p95_ms", "cpu_s", "model_calls", "speedup"],
        {
            "runs": args.runs,
            "embedder": status.active,
            "threads": threads,
            "max_batch": args.max_batch,
            "max_wait_ms": args.max_wait_ms,
            "cores": os.cpu_count(),
            "load_average": [round(x, 2) for x in os.getloadavg()],
        },
    )


def main() -> None:
    sys.path.insert(0, str(ROOT))
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--concurrency", type=int, default=16)
    parser.add_argument("--pairs", type=int, default=20)
    parser.add_argument("--embedder", choices=["torch", "onnx", "onnx-int8"], default="torch")
    parser.add_argument(
        "--threads", type=int, default=0, help="intra-op threads; 0 = every available core"
    )
    parser.add_argument("--max-batch", type=int, default=64)
    parser.add_argument("--max-wait-ms", type=float, default=5.0)
    asyncio.run(run(parser.parse_args()))


if __name__ == "__main__":
    main()
