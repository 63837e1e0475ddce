"""The heavy things, built once in the lifespan and handed to routes."""

from __future__ import annotations

import asyncio
import importlib
import logging
import time
from collections.abc import AsyncIterator, Callable
from contextlib import AsyncExitStack, asynccontextmanager
from dataclasses import dataclass, field
from functools import partial
from typing import Any

import httpx

from agent.cache import MemoryCache, TextCache, make_cache
from agent.classify import head_weights, load_head_classifier, load_language_model
from agent.judge import ALIGN_CARD, JudgeStatus, NLIStatus, load_local_judge, load_nli
from agent.llm import ChatModel, OpenAIChatModel
from agent.passages import PassageBudget, PassageChecker
from agent.prior import FactCheckClient, PriorChecks, ReviewMatcher
from agent.trust import SourceAuditor
from agent.verifier import Verifier, VerifierConfig
from app.config import Settings
from app.verification import VerificationService
from retrieval.batching import BatchedCrossEncoder, BatchedEmbedder, BatchPolicy
from retrieval.concurrency import InferenceLane, run_blocking, set_inference_threads
from retrieval.embedding_cache import CachedEmbedder, make_vector_cache
from retrieval.embeddings import Embedder, EmbedderStatus, load_embedder
from retrieval.knowledge_base import ChromaKnowledgeBase, check_directory_free
from retrieval.onnx_export import DEFAULT_CACHE as DEFAULT_ONNX_CACHE
from retrieval.rerank import (
    EMBEDDING_SCALE,
    CrossEncoderReranker,
    EmbeddingReranker,
    RelevanceScale,
    Reranker,
    RerankerStatus,
    hybrid_embedding_scale,
    load_reranker,
)
from retrieval.retriever import RetrievalConfig, Retriever
from search.base import SearchProvider
from search.escalation import CallPolicy, SearchEscalation, TierPlan
from search.fetch import Fetcher, FetchPolicy
from search.ratelimit import SharedWindow, TokenBucket
from search.registry import ProviderContext, make_provider
from search.resilience import Breakers, Limits

log = logging.getLogger("claimcheck")


