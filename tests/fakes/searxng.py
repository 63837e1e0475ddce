"""A SearXNG-compatible search server on 127.0.0.1 for tests (a real HTTP server, no mocks).

    with FakeSearxng(results=[{"title": "t", "url": "https://a.org/x", "content": "s"}]) as s:
        provider = SearxngSearch(http, s.url)

``GET /search?q=…&format=json`` answers ``{"query": q, "results": [...]}``. Everything is
configurable while the server runs: ``results`` (a list of dicts, or a callable query → list),
``status`` (e.g. 429 or 500), ``retry_after`` (sent with a 429), ``delay_s`` before answering,
``body`` (raw bytes sent instead of JSON), and ``queue_status(429, …)`` for statuses used by the
next requests only. ``requests`` lists the queries received, in order.
"""

from __future__ import annotations

import json
import threading
from collections import deque
from collections.abc import Callable
from http.server import BaseHTTPRequestHandler
from typing import Any
from urllib.parse import parse_qs, urlsplit

from tests.fakes import loopback

Results = list[dict[str, Any]] | Callable[[str], list[dict[str, Any]]]


class FakeSearxng:
    def __init__(
        self,
        results: Results | None = None,
        *,
        status: int = 200,
        delay_s: float = 0.0,
        retry_after: float | str | None = None,
        body: bytes | None = None,
    ) -> None:
        self.results: Results = results if results is not None else []
        self.status = status
        self.delay_s = delay_s
        self.retry_after = retry_after
        self.body = body
        self.requests: list[str] = []
        self._statuses: deque[int] = deque()
        self._lock = threading.Lock()
        self._closing = threading.Event()
        self._server: _Server | None = None
        self._thread: threading.Thread | None = None

    @property
    def url(self) -> str:
        if self._server is None:
            raise RuntimeError("FakeSearxng is not running; use it as a context manager")
        host, port = self._server.server_address[:2]
        return f"http://{host}:{port}"

    def queue_status(self, *statuses: int) -> None:
        """Answer the next requests with these statuses, then with ``status`` again."""
        with self._lock:
            self._statuses.extend(statuses)

    def __enter__(self) -> FakeSearxng:
        self._closing.clear()
        self._server = _Server(("127.0.0.1", 0), _handler_for(self))
        self._thread = threading.Thread(
            target=self._server.serve_forever,
            kwargs={"poll_interval": 0.02},  # shutdown() waits up to one poll interval
            name="fake-searxng",
            daemon=True,
        )
        self._thread.start()
        return self

    def __exit__(self, *exc_info: object) -> None:
        self._closing.set()  # wakes handlers still in their delay
        assert self._server is not None and self._thread is not None
        self._server.shutdown()
        self._server.server_close()
        self._thread.join(timeout=5)
        self._server = None

    # Called from the server's handler threads.
    def _answer(self, path: str) -> tuple[int, dict[str, str], bytes] | None:
        parts = urlsplit(path)
        if parts.path.rstrip("/") != "/search":
            return 404, {"Content-Type": "text/plain"}, b"not found"
        params = parse_qs(parts.query)
        query = params.get("q", [""])[0]
        with self._lock:
            self.requests.append(query)
            status = self._statuses.popleft() if self._statuses else self.status
        if self.delay_s and self._closing.wait(self.delay_s):
            return None  # shutting down: drop the connection
        headers = {"Content-Type": "application/json"}
        if status == 429 and self.retry_after is not None:
            headers["Retry-After"] = str(self.retry_after)
        if status >= 400:
            return status, headers, json.dumps({"error": f"HTTP {status}"}).encode()
        if params.get("format", [""])[0] != "json":
            return 403, {"Content-Type": "text/plain"}, b"format not allowed"
        if self.body is not None:
            return status, headers, self.body
        results = self.results(query) if callable(self.results) else self.results
        return status, headers, json.dumps({"query": query, "results": results}).encode()


class _Server(
    loopback.LoopbackServer
):  # its backlog of 128: a burst of connects must not wait for SYN retries
    def handle_error(self, request: Any, client_address: Any) -> None:
        # Clients that gave up (timeouts under test) leave broken pipes; not worth a traceback.
        pass


def _handler_for(fake: FakeSearxng) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:  # noqa: N802 (http.server's naming)
            answer = fake._answer(self.path)
            if answer is None:
                return
            loopback.reply(self, *answer)

        def log_message(self, format: str, *args: Any) -> None:  # noqa: A002
            pass

    return Handler
