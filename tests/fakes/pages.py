"""A web-page server on 127.0.0.1 (a real HTTP server): path → (status, body, content type).

    with FakePages({"/ok": (200, "<html>…</html>")}, delay_s=0.4) as site:
        url = site.url + "/ok"

Unknown paths answer 404. `requests` records (method, path) in order; `delay_s` applies per request.
"""

from __future__ import annotations

import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from tests.fakes import loopback

Route = tuple[int, str] | tuple[int, str, str]


class FakePages:
    def __init__(self, routes: dict[str, Route] | None = None, *, delay_s: float = 0.0) -> None:
        self.routes = dict(routes or {})
        self.delay_s = delay_s
        self.requests: list[tuple[str, str]] = []
        self._server: ThreadingHTTPServer | None = None

    @property
    def url(self) -> str:
        assert self._server is not None, "use FakePages as a context manager"
        host, port = self._server.server_address[:2]
        return f"http://{host}:{port}"

    def __enter__(self) -> FakePages:
        site = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args: Any) -> None:
                pass

            def _answer(self, with_body: bool) -> None:
                site.requests.append((self.command, self.path))
                if site.delay_s:
                    time.sleep(site.delay_s)
                route = site.routes.get(self.path.split("?", 1)[0], (404, "<html><body>Not found</body></html>"))
                status, body = route[0], route[1]
                content_type = route[2] if len(route) > 2 else "text/html; charset=utf-8"
                data = body.encode()
                try:
                    self.send_response(status)
                    self.send_header("content-type", content_type)
                    self.send_header("content-length", str(len(data)))
                    self.end_headers()
                    if with_body:
                        self.wfile.write(data)
                except (BrokenPipeError, ConnectionResetError):
                    pass

            def do_GET(self) -> None:  # noqa: N802
                self._answer(True)

            def do_HEAD(self) -> None:  # noqa: N802
                self._answer(False)

        self._server = loopback.start(Handler)
        return self

    def __exit__(self, *exc: object) -> None:
        assert self._server is not None
        loopback.stop(self._server)
