"""The one helper that moves blocking work (model inference, sync Chroma calls) off the event loop."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import ParamSpec, TypeVar

import anyio.to_thread

P = ParamSpec("P")
T = TypeVar("T")


async def run_blocking(fn: Callable[P, T], /, *args: P.args, **kwargs: P.kwargs) -> T:
    """Run `fn(*args, **kwargs)` in a worker thread and await its result."""
    return await anyio.to_thread.run_sync(functools.partial(fn, *args, **kwargs))
