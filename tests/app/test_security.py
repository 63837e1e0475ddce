"""Issue 9, tried the way an attacker would: keys, origins, quotas, saturation and secrets,
through real HTTP requests against the real app (in-process, or a real server where it matters)."""

from __future__ import annotations

import asyncio
import logging
import socket
import time
from collections.abc import Iterator
from contextlib import AsyncExitStack, asynccontextmanager
from pathlib import Path

import httpx
import pytest
from pydantic import SecretStr, ValidationError

from app.config import Settings
from app.security import ApiKeys, presented_key
from tests.conftest import app_client, free_port, make_settings
from tests.fakes.openai_server import FakeOpenAI

KEY = "ck_live_4f9a1c2e7b8d3a6f5e0c"
OTHER_KEY = "ck_live_0b1c2d3e4f5a6b7c8d9e"
EXTENSION = "chrome-extension://abcdefghijklmnopabcdefghijklmnop"


def secured(tmp_path: Path, **overrides) -> Settings:
    values = {"AUTO_SEED": False, "API_KEYS": f"{KEY},{OTHER_KEY}"}
    values.update(overrides)
    return make_settings(tmp_path, **values)


@asynccontextmanager
async def client_from(client: httpx.AsyncClient, address: str):
    """Another client of the same running app, connecting from `address`."""
    transport = httpx.ASGITransport(app=client.app, client=(address, 40000))  # type: ignore[attr-defined]
    async with httpx.AsyncClient(transport=transport, base_url="http://claimcheck.test") as other:
        yield other


# -- API keys -----------------------------------------------------------------------------


async def test_keys_guard_the_api_but_not_health_the_page_or_the_docs(tmp_path, minilm):
    async with app_client(secured(tmp_path), embedder=minilm) as client:
        missing = await client.get("/api/kb/stats")
        wrong = await client.get("/api/kb/stats", headers={"X-API-Key": KEY[:-1] + "x"})
        prefix = await client.get("/api/kb/stats", headers={"X-API-Key": KEY[:8]})
        basic = await client.get("/api/kb/stats", headers={"Authorization": f"Basic {KEY}"})
        verify = await client.post("/api/verify", json={"claim": "The Earth is flat"})
        by_header = await client.get("/api/kb/stats", headers={"X-API-Key": KEY})
        by_bearer = await client.get(
            "/api/kb/stats", headers={"Authorization": f"Bearer {OTHER_KEY}"}
        )
        lower_bearer = await client.get("/api/kb/stats", headers={"authorization": f"bearer {KEY}"})
        health = await client.get("/api/health")
        page = await client.get("/")
        schema = await client.get("/openapi.json")
        docs = await client.get("/docs")

    for response in (missing, wrong, prefix, basic, verify):
        assert response.status_code == 401, response.text
        assert response.json()["error"] == "unauthorized"
        assert "X-API-Key" in response.json()["detail"]
        assert response.headers["www-authenticate"].startswith("Bearer")
    assert missing.json()["detail"].startswith("missing") and wrong.json()["detail"].startswith(
        "invalid"
    )
    assert by_header.status_code == by_bearer.status_code == lower_bearer.status_code == 200
    assert health.status_code == 200
    assert health.json()["components"]["security"]["api_keys"] == {"configured": True, "count": 2}
    assert page.status_code == 200 and docs.status_code == 200
    # The schema says what the guard enforces, so clients (and the fuzzer) know.
    spec = schema.json()
    assert set(spec["components"]["securitySchemes"]) == {"ApiKeyHeader", "BearerKey"}
    assert {"401", "429"} <= set(spec["paths"]["/api/verify"]["post"]["responses"])
    assert "security" in spec["paths"]["/api/verify"]["post"]
    assert "security" not in spec["paths"]["/api/health"]["get"]


