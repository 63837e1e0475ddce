"""The SSRF guard and the URL checker, against real loopback servers (no internet)."""

from __future__ import annotations

import asyncio
import time

import httpcore
import pytest

from search.fetch import Fetcher, FetchError, FetchPolicy, FetchRefused, guard_host
from tests.fakes.web import FakeWeb


class RecordingResolver:
    """A resolver we can observe: a fixed name → addresses map; everything else is NXDOMAIN."""

    def __init__(self, names: dict[str, list[str]] | None = None) -> None:
        self.names = names or {}
        self.asked: list[str] = []

    async def __call__(self, host: str, port: int) -> list[str]:
        self.asked.append(host)
        if host not in self.names:
            raise OSError(f"NXDOMAIN {host}")
        return self.names[host]


class RecordingBackend(httpcore.AsyncNetworkBackend):
    """The real network backend, recording every address a socket is opened to."""

    def __init__(self) -> None:
        self.inner = httpcore.AnyIOBackend()
        self.connects: list[tuple[str, int]] = []

    async def connect_tcp(self, host, port, timeout=None, local_address=None, socket_options=None):  # noqa: ASYNC109
        self.connects.append((host, port))
        return await self.inner.connect_tcp(
            host, port, timeout=timeout, local_address=local_address, socket_options=socket_options
        )

    async def connect_unix_socket(self, path, timeout=None, socket_options=None):  # noqa: ASYNC109
        raise AssertionError("never used")

    async def sleep(self, seconds):
        await self.inner.sleep(seconds)


REFUSED = [
    ("127.0.0.1", "loopback"),
    ("::1", "loopback"),
    ("[::1]", "loopback"),
    ("0x7f000001", "loopback"),
    ("2130706433", "loopback"),
    ("017700000001", "loopback"),
    ("127.1", "loopback"),
    ("169.254.169.254", "link-local"),
    ("10.0.0.1", "private"),
    ("10.255.255.254", "private"),
    ("172.16.0.1", "private"),
    ("172.31.255.1", "private"),
    ("192.168.1.1", "private"),
    ("100.64.0.1", "carrier-grade NAT"),
    ("100.127.255.254", "carrier-grade NAT"),
    ("fc00::1", "private"),
    ("fd12:3456::1", "private"),
    ("::ffff:127.0.0.1", "loopback"),
    ("::ffff:169.254.169.254", "link-local"),
    ("0.0.0.0", "unspecified"),
    ("224.0.0.1", "multicast"),
    ("240.0.0.1", "private|not a public"),
    ("fe80::1", "link-local"),
    ("internal.example", "private"),  # a name that resolves to a private address
    ("mixed.example", "loopback"),  # one public and one loopback record
]


@pytest.mark.parametrize(("host", "why"), REFUSED)
async def test_guard_refuses(host, why):
    resolver = RecordingResolver(
        {"internal.example": ["10.1.2.3"], "mixed.example": ["93.184.216.34", "127.0.0.1"]}
    )
    with pytest.raises(FetchRefused, match=why):
        await guard_host(host, 80, resolver=resolver)
    # literal addresses are judged without asking DNS
    assert resolver.asked == ([host] if host.endswith(".example") else [])


@pytest.mark.parametrize("host", ["93.184.216.34", "2606:2800:220:1::1", "public.example"])
async def test_guard_passes_public_addresses(host):
    resolver = RecordingResolver({"public.example": ["93.184.216.34"]})
    assert await guard_host(host, 443, resolver=resolver)


async def test_allow_list_exempts_only_the_listed_host():
    assert await guard_host("127.0.0.1", 80, allow_hosts=["127.0.0.1"]) == ["127.0.0.1"]
    with pytest.raises(FetchRefused):
        await guard_host("::1", 80, allow_hosts=["127.0.0.1"])


