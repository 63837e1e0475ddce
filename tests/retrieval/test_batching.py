"""The micro-batcher: one model call for concurrent callers, each gets exactly its own rows back.

Model calls are counted by wrappers around the real models (MiniLM, a small random cross-encoder
built in tmp_path), not by mocks.
"""

from __future__ import annotations

import asyncio
import threading
import time
from pathlib import Path

import numpy as np
import pytest

from retrieval.batching import (
    BatchedCrossEncoder,
    BatchedEmbedder,
    BatcherClosed,
    BatchPolicy,
    MicroBatcher,
)
from retrieval.concurrency import InferenceLane, available_cores, set_inference_threads
from retrieval.rerank import CrossEncoderReranker, RelevanceScale

TEXTS = [
    "The Earth orbits the Sun once a year.",
    "Vaccines do not cause autism.",
    "Apollo 11 landed on the Moon in July 1969, and Neil Armstrong was the first to step out.",
    "Water boils at 100 degrees Celsius at sea level.",
    "x",
    "The Great Wall of China is not visible from the Moon with the naked eye.",
    "Coffee",
    "Smoking causes lung cancer, according to decades of cohort studies across many countries.",
]


class CountingEmbedder:
    """The real embedder; records the size of every model call."""

    def __init__(self, inner) -> None:
        self.inner = inner
        self.name, self.dimension = inner.name, inner.dimension
        self.calls: list[int] = []
        self.threads: list[str] = []

    def embed_blocking(self, texts):
        self.calls.append(len(texts))
        self.threads.append(threading.current_thread().name)
        return self.inner.embed_blocking(texts)

    async def embed(self, texts):
        raise AssertionError("the batcher must call the blocking model in a worker thread")


def requests_of_mixed_sizes() -> list[list[str]]:
    sizes = [1, 3, 2, 5, 1, 4, 1, 2, 6, 1]
    out, n = [], 0
    for size in sizes:
        out.append([f"{TEXTS[(n + i) % len(TEXTS)]} ({n + i})" for i in range(size)])
        n += size
    return out


async def test_concurrent_embeddings_equal_unbatched_and_share_model_calls(minilm):
    counting = CountingEmbedder(minilm)
    batched = BatchedEmbedder(counting, BatchPolicy(max_batch=64, max_wait_s=0.02))
    requests = requests_of_mixed_sizes()
    results = await asyncio.gather(*(batched.embed(r) for r in requests))
    assert len(counting.calls) < len(requests)
    assert sum(counting.calls) == sum(len(r) for r in requests)
    assert threading.main_thread().name not in counting.threads  # never on the event loop's thread
    for request, got in zip(requests, results, strict=True):
        expected = minilm.embed_blocking(request)
        assert got.shape == expected.shape == (len(request), 384)
        np.testing.assert_allclose(got, expected, atol=1e-5)
    stats = batched.batcher.stats
    assert stats.requests == len(requests) and stats.calls == len(counting.calls)
    await batched.aclose()


async def test_batches_are_bounded_and_a_large_request_lets_others_in_between_its_chunks(minilm):
    counting = CountingEmbedder(minilm)
    batched = BatchedEmbedder(counting, BatchPolicy(max_batch=4, max_wait_s=0.05))
    large = [f"long {i}" for i in range(10)]
    first = asyncio.create_task(batched.embed(large))
    await asyncio.sleep(0.01)  # the large request is queued first
    singles = [[f"{t} {i}"] for i, t in enumerate(TEXTS[:4])]
    results = await asyncio.gather(first, *(batched.embed(r) for r in singles))
    assert max(counting.calls) <= 4 and sum(counting.calls) == 14
    assert len(counting.calls) < 3 + len(singles)  # singles joined the large request's later chunks
    np.testing.assert_allclose(results[0], minilm.embed_blocking(large), atol=1e-5)
    for request, got in zip(singles, results[1:], strict=True):
        np.testing.assert_allclose(got, minilm.embed_blocking(request), atol=1e-5)
    await batched.aclose()


async def test_batching_off_makes_one_call_per_request(minilm):
    counting = CountingEmbedder(minilm)
    batched = BatchedEmbedder(counting, BatchPolicy(max_batch=64, max_wait_s=0.0, combine=False))
    requests = requests_of_mixed_sizes()
    results = await asyncio.gather(*(batched.embed(r) for r in requests))
    assert counting.calls == [len(r) for r in requests]
    np.testing.assert_allclose(results[3], minilm.embed_blocking(requests[3]), atol=1e-5)
    await batched.aclose()


