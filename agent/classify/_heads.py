"""Tiny local text classifiers, trained by `scripts/train_heads.py` and shipped as JSON weights:

- `subjectivity.json` — is a sentence an opinion? (NewsSD-ENG, CC BY 4.0, plus fact-checked claims
  and ClaimBuster's check-worthy sentences as objective ones; used to classify claims and to skip
  opinions in passages when no LLM does). Logistic regression over the sentence embedding or
  MiniLM layer means (`layers` in the file, chosen by cross-validation) + optional lexical cues.
- `checkworthy.json` — is a sentence a check-worthy factual claim? (ClaimBuster, GPL-3.0 data; used
  to pick the claims of a passage when no LLM decomposes it). Logistic regression over the
  mean-pooled hidden states of several MiniLM layers (`layers` in the file) + lexical cues: the
  middle layers carry the "is this a stated fact?" signal that the final embedding, tuned for
  similarity search, washes out. Those features come from `MiniLMLayers`, a forward pass of the
  same packaged model; the weights file stays a plain list of numbers.
"""

from __future__ import annotations

import json
import math
import re
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from retrieval.concurrency import run_blocking
from retrieval.embeddings import Embedder
from retrieval.model_files import quiet_loading, resolve_model

DATA_DIR = Path(__file__).resolve().parents[1] / "data"
SUBJECTIVITY_WEIGHTS = DATA_DIR / "subjectivity.json"
CHECKWORTHY_WEIGHTS = DATA_DIR / "checkworthy.json"


def head_weights(kind: str = "default") -> tuple[Path, Path]:
    """(check-worthiness, subjectivity) weights of a head set: "default" is trained on data whose
    licences allow shipping derived weights; "research" adds LIAR-PLUS (research use only) and
    HealthVer (no licence) claims and is for non-commercial use (`CLAIM_HEADS`, docs/models.md)."""
    if kind == "research":
        return DATA_DIR / "checkworthy-research.json", DATA_DIR / "subjectivity-research.json"
    if kind != "default":
        raise ValueError(f"unknown head set {kind!r}: default or research")
    return CHECKWORTHY_WEIGHTS, SUBJECTIVITY_WEIGHTS


_SUBJECTIVE_CUES = re.compile(
    r"\b(i|we|my|our|you|your|should|must|ought|need to|believe|think|feel|seems?|appears?|perhaps|"
    r"maybe|probably|clearly|obviously|simply|just|really|very|so|too|quite|rather|truly|indeed|only|"
    r"even|never|always|nothing|everything|anyone|everyone|nobody|best|worst|great|good|bad|terrible|"
    r"horrible|awful|wonderful|amazing|ridiculous|absurd|outrageous|shameful|disgrace|stupid|foolish|"
    r"dangerous|radical|extreme|crisis|disaster|failed|failure|lie|lies|lying|hypocrisy|hypocrite|"
    r"so-called|alleged|unfortunately|fortunately|sadly|hopefully|frankly|honestly|of course|no doubt|"
    r"can't|cannot|won't|wouldn't|shouldn't)\b"
)
_REPORTING = re.compile(r"\b(said|says|told|according|reported|announced)\b")
_QUANTITY = re.compile(r"%|\bpercent\b|\bmillion\b|\bbillion\b|\bthousand\b|\btrillion\b")
_PROMISE = re.compile(r"\b(i think|i believe|i want|we will|we're going to|i will|let me|thank)\b")
_EVENT = re.compile(r"\b(was|were|has|have|had|did|voted|passed|cut|raised|increased|decreased)\b")


def subjectivity_cues(sentence: str) -> list[float]:
    low = sentence.lower()
    words = max(1, len(sentence.split()))
    return [
        len(_SUBJECTIVE_CUES.findall(low)) / words * 5,
        float("!" in sentence),
        float("?" in sentence),
        float('"' in sentence or "“" in sentence),
        float(bool(re.search(r"\d", sentence))),
        float(bool(_REPORTING.search(low))),
        len(sentence.split()) / 40,
    ]


def checkworthy_cues(sentence: str) -> list[float]:
    low = sentence.lower()
    words = sentence.split()
    return [
        float(bool(re.search(r"\d", sentence))),
        float(bool(_QUANTITY.search(low))),
        sum(1 for w in words[1:] if w[:1].isupper()) / max(1, len(words)),
        float("?" in sentence),
        float(bool(_PROMISE.search(low))),
        len(words) / 30,
        float(bool(_EVENT.search(low))),
    ]


CUES: dict[str, Callable[[str], list[float]]] = {
    "subjectivity": subjectivity_cues,
    "checkworthy": checkworthy_cues,
}


def feature_matrix(
    embeddings: np.ndarray, sentences: Sequence[str], cues: str | None
) -> np.ndarray:
    vectors = np.asarray(embeddings, dtype=np.float32)
    if cues is None:
        return vectors
    lexical = np.asarray([CUES[cues](s) for s in sentences], dtype=np.float32).reshape(
        len(sentences), -1
    )
    return np.hstack([vectors, lexical])


