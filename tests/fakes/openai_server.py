"""An OpenAI-compatible chat server on 127.0.0.1 (a real HTTP server, no mocks).

    with FakeOpenAI(reply=lambda messages: {"verdict": "False", ...}) as llm:
        settings = Settings(OPENAI_BASE_URL=llm.url, ...)

`reply` receives the request's messages and returns a dict (sent as JSON text) or a str (sent
verbatim). `status` makes every request fail with that HTTP status; `requests` records bodies and
`arrivals` (perf_counter seconds, system prompt) when each arrived, to show which calls overlapped.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Callable
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from tests.fakes import loopback

Reply = Callable[[list[dict[str, Any]]], dict[str, Any] | str]


class FakeOpenAI:
    def __init__(
        self, reply: Reply | None = None, *, status: int = 200, delay_s: float = 0.0
    ) -> None:
        self.reply: Reply = reply or (
            lambda _messages: {
                "verdict": "Not Enough Evidence",
                "confidence": 0.1,
                "reasoning": "nothing",
            }
        )
        self.status = status
        self.delay_s = delay_s
        self.requests: list[dict[str, Any]] = []
        self.arrivals: list[tuple[float, str]] = []
        self.model_listings = 0  # GET /v1/models calls (claimcheck's start-up reachability check)
        self._server: ThreadingHTTPServer | None = None

    @property
    def url(self) -> str:
        assert self._server is not None
        host, port = self._server.server_address[:2]
        return f"http://{host}:{port}/v1"

    def __enter__(self) -> FakeOpenAI:
        fake = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args: Any) -> None:
                pass

            def do_GET(self) -> None:  # noqa: N802
                if self.path.rstrip("/").endswith("/models"):
                    fake.model_listings += 1
                    listing = {
                        "object": "list",
                        "data": [
                            {
                                "id": "fake-model",
                                "object": "model",
                                "created": 0,
                                "owned_by": "tests",
                            }
                        ],
                    }
                    self._send(
                        200 if fake.status == 200 else fake.status, json.dumps(listing).encode()
                    )
                    return
                self._send(404, b'{"error": {"message": "not found"}}')

            def do_POST(self) -> None:  # noqa: N802
                length = int(self.headers.get("content-length") or 0)
                body = json.loads(self.rfile.read(length) or b"{}")
                fake.requests.append(body)
                fake.arrivals.append((time.perf_counter(), system_prompt(body.get("messages", []))))
                if fake.delay_s:
                    time.sleep(fake.delay_s)
                if fake.status != 200:
                    payload = json.dumps(
                        {"error": {"message": "fake failure", "type": "server_error"}}
                    )
                    self._send(fake.status, payload.encode())
                    return
                answer = fake.reply(body.get("messages", []))
                content = answer if isinstance(answer, str) else json.dumps(answer)
                payload = {
                    "id": "chatcmpl-fake",
                    "object": "chat.completion",
                    "created": int(time.time()),
                    "model": body.get("model", "fake"),
                    "choices": [
                        {
                            "index": 0,
                            "finish_reason": "stop",
                            "message": {"role": "assistant", "content": content},
                        }
                    ],
                    "usage": {"prompt_tokens": 100, "completion_tokens": 20, "total_tokens": 120},
                }
                self._send(200, json.dumps(payload).encode())

            def _send(self, status: int, data: bytes) -> None:
                try:
                    self.send_response(status)
                    self.send_header("content-type", "application/json")
                    self.send_header("content-length", str(len(data)))
                    self.end_headers()
                    self.wfile.write(data)
                except (BrokenPipeError, ConnectionResetError):
                    pass  # the client gave up (a timeout test): nothing to answer

        self._server = loopback.start(Handler)
        return self

    def __exit__(self, *exc: object) -> None:
        assert self._server is not None
        loopback.stop(self._server)


def system_prompt(messages: list[dict[str, Any]]) -> str:
    return next((m.get("content", "") for m in messages if m.get("role") == "system"), "")


def user_claim(messages) -> str:
    user = messages[-1]["content"]
    match = re.search(r"<claim>\n(.*)\n</claim>", user) or re.search(r"Claim: (.*)", user)
    return match.group(1).strip() if match else ""


def scripted(classify: dict | None = None, verdict=None, sufficient=True):
    """An LLM whose answers depend on which stage asks."""

    def reply(messages):
        system = system_prompt(messages)
        if "classify a claim" in system:
            return classify or {
                "claim_type": "FACTUAL",
                "claim": user_claim(messages),
                "reason": "checkable",
            }
        if "enough to judge" in system:
            return {"sufficient": sufficient, "reason": "scripted"}
        if "judge sources" in system:
            return {"ratings": [{"n": 1, "confidence": 0.9}]}
        if callable(verdict):
            return verdict(messages)
        return verdict or {"verdict": "False", "confidence": 0.9, "reasoning": "Refuted by [1]."}

    return reply
