"""Verdict quality of any backend on gold evidence: accuracy, macro-F1, precision and coverage of
True/False answers, and calibration (ECE) — on held-out splits only (benchmarks/judge_data.py).

    .venv/bin/python -m benchmarks.verdict --backend local,heuristic,evidence-only   # the issue-19 table
    .venv/bin/python -m benchmarks.verdict --backend nli           # NLI_MODEL (needs the model locally)
    .venv/bin/python -m benchmarks.verdict --backend llm           # OPENAI_BASE_URL / OPENAI_API_KEY / LLM_MODEL
    .venv/bin/python -m benchmarks.verdict --fake-llm --limit 40   # the harness against the tests' fake server
    .venv/bin/python -m benchmarks.verdict --backend api           # through POST /api/verify, evidence as references
    .venv/bin/python -m benchmarks.verdict --backend api --split validation --rows-out rows.jsonl
                                               # the rows a design may be tuned on; every answer to read

Rows (held out from the shipped judge's training; HealthVer and AVeriTeC are never trained on):
- fever-symmetric: FEVER-Symmetric test, one evidence sentence, 2-way (an abstention is wrong);
- healthver: HealthVer test claim–passage pairs, 3-way (Supports / Refutes / Neutral);
- scifact: SciFact dev claims with their rationale sentences (NEI: the cited abstracts' opening), 3-way;
- climate-fever: Climate-FEVER held-out claims' evidence sentences, 3-way sentence stance;
- averitec: AVeriTeC dev claims with their QA evidence (4-way gold; Conflicting ↔ Partially True).

claimcheck's verdicts map to labels: True → supports, False → refutes, Partially True/Misleading →
conflicting (AVeriTeC) else NEI, Not Enough Evidence → NEI. ``tf_precision`` is the share of True
and False answers that are right, ``coverage`` the share of rows that get one. The local and NLI
backends run exactly the service's path: the judge over each item's best sentences
(agent.stance.nli_judge), then agent.verdict.judged_verdict with the calibration in judge.json.
The heuristic row runs the lexical stances through the same verdict rule. Latency: the judge on
5 evidence items through the service's inference lane.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import resource
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

from benchmarks.common import ROOT, accuracy, emit, expected_calibration_error, macro_f1
from benchmarks.judge_data import (
    Case,
    averitec_cases,
    climate_pairs,
    fever_cases,
    healthver_pairs,
    pair_cases,
    scifact_cases,
)

PUBMED = "https://pubmed.ncbi.nlm.nih.gov/"
DATASETS: dict[str, Callable[[], list[Case]]] = {
    "fever-symmetric": lambda: fever_cases("test"),
    "healthver": lambda: pair_cases(healthver_pairs("test"), PUBMED),
    "scifact": lambda: [
        Case(c.claim, c.evidence, c.label, [PUBMED] * len(c.evidence))
        for c in scifact_cases("test")
    ],
    "climate-fever": lambda: pair_cases(climate_pairs("test"), "https://en.wikipedia.org/"),
    "averitec": averitec_cases,
}
TWO_WAY = {"fever-symmetric"}


def validation_datasets() -> dict[str, list[Case]]:
    """The same rows from the splits the shipped judge never trained on but its design and
    calibration may be chosen on: the 15 % validation part of its training claims
    (scripts/train_judge.py split_validation) and HealthVer dev. Tune here, never on the test rows."""
    from benchmarks.judge_data import scifact_claims, training_pairs
    from scripts.train_judge import split_validation

    _, val = split_validation(training_pairs())
    groups = {p.group for p in val}
    wiki = "https://en.wikipedia.org/"
    return {
        "fever-symmetric": [
            Case(p.claim, [p.evidence], p.label, [wiki])
            for p in val
            if p.group.startswith("fever:")
        ],
        "healthver": pair_cases(healthver_pairs("dev"), PUBMED),
        "scifact": [
            Case(c.claim, c.evidence, c.label, [PUBMED] * len(c.evidence))
            for row, c in zip(scifact_claims("train"), scifact_cases("train"), strict=True)
            if f"scifact:{row['id']}" in groups
        ],
        "climate-fever": [
            Case(p.claim, [p.evidence], p.label, [wiki]) for p in val if p.group.startswith("cf:")
        ],
    }


def label_of(verdict: str, dataset: str) -> str:
    if verdict == "True":
        return "supports"
    if verdict == "False":
        return "refutes"
    if verdict in {"Partially True", "Misleading"} and dataset == "averitec":
        return "conflicting"
    return "nei"


def naive_judge(messages):
    """The fake LLM of --fake-llm: word overlap decides relevance, a negation word flips it."""
    user = messages[-1]["content"]
    claim = re.search(r"Claim: (.*)", user).group(1)
    blocks = re.findall(r'<evidence n="(\d+)"[^>]*>\n(.*?)\n</evidence>', user, re.S)
    words = set(re.findall(r"[a-z]{4,}", claim.lower()))
    best = max(
        blocks, key=lambda b: len(words & set(re.findall(r"[a-z]{4,}", b[1].lower()))), default=None
    )
    if best is None:
        return {"verdict": "Not Enough Evidence", "confidence": 0.5, "reasoning": "nothing"}
    negated = bool(re.search(r"\b(not|no|never|neither|nor|only|refuted|false)\b", best[1].lower()))
    return {
        "verdict": "False" if negated else "True",
        "confidence": 0.6,
        "reasoning": f"Judged from [{best[0]}].",
    }


def to_evidence(case: Case):
    from agent.models import Evidence
    from retrieval.credibility import profile_for, registered_domain

    items = []
    for n, text in enumerate(case.evidence):
        source = case.sources[n] if n < len(case.sources) else "https://example.org/"
        profile = profile_for(source)
        items.append(
            Evidence(
                id=str(n),
                text=text,
                source=source,
                title="",
                relevance=1.0,
                score=1.0,
                origin="reference",
                domain=registered_domain(source) or profile.domain,
                source_type=profile.source_type,
                credibility=profile.credibility,
                flags=tuple(profile.flags),
            )
        )
    return items


class Backend:
    name = "backend"

    async def judge(self, case: Case):  # → (verdict str, confidence) or raises
        raise NotImplementedError


class StanceBackend(Backend):
    """The service's no-LLM path: stances from the judge (or the heuristic), then the verdict rule."""

    def __init__(self, name: str, model=None) -> None:
        from agent.judge._from_stances import Calibration

        self.name = name
        self.model = model
        self.calibration = getattr(model, "calibration", None) or Calibration()

    async def judge(self, case: Case):
        from agent.judge._from_stances import judged_verdict, nli_verdict
        from agent.judge._nli import StanceProbs
        from agent.judge._stance import lexical_judge

        evidence = to_evidence(case)
        if self.model is not None:
            decision, _, _ = await nli_verdict(case.claim, evidence, self.model, self.calibration)
            return decision.verdict.value, decision.confidence
        # the heuristic's stances, scored by its rules' precision
        evidence = lexical_judge(case.claim, evidence)
        probs = [
            StanceProbs(
                e.stance_score if e.stance == "supports" else 0.0,
                e.stance_score if e.stance == "refutes" else 0.0,
                e.stance_score if e.stance == "neutral" else 0.0,
            )
            for e in evidence
        ]
        decision, _ = judged_verdict(
            case.claim, evidence, probs, "the lexical heuristic", self.calibration
        )
        return decision.verdict.value, decision.confidence


