"""Stage 9's two-pass grounding check: does the verdict rest on the evidence's specifics?

The verdict's own confidence is the full pass. The second pass asks the LLM, once, how confident
it is in that same verdict when the evidence's names, numbers, dates, places and URLs are replaced
by typed placeholders (`_scrub.py`). A verdict that stands on the evidence loses confidence
when its specifics are gone; one that does not (the model answers from what it already believes,
or the evidence is generic) keeps it. ``delta = full − scrubbed`` against the profile's thresholds:

    VERIFIED     full ≥ verified.confidence  and delta ≥ verified.delta
    PLAUSIBLE    full ≥ plausible.confidence and delta ≥ plausible.delta
    SUSPICIOUS   full ≥ plausible.confidence and delta below that: may not rest on the evidence
    UNSUPPORTED  full < plausible.confidence

The pure parts (profiles, trigger, status) have no I/O; `scrubbed_confidence` makes the one call.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Literal

from agent.check._scrub import scrub
from agent.judge import UNJUDGED
from agent.llm import ChatModel, GroundingAnswer, validate_answer
from agent.models import Evidence, Grounding, VerdictDecision
from agent.prompts import GROUNDING_SYSTEM, grounding_user

Trigger = Literal["always", "on_medium_confidence", "never"]
TRIGGERS: tuple[Trigger, ...] = ("always", "on_medium_confidence", "never")
Status = Literal["VERIFIED", "PLAUSIBLE", "SUSPICIOUS", "UNSUPPORTED", "SKIPPED"]


class UnknownProfile(ValueError):
    """A grounding profile name that is not defined."""


@dataclass(frozen=True)
class Threshold:
    confidence: float
    delta: float


@dataclass(frozen=True)
class Profile:
    """Thresholds of one kind of content, and the confidence band `on_medium_confidence` checks."""

    name: str
    verified: Threshold
    plausible: Threshold
    medium: tuple[float, float]  # [low, high) of the verdict confidence that triggers the check
    why: str


PROFILES: dict[str, Profile] = {
    p.name: p
    for p in (
        Profile(
            "general",
            Threshold(0.8, 0.3),
            Threshold(0.6, 0.15),
            (0.5, 0.9),
            "the issue's thresholds",
        ),
        Profile(
            "documentation",
            Threshold(0.75, 0.2),
            Threshold(0.55, 0.1),
            (0.55, 0.85),
            "looser: documentation restates what a model may well know, so smaller drops count",
        ),
        Profile(
            "data",
            Threshold(0.85, 0.4),
            Threshold(0.7, 0.2),
            (0.5, 0.95),
            "stricter: numbers and dates are the claim, so scrubbing them must hurt more",
        ),
        Profile(
            "security",
            Threshold(0.9, 0.45),
            Threshold(0.75, 0.25),
            (0.0, 1.01),
            "strictest, and checked at every confidence: a wrong verdict costs most here",
        ),
    )
}


def profile_named(name: str | None, default: str = "general") -> Profile:
    key = (name or default).strip().lower()
    if key not in PROFILES:
        raise UnknownProfile(f"unknown grounding profile {name!r}; valid: {', '.join(PROFILES)}")
    return PROFILES[key]


def should_check(
    trigger: Trigger, profile: Profile, decision: VerdictDecision, evidence_count: int, llm: bool
) -> tuple[bool, str]:
    """Whether the scrubbed pass runs, and why (or why not) in words for the trace."""
    if trigger == "never":
        return False, "trigger is never"
    if not llm:
        return False, "no language model is configured"
    if decision.mode != "llm":
        return False, f"the verdict came from {decision.mode}, not the language model"
    if decision.verdict in UNJUDGED or evidence_count == 0:
        return False, f"the verdict {decision.verdict.value!r} makes no claim to ground"
    if trigger == "always":
        return True, "trigger is always"
    low, high = profile.medium
    if low <= decision.confidence < high:
        return True, (
            f"confidence {decision.confidence:.2f} is medium for the {profile.name} profile "
            f"([{low:g}, {min(high, 1):g}))"
        )
    return False, (
        f"confidence {decision.confidence:.2f} is outside the {profile.name} profile's "
        f"medium band [{low:g}, {min(high, 1):g})"
    )


def grounding_status(full: float, scrubbed: float, profile: Profile) -> Status:
    delta = full - scrubbed
    if full < profile.plausible.confidence:
        return "UNSUPPORTED"
    if full >= profile.verified.confidence and delta >= profile.verified.delta:
        return "VERIFIED"
    if delta >= profile.plausible.delta:
        return "PLAUSIBLE"
    return "SUSPICIOUS"


def scrubbed_evidence(evidence: Sequence[Evidence]) -> tuple[list[Evidence], int]:
    """Copies of the evidence with their texts scrubbed (one table for all) and sources hidden."""
    result = scrub([item.text for item in evidence])
    copies = [
        replace(item, text=text, domain=f"source-{n}", source="", title="", quote="")
        for n, (item, text) in enumerate(zip(evidence, result.texts, strict=True), start=1)
    ]
    return copies, len(result.replacements)


async def scrubbed_confidence(
    claim: str, evidence: Sequence[Evidence], decision: VerdictDecision, chat: ChatModel
) -> tuple[float, int]:
    """The LLM's confidence in the same verdict on scrubbed evidence, and how many specifics were
    scrubbed. Raises LLMError (LLMBadResponse when the answer has no usable confidence)."""
    copies, replaced = scrubbed_evidence(evidence)
    reply = await chat.complete_json(
        GROUNDING_SYSTEM, grounding_user(claim, decision.verdict.value, copies)
    )
    return validate_answer(GroundingAnswer, reply.data).confidence, replaced


def measured(full: float, scrubbed: float, profile: Profile) -> Grounding:
    return Grounding(
        status=grounding_status(full, scrubbed, profile),
        full_confidence=round(full, 4),
        scrubbed_confidence=round(scrubbed, 4),
        delta=round(full - scrubbed, 4),
        profile=profile.name,
    )


def skipped(profile: Profile | None) -> Grounding:
    return Grounding(status="SKIPPED", profile=profile.name if profile else None)


__all__ = [
    "PROFILES",
    "TRIGGERS",
    "Profile",
    "Threshold",
    "UnknownProfile",
    "grounding_status",
    "measured",
    "profile_named",
    "scrubbed_confidence",
    "scrubbed_evidence",
    "should_check",
    "skipped",
]
