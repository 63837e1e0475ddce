"""Step 7, source trust: a trust score per evidence item by the groundcheck source-trust standard
(``_standard``, a pure reproduction of it), from real signals — the URL's liveness, a DOI, the LLM's
or the credibility table's judgement (``_trust``); and the source audit of a text's references
(``_audit``, `POST /api/sources/audit`).
"""

from agent.trust._audit import SourceAuditor
from agent.trust._trust import (
    TrustReport,
    content_domain,
    find_doi,
    score_sources,
    scored_sources_step,
    unscored_trust,
)

__all__ = [
    "SourceAuditor",
    "TrustReport",
    "content_domain",
    "find_doi",
    "score_sources",
    "scored_sources_step",
    "unscored_trust",
]
