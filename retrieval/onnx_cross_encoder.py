"""A sentence-transformers cross-encoder on ONNX Runtime: the fast reranker model.

The graph is exported once from the torch `CrossEncoder` loaded from the same local files
(retrieval/onnx_export.py): token tensors → the classification head's logits → the activation
sentence-transformers applies in `predict` (Sigmoid for a 1-label model saved without one,
Identity for ms-marco's, whatever the model's config names), so the graph's output is what
`CrossEncoder.predict` returns. Beside the graph the cache folder keeps the model's own fast
tokenizer (`tokenizer.json`) and `meta.json` (inputs, labels, activation), so a cached load needs
neither torch nor transformers and takes milliseconds.

Pairs are tokenised like sentence-transformers does (pair encoding, `longest_first` truncation to
`max_length`), sorted by length and run in batches that pad to their own longest pair.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from retrieval.errors import ModelUnavailable
from retrieval.model_files import ResolvedModel, resolve_model
from retrieval.onnx_export import (
    DEFAULT_CACHE,
    FP32_NAME,
    INT8_NAME,
    cached_session,
    export,
    fingerprint,
    token_feed,
)

META_VERSION = 1


def cache_folder(location: Path, cache_dir: Path | None) -> Path:
    """Where a cross-encoder's graphs live: apart from an embedder's export of the same files."""
    return (
        Path(cache_dir or DEFAULT_CACHE) / f"cross-encoder-{location.name}-{fingerprint(location)}"
    )


def _export(model: Any, folder: Path, target: Path) -> None:
    """Blocking: the torch CrossEncoder's logits + activation → `target`, its tokenizer and
    `meta.json` beside it."""
    import torch

    hf_model = model[0].auto_model
    activation = model.activation_fn or torch.nn.Identity()
    names = [
        n
        for n in ("input_ids", "attention_mask", "token_type_ids")
        if n in model.tokenizer.model_input_names
    ]

    class Scores(torch.nn.Module):  # type: ignore[misc]  # torch is not analysed (pyproject.toml)
        def __init__(self) -> None:
            super().__init__()
            self.inner = hf_model

        def forward(self, *tensors: Any) -> Any:
            return activation(self.inner(**dict(zip(names, tensors, strict=True))).logits)

    was_training = hf_model.training
    try:
        export(Scores(), target, names, "scores")
    finally:
        hf_model.train(was_training)
    model.tokenizer.backend_tokenizer.save(str(folder / "tokenizer.json"))
    meta = {
        "version": META_VERSION,
        "inputs": names,
        "num_labels": int(model.num_labels),
        "activation": f"{type(activation).__module__}.{type(activation).__name__}",
    }
    (folder / "meta.json").write_text(json.dumps(meta))


def _read_meta(folder: Path) -> dict[str, Any] | None:
    try:
        meta = json.loads((folder / "meta.json").read_text())
    except (OSError, ValueError):
        return None
    if (
        not isinstance(meta, dict)
        or meta.get("version") != META_VERSION
        or not (folder / "tokenizer.json").exists()
    ):
        return None
    return meta


class OnnxCrossEncoder:
    """Scores (query, passage) pairs like `CrossEncoder.predict`: one float per pair for a 1-label
    model, one row of `num_labels` for a multi-label one. `quantized=True` uses int8 weights."""

    def __init__(
        self,
        session: Any,
        tokenizer: Any,
        meta: dict[str, Any],
        resolved: ResolvedModel,
        max_length: int,
        quantized: bool,
        batch_size: int = 32,
    ) -> None:
        self._session = session
        self._tokenizer = tokenizer
        self._lock = threading.Lock()
        self._inputs = list(meta["inputs"])
        self.num_labels = int(meta["num_labels"])
        self.activation = str(meta["activation"])
        self.resolved = resolved
        self.max_length = max_length
        self.quantized = quantized
        self.backend = "onnx-int8" if quantized else "onnx"
        self.batch_size = batch_size
        self.threads = session.get_session_options().intra_op_num_threads

    @classmethod
    def load(
        cls,
        name: str,
        *,
        quantized: bool = True,
        max_length: int = 512,
        cache_dir: Path | None = None,
        threads: int | None = None,
        torch_model: Any = None,
    ) -> OnnxCrossEncoder:
        """Blocking: resolve offline; on a cache miss load the torch CrossEncoder (or use
        `torch_model`, already loaded from the same files) and export it; open a session with
        `threads` intra-op threads. Raises ModelUnavailable (the caller falls back to torch)."""
        resolved = resolve_model(name, default_org="cross-encoder")
        location = Path(resolved.location)
        if not location.is_dir():
            raise ModelUnavailable(
                f"the ONNX cross-encoder needs local model files; {name!r} resolved to "
                f"{resolved.location} ({resolved.how})"
            )
        try:
            from tokenizers import Tokenizer

            folder = cache_folder(location, cache_dir)
            folder.mkdir(parents=True, exist_ok=True)
            meta = _read_meta(folder)
            if meta is None:  # no export yet, or one whose side files are damaged: export again
                for stale in (FP32_NAME, INT8_NAME):
                    (folder / stale).unlink(missing_ok=True)

            def build(target: Path) -> None:
                model = torch_model
                if model is None:
                    from sentence_transformers import CrossEncoder

                    model = CrossEncoder(str(location), max_length=max_length, device="cpu")
                _export(model, folder, target)

            session = cached_session(folder, build, quantized=quantized, threads=threads)
            meta = _read_meta(folder)
            if meta is None:
                raise ModelUnavailable(
                    f"{folder}: the export left no readable meta.json / tokenizer.json"
                )
            tokenizer = Tokenizer.from_file(str(folder / "tokenizer.json"))
            tokenizer.enable_truncation(max_length, strategy="longest_first")
            tokenizer.no_padding()
            model = cls(session, tokenizer, meta, resolved, max_length, quantized)
            model.predict([("probe", "probe")])
        except ModelUnavailable:
            raise
        except (
            Exception
        ) as exc:  # export, quantisation or session failures all mean "not available"
            raise ModelUnavailable(
                f"ONNX cross-encoder for {name!r} could not be prepared: {exc}"
            ) from exc
        return model

    def predict(self, pairs: Sequence[tuple[str, str]], **_display_options: object) -> np.ndarray:
        """Blocking. Accepts (and ignores) `CrossEncoder.predict`'s display options, so either
        model fits `CrossEncoderReranker`."""
        shape = (len(pairs),) if self.num_labels == 1 else (len(pairs), self.num_labels)
        out = np.zeros(shape, dtype=np.float32)
        if not pairs:
            return out
        encodings = self._tokenizer.encode_batch([(q, p) for q, p in pairs])
        order = np.argsort([len(e.ids) for e in encodings], kind="stable")
        with self._lock:
            for start in range(0, len(order), self.batch_size):
                chosen = order[start : start + self.batch_size]
                scores = self._session.run(
                    None, token_feed([encodings[i] for i in chosen], self._inputs)
                )[0]
                out[chosen] = (
                    scores.reshape(len(chosen), -1)[:, 0] if self.num_labels == 1 else scores
                )
        return out
