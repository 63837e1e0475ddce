"""Verdict quality of any backend on gold evidence: accuracy, macro-F1 and calibration (ECE).

    .venv/bin/python -m benchmarks.verdict --backend llm           # OPENAI_BASE_URL / OPENAI_API_KEY / LLM_MODEL
    .venv/bin/python -m benchmarks.verdict --backend nli           # NLI_MODEL (needs the model locally)
    .venv/bin/python -m benchmarks.verdict --backend evidence-only
    .venv/bin/python -m benchmarks.verdict --fake-llm --limit 40   # the harness against the tests' fake server

Datasets (../shared/data): fever-symmetric dev (SUPPORTS/REFUTES, one evidence sentence), SciFact dev
(SUPPORT/CONTRADICT/NEI with rationale sentences of the cited abstracts), AVeriTeC dev (QA evidence;
Supported/Refuted/Not Enough Evidence/Conflicting). claimcheck's six verdicts are mapped onto each
dataset's labels: True → support, False → refute, Partially True/Misleading → conflicting (NEI where
a dataset has no such class), Not Enough Evidence/Not Verifiable → NEI.
"""

from __future__ import annotations

import argparse
import ast
import asyncio
import json
import os
import re
import time
from collections.abc import Iterator
from dataclasses import dataclass

from benchmarks.common import (
    DATA,
    ROOT,
    accuracy,
    emit,
    expected_calibration_error,
    macro_f1,
    require,
)


@dataclass
class Case:
    claim: str
    evidence: list[tuple[str, str]]  # (text, source)
    gold: str


def fever(limit: int | None) -> Iterator[Case]:
    with require(DATA / "fever-symmetric" / "fever_symmetric_dev.jsonl").open() as handle:
        for n, line in enumerate(handle):
            if limit is not None and n >= limit:
                break
            row = json.loads(line)
            yield Case(row["claim"], [(row["evidence"], "https://en.wikipedia.org/")], row["label"])


def scifact(limit: int | None) -> Iterator[Case]:
    corpus = {}
    with require(DATA / "scifact" / "corpus.jsonl").open() as handle:
        for line in handle:
            doc = json.loads(line)
            corpus[doc["doc_id"]] = doc
    with (DATA / "scifact" / "claims_dev.jsonl").open() as handle:
        for n, line in enumerate(handle):
            if limit is not None and n >= limit:
                break
            row = json.loads(line)
            evidence, labels = [], set()
            for doc_id, sets in row["evidence"].items():
                doc = corpus[int(doc_id)]
                for rationale in sets:
                    labels.add(rationale["label"])
                    text = " ".join(doc["abstract"][i].strip() for i in rationale["sentences"])
                    evidence.append((text, f"https://doi.org/scifact/{doc_id}"))
            if not evidence:  # NEI: the cited abstracts' opening sentences
                for doc_id in row.get("cited_doc_ids", [])[:2]:
                    doc = corpus[int(doc_id)]
                    evidence.append((" ".join(s.strip() for s in doc["abstract"][:3]), f"https://doi.org/scifact/{doc_id}"))
            gold = "SUPPORT" if labels == {"SUPPORT"} else "CONTRADICT" if labels == {"CONTRADICT"} else "NEI"
            yield Case(row["claim"], evidence, gold)


def averitec(limit: int | None) -> Iterator[Case]:
    rows = json.loads(require(DATA / "averitec-dev" / "dev.json").read_text())
    for row in rows[:limit]:
        questions = row["questions"]
        if isinstance(questions, str):
            questions = ast.literal_eval(questions)
        evidence = []
        for q in questions:
            for a in q.get("answers", []):
                text = f"Q: {q['question']} A: {a.get('answer', '')}"
                evidence.append((text, a.get("source_url") or "https://example.org/"))
        gold = {"Supported": "SUPPORTED", "Refuted": "REFUTED", "Not Enough Evidence": "NEI"}.get(row["label"], "CONFLICTING")
        yield Case(row["claim"], evidence[:6], gold)


MAPS = {
    "fever-symmetric": {"True": "SUPPORTS", "False": "REFUTES"},
    "scifact": {"True": "SUPPORT", "False": "CONTRADICT"},
    "averitec": {"True": "SUPPORTED", "False": "REFUTED", "Partially True": "CONFLICTING", "Misleading": "CONFLICTING"},
}
NEI = {"fever-symmetric": "NEI", "scifact": "NEI", "averitec": "NEI"}
LOADERS = {"fever-symmetric": fever, "scifact": scifact, "averitec": averitec}


