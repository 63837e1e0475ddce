"""Offline, a verification's failed searches log one line per failed tier, not one per query or
retry (issue 23 item 6); ddgs's own per-engine INFO lines are silenced."""

from __future__ import annotations

import logging

from search.base import SearchUnavailable
from search.escalation import CallPolicy, SearchEscalation, TierPlan
from search.providers import DuckDuckGoSearch


class Down:
    name = "down"

    def __init__(self) -> None:
        self.calls = 0

    async def search(self, query, *, max_results, sites=None):
        self.calls += 1
        raise SearchUnavailable(
            "DNSError: error sending request for url (https://html.duckduckgo.com/html/) "
            "> error resolving DNS > DNS error: no records found " + "x" * 300
        )


async def test_one_log_line_per_failed_tier(caplog):
    caplog.set_level(logging.DEBUG)
    provider = Down()
    escalation = SearchEscalation(
        provider,
        TierPlan(("reuters.com",), ("snopes.com",), deadline_s=5),
        CallPolicy(rate_per_s=0),
    )
    queries = ["The Great Pyramid was built by aliens", "pyramid aliens"]
    await escalation.targeted(queries)
    await escalation.broad(queries)
    lines = [r for r in caplog.records if r.name.startswith(("search", "ddgs"))]
    assert provider.calls == 6  # 2 queries × 3 tiers were asked
    assert sorted(r.getMessage().split(" (")[0] for r in lines) == [
        "search tier broad failed",
        "search tier fact_check failed",
        "search tier trusted failed",
    ]
    assert all(len(r.getMessage()) < 260 for r in lines)


def test_the_ddgs_provider_silences_ddgs_engine_info_lines():
    logging.getLogger("ddgs").setLevel(logging.NOTSET)
    DuckDuckGoSearch()
    assert logging.getLogger("ddgs").getEffectiveLevel() >= logging.WARNING
