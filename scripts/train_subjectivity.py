"""Train the local opinion detector shipped as agent/data/subjectivity.json.

Data: ../shared/data/newssd-eng-subjectivity (NewsSD-ENG, CC BY 4.0; SUBJ ~ opinion). Model:
logistic regression (class-balanced) over all-MiniLM-L6-v2 embeddings + agent.subjectivity's
lexical cues. C and the use of the cues were chosen by 5-fold cross-validation on train+val
(macro-F1); the test split is only scored, never used to choose.

    .venv/bin/python scripts/train_subjectivity.py [--data ../shared/data/newssd-eng-subjectivity]
"""

from __future__ import annotations

import argparse
import csv
import json
import os
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]


def read_split(folder: Path, split: str) -> tuple[list[str], np.ndarray]:
    with (folder / f"{split}.csv").open(encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    return [r["Sentence"].strip() for r in rows], np.array([r["Label"] == "SUBJ" for r in rows], dtype=int)


def main() -> None:
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    from sklearn.linear_model import LogisticRegression
    from sklearn.metrics import f1_score
    from sklearn.model_selection import RepeatedStratifiedKFold

    from agent.subjectivity import FEATURE_NAMES, WEIGHTS, feature_matrix
    from retrieval.embeddings import SentenceTransformerEmbedder

    parser = argparse.ArgumentParser()
    parser.add_argument("--data", type=Path, default=ROOT.parent / "shared" / "data" / "newssd-eng-subjectivity")
    parser.add_argument("--out", type=Path, default=WEIGHTS)
    args = parser.parse_args()

    embedder = SentenceTransformerEmbedder.load("all-MiniLM-L6-v2")
    splits = {name: read_split(args.data, name) for name in ("train", "val", "test")}
    feats = {name: feature_matrix(embedder.embed_blocking(s), s) for name, (s, _) in splits.items()}
    X = np.vstack([feats["train"], feats["val"]])
    y = np.concatenate([splits["train"][1], splits["val"][1]])

    # 5-fold × 4 repeats: the splits are small (581 sentences), one 5-fold run is too noisy to choose by.
    folds = RepeatedStratifiedKFold(n_splits=5, n_repeats=4, random_state=1)
    n_embed = X.shape[1] - len(FEATURE_NAMES)
    results = []
    for C in (0.3, 1.0, 3.0, 10.0):
        for cues in (False, True):
            cols = slice(None) if cues else slice(0, n_embed)
            scores = []
            for train, held in folds.split(X, y):
                fold_model = LogisticRegression(C=C, class_weight="balanced", max_iter=5000)
                fold_model.fit(X[train][:, cols], y[train])
                scores.append(f1_score(y[held], fold_model.predict(X[held][:, cols]), average="macro"))
            results.append((round(float(np.mean(scores)), 4), -C, cues, C))
            print(json.dumps({"C": C, "cues": cues, "cv_macro_f1": results[-1][0]}))
    cv_f1, _, cues, C = max(results)  # ties go to the stronger regularisation
    cols = slice(None) if cues else slice(0, n_embed)
    model = LogisticRegression(C=C, class_weight="balanced", max_iter=5000).fit(X[:, cols], y)
    test_probs = model.predict_proba(feats["test"][:, cols])[:, 1]
    test_f1 = f1_score(splits["test"][1], test_probs > 0.5, average="macro")
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps({
        "embedder": "all-MiniLM-L6-v2", "features": list(FEATURE_NAMES) if cues else [], "C": C, "threshold": 0.5,
        "coef": [round(float(v), 6) for v in model.coef_[0]], "intercept": round(float(model.intercept_[0]), 6),
        "trained_on": "NewsSD-ENG train+val (CC BY 4.0)", "cv_macro_f1": round(cv_f1, 4),
        "test_macro_f1": round(test_f1, 4),
    }) + "\n")
    print(json.dumps({"chosen_C": C, "cues": cues, "cv_macro_f1": round(cv_f1, 4), "test_macro_f1": round(test_f1, 4),
                      "out": str(args.out)}))


if __name__ == "__main__":
    main()
