"""Searches per claim and wall time of the search escalation with a fixed latency per call.

    python -m benchmarks.search_escalation [--latency 0.4] [--runs 5]

Runs SearchEscalation against the deterministic FakeSearch with ``latency`` seconds per call
(no network, no model), for the four shapes a verification can take: with or without the LLM
keyword query, with or without the broad tier. Prints JSON and a markdown table.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import time

from search.base import SearchResult
from search.escalation import CallPolicy, SearchEscalation, TierPlan
from search.fakes import FakeSearch

TRUSTED = ("reuters.com", "apnews.com", "bbc.com")
FACT_CHECK = ("snopes.com", "politifact.com")


async def one(latency: float, queries: list[str], broad: bool) -> tuple[float, int]:
    fake = FakeSearch(
        [
            SearchResult("t", "https://reuters.com/a", "s"),
            SearchResult("t", "https://snopes.com/b", "s"),
        ],
        delay_s=latency,
    )
    escalation = SearchEscalation(fake, TierPlan(TRUSTED, FACT_CHECK), CallPolicy())
    started = time.perf_counter()
    deadline = escalation.deadline()
    await escalation.targeted(queries, deadline=deadline)
    if broad:
        await escalation.broad(queries, deadline=deadline)
    return time.perf_counter() - started, escalation.queries_made


async def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--latency", type=float, default=0.4)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    rows = []
    for rewrite in (False, True):
        queries = ["The Eiffel Tower was completed in 1889"] + (
            ["Eiffel Tower completed 1889"] if rewrite else []
        )
        for broad in (False, True):
            times, calls = [], 0
            for _ in range(args.runs):
                elapsed, calls = await one(args.latency, queries, broad)
                times.append(elapsed)
            rows.append(
                {
                    "llm_rewrite": rewrite,
                    "broad": broad,
                    "searches": calls,
                    "median_s": round(statistics.median(times), 3),
                    "max_s": round(max(times), 3),
                }
            )
    print(json.dumps({"latency_s": args.latency, "runs": args.runs, "rows": rows}, indent=2))
    print(
        "\n| LLM rewrite | broad tier | searches | median wall time | max |\n|---|---|---|---|---|"
    )
    for r in rows:
        print(
            f"| {'yes' if r['llm_rewrite'] else 'no'} | {'yes' if r['broad'] else 'no'} | "
            f"{r['searches']} | {r['median_s']:.3f} s | {r['max_s']:.3f} s |"
        )


if __name__ == "__main__":
    asyncio.run(main())
