"""A token bucket for one search provider: a steady call rate with a small burst, shared by all
verifications, plus a provider-wide pause after the provider said "slow down" (HTTP 429)."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable


class RateBudgetExceeded(Exception):
    """The next token would only be available after the caller's deadline."""


class TokenBucket:
    """``rate_per_s`` tokens per second, at most ``burst`` saved up; ``rate_per_s <= 0`` = no limit.

    ``acquire`` waits (with ``asyncio.sleep``, never blocking the loop) until a token is free;
    waiters are served first come, first served. ``pause(seconds)`` holds every caller back
    until then (a 429's Retry-After or backoff applies to the provider, not to one query).
    """

    def __init__(
        self, rate_per_s: float, burst: int, *, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.rate_per_s = rate_per_s
        self.burst = max(1, burst)
        self._clock = clock
        self._tokens = float(self.burst)
        self._updated = clock()
        self._paused_until = 0.0
        self._lock = asyncio.Lock()

    @property
    def paused_for(self) -> float:
        """Seconds left of a pause (0 when none)."""
        return max(0.0, self._paused_until - self._clock())

    def pause(self, seconds: float) -> None:
        """No token is handed out for the next ``seconds`` (a longer running pause is kept)."""
        self._paused_until = max(self._paused_until, self._clock() + max(0.0, seconds))

    async def acquire(self, deadline: float | None = None) -> None:
        """Take one token, waiting for it; ``RateBudgetExceeded`` if that would pass ``deadline``."""
        async with self._lock:
            while True:
                now = self._clock()
                wait = self._paused_until - now
                if wait <= 0:
                    if self.rate_per_s <= 0:
                        return
                    self._refill(now)
                    if self._tokens >= 1:
                        self._tokens -= 1
                        return
                    wait = (1 - self._tokens) / self.rate_per_s
                if deadline is not None and now + wait > deadline:
                    raise RateBudgetExceeded(f"next search slot in {wait:.1f} s, after the deadline")
                await asyncio.sleep(wait)

    def _refill(self, now: float) -> None:
        self._tokens = min(self.burst, self._tokens + (now - self._updated) * self.rate_per_s)
        self._updated = now
