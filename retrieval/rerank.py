"""Rerankers score (query, passage) pairs. The ms-marco cross-encoder is the real one; when it
cannot load, embedding cosine similarity takes over with its own calibrated thresholds.

The pipeline's thresholds (drop < 0.3, "sufficient" mean ≥ 1.0) are on the cross-encoder's logit
scale. Cosine similarity of all-MiniLM-L6-v2 lives on another scale, so each reranker carries a
`RelevanceScale`; the embedding one was calibrated on the seed KB (relevant pairs ≈ 0.45–0.8,
unrelated ≈ 0–0.25).
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

import numpy as np

from retrieval.concurrency import run_blocking
from retrieval.embeddings import Embedder
from retrieval.errors import ModelUnavailable
from retrieval.model_files import resolve_model
from retrieval.onnx_cross_encoder import OnnxCrossEncoder

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class RelevanceScale:
    """Thresholds on a reranker's own score scale."""

    min_relevance: float
    sufficient_mean: float

    @property
    def unit(self) -> float:
        """How much one 'cross-encoder logit' is worth on this scale (for score boosts)."""
        return self.sufficient_mean


EMBEDDING_SCALE = RelevanceScale(min_relevance=0.35, sufficient_mean=0.6)


def hybrid_embedding_scale(lexical_weight: float) -> RelevanceScale:
    """The fallback's thresholds when its relevance is cosine + lexical_weight × normalised BM25
    (retrieval/retriever.py). Re-measured on the seed KB with 12 related and 10 unrelated claims:
    at weight 0.3 unrelated claims' best document scored ≤ 0.29 and related claims' best ≥ 0.64;
    at 0.5, ≤ 0.40 and ≥ 0.75; at 0.7, ≤ 0.50 and ≥ 0.85: the floor moves up by 0.14 × weight.
    "Sufficient" moves up by 0.4 × weight: at 0.5 (threshold 0.8) the kept evidence of the related
    claims averaged 0.64–0.78 except "smoking causes lung cancer" (1.08), close to the cosine-only
    decisions (2 of 12 sufficient at 0.6), rather than calling 6 of 8 multi-document claims
    sufficient (which a 0.75 threshold did) and skipping the web for them."""
    return RelevanceScale(
        min_relevance=round(0.35 + 0.14 * lexical_weight, 3),
        sufficient_mean=round(0.6 + 0.4 * lexical_weight, 3),
    )


class Reranker(Protocol):
    """Scores each passage's relevance to the query; higher is more relevant.

    `score` never blocks the event loop and returns one float per passage, in order.
    """

    name: str
    kind: str  # "cross-encoder" | "embedding"
    scale: RelevanceScale

    async def score(self, query: str, passages: Sequence[str]) -> list[float]: ...


BACKENDS = ("onnx-int8", "onnx", "torch")


class CrossEncoderReranker:
    """A cross-encoder (ms-marco-MiniLM-L-6-v2 by default), max length 512, on torch
    (sentence-transformers' `CrossEncoder`) or ONNX Runtime (retrieval/onnx_cross_encoder.py);
    both give the scores `CrossEncoder.predict` gives."""

    kind = "cross-encoder"

    def __init__(
        self, model: Any, name: str, scale: RelevanceScale, backend: str = "torch"
    ) -> None:
        self._model = model
        self._lock = threading.Lock()
        self.name = name
        self.scale = scale
        self.backend = backend

    @classmethod
    def load(cls, name: str, scale: RelevanceScale, max_length: int = 512) -> CrossEncoderReranker:
        """Blocking, torch. Raises ModelUnavailable fast when the model is not available offline."""
        resolved = resolve_model(name, default_org="cross-encoder")
        try:
            from sentence_transformers import CrossEncoder

            model = CrossEncoder(resolved.location, max_length=max_length, device="cpu")
        except Exception as exc:
            raise ModelUnavailable(
                f"could not load reranker {name!r} from {resolved.location}: {exc}"
            ) from exc
        return cls(model, name, scale)

    @classmethod
    def load_onnx(
        cls,
        name: str,
        scale: RelevanceScale,
        *,
        quantized: bool,
        max_length: int = 512,
        cache_dir: Path | None = None,
        threads: int | None = None,
    ) -> CrossEncoderReranker:
        """Blocking, ONNX Runtime (exported once into `cache_dir`). Raises ModelUnavailable."""
        model = OnnxCrossEncoder.load(
            name, quantized=quantized, max_length=max_length, cache_dir=cache_dir, threads=threads
        )
        return cls(model, name, scale, backend=model.backend)

    def score_blocking(self, query: str, passages: Sequence[str]) -> list[float]:
        return self.score_pairs_blocking([(query, p) for p in passages])

    def score_pairs_blocking(self, pairs: Sequence[tuple[str, str]]) -> list[float]:
        """One score per (query, passage) pair; pairs may mix queries (a micro-batch does)."""
        if not pairs:
            return []
        with self._lock:
            scores = self._model.predict(
                list(pairs), convert_to_numpy=True, show_progress_bar=False
            )
        scores = np.asarray(scores, dtype=np.float32)
        if scores.ndim > 1:  # a multi-label head: take the last (positive) column
            scores = scores[:, -1]
        return [float(s) for s in scores]

    async def score(self, query: str, passages: Sequence[str]) -> list[float]:
        return await run_blocking(self.score_blocking, query, passages)


