"""Fact-checkers' reviews of this very claim as evidence (flow step 0's second half): the Fact Check
Tools API's matches, and ratings stored in the KB that match the claim, pinned among the chosen."""

from __future__ import annotations

from dataclasses import dataclass, replace

from agent.gather._pool import Pooled
from agent.gather._web import WebLeg
from agent.prior import PriorChecks, PriorLookup, ReviewMatcher, prior_document, stored_review
from agent.run import Run, short
from retrieval.retriever import Candidate, EvidenceRetriever

MAX_PRIOR_REVIEWS = 3  # matched API reviews used as evidence, best first (the rest say the same)


@dataclass(eq=False)  # a service, compared by identity
class Reviews:
    """Pins the reviews that match the claim; safe to share between concurrent requests."""

    retriever: EvidenceRetriever
    web: WebLeg  # writes the API's matches into the KB like web results
    prior: PriorChecks | None = None
    matcher: ReviewMatcher | None = None

    async def pinned(self, claim: str, lookup: PriorLookup, run: Run) -> list[Pooled]:
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
        await self.web.index(documents, run, what="prior fact-check")
        return [
            Pooled(c, "fact_check", pinned=True, similarity=m.similarity)
            for c, m in zip(candidates, matched, strict=True)
        ]

    async def stored(self, claim: str, pool: list[Pooled], run: Run) -> list[Pooled]:
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
