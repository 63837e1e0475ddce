"""A token bucket for one outside service (a search provider, the LLM): a steady call rate with a
small burst, shared by all verifications, plus a provider-wide pause after the provider said "slow
down" (HTTP 429). With Redis (`SharedWindow`), the rate is one budget for every process that shares
that Redis — API replicas and `claimcheck worker`s — so a batch job on ten workers calls DuckDuckGo
no faster than one server would."""

from __future__ import annotations

import asyncio
import logging
import math
import time
from collections.abc import Awaitable, Callable
from typing import Any

log = logging.getLogger("claimcheck.search")
REDIS_TIMEOUT_S = 1.0


class RateBudgetExceeded(Exception):
    """The next token would only be available after the caller's deadline."""


class TokenBucket:
    """``rate_per_s`` tokens per second, at most ``burst`` saved up; ``rate_per_s <= 0`` = no limit.

    ``acquire`` waits (with ``asyncio.sleep``, never blocking the loop) until a token is free;
    waiters are served first come, first served. ``pause(seconds)`` holds every caller back
    until then (a 429's Retry-After or backoff applies to the provider, not to one query).
    """

    def __init__(
        self,
        rate_per_s: float,
        burst: int,
        *,
        clock: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
        shared: SharedWindow | None = None,
    ) -> None:
        """`clock` and `sleep` are the time it waits in (tests pass a virtual one)."""
        self.shared = shared if rate_per_s > 0 else None
        self.rate_per_s = rate_per_s
        self.burst = max(1, burst)
        self._clock = clock
        self._sleep = sleep
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
                    if self.shared is not None:
                        shared_wait = await self.shared.try_take()
                        if shared_wait == 0.0:
                            return
                        if shared_wait is not None:  # the shared budget is spent: wait for it
                            if deadline is not None and now + shared_wait > deadline:
                                raise RateBudgetExceeded(
                                    f"next shared slot in {shared_wait:.1f} s, after the deadline"
                                )
                            await self._sleep(shared_wait)
                            continue
                        # None: Redis is away; this process's own bucket counts meanwhile
                    self._refill(now)
                    # a token refilled to within rounding of 1 is whole: waiting out 1e-15 s
                    # more would not move a clock of finite resolution, and the loop would spin
                    if self._tokens >= 1 - 1e-9:
                        self._tokens = max(0.0, self._tokens - 1)
                        return
                    wait = (1 - self._tokens) / self.rate_per_s
                if deadline is not None and now + wait > deadline:
                    raise RateBudgetExceeded(
                        f"next search slot in {wait:.1f} s, after the deadline"
                    )
                await self._sleep(wait)

    def _refill(self, now: float) -> None:
        self._tokens = min(self.burst, self._tokens + (now - self._updated) * self.rate_per_s)
        self._updated = now


class SharedWindow:
    """`rate_per_s` with `burst`, counted in Redis by the `limits` library (a moving window of
    `burst` calls per `burst / rate` seconds, rounded to whole seconds), under one `name` for every
    process. `try_take` answers 0.0 (taken), the seconds until a slot frees, or None when Redis
    failed (logged once per minute; the caller falls back to its own bucket)."""

    def __init__(self, redis_url: str, name: str, rate_per_s: float, burst: int) -> None:
        import redis.asyncio
        from limits import RateLimitItemPerSecond
        from limits.aio.storage import RedisStorage
        from limits.aio.strategies import MovingWindowRateLimiter

        window_s = max(1, round(max(1, burst) / rate_per_s))
        self.item = RateLimitItemPerSecond(max(1, math.floor(rate_per_s * window_s)), window_s)
        self.name = name
        self._pool = redis.asyncio.ConnectionPool.from_url(
            redis_url, socket_timeout=REDIS_TIMEOUT_S, socket_connect_timeout=REDIS_TIMEOUT_S
        )
        self._limiter = MovingWindowRateLimiter(
            RedisStorage(
                "async+redis://",
                implementation="redispy",
                wrap_exceptions=True,
                key_prefix="claimcheck-outbound",
                connection_pool=self._pool,  # type: ignore[arg-type]  # limits types **options as scalars; its docstring documents connection_pool
            )
        )
        self._warned_at = 0.0
        self.last_error: str | None = None

    async def try_take(self) -> float | None:
        from limits.errors import StorageError

        try:
            if await self._limiter.hit(self.item, self.name):
                return 0.0
            reset_at, _ = await self._limiter.get_window_stats(self.item, self.name)
        except (StorageError, OSError) as exc:
            self.last_error = (
                f"{type(exc.__cause__ or exc).__name__}: counted per process meanwhile"
            )
            if time.monotonic() - self._warned_at > 60:
                self._warned_at = time.monotonic()
                log.warning(
                    "shared %s rate limit unavailable (%s); counting in this process",
                    self.name,
                    exc,
                )
            return None
        self.last_error = None
        return max(0.01, reset_at - time.time())

    def describe(self) -> dict[str, Any]:
        return {
            "store": "redis",
            "limit": str(self.item),
            **({"error": self.last_error} if self.last_error else {}),
        }

    async def aclose(self) -> None:
        await self._pool.aclose()
