"""The real search providers: none, DuckDuckGo (via ``ddgs``) and SearXNG (JSON API)."""

from __future__ import annotations

import asyncio
import email.utils
import json
import math
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

import httpx
from ddgs.exceptions import DDGSException, RatelimitException, TimeoutException

from search.base import (
    SearchRateLimited,
    SearchResult,
    SearchTimeout,
    SearchUnavailable,
    dedupe_by_url,
    on_sites,
    site_query,
)
from search.sanitize import to_result

MAX_RESPONSE_BYTES = 2 * 1024 * 1024  # a SearXNG page of results is ~10–100 KiB
MAX_ITEMS = 200  # items looked at per answer, whatever the provider sends


class NoSearch:
    """Web search switched off: every query finds nothing."""

    name = "none"

    async def search(
        self, query: str, *, max_results: int, sites: Sequence[str] | None = None
    ) -> list[SearchResult]:
        return []


def _default_ddgs_factory(*, timeout: int) -> Any:
    from ddgs import DDGS  # imported on first use: ddgs loads its engines lazily anyway

    return DDGS(timeout=timeout)


class DuckDuckGoSearch:
    """Metasearch through the ``ddgs`` package (a blocking client, run in a worker thread).

    ``ddgs_factory(timeout=seconds)`` builds the client; tests pass a fake. A timed-out call
    is abandoned, not killed: its thread ends when ddgs's own timeout (the same budget) fires.
    """

    name = "duckduckgo"

    def __init__(
        self,
        *,
        timeout_s: float = 10.0,
        ddgs_factory: Callable[..., Any] = _default_ddgs_factory,
    ) -> None:
        self._timeout_s = timeout_s
        self._ddgs_factory = ddgs_factory

    async def search(
        self, query: str, *, max_results: int, sites: Sequence[str] | None = None
    ) -> list[SearchResult]:
        if max_results <= 0:
            return []
        try:
            raw = await asyncio.wait_for(
                # Ask for a few more: duplicates and off-site hits are dropped afterwards.
                asyncio.to_thread(self._text, site_query(query, sites or ()), 2 * max_results),
                self._timeout_s,
            )
        except TimeoutError as exc:
            raise SearchTimeout(f"duckduckgo: no answer within {self._timeout_s:g} s") from exc
        except RatelimitException as exc:
            raise SearchRateLimited(f"duckduckgo: {exc}") from exc
        except TimeoutException as exc:
            raise SearchTimeout(f"duckduckgo: {exc}") from exc
        except DDGSException as exc:
            # ddgs raises instead of returning [] when every engine came back empty.
            if "no results found" in str(exc).lower():
                return []
            raise SearchUnavailable(f"duckduckgo: {exc}") from exc
        except Exception as exc:  # the Protocol allows only SearchError out of a provider
            raise SearchUnavailable(f"duckduckgo: {type(exc).__name__}: {exc}") from exc
        if not isinstance(raw, list):
            raise SearchUnavailable(f"duckduckgo: expected a list of results, got {type(raw).__name__}")
        return _keep(_from_ddgs(raw[:MAX_ITEMS]), sites, max_results)

    def _text(self, query: str, max_results: int) -> list[dict[str, Any]]:
        client = self._ddgs_factory(timeout=max(1, math.ceil(self._timeout_s)))
        return client.text(query, max_results=max_results)


def _from_ddgs(items: Iterable[Any]) -> list[SearchResult | None]:
    return [
        to_result(
            title=item.get("title"),
            url=item.get("href"),
            snippet=item.get("body"),
            published=item.get("date"),
            provider="duckduckgo",
        )
        for item in items
        if isinstance(item, Mapping)
    ]


def _keep(
    results: Iterable[SearchResult | None], sites: Sequence[str] | None, max_results: int
) -> list[SearchResult]:
    """Usable results on the requested sites (engines do not all honour ``site:``), deduped."""
    usable = (r for r in results if r is not None and on_sites(r.url, sites))
    return dedupe_by_url(usable)[:max_results]


class SearxngSearch:
    """A SearXNG instance's JSON API (``GET {base_url}/search?q=…&format=json``).

    The instance must allow the JSON format (``search.formats`` in its settings.yml).
    """

    name = "searxng"

    def __init__(self, http: httpx.AsyncClient, base_url: str, *, timeout_s: float = 10.0) -> None:
        self._http = http
        self._endpoint = base_url.rstrip("/") + "/search"
        self._timeout_s = timeout_s

    async def search(
        self, query: str, *, max_results: int, sites: Sequence[str] | None = None
    ) -> list[SearchResult]:
        if max_results <= 0:
            return []
        try:
            # httpx.Timeout bounds each phase; the outer timeout bounds a slow trickle too.
            async with (
                asyncio.timeout(self._timeout_s),
                self._http.stream(
                    "GET",
                    self._endpoint,
                    params={"q": site_query(query, sites or ()), "format": "json"},
                    timeout=httpx.Timeout(self._timeout_s),
                ) as response,
            ):
                if response.status_code == 429:
                    raise SearchRateLimited(
                        "searxng: HTTP 429",
                        retry_after=parse_retry_after(response.headers.get("Retry-After")),
                    )
                if response.status_code >= 400:
                    raise SearchUnavailable(f"searxng: HTTP {response.status_code}")
                body = await _read_bounded(response, MAX_RESPONSE_BYTES)
        except (TimeoutError, httpx.TimeoutException) as exc:
            raise SearchTimeout(f"searxng: no answer within {self._timeout_s:g} s") from exc
        except httpx.HTTPError as exc:  # TransportError (refused, reset, …), bad URL, …
            raise SearchUnavailable(f"searxng: {type(exc).__name__}: {exc}") from exc
        try:
            payload = json.loads(body)
        except ValueError as exc:
            raise SearchUnavailable("searxng: answer is not valid JSON") from exc
        items = payload.get("results") if isinstance(payload, dict) else None
        if not isinstance(items, list):
            raise SearchUnavailable("searxng: answer has no 'results' list")
        return _keep(_from_searxng(items[:MAX_ITEMS]), sites, max_results)


async def _read_bounded(response: httpx.Response, limit: int) -> bytes:
    """The body, or SearchUnavailable once it grows past ``limit`` bytes (untrusted size)."""
    chunks: list[bytes] = []
    size = 0
    async for chunk in response.aiter_bytes():
        size += len(chunk)
        if size > limit:
            raise SearchUnavailable(f"searxng: answer larger than {limit // 1024} KiB")
        chunks.append(chunk)
    return b"".join(chunks)


def _from_searxng(items: Iterable[Any]) -> list[SearchResult | None]:
    return [
        to_result(
            title=item.get("title"),
            url=item.get("url"),
            snippet=item.get("content"),
            published=item.get("publishedDate"),
            engine=item.get("engine"),
            provider="searxng",
        )
        for item in items
        if isinstance(item, dict)
    ]


def parse_retry_after(value: str | None) -> float | None:
    """Seconds from a Retry-After header (delta-seconds or an HTTP date); None if absent/bad."""
    if not value:
        return None
    try:
        return max(0.0, float(value))
    except ValueError:
        pass
    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    if when.tzinfo is None:
        return None
    return max(0.0, when.timestamp() - time.time())
