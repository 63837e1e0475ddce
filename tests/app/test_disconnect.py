"""Cancel on disconnect (issue 38): requests whose clients go away give their verification slots
back at once. Real uvicorn on loopback, real sockets closed by the client, an LLM that holds
every call about a "held" claim for far longer than the test."""

from __future__ import annotations

import asyncio
import json
import socket
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import httpx
import pytest
import uvicorn

from tests.conftest import app_client, make_settings
from tests.fakes.openai_server import FakeOpenAI, scripted

SLOTS = 16


def held_or_scripted():
    answer = scripted()

    def reply(messages):
        if "held" in messages[-1]["content"]:
            time.sleep(30)  # far longer than the test: only a cancellation frees the slot
        return answer(messages)

    return reply


@asynccontextmanager
async def live_server(app) -> AsyncIterator[int]:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    server = uvicorn.Server(
        uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning", lifespan="off")
    )
    task = asyncio.create_task(server.serve())
    for _ in range(500):
        if server.started:
            break
        await asyncio.sleep(0.02)
    try:
        yield port
    finally:
        server.should_exit = True
        await task


async def open_request(
    port: int, path: str, body: dict
) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    raw = json.dumps(body).encode()
    writer.write(
        f"POST {path} HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: application/json\r\n"
        f"content-length: {len(raw)}\r\n\r\n".encode()
        + raw
    )
    await writer.drain()
    return reader, writer


@pytest.mark.slow
async def test_sixteen_abandoned_requests_leave_the_service_answering(tmp_path, minilm):
    with FakeOpenAI(held_or_scripted()) as llm:
        settings = make_settings(
            tmp_path,
            OPENAI_BASE_URL=llm.url,
            OPENAI_API_KEY="test",
            MAX_CONCURRENT_VERIFICATIONS=SLOTS,
            LLM_TIMEOUT_S=60,
            VERIFY_DEADLINE_S=120,
            BREAKER_THRESHOLD=100,
            RATE_LIMIT="1000/minute",
        )
        async with app_client(settings, embedder=minilm) as client, live_server(client.app) as port:
            slots = client.app.state.runtime.verification.slots
            abandoned = []
            for n in range(SLOTS):  # the three kinds of request that hold a slot
                path, body = [
                    ("/api/verify", {"claim": f"The held claim number {n} is true."}),
                    ("/api/verify/stream", {"claim": f"The held claim number {n} is true."}),
                    ("/api/check", {"text": f"The held claim number {n} is true. It was said."}),
                ][n % 3]
                abandoned.append(await open_request(port, path, body))
            for _ in range(250):  # every slot taken
                if slots._value == 0:
                    break
                await asyncio.sleep(0.02)
            assert slots._value == 0
            async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}", timeout=10) as http:
                busy = await http.post(
                    "/api/verify", json={"claim": "The Eiffel Tower is in Paris."}
                )
                assert busy.status_code == 503  # saturated while the 16 are held
                await asyncio.sleep(2.0 - 0.1)  # the clients give up after 2 s
                for _, writer in abandoned:
                    writer.close()
                gone = time.perf_counter()
                response = await http.post(
                    "/api/verify", json={"claim": "The Eiffel Tower is in Paris."}
                )
                served_after = time.perf_counter() - gone
                for _ in range(100):
                    if slots._value == SLOTS:
                        break
                    await asyncio.sleep(0.01)
                freed_after = time.perf_counter() - gone
    assert response.status_code == 200, response.text
    assert served_after < 2.0, served_after
    assert slots._value == SLOTS and freed_after < 1.0, freed_after
    print(
        f"new request served {served_after:.3f} s after 16 clients left; all slots free after {freed_after:.3f} s"
    )
