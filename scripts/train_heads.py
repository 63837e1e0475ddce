"""Train the tiny classifiers shipped in agent/data/. Everything is chosen by repeated stratified
cross-validation on the training data only; the test split is scored once, never used to choose.

    .venv/bin/python scripts/train_heads.py subjectivity   # NewsSD-ENG (CC BY 4.0): SUBJ vs OBJ
    nice -n 10 .venv/bin/python scripts/train_heads.py checkworthy    # ClaimBuster CFS vs NCS + fact-checked claims

- subjectivity: logistic regression over the all-MiniLM-L6-v2 sentence embedding, with or without
  lexical cues, C by CV (macro-F1).
- checkworthy: standardised logistic regression over the mean-pooled hidden states of a set of
  MiniLM layers (agent.heads.MiniLMLayers, the same code the service runs) with or without lexical
  cues; layers, cues and C by CV, then the decision threshold by CV on the out-of-fold scores of
  the chosen model. The score is F1 of the positive class with the CV folds reweighted to equal
  class shares: the training split is 25 % check-worthy, the benchmark's test split is balanced
  (the data's README says so), and F1 depends on the prevalence. The unweighted CV F1 is reported too.
  About 10 minutes on one core.

Data is read from ../shared/data (not part of the repository; the ClaimBuster data is GPL-3.0,
so only this script and the derived weights are in the repository).
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import time
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


def claimbuster_and_fact_checked() -> tuple[tuple[list[str], np.ndarray], tuple[list[str], np.ndarray], str]:
    """ClaimBuster, plus the kind of claims fact-checkers check (every claim of a fact-checking
    dataset is check-worthy by construction) and non-claims that are not debate sentences.

    Positives added, training splits only (benchmarks/judge_data.py decides them, as for the judge):
    SciFact train claims (CC BY 4.0), FEVER-Symmetric dev claims (Wikipedia, CC BY-SA) and the 70 %
    training share of Climate-FEVER's claims. Negatives added: NewsSD-ENG's subjective train+val
    sentences (CC BY 4.0; opinions are not verified) and scripts/data/non_claims.txt (greetings,
    questions, promises …, written for claimcheck). LIAR-PLUS (research only), AVeriTeC
    (non-commercial) and HealthVer (no licence) are never trained on: benchmarks/checkworthy.py
    measures recall on them, and on the held-out splits of the others."""
    import sys

    sys.path.insert(0, str(ROOT))
    from benchmarks.judge_data import climate_claims, fever_rows, scifact_claims

    (cb_s, cb_y), test, _ = claimbuster()
    claims = ([r["claim"] for r in scifact_claims("train", DATA)] + [r["claim"] for r in fever_rows("train", DATA)]
              + [r["claim"] for r in climate_claims("train", DATA)])
    opinions = []
    for name in ("train", "val"):
        with (DATA / "newssd-eng-subjectivity" / f"{name}.csv").open(encoding="utf-8") as handle:
            opinions += [r["Sentence"].strip() for r in csv.DictReader(handle) if r["Label"] == "SUBJ"]
    written = [line.strip() for line in (ROOT / "scripts" / "data" / "non_claims.txt").open(encoding="utf-8")
               if line.strip() and not line.startswith("#")]
    sentences = cb_s + [c.strip() for c in claims] + opinions + written
    labels = np.concatenate([cb_y, np.ones(len(claims), int), np.zeros(len(opinions) + len(written), int)])
    source = (f"ClaimBuster train (GPL-3.0 data) + {len(claims)} fact-checked claims (SciFact train, FEVER-Symmetric "
              f"dev, Climate-FEVER 70 %) + {len(opinions)} NewsSD-ENG opinions + {len(written)} written non-claims")
    return (sentences, labels), test, source


TASKS = {"subjectivity": newssd, "checkworthy": claimbuster_and_fact_checked}
EMBEDDER = "all-MiniLM-L6-v2"


def train_subjectivity(train_s, y, test_s, test_y, source: str, out: Path) -> None:
    from sklearn.linear_model import LogisticRegression
    from sklearn.metrics import f1_score
    from sklearn.model_selection import RepeatedStratifiedKFold

    from agent.heads import feature_matrix
    from retrieval.embeddings import SentenceTransformerEmbedder

    embedder = SentenceTransformerEmbedder.load(EMBEDDER)
    train_e, test_e = embedder.embed_blocking(train_s), embedder.embed_blocking(test_s)
    folds = RepeatedStratifiedKFold(n_splits=5, n_repeats=4, random_state=1)
    results = []
    for C in (0.3, 1.0, 3.0, 10.0):
        for cues in (None, "subjectivity"):
            X = feature_matrix(train_e, train_s, cues)
            scores = []
            for fit, held in folds.split(X, y):
                model = LogisticRegression(C=C, class_weight="balanced", max_iter=5000).fit(X[fit], y[fit])
                scores.append(f1_score(y[held], model.predict(X[held]), average="macro"))
            results.append((round(float(np.mean(scores)), 4), -C, cues is not None, C, cues))
            print(json.dumps({"C": C, "cues": cues, "cv_f1": results[-1][0]}))
    cv_f1, _, _, C, cues = max(results)  # ties go to the stronger regularisation, then to no cues
    model = LogisticRegression(C=C, class_weight="balanced", max_iter=5000).fit(
        feature_matrix(train_e, train_s, cues), y)
    test_f1 = f1_score(test_y, model.predict(feature_matrix(test_e, test_s, cues)), average="macro")
    out.write_text(json.dumps({
        "task": "subjectivity", "embedder": EMBEDDER, "cues": cues, "C": C, "threshold": 0.5,
        "coef": [round(float(v), 6) for v in model.coef_[0]], "intercept": round(float(model.intercept_[0]), 6),
        "trained_on": source, "cv_f1": cv_f1, "test_f1": round(float(test_f1), 4), "f1_average": "macro",
    }) + "\n")
    print(json.dumps({"task": "subjectivity", "chosen_C": C, "cues": cues, "cv_f1": cv_f1,
                      "test_f1": round(float(test_f1), 4), "out": str(out)}))


LAYER_SETS = ((6,), (4, 5, 6), (1, 2, 3, 4, 5, 6))
CS = (0.001, 0.003, 0.01)
THRESHOLDS = np.round(np.arange(0.30, 0.701, 0.02), 2)


def train_checkworthy(train_s, y, test_s, test_y, source: str, out: Path) -> None:
    from sklearn.linear_model import LogisticRegression
    from sklearn.metrics import f1_score
    from sklearn.model_selection import RepeatedStratifiedKFold
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import StandardScaler

    from agent.heads import MiniLMLayers, feature_matrix

    def model(C: float):
        return make_pipeline(StandardScaler(), LogisticRegression(C=C, class_weight="balanced", max_iter=5000))

    encoder = MiniLMLayers.load(EMBEDDER)
    every = tuple(range(7))
    started = time.perf_counter()
    train_h = encoder.layer_means(train_s, every).reshape(len(train_s), 7, -1)
    test_h = encoder.layer_means(test_s, every).reshape(len(test_s), 7, -1)
    print(json.dumps({"encoded_s": round(time.perf_counter() - started, 1)}))

    def features(hidden, sentences, layers, cues):
        return feature_matrix(hidden[:, list(layers)].reshape(len(sentences), -1), sentences, cues)

    balanced = np.where(y == 1, (y == 0).sum() / (y == 1).sum(), 1.0)  # CV folds at equal class shares
    folds = list(RepeatedStratifiedKFold(n_splits=5, n_repeats=2, random_state=1).split(y, y))
    results = []
    for layers in LAYER_SETS:
        for cues in (None, "checkworthy"):
            X = features(train_h, train_s, layers, cues)
            for C in CS:
                oof = np.zeros((2, len(y)))
                for k, (fit, held) in enumerate(folds):
                    oof[k // 5, held] = model(C).fit(X[fit], y[fit]).predict_proba(X[held])[:, 1]
                bal = float(np.mean([f1_score(y, p >= 0.5, sample_weight=balanced) for p in oof]))
                raw = float(np.mean([f1_score(y, p >= 0.5) for p in oof]))
                # ties go to fewer layers, then no cues, then the stronger regularisation
                results.append(((round(bal, 4), -len(layers), cues is None, -C), layers, cues, C, raw, oof))
                print(json.dumps({"layers": layers, "cues": cues, "C": C, "cv_f1_balanced": round(bal, 4),
                                  "cv_f1_train_prevalence": round(raw, 4)}), flush=True)
    (cv_f1, *_), layers, cues, C, raw, oof = max(results, key=lambda r: r[0])
    by_threshold = [float(np.mean([f1_score(y, p >= t, sample_weight=balanced) for p in oof])) for t in THRESHOLDS]
    threshold = float(THRESHOLDS[int(np.argmax(by_threshold))])
    final = model(C).fit(features(train_h, train_s, layers, cues), y)
    test_p = final.predict_proba(features(test_h, test_s, layers, cues))[:, 1]
    test_f1 = float(f1_score(test_y, test_p >= threshold))
    # fold the standardisation into the weights: w·(x − μ)/σ + b = (w/σ)·x + (b − Σ wμ/σ)
    scaler, lr = final[0], final[1]
    coef = lr.coef_[0] / scaler.scale_
    intercept = float(lr.intercept_[0] - coef @ scaler.mean_)
    out.write_text(json.dumps({
        "task": "checkworthy", "embedder": EMBEDDER, "layers": list(layers), "cues": cues, "C": C,
        "threshold": threshold, "intercept": float(f"{intercept:.9g}"),
        "coef": [float(f"{v:.7g}") for v in coef],
        "trained_on": source, "cv_f1": round(float(by_threshold[int(np.argmax(by_threshold))]), 4),
        "cv_f1_at_0.5": cv_f1, "cv_f1_train_prevalence": round(raw, 4), "cv": "5-fold x 2, F1 at equal class shares",
        "test_f1": round(test_f1, 4), "f1_average": "binary",
    }) + "\n")
    print(json.dumps({"task": "checkworthy", "layers": layers, "cues": cues, "C": C, "threshold": threshold,
                      "cv_f1": round(float(max(by_threshold)), 4), "cv_f1_at_0.5": cv_f1,
                      "test_f1": round(test_f1, 4), "out": str(out)}))


def main() -> None:
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    import torch

    from agent.heads import DATA_DIR

    torch.set_num_threads(1)  # a background job on a shared machine: one core
    parser = argparse.ArgumentParser()
    parser.add_argument("task", choices=sorted(TASKS))
    parser.add_argument("--out", type=Path)
    args = parser.parse_args()
    (train_s, y), (test_s, test_y), source = TASKS[args.task]()
    out = args.out or DATA_DIR / f"{args.task}.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    train = train_subjectivity if args.task == "subjectivity" else train_checkworthy
    train(train_s, y, test_s, test_y, source, out)


if __name__ == "__main__":
    main()
