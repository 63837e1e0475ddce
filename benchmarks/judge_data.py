"""The claim–evidence pairs the local judge is trained on and measured with, and their splits.

One place decides every split, so the training script (scripts/train_judge.py) never sees a row
the benchmark (benchmarks/verdict.py) scores as held out:

| dataset | trains the shipped judge | held out (benchmark) | licence |
|---|---|---|---|
| FEVER-Symmetric | `fever_symmetric_dev.jsonl` | `fever_symmetric_test.jsonl` | CC BY-SA 3.0 (Wikipedia) |
| Climate-FEVER | 70 % of claims (by a hash of the normalised claim) | the other 30 % | Wikipedia text, CC BY-SA |
| SciFact | `claims_train.jsonl` | `claims_dev.jsonl` | CC BY 4.0 / ODC-By 1.0 |
| HealthVer | never | `healthver_test.csv` (and dev) | no licence: evaluation only |
| AVeriTeC | never | `dev.json` | CC BY-NC 4.0: evaluation only |

Labels are ``supports`` / ``refutes`` / ``nei`` (NOT ENOUGH INFO / Neutral).
"""

from __future__ import annotations

import ast
import csv
import hashlib
import json
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

DATA = Path(__file__).resolve().parents[2] / "shared" / "data"
LABELS = ("supports", "refutes", "nei")


@dataclass(frozen=True)
class Pair:
    claim: str
    evidence: str
    label: str  # supports | refutes | nei
    group: str  # pairs of one group (one claim) stay in one fold


@dataclass
class Case:
    """One claim with its gold evidence, as the verdict benchmark judges it."""

    claim: str
    evidence: list[str]
    label: str  # supports | refutes | nei | conflicting
    sources: list[str] = field(default_factory=list)


def _norm(text: str) -> str:
    return re.sub(r"[^a-z0-9 ]", "", " ".join(text.lower().split()))


def _held_out(key: str, share: float = 0.3) -> bool:
    """A fixed, seedless 30 % split by a hash of the group key."""
    return int(hashlib.sha1(key.encode()).hexdigest()[:8], 16) / 0xFFFFFFFF < share


def available(data: Path = DATA) -> bool:
    return (data / "fever-symmetric").is_dir()


# -- FEVER-Symmetric -------------------------------------------------------------------------------


def fever_rows(split: str, data: Path = DATA) -> list[dict]:
    path = (
        data / "fever-symmetric" / f"fever_symmetric_{'dev' if split == 'train' else 'test'}.jsonl"
    )
    return [json.loads(line) for line in path.open(encoding="utf-8")]


_PTB = {
    "-LRB-": "(",
    "-RRB-": ")",
    "-LSB-": "[",
    "-RSB-": "]",
    "-LCB-": "{",
    "-RCB-": "}",
    "``": '"',
    "''": '"',
}


def detokenize(text: str) -> str:
    """FEVER's Penn-Treebank tokens as the text a reader (and the service) sees: "-LRB- born 1961
    -RRB- ," → "(born 1961),"."""
    for token, char in _PTB.items():
        text = text.replace(token, char)
    text = re.sub(r" ([,.;:!?)\]%]|'s\b|n't\b)", r"\1", " ".join(text.split()))
    return re.sub(r"([(\[$]) ", r"\1", text)


def fever_pairs(split: str, data: Path = DATA) -> list[Pair]:
    return [
        Pair(
            detokenize(r["claim"]),
            detokenize(r["evidence"]),
            "supports" if r["label"] == "SUPPORTS" else "refutes",
            "fever:" + _norm(r["claim"]),
        )
        for r in fever_rows(split, data)
    ]  # groups: the dataset's own text


def fever_cases(split: str = "test", data: Path = DATA) -> list[Case]:
    return [
        Case(p.claim, [p.evidence], p.label, ["https://en.wikipedia.org/"])
        for p in fever_pairs(split, data)
    ]


# -- Climate-FEVER ---------------------------------------------------------------------------------

_CF = {"SUPPORTS": "supports", "REFUTES": "refutes", "NOT_ENOUGH_INFO": "nei"}


def climate_claims(split: str, data: Path = DATA) -> list[dict]:
    rows = [
        json.loads(line)
        for line in (data / "climate-fever" / "claims.jsonl").open(encoding="utf-8")
    ]
    return [r for r in rows if _held_out("cf:" + _norm(r["claim"])) == (split == "test")]


def climate_pairs(split: str, data: Path = DATA) -> list[Pair]:
    return [
        Pair(r["claim"], e["evidence"], _CF[e["evidence_label"]], "cf:" + _norm(r["claim"]))
        for r in climate_claims(split, data)
        for e in r["evidences"]
    ]


# -- SciFact ---------------------------------------------------------------------------------------


