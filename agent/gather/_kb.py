"""The knowledge-base leg (flow steps 2–3): retrieve and rerank, early (during the classification)
or now; whether it is enough to skip the web is step 4 (``_sufficiency``)."""

from __future__ import annotations

import asyncio
import time

from agent.gather._pool import GatherConfig, Pooled
from agent.run import Run
from retrieval.retriever import Candidate, EvidenceRetriever, retrieve_and_rerank
from search.urls import usable_source

KbLeg = tuple[list[Candidate], list[Candidate], dict[str, float]]


async def kb_leg(retriever: EvidenceRetriever, query: str, keep: int) -> KbLeg:
    """Retrieve and rerank without recording access (so it can run before the classification
    says whether it is wanted); returns the candidates, the kept ones and the two stage times."""
    found = await retrieve_and_rerank(retriever, query, keep, record_access=False)
    return found.candidates, found.kept, {"retrieve": found.retrieve_ms, "rerank": found.rerank_ms}


async def kb_evidence(
    claim: str,
    run: Run,
    retriever: EvidenceRetriever,
    config: GatherConfig,
    early: asyncio.Task[KbLeg] | None = None,
) -> list[Pooled]:
    """The KB's relevant evidence for the claim (the leg started during the classification, when
    there is one), unusable stored sources skipped. Their access is recorded with the verdict's
    use, at the end (`Gathered.accessed`)."""
    trace = run.trace
    waited = time.perf_counter()
    candidates, kept, spent = await (
        early if early is not None else kb_leg(retriever, claim, config.top_k_rerank)
    )
    if early is not None:  # ran during the classification: report its own durations
        trace.step(
            f"Knowledge base searched while the claim was classified "
            f"({(time.perf_counter() - waited) * 1000:.0f} ms left to wait)."
        )
    for stage, ms in spent.items():
        trace.timings_ms[stage] = round(trace.timings_ms.get(stage, 0.0) + ms, 2)
    trace.step(f"Retrieved {len(candidates)} candidate(s) from the knowledge base.")
    unusable = [c for c in candidates if not usable_source(c.doc.source)]
    if unusable:  # stored before sources were validated: skipped, never a 500 (kb doctor fixes)
        kept = [c for c in kept if usable_source(c.doc.source)]
        trace.step(
            f"Skipped {len(unusable)} KB document(s) with an unusable source "
            f"({', '.join(c.doc.id for c in unusable[:3])}); `claimcheck kb doctor` repairs them."
        )
    trace.step(
        f"Reranked with {retriever.reranker_name}: kept {len(kept)} with relevance ≥ "
        f"{retriever.scale.min_relevance:g}."
    )
    if kept:
        run.search.tier_used = "kb"
    return [Pooled(c, "kb") for c in kept]
