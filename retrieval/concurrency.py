"""The one helper that moves blocking work (model inference, sync Chroma calls) off the event loop,
and how many cores that work may use."""

from __future__ import annotations

import functools
import math
import os
import sys
import threading
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


_SPINNING = [False]  # ONNX Runtime sessions opened from now on: do their idle threads spin?


def onnx_spinning() -> bool:
    """Whether ONNX Runtime sessions opened now let their intra-op threads spin when idle."""
    return _SPINNING[0]


def set_inference_threads(threads: int, spinning: bool = False) -> int:
    """Blocking (imports torch): torch's intra-op threads for threads that start inference from
    now on; 0 means one per available core. Returns the number set.

    `spinning` (INFERENCE_SPINNING) is for the ONNX Runtime sessions opened from now on: by
    default their intra-op threads spin on the CPU after every call, waiting for the next one.
    Model calls here come one at a time between other work, so that spinning only takes cores
    from the event loop, the other requests and other processes; off, an idle thread sleeps.

    torch keeps the count per thread (OpenMP's setting is per thread): a thread that ran torch
    before keeps its own, which is why `InferenceLane` applies it in the thread of every call.
    """
    import torch

    threads = threads or available_cores()
    torch.set_num_threads(threads)
    _SPINNING[0] = spinning
    return threads


class InferenceLane:
    """One model call at a time, on `threads` intra-op threads: a lock every batcher (and the
    synchronous path) holds around its model call.

    With two cores, one inference using both finishes sooner than two inferences fighting over
    them; entering the lane also sets torch's thread count in the calling (worker) thread.
    """

    def __init__(self, threads: int) -> None:
        self.threads = threads
        self._lock = threading.Lock()
        self._configured = threading.local()

    def __enter__(self) -> InferenceLane:
        self._lock.acquire()
        try:
            torch = sys.modules.get("torch")  # an ONNX-only process never imports torch for this
            if torch is not None and getattr(self._configured, "threads", None) != self.threads:
                torch.set_num_threads(self.threads)
                self._configured.threads = self.threads
        except BaseException:
            self._lock.release()
            raise
        return self

    def __exit__(self, *exc_info: object) -> None:
        self._lock.release()
