"""SearchEscalation: concurrent tiers, one retry on rate limiting, deadline, degradation."""

import asyncio
import time

import httpx
import pytest

from search.base import (
    SearchRateLimited,
    SearchResult,
    SearchTimeout,
    SearchUnavailable,
    site_query,
)
from search.escalation import SearchEscalation, TierOutcome, TierPlan
from search.fakes import FakeSearch
from search.providers import SearxngSearch
from tests.fakes.searxng import FakeSearxng

PLAN = TierPlan(
    trusted_domains=("reuters.com", "apnews.com"),
    fact_check_domains=("snopes.com", "politifact.com"),
    max_results=5,
    deadline_s=5.0,
)


def hit(n: int, *, url: str | None = None) -> SearchResult:
    return SearchResult(title=f"T{n}", url=url or f"https://s{n}.example.org/", snippet="s")


def by_tier(outcomes: list[TierOutcome]) -> dict[str, TierOutcome]:
    return {o.tier: o for o in outcomes}


async def test_targeted_queries_both_tiers_trusted_first() -> None:
    trusted_q = site_query("claim", PLAN.trusted_domains)
    fact_q = site_query("claim", PLAN.fact_check_domains)
    fake = FakeSearch({trusted_q: [hit(1)], fact_q: [hit(2), hit(3)]})
    escalation = SearchEscalation(fake, PLAN)

    outcomes = await escalation.targeted("claim", deadline=escalation.deadline())

    assert [o.tier for o in outcomes] == ["trusted", "fact_check"]
    assert [o.query for o in outcomes] == [trusted_q, fact_q]
    assert [[r.url for r in o.results] for o in outcomes] == [
        [hit(1).url],
        [hit(2).url, hit(3).url],
    ]
    assert all(o.error is None for o in outcomes)
    assert sorted(fake.queries) == sorted([trusted_q, fact_q])
    assert escalation.queries_made == 2


async def test_broad_uses_the_plain_query() -> None:
    fake = FakeSearch([hit(1), hit(2)])
    escalation = SearchEscalation(fake, PLAN)

    outcome = await escalation.broad("is the moon made of cheese")

    assert outcome.tier == "broad"
    assert fake.queries == ["is the moon made of cheese"]
    assert len(outcome.results) == 2 and outcome.error is None
    assert outcome.elapsed_ms >= 0


async def test_targeted_runs_tiers_concurrently_over_http() -> None:
    with FakeSearxng(results=[{"title": "t", "url": "https://reuters.com/x"}], delay_s=0.5) as s:
        async with httpx.AsyncClient(trust_env=False) as http:
            escalation = SearchEscalation(SearxngSearch(http, s.url, timeout_s=3.0), PLAN)
            started = time.monotonic()

            outcomes = await escalation.targeted("claim", deadline=escalation.deadline())

            elapsed = time.monotonic() - started
    assert elapsed < 0.9
    assert [len(o.results) for o in outcomes] == [1, 1]
    assert len(s.requests) == 2


async def test_rate_limited_once_then_ok_recovers_with_one_retry() -> None:
    with FakeSearxng(results=[{"title": "t", "url": "https://apnews.com/y"}], retry_after=0) as s:
        s.queue_status(429)
        async with httpx.AsyncClient(trust_env=False) as http:
            escalation = SearchEscalation(SearxngSearch(http, s.url, timeout_s=3.0), PLAN)

            outcome = await escalation.broad("claim", deadline=escalation.deadline())

    assert outcome.error is None
    assert [r.url for r in outcome.results] == ["https://apnews.com/y"]
    assert s.requests == ["claim", "claim"]
    assert escalation.queries_made == 2
    assert escalation.recent_errors() == []


async def test_rate_limited_twice_gives_up_after_one_retry() -> None:
    fake = FakeSearch([hit(1)], error=SearchRateLimited(retry_after=0.0))
    escalation = SearchEscalation(fake, PLAN)

    outcome = await escalation.broad("claim")

    assert outcome.error == "rate limited"
    assert outcome.results == []
    assert len(fake.queries) == 2


async def test_retry_wait_is_capped_and_uses_retry_after() -> None:
    fake = FakeSearch([hit(1)], error=SearchRateLimited(retry_after=0.3), fail_times=1)
    escalation = SearchEscalation(fake, PLAN)
    started = time.monotonic()

    outcome = await escalation.broad("claim")

    assert 0.25 <= time.monotonic() - started < 1.0
    assert outcome.error is None and len(outcome.results) == 1


