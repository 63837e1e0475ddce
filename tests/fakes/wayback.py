"""A loopback fake of the Internet Archive's Save Page Now 2 API (the calls app/archive.py makes).

    with FakeWayback(pending_polls=1, throttle=1) as archive:
        settings = make_settings(tmp_path, ARCHIVE="wayback", ARCHIVE_URL=archive.url, …)

`POST /save` (form `url=…`) answers `{"url", "job_id"}` — or 429 with Retry-After: 0 for the first
`throttle` submissions; `GET /save/status/{job_id}` answers `pending` `pending_polls` times, then
`success` with a timestamp and the original URL (or `error` for URLs containing `refuse`).
`submissions` lists (url, Authorization header) in arrival order; `polls` counts status calls.
"""

from __future__ import annotations

import json
import threading
from http.server import BaseHTTPRequestHandler
from urllib.parse import parse_qs

from tests.fakes import loopback

TIMESTAMP = "20261126101500"


class FakeWayback:
    def __init__(self, *, pending_polls: int = 1, throttle: int = 0) -> None:
        self.pending_polls = pending_polls
        self.throttle = throttle
        self.submissions: list[tuple[str, str | None]] = []
        self.polls = 0
        self._jobs: dict[str, dict] = {}
        self._lock = threading.Lock()
        self._server = None

    @property
    def url(self) -> str:
        assert self._server is not None
        return f"http://127.0.0.1:{self._server.server_address[1]}"

    def __enter__(self) -> FakeWayback:
        fake = self

        class Handler(BaseHTTPRequestHandler):
            def _json(self, status: int, body: dict, headers: dict[str, str] | None = None) -> None:
                loopback.reply(
                    self,
                    status,
                    {"content-type": "application/json", **(headers or {})},
                    json.dumps(body).encode(),
                )

            def do_POST(self) -> None:  # noqa: N802
                if self.path != "/save":
                    return self._json(404, {"status": "error", "message": "no such route"})
                length = int(self.headers.get("content-length") or 0)
                form = parse_qs(self.rfile.read(length).decode())
                url = form.get("url", [""])[0]
                with fake._lock:
                    fake.submissions.append((url, self.headers.get("authorization")))
                    if fake.throttle > 0:
                        fake.throttle -= 1
                        return self._json(
                            429, {"status": "error", "message": "slow down"}, {"retry-after": "0"}
                        )
                    job_id = f"spn2-{len(fake._jobs) + 1:04d}"
                    fake._jobs[job_id] = {"url": url, "polls": 0}
                self._json(200, {"url": url, "job_id": job_id})

            def do_GET(self) -> None:  # noqa: N802
                prefix = "/save/status/"
                if not self.path.startswith(prefix):
                    return self._json(404, {"status": "error", "message": "no such route"})
                with fake._lock:
                    fake.polls += 1
                    job = fake._jobs.get(self.path[len(prefix) :])
                    if job is None:
                        return self._json(
                            200,
                            {
                                "status": "error",
                                "status_ext": "error:not-found",
                                "message": "unknown job",
                            },
                        )
                    job["polls"] += 1
                    polls = job["polls"]
                if "refuse" in job["url"]:
                    return self._json(
                        200,
                        {
                            "status": "error",
                            "status_ext": "error:blocked-url",
                            "message": "This URL is excluded.",
                        },
                    )
                if polls <= fake.pending_polls:
                    return self._json(
                        200, {"status": "pending", "job_id": self.path[len(prefix) :]}
                    )
                self._json(
                    200,
                    {
                        "status": "success",
                        "timestamp": TIMESTAMP,
                        "original_url": job["url"],
                        "job_id": self.path[len(prefix) :],
                        "duration_sec": 1.2,
                    },
                )

            def log_message(self, *args: object) -> None:
                pass

        self._server = loopback.start(Handler)
        return self

    def __exit__(self, *exc: object) -> None:
        assert self._server is not None
        loopback.stop(self._server)
