"""The knowledge-base leg (flow steps 2–4): retrieve, rerank, and is the KB evidence enough to skip
the web? (the rule, then the LLM when one is configured)."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Sequence

from agent.gather._pool import GatherConfig, Pooled
from agent.llm import ChatModel, LLMError, SufficiencyAnswer, validate_answer
from agent.models import Evidence
from agent.prompts import SUFFICIENCY_SYSTEM, sufficiency_user
from agent.run import Run
from retrieval.retriever import Candidate, EvidenceRetriever, retrieve_and_rerank
from search.urls import usable_source

KbLeg = tuple[list[Candidate], list[Candidate], dict[str, float]]


def enough_by_rule(relevances: Sequence[float], sufficient_mean: float, minimum: int = 2) -> bool:
    """≥ `minimum` pieces of evidence AND a mean rerank score ≥ `sufficient_mean`."""
    return not failed_conditions(relevances, sufficient_mean, minimum)


def failed_conditions(
    relevances: Sequence[float], sufficient_mean: float, minimum: int = 2
) -> list[str]:
    """Which rule conditions fail, in words (empty when the rule is satisfied)."""
    failed = []
    if len(relevances) < minimum:
        failed.append(f"only {len(relevances)} relevant item(s), need {minimum}")
    mean = sum(relevances) / len(relevances) if relevances else 0.0
    if mean < sufficient_mean:
        failed.append(f"mean relevance {mean:.2f} < {sufficient_mean:g}")
    return failed


async def llm_agrees(claim: str, evidence: Sequence[Evidence], chat: ChatModel) -> tuple[bool, str]:
    """Ask the LLM; an LLM failure counts as 'not sufficient' (search more rather than less)."""
    try:
        reply = await chat.complete_json(SUFFICIENCY_SYSTEM, sufficiency_user(claim, evidence))
        answer = validate_answer(SufficiencyAnswer, reply.data)
    except LLMError as exc:
        return False, f"the LLM could not judge sufficiency ({exc})"
    return answer.sufficient, answer.reason[:300]


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
    there is one), with access recorded and unusable stored sources skipped."""
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
    if kept:
        await retriever.record_access({c.doc.id: float(c.relevance or 0.0) for c in kept})
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


async def sufficient(
    claim: str,
    pool: Sequence[Pooled],
    run: Run,
    chat: ChatModel | None,
    sufficient_mean: float,
    minimum: int,
) -> bool:
    """Step 4: the rule (≥ ``minimum`` items, mean relevance ≥ ``sufficient_mean``), then the LLM."""
    with run.trace.stage("sufficiency"):
        failed = failed_conditions(
            [p.candidate.relevance or 0.0 for p in pool], sufficient_mean, minimum
        )
        enough = not failed
        reason = (
            f"rule met: {len(pool)} item(s), mean relevance ≥ {sufficient_mean:g}"
            if enough
            else "rule failed: " + "; ".join(failed)
        )
        if enough and chat is not None:
            enough, why = await llm_agrees(claim, [p.evidence() for p in pool], chat)
            reason = f"rule met; the LLM {'agrees' if enough else 'disagrees'}: {why}"
    run.trace.step(f"Knowledge base evidence {'is' if enough else 'is not'} sufficient ({reason}).")
    return enough
