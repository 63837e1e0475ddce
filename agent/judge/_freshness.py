"""Freshness, pure: how much a source's age discounts it, and when it is stale for a claim.

A source's weight halves every ``HALF_LIFE_YEARS[source_type]`` years (news ages fast, journals
slowly), floored at 0.1, as the source-tracing benchmark scores recency. A claim is time-sensitive
when it speaks of the present or the recent past ("currently", "the latest", "this year", a year
within the last two); evidence older than its type's half-life is then stale for it.
"""

from __future__ import annotations

import re
from datetime import UTC, date, datetime

# Half-life in years of a source's relevance, by source type (retrieval/credibility.py's types).
HALF_LIFE_YEARS = {
    "news": 1.0,
    "news_wire": 1.0,
    "fact_check": 2.0,
    "blog": 1.0,
    "social": 0.5,
    "government": 3.0,
    "intergovernmental": 3.0,
    "health_authority": 2.0,
    "scientific_journal": 5.0,
    "academic": 5.0,
    "encyclopedia": 3.0,
}
DEFAULT_HALF_LIFE_YEARS = 2.0

_TIME_CUES = re.compile(
    r"\b(?:current(?:ly)?|now|nowadays|today|tonight|this (?:week|month|year|season)|latest|"
    r"recent(?:ly)?|so far|to date|as of|still|anymore|no longer|newly|just (?:announced|released)|"
    r"incumbent|is (?:the )?(?:president|prime minister|ceo|leader|champion|record|world's)|"
    r"(?:record|all-time) (?:high|low)|breaking)\b",
    re.IGNORECASE,
)
_YEAR = re.compile(r"\b(19|20)\d{2}\b")


def published_date(value: str | None) -> date | None:
    if not value:
        return None
    try:
        return date.fromisoformat(value.strip()[:10])
    except ValueError:
        return None


def age_years(published: str | None, today: date | None = None) -> float | None:
    when = published_date(published)
    if when is None:
        return None
    return max(0.0, ((today or datetime.now(UTC).date()) - when).days / 365.25)


def freshness(published: str | None, source_type: str, today: date | None = None) -> float | None:
    """Recency multiplier in [0.1, 1]: halves every half-life of the source type; None if undated."""
    age = age_years(published, today)
    if age is None:
        return None
    return round(
        max(0.1, 0.5 ** (age / HALF_LIFE_YEARS.get(source_type, DEFAULT_HALF_LIFE_YEARS))), 4
    )


def is_time_sensitive(claim: str, today: date | None = None) -> bool:
    """The claim is about the present or the last two years."""
    if _TIME_CUES.search(claim):
        return True
    year = (today or datetime.now(UTC).date()).year
    return any(int(m.group(0)) >= year - 1 for m in _YEAR.finditer(claim))


def is_stale(published: str | None, source_type: str, today: date | None = None) -> bool:
    """Older than the half-life of its source type (undated evidence is never called stale)."""
    age = age_years(published, today)
    return age is not None and age > HALF_LIFE_YEARS.get(source_type, DEFAULT_HALF_LIFE_YEARS)
