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

import math
from collections.abc import Sequence
from dataclasses import dataclass, field

from agent.judge.compare import GUARDS
from agent.llm import ChatModel, ChatReply, LLMError, VerdictAnswer, validate_answer
from agent.models import Citations, Evidence, Verdict, VerdictDecision
from agent.nli import NLIModel, StanceProbs
from agent.prompts import VERDICT_SYSTEM, verdict_user
from agent.ratings import stated_rating
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
UNJUDGED = {Verdict.NOT_ENOUGH_EVIDENCE, Verdict.NOT_VERIFIABLE}


def parse_verdict(value: object) -> Verdict | None:
    return _VERDICTS.get(str(value or "").strip().lower())


def no_evidence_verdict() -> VerdictDecision:
    return VerdictDecision(Verdict.NOT_ENOUGH_EVIDENCE, 0.0, NO_EVIDENCE, "evidence-only")


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


def stance_scores(
    evidence: Sequence[Evidence], probs: Sequence[StanceProbs | None]
) -> StanceScores:
    """The verdict's scores from each item's probabilities; each item's side and ``factuality`` (the
    documented one, agent.stance.factuality) follow the stance the item shows."""
    from agent.stance import factuality, stance_of

    shown = [stance_of(p) if p is not None else ("neutral", None) for p in probs]
    support = refute = 0.0
    sup: list[tuple[float, int]] = []
    ref: list[tuple[float, int]] = []
    for n, (item, p, (stance, _)) in enumerate(zip(evidence, probs, shown, strict=True), start=1):
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


def _cited(evidence: Sequence[Evidence], numbers: Sequence[int], verb: str) -> str:
    return "; ".join(
        f"{evidence[n - 1].domain or evidence[n - 1].source} {verb} it [{n}]: "
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
    scores = stance_scores(evidence, probs)
    verdict, confidence, _ = decide(scores, calibration)
    lead = f"Judged by {judge}, not by a language model."
    # the reasoning rests on the items that clearly take a side, not on every weak lean
    floor = 0.75 * calibration.threshold
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
        strongest = scores.supporters[:1] or scores.refuters[:1]
        body = (
            "The evidence neither clearly supports nor refutes the claim"
            + (
                f" (closest: {_cited(evidence, strongest, 'leans on')})"
                if strongest
                else f" (closest: {pointers(evidence, 2)})"
            )
            + ", so claimcheck does not take a side."
        )
    return VerdictDecision(verdict, confidence, f"{lead} {body}", "nli"), scores.factuality


async def nli_verdict(
    claim: str, evidence: list[Evidence], nli: NLIModel, calibration: Calibration | None = None
) -> tuple[VerdictDecision, float | None, list[Evidence]]:
    """Stances from the NLI model or the local judge over each item's best sentences, then the
    verdict from them (`judged_verdict`); returns the decision, the factuality and the items with
    their stances (new values)."""
    from agent.stance import MAX_SENTENCES_PER_ITEM, nli_judge

    judged = await nli_judge(
        claim, evidence, nli, getattr(nli, "sentences_per_item", MAX_SENTENCES_PER_ITEM)
    )
    label = f"the {getattr(nli, 'kind', 'NLI model')} ({nli.name})"
    calibration = calibration or getattr(nli, "calibration", None) or Calibration()
    decision, fact = judged_verdict(claim, judged.evidence, judged.probs, label, calibration)
    return decision, fact, judged.evidence


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


__all__ = [
    "Calibration",
    "LLMError",
    "NO_LLM",
    "StanceScores",
    "decide",
    "downgrade_uncited",
    "evidence_only_verdict",
    "fact_check_rating",
    "pointers",
    "item_weight",
    "judged_verdict",
    "llm_verdict",
    "nli_verdict",
    "no_evidence_verdict",
    "parse_verdict",
    "rule_verdict",
    "stance_scores",
]


def _named(item: Evidence) -> str:
    return "your reference" if item.origin == "reference" else (item.domain or item.source)
