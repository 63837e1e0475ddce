"""all-MiniLM-L6-v2 on ONNX Runtime: the fast embedder for ingest and queries.

The ONNX graph is exported once from the same local model files the torch embedder loads (no
download: `torch.onnx.export` of the transformer, then optionally onnxruntime's dynamic int8
quantisation) and cached under `EMBEDDING_CACHE_DIR`, keyed by the model's files. Tokenising uses
the model's own `tokenizer.json` (the `tokenizers` library), pooling and normalisation follow the
sentence-transformers config (mean pooling, L2). Texts are sorted by token length and batched, so
a batch pads to its own longest text, not the corpus's.
"""

from __future__ import annotations

import hashlib
import json
import logging
import threading
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from retrieval.concurrency import available_cores, run_blocking
from retrieval.errors import ModelUnavailable
from retrieval.model_files import ResolvedModel, resolve_model

log = logging.getLogger(__name__)

DEFAULT_CACHE = Path.home() / ".cache" / "claimcheck" / "onnx"


def _fingerprint(location: Path) -> str:
    digest = hashlib.sha256()
    for name in ("config.json", "tokenizer.json", "model.safetensors", "pytorch_model.bin"):
        path = location / name
        if path.exists():
            stat = path.stat()
            digest.update(f"{name}:{stat.st_size}:{int(stat.st_mtime)}".encode())
    return digest.hexdigest()[:16]


def _export(location: Path, target: Path) -> None:
    """Blocking: export the transformer (inputs → last_hidden_state) to ONNX."""
    import torch
    from transformers import AutoModel

    model = AutoModel.from_pretrained(str(location), attn_implementation="eager").eval()

    class Hidden(torch.nn.Module):
        def __init__(self, inner) -> None:
            super().__init__()
            self.inner = inner

        def forward(self, input_ids, attention_mask, token_type_ids):
            return self.inner(input_ids=input_ids, attention_mask=attention_mask,
                              token_type_ids=token_type_ids).last_hidden_state

    ids = torch.ones(2, 16, dtype=torch.long)
    mask = ids.clone()
    mask[1, 9:] = 0  # a padded row, so the traced graph keeps the attention mask
    names = ["input_ids", "attention_mask", "token_type_ids"]
    tmp = target.with_suffix(".tmp")
    torch.onnx.export(
        Hidden(model), (ids, mask, torch.zeros_like(ids)), str(tmp), input_names=names,
        output_names=["last_hidden_state"],
        dynamic_axes={n: {0: "batch", 1: "tokens"} for n in [*names, "last_hidden_state"]},
        opset_version=17, dynamo=False,
    )
    tmp.replace(target)


def _quantize(source: Path, target: Path) -> None:
    from onnxruntime.quantization import QuantType, quantize_dynamic

    tmp = target.with_suffix(".tmp")
    # Per-channel int8 weights of the MatMuls only: measured cosine to fp32 ≥ 0.99 on SciFact
    # abstracts (per-tensor over all ops: 0.90 minimum), and still ≈ 3× the fp32 speed.
    quantize_dynamic(str(source), str(tmp), weight_type=QuantType.QInt8, per_channel=True,
                     op_types_to_quantize=["MatMul"])
    tmp.replace(target)


def _max_length(location: Path, default: int = 256) -> int:
    config = location / "sentence_bert_config.json"
    if config.exists():
        return int(json.loads(config.read_text()).get("max_seq_length", default))
    return default


def _check_pooling(location: Path) -> None:
    config = location / "1_Pooling" / "config.json"
    if config.exists() and not json.loads(config.read_text()).get("pooling_mode_mean_tokens", False):
        raise ModelUnavailable(f"{location}: only mean pooling is implemented for the ONNX embedder")


