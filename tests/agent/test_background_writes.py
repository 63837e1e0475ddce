"""5d's write after the answer (retrieval/writer.py): one writer for concurrent requests, failures retried, nothing left
pending, and the give-up said in the log. A behavioural fake retriever stands in for the KB."""

from __future__ import annotations

import asyncio
import logging

import pytest

from retrieval.documents import Document
from retrieval.errors import KnowledgeBaseUnavailable
from retrieval.writer import BackgroundWriter
from tests.fakes.clock import VirtualTime


class FlakyRetriever:
    """`index` fails the first `failures` times, then stores; records every batch it was given."""

    def __init__(self, failures: int) -> None:
        self.failures = failures
        self.batches: list[list[str]] = []
        self.stored: set[str] = set()

    async def index(self, documents):
        self.batches.append([d.id for d in documents])
        if self.failures:
            self.failures -= 1
            raise KnowledgeBaseUnavailable("the Chroma server went away")
        self.stored.update(d.id for d in documents)


def docs(*names: str) -> list[Document]:
    return [Document(f"{n} was reported today.", f"https://example.org/{n}", n) for n in names]


def verifier(
    retriever, coalesce_s: float = 0.05, time_: VirtualTime | None = None
) -> BackgroundWriter:
    if time_ is None:
        return BackgroundWriter(retriever.index, coalesce_s=coalesce_s)
    return BackgroundWriter(retriever.index, coalesce_s=coalesce_s, sleep=time_.sleep)


async def test_concurrent_requests_share_one_write_and_a_transient_failure_is_retried():
    retriever, time_ = FlakyRetriever(failures=1), VirtualTime()
    v = verifier(retriever, time_=time_)
    v.schedule(docs("a", "b"))
    v.schedule(docs("c"))  # another request within the coalescing window
    assert v.running == 1
    assert await v.drain(timeout_s=10) == 0
    ids = {d.id for d in docs("a", "b", "c")}
    order = [d.id for d in docs("a", "b", "c")]
    assert retriever.batches == [
        order,
        order,
    ]  # one batch for both requests, written twice (one retry)
    assert time_.slept == [0.05, 1.0]  # the coalescing window, then the first backoff
    assert retriever.stored == ids
    assert v._pending == set() and v.running == 0


async def test_a_write_that_keeps_failing_is_given_up_loudly_and_frees_its_ids(caplog):
    caplog.set_level(logging.WARNING, logger="retrieval.writer")
    retriever, time_ = FlakyRetriever(failures=10), VirtualTime()
    v = verifier(retriever, coalesce_s=0, time_=time_)
    v.schedule(docs("x"))
    assert await v.drain(timeout_s=10) == 0
    assert time_.slept == [1.0, 2.0]  # 1 s + 2 s of backoff, then it gives up
    assert len(retriever.batches) == 3 and retriever.stored == set()
    assert any(
        "gave up indexing 1 web document(s) after 3 attempts" in r.message for r in caplog.records
    )
    assert v._pending == set()  # a later request may try again


@pytest.mark.parametrize("coalesce_s", [0.0, 0.05])
async def test_documents_queued_while_the_writer_runs_are_written_too(coalesce_s):
    retriever = FlakyRetriever(failures=0)
    v = verifier(retriever, coalesce_s)
    v.schedule(docs("first"))
    await asyncio.sleep(coalesce_s + 0.01)
    v.schedule(docs("second"))
    assert await v.drain(timeout_s=10) == 0
    assert retriever.stored == {d.id for d in docs("first", "second")}
