"""The one helper that moves blocking work (model inference, sync Chroma calls) off the event loop,
and how many cores that work may use."""

from __future__ import annotations

import functools
import math
import os
from collections.abc import Callable
from pathlib import Path
from typing import ParamSpec, TypeVar

import anyio.to_thread

P = ParamSpec("P")
T = TypeVar("T")


async def run_blocking(fn: Callable[P, T], /, *args: P.args, **kwargs: P.kwargs) -> T:
    """Run `fn(*args, **kwargs)` in a worker thread and await its result."""
    return await anyio.to_thread.run_sync(functools.partial(fn, *args, **kwargs))


def available_cores(cpu_max: Path = Path("/sys/fs/cgroup/cpu.max")) -> int:
    """Cores this process may really use: its CPU affinity, capped by a cgroup v2 CPU quota
    (a container limited to 2 CPUs on a 16-core host gets 2, not 16)."""
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        cores = os.cpu_count() or 1
    try:
        quota, period = cpu_max.read_text().split()[:2]
        if quota != "max":
            cores = min(cores, max(1, math.ceil(int(quota) / int(period))))
    except (OSError, ValueError):
        pass  # no cgroup v2 quota to honour
    return max(1, cores)


def set_inference_threads(threads: int) -> int:
    """Blocking (imports torch): torch's intra-op threads for every model in this process;
    0 means one per available core. Returns the number set.

    Inference runs one call at a time (retrieval/batching.py), so that call gets every core:
    two inferences of two threads each on two cores only fight over them.
    """
    import torch

    threads = threads or available_cores()
    if torch.get_num_threads() != threads:
        torch.set_num_threads(threads)
    return threads
