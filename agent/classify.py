"""Stage 1: is the claim FACTUAL, OPINION, MIXED or AMBIGUOUS, and what part can be checked?"""

from __future__ import annotations

import re

from agent.llm import ChatModel, LLMError
from agent.models import ClaimType, Classification
from agent.prompts import CLASSIFY_SYSTEM, classify_user

_OPINION_MARKERS = re.compile(
    r"\b(i think|i believe|i feel|in my (?:opinion|view)|imo|personally|we should|you should|"
    r"should be|ought to|must be banned)\b",
    re.IGNORECASE,
)
_EVALUATIVE = re.compile(
    r"\b(best|worst|greatest|beautiful|ugly|delicious|disgusting|boring|amazing|awesome|terrible|"
    r"awful|overrated|underrated|wonderful|stupid|brilliant|nicest|coolest|better than|worse than)\b",
    re.IGNORECASE,
)
_CHECKABLE = re.compile(
    r"\d|\b(is|are|was|were|has|have|had|causes?|caused|founded|invented|born|died|discovered|"
    r"located|contains?|won|landed|killed|increased|decreased|kills|cures?)\b",
    re.IGNORECASE,
)
_VAGUE_ONLY = re.compile(r"^(it|this|that|they|he|she)\s+(is|was|are|were)\s+(true|false|real|fake)\W*$",
                         re.IGNORECASE)
_CLAUSE_SPLIT = re.compile(r"\s*(?:,\s*and\s+|;\s*|\s+and\s+|\s+but\s+|,\s*)", re.IGNORECASE)


def classify_rules(claim: str) -> Classification:
    """Local rules: clear opinions and too-vague inputs; everything else is FACTUAL."""
    text = claim.strip()
    words = re.findall(r"\w+", text)
    if len(words) < 3 or _VAGUE_ONLY.match(text) or (text.endswith("?") and len(words) < 5):
        return Classification(ClaimType.AMBIGUOUS, text,
                              "too short or vague to check; name who or what, and when", "rules")
    opinion = bool(_OPINION_MARKERS.search(text) or _EVALUATIVE.search(text))
    if not opinion:
        return Classification(ClaimType.FACTUAL, text, "a checkable statement", "rules")
    clauses = [c for c in _CLAUSE_SPLIT.split(text) if c and len(re.findall(r"\w+", c)) >= 3]
    factual = [c for c in clauses if _CHECKABLE.search(c) and not _OPINION_MARKERS.search(c)
               and not _EVALUATIVE.search(c)]
    if factual and len(clauses) > 1:
        part = " ".join(factual).strip().rstrip(".,;") + "."
        return Classification(ClaimType.MIXED, part, "a factual part plus an opinion", "rules")
    return Classification(ClaimType.OPINION, text, "a value judgement, not a checkable fact", "rules")


async def classify(claim: str, chat: ChatModel | None) -> tuple[Classification, str | None]:
    """Classify with the LLM when one is configured, else with local rules.

    Returns the classification and, when the LLM failed, the reason (for the trace)."""
    rules = classify_rules(claim)
    if chat is None:
        return rules, None
    try:
        reply = await chat.complete_json(CLASSIFY_SYSTEM, classify_user(claim))
    except LLMError as exc:
        fallback = rules if rules.claim_type is not ClaimType.AMBIGUOUS else Classification(
            ClaimType.FACTUAL, claim, "LLM unavailable", "rules")
        return fallback, str(exc)
    raw_type = str(reply.data.get("claim_type", "")).strip().upper()
    try:
        claim_type = ClaimType(raw_type)
    except ValueError:
        return rules, f"LLM gave an unknown claim type {raw_type!r}"
    extracted = str(reply.data.get("claim") or "").strip() or claim
    if len(extracted) > 2000:
        extracted = claim
    return Classification(claim_type, extracted, str(reply.data.get("reason", ""))[:300], "llm"), None
