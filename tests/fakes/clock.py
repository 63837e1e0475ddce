"""Virtual time for code that takes a `clock` and a `sleep` (search.ratelimit.TokenBucket,
search.escalation.SearchEscalation): sleeping moves the clock at once and records how long, so a
test asserts the exact waits instead of a wall-clock window. Sleeps add up: two tasks sleeping
at once are not modelled as overlapping (tests of concurrent waiting keep real time)."""

from __future__ import annotations

import asyncio


class VirtualTime:
    def __init__(self) -> None:
        self.now = 100.0
        self.slept: list[float] = []

    def __call__(self) -> float:
        return self.now

    async def sleep(self, seconds: float) -> None:
        assert len(self.slept) < 1000, f"the code keeps waiting: {self.slept[-3:]}"
        self.slept.append(seconds)
        self.now += seconds
        await asyncio.sleep(0)  # other waiters get their turn, as with a real sleep
