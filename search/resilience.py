"""Time and failure limits for every outside call: the LLM, web search, page fetches and the Fact
Check Tools API (issue 38).

- **One deadline per verification** (`VERIFY_DEADLINE_S`): `within(seconds)` sets it for the
  current task and every task it starts (a context variable); `budget(timeout_s)` is one outside
  call's timeout, its own cut to what the deadline leaves. A call that gets no time is not made
  and the cut is recorded (`cuts()`), so the verification can say what it left out.
- **One retry policy** (`retrying`): tenacity, a transient failure tried again after a short
  jittered backoff, only when the deadline leaves time for another whole attempt.
- **A circuit breaker per outside service** (`CircuitBreaker`): after `threshold` consecutive
  failures the service is skipped for `cool_off_s`; then one call is let through (half-open):
  its success closes the breaker, its failure opens it again. A cancelled call (a client that went
  away) counts neither way. Health shows each breaker's state.

Pure asyncio and tenacity; nothing here imports the agent or the app.
"""

from __future__ import annotations

import asyncio
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any, TypeVar

from tenacity import AsyncRetrying, RetryCallState, retry_if_exception, wait_exponential_jitter

__all__ = [
    "Breakers",
    "CircuitBreaker",
    "CircuitOpen",
    "Limits",
    "budget",
    "never_open",
    "cut",
    "cuts",
    "deadline",
    "remaining",
    "retrying",
    "within",
]

T = TypeVar("T")
MIN_CALL_S = 0.25  # an outside call given less than this is not made at all


@dataclass
class _Budget:
    deadline: float  # time.monotonic() by which outside calls must have answered
    seconds: float  # the length it was set with, for messages
    cuts: list[str] = field(default_factory=list)  # what the deadline left out, in order


_budget: ContextVar[_Budget | None] = ContextVar("claimcheck_deadline", default=None)


@contextmanager
def within(seconds: float | None) -> Iterator[None]:
    """Outside calls of this task (and the tasks it starts) answer within `seconds` from now; an
    outer deadline that ends sooner still holds. `None`: no deadline added."""
    if seconds is None:
        yield
        return
    outer = _budget.get()
    end = time.monotonic() + seconds
    if outer is not None and outer.deadline <= end:  # the outer deadline holds; cuts counted apart
        end, seconds = outer.deadline, outer.seconds
    token = _budget.set(_Budget(end, seconds))
    try:
        yield
    finally:
        _budget.reset(token)


def deadline() -> float | None:
    """The current deadline on `time.monotonic()`, or None."""
    current = _budget.get()
    return None if current is None else current.deadline


def remaining() -> float | None:
    current = _budget.get()
    return None if current is None else current.deadline - time.monotonic()


def budget(timeout_s: float) -> float:
    """One call's timeout: `timeout_s`, cut to what the deadline leaves (0.0 when it leaves less
    than MIN_CALL_S: then the call should not be made)."""
    left = remaining()
    if left is None:
        return timeout_s
    return min(timeout_s, left) if left >= MIN_CALL_S else 0.0


def cut(what: str) -> None:
    """Record that the deadline left `what` out (each text once)."""
    current = _budget.get()
    if current is not None and what not in current.cuts:
        current.cuts.append(what)


def cuts() -> list[str]:
    current = _budget.get()
    return list(current.cuts) if current is not None else []


def deadline_seconds() -> float | None:
    current = _budget.get()
    return None if current is None else current.seconds


# -- circuit breakers -------------------------------------------------------------------------


class CircuitOpen(Exception):
    """The service is skipped: its breaker is open (or its one half-open probe is in flight)."""

    def __init__(self, name: str, message: str) -> None:
        super().__init__(message)
        self.name = name