async def test_no_retry_that_would_start_past_the_deadline() -> None:
    fake = FakeSearch([hit(1)], error=SearchRateLimited(retry_after=2.0))
    escalation = SearchEscalation(fake, PLAN)
    started = time.monotonic()

    outcome = await escalation.broad("claim", deadline=time.monotonic() + 0.3)

    assert outcome.error == "rate limited"
    assert len(fake.queries) == 1
    assert time.monotonic() - started < 0.2


@pytest.mark.parametrize(
    ("error", "text"),
    [
        (SearchUnavailable("searxng: HTTP 500"), "unavailable: searxng: HTTP 500"),
        (SearchTimeout("slow"), "timed out"),
    ],
)
async def test_failures_are_outcomes_not_exceptions(error: Exception, text: str) -> None:
    fake = FakeSearch([hit(1)], error=error)
    escalation = SearchEscalation(fake, PLAN)

    targeted = await escalation.targeted("claim")
    broad = await escalation.broad("claim")

    for outcome in [*targeted, broad]:
        assert outcome.error == text
        assert outcome.results == []
    assert len(fake.queries) == 3  # no retry on anything but rate limiting


async def test_deadline_passed_means_no_provider_call() -> None:
    fake = FakeSearch([hit(1)])
    escalation = SearchEscalation(fake, PLAN)
    deadline = time.monotonic() - 0.01

    outcomes = [*await escalation.targeted("claim", deadline=deadline)]
    outcomes.append(await escalation.broad("claim", deadline=deadline))

    assert fake.queries == []
    assert escalation.queries_made == 0
    assert {o.error for o in outcomes} == {"deadline reached"}


async def test_deadline_cuts_a_slow_provider_short() -> None:
    fake = FakeSearch([hit(1)], delay_s=2.0)
    escalation = SearchEscalation(fake, PLAN)
    started = time.monotonic()

    outcomes = by_tier(await escalation.targeted("claim", deadline=time.monotonic() + 0.2))

    assert time.monotonic() - started < 0.6
    assert outcomes["trusted"].error == outcomes["fact_check"].error == "timed out"


async def test_results_are_deduplicated_and_capped_per_outcome() -> None:
    same = "https://reuters.com/same"
    raw = [hit(1, url=same), hit(2, url=same), *[hit(n) for n in range(3, 12)]]

    class Careless:
        """A provider that breaks the dedupe/max_results contract."""

        name = "careless"

        async def search(self, query: str, *, max_results: int) -> list[SearchResult]:
            return raw

    outcome = await SearchEscalation(Careless(), PLAN).broad("claim")

    urls = [r.url for r in outcome.results]
    assert len(urls) == len(set(urls)) == PLAN.max_results
    assert urls[0] == same


async def test_concurrency_is_capped() -> None:
    fake = FakeSearch([hit(1)], delay_s=0.05)
    plan = TierPlan(trusted_domains=("a.com",), fact_check_domains=("b.org",), max_concurrency=2)
    escalation = SearchEscalation(fake, plan)

    await asyncio.gather(*(escalation.targeted(f"claim {n}") for n in range(4)))

    assert len(fake.queries) == 8
    assert fake.max_in_flight == 2


async def test_recent_errors_keeps_the_last_five_with_tier() -> None:
    fake = FakeSearch([], error=SearchUnavailable("down"))
    escalation = SearchEscalation(fake, PLAN)

    for _ in range(4):
        await escalation.targeted("claim")

    errors = escalation.recent_errors()
    assert len(errors) == 5
    assert all("unavailable: down" in e for e in errors)
    assert any(" trusted: " in e for e in errors) and any(" fact_check: " in e for e in errors)
    assert escalation.queries_made == 8


async def test_tier_without_domains_is_skipped() -> None:
    fake = FakeSearch([hit(1)])
    plan = TierPlan(trusted_domains=("reuters.com",), fact_check_domains=())
    escalation = SearchEscalation(fake, plan)

    outcomes = by_tier(await escalation.targeted("claim"))

    assert outcomes["fact_check"].error == "no domains configured"
    assert fake.queries == [site_query("claim", ("reuters.com",))]
    assert len(outcomes["trusted"].results) == 1


def test_deadline_helper_is_monotonic_plus_budget() -> None:
    escalation = SearchEscalation(FakeSearch(), PLAN)
    before = time.monotonic()
    assert before + PLAN.deadline_s <= escalation.deadline() <= time.monotonic() + PLAN.deadline_s
