"""The verdict without a language model, from the stances the NLI model or the local judge gave each
evidence item: a comparison rule's plain decision first (``rule_verdict``), else each item's
support and refutation probabilities weighted by its credibility, relevance and staleness
(``stance_scores``, ``decide``), with the confidence calibrated by ``Calibration``
(agent/data/judge.json, fitted by scripts/train_judge.py)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from agent.judge._decision import GUARDS
from agent.judge._nli import NLIModel, StanceProbs
from agent.judge._stance import MAX_SENTENCES_PER_ITEM, factuality, nli_judge, stance_of
from agent.judge._verdict import pointers
from agent.models import Evidence, Stance, Verdict, VerdictDecision


@dataclass(frozen=True)
class Calibration:
    """How stances become a verdict: a side is taken when its weighted probability reaches
    ``threshold``; confidence = sigmoid(a · score + b) per answer kind ("decided": the winning
    side's score minus the other's; "nee": the stronger side's score, for Not Enough Evidence)."""

    threshold: float = 0.6
    platt: dict[str, tuple[float, float]] = field(
        default_factory=lambda: {"decided": (4.0, -1.5), "partial": (0.0, 0.0), "nee": (-3.0, 1.5)}
    )
    fitted_on: str = "defaults (not fitted)"

    @classmethod
    def from_card(cls, card: dict | None) -> Calibration:
        if not card:
            return cls()
        platt = {k: (float(v[0]), float(v[1])) for k, v in card.get("platt", {}).items()}
        return cls(
            float(card.get("threshold", 0.6)),
            {**cls().platt, **platt},
            str(card.get("fitted_on", "judge.json")),
        )

    def confidence(self, kind: str, score: float) -> float:
        a, b = self.platt.get(kind, (0.0, 0.0))
        return round(1.0 / (1.0 + math.exp(-(a * score + b))), 4)


REFERENCE_WEIGHT = 1.0  # a user's reference: a fully credible, fully relevant source


def item_weight(item: Evidence) -> float:
    """How much an item's stance counts: credibility and relevance, halved when stale for a
    time-sensitive claim; flagged sources (satire, conspiracy, fake news) count for nothing. A
    reference the user supplied is evidence the user vouches for: it counts as a fully credible,
    fully relevant source."""
    if item.flags:
        return 0.0
    stale = 0.5 if item.stale else 1.0
    if item.origin == "reference":
        return REFERENCE_WEIGHT * stale
    relevance = max(0.0, min(1.0, item.relevance))
    return (0.6 + 0.4 * item.credibility) * (0.75 + 0.25 * relevance) * stale


RULE_MIN_CREDIBILITY = 0.5  # an unknown source's; a rule on a known-poor source does not decide


RULE_MARGIN = 0.3  # one side's best source this much more credible than the other's wins outright


def _rule_trust(item: Evidence) -> float:
    return 1.0 if item.origin == "reference" else item.credibility


def rule_verdict(
    evidence: Sequence[Evidence], judge: str
) -> tuple[VerdictDecision, float | None] | None:
    """The verdict when comparison rules decided items plainly (agent/judge/compare.py): a plain
    refutation from a credible item → False, a plain statement → True, both → the more credible side
    when it is clearly more credible, else Partially True with both quoted. The confidence is the
    deciding rule's measured precision. None when no rule decided a credible, unflagged item."""
    decided = [
        (n, e)
        for n, e in enumerate(evidence, 1)
        if e.stance_rule
        and e.stance_rule not in GUARDS
        and not e.flags
        and e.stance != "neutral"
        and _rule_trust(e) >= RULE_MIN_CREDIBILITY
        and not (e.stale and e.origin != "reference")
    ]
    if not decided:
        return None
    sup = [(n, e) for n, e in decided if e.stance == "supports"]
    ref = [(n, e) for n, e in decided if e.stance == "refutes"]
    best = lambda side: max(_rule_trust(e) for _, e in side) if side else 0.0  # noqa: E731
    if sup and ref and abs(best(sup) - best(ref)) >= RULE_MARGIN:
        sup, ref = (sup, []) if best(sup) > best(ref) else ([], ref)
    lead = f"Judged by {judge} with exact comparison, not by a language model."
    vouched = [n for n, e in decided if e.origin == "reference"]
    note = (
        (
            f" {'Item' if len(vouched) == 1 else 'Items'} {', '.join(f'[{n}]' for n in vouched)} "
            f"{'is a reference' if len(vouched) == 1 else 'are references'} you supplied, taken as evidence you "
            "vouch for."
        )
        if vouched
        else ""
    )
    if sup and ref:
        confidence = round(
            min(
                max(e.stance_score or 0.0 for _, e in sup),
                max(e.stance_score or 0.0 for _, e in ref),
            )
            * 0.6,
            4,
        )
        body = (
            f"Credible sources disagree: {_ruled(sup, 'states it')}; but {_ruled(ref, 'contradicts it')}. "
            "Read both before relying on either."
        )
        return VerdictDecision(
            Verdict.PARTIALLY_TRUE, confidence, f"{lead} {body}{note}", "nli"
        ), 0.5
    side, verb, verdict = (
        (ref, "contradicts it", Verdict.FALSE) if ref else (sup, "states it", Verdict.TRUE)
    )
    confidence = round(max(e.stance_score or 0.0 for _, e in side), 4)
    what = "The evidence refutes the claim" if ref else "The evidence supports the claim"
    body = _sentence(f"{what}: {_ruled(side, verb)}")
    return VerdictDecision(verdict, confidence, f"{lead} {body}{note}", "nli"), (
        0.0 if ref else 1.0
    )


def _ruled(items: Sequence[tuple[int, Evidence]], verb: str) -> str:
    return "; ".join(
        f'{_named(e)} {verb} [{n}]: "{e.quote or e.text[:200]}" — {e.stance_reason}'
        for n, e in items[:3]
    )


@dataclass(frozen=True)
class StanceScores:
    support: float  # max over items of weight × P(supports)
    refute: float
    supporters: tuple[int, ...]  # 1-based numbers of items that take that side, strongest first
    refuters: tuple[int, ...]
    factuality: float | None
    strength: dict[int, float] = field(
        default_factory=dict
    )  # item number → its weighted side probability

    def strong(self, numbers: Sequence[int], floor: float) -> tuple[int, ...]:
        """The items of one side whose weighted probability reaches ``floor`` (the ones a reasoning
        may rest on), at least the strongest one."""
        kept = tuple(n for n in numbers if self.strength.get(n, 0.0) >= floor)
        return kept or tuple(numbers[:1])


def side_shown(item: Evidence, p: StanceProbs, threshold: float) -> tuple[Stance, float | None]:
    """The stance an item shows for the judge's probabilities: its leaning side only when that
    reading would carry the verdict alone (weighted as the verdict weighs it, at least the
    calibrated ``threshold``), else neutral. A weaker lean is right about half the time on the
    validation pairs (docs/judge.md): shown as a side, it reads as a fact beside a verdict that
    took no side."""
    stance, score = stance_of(p)
    if stance == "neutral" or item_weight(item) * score >= threshold:
        return stance, score
    return "neutral", None


def stance_scores(
    evidence: Sequence[Evidence], probs: Sequence[StanceProbs | None], threshold: float = 0.0
) -> StanceScores:
    """The verdict's scores from each item's probabilities; each item's lean (its argmax side, for
    the reasoning), and ``factuality`` (the documented one, agent.stance.factuality) over the stances
    the items show (``side_shown`` at ``threshold``)."""

    leans = [stance_of(p) if p is not None else ("neutral", None) for p in probs]
    shown = [
        side_shown(item, p, threshold) if p is not None else ("neutral", None)
        for item, p in zip(evidence, probs, strict=True)
    ]
    support = refute = 0.0
    sup: list[tuple[float, int]] = []
    ref: list[tuple[float, int]] = []
    for n, (item, p, (stance, _)) in enumerate(zip(evidence, probs, leans, strict=True), start=1):
        if p is None:
            continue
        w = item_weight(item)
        support, refute = max(support, w * p.entailment), max(refute, w * p.contradiction)
        if stance == "supports":
            sup.append((w * p.entailment, n))
        elif stance == "refutes":
            ref.append((w * p.contradiction, n))
    return StanceScores(
        support,
        refute,
        tuple(n for _, n in sorted(sup, reverse=True)),
        tuple(n for _, n in sorted(ref, reverse=True)),
        factuality(evidence, shown),
        {n: w for w, n in sup + ref},
    )


def shown_items(
    evidence: Sequence[Evidence], probs: Sequence[StanceProbs | None], judge: str, threshold: float
) -> tuple[list[Evidence], list[str]]:
    """The items as the answer shows them (new values): an item the judge read with a weaker lean
    than ``side_shown`` needs is neutral, with the lean in its reason; items a comparison rule
    decided and rated reviews keep their stance. Returns the items and one note per item changed
    (for the trace)."""
    items, notes = list(evidence), []
    for n, (item, p) in enumerate(zip(evidence, probs, strict=True), start=1):
        if (
            p is None
            or item.review is not None
            or (item.stance_rule and item.stance_rule not in GUARDS)
        ):
            continue
        lean, score = stance_of(p)
        if lean == "neutral" or side_shown(item, p, threshold)[0] != "neutral":
            continue
        verb = "supporting" if lean == "supports" else "refuting"
        items[n - 1] = replace(
            item,
            stance="neutral",
            stance_score=None,
            stance_reason=item.stance_reason
            or f"{judge} leans towards {verb} the claim ({score:.2f}), too weakly to take a side",
        )
        notes.append(f"[{n}] {lean} {score:.2f}")
    return items, notes


def decide(scores: StanceScores, calibration: Calibration) -> tuple[Verdict, float, str]:
    """(verdict, calibrated confidence, answer kind) from the weighted stance scores."""
    t = calibration.threshold
    if scores.support >= t and scores.refute >= t:
        return (
            Verdict.PARTIALLY_TRUE,
            calibration.confidence("partial", min(scores.support, scores.refute)),
            "partial",
        )
    if scores.support >= t:
        return (
            Verdict.TRUE,
            calibration.confidence("decided", scores.support - scores.refute),
            "decided",
        )
    if scores.refute >= t:
        return (
            Verdict.FALSE,
            calibration.confidence("decided", scores.refute - scores.support),
            "decided",
        )
    return (
        Verdict.NOT_ENOUGH_EVIDENCE,
        calibration.confidence("nee", max(scores.support, scores.refute)),
        "nee",
    )


def _sentence(text: str) -> str:
    """End with a full stop, unless the text ends with a quotation that ends a sentence itself:
    `…an oblate spheroid."` rather than `…an oblate spheroid.".`"""
    return text if text.endswith(('."', '!"', '?"')) else f"{text}."


def _cited(
    evidence: Sequence[Evidence], numbers: Sequence[int], verb: str, too_weakly: bool = False
) -> str:
    weakly = ", too weakly to decide" if too_weakly else ""
    return "; ".join(
        f"{evidence[n - 1].domain or evidence[n - 1].source} {verb} it [{n}]{weakly}: "
        f'"{evidence[n - 1].quote or evidence[n - 1].text[:200]}"'
        for n in numbers[:3]
    )


def judged_verdict(
    claim: str,
    evidence: Sequence[Evidence],
    probs: Sequence[StanceProbs | None],
    judge: str,
    calibration: Calibration,
) -> tuple[VerdictDecision, float | None]:
    """The verdict of the local judge or NLI model from the stances it gave each item (no further
    model call); returns the decision and the factuality. The reasoning cites the items it rests
    on with their quotes."""
    ruled = rule_verdict(evidence, judge)
    if ruled is not None:
        return ruled
    scores = stance_scores(evidence, probs, calibration.threshold)
    verdict, confidence, _ = decide(scores, calibration)
    lead = f"Judged by {judge}, not by a language model."
    # the reasoning rests on the items that show a side (``side_shown``), not on a weaker lean an
    # item shows as neutral
    floor = calibration.threshold
    supporters, refuters = (
        scores.strong(scores.supporters, floor),
        scores.strong(scores.refuters, floor),
    )
    if verdict is Verdict.TRUE:
        body = _sentence(
            f"The evidence supports the claim: {_cited(evidence, supporters, 'supports')}"
        )
    elif verdict is Verdict.FALSE:
        body = _sentence(
            f"The evidence refutes the claim: {_cited(evidence, refuters, 'contradicts')}"
        )
    elif verdict is Verdict.PARTIALLY_TRUE:
        body = _sentence(
            f"Credible sources disagree: {_cited(evidence, supporters, 'supports')}; but "
            f"{_cited(evidence, refuters, 'contradicts')}"
        )
    else:
        leans = scores.supporters[:1] + scores.refuters[:1]
        strongest = max(leans, key=lambda n: scores.strength.get(n, 0.0), default=None)
        if strongest is None:
            closest = pointers(evidence, 2)
        else:
            verb = "supporting" if strongest in scores.supporters else "refuting"
            closest = _cited(evidence, [strongest], f"leans towards {verb}", too_weakly=True)
        body = (
            "The evidence neither clearly supports nor refutes the claim"
            f" (closest: {closest}), so claimcheck does not take a side."
        )
    return VerdictDecision(verdict, confidence, f"{lead} {body}", "nli"), scores.factuality


async def nli_verdict(
    claim: str, evidence: list[Evidence], nli: NLIModel, calibration: Calibration | None = None
) -> tuple[VerdictDecision, float | None, list[Evidence]]:
    """Stances from the NLI model or the local judge over each item's best sentences, then the
    verdict from them (`judged_verdict`); returns the decision, the factuality and the items with
    their stances (new values)."""

    judged = await nli_judge(
        claim, evidence, nli, getattr(nli, "sentences_per_item", MAX_SENTENCES_PER_ITEM)
    )
    label = f"the {getattr(nli, 'kind', 'NLI model')} ({nli.name})"
    calibration = calibration or getattr(nli, "calibration", None) or Calibration()
    decision, fact = judged_verdict(claim, judged.evidence, judged.probs, label, calibration)
    kind = f"the {getattr(nli, 'kind', 'NLI model')}"
    items, _ = shown_items(judged.evidence, judged.probs, kind, calibration.threshold)
    return decision, fact, items


def _named(item: Evidence) -> str:
    return "your reference" if item.origin == "reference" else (item.domain or item.source)


def verdict_and_shown(
    claim: str,
    evidence: Sequence[Evidence],
    probs: Sequence[StanceProbs | None],
    label: str,
    calibration: Calibration,
    kind: str,
) -> tuple[VerdictDecision, float | None, list[Evidence], list[str]]:
    """The verdict from the stances (``judged_verdict``) and the items as shown beside it
    (``shown_items``, read by "the ``kind``"): decision, factuality, items, notes."""
    decision, fact = judged_verdict(claim, evidence, probs, label, calibration)
    items, weak = shown_items(evidence, probs, f"the {kind}", calibration.threshold)
    return decision, fact, items, weak
