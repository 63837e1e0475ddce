"""Tiered web search for one verification (DESIGN §2 step 5).

5a trusted news and 5b fact-checkers run concurrently (``targeted``); the caller runs 5c
(``broad``) only when they found too little. All tiers of one verification share one absolute
deadline. Search failures never raise out of here: they come back as ``TierOutcome.error`` so
the verifier can carry on with knowledge-base evidence.
"""

from __future__ import annotations

import asyncio
import time
from collections import deque
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Literal

from tenacity import AsyncRetrying, RetryCallState, retry_if_exception_type

from search.base import (
    SearchError,
    SearchProvider,
    SearchRateLimited,
    SearchResult,
    SearchTimeout,
    SearchUnavailable,
    dedupe_by_url,
    site_query,
)

Tier = Literal["trusted", "fact_check", "broad"]

DEADLINE_REACHED = "deadline reached"
NO_DOMAINS = "no domains configured"
_MAX_ATTEMPTS = 2  # one retry, on rate limiting only
_MAX_RETRY_WAIT_S = 2.0
_RECENT_ERRORS = 5


@dataclass(frozen=True)
class TierPlan:
    """What the tiers search and how much time and fan-out they get."""

    trusted_domains: tuple[str, ...]
    fact_check_domains: tuple[str, ...]
    max_results: int = 8
    deadline_s: float = 20.0
    max_concurrency: int = 4


@dataclass
class TierOutcome:
    """The result of one tier: its query, its results, or why it has none."""

    tier: Tier
    query: str
    results: list[SearchResult] = field(default_factory=list)
    error: str | None = None
    elapsed_ms: float = 0.0


class SearchEscalation:
    """Runs the search tiers against one provider, with one retry policy and a concurrency cap.

    Meant to live as long as the app (one per provider): the semaphore caps provider calls
    across all verifications, and ``recent_errors`` feeds the health endpoint.
    """

    def __init__(self, provider: SearchProvider, plan: TierPlan) -> None:
        self.provider = provider
        self.plan = plan
        self._slots = asyncio.Semaphore(plan.max_concurrency)
        self._errors: deque[str] = deque(maxlen=_RECENT_ERRORS)
        self._queries_made = 0

    @property
    def queries_made(self) -> int:
        """Provider calls made so far (a retry counts as a call)."""
        return self._queries_made

    def deadline(self) -> float:
        """An absolute ``time.monotonic()`` deadline for the tiers of one verification."""
        return time.monotonic() + self.plan.deadline_s

    def recent_errors(self) -> list[str]:
        """The last few failures, oldest first, as "<UTC time> <tier>: <error>"."""
        return list(self._errors)

    async def targeted(self, query: str, *, deadline: float | None = None) -> list[TierOutcome]:
        """Trusted-news and fact-checker tiers, concurrently; trusted first."""
        trusted, fact_check = await asyncio.gather(
            self._tier("trusted", query, self.plan.trusted_domains, deadline),
            self._tier("fact_check", query, self.plan.fact_check_domains, deadline),
        )
        return [trusted, fact_check]

    async def broad(self, query: str, *, deadline: float | None = None) -> TierOutcome:
        """The whole web, plain query."""
        return await self._run("broad", query, deadline)

    async def _tier(
        self, tier: Tier, query: str, domains: tuple[str, ...], deadline: float | None
    ) -> TierOutcome:
        if not any(domain.strip() for domain in domains):
            # Without domains the tier would repeat the broad search under another name.
            return TierOutcome(tier=tier, query=query, error=NO_DOMAINS)
        return await self._run(tier, site_query(query, domains), deadline)

    async def _run(self, tier: Tier, query: str, deadline: float | None) -> TierOutcome:
        started = time.monotonic()
        remaining = None if deadline is None else deadline - started
        error: str | None = None
        results: list[SearchResult] = []
        if remaining is not None and remaining <= 0:
            error = DEADLINE_REACHED
        else:
            try:
                results = await asyncio.wait_for(self._search(query, deadline), remaining)
            except SearchRateLimited:
                error = "rate limited"
            except (SearchTimeout, TimeoutError):
                error = "timed out"
            except SearchUnavailable as exc:
                error = f"unavailable: {exc}"
            except SearchError as exc:
                error = f"failed: {exc}"
        if error is not None:
            stamp = datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
            self._errors.append(f"{stamp} {tier}: {error}")
        return TierOutcome(
            tier=tier,
            query=query,
            results=dedupe_by_url(results)[: self.plan.max_results],
            error=error,
            elapsed_ms=(time.monotonic() - started) * 1000,
        )

    async def _search(self, query: str, deadline: float | None) -> list[SearchResult]:
        def wait_s(state: RetryCallState) -> float:
            exc = state.outcome.exception() if state.outcome else None
            retry_after = getattr(exc, "retry_after", None)
            return min(1.0 if retry_after is None else retry_after, _MAX_RETRY_WAIT_S)

        def stop(state: RetryCallState) -> bool:
            if state.attempt_number >= _MAX_ATTEMPTS:
                return True
            # A retry that could only start after the deadline is not worth waiting for.
            return deadline is not None and time.monotonic() + wait_s(state) >= deadline

        retrying = AsyncRetrying(
            retry=retry_if_exception_type(SearchRateLimited),
            wait=wait_s,
            stop=stop,
            reraise=True,
        )
        async for attempt in retrying:
            with attempt:
                async with self._slots:
                    self._queries_made += 1
                    return await self.provider.search(query, max_results=self.plan.max_results)
        raise AssertionError("unreachable: tenacity re-raises the last error")