def naive_judge(messages):
    """The fake LLM of --fake-llm: word overlap decides relevance, a negation word flips it."""
    user = messages[-1]["content"]
    claim = re.search(r"Claim: (.*)", user).group(1)
    blocks = re.findall(r'<evidence n="(\d+)"[^>]*>\n(.*?)\n</evidence>', user, re.S)
    words = set(re.findall(r"[a-z]{4,}", claim.lower()))
    best = max(blocks, key=lambda b: len(words & set(re.findall(r"[a-z]{4,}", b[1].lower()))), default=None)
    if best is None:
        return {"verdict": "Not Enough Evidence", "confidence": 0.5, "reasoning": "nothing"}
    negated = bool(re.search(r"\b(not|no|never|neither|nor|only|refuted|false)\b", best[1].lower()))
    return {"verdict": "False" if negated else "True", "confidence": 0.6,
            "reasoning": f"Judged from [{best[0]}]."}


async def main() -> None:
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    from agent.citations import check_reasoning
    from agent.models import Evidence
    from agent.verdict import (
        downgrade_uncited,
        evidence_only_verdict,
        llm_verdict,
        nli_verdict,
    )
    from retrieval.credibility import profile_for, registered_domain

    parser = argparse.ArgumentParser()
    parser.add_argument("--backend", choices=["llm", "nli", "evidence-only"], default="llm")
    parser.add_argument("--fake-llm", action="store_true", help="start the tests' fake OpenAI server with a naive judge")
    parser.add_argument("--datasets", default="fever-symmetric,scifact,averitec")
    parser.add_argument("--limit", type=int)
    parser.add_argument("--concurrency", type=int, default=4)
    args = parser.parse_args()

    fake = None
    chat = nli = None
    if args.fake_llm:
        import sys

        sys.path.insert(0, str(ROOT))
        from tests.fakes.openai_server import FakeOpenAI

        fake = FakeOpenAI(naive_judge).__enter__()
        os.environ["OPENAI_BASE_URL"] = fake.url
        args.backend = "llm"
    if args.backend == "llm":
        from agent.llm import OpenAIChatModel
        from app.config import Settings

        s = Settings()
        if not s.llm_configured:
            raise SystemExit("--backend llm needs OPENAI_BASE_URL or OPENAI_API_KEY")
        chat = OpenAIChatModel(model=s.LLM_MODEL, api_key=s.openai_api_key, base_url=s.OPENAI_BASE_URL,
                               temperature=0.0, timeout_s=s.LLM_TIMEOUT_S)
        engine = f"llm ({s.LLM_MODEL}{' fake' if fake else ''})"
    elif args.backend == "nli":
        from agent.nli import load_nli
        from app.config import Settings

        nli, status = load_nli(Settings().NLI_MODEL)
        if nli is None:
            raise SystemExit(f"the NLI model is not available: {status.reason}")
        engine = f"nli ({nli.name})"
    else:
        engine = "evidence-only"

    def to_evidence(texts):
        items = []
        for n, (text, source) in enumerate(texts):
            profile = profile_for(source)
            items.append(Evidence(id=str(n), text=text, source=source, title="", relevance=1.0, score=1.0,
                                  origin="reference", domain=registered_domain(source) or profile.domain,
                                  source_type=profile.source_type, credibility=profile.credibility,
                                  quote=text[:300]))
        return items

    gate = asyncio.Semaphore(args.concurrency)

    async def judge(case: Case):
        evidence = to_evidence(case.evidence)
        async with gate:
            if chat is not None:
                try:
                    decision, _ = await llm_verdict(case.claim, evidence, chat)
                except Exception as exc:  # counted as a failure of the backend, reported below
                    return None, str(exc)
                report, _ = await check_reasoning(decision.reasoning, evidence, case.claim)
                decision = downgrade_uncited(decision, report.citations) or decision
            elif nli is not None:
                decision, _ = await nli_verdict(case.claim, evidence, nli)
            else:
                decision = evidence_only_verdict(evidence)
        return decision, None

    rows = []
    for name in args.datasets.split(","):
        cases = list(LOADERS[name](args.limit))
        started = time.perf_counter()
        results = await asyncio.gather(*(judge(c) for c in cases))
        elapsed = time.perf_counter() - started
        gold, predicted, confidences, correct, failures = [], [], [], [], 0
        first_error = None
        for case, (decision, error) in zip(cases, results, strict=True):
            if decision is None:
                failures += 1
                first_error = first_error or error
                label, confidence = NEI[name], 0.0
            else:
                label = MAPS[name].get(decision.verdict.value, NEI[name])
                confidence = decision.confidence
            gold.append(case.gold)
            predicted.append(label)
            confidences.append(confidence)
            correct.append(label == case.gold)
        rows.append({"dataset": name, "engine": engine, "n": len(cases), "accuracy": accuracy(gold, predicted),
                     "macro_f1": macro_f1(gold, predicted), "ece": expected_calibration_error(confidences, correct),
                     "failures": failures, "s_per_claim": elapsed / max(1, len(cases)),
                     **({"first_error": first_error[:200]} if first_error else {})})
    if fake is not None:
        fake.__exit__(None, None, None)
    emit("verdict", rows, ["dataset", "engine", "n", "accuracy", "macro_f1", "ece", "failures", "s_per_claim"])


if __name__ == "__main__":
    asyncio.run(main())
