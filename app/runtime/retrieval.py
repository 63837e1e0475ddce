"""The retrieval layer's parts: the inference lane and batchers, the embedder, the reranker, the
knowledge base and the retriever over them."""

from __future__ import annotations

from contextlib import AsyncExitStack
from dataclasses import dataclass
from typing import Any

from app.config import Settings
from app.runtime.makers import Makers, retrieval_config
from retrieval.batching import BatchedCrossEncoder, BatchedEmbedder, BatchPolicy
from retrieval.concurrency import InferenceLane, run_blocking, set_inference_threads
from retrieval.embedding_cache import CachedEmbedder, make_vector_cache
from retrieval.embeddings import Embedder, EmbedderStatus
from retrieval.knowledge_base import ChromaKnowledgeBase
from retrieval.rerank import (
    EMBEDDING_SCALE,
    CrossEncoderReranker,
    RelevanceScale,
    Reranker,
    RerankerStatus,
    hybrid_embedding_scale,
)
from retrieval.retriever import Retriever


@dataclass
class Inference:
    """How model calls run: intra-op threads, the one lane every model call holds, the
    micro-batchers and the embedding cache."""

    threads: int
    lane: InferenceLane
    # Batching off: one request per call, still in the lane and in a worker thread.
    policy: BatchPolicy = BatchPolicy(max_wait_s=0.0, combine=False)
    batching: bool = False
    embedding_batcher: BatchedEmbedder | None = None
    rerank_batcher: BatchedCrossEncoder | None = None
    embedding_cache: CachedEmbedder | None = None

    @classmethod
    async def start(cls, settings: Settings) -> Inference:
        # Process-wide torch threads, and the ONNX sessions' below; model calls share one lane, so
        # the embedder and the cross-encoder never run at once on the same cores.
        threads = await run_blocking(
            set_inference_threads, settings.INFERENCE_THREADS, settings.INFERENCE_SPINNING
        )
        return cls(
            threads=threads,
            lane=InferenceLane(threads),
            policy=BatchPolicy(
                settings.INFERENCE_MAX_BATCH,
                settings.INFERENCE_MAX_WAIT_MS / 1000,
                combine=settings.INFERENCE_BATCHING,
            ),
            batching=settings.INFERENCE_BATCHING,
        )

    def serve_embedder(self, model: Embedder, settings: Settings) -> Embedder:
        """model → batcher → cache (when on): what the rest of the service embeds with."""
        embedder = self.embedding_batcher = BatchedEmbedder(model, self.policy, self.lane)
        cache = make_vector_cache(
            settings.redis_url, settings.EMBEDDING_CACHE_ENTRIES, settings.EMBEDDING_CACHE_TTL_S
        )
        if cache is not None:
            embedder = self.embedding_cache = CachedEmbedder(embedder, cache)
        return embedder

    def serve_reranker(self, reranker: Reranker) -> Reranker:
        if isinstance(reranker, CrossEncoderReranker):
            reranker = self.rerank_batcher = BatchedCrossEncoder(reranker, self.policy, self.lane)
        return reranker

    def describe(self) -> dict[str, Any]:
        def stats(batched: Any) -> dict[str, Any] | None:
            return batched.batcher.stats.as_dict() if batched is not None else None

        return {
            "threads": self.threads,
            "batching": {
                "enabled": self.batching,
                "max_batch": self.policy.max_batch,
                "max_wait_ms": round(self.policy.max_wait_s * 1000, 3),
                "embedder": stats(self.embedding_batcher),
                "reranker": stats(self.rerank_batcher),
            },
            "embedding_cache": self.embedding_cache.stats()
            if self.embedding_cache
            else {"backend": "off"},
        }

    async def aclose(self) -> None:
        for batched in (self.embedding_batcher, self.rerank_batcher):
            if batched is not None:
                await batched.aclose()
        if self.embedding_cache is not None:
            await self.embedding_cache.aclose()


