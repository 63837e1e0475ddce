"""Stage 8 and 9: the verdict (LLM or evidence-only) and the citation check."""

from __future__ import annotations

import re
from collections.abc import Sequence

from agent.llm import ChatModel, ChatReply, LLMError
from agent.models import Citations, Evidence, Verdict, VerdictDecision
from agent.prompts import VERDICT_SYSTEM, verdict_user

NO_LLM = "No language model is configured, so claimcheck did not judge the claim itself."
NO_EVIDENCE = "No relevant evidence was found in the knowledge base or on the web, so the claim cannot be judged."

_CITATION = re.compile(r"\[(\d{1,3})\]")
_VERDICTS = {v.value.lower(): v for v in Verdict}
_VERDICTS.update({"partially-true": Verdict.PARTIALLY_TRUE, "half true": Verdict.PARTIALLY_TRUE,
                  "not enough info": Verdict.NOT_ENOUGH_EVIDENCE, "nei": Verdict.NOT_ENOUGH_EVIDENCE,
                  "unverifiable": Verdict.NOT_VERIFIABLE, "supported": Verdict.TRUE,
                  "refuted": Verdict.FALSE})


def parse_verdict(value: object) -> Verdict | None:
    return _VERDICTS.get(str(value or "").strip().lower())


def clamp(value: object, default: float = 0.5) -> float:
    try:
        number = float(value)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return default
    if number != number:  # NaN
        return default
    if number > 1.0 and number <= 100.0:  # a percentage
        number /= 100.0
    return max(0.0, min(1.0, number))


def no_evidence_verdict() -> VerdictDecision:
    return VerdictDecision(Verdict.NOT_ENOUGH_EVIDENCE, 0.0, NO_EVIDENCE, "evidence-only")


def evidence_only_verdict(evidence: Sequence[Evidence]) -> VerdictDecision:
    """Without an LLM we do not judge; we say so and point to the strongest evidence."""
    if not evidence:
        return VerdictDecision(Verdict.NOT_ENOUGH_EVIDENCE, 0.0, f"{NO_LLM} {NO_EVIDENCE}", "evidence-only")
    pointers = "; ".join(f"[{n}] {item.domain or item.source}: \"{item.quote or item.text[:160]}\""
                         for n, item in enumerate(evidence[:3], start=1))
    reasoning = (f"{NO_LLM} The most relevant evidence is {pointers}. "
                 "Read the cited sources to decide; configure OPENAI_BASE_URL or OPENAI_API_KEY "
                 "for a judged verdict.")
    return VerdictDecision(Verdict.NOT_ENOUGH_EVIDENCE, 0.0, reasoning, "evidence-only")


async def llm_verdict(claim: str, evidence: Sequence[Evidence], chat: ChatModel) -> tuple[VerdictDecision, ChatReply]:
    """Ask the LLM. Raises LLMError when it cannot answer; an unparseable verdict becomes NEE."""
    reply = await chat.complete_json(VERDICT_SYSTEM, verdict_user(claim, evidence))
    verdict = parse_verdict(reply.data.get("verdict"))
    reasoning = str(reply.data.get("reasoning") or "").strip()
    if verdict is None:
        return VerdictDecision(
            Verdict.NOT_ENOUGH_EVIDENCE, 0.0,
            f"The language model's answer could not be read as a verdict ({str(reply.data.get('verdict'))[:60]!r}).",
            "llm"), reply
    return VerdictDecision(verdict, clamp(reply.data.get("confidence")), reasoning, "llm"), reply


def check_citations(reasoning: str, evidence_count: int) -> tuple[str, Citations]:
    """Remove citations that point at no evidence; count what remains."""
    cited = [int(m) for m in _CITATION.findall(reasoning)]
    valid = {n for n in cited if 1 <= n <= evidence_count}
    cleaned = _CITATION.sub(lambda m: m.group(0) if 1 <= int(m.group(1)) <= evidence_count else "", reasoning)
    cleaned = re.sub(r"\s{2,}", " ", cleaned).strip()
    return cleaned, Citations(total=len(set(cited)), supported=len(valid))


__all__ = ["LLMError", "NO_LLM", "check_citations", "evidence_only_verdict", "llm_verdict",
           "no_evidence_verdict", "parse_verdict"]
