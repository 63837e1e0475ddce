"""Claim-type classifier quality without an LLM (and with one, when configured).

    .venv/bin/python -m benchmarks.classify [--llm] [--limit N]

NewsSD-ENG test (SUBJ = opinion vs OBJ = factual): the local detector alone, the rules alone,
and the combination the service uses (OPINION or MIXED counts as subjective).
ClaimBuster test (1 = check-worthy factual vs 0 = not): FACTUAL vs anything else.
"""

from __future__ import annotations

import argparse
import asyncio
import csv
import json
import os
import time

from benchmarks.common import DATA, accuracy, emit, macro_f1, require


def newssd(limit: int | None) -> tuple[list[str], list[str]]:
    with require(DATA / "newssd-eng-subjectivity" / "test.csv").open(encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))[:limit]
    return [r["Sentence"].strip() for r in rows], [r["Label"] for r in rows]


def claimbuster(limit: int | None) -> tuple[list[str], list[str]]:
    rows = json.loads(require(DATA / "claimbuster" / "test.json").read_text())[:limit]
    return [r["text"].strip() for r in rows], ["CFS" if r["label"] == 1 else "NCS" for r in rows]


async def main() -> None:
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    from agent.classify import SUBJECTIVITY_WEIGHTS, classify, classify_rules, load_head_classifier
    from agent.models import ClaimType
    from retrieval.embeddings import SentenceTransformerEmbedder

    parser = argparse.ArgumentParser()
    parser.add_argument(
        "--llm", action="store_true", help="also score the LLM classifier (OPENAI_BASE_URL/KEY)"
    )
    parser.add_argument("--limit", type=int)
    args = parser.parse_args()

    embedder = SentenceTransformerEmbedder.load("all-MiniLM-L6-v2")
    detector = load_head_classifier(SUBJECTIVITY_WEIGHTS, embedder)
    chat = None
    if args.llm:
        from agent.llm import OpenAIChatModel
        from app.config import Settings

        s = Settings()
        if not s.llm_configured:
            raise SystemExit("--llm needs OPENAI_BASE_URL or OPENAI_API_KEY")
        chat = OpenAIChatModel(
            model=s.LLM_MODEL,
            api_key=s.openai_api_key,
            base_url=s.OPENAI_BASE_URL,
            temperature=0.0,
            timeout_s=s.LLM_TIMEOUT_S,
        )

    rows = []
    for dataset, (texts, gold), positive, negative in (
        ("NewsSD test", newssd(args.limit), "SUBJ", "OBJ"),
        ("ClaimBuster test", claimbuster(args.limit), "NCS", "CFS"),
    ):
        started = time.perf_counter()
        vectors = embedder.embed_blocking(texts)
        probs = detector.head.probabilities(vectors, texts)
        per_item_ms = (time.perf_counter() - started) * 1000 / len(texts)
        engines = {
            "detector only": [p >= detector.threshold for p in probs],
            "rules only": [classify_rules(t).claim_type is not ClaimType.FACTUAL for t in texts],
            "rules + detector (service)": [
                classify_rules(t, p, detector.threshold).claim_type is not ClaimType.FACTUAL
                for t, p in zip(texts, probs, strict=True)
            ],
        }
        if chat is not None:
            flags = []
            for text in texts:
                result, _ = await classify(text, chat, detector)
                flags.append(result.claim_type is not ClaimType.FACTUAL)
            engines[f"llm ({chat.name})"] = flags
        for engine, flagged in engines.items():
            predicted = [positive if f else negative for f in flagged]
            rows.append(
                {
                    "dataset": dataset,
                    "engine": engine,
                    "n": len(texts),
                    "accuracy": accuracy(gold, predicted),
                    "macro_f1": macro_f1(gold, predicted, [positive, negative]),
                    "ms_per_claim": per_item_ms if engine != "rules only" else 0.0,
                }
            )
    emit("classify", rows, ["dataset", "engine", "n", "accuracy", "macro_f1", "ms_per_claim"])


if __name__ == "__main__":
    asyncio.run(main())
