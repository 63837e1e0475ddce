"""Plain language for readers (issue 37): the verdict's reasoning without the engine's name, and the
verdict with its reason in one sentence. Pure functions over the wire body's fields; the page, the
extension, the CLI, the MCP tools and the ClaimReview export show these, while `reasoning` keeps
the engine's own words for whoever wants them ("how this was checked")."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

# The sentences the engines open their reasoning with (agent/judge/_verdict.py, agent/judge/_deciding.py): which
# engine judged, or that none did. A reader needs the finding, not the machinery.
_ENGINE_LEADS = (
    re.compile(r"^Judged by .+?, not by a language model\.\s*"),
    re.compile(
        r"^No language model is configured, so claimcheck did not judge the claim itself\.\s*"
    ),
    re.compile(
        r"^The language model is not used for verdicts \(VERDICT_BACKEND\), so claimcheck did not "
        r"judge the claim itself\.\s*"
    ),
    re.compile(
        r"^The language model's answer could not be used, so claimcheck did not judge the claim itself\.\s*"
    ),
)
_SETUP_HINT = re.compile(r";?\s*configure OPENAI_BASE_URL or OPENAI_API_KEY for a judged verdict")
_MARKERS = re.compile(r"\s?\[\d+(?:\s*[,–-]\s*\d+)*\]")
_SPACES = re.compile(r"[ \t]{2,}")

# What each verdict means to a reader, as the start of one sentence.
_MEANING = {
    "True": "True: the evidence supports this claim",
    "False": "False: the evidence contradicts this claim",
    "Partially True": "Partly true: credible sources support part of this claim and contradict another part",
    "Misleading": "Misleading: the facts in this claim are used to suggest something they do not show",
    "Not Enough Evidence": "Not enough evidence: the sources found do not settle this claim either way",
    "Not Verifiable": "Not checkable: this is an opinion or a prediction, not a statement of fact",
}
_QUOTE_CHARS = 160


def plain_reasoning(reasoning: str) -> str:
    """The reasoning as a reader should see it: without the sentence naming the engine (or saying no
    model judged), without set-up hints for operators and without [N] citation markers."""
    text = reasoning.strip()
    for lead in _ENGINE_LEADS:
        text = lead.sub("", text, count=1)
    text = _SETUP_HINT.sub("", text)
    text = _MARKERS.sub("", text)
    return _SPACES.sub(" ", text).strip()


def _quote(item: Mapping[str, Any]) -> str:
    text = " ".join(str(item.get("quote") or item.get("text") or "").split())
    if len(text) > _QUOTE_CHARS:
        text = text[:_QUOTE_CHARS].rsplit(" ", 1)[0].rstrip(",;:") + " …"
    return text


def _deciding(evidence: Sequence[Mapping[str, Any]], verdict: str) -> Mapping[str, Any] | None:
    """The item a reader should see first: one that takes the verdict's side, else the first."""
    side = {"True": "supports", "False": "refutes"}.get(verdict)
    if side is not None:
        for item in evidence:
            if item.get("stance") == side:
                return item
    return evidence[0] if evidence else None


def verdict_sentence(body: Mapping[str, Any]) -> str:
    """The verdict and why, in one sentence a reader understands, e.g. 'False: the evidence
    contradicts this claim — nasa.gov: “The Earth is not flat: …”'."""
    verdict = str(body.get("verdict") or "")
    meaning = _MEANING.get(verdict, verdict)
    evidence = list(body.get("evidence") or [])
    if not evidence and verdict == "Not Enough Evidence":
        return "Not enough evidence: no relevant source was found for this claim."
    if not evidence or verdict in ("Not Verifiable", "Not Enough Evidence"):
        return f"{meaning}."  # a quote would read as taking a side the verdict does not take
    item = _deciding(evidence, verdict)
    if item is None:
        return f"{meaning}."
    quote = _quote(item)
    where = item.get("domain") or item.get("source") or "a source"
    return f"{meaning} — {where}: “{quote}”" if quote else f"{meaning} ({where})."


__all__ = ["plain_reasoning", "verdict_sentence"]
