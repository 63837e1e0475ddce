"""Local check-worthiness head on the ClaimBuster test split (positive class = check-worthy),
through the service's own path (`load_head_classifier` + `HeadClassifier.probabilities`).

    .venv/bin/python -m benchmarks.checkworthy
    .venv/bin/python -m benchmarks.checkworthy --weights old.json --weights agent/data/checkworthy.json

`--weights` (repeatable) compares weight files, e.g. the previous one from git history
(`git show <commit>:agent/data/checkworthy.json > old.json`). Each row also gives the file's size,
its load time (weights + the encoder it needs, what start-up pays) and the scoring time per sentence.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import time
from pathlib import Path

from benchmarks.common import DATA, emit, require


def main() -> None:
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    from agent.heads import CHECKWORTHY_WEIGHTS, load_head_classifier
    from retrieval.embeddings import SentenceTransformerEmbedder

    parser = argparse.ArgumentParser()
    parser.add_argument("--weights", type=Path, action="append")
    args = parser.parse_args()
    rows = json.loads(require(DATA / "claimbuster" / "test.json").read_text())
    texts = [r["text"].strip() for r in rows]
    gold = [r["label"] == 1 for r in rows]
    embedder = SentenceTransformerEmbedder.load("all-MiniLM-L6-v2")
    embedder.embed_blocking(["warm-up"])
    out = []
    for path in args.weights or [CHECKWORTHY_WEIGHTS]:
        started = time.perf_counter()
        head = load_head_classifier(path, embedder)
        load_ms = (time.perf_counter() - started) * 1000
        assert head is not None, f"{path} was not trained on {embedder.name}"
        asyncio.run(head.probabilities(["warm-up"]))
        started = time.perf_counter()
        probs = asyncio.run(head.probabilities(texts))
        ms = (time.perf_counter() - started) * 1000 / len(texts)
        predicted = [p >= head.threshold for p in probs]
        tp = sum(g and p for g, p in zip(gold, predicted, strict=True))
        fp = sum((not g) and p for g, p in zip(gold, predicted, strict=True))
        fn = sum(g and not p for g, p in zip(gold, predicted, strict=True))
        precision = tp / (tp + fp) if tp + fp else 0.0
        recall = tp / (tp + fn) if tp + fn else 0.0
        f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
        meta = json.loads(Path(path).read_text())
        features = f"layers {meta['layers']}" if meta.get("layers") else "sentence embedding"
        out.append({"weights": Path(path).name, "features": features + (" + cues" if meta.get("cues") else ""),
                    "split": "ClaimBuster test", "n": len(texts), "threshold": head.threshold,
                    "precision": precision, "recall": recall, "f1": f1,
                    "kb": round(Path(path).stat().st_size / 1024, 1), "load_ms": load_ms, "ms_per_sentence": ms})
    emit("checkworthy", out, ["weights", "features", "n", "threshold", "precision", "recall", "f1", "kb",
                              "load_ms", "ms_per_sentence"])


if __name__ == "__main__":
    main()
