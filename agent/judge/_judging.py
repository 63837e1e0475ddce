"""Judging the stances (flow step 7): each item's quote, stance and freshness, in one call
(``judge_stances``); the verdict from them is step 8 (``_verdict.judge_verdict``).

Every function returns new values: the evidence it is given is never changed, so stages that run
at the same time (the verdict and the source-trust scores) cannot see each other's writes.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from agent.judge._claimtime import with_freshness
from agent.judge._nli import NLIModel, StanceProbs
from agent.judge._reviews import review_stance
from agent.judge._shown import stance_steps
from agent.judge._stance import (
    HEURISTIC_NAME,
    MAX_SENTENCES_PER_ITEM,
    lexical_judge,
    nli_judge,
    ruled_lexical,
)
from agent.models import Evidence
from agent.run import short
from retrieval.concurrency import run_blocking

# what judged the stances when no model did (none loaded, or it failed) and the rules ran
RULES_ALONE = (
    "exact comparison alone (items it does not decide are neutral, quoted by the lexical heuristic)"
)
__all__ = ["RULES_ALONE", "Stances", "judge_label", "judge_stances"]


@dataclass(frozen=True)
class Stances:
    """Evidence with quotes, stances and freshness, what judged them, each item's probabilities
    (empty when the heuristic judged) and step 7's trace lines."""

    evidence: list[Evidence]
    by: str
    probs: tuple[StanceProbs | None, ...] = ()
    compared: bool = False  # the comparison rules read every item (they ran and did not fail)
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
