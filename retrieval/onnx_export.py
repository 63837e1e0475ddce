"""Exporting a local transformer to ONNX once and opening it on ONNX Runtime: the parts the
embedder (retrieval/onnx_embedder.py) and the cross-encoder (retrieval/onnx_cross_encoder.py) share.

    model files ──fingerprint──▶ cache folder ── model.onnx (fp32, `torch.onnx.export`, once)
                                              ├─ model.int8-matmul-per-channel.onnx (quantised, once)
                                              └─ model.int8-rows-v1.onnx (per-row int8, once: the judge's)

A cached graph that ONNX Runtime cannot open (a truncated or corrupt file) is deleted and built
again, once; a second failure is the caller's `ModelUnavailable` (it falls back to torch, visibly).
Nothing here imports torch or onnxruntime at import time.
"""

from __future__ import annotations

import functools
import hashlib
import logging
import os
import threading
import time
import warnings
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any

import numpy as np

from retrieval._int8_rows import SUFFIX as ROWS_SUFFIX
from retrieval._int8_rows import quantize_rows
from retrieval.concurrency import available_cores, onnx_spinning

log = logging.getLogger(__name__)

DEFAULT_CACHE = Path.home() / ".cache" / "claimcheck" / "onnx"
FP32_NAME = "model.onnx"
INT8_NAME = "model.int8-matmul-per-channel.onnx"
INT8_ROWS_NAME = f"model.{ROWS_SUFFIX}.onnx"  # retrieval/_int8_rows.py: a row's result is its own

# Everything that changes the graph or the tokens: weights, config (with the cross-encoder's
# activation), tokenizer files.
_MODEL_FILES = (
    "config.json",
    "config_sentence_transformers.json",
    "tokenizer.json",
    "tokenizer_config.json",
    "vocab.txt",
    "special_tokens_map.json",
    "model.safetensors",
    "pytorch_model.bin",
)


def fingerprint(location: Path) -> str:
    """A short key for the model files' names and contents. Contents, not modification times: a
    reinstalled package (a new virtualenv, `make clean`) has new times but the same graph, and
    keying by time left one more ~90 MB folder in the cache per install."""
    digest = hashlib.sha256()
    for name in _MODEL_FILES:
        path = location / name
        if path.exists():
            digest.update(f"{name}:{_file_digest(path, *_stat_key(path))}".encode())
    return digest.hexdigest()[:16]


def _stat_key(path: Path) -> tuple[int, int]:
    stat = path.stat()
    return stat.st_size, stat.st_mtime_ns


@functools.lru_cache(maxsize=64)
def _file_digest(path: Path, size: int, mtime_ns: int) -> str:
    """sha256 of a file (≈ 0.1 s for MiniLM's 90 MB), once per process while its size and time hold."""
    with path.open("rb") as handle:
        return hashlib.file_digest(handle, "sha256").hexdigest()


@contextmanager
def quiet_tools() -> Iterator[None]:
    """The exporter's and the quantiser's chatter at DEBUG: torch's TracerWarnings and ~40 INFO and
    WARNING lines onnxruntime's quantiser writes to the root logger on a first start. Errors still
    show. (Start-up logs then end with the address; `LOG_LEVEL=debug` brings them back.)"""
    root = logging.getLogger()

    def demote(record: logging.LogRecord) -> bool:
        if record.name != "root" or record.levelno >= logging.ERROR:
            return True
        record.levelno, record.levelname = logging.DEBUG, "DEBUG"
        return root.isEnabledFor(logging.DEBUG)

    root.addFilter(demote)
    try:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            yield
        for warning in caught:
            log.debug("while exporting: %s: %s", warning.category.__name__, warning.message)
    finally:
        root.removeFilter(demote)


def export(
    module: Any,
    target: Path,
    input_names: Sequence[str],
    output_name: str,
    output_axes: dict[int, str] | None = None,
) -> None:
    """Blocking: trace `module(*inputs)` (token tensors named `input_names`) into `target`, with the
    inputs' batch and token axes dynamic, and the output's `output_axes` (default: batch only).
    Written to a temporary file first, so a crash leaves no half graph."""
    import torch

    ids = torch.ones(2, 16, dtype=torch.long)
    mask = ids.clone()
    mask[1, 9:] = 0  # a padded row, so the traced graph keeps the attention mask
    examples = {"input_ids": ids, "attention_mask": mask, "token_type_ids": torch.zeros_like(ids)}
    with _written_through(target) as tmp, quiet_tools():
        torch.onnx.export(
            module.eval(),
            tuple(examples[n] for n in input_names),
            str(tmp),
            input_names=list(input_names),
            output_names=[output_name],
            dynamic_axes={n: {0: "batch", 1: "tokens"} for n in input_names}
            | {output_name: output_axes or {0: "batch"}},
            opset_version=17,
            dynamo=False,
        )


STALE_TMP_S = 600.0  # a temporary file this old is a crashed writer's (an export takes seconds)


@contextmanager
def _written_through(target: Path) -> Iterator[Path]:
    """A temporary path of this process and thread only, renamed to `target` when the block ends
    well and removed when it fails: an API and its workers starting together on one cache folder
    each write their own file, and the last complete one wins the rename. Temporary files that a
    killed process left behind (older than STALE_TMP_S) are removed first."""
    now = time.time()
    for leftover in target.parent.glob(f"{target.name}.*.tmp"):
        try:
            if now - leftover.stat().st_mtime > STALE_TMP_S:
                leftover.unlink()
        except OSError:  # another process removed or renamed it meanwhile
            pass
    tmp = target.with_name(f"{target.name}.{os.getpid()}-{threading.get_ident()}.tmp")
    try:
        yield tmp
        tmp.replace(target)
    finally:
        tmp.unlink(missing_ok=True)


