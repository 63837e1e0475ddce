"""The SearchProvider contract, run against every implementation that can run offline."""

from collections.abc import AsyncIterator, Callable, Sequence
from dataclasses import dataclass

import httpx
import pytest

from search.base import SearchError, SearchProvider, SearchResult, SearchUnavailable
from search.fakes import FakeSearch
from search.providers import SearxngSearch
from tests.fakes.searxng import FakeSearxng


@dataclass
class Harness:
    """A provider plus the knobs to make it answer given results or fail."""

    provider: SearchProvider
    serve: Callable[[Sequence[SearchResult]], None]
    fail: Callable[[], None]


def hit(n: int, *, url: str | None = None) -> SearchResult:
    return SearchResult(
        title=f"Title {n}",
        url=url or f"https://news{n}.example.org/story/{n}",
        snippet=f"Snippet {n}",
        engine="fake",
    )


@pytest.fixture(params=["fake", "searxng"])
async def harness(request: pytest.FixtureRequest) -> AsyncIterator[Harness]:
    if request.param == "fake":
        fake = FakeSearch()

        def serve_fake(results: Sequence[SearchResult]) -> None:
            fake.results = list(results)

        def fail_fake() -> None:
            fake.error = SearchUnavailable("down")

        yield Harness(fake, serve_fake, fail_fake)
        return

    with FakeSearxng() as server:
        async with httpx.AsyncClient(trust_env=False) as http:

            def serve_searxng(results: Sequence[SearchResult]) -> None:
                server.results = [
                    {"title": r.title, "url": r.url, "content": r.snippet, "engine": r.engine}
                    for r in results
                ]

            def fail_searxng() -> None:
                server.status = 500

            yield Harness(
                SearxngSearch(http, server.url, timeout_s=2.0), serve_searxng, fail_searxng
            )


async def test_returns_search_results_in_order(harness: Harness) -> None:
    expected = [hit(1), hit(2), hit(3)]
    harness.serve(expected)

    results = await harness.provider.search("moon landing", max_results=10)

    assert results == expected
    assert all(isinstance(r, SearchResult) for r in results)
    assert all(r.url.startswith("https://") for r in results)


async def test_honours_max_results(harness: Harness) -> None:
    harness.serve([hit(n) for n in range(10)])

    results = await harness.provider.search("q", max_results=3)

    assert [r.url for r in results] == [hit(n).url for n in range(3)]


async def test_deduplicates_by_url_keeping_the_first(harness: Harness) -> None:
    same = "https://a.example.org/same"
    harness.serve([hit(1, url=same), hit(2), hit(3, url=same), hit(4)])

    results = await harness.provider.search("q", max_results=10)

    assert [r.url for r in results] == [same, hit(2).url, hit(4).url]
    assert results[0].title == "Title 1"


async def test_dedupe_happens_before_truncation(harness: Harness) -> None:
    same = "https://a.example.org/same"
    harness.serve([hit(1, url=same), hit(2, url=same), hit(3), hit(4)])

    results = await harness.provider.search("q", max_results=3)

    assert [r.url for r in results] == [same, hit(3).url, hit(4).url]


async def test_no_match_is_an_empty_list(harness: Harness) -> None:
    harness.serve([])

    assert await harness.provider.search("nothing matches this", max_results=5) == []


async def test_failure_raises_a_search_error(harness: Harness) -> None:
    harness.fail()

    with pytest.raises(SearchError):
        await harness.provider.search("q", max_results=5)


async def test_has_a_name(harness: Harness) -> None:
    assert isinstance(harness.provider.name, str) and harness.provider.name
