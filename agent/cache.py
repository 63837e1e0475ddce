"""Caches of finished work: a TTL key → text store, in-process (LRU) or Redis when REDIS_URL is set.

The verdict cache stores the wire JSON of a finished verification under a key made of the
normalised claim and everything else that changes the answer (engine, model, options), so a
repeated claim is answered in milliseconds with `cache: "hit"`.
"""

from __future__ import annotations

import hashlib
import json
import logging
import re
import time
from collections import OrderedDict
from typing import Any, Protocol

log = logging.getLogger(__name__)


class TextCache(Protocol):
    """get/set of short texts with a TTL. Failures of a remote store are never raised."""

    name: str

    async def get(self, key: str) -> str | None: ...
    async def set(self, key: str, value: str, ttl_s: float) -> None: ...
    async def aclose(self) -> None: ...


class MemoryCache:
    """In-process LRU with per-entry expiry (one event loop; no locking needed)."""

    name = "memory"

    def __init__(self, max_entries: int = 2048) -> None:
        self.max_entries = max_entries
        self._entries: OrderedDict[str, tuple[float, str]] = OrderedDict()

    async def get(self, key: str) -> str | None:
        hit = self._entries.get(key)
        if hit is None:
            return None
        if hit[0] < time.monotonic():
            del self._entries[key]
            return None
        self._entries.move_to_end(key)
        return hit[1]

    async def set(self, key: str, value: str, ttl_s: float) -> None:
        self._entries[key] = (time.monotonic() + ttl_s, value)
        self._entries.move_to_end(key)
        while len(self._entries) > self.max_entries:
            self._entries.popitem(last=False)

    async def aclose(self) -> None:
        self._entries.clear()


class RedisCache:
    """Redis (shared by replicas). A Redis failure is a miss, logged, never an error."""

    name = "redis"

    def __init__(self, url: str, prefix: str = "claimcheck:", timeout_s: float = 0.5) -> None:
        import redis.asyncio as redis

        self._client = redis.from_url(
            url, socket_timeout=timeout_s, socket_connect_timeout=timeout_s
        )
        self._prefix = prefix
        self.errors = 0

    async def get(self, key: str) -> str | None:
        try:
            value = await self._client.get(self._prefix + key)
        except Exception as exc:  # any Redis/network failure degrades to a miss
            self.errors += 1
            log.warning("redis cache get failed: %s", exc)
            return None
        return value.decode() if isinstance(value, bytes) else value

    async def set(self, key: str, value: str, ttl_s: float) -> None:
        try:
            await self._client.set(self._prefix + key, value, px=max(1, int(ttl_s * 1000)))
        except Exception as exc:  # a failed write only costs a future miss
            self.errors += 1
            log.warning("redis cache set failed: %s", exc)

    async def aclose(self) -> None:
        await self._client.aclose()


def make_cache(redis_url: str | None) -> TextCache:
    return RedisCache(redis_url) if redis_url else MemoryCache()


_SPACE = re.compile(r"\s+")


def normalise_claim(claim: str) -> str:
    return _SPACE.sub(" ", claim).strip().strip(".!?;: ").lower()


def verdict_key(claim: str, **answer_shaping: Any) -> str:
    """Key of a verification: the normalised claim plus everything else that shapes the answer."""
    payload = json.dumps(
        {"claim": normalise_claim(claim), **answer_shaping}, sort_keys=True, default=str
    )
    return "verdict:" + hashlib.sha256(payload.encode()).hexdigest()
