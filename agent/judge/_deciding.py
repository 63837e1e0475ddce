"""Step 8, the verdict, in one call (``judge_verdict``): the LLM's (``_verdict.llm_verdict``), the
NLI model's or the local judge's from the stances (``_from_stances``), or evidence-only; then a
fact-checker's review of the claim (``_reviews``) and the claim's own time (``_claimtime``) weigh in.
Each engine falls back to the next, and the trace says why.
"""

from __future__ import annotations

from collections.abc import Callable, Coroutine, Sequence
from dataclasses import dataclass, replace
from functools import wraps
from typing import Any, Concatenate, ParamSpec

from agent.classify import Language
from agent.judge._claimtime import claim_time_rule
from agent.judge._from_stances import Calibration, rule_verdict, verdict_and_shown
from agent.judge._judging import judge_label
from agent.judge._nli import NLIModel, StanceProbs
from agent.judge._reviews import weigh_reviews
from agent.judge._shown import apply_judgements, overruled
from agent.judge._verdict import (
    evidence_only_verdict,
    llm_verdict,
    no_evidence_verdict,
    pointers,
)
from agent.llm import ChatModel, LLMError, VerdictAnswer, validate_answer
from agent.models import Evidence, Verdict, VerdictDecision
from agent.run import Run, Trace, short

P = ParamSpec("P")


# the end of every lead that says no model judged; a verdict by the rules keeps only the reason
_UNJUDGED = ", so claimcheck did not judge the claim itself."
_NOTHING_PLAIN = (
    ", and exact comparison found no sentence of a credible source that plainly states or "
    "contradicts the claim"
)


@dataclass(frozen=True)
class Judged:
    """The verdict, the evidence as the verdict left it (an LLM answer refines stances), the
    factuality the judge computed (None: computed later from the stances), and the lines of a
    prior review or the claim's own time that changed the verdict."""

    decision: VerdictDecision
    evidence: list[Evidence]
    factuality: float | None = None
    steps: tuple[str, ...] = ()


def _reviews_and_time(
    judge: Callable[Concatenate[str, P], Coroutine[Any, Any, Judged]],
) -> Callable[Concatenate[str, P], Coroutine[Any, Any, Judged]]:
    """After the engine's verdict, a fact-checker's review of the claim weighs in, and the claim's
    own time may withhold the verdict; ``Judged.steps`` say when either changed it."""

    @wraps(judge)
    async def judged(claim: str, /, *args: P.args, **kwargs: P.kwargs) -> Judged:
        out = await judge(claim, *args, **kwargs)
        decision, weighed = weigh_reviews(out.decision, out.evidence)
        decision, timed = claim_time_rule(claim, out.evidence, decision)
        steps = tuple(step for step in (weighed, timed) if step)
        return replace(out, decision=decision, steps=steps)

    return judged


@_reviews_and_time
async def judge_verdict(
    claim: str,
    evidence: Sequence[Evidence],
    run: Run,
    *,
    engine: str,
    chat: ChatModel | None,
    nli: NLIModel | None,
    llm_configured: bool,
    backend: str,
    probs: Sequence[StanceProbs | None] = (),
    language: Language | None = None,
    references: bool = False,
    compared: bool = False,
) -> Judged:
    """Step 8: the engine's verdict (llm → nli/local judge → evidence-only), with its fallbacks;
    then a review and the claim's own time (`_reviews_and_time`).
    ``references``: the pool was the caller's references alone (what an empty pool says);
    ``compared``: the comparison rules read every item (``Stances.compared``)."""
    trace = run.trace
    items = list(evidence)
    reason = (
        "No language model is configured"
        if not llm_configured
        else "The language model is not used for verdicts (VERDICT_BACKEND)"
    )
    lead = reason + _UNJUDGED  # no LLM: NO_LLM
    if not items:
        trace.step("No relevant evidence: Not Enough Evidence, without asking a judge.")
        decision = no_evidence_verdict(references)
        if engine == "evidence-only":
            decision = VerdictDecision(
                decision.verdict, 0.0, f"{lead} {decision.reasoning}", decision.mode
            )
        return Judged(decision, items)
    if engine == "llm" and chat is not None:
        judged = await _by_llm(claim, items, chat, trace)
        if judged is not None:
            return judged
        reason = "The language model's answer could not be used"
        engine = "nli" if nli is not None and backend == "auto" else "evidence-only"
    label = judge_label(nli)
    if engine == "nli" and nli is not None and language is not None and not language.english:
        return _not_english(items, label, language, trace)
    if engine == "nli" and nli is not None:
        judged = _by_stances(claim, items, nli, probs, label, trace)
        if judged is not None:
            return judged
    if backend == "llm" and not llm_configured:
        trace.step("VERDICT_BACKEND=llm but no LLM is configured; answering evidence-only.")
    return _without_a_judge(items, reason, backend, trace, compared)