def tiny_minilm_cross_encoder(path: Path, minilm) -> Path:
    """A random 2-layer BERT cross-encoder with MiniLM's tokenizer (real vocabulary, small model)."""
    from transformers import BertConfig, BertForSequenceClassification, BertTokenizerFast

    BertTokenizerFast.from_pretrained(minilm.resolved.location).save_pretrained(path)
    config = BertConfig(
        vocab_size=30522,
        hidden_size=64,
        num_hidden_layers=2,
        num_attention_heads=2,
        intermediate_size=128,
        num_labels=1,
    )
    BertForSequenceClassification(config).save_pretrained(path)
    return path


@pytest.fixture
def cross_encoder(tmp_path, minilm) -> CrossEncoderReranker:
    path = tiny_minilm_cross_encoder(tmp_path / "ce", minilm)
    return CrossEncoderReranker.load(str(path), RelevanceScale(0.3, 1.0))


class CountingCrossEncoder:
    def __init__(self, inner: CrossEncoderReranker) -> None:
        self.inner, self.name, self.scale = inner, inner.name, inner.scale
        self.calls: list[int] = []

    def score_pairs_blocking(self, pairs):
        self.calls.append(len(pairs))
        return self.inner.score_pairs_blocking(pairs)


async def test_concurrent_reranks_of_different_queries_equal_unbatched(cross_encoder):
    counting = CountingCrossEncoder(cross_encoder)
    batched = BatchedCrossEncoder(counting, BatchPolicy(max_batch=256, max_wait_s=0.02))
    queries = [
        (f"question {n}: {TEXTS[n % len(TEXTS)]}", TEXTS[: 1 + n % len(TEXTS)]) for n in range(12)
    ]
    results = await asyncio.gather(*(batched.score(q, passages) for q, passages in queries))
    assert len(counting.calls) < len(queries)
    for (query, passages), got in zip(queries, results, strict=True):
        expected = cross_encoder.score_blocking(query, passages)
        assert len(got) == len(passages)
        np.testing.assert_allclose(got, expected, atol=1e-4)
    assert await batched.score("q", []) == []
    assert (batched.name, batched.kind, batched.scale) == (
        cross_encoder.name,
        "cross-encoder",
        cross_encoder.scale,
    )
    await batched.aclose()


async def test_a_lone_caller_waits_at_most_the_bounded_wait_plus_the_compute(minilm):
    wait = (
        0.4  # long enough that scheduling noise (two test workers on two cores) is small beside it
    )
    batched = BatchedEmbedder(minilm, BatchPolicy(max_batch=64, max_wait_s=wait))
    minilm.embed_blocking(["warm up"])
    started = time.perf_counter()
    minilm.embed_blocking(["How long does one text take?"])
    compute = time.perf_counter() - started
    started = time.perf_counter()
    await batched.embed(["How long does one text take?"])
    elapsed = time.perf_counter() - started
    assert elapsed < wait + compute + 0.25  # a second wait (0.8 s) would not fit
    assert elapsed >= wait * 0.9  # it did wait for company: the bound is what limits it
    await batched.aclose()


async def test_a_full_batch_goes_without_waiting(minilm):
    batched = BatchedEmbedder(minilm, BatchPolicy(max_batch=4, max_wait_s=5.0))
    started = time.perf_counter()
    vectors = await asyncio.wait_for(batched.embed(TEXTS[:4]), 3.0)
    assert time.perf_counter() - started < 2.0 and vectors.shape == (4, 384)
    await batched.aclose()


class Poisonable(CountingEmbedder):
    def embed_blocking(self, texts):
        self.calls.append(len(texts))
        if any("poison" in t for t in texts):
            raise ValueError("the model choked on this batch")
        return self.inner.embed_blocking(texts)


async def test_a_model_error_reaches_the_callers_of_that_batch_and_the_worker_survives(minilm):
    model = Poisonable(minilm)
    batched = BatchedEmbedder(model, BatchPolicy(max_batch=64, max_wait_s=0.05))
    outcomes = await asyncio.gather(
        batched.embed(["fine"]),
        batched.embed(["poison"]),
        batched.embed(["also fine", "yes"]),
        return_exceptions=True,
    )
    assert len(model.calls) == 1  # one batch, all three in it
    assert all(isinstance(o, ValueError) and "choked" in str(o) for o in outcomes)
    assert batched.batcher.stats.errors == 1
    after = await batched.embed(["fine"])  # the next batch is served
    np.testing.assert_allclose(after, minilm.embed_blocking(["fine"]), atol=1e-5)
    await batched.aclose()


async def test_a_cancelled_caller_does_not_break_the_others(minilm):
    batched = BatchedEmbedder(CountingEmbedder(minilm), BatchPolicy(max_batch=64, max_wait_s=0.1))
    keep_a = asyncio.create_task(batched.embed(["keep me"]))
    drop = asyncio.create_task(batched.embed(["drop me", "and me"]))
    keep_b = asyncio.create_task(batched.embed(["keep me too"]))
    await asyncio.sleep(0.01)
    drop.cancel()
    a, b = await asyncio.gather(keep_a, keep_b)
    assert drop.cancelled()
    np.testing.assert_allclose(a, minilm.embed_blocking(["keep me"]), atol=1e-5)
    np.testing.assert_allclose(b, minilm.embed_blocking(["keep me too"]), atol=1e-5)
    assert batched.inner.calls == [2]  # the cancelled request's rows were never computed
    await batched.aclose()


