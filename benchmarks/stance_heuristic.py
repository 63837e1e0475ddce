"""Calibrate the lexical stance heuristic (agent/judge/_stance.py) on Climate-FEVER sentence pairs.

Each rule's score is the precision it measures here: P(gold label = the rule's stance | the rule
fired). Writes the per-rule counts and precisions, and the 3-way accuracy, as JSON + markdown.

    python -m benchmarks.stance_heuristic [--data ../shared/data/climate-fever/claims.jsonl]
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from pathlib import Path

from agent.judge._stance import lexical_stance
from benchmarks.common import DATA, require

DEFAULT = DATA / "climate-fever" / "claims.jsonl"
GOLD = {"SUPPORTS": "supports", "REFUTES": "refutes", "NOT_ENOUGH_INFO": "neutral"}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--data", type=Path, default=DEFAULT)
    args = parser.parse_args()
    fired: Counter[str] = Counter()
    right: Counter[str] = Counter()
    gold_counts: Counter[str] = Counter()
    correct = total = 0
    for line in require(args.data).read_text().splitlines():
        record = json.loads(line)
        for ev in record["evidences"]:
            gold = GOLD[ev["evidence_label"]]
            stance, _, rule = lexical_stance(record["claim"], ev["evidence"])
            fired[rule] += 1
            right[rule] += stance == gold
            gold_counts[gold] += 1
            correct += stance == gold
            total += 1
    rows = {
        rule: {"n": fired[rule], "precision": round(right[rule] / fired[rule], 3)}
        for rule in sorted(fired)
    }
    report = {
        "pairs": total,
        "accuracy": round(correct / total, 3),
        "majority_baseline": round(max(gold_counts.values()) / total, 3),
        "gold": dict(gold_counts),
        "rules": rows,
    }
    print(json.dumps(report, indent=2))
    print("\n| rule | fired | precision |\n|---|---|---|")
    for rule, row in rows.items():
        print(f"| {rule} | {row['n']} | {row['precision']:.3f} |")


if __name__ == "__main__":
    main()
