"""The knowledge base's access and verdict-use counters (retrieval/knowledge_base.py).

They are merged in memory and written in one update per `write_behind_s` (0: at once): Chroma's
embedded writes hold the GIL for ~35 ms each, so one write per request would stall the event loop
of a busy server. `flush` writes what is pending (one read-modify-write at a time, so no increment
is lost); `close` stops the timer and writes the rest at shutdown.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from retrieval.documents import StoredDocument, utc_now
from retrieval.errors import KnowledgeBaseError

log = logging.getLogger(__name__)


@dataclass
class Delta:
    """What one document's counters still owe the store."""

    accesses: int = 0
    verdict_relevances: list[float] = field(default_factory=list)


def updated_metadata(docs: list[StoredDocument], deltas: dict[str, Delta]) -> list[dict[str, Any]]:
    """The documents' metadata with their deltas applied (running mean of verdict relevance,
    access count and time)."""
    now = utc_now()
    metadatas = []
    for doc in docs:
        meta, delta = doc.metadata, deltas[doc.id]
        if delta.verdict_relevances:
            count = int(meta.get("verification_count", 0) or 0)
            avg = float(meta.get("avg_relevance", 0.0) or 0.0)
            total = avg * count + sum(delta.verdict_relevances)
            count += len(delta.verdict_relevances)
            meta["verification_count"] = count
            meta["avg_relevance"] = total / count
        if delta.accesses:
            meta["access_count"] = int(meta.get("access_count", 0) or 0) + delta.accesses
            meta["last_accessed"] = now
        metadatas.append(meta)
    return metadatas


class Counters:
    """Pending counters and their writer; `apply(deltas)` writes a batch to the store."""

    def __init__(self, apply: Callable[[dict[str, Delta]], Awaitable[None]]) -> None:
        self._apply = apply
        self.write_behind_s = 0.0
        self._deltas: dict[str, Delta] = {}
        self._in_flight = 0  # documents whose counters are being written now
        self._flusher: asyncio.Task[None] | None = None
        self._apply_lock: asyncio.Lock | None = None

    @property
    def pending(self) -> int:
        """Documents whose counters are not in the store yet (waiting, or being written)."""
        return len(self._deltas) + self._in_flight

    async def record(
        self, accessed: dict[str, float] | None = None, used: dict[str, float] | None = None
    ) -> None:
        """`accessed` (ids → relevance): access_count += 1; `used`: verification_count += 1 and
        the relevance into avg_relevance. Written at once, or merged for `write_behind_s`."""
        if not accessed and not used:
            return
        for doc_id in accessed or {}:
            self._deltas.setdefault(doc_id, Delta()).accesses += 1
        for doc_id, relevance in (used or {}).items():
            self._deltas.setdefault(doc_id, Delta()).verdict_relevances.append(float(relevance))
        if self.write_behind_s <= 0:
            await self.flush()
        elif self._flusher is None or self._flusher.done():
            self._flusher = asyncio.create_task(self._flush_later())

    async def _flush_later(self) -> None:
        await asyncio.sleep(self.write_behind_s)
        try:
            # shielded: cancelled by close mid-write, the write itself still completes
            await asyncio.shield(self.flush())
        except KnowledgeBaseError as exc:  # counters are best effort: the answers stand
            log.warning("could not write access/verdict counters to the knowledge base: %s", exc)

    async def close(self) -> None:
        """At shutdown: stop the timer and write what is pending now."""
        if self._flusher is not None and not self._flusher.done():
            self._flusher.cancel()
            await asyncio.wait([self._flusher])
        await self.flush()

    async def flush(self) -> None:
        """Write the merged counters now (one update)."""
        if self._apply_lock is None:
            self._apply_lock = asyncio.Lock()
        async with self._apply_lock:  # one read-modify-write at a time: no lost increments
            deltas, self._deltas = self._deltas, {}
            if deltas:
                self._in_flight = len(deltas)  # still pending for readers until the write is done
                try:
                    await self._apply(deltas)
                finally:
                    self._in_flight = 0
