"""What step 7 shows for each evidence item beyond the judge's own reading: the stances and quotes
of an LLM's verdict answer applied to the items (``apply_judgements``; where the LLM reads an item
otherwise than a comparison rule did, ``overruled`` says so), and the step's trace lines
(``stance_steps``)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from agent.judge._stance import verbatim
from agent.llm import EvidenceJudgement
from agent.models import Evidence


def stance_steps(
    evidence: Sequence[Evidence], by: str, promoted: Evidence | None, stale: Sequence[str]
) -> list[str]:
    """The trace lines of step 7, written from its results: the contrasting source promoted, the
    flagged sources, each item's stance and what judged it, the stale items."""
    steps = []
    if promoted is not None:
        steps.append(
            f"Political balance: the evidence leaned one way; ranked a contrasting "
            f"credible source higher ({promoted.domain}, {promoted.bias})."
        )
    flagged = [
        f"[{n}] {e.domain}: {', '.join(e.flags)}" for n, e in enumerate(evidence, 1) if e.flags
    ]
    if flagged:
        steps.append("Flagged sources (kept, never read as fact): " + "; ".join(flagged))
    if evidence:
        steps.append(
            f"Quotes and stance by {by}: "
            + ", ".join(
                f"[{n}] {e.stance}"
                + (f" {e.stance_score:.2f}" if e.stance_score is not None else "")
                for n, e in enumerate(evidence, 1)
            )
            + "."
        )
    if stale:
        steps.append(
            "Freshness: the claim is time-sensitive and "
            + "; ".join(stale)
            + " — stale for it (weighted down in factuality)."
        )
    return steps


def apply_judgements(
    evidence: Sequence[Evidence], judgements: Sequence[EvidenceJudgement]
) -> tuple[list[Evidence], int, int]:
    """The items with the LLM's stance and quote (new values). A quote not found verbatim is not
    used (the item keeps its sentence quote). Where the LLM reads an item otherwise than a
    comparison rule did, the item no longer shows the rule (its stance is the LLM's; ``overruled``
    says what the rule had read). Returns (items, items judged, quotes rejected)."""
    items = list(evidence)
    judged = rejected = 0
    for judgement in judgements:
        if not 1 <= judgement.n <= len(items):
            continue
        item = items[judgement.n - 1]
        quote = item.quote
        if judgement.quote:
            found = verbatim(judgement.quote, item.text)
            if found is None:
                rejected += 1
            else:
                quote = found
        agrees = judgement.stance == item.stance
        items[judgement.n - 1] = replace(
            item,
            stance=judgement.stance,  # type: ignore[arg-type]
            stance_score=round(judgement.probability, 4),
            quote=quote,
            stance_rule=item.stance_rule if agrees else None,
            stance_reason=item.stance_reason if agrees else None,
        )
        judged += 1
    return items, judged, rejected


def overruled(before: Sequence[Evidence], after: Sequence[Evidence]) -> list[str]:
    """The items a comparison rule had read that the LLM read otherwise: "[n] refutes by
    substitution (the claim says …); the LLM: supports"."""
    return [
        f"[{n}] {b.stance} by {b.stance_rule} ({b.stance_reason}); the LLM: {a.stance}"
        for n, (b, a) in enumerate(zip(before, after, strict=True), 1)
        if b.stance_rule and not a.stance_rule
    ]


__all__ = ["apply_judgements", "overruled", "stance_steps"]
