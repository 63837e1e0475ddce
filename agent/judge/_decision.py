"""A comparison's decision: the rule that fired, its side, its reason for a reader, and the
precision the rule measured on the validation splits (agent/data/compare.json)."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, replace
from functools import lru_cache
from pathlib import Path
from typing import Literal

from agent.judge._reworded import DENIED_IN_OTHER_WORDS

RULES_CARD = Path(__file__).resolve().parents[1] / "data" / "compare.json"


Rule = Literal[
    "same",
    "number",
    "negation",
    "framing",
    "substitution",
    "direction",
    "hedge",
    "tense",
    "reported",
    "subject",
    "question",
    "partial",
]


GUARDS = frozenset(
    {"hedge", "tense", "reported", "subject", "question", "partial"}
)  # "not plain": the sentence has every
# part of the claim but says less (a hedge, another tense, someone's claim, another subject): no model may
# read it as support


# guards whose sentence asserts nothing at all (someone's view, a question): no model reads it either
# way, neither as support nor as a refutation
ASSERTS_NOTHING = frozenset({"reported", "question"})


@dataclass(frozen=True)
class Comparison:
    """A plain decision about one (claim, sentence) pair and why."""

    stance: Literal["supports", "refutes", "neutral"]  # neutral: a guard (GUARDS)
    rule: Rule
    reason: str  # for a reader: "the claim says 540 km; the source says 212 km"
    probability: float  # the rule's measured precision (agent/data/compare.json)
    silent: bool = False  # a guard whose sentence no model may read either way ("not as fast as")


@lru_cache(maxsize=1)
def precisions() -> dict[str, float]:
    """Each rule's measured precision (validation splits); a rule not measured yet counts 0.85."""
    try:
        data = json.loads(RULES_CARD.read_text())
        return {k: float(v["precision"]) for k, v in data.get("rules", {}).items()}
    except (OSError, ValueError, KeyError):
        return {}


def _decision(stance: str, rule: Rule, reason: str) -> Comparison:
    probability = precisions().get(rule, 0.85) if rule not in GUARDS else 0.0
    return Comparison(stance, rule, reason, probability)  # type: ignore[arg-type]


_NEGATING = frozenset(["not", "no", "never", "none", "nor"])
_QUOTED = re.compile(r" ?\(“([^”]*)”\)")


def _verbatim(decision: Comparison, sentence: str) -> Comparison:
    """The decision with no quote of the source that the source does not say word for word (a
    quote taken from the sentence as restated: "Bad Romance failed to …" for "It failed to …")."""

    def said(m: re.Match) -> str:
        if m.group(1) in sentence:
            return m.group(0)
        words = m.group(1).split()
        negating = _NEGATING & {w.lower() for w in words}
        for n in range(len(words) - 1, 1, -1):  # the longest run of its words the source says
            for k in range(len(words) - n + 1):  # "Bad Romance failed to" → "failed to"
                run = words[k : k + n]
                if (said := " ".join(run)) in sentence and negating <= {w.lower() for w in run}:
                    return f" (“{said}”)"  # not a denial's quote without its "not"
        if negating and (m := DENIED_IN_OTHER_WORDS.search(sentence)):
            return f" (“{m.group(0)}”)"  # "is free of mercury", read as "contains no mercury"
        return ""

    reason = _QUOTED.sub(said, decision.reason)
    return decision if reason == decision.reason else replace(decision, reason=reason)


def combine(decisions: list[Comparison]) -> Comparison | None:
    """One item's decision from its sentences': the sides they take must agree; a guard counts only
    when no sentence decides."""
    sides = [d for d in decisions if d.rule not in GUARDS]
    if sides:
        return sides[0] if len({d.stance for d in sides}) == 1 else None
    return decisions[0] if decisions else None


def read_as(decided: Comparison, stated: str, sentence: str) -> Comparison:
    """A decision over the sentence said another way ("won an Academy Award" read as "was
    nominated for an Academy Award", "cleared … of all fraud charges" as "was found not guilty of
    fraud") names the reading, so that a reader sees the step."""
    if decided.stance == "neutral" or (
        decided.stance == "supports" and decided.reason != _EVERY_PART
    ):
        return decided
    if len(stated.strip()) > 0.8 * len(sentence.strip()):
        return decided  # the sentence itself, or with a name for its pronoun: the quote shows it
    return replace(decided, reason=f"{decided.reason}, read as “{stated.strip().rstrip('.')}”")


_EVERY_PART = "the source states every part of the claim"
