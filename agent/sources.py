"""Stage 7 (foundation part): per-evidence source facts, verbatim quotes, political balance.

The groundcheck-style Bayesian trust posterior comes in a later stage; until then `trust`
carries the domain and its table credibility as the only contribution, and `posterior` is null.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence

from agent.models import Balance, Evidence, Trust

_SENTENCE = re.compile(r"(?<=[.!?])\s+(?=[A-Z0-9\"'(])")
_WORD = re.compile(r"[a-z0-9]+")
_STOP = frozenset(["the", "a", "an", "of", "to", "in", "on", "and", "or", "is", "are", "was", "were", "be", "by", "for", "with", "as", "at", "it", "its", "that", "this", "from", "has", "have", "had", "not", "no"])

POLITICAL_LEANS = {"left", "left-center", "right-center", "right"}


def content_words(text: str) -> set[str]:
    return {w for w in _WORD.findall(text.lower()) if w not in _STOP and len(w) > 1}


def best_quote(claim: str, text: str, max_chars: int = 300) -> str:
    """The sentence of `text` sharing the most content words with the claim, verbatim."""
    sentences = [s.strip() for s in _SENTENCE.split(text.strip()) if s.strip()] or [text.strip()]
    wanted = content_words(claim)
    best = max(sentences, key=lambda s: (len(wanted & content_words(s)), -abs(len(s) - 160)))
    return best if len(best) <= max_chars else best[:max_chars].rsplit(" ", 1)[0]


def attach_trust(evidence: Sequence[Evidence]) -> None:
    for item in evidence:
        if item.trust is None:
            item.trust = Trust(domain=item.domain, posterior=None, verdict=None,
                               contributions={"table_credibility": round(item.credibility, 3)})


def political_balance(evidence: Sequence[Evidence]) -> Balance:
    leans = Counter(item.bias for item in evidence if item.bias in POLITICAL_LEANS)
    sides = {"left" if lean.startswith("left") else "right" for lean in leans}
    political = bool(leans)
    return Balance(political=political, leans=dict(leans),
                   one_sided=political and len(sides) == 1 and sum(leans.values()) >= 2)