class EvidenceOnly(Backend):
    name = "evidence-only"

    async def judge(self, case: Case):
        from agent.judge._verdict import evidence_only_verdict

        decision = evidence_only_verdict(to_evidence(case))
        return decision.verdict.value, decision.confidence


class LLMBackend(Backend):
    def __init__(self, chat, name: str) -> None:
        self.chat = chat
        self.name = name

    async def judge(self, case: Case):
        from agent.check import check_reasoning
        from agent.check._check import downgrade_uncited
        from agent.judge._verdict import llm_verdict

        evidence = to_evidence(case)
        decision, _ = await llm_verdict(case.claim, evidence, self.chat)
        report, _ = await check_reasoning(
            decision.reasoning, evidence, case.claim, verdict=decision.verdict
        )
        decision = downgrade_uncited(decision, report.citations) or decision
        return decision.verdict.value, decision.confidence


class APIBackend(Backend):
    """The way users reach it: ``POST /api/verify`` on the whole app in-process, the gold evidence as
    ``references``, ``web_search: false``, no LLM (issue 36 item 6)."""

    name = "api (references, no LLM)"

    def __init__(self, client) -> None:
        self.client = client
        # each row (by its Case's id: a claim repeats with other evidence) → what decided it:
        # "rule" (exact comparison) or "learned"
        self.via: dict[int, str] = {}

    async def judge(self, case: Case):
        response = await self.client.post(
            "/api/verify",
            json={
                "claim": case.claim[:2000],
                "references": [e[:20000] for e in case.evidence[:10]],
                "web_search": False,
            },
        )
        if response.status_code != 200:
            raise RuntimeError(f"{response.status_code}: {response.text[:200]}")
        body = response.json()
        self.via[id(case)] = "rule" if "exact comparison" in body["reasoning"] else "learned"
        return body["verdict"], body["confidence"]


