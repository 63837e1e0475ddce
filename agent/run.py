"""What one verification carries between its stages: the trace (human-readable steps and per-stage
durations), the usage counters, the search summary, and the chat model wrapped to count into them.
Never shared between requests."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field, fields

from agent.llm import ChatModel, ChatReply
from agent.models import SearchRecord, SearchSummary, TierUsed, Trail, Usage

__all__ = ["CountingChat", "Run", "Trace", "discard", "short"]


class Trace:
    """Collects `steps` and `timings_ms`; an optional listener sees each step as it happens."""

    def __init__(self, listener: Callable[[str], None] | None = None) -> None:
        self.steps: list[str] = []
        self.timings_ms: dict[str, float] = {}
        self._listener = listener
        self._started = time.perf_counter()

    def step(self, text: str) -> None:
        self.steps.append(text)
        if self._listener is not None:
            self._listener(text)

    @contextmanager
    def stage(self, name: str) -> Iterator[None]:
        started = time.perf_counter()
        try:
            yield
        finally:
            elapsed = (time.perf_counter() - started) * 1000
            self.timings_ms[name] = round(self.timings_ms.get(name, 0.0) + elapsed, 2)

    def finish(self) -> None:
        self.timings_ms["total"] = round((time.perf_counter() - self._started) * 1000, 2)


@dataclass
class UsageCount:
    """The usage counters while a verification runs; `freeze` gives the result's `Usage`."""

    llm_calls: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    searches: int = 0
    url_checks: int = 0

    def freeze(self) -> Usage:
        return Usage(**{f.name: getattr(self, f.name) for f in fields(self)})


@dataclass
class SearchCount:
    """The search summary while a verification runs; `freeze` gives the result's `SearchSummary`."""

    tier_used: TierUsed | None = None
    queries: int = 0
    new_documents: int = 0

    def freeze(self) -> SearchSummary:
        return SearchSummary(self.tier_used, self.queries, self.new_documents)


@dataclass
class TrailLog:
    """What a verification read, while it runs; `freeze` gives the record's `Trail`."""

    searches: list[SearchRecord] = field(default_factory=list)
    fetched_at: dict[str, str] = field(default_factory=dict)

    def freeze(self) -> Trail:
        return Trail(tuple(self.searches), dict(self.fetched_at))


@dataclass
class Run:
    """Per-request state (never shared between requests)."""

    trace: Trace
    english: bool = (
        True  # the claim's language (agent/classify/_language.py): local judges read English only
    )
    usage: UsageCount = field(default_factory=UsageCount)
    search: SearchCount = field(default_factory=SearchCount)
    trail: TrailLog = field(default_factory=TrailLog)  # queries and fetch times, for the record

    def quiet(self) -> Run:
        """The same counters with a trace of its own (steps held back, then replayed in order)."""
        return Run(Trace(), self.english, self.usage, self.search, self.trail)


class CountingChat:
    """Counts calls and tokens of one verification into its `Usage`."""

    def __init__(self, chat: ChatModel, usage: UsageCount) -> None:
        self._chat = chat
        self._usage = usage
        self.name = chat.name

    async def complete_json(self, system: str, user: str) -> ChatReply:
        self._usage.llm_calls += 1
        reply = await self._chat.complete_json(system, user)
        self._usage.prompt_tokens += reply.prompt_tokens
        self._usage.completion_tokens += reply.completion_tokens
        return reply


def short(text: str, limit: int = 160) -> str:
    """One line of at most `limit` characters, for steps."""
    text = " ".join(str(text).split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


async def discard(task: asyncio.Task | None) -> None:
    """Cancel a side task and wait for it to end. Its own outcome is collected (no "exception
    never retrieved"), while a cancellation of the caller still reaches the caller."""
    if task is None:
        return
    task.cancel()
    await asyncio.wait([task])
    if not task.cancelled():
        task.exception()
