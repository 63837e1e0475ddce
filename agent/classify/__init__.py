"""Stage 1, classify: is the claim FACTUAL, OPINION, MIXED or AMBIGUOUS, and which part of it can be
checked (``_claim``: the LLM with local rules as its fallback); the tiny local text classifiers
behind the rules and the passages' check-worthiness (``_heads``, trained by scripts/train_heads.py).
"""

from agent.classify._claim import (
    classified_steps,
    classify,
    classify_local,
    classify_rules,
    has_opinion_markers,
    not_checked,
)
from agent.classify._heads import (
    CHECKWORTHY_WEIGHTS,
    DATA_DIR,
    SUBJECTIVITY_WEIGHTS,
    HeadClassifier,
    MiniLMLayers,
    OpinionDetector,
    feature_matrix,
    head_weights,
    load_head_classifier,
)

__all__ = [
    "CHECKWORTHY_WEIGHTS",
    "DATA_DIR",
    "SUBJECTIVITY_WEIGHTS",
    "HeadClassifier",
    "MiniLMLayers",
    "OpinionDetector",
    "classified_steps",
    "classify",
    "classify_local",
    "classify_rules",
    "feature_matrix",
    "has_opinion_markers",
    "head_weights",
    "load_head_classifier",
    "not_checked",
]
