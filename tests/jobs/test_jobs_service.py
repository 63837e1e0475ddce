"""The jobs service on its own, without the app: a real SQLite database, the in-process runner and
a `VerifyItem` written here. What the app does over HTTP (tests/app/test_jobs.py) rests on these
calls and the domain errors they raise."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import pytest

from jobs.config import JobsConfig
from jobs.errors import JobInvalid, JobLimitReached, JobNotFound
from jobs.items import ItemIn, ItemOptions, Submission
from jobs.service import JobsService
from jobs.store import JobStore


class Verify:
    """A VerifyItem: every call recorded; items wait while `gate` is closed."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, ItemOptions, str]] = []
        self.gate = asyncio.Event()
        self.gate.set()

    async def __call__(self, claim: str, options: ItemOptions, owner: str) -> dict:
        self.calls.append((claim, options, owner))
        await self.gate.wait()
        return {"verdict": "False", "confidence": 0.9, "mode": "test", "evidence": []}


@asynccontextmanager
async def service(tmp_path: Path, verify: Verify, **config) -> AsyncIterator[JobsService]:
    url = f"sqlite+aiosqlite:///{tmp_path / 'jobs.sqlite3'}"
    jobs = await JobsService.open(
        JobsConfig(database_url=url, ttl_days=0, **config), await JobStore.open(url), verify
    )
    try:
        yield jobs
    finally:
        await jobs.aclose()


async def ended(jobs: JobsService, job_id: str, owner: str) -> str:
    """The job's state once its events say it ended."""
    async with asyncio.timeout(20):
        async for event in await jobs.watch(job_id, owner, poll_s=0.02):
            if event is not None and event[0] == "end":
                return event[1]["state"]
    raise AssertionError("the events stopped before the job ended")


def submission(*items: ItemIn, **options) -> Submission:
    return Submission(items, ItemOptions(**options))


async def test_items_run_with_typed_options_and_come_back_in_order(tmp_path):
    verify = Verify()
    async with service(tmp_path, verify) as jobs:
        made = await jobs.submit(
            "key-a",
            submission(
                ItemIn("a", "The Earth is flat"),
                ItemIn(None, "   ", refused="invalid claim: blank"),
                ItemIn("c", "The Moon is made of cheese", appearance="javascript:alert(1)"),
                ItemIn("d", "Water is wet", claimant="A post"),
                web_search=False,
            ),
        )
        assert [(r.id, r.error.split(":")[0]) for r in made.rejected] == [
            ("2", "invalid claim"),
            ("c", "invalid appearance"),
        ]
        assert await ended(jobs, made.status.id, "key-a") == "done"
        export = await jobs.results(made.status.id, "key-a")
        rows = [json.loads(line) async for line in export.chunks]
        status = await jobs.get(made.status.id, "key-a")
    assert [(claim, owner) for claim, _, owner in verify.calls] == [
        ("The Earth is flat", "key-a"),
        ("Water is wet", "key-a"),
    ]
    assert all(options == ItemOptions(web_search=False) for _, options, _ in verify.calls)
    assert [(row["id"], row["status"]) for row in rows] == [
        ("a", "done"),
        ("2", "failed"),
        ("c", "failed"),
        ("d", "done"),
    ]
    assert status.counts.done == 2 and status.counts.failed == 2 and status.progress == 1.0
    assert export.media_type == "application/x-ndjson" and export.next_cursor is None


async def test_another_owner_finds_nothing(tmp_path):
    async with service(tmp_path, Verify()) as jobs:
        made = await jobs.submit("key-a", submission(ItemIn("a", "The Earth is flat")))
        for call in (jobs.get, jobs.cancel, jobs.results, jobs.watch):
            with pytest.raises(JobNotFound, match="no job"):
                await call(made.status.id, "key-b")
        assert await jobs.list("key-b") == []
        assert [s.id for s in await jobs.list("key-a")] == [made.status.id]


async def test_what_cannot_become_a_job_is_refused_whole(tmp_path):
    async with service(tmp_path, Verify(), max_items=2) as jobs:
        with pytest.raises(JobInvalid) as repeated:
            await jobs.submit("k", submission(ItemIn("x", "One claim"), ItemIn("x", "Another")))
        with pytest.raises(JobInvalid) as too_many:
            await jobs.submit("k", submission(*[ItemIn(None, "A claim")] * 3))
        with pytest.raises(JobInvalid) as private:
            await jobs.submit(
                "k",
                Submission((ItemIn(None, "A claim"),), callback_url="http://127.0.0.1:9/hook"),
            )
        assert await jobs.list("k") == []  # nothing was stored
    assert repeated.value.errors == [
        {"type": "duplicate_id", "loc": ["body", "items", 1, "id"], "msg": "duplicate item id 'x'"}
    ]
    assert too_many.value.errors[0]["loc"] == ["body", "items"]
    assert private.value.errors[0]["type"] == "callback_refused"


async def test_a_key_at_its_limit_is_told_to_wait_and_a_cancel_frees_it(tmp_path):
    verify = Verify()
    verify.gate.clear()  # items wait: the first job stays unfinished
    async with service(tmp_path, verify, max_unfinished_per_key=1) as jobs:
        first = await jobs.submit("k", submission(ItemIn(None, "The Earth is flat")))
        with pytest.raises(JobLimitReached) as limited:
            await jobs.submit("k", submission(ItemIn(None, "Water is wet")))
        events = await jobs.watch(first.status.id, "k", poll_s=0.01)
        cancelled = await jobs.cancel(first.status.id, "k")
        names = [event[0] async for event in events if event is not None]
        verify.gate.set()
        second = await jobs.submit("k", submission(ItemIn(None, "Water is wet")))
    assert limited.value.error == "too_many_jobs"
    assert cancelled.state == "cancelled" and names[-1] == "end"
    assert second.status.state == "queued"
