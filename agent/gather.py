"""Gathering evidence (flow steps 2–6): the KB leg, sufficiency, web escalation, the caller's
references, and the final choice. Returns a typed, immutable `Gathered`; the KB is reached only
through the `EvidenceRetriever` seam and documents only through their typed fields.
"""

from __future__ import annotations

import asyncio
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace

from agent.counter import DEFAULT_FORM, counter_query
from agent.llm import ChatModel
from agent.models import Evidence, EvidenceOrigin, SearchRecord
from agent.prior import (
    PriorChecks,
    PriorLookup,
    ReviewMatcher,
    prior_document,
    review_of,
    stored_review,
)
from agent.references import load_references
from agent.rewrite import search_queries, with_keywords
from agent.run import Run, short
from agent.sufficiency import failed_conditions, llm_agrees
from retrieval.credibility import is_fact_checker, profile_for
from retrieval.dedup import dedupe
from retrieval.documents import Document, utc_now
from retrieval.retriever import Candidate, EvidenceRetriever
from retrieval.writer import BackgroundWriter
from search.base import SearchResult
from search.escalation import NO_DOMAINS, SearchEscalation, Tier, TierOutcome
from search.fetch import Fetcher
from search.urls import usable_source

__all__ = ["Gatherer", "Gathered", "GatherConfig", "KbLeg", "Pooled", "web_document"]


@dataclass(frozen=True)
class GatherConfig:
    top_k_rerank: int = 5
    credibility_boost: float = 0.3
    max_per_domain: int = 2
    min_evidence: int = 2
    index_after_response: bool = True  # 5d's KB write in the background (drained at shutdown)
    counter_query: str = (
        DEFAULT_FORM  # the targeted tiers' counter-query phrasing (agent/counter.py), or "off"
    )


@dataclass(frozen=True)
class Pooled:
    """One candidate of the evidence pool, where this request found it, and its final score."""

    candidate: Candidate
    origin: EvidenceOrigin
    final: float = 0.0
    pinned: bool = (
        False  # a fact-check of this very claim: always among the chosen, read as a review
    )
    similarity: float | None = None  # of the reviewed claim to the user's (pinned items)

    def evidence(self) -> Evidence:
        """The item as the verdict sees it (stances, trust and freshness are added by later stages)."""
        doc = self.candidate.doc
        return Evidence(
            id=doc.id,
            text=doc.text,
            source=doc.source,
            title=doc.title,
            relevance=round(float(self.candidate.relevance or 0.0), 4),
            score=round(float(self.final), 4),
            origin=self.origin,
            domain=doc.domain,
            source_type=doc.source_type,
            credibility=doc.stated_credibility,
            bias=doc.bias,
            published=doc.published
            or (doc.timestamp[:10] if self.origin == "kb" and doc.timestamp else None),
            flags=list(profile_for(doc.source).flags),
            review=review_of(doc, self.similarity) if self.pinned else None,
        )


@dataclass(frozen=True)
class Gathered:
    """The chosen evidence (deduplicated, ≤ N per domain, best first) and the rest of the pool
    (relevant, not duplicating a chosen URL, best first), for political balance."""

    chosen: tuple[Pooled, ...]
    rest: tuple[Pooled, ...]


MAX_PRIOR_REVIEWS = 3  # matched API reviews used as evidence, best first (the rest say the same)

KbLeg = tuple[list[Candidate], list[Candidate], dict[str, float]]


@dataclass(frozen=True)
class _WebHit:
    document: Document
    tier: Tier