@dataclass
class Inference:
    """How model calls run: intra-op threads, the micro-batchers, the embedding cache."""

    threads: int
    # Batching off: one request per call, still in the lane and in a worker thread.
    policy: BatchPolicy = BatchPolicy(max_wait_s=0.0, combine=False)
    batching: bool = False
    embedding_batcher: BatchedEmbedder | None = None
    rerank_batcher: BatchedCrossEncoder | None = None
    embedding_cache: CachedEmbedder | None = None
    lane: InferenceLane | None = None  # the one lane every model call of the service holds

    def serve_embedder(
        self,
        model: Embedder,
        lane: InferenceLane,
        cache_entries: int,
        cache_ttl_s: float,
        redis_url: str | None,
    ) -> Embedder:
        """model → batcher → cache (when on): what the rest of the service embeds with."""
        embedder = self.embedding_batcher = BatchedEmbedder(model, self.policy, lane)
        cache = make_vector_cache(redis_url, cache_entries, cache_ttl_s)
        if cache is not None:
            embedder = self.embedding_cache = CachedEmbedder(embedder, cache)
        return embedder

    def serve_reranker(self, reranker: Reranker, lane: InferenceLane) -> Reranker:
        if isinstance(reranker, CrossEncoderReranker):
            reranker = self.rerank_batcher = BatchedCrossEncoder(reranker, self.policy, lane)
        return reranker

    def components(self) -> dict[str, Any]:
        return {
            "threads": self.threads,
            "batching": {
                "enabled": self.batching,
                "max_batch": self.policy.max_batch,
                "max_wait_ms": round(self.policy.max_wait_s * 1000, 3),
                "embedder": self.embedding_batcher.batcher.stats.as_dict()
                if self.embedding_batcher
                else None,
                "reranker": self.rerank_batcher.batcher.stats.as_dict()
                if self.rerank_batcher
                else None,
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
class Reachability:
    """The LLM endpoint as checked once at start-up (health reports it; probes never call out)."""

    status: str = "not configured"  # checking | reachable | unreachable | not configured
    reason: str | None = None

    async def check(self, chat: OpenAIChatModel, where: str | None) -> None:
        self.status = "checking"
        reason = await chat.probe()
        self.status, self.reason = (
            ("reachable", None) if reason is None else ("unreachable", reason)
        )
        if reason is not None:
            log.warning(
                "the LLM at %s is unreachable (%s): each verification will try it and fall back "
                "to the next verdict engine",
                where or "api.openai.com",
                reason,
            )


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
    verification: VerificationService
    fetcher: Fetcher | None = None
    cache: TextCache = field(default_factory=MemoryCache)
    passages: PassageChecker | None = None
    auditor: SourceAuditor | None = None
    audit_fetcher: Fetcher | None = None
    nli_status: NLIStatus | None = None
    judge_status: JudgeStatus | None = None
    classifier: str = "rules"
    load_ms: dict[str, float] = field(default_factory=dict)
    seeded: int = 0
    edge_status: Callable[[], dict[str, Any]] | None = (
        None  # keys (configured, never values), limits, CORS
    )
    inference: Inference = field(default_factory=lambda: Inference(threads=0))
    closing: AsyncExitStack = field(default_factory=AsyncExitStack)  # what build_services opened
    llm_reachability: Reachability = field(default_factory=Reachability)
    breakers: Breakers = field(default_factory=Breakers)  # one per outside service (issue 38)

    @property
    def verify_slots(self) -> asyncio.Semaphore:
        return self.verification.slots

    def components(self) -> dict[str, Any]:
        s = self.settings
        resolved = getattr(self.embedder, "resolved", None)
        rs = self.reranker_status
        return {
            "embedder": {
                "name": self.embedder.name,
                "dimension": self.embedder.dimension,
                "loaded_from": getattr(resolved, "how", "injected"),
                "backend": self.embedder_status.active,
                "requested_backend": self.embedder_status.requested,
                "fallback": self.embedder_status.fallback,
                "reason": self.embedder_status.reason,
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
            "llm": {
                "configured": self.chat is not None,
                "status": self.llm_reachability.status,
                "reason": self.llm_reachability.reason,
                "model": s.LLM_MODEL if self.chat is not None else None,
                "base_url": _without_userinfo(s.OPENAI_BASE_URL),
                "api_key": "configured" if s.OPENAI_API_KEY else None,
                "verdict_backend": self.verifier.verdict_engine,
                "breaker": self.breakers.services["llm"].describe()
                if "llm" in self.breakers.services
                else None,
                "fallback": None
                if self.chat is not None
                else f"{self.verifier.verdict_engine} verdicts (set OPENAI_BASE_URL or OPENAI_API_KEY for LLM verdicts)",
            },
            "nli": {
                "requested": self.nli_status.requested if self.nli_status else s.NLI_MODEL,
                "loaded": bool(self.nli_status and self.nli_status.loaded),
                "reason": self.nli_status.reason
                if self.nli_status
                else "not loaded: an LLM answers verdicts (VERDICT_BACKEND)",
            },
            "judge": self.judge_component(),
            "models": self.models(),
            "classifier": {
                "active": "llm" if self.chat is not None else self.classifier,
                "fallback": self.classifier,
            },
            "search": {
                "provider": self.provider.name if self.provider is not None else "none",
                "enabled": self.escalation is not None,
                "counter_query": s.COUNTER_QUERY,
                "recent_errors": [],
                "state": "off",
                **(self.escalation.health() if self.escalation is not None else {}),
                "fallback": None if self.escalation is not None else "knowledge base only",
            },
            "fact_check_api": {
                "enabled": self.verifier.prior is not None,
                "url": _without_userinfo(s.FACTCHECK_API_URL)
                if self.verifier.prior is not None
                else None,
                "api_key": "configured" if s.FACTCHECK_API_KEY else None,
                "min_similarity": self.verifier.gatherer.matcher.threshold
                if self.verifier.gatherer.matcher
                else None,
                "fallback": None
                if self.verifier.prior is not None
                else "no prior fact-check lookup (set FACTCHECK_API_KEY); fact-checkers are still searched on the web",
            },
            "url_check": {
                "enabled": self.fetcher is not None,
                "timeout_s": s.URL_CHECK_TIMEOUT_S if self.fetcher is not None else None,
                "allow_hosts": list(s.FETCH_ALLOW_HOSTS),
            },
            "cache": {
                "backend": self.cache.name,
                "ttl_s": s.VERDICT_CACHE_TTL_S,
                "enabled": s.VERDICT_CACHE_TTL_S > 0,
            },
            "vector_store": {
                "mode": self.kb.mode,
                "where": self.kb.where,
                "collection": s.COLLECTION_NAME,
            },
            "retrieval": {
                "fusion": s.RETRIEVAL_FUSION,
                "lexical": "bm25 (sqlite fts5)",
                "lexical_index": self.kb.lexical.path,
                "lexical_weight": s.LEXICAL_WEIGHT,
                "chunking": s.CHUNKING,
                "index_after_response": s.INDEX_AFTER_RESPONSE,
                "writes_pending": self.verifier.pending_writes,
                "write_behind_s": s.KB_WRITE_BEHIND_S,
                "counters_pending": self.kb.pending_counters,
            },
            "security": self.edge_status() if self.edge_status else None,
            "inference": self.inference.components(),
        }

    def models(self) -> dict[str, dict[str, Any]]:
        """Every model the service may run: loaded | fallback | off, and why."""
        s = self.settings
        es, rs = self.embedder_status, self.reranker_status
        out: dict[str, dict[str, Any]] = {
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
        if self.nli_status is None:
            out["nli"] = {
                "model": s.NLI_MODEL,
                "state": "off",
                "reason": f"VERDICT_BACKEND={s.VERDICT_BACKEND}",
            }
        else:
            out["nli"] = {
                "model": self.nli_status.requested,
                "state": "loaded" if self.nli_status.loaded else "fallback",
                "reason": self.nli_status.reason,
            }
        status = self.judge_status
        if status is None:
            reason = (
                "not needed: NLI_MODEL is loaded"
                if self.verifier.nli is not None
                else self.judge_component()["reason"]
            )
            out["judge"] = {"model": "claimcheck-judge", "state": "off", "reason": reason}
        else:
            judge = self.verifier.nli
            out["judge"] = {
                "model": status.name,
                "state": "loaded" if status.loaded else "fallback",
                "reason": status.reason,
                **({} if status.loaded else {"fallback_to": "lexical heuristic"}),
                **(
                    {
                        "alignment": "stacked"
                        if judge.aligner is not None
                        else judge.align_reason or "JUDGE_ALIGNMENT=false"
                    }
                    if status.loaded and hasattr(judge, "aligner")
                    else {}
                ),
            }
        return out

    def judge_component(self) -> dict[str, Any]:
        """What judges stances and, without an LLM, verdicts: the NLI model, the local judge, or
        the lexical heuristic — with why."""
        s = self.settings
        nli = self.verifier.nli
        status = self.judge_status
        if nli is not None:
            return {
                "active": nli.name,
                "kind": getattr(nli, "kind", "NLI model"),
                "loaded": True,
                "backend": getattr(nli, "backend", "torch"),
                "backend_reason": getattr(nli, "backend_reason", None),
                "fallback": status is not None,
                "reason": (
                    f"NLI_MODEL {s.NLI_MODEL!r} is not loaded: {self.nli_status.reason}"
                    if status is not None and self.nli_status is not None
                    else None
                ),
                "load_ms": round(status.load_ms, 1) if status else None,
            }
        reason = (
            "LOCAL_JUDGE=false"
            if not s.LOCAL_JUDGE
            else "VERDICT_BACKEND=evidence-only"
            if s.VERDICT_BACKEND == "evidence-only"
            else "VERDICT_BACKEND=llm"
            if s.VERDICT_BACKEND == "llm"
            else status.reason
            if status is not None
            else "not loaded"
        )
        return {
            "active": "lexical heuristic",
            "kind": "heuristic",
            "loaded": False,
            "fallback": True,
            "reason": reason,
            "load_ms": None,
        }

    async def aclose(self) -> None:
        await self.verifier.drain()  # web results still being written into the KB: nothing lost
        try:
            await self.kb.close_writes()  # the counters gathered since the last write
        except Exception as exc:  # closing must go on; counters are best effort
            log.warning("could not write the last access/verdict counters: %s", exc)
        await self.closing.aclose()  # everything build_services opened, last opened first


def _without_userinfo(url: str | None) -> str | None:
    """A URL as health may show it: `user:password@` removed."""
    if not url:
        return url
    parsed = httpx.URL(url)
    return str(parsed.copy_with(username=None, password=None)) if parsed.userinfo else url


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


@asynccontextmanager
async def knowledge_base_only(settings: Settings) -> AsyncIterator[Retriever]:
    """The KB with the embedder and the embedding reranker, nothing else: what the CLI's `kb`
    commands need (no search, LLM or judge), closed on the way out."""
    kb = await run_blocking(open_kb, settings)
    try:
        embedder, _ = await run_blocking(
            load_embedder,
            settings.EMBEDDING_MODEL,
            settings.EMBEDDING_BACKEND,
            settings.EMBEDDING_CACHE_DIR,
        )
        yield Retriever(embedder, kb, EmbeddingReranker(embedder), retrieval_config(settings))
    finally:
        await run_blocking(kb.close)


async def build_services(settings: Settings, embedder: Embedder | None = None) -> Services:
    """The composition root of the server and the CLI. Everything it opens is registered on one
    exit stack as it is opened, so a failure at any step closes what the earlier steps opened
    (tests/app/test_composition.py makes each step fail in turn)."""
    if not settings.CHROMA_HOST:
        # Fail in milliseconds, before loading any model, when another process owns the store.
        check_directory_free(settings.CHROMA_PERSIST_DIR)
    async with AsyncExitStack() as stack:
        services = await _build(settings, embedder, stack)
        services.closing = stack.pop_all()  # success: closed by Services.aclose from now on
        return services
    raise AssertionError("unreachable")  # pragma: no cover


async def _build(settings: Settings, embedder: Embedder | None, stack: AsyncExitStack) -> Services:
    load_ms: dict[str, float] = {}
    # Process-wide torch threads, and the ONNX sessions' below; model calls share one lane, so
    # the embedder and the cross-encoder never run at once on the same cores.
    inference = Inference(
        threads=await run_blocking(
            set_inference_threads, settings.INFERENCE_THREADS, settings.INFERENCE_SPINNING
        )
    )
    stack.push_async_callback(inference.aclose)
    inference.batching = settings.INFERENCE_BATCHING
    inference.policy = BatchPolicy(
        settings.INFERENCE_MAX_BATCH,
        settings.INFERENCE_MAX_WAIT_MS / 1000,
        combine=settings.INFERENCE_BATCHING,
    )
    lane = inference.lane = InferenceLane(inference.threads)
    started = time.perf_counter()
    if embedder is None:
        model, embedder_status = await run_blocking(
            load_embedder,
            settings.EMBEDDING_MODEL,
            settings.EMBEDDING_BACKEND,
            settings.EMBEDDING_CACHE_DIR,
            inference.threads,
        )
        embedder = inference.serve_embedder(
            model,
            lane,
            settings.EMBEDDING_CACHE_ENTRIES,
            settings.EMBEDDING_CACHE_TTL_S,
            settings.redis_url,
        )
    else:
        # An injected embedder (tests, embedding applications) is used as given: no batcher or
        # cache between the caller's object and the service.
        backend = getattr(embedder, "backend", "injected")
        embedder_status = EmbedderStatus(backend, backend, False, None)
    load_ms["embedder"] = round((time.perf_counter() - started) * 1000, 1)

    scale = RelevanceScale(min_relevance=settings.MIN_RELEVANCE_SCORE, sufficient_mean=1.0)
    fallback_scale = (
        EMBEDDING_SCALE
        if settings.RETRIEVAL_FUSION == "dense"
        else hybrid_embedding_scale(settings.LEXICAL_WEIGHT)
    )
    reranker, status = await run_blocking(
        load_reranker,
        settings.RERANKER_MODEL,
        embedder,
        scale,
        fallback_scale,
        settings.RERANKER_BACKEND,
        settings.EMBEDDING_CACHE_DIR,
        inference.threads,
    )
    reranker = inference.serve_reranker(reranker, lane)
    load_ms["reranker"] = round(status.load_ms, 1)

    started = time.perf_counter()
    kb = await run_blocking(open_kb, settings)
    stack.push_async_callback(run_blocking, kb.close)
    kb.write_behind_s = settings.KB_WRITE_BEHIND_S
    load_ms["knowledge_base"] = round((time.perf_counter() - started) * 1000, 1)

    # one circuit breaker per outside service (and per host for page fetches), one retry policy
    breakers = Breakers(settings.BREAKER_THRESHOLD, settings.BREAKER_COOL_OFF_S)
    limits = Limits(retries=settings.OUTSIDE_RETRIES)
    http = httpx.AsyncClient(
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
    stack.push_async_callback(http.aclose)
    provider: SearchProvider | None = None
    escalation: SearchEscalation | None = None
    if settings.SEARCH_PROVIDER.lower() != "none":
        provider = make_provider(
            settings.SEARCH_PROVIDER,
            ProviderContext(
                http=http,
                timeout_s=settings.SEARCH_TIMEOUT_S,
                searxng_url=settings.SEARXNG_URL,
                ddgs_backends=tuple(settings.DDGS_BACKENDS),
            ),
        )
        rate = settings.SEARCH_RATE_PER_S or 0.0
        shared = None
        if settings.redis_url and rate > 0:  # one budget for every replica and worker
            shared = SharedWindow(
                settings.redis_url,
                f"search:{settings.SEARCH_PROVIDER.lower()}",
                rate,
                settings.SEARCH_BURST,
            )
            stack.push_async_callback(shared.aclose)
        escalation = SearchEscalation(
            provider,
            search_plan(settings),
            CallPolicy(
                max_concurrency=settings.SEARCH_MAX_CONCURRENCY,
                rate_per_s=rate,
                burst=settings.SEARCH_BURST,
            ),
            shared=shared,
            breaker=breakers.service("search"),
        )
    chat: ChatModel | None = None
    if settings.llm_configured and settings.VERDICT_BACKEND in {"auto", "llm"}:
        llm_rate = None
        if settings.LLM_RATE_PER_S > 0:
            llm_shared = None
            if settings.redis_url:
                llm_shared = SharedWindow(
                    settings.redis_url, "llm", settings.LLM_RATE_PER_S, settings.LLM_BURST
                )
                stack.push_async_callback(llm_shared.aclose)
            llm_rate = TokenBucket(settings.LLM_RATE_PER_S, settings.LLM_BURST, shared=llm_shared)
        chat = OpenAIChatModel(
            model=settings.LLM_MODEL,
            api_key=settings.openai_api_key,
            base_url=settings.OPENAI_BASE_URL,
            temperature=settings.LLM_TEMPERATURE,
            timeout_s=settings.LLM_TIMEOUT_S,
            http_client=http,
            rate=llm_rate,
            breaker=breakers.service("llm"),
            limits=limits,
        )
    reachability = Reachability()
    if isinstance(chat, OpenAIChatModel):  # checked once, in the background: start-up does not wait
        probe = asyncio.create_task(
            reachability.check(chat, _without_userinfo(settings.OPENAI_BASE_URL))
        )
        stack.push_async_callback(_cancel, probe)

    checkworthy_weights, subjectivity_weights = head_weights(settings.CLAIM_HEADS)
    checkworthy = await run_blocking(load_head_classifier, checkworthy_weights, embedder)
    detector = await run_blocking(
        load_head_classifier, subjectivity_weights, embedder, getattr(checkworthy, "layers", None)
    )
    classifier = "rules (vague inputs, opinion markers)"
    if detector is not None:
        classifier = f"rules + opinion detector (agent/data/{subjectivity_weights.name})"
    nli, nli_status, judge_status = None, None, None
    if settings.VERDICT_BACKEND in {"auto", "nli"}:
        nli, nli_status = await run_blocking(load_nli, settings.NLI_MODEL)
        load_ms["nli"] = round(nli_status.load_ms, 1)
    # The local judge: stances, citation checks and (without an LLM) verdicts when NLI_MODEL
    # cannot load. It is loaded even with an LLM: the citation check and passages use it.
    if nli is None and settings.LOCAL_JUDGE and settings.VERDICT_BACKEND != "evidence-only":
        onnx_dir = (
            (settings.EMBEDDING_CACHE_DIR or DEFAULT_ONNX_CACHE)
            if settings.JUDGE_BACKEND == "onnx"
            else None
        )
        nli, judge_status = await run_blocking(
            partial(
                load_local_judge,
                onnx_dir=onnx_dir,
                threads=inference.threads,
                align_card=ALIGN_CARD if settings.JUDGE_ALIGNMENT else None,
            )
        )
        load_ms["judge"] = round(judge_status.load_ms, 1)
        if nli is None:
            log.warning(
                "the local judge could not load (%s); stances fall back to the lexical heuristic",
                judge_status.reason,
            )
    # every torch model of the service takes its turn on the one lane
    shared = {
        id(m): m
        for m in (nli, getattr(checkworthy, "layers", None), getattr(detector, "layers", None))
    }
    for model in shared.values():
        if model is not None and hasattr(model, "share_lane"):
            model.share_lane(lane)

    retriever = Retriever(embedder, kb, reranker, retrieval_config(settings))
    # URL checks use their own client: its network backend is the SSRF guard (search/fetch.py).
    fetcher = (
        Fetcher(
            FetchPolicy(
                allow_hosts=tuple(settings.FETCH_ALLOW_HOSTS),
                timeout_s=settings.URL_CHECK_TIMEOUT_S,
                max_bytes=settings.FETCH_MAX_BYTES,
                concurrency=settings.URL_CHECK_CONCURRENCY,
                cache_ttl_s=settings.URL_CHECK_TTL_S,
            ),
            breakers=breakers,
            limits=limits,
        )
        if settings.URL_CHECK
        else None
    )
    if fetcher is not None:
        stack.push_async_callback(fetcher.aclose)
    # The source audit and the verifier's reference URLs fetch pages (GET: status, text and date in
    # one round trip) through one page fetcher behind the same SSRF guard.
    audit_fetcher = Fetcher(
        FetchPolicy(
            allow_hosts=tuple(settings.FETCH_ALLOW_HOSTS),
            timeout_s=settings.URL_CHECK_TIMEOUT_S,
            max_bytes=settings.FETCH_MAX_BYTES,
            concurrency=16,
            cache_ttl_s=settings.URL_CHECK_TTL_S,
        ),
        breakers=breakers,
        limits=limits,
    )
    stack.push_async_callback(audit_fetcher.aclose)
    # a fact-check counts as a review of the claim only when its claim matches (API or KB)
    matcher = ReviewMatcher(
        embedder.embed,
        *(
            [settings.FACTCHECK_MIN_SIMILARITY]
            if settings.FACTCHECK_MIN_SIMILARITY is not None
            else []
        ),
    )
    prior: PriorChecks | None = None
    if settings.factcheck_api_key:
        prior = PriorChecks(
            FactCheckClient(
                http,
                settings.factcheck_api_key,
                settings.FACTCHECK_API_URL,
                timeout_s=settings.FACTCHECK_TIMEOUT_S,
                min_interval_s=1.0 / settings.FACTCHECK_RATE_PER_S
                if settings.FACTCHECK_RATE_PER_S > 0
                else 0.0,
                retries=settings.OUTSIDE_RETRIES,
                breaker=breakers.service("factcheck"),
            ),
            matcher,
        )
    verifier = Verifier(
        retriever,
        escalation,
        chat,
        VerifierConfig(
            top_k_rerank=settings.TOP_K_RERANK,
            credibility_boost=settings.CREDIBILITY_BOOST_FACTOR,
            verdict_backend=settings.VERDICT_BACKEND,
            grounding_profile=settings.GROUNDING_PROFILE,
            grounding_trigger=settings.GROUNDING_TRIGGER,
            citation_check=settings.CITATION_CHECK,
            index_after_response=settings.INDEX_AFTER_RESPONSE,
            write_coalesce_s=settings.KB_WRITE_BEHIND_S,
            counter_query=settings.COUNTER_QUERY,
        ),
        detector=detector,
        nli=nli,
        fetcher=fetcher,
        pages=audit_fetcher,
        prior=prior,
        matcher=matcher,
    )
    cache = make_cache(settings.redis_url)
    stack.push_async_callback(cache.aclose)
    verification = VerificationService(
        verifier,
        cache,
        max_concurrent=settings.MAX_CONCURRENT_VERIFICATIONS,
        cache_ttl_s=settings.VERDICT_CACHE_TTL_S,
        llm_model=settings.LLM_MODEL,
        deadline_s=settings.VERIFY_DEADLINE_S,
        reserve_s=settings.VERIFY_RESERVE_S or 0.0,
    )
    # passage claims are verified through the service: they share the verdict cache
    passages = PassageChecker(
        verifier,
        checkworthy,
        chat,
        PassageBudget(max_claims=10, concurrency=min(4, settings.MAX_CONCURRENT_VERIFICATIONS)),
        verify=verification.verify,
    )
    verification.passages = passages
    auditor = SourceAuditor(audit_fetcher, embedder, chat, nli)
    # trafilatura's first import takes about a second: pay it at start-up, not on the first audit
    # or reference page.
    await run_blocking(importlib.import_module, "trafilatura")
    await run_blocking(load_language_model)  # the claim-language check's model, ~0.1 s
    return Services(
        settings=settings,
        cache=cache,
        passages=passages,
        auditor=auditor,
        audit_fetcher=audit_fetcher,
        embedder=embedder,
        kb=kb,
        retriever=retriever,
        reranker_status=status,
        embedder_status=embedder_status,
        http=http,
        provider=provider,
        escalation=escalation,
        chat=chat,
        verifier=verifier,
        verification=verification,
        fetcher=fetcher,
        nli_status=nli_status,
        judge_status=judge_status,
        classifier=classifier,
        load_ms=load_ms,
        inference=inference,
        llm_reachability=reachability,
        breakers=breakers,
    )


async def _cancel(task: asyncio.Task) -> None:
    task.cancel()
    await asyncio.gather(task, return_exceptions=True)
