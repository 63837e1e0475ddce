"""Tiered web search for one verification (docs/architecture.md, flow step 5), and the provider's call policy.

5a trusted news and 5b fact-checkers run concurrently (``targeted``); the caller runs 5c
(``broad``) only when they found too little. Each tier asks every query it is given (the claim
as written, plus a keyword rewrite when an LLM made one) concurrently and merges the answers.

Every provider call goes through one policy (``CallPolicy``), the only retry policy of search:

- a concurrency cap and a token bucket per provider, shared by all verifications;
- exponential backoff with jitter on ``SearchRateLimited`` only (a 429's Retry-After is a floor,
  and it pauses the whole provider), at most ``max_attempts`` calls, never a wait that would end
  past the deadline;
- a timeout per call, and one absolute deadline shared by all tiers of one verification.

Search failures never raise out of here: they come back as ``TierOutcome.error`` so the verifier
can carry on with knowledge-base evidence; ``health()`` feeds the health endpoint.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import deque
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from typing import Any, Literal

from tenacity import AsyncRetrying, RetryCallState, retry_if_exception_type, wait_exponential_jitter

from search.base import (
    SearchError,
    SearchProvider,
    SearchRateLimited,
    SearchResult,
    SearchTimeout,
    SearchUnavailable,
    dedupe_by_url,
)
from search.ratelimit import RateBudgetExceeded, SharedWindow, TokenBucket
from search.resilience import CircuitBreaker, CircuitOpen, cut, never_open, remaining

log = logging.getLogger(__name__)

Tier = Literal["trusted", "fact_check", "broad"]

DEADLINE_REACHED = "deadline reached"
NO_DOMAINS = "no domains configured"
_RECENT_ERRORS = 5
_FAILING_AFTER = 3  # consecutive failed calls before health calls the provider "failing"


@dataclass(frozen=True)
class TierPlan:
    """What the tiers search, how many results each keeps, and the time budget."""

    trusted_domains: tuple[str, ...]
    fact_check_domains: tuple[str, ...]
    trusted_results: int = 8
    fact_check_results: int = 5
    broad_results: int = 8
    deadline_s: float = 20.0
    call_timeout_s: float = 10.0


@dataclass(frozen=True)
class CallPolicy:
    """How one provider is called: fan-out cap, rate, and the backoff on rate limiting."""

    max_concurrency: int = 4
    rate_per_s: float = 2.0
    burst: int = (
        9  # one verification's worst case: 3 queries (claim, keywords, counter-query) × 3 tiers
    )
    max_attempts: int = 3
    backoff_initial_s: float = 0.5
    backoff_max_s: float = 4.0


@dataclass
class TierOutcome:
    """The result of one tier: its queries, its merged results, or why it has none.

    ``error`` is set when the tier produced nothing because every call failed; ``problems``
    lists each failed query's error (also when other queries of the tier succeeded).
    """

    tier: Tier
    queries: list[str]
    results: list[SearchResult] = field(default_factory=list)
    error: str | None = None
    problems: list[str] = field(default_factory=list)
    calls: int = 0
    elapsed_ms: float = 0.0

    @property
    def query(self) -> str:
        return self.queries[0] if self.queries else ""


class SearchEscalation:
    """Runs the search tiers against one provider under one ``CallPolicy``.

    Meant to live as long as the app (one per provider): the concurrency cap and the token
    bucket hold across all verifications, and the error state feeds the health endpoint.
    """

    def __init__(
        self,
        provider: SearchProvider,
        plan: TierPlan,
        policy: CallPolicy | None = None,
        *,
        shared: SharedWindow | None = None,
        clock: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
        breaker: CircuitBreaker | None = None,
    ) -> None:
        """`clock` and `sleep` are the time deadlines, backoffs and the rate are kept in (tests
        pass a virtual one; a call's own timeout stays on the event loop's clock)."""
        self.provider = provider
        # after consecutive failed calls the provider is skipped for a cool-off (search/resilience.py)
        self.breaker = breaker or never_open("search")
        self._clock = clock
        self._sleep = sleep
        self.plan = plan
        self.policy = policy or CallPolicy()
        self._slots = asyncio.Semaphore(self.policy.max_concurrency)
        self._bucket = TokenBucket(
            self.policy.rate_per_s, self.policy.burst, shared=shared, clock=clock, sleep=sleep
        )
        self._backoff = wait_exponential_jitter(
            initial=self.policy.backoff_initial_s,
            max=self.policy.backoff_max_s,
            jitter=self.policy.backoff_initial_s,
        )
        self._errors: deque[str] = deque(maxlen=_RECENT_ERRORS)
        self._queries_made = 0
        self._consecutive_failures = 0
        self._last_success: str | None = None
        self._last_error: str | None = None

    @property
    def queries_made(self) -> int:
        """Provider calls made so far (a retry counts as a call)."""
        return self._queries_made

    def deadline(self) -> float:
        """An absolute deadline on the escalation's clock (``time.monotonic()``) for the tiers of
        one verification: SEARCH_DEADLINE_S, or sooner when the verification's own deadline
        (VERIFY_DEADLINE_S less its reserve) ends first."""
        own = self._clock() + self.plan.deadline_s
        left = remaining()
        return own if left is None else min(own, self._clock() + left)

    def recent_errors(self) -> list[str]:
        """The last few failures, oldest first, as "<UTC time> <tier>: <error>"."""
        return list(self._errors)

    def health(self) -> dict[str, Any]:
        """The provider's recent error state, for ``/api/health``."""
        failures = self._consecutive_failures
        return {
            "state": "ok"
            if failures == 0
            else "failing"
            if failures >= _FAILING_AFTER
            else "degraded",
            "consecutive_failures": failures,
            "last_success": self._last_success,
            "last_error": self._last_error,
            "recent_errors": self.recent_errors(),
            "paused_s": round(self._bucket.paused_for, 2),
            "rate_per_s": self.policy.rate_per_s,  # 0: no claimcheck-side limit
            "rate_shared": self._bucket.shared.describe()
            if self._bucket.shared
            else {"store": "memory"},
            "calls": self._queries_made,
            "breaker": self.breaker.describe(),
        }

    async def targeted(
        self, queries: str | Sequence[str], *, deadline: float | None = None
    ) -> list[TierOutcome]:
        """Trusted-news and fact-checker tiers, concurrently; trusted first."""
        trusted, fact_check = await asyncio.gather(
            self._tier(
                "trusted", queries, self.plan.trusted_domains, self.plan.trusted_results, deadline
            ),
            self._tier(
                "fact_check",
                queries,
                self.plan.fact_check_domains,
                self.plan.fact_check_results,
                deadline,
            ),
        )
        return [trusted, fact_check]

    async def broad(
        self, queries: str | Sequence[str], *, deadline: float | None = None
    ) -> TierOutcome:
        """The whole web, no site filter."""
        return await self._tier("broad", queries, None, self.plan.broad_results, deadline)

    async def _tier(
        self,
        tier: Tier,
        queries: str | Sequence[str],
        domains: tuple[str, ...] | None,
        limit: int,
        deadline: float | None,
    ) -> TierOutcome:
        started = self._clock()
        asked = _unique([queries] if isinstance(queries, str) else list(queries))
        sites = None if domains is None else [d.strip() for d in domains if d.strip()]
        if sites is not None and not sites:
            # Without domains the tier would repeat the broad search under another name.
            return TierOutcome(tier=tier, queries=asked, error=NO_DOMAINS)
        answers = await asyncio.gather(
            *(self._call(tier, query, sites, limit, deadline) for query in asked)
        )
        merged: list[SearchResult] = []
        problems: list[str] = []
        calls = 0
        for query, (results, error, made) in zip(asked, answers, strict=True):
            calls += made
            if error is not None:
                problems.append(error if len(asked) == 1 else f"{error} ({query!r})")
            merged.extend(replace(r, tier=tier, query=query) for r in results)
        # Interleave so the keyword query's best hits are not all cut by the first query's tail.
        ordered = _interleave([[r for r in merged if r.query == q] for q in asked])
        results = dedupe_by_url(ordered)[:limit]
        failed_all = len(problems) == len(asked)
        if failed_all and asked and answers[0][1] != DEADLINE_REACHED:
            # One line per failed tier of a request, not one per query or retry.
            log.warning(
                "search tier %s failed (%s: %s)",
                tier,
                self.provider.name,
                _one_line(answers[0][1] or "", 200),
            )
        return TierOutcome(
            tier=tier,
            queries=asked,
            results=results,
            error=answers[0][1] if failed_all and asked else None,
            problems=problems,
            calls=calls,
            elapsed_ms=(self._clock() - started) * 1000,
        )

    async def _call(
        self, tier: Tier, query: str, sites: list[str] | None, limit: int, deadline: float | None
    ) -> tuple[list[SearchResult], str | None, int]:
        """One query under the policy: (results, error or None, provider calls made)."""
        attempts = [0]
        remaining = None if deadline is None else deadline - self._clock()
        error: str | None = None
        results: list[SearchResult] = []
        if remaining is not None and remaining <= 0:
            error = DEADLINE_REACHED
        else:
            try:
                async with asyncio.timeout(remaining):
                    results = await self._retrying(query, sites, limit, deadline, attempts)
            except SearchRateLimited:
                error = "rate limited"
            except SearchTimeout:
                error = "timed out"
            except (TimeoutError, RateBudgetExceeded):
                error = DEADLINE_REACHED
            except SearchUnavailable as exc:
                error = f"unavailable: {exc}"
            except SearchError as exc:
                error = f"failed: {exc}"
            except CircuitOpen as exc:
                error = f"skipped: {exc}"
        if error == DEADLINE_REACHED:
            cut(f"web search ({tier} tier)")
        self._record(tier, error, attempts[0])
        return results, error, attempts[0]

    async def _retrying(
        self,
        query: str,
        sites: list[str] | None,
        limit: int,
        deadline: float | None,
        attempts: list[int],
    ) -> list[SearchResult]:
        policy = self.policy

        def wait_s(state: RetryCallState) -> float:
            exc = state.outcome.exception() if state.outcome else None
            retry_after = getattr(exc, "retry_after", None) or 0.0
            wait = max(retry_after, self._backoff(state))
            self._bucket.pause(wait)  # the provider said "slow down": to every caller
            return wait

        def stop(state: RetryCallState) -> bool:
            if state.attempt_number >= policy.max_attempts:
                return True
            # A retry that could only start after the deadline is not worth waiting for.
            return deadline is not None and self._clock() + state.upcoming_sleep >= deadline

        retrying = AsyncRetrying(
            retry=retry_if_exception_type(SearchRateLimited),
            wait=wait_s,
            stop=stop,
            reraise=True,
            sleep=self._sleep,
        )
        async for attempt in retrying:
            with attempt:
                async with self._slots:
                    await self._bucket.acquire(deadline)
                    attempts[0] += 1
                    self._queries_made += 1
                    # a 429 is the provider saying "slow down" (the bucket pauses every caller for
                    # it), not a sign it is down: it does not count towards the breaker
                    return await self.breaker.call(
                        lambda: self._ask(query, limit, sites),
                        counts=lambda exc: not isinstance(exc, SearchRateLimited),
                    )
        raise AssertionError("unreachable: tenacity re-raises the last error")

    async def _ask(self, query: str, limit: int, sites: list[str] | None) -> list[SearchResult]:
        try:
            async with asyncio.timeout(self.plan.call_timeout_s):
                return await self.provider.search(query, max_results=limit, sites=sites)
        except TimeoutError as exc:  # this call's timeout (the deadline's is outside)
            raise SearchTimeout(f"no answer within {self.plan.call_timeout_s:g} s") from exc

    def _record(self, tier: Tier, error: str | None, calls: int) -> None:
        stamp = datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
        if error is None:
            self._consecutive_failures = 0
            self._last_success = stamp
            return
        if calls == 0 and error == DEADLINE_REACHED:
            return  # nothing was asked: says nothing about the provider
        self._consecutive_failures += 1
        self._last_error = stamp
        self._errors.append(f"{stamp} {self.provider.name} {tier}: {error}")


def _one_line(text: str, limit: int) -> str:
    text = " ".join(str(text).split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _unique(queries: Sequence[str]) -> list[str]:
    seen: set[str] = set()
    kept: list[str] = []
    for query in queries:
        text = " ".join(query.split())
        if text and text.lower() not in seen:
            seen.add(text.lower())
            kept.append(text)
    return kept


def _interleave(lists: Sequence[Sequence[SearchResult]]) -> list[SearchResult]:
    out: list[SearchResult] = []
    for rank in range(max((len(items) for items in lists), default=0)):
        out.extend(items[rank] for items in lists if rank < len(items))
    return out
