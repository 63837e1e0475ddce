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

    .venv/bin/python -m benchmarks.pipeline --only rss --claims 200     # (g) alone
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import tempfile
import time
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
        return {"claim_type": "FACTUAL", "claim": claim, "reason": "checkable", "keywords": "claim keywords"}
    if "enough to judge" in system:
        return {"sufficient": False, "reason": "needs the web"}
    if "judge sources" in system:
        return {"ratings": [{"n": 1, "confidence": 0.8}]}
    if "search query" in system:
        return {"keywords": "claim keywords"}
    return {"verdict": "False", "confidence": 0.8, "reasoning": "Refuted by [1]."}


def search_results(query):
    slug = "".join(ch for ch in query.lower() if ch.isalnum())[:50]
    return [{"title": f"Report on {query[:50]}", "url": f"https://www.reuters.com/fact/{slug}/",
             "content": f"Investigators examined the claim {query[:120]} and found it to be false."}]


async def run(args) -> None:
    from retrieval.embeddings import load_embedder
    from tests.conftest import app_client, make_settings
    from tests.fakes.openai_server import FakeOpenAI
    from tests.fakes.searxng import FakeSearxng

    minilm, _ = load_embedder("all-MiniLM-L6-v2")  # what the service runs: ONNX int8 (for (d))
    rows: list[dict] = []

    async def timed_claims(delay: float, claims: list[str], concurrent: bool, probe_health: bool = False):
        with FakeOpenAI(llm_reply, delay_s=delay) as llm, FakeSearxng(search_results, delay_s=delay) as searx:
            settings = make_settings(Path(tempfile.mkdtemp()), OPENAI_BASE_URL=llm.url, SEARCH_PROVIDER="searxng",
                                     SEARXNG_URL=searx.url, SEARCH_BURST=100, SEARCH_RATE_PER_S=100,
                                     VERDICT_CACHE_TTL_S=3600)
            # the service builds its own models, batcher and embedding cache, as `claimcheck serve` does
            async with app_client(settings) as client:
                await client.post("/api/verify", json={"claim": "A warm-up claim about ducks in 1850"})
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
                    bodies = await asyncio.gather(*(client.post("/api/verify", json={"claim": c}) for c in claims))
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

    claims16 = [f"The bridge number {n} in the town of Exampleville was built in {1800 + n}" for n in range(16)]
    one_d, one_0, calls = [], [], []
    for r in range(args.runs):
        claim = [f"The lighthouse number {r} on Sample Island was painted green in 1901"]
        t_d, bodies, _, _ = await timed_claims(args.delay, claim, False)
        t_0, _, _, _ = await timed_claims(0.0, claim, False)
        one_d.append(t_d)
        one_0.append(t_0)
        calls.append(bodies[0]["usage"]["llm_calls"] + bodies[0]["usage"]["searches"])
        broad = "broad" in str(bodies[0]["steps"])
        grounded = bodies[0]["grounding"]["status"] != "SKIPPED"
    ideal = 3 + (1 if broad else 0) + (1 if grounded else 0)
    ratio = (statistics.median(one_d) - statistics.median(one_0)) / (ideal * args.delay)
    rows.append({"measure": "(a) critical-path ratio", "value": round(ratio, 2), "target": "≤ 1.10",
                 "detail": f"one claim {statistics.median(one_d):.2f} s at D={args.delay}, "
                           f"{statistics.median(one_0):.2f} s at D=0; ideal {ideal} sequential calls; "
                           f"{statistics.median(calls):.0f} outside calls made"})
    seq, _, _, _ = await timed_claims(args.delay, [c + " (seq)" for c in claims16], False)
    conc, _, health, hits = await timed_claims(args.delay, claims16, True, probe_health=True)
    rows.append({"measure": "(b) 16 claims: one at a time / all at once", "value": round(seq / conc, 2),
                 "target": "≥ 12", "detail": f"{seq:.1f} s vs {conc:.1f} s"})
    rows.append({"measure": "(c) /api/health p50 / p99 during the burst (ms)",
                 "value": f"{percentile(health, 0.5):.1f} / {percentile(health, 0.99):.1f}",
                 "target": "p99 ≤ 50", "detail": f"{len(health)} probes"})
    rows.append({"measure": "(e) verdict-cache hit p50 (ms)", "value": round(statistics.median(hits), 1),
                 "target": "≤ 20", "detail": f"{len(hits)} hits"})
    rows.append(await local_compute(minilm))
    from benchmarks.kb_latency import kb_query_latency

    rows += [{k: row[k] for k in ("measure", "value", "target", "detail")} for row in await kb_query_latency()]
    rows.append(await asyncio.to_thread(rss_over_claims, args.claims))
    emit("pipeline", rows, ["measure", "value", "target", "detail"], {"delay_s": args.delay, "runs": args.runs})


