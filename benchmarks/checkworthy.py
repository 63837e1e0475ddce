"""Which sentences the passage check verifies (issue 23): the check-worthiness head plus the local
opinion/vagueness gate, exactly as `agent.passages.PassageChecker` decides, on held-out data.

    .venv/bin/python -m benchmarks.checkworthy
    .venv/bin/python -m benchmarks.checkworthy --weights old.json --weights agent/data/checkworthy.json

Rows, per weights file:
- recall on fact-checked claims (every claim of a fact-checking dataset is check-worthy): the
  held-out splits of the training sets (SciFact dev, FEVER-Symmetric test, Climate-FEVER's 30 %
  test share; benchmarks/judge_data.py) and sets never trained on (LIAR-PLUS test, AVeriTeC dev,
  HealthVer test claims). Target ≥ 0.95 each.
- ClaimBuster test: precision, recall and F1 of the head alone (target F1 ≥ 0.86).
- NewsSD-ENG test: precision of the opinion gate (of the sentences skipped as opinions, the share
  annotated SUBJ; target ≥ 0.80), and how many SUBJ sentences are verified anyway.
`--weights` (repeatable) compares check-worthiness files behind the default gate, e.g. the previous
one from git history (`git show <commit>:agent/data/checkworthy.json > old.json`); `--heads
default,research` compares the shipped head sets (`CLAIM_HEADS`), each with its own opinion gate.
"""

from __future__ import annotations

import argparse
import asyncio
import csv
import json
import os
import time
from pathlib import Path

from benchmarks.common import DATA, emit, require


def claim_sets() -> dict[str, list[str]]:
    from benchmarks.judge_data import climate_claims, fever_rows, scifact_claims

    with require(DATA / "liar-plus" / "test2.tsv").open(encoding="utf-8") as handle:
        liar = [
            row[3] for row in csv.reader(handle, delimiter="\t") if len(row) > 3 and row[3].strip()
        ]
    averitec = [
        r["claim"] for r in json.loads(require(DATA / "averitec-dev" / "dev.json").read_text())
    ]
    healthver = [
        json.loads(line)["text"]
        for line in require(DATA / "healthver" / "queries_test.jsonl").open()
    ]
    return {
        "SciFact dev (held out)": [r["claim"] for r in scifact_claims("test", DATA)],
        "FEVER-Symmetric test (held out)": [r["claim"] for r in fever_rows("test", DATA)],
        "Climate-FEVER 30 % (held out)": [r["claim"] for r in climate_claims("test", DATA)],
        "LIAR-PLUS test": liar,
        "AVeriTeC dev": averitec,
        "HealthVer test": healthver,
    }


async def selected(texts: list[str], head, detector) -> list[bool]:
    """The passage check's decision per sentence: not an opinion, not vague, and check-worthy."""
    from agent.classify import classify_local
    from agent.models import ClaimType

    probs = await head.probabilities(texts)
    out = []
    for text, p in zip(texts, probs, strict=True):
        kind = (await classify_local(text, detector)).claim_type
        out.append(kind not in {ClaimType.OPINION, ClaimType.AMBIGUOUS} and p >= head.threshold)
    return out


def main() -> None:
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    from agent.classify import (
        SUBJECTIVITY_WEIGHTS,
        classify_local,
        head_weights,
        load_head_classifier,
    )
    from agent.models import ClaimType
    from retrieval.embeddings import SentenceTransformerEmbedder

    parser = argparse.ArgumentParser()
    parser.add_argument(
        "--weights",
        type=Path,
        action="append",
        help="check-worthiness weights files to compare (behind the default opinion gate)",
    )
    parser.add_argument(
        "--heads",
        default="default",
        help="head sets (agent.classify.head_weights), e.g. default,research",
    )
    args = parser.parse_args()
    embedder = SentenceTransformerEmbedder.load("all-MiniLM-L6-v2")
    claims = claim_sets()
    cb = json.loads(require(DATA / "claimbuster" / "test.json").read_text())
    with require(DATA / "newssd-eng-subjectivity" / "test.csv").open(encoding="utf-8") as handle:
        newssd = [(r["Sentence"].strip(), r["Label"] == "SUBJ") for r in csv.DictReader(handle)]

    async def opinion_gate(detector) -> dict:
        kinds = [(await classify_local(text, detector)).claim_type for text, _ in newssd]
        skipped = [
            subj for (_, subj), kind in zip(newssd, kinds, strict=True) if kind is ClaimType.OPINION
        ]
        return {
            "precision": sum(skipped) / len(skipped) if skipped else 0.0,
            "skipped": len(skipped),
            "subj": sum(s for _, s in newssd),
        }

    if args.weights:  # check-worthiness files compared behind the default opinion gate
        sets = [
            (Path(path).name, "default", Path(path), SUBJECTIVITY_WEIGHTS) for path in args.weights
        ]
    else:
        sets = [(f"{kind} heads", kind, *head_weights(kind)) for kind in args.heads.split(",")]
    rows = []
    for name, kind, path, gate_path in sets:
        detector = load_head_classifier(gate_path, embedder)
        gate = asyncio.run(opinion_gate(detector))
        started = time.perf_counter()
        head = load_head_classifier(path, embedder, detector.layers)
        assert head is not None, f"{path} was not trained on {embedder.name}"
        load_ms = (time.perf_counter() - started) * 1000
        for label, texts in claims.items():
            picked = asyncio.run(selected(texts, head, detector))
            if label in {
                "LIAR-PLUS test",
                "HealthVer test",
            }:  # the research heads train on their other split
                label += " (held out)" if kind == "research" else " (never trained on)"
            elif label == "AVeriTeC dev":
                label += " (never trained on)"
            rows.append(
                {
                    "weights": name,
                    "measure": f"recall, {label}",
                    "n": len(texts),
                    "value": round(sum(picked) / len(picked), 4),
                    "target": "≥ 0.95",
                }
            )
        texts = [r["text"].strip() for r in cb]
        gold = [r["label"] == 1 for r in cb]
        started = time.perf_counter()
        probs = asyncio.run(head.probabilities(texts))
        ms = (time.perf_counter() - started) * 1000 / len(texts)
        predicted = [p >= head.threshold for p in probs]
        tp = sum(g and p for g, p in zip(gold, predicted, strict=True))
        precision = tp / max(1, sum(predicted))
        recall = tp / max(1, sum(gold))
        f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
        rows.append(
            {
                "weights": name,
                "measure": f"ClaimBuster test F1 (P {precision:.3f}, R {recall:.3f}; "
                f"{ms:.1f} ms/sentence, load {load_ms:.0f} ms)",
                "n": len(texts),
                "value": round(f1, 4),
                "target": "≥ 0.86",
            }
        )
        subj_texts = [t for t, s in newssd if s]
        verified = asyncio.run(selected(subj_texts, head, detector))
        rows.append(
            {
                "weights": name,
                "measure": f"NewsSD test: opinion-gate precision ({gate['skipped']} skipped as "
                f"opinions; {sum(verified)} of {len(subj_texts)} SUBJ sentences verified anyway)",
                "n": len(newssd),
                "value": round(gate["precision"], 4),
                "target": "≥ 0.80",
            }
        )
    emit("checkworthy", rows, ["weights", "measure", "n", "value", "target"])


if __name__ == "__main__":
    main()
