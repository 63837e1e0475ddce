"""Counter-queries against a fake search index built from the shared corpora (issue 25, item 2).

    .venv/bin/python -m benchmarks.counterquery [--split test|train] [--limit 0]

The "web" is one BM25 index (SQLite FTS5, Porter stemming, in memory) over every evidence text of
FEVER-Symmetric (both files), Climate-FEVER (its 5,240-sentence corpus and every claim's evidence)
and SciFact (every abstract of its 5,183-document corpus, sentence by sentence). Stop words are
dropped from queries as the KB's lexical leg drops them, except the negations (not, no, never),
which a counter-query is made of. Each claim is searched like the targeted tier: the top 8 per
query, the tier's queries merged (union, first come first kept); the final evidence is the top 5 of
the merged results by the packaged MiniLM's cosine to the claim (the embedding reranker the
service uses when the cross-encoder cannot be downloaded).

Three settings: the claim alone (before), the claim + its negation, the claim + its "myth false
debunked" phrasing (`agent/gather/_counter.py`). Per dataset:

- refuted claims (gold refuting evidence exists): how often the merged results, and the final
  evidence, hold ≥ 1 gold refuting item — the evidence against the claim;
- all claims: how often the final evidence holds an item of the opposite stance to the claim's
  wording (a gold refuting item) — the figure the issue asks for;
- supported claims: how often the final evidence still holds a gold supporting item (the cost).

Splits (benchmarks/judge_data.py): `train` (FEVER-Symmetric dev, Climate-FEVER's 70 %, SciFact
train) chooses `agent.gather._counter.DEFAULT_FORM`; `test` (FEVER-Symmetric test, Climate-FEVER's 30 %,
SciFact dev) is reported and never tuned on.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sqlite3
import time
from collections import defaultdict
from dataclasses import dataclass, field

import numpy as np

from agent.gather._counter import FORMS, counter_query
from benchmarks.common import emit
from benchmarks.judge_data import (
    DATA,
    _norm,
    _scifact_corpus,
    climate_claims,
    fever_rows,
    scifact_claims,
)
from retrieval.lexical import STOP_WORDS

PER_QUERY = 8  # the trusted tier's results per query (TierPlan.trusted_results)
FINAL = 5  # TOP_K_RERANK
NEGATIONS = frozenset({"not", "no", "never", "nor"})
_TERM = re.compile(r"[^\W_]+", re.UNICODE)


@dataclass
class Claim:
    dataset: str
    text: str
    gold: dict[int, str] = field(default_factory=dict)  # doc id → supports | refutes


class Index:
    """The fake web: one FTS5 table; documents are added once, by text."""

    def __init__(self) -> None:
        self.db = sqlite3.connect(":memory:")
        self.db.execute("CREATE VIRTUAL TABLE docs USING fts5(text, tokenize='porter unicode61')")
        self.ids: dict[str, int] = {}
        self.texts: list[str] = []

    def add(self, text: str) -> int:
        text = " ".join(text.split())
        if text not in self.ids:
            self.ids[text] = len(self.texts)
            self.texts.append(text)
            self.db.execute("INSERT INTO docs(rowid, text) VALUES (?, ?)", (self.ids[text], text))
        return self.ids[text]

    def search(self, query: str, k: int = PER_QUERY) -> list[int]:
        terms = []
        for term in _TERM.findall(query.lower()):
            if (term not in STOP_WORDS or term in NEGATIONS) and term not in terms:
                terms.append(term)
        if not terms:
            return []
        match = " OR ".join('"' + t.replace('"', "") + '"' for t in terms)
        rows = self.db.execute(
            "SELECT rowid FROM docs WHERE docs MATCH ? ORDER BY bm25(docs) LIMIT ?", (match, k)
        )
        return [r[0] for r in rows]


def build(split: str) -> tuple[Index, list[Claim]]:
    index = Index()
    claims: list[Claim] = []
    for fever_split in (
        "train",
        "test",
    ):  # every FEVER evidence is on the web; the split picks the claims
        for row in fever_rows(fever_split):
            doc = index.add(row["evidence"])
            if fever_split == split:
                claims.append(
                    Claim(
                        "FEVER-Symmetric",
                        row["claim"],
                        {doc: "supports" if row["label"] == "SUPPORTS" else "refutes"},
                    )
                )
    for line in (DATA / "climate-fever" / "corpus.jsonl").open(encoding="utf-8"):
        index.add(json.loads(line)["text"])
    chosen = {_norm(r["claim"]) for r in climate_claims(split)}
    for part in ("train", "test"):
        for row in climate_claims(part):
            gold = {}
            for e in row["evidences"]:
                doc = index.add(e["evidence"])
                label = {"SUPPORTS": "supports", "REFUTES": "refutes"}.get(e["evidence_label"])
                if label:
                    gold[doc] = label
            if _norm(row["claim"]) in chosen and part == split:
                claims.append(Claim("Climate-FEVER", row["claim"], gold))
    corpus = _scifact_corpus(DATA)
    for doc in corpus.values():
        for sentence in doc["abstract"]:
            if sentence.strip():
                index.add(sentence)
    for row in scifact_claims("train" if split == "train" else "dev"):
        gold = {}
        for doc_id, sets in row["evidence"].items():
            abstract = corpus[int(doc_id)]["abstract"]
            for rationale in sets:
                for i in rationale["sentences"]:
                    if abstract[i].strip():
                        gold[index.ids[" ".join(abstract[i].split())]] = (
                            "supports" if rationale["label"] == "SUPPORT" else "refutes"
                        )
        claims.append(Claim("SciFact", row["claim"], gold))
    return index, claims


def run(args: argparse.Namespace) -> None:
    from retrieval.embeddings import load_embedder

    started = time.perf_counter()
    index, claims = build(args.split)
    if args.limit:
        per: dict[str, int] = defaultdict(int)
        kept = []
        for c in claims:
            if per[c.dataset] < args.limit:
                per[c.dataset] += 1
                kept.append(c)
        claims = kept
    embedder, _ = load_embedder("all-MiniLM-L6-v2")
    vectors: dict[str, np.ndarray] = {}

    def embed(texts: list[str]) -> np.ndarray:
        missing = [t for t in dict.fromkeys(texts) if t not in vectors]
        for start in range(0, len(missing), 256):
            batch = missing[start : start + 256]
            for text, vector in zip(batch, embedder.embed_blocking(batch), strict=True):
                vectors[text] = vector / (np.linalg.norm(vector) or 1.0)
        return np.stack([vectors[t] for t in texts])

    settings = {"claim only": None, **{f"claim + {form}": form for form in FORMS}}
    tally: dict[tuple[str, str], dict[str, int]] = defaultdict(lambda: defaultdict(int))
    made = defaultdict(int)
    for claim in claims:
        claim_vector = embed([claim.text])[0]
        refuting = {d for d, label in claim.gold.items() if label == "refutes"}
        supporting = {d for d, label in claim.gold.items() if label == "supports"}
        for name, form in settings.items():
            queries = [claim.text]
            if form is not None:
                counter = counter_query(claim.text, form)
                if counter:
                    queries.append(counter)
                    made[form] += 1
            merged = list(
                dict.fromkeys(d for q in queries for d in index.search(q, args.per_query))
            )
            if merged:
                scores = embed([index.texts[d] for d in merged]) @ claim_vector
                final = [merged[i] for i in np.argsort(-scores, kind="stable")[:FINAL]]
            else:
                final = []
            t = tally[(claim.dataset, name)]
            t["claims"] += 1
            t["opposite_final"] += bool(refuting & set(final))
            if refuting:
                t["refuted"] += 1
                t["refuting_merged"] += bool(refuting & set(merged))
                t["refuting_final"] += bool(refuting & set(final))
            if supporting:
                t["supported"] += 1
                t["supporting_final"] += bool(supporting & set(final))
            t["results"] += len(merged)
    rows = []
    for (dataset, name), t in sorted(
        tally.items(), key=lambda kv: (kv[0][0], list(settings).index(kv[0][1]))
    ):
        rows.append(
            {
                "dataset": dataset,
                "setting": name,
                "claims": t["claims"],
                "refuted: refuting in results": f"{t['refuting_merged'] / max(1, t['refuted']):.3f}",
                "refuted: refuting in final 5": f"{t['refuting_final'] / max(1, t['refuted']):.3f}",
                "all: opposite stance in final 5": f"{t['opposite_final'] / max(1, t['claims']):.3f}",
                "supported: support kept in final 5": f"{t['supporting_final'] / max(1, t['supported']):.3f}",
                "results per claim": f"{t['results'] / max(1, t['claims']):.1f}",
            }
        )
    totals = defaultdict(lambda: defaultdict(int))
    for (_, name), t in tally.items():
        for key, value in t.items():
            totals[name][key] += value
    best = max(FORMS, key=lambda f: totals[f"claim + {f}"]["refuting_final"])
    emit(
        "counterquery",
        rows,
        list(rows[0]) if rows else [],
        {
            "split": args.split,
            "per_query": args.per_query,
            "documents": len(index.texts),
            "claims": len(claims),
            "counter_queries_made": dict(made),
            "most_refuting_form": best,
            "pooled": {
                name: {
                    "refuting_final": round(t["refuting_final"] / max(1, t["refuted"]), 3),
                    "opposite_final": round(t["opposite_final"] / max(1, t["claims"]), 3),
                    "supporting_final": round(t["supporting_final"] / max(1, t["supported"]), 3),
                }
                for name, t in totals.items()
            },
            "seconds": round(time.perf_counter() - started, 1),
        },
    )


def main() -> None:
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--split",
        choices=["train", "test"],
        default="test",
        help="train chooses DEFAULT_FORM; test is reported (never tuned on)",
    )
    parser.add_argument(
        "--per-query",
        type=int,
        default=PER_QUERY,
        help="results kept per query (the trusted tier keeps 8; fewer = a shallower results page)",
    )
    parser.add_argument(
        "--limit", type=int, default=0, help="at most this many claims per dataset (0: all)"
    )
    run(parser.parse_args())


if __name__ == "__main__":
    main()
