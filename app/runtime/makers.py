"""How each part of the runtime is made, in one place: the real loaders and constructors by
default; tests pass fakes or wrappers (tests/app/test_composition.py) instead of patching module
globals. The builders of each layer call only these to load a model or open a connection."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import httpx

from agent.cache import TextCache, make_cache
from agent.classify import load_head_classifier, load_language_model
from agent.judge import load_local_judge, load_nli
from agent.llm import OpenAIChatModel
from app.config import Settings
from retrieval.embeddings import load_embedder
from retrieval.knowledge_base import ChromaKnowledgeBase
from retrieval.rerank import load_reranker
from retrieval.retriever import RetrievalConfig
from search.escalation import TierPlan
from search.fetch import Fetcher
from search.registry import make_provider


def open_kb(settings: Settings) -> ChromaKnowledgeBase:
    """Blocking: the embedded store (locked) or the Chroma server when CHROMA_HOST is set."""
    if settings.CHROMA_HOST:
        return ChromaKnowledgeBase.open_server(
            settings.CHROMA_HOST,
            settings.CHROMA_PORT,
            settings.COLLECTION_NAME,
            settings.CHROMA_PERSIST_DIR,
        )
    return ChromaKnowledgeBase.open_embedded(settings.CHROMA_PERSIST_DIR, settings.COLLECTION_NAME)


def outside_client(settings: Settings) -> httpx.AsyncClient:
    """The client of the search provider, the LLM and the fact-check API."""
    return httpx.AsyncClient(
        timeout=httpx.Timeout(settings.SEARCH_TIMEOUT_S),
        # a verification has up to ~8 outside calls in flight (4 targeted searches, the LLM's trust
        # and verdict calls …): the pool must not be what queues MAX_CONCURRENT_VERIFICATIONS of them
        limits=httpx.Limits(
            max_connections=max(50, 8 * settings.MAX_CONCURRENT_VERIFICATIONS),
            max_keepalive_connections=32,
        ),
        headers={"user-agent": "claimcheck/0.1 (+https://github.com/claimcheck)"},
        follow_redirects=False,
    )


def retrieval_config(settings: Settings) -> RetrievalConfig:
    return RetrievalConfig(
        top_k_retrieval=settings.TOP_K_RETRIEVAL,
        top_k_rerank=settings.TOP_K_RERANK,
        access_boost=settings.ACCESS_BOOST,
        fusion=settings.RETRIEVAL_FUSION,
        lexical_weight=settings.LEXICAL_WEIGHT,
        depth=settings.RETRIEVAL_DEPTH,
        chunking=settings.CHUNKING,
    )


def search_plan(settings: Settings) -> TierPlan:
    """Tier sizes: trusted news up to MAX_SEARCH_RESULTS (8), fact-checkers up to 5, broad 8."""
    return TierPlan(
        trusted_domains=tuple(settings.TRUSTED_DOMAINS),
        fact_check_domains=tuple(settings.FACT_CHECK_DOMAINS),
        trusted_results=settings.MAX_SEARCH_RESULTS,
        fact_check_results=min(5, settings.MAX_SEARCH_RESULTS),
        broad_results=settings.MAX_SEARCH_RESULTS,
        deadline_s=settings.SEARCH_DEADLINE_S or 2 * settings.SEARCH_TIMEOUT_S,
        call_timeout_s=settings.SEARCH_TIMEOUT_S,
    )


def _warm_up() -> None:
    """Blocking: trafilatura's first import takes about a second, and the claim-language check's
    model ~0.1 s: paid at start-up, not by the first audit, reference page or claim."""
    import importlib

    importlib.import_module("trafilatura")
    load_language_model()


@dataclass(frozen=True)
class Makers:
    """Every step of the runtime that loads a model or opens a connection. Blocking ones are run in
    a worker thread by the builders."""

    load_embedder: Callable[..., Any] = load_embedder
    load_reranker: Callable[..., Any] = load_reranker
    open_kb: Callable[[Settings], ChromaKnowledgeBase] = open_kb
    http_client: Callable[[Settings], httpx.AsyncClient] = outside_client
    fetcher: Callable[..., Fetcher] = Fetcher
    make_provider: Callable[..., Any] = make_provider
    chat_model: Callable[..., OpenAIChatModel] = OpenAIChatModel
    load_head_classifier: Callable[..., Any] = load_head_classifier
    load_nli: Callable[..., Any] = load_nli
    load_local_judge: Callable[..., Any] = load_local_judge
    make_cache: Callable[[str | None], TextCache] = make_cache
    warm_up: Callable[[], None] = _warm_up
