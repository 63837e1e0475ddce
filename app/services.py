"""The heavy things, built once in the lifespan and handed to routes."""

from __future__ import annotations

import asyncio
import logging
import time
from dataclasses import dataclass, field
from typing import Any

import httpx

from agent.llm import ChatModel, OpenAIChatModel
from agent.verifier import Verifier, VerifierConfig
from app.config import Settings
from retrieval.concurrency import run_blocking
from retrieval.embeddings import Embedder, EmbedderStatus, load_embedder
from retrieval.knowledge_base import ChromaKnowledgeBase, check_directory_free
from retrieval.rerank import (
    EMBEDDING_SCALE,
    RelevanceScale,
    RerankerStatus,
    hybrid_embedding_scale,
    load_reranker,
)
from retrieval.retriever import RetrievalConfig, Retriever
from search.base import ProviderContext, SearchProvider, make_provider
from search.escalation import SearchEscalation, TierPlan

log = logging.getLogger("claimcheck")


@dataclass
class Services:
    settings: Settings
    embedder: Embedder
    kb: ChromaKnowledgeBase
    retriever: Retriever
    reranker_status: RerankerStatus
    embedder_status: EmbedderStatus
    http: httpx.AsyncClient
    provider: SearchProvider | None
    escalation: SearchEscalation | None
    chat: ChatModel | None
    verifier: Verifier
    verify_slots: asyncio.Semaphore
    load_ms: dict[str, float] = field(default_factory=dict)
    seeded: int = 0

    def components(self) -> dict[str, Any]:
        s = self.settings
        resolved = getattr(self.embedder, "resolved", None)
        rs = self.reranker_status
        return {
            "embedder": {
                "name": self.embedder.name, "dimension": self.embedder.dimension,
                "loaded_from": getattr(resolved, "how", "injected"),
                "backend": self.embedder_status.active,
                "requested_backend": self.embedder_status.requested,
                "fallback": self.embedder_status.fallback,
                "reason": self.embedder_status.reason,
            },
            "reranker": {
                "requested": rs.requested, "active": rs.active, "kind": rs.kind,
                "fallback": rs.fallback, "fallback_to": rs.active if rs.fallback else None,
                "reason": rs.reason,
            },
            "llm": {
                "configured": self.chat is not None,
                "model": s.LLM_MODEL if self.chat is not None else None,
                "base_url": s.OPENAI_BASE_URL,
                "verdict_backend": "llm" if self.chat is not None and s.VERDICT_BACKEND in {"auto", "llm"}
                else "evidence-only",
                "fallback": None if self.chat is not None else
                "evidence-only verdicts (set OPENAI_BASE_URL or OPENAI_API_KEY for judged verdicts)",
            },
            "search": {
                "provider": self.provider.name if self.provider is not None else "none",
                "enabled": self.escalation is not None,
                "recent_errors": self.escalation.recent_errors() if self.escalation else [],
                "fallback": None if self.escalation is not None else "knowledge base only",
            },
            "vector_store": {
                "mode": self.kb.mode, "where": self.kb.where, "collection": s.COLLECTION_NAME,
            },
            "retrieval": {
                "fusion": s.RETRIEVAL_FUSION, "lexical": "bm25 (sqlite fts5)",
                "lexical_index": self.kb.lexical.path, "lexical_weight": s.LEXICAL_WEIGHT,
                "chunking": s.CHUNKING,
            },
        }

    async def aclose(self) -> None:
        await self.http.aclose()
        await run_blocking(self.kb.close)


def open_kb(settings: Settings) -> ChromaKnowledgeBase:
    """Blocking: the embedded store (locked) or the Chroma server when CHROMA_HOST is set."""
    if settings.CHROMA_HOST:
        return ChromaKnowledgeBase.open_server(settings.CHROMA_HOST, settings.CHROMA_PORT,
                                               settings.COLLECTION_NAME, settings.CHROMA_PERSIST_DIR)
    return ChromaKnowledgeBase.open_embedded(settings.CHROMA_PERSIST_DIR, settings.COLLECTION_NAME)


