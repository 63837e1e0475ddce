"""The web leg (flow step 5): 5a trusted news ∥ 5b fact-checkers with the claim's queries and a
counter-query, 5c the broad web only when relevant evidence is still short, 5d every web result
written into the KB in one batch (after the answer by default)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from agent.gather._counter import counter_query
from agent.gather._pool import GatherConfig, Pooled, distinct
from agent.gather._queries import queries_for
from agent.llm import ChatModel
from agent.models import SearchRecord
from agent.run import Run, short
from retrieval.credibility import is_fact_checker
from retrieval.documents import Document, utc_now
from retrieval.retriever import Candidate, EvidenceRetriever
from retrieval.writer import BackgroundWriter
from search.base import SearchResult
from search.escalation import NO_DOMAINS, SearchEscalation, Tier, TierOutcome


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
class WebLeg:
    """Steps 5a–5d for one claim, and the KB write of what the web gave; safe to share between
    concurrent requests."""

    retriever: EvidenceRetriever
    config: GatherConfig
    writer: BackgroundWriter

    async def search(
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
        queries = await queries_for(claim, keywords, chat, escalation.plan.deadline_s / 4, trace)
        found: dict[str, _WebHit] = {}
        with trace.stage("search_targeted"):  # network time alone: 5a ∥ 5b cost one latency
            outcomes = await escalation.targeted(
                self._targeted(claim, queries, run), deadline=deadline
            )
        web = await self._absorb(claim, outcomes, found, run)
        relevant = len(distinct(pool + web))
        if relevant < self.config.min_evidence:
            trace.step(
                f"{relevant} relevant item(s) after the targeted tiers (< {self.config.min_evidence}): "
                "searching the broad web."
            )
            with trace.stage("search_broad"):
                broad = await escalation.broad(queries, deadline=deadline)
            web += await self._absorb(claim, [broad], found, run)
        await self.index([hit.document for hit in found.values()], run)
        if web:
            best = max(web, key=lambda p: p.candidate.relevance or 0.0)
            run.search.tier_used = (
                "broad"
                if any(found[p.candidate.doc.id].tier == "broad" for p in web)
                else found[best.candidate.doc.id].tier
            )
        return web

    def _targeted(self, claim: str, queries: list[str], run: Run) -> list[str]:
        """The claim's queries and a counter-query: evidence against the claim, in the same round."""
        targeted = list(queries)
        form = self.config.counter_query
        counter = counter_query(claim, form) if form != "off" else None
        if counter and counter not in targeted:
            targeted.append(counter)
            run.trace.step(
                f"Counter-query {counter!r} ({form}): searched with the claim's own "
                "queries, for evidence against it."
            )
        return targeted

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
                        tuple(outcome.queries),
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

    async def index(self, documents: list[Document], run: Run, what: str = "web document") -> None:
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
