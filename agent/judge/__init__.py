"""Steps 7–8, judge: each evidence item's quote and stance, its freshness and the claim's own time,
and the verdict.

``_judging`` runs step 7: stances (``_stance``: the exact comparison stage ``compare`` first —
the same words, another number, a negation, another place or person, an antonym, each with a
reason a reader can check — then the NLI model ``_nli`` or the fine-tuned local judge ``local``
with its word-alignment second opinion ``_align``, else a lexical heuristic), freshness
(``_freshness``, ``_claimtime``); ``_deciding`` runs step 8: the LLM's verdict or evidence-only
(``_verdict``), or the verdict from the stances (``_from_stances``); a fact-checker's review of the claim weighs in
(``_reviews``); an LLM's stances are applied to the items and step 7's lines written by
``_shown``. docs/judge.md says how the judges combine.
"""

from agent.judge._align import ALIGN_CARD
from agent.judge._deciding import Judged, judge_verdict
from agent.judge._freshness import freshness
from agent.judge._judging import Stances, judge_stances
from agent.judge._nli import NLIModel, NLIStatus, StanceProbs, load_nli
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
    "compare",
    "factuality",
    "freshness",
    "judge_stances",
    "judge_verdict",
    "load_local_judge",
    "load_nli",
    "overlap",
]