class MiniLMLayers:
    """Mean-pooled hidden states of chosen layers of a BERT-style sentence encoder (layer 0 is the
    token embeddings, the last layer's mean is what sentence-transformers normalises into the
    sentence embedding). Blocking; one forward pass at a time, like the embedder."""

    def __init__(
        self, model, tokenizer, name: str, batch_size: int = 32, max_tokens: int = 128
    ) -> None:
        self._model = model
        self._tokenizer = tokenizer
        self._lock = threading.Lock()
        self.name = name
        self.batch_size = batch_size
        self.max_tokens = max_tokens
        self.hidden_size = int(model.config.hidden_size)

    @classmethod
    def load(cls, name: str) -> MiniLMLayers:
        """Blocking: the same local model files the embedder resolves (offline first)."""
        from transformers import AutoModel, AutoTokenizer

        resolved = resolve_model(name)
        with quiet_loading():
            model = AutoModel.from_pretrained(resolved.location).eval()
        return cls(model, AutoTokenizer.from_pretrained(resolved.location), resolved.name)

    def share_lane(self, lane) -> None:
        """Run under the service's inference lane (one model call at a time on its threads)
        instead of a lock of this model's own, so it never fights the embedder for the cores."""
        self._lock = lane

    def layer_means(self, sentences: Sequence[str], layers: Sequence[int]) -> np.ndarray:
        import torch

        out = np.zeros((len(sentences), len(layers) * self.hidden_size), dtype=np.float32)
        # sorted by length so a batch pads to its own longest sentence
        order = sorted(range(len(sentences)), key=lambda i: len(sentences[i]))
        with self._lock, torch.inference_mode():
            for start in range(0, len(order), self.batch_size):
                batch = order[start : start + self.batch_size]
                encoded = self._tokenizer(
                    [sentences[i] for i in batch],
                    padding=True,
                    truncation=True,
                    max_length=self.max_tokens,
                    return_tensors="pt",
                )
                hidden = self._model(**encoded, output_hidden_states=True).hidden_states
                mask = encoded["attention_mask"].unsqueeze(-1).to(hidden[0].dtype)
                pooled = [(hidden[layer] * mask).sum(1) / mask.sum(1) for layer in layers]
                out[batch] = torch.cat(pooled, dim=1).numpy()
        return out


@dataclass(frozen=True)
class LinearHead:
    """Logistic regression weights over [features, cues]. Features: the embedder's sentence
    embedding, or (`layers` set) MiniLMLayers' layer means."""

    coef: np.ndarray
    intercept: float
    threshold: float
    embedder_name: str
    cues: str | None
    layers: tuple[int, ...] | None = None

    @classmethod
    def load(cls, path: Path) -> LinearHead:
        data = json.loads(Path(path).read_text())
        cues = data.get("cues")
        if cues is not None and cues not in CUES:
            raise ValueError(
                f"{path} uses unknown cues {cues!r}; retrain with scripts/train_heads.py"
            )
        layers = tuple(int(v) for v in data["layers"]) if data.get("layers") else None
        return cls(
            np.asarray(data["coef"], dtype=np.float32),
            float(data["intercept"]),
            float(data["threshold"]),
            str(data["embedder"]),
            cues,
            layers,
        )

    def probabilities(self, vectors: np.ndarray, sentences: Sequence[str]) -> list[float]:
        """`vectors`: sentence embeddings, or layer means when the head has `layers`."""
        logits = feature_matrix(vectors, sentences, self.cues) @ self.coef + self.intercept
        return [1.0 / (1.0 + math.exp(-float(z))) for z in logits]


class HeadClassifier:
    """Binds a head to the encoder it was trained on; encoding runs off the event loop."""

    def __init__(
        self, head: LinearHead, embedder: Embedder, layers: MiniLMLayers | None = None
    ) -> None:
        if head.layers is not None and layers is None:
            raise ValueError("this head reads MiniLM layer means: pass a MiniLMLayers encoder")
        self.head = head
        self.embedder = embedder
        self.layers = layers

    @property
    def threshold(self) -> float:
        return self.head.threshold

    def probabilities_blocking(self, sentences: Sequence[str]) -> list[float]:
        if not sentences:
            return []
        if self.head.layers is not None and self.layers is not None:
            vectors = self.layers.layer_means(list(sentences), self.head.layers)
        else:
            vectors = self.embedder.embed_blocking(list(sentences))
        return self.head.probabilities(vectors, sentences)

    async def probabilities(self, sentences: Sequence[str]) -> list[float]:
        if not sentences:
            return []
        if self.head.layers is not None:
            return await run_blocking(self.probabilities_blocking, list(sentences))
        return self.head.probabilities(await self.embedder.embed(list(sentences)), sentences)

    async def opinion_probability(self, sentence: str) -> float:
        return (await self.probabilities([sentence]))[0]


# The names the claim classifier uses.
OpinionDetector = HeadClassifier


def load_head_classifier(
    path: Path, embedder: Embedder, layers: MiniLMLayers | None = None
) -> HeadClassifier | None:
    """Blocking. None when the embedder is not the model the weights were trained on (a fake
    embedder in tests). A head over layer means uses `layers` when they are that model's (two
    heads of one service share one copy), else loads its own."""
    head = LinearHead.load(path)
    name = embedder.name.lower()
    if not name.endswith(head.embedder_name.lower()):
        return None
    if head.layers is None:
        return HeadClassifier(head, embedder)
    if layers is None or not layers.name.lower().endswith(head.embedder_name.lower()):
        layers = MiniLMLayers.load(head.embedder_name)
    return HeadClassifier(head, embedder, layers)
