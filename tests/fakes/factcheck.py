"""A Google Fact Check Tools API (claims:search) on 127.0.0.1 for tests, with the real JSON shape.

``reviews`` maps a lower-case substring of the query to the ``claims`` list answered; ``status``,
``delay_s`` and ``raw`` (a body answered verbatim with 200) configure failures; ``requests`` records (query, key header, raw path) of each call.
Requests without the expected ``X-goog-api-key`` header get 403 like the real API.
"""

from __future__ import annotations

import json
import threading
from http.server import BaseHTTPRequestHandler
from typing import Any
from urllib.parse import parse_qs, urlsplit

from tests.fakes import loopback

MOON_CLAIMS: list[dict[str, Any]] = [
    {
        "text": "The Apollo Moon landings were faked.",
        "claimant": "Social media posts",
        "claimDate": "2019-07-15T00:00:00Z",
        "claimReview": [
            {
                "publisher": {"name": "Reuters", "site": "reuters.com"},
                "url": "https://www.reuters.com/article/factcheck-moon-landing-idUSL1N2P01",
                "title": "Fact check: The Moon landings were not faked",
                "reviewDate": "2021-02-24T00:00:00Z",
                "textualRating": "False",
                "languageCode": "en",
            }
        ],
    }
]


class FakeFactCheck:
    def __init__(
        self,
        key: str,
        claims: dict[str, list[dict[str, Any]]] | None = None,
        *,
        status: int = 200,
        delay_s: float = 0.0,
        raw: bytes | None = None,
    ) -> None:
        self.key = key
        self.claims = claims if claims is not None else {"moon": MOON_CLAIMS}
        self.status = status
        self.delay_s = delay_s
        self.raw = raw
        self.requests: list[tuple[str, str | None, str]] = []
        self._closing = threading.Event()
        self._server: loopback.LoopbackServer | None = None

    @property
    def url(self) -> str:
        assert self._server is not None
        host, port = self._server.server_address[:2]
        return f"http://{host}:{port}/v1alpha1/claims:search"

    def __enter__(self) -> FakeFactCheck:
        self._closing.clear()
        self._server = loopback.start(_handler_for(self))
        return self

    def __exit__(self, *exc_info: object) -> None:
        self._closing.set()
        assert self._server is not None
        loopback.stop(self._server)
        self._server = None

    def _answer(self, path: str, key: str | None) -> tuple[int, bytes] | None:
        parts = urlsplit(path)
        query = parse_qs(parts.query).get("query", [""])[0]
        self.requests.append((query, key, path))
        if self.delay_s and self._closing.wait(self.delay_s):
            return None
        if parts.path != "/v1alpha1/claims:search":
            return 404, b'{"error": {"code": 404}}'
        if key != self.key:
            return 403, b'{"error": {"code": 403, "status": "PERMISSION_DENIED"}}'
        if self.status != 200:
            return self.status, json.dumps({"error": {"code": self.status}}).encode()
        if self.raw is not None:
            return 200, self.raw
        found = [
            c for needle, claims in self.claims.items() if needle in query.lower() for c in claims
        ]
        return 200, json.dumps({"claims": found} if found else {}).encode()


def _handler_for(fake: FakeFactCheck) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:  # noqa: N802
            answer = fake._answer(self.path, self.headers.get("X-goog-api-key"))
            if answer is None:
                return
            status, body = answer
            loopback.reply(self, status, {"Content-Type": "application/json"}, body)

        def log_message(self, format: str, *args: Any) -> None:  # noqa: A002
            pass

    return Handler


def main() -> None:
    """Serve the fake on its own (the README's and issue 25's fresh-clone check):
    ``python -m tests.fakes.factcheck --key KEY`` prints the URL for FACTCHECK_API_URL."""
    import argparse
    import time

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--key", required=True, help="the X-goog-api-key value to accept")
    args = parser.parse_args()
    with FakeFactCheck(args.key) as fake:
        print(f"FACTCHECK_API_URL={fake.url}", flush=True)
        try:
            while True:
                time.sleep(3600)
        except KeyboardInterrupt:
            pass


if __name__ == "__main__":
    main()
