"""PassageChecker's budget with a behavioural fake verifier: concurrency cap and total-time cap."""

from __future__ import annotations

import asyncio
import time

from agent.models import ClaimType, Verdict, VerificationResult
from agent.passages import PassageBudget, PassageChecker

TEXT = " ".join(f"The bridge number {n} was built in {1900 + n}." for n in range(1, 7))


class SlowVerifier:
    """Takes `delay` seconds per claim and records how many ran at once."""

    detector = None

    def __init__(self, delay: float) -> None:
        self.delay = delay
        self.running = 0
        self.peak = 0

    async def verify(self, claim, options=None, on_step=None):
        self.running += 1
        self.peak = max(self.peak, self.running)
        try:
            await asyncio.sleep(self.delay)
        finally:
            self.running -= 1
        return VerificationResult(
            claim=claim,
            original_claim=claim,
            claim_type=ClaimType.FACTUAL,
            verdict=Verdict.TRUE,
            confidence=0.9,
            reasoning="[1]",
            evidence=[],
            mode="llm",
            session_id="s",
            steps=[],
            timings_ms={},
        )


async def test_concurrency_cap_holds():
    verifier = SlowVerifier(0.1)
    checker = PassageChecker(
        verifier, None, None, PassageBudget(max_claims=6, concurrency=2, deadline_s=10)
    )
    result = await checker.check(TEXT, max_claims=6)
    assert verifier.peak == 2
    assert sum(1 for c in result.claims if c.result) == 6


async def test_time_budget_holds_and_says_so():
    verifier = SlowVerifier(5.0)
    checker = PassageChecker(
        verifier, None, None, PassageBudget(max_claims=6, concurrency=6, deadline_s=0.3)
    )
    started = time.perf_counter()
    result = await checker.check(TEXT, max_claims=6)
    assert time.perf_counter() - started < 1.5
    assert all(c.result is None and "time budget" in c.reason for c in result.claims)
    assert result.summary == {"not checked": 6}
