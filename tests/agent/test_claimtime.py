"""Date rules of the claim's own time (agent/judge/_claimtime.py)."""

from __future__ import annotations

from datetime import date

import pytest

from agent.judge._claimtime import before_claim, claim_period, too_old_for_present

TODAY = date(2026, 11, 25)


@pytest.mark.parametrize(
    ("claim", "start", "end", "present"),
    [
        (
            "Apollo 11 landed on the Moon on 20 July 1969.",
            date(1969, 7, 20),
            date(1969, 7, 20),
            False,
        ),
        ("Apollo 11 landed on July 20, 1969.", date(1969, 7, 20), date(1969, 7, 20), False),
        ("The law took effect on 2024-03-01.", date(2024, 3, 1), date(2024, 3, 1), False),
        ("Inflation peaked in June 2022.", date(2022, 6, 1), date(2022, 6, 30), False),
        ("The company went bankrupt in 2019.", date(2019, 1, 1), date(2019, 12, 31), False),
        ("Prices have doubled since 2020.", date(2020, 1, 1), TODAY, True),
        ("The minister resigned last week.", date(2026, 11, 11), date(2026, 11, 18), False),
        ("Unemployment is currently at 4 percent.", None, TODAY, True),
        ("Water boils at 100 degrees Celsius at sea level.", None, None, False),
    ],
)
def test_claim_period(claim: str, start: date | None, end: date | None, present: bool) -> None:
    period = claim_period(claim, TODAY)
    assert (period.start, period.end, period.present) == (start, end, present)


def test_the_1990s_is_not_read_as_the_year_1990() -> None:
    assert claim_period("Crime fell in the 1990s.", TODAY).start is None


def test_evidence_published_before_the_event_is_before_claim() -> None:
    period = claim_period("The company went bankrupt in 2019.", TODAY)
    assert before_claim("2015-06-01", period) is True
    assert before_claim("2019-05-01", period) is False
    assert before_claim("2020-01-02T10:00:00Z", period) is False
    assert before_claim(None, period) is None
    assert before_claim("2015-06-01", claim_period("Water boils at 100 C.", TODAY)) is None


def test_present_claim_is_not_settled_by_evidence_older_than_the_half_life() -> None:
    present = claim_period("Unemployment is currently at 4 percent.", TODAY)
    assert (
        too_old_for_present("2024-01-01", "news", present, TODAY) is True
    )  # news half-life 1 year
    assert too_old_for_present("2026-06-01", "news", present, TODAY) is False
    assert (
        too_old_for_present("2024-01-01", "scientific_journal", present, TODAY) is False
    )  # 5 years
    past = claim_period("Unemployment was 4 percent in 2015.", TODAY)
    assert too_old_for_present("2016-01-01", "news", past, TODAY) is False