def write_rows(path: str, dataset: str, backend: Backend, cases: list[Case], results) -> None:
    """Append every answer as a JSON line: the claim, the gold label, the verdict and what decided."""
    via = getattr(backend, "via", {})
    with open(path, "a", encoding="utf-8") as out:
        for case, (verdict, confidence, error) in zip(cases, results, strict=True):
            line = {"dataset": dataset, "engine": backend.name, "claim": case.claim}
            line |= {"gold": case.label, "verdict": verdict, "confidence": confidence}
            out.write(json.dumps(line | {"via": via.get(id(case)), "error": error}) + "\n")


def score(name: str, backend: Backend, cases: list[Case], results) -> dict:
    gold, predicted, confidences, correct, failures, first_error = [], [], [], [], 0, None
    for case, (verdict, confidence, error) in zip(cases, results, strict=True):
        if error is not None:
            failures += 1
            first_error = first_error or error
            verdict, confidence = "Not Enough Evidence", 0.0
        label = label_of(verdict, name)
        gold.append(case.label)
        predicted.append(label)
        confidences.append(confidence)
        correct.append(label == case.label)
    decided = [(g, p) for g, p in zip(gold, predicted, strict=True) if p in {"supports", "refutes"}]
    labels = ["supports", "refutes"] if name in TWO_WAY else sorted(set(gold))
    via = getattr(backend, "via", None)
    by_engine = {}
    if via:  # True/False answers by what decided them (the API backend only)
        for engine in ("rule", "learned"):
            own = [
                (g, p)
                for case, g, p in zip(cases, gold, predicted, strict=True)
                if p in {"supports", "refutes"} and via.get(id(case)) == engine
            ]
            by_engine[f"{engine}_decided"] = len(own)
            by_engine[f"{engine}_precision"] = (
                round(sum(g == p for g, p in own) / len(own), 3) if own else None
            )
    return {
        "dataset": name,
        "engine": backend.name,
        "n": len(cases),
        "accuracy": accuracy(gold, predicted),
        "macro_f1": macro_f1(gold, predicted, labels),
        "tf_precision": sum(g == p for g, p in decided) / len(decided) if decided else None,
        "coverage": len(decided) / len(cases) if cases else 0.0,
        "ece": expected_calibration_error(confidences, correct),
        "failures": failures,
        **by_engine,
        **({"first_error": first_error[:200]} if first_error else {}),
    }


