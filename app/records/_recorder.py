"""The recorder (app/records): gives each answer its `id` and queues its record for the writer
(jobs/record_writer.py); opened per process on the jobs database."""

from __future__ import annotations

import asyncio
import datetime as dt
import hashlib
import json
import logging
import time
import uuid
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal

from agent.models import VerificationResult
from app.archive import Archiver
from app.records._engines import prompt_hashes
from app.schemas.verify import VerifyResponse
from jobs.record_writer import RecordWriter
from jobs.records import (
    NewRecord,
    RecordRow,
    RecordStore,
    Snapshot,
)

if TYPE_CHECKING:
    from agent.verifier import VerifyOptions
    from app.config import Settings

log = logging.getLogger("claimcheck.records")

VERDICTS = (
    "True",
    "False",
    "Partially True",
    "Misleading",
    "Not Enough Evidence",
    "Not Verifiable",
)
Via = Literal["verify", "stream", "passage", "job", "mcp", "cli"]


def iso_time(timestamp: float) -> str:
    return (
        dt.datetime.fromtimestamp(timestamp, dt.UTC)
        .isoformat(timespec="milliseconds")
        .replace("+00:00", "Z")
    )


def _options(options: VerifyOptions | None) -> dict[str, Any]:
    if options is None:
        return {}
    return {
        "web_search": options.web_search,
        "references": len(options.references or []),
        "grounding": options.grounding,
        "profile": options.profile,
    }


@dataclass
class Recorder:
    """Gives answers ids and keeps their records; one per process (API, worker or CLI)."""

    settings: Settings
    store: RecordStore
    writer: RecordWriter
    engines: dict[str, Any]
    prompts: dict[str, str]
    archiver: Archiver | None = None
    clock: Any = time.time  # tests move it a week on
    kept: int = 0
    errors: int = 0
    _pruner: asyncio.Task[None] | None = field(default=None, repr=False)

    @classmethod
    def open(
        cls,
        settings: Settings,
        store: RecordStore,
        engines: dict[str, Any],
        archiver: Archiver | None = None,
    ) -> Recorder:
        recorder = cls(settings, store, RecordWriter(store), engines, prompt_hashes(), archiver)
        if archiver is not None:
            recorder.writer.on_written = archiver.submit_records
        if settings.RECORD_TTL_DAYS:
            recorder._pruner = asyncio.get_running_loop().create_task(
                recorder._prune_loop(), name="claimcheck-records-prune"
            )
        return recorder

    def keep(
        self,
        result: VerificationResult,
        response: VerifyResponse,
        owner: str,
        *,
        via: Via,
        options: VerifyOptions | None = None,
    ) -> str | None:
        """Set `response.id` and queue the record; never raises, never waits."""
        try:
            record_id = "vrf_" + uuid.uuid4().hex
            response.id = record_id
            created = self.clock()
            snapshots = tuple(
                self._snapshot(n, item, result) for n, item in enumerate(response.evidence, 1)
            )
            record = {
                "id": record_id,
                "created_at": iso_time(created),
                "via": via,
                "claim": result.claim,
                "original_claim": result.original_claim,
                "options": _options(options),
                "mode": result.mode,
                "cache": result.cache,
                "engines": self.engines,
                "prompts": self.prompts,
                "search": {
                    "tier_used": result.search.tier_used,
                    "queries": [
                        {
                            "tier": s.tier,
                            "queries": s.queries,
                            "results": s.results,
                            "error": s.error,
                        }
                        for s in result.trail.searches
                    ],
                },
            }
            self.writer.put(
                NewRecord(
                    record_id,
                    owner,
                    created,
                    result.claim,
                    str(result.verdict),
                    response.model_dump_json(),
                    json.dumps(record),
                    snapshots,
                )
            )
            self.kept += 1
            return record_id
        except Exception as exc:  # noqa: BLE001 — the answer matters more than its record
            self.errors += 1
            response.id = None
            log.error("records: could not keep the record of %r: %s", result.claim[:80], exc)
            return None

    def _snapshot(self, n: int, item: Any, result: VerificationResult) -> Snapshot:
        text = item.text
        archive = None
        if (
            self.archiver is not None
            and item.source.startswith(("http://", "https://"))
            and not (
                item.review is not None and item.review.publisher == self.settings.REVIEW_PUBLISHER
            )
        ):
            archive = "pending"
        return Snapshot(
            n,
            item.id,
            item.source,
            text,
            hashlib.sha256(text.encode()).hexdigest(),
            result.trail.fetched_at.get(item.id),
            archive_state=archive,
        )

    async def get(self, record_id: str, owner: str) -> RecordRow | None:
        if record_id in self.writer.pending:  # answered a moment ago: written first
            await self.writer.flush()
        return await self.store.get(record_id, owner) if len(record_id) <= 40 else None

    async def _prune_loop(self) -> None:
        ttl = float(self.settings.RECORD_TTL_DAYS or 0) * 86400
        while True:
            try:
                gone = await self.store.prune(self.clock() - ttl)
                if gone:
                    log.info(
                        "records: pruned %d record(s) older than %g day(s)",
                        gone,
                        self.settings.RECORD_TTL_DAYS,
                    )
            except Exception as exc:  # noqa: BLE001 — pruning is retried at the next round
                log.warning("records: pruning failed: %s", exc)
            await asyncio.sleep(min(3600.0, max(60.0, ttl / 24)))

    def describe(self) -> dict[str, Any]:
        return {
            "enabled": True,
            "kept": self.kept,
            "errors": self.errors,
            "written": self.writer.written,
            "write_failures": self.writer.failed,
            "pending": len(self.writer.pending),
            "ttl_days": self.settings.RECORD_TTL_DAYS,
            "archive": self.archiver.describe()
            if self.archiver is not None
            else {"backend": "off"},
        }

    async def aclose(self) -> None:
        if self._pruner is not None:
            self._pruner.cancel()
            await asyncio.gather(self._pruner, return_exceptions=True)
        await self.writer.aclose()
        if self.archiver is not None:
            await self.archiver.aclose()


async def open_recorder(
    settings: Settings, engine: Any, engines: dict[str, Any]
) -> Recorder | None:
    """The recorder on the jobs database's engine, or None with RECORDS=false; `engines` is what
    answers (app/runtime/engines.py)."""
    if not settings.RECORDS:
        return None
    store = RecordStore(engine)
    archiver = None
    if settings.ARCHIVE == "wayback":
        archiver = Archiver.from_settings(settings, store)
        await archiver.resume()
    return Recorder.open(settings, store, engines, archiver)


def keep_all(
    recorder: Recorder | None,
    pairs: Sequence[tuple[VerificationResult, VerifyResponse]],
    owner: str,
    via: Via,
) -> None:
    """Keep several answers (a passage's claims)."""
    if recorder is None:
        return
    for result, response in pairs:
        recorder.keep(result, response, owner, via=via)
