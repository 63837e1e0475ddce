"""Train the tiny classifiers shipped in agent/data/ (logistic regression over all-MiniLM-L6-v2
embeddings, optionally with lexical cues). C and the use of cues are chosen by repeated stratified
cross-validation on the training data only; the test split is scored once, never used to choose.

    .venv/bin/python scripts/train_heads.py subjectivity   # NewsSD-ENG (CC BY 4.0): SUBJ vs OBJ
    .venv/bin/python scripts/train_heads.py checkworthy    # ClaimBuster (GPL-3.0 data): CFS vs NCS

Data is read from ../shared/data (not part of the repository).
"""

from __future__ import annotations

import argparse
import csv
import json
import os
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT.parent / "shared" / "data"


def newssd() -> tuple[tuple[list[str], np.ndarray], tuple[list[str], np.ndarray], str]:
    def split(name: str):
        with (DATA / "newssd-eng-subjectivity" / f"{name}.csv").open(encoding="utf-8") as handle:
            rows = list(csv.DictReader(handle))
        return [r["Sentence"].strip() for r in rows], np.array([r["Label"] == "SUBJ" for r in rows], dtype=int)

    (tr_s, tr_y), (va_s, va_y) = split("train"), split("val")
    return (tr_s + va_s, np.concatenate([tr_y, va_y])), split("test"), "NewsSD-ENG train+val (CC BY 4.0)"


def claimbuster() -> tuple[tuple[list[str], np.ndarray], tuple[list[str], np.ndarray], str]:
    def split(name: str):
        rows = json.loads((DATA / "claimbuster" / f"{name}.json").read_text())
        return [r["text"].strip() for r in rows], np.array([r["label"] for r in rows], dtype=int)

    return split("train"), split("test"), "ClaimBuster train (GPL-3.0 data, utaresearch/claimbuster-spotter)"


TASKS = {"subjectivity": newssd, "checkworthy": claimbuster}


def main() -> None:
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    from sklearn.linear_model import LogisticRegression
    from sklearn.metrics import f1_score
    from sklearn.model_selection import RepeatedStratifiedKFold

    from agent.heads import DATA_DIR, feature_matrix
    from retrieval.embeddings import SentenceTransformerEmbedder

    parser = argparse.ArgumentParser()
    parser.add_argument("task", choices=sorted(TASKS))
    parser.add_argument("--out", type=Path)
    args = parser.parse_args()
    (train_s, y), (test_s, test_y), source = TASKS[args.task]()
    out = args.out or DATA_DIR / f"{args.task}.json"
    # macro-F1 for the two-sided subjectivity task; F1 of the positive class for check-worthiness
    average = "macro" if args.task == "subjectivity" else "binary"

    embedder = SentenceTransformerEmbedder.load("all-MiniLM-L6-v2")
    train_e, test_e = embedder.embed_blocking(train_s), embedder.embed_blocking(test_s)
    folds = RepeatedStratifiedKFold(n_splits=5, n_repeats=4, random_state=1)
    results = []
    for C in (0.3, 1.0, 3.0, 10.0):
        for cues in (None, args.task):
            X = feature_matrix(train_e, train_s, cues)
            scores = []
            for fit, held in folds.split(X, y):
                model = LogisticRegression(C=C, class_weight="balanced", max_iter=5000).fit(X[fit], y[fit])
                scores.append(f1_score(y[held], model.predict(X[held]), average=average))
            results.append((round(float(np.mean(scores)), 4), -C, cues is not None, C, cues))
            print(json.dumps({"C": C, "cues": cues, "cv_f1": results[-1][0]}))
    cv_f1, _, _, C, cues = max(results)  # ties go to the stronger regularisation, then to no cues
    model = LogisticRegression(C=C, class_weight="balanced", max_iter=5000).fit(
        feature_matrix(train_e, train_s, cues), y)
    test_f1 = f1_score(test_y, model.predict(feature_matrix(test_e, test_s, cues)), average=average)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps({
        "task": args.task, "embedder": "all-MiniLM-L6-v2", "cues": cues, "C": C, "threshold": 0.5,
        "coef": [round(float(v), 6) for v in model.coef_[0]], "intercept": round(float(model.intercept_[0]), 6),
        "trained_on": source, "cv_f1": cv_f1, "test_f1": round(float(test_f1), 4), "f1_average": average,
    }) + "\n")
    print(json.dumps({"task": args.task, "chosen_C": C, "cues": cues, "cv_f1": cv_f1,
                      "test_f1": round(float(test_f1), 4), "out": str(out)}))


if __name__ == "__main__":
    main()