def _scifact_corpus(data: Path) -> dict[int, dict]:
    corpus = {}
    for line in (data / "scifact" / "corpus.jsonl").open(encoding="utf-8"):
        doc = json.loads(line)
        corpus[int(doc["doc_id"])] = doc
    return corpus


def scifact_claims(split: str, data: Path = DATA) -> list[dict]:
    name = "claims_train.jsonl" if split == "train" else "claims_dev.jsonl"
    return [json.loads(line) for line in (data / "scifact" / name).open(encoding="utf-8")]


def scifact_pairs(split: str, data: Path = DATA) -> list[Pair]:
    """Rationale sentences (joined per rationale) with their label; every other sentence of a cited
    abstract that is not a rationale, and the opening sentences of an NEI claim's cited abstracts,
    as ``nei`` (at most three per abstract, the ones sharing most words with the claim)."""
    corpus = _scifact_corpus(data)
    pairs = []
    for row in scifact_claims(split, data):
        group = f"scifact:{row['id']}"
        claim_words = set(_norm(row["claim"]).split())
        rationale: dict[int, set[int]] = {}
        for doc_id, sets in row["evidence"].items():
            doc = corpus[int(doc_id)]
            for r in sets:
                label = "supports" if r["label"] == "SUPPORT" else "refutes"
                text = " ".join(doc["abstract"][i].strip() for i in r["sentences"])
                pairs.append(Pair(row["claim"], text, label, group))
                rationale.setdefault(int(doc_id), set()).update(r["sentences"])
        for doc_id in row.get("cited_doc_ids", []):
            doc = corpus[int(doc_id)]
            used = rationale.get(int(doc_id), set())
            others = [
                (i, s.strip()) for i, s in enumerate(doc["abstract"]) if i not in used and s.strip()
            ]
            others.sort(key=lambda o: -len(claim_words & set(_norm(o[1]).split())))
            pairs += [Pair(row["claim"], s, "nei", group) for _, s in others[:3]]
    return pairs


def scifact_cases(split: str = "test", data: Path = DATA) -> list[Case]:
    corpus = _scifact_corpus(data)
    cases = []
    for row in scifact_claims(split, data):
        evidence, labels = [], set()
        for doc_id, sets in row["evidence"].items():
            doc = corpus[int(doc_id)]
            for r in sets:
                labels.add(r["label"])
                evidence.append(" ".join(doc["abstract"][i].strip() for i in r["sentences"]))
        if not evidence:  # NEI: the cited abstracts' opening sentences
            for doc_id in row.get("cited_doc_ids", [])[:2]:
                doc = corpus[int(doc_id)]
                evidence.append(" ".join(s.strip() for s in doc["abstract"][:3]))
        label = (
            "supports"
            if labels == {"SUPPORT"}
            else "refutes"
            if labels == {"CONTRADICT"}
            else "nei"
        )
        cases.append(
            Case(row["claim"], evidence, label, ["https://doi.org/scifact"] * len(evidence))
        )
    return cases


# -- HealthVer (evaluation only) --------------------------------------------------------------------

_HV = {"Supports": "supports", "Refutes": "refutes", "Neutral": "nei"}


def healthver_pairs(split: str = "test", data: Path = DATA) -> list[Pair]:
    name = "healthver_test.csv" if split == "test" else "healthver_dev.csv"
    with (data / "healthver" / name).open(encoding="utf-8") as handle:
        return [
            Pair(r["claim"], r["evidence"], _HV[r["label"]], "hv:" + _norm(r["claim"]))
            for r in csv.DictReader(handle)
        ]


# -- AVeriTeC (evaluation only) ---------------------------------------------------------------------

_AV = {"Supported": "supports", "Refuted": "refutes", "Not Enough Evidence": "nei"}


def averitec_cases(data: Path = DATA) -> list[Case]:
    cases = []
    for row in json.loads((data / "averitec-dev" / "dev.json").read_text(encoding="utf-8")):
        questions = row["questions"]
        if isinstance(questions, str):
            questions = ast.literal_eval(questions)
        evidence, sources = [], []
        for q in questions:
            for a in q.get("answers", []):
                evidence.append(f"Q: {q['question']} A: {a.get('answer', '')}")
                sources.append(a.get("source_url") or "https://example.org/")
        cases.append(
            Case(row["claim"], evidence[:6], _AV.get(row["label"], "conflicting"), sources[:6])
        )
    return cases


def pair_cases(pairs: list[Pair], source: str) -> list[Case]:
    """Each pair as a claim with one evidence item (the sentence-stance rows of the benchmark)."""
    return [Case(p.claim, [p.evidence], p.label, [source]) for p in pairs]


def training_pairs(data: Path = DATA) -> list[Pair]:
    """Everything the shipped judge may learn from (licences allow derived weights)."""
    return fever_pairs("train", data) + climate_pairs("train", data) + scifact_pairs("train", data)


def iter_labels(pairs: list[Pair]) -> Iterator[str]:
    return (p.label for p in pairs)
