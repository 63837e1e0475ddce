"""SearchEscalation: concurrent tiers with site filters, the one call policy, deadline, health."""

import asyncio
import time
from collections.abc import Sequence
from dataclasses import replace

import httpx
import pytest

from search.base import SearchRateLimited, SearchResult, SearchTimeout, SearchUnavailable
from search.escalation import CallPolicy, SearchEscalation, TierOutcome, TierPlan
from search.fakes import FakeSearch
from search.providers import SearxngSearch
from tests.fakes.clock import VirtualTime
from tests.fakes.searxng import FakeSearxng

TRUSTED = ("reuters.com", "apnews.com")
FACT_CHECK = ("snopes.com", "politifact.com")
PLAN = TierPlan(
    trusted_domains=TRUSTED, fact_check_domains=FACT_CHECK, deadline_s=5.0, call_timeout_s=3.0
)
FAST = CallPolicy(rate_per_s=0, backoff_initial_s=0.05, backoff_max_s=0.2)


def hit(n: int, *, site: str = "example.org", url: str | None = None) -> SearchResult:
    return SearchResult(title=f"T{n}", url=url or f"https://{site}/story/{n}", snippet=f"s{n}")


def on(site: str, count: int, start: int = 0) -> list[SearchResult]:
    return [hit(n, site=site) for n in range(start, start + count)]


def by_tier(outcomes: list[TierOutcome]) -> dict[str, TierOutcome]:
    return {o.tier: o for o in outcomes}


def escalation(
    provider, plan: TierPlan = PLAN, policy: CallPolicy = FAST, time_: VirtualTime | None = None
) -> SearchEscalation:
    """With `time_`, deadlines, backoffs and the rate run in virtual time (the waits are recorded)."""
    if time_ is None:
        return SearchEscalation(provider, plan, policy)
    return SearchEscalation(provider, plan, policy, clock=time_, sleep=time_.sleep)


async def test_targeted_asks_both_tiers_with_their_site_filters() -> None:
    fake = FakeSearch([*on("reuters.com", 2), *on("snopes.com", 1, 10), *on("blog.example", 3)])
    esc = escalation(fake)

    outcomes = await esc.targeted("claim", deadline=esc.deadline())

    assert [o.tier for o in outcomes] == ["trusted", "fact_check"]
    assert sorted(fake.calls) == sorted([("claim", TRUSTED), ("claim", FACT_CHECK)])
    trusted, fact_check = outcomes
    assert [r.url for r in trusted.results] == [
        hit(0, site="reuters.com").url,
        hit(1, site="reuters.com").url,
    ]
    assert [r.url for r in fact_check.results] == [hit(10, site="snopes.com").url]
    for outcome in outcomes:
        assert outcome.error is None and outcome.calls == 1
        assert {(r.tier, r.query, r.provider) for r in outcome.results} == {
            (outcome.tier, "claim", "fake")
        }
    assert esc.queries_made == 2


async def test_tier_sizes_are_eight_trusted_and_five_fact_check() -> None:
    fake = FakeSearch([*on("reuters.com", 12), *on("snopes.com", 12, 100)])
    esc = escalation(fake)

    trusted, fact_check = await esc.targeted("claim")

    assert (len(trusted.results), len(fact_check.results)) == (8, 5)


async def test_broad_has_no_site_filter() -> None:
    fake = FakeSearch([hit(1), hit(2, site="reuters.com")])
    esc = escalation(fake)

    outcome = await esc.broad("is the moon made of cheese")

    assert outcome.tier == "broad" and outcome.error is None
    assert fake.calls == [("is the moon made of cheese", ())]
    assert len(outcome.results) == 2 and outcome.elapsed_ms >= 0


