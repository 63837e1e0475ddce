"""A deterministic in-memory ``SearchProvider`` for tests and offline runs."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Mapping, Sequence

from search.base import SearchError, SearchResult, dedupe_by_url, on_sites
from search.sanitize import to_result

Catalog = (
    Mapping[str, Sequence[SearchResult]]
    | Callable[[str], Sequence[SearchResult]]
    | Sequence[SearchResult]
)


class FakeSearch:
    """Answers from a fixed catalogue and keeps the contract of ``SearchProvider``.

    ``results`` is a mapping query → results (unknown queries find nothing), a callable
    query → results, or one list returned for every query. ``error`` makes every call raise
    it (the first ``fail_times`` calls only, when that is set). ``delay_s`` makes each call
    take that long without blocking the loop. ``queries`` lists what was asked, in order, and
    ``calls`` the same with the ``sites`` of each call; ``max_in_flight`` is the highest number
    of calls that were running at once. With ``sites``, only catalogue results on those sites
    come back (what a ``site:`` filter does); every result passes the same cleaning as a real
    provider's and carries this fake's ``name`` as its provider.
    """

    def __init__(
        self,
        results: Catalog = (),
        *,
        error: SearchError | None = None,
        fail_times: int | None = None,
        delay_s: float = 0.0,
        name: str = "fake",
    ) -> None:
        self.name = name
        self.results = results
        self.error = error
        self.fail_times = fail_times
        self.delay_s = delay_s
        self.queries: list[str] = []
        self.calls: list[tuple[str, tuple[str, ...]]] = []
        self.max_in_flight = 0
        self._in_flight = 0

    async def search(
        self, query: str, *, max_results: int, sites: Sequence[str] | None = None
    ) -> list[SearchResult]:
        self.queries.append(query)
        self.calls.append((query, tuple(sites or ())))
        self._in_flight += 1
        self.max_in_flight = max(self.max_in_flight, self._in_flight)
        try:
            if self.delay_s:
                await asyncio.sleep(self.delay_s)
            if self.error is not None and (
                self.fail_times is None or len(self.queries) <= self.fail_times
            ):
                raise self.error
            cleaned = (
                to_result(
                    title=r.title,
                    url=r.url,
                    snippet=r.snippet,
                    published=r.published,
                    engine=r.engine,
                    provider=self.name,
                )
                for r in self._lookup(query)
            )
            usable = (r for r in cleaned if r is not None and on_sites(r.url, sites))
            return dedupe_by_url(usable)[: max(0, max_results)]
        finally:
            self._in_flight -= 1

    def _lookup(self, query: str) -> Sequence[SearchResult]:
        if isinstance(self.results, Mapping):
            return self.results.get(query, ())
        if callable(self.results):
            return self.results(query)
        return self.results
