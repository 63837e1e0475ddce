"""The `nli` verdict backend: a local natural-language-inference cross-encoder judges, for each
piece of evidence, whether it entails, contradicts or is neutral to the claim.

`NLI_MODEL` is resolved offline first like every model (the hub is tried once, when reachable);
when it cannot load, `auto` falls through to the local judge (agent/judge/local.py), then to
evidence-only, and health says why. Two kinds of head load:

* three-label NLI heads (entailment / contradiction / neutral), e.g. cross-encoder/nli-*;
* two-label fact-verification heads (supported / unsupported), e.g. FactCG-DeBERTa-v3-Large or
  MiniCheck-DeBERTa: index 1 (or the label named supported / entailment) is P(supported). A
  two-label head cannot tell "refuted" from "not enough information", so claimcheck asks it a
  second question — is the claim's negation supported? ("X is Y" → "X is not Y") — and reads
  that as the contradiction probability (claimcheck's adaptation, not the model authors').
  FactCG reads one instruction-templated text, as its authors' inference code does.
"""

from __future__ import annotations

import re
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

import numpy as np

from retrieval.concurrency import run_blocking
from retrieval.errors import ModelUnavailable
from retrieval.model_files import resolve_model

LABELS = ("contradiction", "entailment", "neutral")


@dataclass(frozen=True)
class StanceProbs:
    entailment: float
    contradiction: float
    neutral: float


_AUX = re.compile(
    r"\b(is|are|was|were|has|have|had|can|could|will|would|does|do|did|should|may|must)\b",
    re.IGNORECASE,
)
_NEG = re.compile(r"\b(not|no|never|n't)\b", re.IGNORECASE)
FACTCG_TEMPLATE = (
    "{premise}\n\nChoose your answer: based on the paragraph above can we conclude that "
    '"{hypothesis}"?\n\nOPTIONS:\n- Yes\n- No\nI think the answer is '
)


def negate_claim(claim: str) -> str | None:
    """The claim with "not" after its first auxiliary verb; None when it already has a negation or
    no auxiliary (used by two-label heads, and by the judge's training augmentation)."""
    if _NEG.search(claim):
        return None
    match = _AUX.search(claim)
    if match is None:
        return None
    return claim[: match.end()] + " not" + claim[match.end() :]


class NLIModel(Protocol):
    """Scores (premise, hypothesis) pairs; never blocks the event loop."""

    name: str

    async def predict(self, pairs: Sequence[tuple[str, str]]) -> list[StanceProbs]: ...


def _label_order(id2label: dict) -> list[str]:
    names = [str(id2label[i]).lower() for i in sorted(id2label, key=int)]
    if len(names) == 2:  # a fact-verification head: which index is "supported"
        supported = [
            i
            for i, n in enumerate(names)
            if n.startswith(("support", "entail", "consistent", "yes"))
            and not n.startswith(("unsupport", "not"))
        ]
        index = (
            supported[0] if supported else 1
        )  # generic LABEL_0/LABEL_1: index 1, as FactCG and MiniCheck
        return ["supported" if i == index else "unsupported" for i in range(2)]
    mapped = []
    for name in names:
        if name.startswith("contra"):
            mapped.append("contradiction")
        elif name.startswith("entail"):
            mapped.append("entailment")
        elif name.startswith("neutral"):
            mapped.append("neutral")
        else:
            raise ModelUnavailable(f"NLI model has an unknown label {name!r}; expected {LABELS}")
    if sorted(mapped) != sorted(LABELS):
        raise ModelUnavailable(f"NLI model labels {names} are not {LABELS}")
    return mapped


