"""The one composition root: `runtime(settings)` builds each layer with its builder (retrieval,
search, agent, jobs), seeds where asked, yields the `Runtime` and closes everything on the way out,
last opened first — also when a step fails half-way. The server's lifespan, every CLI command,
`claimcheck mcp` and `claimcheck worker` use it. Nothing is wired after construction; tests pass
fakes through `makers` (app/runtime/makers.py) instead of patching module globals."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Callable
from contextlib import AsyncExitStack, asynccontextmanager
from dataclasses import dataclass
from typing import Any

from agent.passages import PassageBudget, PassageChecker
from agent.trust import SourceAuditor
from app.config import Settings
from app.knowledge import KnowledgeService
from app.runtime.agent import AgentLayer
from app.runtime.engines import describe_engines
from app.runtime.jobs import JobsLayer
from app.runtime.makers import Makers
from app.runtime.retrieval import RetrievalLayer
from app.runtime.search import SearchLayer
from app.schemas.health import HealthResponse
from app.verification import VerificationService
from jobs.store import JobStore
from retrieval.concurrency import run_blocking
from retrieval.embeddings import Embedder
from retrieval.knowledge_base import check_directory_free

__all__ = ["Makers", "Runtime", "runtime"]

log = logging.getLogger("claimcheck")


@dataclass
class Runtime:
    """What a running claimcheck holds. The edges (routes, MCP, CLI) use `verification`,
    `knowledge`, `auditor` and `health`; the layers are there for health and for tests.
    `knowledge_only` runtimes (`claimcheck kb …`) have the retrieval layer alone."""

    settings: Settings
    retrieval: RetrievalLayer
    knowledge: KnowledgeService
    search: SearchLayer | None = None
    agent: AgentLayer | None = None
    verification: VerificationService | None = None
    jobs: JobsLayer | None = None  # the jobs database, the recorder, the server's batch jobs
    edge_status: Callable[[], dict[str, Any]] | None = None  # keys (configured), limits, CORS

    @property
    def auditor(self) -> SourceAuditor:
        assert self.agent is not None, "a knowledge_only runtime has no auditor"
        return self.agent.auditor

    def describe(self) -> dict[str, Any]:
        """`components` of /api/health: what each part is and what it fell back to."""
        retrieval, search, agent = self.retrieval, self.search, self.agent
        assert search is not None and agent is not None
        s = self.settings
        components: dict[str, Any] = {
            **retrieval.describe(),
            **agent.describe(),
            **search.describe(),
            "models": {**retrieval.models(), **agent.models()},
            "cache": {
                "backend": self.verification.cache.name if self.verification else "off",
                "ttl_s": s.VERDICT_CACHE_TTL_S,
                "enabled": s.VERDICT_CACHE_TTL_S > 0,
            },
            "retrieval": retrieval.describe_retrieval(agent.verifier.pending_writes),
            "security": self.edge_status() if self.edge_status else None,
            "inference": retrieval.inference.describe(),
        }
        components.update(self.jobs.describe() if self.jobs else {"records": {"enabled": False}})
        # a circuit breaker that is not closed: an outside service is skipped or on probation
        components["breakers"] = search.breakers.describe()
        return components

    async def health(self) -> HealthResponse:
        components = self.describe()
        assert self.search is not None
        degraded = self.search.breakers.degraded
        return HealthResponse(
            status="degraded" if degraded else "ok",
            degraded=degraded,
            kb_size=await self.knowledge.count(),
            components=components,
        )


@asynccontextmanager
async def runtime(
    settings: Settings,
    *,
    makers: Makers | None = None,
    embedder: Embedder | None = None,
    seed: bool = False,
    knowledge_only: bool = False,
    database: bool | None = None,
    jobs: bool = False,
    store: JobStore | None = None,
    edge_status: Callable[[], dict[str, Any]] | None = None,
) -> AsyncIterator[Runtime]:
    """Build, seed an empty knowledge base when `seed`, yield, close.

    `knowledge_only`: the retrieval layer alone (`claimcheck kb …`: no search, LLM or judge).
    `database`: open the jobs database (default: when RECORDS keeps records, or for `jobs`).
    `jobs`: run batch jobs in this process (the server). `store`: the jobs database already open
    (`claimcheck worker`'s, closed by its owner), where the records go. `embedder`: used as given (tests,
    embedding applications). `edge_status`: the HTTP edge's keys, limits and CORS, for health."""
    makers = makers or Makers()
    if not settings.CHROMA_HOST:
        # Fail in milliseconds, before loading any model, when another process owns the store.
        await run_blocking(check_directory_free, settings.CHROMA_PERSIST_DIR)
    async with AsyncExitStack() as stack:
        retrieval = await RetrievalLayer.build(settings, stack, makers, embedder)
        knowledge = KnowledgeService(retrieval.retriever, settings.COLLECTION_NAME)
        # the last words of the KB: web results still being written, then the access counters
        stack.push_async_callback(_close_writes, retrieval)
        if knowledge_only:
            built = Runtime(settings, retrieval, knowledge)
        else:
            built = await _build_service(
                settings, stack, makers, retrieval, knowledge, (database, jobs, store), edge_status
            )
        if seed:
            report = await knowledge.seed_if_empty()
            if report is not None:
                log.info("seeded an empty knowledge base with %d documents", report.added)
        yield built


async def _build_service(
    settings: Settings,
    stack: AsyncExitStack,
    makers: Makers,
    retrieval: RetrievalLayer,
    knowledge: KnowledgeService,
    jobs_wanted: tuple[bool | None, bool, JobStore | None],
    edge_status: Callable[[], dict[str, Any]] | None,
) -> Runtime:
    search = await SearchLayer.build(settings, stack, makers)
    agent = await AgentLayer.build(settings, stack, makers, retrieval, search)
    stack.push_async_callback(agent.verifier.drain)  # web results still being written: kept
    cache = makers.make_cache(settings.redis_url)
    stack.push_async_callback(cache.aclose)
    database, jobs, store = jobs_wanted
    layer = None
    if jobs or store is not None or (settings.RECORDS if database is None else database):
        engines = await run_blocking(describe_engines, settings, retrieval, search, agent)
        layer = await JobsLayer.open(settings, engines, store)
        stack.push_async_callback(layer.aclose)  # first: items in flight stop before the rest
    checker = PassageBudget(
        max_claims=10, concurrency=min(4, settings.MAX_CONCURRENT_VERIFICATIONS)
    )
    verification = VerificationService(
        agent.verifier,
        cache,
        max_concurrent=settings.MAX_CONCURRENT_VERIFICATIONS,
        cache_ttl_s=settings.VERDICT_CACHE_TTL_S,
        llm_model=settings.LLM_MODEL,
        deadline_s=settings.VERIFY_DEADLINE_S,
        reserve_s=settings.VERIFY_RESERVE_S or 0.0,
        # passage claims are verified through the service: they share the verdict cache
        passages=lambda verify: PassageChecker(
            agent.verifier, agent.judges.checkworthy, agent.chat, checker, verify=verify
        ),
        recorder=layer.recorder if layer is not None else None,
    )
    if jobs and layer is not None:
        await layer.start(settings, makers, verification.verify_job_item)
    return Runtime(settings, retrieval, knowledge, search, agent, verification, layer, edge_status)


async def _close_writes(retrieval: RetrievalLayer) -> None:
    try:
        await retrieval.kb.close_writes()  # the counters gathered since the last write
    except Exception as exc:  # closing must go on; counters are best effort
        log.warning("could not write the last access/verdict counters: %s", exc)
