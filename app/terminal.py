"""Terminal rendering for the CLI: a verdict with its sources, and KB search hits. Pure functions."""

from __future__ import annotations

import textwrap
from typing import Any

_TONE = {
    "True": "32",
    "False": "31",
    "Partially True": "33",
    "Misleading": "33",
    "Not Enough Evidence": "90",
    "Not Verifiable": "90",
}
# the comparison guards (agent.judge.compare.GUARDS; a test keeps them equal): not read as support
_GUARDS = frozenset({"hedge", "tense", "reported", "subject", "question", "partial"})
_ORIGIN = {
    "kb": "knowledge base",
    "web": "web",
    "fact_check": "fact-checker",
    "reference": "reference",
}


def _paint(text: str, code: str, color: bool) -> str:
    return f"\033[{code}m{text}\033[0m" if color else text


def _wrap(text: str, indent: str, width: int) -> str:
    return textwrap.fill(text, width=width, initial_indent=indent, subsequent_indent=indent)


def format_verdict(body: dict[str, Any], *, color: bool = False, width: int = 88) -> str:
    """The /api/verify body as a readable block: verdict, confidence bar, reasoning, sources."""
    verdict = body["verdict"]
    filled = round(body["confidence"] * 20)
    lines = [
        _paint(f"{verdict.upper()}", "1;" + _TONE.get(verdict, "0"), color)
        + f"  {'█' * filled}{'░' * (20 - filled)} {body['confidence']:.0%} confidence",
        f"{body['claim_type']} claim · engine {body['mode']} · grounding {body['grounding']['status']}"
        f" · {body['timings_ms'].get('total', 0):.0f} ms",
    ]
    if body["claim"].strip() != body["original_claim"].strip():
        lines.append(_wrap(f"checked: {body['claim']}", "", width))
    lines += ["", _wrap(body["reasoning"], "", width)]
    if body["evidence"]:
        lines += ["", _paint("Sources", "1", color)]
        for n, item in enumerate(body["evidence"], 1):
            trust = item["trust"].get("posterior")
            facts = [
                _ORIGIN.get(item["origin"], item["origin"]),
                f"credibility {item['credibility']:.2f}",
                f"relevance {max(0.0, min(1.0, item['relevance'])):.2f}",
                item["stance"],
            ]  # as the page shows it
            if trust is not None:
                facts.insert(2, f"trust {trust:.2f}")
            if item.get("review"):
                facts.append(f"rated “{item['review']['rating']}” by {item['review']['publisher']}")
            if item.get("before_claim"):
                facts.append("published before the claimed time")
            lines.append(
                f"[{n}] {item['title'] or item['domain']} — {item['domain']} ({', '.join(facts)})"
            )
            lines.append(_wrap(f"“{item['quote'] or item['text']}”", "    ", width))
            if item.get("stance_reason"):
                lead = (
                    "not read as support"
                    if item.get("stance_rule") in _GUARDS
                    else f"why {item['stance']}"
                )
                lines.append(_wrap(f"{lead}: {item['stance_reason']}", "    ", width))
            lines.append(f"    {item['source']}")
    else:
        lines += ["", "No evidence was used."]
    return "\n".join(lines)


def format_hits(results: list[dict[str, Any]], *, width: int = 88) -> str:
    """KB search hits, best first: rank, relevance, title, source and the start of the text."""
    if not results:
        return "no matching documents"
    lines = []
    for n, hit in enumerate(results, 1):
        relevance = hit.get("relevance")
        score = (
            f"relevance {relevance:.2f}" if relevance is not None else f"score {hit['score']:.2f}"
        )
        lines.append(f"{n:>2}. {hit.get('title') or hit['source']} ({score})")
        lines.append(f"    {hit['source']}")
        lines.append(
            textwrap.shorten(hit["text"], width=width - 4, placeholder=" …").join(("    ", ""))
        )
    return "\n".join(lines)
