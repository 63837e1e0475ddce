"""Source trust on real evidence URLs, and the cost of a URL check (a measurement, not a test).

    python benchmarks/source_trust.py [--sample 200] [--seed 7]

1. Trust distribution: a random sample of AVeriTeC dev evidence ``source_url``s, scored the way
   stage 7 scores them without an LLM (ai layer = table credibility; rerank factor 1) and with
   real URL checks through the guarded fetcher. Offline every check ends "unreachable" and the url
   layer counts as absent (c = 0.5), which the output says.
2. URL-check cost on loopback: HEAD checks against a local server (allow-listed), cold and cached.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from agent.models import Evidence  # noqa: E402
from agent.trust._trust import score_sources  # noqa: E402
from retrieval.credibility import profile_for, registered_domain  # noqa: E402
from scripts.coverage_averitec import DEFAULT_DATA, evidence_urls  # noqa: E402
from search.fetch import Fetcher, FetchPolicy  # noqa: E402
from tests.fakes.web import FakeWeb  # noqa: E402


def as_evidence(url: str) -> Evidence:
    p = profile_for(url)
    return Evidence(
        id=url,
        text="",
        source=url,
        title="",
        relevance=1.0,
        score=1.0,
        origin="web",
        domain=registered_domain(url) or p.domain,
        source_type=p.source_type,
        credibility=p.credibility,
        bias=p.bias,
        flags=tuple(p.flags),
    )


async def trust_distribution(sample: int, seed: int) -> dict:
    urls = sorted(set(evidence_urls(json.loads(DEFAULT_DATA.read_text(encoding="utf-8")))))
    picked = random.Random(seed).sample(urls, min(sample, len(urls)))
    evidence = [as_evidence(u) for u in picked]
    fetcher = Fetcher(FetchPolicy(timeout_s=4, concurrency=8))
    started = time.perf_counter()
    try:
        report = await score_sources("", evidence, fetcher=fetcher, chat=None, sufficient_mean=1.0)
    finally:
        await fetcher.aclose()
    elapsed = time.perf_counter() - started
    evidence = list(report.evidence)
    posts = [e.trust.posterior for e in evidence]
    url_signal = Counter(e.trust.signals["url"].split(" ")[0] for e in evidence)
    by_domain = Counter(e.trust.content_domain for e in evidence)
    verdicts = Counter((e.trust.content_domain, e.trust.verdict) for e in evidence)
    deciles = statistics.quantiles(posts, n=10)
    return {
        "urls": len(evidence),
        "url_checks": report.url_checks,
        "wall_s": round(elapsed, 2),
        "url_signal": dict(url_signal),
        "content_domain": dict(by_domain),
        "verified_share": round(
            sum(e.trust.verdict == "VERIFIED" for e in evidence) / len(evidence), 3
        ),
        "verdicts": {f"{d}/{v}": n for (d, v), n in sorted(verdicts.items())},
        "posterior": {
            "min": round(min(posts), 3),
            "p10": round(deciles[0], 3),
            "median": round(statistics.median(posts), 3),
            "p90": round(deciles[-1], 3),
            "max": round(max(posts), 3),
        },
        "flagged": sum(bool(e.flags) for e in evidence),
        "known_in_table": sum(profile_for(e.source).origin in {"hand", "mbfc"} for e in evidence),
    }


async def loopback_cost(n: int = 200) -> dict:
    routes = {f"/p{i}": (200, {}, b"x") for i in range(n)}
    with FakeWeb(routes) as web:
        fetcher = Fetcher(FetchPolicy(allow_hosts=("127.0.0.1:*",), timeout_s=4, concurrency=8))
        try:
            t0 = time.perf_counter()
            for i in range(n):
                await fetcher.check(f"{web.url}/p{i}")
            sequential = (time.perf_counter() - t0) / n
            t0 = time.perf_counter()
            await asyncio.gather(*(fetcher.check(f"{web.url}/p{i}?c") for i in range(n)))
            concurrent = time.perf_counter() - t0
            t0 = time.perf_counter()
            for i in range(n):
                await fetcher.check(f"{web.url}/p{i}")
            cached = (time.perf_counter() - t0) / n
        finally:
            await fetcher.aclose()
    return {
        "checks": n,
        "sequential_ms_per_check": round(sequential * 1000, 2),
        "concurrent_total_ms_for_all": round(concurrent * 1000, 1),
        "cached_us_per_check": round(cached * 1e6, 1),
    }


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--sample", type=int, default=200)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    print(
        json.dumps(
            {
                "trust": await trust_distribution(args.sample, args.seed),
                "loopback_url_check": await loopback_cost(),
            },
            indent=2,
        )
    )


if __name__ == "__main__":
    asyncio.run(main())
