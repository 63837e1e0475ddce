"""Local check-worthiness head on the ClaimBuster test split (positive class = check-worthy).

    .venv/bin/python -m benchmarks.checkworthy
"""

from __future__ import annotations

import json
import os
import time

from benchmarks.common import DATA, emit, require


def main() -> None:
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    from agent.heads import CHECKWORTHY_WEIGHTS, LinearHead
    from retrieval.embeddings import SentenceTransformerEmbedder

    rows = json.loads(require(DATA / "claimbuster" / "test.json").read_text())
    texts = [r["text"].strip() for r in rows]
    gold = [r["label"] == 1 for r in rows]
    head = LinearHead.load(CHECKWORTHY_WEIGHTS)
    embedder = SentenceTransformerEmbedder.load("all-MiniLM-L6-v2")
    started = time.perf_counter()
    probs = head.probabilities(embedder.embed_blocking(texts), texts)
    ms = (time.perf_counter() - started) * 1000 / len(texts)
    out = []
    for threshold in (head.threshold,):
        predicted = [p >= threshold for p in probs]
        tp = sum(g and p for g, p in zip(gold, predicted, strict=True))
        fp = sum((not g) and p for g, p in zip(gold, predicted, strict=True))
        fn = sum(g and not p for g, p in zip(gold, predicted, strict=True))
        precision = tp / (tp + fp) if tp + fp else 0.0
        recall = tp / (tp + fn) if tp + fn else 0.0
        f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
        out.append({"split": "ClaimBuster test", "n": len(texts), "threshold": threshold, "precision": precision,
                    "recall": recall, "f1": f1, "ms_per_sentence": ms})
    emit("checkworthy", out, ["split", "n", "threshold", "precision", "recall", "f1", "ms_per_sentence"])


if __name__ == "__main__":
    main()
