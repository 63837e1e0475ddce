"""Batch jobs on the Redis queue with real processes: `claimcheck serve` and `claimcheck worker`s
sharing a real redis-server, a real PostgreSQL cluster and a `chroma run` server, with the loopback
LLM fake. A worker killed with SIGKILL mid-job, and the API and every worker killed together, cost
no item and duplicate none; another key sees nothing of the job."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

import httpx
import pytest

from tests.app.test_processes import free_port, serve_env, stop
from tests.fakes.openai_server import FakeOpenAI, scripted

pytestmark = pytest.mark.slow

KEY_A = "ck_workers_key_a_5d4c3b2a1f"
KEY_B = "ck_workers_key_b_0e9d8c7b6a"


class Cluster:
    """The API and its workers as real processes, all pointed at the same Redis, PostgreSQL and
    Chroma server."""

    def __init__(self, tmp_path: Path, env: dict[str, str]) -> None:
        self.tmp_path = tmp_path
        self.env = env
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.api: subprocess.Popen | None = None
        self.workers: list[subprocess.Popen] = []
        self.logs: list[Path] = []
        self.spawned = 0

    def _spawn(self, *command: str) -> subprocess.Popen:
        self.spawned += 1
        log = self.tmp_path / f"{command[0]}-{self.spawned}.log"
        self.logs.append(log)
        with log.open("w") as stderr:  # a file, not a pipe: a chatty process never blocks on it
            return subprocess.Popen(
                [sys.executable, "-m", "app.cli", *command],
                env={**self.env, "PORT": str(self.port)},
                cwd=self.tmp_path,
                stdout=subprocess.DEVNULL,
                stderr=stderr,
                text=True,
            )

    def diagnostics(self) -> str:
        """What every process was doing: workers dump their threads and item coroutines on
        SIGUSR1 (jobs/worker.py), then the tail of each log."""
        for worker in self.workers:
            if worker.poll() is None:
                worker.send_signal(signal.SIGUSR1)
        time.sleep(2)
        tails = []
        for log in self.logs:
            lines = [
                line
                for line in log.read_text(errors="replace").splitlines()
                if "INFO httpx" not in line
            ]
            tails.append(f"--- {log.name} ---\n" + "\n".join(lines[-80:]))
        return "\n".join(tails)

    def start_api(self) -> None:
        self.api = self._spawn("serve")
        deadline = time.monotonic() + 120
        while True:
            assert self.api.poll() is None, f"the API exited:\n{self.diagnostics()}"
            try:
                if httpx.get(f"{self.url}/api/health", timeout=1.0).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            assert time.monotonic() < deadline, f"the API never answered:\n{self.diagnostics()}"
            time.sleep(0.2)

    def start_worker(self) -> subprocess.Popen:
        worker = self._spawn("worker")
        self.workers.append(worker)
        return worker

    def health(self) -> dict:
        return httpx.get(f"{self.url}/api/health", timeout=10).json()

    def wait_for_workers(self, count: int, within_s: float = 180.0) -> None:
        deadline = time.monotonic() + within_s
        while self.health()["components"]["jobs"].get("workers", 0) < count:
            for worker in self.workers:
                assert worker.poll() is None, f"a worker exited:\n{self.diagnostics()}"
            assert time.monotonic() < deadline, (
                f"{count} workers never came up: {self.health()['components']['jobs']}\n{self.diagnostics()}"
            )
            time.sleep(0.3)

    def job(self, job_id: str, key: str = KEY_A) -> dict:
        response = httpx.get(
            f"{self.url}/api/jobs/{job_id}", headers={"X-API-Key": key}, timeout=10
        )
        assert response.status_code == 200, response.text
        return response.json()

    def wait_until(self, job_id: str, predicate, within_s: float = 300.0) -> dict:
        deadline = time.monotonic() + within_s
        while True:
            body = self.job(job_id)
            if predicate(body):
                return body
            assert time.monotonic() < deadline, (
                f"the job never got there: {body}\n{self.diagnostics()}"
            )
            time.sleep(0.25)

    def kill_all(self) -> None:
        for proc in [*self.workers, *([self.api] if self.api else [])]:
            if proc.poll() is None:
                proc.kill()  # SIGKILL: nothing is cleaned up, as when a machine goes away
                proc.wait()
        self.workers, self.api = [], None

    def close(self) -> None:
        for proc in [*self.workers, *([self.api] if self.api else [])]:
            stop(proc)


@pytest.fixture
def cluster(tmp_path, redis_server, postgres_url, chroma_server):
    chroma_port, _ = chroma_server
    with FakeOpenAI(scripted()) as llm:
        env = serve_env(tmp_path / "kb", 0)
        env.update(
            REDIS_URL=redis_server.url,
            DATABASE_URL=postgres_url,
            CHROMA_HOST="127.0.0.1",
            CHROMA_PORT=str(chroma_port),
            OPENAI_BASE_URL=llm.url,
            OPENAI_API_KEY="sk-loopback",
            API_KEYS=f"{KEY_A},{KEY_B}",
            WORKER_HEARTBEAT_TIMEOUT_S="3",
            WORKER_CONCURRENCY="4",
            VERDICT_CACHE_TTL_S="0",
            URL_CHECK="false",
        )
        made = Cluster(tmp_path, env)
        try:
            yield made, llm
        finally:
            made.close()


def submit(cluster: Cluster, count: int, prefix: str) -> str:
    items = [
        {"id": f"{prefix}{n}", "claim": f"The {prefix} river number {n} flows north into the sea"}
        for n in range(count)
    ]
    response = httpx.post(
        f"{cluster.url}/api/jobs",
        json={"items": items, "options": {"web_search": False}},
        headers={"X-API-Key": KEY_A},
        timeout=30,
    )
    assert response.status_code == 202, response.text
    return response.json()["id"]


def results(cluster: Cluster, job_id: str) -> list[dict]:
    import json

    response = httpx.get(
        f"{cluster.url}/api/jobs/{job_id}/results", headers={"X-API-Key": KEY_A}, timeout=60
    )
    assert response.status_code == 200, response.text
    return [json.loads(line) for line in response.text.splitlines()]


def test_a_worker_killed_mid_job_loses_no_item_and_other_keys_see_nothing(cluster):
    cluster, llm = cluster
    cluster.start_api()
    assert cluster.health()["components"]["jobs"]["queue"] == "redis"
    doomed, survivor = cluster.start_worker(), cluster.start_worker()
    cluster.wait_for_workers(2)
    job_id = submit(cluster, 300, "k")
    cluster.wait_until(job_id, lambda b: b["counts"]["done"] >= 30, within_s=120)
    os.kill(doomed.pid, signal.SIGKILL)  # with items in flight and more prefetched
    doomed.wait()
    final = cluster.wait_until(job_id, lambda b: b["state"] in {"done", "failed", "cancelled"})
    rows = results(cluster, job_id)

    other = {"X-API-Key": KEY_B}
    read = httpx.get(f"{cluster.url}/api/jobs/{job_id}", headers=other, timeout=10)
    listed = httpx.get(f"{cluster.url}/api/jobs", headers=other, timeout=10)
    download = httpx.get(f"{cluster.url}/api/jobs/{job_id}/results", headers=other, timeout=10)
    cancel = httpx.delete(f"{cluster.url}/api/jobs/{job_id}", headers=other, timeout=10)

    assert survivor.poll() is None
    assert final["state"] == "done", final
    assert final["counts"] == {"queued": 0, "running": 0, "done": 300, "failed": 0, "cancelled": 0}
    assert [r["id"] for r in rows] == [f"k{n}" for n in range(300)]  # each once, in order
    # every item answered once by the real pipeline: the /api/verify body (claims the seed KB cannot
    # settle end evidence-only or with the loopback LLM's verdict after its citation check)
    outcomes = Counter((r["status"], r["error"]) for r in rows)
    assert outcomes == Counter({("done", None): 300}), outcomes
    assert all(r["result"]["original_claim"] == r["claim"] and r["result"]["steps"] for r in rows)
    assert {r["result"]["mode"] for r in rows} <= {"llm", "evidence-only"}
    assert read.status_code == 404 and download.status_code == 404 and cancel.status_code == 404
    assert listed.status_code == 200 and job_id not in {j["id"] for j in listed.json()["jobs"]}
    assert cluster.job(job_id)["state"] == "done"  # the other key's DELETE changed nothing


def test_the_api_and_every_worker_killed_together_and_restarted_finish_the_job(cluster):
    cluster, llm = cluster
    cluster.start_api()
    cluster.start_worker()
    cluster.wait_for_workers(1)
    job_id = submit(cluster, 80, "r")
    cluster.wait_until(job_id, lambda b: b["counts"]["done"] >= 10, within_s=120)
    cluster.kill_all()

    cluster.start_api()
    cluster.start_worker()
    final = cluster.wait_until(job_id, lambda b: b["state"] in {"done", "failed", "cancelled"})
    rows = results(cluster, job_id)
    assert final["state"] == "done" and final["counts"]["done"] == 80, final
    assert [r["id"] for r in rows] == [f"r{n}" for n in range(80)]
    outcomes = Counter((r["status"], r["error"]) for r in rows)
    assert outcomes == Counter({("done", None): 80}), outcomes
    assert all(r["result"]["original_claim"] == r["claim"] and r["result"]["steps"] for r in rows)
