"""Shutting down the in-process job runner never waits forever: an item whose code swallows its
cancellation (the fuzz test once hung 300 s in the app's shutdown with the jobs database still
open) is left behind after the timeout, with its stack in the log, and the item stays `running`
for the next start to re-queue."""

from __future__ import annotations

import asyncio
import logging
import time

from jobs.runner import JobRunner
from jobs.store import JobStore, NewItem


async def test_an_item_that_ignores_its_cancellation_does_not_hang_shutdown(tmp_path, caplog):
    store = await JobStore.open(f"sqlite+aiosqlite:///{tmp_path / 'jobs.sqlite3'}")
    started = asyncio.Event()
    never = asyncio.Event()

    async def stubborn(claim, options, owner=""):
        started.set()
        while not never.is_set():
            try:
                await never.wait()
            except asyncio.CancelledError:
                continue  # swallowed, as a buggy library might
        return {"verdict": "Not Enough Evidence"}

    runner = JobRunner(store, stubborn, concurrency=1)
    try:
        await store.create("key", [NewItem("a", "The Earth is flat")], {}, None)
        await runner.start()
        runner.wake()
        await asyncio.wait_for(started.wait(), 10)
        caplog.set_level(logging.WARNING, logger="claimcheck.jobs")
        t0 = time.monotonic()
        await asyncio.wait_for(runner.aclose(timeout_s=0.5), 10)
        assert time.monotonic() - t0 < 5
        assert "still running" in caplog.text and "stubborn" in caplog.text  # where it is stuck
        assert await store.requeue_running() == 1  # the next start takes it again
    finally:
        never.set()  # the stubborn item ends now
        await asyncio.sleep(0.1)
        await store.aclose()