def retrieval_config(settings: Settings) -> RetrievalConfig:
    return RetrievalConfig(
        top_k_retrieval=settings.TOP_K_RETRIEVAL, top_k_rerank=settings.TOP_K_RERANK,
        access_boost=settings.ACCESS_BOOST, fusion=settings.RETRIEVAL_FUSION,
        lexical_weight=settings.LEXICAL_WEIGHT, depth=settings.RETRIEVAL_DEPTH,
        chunking=settings.CHUNKING)


async def build_services(settings: Settings, embedder: Embedder | None = None) -> Services:
    load_ms: dict[str, float] = {}
    if not settings.CHROMA_HOST:
        # Fail in milliseconds, before loading any model, when another process owns the store.
        check_directory_free(settings.CHROMA_PERSIST_DIR)

    started = time.perf_counter()
    if embedder is None:
        embedder, embedder_status = await run_blocking(
            load_embedder, settings.EMBEDDING_MODEL, settings.EMBEDDING_BACKEND, settings.EMBEDDING_CACHE_DIR)
    else:
        backend = getattr(embedder, "backend", "injected")
        embedder_status = EmbedderStatus(backend, backend, False, None)
    load_ms["embedder"] = round((time.perf_counter() - started) * 1000, 1)

    scale = RelevanceScale(min_relevance=settings.MIN_RELEVANCE_SCORE, sufficient_mean=1.0)
    fallback_scale = (EMBEDDING_SCALE if settings.RETRIEVAL_FUSION == "dense"
                      else hybrid_embedding_scale(settings.LEXICAL_WEIGHT))
    reranker, status = await run_blocking(load_reranker, settings.RERANKER_MODEL, embedder, scale,
                                          fallback_scale)
    load_ms["reranker"] = round(status.load_ms, 1)

    started = time.perf_counter()
    kb = await run_blocking(open_kb, settings)
    load_ms["knowledge_base"] = round((time.perf_counter() - started) * 1000, 1)

    http = httpx.AsyncClient(
        timeout=httpx.Timeout(settings.SEARCH_TIMEOUT_S),
        limits=httpx.Limits(max_connections=50, max_keepalive_connections=20),
        headers={"user-agent": "claimcheck/0.1 (+https://github.com/claimcheck)"},
        follow_redirects=False,
    )
    try:
        provider: SearchProvider | None = None
        escalation: SearchEscalation | None = None
        if settings.SEARCH_PROVIDER.lower() != "none":
            provider = make_provider(settings.SEARCH_PROVIDER, ProviderContext(
                http=http, timeout_s=settings.SEARCH_TIMEOUT_S, searxng_url=settings.SEARXNG_URL))
            escalation = SearchEscalation(provider, TierPlan(
                trusted_domains=tuple(settings.TRUSTED_DOMAINS),
                fact_check_domains=tuple(settings.FACT_CHECK_DOMAINS),
                max_results=settings.MAX_SEARCH_RESULTS, deadline_s=settings.SEARCH_DEADLINE_S))
        chat: ChatModel | None = None
        if settings.llm_configured and settings.VERDICT_BACKEND in {"auto", "llm"}:
            chat = OpenAIChatModel(
                model=settings.LLM_MODEL, api_key=settings.OPENAI_API_KEY,
                base_url=settings.OPENAI_BASE_URL, temperature=settings.LLM_TEMPERATURE,
                timeout_s=settings.LLM_TIMEOUT_S, http_client=http)
    except Exception:
        await http.aclose()
        kb.close()
        raise

    retriever = Retriever(embedder, kb, reranker, retrieval_config(settings))
    verifier = Verifier(retriever, escalation, chat, VerifierConfig(
        top_k_rerank=settings.TOP_K_RERANK, credibility_boost=settings.CREDIBILITY_BOOST_FACTOR,
        verdict_backend=settings.VERDICT_BACKEND, grounding_profile=settings.GROUNDING_PROFILE))
    return Services(settings=settings, embedder=embedder, kb=kb, retriever=retriever,
                    reranker_status=status, embedder_status=embedder_status, http=http, provider=provider, escalation=escalation,
                    chat=chat, verifier=verifier,
                    verify_slots=asyncio.Semaphore(settings.MAX_CONCURRENT_VERIFICATIONS),
                    load_ms=load_ms)