async def test_a_route_added_later_is_protected_without_opting_in(tmp_path, minilm):
    async with app_client(secured(tmp_path), embedder=minilm) as client:
        app = client.app  # type: ignore[attr-defined]

        async def export() -> dict:
            return {"secret": "data"}

        app.add_api_route("/api/admin/export", export, methods=["GET"])
        app.add_api_route("/api/health/details", export, methods=["GET"])
        without = await client.get("/api/admin/export")
        nested = await client.get("/api/health/details")
        with_key = await client.get("/api/admin/export", headers={"X-API-Key": KEY})
    assert without.status_code == 401 and "secret" not in without.text
    assert nested.status_code == 401, "only /api/health itself is open, not what is under it"
    assert with_key.json() == {"secret": "data"}


async def test_without_keys_the_api_is_open_for_local_use(tmp_path, minilm):
    async with app_client(make_settings(tmp_path, AUTO_SEED=False), embedder=minilm) as client:
        stats = await client.get("/api/kb/stats")
        health = (await client.get("/api/health")).json()
    assert stats.status_code == 200
    assert health["components"]["security"]["api_keys"] == {"configured": False, "count": 0}


def test_key_matching_is_exact_and_reads_both_headers():
    keys = ApiKeys([SecretStr(KEY), SecretStr(OTHER_KEY)])
    first, second = keys.identify(KEY), keys.identify(OTHER_KEY)
    assert first and second and first != second
    assert KEY not in first and first == keys.identify(KEY)
    for near in ("", KEY[:-1], KEY + "x", KEY.upper(), f" {KEY}", KEY + "\x00"):
        assert keys.identify(near) is None, near
    assert presented_key(httpx.Headers({"X-API-Key": f" {KEY} "})) == KEY
    assert presented_key(httpx.Headers({"Authorization": f"Bearer  {KEY}"})) == KEY
    assert presented_key(httpx.Headers({"Authorization": "Bearer"})) is None
    assert presented_key(httpx.Headers({"Authorization": f"Token {KEY}"})) is None


def test_short_keys_and_wildcard_origins_fail_at_start_up():
    with pytest.raises(ValidationError, match="secrets.token_urlsafe"):
        Settings(_env_file=None, API_KEYS="abc")
    for origin in ("*", "null", "https://app.example/", "https://*.example", "app.example"):
        with pytest.raises(ValidationError, match="exact origins"):
            Settings(_env_file=None, CORS_ORIGINS=origin)
    assert Settings(_env_file=None, CORS_ORIGINS=f" {EXTENSION.upper()} ").CORS_ORIGINS == (
        EXTENSION,
    )


# -- CORS -----------------------------------------------------------------------------------


async def test_cors_echoes_only_the_configured_extension_origin(tmp_path, minilm):
    settings = secured(tmp_path, CORS_ORIGINS=f"{EXTENSION},https://claimcheck.example")
    preflight_headers = {
        "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers": "content-type,x-api-key",
    }
    async with app_client(settings, embedder=minilm) as client:
        ours = await client.get("/api/health", headers={"Origin": EXTENSION})
        evil = await client.get("/api/health", headers={"Origin": "https://evil.example"})
        null = await client.get("/api/health", headers={"Origin": "null"})
        lookalike = await client.get("/api/health", headers={"Origin": EXTENSION + ".evil.example"})
        preflight = await client.options(
            "/api/verify", headers={"Origin": EXTENSION, **preflight_headers}
        )
        evil_preflight = await client.options(
            "/api/verify", headers={"Origin": "https://evil.example", **preflight_headers}
        )
        unauthorized = await client.post(
            "/api/verify", json={"claim": "x"}, headers={"Origin": EXTENSION}
        )

    assert ours.headers["access-control-allow-origin"] == EXTENSION
    assert "origin" in ours.headers.get("vary", "").lower()
    for response in (evil, null, lookalike):
        assert response.status_code == 200  # CORS is the browser's to enforce; we only never allow
        assert "access-control-allow-origin" not in response.headers
    for response in (ours, preflight, unauthorized):
        assert "access-control-allow-credentials" not in response.headers
    # The preflight is answered without a key (browsers never send one with it).
    assert preflight.status_code == 200
    assert preflight.headers["access-control-allow-origin"] == EXTENSION
    assert "x-api-key" in preflight.headers["access-control-allow-headers"].lower()
    assert "POST" in preflight.headers["access-control-allow-methods"]
    assert evil_preflight.status_code == 400
    assert evil_preflight.json()["error"] == "cors_refused"
    assert "access-control-allow-origin" not in evil_preflight.headers
    # A 401 still carries CORS headers, so the extension can read why it was refused.
    assert unauthorized.status_code == 401
    assert unauthorized.headers["access-control-allow-origin"] == EXTENSION