async def test_an_allowed_host_is_exempt_on_the_ports_it_names_only():
    # a bare host: its default ports; host:port: that port; host:*: every port (issue 38)
    assert await guard_host("127.0.0.1", 443, allow_hosts=["127.0.0.1"])
    for port in (8080, 6379, 5432):
        with pytest.raises(FetchRefused):
            await guard_host("127.0.0.1", port, allow_hosts=["127.0.0.1"])
    assert await guard_host("127.0.0.1", 8080, allow_hosts=["127.0.0.1:8080"])
    with pytest.raises(FetchRefused):
        await guard_host("127.0.0.1", 8081, allow_hosts=["127.0.0.1:8080"])
    with pytest.raises(FetchRefused):
        await guard_host("127.0.0.1", 80, allow_hosts=["127.0.0.1:8080"])
    assert await guard_host("::1", 9000, allow_hosts=["[::1]:9000"])
    assert await guard_host("127.0.0.1", 6379, allow_hosts=["127.0.0.1:*"])


def test_an_unusable_allow_list_entry_is_refused_at_start_up():
    from app.config import Settings

    for entry in ("127.0.0.1:", "127.0.0.1:99999", "host:port", "[::1]x", ":80"):
        with pytest.raises(ValueError, match="FETCH_ALLOW_HOSTS"):
            Settings(_env_file=None, FETCH_ALLOW_HOSTS=entry)
    assert Settings(
        _env_file=None, FETCH_ALLOW_HOSTS="a.example, 127.0.0.1:8080,[::1]:*"
    ).FETCH_ALLOW_HOSTS


async def test_unresolvable_name_is_an_error_not_a_refusal():
    with pytest.raises(FetchError) as info:
        await guard_host("nowhere.example", 80, resolver=RecordingResolver())
    assert not isinstance(info.value, FetchRefused)


@pytest.mark.parametrize(
    "url",
    [
        "http://127.0.0.1:{port}/ok",
        "http://[::1]:{port}/ok",
        "http://0x7f000001:{port}/ok",
        "http://2130706433:{port}/ok",
        "http://[::ffff:127.0.0.1]:{port}/ok",
        "http://internal.example:{port}/ok",
        "file:///etc/passwd",
        "ftp://127.0.0.1/x",
        "gopher://127.0.0.1:{port}/",
    ],
)
async def test_fetcher_refuses_before_any_connection(url):
    backend = RecordingBackend()
    resolver = RecordingResolver({"internal.example": ["127.0.0.1"]})
    with FakeWeb({"/ok": (200, {}, b"secret")}) as web:
        fetcher = Fetcher(FetchPolicy(timeout_s=3), resolver=resolver, network_backend=backend)
        try:
            check = await fetcher.check(url.format(port=web.port))
            with pytest.raises(FetchRefused):
                await fetcher.fetch(url.format(port=web.port))
        finally:
            await fetcher.aclose()
        assert check.status == "refused"
        assert backend.connects == []
        assert web.requests == []


async def test_redirect_to_a_private_address_is_refused_before_connecting_to_it():
    backend = RecordingBackend()
    resolver = RecordingResolver({"evil.example": ["127.0.0.1"]})
    with FakeWeb(
        {
            "/start": (302, {"location": "http://evil.example:{port}/ok"}, b""),
            "/ok": (200, {}, b"secret"),
        }
    ) as web:
        fetcher = Fetcher(
            FetchPolicy(allow_hosts=("127.0.0.1:*",), timeout_s=3),
            resolver=resolver,
            network_backend=backend,
        )
        try:
            check = await fetcher.check(web.url + "/start")
        finally:
            await fetcher.aclose()
    assert check.status == "refused" and "evil.example" in check.reason
    assert web.requests == [("HEAD", "/start")]  # the private hop was never requested
    assert backend.connects == [("127.0.0.1", web.port)]  # only the allowed first hop
    assert resolver.asked == ["evil.example"]


async def test_redirect_to_another_scheme_is_refused():
    with FakeWeb({"/start": (302, {"location": "file:///etc/passwd"}, b"")}) as web:
        fetcher = Fetcher(FetchPolicy(allow_hosts=("127.0.0.1:*",), timeout_s=3))
        try:
            check = await fetcher.check(web.url + "/start")
        finally:
            await fetcher.aclose()
    assert check.status == "refused"


