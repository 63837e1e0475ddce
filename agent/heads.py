"""Tiny local text classifiers: logistic regression over all-MiniLM-L6-v2 sentence embeddings plus a
few lexical cues, trained by `scripts/train_heads.py` and shipped as JSON weights (≈ 400 numbers):

- `subjectivity.json` — is a sentence an opinion? (NewsSD-ENG, CC BY 4.0; used to classify claims
  when no LLM does)
- `checkworthy.json` — is a sentence a check-worthy factual claim? (ClaimBuster, GPL-3.0 data; used
  to pick the claims of a passage when no LLM decomposes it)
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from retrieval.embeddings import Embedder

DATA_DIR = Path(__file__).with_name("data")
SUBJECTIVITY_WEIGHTS = DATA_DIR / "subjectivity.json"
CHECKWORTHY_WEIGHTS = DATA_DIR / "checkworthy.json"

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


def feature_matrix(embeddings: np.ndarray, sentences: Sequence[str], cues: str | None) -> np.ndarray:
    vectors = np.asarray(embeddings, dtype=np.float32)
    if cues is None:
        return vectors
    lexical = np.asarray([CUES[cues](s) for s in sentences], dtype=np.float32).reshape(len(sentences), -1)
    return np.hstack([vectors, lexical])


@dataclass(frozen=True)
class LinearHead:
    """Logistic regression weights over [embedding, cues]."""

    coef: np.ndarray
    intercept: float
    threshold: float
    embedder_name: str
    cues: str | None

    @classmethod
    def load(cls, path: Path) -> LinearHead:
        data = json.loads(Path(path).read_text())
        cues = data.get("cues")
        if cues is not None and cues not in CUES:
            raise ValueError(f"{path} uses unknown cues {cues!r}; retrain with scripts/train_heads.py")
        return cls(np.asarray(data["coef"], dtype=np.float32), float(data["intercept"]),
                   float(data["threshold"]), str(data["embedder"]), cues)

    def probabilities(self, embeddings: np.ndarray, sentences: Sequence[str]) -> list[float]:
        logits = feature_matrix(embeddings, sentences, self.cues) @ self.coef + self.intercept
        return [1.0 / (1.0 + math.exp(-float(z))) for z in logits]


class HeadClassifier:
    """Binds a head to the embedder it was trained on; embedding runs off the event loop."""

    def __init__(self, head: LinearHead, embedder: Embedder) -> None:
        self.head = head
        self.embedder = embedder

    @property
    def threshold(self) -> float:
        return self.head.threshold

    async def probabilities(self, sentences: Sequence[str]) -> list[float]:
        if not sentences:
            return []
        return self.head.probabilities(await self.embedder.embed(list(sentences)), sentences)

    async def opinion_probability(self, sentence: str) -> float:
        return (await self.probabilities([sentence]))[0]


# The names the claim classifier uses.
OpinionDetector = HeadClassifier


def load_head_classifier(path: Path, embedder: Embedder) -> HeadClassifier | None:
    """None when the embedder is not the one the weights were trained on."""
    head = LinearHead.load(path)
    name = embedder.name.lower()
    if not name.endswith(head.embedder_name.lower()):
        return None
    return HeadClassifier(head, embedder)
