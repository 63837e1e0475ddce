"""The start/stop scaffolding every loopback fake server shares."""

from __future__ import annotations

import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


class LoopbackServer(ThreadingHTTPServer):
    daemon_threads = True
    request_queue_size = (
        128  # the default backlog of 5 makes concurrent connects wait for SYN retries
    )


def start(handler: type[BaseHTTPRequestHandler]) -> LoopbackServer:
    """A threaded HTTP server on 127.0.0.1 and a free port, serving in a daemon thread."""
    server = LoopbackServer(("127.0.0.1", 0), handler)
    threading.Thread(
        target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True
    ).start()
    return server


def stop(server: ThreadingHTTPServer) -> None:
    server.shutdown()
    server.server_close()


def reply(
    handler: BaseHTTPRequestHandler, status: int, headers: dict[str, str], body: bytes
) -> None:
    """Send one whole response (status, headers, Content-Length, body) from a handler."""
    handler.send_response(status)
    for key, value in headers.items():
        handler.send_header(key, value)
    handler.send_header("Content-Length", str(len(body)))
    handler.end_headers()
    handler.wfile.write(body)
