"""What made an answer (app/records): the engines with their versions and the sha256 of the
weights claimcheck ships, and the sha256 of every system prompt; described once per process."""

from __future__ import annotations

import hashlib
import logging
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import TYPE_CHECKING, Any

from agent import prompts
from retrieval.onnx_export import fingerprint

if TYPE_CHECKING:
    from app.services import Services

log = logging.getLogger("claimcheck.records")

DATA = Path(__file__).resolve().parents[2] / "agent" / "data"


def _sha256_file(path: Path) -> str | None:
    try:
        with path.open("rb") as handle:
            return hashlib.file_digest(handle, "sha256").hexdigest()
    except OSError:
        return None


def _version(package: str) -> str | None:
    try:
        return version(package)
    except PackageNotFoundError:
        return None


def prompt_hashes() -> dict[str, str]:
    """sha256 of every system prompt the LLM may be sent (agent/prompts.py), by name."""
    return {
        name: hashlib.sha256(value.encode()).hexdigest()
        for name, value in sorted(vars(prompts).items())
        if name.endswith("_SYSTEM") and isinstance(value, str)
    }


def describe_engines(services: Services) -> dict[str, Any]:
    """Which engines answer, with versions and the hashes of the weights claimcheck ships (blocking:
    hashes files once, at start-up)."""
    s = services.settings
    verifier = services.verifier
    nli = verifier.nli
    resolved = getattr(services.embedder, "resolved", None)
    embedder_files = None
    if resolved is not None and Path(str(resolved.location)).is_dir():
        embedder_files = fingerprint(Path(str(resolved.location)))
    judge: dict[str, Any] | None = None
    if services.judge_status is not None and services.judge_status.loaded:
        judge = {
            "name": services.judge_status.name,
            "backend": getattr(nli, "backend", None),
            "alignment": getattr(nli, "aligner", None) is not None,
            "sha256": {
                name: _sha256_file(DATA / name)
                for name in ("judge.safetensors", "judge.json", "judge-align.json")
            },
        }
    rs = services.reranker_status
    return {
        "claimcheck": _version("claimcheck"),
        "verdict_engine": verifier.verdict_engine,
        "llm": {"model": s.LLM_MODEL, "temperature": s.LLM_TEMPERATURE}
        if services.chat is not None
        else None,
        "judge": judge,
        "nli": (
            {"name": nli.name, "kind": getattr(nli, "kind", "NLI model")}
            if nli is not None and judge is None
            else None
        ),
        "embedder": {
            "name": services.embedder.name,
            "backend": services.embedder_status.active,
            "files_sha256": embedder_files,
        },
        "reranker": {"name": rs.active, "requested": rs.requested, "backend": rs.backend},
        "classifier": services.classifier,
        "search_provider": services.provider.name if services.provider is not None else "none",
        "libraries": {
            name: _version(name)
            for name in (
                "sentence-transformers",
                "transformers",
                "torch",
                "onnxruntime",
                "chromadb",
                "openai",
            )
        },
    }
