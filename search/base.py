"""The search contract: result type, provider Protocol and errors (the registry: search/registry.py).

Exception tree (every provider raises only these; callers catch ``SearchError``)::

    SearchError
     ├── SearchTimeout          the provider did not answer within its timeout
     ├── SearchRateLimited      the provider said "slow down" (``retry_after`` seconds, if given)
     ├── SearchUnavailable      HTTP error status, connection refused, unparseable answer, …
     └── UnknownProvider        (also a ``ValueError``) no provider of that name

Providers are chosen by name in search/registry.py (``make_provider(name, ctx)``). Provider JSON becomes ``SearchResult`` at this edge, through
``search.sanitize.to_result`` (clean, bounded, http/https only).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Protocol
from urllib.parse import urlsplit


class SearchError(Exception):
    """Base class of every error a search provider raises."""


class SearchTimeout(SearchError):
    """The provider did not answer within its timeout."""


class SearchRateLimited(SearchError):
    """The provider refused the query because of rate limiting."""

    def __init__(self, message: str = "rate limited", *, retry_after: float | None = None):
        super().__init__(message)
        self.retry_after = retry_after


class SearchUnavailable(SearchError):
    """The provider failed: HTTP error status, connection refused, unparseable answer."""


class UnknownProvider(SearchError, ValueError):
    """No search provider is registered under the requested name."""


@dataclass(frozen=True)
class SearchResult:
    """One web search hit, already converted from the provider's own format.

    ``provider`` is the provider that answered (``engine`` the engine behind it, for
    metasearch); ``tier`` and ``query`` are filled in by the escalation that asked.
    """

    title: str
    url: str
    snippet: str
    published: str | None = None
    engine: str = ""
    provider: str = ""
    tier: str | None = None
    query: str = ""

    @property
    def domain(self) -> str:
        """Lower-cased host of ``url`` without a leading ``www.`` ("" if there is none)."""
        host = urlsplit(self.url).hostname or ""
        return host.removeprefix("www.")


class SearchProvider(Protocol):
    """A web search backend.

    Contract of ``search`` (checked by the shared suite in tests/search/test_search_contract.py):

    - returns at most ``max_results`` results, deduplicated by URL, best first;
    - with ``sites`` (domains), only results from those domains or their subdomains are
      asked for (``site:`` filters); ``None`` or empty means the whole web;
    - every result has an http(s) URL, plain-text bounded title and snippet, and
      ``provider`` set to the provider's ``name``;
    - returns ``[]`` when nothing matches (no results is not an error);
    - raises only ``SearchError`` subclasses (see the tree in this module's docstring);
    - never blocks the event loop (blocking clients run in a worker thread);
    - honours its own timeout: it raises ``SearchTimeout`` rather than hanging.
    """

    name: str

    async def search(
        self, query: str, *, max_results: int, sites: Sequence[str] | None = None
    ) -> list[SearchResult]: ...


def dedupe_by_url(results: Iterable[SearchResult]) -> list[SearchResult]:
    """Keep the first result of each URL, in order."""
    seen: set[str] = set()
    unique: list[SearchResult] = []
    for result in results:
        if result.url not in seen:
            seen.add(result.url)
            unique.append(result)
    return unique


def site_query(query: str, domains: Sequence[str]) -> str:
    """Restrict ``query`` to ``domains``: ``'query (site:a.com OR site:b.org)'``.

    Blank domains are ignored; with no domains the query is returned unchanged.
    """
    sites = [f"site:{domain.strip()}" for domain in domains if domain.strip()]
    if not sites:
        return query
    return f"{query} ({' OR '.join(sites)})"


def on_sites(url: str, sites: Sequence[str] | None) -> bool:
    """True when ``url``'s host is one of ``sites`` or a subdomain of one (no sites: True)."""
    wanted = [s.strip().lower().removeprefix("www.") for s in sites or () if s.strip()]
    if not wanted:
        return True
    host = (urlsplit(url).hostname or "").removeprefix("www.")
    return any(host == site or host.endswith("." + site) for site in wanted)
