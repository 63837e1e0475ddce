"""A cache of embeddings for repeated texts (the same claim again, the same web snippets).

    CachedEmbedder.embed(texts) ─ keys: model + text hash ─ VectorCache.get_many ─ hits
                                                            └─ misses ─ inner.embed (the batcher) ─ set_many

In-process by default (`MemoryVectorCache`, an LRU of bounded entries); Redis when REDIS_URL is set
(`RedisVectorCache`, shared by replicas and restarts). A key names the embedding model, its
backend and dimension, so two models never share vectors. A Redis failure is a miss (the text is
computed), logged and counted, never an error; after one, Redis is left alone for a few seconds so
a dead server does not add its timeout to every call.
"""

from __future__ import annotations

import hashlib
import logging
import time
from collections import OrderedDict
from collections.abc import Sequence
from typing import Any, Protocol

import numpy as np

from retrieval.embeddings import Embedder

log = logging.getLogger(__name__)


class VectorCache(Protocol):
    """key → float32 vector. `get_many` answers None for a miss; failures are never raised."""

    name: str

    async def get_many(self, keys: Sequence[str]) -> list[np.ndarray | None]: ...
    async def set_many(self, items: Sequence[tuple[str, np.ndarray]]) -> None: ...
    def stats(self) -> dict[str, Any]: ...
    async def aclose(self) -> None: ...


class MemoryVectorCache:
    """In-process LRU of at most `max_entries` vectors (used from one event loop: no locking)."""

    name = "memory"

    def __init__(self, max_entries: int = 10_000) -> None:
        if max_entries < 1:
            raise ValueError("max_entries must be at least 1")
        self.max_entries = max_entries
        self._entries: OrderedDict[str, np.ndarray] = OrderedDict()

    async def get_many(self, keys: Sequence[str]) -> list[np.ndarray | None]:
        found: list[np.ndarray | None] = []
        for key in keys:
            vector = self._entries.get(key)
            if vector is not None:
                self._entries.move_to_end(key)
            found.append(vector)
        return found

    async def set_many(self, items: Sequence[tuple[str, np.ndarray]]) -> None:
        for key, vector in items:
            stored = np.array(vector, dtype=np.float32)
            stored.setflags(write=False)  # shared by every later hit
            self._entries[key] = stored
            self._entries.move_to_end(key)
        while len(self._entries) > self.max_entries:
            self._entries.popitem(last=False)

    def stats(self) -> dict[str, Any]:
        return {"entries": len(self._entries), "max_entries": self.max_entries}

    async def aclose(self) -> None:
        self._entries.clear()


class RedisVectorCache:
    """Vectors as raw float32 bytes in Redis, with a TTL. Failures degrade to misses."""

    name = "redis"

    def __init__(
        self,
        url: str,
        *,
        ttl_s: float = 7 * 86400,
        prefix: str = "claimcheck:emb:",
        timeout_s: float = 0.5,
        cooldown_s: float = 5.0,
    ) -> None:
        import redis.asyncio as redis

        self._client = redis.from_url(
            url, socket_timeout=timeout_s, socket_connect_timeout=timeout_s
        )
        self._prefix = prefix
        self.ttl_ms = max(1, int(ttl_s * 1000))
        self.cooldown_s = cooldown_s
        self.errors = 0
        self.last_error: str | None = None
        self._down_until = 0.0

    def _available(self) -> bool:
        return time.monotonic() >= self._down_until

    def _failed(self, what: str, exc: Exception) -> None:
        self.errors += 1
        self.last_error = f"{what}: {type(exc).__name__}: {exc}"
        self._down_until = time.monotonic() + self.cooldown_s
        log.warning(
            "redis embedding cache %s failed (computing instead for %.0f s): %s",
            what,
            self.cooldown_s,
            exc,
        )

    async def get_many(self, keys: Sequence[str]) -> list[np.ndarray | None]:
        if not keys or not self._available():
            return [None] * len(keys)
        try:
            values = await self._client.mget([self._prefix + k for k in keys])
        except Exception as exc:  # any Redis/network failure is a miss, never an error
            self._failed("get", exc)
            return [None] * len(keys)
        return [
            np.frombuffer(v, dtype=np.float32) if isinstance(v, bytes) and v else None
            for v in values
        ]

    async def set_many(self, items: Sequence[tuple[str, np.ndarray]]) -> None:
        if not items or not self._available():
            return
        try:
            async with self._client.pipeline(transaction=False) as pipe:
                for key, vector in items:
                    pipe.set(
                        self._prefix + key,
                        np.asarray(vector, dtype=np.float32).tobytes(),
                        px=self.ttl_ms,
                    )
                await pipe.execute()
        except Exception as exc:  # a failed write only costs a later recomputation
            self._failed("set", exc)

    def stats(self) -> dict[str, Any]:
        return {"ttl_s": self.ttl_ms / 1000, "errors": self.errors, "last_error": self.last_error}

    async def aclose(self) -> None:
        await self._client.aclose()


def make_vector_cache(redis_url: str | None, max_entries: int, ttl_s: float) -> VectorCache | None:
    """Redis when a URL is given, else an in-process LRU; None when `max_entries` is 0 (off)."""
    if max_entries <= 0:
        return None
    if redis_url:
        return RedisVectorCache(redis_url, ttl_s=ttl_s)
    return MemoryVectorCache(max_entries)


def model_key(embedder: Embedder) -> str:
    """What makes vectors comparable: the model, the backend that computed them, the dimension."""
    backend = getattr(embedder, "backend", "unknown")
    return f"{embedder.name}|{backend}|{embedder.dimension}"


class CachedEmbedder:
    """An `Embedder` that computes only texts the cache does not hold (each distinct text once).

    `embed_blocking` (scripts, the CLI) goes straight to the model.
    """

    def __init__(self, inner: Embedder, cache: VectorCache) -> None:
        self.inner = inner
        self.cache = cache
        self.name = inner.name
        self.dimension = inner.dimension
        self.backend = getattr(inner, "backend", "injected")
        self.resolved = getattr(inner, "resolved", None)
        self._model = hashlib.sha256(model_key(inner).encode()).hexdigest()[:16]
        self.hits = 0
        self.misses = 0

    def key(self, text: str) -> str:
        digest = hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()
        return f"{self._model}:{digest}"

    def embed_blocking(self, texts: Sequence[str]) -> np.ndarray:
        return self.inner.embed_blocking(texts)

    async def embed(self, texts: Sequence[str]) -> np.ndarray:
        out = np.zeros((len(texts), self.dimension), dtype=np.float32)
        if not texts:
            return out
        rows: dict[str, list[int]] = {}
        for index, text in enumerate(texts):
            rows.setdefault(text, []).append(index)
        distinct = list(rows)
        keys = [self.key(t) for t in distinct]
        found = await self.cache.get_many(keys)
        missing: list[int] = []
        for n, vector in enumerate(found):
            if vector is not None and vector.shape == (self.dimension,):
                out[rows[distinct[n]]] = vector
            else:
                missing.append(n)
        self.hits += len(distinct) - len(missing)
        self.misses += len(missing)
        if missing:
            computed = await self.inner.embed([distinct[n] for n in missing])
            for n, vector in zip(missing, computed, strict=True):
                out[rows[distinct[n]]] = vector
            await self.cache.set_many(
                [(keys[n], vector) for n, vector in zip(missing, computed, strict=True)]
            )
        return out

    def stats(self) -> dict[str, Any]:
        return {
            "backend": self.cache.name,
            "hits": self.hits,
            "misses": self.misses,
            **self.cache.stats(),
        }

    async def aclose(self) -> None:
        await self.cache.aclose()
