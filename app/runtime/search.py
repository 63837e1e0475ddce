"""The search layer's parts: the outside HTTP client, one circuit breaker per outside service and
one retry policy, the search provider and its escalation, and the page fetchers (all behind the
SSRF guard of search/fetch.py)."""

from __future__ import annotations

from contextlib import AsyncExitStack
from dataclasses import dataclass, replace
from typing import Any

import httpx

from app.config import Settings
from app.runtime.makers import Makers, search_plan
from search.base import SearchProvider
from search.escalation import CallPolicy, SearchEscalation
from search.fetch import Fetcher, FetchPolicy
from search.ratelimit import SharedWindow
from search.registry import ProviderContext
from search.resilience import Breakers, Limits


@dataclass
class SearchLayer:
    settings: Settings
    breakers: Breakers
    limits: Limits
    http: httpx.AsyncClient  # the search provider's, the LLM's and the fact-check API's client
    provider: SearchProvider | None
    escalation: SearchEscalation | None
    url_checker: Fetcher | None  # URL_CHECK: is each evidence URL live?
    pages: (
        Fetcher  # the source audit's and the verifier's reference pages (GET: status, text, date)
    )

    @classmethod
    async def build(cls, settings: Settings, stack: AsyncExitStack, makers: Makers) -> SearchLayer:
        """Everything opened is registered on `stack` as it is opened."""
        # one circuit breaker per outside service (and per host for page fetches), one retry policy
        breakers = Breakers(settings.BREAKER_THRESHOLD, settings.BREAKER_COOL_OFF_S)
        limits = Limits(retries=settings.OUTSIDE_RETRIES)
        http = makers.http_client(settings)
        stack.push_async_callback(http.aclose)
        provider, escalation = _escalation(settings, stack, makers, http, breakers)

        def fetcher(policy: FetchPolicy, **resilience: Any) -> Fetcher:
            made = makers.fetcher(policy, **resilience)
            stack.push_async_callback(made.aclose)
            return made

        page_policy = FetchPolicy(
            allow_hosts=tuple(settings.FETCH_ALLOW_HOSTS),
            timeout_s=settings.URL_CHECK_TIMEOUT_S,
            max_bytes=settings.FETCH_MAX_BYTES,
            concurrency=settings.URL_CHECK_CONCURRENCY,
            cache_ttl_s=settings.URL_CHECK_TTL_S,
        )
        url_checker = (
            fetcher(page_policy, breakers=breakers, limits=limits) if settings.URL_CHECK else None
        )
        pages = fetcher(
            replace(page_policy, concurrency=16),
            breakers=breakers,
            limits=limits,
        )
        return cls(settings, breakers, limits, http, provider, escalation, url_checker, pages)

    def describe(self) -> dict[str, Any]:
        s = self.settings
        return {
            "search": {
                "provider": self.provider.name if self.provider is not None else "none",
                "enabled": self.escalation is not None,
                "counter_query": s.COUNTER_QUERY,
                "recent_errors": [],
                "state": "off",
                **(self.escalation.health() if self.escalation is not None else {}),
                "fallback": None if self.escalation is not None else "knowledge base only",
            },
            "url_check": {
                "enabled": self.url_checker is not None,
                "timeout_s": s.URL_CHECK_TIMEOUT_S if self.url_checker is not None else None,
                "allow_hosts": list(s.FETCH_ALLOW_HOSTS),
            },
        }


def _escalation(
    settings: Settings,
    stack: AsyncExitStack,
    makers: Makers,
    http: httpx.AsyncClient,
    breakers: Breakers,
) -> tuple[SearchProvider | None, SearchEscalation | None]:
    """The provider behind SEARCH_PROVIDER and the tiers searched through it (none: KB only)."""
    if settings.SEARCH_PROVIDER.lower() == "none":
        return None, None
    provider = makers.make_provider(
        settings.SEARCH_PROVIDER,
        ProviderContext(
            http=http,
            timeout_s=settings.SEARCH_TIMEOUT_S,
            searxng_url=settings.SEARXNG_URL,
            ddgs_backends=tuple(settings.DDGS_BACKENDS),
        ),
    )
    rate = settings.SEARCH_RATE_PER_S or 0.0
    shared = None
    if settings.redis_url and rate > 0:  # one budget for every replica and worker
        shared = SharedWindow(
            settings.redis_url,
            f"search:{settings.SEARCH_PROVIDER.lower()}",
            rate,
            settings.SEARCH_BURST,
        )
        stack.push_async_callback(shared.aclose)
    escalation = SearchEscalation(
        provider,
        search_plan(settings),
        CallPolicy(
            max_concurrency=settings.SEARCH_MAX_CONCURRENCY,
            rate_per_s=rate,
            burst=settings.SEARCH_BURST,
        ),
        shared=shared,
        breaker=breakers.service("search"),
    )
    return provider, escalation
