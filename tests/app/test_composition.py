"""The composition root closes everything it opened, whichever step fails (issue 21 item 4).

Each step of `runtime` that loads a model or opens a connection (the fields of `Makers`) is made to
fail in turn; afterwards every HTTP client, fetcher, cache and the KB that the earlier steps opened
must be closed, and no task left running (the inference batchers' workers are tasks). The same
holds after a successful build once the runtime's block is left. The steps are passed in as
`makers`, the runtime's own parameter: nothing is patched."""

from __future__ import annotations

import asyncio
from dataclasses import replace

import pytest

from app.runtime import Makers, runtime
from tests.conftest import make_settings

# In the order the runtime takes them.
STEPS = [
    "load_embedder",
    "load_reranker",
    "open_kb",
    "http_client",
    "make_provider",
    "fetcher",
    "chat_model",
    "load_head_classifier",
    "load_nli",
    "load_local_judge",
    "warm_up",
    "make_cache",
]


class Opened:
    """Makers that record what the runtime opens, and whether it was closed."""

    def __init__(self) -> None:
        self.things: list[tuple[str, object]] = []
        self.closed: set[int] = set()

    def makers(self, failing: str | None = None) -> Makers:
        real = Makers()

        def http_client(settings):
            client = real.http_client(settings)
            self.things.append(("http client", client))
            return client

        def fetcher(*args, **kwargs):
            return self.track("fetcher", real.fetcher(*args, **kwargs), "aclose")

        def open_kb(settings):
            return self.track("knowledge base", real.open_kb(settings), "close")

        def make_cache(url):
            return self.track("verdict cache", real.make_cache(url), "aclose")

        def fail(*args, **kwargs):
            raise RuntimeError(f"{failing} failed")

        makers = replace(
            real, http_client=http_client, fetcher=fetcher, open_kb=open_kb, make_cache=make_cache
        )
        return replace(makers, **{failing: fail}) if failing else makers

    def track(self, what: str, thing: object, method: str) -> object:
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
        return thing

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
async def test_a_failing_step_closes_everything_opened_before_it(tmp_path, step):
    opened = Opened()
    before = asyncio.all_tasks()
    with pytest.raises(RuntimeError, match=f"{step} failed"):
        async with runtime(settings_for(tmp_path), makers=opened.makers(failing=step)):
            pass
    assert opened.left_open() == []
    if STEPS.index(step) > STEPS.index("open_kb"):
        assert "knowledge base" in {
            what for what, _ in opened.things
        }  # the check has something to check
    await asyncio.sleep(0)
    leaked = [t for t in asyncio.all_tasks() - before if not t.done()]
    assert leaked == [], leaked


async def test_a_successful_build_closes_everything_at_shutdown(tmp_path):
    opened = Opened()
    before = asyncio.all_tasks()
    async with runtime(settings_for(tmp_path), makers=opened.makers()):
        kinds = sorted({what for what, _ in opened.things})
        assert kinds == ["fetcher", "http client", "knowledge base", "verdict cache"]
        assert sorted(set(opened.left_open())) == kinds  # all still open while serving
    assert opened.left_open() == []
    await asyncio.sleep(0)
    assert [t for t in asyncio.all_tasks() - before if not t.done()] == []


async def test_claim_heads_choose_the_classifiers_weights(tmp_path):
    for kind, name in (
        ("default", "subjectivity.json"),
        ("research", "subjectivity-research.json"),
    ):
        async with runtime(make_settings(tmp_path / kind, CLAIM_HEADS=kind)) as running:
            assert running.agent.judges.classifier == (
                f"rules + opinion detector (agent/data/{name})"
            )