async def test_every_query_is_asked_and_answers_interleave() -> None:
    fake = FakeSearch(
        {"the claim": on("a.org", 3), "claim keywords": [*on("b.org", 2), hit(0, site="a.org")]}
    )
    esc = escalation(fake)

    outcome = await esc.broad(["the claim", "claim keywords", " the  CLAIM "])

    assert sorted(fake.queries) == ["claim keywords", "the claim"]  # the repeat is asked once
    assert outcome.queries == ["the claim", "claim keywords"]
    assert [r.url for r in outcome.results] == [
        hit(0, site="a.org").url,
        hit(0, site="b.org").url,
        hit(1, site="a.org").url,
        hit(1, site="b.org").url,
        hit(2, site="a.org").url,
    ]
    assert {r.query for r in outcome.results} == {"the claim", "claim keywords"}
    assert outcome.calls == 2


async def test_targeted_tiers_cost_one_latency_over_http() -> None:
    with FakeSearxng(
        results=[
            {"title": "t", "url": "https://reuters.com/x"},
            {"title": "t", "url": "https://snopes.com/y"},
        ],
        delay_s=0.8,
    ) as s:
        async with httpx.AsyncClient(trust_env=False) as http:
            esc = escalation(SearxngSearch(http, s.url, timeout_s=3.0))
            started = time.monotonic()

            outcomes = await esc.targeted(["claim", "claim keywords"], deadline=esc.deadline())

            elapsed = time.monotonic() - started
    assert 0.8 <= elapsed < 1.5  # four calls, two tiers, one latency (two would be 1.6 s)
    assert [len(o.results) for o in outcomes] == [1, 1]
    assert len(s.requests) == 4
    assert all("site:" in q for q in s.requests)


async def test_429_then_200_succeeds_within_the_backoff() -> None:
    time_ = VirtualTime()
    with FakeSearxng(results=[{"title": "t", "url": "https://apnews.com/y"}]) as s:
        s.queue_status(429)
        async with httpx.AsyncClient(trust_env=False) as http:
            policy = CallPolicy(rate_per_s=0, backoff_initial_s=0.2, backoff_max_s=1.0)
            esc = escalation(SearxngSearch(http, s.url, timeout_s=3.0), policy=policy, time_=time_)

            outcome = await esc.broad("claim", deadline=esc.deadline())

    assert outcome.error is None
    assert [r.url for r in outcome.results] == ["https://apnews.com/y"]
    assert s.requests == ["claim", "claim"]
    assert (
        len(time_.slept) == 1 and 0.2 <= time_.slept[0] <= 0.4
    )  # one backoff: initial + jitter up to initial
    assert outcome.calls == 2 and esc.recent_errors() == []


async def test_rate_limited_backs_off_exponentially_then_gives_up() -> None:
    time_ = VirtualTime()
    fake = FakeSearch([hit(1)], error=SearchRateLimited(retry_after=None))
    policy = CallPolicy(rate_per_s=0, max_attempts=3, backoff_initial_s=0.1, backoff_max_s=1.0)
    esc = escalation(fake, policy=policy, time_=time_)

    outcome = await esc.broad("claim")

    # waits of initial × 2^n plus a jitter of up to initial: 0.1–0.2 s, then 0.2–0.3 s
    assert len(time_.slept) == 2, time_.slept
    assert 0.1 <= time_.slept[0] <= 0.2 and 0.2 <= time_.slept[1] <= 0.3
    assert outcome.error == "rate limited" and outcome.results == []
    assert len(fake.queries) == 3


async def test_retry_after_is_a_floor_for_the_backoff() -> None:
    time_ = VirtualTime()
    fake = FakeSearch([hit(1)], error=SearchRateLimited(retry_after=0.4), fail_times=1)
    esc = escalation(fake, time_=time_)

    outcome = await esc.broad("claim")

    assert time_.slept == [0.4]  # the provider's 0.4 s, not FAST's 0.05–0.1 s backoff
    assert outcome.error is None and len(outcome.results) == 1


