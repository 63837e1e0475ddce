"""The one way claimcheck fetches a URL it did not choose: SSRF-guarded, bounded, cached.

Every connection the :class:`Fetcher` opens goes through :func:`guard_host` *inside the network
backend*: the host is resolved once, every address is checked, and the socket is opened to a
vetted address — so a check cannot be bypassed by a redirect (each hop opens its own connection
through the same backend) or by DNS rebinding between check and connect. Refused are: schemes
other than http/https; loopback, private (10/8, 172.16/12, 192.168/16), link-local (169.254/16,
cloud metadata), CGNAT (100.64/10), ULA (fc00::/7), multicast, reserved and unspecified
addresses, IPv4-mapped IPv6 forms of those, and integer/hex/octal spellings of them
(``2130706433``, ``0x7f000001``). Hosts in ``FETCH_ALLOW_HOSTS`` are exempt (tests use it for
their loopback servers).

Bounded: one timeout per check or fetch (all hops included), at most ``concurrency`` requests at
a time, at most ``max_redirects`` hops, at most ``max_bytes`` of body read. One retry policy:
a connection error or connect timeout is retried once; HTTP statuses and refusals never are.
URL checks are cached per URL for ``cache_ttl_s`` (in-flight checks of the same URL are shared).
"""

from __future__ import annotations

import asyncio
import ipaddress
import re
import socket
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Collection, Iterable
from dataclasses import dataclass, field, replace
from typing import Any, Literal
from urllib.parse import urljoin, urlsplit

import httpcore
import httpx

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