@pytest.fixture
async def allowed():
    fetcher = Fetcher(
        FetchPolicy(allow_hosts=("127.0.0.1:*",), timeout_s=2, max_bytes=1000, cache_ttl_s=60)
    )
    yield fetcher
    await fetcher.aclose()


async def test_statuses(allowed):
    with FakeWeb(
        {
            "/ok": (200, {}, b"x"),
            "/moved": (301, {"location": "/ok"}, b""),
            "/paywall": (403, {}, b""),
            "/busy": (503, {}, b""),
            "/loop": (302, {"location": "/loop"}, b""),
        }
    ) as web:
        ok = await allowed.check(web.url + "/ok")
        moved = await allowed.check(web.url + "/moved")
        gone = await allowed.check(web.url + "/missing")
        paywall = await allowed.check(web.url + "/paywall")
        busy = await allowed.check(web.url + "/busy")
        loop = await allowed.check(web.url + "/loop")
    assert (ok.status, ok.http_status) == ("valid", 200)
    assert (moved.status, moved.http_status, moved.final_url) == ("valid", 200, web.url + "/ok")
    assert (gone.status, gone.http_status, gone.paywalled) == ("invalid", 404, False)
    assert (paywall.status, paywall.paywalled) == ("invalid", True)
    assert busy.status == "unreachable"
    assert loop.status == "unreachable" and "redirects" in loop.reason


async def test_head_not_allowed_falls_back_to_get(allowed):
    with FakeWeb({"/page": (200, {}, b"x")}, head_status=405) as web:
        check = await allowed.check(web.url + "/page")
    assert check.status == "valid"
    assert web.requests == [("HEAD", "/page"), ("GET", "/page")]


async def test_checks_are_cached_and_shared(allowed):
    with FakeWeb({"/ok": (200, {}, b"x")}, delay_s=0.2) as web:
        first, second = await asyncio.gather(
            allowed.check(web.url + "/ok"), allowed.check(web.url + "/ok")
        )
        third = await allowed.check(web.url + "/ok")
    assert [first.cached, second.cached, third.cached].count(True) == 2
    assert web.requests == [("HEAD", "/ok")]


async def test_cache_expires():
    fetcher = Fetcher(FetchPolicy(allow_hosts=("127.0.0.1:*",), timeout_s=2, cache_ttl_s=0.05))
    try:
        with FakeWeb({"/ok": (200, {}, b"x")}) as web:
            await fetcher.check(web.url + "/ok")
            await asyncio.sleep(0.1)
            again = await fetcher.check(web.url + "/ok")
    finally:
        await fetcher.aclose()
    assert not again.cached and len(web.requests) == 2


async def test_timeout_bounds_a_check():
    fetcher = Fetcher(FetchPolicy(allow_hosts=("127.0.0.1:*",), timeout_s=0.3))
    try:
        with FakeWeb({"/slow": (200, {}, b"x")}, delay_s=1.0) as web:
            started = time.perf_counter()
            check = await fetcher.check(web.url + "/slow")
            elapsed = time.perf_counter() - started
    finally:
        await fetcher.aclose()
    assert check.status == "unreachable" and "timed out" in check.reason
    assert elapsed < 0.9


async def test_fetch_caps_the_body(allowed):
    with FakeWeb({"/big": (200, {"content-type": "text/html"}, b"a" * 50_000)}) as web:
        page = await allowed.fetch(web.url + "/big")
    assert page.truncated and len(page.body) == 1000 and page.content_type == "text/html"


async def test_unreachable_host_is_retried_once_then_reported(allowed):
    with FakeWeb() as web:
        port = web.port
    started = time.perf_counter()
    check = await allowed.check(f"http://127.0.0.1:{port}/gone")  # nothing listens any more
    assert check.status == "unreachable" and "connect" in check.reason
    assert time.perf_counter() - started >= 0.2  # the one retry waited before trying again
