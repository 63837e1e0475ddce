"""The one way claimcheck fetches a URL it did not choose: SSRF-guarded, bounded, cached.

Every connection the :class:`Fetcher` opens goes through :func:`guard_host` *inside the network
backend*: the host is resolved once, every address is checked, and the socket is opened to a
vetted address — so a check cannot be bypassed by a redirect (each hop opens its own connection
through the same backend) or by DNS rebinding between check and connect. Refused are: schemes
other than http/https; loopback, private (10/8, 172.16/12, 192.168/16), link-local (169.254/16,
cloud metadata), CGNAT (100.64/10), ULA (fc00::/7), multicast, reserved and unspecified
addresses, IPv4-mapped IPv6 forms of those, and integer/hex/octal spellings of them
(``2130706433``, ``0x7f000001``). Hosts in ``FETCH_ALLOW_HOSTS`` are exempt on the ports they
name (``host:port``; a bare host: ports 80 and 443 only; ``host:*``: every port) — tests use it for
their loopback servers.

Bounded: one timeout per check or fetch (all hops included), cut to what the verification's
deadline leaves (search/resilience.py), at most ``concurrency`` requests at a time, at most
``max_redirects`` hops, at most ``max_bytes`` of body read. One retry policy (the one of every
outside call): a connection error, a reset or a connect timeout is retried when the deadline allows;
HTTP statuses and refusals never are. Each host has its circuit breaker: after consecutive
network failures it is skipped (``unreachable``, said so) for a cool-off.
URL checks are cached per URL for ``cache_ttl_s`` (in-flight checks of the same URL are shared).
The guard itself is search/guard.py; one HTTP exchange below the retries is search/_exchange.py.
"""

from __future__ import annotations

import asyncio
import time
from collections import OrderedDict
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field, replace
from typing import Literal
from urllib.parse import urljoin, urlsplit

import httpcore
import httpx

from search._exchange import NOT_ASKED, Answer, Transient, send_once
from search.guard import (
    FetchError,
    FetchInvalidUrl,
    FetchRefused,
    GuardedBackend,
    Resolver,
    check_scheme,
    guard_host,
    system_resolver,
)
from search.resilience import Breakers, CircuitOpen, Limits, budget, cut, retrying
from search.urls import parse_allowed_host

__all__ = [
    "FetchError",
    "FetchInvalidUrl",
    "FetchPolicy",
    "FetchRefused",
    "Fetcher",
    "GuardedBackend",
    "Page",
    "Resolver",
    "UrlCheck",
    "guard_host",
    "parse_allowed_host",
    "system_resolver",
]

CheckStatus = Literal["valid", "invalid", "unreachable", "refused", "invalid_url"]


@dataclass(frozen=True)
class FetchPolicy:
    allow_hosts: tuple[str, ...] = ()
    timeout_s: float = 5.0
    max_bytes: int = 2_000_000
    max_redirects: int = 5
    concurrency: int = 8
    cache_ttl_s: float = 3600.0
    cache_size: int = 4096
    user_agent: str = "claimcheck/0.1 (+https://github.com/claimcheck; source check)"


@dataclass(frozen=True)
class UrlCheck:
    """The outcome of one liveness check of a URL."""

    url: str
    status: CheckStatus
    http_status: int | None = None
    final_url: str | None = None
    reason: str = ""
    elapsed_ms: float = 0.0
    cached: bool = False

    @property
    def paywalled(self) -> bool:
        """401/402/403: the page exists behind a login or paywall (or refuses robots)."""
        return self.http_status in {401, 402, 403}


@dataclass(frozen=True)
class Page:
    url: str
    final_url: str
    status: int
    content_type: str
    body: bytes
    truncated: bool


@dataclass
class _Cache:
    ttl_s: float
    size: int
    entries: OrderedDict[str, tuple[float, UrlCheck]] = field(default_factory=OrderedDict)

    def get(self, key: str) -> UrlCheck | None:
        hit = self.entries.get(key)
        if hit is None or hit[0] < time.monotonic():
            self.entries.pop(key, None)
            return None
        self.entries.move_to_end(key)
        return hit[1]

    def put(self, key: str, value: UrlCheck) -> None:
        # A network failure may be ours (a blip, no route): remember it for a minute at most.
        ttl = min(self.ttl_s, 60.0) if value.status == "unreachable" else self.ttl_s
        self.entries[key] = (time.monotonic() + ttl, value)
        self.entries.move_to_end(key)
        while len(self.entries) > self.size:
            self.entries.popitem(last=False)