async def guard_host(host: str, port: int, *, allow_hosts: Collection[str] = (),
                     resolver: Resolver = system_resolver) -> list[str]:
    """The SSRF guard: the vetted addresses to connect to for ``host``, or :class:`FetchRefused`.

    A literal address is checked as written; a name is resolved and refused when *any* of its
    addresses is non-public (so a name with one public and one private record is refused too).
    Hosts in ``allow_hosts`` skip the address check.
    """
    name = host.strip().strip("[]").rstrip(".").lower()
    if not name:
        raise FetchRefused("no host")
    allowed = name in {h.strip().strip("[]").lower() for h in allow_hosts}
    literal = _literal_ip(name)
    if literal is not None:
        addresses = [literal]
    else:
        try:
            addresses = [ipaddress.ip_address(a.split("%", 1)[0]) for a in await resolver(name, port)]
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

    def __init__(self, *, allow_hosts: Collection[str] = (), resolver: Resolver = system_resolver,
                 inner: httpcore.AsyncNetworkBackend | None = None) -> None:
        self.allow_hosts = tuple(allow_hosts)
        self.resolver = resolver
        self.inner = inner or httpcore.AnyIOBackend()

    async def connect_tcp(self, host: str, port: int, timeout: float | None = None,  # noqa: ASYNC109 (httpcore API)
                          local_address: str | None = None,
                          socket_options: Iterable[Any] | None = None) -> httpcore.AsyncNetworkStream:
        addresses = await guard_host(host, port, allow_hosts=self.allow_hosts, resolver=self.resolver)
        last: Exception | None = None
        for address in addresses:  # TLS still uses the original host name for SNI and checks
            try:
                return await self.inner.connect_tcp(address, port, timeout=timeout,
                                                    local_address=local_address,
                                                    socket_options=socket_options)
            except (httpcore.ConnectError, httpcore.ConnectTimeout) as exc:
                last = exc
        assert last is not None
        raise last

    async def connect_unix_socket(self, path: str, timeout: float | None = None,  # noqa: ASYNC109
                                  socket_options: Iterable[Any] | None = None) -> httpcore.AsyncNetworkStream:
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

    def __init__(self, policy: FetchPolicy | None = None, *, resolver: Resolver = system_resolver,
                 network_backend: httpcore.AsyncNetworkBackend | None = None) -> None:
        self.policy = policy or FetchPolicy()
        self.backend = GuardedBackend(allow_hosts=self.policy.allow_hosts, resolver=resolver,
                                      inner=network_backend)
        transport = httpx.AsyncHTTPTransport(retries=0)
        # httpx has no public hook for a network backend; swap in a pool that uses ours so that
        # every connection, on every redirect hop, passes the guard.
        transport._pool = httpcore.AsyncConnectionPool(
            ssl_context=httpx.create_ssl_context(), max_connections=max(self.policy.concurrency, 1) * 2,
            max_keepalive_connections=self.policy.concurrency, network_backend=self.backend)
        self._client = httpx.AsyncClient(
            transport=transport, follow_redirects=False, trust_env=False,  # no proxy around the guard
            timeout=httpx.Timeout(self.policy.timeout_s),
            headers={"user-agent": self.policy.user_agent, "accept": "*/*"})
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

        def done(status: CheckStatus, http_status: int | None = None, final: str | None = None,
                 reason: str = "") -> UrlCheck:
            return UrlCheck(url, status, http_status, final, reason,
                            round((time.perf_counter() - started) * 1000, 1))

        try:
            async with self._slots, asyncio.timeout(self.policy.timeout_s):
                final, answer = await self._request("HEAD", url, follow_redirects, read=False)
                if answer.status in {405, 501}:
                    final, answer = await self._request("GET", url, follow_redirects, read=False)
        except FetchRefused as exc:
            return done("refused", reason=str(exc))
        except FetchInvalidUrl as exc:
            return done("invalid_url", reason=str(exc))
        except TimeoutError:
            return done("unreachable", reason=f"timed out after {self.policy.timeout_s:g} s")
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
            await guard_host(parts.hostname or "", port, allow_hosts=self.policy.allow_hosts,
                             resolver=self.backend.resolver)

    async def post(self, url: str, content: bytes, headers: dict[str, str]) -> int:
        """POST once through the guard, redirects not followed (a webhook): the HTTP status.
        Raises FetchError (FetchRefused when the guard says no)."""
        try:
            async with self._slots, asyncio.timeout(self.policy.timeout_s):
                response = await self._client.post(_check_scheme(url), content=content, headers=headers)
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
        try:
            async with self._slots, asyncio.timeout(self.policy.timeout_s):
                final, response = await self._request("GET", url, True, read=True)
        except TimeoutError as exc:
            raise FetchError(f"{url}: timed out after {self.policy.timeout_s:g} s") from exc
        return Page(url, final, response.status, response.content_type, response.body,
                    response.truncated)

    async def _request(self, method: str, url: str, follow: bool, *,
                       read: bool) -> tuple[str, _Answer]:
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

    async def _send(self, method: str, url: str, *, read: bool) -> _Answer:
        for attempt in (1, 2):  # the one retry policy: one more try on a connection failure
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
                return _Answer(response.status_code, response.headers.get("location"),
                               response.headers.get("content-type", ""),
                               b"".join(chunks)[: self.policy.max_bytes], truncated)
            except FetchError:
                raise
            except (httpx.ConnectError, httpx.ConnectTimeout) as exc:
                if attempt == 2:
                    raise FetchError(f"cannot connect: {exc}") from exc
                await asyncio.sleep(0.2)
            except httpx.HTTPError as exc:
                if isinstance(exc, httpx.RemoteProtocolError) and "invalid url in location" in str(exc).lower():
                    # httpx reads the Location itself while building the response
                    raise FetchInvalidUrl(f"redirect to an invalid URL: {exc}") from None
                raise FetchError(f"{type(exc).__name__}: {exc}") from exc
            except (httpx.InvalidURL, UnicodeError, ValueError) as exc:
                # what httpx, idna and the standard library raise for a URL normalise_url let
                # through: still a per-URL status, never an exception out of the fetcher
                raise FetchInvalidUrl(f"invalid URL: {type(exc).__name__}: {exc}") from None
        raise AssertionError("not reached")


@dataclass(frozen=True)
class _Answer:
    status: int
    location: str | None
    content_type: str
    body: bytes
    truncated: bool
