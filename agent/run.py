"""What one verification carries between its stages: the trace (human-readable steps and per-stage
durations), the usage counters, the search summary, and the chat model wrapped to count into them.
Never shared between requests."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

from agent.llm import ChatModel, ChatReply
from agent.models import SearchSummary, Trail, Usage

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
class Run:
    """Per-request state (never shared between requests)."""

    trace: Trace
    english: bool = True  # the claim's language (agent/language.py): local judges read English only
    usage: Usage = field(default_factory=Usage)
    search: SearchSummary = field(default_factory=SearchSummary)
    trail: Trail = field(default_factory=Trail)  # queries and fetch times, for the record

    def quiet(self) -> Run:
        """The same counters with a trace of its own (steps held back, then replayed in order)."""
        return Run(Trace(), self.english, self.usage, self.search, self.trail)


class CountingChat:
    """Counts calls and tokens of one verification into its `Usage`."""

    def __init__(self, chat: ChatModel, usage: Usage) -> None:
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