async def latency(model, lane, runs: int = 30) -> dict:
    """The judge on 5 evidence items (as the verifier calls it) under the service's inference lane."""
    from agent.judge._stance import MAX_SENTENCES_PER_ITEM, nli_judge

    if hasattr(model, "share_lane"):
        model.share_lane(lane)
    case = Case(
        "The Eiffel Tower was completed in 1889 for the World's Fair in Paris.",
        [
            "The Eiffel Tower is a wrought-iron lattice tower in Paris. It was designed by Gustave Eiffel's company. "
            "Construction finished in March 1889, in time for the 1889 World's Fair.",
            "Paris hosted the Exposition Universelle of 1889 to mark the centennial of the French Revolution.",
            "The tower was the tallest man-made structure in the world until the Chrysler Building in 1930.",
            "Gustave Eiffel also engineered the internal frame of the Statue of Liberty.",
            "Millions of people visit the Eiffel Tower every year; it opened to the public on 15 May 1889.",
        ],
        "supports",
        ["https://www.britannica.com/"] * 5,
    )
    times = []
    for _ in range(runs + 3):
        evidence = to_evidence(case)
        started = time.perf_counter()
        await nli_judge(
            case.claim,
            evidence,
            model,
            getattr(model, "sentences_per_item", MAX_SENTENCES_PER_ITEM),
        )
        times.append((time.perf_counter() - started) * 1000)
    times = sorted(times[3:])
    return {
        "p50_ms": round(statistics.median(times), 1),
        "p95_ms": round(times[int(0.95 * len(times)) - 1], 1),
    }