def quantize(source: Path, target: Path) -> None:
    """Blocking: dynamic int8 quantisation of the MatMuls' weights, per channel."""
    from onnxruntime.quantization import QuantType, quantize_dynamic

    # Per-channel int8 weights of the MatMuls only: measured cosine to fp32 ≥ 0.99 on SciFact
    # abstracts (per-tensor over all ops: 0.90 minimum), and still ≈ 3× the fp32 speed.
    with _written_through(target) as tmp, quiet_tools():
        quantize_dynamic(
            str(source),
            str(tmp),
            weight_type=QuantType.QInt8,
            per_channel=True,
            op_types_to_quantize=["MatMul"],
        )


def open_session(path: Path, threads: int | None = None) -> Any:
    """An ONNX Runtime CPU session on `threads` intra-op threads (default: every core we may use)."""
    import onnxruntime as ort

    options = ort.SessionOptions()
    # One inference at a time on all cores (see retrieval/batching.py): no inter-op pool.
    options.intra_op_num_threads = threads or available_cores()
    options.inter_op_num_threads = 1
    options.execution_mode = ort.ExecutionMode.ORT_SEQUENTIAL
    options.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_ALL
    # idle intra-op threads sleep instead of spinning (INFERENCE_SPINNING; set_inference_threads)
    options.add_session_config_entry(
        "session.intra_op.allow_spinning", "1" if onnx_spinning() else "0"
    )
    return ort.InferenceSession(str(path), options, providers=["CPUExecutionProvider"])


UNUSED_DAYS = (
    30  # a cache folder no session opened for this long is removed when a new one is exported
)


def cached_session(
    folder: Path,
    build: Callable[[Path], None],
    *,
    quantized: bool,
    threads: int | None = None,
    rows: bool = False,
) -> Any:
    """Blocking: the session of `folder`'s graph, `build(fp32_path)` exporting it first when it is
    missing, quantising it when `quantized` (per row with `rows`: retrieval/_int8_rows.py;
    otherwise ONNX Runtime's dynamic int8). A cached graph that does not open is rebuilt once.
    Opening marks the folder used; exporting a new one removes folders unused for UNUSED_DAYS (the
    graphs of replaced model files or judge weights, which nothing opens any more)."""
    folder.mkdir(parents=True, exist_ok=True)
    fp32 = folder / FP32_NAME
    cached = fp32.exists()
    if not cached:
        prune_unused(folder.parent, keep=folder)
    try:
        session = _prepare_and_open(folder, build, quantized, threads, rows)
    except Exception as exc:  # onnxruntime and onnx raise their own (non-exported) error types
        if not cached:
            raise
        log.warning("cached ONNX graph in %s does not open (%s); exporting it again", folder, exc)
        for stale in (fp32, folder / INT8_NAME, folder / INT8_ROWS_NAME):
            stale.unlink(missing_ok=True)
        session = _prepare_and_open(folder, build, quantized, threads, rows)
    with suppress(OSError):
        os.utime(folder)  # last used: what prune_unused reads
    return session


def prune_unused(cache: Path, *, keep: Path, days: float = UNUSED_DAYS) -> list[Path]:
    """Remove the folders of `cache` that hold an exported graph (ours: `model.onnx` inside) and
    were not opened for `days`; anything else there is left alone. Returns what it removed."""
    import shutil

    cutoff = time.time() - days * 86400
    removed: list[Path] = []
    try:
        children = list(cache.iterdir())
    except OSError:
        return removed
    for child in children:
        try:
            if child == keep or not child.is_dir() or not (child / FP32_NAME).exists():
                continue
            if child.stat().st_mtime >= cutoff:
                continue
            shutil.rmtree(child)
        except (
            OSError
        ) as exc:  # another process's folder in use or already gone: not ours to fight over
            log.debug("could not remove the unused ONNX cache folder %s: %s", child, exc)
            continue
        removed.append(child)
    if removed:
        log.info(
            "removed %d ONNX cache folder(s) unused for %g days from %s", len(removed), days, cache
        )
    return removed


def _prepare_and_open(
    folder: Path,
    build: Callable[[Path], None],
    quantized: bool,
    threads: int | None,
    rows: bool = False,
) -> Any:
    fp32 = folder / FP32_NAME
    if not fp32.exists():
        log.info("exporting %s to ONNX (once)", folder.name)
        build(fp32)
    path = fp32
    if quantized and rows:
        path = folder / INT8_ROWS_NAME
        if not path.exists():
            with _written_through(path) as tmp, quiet_tools():
                quantize_rows(fp32, tmp)
    elif quantized:
        path = folder / INT8_NAME
        if not path.exists():
            quantize(fp32, path)
    return open_session(path, threads)


def token_feed(
    encodings: Sequence[Any],
    names: Sequence[str] = ("input_ids", "attention_mask", "token_type_ids"),
) -> dict[str, np.ndarray]:
    """`tokenizers` encodings → the padded int64 arrays a graph exported by `export` takes."""
    width = max(len(e.ids) for e in encodings)
    ids = np.zeros((len(encodings), width), dtype=np.int64)
    mask = np.zeros_like(ids)
    types = np.zeros_like(ids)
    for row, enc in enumerate(encodings):
        n = len(enc.ids)
        ids[row, :n] = enc.ids
        mask[row, :n] = 1
        types[row, :n] = enc.type_ids
    arrays = {"input_ids": ids, "attention_mask": mask, "token_type_ids": types}
    return {name: arrays[name] for name in names}
