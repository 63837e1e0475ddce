"""Fixtures shared by the search tests: a hermetic HTTP client and a fake SearXNG server."""

from collections.abc import AsyncIterator, Iterator

import httpx
import pytest

from tests.fakes.searxng import FakeSearxng


@pytest.fixture
async def http() -> AsyncIterator[httpx.AsyncClient]:
    # trust_env=False: no proxy from the environment may sit between us and 127.0.0.1.
    async with httpx.AsyncClient(trust_env=False) as client:
        yield client


@pytest.fixture
def searxng() -> Iterator[FakeSearxng]:
    with FakeSearxng() as server:
        yield server