class EmbeddingReranker:
    """Cosine similarity of query and passage embeddings: the visible fallback."""

    kind = "embedding"

    def __init__(self, embedder: Embedder, scale: RelevanceScale = EMBEDDING_SCALE) -> None:
        self._embedder = embedder
        self.scale = scale
        self.name = f"embedding-similarity ({embedder.name})"

    async def score(self, query: str, passages: Sequence[str]) -> list[float]:
        if not passages:
            return []
        vectors = await self._embedder.embed([query, *passages])
        return [float(v) for v in vectors[1:] @ vectors[0]]


@dataclass(frozen=True)
class RerankerStatus:
    """What health reports about the reranker: the model, and for a cross-encoder the backend
    asked for, the one running and why they differ."""

    requested: str
    active: str
    kind: str
    fallback: bool
    reason: str | None
    load_ms: float
    requested_backend: str | None = None
    backend: str | None = None  # None when no cross-encoder runs
    backend_reason: str | None = None  # why the requested ONNX backend is not the one running


def load_reranker(
    name: str,
    embedder: Embedder,
    scale: RelevanceScale,
    fallback_scale: RelevanceScale = EMBEDDING_SCALE,
    backend: str = "torch",
    cache_dir: Path | None = None,
    threads: int | None = None,
) -> tuple[Reranker, RerankerStatus]:
    """Blocking. The cross-encoder on `backend` (ONNX Runtime int8 or fp32 with `threads` intra-op
    threads, exported once into `cache_dir`; else torch, visibly) when it loads, else embedding
    similarity with the reason."""
    if backend not in BACKENDS:
        raise ValueError(
            f"unknown reranker backend {backend!r}; choose one of {', '.join(BACKENDS)}"
        )
    started = time.perf_counter()
    if name.strip().lower() in {"", "none", "off"}:
        fallback = EmbeddingReranker(embedder, fallback_scale)
        return fallback, RerankerStatus(
            name,
            fallback.name,
            fallback.kind,
            True,
            "disabled by RERANKER_MODEL=none",
            0.0,
            backend,
        )
    backend_reason = None
    if backend != "torch":
        try:
            onnx = CrossEncoderReranker.load_onnx(
                name, scale, quantized=backend == "onnx-int8", cache_dir=cache_dir, threads=threads
            )
            return onnx, _status(name, onnx, started, backend, onnx.backend)
        except ModelUnavailable as exc:
            backend_reason = str(exc)
    try:
        reranker = CrossEncoderReranker.load(name, scale)
    except ModelUnavailable as exc:
        return _embedding_fallback(
            name, EmbeddingReranker(embedder, fallback_scale), exc, started, backend, backend_reason
        )
    if backend_reason:
        log.warning(
            "ONNX cross-encoder unavailable, running it on sentence-transformers: %s",
            backend_reason,
        )
    return reranker, _status(name, reranker, started, backend, reranker.backend, backend_reason)


def _status(
    name: str,
    reranker: Reranker,
    started: float,
    backend: str,
    running: str | None,
    backend_reason: str | None = None,
    reason: str | None = None,
) -> RerankerStatus:
    elapsed = (time.perf_counter() - started) * 1000
    fallback = reason is not None
    return RerankerStatus(
        name,
        reranker.name,
        reranker.kind,
        fallback,
        reason,
        elapsed,
        backend,
        running,
        backend_reason,
    )


def _embedding_fallback(
    name: str,
    fallback: EmbeddingReranker,
    exc: ModelUnavailable,
    started: float,
    backend: str,
    backend_reason: str | None,
) -> tuple[Reranker, RerankerStatus]:
    """Embedding similarity instead of the cross-encoder that did not load (said once, in one
    line when both loaders failed alike, as on every offline start)."""
    onnx_too = f" (ONNX: {backend_reason})" if backend_reason and backend_reason != str(exc) else ""
    log.warning("reranker unavailable, falling back to embedding similarity: %s%s", exc, onnx_too)
    return fallback, _status(name, fallback, started, backend, None, backend_reason, str(exc))
