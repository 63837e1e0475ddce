"""Stage 8 and 9: the verdict (LLM, NLI or evidence-only) and the citation check."""

from __future__ import annotations

from collections.abc import Sequence

from agent.answers import VerdictAnswer, validate_answer
from agent.llm import ChatModel, ChatReply, LLMError
from agent.models import Citations, Evidence, Verdict, VerdictDecision
from agent.nli import NLIModel
from agent.prompts import VERDICT_SYSTEM, verdict_user
from agent.ratings import stated_rating
from retrieval.credibility import is_fact_checker

NO_LLM = "No language model is configured, so claimcheck did not judge the claim itself."
NO_EVIDENCE = "No relevant evidence was found in the knowledge base or on the web, so the claim cannot be judged."

_VERDICTS = {v.value.lower(): v for v in Verdict}
_VERDICTS.update({"partially-true": Verdict.PARTIALLY_TRUE, "half true": Verdict.PARTIALLY_TRUE,
                  "not enough info": Verdict.NOT_ENOUGH_EVIDENCE, "nei": Verdict.NOT_ENOUGH_EVIDENCE,
                  "not enough information": Verdict.NOT_ENOUGH_EVIDENCE,
                  "unverifiable": Verdict.NOT_VERIFIABLE, "supported": Verdict.TRUE,
                  "refuted": Verdict.FALSE, "mostly true": Verdict.PARTIALLY_TRUE})
UNJUDGED = {Verdict.NOT_ENOUGH_EVIDENCE, Verdict.NOT_VERIFIABLE}


def parse_verdict(value: object) -> Verdict | None:
    return _VERDICTS.get(str(value or "").strip().lower())


def clamp(value: object, default: float = 0.5) -> float:
    try:
        number = float(value)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return default
    if number != number:  # NaN
        return default
    if 1.0 < number <= 100.0:  # a percentage
        number /= 100.0
    return max(0.0, min(1.0, number))


def no_evidence_verdict() -> VerdictDecision:
    return VerdictDecision(Verdict.NOT_ENOUGH_EVIDENCE, 0.0, NO_EVIDENCE, "evidence-only")


def _pointers(evidence: Sequence[Evidence], limit: int = 3) -> str:
    return "; ".join(f"[{n}] {item.domain or item.source}: \"{item.quote or item.text[:160]}\""
                     for n, item in enumerate(evidence[:limit], start=1))


def fact_check_rating(evidence: Sequence[Evidence]) -> tuple[int, Evidence, str, Verdict] | None:
    """The first fact-checker evidence item that states a rating: (number, item, phrase, verdict)."""
    for number, item in enumerate(evidence, start=1):
        if item.origin == "fact_check" or is_fact_checker(item.source or item.domain):
            rating = stated_rating(item.text)
            if rating is not None:
                return number, item, rating.phrase, rating.verdict
    return None


def evidence_only_verdict(evidence: Sequence[Evidence], lead: str = NO_LLM) -> VerdictDecision:
    """No judge: a fact-checker's published rating may decide; otherwise say so and point to evidence."""
    if not evidence:
        return VerdictDecision(Verdict.NOT_ENOUGH_EVIDENCE, 0.0, f"{lead} {NO_EVIDENCE}", "evidence-only")
    rated = fact_check_rating(evidence)
    if rated is not None:
        number, item, phrase, verdict = rated
        reasoning = (f"{lead} The fact-checker {item.domain} published a rating of \"{phrase}\" for this "
                     f"claim [{number}], which claimcheck maps to \"{verdict.value}\"; the verdict is "
                     "theirs, not a judgement of claimcheck's own.")
        return VerdictDecision(verdict, round(min(0.85, 0.5 + 0.35 * item.credibility), 4), reasoning,
                               "evidence-only")
    reasoning = (f"{lead} The most relevant evidence is {_pointers(evidence)}. Read the cited sources to "
                 "decide; configure OPENAI_BASE_URL or OPENAI_API_KEY for a judged verdict.")
    return VerdictDecision(Verdict.NOT_ENOUGH_EVIDENCE, 0.0, reasoning, "evidence-only")


