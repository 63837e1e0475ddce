"""The SSRF guard of the fetcher (search/fetch.py): the one check every connection passes.

:func:`guard_host` resolves a host once and refuses it when any address is not public (loopback,
private, link-local, CGNAT, ULA, multicast, reserved, unspecified, their IPv4-mapped IPv6 forms
and their integer/hex/octal spellings); :class:`GuardedBackend` is the httpcore network backend
that connects only to the addresses it vetted. Hosts in ``FETCH_ALLOW_HOSTS`` are exempt on the
ports they name (``parse_allowed_host``, search/urls.py). The fetcher's errors live here, since the guard
raises them; search.fetch exports them.
"""

from __future__ import annotations

import asyncio
import ipaddress
import re
import socket
from collections.abc import Awaitable, Callable, Collection, Iterable
from typing import Any

import httpcore

from search.urls import DEFAULT_PORTS, InvalidUrl, normalise_url, parse_allowed_host

Resolver = Callable[[str, int], Awaitable[list[str]]]
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


def check_scheme(url: str) -> str:
    """The URL as it will be requested (search.urls.normalise_url): FetchRefused for a scheme other
    than http(s), FetchInvalidUrl for anything else malformed."""
    scheme = url.strip().partition(":")[0] if ":" in url else ""
    if scheme.lower() not in {"http", "https"}:
        raise FetchRefused(f"only http and https URLs are fetched, not {scheme or 'none'!r}")
    try:
        return normalise_url(url)
    except InvalidUrl as exc:
        raise FetchInvalidUrl(f"invalid URL: {exc}") from None