async def test_cancelling_a_caller_during_the_model_call_leaves_the_others_their_rows():
    started, release = threading.Event(), threading.Event()

    def slow_model(items: list[int]) -> list[int]:
        started.set()
        release.wait(5)
        return [i * 10 for i in items]

    batcher = MicroBatcher(slow_model, BatchPolicy(max_batch=64, max_wait_s=0.02))
    first = asyncio.create_task(batcher.submit([1, 2]))
    second = asyncio.create_task(batcher.submit([3]))
    # The loop stays free while the model runs in its thread: this wait is answered from there.
    assert await asyncio.to_thread(started.wait, 5)
    first.cancel()
    release.set()
    assert await second == [30]
    with pytest.raises(asyncio.CancelledError):
        await first
    await batcher.aclose()


async def test_shutdown_serves_what_is_queued_then_refuses():
    batcher = MicroBatcher(
        lambda items: [i + 1 for i in items], BatchPolicy(max_batch=8, max_wait_s=0.5)
    )
    queued = asyncio.create_task(batcher.submit([1, 2, 3]))
    await asyncio.sleep(0)
    started = time.perf_counter()
    await batcher.aclose()
    assert time.perf_counter() - started < 0.4  # closing does not sit out the wait
    assert await queued == [2, 3, 4]
    with pytest.raises(BatcherClosed):
        await batcher.submit([1])


async def test_batchers_sharing_a_lane_never_run_at_once():
    lane = threading.Lock()
    running, overlaps = [0], [0]
    guard = threading.Lock()

    def model(items):
        with guard:
            running[0] += 1
            overlaps[0] = max(overlaps[0], running[0])
        time.sleep(0.02)
        with guard:
            running[0] -= 1
        return items

    one = MicroBatcher(model, BatchPolicy(4, 0.0), lane=lane, name="one")
    two = MicroBatcher(model, BatchPolicy(4, 0.0), lane=lane, name="two")
    results = await asyncio.gather(*(b.submit([n]) for n in range(10) for b in (one, two)))
    assert sorted(r[0] for r in results) == sorted([*range(10), *range(10)])
    assert overlaps[0] == 1
    await one.aclose()
    await two.aclose()


async def test_the_lane_gives_every_inference_thread_the_configured_torch_threads():
    import torch

    set_inference_threads(2)  # the process-wide setting differs from the lane's
    batcher = MicroBatcher(
        lambda items: [torch.get_num_threads() for _ in items],
        BatchPolicy(4, 0.0),
        lane=InferenceLane(1),
    )
    seen = await asyncio.gather(*(batcher.submit([n]) for n in range(8)))
    assert {row[0] for row in seen} == {1}
    await batcher.aclose()
    set_inference_threads(0)


def test_inference_threads_follow_the_setting_and_the_cpu_quota(tmp_path):
    import torch

    before = torch.get_num_threads()
    try:
        assert set_inference_threads(1) == 1 and torch.get_num_threads() == 1
        assert set_inference_threads(0) == available_cores() == torch.get_num_threads()
    finally:
        torch.set_num_threads(before)
    quota = tmp_path / "cpu.max"
    quota.write_text("100000 100000\n")  # one CPU's worth of time
    assert available_cores(quota) == 1
    quota.write_text("max 100000\n")
    assert available_cores(quota) == available_cores(tmp_path / "absent")


def test_onnx_sessions_let_idle_threads_sleep_unless_spinning_is_asked_for(tmp_path):
    import onnx
    from onnx import TensorProto, helper

    from retrieval.onnx_export import open_session

    graph = helper.make_graph(
        [helper.make_node("Relu", ["x"], ["y"])],
        "relu",
        [helper.make_tensor_value_info("x", TensorProto.FLOAT, [None])],
        [helper.make_tensor_value_info("y", TensorProto.FLOAT, [None])],
    )
    path = tmp_path / "relu.onnx"
    onnx.save(helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)]), str(path))

    def spinning() -> str:
        return (
            open_session(path, 2)
            .get_session_options()
            .get_session_config_entry("session.intra_op.allow_spinning")
        )

    try:
        assert spinning() == "0"  # INFERENCE_SPINNING's default
        set_inference_threads(0, spinning=True)
        assert spinning() == "1"
        set_inference_threads(0)
        assert spinning() == "0"
    finally:
        set_inference_threads(0)