class Fetcher:
    """SSRF-guarded HTTP for URLs from the outside world. Build once (lifespan), share, close."""

    def __init__(
        self,
        policy: FetchPolicy | None = None,
        *,
        resolver: Resolver = system_resolver,
        network_backend: httpcore.AsyncNetworkBackend | None = None,
        breakers: Breakers | None = None,
        limits: Limits | None = None,
    ) -> None:
        self.policy = policy or FetchPolicy()
        self.breakers = breakers or Breakers(
            threshold=2**62
        )  # the composition root passes the real ones
        self.limits = limits or Limits()
        self.backend = GuardedBackend(
            allow_hosts=self.policy.allow_hosts, resolver=resolver, inner=network_backend
        )
        transport = httpx.AsyncHTTPTransport(retries=0)
        # httpx has no public hook for a network backend; swap in a pool that uses ours so that
        # every connection, on every redirect hop, passes the guard.
        transport._pool = httpcore.AsyncConnectionPool(
            ssl_context=httpx.create_ssl_context(),
            max_connections=max(self.policy.concurrency, 1) * 2,
            max_keepalive_connections=self.policy.concurrency,
            network_backend=self.backend,
        )
        self._client = httpx.AsyncClient(
            transport=transport,
            follow_redirects=False,
            trust_env=False,  # no proxy around the guard
            timeout=httpx.Timeout(self.policy.timeout_s),
            headers={"user-agent": self.policy.user_agent, "accept": "*/*"},
        )
        self._slots = asyncio.Semaphore(self.policy.concurrency)
        self._cache = _Cache(self.policy.cache_ttl_s, self.policy.cache_size)
        self._inflight: dict[str, asyncio.Future[UrlCheck]] = {}

    async def aclose(self) -> None:
        await self._client.aclose()

    # -- liveness checks ------------------------------------------------------------------

    async def check(self, url: str, *, follow_redirects: bool = True) -> UrlCheck:
        """HEAD the URL (GET when HEAD is not allowed), following redirects; never raises.

        ``valid`` for a final 2xx/3xx, ``invalid`` for other statuses (``paywalled`` tells 401/
        402/403 apart), ``unreachable`` for network errors, timeouts and 429/5xx, ``refused``
        when the guard said no, ``invalid_url`` when the URL (or a redirect's Location) is
        malformed. ``cached`` is true when the answer came from the cache.
        """
        key = f"{int(follow_redirects)} {url}"
        hit = self._cache.get(key)
        if hit is not None:
            return replace(hit, cached=True)
        pending = self._inflight.get(key)
        if pending is not None:
            return replace(await asyncio.shield(pending), cached=True)
        future: asyncio.Future[UrlCheck] = asyncio.get_running_loop().create_future()
        self._inflight[key] = future
        try:
            result = await self._check(url, follow_redirects)
            if not result.reason.startswith(NOT_ASKED):  # skipped now, maybe asked next time
                self._cache.put(key, result)
            future.set_result(result)
            return result
        except BaseException as exc:  # cancelled: waiters must not hang
            future.set_exception(exc)
            future.exception()  # mark retrieved
            raise
        finally:
            self._inflight.pop(key, None)

    async def _check(self, url: str, follow_redirects: bool) -> UrlCheck:
        started = time.perf_counter()

        def done(
            status: CheckStatus,
            http_status: int | None = None,
            final: str | None = None,
            reason: str = "",
        ) -> UrlCheck:
            return UrlCheck(
                url,
                status,
                http_status,
                final,
                reason,
                round((time.perf_counter() - started) * 1000, 1),
            )

        timeout_s = budget(self.policy.timeout_s)
        if timeout_s <= 0:
            cut("URL checks (no time left)")
            return done(
                "unreachable", reason=f"{NOT_ASKED}the verification's deadline left no time"
            )
        try:
            async with self._host_breaker(url), self._slots, asyncio.timeout(timeout_s):
                final, answer = await self._request("HEAD", url, follow_redirects, read=False)
                if answer.status in {405, 501}:
                    final, answer = await self._request("GET", url, follow_redirects, read=False)
        except CircuitOpen as exc:
            return done("unreachable", reason=f"{NOT_ASKED}{exc}")
        except FetchRefused as exc:
            return done("refused", reason=str(exc))
        except FetchInvalidUrl as exc:
            return done("invalid_url", reason=str(exc))
        except TimeoutError:
            if timeout_s < self.policy.timeout_s:
                cut(f"URL checks (stopped after {timeout_s:.1f} s by the deadline)")
            return done("unreachable", reason=f"timed out after {timeout_s:g} s")
        except FetchError as exc:
            return done("unreachable", reason=str(exc))
        code = answer.status
        if code < 400:
            return done("valid", code, final)
        if code == 429 or code >= 500:
            return done("unreachable", code, final, f"HTTP {code} (transient)")
        return done("invalid", code, final, f"HTTP {code}")

    async def vet(self, url: str) -> None:
        """The guard's answer for ``url`` before anything is fetched: FetchRefused when it would be
        refused, FetchError when its host does not resolve; None when it may be fetched."""
        parts = urlsplit(check_scheme(url))  # normalised: the port and host are well-formed
        port = parts.port or (443 if parts.scheme == "https" else 80)
        async with asyncio.timeout(self.policy.timeout_s):
            await guard_host(
                parts.hostname or "",
                port,
                allow_hosts=self.policy.allow_hosts,
                resolver=self.backend.resolver,
            )

    async def post(self, url: str, content: bytes, headers: dict[str, str]) -> int:
        """POST once through the guard, redirects not followed (a webhook): the HTTP status.
        Raises FetchError (FetchRefused when the guard says no)."""
        try:
            async with self._slots, asyncio.timeout(self.policy.timeout_s):
                response = await self._client.post(
                    check_scheme(url), content=content, headers=headers
                )
                return response.status_code
        except TimeoutError as exc:
            raise FetchError(f"{url}: timed out after {self.policy.timeout_s:g} s") from exc
        except FetchError:
            raise
        except httpx.HTTPError as exc:
            raise FetchError(f"{type(exc).__name__}: {exc}") from exc

    # -- pages ----------------------------------------------------------------------------

    async def fetch(self, url: str) -> Page:
        """GET a page (redirects followed, body capped at ``max_bytes``). Raises FetchError."""
        timeout_s = budget(self.policy.timeout_s)
        if timeout_s <= 0:
            cut("page fetches (no time left)")
            raise FetchError(f"{url}: {NOT_ASKED}the verification's deadline left no time")
        try:
            async with self._host_breaker(url), self._slots, asyncio.timeout(timeout_s):
                final, response = await self._request("GET", url, True, read=True)
        except CircuitOpen as exc:
            raise FetchError(f"{url}: {NOT_ASKED}{exc}") from None
        except TimeoutError as exc:
            if timeout_s < self.policy.timeout_s:
                cut(f"page fetches (stopped after {timeout_s:.1f} s by the deadline)")
            raise FetchError(f"{url}: timed out after {timeout_s:g} s") from exc
        return Page(
            url, final, response.status, response.content_type, response.body, response.truncated
        )

    async def _request(
        self, method: str, url: str, follow: bool, *, read: bool
    ) -> tuple[str, Answer]:
        current = check_scheme(url)
        for _ in range(self.policy.max_redirects + 1):
            answer = await self._send(method, current, read=read)
            if not (follow and 300 <= answer.status < 400 and answer.location):
                return current, answer
            try:
                target = urljoin(current, answer.location)
            except ValueError as exc:  # e.g. an unbalanced bracket in the Location
                raise FetchInvalidUrl(f"redirect to an invalid URL: {exc}") from None
            current = check_scheme(target)
        raise FetchError(f"more than {self.policy.max_redirects} redirects")

    @asynccontextmanager
    async def _host_breaker(self, url: str) -> AsyncIterator[None]:
        """The host's circuit breaker around one check or fetch: a network failure or a timeout
        counts; any HTTP answer closes it; a refusal or a bad URL says nothing about the host."""
        try:
            parts = urlsplit(url)
            host = f"{(parts.hostname or '').lower()}:{parts.port or ''}"
        except ValueError:
            yield  # an unparsable URL fails in _check_scheme, no host to account it to
            return
        breaker = self.breakers.host(host)
        breaker.before_call()
        try:
            yield
        except (FetchRefused, FetchInvalidUrl, asyncio.CancelledError):
            breaker.release()
            raise
        except (FetchError, TimeoutError) as exc:
            breaker.failure(f"{type(exc).__name__}: {exc}")
            raise
        except BaseException:
            breaker.release()
            raise
        else:
            breaker.success()

    async def _send(self, method: str, url: str, *, read: bool) -> Answer:
        # the one retry policy (search/resilience.py): a failed connection or a reset is tried again
        async for attempt in retrying(
            self.limits, lambda exc: isinstance(exc, Transient), self.policy.timeout_s
        ):
            with attempt:
                return await send_once(
                    self._client, method, url, read=read, max_bytes=self.policy.max_bytes
                )
        raise AssertionError("not reached")
