"""The stance the local judge gives each (evidence, claim) pair of the held-out splits: accuracy and
macro-F1 of its argmax, with and without the word-alignment stage (no abstention; FEVER-Symmetric
read 2-way, supports vs refutes). The label each evidence item shows in an answer.

    .venv/bin/python -m benchmarks.judge_pairs
"""

from __future__ import annotations

import os

import numpy as np

from benchmarks.common import emit, macro_f1
from benchmarks.judge_data import climate_pairs, fever_pairs, healthver_pairs, scifact_pairs


def main() -> None:
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    from agent.judge import LABELS, load_local_judge
    from retrieval.onnx_export import DEFAULT_CACHE

    judge, status = load_local_judge(onnx_dir=DEFAULT_CACHE)
    if judge is None or judge.aligner is None:
        raise SystemExit(
            f"the stacked local judge is not available: {status.reason or judge.align_reason}"
        )
    sets = {
        "FEVER-Symmetric test (2-way)": fever_pairs("test"),
        "HealthVer test": healthver_pairs("test"),
        "SciFact dev": scifact_pairs("test"),
        "Climate-FEVER held-out": climate_pairs("test"),
    }
    rows = []
    for name, pairs in sets.items():
        texts = [(p.evidence, p.claim) for p in pairs]
        gold = [LABELS.index(p.label) for p in pairs]
        majority = max(np.bincount(gold)) / len(gold)
        for engine, logits in (
            ("cross-encoder alone", judge.network_logits(texts)),
            ("stacked", judge.logits_blocking(texts)),
        ):
            if name.startswith("FEVER"):
                predicted = (logits[:, 1] > logits[:, 0]).astype(int).tolist()
                f1 = None
            else:
                predicted = logits.argmax(1).tolist()
                f1 = round(macro_f1(gold, predicted), 3)
            accuracy = float(np.mean([g == p for g, p in zip(gold, predicted, strict=True)]))
            rows.append(
                {
                    "pairs": name,
                    "n": len(pairs),
                    "engine": engine,
                    "accuracy": round(accuracy, 3),
                    "macro_f1": f1,
                    "majority_class_accuracy": round(float(majority), 3),
                }
            )
    emit(
        "judge_pairs",
        rows,
        ["pairs", "n", "engine", "accuracy", "macro_f1", "majority_class_accuracy"],
    )


if __name__ == "__main__":
    main()