class CrossEncoderNLI:
    kind = "NLI model"
    sentences_per_item = 3

    def __init__(self, model, name: str, order: list[str], template: str | None = None) -> None:
        self._model = model
        self._order = order
        self._lock = threading.Lock()
        self._template = template
        self.name = name
        self.labels = len(order)

    @classmethod
    def load(cls, name: str) -> CrossEncoderNLI:
        """Blocking; raises ModelUnavailable fast when the model is not available offline."""
        resolved = resolve_model(name, default_org="cross-encoder")
        try:
            from sentence_transformers import CrossEncoder

            model = CrossEncoder(resolved.location, device="cpu", max_length=512)
            id2label = model.config.id2label
        except Exception as exc:
            raise ModelUnavailable(
                f"could not load NLI model {name!r} from {resolved.location}: {exc}"
            ) from exc
        template = FACTCG_TEMPLATE if "factcg" in name.lower() else None
        return cls(model, name, _label_order(id2label), template)

    def share_lane(self, lane) -> None:
        """Run under the service's inference lane (one model call at a time on its threads)
        instead of a lock of this model's own, so it never fights the embedder for the cores."""
        self._lock = lane

    def _probs(self, pairs: Sequence[tuple[str, str]]) -> np.ndarray:
        if self._template is not None:  # one templated text per pair, as the model was trained
            import torch

            texts = [self._template.format(premise=p, hypothesis=h) for p, h in pairs]
            with self._lock, torch.inference_mode():
                encoded = self._model.tokenizer(
                    texts, padding=True, truncation=True, max_length=512, return_tensors="pt"
                )
                logits = self._model.model(**encoded).logits.double().numpy()
        else:
            with self._lock:
                logits = np.asarray(
                    self._model.predict(
                        list(pairs), convert_to_numpy=True, show_progress_bar=False
                    ),
                    dtype=np.float64,
                )
        logits = logits.reshape(len(pairs), -1)
        if logits.shape[1] == 1:  # a single-logit head: sigmoid = P(supported)
            p = 1.0 / (1.0 + np.exp(-logits[:, 0]))
            return np.stack([1 - p, p], axis=1)
        probs = np.exp(logits - logits.max(axis=1, keepdims=True))
        return probs / probs.sum(axis=1, keepdims=True)

    def predict_blocking(self, pairs: Sequence[tuple[str, str]]) -> list[StanceProbs]:
        if not pairs:
            return []
        if self.labels == 2:
            return self._two_label(pairs)
        probs = self._probs(pairs)
        out = []
        for row in probs:
            by = dict(zip(self._order, row, strict=True))
            out.append(
                StanceProbs(
                    float(by["entailment"]), float(by["contradiction"]), float(by["neutral"])
                )
            )
        return out

    def _two_label(self, pairs: Sequence[tuple[str, str]]) -> list[StanceProbs]:
        """P(supported) of the claim, and of its negation as P(contradicted) (see the docstring)."""
        supported = self._order.index("supported")
        negations = [(i, p, negate_claim(h)) for i, (p, h) in enumerate(pairs)]
        asked = list(pairs) + [(p, n) for _, p, n in negations if n is not None]
        probs = self._probs(asked)[:, supported]
        refuted = dict(
            zip([i for i, _, n in negations if n is not None], probs[len(pairs) :], strict=True)
        )
        out = []
        for i in range(len(pairs)):
            e, r = float(probs[i]), float(refuted.get(i, 0.0))
            if e + r > 1.0:
                e, r = e / (e + r), r / (e + r)
            out.append(StanceProbs(e, r, max(0.0, 1.0 - e - r)))
        return out

    async def predict(self, pairs: Sequence[tuple[str, str]]) -> list[StanceProbs]:
        return await run_blocking(self.predict_blocking, pairs)


@dataclass(frozen=True)
class NLIStatus:
    requested: str
    loaded: bool
    reason: str | None
    load_ms: float


def load_nli(name: str) -> tuple[CrossEncoderNLI | None, NLIStatus]:
    started = time.perf_counter()
    if name.strip().lower() in {"", "none", "off"}:
        return None, NLIStatus(name, False, "disabled by NLI_MODEL=none", 0.0)
    try:
        model = CrossEncoderNLI.load(name)
    except ModelUnavailable as exc:
        return None, NLIStatus(name, False, str(exc), (time.perf_counter() - started) * 1000)
    return model, NLIStatus(name, True, None, (time.perf_counter() - started) * 1000)