# -- rate limits ----------------------------------------------------------------------------


async def test_the_n_plus_first_request_in_a_window_gets_429_per_key(tmp_path, minilm):
    async with app_client(secured(tmp_path, RATE_LIMIT="3/minute"), embedder=minilm) as client:
        mine = [await client.get("/api/kb/stats", headers={"X-API-Key": KEY}) for _ in range(4)]
        other = await client.get("/api/kb/stats", headers={"Authorization": f"Bearer {OTHER_KEY}"})
        health = await client.get("/api/health")
    assert [r.status_code for r in mine] == [200, 200, 200, 429]
    limited = mine[-1]
    assert limited.json()["error"] == "rate_limited" and "3/minute" in limited.json()["detail"]
    assert 1 <= int(limited.headers["retry-after"]) <= 60
    assert other.status_code == 200, "each key has its own quota"
    assert health.status_code == 200, "health is never rate limited"
    assert health.json()["components"]["security"]["store"] == "memory"


async def test_without_a_key_the_quota_is_per_client_address_and_wrong_keys_count(tmp_path, minilm):
    settings = make_settings(tmp_path, AUTO_SEED=False, RATE_LIMIT="2/minute")
    async with (
        app_client(settings, embedder=minilm) as client,
        client_from(client, "198.51.100.7") as first,
        client_from(client, "203.0.113.9") as second,
    ):
        a = [(await first.get("/api/kb/stats")).status_code for _ in range(3)]
        b = [(await second.get("/api/kb/stats")).status_code for _ in range(2)]
    assert a == [200, 200, 429] and b == [200, 200]

    settings = secured(tmp_path / "keys", RATE_LIMIT="2/minute")
    async with (
        app_client(settings, embedder=minilm) as client,
        client_from(client, "192.0.2.66") as guesser,
    ):
        guesses = [
            (await guesser.get("/api/kb/stats", headers={"X-API-Key": f"guess-{n}"})).status_code
            for n in range(4)
        ]
    assert guesses == [401, 401, 429, 429], "guessing keys runs into the address's quota"


async def test_two_replicas_sharing_redis_share_one_quota(tmp_path, minilm, redis_server, caplog):
    caplog.set_level(logging.DEBUG)
    first = secured(tmp_path / "a", RATE_LIMIT="4/minute", REDIS_URL=redis_server.url)
    second = secured(tmp_path / "b", RATE_LIMIT="4/minute", REDIS_URL=redis_server.url)
    async with AsyncExitStack() as stack:
        one = await stack.enter_async_context(app_client(first, embedder=minilm))
        two = await stack.enter_async_context(app_client(second, embedder=minilm))
        codes = []
        for client in (one, two, one, two, one, two):
            codes.append(
                (await client.get("/api/kb/stats", headers={"X-API-Key": KEY})).status_code
            )
        health = await two.get("/api/health")
    assert codes == [200, 200, 200, 200, 429, 429], "the quota is shared, not 4 per replica"
    security = health.json()["components"]["security"]
    assert security["store"] == "redis" and security["fallback"] is None
    assert redis_server.password not in health.text
    assert redis_server.password not in caplog.text


async def test_redis_down_counts_in_process_and_says_so(tmp_path, minilm):
    dead = f"redis://127.0.0.1:{free_port()}/0"
    async with app_client(
        secured(tmp_path, RATE_LIMIT="2/minute", REDIS_URL=dead), embedder=minilm
    ) as client:
        started = time.perf_counter()
        codes = [
            (await client.get("/api/kb/stats", headers={"X-API-Key": KEY})).status_code
            for _ in range(3)
        ]
        elapsed = time.perf_counter() - started
        security = (await client.get("/api/health")).json()["components"]["security"]
    assert codes == [200, 200, 429], "still limited, per replica, while Redis is down"
    assert elapsed < 10, "a dead Redis costs its connect timeout, not more"
    assert security["fallback"] == "memory" and "ConnectionError" in security["last_error"]