class OnnxEmbedder:
    """`Embedder` on ONNX Runtime; `quantized=True` uses int8 weights."""

    def __init__(self, session, tokenizer, resolved: ResolvedModel, max_length: int, dimension: int,
                 quantized: bool, batch_size: int = 32) -> None:
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
    def load(cls, name: str, *, quantized: bool = True, cache_dir: Path | None = None,
             threads: int | None = None) -> OnnxEmbedder:
        """Blocking: resolve offline, export/quantise once into the cache, open a session with
        `threads` intra-op threads (default: the cores this process may use).
        Raises ModelUnavailable (the caller falls back to the torch embedder)."""
        resolved = resolve_model(name)
        location = Path(resolved.location)
        if not location.is_dir():
            raise ModelUnavailable(f"the ONNX embedder needs local model files; {name!r} resolved to "
                                   f"{resolved.location} ({resolved.how})")
        try:
            import onnxruntime as ort
            from tokenizers import Tokenizer

            _check_pooling(location)
            folder = Path(cache_dir or DEFAULT_CACHE) / f"{location.name}-{_fingerprint(location)}"
            folder.mkdir(parents=True, exist_ok=True)
            fp32 = folder / "model.onnx"
            if not fp32.exists():
                log.info("exporting %s to ONNX in %s (once)", name, folder)
                _export(location, fp32)
            path = fp32
            if quantized:
                path = folder / "model.int8-matmul-per-channel.onnx"
                if not path.exists():
                    _quantize(fp32, path)
            options = ort.SessionOptions()
            # One inference at a time on all cores (see retrieval/batching.py): no inter-op pool.
            options.intra_op_num_threads = threads or available_cores()
            options.inter_op_num_threads = 1
            options.execution_mode = ort.ExecutionMode.ORT_SEQUENTIAL
            options.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_ALL
            session = ort.InferenceSession(str(path), options, providers=["CPUExecutionProvider"])
            tokenizer = Tokenizer.from_file(str(location / "tokenizer.json"))
            max_length = _max_length(location)
            tokenizer.enable_truncation(max_length)
            tokenizer.no_padding()
            probe = session.run(None, _feed([tokenizer.encode("probe")]))[0]
        except ModelUnavailable:
            raise
        except Exception as exc:  # export, quantisation or session failures all mean "not available"
            raise ModelUnavailable(f"ONNX embedder for {name!r} could not be prepared: {exc}") from exc
        return cls(session, tokenizer, resolved, max_length, int(probe.shape[-1]), quantized)

    def embed_blocking(self, texts: Sequence[str]) -> np.ndarray:
        out = np.zeros((len(texts), self.dimension), dtype=np.float32)
        if not texts:
            return out
        encodings = self._tokenizer.encode_batch(list(texts))
        order = np.argsort([len(e.ids) for e in encodings], kind="stable")
        with self._lock:
            for start in range(0, len(order), self.batch_size):
                chosen = order[start:start + self.batch_size]
                feed = _feed([encodings[i] for i in chosen])
                hidden = self._session.run(None, feed)[0]
                mask = feed["attention_mask"][..., None].astype(np.float32)
                pooled = (hidden * mask).sum(axis=1) / np.clip(mask.sum(axis=1), 1e-9, None)
                norms = np.linalg.norm(pooled, axis=1, keepdims=True)
                out[chosen] = pooled / np.clip(norms, 1e-12, None)
        return out

    async def embed(self, texts: Sequence[str]) -> np.ndarray:
        return await run_blocking(self.embed_blocking, texts)


def _feed(encodings) -> dict[str, np.ndarray]:
    width = max(len(e.ids) for e in encodings)
    ids = np.zeros((len(encodings), width), dtype=np.int64)
    mask = np.zeros_like(ids)
    types = np.zeros_like(ids)
    for row, enc in enumerate(encodings):
        n = len(enc.ids)
        ids[row, :n] = enc.ids
        mask[row, :n] = 1
        types[row, :n] = enc.type_ids
    return {"input_ids": ids, "attention_mask": mask, "token_type_ids": types}
