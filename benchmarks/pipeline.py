"""The verification pipeline against loopback fakes of the LLM and search at a fixed latency D.

    .venv/bin/python -m benchmarks.pipeline [--delay 0.4] [--runs 3]

(a) critical-path ratio: (latency at D − latency at 0) / (sequential outside calls an ideal pipeline
    cannot avoid × D); the ideal for a claim that needs the web: classify → targeted search (5a ∥ 5b)
    → verdict = 3 calls, + 1 when the broad tier is needed, + 1 when the grounding re-ask runs (it
    asks about the verdict, so it cannot start before it);
(b) 16 distinct claims at once vs one at a time; (c) /api/health p50/p99 during that burst;
(d) local compute per claim (embed + retrieve + rerank 20 pairs with a MiniLM-L6-sized cross-encoder);
(e) a verdict-cache hit's latency; (f) KB query latency at 10k and 100k documents
(benchmarks/kb_latency.py); (g) the RSS of one `claimcheck serve` process after seeding and
after N sequential distinct claims (web results indexed each time), read from /proc.

    .venv/bin/python -m benchmarks.pipeline --parts g --claims 200     # (g) alone
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

from benchmarks.common import ROOT, emit


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def llm_reply(messages):
    from tests.fakes.openai_server import system_prompt

    system = system_prompt(messages)
    user = messages[-1]["content"]
    if "classify a claim" in system:
        claim = user.split("<claim>\n", 1)[1].split("\n</claim>", 1)[0]
        return {
            "claim_type": "FACTUAL",
            "claim": claim,
            "reason": "checkable",
            "keywords": "claim keywords",
        }
    if "enough to judge" in system:
        return {"sufficient": False, "reason": "needs the web"}
    if "judge sources" in system:
        return {"ratings": [{"n": 1, "confidence": 0.8}]}
    if "search query" in system:
        return {"keywords": "claim keywords"}
    return {"verdict": "False", "confidence": 0.8, "reasoning": "Refuted by [1]."}


def search_results(query):
    slug = "".join(ch for ch in query.lower() if ch.isalnum())[:50]
    return [
        {
            "title": f"Report on {query[:50]}",
            "url": f"https://www.reuters.com/fact/{slug}/",
            "content": f"Investigators examined the claim {query[:120]} and found it to be false.",
        }
    ]


async def run(args) -> None:
    import httpx

    from retrieval.embeddings import load_embedder
    from tests.fakes.openai_server import FakeOpenAI
    from tests.fakes.searxng import FakeSearxng

    minilm, _ = load_embedder("all-MiniLM-L6-v2")  # what the service runs: ONNX int8 (for (d))
    rows: list[dict] = []
    search_env: dict[str, str] | None = None  # every search limit lifted: the pipeline alone
    if args.search == "defaults":
        search_env = {}  # SearXNG's defaults, as `make run` gives them
    if args.search_rate is not None:
        search_env = {**(search_env or {}), "SEARCH_RATE_PER_S": str(args.search_rate)}

    async def timed_claims(
        delay: float, claims: list[str], concurrent: bool, probe_health: bool = False
    ):
        # A real `claimcheck serve` process on a fresh KB (it builds its own models, batcher and
        # embedding cache); the fakes live in this process, so their threads never share the
        # server's interpreter and the clients measure it over real HTTP, as users do.
        with (
            FakeOpenAI(llm_reply, delay_s=delay) as llm,
            FakeSearxng(search_results, delay_s=delay) as searx,
            served(llm.url, searx.url, search_env) as (base, _),
        ):
            async with httpx.AsyncClient(
                base_url=base, timeout=120, limits=httpx.Limits(max_connections=64)
            ) as client:
                await client.post(
                    "/api/verify", json={"claim": "A warm-up claim about ducks in 1850"}
                )
                health: list[float] = []
                stop = asyncio.Event()

                async def probe():
                    while not stop.is_set():
                        t = time.perf_counter()
                        await client.get("/api/health")
                        health.append((time.perf_counter() - t) * 1000)
                        await asyncio.sleep(0.05)

                prober = asyncio.create_task(probe()) if probe_health else None
                started = time.perf_counter()
                if concurrent:
                    bodies = await asyncio.gather(
                        *(client.post("/api/verify", json={"claim": c}) for c in claims)
                    )
                else:
                    bodies = [await client.post("/api/verify", json={"claim": c}) for c in claims]
                elapsed = time.perf_counter() - started
                stop.set()
                if prober:
                    await prober
                hit_ms = []
                for c in claims[:5]:
                    t = time.perf_counter()
                    r = await client.post("/api/verify", json={"claim": c})
                    assert r.json()["cache"] == "hit"
                    hit_ms.append((time.perf_counter() - t) * 1000)
                return elapsed, [b.json() for b in bodies], health, hit_ms

    parts = set(args.parts)
    claims16 = [
        f"The bridge number {n} in the town of Exampleville was built in {1800 + n}"
        for n in range(16)
    ]
    one_d, one_0, calls = [], [], []
    for r in range(args.runs if "a" in parts else 0):
        claim = [f"The lighthouse number {r} on Sample Island was painted green in 1901"]
        t_d, bodies, _, _ = await timed_claims(args.delay, claim, False)
        t_0, _, _, _ = await timed_claims(0.0, claim, False)
        one_d.append(t_d)
        one_0.append(t_0)
        calls.append(bodies[0]["usage"]["llm_calls"] + bodies[0]["usage"]["searches"])
        broad = "broad" in str(bodies[0]["steps"])
        grounded = bodies[0]["grounding"]["status"] != "SKIPPED"
    if "a" in parts:
        ideal = 3 + (1 if broad else 0) + (1 if grounded else 0)
        ratio = (statistics.median(one_d) - statistics.median(one_0)) / (ideal * args.delay)
        rows.append(
            {
                "measure": "(a) critical-path ratio",
                "value": round(ratio, 2),
                "target": "≤ 1.10",
                "detail": f"one claim {statistics.median(one_d):.2f} s at D={args.delay}, "
                f"{statistics.median(one_0):.2f} s at D=0; ideal {ideal} sequential calls "
                f"(broad {broad}, grounding {grounded}); "
                f"{statistics.median(calls):.0f} outside calls made",
            }
        )
    if parts & {"b", "c", "e"}:  # one burst serves all three
        seqs, concs, health, hits = [], [], [], []
        for r in range(args.runs):
            seq, _, _, _ = await timed_claims(
                args.delay, [f"{c} (seq {r})" for c in claims16], False
            )
            conc, _, probes, hit = await timed_claims(
                args.delay, [f"{c} (run {r})" for c in claims16], True, probe_health=True
            )
            seqs.append(seq)
            concs.append(conc)
            health += probes
            hits += hit
        ratios = sorted(s / c for s, c in zip(seqs, concs, strict=True))
        rows.append(
            {
                "measure": "(b) 16 claims: one at a time / all at once",
                "value": round(statistics.median(ratios), 2),
                "target": "≥ 12",
                "detail": f"median of {len(ratios)} runs {[round(r, 1) for r in ratios]}; "
                f"{statistics.median(seqs):.1f} s vs {statistics.median(concs):.1f} s",
            }
        )
        rows.append(
            {
                "measure": "(c) /api/health p50 / p99 during the burst (ms)",
                "value": f"{percentile(health, 0.5):.1f} / {percentile(health, 0.99):.1f}",
                "target": "p99 ≤ 50",
                "detail": f"{len(health)} probes",
            }
        )
        rows.append(
            {
                "measure": "(e) verdict-cache hit p50 (ms)",
                "value": round(statistics.median(hits), 1),
                "target": "≤ 20",
                "detail": f"{len(hits)} hits",
            }
        )
    if "d" in parts:
        rows += await local_compute(minilm)
    if "f" in parts:
        from benchmarks.kb_latency import kb_query_latency

        rows += [
            {k: row[k] for k in ("measure", "value", "target", "detail")}
            for row in await kb_query_latency()
        ]
    if "g" in parts:
        rows.append(await asyncio.to_thread(rss_over_claims, args.claims))
    emit(
        "pipeline",
        rows,
        ["measure", "value", "target", "detail"],
        {"delay_s": args.delay, "runs": args.runs, "parts": args.parts},
    )


async def local_compute(minilm) -> list[dict]:
    """(d) embed + retrieve + rerank 20 pairs with a MiniLM-L6-sized (random-weight) cross-encoder,
    on the service's default RERANKER_BACKEND and, for comparison in the same run, on torch."""
    from transformers import BertConfig, BertForSequenceClassification, BertTokenizerFast

    from app.config import Settings
    from retrieval.concurrency import set_inference_threads
    from retrieval.knowledge_base import ChromaKnowledgeBase
    from retrieval.rerank import RelevanceScale, load_reranker
    from retrieval.retriever import RetrievalConfig, Retriever
    from seed.seeding import seed

    folder = Path(tempfile.mkdtemp())
    ce = folder / "ce"
    BertTokenizerFast.from_pretrained(minilm.resolved.location).save_pretrained(ce)
    config = BertConfig(
        vocab_size=30522,
        hidden_size=384,
        num_hidden_layers=6,
        num_attention_heads=12,
        intermediate_size=1536,
        num_labels=1,
    )
    BertForSequenceClassification(config).save_pretrained(ce)
    threads = set_inference_threads(0)
    kb = ChromaKnowledgeBase.open_embedded(folder / "kb", "bench_kb")
    default = Settings().RERANKER_BACKEND
    rows = []
    for backend in dict.fromkeys((default, "torch")):
        reranker, status = await asyncio.to_thread(
            load_reranker,
            str(ce),
            minilm,
            RelevanceScale(-100, 1.0),
            backend=backend,
            cache_dir=folder / "onnx",
            threads=threads,
        )
        retriever = Retriever(minilm, kb, reranker, RetrievalConfig())
        if not rows:
            await seed(retriever)
        times = []
        for n in range(30):
            t = time.perf_counter()
            candidates = await retriever.candidates(f"Is the Earth flat or round? question {n}")
            await retriever.rerank("Is the Earth flat?", candidates[:20], record_access=False)
            times.append((time.perf_counter() - t) * 1000)
        rows.append(
            {
                "measure": f"(d) local compute per claim p50 / p95 (ms), reranker on {status.backend}",
                "value": f"{percentile(times[5:], 0.5):.0f} / {percentile(times[5:], 0.95):.0f}",
                "target": "p50 ≤ 500",
                "detail": f"embed (ONNX int8) + retrieve top-20 + rerank 20 pairs, MiniLM-L6-sized "
                f"cross-encoder; {threads} threads; 25 runs after 5 warm-up"
                + (" (the default RERANKER_BACKEND)" if backend == default else ""),
            }
        )
    kb.close()
    return rows


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise RuntimeError(f"no VmRSS for {pid}")