@dataclass
class RetrievalLayer:
    settings: Settings
    inference: Inference
    embedder: Embedder
    embedder_status: EmbedderStatus
    reranker_status: RerankerStatus
    kb: ChromaKnowledgeBase
    retriever: Retriever

    @classmethod
    async def build(
        cls,
        settings: Settings,
        stack: AsyncExitStack,
        makers: Makers,
        embedder: Embedder | None = None,
    ) -> RetrievalLayer:
        """Everything opened is registered on `stack` as it is opened."""
        inference = await Inference.start(settings)
        stack.push_async_callback(inference.aclose)
        if embedder is None:
            model, embedder_status = await run_blocking(
                makers.load_embedder,
                settings.EMBEDDING_MODEL,
                settings.EMBEDDING_BACKEND,
                settings.EMBEDDING_CACHE_DIR,
                inference.threads,
            )
            embedder = inference.serve_embedder(model, settings)
        else:
            # An injected embedder (tests, embedding applications) is used as given: no batcher or
            # cache between the caller's object and the service.
            backend = getattr(embedder, "backend", "injected")
            embedder_status = EmbedderStatus(backend, backend, False, None)
        reranker, reranker_status = await _load_reranker(settings, makers, embedder, inference)
        kb = await run_blocking(makers.open_kb, settings)
        stack.push_async_callback(run_blocking, kb.close)
        kb.counters.write_behind_s = settings.KB_WRITE_BEHIND_S
        retriever = Retriever(embedder, kb, reranker, retrieval_config(settings))
        return cls(settings, inference, embedder, embedder_status, reranker_status, kb, retriever)

    def describe(self) -> dict[str, Any]:
        s, es, rs = self.settings, self.embedder_status, self.reranker_status
        return {
            "embedder": {
                "name": self.embedder.name,
                "dimension": self.embedder.dimension,
                "loaded_from": getattr(getattr(self.embedder, "resolved", None), "how", "injected"),
                "backend": es.active,
                "requested_backend": es.requested,
                "fallback": es.fallback,
                "reason": es.reason,
            },
            "reranker": {
                "requested": rs.requested,
                "active": rs.active,
                "kind": rs.kind,
                "fallback": rs.fallback,
                "fallback_to": rs.active if rs.fallback else None,
                "reason": rs.reason,
                "backend": rs.backend,
                "requested_backend": rs.requested_backend,
                "backend_fallback": rs.backend_reason is not None,
                "backend_reason": rs.backend_reason,
            },
            "vector_store": {
                "mode": self.kb.mode,
                "where": self.kb.where,
                "collection": s.COLLECTION_NAME,
            },
        }

    def describe_retrieval(self, writes_pending: int) -> dict[str, Any]:
        s = self.settings
        return {
            "fusion": s.RETRIEVAL_FUSION,
            "lexical": "bm25 (sqlite fts5)",
            "lexical_index": self.kb.lexical.path,
            "lexical_weight": s.LEXICAL_WEIGHT,
            "chunking": s.CHUNKING,
            "index_after_response": s.INDEX_AFTER_RESPONSE,
            "writes_pending": writes_pending,
            "write_behind_s": s.KB_WRITE_BEHIND_S,
            "counters_pending": self.kb.pending_counters,
        }

    def models(self) -> dict[str, dict[str, Any]]:
        es, rs = self.embedder_status, self.reranker_status
        return {
            "embedder": {
                "model": self.embedder.name,
                "state": "fallback" if es.fallback else "loaded",
                "reason": es.reason,
            },
            "reranker": {
                "model": rs.requested,
                "state": "fallback" if rs.fallback else "loaded",
                "reason": rs.reason if rs.fallback else rs.backend_reason,
                **({"fallback_to": rs.active} if rs.fallback else {}),
            },
        }


async def _load_reranker(
    settings: Settings, makers: Makers, embedder: Embedder, inference: Inference
) -> tuple[Reranker, RerankerStatus]:
    scale = RelevanceScale(min_relevance=settings.MIN_RELEVANCE_SCORE, sufficient_mean=1.0)
    fallback_scale = (
        EMBEDDING_SCALE
        if settings.RETRIEVAL_FUSION == "dense"
        else hybrid_embedding_scale(settings.LEXICAL_WEIGHT)
    )
    reranker, status = await run_blocking(
        makers.load_reranker,
        settings.RERANKER_MODEL,
        embedder,
        scale,
        fallback_scale,
        settings.RERANKER_BACKEND,
        settings.EMBEDDING_CACHE_DIR,
        inference.threads,
    )
    return inference.serve_reranker(reranker), status
