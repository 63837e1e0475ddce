"""Issue 38's "done when", measured over real uvicorn on loopback with the default deadline:

1. an LLM that accepts connections and never answers: how long each `POST /api/verify` takes until
   the LLM's circuit breaker opens, how long once it is open, what `/api/health` says;
2. 16 requests (verify, its stream, check) whose clients close the connection after 2 s: how long
   a new request then takes, and when every slot is free again.

    .venv/bin/python -m benchmarks.chaos [--deadline 45] [--threshold 3]

The knowledge base is the seeded one, the verdict engine the shipped local judge (what answers when
the LLM is skipped), search off (no internet here).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import tempfile
import time
from pathlib import Path

import httpx
import uvicorn

from benchmarks.common import emit
from tests.fakes.chaos import ChaosServer, hanging


async def serve(app, port: int) -> tuple[uvicorn.Server, asyncio.Task]:
    server = uvicorn.Server(
        uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning", lifespan="off")
    )
    task = asyncio.create_task(server.serve())
    for _ in range(1000):
        if server.started:
            break
        await asyncio.sleep(0.02)
    return server, task


async def abandon(port: int, path: str, body: dict) -> asyncio.StreamWriter:
    _, writer = await asyncio.open_connection("127.0.0.1", port)
    raw = json.dumps(body).encode()
    writer.write(
        f"POST {path} HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: application/json\r\n"
        f"content-length: {len(raw)}\r\n\r\n".encode()
        + raw
    )
    await writer.drain()
    return writer


async def run(deadline_s: float, threshold: int) -> None:
    from app.config import Settings
    from app.main import create_app
    from tests.conftest import free_port

    rows: list[dict] = []
    with ChaosServer(hanging) as llm, tempfile.TemporaryDirectory() as tmp:
        settings = Settings(
            _env_file=None,
            CHROMA_PERSIST_DIR=Path(tmp) / "kb",
            SEARCH_PROVIDER="none",
            OPENAI_BASE_URL=f"{llm.url}/v1",
            OPENAI_API_KEY="bench",
            URL_CHECK=False,
            VERIFY_DEADLINE_S=deadline_s,
            BREAKER_THRESHOLD=threshold,
            RATE_LIMIT="10000/minute",
            VERDICT_CACHE_TTL_S=0,
            RERANKER_MODEL="none",
            NLI_MODEL="none",
        )
        app = create_app(settings)
        async with app.router.lifespan_context(app):
            port = free_port()
            server, task = await serve(app, port)
            try:
                async with httpx.AsyncClient(
                    base_url=f"http://127.0.0.1:{port}", timeout=deadline_s + 30
                ) as http:
                    for n in range(threshold + 2):
                        started = time.perf_counter()
                        response = await http.post(
                            "/api/verify", json={"claim": "The Earth is flat."}
                        )
                        elapsed = time.perf_counter() - started
                        body = response.json()
                        health = (await http.get("/api/health")).json()
                        rows.append(
                            {
                                "case": f"hanging LLM, request {n + 1}",
                                "status": response.status_code,
                                "seconds": round(elapsed, 3),
                                "mode": body.get("mode"),
                                "health": health["status"],
                                "llm_breaker": health["components"]["breakers"]["llm"]["state"],
                                "last_step": next(
                                    (
                                        s
                                        for s in reversed(body.get("steps", []))
                                        if s.startswith(("Deadline", "Verdict"))
                                    ),
                                    "",
                                )[:120],
                            }
                        )
                    # 16 abandoned requests against the same hanging LLM, its breaker closed again
                    app.state.services.breakers.service("llm").success()
                    slots = app.state.services.verify_slots
                    writers = []
                    for n in range(16):
                        path, body = [
                            ("/api/verify", {"claim": f"Held claim {n} is true."}),
                            ("/api/verify/stream", {"claim": f"Held claim {n} is true."}),
                            ("/api/check", {"text": f"Held claim {n} is true. It was said."}),
                        ][n % 3]
                        writers.append(await abandon(port, path, body))
                    await asyncio.sleep(2.0)
                    held = settings.MAX_CONCURRENT_VERIFICATIONS - slots._value
                    for writer in writers:
                        writer.close()
                    gone = time.perf_counter()
                    for _ in range(2000):
                        if slots._value == settings.MAX_CONCURRENT_VERIFICATIONS:
                            break
                        await asyncio.sleep(0.005)
                    freed = time.perf_counter() - gone
                    # the LLM still hangs: a new request is served once its breaker is open again
                    for _ in range(threshold):
                        app.state.services.breakers.service("llm").failure(
                            "benchmark: the LLM hangs"
                        )
                    started = time.perf_counter()
                    response = await http.post(
                        "/api/verify", json={"claim": "The Eiffel Tower is in Paris."}
                    )
                    rows.append(
                        {
                            "case": "16 clients gone after 2 s",
                            "status": response.status_code,
                            "seconds": round(time.perf_counter() - gone, 3),
                            "mode": response.json().get("mode"),
                            "health": f"slots held before: {held}",
                            "llm_breaker": "open",
                            "last_step": f"every slot free {freed:.3f} s after the clients left",
                        }
                    )
            finally:
                server.should_exit = True
                await task
    emit(
        "chaos",
        rows,
        ["case", "status", "seconds", "mode", "health", "llm_breaker", "last_step"],
        {"verify_deadline_s": deadline_s, "breaker_threshold": threshold},
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deadline", type=float, default=45.0, help="VERIFY_DEADLINE_S")
    parser.add_argument("--threshold", type=int, default=3, help="BREAKER_THRESHOLD")
    args = parser.parse_args()
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    asyncio.run(run(args.deadline, args.threshold))


if __name__ == "__main__":
    main()
