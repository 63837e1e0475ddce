"""The agent layer's parts: the LLM (when configured), the claim heads, the judge (an NLI model,
the local judge or the lexical heuristic), the prior fact-check lookup, the verifier and the source
auditor."""

from __future__ import annotations

import asyncio
import logging
from contextlib import AsyncExitStack
from dataclasses import dataclass
from typing import Any

from agent.llm import ChatModel, OpenAIChatModel
from agent.prior import FactCheckClient, PriorChecks, ReviewMatcher
from agent.trust import SourceAuditor
from agent.verifier import Verifier, VerifierConfig
from app.config import Settings
from app.runtime.describe import Reachability, llm_component, without_userinfo
from app.runtime.judges import Judges, judge_component, judge_models
from app.runtime.makers import Makers
from app.runtime.retrieval import RetrievalLayer
from app.runtime.search import SearchLayer
from retrieval.concurrency import run_blocking
from search.ratelimit import SharedWindow, TokenBucket
from search.resilience import Breakers

log = logging.getLogger("claimcheck")


@dataclass
class AgentLayer:
    settings: Settings
    breakers: Breakers
    chat: ChatModel | None
    reachability: Reachability
    judges: Judges
    verifier: Verifier
    auditor: SourceAuditor

    @classmethod
    async def build(
        cls,
        settings: Settings,
        stack: AsyncExitStack,
        makers: Makers,
        retrieval: RetrievalLayer,
        search: SearchLayer,
    ) -> AgentLayer:
        """Everything opened is registered on `stack` as it is opened."""
        chat = _chat(settings, stack, makers, search)
        reachability = Reachability()
        if isinstance(chat, OpenAIChatModel):  # checked once, in the background: no waiting
            probe = asyncio.create_task(
                reachability.check(chat, without_userinfo(settings.OPENAI_BASE_URL))
            )
            stack.push_async_callback(_cancel, probe)
        judges = await Judges.load(settings, makers, retrieval)
        verifier = _verifier(settings, retrieval, search, chat, judges)
        auditor = SourceAuditor(search.pages, retrieval.embedder, chat, judges.nli)
        await run_blocking(makers.warm_up)
        return cls(settings, search.breakers, chat, reachability, judges, verifier, auditor)

    def describe(self) -> dict[str, Any]:
        s, verifier = self.settings, self.verifier
        prior = verifier.prior
        matcher = verifier.gatherer.matcher
        return {
            "llm": llm_component(
                s,
                self.chat,
                self.reachability,
                verifier.verdict_engine,
                self.breakers.services.get("llm"),
            ),
            "nli": {
                "requested": self.judges.nli_status.requested
                if self.judges.nli_status
                else s.NLI_MODEL,
                "loaded": bool(self.judges.nli_status and self.judges.nli_status.loaded),
                "reason": self.judges.nli_status.reason
                if self.judges.nli_status
                else "not loaded: an LLM answers verdicts (VERDICT_BACKEND)",
            },
            "judge": judge_component(s, verifier.nli, self.judges),
            "classifier": {
                "active": "llm" if self.chat is not None else self.judges.classifier,
                "fallback": self.judges.classifier,
            },
            "fact_check_api": {
                "enabled": prior is not None,
                "url": without_userinfo(s.FACTCHECK_API_URL) if prior is not None else None,
                "api_key": "configured" if s.FACTCHECK_API_KEY else None,
                "min_similarity": matcher.threshold if matcher else None,
                "fallback": None
                if prior is not None
                else "no prior fact-check lookup (set FACTCHECK_API_KEY); fact-checkers are still searched on the web",
            },
        }

    def models(self) -> dict[str, dict[str, Any]]:
        return judge_models(self.settings, self.verifier.nli, self.judges)


def _chat(
    settings: Settings, stack: AsyncExitStack, makers: Makers, search: SearchLayer
) -> ChatModel | None:
    """The LLM client when one is configured and VERDICT_BACKEND may use it."""
    if not (settings.llm_configured and settings.VERDICT_BACKEND in {"auto", "llm"}):
        return None
    rate = None
    if settings.LLM_RATE_PER_S > 0:
        shared = None
        if settings.redis_url:
            shared = SharedWindow(
                settings.redis_url, "llm", settings.LLM_RATE_PER_S, settings.LLM_BURST
            )
            stack.push_async_callback(shared.aclose)
        rate = TokenBucket(settings.LLM_RATE_PER_S, settings.LLM_BURST, shared=shared)
    return makers.chat_model(
        model=settings.LLM_MODEL,
        api_key=settings.openai_api_key,
        base_url=settings.OPENAI_BASE_URL,
        temperature=settings.LLM_TEMPERATURE,
        timeout_s=settings.LLM_TIMEOUT_S,
        http_client=search.http,
        rate=rate,
        breaker=search.breakers.service("llm"),
        limits=search.limits,
    )


def _verifier(
    settings: Settings,
    retrieval: RetrievalLayer,
    search: SearchLayer,
    chat: ChatModel | None,
    judges: Judges,
) -> Verifier:
    # a fact-check counts as a review of the claim only when its claim matches (API or KB)
    threshold = settings.FACTCHECK_MIN_SIMILARITY
    matcher = ReviewMatcher(
        retrieval.embedder.embed, *([threshold] if threshold is not None else [])
    )
    prior = None
    if settings.factcheck_api_key:
        rate = settings.FACTCHECK_RATE_PER_S
        client = FactCheckClient(
            search.http,
            settings.factcheck_api_key,
            settings.FACTCHECK_API_URL,
            timeout_s=settings.FACTCHECK_TIMEOUT_S,
            min_interval_s=1.0 / rate if rate > 0 else 0.0,
            retries=settings.OUTSIDE_RETRIES,
            breaker=search.breakers.service("factcheck"),
        )
        prior = PriorChecks(client, matcher)
    config = VerifierConfig(
        top_k_rerank=settings.TOP_K_RERANK,
        credibility_boost=settings.CREDIBILITY_BOOST_FACTOR,
        verdict_backend=settings.VERDICT_BACKEND,
        grounding_profile=settings.GROUNDING_PROFILE,
        grounding_trigger=settings.GROUNDING_TRIGGER,
        citation_check=settings.CITATION_CHECK,
        index_after_response=settings.INDEX_AFTER_RESPONSE,
        write_coalesce_s=settings.KB_WRITE_BEHIND_S,
        counter_query=settings.COUNTER_QUERY,
    )
    return Verifier(
        retrieval.retriever,
        search.escalation,
        chat,
        config,
        detector=judges.detector,
        nli=judges.nli,
        fetcher=search.url_checker,
        pages=search.pages,
        prior=prior,
        matcher=matcher,
    )


async def _cancel(task: asyncio.Task) -> None:
    task.cancel()
    await asyncio.gather(task, return_exceptions=True)