class CircuitBreaker:
    """closed → (threshold consecutive failures) → open → (cool-off) → half-open: one probe call;
    its success closes, its failure re-opens. Not thread-safe (one event loop)."""

    def __init__(
        self,
        name: str,
        threshold: int = 3,
        cool_off_s: float = 30.0,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.name = name
        self.threshold = threshold
        self.cool_off_s = cool_off_s
        self._clock = clock
        self.failures = 0  # consecutive
        self.opened_at: float | None = None
        self.probing = False
        self.last_error: str | None = None
        self.times_opened = 0

    @property
    def state(self) -> str:
        if self.opened_at is None:
            return "closed"
        if self.probing or self._clock() - self.opened_at >= self.cool_off_s:
            return "half-open"
        return "open"

    def retry_in(self) -> float:
        if self.opened_at is None:
            return 0.0
        return max(0.0, self.cool_off_s - (self._clock() - self.opened_at))

    def before_call(self) -> bool:
        """Raise CircuitOpen when the call must be skipped; True when this call is the half-open
        probe (the caller reports its outcome like any other)."""
        state = self.state
        if state == "closed":
            return False
        if state == "open":
            raise CircuitOpen(
                self.name,
                f"{self.name} skipped: its circuit breaker is open after "
                f"{self.failures} consecutive failure(s) (last: {self.last_error}); "
                f"tried again in {self.retry_in():.0f} s",
            )
        if self.probing:
            raise CircuitOpen(
                self.name,
                f"{self.name} skipped: its circuit breaker is half-open and "
                "one trial call is in flight",
            )
        self.probing = True
        return True

    def success(self) -> None:
        self.failures, self.opened_at, self.probing, self.last_error = 0, None, False, None

    def failure(self, reason: str) -> None:
        self.failures += 1
        self.last_error = reason[:200]
        if self.probing or self.failures >= self.threshold:
            if self.opened_at is None or self.probing:
                self.times_opened += 1
            self.opened_at = self._clock()
        self.probing = False

    def release(self) -> None:
        """The call ended without a verdict on the service (cancelled, or the deadline cut it
        before an answer could come): a half-open probe slot is given back."""
        self.probing = False

    async def call(
        self,
        fn: Callable[[], Awaitable[T]],
        *,
        counts: Callable[[BaseException], bool] = lambda _: True,
    ) -> T:
        """`await fn()` under the breaker: its exceptions for which `counts` is true are failures."""
        self.before_call()
        try:
            result = await fn()
        except asyncio.CancelledError:
            self.release()
            raise
        except Exception as exc:
            if counts(exc):
                self.failure(f"{type(exc).__name__}: {exc}")
            else:
                self.success()  # the service answered (e.g. a 4xx about the request itself)
            raise
        self.success()
        return result

    def describe(self) -> dict[str, Any]:
        return {
            "state": self.state,
            "consecutive_failures": self.failures,
            "threshold": self.threshold,
            "cool_off_s": self.cool_off_s,
            "retry_in_s": round(self.retry_in(), 1),
            "last_error": self.last_error,
            "times_opened": self.times_opened,
        }


def never_open(name: str) -> CircuitBreaker:
    """A breaker that never opens: what a client built without the service's breakers gets
    (tests, scripts); the composition root passes the real ones."""
    return CircuitBreaker(name, threshold=2**62)


class Breakers:
    """The breakers of one process: one per service, and one per host for page fetches (a dead
    site must not stop URL checks of the others). At most `max_hosts` host breakers are kept
    (least recently used dropped)."""

    def __init__(
        self,
        threshold: int = 3,
        cool_off_s: float = 30.0,
        max_hosts: int = 512,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.threshold = threshold
        self.cool_off_s = cool_off_s
        self.clock = clock
        self.services: dict[str, CircuitBreaker] = {}
        self.hosts: OrderedDict[str, CircuitBreaker] = OrderedDict()
        self.max_hosts = max_hosts

    def service(self, name: str) -> CircuitBreaker:
        if name not in self.services:
            self.services[name] = CircuitBreaker(name, self.threshold, self.cool_off_s, self.clock)
        return self.services[name]

    def host(self, host: str) -> CircuitBreaker:
        breaker = self.hosts.get(host)
        if breaker is None:
            breaker = self.hosts[host] = CircuitBreaker(
                f"fetch {host}", self.threshold, self.cool_off_s, self.clock
            )
            while len(self.hosts) > self.max_hosts:
                self.hosts.popitem(last=False)
        self.hosts.move_to_end(host)
        return breaker

    @property
    def degraded(self) -> list[str]:
        """The services skipped now or on probation (a dead web site is not a degraded service:
        its host breaker shows in `describe()` only)."""
        return [b.name for b in self.services.values() if b.state != "closed"]

    def describe(self) -> dict[str, Any]:
        described: dict[str, Any] = {name: b.describe() for name, b in self.services.items()}
        not_closed = {host: b.describe() for host, b in self.hosts.items() if b.state != "closed"}
        described["fetch_hosts"] = {"tracked": len(self.hosts), "not_closed": not_closed}
        return described


# -- the retry policy ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Limits:
    """The retry policy's numbers (settings): retries after the first attempt, backoff bounds."""

    retries: int = 1
    backoff_initial_s: float = 0.2
    backoff_max_s: float = 2.0


def retrying(
    limits: Limits, transient: Callable[[BaseException], bool], attempt_s: float
) -> AsyncRetrying:
    """tenacity's AsyncRetrying for one outside call: `transient` failures are tried again, at most
    `limits.retries` times, and only when the deadline leaves at least MIN_CALL_S after the backoff
    (`attempt_s`: the call's own timeout, for the message only)."""
    backoff = wait_exponential_jitter(
        initial=limits.backoff_initial_s, max=limits.backoff_max_s, jitter=limits.backoff_initial_s
    )

    def stop(state: RetryCallState) -> bool:
        if state.attempt_number > limits.retries:
            return True
        left = remaining()
        return left is not None and left - state.upcoming_sleep < MIN_CALL_S

    def is_transient(exc: BaseException) -> bool:
        return not isinstance(exc, CircuitOpen) and transient(exc)

    return AsyncRetrying(
        retry=retry_if_exception(is_transient), wait=backoff, stop=stop, reraise=True
    )
