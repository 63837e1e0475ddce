"""The trace of one verification: human-readable steps and per-stage durations."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager


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
