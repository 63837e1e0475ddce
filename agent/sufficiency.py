"""Stage 4: is the KB evidence enough to skip the web?"""

from __future__ import annotations

from collections.abc import Sequence

from agent.answers import SufficiencyAnswer, validate_answer
from agent.llm import ChatModel, LLMError
from agent.models import Evidence
from agent.prompts import SUFFICIENCY_SYSTEM, sufficiency_user


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
