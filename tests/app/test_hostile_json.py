"""Hostile JSON bodies (issue 38): lone surrogates, NaN/Infinity/1e999999, invalid UTF-8, deep
nesting and huge arrays get a 4xx in the documented error shape on every POST endpoint, never a
500, and an error quotes the input only in an encodable, truncated form."""

from __future__ import annotations

import json

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.errors import validation_detail
from app.main import create_app
from tests.conftest import make_settings

POSTS = [
    "/api/verify",
    "/api/verify/stream",
    "/api/check",
    "/api/check/stream",
    "/api/sources/audit",
    "/api/kb/documents",
    "/api/jobs",
]

# The bodies of the issue, each a 500 before: (path, raw body)
ISSUE_BODIES = [
    ("/api/verify", b'{"claim": "\\ud800"}'),
    ("/api/verify", b'{"claim": NaN}'),
    ("/api/verify", b'{"claim": 1e999999}'),
    ("/api/verify", b'{"claim": "ok", "references": [Infinity]}'),
    ("/api/verify", b'{"claim": "x", "grounding": "\\udfff"}'),
    ("/api/check", b'{"text": "\\ud800"}'),
    ("/api/check", b'{"text": "ok", "max_claims": NaN}'),
    ("/api/sources/audit", b'{"text": "\\ud800 https://example.org"}'),
    ("/api/sources/audit", b'{"text": -Infinity}'),
    ("/api/verify/stream", b'{"claim": "\\udbff"}'),
    ("/api/check/stream", b'{"text": 1e400}'),
    ("/api/jobs", b'{"items": [{"claim": "\\ud800"}]}'),
    ("/api/kb/documents", b'{"documents": [{"text": "\\udc00", "source": "https://example.org"}]}'),
]


@pytest.fixture(scope="module")
def client(tmp_path_factory, minilm):
    app = create_app(
        make_settings(
            tmp_path_factory.mktemp("hostile"), AUTO_SEED=False, RATE_LIMIT="100000/minute"
        ),
        embedder=minilm,
    )
    with TestClient(app, raise_server_exceptions=False) as test_client:
        yield test_client


def assert_error_shape(response, allowed=range(400, 500)) -> dict:
    assert response.status_code in allowed, (response.status_code, response.text[:300])
    body = response.json()
    assert set(body) == {"error", "detail"} and isinstance(body["error"], str), body
    response.content.decode("utf-8")  # encodable: no lone surrogate made it into the answer
    return body


@pytest.mark.parametrize(("path", "raw"), ISSUE_BODIES)
def test_the_issues_bodies_are_400s_in_the_error_shape(client, path, raw):
    response = client.post(path, content=raw, headers={"content-type": "application/json"})
    body = assert_error_shape(response, {400})
    assert body["error"] == "bad_request"


@pytest.mark.parametrize(
    "raw",
    [
        b'{"claim": "\xff\xfe not utf-8"}',
        b"[" * 100_000 + b"]" * 100_000,
        b'{"claim": ' + b"9" * 5000 + b"}",
    ],
)
def test_undecodable_and_runaway_bodies_are_400s(client, raw):
    for path in POSTS:
        response = client.post(path, content=raw, headers={"content-type": "application/json"})
        assert_error_shape(response, {400, 413})


def test_a_jobs_ndjson_upload_with_a_lone_surrogate_is_a_400(client):
    response = client.post(
        "/api/jobs",
        content=b'{"claim": "fine"}\n{"claim": "\\ud800"}\n',
        headers={"content-type": "application/x-ndjson"},
    )
    body = assert_error_shape(response, {400})
    assert "line 2" in body["detail"]


def test_a_huge_array_is_refused_with_a_short_echo(client):
    raw = json.dumps(
        {"claim": "ok", "references": ["https://example.org/" + "a" * 50] * 5000}
    ).encode()
    response = client.post("/api/verify", content=raw, headers={"content-type": "application/json"})
    body = assert_error_shape(response, {413, 422})
    assert len(response.content) < 3000, len(response.content)
    if response.status_code == 422:
        echoed = body["detail"][0]["input"]
        assert len(echoed) <= 11  # ten items and a note of how many more


