"""Stage 8 and 9: the verdict (LLM, NLI model / local judge, or evidence-only) and the citation check.

Without an LLM the verdict comes from the stances (``judged_verdict``): each evidence item's
support and refutation probabilities from the NLI model or the local judge, weighted by the
source's credibility, its relevance and, for a time-sensitive claim, its staleness. One credible
item that clearly refutes the claim is enough for False, as it is for a fact-checker; strong
support *and* strong refutation from credible sources is Partially True; anything weaker is Not
Enough Evidence — the judge abstains rather than guesses. The thresholds and the confidence's
calibration (Platt scaling of the deciding score) are fitted on out-of-fold predictions by
``scripts/train_judge.py calibrate`` and live in ``agent/data/judge.json``.
"""

from __future__ import annotations

from collections.abc import Sequence

from agent.llm import ChatModel, ChatReply, LLMError, VerdictAnswer, validate_answer
from agent.models import UNJUDGED, Evidence, Verdict, VerdictDecision
from agent.prior import stated_rating
from agent.prompts import VERDICT_SYSTEM, verdict_user
from retrieval.credibility import is_fact_checker
from retrieval.documents import REVIEW_PREFIX

NO_LLM = "No language model is configured, so claimcheck did not judge the claim itself."
NO_EVIDENCE = "No relevant evidence was found in the knowledge base or on the web, so the claim cannot be judged."

_VERDICTS = {v.value.lower(): v for v in Verdict}
_VERDICTS.update(
    {
        "partially-true": Verdict.PARTIALLY_TRUE,
        "half true": Verdict.PARTIALLY_TRUE,
        "not enough info": Verdict.NOT_ENOUGH_EVIDENCE,
        "nei": Verdict.NOT_ENOUGH_EVIDENCE,
        "not enough information": Verdict.NOT_ENOUGH_EVIDENCE,
        "unverifiable": Verdict.NOT_VERIFIABLE,
        "supported": Verdict.TRUE,
        "refuted": Verdict.FALSE,
        "mostly true": Verdict.PARTIALLY_TRUE,
    }
)


def parse_verdict(value: object) -> Verdict | None:
    return _VERDICTS.get(str(value or "").strip().lower())


NO_REFERENCE_EVIDENCE = (
    "No passage of the reference pages you supplied is about the claim (a page's passages count "
    "only above the reranker's relevance floor), so the claim cannot be judged."
)


def no_evidence_verdict(references: bool = False) -> VerdictDecision:
    """Nothing to judge: said of the references when the pool was the caller's, else of the KB
    and the web."""
    reasoning = NO_REFERENCE_EVIDENCE if references else NO_EVIDENCE
    return VerdictDecision(Verdict.NOT_ENOUGH_EVIDENCE, 0.0, reasoning, "evidence-only")


def pointers(evidence: Sequence[Evidence], limit: int = 3) -> str:
    return "; ".join(
        f'[{n}] {item.domain or item.source}: "{item.quote or item.text[:160]}"'
        for n, item in enumerate(evidence[:limit], start=1)
    )


def fact_check_rating(evidence: Sequence[Evidence]) -> tuple[int, Evidence, str, Verdict] | None:
    """The first fact-checker evidence item that states a rating: (number, item, phrase, verdict).
    A review of this very claim (`item.review`) comes first; a stored review of another claim
    (an unmatched `review_document`) is never read as a rating of this one."""
    for number, item in enumerate(evidence, start=1):
        if item.review is not None and item.review.verdict is not None:
            return number, item, item.review.rating, item.review.verdict
    for number, item in enumerate(evidence, start=1):
        if item.text.startswith(REVIEW_PREFIX):
            continue
        if item.origin == "fact_check" or is_fact_checker(item.source or item.domain):
            rating = stated_rating(item.text)
            if rating is not None:
                return number, item, rating.phrase, rating.verdict
    return None


def evidence_only_verdict(evidence: Sequence[Evidence], lead: str = NO_LLM) -> VerdictDecision:
    """No judge: a fact-checker's published rating may decide; otherwise say so and point to evidence."""
    if not evidence:
        return VerdictDecision(
            Verdict.NOT_ENOUGH_EVIDENCE, 0.0, f"{lead} {NO_EVIDENCE}", "evidence-only"
        )
    rated = fact_check_rating(evidence)
    if rated is not None:
        number, item, phrase, verdict = rated
        reasoning = (
            f'{lead} The fact-checker {item.domain} published a rating of "{phrase}" for this '
            f'claim [{number}], which claimcheck maps to "{verdict.value}"; the verdict is '
            "theirs, not a judgement of claimcheck's own."
        )
        return VerdictDecision(
            verdict, round(min(0.85, 0.5 + 0.35 * item.credibility), 4), reasoning, "evidence-only"
        )
    reasoning = (
        f"{lead} The most relevant evidence is {pointers(evidence)}. Read the cited sources to "
        "decide; configure OPENAI_BASE_URL or OPENAI_API_KEY for a judged verdict."
    )
    return VerdictDecision(Verdict.NOT_ENOUGH_EVIDENCE, 0.0, reasoning, "evidence-only")


async def llm_verdict(
    claim: str, evidence: Sequence[Evidence], chat: ChatModel, guidance: str = ""
) -> tuple[VerdictDecision, ChatReply]:
    """Ask the LLM. Raises LLMError when it cannot answer or its answer has the wrong shape;
    a label outside the six becomes Not Enough Evidence."""
    reply = await chat.complete_json(VERDICT_SYSTEM + guidance, verdict_user(claim, evidence))
    answer = validate_answer(VerdictAnswer, reply.data)
    verdict = parse_verdict(answer.verdict)
    if verdict is None:
        return VerdictDecision(
            Verdict.NOT_ENOUGH_EVIDENCE,
            0.0,
            f"The language model's answer could not be read as a verdict ({answer.verdict[:60]!r}).",
            "llm",
        ), reply
    return VerdictDecision(verdict, answer.confidence, answer.reasoning.strip(), "llm"), reply


__all__ = [
    "LLMError",
    "UNJUDGED",
    "NO_LLM",
    "evidence_only_verdict",
    "fact_check_rating",
    "pointers",
    "llm_verdict",
    "no_evidence_verdict",
    "parse_verdict",
]
