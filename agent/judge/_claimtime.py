"""The claim's own time, pure (issue 25, item 3): when is the claim about, and can evidence speak to it?

``claim_period`` reads an explicit date ("on 20 July 1969", "2024-03-01"), a year ("in 2019"),
relative phrases ("last week", "yesterday", "last year") and "since …" (a start), and marks claims
about the present ("currently", "now", "the current …") as ``present``. ``before_claim`` says whether
evidence was published before the claimed period started: such evidence cannot confirm the event.
``too_old_for_present`` says whether evidence is older than its source type's half-life while the
claim is about the present: it cannot settle such a claim on its own.

Applied: ``with_freshness`` gives each item of step 7 its freshness, staleness and ``before_claim``;
``claim_time_rule`` withholds step 8's verdict where that evidence cannot decide it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import UTC, date, datetime, timedelta

from agent.judge._dates import MONTHS as _MONTHS
from agent.judge._freshness import (
    DEFAULT_HALF_LIFE_YEARS,
    HALF_LIFE_YEARS,
    age_years,
    freshness,
    is_stale,
    is_time_sensitive,
    published_date,
)
from agent.models import Evidence, Verdict, VerdictDecision

_MONTH = "(" + "|".join(_MONTHS) + ")"
_ISO = re.compile(r"\b((?:19|20)\d{2})-(\d{2})-(\d{2})\b")
_DAY_MONTH_YEAR = re.compile(
    rf"\b(\d{{1,2}})(?:st|nd|rd|th)?\s+{_MONTH}\s*,?\s+((?:19|20)\d{{2}})\b", re.I
)
_MONTH_DAY_YEAR = re.compile(
    rf"\b{_MONTH}\s+(\d{{1,2}})(?:st|nd|rd|th)?,?\s+((?:19|20)\d{{2}})\b", re.I
)
_MONTH_YEAR = re.compile(rf"\b{_MONTH}\s+((?:19|20)\d{{2}})\b", re.I)
_SINCE = re.compile(r"\bsince\s+(?:the\s+)?(?:(?:early|mid|late)[- ])?((?:19|20)\d{2})\b", re.I)
_YEAR = re.compile(r"\b(?:in|during|by|of|from)?\s*((?:19|20)\d{2})(?!s)\b", re.I)
_PRESENT = re.compile(
    r"\b(?:current(?:ly)?|now|nowadays|today|at present|presently|still|"
    r"this (?:week|month|year)|as of now|to date|so far)\b",
    re.I,
)
_RELATIVE = {
    "yesterday": (1, 1),
    "last week": (14, 7),
    "this week": (7, 0),
    "last month": (62, 28),
    "this month": (31, 0),
    "last year": (730, 365),
    "this year": (366, 0),
}


@dataclass(frozen=True)
class ClaimPeriod:
    start: date | None  # the claimed event or period starts here (None: unknown)
    end: date | None
    present: bool  # the claim is about the present
    cue: str  # the words the period was read from ("" when none)


def _safe(year: int, month: int = 1, day: int = 1) -> date | None:
    try:
        return date(year, month, day)
    except ValueError:
        return None


def _month_end(year: int, month: int) -> date:
    return (date(year + (month == 12), month % 12 + 1, 1)) - timedelta(days=1)


def claim_period(claim: str, today: date | None = None) -> ClaimPeriod:
    today = today or datetime.now(UTC).date()
    present = bool(_PRESENT.search(claim))
    if m := _ISO.search(claim):
        d = _safe(int(m.group(1)), int(m.group(2)), int(m.group(3)))
        if d:
            return ClaimPeriod(d, d, present, m.group(0))
    for pattern, order in ((_DAY_MONTH_YEAR, "dmy"), (_MONTH_DAY_YEAR, "mdy")):
        if m := pattern.search(claim):
            day, month, year = (
                (m.group(1), m.group(2), m.group(3))
                if order == "dmy"
                else (m.group(2), m.group(1), m.group(3))
            )
            d = _safe(int(year), _MONTHS[month.lower()], int(day))
            if d:
                return ClaimPeriod(d, d, present, m.group(0))
    if m := _MONTH_YEAR.search(claim):
        year, month = int(m.group(2)), _MONTHS[m.group(1).lower()]
        return ClaimPeriod(date(year, month, 1), _month_end(year, month), present, m.group(0))
    if m := _SINCE.search(claim):
        return ClaimPeriod(date(int(m.group(1)), 1, 1), today, True, m.group(0).strip())
    lowered = claim.lower()
    for phrase, (back, forward) in _RELATIVE.items():
        if re.search(rf"\b{phrase}\b", lowered):
            start = today - timedelta(days=back)
            return ClaimPeriod(
                start,
                today - timedelta(days=forward) if forward else today,
                present or phrase.startswith("this"),
                phrase,
            )
    if m := _YEAR.search(claim):
        year = int(m.group(1))
        return ClaimPeriod(date(year, 1, 1), date(year, 12, 31), present, m.group(0).strip())
    return ClaimPeriod(None, today if present else None, present, "present" if present else "")


def before_claim(published: str | None, period: ClaimPeriod) -> bool | None:
    """True when the evidence was published before the claimed period began; None if unknowable."""
    when = published_date(published)
    if when is None or period.start is None:
        return None
    return when < period.start


def too_old_for_present(
    published: str | None, source_type: str, period: ClaimPeriod, today: date | None = None
) -> bool:
    """A present-tense claim and evidence older than its source type's half-life."""
    if not period.present:
        return False
    age = age_years(published, today)
    return age is not None and age > HALF_LIFE_YEARS.get(source_type, DEFAULT_HALF_LIFE_YEARS)


