"""Stage 4: is the KB evidence enough to skip the web?"""

from __future__ import annotations

from collections.abc import Sequence

from agent.llm import ChatModel, LLMError
from agent.models import Evidence
from agent.prompts import SUFFICIENCY_SYSTEM, sufficiency_user


def enough_by_rule(relevances: Sequence[float], sufficient_mean: float, minimum: int = 2) -> bool:
    """≥ `minimum` pieces of evidence AND a mean rerank score ≥ `sufficient_mean`."""
    return len(relevances) >= minimum and sum(relevances) / len(relevances) >= sufficient_mean


async def llm_agrees(claim: str, evidence: Sequence[Evidence], chat: ChatModel) -> tuple[bool, str]:
    """Ask the LLM; an LLM failure counts as 'not sufficient' (search more rather than less)."""
    try:
        reply = await chat.complete_json(SUFFICIENCY_SYSTEM, sufficiency_user(claim, evidence))
    except LLMError as exc:
        return False, f"the LLM could not judge sufficiency ({exc})"
    value = reply.data.get("sufficient")
    agreed = value is True or (isinstance(value, str) and value.strip().lower() in {"true", "yes"})
    return agreed, str(reply.data.get("reason", ""))[:300]
