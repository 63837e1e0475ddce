"""Judging (flow steps 7–8): each item's quote, stance and freshness, then the verdict.

Every function returns new values: the evidence it is given is never changed, so stages that run
at the same time (the verdict and the source-trust scores) cannot see each other's writes.
"""

from __future__ import annotations

from collections.abc import Callable, Coroutine, Sequence
from dataclasses import dataclass, replace
from functools import wraps
from typing import Any, Concatenate, ParamSpec

from agent.classify import Language
from agent.judge._claimtime import claim_time_rule, with_freshness
from agent.judge._from_stances import Calibration, judged_verdict, rule_verdict, shown_items
from agent.judge._nli import NLIModel, StanceProbs
from agent.judge._reviews import review_stance, weigh_reviews
from agent.judge._shown import apply_judgements, overruled, stance_steps
from agent.judge._stance import (
    HEURISTIC_NAME,
    MAX_SENTENCES_PER_ITEM,
    lexical_judge,
    nli_judge,
    ruled_lexical,
)
from agent.judge._verdict import (
    evidence_only_verdict,
    llm_verdict,
    no_evidence_verdict,
    pointers,
)
from agent.llm import ChatModel, LLMError, VerdictAnswer, validate_answer
from agent.models import Evidence, Verdict, VerdictDecision
from agent.run import Run, Trace, short
from retrieval.concurrency import run_blocking

P = ParamSpec("P")

# what judged the stances when no model did (none loaded, or it failed) and the rules ran
RULES_ALONE = (
    "exact comparison alone (items it does not decide are neutral, quoted by the lexical heuristic)"
)
# the end of every lead that says no model judged; a verdict by the rules keeps only the reason
_UNJUDGED = ", so claimcheck did not judge the claim itself."
_NOTHING_PLAIN = (
    ", and exact comparison found no sentence of a credible source that plainly states or "
    "contradicts the claim"
)

__all__ = ["Judged", "Stances", "judge_label", "judge_stances", "judge_verdict"]


@dataclass(frozen=True)
class Stances:
    """Evidence with quotes, stances and freshness, what judged them, each item's probabilities
    (empty when the heuristic judged) and step 7's trace lines."""

    evidence: list[Evidence]
    by: str
    probs: tuple[StanceProbs | None, ...] = ()
    compared: bool = False  # the comparison rules read every item (they ran and did not fail)
    steps: tuple[str, ...] = ()


@dataclass(frozen=True)
class Judged:
    """The verdict, the evidence as the verdict left it (an LLM answer refines stances), the
    factuality the judge computed (None: computed later from the stances), and the lines of a
    prior review or the claim's own time that changed the verdict."""

    decision: VerdictDecision
    evidence: list[Evidence]
    factuality: float | None = None
    steps: tuple[str, ...] = ()


def judge_label(nli: NLIModel | None) -> str:
    """The NLI model or local judge as steps name it."""
    if nli is None:
        return HEURISTIC_NAME
    return f"the {getattr(nli, 'kind', 'NLI model')} ({nli.name})"


async def judge_stances(
    claim: str,
    evidence: Sequence[Evidence],
    nli: NLIModel | None,
    english: bool = True,
    promoted: Evidence | None = None,
) -> Stances:
    """Step 7: quote + stance per item (`_stances`; a fact-checker's rated review takes the stance
    its rating states), then each item's freshness; ``promoted``: the contrasting source the
    political balance ranked higher, for the trace lines."""
    stances = _rated(await _stances(claim, evidence, nli, english))
    items, stale = with_freshness(claim, stances.evidence)
    steps = tuple(stance_steps(items, stances.by, promoted, stale))
    return replace(stances, evidence=items, steps=steps)


def _rated(stances: Stances) -> Stances:
    """A fact-checker's rated review of the claim takes the stance its rating states (a "False"
    rating refutes the claim), whatever the judge read in it."""
    if not any(e.review is not None for e in stances.evidence):
        return stances
    items, probs = list(stances.evidence), list(stances.probs)
    for n, item in enumerate(items):
        if item.review is None:
            continue
        stance, p = review_stance(item.review)
        items[n] = replace(
            item,
            stance=stance,
            quote=item.text,
            stance_score=round(max(p.entailment, p.contradiction), 4)
            if stance != "neutral"
            else None,
            stance_rule=None,
            stance_reason=None,
        )  # the rating decides, not a comparison rule
        if probs:
            probs[n] = p
    return Stances(items, stances.by, tuple(probs))


async def _stances(
    claim: str, evidence: Sequence[Evidence], nli: NLIModel | None, english: bool = True
) -> Stances:
    """Quote + stance per item: the NLI model or the local judge over sentences when loaded,
    else the heuristic (an LLM verdict answer refines them in step 8)."""
    kind = getattr(nli, "kind", "NLI model")
    if nli is not None and evidence and not english:
        return Stances(
            lexical_judge(claim, evidence), f"{HEURISTIC_NAME} (the {kind} reads English only)"
        )
    if nli is not None and evidence:
        try:
            judged = await nli_judge(
                claim, evidence, nli, getattr(nli, "sentences_per_item", MAX_SENTENCES_PER_ITEM)
            )
            label = judge_label(nli) + (f" ({judged.rules_failed})" if judged.rules_failed else "")
            return Stances(
                judged.evidence, label, tuple(judged.probs), compared=not judged.rules_failed
            )
        except Exception as exc:  # a local model failing mid-run must not fail the request
            return await _by_rules(claim, evidence, f"the {kind} failed: {short(str(exc), 80)}")
    if evidence and english:  # no model: the rules still decide the plain cases
        return await _by_rules(claim, evidence)
    return Stances(lexical_judge(claim, evidence), HEURISTIC_NAME)


async def _by_rules(claim: str, evidence: Sequence[Evidence], why: str | None = None) -> Stances:
    """No model's stances (``why``: the model's failure, if one was loaded): the rules alone, or
    the heuristic's if the rules fail too; the label says which and why."""
    items, failed = await run_blocking(ruled_lexical, claim, evidence)
    notes = "; ".join(n for n in (why, failed) if n)
    if failed:
        return Stances(items, f"{HEURISTIC_NAME} ({notes})")
    return Stances(items, f"{RULES_ALONE} ({notes})" if notes else RULES_ALONE, compared=True)


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
    decision, fact = judged_verdict(claim, items, probs, label, calibration)
    kind = getattr(nli, "kind", "NLI model")
    items, weak = shown_items(items, probs, f"the {kind}", calibration.threshold)
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