async def test_a_429_holds_back_the_other_callers_too() -> None:
    # real time: the two callers wait concurrently, which VirtualTime's sleeps (they add up) do not model
    fake = FakeSearch(
        {"first": [hit(1)], "second": [hit(2)]},
        error=SearchRateLimited(retry_after=0.4),
        fail_times=1,
    )
    esc = escalation(fake)
    started = time.monotonic()

    async def second_a_little_later() -> float:
        await asyncio.sleep(0.1)  # the first call has had its 429 by now
        await esc.broad("second")
        return time.monotonic() - started

    first, second_done = await asyncio.gather(esc.broad("first"), second_a_little_later())

    assert first.error is None
    assert second_done >= 0.38  # not at 0.1 s: it waited out the provider's pause
    assert fake.queries == ["first", "second", "first"] or fake.queries == [
        "first",
        "first",
        "second",
    ]


async def test_no_retry_that_would_end_past_the_deadline() -> None:
    time_ = VirtualTime()
    fake = FakeSearch([hit(1)], error=SearchRateLimited(retry_after=2.0))
    esc = escalation(fake, time_=time_)

    outcome = await esc.broad("claim", deadline=time_() + 0.5)

    assert outcome.error == "rate limited"
    assert len(fake.queries) == 1
    assert time_.slept == []  # a 2 s wait would end past the deadline: not started


@pytest.mark.parametrize(
    ("error", "text"),
    [
        (SearchUnavailable("searxng: HTTP 500"), "unavailable: searxng: HTTP 500"),
        (SearchTimeout("slow"), "timed out"),
    ],
)
async def test_failures_are_outcomes_not_exceptions(error: Exception, text: str) -> None:
    fake = FakeSearch([hit(1)], error=error)
    esc = escalation(fake)

    targeted = await esc.targeted("claim")
    broad = await esc.broad("claim")

    for outcome in [*targeted, broad]:
        assert outcome.error == text
        assert outcome.problems == [text]
        assert outcome.results == []
    assert len(fake.queries) == 3  # no retry on anything but rate limiting


async def test_one_failed_query_of_two_still_gives_results() -> None:
    class HalfBroken(FakeSearch):
        async def search(
            self, query: str, *, max_results: int, sites: Sequence[str] | None = None
        ) -> list[SearchResult]:
            if query == "bad":
                raise SearchUnavailable("down")
            return await super().search(query, max_results=max_results, sites=sites)

    outcome = await escalation(HalfBroken([hit(1)])).broad(["good", "bad"])

    assert outcome.error is None
    assert outcome.problems == ["unavailable: down ('bad')"]
    assert [r.url for r in outcome.results] == [hit(1).url]


async def test_deadline_passed_means_no_provider_call() -> None:
    fake = FakeSearch([hit(1)])
    esc = escalation(fake)
    deadline = time.monotonic() - 0.01

    outcomes = [*await esc.targeted("claim", deadline=deadline)]
    outcomes.append(await esc.broad("claim", deadline=deadline))

    assert fake.queries == [] and esc.queries_made == 0
    assert {o.error for o in outcomes} == {"deadline reached"}
    assert esc.health()["state"] == "ok"  # nothing was asked, so nothing is known to be wrong


def hanging(*, deadline_s: float, call_timeout_s: float) -> tuple[FakeSearch, SearchEscalation]:
    """A provider that answers only after 30 s, behind PLAN with this deadline and call timeout."""
    fake = FakeSearch([hit(1)], delay_s=30.0)
    return fake, escalation(
        fake, replace(PLAN, deadline_s=deadline_s, call_timeout_s=call_timeout_s)
    )


async def test_a_provider_that_hangs_30_s_costs_at_most_the_deadline() -> None:
    _, esc = hanging(deadline_s=1.0, call_timeout_s=30.0)
    started = time.monotonic()

    deadline = esc.deadline()
    outcomes = [*await esc.targeted("claim", deadline=deadline)]
    outcomes.append(await esc.broad("claim", deadline=deadline))

    assert time.monotonic() - started < 1.6
    assert {o.error for o in outcomes} == {"deadline reached"}