def with_freshness(
    claim: str, evidence: Sequence[Evidence], today: date | None = None
) -> tuple[list[Evidence], list[str]]:
    """Freshness weight per item; items too old for a time-sensitive claim are marked stale, and
    each item says whether it was published before the time the claim is about (`before_claim`).
    Returns the new items and one line per stale item."""
    sensitive = is_time_sensitive(claim, today)
    period = claim_period(claim, today)
    out: list[Evidence] = []
    stale: list[str] = []
    for n, item in enumerate(evidence, 1):
        old = (
            sensitive and is_stale(item.published, item.source_type, today)
        ) or too_old_for_present(item.published, item.source_type, period, today)
        out.append(
            replace(
                item,
                freshness=freshness(item.published, item.source_type, today),
                stale=item.stale or old,
                before_claim=before_claim(item.published, period),
            )
        )
        if old:
            stale.append(
                f"[{n}] {item.domain or item.source} ({item.source_type}) is from {item.published}"
            )
    return out, stale


def claim_time_rule(
    claim: str, evidence: Sequence[Evidence], decision: VerdictDecision, today: date | None = None
) -> tuple[VerdictDecision, str | None]:
    """The claim's own time (issue 25, item 3), after any judge: evidence published before the
    claimed event cannot confirm it, and a claim about the present is not settled by evidence older
    than its source type's half-life alone. Returns the verdict and the step when the rule changed it.

    A True (or Partially True) verdict needs a supporting item that is not `before_claim`; a True
    or False verdict on a claim about the present needs a deciding item that is not stale. Without
    one, the verdict becomes Not Enough Evidence and says why."""
    if decision.verdict not in {Verdict.TRUE, Verdict.PARTIALLY_TRUE, Verdict.FALSE}:
        return decision, None
    period = claim_period(claim, today)
    side = "supports" if decision.verdict in {Verdict.TRUE, Verdict.PARTIALLY_TRUE} else "refutes"
    deciding = [(n, e) for n, e in enumerate(evidence, 1) if e.stance == side]
    if not deciding:
        return decision, None
    cues = ", ".join(f"[{n}] {e.published}" for n, e in deciding[:3])
    if side == "supports" and all(e.before_claim for _, e in deciding):
        why = (
            f"every item that supports it was published before the time the claim is about "
            f"({period.cue!r}, from {period.start}): {cues}; evidence older than an event cannot confirm it"
        )
    elif (
        period.present
        and all(e.stale for _, e in deciding)
        and all(e.review is None for _, e in deciding)
    ):
        why = (
            f"the claim is about the present and every item that {side.rstrip('s')}s it is older than its "
            f"source type's half-life ({cues}); old evidence alone does not settle it"
        )
    else:
        return decision, None
    changed = VerdictDecision(
        Verdict.NOT_ENOUGH_EVIDENCE,
        round(min(decision.confidence, 0.3), 4),
        f'The judge answered "{decision.verdict.value}", but {why}. Its reasoning was: {decision.reasoning}',
        decision.mode,
    )
    return changed, f"Claim time: {decision.verdict.value} → Not Enough Evidence: {why}."
