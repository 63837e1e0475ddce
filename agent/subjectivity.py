"""A tiny local opinion detector: logistic regression over all-MiniLM-L6-v2 sentence embeddings
plus a handful of lexical cues, trained by `scripts/train_subjectivity.py` on NewsSD-ENG
(Antici et al. 2024, CC BY 4.0) and shipped as `agent/data/subjectivity.json` (≈ 400 numbers).

It answers "how likely is this sentence subjective (an opinion)?" when no LLM classifies claims.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from retrieval.embeddings import Embedder

WEIGHTS = Path(__file__).with_name("data") / "subjectivity.json"

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
FEATURE_NAMES = ("cue_density", "exclamation", "question", "quotation", "digit", "reporting_verb", "length")


def lexical_features(sentence: str) -> list[float]:
    """The hand-made cues appended to the embedding (same order as FEATURE_NAMES)."""
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


def feature_matrix(embeddings: np.ndarray, sentences: Sequence[str]) -> np.ndarray:
    lexical = np.asarray([lexical_features(s) for s in sentences], dtype=np.float32).reshape(len(sentences), -1)
    return np.hstack([np.asarray(embeddings, dtype=np.float32), lexical])


@dataclass(frozen=True)
class SubjectivityModel:
    coef: np.ndarray
    intercept: float
    threshold: float
    embedder_name: str
    use_cues: bool

    @classmethod
    def load(cls, path: Path = WEIGHTS) -> SubjectivityModel:
        data = json.loads(Path(path).read_text())
        features = data.get("features") or []
        if features not in ([], list(FEATURE_NAMES)):
            raise ValueError(f"{path} was trained with other features; retrain with scripts/train_subjectivity.py")
        return cls(np.asarray(data["coef"], dtype=np.float32), float(data["intercept"]),
                   float(data["threshold"]), str(data["embedder"]), bool(features))

    def probabilities(self, embeddings: np.ndarray, sentences: Sequence[str]) -> list[float]:
        features = feature_matrix(embeddings, sentences) if self.use_cues else np.asarray(embeddings, dtype=np.float32)
        logits = features @ self.coef + self.intercept
        return [1.0 / (1.0 + math.exp(-float(z))) for z in logits]


class OpinionDetector:
    """Binds the weights to the embedder they were trained on."""

    def __init__(self, model: SubjectivityModel, embedder: Embedder) -> None:
        self.model = model
        self.embedder = embedder

    async def opinion_probability(self, sentence: str) -> float:
        vectors = await self.embedder.embed([sentence])
        return self.model.probabilities(vectors, [sentence])[0]

    @property
    def threshold(self) -> float:
        return self.model.threshold
