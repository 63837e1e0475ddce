"""The local judges: the fine-tuned cross-encoder (``local``) and the exact comparison stage
(``compare``) that decides the plain cases — the same words, another number, a negation, another
place or person, an antonym — with a reason a reader can check. docs/judge.md says how they combine.
"""

from agent.judge._align import ALIGN_CARD
from agent.judge._freshness import freshness
from agent.judge._judging import (
    Judged,
    Stances,
    claim_time_rule,
    judge_stances,
    judge_verdict,
    stance_steps,
    with_freshness,
)
from agent.judge._nli import NLIModel, NLIStatus, StanceProbs, load_nli
from agent.judge._reviews import weigh_reviews
from agent.judge._stance import HEURISTIC_NAME, factuality, overlap
from agent.judge._verdict import NO_LLM, UNJUDGED
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
    "ALIGN_CARD",
    "HEURISTIC_NAME",
    "JUDGE_CARD",
    "JUDGE_WEIGHTS",
    "LABELS",
    "NO_LLM",
    "UNJUDGED",
    "Comparison",
    "JudgeCard",
    "JudgeStatus",
    "Judged",
    "LocalJudge",
    "NLIModel",
    "NLIStatus",
    "StanceProbs",
    "Stances",
    "build_network",
    "claim_time_rule",
    "compare",
    "factuality",
    "freshness",
    "judge_stances",
    "judge_verdict",
    "load_local_judge",
    "load_nli",
    "overlap",
    "stance_steps",
    "weigh_reviews",
    "with_freshness",
]
