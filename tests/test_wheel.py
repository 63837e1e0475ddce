"""The package as a user or the image installs it (issue 37): the wheel is built from exactly what the
Dockerfile copies, installed into a throwaway virtualenv outside the source tree, and booted from
there — `claimcheck serve` answers a verdict, `claimcheck worker` starts. Everything else in the
suite runs from the source tree, where a data file missing from the wheel cannot show.

The throwaway virtualenv reuses this virtualenv's site-packages for the dependencies (a `.pth`
line, processed after its own site-packages, so the installed wheel wins over this checkout); only
the wheel is installed into it (`--no-deps`), so torch is not installed twice."""

from __future__ import annotations

import os
import subprocess
import sys
import sysconfig
import time
import zipfile
from pathlib import Path

import httpx
import pytest

from tests.app.test_processes import free_port, stop

pytestmark = pytest.mark.slow
ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("app", "agent", "retrieval", "search", "seed", "jobs")


def dockerfile_sources() -> list[str]:
    """What the Dockerfile's wheel stage copies from the build context: the wheel is built from
    these only, so a file the image would not have is missing here too."""
    sources = []
    for line in (ROOT / "Dockerfile").read_text().splitlines():
        if line.startswith("COPY ") and "--from=" not in line:
            sources.extend(line.split()[1:-1])
    return sources


