"""Checking (flow step 9): every cited sentence backed by its evidence, and the two-pass grounding
check, run concurrently; returns the verdict as it stands afterwards."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from dataclasses import dataclass, replace

from agent.check._citations import check_reasoning
from agent.check._grounding import (
    measured,
    profile_named,
    scrubbed_confidence,
    should_check,
    skipped,
)
from agent.judge import UNJUDGED, NLIModel
from agent.llm import ChatModel, LLMError
from agent.models import Citations, Evidence, Grounding, Verdict, VerdictDecision
from agent.run import Run, discard, short

__all__ = ["Checked", "check"]


@dataclass(frozen=True)
class Checked:
    decision: VerdictDecision
    citations: Citations
    grounding: Grounding


async def check(
    claim: str,
    evidence: Sequence[Evidence],
    decision: VerdictDecision,
    run: Run,
    *,
    chat: ChatModel | None,
    nli: NLIModel | None,
    citation_check: str,
    grounding: str | None,
    profile: str | None,
    default_profile: str,
    default_trigger: str,
) -> Checked:
    """The citation check ∥ the grounding re-ask (both read the verdict, not each other). A
    grounding measured on a verdict the citation check then downgrades is dropped, unless the
    request asked for `grounding: "always"`: then it is reported as measured on the judge's verdict."""
    quiet = run.quiet()  # the grounding's steps wait for the citations'
    the_profile = profile_named(profile, default_profile)

    async def grounded() -> Grounding:
        with run.trace.stage("grounding"):
            return await _grounding(
                claim, evidence, decision, quiet, chat, grounding or default_trigger, the_profile
            )

    job = asyncio.create_task(grounded())
    try:
        checked, citations = await _citations(
            claim, evidence, decision, run, chat, nli, citation_check
        )
        measured_grounding = await job
    except BaseException:
        await discard(job)
        raise
    if checked.verdict != decision.verdict:
        if grounding != "always":
            run.trace.step(
                "Grounding check skipped (the citation check changed the verdict it measured)."
            )
            return Checked(checked, citations, skipped(the_profile))
        run.trace.step(
            f"Grounding (always): measured on the judge's verdict {decision.verdict.value!r} "
            "before the citation check downgraded it."
        )
    for step in quiet.trace.steps:
        run.trace.step(step)
    return Checked(checked, citations, measured_grounding)


async def _citations(
    claim: str,
    evidence: Sequence[Evidence],
    decision: VerdictDecision,
    run: Run,
    chat: ChatModel | None,
    nli: NLIModel | None,
    citation_check: str,
) -> tuple[VerdictDecision, Citations]:
    """Each cited sentence backed by its evidence (LLM reasoning; claimcheck's own reasoning is
    built from the evidence, so only its numbers are checked); then the uncited downgrade."""
    trace = run.trace
    with trace.stage("citations"):
        report, problem = await check_reasoning(
            decision.reasoning,
            list(evidence),
            claim,
            nli=nli if run.english else None,
            chat=chat if citation_check == "llm" else None,
            check_backing=decision.mode == "llm",
            # a verdict sentence is backed by the cited item's stance, which local judges give
            # only for English claims; otherwise it stands unless it states checkable facts
            verdict=decision.verdict if run.english else None,
        )
    if problem:
        trace.step(f"Citation check: the LLM failed ({short(problem)}); checked locally instead.")
    decision = replace(decision, reasoning=report.reasoning)
    if report.nonexistent:
        trace.step(
            "Citations: removed "
            + ", ".join(f"[{n}]" for n in report.nonexistent)
            + f" (no such evidence; there are {len(evidence)} item(s))."
        )
    for number, sentence in report.unbacked:
        trace.step(
            f'Citations: [{number}] does not back "{short(sentence, 120)}" '
            f"(judged by {report.judge}); citation dropped."
        )
    downgraded = downgrade_uncited(decision, report.citations) if evidence else None
    if downgraded is not None:
        trace.step(
            f"Citations: the verdict {decision.verdict.value!r} cited no evidence that backs it; "
            "downgraded to Not Enough Evidence."
        )
        decision = downgraded
    checked = (
        f"backed by their evidence ({report.judge}"
        + (f"; {report.unchecked} too short to check" if report.unchecked else "")
        + ")"
        if report.judge != "existence"
        else "point at existing evidence"
    )
    trace.step(f"Citations: {report.citations.supported} of {report.citations.total} {checked}.")
    return decision, report.citations


async def _grounding(
    claim: str,
    evidence: Sequence[Evidence],
    decision: VerdictDecision,
    run: Run,
    chat: ChatModel | None,
    trigger: str,
    profile,
) -> Grounding:
    """The two-pass check: the verdict's confidence on scrubbed evidence vs on the full evidence."""
    run_it, why = should_check(trigger, profile, decision, len(evidence), chat is not None)  # type: ignore[arg-type]
    if not run_it or chat is None:
        run.trace.step(f"Grounding check skipped ({why}).")
        return skipped(profile)
    try:
        scrubbed, replaced = await scrubbed_confidence(claim, list(evidence), decision, chat)
    except LLMError as exc:
        run.trace.step(f"Grounding check skipped: the scrubbed pass failed ({short(str(exc))}).")
        return skipped(profile)
    result = measured(decision.confidence, scrubbed, profile)
    run.trace.step(
        f"Grounding ({why}): {result.status} — confidence {result.full_confidence:.2f} on the "
        f"full evidence, {result.scrubbed_confidence:.2f} with {replaced} specific(s) scrubbed "
        f"(delta {result.delta:+.2f}, {profile.name} profile)."
    )
    return result


def downgrade_uncited(decision: VerdictDecision, citations: Citations) -> VerdictDecision | None:
    """A judged verdict that cites no evidence is not grounded: it becomes Not Enough Evidence."""
    if decision.verdict in UNJUDGED or citations.supported > 0:
        return None
    return VerdictDecision(
        Verdict.NOT_ENOUGH_EVIDENCE,
        round(min(decision.confidence, 0.3), 4),
        f'The judge answered "{decision.verdict.value}" without citing any evidence, so claimcheck '
        f"does not stand behind it. Its reasoning was: {decision.reasoning}",
        decision.mode,
    )
