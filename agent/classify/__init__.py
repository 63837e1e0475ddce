"""Stage 1, classify: is the claim FACTUAL, OPINION, MIXED or AMBIGUOUS, and which part of it can be
checked (``_claim``: the LLM with local rules as its fallback); the tiny local text classifiers
behind the rules and the passages' check-worthiness (``_heads``, trained by scripts/train_heads.py).
"""

from agent.classify._claim import (
    Classified,
    classified_steps,
    classify,
    classify_claim,
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
from agent.classify._language import Language
from agent.classify._language import detect as detect_language
from agent.classify._language import load as load_language_model

__all__ = [
    "CHECKWORTHY_WEIGHTS",
    "Classified",
    "DATA_DIR",
    "SUBJECTIVITY_WEIGHTS",
    "HeadClassifier",
    "Language",
    "MiniLMLayers",
    "OpinionDetector",
    "classified_steps",
    "classify",
    "classify_claim",
    "classify_local",
    "classify_rules",
    "detect_language",
    "feature_matrix",
    "has_opinion_markers",
    "head_weights",
    "load_head_classifier",
    "load_language_model",
    "not_checked",
]
