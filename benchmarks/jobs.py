"""Batch jobs on the Redis queue with real processes, fakes of the LLM and SearXNG at a fixed delay.

    .venv/bin/python -m benchmarks.jobs [--delay 0.4] [--items 1000] [--big 10000] [--concurrency 16]

Starts redis-server, `chroma run`, one `claimcheck serve` (JOB_QUEUE via REDIS_URL, the jobs database
in SQLite or --database-url) and `claimcheck worker` processes, all on 127.0.0.1. Measures:
(1) items/s of a job of --items claims with one worker; (2) the same with two workers, and the
ratio; (3) `POST /api/jobs` with --big items; (4) the API's RSS growth while that job runs and
its results are downloaded; (5) /api/health p50/p99 while it runs. Every claim is distinct (no
verdict-cache hits). Needs redis-server and the chroma CLI next to this Python.
"""

from __future__ import annotations

import argparse
import os
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path

import httpx

from benchmarks.common import ROOT, emit
from benchmarks.pipeline import llm_reply, percentile, search_results


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def cpu_s(pid: int) -> float:
    """User + system CPU seconds a process has used so far (/proc/<pid>/stat)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def wait_until(check: Callable[[], bool], within_s: float, what: str) -> None:
    deadline = time.monotonic() + within_s
    while not check():
        if time.monotonic() > deadline:
            raise RuntimeError(f"{what} did not happen within {within_s:.0f} s")
        time.sleep(0.2)


class Processes:
    def __init__(self, workdir: Path) -> None:
        self.workdir = workdir
        self.procs: list[subprocess.Popen] = []

    def spawn(
        self, command: list[str], env: dict[str, str] | None = None, log: str = "proc"
    ) -> subprocess.Popen:
        with (self.workdir / f"{log}.log").open("w") as stderr:
            proc = subprocess.Popen(
                command, env=env, cwd=self.workdir, stdout=subprocess.DEVNULL, stderr=stderr
            )
        self.procs.append(proc)
        return proc

    def close(self) -> None:
        from tests.app.test_processes import stop  # SIGTERM, then SIGKILL after a grace period

        for proc in reversed(self.procs):
            stop(proc)


def claims(prefix: str, count: int) -> list[dict]:
    return [
        {
            "id": f"{prefix}{n}",
            "claim": f"Report {prefix}-{n}: the dam on river {n} was finished in {1900 + n % 120}",
        }
        for n in range(count)
    ]


def run(args: argparse.Namespace) -> None:
    from tests.fakes.openai_server import FakeOpenAI
    from tests.fakes.searxng import FakeSearxng

    redis_server = shutil.which("redis-server")
    chroma = Path(sys.executable).with_name("chroma")
    if redis_server is None or not chroma.exists():
        raise SystemExit("benchmarks.jobs needs redis-server and the chroma CLI")
    workdir = Path(tempfile.mkdtemp(prefix="claimcheck-jobs-bench-"))
    procs = Processes(workdir)
    rows: list[dict] = []
    extra: dict = {"delay_s": args.delay, "worker_concurrency": args.concurrency}
    try:
        redis_port, chroma_port, api_port = free_port(), free_port(), free_port()
        redis = procs.spawn(
            [
                redis_server,
                "--port",
                str(redis_port),
                "--bind",
                "127.0.0.1",
                "--save",
                "",
                "--appendonly",
                "no",
            ],
            log="redis",
        )
        chroma_proc = procs.spawn(
            [
                str(chroma),
                "run",
                "--path",
                str(workdir / "chroma"),
                "--host",
                "127.0.0.1",
                "--port",
                str(chroma_port),
            ],
            env={**os.environ, "ANONYMIZED_TELEMETRY": "False"},
            log="chroma",
        )
        wait_until(
            lambda: _answers(f"http://127.0.0.1:{chroma_port}/api/v2/heartbeat"), 60, "chroma run"
        )
        with (
            FakeOpenAI(llm_reply, delay_s=args.delay) as llm,
            FakeSearxng(search_results, delay_s=args.delay) as searx,
        ):
            env = {k: v for k, v in os.environ.items() if not k.lower().endswith("_proxy")}
            env.update(
                PYTHONPATH=str(ROOT),
                HF_HUB_OFFLINE="1",
                PORT=str(api_port),
                CHROMA_HOST="127.0.0.1",
                CHROMA_PORT=str(chroma_port),
                CHROMA_PERSIST_DIR=str(workdir / "kb"),
                REDIS_URL=f"redis://127.0.0.1:{redis_port}/0",
                OPENAI_BASE_URL=llm.url,
                OPENAI_API_KEY="bench",
                SEARCH_PROVIDER="searxng",
                SEARXNG_URL=searx.url,
                URL_CHECK="false",
                RATE_LIMIT="100000/minute",
                VERDICT_CACHE_TTL_S="0",
                JOB_MAX_ITEMS=str(max(args.big, args.items)),
                WORKER_CONCURRENCY=str(args.concurrency),
                WORKER_HEARTBEAT_TIMEOUT_S="10",
            )
            if args.database_url:
                env["DATABASE_URL"] = args.database_url
            base = f"http://127.0.0.1:{api_port}"
            api = procs.spawn([sys.executable, "-m", "app.cli", "serve"], env=env, log="api")
            wait_until(lambda: _answers(f"{base}/api/health"), 300, "the API")
            http = httpx.Client(base_url=base, timeout=120)

            def workers() -> int:
                return http.get("/api/health").json()["components"]["jobs"].get("workers", 0)

            def run_job(prefix: str, count: int) -> float:
                started = time.perf_counter()
                job = http.post("/api/jobs", json={"items": claims(prefix, count)}).json()
                wait_until(
                    lambda: (
                        http.get(f"/api/jobs/{job['id']}").json()["state"] in {"done", "failed"}
                    ),
                    3600,
                    f"job {prefix}",
                )
                elapsed = time.perf_counter() - started
                body = http.get(f"/api/jobs/{job['id']}").json()
                if body["counts"]["done"] != count:
                    raise RuntimeError(f"job {prefix} answered {body['counts']}")
                return count / elapsed

            worker = procs.spawn(
                [sys.executable, "-m", "app.cli", "worker"], env=env, log="worker-1"
            )
            wait_until(lambda: workers() >= 1, 300, "worker 1")
            http.post("/api/jobs", json={"items": claims("warm", 16)})  # first calls: model warm-up
            wait_until(
                lambda: (
                    http.get("/api/jobs").json()["jobs"][0]["state"] not in {"queued", "running"}
                ),
                600,
                "the warm-up job",
            )
            watched = {"worker": worker, "api": api, "chroma": chroma_proc, "redis": redis}
            before = {name: cpu_s(proc.pid) for name, proc in watched.items()}
            one = run_job("one", args.items)
            # where the CPU goes: each process's CPU seconds during the one-worker job, per item
            rows.append(
                {
                    "measure": "CPU ms per item, one-worker job: " + ", ".join(watched),
                    "target": "",
                    "value": " / ".join(
                        f"{(cpu_s(proc.pid) - before[name]) / args.items * 1000:.0f}"
                        for name, proc in watched.items()
                    ),
                }
            )
            rows.append(
                {
                    "measure": f"{args.items} items, one worker (items/s)",
                    "value": round(one, 2),
                    "target": "≥ 5",
                }
            )

            procs.spawn([sys.executable, "-m", "app.cli", "worker"], env=env, log="worker-2")
            wait_until(lambda: workers() >= 2, 300, "worker 2")
            two = run_job("two", args.items)
            rows.append(
                {
                    "measure": f"{args.items} items, two workers (items/s)",
                    "value": round(two, 2),
                    "target": "",
                }
            )
            rows.append(
                {"measure": "two workers vs one", "value": f"{two / one:.2f}×", "target": "≥ 1.6×"}
            )

            rss_before = rss_mb(api.pid)
            big = claims("big", args.big)
            started = time.perf_counter()
            created = http.post("/api/jobs", json={"items": big})
            post_s = time.perf_counter() - started
            if created.status_code != 202:
                raise RuntimeError(
                    f"POST /api/jobs answered {created.status_code}: {created.text[:300]}"
                )
            job_id = created.json()["id"]
            rows.append(
                {
                    "measure": f"POST /api/jobs with {args.big} items (s)",
                    "value": round(post_s, 2),
                    "target": "< 2",
                }
            )

            probes: list[float] = []
            peak = [rss_before]
            stop = threading.Event()

            def probe() -> None:
                with httpx.Client(base_url=base, timeout=10) as client:
                    while not stop.is_set():
                        t0 = time.perf_counter()
                        client.get("/api/health")
                        probes.append((time.perf_counter() - t0) * 1000)
                        peak[0] = max(peak[0], rss_mb(api.pid))
                        time.sleep(0.1)

            prober = threading.Thread(target=probe)
            prober.start()
            time.sleep(args.watch)
            downloaded = 0
            for fmt in ("jsonl", "csv", "claimreview"):  # the whole job, while it runs
                with http.stream(
                    "GET", f"/api/jobs/{job_id}/results", params={"format": fmt}
                ) as response:
                    for chunk in response.iter_bytes():
                        downloaded += len(chunk)
                peak[0] = max(peak[0], rss_mb(api.pid))
            progress = http.get(f"/api/jobs/{job_id}").json()
            stop.set()
            prober.join()
            http.delete(f"/api/jobs/{job_id}")
            rows.append(
                {
                    "measure": "API RSS growth while the big job runs and downloads (MB)",
                    "value": f"{peak[0] - rss_before:.0f} ({rss_before:.0f} → {peak[0]:.0f})",
                    "target": "< 100",
                }
            )
            rows.append(
                {
                    "measure": "/api/health p50 / p99 while it runs (ms)",
                    "value": f"{statistics.median(probes):.1f} / {percentile(probes, 0.99):.1f}",
                    "target": "p99 ≤ 50",
                }
            )
            extra.update(
                big_job_done_when_measured=progress["counts"]["done"],
                downloaded_bytes=downloaded,
                health_probes=len(probes),
            )
    finally:
        procs.close()
        shutil.rmtree(workdir, ignore_errors=True)
    emit("jobs", rows, ["measure", "value", "target"], extra)


def _answers(url: str) -> bool:
    try:
        return httpx.get(url, timeout=1).status_code == 200
    except httpx.HTTPError:
        return False


def main() -> None:
    sys.path.insert(0, str(ROOT))
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    parser = argparse.ArgumentParser()
    parser.add_argument(
        "--delay", type=float, default=0.4, help="seconds per fake LLM / search call"
    )
    parser.add_argument("--items", type=int, default=1000, help="items of the throughput jobs")
    parser.add_argument(
        "--big", type=int, default=10_000, help="items of the RSS / POST / health job"
    )
    parser.add_argument("--concurrency", type=int, default=16, help="WORKER_CONCURRENCY")
    parser.add_argument(
        "--watch", type=float, default=30.0, help="seconds the big job runs before the download"
    )
    parser.add_argument(
        "--database-url", default=None, help="DATABASE_URL (default: SQLite beside the KB)"
    )
    run(parser.parse_args())


if __name__ == "__main__":
    main()
