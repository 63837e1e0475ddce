"""The real search providers: none, DuckDuckGo (via ``ddgs``) and SearXNG (JSON API)."""

from __future__ import annotations

import asyncio
import email.utils
import json
import logging
import math
import re
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from datetime import UTC, datetime
from typing import Any

import httpx
from ddgs.exceptions import DDGSException, RatelimitException, TimeoutException

from search.base import (
    SearchError,
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


# ddgs text backends whose pages are written by a language model, not by people who can be cited:
# never asked unless named explicitly in DDGS_BACKENDS ("auto"/"all" leave them out).
AI_GENERATED_BACKENDS = frozenset({"grokipedia"})


def ddgs_text_backends() -> list[str]:
    """The text backends the installed ddgs has (ddgs.engines.ENGINES["text"])."""
    from ddgs.engines import ENGINES

    return sorted(ENGINES["text"])


def resolve_backends(requested: Sequence[str]) -> tuple[str, ...]:
    """The ddgs backends to ask, checked against the installed ddgs: a name it does not know
    raises SearchError (ddgs itself would log it and silently fall back to "auto", which mixes in
    every engine); "auto"/"all" mean every installed text engine but the AI-generated ones."""
    installed = ddgs_text_backends()
    names = [name.strip().lower() for name in requested if name.strip()] or ["duckduckgo"]
    chosen: list[str] = []
    for name in names:
        if name in {"auto", "all"}:
            chosen += [b for b in installed if b not in AI_GENERATED_BACKENDS]
        elif name in installed:
            chosen.append(name)
        else:
            raise SearchError(
                f"DDGS_BACKENDS: ddgs has no text backend {name!r}; installed: {', '.join(installed)}"
            )
    return tuple(dict.fromkeys(chosen))


class DuckDuckGoSearch:
    """Web search through the ``ddgs`` package (a blocking client, run in a worker thread).

    Asks only the ddgs ``backends`` given (default: DuckDuckGo alone — ddgs's own default, "auto",
    mixes brave, grokipedia, mojeek, startpage, wikipedia and yahoo). ``ddgs_factory(timeout=
    seconds)`` builds the client; tests pass a fake. A timed-out call is abandoned, not killed:
    its thread ends when ddgs's own timeout (the same budget) fires.
    """

    name = "duckduckgo"

    def __init__(
        self,
        *,
        timeout_s: float = 10.0,
        ddgs_factory: Callable[..., Any] = _default_ddgs_factory,
        backends: Sequence[str] = ("duckduckgo",),
    ) -> None:
        self._timeout_s = timeout_s
        self._ddgs_factory = ddgs_factory
        self.backends = resolve_backends(backends)
        # ddgs logs every engine error at INFO (a long DNS error per query when offline); the
        # escalation logs one line per failed tier instead, and steps/health carry the details.
        logging.getLogger("ddgs").setLevel(logging.WARNING)

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
        except DDGSException as exc:
            kind = classify_ddgs_error(exc)
            if (
                kind == "empty"
            ):  # ddgs raises instead of returning [] when every engine came back empty
                return []
            error = {"rate_limited": SearchRateLimited, "timeout": SearchTimeout}.get(
                kind, SearchUnavailable
            )
            raise error(f"duckduckgo: {exc}") from exc
        except Exception as exc:  # the Protocol allows only SearchError out of a provider
            raise SearchUnavailable(f"duckduckgo: {type(exc).__name__}: {exc}") from exc
        if not isinstance(raw, list):
            raise SearchUnavailable(
                f"duckduckgo: expected a list of results, got {type(raw).__name__}"
            )
        return _keep(_from_ddgs(raw[:MAX_ITEMS]), sites, max_results)

    def _text(self, query: str, max_results: int) -> list[dict[str, Any]]:
        client = self._ddgs_factory(timeout=max(1, math.ceil(self._timeout_s)))
        found: list[dict[str, Any]] = client.text(
            query, max_results=max_results, backend=",".join(self.backends)
        )
        return found


def classify_ddgs_error(exc: BaseException) -> str:
    """What a ddgs exception means: "rate_limited", "timeout", "empty" or "failed".

    Read from the installed ddgs (9.x, pinned by tests/search/test_ddgs_errors.py, which runs its
    real code over a fake HTTP client), not from its exception names alone:

    - ``RatelimitException`` is declared but never raised. A rate-limited DuckDuckGo answers 202
      (ddgs: no results) or 200 with an empty page, which lxml refuses with ``ParserError:
      Document is empty``; ``_search_sync`` then raises ``DDGSException(that error)``.
    - primp's timeout becomes ``TimeoutException("… deadline has elapsed")`` in ddgs's HTTP
      client, but ``_search_sync`` re-raises it as ``TimeoutException`` only when the text says
      "timed out"; otherwise as a plain ``DDGSException`` wrapping it.
    - "No results found." is ddgs's way of saying that no engine had anything.
    """
    if isinstance(exc, RatelimitException):
        return "rate_limited"
    causes = [exc, *(a for a in exc.args if isinstance(a, BaseException))]
    text = " ".join(str(c) for c in causes).lower()
    if (
        any(isinstance(c, RatelimitException) for c in causes)
        or "document is empty" in text
        or "ratelimit" in text
    ):
        return "rate_limited"
    if (
        isinstance(exc, TimeoutException)
        or any(isinstance(c, TimeoutException) for c in causes)
        or "timed out" in text
        or "deadline has elapsed" in text
        or "timeout" in text
    ):
        return "timeout"
    if "no results found" in text:
        return "empty"
    return "failed"


_MONTHS = {
    m: i
    for i, m in enumerate(
        ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"),
        start=1,
    )
}
_LEADING_DATE = re.compile(
    r"^\s*(?:(?P<iso>\d{4}-\d{2}-\d{2})"
    r"|(?P<mon>[A-Za-z]{3})[a-z]*\.? (?P<day>\d{1,2}), (?P<year>\d{4})"
    r"|(?P<day2>\d{1,2}) (?P<mon2>[A-Za-z]{3})[a-z]* (?P<year2>\d{4}))\s*(?:·|—|-|\.\.\.|…)"
)


def published_date(item: Mapping[str, Any]) -> str | None:
    """The ISO date a ddgs result carries: its ``date`` (news backends: ISO text or epoch seconds),
    else a date the engine put in front of the snippet ("Mar 5, 2024 · …"); None otherwise."""
    value = item.get("date")
    if isinstance(value, int | float) and not isinstance(value, bool) and value > 0:
        try:
            return datetime.fromtimestamp(value, UTC).date().isoformat()
        except (OverflowError, OSError, ValueError):
            return None
    if isinstance(value, str) and value.strip():
        try:
            return datetime.fromisoformat(value.strip().replace("Z", "+00:00")).date().isoformat()
        except ValueError:
            pass
    body = item.get("body")
    match = _LEADING_DATE.match(body) if isinstance(body, str) else None
    if match is None:
        return None
    if match["iso"]:
        text = match["iso"]
    else:
        month = _MONTHS.get((match["mon"] or match["mon2"]).lower())
        if month is None:
            return None
        text = f"{match['year'] or match['year2']}-{month:02d}-{int(match['day'] or match['day2']):02d}"
    try:
        return datetime.fromisoformat(text).date().isoformat()
    except ValueError:
        return None


def _from_ddgs(items: Iterable[Any]) -> list[SearchResult | None]:
    return [
        to_result(
            title=item.get("title"),
            url=item.get("href"),
            snippet=item.get("body"),
            published=published_date(item),
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
