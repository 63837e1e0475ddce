"""The comparison stage alone (agent/judge/compare.py): how often each rule fires and how often it
is right, per data set, on gold claim–evidence pairs.

    .venv/bin/python -m benchmarks.compare                 # validation splits (what the rules are tuned on)
    .venv/bin/python -m benchmarks.compare --split test    # held-out splits: report only, never tune on them
    .venv/bin/python -m benchmarks.compare --write-card    # validation precisions → agent/data/compare.json
    .venv/bin/python -m benchmarks.compare --show-wrong 20 # wrong decisions, to read

Validation: FEVER-Symmetric dev, Climate-FEVER's 70 % training claims, SciFact train, HealthVer dev.
Held out: FEVER-Symmetric test, Climate-FEVER's 30 %, SciFact dev, HealthVer test (benchmarks/judge_data.py).
Guards (hedge, tense, reported, subject, question, partial) decide nothing: they keep the learned
judge from reading a sentence as support, and are tallied apart. An item is decided the way the service decides it (agent.judge.compare.compare_item): every sentence
of the evidence is compared, and sentences that disagree leave the item undecided.
"""

from __future__ import annotations

import argparse
import json
import time
from collections import Counter, defaultdict
from pathlib import Path

from benchmarks.common import ROOT, emit
from benchmarks.judge_data import (
    Pair,
    available,
    climate_pairs,
    fever_pairs,
    healthver_pairs,
    scifact_pairs,
)

CARD = ROOT / "agent" / "data" / "compare.json"


def datasets(split: str) -> dict[str, list[Pair]]:
    train = split != "test"
    return {
        "fever-symmetric": fever_pairs("train" if train else "test"),
        "climate-fever": climate_pairs("train" if train else "test"),
        "scifact": scifact_pairs("train" if train else "test"),
        "healthver": healthver_pairs("dev" if train else "test"),
    }


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--split", choices=["validation", "test"], default="validation")
    parser.add_argument(
        "--write-card", action="store_true", help="write the validation precisions to compare.json"
    )
    parser.add_argument("--show-wrong", type=int, default=0)
    parser.add_argument("--limit", type=int)
    args = parser.parse_args()
    if not available():
        raise SystemExit("../shared/data is missing: this benchmark reads the data sets from there")
    from agent.judge.compare import GUARDS, compare_item

    per_rule: dict[str, Counter] = defaultdict(Counter)
    guards: dict[str, Counter] = defaultdict(Counter)
    rows, wrong = [], []
    started = time.perf_counter()
    pairs_seen = 0
    for name, pairs in datasets(args.split).items():
        pairs = pairs[: args.limit] if args.limit else pairs
        fired = right = 0
        for pair in pairs:
            decision = compare_item(pair.claim, pair.evidence)
            pairs_seen += 1
            if decision is None:
                continue
            if (
                decision.rule in GUARDS
            ):  # decides nothing: how often it holds back a sentence of each gold label
                guards[decision.rule][pair.label] += 1
                continue
            fired += 1
            ok = decision.stance == pair.label
            right += ok
            per_rule[decision.rule]["fired"] += 1
            per_rule[decision.rule]["right"] += ok
            per_rule[decision.rule][f"fired:{name}"] += 1
            per_rule[decision.rule][f"right:{name}"] += ok
            if not ok:
                wrong.append(
                    (
                        name,
                        decision.rule,
                        pair.label,
                        pair.claim,
                        pair.evidence[:300],
                        decision.reason,
                    )
                )
        rows.append(
            {
                "data set": name,
                "pairs": len(pairs),
                "decided": fired,
                "coverage": round(fired / len(pairs), 3) if pairs else 0.0,
                "precision": round(right / fired, 3) if fired else 0.0,
            }
        )
    seconds = time.perf_counter() - started
    rule_rows = []
    for rule, c in sorted(per_rule.items()):
        row = {"rule": rule, "fired": c["fired"], "precision": round(c["right"] / c["fired"], 3)}
        rule_rows.append(row)
    emit(
        f"compare-{args.split}",
        rows,
        ["data set", "pairs", "decided", "coverage", "precision"],
        {"rules": rule_rows, "ms_per_pair": round(1000 * seconds / max(pairs_seen, 1), 3)},
    )
    print()
    print("| rule | fired | precision | by data set (right/fired) |")
    print("|---|---|---|---|")
    for rule, c in sorted(per_rule.items()):
        by = ", ".join(
            f"{k[6:]} {c['right:' + k[6:]]}/{v}"
            for k, v in sorted(c.items())
            if k.startswith("fired:")
        )
        print(f"| {rule} | {c['fired']} | {c['right'] / c['fired']:.3f} | {by} |")
    print()
    print("| guard (decides nothing) | held back | gold supports | gold refutes | gold nei |")
    print("|---|---|---|---|---|")
    for rule, c in sorted(guards.items()):
        print(f"| {rule} | {sum(c.values())} | {c['supports']} | {c['refutes']} | {c['nei']} |")
    for row in wrong[: args.show_wrong]:
        print(
            "\nWRONG",
            row[0],
            row[1],
            "gold",
            row[2],
            "\n  claim:",
            row[3],
            "\n  evidence:",
            row[4],
            "\n  reason:",
            row[5],
        )
    if args.write_card:
        if args.split != "validation":
            raise SystemExit("the card is written from the validation splits only")
        card = {
            "fitted_on": "benchmarks/compare.py on the validation splits (FEVER-Symmetric dev, Climate-FEVER "
            "70 %, SciFact train, HealthVer dev); held-out splits never used",
            "rules": {
                rule: {
                    "fired": c["fired"],
                    "right": c["right"],
                    # a rule seen fewer than 20 times counts no more than 0.85; one never wrong in
                    # n firings, no more than n / (n + 1) (21 of 21 is not certainty)
                    "precision": round(
                        min(c["right"] / c["fired"], c["fired"] / (c["fired"] + 1)), 3
                    )
                    if c["fired"] >= 20
                    else round(min(0.85, c["right"] / c["fired"]), 3),
                }
                for rule, c in sorted(per_rule.items())
            },
        }
        Path(CARD).write_text(json.dumps(card, indent=1) + "\n")
        print(f"\nwrote {CARD}")


if __name__ == "__main__":
    main()