async def main() -> None:
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    parser = argparse.ArgumentParser()
    parser.add_argument(
        "--backend",
        default="local,heuristic,evidence-only",
        help="comma-separated: local, heuristic, evidence-only, nli, llm",
    )
    parser.add_argument(
        "--fake-llm",
        action="store_true",
        help="start the tests' fake OpenAI server with a naive judge",
    )
    parser.add_argument("--datasets", default=",".join(DATASETS))
    parser.add_argument("--rows-out", help="append every answer as a JSON line to this file")
    parser.add_argument(
        "--split",
        choices=["test", "validation"],
        default="test",
        help="validation: the rows the judge's design may be tuned on (never the test rows)",
    )
    parser.add_argument("--limit", type=int)
    parser.add_argument("--concurrency", type=int, default=1)
    parser.add_argument(
        "--judge-weights", help="local: another judge.safetensors (default: the shipped one)"
    )
    parser.add_argument("--judge-card", help="local: its judge.json")
    parser.add_argument(
        "--judge-backend",
        choices=["onnx-int8", "onnx", "torch"],
        default="onnx-int8",
        help="local: the judge's runtime (JUDGE_BACKEND; default: the service's)",
    )
    parser.add_argument(
        "--align-card",
        help="local: another judge-align.json, or 'none' for the cross-encoder alone",
    )
    args = parser.parse_args()

    from retrieval.concurrency import InferenceLane, set_inference_threads

    threads = set_inference_threads(0)
    lane = InferenceLane(threads)
    fake = None
    backends: list[Backend] = []
    extra: dict = {}
    names = args.backend.split(",")
    if args.fake_llm:
        sys.path.insert(0, str(ROOT))
        from tests.fakes.openai_server import FakeOpenAI

        fake = FakeOpenAI(naive_judge).__enter__()
        os.environ["OPENAI_BASE_URL"] = fake.url
        names = ["llm"]
    closers: list = []
    for name in names:
        if name == "local":
            from agent.judge import JUDGE_CARD, JUDGE_WEIGHTS, load_local_judge
            from agent.judge._align import ALIGN_CARD

            rss_before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
            from retrieval.onnx_export import DEFAULT_CACHE

            align = None if args.align_card == "none" else Path(args.align_card or ALIGN_CARD)
            model, status = load_local_judge(
                Path(args.judge_weights or JUDGE_WEIGHTS),
                Path(args.judge_card or JUDGE_CARD),
                onnx_dir=None if args.judge_backend == "torch" else DEFAULT_CACHE,
                threads=threads,  # the service's default
                align_card=align,
                int8=args.judge_backend == "onnx-int8",
            )
            if model is None:
                raise SystemExit(f"the local judge is not available: {status.reason}")
            model.share_lane(lane)
            extra["local"] = {
                "load_ms": round(status.load_ms, 1),
                "name": model.name,
                "backend": model.backend,
                "alignment": "stacked" if model.aligner is not None else model.align_reason,
                "max_rss_growth_mb": round(
                    resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024 - rss_before, 1
                ),
                "latency_5_items": await latency(model, lane),
            }
            backends.append(StanceBackend("local judge", model))
        elif name == "nli":
            from agent.judge._nli import load_nli
            from app.config import Settings

            model, status = load_nli(Settings().NLI_MODEL)
            if model is None:
                raise SystemExit(f"the NLI model is not available: {status.reason}")
            model.share_lane(lane)
            extra["nli"] = {
                "load_ms": round(status.load_ms, 1),
                "name": model.name,
                "latency_5_items": await latency(model, lane),
            }
            backends.append(StanceBackend(f"nli ({model.name})", model))
        elif name == "api":
            import tempfile

            sys.path.insert(0, str(ROOT))
            from tests.conftest import app_client, make_settings

            context = app_client(
                make_settings(
                    Path(tempfile.mkdtemp()), LOCAL_JUDGE=True, RATE_LIMIT="1000000/minute"
                )
            )
            client = await context.__aenter__()
            closers.append(context)
            backends.append(APIBackend(client))
        elif name == "heuristic":
            backends.append(StanceBackend("lexical heuristic"))
        elif name == "evidence-only":
            backends.append(EvidenceOnly())
        elif name == "llm":
            from agent.llm import OpenAIChatModel
            from app.config import Settings

            s = Settings()
            if not s.llm_configured:
                raise SystemExit("--backend llm needs OPENAI_BASE_URL or OPENAI_API_KEY")
            chat = OpenAIChatModel(
                model=s.LLM_MODEL,
                api_key=s.openai_api_key,
                base_url=s.OPENAI_BASE_URL,
                temperature=0.0,
                timeout_s=s.LLM_TIMEOUT_S,
            )
            backends.append(LLMBackend(chat, f"llm ({s.LLM_MODEL}{' fake' if fake else ''})"))
        else:
            raise SystemExit(f"unknown backend {name!r}")

    gate = asyncio.Semaphore(args.concurrency)

    async def run(backend: Backend, case: Case):
        async with gate:
            try:
                verdict, confidence = await backend.judge(case)
            except Exception as exc:  # counted as a failure of the backend, reported in the row
                return "Not Enough Evidence", 0.0, str(exc)
        return verdict, confidence, None

    rows = []
    validation = validation_datasets() if args.split == "validation" else {}
    datasets = args.datasets.split(",")
    if validation:  # AVeriTeC has no validation split here: its rows are test rows
        skipped = [d for d in datasets if d not in validation]
        if skipped:
            print(f"no validation split for {', '.join(skipped)}: left out", file=sys.stderr)
        datasets = [d for d in datasets if d in validation]
    for dataset in datasets:
        cases = (validation[dataset] if validation else DATASETS[dataset]())[: args.limit]
        for backend in backends:
            started = time.perf_counter()
            results = await asyncio.gather(*(run(backend, c) for c in cases))
            row = score(dataset, backend, cases, results)
            if args.rows_out:  # every answer, to read the decisions (never to tune on test rows)
                write_rows(args.rows_out, dataset, backend, cases, results)
            row["ms_per_claim"] = round(
                (time.perf_counter() - started) * 1000 / max(1, len(cases)), 1
            )
            rows.append(row)
    if fake is not None:
        fake.__exit__(None, None, None)
    for context in closers:
        await context.__aexit__(None, None, None)
    split = ["rule_decided", "rule_precision", "learned_decided", "learned_precision"]
    emit(
        "verdict" if args.split == "test" else "verdict-validation",
        rows,
        [
            "dataset",
            "engine",
            "n",
            "accuracy",
            "macro_f1",
            "tf_precision",
            "coverage",
            "ece",
            "failures",
            "ms_per_claim",
        ]
        + (split if any("rule_decided" in row for row in rows) else []),
        extra,
    )


if __name__ == "__main__":
    asyncio.run(main())
