"""The claim heads and the judge of stances (an NLI model, the local judge or the lexical
heuristic): loaded once, each with why it fell back, and how /api/health describes them."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from functools import partial
from typing import Any

from agent.classify import head_weights
from agent.judge import ALIGN_CARD, JudgeStatus, NLIStatus
from app.config import Settings
from app.runtime.makers import Makers
from app.runtime.retrieval import RetrievalLayer
from retrieval.concurrency import run_blocking
from retrieval.onnx_export import DEFAULT_CACHE as DEFAULT_ONNX_CACHE

log = logging.getLogger("claimcheck")


@dataclass
class Judges:
    """The claim heads and what judges stances: loaded once, each with why it fell back."""

    checkworthy: Any
    detector: Any
    classifier: str
    nli: Any
    nli_status: NLIStatus | None
    judge_status: JudgeStatus | None

    @classmethod
    async def load(cls, settings: Settings, makers: Makers, retrieval: RetrievalLayer) -> Judges:
        embedder, threads = retrieval.embedder, retrieval.inference.threads
        checkworthy_weights, subjectivity_weights = head_weights(settings.CLAIM_HEADS)
        checkworthy = await run_blocking(makers.load_head_classifier, checkworthy_weights, embedder)
        layers = getattr(checkworthy, "layers", None)
        detector = await run_blocking(
            makers.load_head_classifier, subjectivity_weights, embedder, layers
        )
        classifier = "rules (vague inputs, opinion markers)"
        if detector is not None:
            classifier = f"rules + opinion detector (agent/data/{subjectivity_weights.name})"
        nli, nli_status, judge_status = None, None, None
        if settings.VERDICT_BACKEND in {"auto", "nli"}:
            nli, nli_status = await run_blocking(makers.load_nli, settings.NLI_MODEL)
        # The local judge: stances, citation checks and (without an LLM) verdicts when NLI_MODEL
        # cannot load. It is loaded even with an LLM: the citation check and passages use it.
        if nli is None and settings.LOCAL_JUDGE and settings.VERDICT_BACKEND != "evidence-only":
            onnx = settings.JUDGE_BACKEND in {"onnx", "onnx-int8"}
            nli, judge_status = await run_blocking(
                partial(
                    makers.load_local_judge,
                    onnx_dir=(settings.EMBEDDING_CACHE_DIR or DEFAULT_ONNX_CACHE) if onnx else None,
                    threads=threads,
                    align_card=ALIGN_CARD if settings.JUDGE_ALIGNMENT else None,
                    int8=settings.JUDGE_BACKEND == "onnx-int8",
                )
            )
            if nli is None:
                log.warning(
                    "the local judge could not load (%s); stances fall back to the lexical heuristic",
                    judge_status.reason,
                )
        # every torch model of the service takes its turn on the one lane
        shared = {id(m): m for m in (nli, layers, getattr(detector, "layers", None))}
        for model in shared.values():
            if model is not None and hasattr(model, "share_lane"):
                model.share_lane(retrieval.inference.lane)
        return cls(checkworthy, detector, classifier, nli, nli_status, judge_status)


def judge_component(s: Settings, nli: Any, judges: Judges) -> dict[str, Any]:
    """What judges stances and, without an LLM, verdicts: the NLI model, the local judge, or
    the lexical heuristic — with why."""
    status = judges.judge_status
    if nli is not None:
        return {
            "active": nli.name,
            "kind": getattr(nli, "kind", "NLI model"),
            "loaded": True,
            "backend": getattr(nli, "backend", "torch"),
            "backend_reason": getattr(nli, "backend_reason", None),
            "fallback": status is not None,
            "reason": (
                f"NLI_MODEL {s.NLI_MODEL!r} is not loaded: {judges.nli_status.reason}"
                if status is not None and judges.nli_status is not None
                else None
            ),
            "load_ms": round(status.load_ms, 1) if status else None,
        }
    reason = (
        "LOCAL_JUDGE=false"
        if not s.LOCAL_JUDGE
        else "VERDICT_BACKEND=evidence-only"
        if s.VERDICT_BACKEND == "evidence-only"
        else "VERDICT_BACKEND=llm"
        if s.VERDICT_BACKEND == "llm"
        else status.reason
        if status is not None
        else "not loaded"
    )
    return {
        "active": "lexical heuristic",
        "kind": "heuristic",
        "loaded": False,
        "fallback": True,
        "reason": reason,
        "load_ms": None,
    }


def judge_models(s: Settings, nli: Any, judges: Judges) -> dict[str, dict[str, Any]]:
    """The NLI model and the local judge as `components.models` lists them: loaded | fallback | off."""
    out: dict[str, dict[str, Any]] = {}
    if judges.nli_status is None:
        out["nli"] = {
            "model": s.NLI_MODEL,
            "state": "off",
            "reason": f"VERDICT_BACKEND={s.VERDICT_BACKEND}",
        }
    else:
        out["nli"] = {
            "model": judges.nli_status.requested,
            "state": "loaded" if judges.nli_status.loaded else "fallback",
            "reason": judges.nli_status.reason,
        }
    status = judges.judge_status
    if status is None:
        reason = (
            "not needed: NLI_MODEL is loaded"
            if nli is not None
            else judge_component(s, nli, judges)["reason"]
        )
        out["judge"] = {"model": "claimcheck-judge", "state": "off", "reason": reason}
        return out
    alignment = {}
    if status.loaded and hasattr(nli, "aligner"):
        alignment = {
            "alignment": "stacked"
            if nli.aligner is not None
            else nli.align_reason or "JUDGE_ALIGNMENT=false"
        }
    out["judge"] = {
        "model": status.name,
        "state": "loaded" if status.loaded else "fallback",
        "reason": status.reason,
        **({} if status.loaded else {"fallback_to": "lexical heuristic"}),
        **alignment,
    }
    return out
