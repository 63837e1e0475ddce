"""count() (what /api/health reports as kb_size) reuses its answer briefly — counting a large
collection holds the GIL — but never hides this process's own writes."""

from __future__ import annotations

import numpy as np

from retrieval.documents import Document
from retrieval.knowledge_base import COUNT_TTL_S, ChromaKnowledgeBase


class CountingCollection:
    """The real collection, with its count() calls counted."""

    def __init__(self, inner) -> None:
        self._inner = inner
        self.counts = 0

    def count(self) -> int:
        self.counts += 1
        return self._inner.count()

    def __getattr__(self, name):
        return getattr(self._inner, name)


def vectors(n: int) -> np.ndarray:
    rng = np.random.default_rng(n)
    v = rng.normal(size=(n, 384)).astype(np.float32)
    return v / np.linalg.norm(v, axis=1, keepdims=True)


async def test_count_is_reused_within_its_ttl_and_refreshed_by_own_writes(tmp_path):
    kb = ChromaKnowledgeBase.open_embedded(tmp_path / "kb", "count_test")
    try:
        counting = CountingCollection(kb._collection)
        kb._collection = counting
        assert [await kb.count() for _ in range(5)] == [0] * 5
        assert counting.counts == 1  # one real count for five probes
        docs = [
            Document(f"Fact number {n} about rivers.", f"https://example.org/{n}", f"t{n}")
            for n in range(3)
        ]
        await kb.add(docs, vectors(3))
        assert await kb.count() == 3  # our own write shows at once
        first_id = docs[0].id
        assert await kb.delete(first_id) == 1
        assert await kb.count() == 2
        calls = counting.counts
        assert kb._counted is not None
        kb._counted = (kb._counted[0] - COUNT_TTL_S - 0.01, kb._counted[1])  # the answer has aged
        await kb.count()
        assert (
            counting.counts == calls + 1
        )  # past the TTL: counted again (another replica's writes)
    finally:
        kb.close()
