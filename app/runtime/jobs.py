"""The jobs layer's parts: the jobs database (jobs/store.py, migrated on open), the recorder that
keeps every answer's record in it (RECORDS, app/records/) and, in the server, the batch-jobs
service (jobs/service.py: its runner or, with the Redis queue, its dispatcher)."""

from __future__ import annotations

from contextlib import AsyncExitStack
from dataclasses import dataclass, field
from typing import Any

from app.config import Settings
from app.records import Recorder, open_recorder
from app.runtime.makers import Makers
from jobs.config import JobsConfig
from jobs.items import VerifyItem
from jobs.service import JobsService
from jobs.store import JobStore
from search.fetch import FetchPolicy


def jobs_config(settings: Settings) -> JobsConfig:
    """The settings as the jobs layer reads them (jobs/ never imports app)."""
    return JobsConfig(
        database_url=settings.database_url,
        queue=settings.job_queue,
        queue_reason=settings.job_queue_reason,
        redis_url=settings.redis_url,
        concurrency=min(settings.JOB_CONCURRENCY, settings.MAX_CONCURRENT_VERIFICATIONS),
        item_timeout_s=settings.JOB_ITEM_TIMEOUT_S,
        worker_concurrency=settings.WORKER_CONCURRENCY,
        heartbeat_timeout_s=settings.WORKER_HEARTBEAT_TIMEOUT_S,
        ttl_days=settings.JOB_TTL_DAYS,
        max_items=settings.JOB_MAX_ITEMS,
        max_unfinished_per_key=settings.JOBS_MAX_UNFINISHED_PER_KEY,
        max_items_per_key=settings.JOBS_MAX_ITEMS_PER_KEY,
        webhook_secret=(
            settings.WEBHOOK_SECRET.get_secret_value() if settings.WEBHOOK_SECRET else None
        ),
        fetch_allow_hosts=tuple(settings.FETCH_ALLOW_HOSTS),
        claimreview_author_name=settings.CLAIMREVIEW_AUTHOR_NAME,
        claimreview_author_url=settings.CLAIMREVIEW_AUTHOR_URL,
        claimreview_url_template=settings.CLAIMREVIEW_URL_TEMPLATE,
    )


@dataclass
class JobsLayer:
    store: JobStore
    recorder: Recorder | None  # None with RECORDS=false
    service: JobsService | None = None  # the server's batch jobs
    _owned: AsyncExitStack = field(default_factory=AsyncExitStack)  # until the service owns them

    @classmethod
    async def open(
        cls, settings: Settings, engines: dict[str, Any], store: JobStore | None = None
    ) -> JobsLayer:
        """The jobs database, or `store` (`claimcheck worker`'s, which it closes itself), and the
        recorder on it; `engines` describes what answers (app/runtime/engines.py)."""
        owned = AsyncExitStack()
        try:
            if store is None:
                store = await JobStore.open(settings.database_url)
                owned.push_async_callback(store.aclose)
            recorder = await open_recorder(settings, store.engine, engines)
            if recorder is not None:  # closed before the database: records still queued are written
                owned.push_async_callback(recorder.aclose)
        except BaseException:
            await owned.aclose()
            raise
        return cls(store, recorder, _owned=owned)

    async def start(self, settings: Settings, makers: Makers, verify: VerifyItem) -> None:
        """Run batch jobs here: the service owns the database, the recorder and its callbacks'
        fetcher from then on (and closes them, also when starting fails)."""
        callbacks = makers.fetcher(
            FetchPolicy(
                allow_hosts=tuple(settings.FETCH_ALLOW_HOSTS),
                timeout_s=10.0,
                concurrency=4,
                cache_ttl_s=0,
            )
        )
        self._owned.pop_all()
        self.service = await JobsService.open(
            jobs_config(settings), self.store, verify, fetcher=callbacks, recorder=self.recorder
        )

    def describe(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "records": self.recorder.describe() if self.recorder is not None else {"enabled": False}
        }
        if self.service is not None:
            out["jobs"] = self.service.describe()
        return out

    async def aclose(self) -> None:
        if self.service is not None:
            await self.service.aclose()  # items in flight stop, records are written, then the rest
        await self._owned.aclose()
