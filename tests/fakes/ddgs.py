"""A stand-in for ``ddgs.DDGS`` that DuckDuckGoSearch builds through its ``ddgs_factory``.

    make = ddgs_factory(items=[{"title": "t", "href": "https://a.org/x", "body": "s"}])
    provider = DuckDuckGoSearch(ddgs_factory=make)

``text`` answers from ``items`` (a list of ddgs-shaped dicts, or a callable query → list), or
raises ``error``, or waits on ``hang`` (an Event the test sets when done). Every option may be
changed on the factory while a test runs; ``make.queries`` lists the queries asked, in order,
and ``make.built`` the clients built.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

Items = list[dict[str, Any]] | Callable[[str], list[dict[str, Any]]]


class FakeDDGS:
    def __init__(self, factory: DDGSFactory, *, timeout: int) -> None:
        self.factory = factory
        self.timeout = timeout

    def text(self, query: str, *, max_results: int, **_: Any) -> list[dict[str, Any]]:
        factory = self.factory
        factory.queries.append(query)
        if factory.hang is not None:
            factory.hang.wait(5)  # released by the test once it has its answer
        if factory.error is not None:
            raise factory.error
        items = factory.items(query) if callable(factory.items) else factory.items
        return items[:max_results]


class DDGSFactory:
    """Callable like ``ddgs_factory(timeout=…)``; holds the behaviour of the clients it builds."""

    def __init__(
        self,
        *,
        items: Items | None = None,
        error: Exception | None = None,
        hang: threading.Event | None = None,
    ) -> None:
        self.items: Items = items if items is not None else []
        self.error = error
        self.hang = hang
        self.queries: list[str] = []
        self.built: list[FakeDDGS] = []

    def __call__(self, *, timeout: int) -> FakeDDGS:
        client = FakeDDGS(self, timeout=timeout)
        self.built.append(client)
        return client


def ddgs_factory(**behaviour: Any) -> DDGSFactory:
    return DDGSFactory(**behaviour)