@contextlib.contextmanager
def served(
    llm_url: str, searx_url: str, search_env: dict[str, str] | None = None
) -> Iterator[tuple[str, int]]:
    """`claimcheck serve` on a free port and a fresh KB, pointed at the fakes; yields its base URL
    and pid (uvicorn serves in the process itself). `search_env` replaces the search-limit
    settings (the default lifts them all; {} = the provider's defaults, as a user gets them)."""
    import httpx

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    env = {k: v for k, v in os.environ.items() if not k.lower().endswith("_proxy")}
    env.update(
        PORT=str(port),
        CHROMA_PERSIST_DIR=tempfile.mkdtemp(),
        HF_HUB_OFFLINE="1",
        PYTHONPATH=str(ROOT),
        OPENAI_BASE_URL=llm_url,
        OPENAI_API_KEY="bench",
        SEARCH_PROVIDER="searxng",
        SEARXNG_URL=searx_url,
        URL_CHECK="false",
        RATE_LIMIT="100000/minute",
        VERDICT_CACHE_TTL_S="3600",
    )
    # the fakes have no rate limit: by default every search limit is lifted, so the pipeline itself
    # is measured; --search defaults / --search-rate measure what a user's settings give
    env.update(
        SEARCH_RATE_PER_S="0", SEARCH_BURST="100", SEARCH_MAX_CONCURRENCY="64"
    ) if search_env is None else env.update(search_env)
    proc = subprocess.Popen(
        [sys.executable, "-m", "app.cli", "serve"],
        env=env,
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(600):
            if proc.poll() is not None:
                raise RuntimeError(f"the server exited with {proc.returncode}")
            try:
                if httpx.get(f"{base}/api/health", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                time.sleep(0.2)
        else:
            raise RuntimeError("the server did not start")
        yield base, proc.pid
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.wait(timeout=60)


def rss_over_claims(claims: int) -> dict:
    """(g) one real server process (fake LLM and search at no delay), seeded, then `claims`
    sequential distinct verifications that each index new web results."""
    import httpx

    from tests.fakes.openai_server import FakeOpenAI
    from tests.fakes.searxng import FakeSearxng

    with (
        FakeOpenAI(llm_reply) as llm,
        FakeSearxng(search_results) as searx,
        served(llm.url, searx.url) as (base, pid),
        httpx.Client(timeout=120) as http,
    ):
        http.post(f"{base}/api/verify", json={"claim": "A warm-up claim about ducks in 1850"})
        seeded = rss_mb(pid)
        samples = []
        for n in range(claims):
            claim = f"The ferry number {n} between Harbourtown and Isleport sank in {1700 + n}"
            assert http.post(f"{base}/api/verify", json={"claim": claim}).status_code == 200
            if (n + 1) % max(1, claims // 4) == 0:
                samples.append(round(rss_mb(pid)))
        kb = http.get(f"{base}/api/health").json()["kb_size"]
        after = rss_mb(pid)
    growth = (after - seeded) / seeded
    return {
        "measure": f"(g) RSS after seeding → after {claims} claims (MB)",
        "value": f"{seeded:.0f} → {after:.0f} ({growth:+.1%})",
        "target": "≤ 1024, growth ≤ 10 %",
        "detail": f"samples {samples}; KB grew to {kb} documents",
    }


def main() -> None:
    sys.path.insert(0, str(ROOT))
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    parser = argparse.ArgumentParser()
    parser.add_argument("--delay", type=float, default=0.4)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument(
        "--claims", type=int, default=200, help="sequential claims of the RSS measure (g)"
    )
    parser.add_argument(
        "--parts", default="abcdefg", help="which measures, e.g. 'abce' (default: all)"
    )
    parser.add_argument(
        "--search",
        choices=["unlimited", "defaults"],
        default="unlimited",
        help="search limits lifted (the pipeline alone) or the provider's defaults (what users get)",
    )
    parser.add_argument(
        "--search-rate", type=float, default=None, help="SEARCH_RATE_PER_S for the server"
    )
    args = parser.parse_args()
    asyncio.run(run(args))


if __name__ == "__main__":
    main()
