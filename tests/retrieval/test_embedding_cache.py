"""The embedding cache: repeated texts skip the model; Redis shares vectors between instances and
its failures cost a recomputation, never an error."""

from __future__ import annotations

import numpy as np

from retrieval.embedding_cache import (
    CachedEmbedder,
    MemoryVectorCache,
    RedisVectorCache,
    make_vector_cache,
)
from retrieval.embeddings import HashingEmbedder
from tests.conftest import free_port


class CountingEmbedder:
    """The real embedder; counts the texts that reach the model."""

    def __init__(self, inner) -> None:
        self.inner = inner
        self.name, self.dimension = inner.name, inner.dimension
        self.backend = getattr(inner, "backend", "test")
        self.texts: list[str] = []

    def embed_blocking(self, texts):
        return self.inner.embed_blocking(texts)

    async def embed(self, texts):
        self.texts.extend(texts)
        return await self.inner.embed(texts)


async def test_a_cache_hit_does_not_call_the_model(minilm):
    model = CountingEmbedder(minilm)
    cached = CachedEmbedder(model, MemoryVectorCache(100))
    first = await cached.embed(
        ["The Earth is round.", "Bananas are yellow.", "The Earth is round."]
    )
    assert model.texts == ["The Earth is round.", "Bananas are yellow."]  # each distinct text once
    np.testing.assert_allclose(
        first,
        minilm.embed_blocking(
            ["The Earth is round.", "Bananas are yellow.", "The Earth is round."]
        ),
        atol=1e-5,
    )
    again = await cached.embed(["Bananas are yellow.", "The Earth is round."])
    assert len(model.texts) == 2  # no model call
    np.testing.assert_array_equal(again, first[[1, 0]])
    again[0] = 0.0  # the caller owns its array: the cache is not changed through it
    np.testing.assert_array_equal((await cached.embed(["Bananas are yellow."]))[0], first[1])
    mixed = await cached.embed(["The Earth is round.", "Water is wet."])
    assert model.texts[2:] == ["Water is wet."]
    np.testing.assert_allclose(mixed[1], minilm.embed_blocking(["Water is wet."])[0], atol=1e-5)
    assert (cached.hits, cached.misses) == (4, 3)
    assert (await cached.embed([])).shape == (0, 384)


async def test_the_memory_cache_is_bounded_and_forgets_the_least_recently_used():
    model = CountingEmbedder(HashingEmbedder())
    cached = CachedEmbedder(model, MemoryVectorCache(max_entries=2))
    await cached.embed(["a", "b"])
    await cached.embed(["a"])  # a is now the most recent
    await cached.embed(["c"])  # evicts b
    assert cached.cache.stats()["entries"] == 2
    model.texts.clear()
    await cached.embed(["a", "b", "c"])
    assert model.texts == ["b"]


async def test_two_models_never_share_vectors(minilm):
    shared = MemoryVectorCache(100)
    real = CachedEmbedder(CountingEmbedder(minilm), shared)
    fake_model = CountingEmbedder(HashingEmbedder(384))
    fake = CachedEmbedder(fake_model, shared)
    await real.embed(["The Moon orbits the Earth."])
    vector = await fake.embed(["The Moon orbits the Earth."])
    assert fake_model.texts == ["The Moon orbits the Earth."]
    np.testing.assert_array_equal(
        vector, HashingEmbedder(384).embed_blocking(["The Moon orbits the Earth."])
    )


async def test_the_redis_cache_is_shared_by_two_embedder_instances(minilm, redis_server):
    one_model, two_model = CountingEmbedder(minilm), CountingEmbedder(minilm)
    one = CachedEmbedder(one_model, RedisVectorCache(redis_server.url))
    two = CachedEmbedder(two_model, RedisVectorCache(redis_server.url))
    try:
        texts = ["Vaccines do not cause autism.", "Coffee is a drink."]
        computed = await one.embed(texts)
        assert one_model.texts == texts
        fetched = await two.embed(texts)
        assert two_model.texts == []  # served from Redis
        np.testing.assert_array_equal(fetched, computed)
        assert two.hits == 2 and two.cache.stats()["errors"] == 0
    finally:
        await one.aclose()
        await two.aclose()


async def test_a_redis_failure_degrades_to_computing(minilm, redis_server):
    model = CountingEmbedder(minilm)
    cache = RedisVectorCache(f"redis://127.0.0.1:{free_port()}/0", timeout_s=0.2)  # nothing listens
    cached = CachedEmbedder(model, cache)
    try:
        vectors = await cached.embed(["The Earth is round."])
        np.testing.assert_allclose(
            vectors, minilm.embed_blocking(["The Earth is round."]), atol=1e-5
        )
        assert cache.errors == 1 and "get" in (cache.last_error or "")
        await cached.embed(["The Earth is round."])  # computed again; Redis left alone meanwhile
        assert model.texts == ["The Earth is round.", "The Earth is round."] and cache.errors == 1
    finally:
        await cached.aclose()

    # A server that dies under a working cache: the next calls compute, without an error.
    live = CachedEmbedder(
        CountingEmbedder(minilm), RedisVectorCache(redis_server.url, timeout_s=0.2)
    )
    try:
        await live.embed(["before"])
        redis_server.proc.terminate()
        redis_server.proc.wait(timeout=10)
        after = await live.embed(["after"])
        np.testing.assert_allclose(after, minilm.embed_blocking(["after"]), atol=1e-5)
        assert live.cache.stats()["errors"] >= 1
    finally:
        await live.aclose()


def test_the_cache_follows_the_settings():
    assert make_vector_cache(None, 0, 60) is None
    assert isinstance(make_vector_cache(None, 10, 60), MemoryVectorCache)
    assert isinstance(make_vector_cache("redis://127.0.0.1:1/0", 10, 60), RedisVectorCache)
