"""`POST /api/verify/stream`: step events as they happen, then the /api/verify body (docs/api.md)."""

from __future__ import annotations

import asyncio
import socket
import time
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager

import httpx
import numpy as np
import pytest
import uvicorn

from app.schemas import VerifyResponse
from app.sse import parse_stream
from retrieval.errors import ModelUnavailable
from tests.app.test_agent_flows import scripted
from tests.conftest import app_client, make_settings
from tests.fakes.openai_server import FakeOpenAI


def parse_events(text: str) -> list[tuple[str, dict]]:
    return list(parse_stream(text.split("\n")))


async def test_stream_sends_every_step_then_the_verify_body(tmp_path, minilm):
    async with app_client(make_settings(tmp_path), embedder=minilm) as client:
        response = await client.post("/api/verify/stream", json={"claim": "The Earth is flat"})
        plain = (await client.post("/api/verify", json={"claim": "The Earth is flat"})).json()
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/event-stream")
    assert response.headers["cache-control"] == "no-cache"
    events = parse_events(response.text)
    names = [name for name, _ in events]
    assert names[-1] == "result" and names.count("result") == 1
    assert set(names[:-1]) == {"step"} and len(names) > 3
    steps = [data for name, data in events if name == "step"]
    body = events[-1][1]
    VerifyResponse.model_validate(body)
    assert body.keys() == plain.keys()  # the /api/verify shape, field for field
    assert [s["step"] for s in steps] == body["steps"]
    assert [s["index"] for s in steps] == list(range(1, len(steps) + 1))
    assert [s["elapsed_ms"] for s in steps] == sorted(s["elapsed_ms"] for s in steps)
    assert body["evidence"][0]["domain"] == "nasa.gov"


async def test_invalid_claim_is_a_plain_422_not_a_stream(tmp_path, minilm):
    async with app_client(make_settings(tmp_path), embedder=minilm) as client:
        response = await client.post("/api/verify/stream", json={"claim": "   "})
    assert response.status_code == 422
    assert response.json()["error"] == "invalid_request"


async def test_saturation_is_a_503_before_the_stream_starts(tmp_path, minilm):
    settings = make_settings(tmp_path, MAX_CONCURRENT_VERIFICATIONS=1)
    async with app_client(settings, embedder=minilm) as client:
        slots = client.app.state.runtime.verification.slots
        await slots.acquire()  # someone else's verification holds the only slot
        try:
            response = await client.post("/api/verify/stream", json={"claim": "The Earth is flat"})
        finally:
            slots.release()
    assert response.status_code == 503
    assert response.headers["retry-after"]
    assert response.json()["error"] == "saturated"


class BreakableEmbedder:
    """The real embedder until `broken` is set; then every call fails like a crashed model."""

    def __init__(self, inner) -> None:
        self.inner = inner
        self.name, self.dimension = inner.name, inner.dimension
        self.broken = False

    async def embed(self, texts: Sequence[str]) -> np.ndarray:
        if self.broken:
            raise ModelUnavailable("the embedding model crashed")
        return await self.inner.embed(texts)

    def embed_blocking(self, texts: Sequence[str]) -> np.ndarray:
        return self.inner.embed_blocking(texts)


async def test_a_failure_after_the_stream_started_is_an_error_event(tmp_path, minilm):
    embedder = BreakableEmbedder(minilm)
    async with app_client(make_settings(tmp_path), embedder=embedder) as client:
        embedder.broken = True
        response = await client.post("/api/verify/stream", json={"claim": "The Earth is flat"})
        slots_free = client.app.state.runtime.verification.slots._value
    events = parse_events(response.text)
    assert response.status_code == 200  # the stream had started: the failure is an event
    assert events[-1] == (
        "error",
        {"error": "model_unavailable", "detail": "the embedding model crashed", "status": 503},
    )
    assert "result" not in {name for name, _ in events}
    assert slots_free == make_settings(tmp_path).MAX_CONCURRENT_VERIFICATIONS


@asynccontextmanager
async def live_server(app) -> AsyncIterator[str]:
    """The app behind real uvicorn on a free loopback port, in this event loop."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    server = uvicorn.Server(
        uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning", lifespan="off")
    )
    task = asyncio.create_task(server.serve())
    for _ in range(500):  # up to 10 s
        if server.started:
            break
        await asyncio.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        await task


@pytest.mark.slow
async def test_steps_arrive_over_http_while_the_verification_is_still_running(tmp_path, minilm):
    # Each LLM call (classify, sufficiency, verdict) takes 0.4 s, so the whole run takes > 1.2 s;
    # a buffered stream would deliver the first step only with the result.
    with FakeOpenAI(scripted(), delay_s=0.4) as llm:
        settings = make_settings(tmp_path, OPENAI_BASE_URL=llm.url, OPENAI_API_KEY="test")
        async with (
            app_client(settings, embedder=minilm) as client,
            live_server(client.app) as url,
            httpx.AsyncClient(timeout=30) as http,
        ):
            started = time.perf_counter()
            arrivals: list[tuple[float, str]] = []
            async with http.stream(
                "POST", f"{url}/api/verify/stream", json={"claim": "The Earth is flat"}
            ) as response:
                assert response.status_code == 200
                buffer = ""
                async for chunk in response.aiter_text():
                    buffer += chunk
                    while "\n\n" in buffer:
                        block, buffer = buffer.split("\n\n", 1)
                        for name, _ in parse_events(block + "\n\n"):
                            arrivals.append((time.perf_counter() - started, name))
    first_step = next(t for t, name in arrivals if name == "step")
    result = next(t for t, name in arrivals if name == "result")
    assert result - first_step > 0.3, arrivals  # at least one LLM latency after the first step
    assert [name for _, name in arrivals][-1] == "result"


@pytest.mark.slow
async def test_a_client_that_goes_away_cancels_its_verification(tmp_path, minilm):
    with FakeOpenAI(scripted(), delay_s=0.5) as llm:
        settings = make_settings(tmp_path, OPENAI_BASE_URL=llm.url, OPENAI_API_KEY="test")
        async with app_client(settings, embedder=minilm) as client, live_server(client.app) as url:
            slots = client.app.state.runtime.verification.slots
            async with (
                httpx.AsyncClient(timeout=30) as http,
                http.stream(
                    "POST", f"{url}/api/verify/stream", json={"claim": "The Earth is flat"}
                ) as response,
            ):
                async for chunk in response.aiter_text():
                    if "event: step" in chunk:
                        break  # the user closed the tab after the first step
            for _ in range(100):  # up to 5 s
                if slots._value == settings.MAX_CONCURRENT_VERIFICATIONS:
                    break
                await asyncio.sleep(0.05)
            released_at = time.perf_counter()
            calls_at_release = len(llm.requests)
            await asyncio.sleep(1.2)
            assert slots._value == settings.MAX_CONCURRENT_VERIFICATIONS, (
                "the slot was never released"
            )
            # nothing asked after the release, which came about when the last call's answer did
            # (0.5 s after it was asked; slack for a loaded machine), not after a whole run
            assert len(llm.requests) == calls_at_release
            assert released_at - llm.arrivals[-1][0] < 1.0, llm.arrivals
