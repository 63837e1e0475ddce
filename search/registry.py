"""The provider registry: providers are chosen by name from ``PROVIDERS`` (an explicit dict, no
import-time registration) through ``make_provider(name, ctx)``; ``ctx`` carries the shared HTTP
client and the settings the providers need. Apart from search/base.py, which the providers import.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import httpx

from search.base import SearchError, SearchProvider, UnknownProvider
from search.providers import DuckDuckGoSearch, NoSearch, SearxngSearch


@dataclass
class ProviderContext:
    """What a provider factory may use: the shared HTTP client and search settings."""

    http: httpx.AsyncClient
    timeout_s: float = 10.0
    searxng_url: str | None = None
    ddgs_backends: tuple[str, ...] = ("duckduckgo",)


def _no_search(ctx: ProviderContext) -> SearchProvider:
    return NoSearch()


def _duckduckgo(ctx: ProviderContext) -> SearchProvider:
    return DuckDuckGoSearch(timeout_s=ctx.timeout_s, backends=ctx.ddgs_backends)


def _searxng(ctx: ProviderContext) -> SearchProvider:
    if not ctx.searxng_url:
        raise SearchError(
            "SEARCH_PROVIDER=searxng needs SEARXNG_URL to be set "
            "(the base URL of a SearXNG instance with the JSON format enabled)"
        )
    return SearxngSearch(ctx.http, ctx.searxng_url, timeout_s=ctx.timeout_s)


PROVIDERS: dict[str, Callable[[ProviderContext], SearchProvider]] = {
    "none": _no_search,
    "duckduckgo": _duckduckgo,
    "searxng": _searxng,
}


def make_provider(name: str, ctx: ProviderContext) -> SearchProvider:
    """Build the provider registered under ``name`` (case-insensitive)."""
    key = name.strip().lower()
    try:
        factory = PROVIDERS[key]
    except KeyError:
        valid = ", ".join(sorted(PROVIDERS))
        raise UnknownProvider(f"unknown search provider {name!r}; valid names: {valid}") from None
    return factory(ctx)
