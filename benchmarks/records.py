"""What recording costs (issue 40): per verification, on latency, and listing 10,000 records.

    .venv/bin/python -m benchmarks.records                 # JSON line + markdown table
    .venv/bin/python -m benchmarks.records --runs 5 --records 10000

The real app in-process (its lifespan, the real MiniLM, the seeded KB, no LLM, no web search,
the embedding reranker, evidence-only verdicts, the verdict cache off, SQLite in a temp
directory), driven through HTTP (httpx's ASGI transport):

1. **cost per verification** — for every answer of the latency runs, the time `Recorder.keep`
   takes on the request's path (the record built, the id set, the write queued), and the
   background writer's time per record (its batch transactions over the records they held);
2. **latency** — in one app, each claim verified with the recorder on and then off (or off, then
   on: the order alternates), `--runs` rounds of the claims, so both see the same KB, caches and
   machine load; p50/p90/p99 of `POST /api/verify` and the change;
3. **listing** — `--records` records (10,000) written for one key (beside another key's), then
   `GET /api/verifications?limit=50` pages timed: the first page, pages deep into the list through
   their cursors, and a `?claim=` search.

Nothing here is a test.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

from benchmarks.common import ROOT, emit

CLAIMS = [
    "The Earth is flat",
    "The Great Wall of China is visible from space with the naked eye",
    "Water boils at 100 degrees Celsius at sea level",
    "Vaccines cause autism",
    "The Eiffel Tower was completed in 1889",
    "Humans only use 10 percent of their brains",
    "Lightning never strikes the same place twice",
    "The Moon landing was faked",
    "Mount Everest is the tallest mountain above sea level",
    "Goldfish have a three-second memory",
]


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


async def _latencies(settings, embedder, claims, runs: int) -> tuple[list[float], list[float]]:
    """One app; every claim verified with the recorder on and off in turn (the order alternating),
    so both see the same KB, caches and machine load."""
    from tests.conftest import app_client

    on: list[float] = []
    off: list[float] = []
    async with app_client(settings, embedder=embedder) as client:
        service = client.app.state.services.verification
        recorder = service.recorder
        for claim in claims[:3]:  # warm-up: first model calls, first writes
            await client.post("/api/verify", json={"claim": claim, "web_search": False})
        for run in range(runs):
            for n, claim in enumerate(claims):
                for recording in (True, False) if (run + n) % 2 == 0 else (False, True):
                    service.recorder = recorder if recording else None
                    started = time.perf_counter()
                    response = await client.post(
                        "/api/verify", json={"claim": claim, "web_search": False}
                    )
                    (on if recording else off).append((time.perf_counter() - started) * 1000)
                    assert response.status_code == 200, response.text
                    assert (response.json()["id"] is not None) == recording
        service.recorder = recorder
        await recorder.writer.flush()
    return on, off


async def main(args: argparse.Namespace) -> None:
    from app.config import Settings
    from app.records import Recorder
    from jobs.records import NewRecord, RecordStore
    from jobs.store import JobStore
    from retrieval.embeddings import SentenceTransformerEmbedder
    from tests.conftest import app_client

    embedder = SentenceTransformerEmbedder.load("all-MiniLM-L6-v2")
    work = Path(tempfile.mkdtemp(prefix="claimcheck-records-bench-"))

    def settings(records: bool, name: str) -> Settings:
        return Settings(
            _env_file=None,
            CHROMA_PERSIST_DIR=work / name / "kb",
            SEARCH_PROVIDER="none",
            RERANKER_MODEL="none",
            URL_CHECK=False,
            VERDICT_CACHE_TTL_S=0,
            LOCAL_JUDGE=False,
            RECORDS=records,
            RATE_LIMIT="100000/minute",
            ALLOWED_HOSTS="claimcheck.test",
        )

    # 1 + 2: the cost of keep() and of the writes, and latency with and without records
    keep_ms: list[float] = []
    original_keep = Recorder.keep

    def timed_keep(self, *a, **k):
        started = time.perf_counter()
        try:
            return original_keep(self, *a, **k)
        finally:
            keep_ms.append((time.perf_counter() - started) * 1000)

    Recorder.keep = timed_keep  # type: ignore[method-assign]
    write_ms: list[float] = []
    original_add = RecordStore.add

    async def timed_add(self, records):
        started = time.perf_counter()
        try:
            return await original_add(self, records)
        finally:
            elapsed = (time.perf_counter() - started) * 1000
            write_ms.extend([elapsed / max(1, len(records))] * len(records))

    RecordStore.add = timed_add  # type: ignore[method-assign]
    on, off = await _latencies(settings(True, "latency"), embedder, CLAIMS, args.runs)
    Recorder.keep = original_keep  # type: ignore[method-assign]
    RecordStore.add = original_add  # type: ignore[method-assign]

    rows = [
        {
            "measure": "Recorder.keep on the request path (ms)",
            "n": len(keep_ms),
            "p50": statistics.median(keep_ms),
            "p90": percentile(keep_ms, 0.9),
            "p99": percentile(keep_ms, 0.99),
        },
        {
            "measure": "background write per record (ms, off the request path)",
            "n": len(write_ms),
            "p50": statistics.median(write_ms),
            "p90": percentile(write_ms, 0.9),
            "p99": percentile(write_ms, 0.99),
        },
    ]
    for label, values in (
        ("POST /api/verify, RECORDS=true (ms)", on),
        ("POST /api/verify, RECORDS=false (ms)", off),
    ):
        rows.append(
            {
                "measure": label,
                "n": len(values),
                "p50": statistics.median(values),
                "p90": percentile(values, 0.9),
                "p99": percentile(values, 0.99),
            }
        )
    change = {
        q: (percentile(on, p) - percentile(off, p)) / percentile(off, p) * 100
        for q, p in (("p50", 0.5), ("p90", 0.9), ("p99", 0.99))
    }
    rows.append({"measure": "latency change with records (%)", "n": len(on), **change})

    # 3: 10,000 records listed a page at a time
    list_settings = settings(True, "list")
    store = await JobStore.open(list_settings.database_url)
    try:
        records = RecordStore(store.engine)
        answer = json.dumps({"verdict": "False", "evidence": []})
        now = time.time()
        batch = []
        for i in range(args.records + args.records // 4):
            owner = "" if i < args.records else "someone-else"
            batch.append(
                NewRecord(
                    f"vrf_{i:032x}",
                    owner,
                    now - i,
                    f"{CLAIMS[i % len(CLAIMS)]} (number {i})",
                    "False",
                    answer,
                    "{}",
                )
            )
            if len(batch) == 2000:
                await records.add(batch)
                batch = []
        await records.add(batch)
    finally:
        await store.aclose()
    pages: dict[str, list[float]] = {
        "first page": [],
        "page 100 (cursor)": [],
        "?claim= search": [],
    }
    async with app_client(list_settings, embedder=embedder) as client:
        for _ in range(args.page_runs):
            started = time.perf_counter()
            page = (await client.get("/api/verifications", params={"limit": 50})).json()
            pages["first page"].append((time.perf_counter() - started) * 1000)
            assert len(page["records"]) == 50
            cursor = page["next_cursor"]
            for _ in range(98):
                cursor = (
                    await client.get("/api/verifications", params={"limit": 50, "cursor": cursor})
                ).json()["next_cursor"]
            started = time.perf_counter()
            deep = (
                await client.get("/api/verifications", params={"limit": 50, "cursor": cursor})
            ).json()
            pages["page 100 (cursor)"].append((time.perf_counter() - started) * 1000)
            assert deep["records"] and deep["records"][0]["claim"].endswith("(number 4950)"), deep[
                "records"
            ][0]
            started = time.perf_counter()
            found = (
                await client.get(
                    "/api/verifications", params={"limit": 50, "claim": "moon landing"}
                )
            ).json()
            pages["?claim= search"].append((time.perf_counter() - started) * 1000)
            assert len(found["records"]) == 50
    for label, values in pages.items():
        rows.append(
            {
                "measure": f"GET /api/verifications, {args.records} records: {label} (ms)",
                "n": len(values),
                "p50": statistics.median(values),
                "p90": percentile(values, 0.9),
                "p99": percentile(values, 0.99),
            }
        )
    emit(
        "records",
        rows,
        ["measure", "n", "p50", "p90", "p99"],
        {"runs": args.runs, "claims": len(CLAIMS), "records": args.records, "database": "sqlite"},
    )


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    os.environ.setdefault("NO_PROXY", "127.0.0.1,localhost")
    parser = argparse.ArgumentParser()
    parser.add_argument(
        "--runs", type=int, default=20, help="rounds of the claims, each with and without records"
    )
    parser.add_argument("--records", type=int, default=10_000)
    parser.add_argument("--page-runs", type=int, default=20)
    asyncio.run(main(parser.parse_args()))
