"""An in-process `SearchProvider`: results per site (or for the whole web), a failure mode, and
a log of every query. For agent unit tests; tests through HTTP use the SearXNG fake."""

from __future__ import annotations

from collections.abc import Sequence

from search.base import SearchResult, SearchUnavailable


class MemorySearch:
    name = "memory"

    def __init__(self, pages: Sequence[tuple[str, str, str]] = (), *, fail: bool = False) -> None:
        """`pages`: (url, title, snippet). A query matches a page when they share a word of 4+ letters."""
        self.pages = list(pages)
        self.fail = fail
        self.log: list[tuple[str, tuple[str, ...] | None]] = []

    async def search(
        self, query: str, *, max_results: int, sites: Sequence[str] | None = None
    ) -> list[SearchResult]:
        self.log.append((query, tuple(sites) if sites else None))
        if self.fail:
            raise SearchUnavailable("memory: the search engine is down")
        words = {w for w in query.lower().split() if len(w) >= 4}
        out = []
        for url, title, snippet in self.pages:
            host = url.split("/")[2]
            if sites and not any(host == s or host.endswith("." + s) for s in sites):
                continue
            if words & set(f"{title} {snippet}".lower().split()):
                out.append(
                    SearchResult(
                        url=url, title=title, snippet=snippet, provider=self.name, query=query
                    )
                )
        return out[:max_results]
