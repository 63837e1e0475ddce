"""The real search providers: none, DuckDuckGo (via ``ddgs``) and SearXNG (JSON API)."""

from __future__ import annotations

import asyncio
import email.utils
import math
import time
from collections.abc import Callable, Iterable, Mapping
from typing import Any

import httpx
from ddgs.exceptions import DDGSException, RatelimitException, TimeoutException

from search.base import (
    SearchRateLimited,
    SearchResult,
    SearchTimeout,
    SearchUnavailable,
    dedupe_by_url,
    is_web_url,
)


class NoSearch:
    """Web search switched off: every query finds nothing."""

    name = "none"

    async def search(self, query: str, *, max_results: int) -> list[SearchResult]:
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

    async def search(self, query: str, *, max_results: int) -> list[SearchResult]:
        if max_results <= 0:
            return []
        try:
            raw = await asyncio.wait_for(
                asyncio.to_thread(self._text, query, max_results), self._timeout_s
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
        return _from_ddgs(raw)[:max_results]

    def _text(self, query: str, max_results: int) -> list[dict[str, Any]]:
        client = self._ddgs_factory(timeout=max(1, math.ceil(self._timeout_s)))
        return client.text(query, max_results=max_results)


def _from_ddgs(items: Iterable[Mapping[str, Any]]) -> list[SearchResult]:
    results = (
        SearchResult(
            title=str(item.get("title") or "").strip(),
            url=str(item["href"]).strip(),
            snippet=str(item.get("body") or "").strip(),
            engine="duckduckgo",
        )
        for item in items
        if isinstance(item, Mapping) and is_web_url(item.get("href"))
    )
    return dedupe_by_url(results)


class SearxngSearch:
    """A SearXNG instance's JSON API (``GET {base_url}/search?q=…&format=json``).

    The instance must allow the JSON format (``search.formats`` in its settings.yml).
    """

    name = "searxng"

    def __init__(self, http: httpx.AsyncClient, base_url: str, *, timeout_s: float = 10.0) -> None:
        self._http = http
        self._endpoint = base_url.rstrip("/") + "/search"
        self._timeout_s = timeout_s

    async def search(self, query: str, *, max_results: int) -> list[SearchResult]:
        if max_results <= 0:
            return []
        try:
            # httpx.Timeout bounds each phase; the outer timeout bounds a slow trickle too.
            async with asyncio.timeout(self._timeout_s):
                response = await self._http.get(
                    self._endpoint,
                    params={"q": query, "format": "json"},
                    timeout=httpx.Timeout(self._timeout_s),
                )
        except (TimeoutError, httpx.TimeoutException) as exc:
            raise SearchTimeout(f"searxng: no answer within {self._timeout_s:g} s") from exc
        except httpx.HTTPError as exc:  # TransportError (refused, reset, …), bad URL, …
            raise SearchUnavailable(f"searxng: {type(exc).__name__}: {exc}") from exc

        if response.status_code == 429:
            raise SearchRateLimited(
                "searxng: HTTP 429",
                retry_after=parse_retry_after(response.headers.get("Retry-After")),
            )
        if response.status_code >= 400:
            raise SearchUnavailable(f"searxng: HTTP {response.status_code}")
        try:
            payload = response.json()
        except ValueError as exc:
            raise SearchUnavailable("searxng: answer is not valid JSON") from exc
        items = payload.get("results") if isinstance(payload, dict) else None
        if not isinstance(items, list):
            raise SearchUnavailable("searxng: answer has no 'results' list")
        return _from_searxng(items)[:max_results]


def _from_searxng(items: Iterable[Any]) -> list[SearchResult]:
    results = (
        SearchResult(
            title=str(item.get("title") or "").strip(),
            url=item["url"].strip(),
            snippet=str(item.get("content") or "").strip(),
            published=str(item["publishedDate"]) if item.get("publishedDate") else None,
            engine=str(item.get("engine") or "searxng"),
        )
        for item in items
        if isinstance(item, dict) and is_web_url(item.get("url"))
    )
    return dedupe_by_url(results)


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
