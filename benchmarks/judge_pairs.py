"""The stance the local judge gives each (evidence, claim) pair of the held-out splits: accuracy and
macro-F1 of its argmax, with and without the word-alignment stage (no abstention; FEVER-Symmetric
read 2-way, supports vs refutes), and the label each evidence item shows in an answer: the stacked
argmax with sides below the judge's calibrated stance floor shown as neutral (agent.stance), with
the precision of the sides it shows (FEVER-Symmetric: a neutral shown counts as wrong).

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
    from agent.nli import StanceProbs
    from agent.stance import _stance_of
    from retrieval.onnx_export import DEFAULT_CACHE

    judge, status = load_local_judge(onnx_dir=DEFAULT_CACHE)
    if judge is None or judge.aligner is None:
        raise SystemExit(f"the stacked local judge is not available: {status.reason or judge.align_reason}")
    sets = {"FEVER-Symmetric test (2-way)": fever_pairs("test"), "HealthVer test": healthver_pairs("test"),
            "SciFact dev": scifact_pairs("test"), "Climate-FEVER held-out": climate_pairs("test")}
    rows = []
    for name, pairs in sets.items():
        texts = [(p.evidence, p.claim) for p in pairs]
        gold = [LABELS.index(p.label) for p in pairs]
        majority = max(np.bincount(gold)) / len(gold)
        stacked = judge.logits_blocking(texts)
        for engine, logits in (("cross-encoder alone", judge.network_logits(texts)), ("stacked", stacked)):
            if name.startswith("FEVER"):
                predicted = (logits[:, 1] > logits[:, 0]).astype(int).tolist()
                f1 = None
            else:
                predicted = logits.argmax(1).tolist()
                f1 = round(macro_f1(gold, predicted), 3)
            rows.append(row(name, engine, gold, predicted, f1, majority))
        probs = np.exp(stacked - stacked.max(1, keepdims=True))
        probs /= probs.sum(1, keepdims=True)
        floor = judge.calibration.stance_floor
        shown = [{"supports": 0, "refutes": 1, "neutral": 2}[_stance_of(StanceProbs(*map(float, p)), floor)[0]]
                 for p in probs]
        f1 = None if name.startswith("FEVER") else round(macro_f1(gold, shown), 3)
        rows.append(row(name, f"stacked, as shown (sides from {floor:.2f})", gold, shown, f1, majority))
    emit("judge_pairs", rows, ["pairs", "n", "engine", "accuracy", "macro_f1", "side_precision", "sides_shown",
                               "majority_class_accuracy"])


def row(name: str, engine: str, gold: list[int], predicted: list[int], f1, majority: float) -> dict:
    """One table row; a side is label 0 (supports) or 1 (refutes)."""
    sides = [(g, p) for g, p in zip(gold, predicted, strict=True) if p in (0, 1)]
    return {"pairs": name, "n": len(gold), "engine": engine,
            "accuracy": round(float(np.mean([g == p for g, p in zip(gold, predicted, strict=True)])), 3),
            "macro_f1": f1, "side_precision": round(sum(g == p for g, p in sides) / len(sides), 3) if sides else None,
            "sides_shown": round(len(sides) / len(gold), 3), "majority_class_accuracy": round(float(majority), 3)}


if __name__ == "__main__":
    main()
