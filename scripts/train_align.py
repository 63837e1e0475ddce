"""Train the local judge's word-alignment stage (agent/judge/_align.py → agent/data/judge-align.json).

    .venv/bin/python scripts/train_align.py                      # after train_judge.py finetune
    .venv/bin/python scripts/train_judge.py calibrate            # then refit the verdict's calibration

Same data and splits as scripts/train_judge.py (benchmarks/judge_data.py; HealthVer and AVeriTeC are
never trained on; 15 % of the training claims are the validation split):
1. the alignment features (agent.align.pair_features) of the training part, plus its symmetric
   edits and not-enough-info pairs on shared words (scripts/judge_synthetic.py; ``--no-topical``
   leaves the latter out) at weight ``--synthetic-weight``, each source weighted equally;
2. a gradient-boosted tree ensemble (scikit-learn HistGradientBoostingClassifier, seed 0) on them;
3. on the validation split — which neither the trees nor the cross-encoder trained on — a logistic
   stacker over [log tree probabilities, cross-encoder logits]; its 5-fold grouped out-of-fold scores
   are printed beside the cross-encoder's and the trees' alone.
The trees are exported as plain arrays and checked against scikit-learn's own predictions.
Deterministic (the same card under any hash seed); about 1 minute on this 2-core machine when idle
(most of it encoding ~20k texts).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("HF_HUB_OFFLINE", "1")

from agent.judge import JUDGE_CARD, JUDGE_WEIGHTS, LABELS, LocalJudge  # noqa: E402
from agent.judge._align import ALIGN_CARD, FEATURES, TreeEnsemble, WordEncoder, pair_features  # noqa: E402
from benchmarks.judge_data import Pair, training_pairs  # noqa: E402
from scripts.judge_synthetic import symmetric_pairs, topical_nei_pairs  # noqa: E402
from scripts.train_judge import BASE, macro_f1, split_validation  # noqa: E402


def features(encoder: WordEncoder, pairs: list[Pair]) -> np.ndarray:
    # length first (fewer pad tokens per batch), then the text: the same batches under any hash seed
    texts = sorted(
        {p.claim for p in pairs} | {p.evidence for p in pairs}, key=lambda t: (len(t), t)
    )
    encoded = dict(zip(texts, encoder.encode(texts), strict=True))
    return np.array(
        [pair_features(encoded[p.claim], encoded[p.evidence], p.claim, p.evidence) for p in pairs]
    )


def export(model) -> dict:
    trees = []
    for row in model._predictors:
        out_row = []
        for predictor in row:
            nodes = predictor.nodes
            out_row.append(
                {
                    "feature": nodes["feature_idx"].tolist(),
                    "threshold": nodes["num_threshold"].tolist(),
                    "left": nodes["left"].tolist(),
                    "right": nodes["right"].tolist(),
                    "leaf": nodes["is_leaf"].astype(bool).tolist(),
                    "value": nodes["value"].tolist(),
                    "nan_left": nodes["missing_go_to_left"].astype(bool).tolist(),
                }
            )
        trees.append(out_row)
    return {"baseline": model._baseline_prediction.ravel().tolist(), "trees": trees}


def scores(name: str, pairs: list[Pair], probs: np.ndarray) -> dict:
    gold = np.array([LABELS.index(p.label) for p in pairs])
    src = np.array([p.group.split(":")[0] for p in pairs])
    out = {"model": name}
    for s in sorted(set(src)):
        m = src == s
        if s == "fever":  # 2-way, as the benchmark reads FEVER-Symmetric
            out["fever_2way_acc"] = round(
                float(np.mean((probs[m, 1] > probs[m, 0]).astype(int) == gold[m])), 4
            )
        else:
            out[f"{s}_macro_f1"] = round(macro_f1(gold[m].tolist(), probs[m].argmax(1).tolist()), 4)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--synthetic-weight", type=float, default=0.3)
    parser.add_argument("--iterations", type=int, default=100)
    parser.add_argument(
        "--topical",
        action=argparse.BooleanOptionalAction,
        default=True,
        help="add not-enough-info pairs of a claim and another claim's evidence on the same subject",
    )
    parser.add_argument(
        "--weights", default=str(JUDGE_WEIGHTS), help="the cross-encoder the stacker is fitted to"
    )
    parser.add_argument("--judge-card", default=str(JUDGE_CARD))
    parser.add_argument("--out", default=str(ALIGN_CARD))
    parser.add_argument("--threads", type=int, default=2)
    args = parser.parse_args()

    import torch
    from sklearn.ensemble import HistGradientBoostingClassifier
    from sklearn.linear_model import LogisticRegression
    from sklearn.model_selection import GroupKFold, cross_val_predict

    from retrieval.model_files import resolve_model

    torch.manual_seed(0)
    torch.set_num_threads(args.threads)
    started = time.perf_counter()
    train, val = split_validation(training_pairs())
    synthetic = symmetric_pairs(train, seed=13) + (
        topical_nei_pairs(train, seed=13) if args.topical else []
    )
    encoder = WordEncoder.load(resolve_model(BASE).location)
    x = features(encoder, train + synthetic)
    y = np.array([LABELS.index(p.label) for p in train + synthetic])
    source = np.array([p.group.split(":")[0] for p in train] + ["synthetic"] * len(synthetic))
    weight = np.full(len(y), args.synthetic_weight)
    for s in {p.group.split(":")[0] for p in train}:
        m = source == s
        weight[m] = len(train) / 3 / m.sum()
    trees = HistGradientBoostingClassifier(
        max_iter=args.iterations, learning_rate=0.05, max_leaf_nodes=15, random_state=0
    ).fit(x, y, sample_weight=weight)
    print(
        json.dumps(
            {
                "train": len(train),
                "synthetic": len(synthetic),
                "s": round(time.perf_counter() - started, 1),
            }
        ),
        flush=True,
    )

    xv = features(encoder, val)
    tree_probs = trees.predict_proba(xv)
    exported = export(trees)
    drift = float(
        np.abs(
            TreeEnsemble(exported["baseline"], exported["trees"]).predict_proba(xv) - tree_probs
        ).max()
    )
    assert drift < 1e-9, f"the exported trees disagree with scikit-learn by {drift}"

    judge = LocalJudge.load(Path(args.weights), Path(args.judge_card), align_card=None)
    judge_logits = judge.logits_blocking([(p.evidence, p.claim) for p in val])
    stack_x = np.hstack([np.log(tree_probs + 1e-4), judge_logits])
    yv = np.array([LABELS.index(p.label) for p in val])
    groups = np.array([p.group for p in val])
    stacker = LogisticRegression(
        C=1.0, max_iter=2000
    )  # the priors of held-out pairs: calibrated, not balanced
    out_of_fold = cross_val_predict(
        stacker, stack_x, yv, groups=groups, cv=GroupKFold(5), method="predict_proba"
    )
    stacker.fit(stack_x, yv)
    judge_probs = np.exp(judge_logits - judge_logits.max(1, keepdims=True))
    judge_probs /= judge_probs.sum(1, keepdims=True)
    validation = [
        scores("cross-encoder", val, judge_probs),
        scores("alignment trees", val, tree_probs),
        scores("stacked (out of fold)", val, out_of_fold),
    ]
    for row in validation:
        print(json.dumps(row), flush=True)
    card = {
        "features": list(FEATURES),
        "layers_of": BASE,
        **exported,
        "stacker": {
            "inputs": "log alignment probabilities (supports, refutes, nei) + cross-encoder logits",
            "coef": stacker.coef_.round(6).tolist(),
            "intercept": stacker.intercept_.round(6).tolist(),
            "judge_weights_sha256": hashlib.sha256(Path(args.weights).read_bytes()).hexdigest()[
                :12
            ],
        },
        "training": {
            "pairs": len(train),
            "synthetic_pairs": len(synthetic),
            "synthetic_weight": args.synthetic_weight,
            "iterations": args.iterations,
            "validation_pairs": len(val),
            "seconds": round(time.perf_counter() - started, 1),
        },
        "validation": validation,
    }
    Path(args.out).write_text(json.dumps(card, separators=(",", ":")) + "\n")
    print(
        json.dumps(
            {
                "saved": args.out,
                "bytes": Path(args.out).stat().st_size,
                "s": round(time.perf_counter() - started, 1),
            }
        ),
        flush=True,
    )


if __name__ == "__main__":
    main()
