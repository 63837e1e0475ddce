"""The local judges: the fine-tuned cross-encoder (``local``) and the exact comparison stage
(``compare``) that decides the plain cases — the same words, another number, a negation, another
place or person, an antonym — with a reason a reader can check. docs/judge.md says how they combine.
"""

from agent.judge.compare import Comparison, compare
from agent.judge.local import (
    JUDGE_CARD,
    JUDGE_WEIGHTS,
    LABELS,
    JudgeCard,
    JudgeStatus,
    LocalJudge,
    build_network,
    load_local_judge,
)

__all__ = [
    "JUDGE_CARD",
    "JUDGE_WEIGHTS",
    "LABELS",
    "Comparison",
    "JudgeCard",
    "JudgeStatus",
    "LocalJudge",
    "build_network",
    "compare",
    "load_local_judge",
]
