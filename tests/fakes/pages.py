"""Web pages given as text, on the one loopback website fake (tests/fakes/web.py).

    with FakePages({"/ok": (200, "<html>…</html>")}, delay_s=0.4) as site:
        url = site.url + "/ok"

A route is (status, body) or (status, body, content type; text/html by default). Unknown paths
answer 404; `requests` records (method, path) in order; `delay_s` applies per request.
"""

from __future__ import annotations

from tests.fakes.web import FakeWeb, Route

TextRoute = tuple[int, str] | tuple[int, str, str]
HTML = "text/html; charset=utf-8"


def _as_route(route: TextRoute) -> Route:
    content_type = route[2] if len(route) > 2 else HTML  # type: ignore[misc]
    return route[0], {"content-type": content_type}, route[1].encode()


class FakePages(FakeWeb):
    def __init__(self, routes: dict[str, TextRoute] | None = None, *, delay_s: float = 0.0) -> None:
        super().__init__(
            {path: _as_route(route) for path, route in (routes or {}).items()},
            not_found=(404, {"content-type": HTML}, b"<html><body>Not found</body></html>"),
            delay_s=delay_s,
        )
