"""Source audit: wall time for 15 URLs at a fixed page latency, and the authority table's coverage of
the AVeriTeC dev evidence URLs.

    .venv/bin/python -m benchmarks.source_audit [--latency 0.4] [--runs 5]
"""

from __future__ import annotations

import ast
import asyncio
import json
import statistics
import time

from benchmarks.common import DATA, emit, require, timing_setup


async def main() -> None:
    args = timing_setup()
    from agent.trust._audit import SourceAuditor
    from retrieval.credibility import profile_for
    from retrieval.embeddings import load_embedder
    from search.fetch import Fetcher, FetchPolicy
    from tests.app.test_source_audit import SUPPORTING
    from tests.fakes.pages import FakePages

    embedder, _ = load_embedder("all-MiniLM-L6-v2")  # the service's embedder (ONNX int8)
    times = []
    with FakePages({f"/p{n}": (200, SUPPORTING) for n in range(15)}, delay_s=args.latency) as site:
        text = " ".join(f"Fluoride claim {n} is backed by {site.url}/p{n} here." for n in range(15))
        for _ in range(args.runs):
            fetcher = Fetcher(
                FetchPolicy(allow_hosts=("127.0.0.1:*",), concurrency=16, cache_ttl_s=0.001)
            )
            auditor = SourceAuditor(fetcher, embedder)
            started = time.perf_counter()
            result = await auditor.audit(text)
            times.append(time.perf_counter() - started)
            await fetcher.aclose()
            assert result.url_validity_rate == 1.0

    rows = json.loads(require(DATA / "averitec-dev" / "dev.json").read_text())
    urls = []
    for row in rows:
        questions = (
            ast.literal_eval(row["questions"])
            if isinstance(row["questions"], str)
            else row["questions"]
        )
        for q in questions:
            for a in q.get("answers", []):
                if a.get("source_url"):
                    urls.append(a["source_url"])
    known = sum(1 for u in urls if profile_for(u).known)
    median = statistics.median(times)
    emit(
        "source_audit",
        [
            {
                "urls": 15,
                "latency_s": args.latency,
                "runs": args.runs,
                "median_s": median,
                "latencies": median / args.latency,
                "averitec_urls": len(urls),
                "authority_known_share": known / len(urls),
            }
        ],
        [
            "urls",
            "latency_s",
            "runs",
            "median_s",
            "latencies",
            "averitec_urls",
            "authority_known_share",
        ],
    )


if __name__ == "__main__":
    asyncio.run(main())
