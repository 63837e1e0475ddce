"""The stance the local judge gives each (evidence, claim) pair of the held-out splits: accuracy and
macro-F1 of its argmax, with and without the word-alignment stage (no abstention; FEVER-Symmetric
read 2-way, supports vs refutes); and the side labels an answer shows — every argmax side, and only
the sides that reach the calibrated verdict threshold (a reference's weight, 1.0), which is what an
item shows since stop 48 — with how often each is right.

    .venv/bin/python -m benchmarks.judge_pairs [--split validation]

``--split validation`` reads the judge's own validation pairs (15 % of its training claims) and
HealthVer dev instead of the test splits.
"""

from __future__ import annotations

import argparse
import os

import numpy as np

from benchmarks.common import emit, macro_f1
from benchmarks.judge_data import climate_pairs, fever_pairs, healthver_pairs, scifact_pairs


def _pair_sets(split: str) -> dict:
    if split == "test":
        return {
            "FEVER-Symmetric test (2-way)": fever_pairs("test"),
            "HealthVer test": healthver_pairs("test"),
            "SciFact dev": scifact_pairs("test"),
            "Climate-FEVER held-out": climate_pairs("test"),
        }
    from benchmarks.judge_data import training_pairs
    from scripts.train_judge import split_validation

    _, val = split_validation(training_pairs())
    return {
        "FEVER-Symmetric validation (2-way)": [p for p in val if p.group.startswith("fever:")],
        "HealthVer dev": healthver_pairs("dev"),
        "SciFact validation": [p for p in val if p.group.startswith("scifact:")],
        "Climate-FEVER validation": [p for p in val if p.group.startswith("cf:")],
    }


def _sides(gold: list[int], probs: np.ndarray, floor: float) -> tuple[int, float | None]:
    """How many side labels (supports 0 / refutes 1) reach ``floor``, and the share right."""
    shown = [
        (g, int(p.argmax()))
        for g, p in zip(gold, probs, strict=True)
        if p.argmax() != 2 and p.max() >= floor
    ]
    right = sum(g == s for g, s in shown)
    return len(shown), (round(right / len(shown), 3) if shown else None)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--split", choices=("test", "validation"), default="test")
    args = parser.parse_args()
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    from agent.judge import LABELS, load_local_judge
    from retrieval.onnx_export import DEFAULT_CACHE

    judge, status = load_local_judge(onnx_dir=DEFAULT_CACHE)
    if judge is None or judge.aligner is None:
        raise SystemExit(
            f"the stacked local judge is not available: {status.reason or judge.align_reason}"
        )
    threshold = judge.calibration.threshold
    rows = []
    for name, pairs in _pair_sets(args.split).items():
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
            probs = np.exp(logits - logits.max(1, keepdims=True))
            probs /= probs.sum(1, keepdims=True)
            argmax_n, argmax_right = _sides(gold, probs, 0.0)
            shown_n, shown_right = _sides(gold, probs, threshold)
            rows.append(
                {
                    "pairs": name,
                    "n": len(pairs),
                    "engine": engine,
                    "accuracy": round(accuracy, 3),
                    "macro_f1": f1,
                    "majority_class_accuracy": round(float(majority), 3),
                    "argmax_sides": argmax_n,
                    "argmax_sides_right": argmax_right,
                    "sides_shown": shown_n,
                    "sides_shown_right": shown_right,
                }
            )
    emit(
        "judge_pairs",
        rows,
        [
            "pairs",
            "n",
            "engine",
            "accuracy",
            "macro_f1",
            "majority_class_accuracy",
            "argmax_sides",
            "argmax_sides_right",
            "sides_shown",
            "sides_shown_right",
        ],
        {"split": args.split, "threshold": threshold},
    )


if __name__ == "__main__":
    main()