async def test_the_per_call_timeout_holds_when_the_provider_ignores_its_own() -> None:
    fake, esc = hanging(deadline_s=5.0, call_timeout_s=0.3)
    started = time.monotonic()

    outcome = await esc.broad("claim", deadline=esc.deadline())

    assert time.monotonic() - started < 1.0
    assert outcome.error == "timed out"
    assert len(fake.queries) == 1  # a timeout is not retried


async def test_results_are_deduplicated_and_capped_per_outcome() -> None:
    same = "https://reuters.com/same"
    raw = [hit(1, url=same), hit(2, url=same), *[hit(n) for n in range(3, 20)]]

    class Careless:
        """A provider that breaks the dedupe/max_results contract."""

        name = "careless"

        async def search(
            self, query: str, *, max_results: int, sites: Sequence[str] | None = None
        ) -> list[SearchResult]:
            return raw

    outcome = await escalation(Careless()).broad("claim")

    urls = [r.url for r in outcome.results]
    assert len(urls) == len(set(urls)) == PLAN.broad_results
    assert urls[0] == same


async def test_concurrency_is_capped() -> None:
    fake = FakeSearch([hit(1)], delay_s=0.05)
    plan = TierPlan(trusted_domains=("a.com",), fact_check_domains=("b.org",))
    esc = escalation(fake, plan, CallPolicy(max_concurrency=2, rate_per_s=0))

    await asyncio.gather(*(esc.targeted(f"claim {n}") for n in range(4)))

    assert len(fake.queries) == 8
    assert fake.max_in_flight == 2


async def test_token_bucket_spaces_calls_beyond_the_burst() -> None:
    time_ = VirtualTime()
    fake = FakeSearch([hit(1)])
    esc = escalation(fake, policy=CallPolicy(rate_per_s=10, burst=2), time_=time_)
    started = time_()

    await asyncio.gather(*(esc.broad(f"claim {n}") for n in range(5)))

    # 2 at once from the burst, then one every 0.1 s
    assert time_() - started == pytest.approx(0.3, abs=1e-6)
    assert len(fake.queries) == 5


async def test_health_tracks_the_recent_error_state() -> None:
    fake = FakeSearch([hit(1)], error=SearchUnavailable("down"))
    esc = escalation(fake)
    assert esc.health()["state"] == "ok"

    await esc.broad("claim")
    assert esc.health()["state"] == "degraded"
    for _ in range(3):
        await esc.targeted("claim")

    health = esc.health()
    assert health["state"] == "failing" and health["consecutive_failures"] == 7
    assert len(health["recent_errors"]) == 5
    assert all("fake" in e and "unavailable: down" in e for e in health["recent_errors"])
    assert any(" trusted: " in e for e in health["recent_errors"])
    assert any(" fact_check: " in e for e in health["recent_errors"])
    assert health["last_error"] and health["last_success"] is None

    fake.error = None
    await esc.broad("claim")
    assert esc.health()["state"] == "ok" and esc.health()["last_success"]


async def test_tier_without_domains_is_skipped() -> None:
    fake = FakeSearch([hit(1, site="reuters.com")])
    esc = escalation(fake, TierPlan(trusted_domains=("reuters.com",), fact_check_domains=(" ",)))

    outcomes = by_tier(await esc.targeted("claim"))

    assert outcomes["fact_check"].error == "no domains configured"
    assert fake.calls == [("claim", ("reuters.com",))]
    assert len(outcomes["trusted"].results) == 1


def test_deadline_helper_is_monotonic_plus_budget() -> None:
    esc = escalation(FakeSearch())
    before = time.monotonic()
    assert before + PLAN.deadline_s <= esc.deadline() <= time.monotonic() + PLAN.deadline_s
