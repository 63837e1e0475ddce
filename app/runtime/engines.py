"""Which engines answer, with versions and the hashes of the weights claimcheck ships: described
once per process and kept with every record (RECORDS, docs/records.md)."""

from __future__ import annotations

import hashlib
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import Any

from app.config import Settings
from app.runtime.agent import AgentLayer
from app.runtime.retrieval import RetrievalLayer
from app.runtime.search import SearchLayer
from retrieval.onnx_export import fingerprint

DATA = Path(__file__).resolve().parents[2] / "agent" / "data"
LIBRARIES = ("sentence-transformers", "transformers", "torch", "onnxruntime", "chromadb", "openai")


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


def describe_engines(
    settings: Settings,
    retrieval: RetrievalLayer,
    search: SearchLayer,
    agent: AgentLayer,
) -> dict[str, Any]:
    """Blocking: hashes files once, at start-up."""
    nli = agent.verifier.nli
    judge = _judge(agent)
    rs = retrieval.reranker_status
    return {
        "claimcheck": _version("claimcheck"),
        "verdict_engine": agent.verifier.verdict_engine,
        "llm": {"model": settings.LLM_MODEL, "temperature": settings.LLM_TEMPERATURE}
        if agent.chat is not None
        else None,
        "judge": judge,
        "nli": (
            {"name": nli.name, "kind": getattr(nli, "kind", "NLI model")}
            if nli is not None and judge is None
            else None
        ),
        "embedder": {
            "name": retrieval.embedder.name,
            "backend": retrieval.embedder_status.active,
            "files_sha256": _embedder_files(retrieval),
        },
        "reranker": {"name": rs.active, "requested": rs.requested, "backend": rs.backend},
        "classifier": agent.judges.classifier,
        "search_provider": search.provider.name if search.provider is not None else "none",
        "libraries": {name: _version(name) for name in LIBRARIES},
    }


def _judge(agent: AgentLayer) -> dict[str, Any] | None:
    """The local judge, when it answers: its backend and the sha256 of the weights it ships with."""
    status, nli = agent.judges.judge_status, agent.verifier.nli
    if status is None or not status.loaded:
        return None
    return {
        "name": status.name,
        "backend": getattr(nli, "backend", None),
        "alignment": getattr(nli, "aligner", None) is not None,
        "sha256": {
            name: _sha256_file(DATA / name)
            for name in ("judge.safetensors", "judge.json", "judge-align.json")
        },
    }


def _embedder_files(retrieval: RetrievalLayer) -> str | None:
    resolved = getattr(retrieval.embedder, "resolved", None)
    if resolved is None or not Path(str(resolved.location)).is_dir():
        return None
    return fingerprint(Path(str(resolved.location)))
