"""site_query, SearchResult.domain (search/base.py) and the provider registry (search/registry.py)."""

import httpx
import pytest

from search.base import SearchError, SearchResult, UnknownProvider, site_query
from search.providers import DuckDuckGoSearch, NoSearch, SearxngSearch
from search.registry import PROVIDERS, ProviderContext, make_provider


def test_site_query_ors_the_domains() -> None:
    assert site_query("moon landing", ["a.com", "b.org"]) == (
        "moon landing (site:a.com OR site:b.org)"
    )


def test_site_query_with_one_domain() -> None:
    assert site_query("q", ("reuters.com",)) == "q (site:reuters.com)"


def test_site_query_without_domains_is_the_query() -> None:
    assert site_query("moon landing", []) == "moon landing"
    assert site_query("moon landing", ["", "  "]) == "moon landing"


@pytest.mark.parametrize(
    ("url", "domain"),
    [
        ("https://www.Reuters.com/world/x", "reuters.com"),
        ("http://apnews.com:8080/a", "apnews.com"),
        ("https://news.bbc.co.uk/", "news.bbc.co.uk"),
        ("not a url", ""),
    ],
)
def test_domain_is_the_lower_cased_host_without_www(url: str, domain: str) -> None:
    assert SearchResult(title="t", url=url, snippet="s").domain == domain


def test_search_result_is_immutable() -> None:
    r = SearchResult(title="t", url="https://a.org", snippet="s")
    with pytest.raises(AttributeError):
        r.url = "https://b.org"  # type: ignore[misc]


async def test_registry_names() -> None:
    assert set(PROVIDERS) == {"none", "duckduckgo", "searxng"}


async def test_make_provider_builds_each_provider() -> None:
    async with httpx.AsyncClient(trust_env=False) as http:
        ctx = ProviderContext(http=http, timeout_s=3.0, searxng_url="http://127.0.0.1:1")
        assert isinstance(make_provider("none", ctx), NoSearch)
        assert isinstance(make_provider("DuckDuckGo", ctx), DuckDuckGoSearch)
        assert isinstance(make_provider(" searxng ", ctx), SearxngSearch)


async def test_no_search_finds_nothing() -> None:
    async with httpx.AsyncClient(trust_env=False) as http:
        provider = make_provider("none", ProviderContext(http=http))
        assert provider.name == "none"
        assert await provider.search("anything", max_results=5) == []


async def test_unknown_provider_lists_the_valid_names() -> None:
    async with httpx.AsyncClient(trust_env=False) as http:
        with pytest.raises(UnknownProvider) as caught:
            make_provider("google", ProviderContext(http=http))
    message = str(caught.value)
    assert "google" in message
    for name in ("none", "duckduckgo", "searxng"):
        assert name in message
    assert isinstance(caught.value, ValueError)
    assert isinstance(caught.value, SearchError)


async def test_searxng_without_url_says_what_to_set() -> None:
    async with httpx.AsyncClient(trust_env=False) as http:
        with pytest.raises(SearchError, match="SEARXNG_URL"):
            make_provider("searxng", ProviderContext(http=http, searxng_url=None))
