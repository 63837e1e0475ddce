"""A tiny website on 127.0.0.1 for URL-check and fetch tests (a real HTTP server, no mocks).

    with FakeWeb({"/ok": (200, {}, b"hi"), "/moved": (301, {"location": "/ok"}, b"")}) as web:
        url = web.url + "/ok"

Routes match the path without its query. Unknown paths answer ``not_found`` (404);
``head_status`` overrides HEAD answers (e.g. 405 to force a GET);
``delay_s`` sleeps before answering. ``requests`` lists ``(method, path)`` in arrival order.
"""

from __future__ import annotations

import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from tests.fakes import loopback

Route = tuple[int, dict[str, str], bytes]


class FakeWeb:
    def __init__(
        self,
        routes: dict[str, Route] | None = None,
        *,
        head_status: int | None = None,
        delay_s: float = 0.0,
        not_found: Route = (404, {}, b"not found"),
    ) -> None:
        self.routes = routes or {}
        self.not_found = not_found
        self.head_status = head_status
        self.delay_s = delay_s
        self.requests: list[tuple[str, str]] = []
        self._server: ThreadingHTTPServer | None = None

    @property
    def port(self) -> int:
        assert self._server is not None
        return self._server.server_address[1]

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def __enter__(self) -> FakeWeb:
        fake = self

        class Handler(BaseHTTPRequestHandler):
            def _answer(self, method: str) -> None:
                fake.requests.append((method, self.path))
                if fake.delay_s:
                    time.sleep(fake.delay_s)
                status, headers, body = fake.routes.get(self.path.split("?", 1)[0], fake.not_found)
                if method == "HEAD" and fake.head_status is not None:
                    status = fake.head_status
                try:
                    self.send_response(status)
                    for name, value in headers.items():
                        self.send_header(name, value.replace("{port}", str(fake.port)))
                    self.send_header("content-length", str(len(body)))
                    self.end_headers()
                    if method != "HEAD":
                        self.wfile.write(body)
                except (BrokenPipeError, ConnectionResetError):
                    pass  # the client gave up (a timeout under test)

            def do_GET(self) -> None:  # noqa: N802
                self._answer("GET")

            def do_HEAD(self) -> None:  # noqa: N802
                self._answer("HEAD")

            def log_message(self, *args: object) -> None:
                pass

        self._server = loopback.start(Handler)
        return self

    def __exit__(self, *exc: object) -> None:
        assert self._server is not None
        loopback.stop(self._server)