# -- saturation -----------------------------------------------------------------------------


async def test_a_full_house_answers_503_at_once_instead_of_queueing(tmp_path, minilm):
    classify = {"claim_type": "FACTUAL", "claim": "The Earth is flat", "reason": "checkable"}
    with FakeOpenAI(lambda _m: classify, delay_s=1.5) as llm:
        settings = make_settings(
            tmp_path,
            AUTO_SEED=False,
            MAX_CONCURRENT_VERIFICATIONS=1,
            OPENAI_BASE_URL=llm.url,
            LLM_TIMEOUT_S=10,
        )
        async with app_client(settings, embedder=minilm) as client:
            slow = asyncio.create_task(
                client.post("/api/verify", json={"claim": "The Earth is flat"})
            )
            for _ in range(
                500
            ):  # until the first verification (holding the only slot) asks the LLM
                if llm.requests:
                    break
                await asyncio.sleep(0.02)
            started = time.perf_counter()
            refused = await client.post("/api/verify", json={"claim": "The Moon is made of cheese"})
            passage = await client.post("/api/check", json={"text": "The Moon is made of cheese."})
            waited = time.perf_counter() - started
            first = await slow
            after = await client.post(
                "/api/verify", json={"claim": "The Earth is round", "web_search": False}
            )
    assert refused.status_code == passage.status_code == 503
    assert refused.json()["error"] == "saturated" and int(refused.headers["retry-after"]) >= 1
    assert waited < 1.0, f"a saturated server answered after {waited:.2f}s: it queued"
    assert first.status_code == 200
    assert after.status_code == 200, "the slot is given back"


# -- secrets ----------------------------------------------------------------------------------


async def test_secrets_are_never_logged_or_returned(tmp_path, minilm, caplog):
    caplog.set_level(logging.DEBUG)
    llm_key = "sk-test-9d8c7b6a5f4e3d2c1b0a"
    with FakeOpenAI() as llm:
        settings = secured(tmp_path, OPENAI_API_KEY=llm_key, OPENAI_BASE_URL=llm.url)
        assert (
            llm_key not in repr(settings) and KEY not in repr(settings) and KEY not in str(settings)
        )
        async with app_client(settings, embedder=minilm) as client:
            answers = [
                await client.get("/api/health"),
                await client.get("/openapi.json"),
                await client.get("/api/kb/stats", headers={"X-API-Key": KEY}),
                await client.get("/api/kb/stats", headers={"X-API-Key": KEY + "0"}),
                await client.post(
                    "/api/verify", json={"claim": KEY}, headers={"X-API-Key": "nope"}
                ),
                await client.post(
                    "/api/verify",
                    json={"claim": "The Earth is flat", "web_search": False},
                    headers={"Authorization": f"Bearer {KEY}"},
                ),
            ]
    components = answers[0].json()["components"]
    assert components["llm"]["api_key"] == "configured"
    for response in answers:
        assert (
            KEY not in response.text
            and OTHER_KEY not in response.text
            and llm_key not in response.text
        )
    assert KEY not in caplog.text and llm_key not in caplog.text
    assert llm.requests, "the LLM key was used (sent to the LLM), just never shown"


def test_health_never_shows_credentials_in_urls():
    from app.runtime.describe import without_userinfo

    assert without_userinfo("http://user:pw@llm.internal:8080/v1") == "http://llm.internal:8080/v1"
    assert without_userinfo("http://127.0.0.1:11434/v1") == "http://127.0.0.1:11434/v1"
    assert without_userinfo(None) is None


# -- a 5 MB body against a real server ------------------------------------------------------


