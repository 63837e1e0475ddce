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
"""

from __future__ import annotations

import asyncio
import ipaddress
import re
import socket
import time
from collections import OrderedDict
from collections.abc import AsyncIterator, Awaitable, Callable, Collection, Iterable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field, replace
from typing import Any, Literal
from urllib.parse import urljoin, urlsplit

import httpcore
import httpx

from search.resilience import Breakers, CircuitOpen, Limits, budget, cut, retrying
from search.urls import InvalidUrl, normalise_url

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
    "system_resolver",
]

Resolver = Callable[[str, int], Awaitable[list[str]]]
CheckStatus = Literal["valid", "invalid", "unreachable", "refused", "invalid_url"]
IPAddress = ipaddress.IPv4Address | ipaddress.IPv6Address


class FetchError(Exception):
    """A URL could not be fetched (network error, timeout, too many redirects)."""


class FetchRefused(FetchError):
    """The SSRF guard refused the URL before any connection was made."""


class FetchInvalidUrl(FetchError):
    """The URL (or a redirect's Location) is malformed: nothing was requested."""


async def system_resolver(host: str, port: int) -> list[str]:
    """All addresses of ``host`` from the system resolver, off the event loop."""
    infos = await asyncio.get_running_loop().getaddrinfo(host, port, type=socket.SOCK_STREAM)
    return list(dict.fromkeys(str(info[4][0]) for info in infos))


_NUMERIC_V4 = re.compile(r"^(0x[0-9a-f]+|\d+)(\.(0x[0-9a-f]+|\d+)){0,3}$", re.IGNORECASE)
_CGNAT = ipaddress.ip_network("100.64.0.0/10")


def _literal_ip(host: str) -> IPAddress | None:
    """``host`` as an IP address if it is one in any spelling the resolver would accept."""
    try:
        return ipaddress.ip_address(host)
    except ValueError:
        pass
    if _NUMERIC_V4.match(host):
        try:  # inet_aton reads 2130706433, 0x7f000001, 017700000001 and 127.1 like getaddrinfo
            return ipaddress.IPv4Address(socket.inet_aton(host))
        except OSError:
            return None
    return None


def _why_blocked(ip: IPAddress) -> str | None:
    if isinstance(ip, ipaddress.IPv6Address):
        mapped = ip.ipv4_mapped or ip.sixtofour
        if mapped is not None:
            return _why_blocked(mapped)
    if ip.is_unspecified or ip.is_multicast:
        return "not a public address: unspecified or multicast"
    if ip.is_loopback:
        return "loopback"
    if ip.is_link_local:
        return "link-local (cloud metadata range)"
    if isinstance(ip, ipaddress.IPv4Address) and ip in _CGNAT:
        return "carrier-grade NAT"
    if ip.is_private:
        return "private"
    if ip.is_reserved or not ip.is_global:
        return "not a public address"
    return None


DEFAULT_PORTS = (80, 443)


def parse_allowed_host(entry: str) -> tuple[str, int | str | None]:
    """A FETCH_ALLOW_HOSTS entry as (host, port): `host:port` exempts that port only, a bare host
    its default ports (80, 443) only, `host:*` every port (explicitly). IPv6 in brackets:
    `[::1]:8080`, `[::1]`. Raises ValueError for an entry that is neither."""
    text = entry.strip().lower()
    host, port = text, None
    if text.startswith("["):
        host, _, rest = text[1:].partition("]")
        if rest:
            if not rest.startswith(":"):
                raise ValueError(f"FETCH_ALLOW_HOSTS entry {entry!r}: expected [ipv6]:port")
            port = rest[1:]
    elif text.count(":") == 1:
        host, port = text.split(":")
    host = host.rstrip(".")
    if not host or port == "":
        raise ValueError(f"FETCH_ALLOW_HOSTS entry {entry!r}: expected host, host:port or host:*")
    if port is None or port == "*":
        return host, port
    if not port.isdigit() or not 0 < int(port) < 65536:
        raise ValueError(f"FETCH_ALLOW_HOSTS entry {entry!r}: the port must be 1-65535 or *")
    return host, int(port)


async def guard_host(
    host: str, port: int, *, allow_hosts: Collection[str] = (), resolver: Resolver = system_resolver
) -> list[str]:
    """The SSRF guard: the vetted addresses to connect to for ``host``, or :class:`FetchRefused`.

    A literal address is checked as written; a name is resolved and refused when *any* of its
    addresses is non-public (so a name with one public and one private record is refused too).
    Hosts in ``allow_hosts`` skip the address check on the ports they name (`parse_allowed_host`).
    """
    name = host.strip().strip("[]").rstrip(".").lower()
    if not name:
        raise FetchRefused("no host")
    allowed = any(
        entry == (name, port)
        or entry == (name, None)
        and port in DEFAULT_PORTS
        or entry == (name, "*")
        for entry in map(parse_allowed_host, allow_hosts)
    )
    literal = _literal_ip(name)
    if literal is not None:
        addresses = [literal]
    else:
        try:
            addresses = [
                ipaddress.ip_address(a.split("%", 1)[0]) for a in await resolver(name, port)
            ]
        except OSError as exc:
            raise FetchError(f"cannot resolve {name}: {exc}") from exc
        if not addresses:
            raise FetchError(f"cannot resolve {name}: no addresses")
    if not allowed:
        for ip in addresses:
            reason = _why_blocked(ip)
            if reason is not None:
                verb = "is" if literal is not None else "resolves to"
                raise FetchRefused(f"{name} {verb} a {reason} address ({ip})")
    return [str(ip) for ip in addresses]


class GuardedBackend(httpcore.AsyncNetworkBackend):
    """An httpcore network backend that connects only to addresses :func:`guard_host` vetted."""

    def __init__(
        self,
        *,
        allow_hosts: Collection[str] = (),
        resolver: Resolver = system_resolver,
        inner: httpcore.AsyncNetworkBackend | None = None,
    ) -> None:
        self.allow_hosts = tuple(allow_hosts)
        self.resolver = resolver
        self.inner = inner or httpcore.AnyIOBackend()

    async def connect_tcp(
        self,
        host: str,
        port: int,
        timeout: float | None = None,  # noqa: ASYNC109 (httpcore API)
        local_address: str | None = None,
        socket_options: Iterable[Any] | None = None,
    ) -> httpcore.AsyncNetworkStream:
        addresses = await guard_host(
            host, port, allow_hosts=self.allow_hosts, resolver=self.resolver
        )
        last: Exception | None = None
        for address in addresses:  # TLS still uses the original host name for SNI and checks
            try:
                return await self.inner.connect_tcp(
                    address,
                    port,
                    timeout=timeout,
                    local_address=local_address,
                    socket_options=socket_options,
                )
            except (httpcore.ConnectError, httpcore.ConnectTimeout) as exc:
                last = exc
        assert last is not None
        raise last

    async def connect_unix_socket(
        self,
        path: str,
        timeout: float | None = None,  # noqa: ASYNC109
        socket_options: Iterable[Any] | None = None,
    ) -> httpcore.AsyncNetworkStream:
        raise FetchRefused("unix sockets are never fetched")

    async def sleep(self, seconds: float) -> None:
        await self.inner.sleep(seconds)


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


def _check_scheme(url: str) -> str:
    """The URL as it will be requested (search.urls.normalise_url): FetchRefused for a scheme other
    than http(s), FetchInvalidUrl for anything else malformed."""
    scheme = url.strip().partition(":")[0] if ":" in url else ""
    if scheme.lower() not in {"http", "https"}:
        raise FetchRefused(f"only http and https URLs are fetched, not {scheme or 'none'!r}")
    try:
        return normalise_url(url)
    except InvalidUrl as exc:
        raise FetchInvalidUrl(f"invalid URL: {exc}") from None


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
        parts = urlsplit(_check_scheme(url))  # normalised: the port and host are well-formed
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
                    _check_scheme(url), content=content, headers=headers
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
    ) -> tuple[str, _Answer]:
        current = _check_scheme(url)
        for _ in range(self.policy.max_redirects + 1):
            answer = await self._send(method, current, read=read)
            if not (follow and 300 <= answer.status < 400 and answer.location):
                return current, answer
            try:
                target = urljoin(current, answer.location)
            except ValueError as exc:  # e.g. an unbalanced bracket in the Location
                raise FetchInvalidUrl(f"redirect to an invalid URL: {exc}") from None
            current = _check_scheme(target)
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

    async def _send(self, method: str, url: str, *, read: bool) -> _Answer:
        # the one retry policy (search/resilience.py): a failed connection or a reset is tried again
        async for attempt in retrying(
            self.limits, lambda exc: isinstance(exc, _Transient), self.policy.timeout_s
        ):
            with attempt:
                return await self._send_once(method, url, read=read)
        raise AssertionError("not reached")

    async def _send_once(self, method: str, url: str, *, read: bool) -> _Answer:
        try:
            request = self._client.build_request(method, url)
            response = await self._client.send(request, stream=True)
            try:
                chunks: list[bytes] = []
                size, truncated = 0, False
                if read:  # decoded bytes, so the cap also bounds a decompression bomb
                    async for chunk in response.aiter_bytes():
                        chunks.append(chunk)
                        size += len(chunk)
                        if size >= self.policy.max_bytes:
                            truncated = True
                            break
            finally:
                await response.aclose()
            return _Answer(
                response.status_code,
                response.headers.get("location"),
                response.headers.get("content-type", ""),
                b"".join(chunks)[: self.policy.max_bytes],
                truncated,
            )
        except FetchError:
            raise
        except (httpx.ConnectError, httpx.ConnectTimeout) as exc:
            raise _Transient(f"cannot connect: {exc}") from exc
        except (httpx.ReadError, httpx.WriteError) as exc:  # e.g. the connection was reset
            raise _Transient(f"{type(exc).__name__}: {exc or 'connection reset'}") from exc
        except httpx.HTTPError as exc:
            if (
                isinstance(exc, httpx.RemoteProtocolError)
                and "invalid url in location" in str(exc).lower()
            ):
                # httpx reads the Location itself while building the response
                raise FetchInvalidUrl(f"redirect to an invalid URL: {exc}") from None
            if isinstance(exc, httpx.RemoteProtocolError):  # closed without an answer: a reset
                raise _Transient(f"{type(exc).__name__}: {exc}") from exc
            raise FetchError(f"{type(exc).__name__}: {exc}") from exc
        except (httpx.InvalidURL, UnicodeError, ValueError) as exc:
            # what httpx, idna and the standard library raise for a URL normalise_url let
            # through: still a per-URL status, never an exception out of the fetcher
            raise FetchInvalidUrl(f"invalid URL: {type(exc).__name__}: {exc}") from None


class _Transient(FetchError):
    """A failure worth another attempt (connection refused, reset, closed without an answer)."""


NOT_ASKED = "not asked: "  # the reason of a check the deadline or a breaker skipped (never cached)


@dataclass(frozen=True)
class _Answer:
    status: int
    location: str | None
    content_type: str
    body: bytes
    truncated: bool
