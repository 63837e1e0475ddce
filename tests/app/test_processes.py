"""Real processes: `claimcheck serve` on a free port, the KB lock between two servers, and the
app against a `chroma run` server on loopback (the docker-compose topology)."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest

from tests.conftest import app_client, make_settings

pytestmark = pytest.mark.slow
ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def wait_for(url: str, proc: subprocess.Popen, timeout_s: float = 120.0) -> float:
    started = time.perf_counter()
    while time.perf_counter() - started < timeout_s:
        if proc.poll() is not None:
            raise AssertionError(
                f"process exited early with {proc.returncode}: {proc.stderr.read()[-2000:]}"
            )
        try:
            if httpx.get(url, timeout=1.0).status_code == 200:
                return time.perf_counter() - started
        except httpx.HTTPError:
            pass
        time.sleep(0.2)
    raise AssertionError(f"{url} did not answer within {timeout_s}s")


def stop(proc: subprocess.Popen) -> None:
    if proc.poll() is None:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def serve_env(kb: Path, port: int) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.lower().endswith("_proxy")}
    env.update(
        PORT=str(port),
        CHROMA_PERSIST_DIR=str(kb),
        SEARCH_PROVIDER="none",
        HF_HUB_OFFLINE="1",
        PYTHONPATH=str(ROOT),
    )  # this checkout's code, whichever tree the venv was installed from
    return env


def test_serve_answers_and_a_second_server_on_the_same_kb_fails_at_once(tmp_path):
    kb, port = tmp_path / "kb", free_port()
    cmd = [sys.executable, "-m", "app.cli", "serve"]
    # a fresh ONNX cache: this start exports and quantises the embedder, as a first `make run` does
    env = {**serve_env(kb, port), "EMBEDDING_CACHE_DIR": str(tmp_path / "onnx")}
    first = subprocess.Popen(
        cmd, env=env, cwd=tmp_path, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True
    )
    try:
        wait_for(f"http://127.0.0.1:{port}/api/health", first)
        health = httpx.get(f"http://127.0.0.1:{port}/api/health", timeout=10).json()
        assert health["kb_size"] >= 20
        import json

        from app.cli import SERVER_FILE

        # where it listens, for the hint of a command the KB's lock refuses (issue 37)
        assert json.loads((kb / SERVER_FILE).read_text())["url"] == f"http://127.0.0.1:{port}"
        answer = httpx.post(
            f"http://127.0.0.1:{port}/api/verify", json={"claim": "The Earth is flat"}, timeout=60
        )
        assert answer.status_code == 200
        assert answer.json()["evidence"][0]["domain"] == "nasa.gov"

        started = time.perf_counter()
        second = subprocess.run(
            cmd,
            env=serve_env(kb, free_port()),
            cwd=tmp_path,
            capture_output=True,
            text=True,
            timeout=60,
        )
        elapsed = time.perf_counter() - started
        assert second.returncode != 0
        assert "already in use" in second.stderr
        assert elapsed < 15, f"the second server took {elapsed:.1f}s to give up"
        # the first server is untouched
        assert (
            httpx.get(f"http://127.0.0.1:{port}/api/health", timeout=10).json()["kb_size"]
            == health["kb_size"]
        )
    finally:
        stop(first)
    # uvicorn re-raises SIGTERM after a graceful shutdown; the lock must be released either way
    assert first.returncode in (0, -signal.SIGTERM)
    assert not (kb / SERVER_FILE).exists()
    # start-up says where it serves last, without the exporter's and quantiser's chatter (issue 23)
    log = first.stderr.read()
    lines = log.splitlines()
    ready = next(
        i for i, line in enumerate(lines) if "Uvicorn running on http://127.0.0.1:" in line
    )
    assert all(
        ' - "' in line or "hutting down" in line or "shutdown" in line or "Finished server" in line
        for line in lines[ready + 1 :]
    ), lines[ready + 1 :]  # only requests and the shutdown follow
    for noise in (
        "INFO root:",
        "WARNING root:",
        "TracerWarning",
        "Loading weights",
        "Quantization parameters",
    ):
        assert noise not in log, noise
    assert len(lines[:ready]) <= 12, lines[:ready]
    from retrieval.knowledge_base import check_directory_free

    check_directory_free(kb)


def test_kb_cli_seed_is_idempotent(tmp_path):
    env = serve_env(tmp_path / "kb", free_port())
    runs = [
        subprocess.run(
            [sys.executable, "-m", "app.cli", "kb", "seed"],
            env=env,
            cwd=tmp_path,
            capture_output=True,
            text=True,
            timeout=120,
        )
        for _ in range(2)
    ]
    assert all(r.returncode == 0 for r in runs), runs[0].stderr[-1000:]
    assert "0 already present" in runs[0].stdout
    assert " 0 added" in runs[1].stdout
    docs = tmp_path / "docs.jsonl"
    docs.write_text(
        '{"text": "The Danube flows through ten countries.", "source": "https://example.org/danube"}\n'
        '{"text": "The Danube flows through ten countries.", "source": "https://example.org/danube"}\n'
    )
    ingest = subprocess.run(
        [sys.executable, "-m", "app.cli", "kb", "ingest", str(docs)],
        env=env,
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert ingest.returncode == 0, ingest.stderr[-1000:]
    assert "1 document(s) added, 1 already there" in ingest.stdout
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"text": ""}\n')
    failed = subprocess.run(
        [sys.executable, "-m", "app.cli", "kb", "ingest", str(bad)],
        env=env,
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert failed.returncode == 1 and "bad.jsonl:1" in failed.stderr


async def test_app_against_a_chroma_server(tmp_path, minilm, chroma_server):
    port, proc = chroma_server
    # No verdict cache: the second verify must reach the (stopped) server to answer 503.
    settings = make_settings(
        tmp_path, CHROMA_HOST="127.0.0.1", CHROMA_PORT=port, VERDICT_CACHE_TTL_S=0
    )
    async with app_client(settings, embedder=minilm) as client:
        # a second app on the same server is fine: the server, not a file lock, owns the data
        async with app_client(settings, embedder=minilm) as other:
            health = (await client.get("/api/health")).json()
            assert health["components"]["vector_store"]["mode"] == "server"
            assert health["kb_size"] >= 20
            assert (await other.get("/api/health")).json()["kb_size"] == health["kb_size"]
            body = (await client.post("/api/verify", json={"claim": "The Earth is flat"})).json()
            assert body["evidence"][0]["domain"] == "nasa.gov"
        stop(proc)  # the server goes away mid-life
        down = await client.post("/api/verify", json={"claim": "The Earth is flat"})
        assert down.status_code == 503
        assert down.headers["retry-after"]
        assert down.json()["error"] == "knowledge_base_unavailable"


AQUEDUCT = "The Aguas Livres aqueduct in Lisbon was completed in 1748"
AQUEDUCT_URL = "https://www.reuters.com/world/europe/lisbon-aqueduct-1748/"


def aqueduct_results(query: str) -> list[dict]:
    """One trusted-news result for any query about the aqueduct, nothing for anything else."""
    if "aqueduct" not in query.lower():
        return []
    return [
        {
            "title": "Lisbon's Aguas Livres aqueduct",
            "url": AQUEDUCT_URL,
            "content": "The Aguas Livres aqueduct in Lisbon was completed in 1748 and survived the "
            "great earthquake of 1755.",
        }
    ]


def test_two_replicas_share_indexed_evidence_the_verdict_cache_and_one_quota(
    tmp_path, chroma_server, redis_server
):
    """The docker-compose topology with real processes: `chroma run`, redis-server and two
    `claimcheck serve` replicas. What one replica learns from the web, the other finds in the KB
    (both retrieval legs); a verdict one computed, the other serves from the shared cache; and the
    rate limit is one quota for both, not one each."""
    from tests.fakes.searxng import FakeSearxng

    chroma_port, _ = chroma_server
    quota = 12
    with FakeSearxng(aqueduct_results) as searx:
        replicas, urls = [], []
        try:
            for name in ("a", "b"):
                port = free_port()
                env = serve_env(tmp_path / name, port)
                env.update(
                    CHROMA_HOST="127.0.0.1",
                    CHROMA_PORT=str(chroma_port),
                    REDIS_URL=redis_server.url,
                    RATE_LIMIT=f"{quota}/minute",
                    SEARCH_PROVIDER="searxng",
                    SEARXNG_URL=searx.url,
                    SEARCH_RATE_PER_S="0",
                    URL_CHECK="false",
                )
                replicas.append(
                    subprocess.Popen(
                        [sys.executable, "-m", "app.cli", "serve"],
                        env=env,
                        cwd=tmp_path,
                        stdout=subprocess.DEVNULL,
                        stderr=subprocess.PIPE,
                        text=True,
                    )
                )
                urls.append(f"http://127.0.0.1:{port}")
            for url, proc in zip(urls, replicas, strict=True):
                wait_for(f"{url}/api/health", proc)
            a, b = urls
            used = 0  # protected calls so far, against the shared quota

            first = httpx.post(f"{a}/api/verify", json={"claim": AQUEDUCT}, timeout=120)
            used += 1
            assert first.status_code == 200, first.text
            body = first.json()
            assert body["cache"] == "miss"
            assert any(e["source"] == AQUEDUCT_URL for e in body["evidence"]), body["steps"]
            assert body["search"]["new_documents"] == 1

            # replica B finds what A learnt (A writes it just after its answer: allow a moment)
            hit = None
            for _ in range(8):
                found = httpx.get(
                    f"{b}/api/kb/search", params={"q": "Lisbon aqueduct completed 1748"}, timeout=30
                )
                used += 1
                assert found.status_code == 200, found.text
                hit = next(
                    (r for r in found.json()["results"] if r["source"] == AQUEDUCT_URL), None
                )
                if (
                    hit is not None and hit["lexical"] > 0
                ):  # both legs: B's BM25 sidecar caught up too
                    break
                time.sleep(1.0)
            assert hit is not None, "replica B never saw the evidence replica A indexed"
            assert hit["dense"] is not None and hit["dense"] > 0.5
            assert hit["lexical"] > 0, "B's BM25 sidecar never caught up with A's write"

            # the verdict A computed is served by B from the shared Redis cache
            second = httpx.post(f"{b}/api/verify", json={"claim": AQUEDUCT}, timeout=120)
            used += 1
            assert second.status_code == 200 and second.json()["cache"] == "hit"
            assert second.json()["verdict"] == body["verdict"]
            asked = len(searx.requests)

            # one quota for both: alternate until both refuse
            codes = []
            for n in range(quota - used + 2):
                codes.append(httpx.get(f"{urls[n % 2]}/api/kb/stats", timeout=30).status_code)
            assert codes == [200] * (quota - used) + [429, 429], codes
            assert len(searx.requests) == asked  # the cache hit searched nothing
        finally:
            for proc in replicas:
                stop(proc)
