"""The job's callback: one signed POST when the job ends, retried with backoff, never blocking.

Signed like Standard Webhooks (standardwebhooks.com): headers `webhook-id`, `webhook-timestamp`
(Unix seconds) and `webhook-signature: v1,<base64 HMAC-SHA256(secret, "{id}.{timestamp}.{body}")>`.
A secret written `whsec_<base64>` is used base64-decoded, as Standard Webhooks libraries do; any
other secret as its UTF-8 bytes. The receiver recomputes the HMAC and rejects stale timestamps.
The URL goes through the SSRF guard (search/fetch.py) when the job is made and on every attempt.
"""

from __future__ import annotations

import asyncio
import base64
import hashlib
import hmac
import json
import logging
import time
from collections.abc import Awaitable, Callable, Sequence

from jobs.items import JobRow, JobStatus
from jobs.runner import settle
from jobs.store import JobStore
from search.fetch import Fetcher, FetchError

log = logging.getLogger("claimcheck.jobs")

DELAYS_S = (0.0, 2.0, 10.0, 60.0, 300.0)  # five attempts over about six minutes


def secret_bytes(secret: str) -> bytes:
    if secret.startswith("whsec_"):
        return base64.b64decode(secret[len("whsec_") :])
    return secret.encode()


def sign(secret: str, message_id: str, timestamp: int, body: bytes) -> str:
    signed = f"{message_id}.{timestamp}.".encode() + body
    digest = hmac.new(secret_bytes(secret), signed, hashlib.sha256).digest()
    return "v1," + base64.b64encode(digest).decode()


def verify(secret: str, headers: dict[str, str], body: bytes, *, tolerance_s: int = 300) -> bool:
    """What a receiver does (used by the tests and documented for clients)."""
    timestamp = int(headers["webhook-timestamp"])
    if abs(time.time() - timestamp) > tolerance_s:
        return False
    expected = sign(secret, headers["webhook-id"], timestamp, body)
    return any(
        hmac.compare_digest(expected, candidate)
        for candidate in headers["webhook-signature"].split()
    )


class Webhooks:
    def __init__(
        self,
        fetcher: Fetcher,
        store: JobStore,
        secret: str | None,
        status: Callable[[JobRow], Awaitable[JobStatus]],
        delays_s: Sequence[float] = DELAYS_S,
    ) -> None:
        self.fetcher = fetcher
        self.store = store
        self.secret = secret
        self.status = status  # the job as GET /api/jobs/{id} shows it: the callback's data
        self.delays_s = tuple(delays_s)
        self._tasks: set[asyncio.Task[None]] = set()

    def send(self, job: JobRow, *, resume: bool = False) -> None:
        """Deliver in the background (the caller never waits). The delivery first takes the
        callback in the database (pending → sending), so of several replicas that see the job end,
        one delivers; `resume` (at start-up) also takes one left `sending` by a process that died."""
        if not job.callback_url or job.callback_state not in (
            {"pending", "sending"} if resume else {"pending"}
        ):
            return
        task = asyncio.create_task(self._deliver(job, resume))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _deliver(self, job: JobRow, resume: bool) -> None:
        assert job.callback_url is not None
        if not await self.store.claim_callback(job.id) and not resume:
            return  # another replica is delivering it
        data = (await self.status(job)).as_json()
        payload = json.dumps({"type": f"job.{job.state}", "data": data}).encode()
        message_id = f"{job.id}.{job.state}"
        for attempt, delay in enumerate(self.delays_s, start=1):
            if delay:
                await asyncio.sleep(delay)
            timestamp = int(time.time())
            headers = {
                "content-type": "application/json",
                "webhook-id": message_id,
                "webhook-timestamp": str(timestamp),
            }
            if self.secret:
                headers["webhook-signature"] = sign(self.secret, message_id, timestamp, payload)
            try:
                status = await self.fetcher.post(job.callback_url, payload, headers)
            except FetchError as exc:
                log.warning("job %s callback attempt %d failed: %s", job.id, attempt, exc)
                await self.store.set_callback(job.id, "sending", attempt)
                continue
            if 200 <= status < 300:
                await self.store.set_callback(job.id, "sent", attempt)
                return
            log.warning("job %s callback attempt %d answered %d", job.id, attempt, status)
            await self.store.set_callback(job.id, "sending", attempt)
        await self.store.set_callback(job.id, "failed", len(self.delays_s))

    async def aclose(self, timeout_s: float = 15.0) -> None:
        tasks = list(self._tasks)
        for task in tasks:
            task.cancel()
        await settle(tasks, timeout_s, "callback")
