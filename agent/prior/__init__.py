"""Step 0, prior fact-checks: has a fact-checker already reviewed this claim? The Google Fact Check
Tools API client (``_factcheck``), which of its reviews are about this very claim (``_match``, with
the polarity and detail guards of ``_guards``), and how a matching review becomes evidence and
weighs on the verdict (``_checks``).
"""

from agent.prior._checks import (
    PriorChecks,
    PriorLookup,
    ReviewMatcher,
    prior_document,
    review_of,
    stored_review,
)
from agent.prior._factcheck import FactCheckClient, FactCheckError, PriorReview
from agent.prior._match import MATCH_THRESHOLD, Matched
from agent.prior._ratings import normalise_rating, stated_rating

__all__ = [
    "MATCH_THRESHOLD",
    "FactCheckClient",
    "FactCheckError",
    "Matched",
    "PriorChecks",
    "PriorLookup",
    "PriorReview",
    "ReviewMatcher",
    "prior_document",
    "review_of",
    "normalise_rating",
    "stated_rating",
    "stored_review",
]
