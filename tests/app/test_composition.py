"""The composition root closes everything it opened, whichever step fails (issue 21 item 4).

Each step of `build_services` is made to fail in turn; afterwards every HTTP client, fetcher,
cache and the KB that the earlier steps opened must be closed, and no task left running
(the inference batchers' workers are tasks). The same holds after a successful build and `aclose`."""

from __future__ import annotations

import asyncio

import pytest

import app.services as services_module
from app.services import build_services
from tests.conftest import make_settings

STEPS = [
    "load_embedder",
    "load_reranker",
    "open_kb",
    "make_provider",
    "OpenAIChatModel",
    "load_head_classifier",
    "load_nli",
    "load_local_judge",
    "make_cache",
    "VerificationService",
    "PassageChecker",
    "SourceAuditor",
    "load_language_model",
]


class Opened:
    """Records what build_services opens, and whether it was closed."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.things: list[tuple[str, object]] = []
        self.closed: set[int] = set()
        opened = self

        real_client = services_module.httpx.AsyncClient

        class Client(real_client):  # type: ignore[misc, valid-type]
            def __init__(self, *args, **kwargs) -> None:
                super().__init__(*args, **kwargs)
                opened.things.append(("http client", self))

        real_fetcher = services_module.Fetcher

        class Fetcher(real_fetcher):  # type: ignore[misc, valid-type]
            def __init__(self, *args, **kwargs) -> None:
                super().__init__(*args, **kwargs)
                opened.track("fetcher", self, "aclose")

        real_open_kb, real_cache = services_module.open_kb, services_module.make_cache

        def open_kb(settings):
            kb = real_open_kb(settings)
            opened.track("knowledge base", kb, "close")
            return kb

        def make_cache(url):
            cache = real_cache(url)
            opened.track("verdict cache", cache, "aclose")
            return cache

        monkeypatch.setattr(services_module.httpx, "AsyncClient", Client)
        monkeypatch.setattr(services_module, "Fetcher", Fetcher)
        monkeypatch.setattr(services_module, "open_kb", open_kb)
        monkeypatch.setattr(services_module, "make_cache", make_cache)

    def track(self, what: str, thing: object, method: str) -> None:
        self.things.append((what, thing))
        real = getattr(thing, method)
        if asyncio.iscoroutinefunction(real):

            async def closing(*args, **kwargs):
                self.closed.add(id(thing))
                return await real(*args, **kwargs)
        else:

            def closing(*args, **kwargs):
                self.closed.add(id(thing))
                return real(*args, **kwargs)

        setattr(thing, method, closing)

    def left_open(self) -> list[str]:
        out = []
        for what, thing in self.things:
            done = thing.is_closed if what == "http client" else id(thing) in self.closed
            if not done:
                out.append(what)
        return out


def settings_for(tmp_path):
    return make_settings(
        tmp_path,
        SEARCH_PROVIDER="searxng",
        SEARXNG_URL="http://127.0.0.1:9",
        OPENAI_BASE_URL="http://127.0.0.1:9/v1",
        LOCAL_JUDGE=True,
        URL_CHECK=True,
        NLI_MODEL="none",
    )


@pytest.mark.parametrize("step", STEPS)
async def test_a_failing_step_closes_everything_opened_before_it(tmp_path, monkeypatch, step):
    opened = Opened(monkeypatch)
    before = asyncio.all_tasks()

    def fail(*args, **kwargs):
        raise RuntimeError(f"{step} failed")

    monkeypatch.setattr(services_module, step, fail)
    with pytest.raises(RuntimeError, match=f"{step} failed"):
        await build_services(settings_for(tmp_path))
    assert opened.left_open() == []
    if STEPS.index(step) > STEPS.index("open_kb"):
        assert "knowledge base" in {
            what for what, _ in opened.things
        }  # the check has something to check
    await asyncio.sleep(0)
    leaked = [t for t in asyncio.all_tasks() - before if not t.done()]
    assert leaked == [], leaked


async def test_a_successful_build_closes_everything_at_shutdown(tmp_path, monkeypatch):
    opened = Opened(monkeypatch)
    before = asyncio.all_tasks()
    services = await build_services(settings_for(tmp_path))
    kinds = sorted({what for what, _ in opened.things})
    assert kinds == ["fetcher", "http client", "knowledge base", "verdict cache"]
    assert sorted(set(opened.left_open())) == kinds  # all still open while serving
    await services.aclose()
    assert opened.left_open() == []
    await asyncio.sleep(0)
    assert [t for t in asyncio.all_tasks() - before if not t.done()] == []


async def test_claim_heads_choose_the_classifiers_weights(tmp_path):
    for kind, name in (
        ("default", "subjectivity.json"),
        ("research", "subjectivity-research.json"),
    ):
        services = await build_services(make_settings(tmp_path / kind, CLAIM_HEADS=kind))
        try:
            assert services.classifier == f"rules + opinion detector (agent/data/{name})"
        finally:
            await services.aclose()