def web_document(result: SearchResult, tier: Tier, fetched_at: str) -> Document | None:
    """A web result as a KB document: origin, tier, query, provider and fetch time in its metadata."""
    text = " ".join(part for part in (result.title.strip(), result.snippet.strip()) if part)
    if len(text) < 20:
        return None
    origin = "fact_check" if tier == "fact_check" or is_fact_checker(result.url) else "web"
    return Document(
        text=text,
        source=result.url,
        title=result.title,
        origin=origin,
        timestamp=result.published or None,
        extra={
            "tier": tier,
            "query": result.query[:300],
            "fetched_at": fetched_at,
            "provider": result.provider,
            "published": result.published or None,
        },
    )


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

    def __post_init__(self) -> None:
        self.matcher = self.matcher or (self.prior.matcher if self.prior is not None else None)

    async def kb_leg(self, query: str) -> KbLeg:
        """Retrieve and rerank without recording access (so it can run before the classification
        says whether it is wanted); returns the candidates, the kept ones and the two stage times."""
        started = time.perf_counter()
        candidates = await self.retriever.candidates(query)
        retrieved = time.perf_counter()
        kept = await self.retriever.rerank(
            query, candidates, keep=self.config.top_k_rerank, record_access=False
        )
        return (
            candidates,
            kept,
            {
                "retrieve": (retrieved - started) * 1000,
                "rerank": (time.perf_counter() - retrieved) * 1000,
            },
        )

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
        early: asyncio.Task | None = None,
        keywords: str = "",
        prior: asyncio.Task[PriorLookup] | None = None,
    ) -> Gathered:
        if references:
            pool = await self._references(
                claim, run, chat, references, index_references, search_with_references, web_search
            )
        else:
            pool = await self._kb_and_web(claim, run, chat, web_search, early, keywords)
        if prior is not None:  # step 0 ran since the start of the verification
            pool += await self._prior(claim, await prior, run)
        pool = await self._stored_reviews(claim, pool, run)
        with run.trace.stage("final_rerank"):
            gathered = self.select(pool)
        run.trace.step(
            f"Final evidence: {len(gathered.chosen)} item(s) after dedup, credibility boost and "
            f"≤{self.config.max_per_domain} per domain."
        )
        return gathered

    # -- step 0: prior fact-checks -----------------------------------------------------------

    async def _prior(self, claim: str, lookup: PriorLookup, run: Run) -> list[Pooled]:
        """Matching reviews as pinned `fact_check` evidence, written into the KB like web results."""
        trace = run.trace
        assert self.prior is not None
        if lookup.error:
            trace.step(
                f"Prior fact-checks: the Fact Check Tools API failed ({short(lookup.error)}); "
                "continuing without them."
            )
            return []
        with trace.stage("prior_match"):
            matched = await self.prior.matched(claim, lookup)
        found = (
            f"Prior fact-checks: the Fact Check Tools API found {len(lookup.reviews)} review(s) in "
            f"{lookup.elapsed_ms:.0f} ms"
        )
        if not matched:
            trace.step(
                f"{found}; none is about this claim (similarity < {self.prior.threshold:g})."
            )
            return []
        found += f"; {len(matched)} match the claim"
        matched = matched[:MAX_PRIOR_REVIEWS]
        documents = [prior_document(m) for m in matched]
        candidates = [Candidate(d.as_stored(), 0.0) for d in documents]
        await self.retriever.rerank(claim, candidates, keep=len(candidates), record_access=False)
        floor = self.retriever.scale.min_relevance
        for (
            candidate
        ) in candidates:  # a matched review stays evidence even if the reranker doubts it
            candidate.relevance = max(float(candidate.relevance or 0.0), floor)
        trace.step(
            f"{found}: "
            + "; ".join(
                f'{m.review.publisher} rated "{m.review.claim_text[:100]}" "{m.review.textual_rating}" '
                f"(similarity {m.similarity:.2f})"
                for m in matched
            )
            + "."
        )
        await self._index_web(documents, run, what="prior fact-check")
        return [
            Pooled(c, "fact_check", pinned=True, similarity=m.similarity)
            for c, m in zip(candidates, matched, strict=True)
        ]

    async def _stored_reviews(self, claim: str, pool: list[Pooled], run: Run) -> list[Pooled]:
        """Fact-checks found in the KB or on the web that carry a rating (ingested ClaimReviews,
        earlier API matches) count as reviews of this claim only when they match it like an API
        review must; the others stay ordinary evidence."""
        stored = [
            (n, review)
            for n, p in enumerate(pool)
            if not p.pinned and (review := stored_review(p.candidate.doc)) is not None
        ]
        if not stored or self.matcher is None:
            return pool
        matched = {m.review.url: m for m in await self.matcher.match(claim, [r for _, r in stored])}
        out = list(pool)
        for n, review in stored:
            if review.url in matched:
                out[n] = replace(pool[n], pinned=True, similarity=matched[review.url].similarity)
        used = [r for _, r in stored if r.url in matched]
        if used:
            run.trace.step(
                "Prior fact-checks in the knowledge base: "
                + "; ".join(
                    f'{r.publisher} rated "{r.claim_text[:100]}" "{r.textual_rating}" '
                    f"(similarity {matched[r.url].similarity:.2f})"
                    for r in used
                )
                + "."
            )
        if len(used) < len(stored):
            run.trace.step(
                f"{len(stored) - len(used)} stored fact-check(s) review another claim "
                f"(similarity < {self.matcher.threshold:g}): read as ordinary evidence."
            )
        return out

    # -- step 2–5: the KB, then the web ----------------------------------------------------

    async def _kb_and_web(
        self,
        claim: str,
        run: Run,
        chat: ChatModel | None,
        web_search: bool,
        early: asyncio.Task | None = None,
        keywords: str = "",
    ) -> list[Pooled]:
        trace = run.trace
        scale = self.retriever.scale
        waited = time.perf_counter()
        candidates, kept, spent = await (early if early is not None else self.kb_leg(claim))
        if early is not None:  # ran during the classification: report its own durations
            trace.step(
                f"Knowledge base searched while the claim was classified "
                f"({(time.perf_counter() - waited) * 1000:.0f} ms left to wait)."
            )
        for stage, ms in spent.items():
            trace.timings_ms[stage] = round(trace.timings_ms.get(stage, 0.0) + ms, 2)
        if kept:
            await self.retriever.record_access({c.doc.id: float(c.relevance or 0.0) for c in kept})
        trace.step(f"Retrieved {len(candidates)} candidate(s) from the knowledge base.")
        unusable = [c for c in candidates if not usable_source(c.doc.source)]
        if unusable:  # stored before sources were validated: skipped, never a 500 (kb doctor fixes)
            kept = [c for c in kept if usable_source(c.doc.source)]
            trace.step(
                f"Skipped {len(unusable)} KB document(s) with an unusable source "
                f"({', '.join(c.doc.id for c in unusable[:3])}); `claimcheck kb doctor` repairs them."
            )
        trace.step(
            f"Reranked with {self.retriever.reranker_name}: kept {len(kept)} with relevance ≥ "
            f"{scale.min_relevance:g}."
        )
        pool = [Pooled(c, "kb") for c in kept]
        if kept:
            run.search.tier_used = "kb"

        with trace.stage("sufficiency"):
            relevances = [c.relevance or 0.0 for c in kept]
            failed = failed_conditions(relevances, scale.sufficient_mean, self.config.min_evidence)
            enough = not failed
            reason = (
                f"rule met: {len(kept)} item(s), mean relevance ≥ {scale.sufficient_mean:g}"
                if enough
                else "rule failed: " + "; ".join(failed)
            )
            if enough and chat is not None:
                enough, why = await llm_agrees(claim, [p.evidence() for p in pool], chat)
                reason = f"rule met; the LLM {'agrees' if enough else 'disagrees'}: {why}"
        trace.step(f"Knowledge base evidence {'is' if enough else 'is not'} sufficient ({reason}).")
        if enough:
            return pool
        if not web_search:
            trace.step("Web search skipped: the request set web_search=false.")
            return pool
        if self.escalation is None:
            trace.step(
                "Web search skipped: no search provider is configured (SEARCH_PROVIDER=none)."
            )
            return pool
        with trace.stage("escalate"):
            return pool + await self._escalate(claim, pool, chat, run, self.escalation, keywords)

    async def _escalate(
        self,
        claim: str,
        pool: list[Pooled],
        chat: ChatModel | None,
        run: Run,
        escalation: SearchEscalation,
        keywords: str = "",
    ) -> list[Pooled]:
        """5a trusted ∥ 5b fact-checkers; 5c broad only if relevant evidence (everything gathered
        so far, reranked and deduplicated) is still short; 5d index every web result, one batch."""
        trace = run.trace
        deadline = escalation.deadline()  # bounds the query rewrite and every tier
        queries = [claim]
        given = with_keywords(claim, keywords) if keywords else None
        if given is not None:  # the classification's keywords: no rewrite call on the critical path
            queries = given
            if len(queries) > 1:
                trace.step(
                    f"Search queries: the claim as written, and keywords {queries[1]!r} "
                    "(from the classification)."
                )
        elif chat is not None:
            budget = escalation.plan.deadline_s / 4
            try:
                async with asyncio.timeout(budget):
                    queries, problem = await search_queries(claim, chat)
            except TimeoutError:
                problem = f"no answer within {budget:g} s"
            if problem:
                trace.step(
                    f"Search query rewrite skipped ({short(problem)}); searching the claim as written."
                )
            elif len(queries) > 1:
                trace.step(f"Search queries: the claim as written, and keywords {queries[1]!r}.")
        found: dict[str, _WebHit] = {}
        targeted = list(queries)
        counter = (
            counter_query(claim, self.config.counter_query)
            if self.config.counter_query != "off"
            else None
        )
        if counter and counter not in targeted:  # evidence against the claim, in the same round
            targeted.append(counter)
            trace.step(
                f"Counter-query {counter!r} ({self.config.counter_query}): searched with the claim's own "
                "queries, for evidence against it."
            )
        with trace.stage("search_targeted"):  # network time alone: 5a ∥ 5b cost one latency
            outcomes = await escalation.targeted(targeted, deadline=deadline)
        web = await self._absorb(claim, outcomes, found, run)
        relevant = len(_distinct(pool + web))
        if relevant < self.config.min_evidence:
            trace.step(
                f"{relevant} relevant item(s) after the targeted tiers (< {self.config.min_evidence}): "
                "searching the broad web."
            )
            with trace.stage("search_broad"):
                broad = await escalation.broad(queries, deadline=deadline)
            web += await self._absorb(claim, [broad], found, run)
        await self._index_web([hit.document for hit in found.values()], run)
        if web:
            best = max(web, key=lambda p: p.candidate.relevance or 0.0)
            run.search.tier_used = (
                "broad"
                if any(found[p.candidate.doc.id].tier == "broad" for p in web)
                else found[best.candidate.doc.id].tier
            )
        return web

    async def _absorb(
        self, claim: str, outcomes: Sequence[TierOutcome], found: dict[str, _WebHit], run: Run
    ) -> list[Pooled]:
        """Record what the tiers did and rerank their new results as candidates (not yet indexed)."""
        trace = run.trace
        fresh: list[Document] = []
        fetched_at = utc_now()
        for outcome in outcomes:
            if outcome.error != NO_DOMAINS:
                run.search.queries += len(outcome.queries)
                run.trail.searches.append(
                    SearchRecord(
                        str(outcome.tier),
                        list(outcome.queries),
                        len(outcome.results),
                        outcome.error,
                    )
                )
            run.usage.searches += outcome.calls
            if outcome.error:
                trace.step(
                    f"Search tier {outcome.tier} failed ({short(outcome.error)}); "
                    "continuing with what we have."
                )
                continue
            partial = (
                f"; {len(outcome.problems)} of {len(outcome.queries)} queries failed "
                f"({short(outcome.problems[0], 80)})"
                if outcome.problems
                else ""
            )
            trace.step(
                f"Search tier {outcome.tier}: {len(outcome.results)} result(s) from "
                f"{len(outcome.queries)} quer{'y' if len(outcome.queries) == 1 else 'ies'} in "
                f"{outcome.elapsed_ms:.0f} ms{partial}."
            )
            for result in outcome.results:
                document = web_document(result, outcome.tier, fetched_at)
                if document is not None and document.id not in found:
                    found[document.id] = _WebHit(document, outcome.tier)
                    fresh.append(document)
        if not fresh:
            return []
        candidates = [Candidate(d.as_stored(), 0.0) for d in fresh]
        kept = await self.retriever.rerank(
            claim, candidates, keep=len(candidates), record_access=False
        )
        return [
            Pooled(c, "fact_check" if found[c.doc.id].document.origin == "fact_check" else "web")
            for c in kept
        ]

    async def _index_web(
        self, documents: list[Document], run: Run, what: str = "web document"
    ) -> None:
        """5d: every web result into the KB in one batch; same URL + same text adds nothing.

        By default only the check of what is new happens here; the embedding and the write run
        after the answer (`index_after_response`), retried, and drained at shutdown."""
        if not documents:
            return
        trace = run.trace
        with trace.stage("index"):
            try:
                if self.config.index_after_response:
                    stored = await self.retriever.stored(documents)
                else:
                    report = await self.retriever.index(documents)
            except Exception as exc:  # the KB write is best effort; the evidence is still used
                label = "web results" if what == "web document" else f"{what}s"
                trace.step(f"Could not index {label} into the knowledge base ({short(str(exc))}).")
                return
        if not self.config.index_after_response:
            run.search.new_documents += report.added
            trace.step(
                f"Indexed {report.added} new {what}(s) into the knowledge base "
                f"({report.duplicates} already there)."
            )
            return
        writing = self.writer.pending(d.id for d in documents)
        new = [d for d in documents if d.id not in stored and d.id not in writing]
        run.search.new_documents += len(new)
        trace.step(
            f"Indexing {len(new)} new {what}(s) into the knowledge base after the answer "
            f"({len(documents) - len(new)} already there)."
        )
        if new:
            self.writer.schedule(new)

    # -- the caller's references -------------------------------------------------------------

    async def _references(
        self,
        claim: str,
        run: Run,
        chat: ChatModel | None,
        references: Sequence[str],
        index_references: bool,
        search_with_references: bool,
        web_search: bool,
    ) -> list[Pooled]:
        """The caller's references as the evidence pool: URLs fetched (SSRF-guarded) and extracted,
        texts as given; the KB and the web join only when web_search was asked for explicitly."""
        trace = run.trace
        with trace.stage("references"):
            loaded = await load_references(list(references), self.pages)
        for step in loaded.steps:
            trace.step(step)
        documents = loaded.documents
        trace.step(
            f"Using {len(documents)} passage(s) from {loaded.pages} fetched page(s) and "
            f"{loaded.texts} text(s) supplied as references as the evidence pool."
        )
        if index_references and documents:
            report = await self.retriever.index(documents)
            trace.step(
                f"Indexed {report.added} reference passage(s) into the knowledge base "
                f"({report.duplicates} already there)."
            )
        elif documents:
            trace.step(
                "References were not written to the knowledge base (index_references is false)."
            )
        candidates = [Candidate(d.as_stored(), 0.0) for d in documents]
        with trace.stage("rerank"):
            kept = await self.retriever.rerank(
                claim, candidates, keep=len(candidates), record_access=False
            )
        trace.step(
            f"Reranked reference passages with {self.retriever.reranker_name}: kept {len(kept)} of "
            f"{len(candidates)} with relevance ≥ {self.retriever.scale.min_relevance:g}."
        )
        pool = [Pooled(c, "reference") for c in kept]
        if search_with_references:
            trace.step(
                "web_search was asked for next to the references: also searching the KB and the web."
            )
            pool += await self._kb_and_web(claim, run, chat, web_search)
        return pool

    # -- step 6: the final choice ------------------------------------------------------------

    def select(self, pool: Sequence[Pooled]) -> Gathered:
        """Dedup, relevance + (credibility − 0.5) × boost (in the reranker's units), ≤ N per domain."""
        scale = self.retriever.scale
        scored = [
            replace(
                p,
                final=(p.candidate.relevance or 0.0)
                + (p.candidate.doc.credibility - 0.5) * self.config.credibility_boost * scale.unit,
            )
            for p in pool
        ]
        ranked = sorted(scored, key=lambda p: (p.pinned, p.final), reverse=True)
        per_domain: Counter[str] = Counter()
        chosen: list[Pooled] = []
        for item in _distinct(ranked):
            domain = item.candidate.doc.domain
            if domain and per_domain[domain] >= self.config.max_per_domain:
                continue
            per_domain[domain] += 1
            chosen.append(item)
            if len(chosen) >= self.config.top_k_rerank:
                break
        taken = {id(p) for p in chosen}
        urls = {p.candidate.doc.source for p in chosen}
        rest = [
            p
            for p in ranked
            if id(p) not in taken
            and p.candidate.doc.source not in urls
            and (p.candidate.relevance or 0.0) >= scale.min_relevance
        ]
        return Gathered(tuple(chosen), tuple(rest))


def _distinct(pool: Sequence[Pooled]) -> list[Pooled]:
    """One item per URL or per text (docs/architecture.md, flow step 6's duplicate rule)."""
    return dedupe(
        pool,
        url=lambda p: p.candidate.doc.source if "://" in p.candidate.doc.source else "",
        text=lambda p: p.candidate.doc.text,
    )
