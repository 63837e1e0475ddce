"""Embedders: text → unit vectors. `SentenceTransformerEmbedder` is real; `HashingEmbedder` is
the deterministic fake that lives next to the Protocol (tests, and nothing else)."""

from __future__ import annotations

import hashlib
import logging
import re
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

import numpy as np

from retrieval.concurrency import run_blocking
from retrieval.errors import ModelUnavailable
from retrieval.model_files import ResolvedModel, resolve_model
from retrieval.onnx_embedder import OnnxEmbedder

log = logging.getLogger(__name__)


class Embedder(Protocol):
    """Turns texts into L2-normalised float32 vectors of a fixed `dimension`.

    `embed` never blocks the event loop; an empty input gives an empty (0, dimension) array.
    """

    name: str
    dimension: int

    async def embed(self, texts: Sequence[str]) -> np.ndarray: ...

    def embed_blocking(self, texts: Sequence[str]) -> np.ndarray: ...


class SentenceTransformerEmbedder:
    """all-MiniLM-L6-v2 (or any sentence-transformers model), resolved offline first."""

    def __init__(self, model: Any, resolved: ResolvedModel, batch_size: int = 32) -> None:
        self._model = model
        self._lock = threading.Lock()  # one encode at a time: torch already uses both cores
        self.resolved = resolved
        self.name = resolved.name
        self.backend = "torch"
        self.batch_size = batch_size
        getter = (
            getattr(model, "get_embedding_dimension", None)
            or model.get_sentence_embedding_dimension
        )
        self.dimension = int(getter())

    @classmethod
    def load(cls, name: str, device: str = "cpu") -> SentenceTransformerEmbedder:
        """Blocking: resolve and load the model. Raises ModelUnavailable."""
        resolved = resolve_model(name)
        try:
            from sentence_transformers import SentenceTransformer

            model = SentenceTransformer(resolved.location, device=device)
        except Exception as exc:  # any load failure is the same thing to the caller
            raise ModelUnavailable(
                f"could not load embedding model {name!r} from {resolved.location}: {exc}"
            ) from exc
        return cls(model, resolved)

    def embed_blocking(self, texts: Sequence[str]) -> np.ndarray:
        if not texts:
            return np.zeros((0, self.dimension), dtype=np.float32)
        with self._lock:
            vectors = self._model.encode(
                list(texts),
                batch_size=self.batch_size,
                normalize_embeddings=True,
                convert_to_numpy=True,
                show_progress_bar=False,
            )
        return np.asarray(vectors, dtype=np.float32)

    async def embed(self, texts: Sequence[str]) -> np.ndarray:
        return await run_blocking(self.embed_blocking, texts)


_TOKEN = re.compile(r"[a-z0-9]+")


class HashingEmbedder:
    """Deterministic bag-of-words hashing embedder: same text → same vector, shared words → closer."""

    def __init__(self, dimension: int = 384) -> None:
        self.name = "hashing-fake"
        self.dimension = dimension

    def _one(self, text: str) -> np.ndarray:
        vec = np.zeros(self.dimension, dtype=np.float32)
        for token in _TOKEN.findall(text.lower()):
            digest = hashlib.blake2b(token.encode(), digest_size=8).digest()
            index = int.from_bytes(digest[:4], "little") % self.dimension
            vec[index] += 1.0 if digest[4] & 1 else -1.0
        norm = float(np.linalg.norm(vec))
        return vec / norm if norm else vec

    def embed_blocking(self, texts: Sequence[str]) -> np.ndarray:
        if not texts:
            return np.zeros((0, self.dimension), dtype=np.float32)
        return np.stack([self._one(t) for t in texts])

    async def embed(self, texts: Sequence[str]) -> np.ndarray:
        return self.embed_blocking(texts)


BACKENDS = ("onnx-int8", "onnx", "torch")


@dataclass(frozen=True)
class EmbedderStatus:
    """What health reports about the embedder: the backend asked for, the one running, and why."""

    requested: str
    active: str
    fallback: bool
    reason: str | None


def load_embedder(
    name: str, backend: str = "onnx-int8", cache_dir: Path | None = None, threads: int | None = None
) -> tuple[Embedder, EmbedderStatus]:
    """Blocking. The ONNX Runtime embedder (int8 or fp32, `threads` intra-op threads) when it can
    be prepared offline, else the sentence-transformers one, visibly (the status says why).
    Raises ModelUnavailable only when no backend can load the model."""
    if backend not in BACKENDS:
        raise ValueError(
            f"unknown embedding backend {backend!r}; choose one of {', '.join(BACKENDS)}"
        )
    if backend != "torch":
        try:
            embedder = OnnxEmbedder.load(
                name, quantized=backend == "onnx-int8", cache_dir=cache_dir, threads=threads
            )
            return embedder, EmbedderStatus(backend, backend, False, None)
        except ModelUnavailable as exc:
            log.warning("ONNX embedder unavailable, using sentence-transformers: %s", exc)
            return SentenceTransformerEmbedder.load(name), EmbedderStatus(
                backend, "torch", True, str(exc)
            )
    return SentenceTransformerEmbedder.load(name), EmbedderStatus(backend, "torch", False, None)
