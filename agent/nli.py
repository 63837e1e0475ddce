"""The `nli` verdict backend: a local natural-language-inference cross-encoder judges, for each
piece of evidence, whether it entails, contradicts or is neutral to the claim.

`NLI_MODEL` (default cross-encoder/nli-deberta-v3-xsmall) is resolved offline first like every
model; when it cannot load, `auto` falls through to evidence-only and health says why.
"""

from __future__ import annotations

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


class NLIModel(Protocol):
    """Scores (premise, hypothesis) pairs; never blocks the event loop."""

    name: str

    async def predict(self, pairs: Sequence[tuple[str, str]]) -> list[StanceProbs]: ...


def _label_order(id2label: dict) -> list[str]:
    names = [str(id2label[i]).lower() for i in sorted(id2label, key=int)]
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
    def __init__(self, model, name: str, order: list[str]) -> None:
        self._model = model
        self._order = order
        self._lock = threading.Lock()
        self.name = name

    @classmethod
    def load(cls, name: str) -> CrossEncoderNLI:
        """Blocking; raises ModelUnavailable fast when the model is not available offline."""
        resolved = resolve_model(name, default_org="cross-encoder")
        try:
            from sentence_transformers import CrossEncoder

            model = CrossEncoder(resolved.location, device="cpu", max_length=512)
            id2label = model.config.id2label
        except Exception as exc:
            raise ModelUnavailable(f"could not load NLI model {name!r} from {resolved.location}: {exc}") from exc
        return cls(model, name, _label_order(id2label))

    def share_lane(self, lane) -> None:
        """Run under the service's inference lane (one model call at a time on its threads)
        instead of a lock of this model's own, so it never fights the embedder for the cores."""
        self._lock = lane

    def predict_blocking(self, pairs: Sequence[tuple[str, str]]) -> list[StanceProbs]:
        if not pairs:
            return []
        with self._lock:
            logits = np.asarray(self._model.predict(list(pairs), convert_to_numpy=True,
                                                    show_progress_bar=False), dtype=np.float64)
        logits = logits.reshape(len(pairs), -1)
        probs = np.exp(logits - logits.max(axis=1, keepdims=True))
        probs /= probs.sum(axis=1, keepdims=True)
        out = []
        for row in probs:
            by = dict(zip(self._order, row, strict=True))
            out.append(StanceProbs(float(by["entailment"]), float(by["contradiction"]), float(by["neutral"])))
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
