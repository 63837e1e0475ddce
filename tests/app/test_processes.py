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
            raise AssertionError(f"process exited early with {proc.returncode}: {proc.stderr.read()[-2000:]}")
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
    env.update(PORT=str(port), CHROMA_PERSIST_DIR=str(kb), SEARCH_PROVIDER="none", HF_HUB_OFFLINE="1",
               PYTHONPATH=str(ROOT))  # this checkout's code, whichever tree the venv was installed from
    return env


def test_serve_answers_and_a_second_server_on_the_same_kb_fails_at_once(tmp_path):
    kb, port = tmp_path / "kb", free_port()
    cmd = [sys.executable, "-m", "app.cli", "serve"]
    first = subprocess.Popen(cmd, env=serve_env(kb, port), cwd=tmp_path, stdout=subprocess.DEVNULL,
                             stderr=subprocess.PIPE, text=True)
    try:
        wait_for(f"http://127.0.0.1:{port}/api/health", first)
        health = httpx.get(f"http://127.0.0.1:{port}/api/health", timeout=10).json()
        assert health["kb_size"] >= 20
        answer = httpx.post(f"http://127.0.0.1:{port}/api/verify", json={"claim": "The Earth is flat"},
                            timeout=60)
        assert answer.status_code == 200
        assert answer.json()["evidence"][0]["domain"] == "nasa.gov"

        started = time.perf_counter()
        second = subprocess.run(cmd, env=serve_env(kb, free_port()), cwd=tmp_path, capture_output=True,
                                text=True, timeout=60)
        elapsed = time.perf_counter() - started
        assert second.returncode != 0
        assert "already in use" in second.stderr
        assert elapsed < 15, f"the second server took {elapsed:.1f}s to give up"
        # the first server is untouched
        assert httpx.get(f"http://127.0.0.1:{port}/api/health", timeout=10).json()["kb_size"] == health["kb_size"]
    finally:
        stop(first)
    # uvicorn re-raises SIGTERM after a graceful shutdown; the lock must be released either way
    assert first.returncode in (0, -signal.SIGTERM)
    from retrieval.knowledge_base import check_directory_free

    check_directory_free(kb)


def test_kb_cli_seed_is_idempotent(tmp_path):
    env = serve_env(tmp_path / "kb", free_port())
    runs = [subprocess.run([sys.executable, "-m", "app.cli", "kb", "seed"], env=env, cwd=tmp_path,
                           capture_output=True, text=True, timeout=120) for _ in range(2)]
    assert all(r.returncode == 0 for r in runs), runs[0].stderr[-1000:]
    assert "0 already present" in runs[0].stdout
    assert " 0 added" in runs[1].stdout
    docs = tmp_path / "docs.jsonl"
    docs.write_text('{"text": "The Danube flows through ten countries.", "source": "https://example.org/danube"}\n'
                    '{"text": "The Danube flows through ten countries.", "source": "https://example.org/danube"}\n')
    ingest = subprocess.run([sys.executable, "-m", "app.cli", "kb", "ingest", str(docs)], env=env,
                            cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert ingest.returncode == 0, ingest.stderr[-1000:]
    assert "1 added, 1 duplicates" in ingest.stdout
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"text": ""}\n')
    failed = subprocess.run([sys.executable, "-m", "app.cli", "kb", "ingest", str(bad)], env=env,
                            cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert failed.returncode == 1 and "bad.jsonl:1" in failed.stderr


@pytest.fixture
def chroma_server(tmp_path):
    chroma = Path(sys.executable).with_name("chroma")
    if not chroma.exists():
        pytest.skip("the chroma CLI is not installed next to this Python")
    port = free_port()
    proc = subprocess.Popen([str(chroma), "run", "--path", str(tmp_path / "server-data"), "--host",
                             "127.0.0.1", "--port", str(port)], stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE, text=True,
                            env={**os.environ, "ANONYMIZED_TELEMETRY": "False"})
    try:
        wait_for(f"http://127.0.0.1:{port}/api/v2/heartbeat", proc, timeout_s=60)
        yield port, proc
    finally:
        stop(proc)


async def test_app_against_a_chroma_server(tmp_path, minilm, chroma_server):
    port, proc = chroma_server
    # No verdict cache: the second verify must reach the (stopped) server to answer 503.
    settings = make_settings(tmp_path, CHROMA_HOST="127.0.0.1", CHROMA_PORT=port, VERDICT_CACHE_TTL_S=0)
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
