"""Evidence archiving with the Internet Archive's Save Page Now 2 API (ARCHIVE=wayback; issue 40).

After a record is written, each web evidence URL in it is submitted — the URL and nothing else —
and the capture's address (`{ARCHIVE_URL}/web/{timestamp}/{url}`) is added to the snapshot when
the archive reports it done. All of it runs in the background, after the answer:

    POST {ARCHIVE_URL}/save            url=<the evidence URL>   → {"url", "job_id"}
    GET  {ARCHIVE_URL}/save/status/{job_id}                     → {"status": pending|success|error,
                                                                   "timestamp", "original_url", …}

with `Accept: application/json` and, when keys are set, `Authorization: LOW access:secret`.
Bounded: ARCHIVE_CONCURRENCY captures at a time, one submission per host every
ARCHIVE_HOST_INTERVAL_S, ARCHIVE_ATTEMPTS tries of a submission (429, 5xx and network errors,
with backoff and Retry-After), ARCHIVE_MAX_WAIT_S for a capture to finish. A URL captured in the
last day by this process is not submitted again. Snapshots still `pending` when the process stops
are taken up again at the next start.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable, Sequence
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

import httpx

if TYPE_CHECKING:
    from app.config import Settings
    from jobs.records import NewRecord, RecordStore

__all__ = ["Archiver"]

log = logging.getLogger("claimcheck.archive")

REUSE_S = 86400.0  # a URL captured this recently is not submitted again
MAX_QUEUED = 10_000  # beyond this, captures wait in the database for the next start


class ArchiveError(Exception):
    """The archive refused or failed a capture (the reason is kept on the snapshot)."""


class Archiver:
    def __init__(
        self,
        store: RecordStore,
        base_url: str,
        *,
        auth: str | None = None,
        concurrency: int = 2,
        host_interval_s: float = 10.0,
        timeout_s: float = 20.0,
        poll_s: float = 5.0,
        max_wait_s: float = 300.0,
        attempts: int = 3,
        clock: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
    ) -> None:
        self.store = store
        self.base_url = base_url.rstrip("/")
        self.concurrency = concurrency
        self.host_interval_s = host_interval_s
        self.poll_s = poll_s
        self.max_wait_s = max_wait_s
        self.attempts = attempts
        self.clock = clock
        self.sleep = sleep
        headers = {
            "Accept": "application/json",
            "user-agent": "claimcheck/0.1 (evidence archiving)",
        }
        if auth:
            headers["Authorization"] = f"LOW {auth}"
        self.http = httpx.AsyncClient(
            timeout=httpx.Timeout(timeout_s), headers=headers, follow_redirects=False
        )
        self._queue: asyncio.Queue[tuple[str, int, str]] = asyncio.Queue()
        self._workers: list[asyncio.Task[None]] = []
        self._next_at: dict[str, float] = {}  # host → earliest next submission
        self._host_lock = asyncio.Lock()
        self._captured: dict[str, tuple[float, str]] = {}  # URL → (when, archive URL)
        self._inflight: dict[str, asyncio.Future[str]] = {}
        self.archived = 0
        self.failed = 0
        self.last_error: str | None = None

    @classmethod
    def from_settings(cls, settings: Settings, store: RecordStore) -> Archiver:
        auth = None
        if settings.ARCHIVE_ACCESS_KEY and settings.ARCHIVE_SECRET_KEY:
            auth = f"{settings.ARCHIVE_ACCESS_KEY.get_secret_value()}:{settings.ARCHIVE_SECRET_KEY.get_secret_value()}"
        return cls(
            store,
            settings.ARCHIVE_URL,
            auth=auth,
            concurrency=settings.ARCHIVE_CONCURRENCY,
            host_interval_s=settings.ARCHIVE_HOST_INTERVAL_S,
            timeout_s=settings.ARCHIVE_TIMEOUT_S,
            poll_s=settings.ARCHIVE_POLL_S,
            max_wait_s=settings.ARCHIVE_MAX_WAIT_S,
            attempts=settings.ARCHIVE_ATTEMPTS,
        )

    # -- queueing ---------------------------------------------------------------------------------

    def submit_records(self, records: Sequence[NewRecord]) -> None:
        """After a batch of records is written: queue their snapshots marked `pending` (never waits)."""
        for record in records:
            for snapshot in record.snapshots:
                if snapshot.archive_state == "pending":
                    self.enqueue(record.id, snapshot.n, snapshot.source)

    def enqueue(self, record_id: str, n: int, url: str) -> None:
        if self._queue.qsize() >= MAX_QUEUED:
            return  # stays `pending` in the database: taken up at the next start
        self._queue.put_nowait((record_id, n, url))
        if not self._workers:
            loop = asyncio.get_running_loop()
            self._workers = [
                loop.create_task(self._work(), name=f"claimcheck-archive-{i}")
                for i in range(self.concurrency)
            ]

    async def resume(self) -> None:
        """Captures a previous process left pending."""
        for record_id, n, url in await self.store.archive_pending(MAX_QUEUED):
            self.enqueue(record_id, n, url)

    async def idle(self, timeout_s: float = 30.0) -> None:
        """Wait until everything queued has been captured or failed (tests, shutdown)."""
        async with asyncio.timeout(timeout_s):
            await self._queue.join()

    # -- work -------------------------------------------------------------------------------------

    async def _work(self) -> None:
        while True:
            record_id, n, url = await self._queue.get()
            try:
                try:
                    archived = await self._capture_once(url)
                except ArchiveError as exc:
                    self.failed += 1
                    self.last_error = str(exc)[:300]
                    log.warning("archive: %s was not captured: %s", url, exc)
                    await self.store.set_archive(record_id, n, "failed", None, str(exc)[:500])
                else:
                    self.archived += 1
                    await self.store.set_archive(record_id, n, "archived", archived)
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # noqa: BLE001 — a worker must outlive any one capture
                log.error("archive: capture of %s ended in %s: %s", url, type(exc).__name__, exc)
            finally:
                self._queue.task_done()

    async def _capture_once(self, url: str) -> str:
        """One capture per URL at a time, and none again within a day."""
        recent = self._captured.get(url)
        if recent is not None and self.clock() - recent[0] < REUSE_S:
            return recent[1]
        running = self._inflight.get(url)
        if running is not None:
            return await asyncio.shield(running)
        future: asyncio.Future[str] = asyncio.get_running_loop().create_future()
        self._inflight[url] = future
        try:
            archived = await self._capture(url)
        except BaseException as exc:
            future.set_exception(exc if isinstance(exc, ArchiveError) else ArchiveError(str(exc)))
            future.exception()  # retrieved: no "never retrieved" warning when nobody else waited
            raise
        else:
            future.set_result(archived)
            if len(self._captured) >= MAX_QUEUED:  # bounded memory: forget the oldest captures
                for old in sorted(self._captured, key=lambda u: self._captured[u][0])[
                    : MAX_QUEUED // 10
                ]:
                    del self._captured[old]
            self._captured[url] = (self.clock(), archived)
            return archived
        finally:
            del self._inflight[url]

    async def _host_turn(self, url: str) -> None:
        host = (urlsplit(url).hostname or "").lower()
        async with self._host_lock:
            now = self.clock()
            start = max(now, self._next_at.get(host, now))
            self._next_at[host] = start + self.host_interval_s
        if start > now:
            await self.sleep(start - now)

    async def _capture(self, url: str) -> str:
        job_id = await self._submit(url)
        deadline = self.clock() + self.max_wait_s
        while True:
            await self.sleep(self.poll_s)
            status = await self._status(job_id)
            state = status.get("status")
            if state == "success":
                timestamp, original = status.get("timestamp"), status.get("original_url") or url
                if not timestamp:
                    raise ArchiveError(f"capture {job_id} succeeded without a timestamp")
                return f"{self.base_url}/web/{timestamp}/{original}"
            if state == "error":
                raise ArchiveError(
                    f"{status.get('status_ext') or 'error'}: {status.get('message') or 'no reason given'}"
                )
            if self.clock() >= deadline:
                raise ArchiveError(f"capture {job_id} not done after {self.max_wait_s:g} s")

    async def _submit(self, url: str) -> str:
        problem = "not tried"
        for attempt in range(1, self.attempts + 1):
            await self._host_turn(url)
            wait = min(60.0, 2.0**attempt)
            try:
                response = await self.http.post(f"{self.base_url}/save", data={"url": url})
            except httpx.HTTPError as exc:
                problem = f"{type(exc).__name__}: {exc}"
            else:
                if response.status_code == 429 or response.status_code >= 500:
                    problem = f"HTTP {response.status_code}"
                    wait = max(wait, _retry_after(response.headers.get("retry-after")))
                elif response.status_code >= 400:
                    raise ArchiveError(f"HTTP {response.status_code}: {response.text[:200]}")
                else:
                    body = _json(response)
                    if body.get("job_id"):
                        return str(body["job_id"])
                    raise ArchiveError(
                        f"{body.get('status_ext') or 'refused'}: "
                        f"{body.get('message') or 'no job id in the answer'}"
                    )
            if attempt < self.attempts:
                await self.sleep(wait)
        raise ArchiveError(f"submission failed {self.attempts} time(s); last: {problem}")

    async def _status(self, job_id: str) -> dict[str, Any]:
        for attempt in range(1, self.attempts + 1):
            try:
                response = await self.http.get(f"{self.base_url}/save/status/{job_id}")
            except httpx.HTTPError:
                response = None
            if response is not None and response.status_code < 400:
                return _json(response)
            if attempt < self.attempts:
                await self.sleep(min(60.0, 2.0**attempt))
        return {"status": "pending"}  # the next poll asks again, until ARCHIVE_MAX_WAIT_S

    def describe(self) -> dict[str, Any]:
        return {
            "backend": "wayback",
            "url": self.base_url,
            "queued": self._queue.qsize(),
            "archived": self.archived,
            "failed": self.failed,
            "last_error": self.last_error,
        }

    async def aclose(self) -> None:
        for worker in self._workers:
            worker.cancel()
        await asyncio.gather(*self._workers, return_exceptions=True)
        await self.http.aclose()


def _json(response: httpx.Response) -> dict[str, Any]:
    try:
        body = response.json()
    except ValueError as exc:
        raise ArchiveError(f"not JSON: {response.text[:120]!r}") from exc
    if not isinstance(body, dict):
        raise ArchiveError("not a JSON object")
    return body


def _retry_after(value: str | None) -> float:
    try:
        return min(300.0, max(0.0, float(value or 0)))
    except ValueError:
        return 0.0