async def nli_verdict(claim: str, evidence: list[Evidence], nli: NLIModel) -> tuple[VerdictDecision, float | None]:
    """Entailment vs contradiction of each evidence item, weighted by relevance rank and credibility.

    Fills each item's stance and stance_score; returns the decision and the factuality (0..1)."""
    probs = await nli.predict([(item.text, claim) for item in evidence])
    support = refute = 0.0
    for rank, (item, p) in enumerate(zip(evidence, probs, strict=True)):
        weight = item.credibility / (1 + 0.5 * rank)
        support += weight * p.entailment
        refute += weight * p.contradiction
        if p.entailment >= max(p.contradiction, p.neutral):
            item.stance, item.stance_score = "supports", round(p.entailment, 4)
        elif p.contradiction >= p.neutral:
            item.stance, item.stance_score = "refutes", round(p.contradiction, 4)
        else:
            item.stance, item.stance_score = "neutral", round(p.neutral, 4)
    decisive = support + refute
    weights = sum(item.credibility / (1 + 0.5 * r) for r, item in enumerate(evidence))
    factuality = round(support / decisive, 4) if decisive > 0 else None
    strength = decisive / weights if weights else 0.0
    lead = f"Judged by the local NLI model {nli.name}, not by a language model."
    supporters = [n for n, e in enumerate(evidence, 1) if e.stance == "supports"]
    refuters = [n for n, e in enumerate(evidence, 1) if e.stance == "refutes"]
    if strength < 0.35 or factuality is None:
        return VerdictDecision(Verdict.NOT_ENOUGH_EVIDENCE, round(1 - strength, 4),
                               f"{lead} The evidence neither clearly supports nor refutes the claim "
                               f"(closest: {_pointers(evidence, 2)}).", "nli"), factuality
    if factuality >= 0.75:
        verdict = Verdict.TRUE
    elif factuality <= 0.25:
        verdict = Verdict.FALSE
    else:
        verdict = Verdict.PARTIALLY_TRUE
    parts = []
    if refuters:
        parts.append("contradicted by " + ", ".join(f"[{n}] ({evidence[n - 1].domain})" for n in refuters))
    if supporters:
        parts.append("supported by " + ", ".join(f"[{n}] ({evidence[n - 1].domain})" for n in supporters))
    confidence = round(min(0.95, strength * max(factuality, 1 - factuality)), 4)
    return VerdictDecision(verdict, confidence, f"{lead} The claim is " + "; ".join(parts) + ".", "nli"), factuality


async def llm_verdict(claim: str, evidence: Sequence[Evidence], chat: ChatModel,
                      guidance: str = "") -> tuple[VerdictDecision, ChatReply]:
    """Ask the LLM. Raises LLMError when it cannot answer or its answer has the wrong shape;
    a label outside the six becomes Not Enough Evidence."""
    reply = await chat.complete_json(VERDICT_SYSTEM + guidance, verdict_user(claim, evidence))
    answer = validate_answer(VerdictAnswer, reply.data)
    verdict = parse_verdict(answer.verdict)
    if verdict is None:
        return VerdictDecision(
            Verdict.NOT_ENOUGH_EVIDENCE, 0.0,
            f"The language model's answer could not be read as a verdict ({answer.verdict[:60]!r}).",
            "llm"), reply
    return VerdictDecision(verdict, answer.confidence, answer.reasoning.strip(), "llm"), reply


def downgrade_uncited(decision: VerdictDecision, citations: Citations) -> VerdictDecision | None:
    """A judged verdict that cites no evidence is not grounded: it becomes Not Enough Evidence."""
    if decision.verdict in UNJUDGED or citations.supported > 0:
        return None
    return VerdictDecision(
        Verdict.NOT_ENOUGH_EVIDENCE, round(min(decision.confidence, 0.3), 4),
        f"The judge answered \"{decision.verdict.value}\" without citing any evidence, so claimcheck "
        f"does not stand behind it. Its reasoning was: {decision.reasoning}", decision.mode)


__all__ = ["LLMError", "NO_LLM", "downgrade_uncited", "evidence_only_verdict",
           "fact_check_rating", "llm_verdict", "nli_verdict", "no_evidence_verdict", "parse_verdict"]
