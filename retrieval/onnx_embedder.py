"""all-MiniLM-L6-v2 on ONNX Runtime: the fast embedder for ingest and queries.

The ONNX graph is exported once from the same local model files the torch embedder loads (no
download: `torch.onnx.export` of the transformer, then optionally onnxruntime's dynamic int8
quantisation) and cached under `EMBEDDING_CACHE_DIR`, keyed by the model's files. Tokenising uses
the model's own `tokenizer.json` (the `tokenizers` library), pooling and normalisation follow the
sentence-transformers config (mean pooling, L2). Texts are sorted by token length and batched, so
a batch pads to its own longest text, not the corpus's.
"""

from __future__ import annotations

import json
import logging
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from retrieval.concurrency import run_blocking
from retrieval.errors import ModelUnavailable
from retrieval.model_files import ResolvedModel, quiet_loading, resolve_model
from retrieval.onnx_export import DEFAULT_CACHE, cached_session, export, fingerprint, token_feed

log = logging.getLogger(__name__)


def _export(location: Path, target: Path) -> None:
    """Blocking: export the transformer (inputs → last_hidden_state) to ONNX."""
    import torch
    from transformers import AutoModel

    with quiet_loading():
        model = AutoModel.from_pretrained(str(location), attn_implementation="eager")

    class Hidden(torch.nn.Module):  # type: ignore[misc]  # torch is not analysed (pyproject.toml)
        def __init__(self, inner: Any) -> None:
            super().__init__()
            self.inner = inner

        def forward(self, input_ids: Any, attention_mask: Any, token_type_ids: Any) -> Any:
            return self.inner(
                input_ids=input_ids, attention_mask=attention_mask, token_type_ids=token_type_ids
            ).last_hidden_state

    export(
        Hidden(model),
        target,
        ["input_ids", "attention_mask", "token_type_ids"],
        "last_hidden_state",
        {0: "batch", 1: "tokens"},
    )


def _max_length(location: Path, default: int = 256) -> int:
    config = location / "sentence_bert_config.json"
    if config.exists():
        return int(json.loads(config.read_text()).get("max_seq_length", default))
    return default


def _check_pooling(location: Path) -> None:
    config = location / "1_Pooling" / "config.json"
    if config.exists() and not json.loads(config.read_text()).get(
        "pooling_mode_mean_tokens", False
    ):
        raise ModelUnavailable(
            f"{location}: only mean pooling is implemented for the ONNX embedder"
        )


class OnnxEmbedder:
    """`Embedder` on ONNX Runtime; `quantized=True` uses int8 weights."""

    def __init__(
        self,
        session: Any,
        tokenizer: Any,
        resolved: ResolvedModel,
        max_length: int,
        dimension: int,
        quantized: bool,
        batch_size: int = 32,
    ) -> None:
        self._session = session
        self._tokenizer = tokenizer
        self._lock = threading.Lock()
        self.resolved = resolved
        self.quantized = quantized
        self.backend = "onnx-int8" if quantized else "onnx"
        self.name = resolved.name
        self.max_length = max_length
        self.dimension = dimension
        self.batch_size = batch_size
        self.threads = session.get_session_options().intra_op_num_threads

    @classmethod
    def load(
        cls,
        name: str,
        *,
        quantized: bool = True,
        cache_dir: Path | None = None,
        threads: int | None = None,
    ) -> OnnxEmbedder:
        """Blocking: resolve offline, export/quantise once into the cache, open a session with
        `threads` intra-op threads (default: the cores this process may use).
        Raises ModelUnavailable (the caller falls back to the torch embedder)."""
        resolved = resolve_model(name)
        location = Path(resolved.location)
        if not location.is_dir():
            raise ModelUnavailable(
                f"the ONNX embedder needs local model files; {name!r} resolved to "
                f"{resolved.location} ({resolved.how})"
            )
        try:
            from tokenizers import Tokenizer

            _check_pooling(location)
            folder = Path(cache_dir or DEFAULT_CACHE) / f"{location.name}-{fingerprint(location)}"
            session = cached_session(
                folder,
                lambda target: _export(location, target),
                quantized=quantized,
                threads=threads,
            )
            tokenizer = Tokenizer.from_file(str(location / "tokenizer.json"))
            max_length = _max_length(location)
            tokenizer.enable_truncation(max_length)
            tokenizer.no_padding()
            probe = session.run(None, token_feed([tokenizer.encode("probe")]))[0]
        except ModelUnavailable:
            raise
        except (
            Exception
        ) as exc:  # export, quantisation or session failures all mean "not available"
            raise ModelUnavailable(
                f"ONNX embedder for {name!r} could not be prepared: {exc}"
            ) from exc
        return cls(session, tokenizer, resolved, max_length, int(probe.shape[-1]), quantized)

    def embed_blocking(self, texts: Sequence[str]) -> np.ndarray:
        out = np.zeros((len(texts), self.dimension), dtype=np.float32)
        if not texts:
            return out
        encodings = self._tokenizer.encode_batch(list(texts))
        order = np.argsort([len(e.ids) for e in encodings], kind="stable")
        with self._lock:
            for start in range(0, len(order), self.batch_size):
                chosen = order[start : start + self.batch_size]
                feed = token_feed([encodings[i] for i in chosen])
                hidden = self._session.run(None, feed)[0]
                mask = feed["attention_mask"][..., None].astype(np.float32)
                pooled = (hidden * mask).sum(axis=1) / np.clip(mask.sum(axis=1), 1e-9, None)
                norms = np.linalg.norm(pooled, axis=1, keepdims=True)
                out[chosen] = pooled / np.clip(norms, 1e-12, None)
        return out

    async def embed(self, texts: Sequence[str]) -> np.ndarray:
        return await run_blocking(self.embed_blocking, texts)
