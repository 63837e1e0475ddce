"""DuckDuckGoSearch with a fake ddgs client: mapping and error translation, no network."""

import threading
import time
from typing import Any

import pytest
from ddgs.exceptions import DDGSException, RatelimitException, TimeoutException

from search.base import SearchRateLimited, SearchTimeout, SearchUnavailable
from search.providers import DuckDuckGoSearch


class FakeDDGS:
    """Stands in for ddgs.DDGS: answers ``text`` from a list, or raises, or hangs."""

    def __init__(
        self,
        *,
        timeout: int,
        items: list[dict[str, Any]] | None = None,
        error: Exception | None = None,
        hang: threading.Event | None = None,
    ) -> None:
        self.timeout = timeout
        self.items = items or []
        self.error = error
        self.hang = hang

    def text(self, query: str, *, max_results: int) -> list[dict[str, Any]]:
        if self.hang is not None:
            self.hang.wait(5)  # released by the test once it has its answer
        if self.error is not None:
            raise self.error
        return self.items[:max_results]


def factory(**behaviour: Any) -> Any:
    built: list[FakeDDGS] = []

    def make(*, timeout: int) -> FakeDDGS:
        client = FakeDDGS(timeout=timeout, **behaviour)
        built.append(client)
        return client

    make.built = built  # type: ignore[attr-defined]
    return make


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
    assert {r.engine for r in results} == {"duckduckgo"}
    assert make.built[0].timeout == 3  # the client gets a timeout of its own


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
