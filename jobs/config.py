"""What the jobs layer reads from the settings, as plain values (the app builds them from its
`Settings`, see app/jobs_setup.py; docs/configuration.md documents each setting)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal


@dataclass(frozen=True)
class JobsConfig:
    database_url: str  # DATABASE_URL, or the SQLite file beside the KB
    queue: Literal["redis", "inprocess"] = "inprocess"  # JOB_QUEUE resolved
    queue_reason: str | None = None  # why JOB_QUEUE=auto runs items in the API (for /api/health)
    redis_url: str | None = None
    concurrency: int = 4  # JOB_CONCURRENCY, at most MAX_CONCURRENT_VERIFICATIONS
    item_timeout_s: float | None = 300.0  # JOB_ITEM_TIMEOUT_S
    worker_concurrency: int = 4  # WORKER_CONCURRENCY
    heartbeat_timeout_s: float = 60.0  # WORKER_HEARTBEAT_TIMEOUT_S
    ttl_days: float = 30.0  # JOB_TTL_DAYS (0: kept for ever)
    max_items: int = 10_000  # JOB_MAX_ITEMS
    max_unfinished_per_key: int = 10  # JOBS_MAX_UNFINISHED_PER_KEY
    max_items_per_key: int = 50_000  # JOBS_MAX_ITEMS_PER_KEY
    webhook_secret: str | None = None  # WEBHOOK_SECRET
    fetch_allow_hosts: tuple[str, ...] = ()  # FETCH_ALLOW_HOSTS (the callback's SSRF guard)
    claimreview_author_name: str = "claimcheck"
    claimreview_author_url: str | None = None  # None: the API's own address
    claimreview_url_template: str | None = None