def _without_a_judge(
    items: list[Evidence], reason: str, backend: str, trace: Trace, compared: bool = False
) -> Judged:
    """No model judged (``reason``: why): a fact-checker's published rating decides; else a
    comparison rule's plain decision (not under VERDICT_BACKEND=evidence-only, which asks for no
    judgement); else Not Enough Evidence, pointing to the evidence — saying, when the rules read
    every item (``compared``), that none decided it."""
    decision = evidence_only_verdict(items, reason + _UNJUDGED)
    if decision.verdict is not Verdict.NOT_ENOUGH_EVIDENCE:
        trace.step(
            f"Verdict: evidence-only, from a fact-checker's published rating: {decision.verdict}."
        )
        return Judged(decision, items)
    ruled = rule_verdict(items, "claimcheck") if backend != "evidence-only" else None
    if ruled is not None:  # a sentence plainly states or contradicts the claim
        ruling, fact = ruled
        trace.step(
            f"Verdict by exact comparison, no model judged: {ruling.verdict} at "
            f"{ruling.confidence:.2f} (each rule's precision measured on the validation splits)."
        )
        reasoning = f"{reason}. {ruling.reasoning}"
        return Judged(
            VerdictDecision(ruling.verdict, ruling.confidence, reasoning, "evidence-only"),
            items,
            fact,
        )
    trace.step("Verdict: evidence-only; no language model or NLI model judged the claim.")
    if backend != "evidence-only" and compared:  # the rules read every item and decided none
        decision = evidence_only_verdict(items, reason + _NOTHING_PLAIN + _UNJUDGED)
    return Judged(decision, items)


async def _by_llm(
    claim: str, items: list[Evidence], chat: ChatModel, trace: Trace
) -> Judged | None:
    """The LLM's verdict, with the stances and quotes its answer gives per item; None (and a
    step) when the LLM failed."""
    try:
        decision, reply = await llm_verdict(claim, items, chat)
    except LLMError as exc:
        trace.step(f"Verdict: the LLM failed ({short(str(exc))}); falling back.")
        return None
    trace.step(
        f"Verdict by the LLM ({chat.name}): {decision.verdict} at {decision.confidence:.2f}."
    )
    read, judged, rejected = apply_judgements(
        items, validate_answer(VerdictAnswer, reply.data).evidence
    )
    differ = overruled(items, read)
    if differ:
        trace.step("Exact comparison read otherwise than the LLM: " + "; ".join(differ) + ".")
    items = read
    if judged:
        trace.step(
            f"Stance of {judged} item(s) from the LLM's verdict answer"
            + (
                f"; {rejected} quote(s) not found verbatim in their evidence were not used"
                if rejected
                else ""
            )
            + "."
        )
    return Judged(decision, items)


def _not_english(items: list[Evidence], label: str, language: Language, trace: Trace) -> Judged:
    """No True/False from an English model on a claim in another language."""
    trace.step(
        f"Verdict: not judged — {label} is an English model and the claim looks "
        f"{language.name}; configure an LLM to judge claims in other languages."
    )
    return Judged(
        VerdictDecision(
            Verdict.NOT_ENOUGH_EVIDENCE,
            0.0,
            f"The claim looks {language.name}, and claimcheck's local judge reads English only, so it "
            f"does not answer True or False for it without a language model. The most relevant evidence "
            f"is {pointers(items)}.",
            "evidence-only",
        ),
        items,
    )


def _by_stances(
    claim: str,
    items: list[Evidence],
    nli: NLIModel,
    probs: Sequence[StanceProbs | None],
    label: str,
    trace: Trace,
) -> Judged | None:
    """The verdict of the NLI model or the local judge from the stances it gave; None (and a
    step) when the stances fell back to the heuristic."""
    if len(probs) != len(items):  # the stances fell back to the heuristic: no judgement
        trace.step(f"Verdict: {label} gave no stances; answering evidence-only.")
        return None
    calibration = getattr(nli, "calibration", None) or Calibration()
    kind = getattr(nli, "kind", "NLI model")
    decision, fact, items, weak = verdict_and_shown(claim, items, probs, label, calibration, kind)
    if weak:
        trace.step(
            f"Shown as neutral, leaning too weakly to take a side (the {kind}'s weighted probability "
            f"under the verdict's {calibration.threshold:.2f}): " + ", ".join(weak) + "."
        )
    ruled = [
        f"[{n}] {e.stance} ({e.stance_rule}: {e.stance_reason})"
        for n, e in enumerate(items, 1)
        if e.stance_rule
    ]
    if ruled:
        trace.step("Comparison: " + "; ".join(ruled) + ".")
    if "with exact comparison" in decision.reasoning:
        trace.step(
            f"Verdict by exact comparison: {decision.verdict} at {decision.confidence:.2f} "
            f"(each rule's precision measured on the validation splits, agent/data/compare.json)."
        )
    else:
        trace.step(
            f"Verdict by {label} from the stances: {decision.verdict} at "
            f"{decision.confidence:.2f} (thresholds and confidence calibrated on "
            f"{calibration.fitted_on})."
        )
    return Judged(decision, items, fact)


__all__ = ["Judged", "judge_verdict"]
