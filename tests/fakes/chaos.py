"""Misbehaving outside services on 127.0.0.1, for the chaos tests (issue 38): real sockets, no mocks.

- `hanging`: accepts the connection, reads the request, never answers.
- `trickling`: answers 200 with a Content-Length and then one byte every `interval_s`.
- `half_json`: answers 200 `application/json` with the first half of a chat completion.
- `resetting`: reads the request and resets the connection (RST: SO_LINGER 0).
"""

from __future__ import annotations

import contextlib
import json
import socket
import struct
import threading
import time
from collections.abc import Callable

Behaviour = Callable[[socket.socket], None]


class ChaosServer:
    """A TCP server on a free loopback port that treats each connection with `behaviour`."""

    def __init__(self, behaviour: Behaviour) -> None:
        self.behaviour = behaviour
        self.connections = 0
        self._sock = socket.socket()
        self._sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self._sock.bind(("127.0.0.1", 0))
        self._sock.listen(128)
        self._stop = threading.Event()
        self._open: list[socket.socket] = []

    @property
    def port(self) -> int:
        return self._sock.getsockname()[1]

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def __enter__(self) -> ChaosServer:
        threading.Thread(target=self._serve, daemon=True).start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._sock.close()
        for conn in self._open:
            with contextlib.suppress(OSError):
                conn.close()

    def _serve(self) -> None:
        while not self._stop.is_set():
            try:
                conn, _ = self._sock.accept()
            except OSError:
                return
            self.connections += 1
            self._open.append(conn)
            threading.Thread(target=self._handle, args=(conn,), daemon=True).start()

    def _handle(self, conn: socket.socket) -> None:
        with contextlib.suppress(OSError):
            self.behaviour(conn)

    def stopped(self) -> bool:
        return self._stop.is_set()


def read_request(conn: socket.socket) -> bytes:
    """The request's head and (Content-Length) body."""
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = conn.recv(65536)
        if not chunk:
            return data
        data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    length = 0
    for line in head.split(b"\r\n")[1:]:
        name, _, value = line.partition(b":")
        if name.strip().lower() == b"content-length":
            length = int(value.strip())
    while len(body) < length:
        chunk = conn.recv(65536)
        if not chunk:
            break
        body += chunk
    return head + b"\r\n\r\n" + body


def hanging(conn: socket.socket) -> None:
    read_request(conn)
    time.sleep(3600)


def trickling(interval_s: float = 0.3) -> Behaviour:
    def behave(conn: socket.socket) -> None:
        read_request(conn)
        body = b'{"id": "x", "object": "chat.completion", "choices": []}' * 20
        conn.sendall(
            b"HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: "
            + str(len(body)).encode()
            + b"\r\n\r\n"
        )
        for byte in body:
            conn.sendall(bytes([byte]))
            time.sleep(interval_s)

    return behave


def half_json(conn: socket.socket) -> None:
    while True:
        if not read_request(conn):
            return
        completion = json.dumps(
            {
                "id": "chatcmpl-x",
                "object": "chat.completion",
                "created": 0,
                "model": "m",
                "choices": [
                    {
                        "index": 0,
                        "finish_reason": "stop",
                        "message": {"role": "assistant", "content": '{"verdict": "True"}'},
                    }
                ],
            }
        ).encode()
        body = completion[: len(completion) // 2]
        conn.sendall(
            b"HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: "
            + str(len(body)).encode()
            + b"\r\n\r\n"
            + body
        )


def resetting(conn: socket.socket) -> None:
    read_request(conn)
    conn.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    conn.close()
