"""Political balance, pure: a political topic, the evidence's leans, a contrasting source.

The political-balance part follows the groundcheck standard's bias section: a static media-bias
lookup per source (``retrieval/credibility.py``), a keyword test for a political topic, and — only
when the topic is political and every rated source leans the same way — a note in the response,
guidance in the verdict prompt, and a contrasting credible source ranked higher if one exists.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Sequence

from agent.models import Balance, Evidence

# Political leans as MBFC rates them; "center" is rated but not a lean.
POLITICAL_LEANS = ("left", "left-center", "center", "right-center", "right")

# Words that make a topic political (elections, parties, offices, contested policy areas).
_POLITICAL = re.compile(
    r"\b("
    + "|".join(
        [
            r"elect\w*",
            r"vot(?:e|es|ed|er|ers|ing)",
            r"ballots?",
            r"campaign\w*",
            r"polls?",
            r"presiden\w*",
            r"prime minister",
            r"ministers?",
            r"governors?",
            r"senat\w*",
            r"congress\w*",
            r"parliament\w*",
            r"legislat\w*",
            r"lawmakers?",
            r"mps?",
            r"mayors?",
            r"cabinet",
            r"democrat\w*",
            r"republican\w*",
            r"gop",
            r"conservative\w*",
            r"liberal\w*",
            r"labour",
            r"tor(?:y|ies)",
            r"left-wing",
            r"right-wing",
            r"partisan",
            r"bipartisan",
            r"immigra\w*",
            r"migrants?",
            r"refugees?",
            r"asylum",
            r"border wall",
            r"abortion",
            r"gun control",
            r"second amendment",
            r"gun laws?",
            r"taxe?s?",
            r"tariffs?",
            r"welfare",
            r"minimum wage",
            r"brexit",
            r"impeach\w*",
            r"supreme court",
            r"administration",
            r"white house",
            r"government",
            r"policy",
            r"policies",
            r"sanctions?",
            r"trump",
            r"biden",
            r"obama",
            r"clinton",
            r"harris",
            r"modi",
            r"putin",
            r"netanyahu",
            r"zelensky\w*",
        ],
    )
    + r")\b",
    re.IGNORECASE,
)


def is_political(claim: str, evidence: Sequence[Evidence] = ()) -> bool:
    """Keyword test on the claim and the evidence titles (the standard: topic + extracted content)."""
    return bool(_POLITICAL.search(claim) or any(_POLITICAL.search(e.title or "") for e in evidence))


def _side(lean: str | None) -> str | None:
    if lean in {"left", "left-center"}:
        return "left"
    if lean in {"right", "right-center"}:
        return "right"
    return "center" if lean == "center" else None


def political_balance(claim: str, evidence: Sequence[Evidence]) -> Balance:
    """Lean counts of the evidence; one-sided when the topic is political and every rated source
    (at least two) sits on the same non-center side. Sources without a political rating
    (agencies, journals, pro-science outlets) are not counted either way."""
    leans = Counter(item.bias for item in evidence if item.bias in POLITICAL_LEANS)
    political = is_political(claim, evidence)
    sides = {_side(lean) for lean in leans}
    one_sided = political and sum(leans.values()) >= 2 and len(sides) == 1 and "center" not in sides
    return Balance(political=political, leans=dict(leans), one_sided=one_sided)


def dominant_side(balance: Balance) -> str | None:
    sides = {_side(lean) for lean in balance.leans}
    return next(iter(sides)) if balance.one_sided and len(sides) == 1 else None


def promote_contrast(
    claim: str,
    chosen: list[Evidence],
    others: Callable[[], list[Evidence]],
    *,
    min_credibility: float = 0.7,
    limit: int = 5,
) -> tuple[list[Evidence], Evidence | None]:
    """When the evidence on a political claim is one-sided, rank the best contrasting credible
    source (the other side or center, credibility ≥ ``min_credibility``, not flagged) second —
    from the chosen list if it is there, else from ``others`` (the rest of the pool, best first),
    dropping the last item to stay within ``limit``. Returns the new list and what was promoted."""
    side = dominant_side(political_balance(claim, chosen))
    if side is None:
        return chosen, None

    def contrasting(item: Evidence) -> bool:
        other = _side(item.bias)
        return (
            other is not None
            and other != side
            and item.credibility >= min_credibility
            and not item.flags
        )

    pick = next((e for e in chosen if contrasting(e)), None)
    if pick is None:
        pick = next((e for e in others() if contrasting(e)), None)
        if pick is None:
            return chosen, None
        rest = chosen[: limit - 1] if len(chosen) >= limit else list(chosen)
    else:
        rest = [e for e in chosen if e is not pick]
    position = 1 if rest else 0
    return rest[:position] + [pick] + rest[position:], pick


def balance_guidance(claim: str, evidence: Sequence[Evidence]) -> str:
    """Extra verdict-prompt guidance: one-sided political evidence, flagged sources. "" if none."""
    notes = []
    balance = political_balance(claim, evidence)
    if balance.one_sided:
        side = dominant_side(balance)
        notes.append(
            f"This is a political topic and every rated source leans {side} "
            f"({', '.join(f'{k}: {v}' for k, v in sorted(balance.leans.items()))}). "
            "Seek contrasting framing in the evidence; if there is none, say in the "
            "reasoning that the sources lean one way, and do not let framing stand in "
            "for facts."
        )
    flagged = [f"[{n}] {', '.join(e.flags)}" for n, e in enumerate(evidence, start=1) if e.flags]
    if flagged:
        notes.append(
            "Flagged sources (satire, conspiracy-pseudoscience or fake-news outlets; "
            "never treat them as factual support): " + "; ".join(flagged) + "."
        )
    return "\n".join(notes)
