"""uvicorn's HTTP protocol with its own 400 in the API's error shape.

A request uvicorn cannot parse (a broken request line, an invalid header, a bad chunk) never
reaches the app: uvicorn answers it itself, as plain text by default. `claimcheck serve` runs
uvicorn with this protocol class instead, which answers those as
`{"error": "bad_request", "detail": "malformed HTTP request: …"}`. What uvicorn still answers in
its own words is listed in docs/security.md (e.g. its plain 503 under `--limit-concurrency`,
which claimcheck does not set).
"""

from __future__ import annotations

import json

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

__all__ = ["JSONErrorHttpToolsProtocol", "bad_request_body"]


def bad_request_body(message: str) -> bytes:
    detail = "malformed HTTP request: " + message.encode("ascii", "replace").decode("ascii")[:200]
    return json.dumps({"error": "bad_request", "detail": detail}).encode("ascii")


class JSONErrorHttpToolsProtocol(HttpToolsProtocol):
    """uvicorn's default HTTP/1.1 protocol (httptools), its 400 as JSON."""

    def send_400_response(self, msg: str) -> None:
        body = bad_request_body(msg)
        content = [b"HTTP/1.1 400 Bad Request\r\n"]
        for name, value in self.server_state.default_headers:
            content.extend([name, b": ", value, b"\r\n"])
        content.extend(
            [
                b"content-type: application/json\r\n",
                b"content-length: " + str(len(body)).encode("ascii") + b"\r\n",
                b"connection: close\r\n",
                b"\r\n",
                body,
            ]
        )
        self.transport.write(b"".join(content))
        self.transport.close()
