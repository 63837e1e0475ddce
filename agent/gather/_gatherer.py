"""Gathering evidence (flow steps 2–6), in order: the caller's references or the KB leg, the web
when the KB is not enough, the prior fact-checks that match the claim, and the final choice.
Returns a typed, immutable `Gathered`; the KB is reached only through the `EvidenceRetriever`
seam and documents only through their typed fields."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from dataclasses import dataclass, field

from agent.gather._kb import KbLeg, kb_evidence, kb_leg
from agent.gather._pool import GatherConfig, Gathered, Pooled, select
from agent.gather._references import reference_pool
from agent.gather._reviews import Reviews
from agent.gather._sufficiency import sufficient
from agent.gather._web import WebLeg
from agent.llm import ChatModel
from agent.prior import PriorChecks, PriorLookup, ReviewMatcher
from agent.run import Run, discard
from retrieval.retriever import EvidenceRetriever
from retrieval.writer import BackgroundWriter
from search.escalation import SearchEscalation
from search.fetch import Fetcher


@dataclass(eq=False)  # a service, compared by identity
class Gatherer:
    """Steps 2–6 for one claim; safe to share between concurrent requests. Without a `matcher`,
    the prior checks' own matcher (if any) serves."""

    retriever: EvidenceRetriever
    escalation: SearchEscalation | None
    config: GatherConfig
    writer: BackgroundWriter
    pages: Fetcher | None = None
    prior: PriorChecks | None = None
    matcher: ReviewMatcher | None = None
    web: WebLeg = field(init=False)
    reviews: Reviews = field(init=False)

    def __post_init__(self) -> None:
        self.matcher = self.matcher or (self.prior.matcher if self.prior is not None else None)
        self.web = WebLeg(self.retriever, self.config, self.writer)
        self.reviews = Reviews(self.retriever, self.web, self.prior, self.matcher)

    async def kb_leg(self, query: str) -> KbLeg:
        """The KB leg alone (retrieve + rerank, no access recorded), to start before classifying."""
        return await kb_leg(self.retriever, query, self.config.top_k_rerank)

    async def gather(
        self,
        claim: str,
        run: Run,
        chat: ChatModel | None,
        *,
        web_search: bool = True,
        references: Sequence[str] = (),
        index_references: bool = False,
        search_with_references: bool = False,
        early: asyncio.Task[KbLeg] | None = None,
        keywords: str = "",
        prior: asyncio.Task[PriorLookup] | None = None,
    ) -> Gathered:
        """The evidence for the claim. ``early``: the KB leg started during the classification;
        ``prior``: step 0's lookup, owned from here on (cancelled when gathering fails)."""
        try:
            pool = await self._pool(
                claim,
                run,
                chat,
                web_search,
                references,
                index_references,
                search_with_references,
                early,
                keywords,
            )
        except BaseException:
            await discard(prior)
            raise
        if prior is not None:  # step 0 ran since the start of the verification
            pool += await self.reviews.pinned(claim, await prior, run)
        pool = await self.reviews.stored(claim, pool, run)
        with run.trace.stage("final_rerank"):
            gathered = select(pool, self.config, self.retriever.scale)
        run.trace.step(
            f"Final evidence: {len(gathered.chosen)} item(s) after dedup, credibility boost and "
            f"≤{self.config.max_per_domain} per domain."
        )
        for pooled in (*gathered.chosen, *gathered.rest):  # when each text was read, for the record
            doc = pooled.candidate.doc
            if doc.fetched_at:
                run.trail.fetched_at[doc.id] = doc.fetched_at
        return gathered

    async def _pool(
        self,
        claim: str,
        run: Run,
        chat: ChatModel | None,
        web_search: bool,
        references: Sequence[str],
        index_references: bool,
        search_with_references: bool,
        early: asyncio.Task[KbLeg] | None,
        keywords: str,
    ) -> list[Pooled]:
        """The caller's references (and the KB and the web when asked for next to them), or the
        KB and, when it is not enough, the web."""
        if references:
            pool = await reference_pool(
                claim, run, self.retriever, self.pages, references, index_references
            )
            if search_with_references:
                run.trace.step(
                    "web_search was asked for next to the references: also searching the KB and "
                    "the web."
                )
                pool += await self._kb_and_web(claim, run, chat, web_search)
            return pool
        return await self._kb_and_web(claim, run, chat, web_search, early, keywords)

    async def _kb_and_web(
        self,
        claim: str,
        run: Run,
        chat: ChatModel | None,
        web_search: bool,
        early: asyncio.Task[KbLeg] | None = None,
        keywords: str = "",
    ) -> list[Pooled]:
        """Steps 2–5: the KB; the web only when the KB is not enough and searching is allowed."""
        pool = await kb_evidence(claim, run, self.retriever, self.config, early)
        scale, minimum = self.retriever.scale, self.config.min_evidence
        if await sufficient(claim, pool, run, chat, scale.sufficient_mean, minimum):
            return pool
        if not web_search:
            run.trace.step("Web search skipped: the request set web_search=false.")
            return pool
        if self.escalation is None:
            run.trace.step(
                "Web search skipped: no search provider is configured (SEARCH_PROVIDER=none)."
            )
            return pool
        with run.trace.stage("escalate"):
            return pool + await self.web.search(claim, pool, chat, run, self.escalation, keywords)
