"""Step 4: is the KB evidence enough to skip the web? The rule (≥ N items, mean relevance ≥ the
reranker's "sufficient" mean), then the LLM when one is configured."""

from __future__ import annotations

from collections.abc import Sequence

from agent.gather._pool import Pooled
from agent.llm import ChatModel, LLMError, SufficiencyAnswer, validate_answer
from agent.models import Evidence
from agent.prompts import SUFFICIENCY_SYSTEM, sufficiency_user
from agent.run import Run


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
