"""What the installed ddgs really raises, run through its own code over a fake HTTP client.

DuckDuckGoSearch classifies ddgs failures from what ddgs 9.x does, read from its source (see
search.providers.classify_ddgs_error). These tests run the real ``DDGS.text`` → engine → ddgs
HttpClient → lxml path, with only primp's client replaced, so an upgrade of ddgs that changes
any of it fails here instead of silently turning rate limits into outages again.
"""

from __future__ import annotations

import importlib.metadata
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import primp
import pytest
from ddgs import DDGS
from ddgs.engines import ENGINES

from search.base import SearchRateLimited, SearchTimeout, SearchUnavailable
from search.providers import (
    AI_GENERATED_BACKENDS,
    DuckDuckGoSearch,
    published_date,
    resolve_backends,
)

RESULT_PAGE = """<html><body>
<div class="result results_links web-result"><div class="links_main links_deep result__body">
<h2 class="result__title"><a class="result__a" href="https://www.nasa.gov/apollo-11">Apollo 11</a></h2>
<a class="result__snippet" href="https://www.nasa.gov/apollo-11">Jul 20, 2019 · Apollo 11 landed on the Moon.</a>
</div></div></body></html>"""


class FakePrimp:
    """primp.Client's ``request`` as ddgs's HttpClient calls it: answers or raises as told."""

    def __init__(self, behaviour: Any) -> None:
        self.behaviour = behaviour
        self.urls: list[str] = []

    def request(self, method: str, url: str, **_: Any) -> Any:
        self.urls.append(url)
        if isinstance(self.behaviour, Exception):
            raise self.behaviour
        status, text = self.behaviour
        return SimpleNamespace(status_code=status, content=text.encode(), text=text)

    def headers_update(self, *_: Any) -> None:
        pass


def provider_over(behaviour: Any) -> tuple[DuckDuckGoSearch, dict[str, FakePrimp]]:
    fakes: dict[str, FakePrimp] = {}

    def make(*, timeout: int) -> DDGS:
        client = DDGS(timeout=timeout)
        for name, engine_class in ENGINES["text"].items():  # every engine, so a stray call shows
            engine = engine_class(timeout=timeout)
            engine.http_client.client = fakes.setdefault(name, FakePrimp(behaviour))
            client._engines_cache[engine_class] = engine
        return client

    return DuckDuckGoSearch(timeout_s=2.0, ddgs_factory=make), fakes


def test_the_installed_ddgs_is_the_one_read():
    version = importlib.metadata.version("ddgs")
    assert version.split(".")[0] == "9", f"ddgs {version}: re-read its errors (search/providers.py)"
    import ddgs

    raised = [
        p.name
        for p in Path(ddgs.__file__).parent.rglob("*.py")
        if "raise RatelimitException" in p.read_text(encoding="utf-8")
    ]
    assert raised == [], "ddgs raises RatelimitException again: classify_ddgs_error can rely on it"


async def test_only_duckduckgo_is_asked_and_results_carry_their_date():
    provider, fakes = provider_over((200, RESULT_PAGE))
    results = await provider.search("apollo 11", max_results=5)
    assert [r.url for r in results] == ["https://www.nasa.gov/apollo-11"]
    assert results[0].published == "2019-07-20"
    asked = {name for name, fake in fakes.items() if fake.urls}
    assert asked == {"duckduckgo"}, asked
    assert fakes["duckduckgo"].urls == ["https://html.duckduckgo.com/html/"]


async def test_an_empty_page_is_ddgs_rate_limit_and_is_recognised():
    # what DuckDuckGo sends a client it throttles: a 200 whose page has no document in it (an
    # entirely empty body ddgs drops as "no results" before parsing: see the 202 case)
    provider, _ = provider_over((200, "\n"))
    with pytest.raises(SearchRateLimited) as caught:
        await provider.search("q", max_results=5)
    assert "Document is empty" in str(caught.value)


@pytest.mark.parametrize("message", ["deadline has elapsed", "request timed out"])
async def test_primp_timeouts_are_timeouts(message):
    provider, _ = provider_over(primp.TimeoutError(message))
    with pytest.raises(SearchTimeout):
        await provider.search("q", max_results=5)


async def test_a_connection_failure_is_unavailable():
    provider, _ = provider_over(primp.ConnectError("connection refused"))
    with pytest.raises(SearchUnavailable) as caught:
        await provider.search("q", max_results=5)
    assert not isinstance(caught.value, SearchRateLimited | SearchTimeout)


async def test_a_202_is_no_results_in_ddgs():
    # ddgs drops non-200 answers without a trace, so a 202 throttle page reads as "No results
    # found." — indistinguishable from an empty answer (docs/search.md lists this).
    provider, _ = provider_over((202, "<html>slow down</html>"))
    assert await provider.search("q", max_results=5) == []


def test_backends_are_checked_and_ai_encyclopedias_left_out_of_auto():
    assert resolve_backends([]) == ("duckduckgo",)
    everything = resolve_backends(["auto"])
    assert "duckduckgo" in everything and not AI_GENERATED_BACKENDS & set(everything)
    assert resolve_backends(["grokipedia"]) == ("grokipedia",)  # only when named
    from search.base import SearchError

    with pytest.raises(SearchError, match="no text backend 'duckduckgoo'"):
        resolve_backends(["duckduckgoo"])


@pytest.mark.parametrize(
    "item, date",
    [
        ({"date": "2024-03-05T10:00:00+00:00"}, "2024-03-05"),
        ({"date": 1709632800}, "2024-03-05"),
        ({"body": "Mar 5, 2024 · The council voted."}, "2024-03-05"),
        ({"body": "5 March 2024 — The council voted."}, "2024-03-05"),
        ({"body": "2024-03-05 ... The council voted."}, "2024-03-05"),
        ({"body": "The council voted on Mar 5, 2024."}, None),
        ({"date": "yesterday"}, None),
        ({"body": "Feb 30, 2024 · no such day"}, None),
    ],
)
def test_published_dates(item, date):
    assert published_date(item) == date