async def local_compute(minilm) -> dict:
    """(d) embed + retrieve + rerank 20 pairs with a MiniLM-L6-sized (random-weight) cross-encoder."""
    from transformers import BertConfig, BertForSequenceClassification, BertTokenizerFast

    from retrieval.knowledge_base import ChromaKnowledgeBase
    from retrieval.rerank import CrossEncoderReranker, RelevanceScale
    from retrieval.retriever import RetrievalConfig, Retriever
    from seed.seeding import seed

    folder = Path(tempfile.mkdtemp())
    ce = folder / "ce"
    BertTokenizerFast.from_pretrained(minilm.resolved.location).save_pretrained(ce)
    config = BertConfig(vocab_size=30522, hidden_size=384, num_hidden_layers=6, num_attention_heads=12,
                        intermediate_size=1536, num_labels=1)
    BertForSequenceClassification(config).save_pretrained(ce)
    reranker = CrossEncoderReranker.load(str(ce), RelevanceScale(-100, 1.0))
    kb = ChromaKnowledgeBase.open_embedded(folder / "kb", "bench_kb")
    retriever = Retriever(minilm, kb, reranker, RetrievalConfig())
    await seed(retriever)
    times = []
    for n in range(20):
        t = time.perf_counter()
        candidates = await retriever.candidates(f"Is the Earth flat or round? question {n}")
        await retriever.rerank("Is the Earth flat?", candidates[:20], record_access=False)
        times.append((time.perf_counter() - t) * 1000)
    kb.close()
    return {"measure": "(d) local compute per claim p50 / p95 (ms)",
            "value": f"{percentile(times, 0.5):.0f} / {percentile(times, 0.95):.0f}", "target": "p50 ≤ 500",
            "detail": "embed + retrieve top-20 + rerank 20 pairs, MiniLM-L6-sized cross-encoder"}


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise RuntimeError(f"no VmRSS for {pid}")


def rss_over_claims(claims: int) -> dict:
    """(g) one real server process (fake LLM and search at no delay), seeded, then `claims`
    sequential distinct verifications that each index new web results."""
    import signal
    import socket
    import subprocess

    import httpx

    from tests.fakes.openai_server import FakeOpenAI
    from tests.fakes.searxng import FakeSearxng

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    with FakeOpenAI(llm_reply) as llm, FakeSearxng(search_results) as searx:
        env = {k: v for k, v in os.environ.items() if not k.lower().endswith("_proxy")}
        env.update(PORT=str(port), CHROMA_PERSIST_DIR=tempfile.mkdtemp(), HF_HUB_OFFLINE="1",
                   PYTHONPATH=str(ROOT), OPENAI_BASE_URL=llm.url, OPENAI_API_KEY="bench",
                   SEARCH_PROVIDER="searxng", SEARXNG_URL=searx.url, SEARCH_RATE_PER_S="0",
                   URL_CHECK="false", RATE_LIMIT="100000/minute")
        proc = subprocess.Popen([sys.executable, "-m", "app.cli", "serve"], env=env, cwd=ROOT,
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        base = f"http://127.0.0.1:{port}"
        try:
            for _ in range(600):
                try:
                    if httpx.get(f"{base}/api/health", timeout=1).status_code == 200:
                        break
                except httpx.HTTPError:
                    time.sleep(0.2)
            else:
                raise RuntimeError("the server did not start")
            with httpx.Client(timeout=120) as http:
                http.post(f"{base}/api/verify", json={"claim": "A warm-up claim about ducks in 1850"})
                seeded = rss_mb(proc.pid)
                samples = []
                for n in range(claims):
                    claim = f"The ferry number {n} between Harbourtown and Isleport sank in {1700 + n}"
                    assert http.post(f"{base}/api/verify", json={"claim": claim}).status_code == 200
                    if (n + 1) % max(1, claims // 4) == 0:
                        samples.append(round(rss_mb(proc.pid)))
                kb = http.get(f"{base}/api/health").json()["kb_size"]
            after = rss_mb(proc.pid)
        finally:
            proc.send_signal(signal.SIGTERM)
            proc.wait(timeout=60)
    growth = (after - seeded) / seeded
    return {"measure": f"(g) RSS after seeding → after {claims} claims (MB)",
            "value": f"{seeded:.0f} → {after:.0f} ({growth:+.1%})", "target": "≤ 1024, growth ≤ 10 %",
            "detail": f"samples {samples}; KB grew to {kb} documents"}


def main() -> None:
    sys.path.insert(0, str(ROOT))
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    parser = argparse.ArgumentParser()
    parser.add_argument("--delay", type=float, default=0.4)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--claims", type=int, default=200, help="sequential claims of the RSS measure (g)")
    parser.add_argument("--only", choices=["rss"], help="run one measure alone")
    args = parser.parse_args()
    if args.only == "rss":
        emit("pipeline", [rss_over_claims(args.claims)], ["measure", "value", "target", "detail"],
             {"claims": args.claims})
        return
    asyncio.run(run(args))


if __name__ == "__main__":
    main()
