"""DuckDuckGoSearch with a fake ddgs client: mapping and error translation, no network."""

import os
import socket
import threading
import time

import pytest
from ddgs.exceptions import DDGSException, RatelimitException, TimeoutException

from search.base import SearchRateLimited, SearchTimeout, SearchUnavailable
from search.providers import DuckDuckGoSearch
from tests.fakes.ddgs import ddgs_factory as factory


async def test_maps_ddgs_items() -> None:
    make = factory(
        items=[
            {"title": "Apollo 11", "href": "https://www.nasa.gov/a11", "body": "Landed 1969."},
            {"title": "dup", "href": "https://www.nasa.gov/a11", "body": "again"},
            {"title": "no href", "body": "x"},
            {"title": "Wiki", "href": "https://en.wikipedia.org/wiki/Apollo_11", "body": ""},
        ]
    )
    provider = DuckDuckGoSearch(timeout_s=3.0, ddgs_factory=make)

    results = await provider.search("apollo 11", max_results=10)

    assert [(r.title, r.url, r.snippet) for r in results] == [
        ("Apollo 11", "https://www.nasa.gov/a11", "Landed 1969."),
        ("Wiki", "https://en.wikipedia.org/wiki/Apollo_11", ""),
    ]
    assert {(r.engine, r.provider) for r in results} == {("duckduckgo", "duckduckgo")}
    assert make.built[0].timeout == 3  # the client gets a timeout of its own


async def test_sites_become_site_operators_and_filter_the_answer() -> None:
    make = factory(
        items=[
            {"title": "R", "href": "https://www.reuters.com/a", "body": "x"},
            {"title": "Other", "href": "https://elsewhere.example/b", "body": "y"},
        ]
    )
    provider = DuckDuckGoSearch(ddgs_factory=make)

    results = await provider.search("moon", max_results=5, sites=["reuters.com", "apnews.com"])

    assert make.queries == ["moon (site:reuters.com OR site:apnews.com)"]
    assert [r.url for r in results] == ["https://www.reuters.com/a"]  # engines may ignore site:


@pytest.mark.parametrize("garbage", [None, "oops", {"results": []}])
async def test_a_non_list_answer_is_unavailable(garbage: object) -> None:
    make = factory(items=lambda q: garbage)

    with pytest.raises(SearchUnavailable):
        await DuckDuckGoSearch(ddgs_factory=make).search("q", max_results=5)


async def test_rate_limit_is_mapped() -> None:
    provider = DuckDuckGoSearch(ddgs_factory=factory(error=RatelimitException("202 Ratelimit")))

    with pytest.raises(SearchRateLimited) as caught:
        await provider.search("q", max_results=5)

    assert isinstance(caught.value.__cause__, RatelimitException)


async def test_ddgs_timeout_is_mapped() -> None:
    provider = DuckDuckGoSearch(ddgs_factory=factory(error=TimeoutException("timed out")))

    with pytest.raises(SearchTimeout):
        await provider.search("q", max_results=5)


@pytest.mark.parametrize("error", [DDGSException("boom"), RuntimeError("engine crashed")])
async def test_other_failures_are_unavailable(error: Exception) -> None:
    provider = DuckDuckGoSearch(ddgs_factory=factory(error=error))

    with pytest.raises(SearchUnavailable) as caught:
        await provider.search("q", max_results=5)

    assert caught.value.__cause__ is error


async def test_no_results_from_ddgs_is_an_empty_list() -> None:
    provider = DuckDuckGoSearch(ddgs_factory=factory(error=DDGSException("No results found.")))

    assert await provider.search("q", max_results=5) == []


async def test_hanging_client_times_out_without_blocking_the_loop() -> None:
    release = threading.Event()
    provider = DuckDuckGoSearch(timeout_s=0.2, ddgs_factory=factory(hang=release))
    started = time.monotonic()
    try:
        with pytest.raises(SearchTimeout):
            await provider.search("q", max_results=5)
        assert time.monotonic() - started < 1.0
    finally:
        # The abandoned worker thread must end, or closing the loop waits for it.
        release.set()


def _online(host: str = "html.duckduckgo.com") -> bool:
    try:
        with socket.create_connection((host, 443), timeout=2):
            return True
    except OSError:
        return False


@pytest.mark.network
async def test_real_duckduckgo_answers_a_plain_query() -> None:
    """The real ddgs client against the internet; skipped offline (and in CI without a network)."""
    if os.environ.get("CLAIMCHECK_OFFLINE") or not _online():
        pytest.skip("no network: html.duckduckgo.com:443 is unreachable")
    provider = DuckDuckGoSearch(timeout_s=10.0)

    try:
        results = await provider.search("Eiffel Tower completed 1889", max_results=5)
    except SearchRateLimited:
        pytest.skip("DuckDuckGo rate-limited this address")

    assert 1 <= len(results) <= 5
    assert all(
        r.url.startswith(("http://", "https://")) and r.provider == "duckduckgo" for r in results
    )