@pytest.fixture
def real_server(tmp_path, minilm) -> Iterator[str]:
    """The app under uvicorn on a free loopback port (real sockets, real HTTP parsing)."""
    import threading

    import uvicorn

    from app.main import create_app

    port = free_port()
    app = create_app(make_settings(tmp_path, AUTO_SEED=False), embedder=minilm)
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 60
    while not server.started:
        assert thread.is_alive() and time.monotonic() < deadline, "uvicorn did not start"
        time.sleep(0.05)
    yield f"127.0.0.1:{port}"
    server.should_exit = True
    thread.join(timeout=20)


def _status_line(sock: socket.socket) -> str:
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = sock.recv(65536)
        if not chunk:
            break
        data += chunk
    return data.decode("latin-1")


def _request_head(address: str, extra: str) -> bytes:
    return (
        f"POST /api/verify HTTP/1.1\r\nHost: {address}\r\ncontent-type: application/json\r\n"
        f"{extra}\r\n"
    ).encode()


def test_a_5_mb_body_gets_413_before_it_is_read_and_the_server_stays_healthy(real_server):
    host, port = real_server.split(":")
    five_mb = 5 * 1024 * 1024

    # Declared: the answer comes before a single body byte is sent.
    with socket.create_connection((host, int(port)), timeout=10) as sock:
        sock.sendall(_request_head(real_server, f"content-length: {five_mb}\r\n"))
        head = _status_line(sock)
    assert head.startswith("HTTP/1.1 413"), head
    assert '"payload_too_large"' in head or "application/json" in head

    # Undeclared (chunked): 128 KB of a body that never ends. A server that read bodies whole
    # would wait for the rest; ours answers as soon as the 64 KB cap is crossed.
    with socket.create_connection((host, int(port)), timeout=10) as sock:
        sock.sendall(_request_head(real_server, "transfer-encoding: chunked\r\n"))
        chunk = b"x" * 16384
        try:
            for _ in range(8):
                sock.sendall(b"%x\r\n%s\r\n" % (len(chunk), chunk))
        except (BrokenPipeError, ConnectionResetError):
            pass  # the server answered and closed while we were still sending
        head = _status_line(sock)
    assert head.startswith("HTTP/1.1 413"), head

    health = httpx.get(f"http://{real_server}/api/health", timeout=10)
    answer = httpx.post(
        f"http://{real_server}/api/verify",
        json={"claim": "The Earth is round", "web_search": False},
        timeout=60,
    )
    assert health.status_code == 200 and answer.status_code == 200


async def test_api_answers_only_for_allowed_hosts_as_mcp_does(tmp_path, minilm):
    # the default (HOST on loopback, ALLOWED_HOSTS unset): the localhost names only (issue 38)
    settings = make_settings(tmp_path, ALLOWED_HOSTS="")
    async with app_client(settings, embedder=minilm) as client:
        foreign = await client.get("/api/health", headers={"host": "rebind.attacker.example"})
        foreign_post = await client.post(
            "/api/verify", json={"claim": "x y z"}, headers={"host": "evil.example:8000"}
        )
        local = await client.get("/api/health", headers={"host": "localhost:8000"})
        loopback6 = await client.get("/api/kb/stats", headers={"host": "[::1]:8000"})
        page = await client.get("/", headers={"host": "rebind.attacker.example"})
    assert foreign.status_code == 421 and foreign.json()["error"] == "misdirected_request"
    assert "rebind.attacker.example" in foreign.json()["detail"]
    assert foreign_post.status_code == 421
    assert local.status_code == 200 and loopback6.status_code == 200
    assert page.status_code == 200  # the page itself is static; its calls to /api/ are checked
    assert "localhost" in local.json()["components"]["security"]["allowed_hosts"]


def test_allowed_hosts_defaults_follow_the_listening_address():
    from app.config import Settings

    assert "localhost" in Settings(_env_file=None).allowed_hosts
    assert Settings(_env_file=None, HOST="0.0.0.0").allowed_hosts is None  # behind a proxy: as /mcp
    assert Settings(
        _env_file=None, HOST="0.0.0.0", ALLOWED_HOSTS="claims.example"
    ).allowed_hosts == {"claims.example"}
    assert Settings(_env_file=None, ALLOWED_HOSTS="*").allowed_hosts is None