class Installed:
    def __init__(self, wheel: Path, venv: Path, build_s: float, install_s: float) -> None:
        self.wheel, self.venv, self.build_s, self.install_s = wheel, venv, build_s, install_s
        self.claimcheck = venv / "bin" / "claimcheck"
        self.python = venv / "bin" / "python"


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Installed:
    base = tmp_path_factory.mktemp("wheel")
    src = base / "src"
    src.mkdir()
    import shutil

    for name in dockerfile_sources():
        origin = ROOT / name
        if origin.is_dir():
            shutil.copytree(
                origin, src / name, ignore=shutil.ignore_patterns("__pycache__", "*.pyc")
            )
        else:
            shutil.copy2(origin, src / name)
    started = time.perf_counter()
    # setuptools and wheel from this venv (no build isolation: nothing is downloaded)
    built = subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--quiet",
            "--no-deps",
            "--no-build-isolation",
            "--wheel-dir",
            str(base / "dist"),
            str(src),
        ],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert built.returncode == 0, built.stderr[-3000:]
    build_s = time.perf_counter() - started
    wheel = next((base / "dist").glob("claimcheck-*.whl"))

    started = time.perf_counter()
    venv = base / "venv"
    subprocess.run(
        [sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True, timeout=120
    )
    target = subprocess.run(
        [
            str(venv / "bin" / "python"),
            "-c",
            "import sysconfig; print(sysconfig.get_paths()['purelib'])",
        ],
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    ).stdout.strip()
    Path(target, "claimcheck-deps.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    install = subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "--python",
            str(venv / "bin" / "python"),
            "install",
            "--quiet",
            "--no-deps",
            "--no-index",
            str(wheel),
        ],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert install.returncode == 0, install.stderr[-3000:]
    return Installed(wheel, venv, build_s, time.perf_counter() - started)


def installed_env(tmp: Path, port: int, **extra: str) -> dict[str, str]:
    """No PYTHONPATH, no source tree: the process sees only the installed wheel."""
    env = {
        k: v
        for k, v in os.environ.items()
        if not k.lower().endswith("_proxy") and k not in ("PYTHONPATH", "VIRTUAL_ENV")
    }
    env.update(
        PORT=str(port),
        CHROMA_PERSIST_DIR=str(tmp / "kb"),
        SEARCH_PROVIDER="none",
        HF_HUB_OFFLINE="1",
        **extra,
    )
    return env


def test_every_data_file_of_the_packages_is_in_the_wheel(installed):
    """Each non-Python file under a package directory (weights, tables, seed facts, the page) is
    opened by the code at run time: the wheel must carry it."""
    names = set(zipfile.ZipFile(installed.wheel).namelist())
    wanted = sorted(
        str(path.relative_to(ROOT))
        for package in PACKAGES
        for path in (ROOT / package).rglob("*")
        if path.is_file() and path.suffix not in (".py", ".pyc") and "__pycache__" not in path.parts
    )
    assert "agent/data/checkworthy.json" in wanted and "seed/facts.jsonl" in wanted
    assert [name for name in wanted if name not in names] == []
    assert {"jobs/migrations/env.py", "app/static/index.html"} <= names


def test_the_installed_wheel_serves_a_verdict_from_outside_the_source_tree(installed, tmp_path):
    where = subprocess.run(
        [str(installed.python), "-c", "import agent, app; print(app.__file__, agent.__file__)"],
        cwd=tmp_path,
        env=installed_env(tmp_path, 0),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert where.returncode == 0, where.stderr
    assert all(path.startswith(str(installed.venv)) for path in where.stdout.split()), where.stdout

    port = free_port()
    log = tmp_path / "serve.log"
    started = time.perf_counter()
    with log.open("w") as stderr:
        proc = subprocess.Popen(
            [str(installed.claimcheck), "serve"],
            cwd=tmp_path,
            env=installed_env(tmp_path, port),
            stdout=subprocess.DEVNULL,
            stderr=stderr,
        )
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 120
        while True:
            assert proc.poll() is None, (
                f"the installed server exited {proc.returncode}:\n{log.read_text()[-3000:]}"
            )
            try:
                if httpx.get(f"{url}/api/health", timeout=1.0).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            assert time.monotonic() < deadline, log.read_text()[-3000:]
            time.sleep(0.2)
        ready_s = time.perf_counter() - started
        health = httpx.get(f"{url}/api/health", timeout=10).json()
        assert health["kb_size"] >= 20  # the seed facts, from the wheel
        judge = health["components"]["judge"]
        assert judge["loaded"] and "judge.safetensors" in judge["active"], judge
        answer = httpx.post(f"{url}/api/verify", json={"claim": "The Earth is flat"}, timeout=60)
        assert answer.status_code == 200, answer.text
        body = answer.json()
        assert body["verdict"] == "False" and body["evidence"][0]["domain"] == "nasa.gov", body
        page = httpx.get(f"{url}/", timeout=10)
        assert page.status_code == 200 and "claimcheck" in page.text.lower()
        assert httpx.get(f"{url}/static/app.js", timeout=10).status_code == 200
    finally:
        stop(proc)
    print(
        f"wheel built in {installed.build_s:.1f} s, installed in {installed.install_s:.1f} s, "
        f"server ready in {ready_s:.1f} s"
    )


def test_the_installed_worker_starts(installed, tmp_path, redis_server):
    from redis import Redis

    log = tmp_path / "worker.log"
    env = installed_env(
        tmp_path,
        free_port(),
        REDIS_URL=redis_server.url,
        DATABASE_URL=f"sqlite:///{tmp_path / 'jobs.sqlite3'}",
    )
    with log.open("w") as stderr:
        proc = subprocess.Popen(
            [str(installed.claimcheck), "worker"],
            cwd=tmp_path,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=stderr,
        )
    client = Redis.from_url(redis_server.url, socket_timeout=5)
    try:
        deadline = time.monotonic() + 120
        from jobs.queue import WORKERS_KEY

        while not client.zcard(WORKERS_KEY):
            assert proc.poll() is None, (
                f"the installed worker exited {proc.returncode}:\n{log.read_text()[-3000:]}"
            )
            assert time.monotonic() < deadline, log.read_text()[-3000:]
            time.sleep(0.2)
        assert "ready in" in log.read_text()
    finally:
        stop(proc)
        client.close()
    assert proc.returncode == 0, log.read_text()[-3000:]
