"""SearxngSearch against a real loopback server: parsing and error mapping."""

import socket
import time

import httpx
import pytest

from search.base import SearchRateLimited, SearchTimeout, SearchUnavailable
from search.providers import SearxngSearch, parse_retry_after
from tests.fakes.searxng import FakeSearxng


# 10 s: these tests check what an answer turns into, not how fast it comes; a 2 s bound once timed
# out on a stalled CI machine (bad-JSON test, stop 45). The timeout test passes its own 0.2 s.
def provider(
    http: httpx.AsyncClient, server: FakeSearxng, timeout_s: float = 10.0
) -> SearxngSearch:
    return SearxngSearch(http, server.url + "/", timeout_s=timeout_s)


async def test_parses_items_and_sends_the_query(
    http: httpx.AsyncClient, searxng: FakeSearxng
) -> None:
    searxng.results = [
        {
            "title": " Moon landing ",
            "url": "https://www.nasa.gov/apollo-11",
            "content": "Apollo 11 landed in 1969.",
            "publishedDate": "2019-07-20T00:00:00",
            "engine": "bing",
        },
        {"title": "no date", "url": "http://example.org/a", "content": None},
    ]

    results = await provider(http, searxng).search("apollo 11 & moon?", max_results=5)

    assert searxng.requests == ["apollo 11 & moon?"]
    first, second = results
    assert (first.title, first.url, first.snippet) == (
        "Moon landing",
        "https://www.nasa.gov/apollo-11",
        "Apollo 11 landed in 1969.",
    )
    assert first.published == "2019-07-20T00:00:00"
    assert first.engine == "bing"
    assert first.domain == "nasa.gov"
    assert (second.snippet, second.published, second.engine) == ("", None, "searxng")


async def test_skips_items_without_a_web_url(http: httpx.AsyncClient, searxng: FakeSearxng) -> None:
    searxng.results = [
        {"title": "no url"},
        {"title": "ftp", "url": "ftp://files.example.org/x"},
        {"title": "relative", "url": "/local/path"},
        {"title": "js", "url": "javascript:alert(1)"},
        {"title": "ok", "url": "https://ok.example.org/"},
    ]

    results = await provider(http, searxng).search("q", max_results=10)

    assert [r.title for r in results] == ["ok"]


async def test_429_is_rate_limited_with_retry_after(
    http: httpx.AsyncClient, searxng: FakeSearxng
) -> None:
    searxng.status = 429
    searxng.retry_after = 7

    with pytest.raises(SearchRateLimited) as caught:
        await provider(http, searxng).search("q", max_results=5)

    assert caught.value.retry_after == 7.0


async def test_429_without_retry_after(http: httpx.AsyncClient, searxng: FakeSearxng) -> None:
    searxng.status = 429

    with pytest.raises(SearchRateLimited) as caught:
        await provider(http, searxng).search("q", max_results=5)

    assert caught.value.retry_after is None


@pytest.mark.parametrize("status", [403, 500, 503])
async def test_error_status_is_unavailable(
    http: httpx.AsyncClient, searxng: FakeSearxng, status: int
) -> None:
    searxng.status = status

    with pytest.raises(SearchUnavailable, match=str(status)):
        await provider(http, searxng).search("q", max_results=5)


async def test_slow_server_times_out_on_time(http: httpx.AsyncClient, searxng: FakeSearxng) -> None:
    # The server would answer after 20 s; a 0.2 s timeout must give up long before. The margin
    # (under 5 s) leaves room for a CI machine that stalls this process: ci-19 measured 2.0 s here
    # against the old bound of 1 s (cause not found; other processes of the suite competing for
    # the two cores is the likeliest).
    searxng.delay_s = 20.0
    started = time.monotonic()

    with pytest.raises(SearchTimeout):
        await provider(http, searxng, timeout_s=0.2).search("q", max_results=5)

    assert time.monotonic() - started < 5.0


async def test_closed_port_is_unavailable(http: httpx.AsyncClient) -> None:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    search = SearxngSearch(http, f"http://127.0.0.1:{port}", timeout_s=2.0)

    with pytest.raises(SearchUnavailable):
        await search.search("q", max_results=5)


@pytest.mark.parametrize("body", [b"<html>not json</html>", b'{"results": "nope"}', b"[1, 2]", b""])
async def test_bad_json_is_unavailable(
    http: httpx.AsyncClient, searxng: FakeSearxng, body: bytes
) -> None:
    searxng.body = body

    with pytest.raises(SearchUnavailable):
        await provider(http, searxng).search("q", max_results=5)


@pytest.mark.parametrize(
    ("header", "seconds"),
    [(None, None), ("", None), ("3", 3.0), ("0.5", 0.5), ("-4", 0.0), ("soon", None)],
)
def test_parse_retry_after(header: str | None, seconds: float | None) -> None:
    assert parse_retry_after(header) == seconds


def test_parse_retry_after_http_date() -> None:
    assert parse_retry_after("Wed, 21 Oct 2015 07:28:00 GMT") == 0.0


async def test_sites_go_into_the_query_as_site_filters(
    http: httpx.AsyncClient, searxng: FakeSearxng
) -> None:
    searxng.results = [{"title": "t", "url": "https://apnews.com/x"}]

    results = await provider(http, searxng).search(
        "claim", max_results=5, sites=["reuters.com", "apnews.com"]
    )

    assert searxng.requests == ["claim (site:reuters.com OR site:apnews.com)"]
    assert [r.url for r in results] == ["https://apnews.com/x"]


async def test_an_oversized_answer_is_unavailable(
    http: httpx.AsyncClient, searxng: FakeSearxng
) -> None:
    searxng.body = b'{"results": [' + b'{"title": "x"},' * 200_000 + b"{}]}"

    with pytest.raises(SearchUnavailable, match="larger than"):
        await provider(http, searxng).search("q", max_results=5)
