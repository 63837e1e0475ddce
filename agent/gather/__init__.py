"""Steps 2–6, gather: the knowledge base (``_kb``: retrieve, rerank; ``_sufficiency``: enough?), the web
(``_web``: the targeted tiers with the claim's queries (``_queries``) and a counter-query
(``_counter``), the broad web, the KB write), the caller's references (``_references``), the
fact-checkers' reviews of this very claim (``_reviews``) and the final choice (``_pool``).
``Gatherer`` (``_gatherer``) runs them in that order and returns an immutable ``Gathered``.
"""

from agent.gather._gatherer import Gatherer
from agent.gather._kb import KbLeg
from agent.gather._pool import GatherConfig, Gathered, Pooled
from agent.gather._references import ReferenceRefused

__all__ = [
    "GatherConfig",
    "Gathered",
    "Gatherer",
    "KbLeg",
    "Pooled",
    "ReferenceRefused",
]