def test_the_echo_of_a_validation_error_is_encodable_and_truncated():
    detail = validation_detail(
        [
            {
                "type": "string_type",
                "loc": ("body", "claim\ud800"),
                "msg": "bad",
                "input": {"x\udfff": ["\ud800" * 500, float("nan"), float("inf"), 10**400]},
            }
        ]
    )
    text = json.dumps(detail, ensure_ascii=False, allow_nan=False)
    text.encode("utf-8")
    echoed = detail[0]["input"]
    (key,) = echoed
    assert key == "x\\udfff"
    long, nan, inf, huge = echoed[key]
    assert long.startswith("\\ud800") and len(long) <= 201 * 6
    assert (nan, inf) == ("nan", "inf") and huge == "100000000000… (401 digits)"


# -- generated hostile JSON ---------------------------------------------------------------------

FIELDS = [
    "claim",
    "text",
    "references",
    "grounding",
    "profile",
    "web_search",
    "max_claims",
    "topic",
    "documents",
    "source",
    "items",
    "options",
    "callback_url",
    "index_references",
]
ATOMS = [
    '"\\ud800"',
    '"\\udfff"',
    '"\\ud83d"',
    '"ok \\ud83d\\ude00"',
    "NaN",
    "Infinity",
    "-Infinity",
    "1e999999",
    "-1e999999",
    "1" + "0" * 400,
    "0.0000001",
    "true",
    "null",
    '""',
    '"\\u0000"',
    '"x"',
    '"The Earth is flat."',
    '"https://example.org/a"',
    '"\\u202e\\u200b"',
    "-0",
    "[]",
    "{}",
]


def _render(value) -> str:
    return value if isinstance(value, str) else value[0]


hostile_atom = st.sampled_from(ATOMS)
hostile_json = st.recursive(
    hostile_atom,
    lambda inner: st.one_of(
        st.lists(inner, max_size=6).map(lambda xs: "[" + ",".join(xs) + "]"),
        st.dictionaries(st.sampled_from(FIELDS + ["\\ud800", "a" * 300]), inner, max_size=5).map(
            lambda d: "{" + ",".join(f'"{k}": {v}' for k, v in d.items()) + "}"
        ),
    ),
    max_leaves=12,
)
deep = st.integers(30, 400).map(lambda n: '{"claim": ' + "[" * n + "1" + "]" * n + "}")
wide = st.integers(11, 3000).map(
    lambda n: '{"claim": "x", "references": [' + ",".join(['"a"'] * n) + "]}"
)


@settings(
    max_examples=150, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True
)
@given(path=st.sampled_from(POSTS), body=st.one_of(hostile_json, deep, wide))
def test_generated_hostile_json_never_makes_a_5xx(client, path, body):
    response = client.post(
        path,
        content=body.encode("utf-8", "surrogatepass"),
        headers={"content-type": "application/json"},
    )
    if response.status_code >= 400:
        assert_error_shape(response)
    else:
        assert response.status_code < 300


# -- what the server answers itself -------------------------------------------------------------


async def test_uvicorn_answers_a_malformed_request_in_the_error_shape():
    import asyncio
    import socket

    import uvicorn

    from app.http_protocol import JSONErrorHttpToolsProtocol

    async def never_called(scope, receive, send):
        raise AssertionError("a request uvicorn cannot parse never reaches the app")

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    server = uvicorn.Server(
        uvicorn.Config(
            never_called,
            host="127.0.0.1",
            port=port,
            log_level="critical",
            lifespan="off",
            http=JSONErrorHttpToolsProtocol,
        )
    )
    task = asyncio.create_task(server.serve())
    try:
        for _ in range(500):
            if server.started:
                break
            await asyncio.sleep(0.02)
        for raw in (
            b"GARBAGE\r\n\r\n",
            b"POST /api/verify HTTP/1.1\r\nhost: x\r\nbad header\r\n\r\n",
        ):
            reader, writer = await asyncio.open_connection("127.0.0.1", port)
            writer.write(raw)
            await writer.drain()
            answer = await asyncio.wait_for(reader.read(), timeout=5)
            writer.close()
            head, _, body = answer.partition(b"\r\n\r\n")
            assert (
                head.startswith(b"HTTP/1.1 400")
                and b"content-type: application/json" in head.lower()
            )
            parsed = json.loads(body)
            assert parsed["error"] == "bad_request" and parsed["detail"].startswith(
                "malformed HTTP request"
            )
    finally:
        server.should_exit = True
        await task
