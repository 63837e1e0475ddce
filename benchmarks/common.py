"""Shared helpers of the benchmarks: where the data is, metrics, and the JSON + markdown output."""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT.parent / "shared" / "data"


def timing_setup(latency_s: float = 0.4, runs: int = 5) -> argparse.Namespace:
    """The timing benchmarks' start: the repository on sys.path, no model-hub calls, loopback never
    proxied, and their two options, --latency (seconds per fake call) and --runs."""
    sys.path.insert(0, str(ROOT))
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    os.environ.setdefault("NO_PROXY", "127.0.0.1,localhost")
    parser = argparse.ArgumentParser()
    parser.add_argument("--latency", type=float, default=latency_s, help="seconds per fake call")
    parser.add_argument("--runs", type=int, default=runs)
    return parser.parse_args()


def require(path: Path) -> Path:
    if not path.exists():
        raise SystemExit(
            f"{path} is missing: the benchmarks read ../shared/data (not part of a user's clone)"
        )
    return path


def macro_f1(
    gold: Sequence[str], predicted: Sequence[str], labels: Sequence[str] | None = None
) -> float:
    labels = list(labels or sorted(set(gold)))
    scores = []
    for label in labels:
        tp = sum(1 for g, p in zip(gold, predicted, strict=True) if g == label and p == label)
        fp = sum(1 for g, p in zip(gold, predicted, strict=True) if g != label and p == label)
        fn = sum(1 for g, p in zip(gold, predicted, strict=True) if g == label and p != label)
        precision = tp / (tp + fp) if tp + fp else 0.0
        recall = tp / (tp + fn) if tp + fn else 0.0
        scores.append(2 * precision * recall / (precision + recall) if precision + recall else 0.0)
    return sum(scores) / len(scores) if scores else 0.0


def accuracy(gold: Sequence[str], predicted: Sequence[str]) -> float:
    return (
        sum(1 for g, p in zip(gold, predicted, strict=True) if g == p) / len(gold) if gold else 0.0
    )


def expected_calibration_error(
    confidences: Sequence[float], correct: Sequence[bool], bins: int = 10
) -> float:
    """ECE: |accuracy − confidence| per equal-width confidence bin, weighted by the bin's share."""
    total = len(confidences)
    if not total:
        return math.nan
    error = 0.0
    for b in range(bins):
        lo, hi = b / bins, (b + 1) / bins
        members = [i for i, c in enumerate(confidences) if (lo < c <= hi) or (b == 0 and c == 0.0)]
        if members:
            acc = sum(correct[i] for i in members) / len(members)
            conf = sum(confidences[i] for i in members) / len(members)
            error += len(members) / total * abs(acc - conf)
    return error


def emit(name: str, rows: list[dict], columns: Sequence[str], extra: dict | None = None) -> None:
    """One JSON line (machine-readable) and a markdown table (for docs/measurements.md)."""
    print(json.dumps({"benchmark": name, "rows": rows, **(extra or {})}))
    print()
    print("| " + " | ".join(columns) + " |")
    print("|" + "---|" * len(columns))
    for row in rows:
        cells = []
        for column in columns:
            value = row.get(column, "")
            cells.append(f"{value:.3f}" if isinstance(value, float) else str(value))
        print("| " + " | ".join(cells) + " |")
