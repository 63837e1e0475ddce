"""The service's own models run batched, on sized threads, behind the embedding cache; health says so."""

from __future__ import annotations

import asyncio

from retrieval.batching import BatchedCrossEncoder, BatchedEmbedder
from retrieval.concurrency import available_cores
from retrieval.embedding_cache import CachedEmbedder
from tests.conftest import app_client, make_settings
from tests.retrieval.test_batching import tiny_minilm_cross_encoder


async def test_loaded_models_are_batched_cached_and_reported(tmp_path, minilm):
    ce = tiny_minilm_cross_encoder(tmp_path / "ce", minilm)
    settings = make_settings(
        tmp_path,
        EMBEDDING_BACKEND="torch",
        RERANKER_MODEL=str(ce),
        EMBEDDING_CACHE_DIR=tmp_path / "onnx",
    )
    async with app_client(settings) as client:
        services = client.app.state.runtime
        assert isinstance(services.retrieval.embedder, CachedEmbedder)
        assert isinstance(services.retrieval.embedder.inner, BatchedEmbedder)
        assert isinstance(services.retrieval.retriever.reranker, BatchedCrossEncoder)
        queries = [f"Is the Earth flat? ({n})" for n in range(6)]
        responses = await asyncio.gather(
            *(client.get("/api/kb/search", params={"q": q}) for q in queries)
        )
        assert all(r.status_code == 200 for r in responses)
        document = {
            "text": "Snippet seen twice: the Moon is about 384,400 km from the Earth.",
            "source": "https://example.org/moon",
        }
        added = (await client.post("/api/kb/documents", json={"documents": [document]})).json()
        assert (await client.delete(f"/api/kb/documents/{added['ids'][0]}")).status_code in (
            200,
            204,
        )
        hits_before = services.retrieval.embedder.hits
        again = await client.post("/api/kb/documents", json={"documents": [document]})
        assert again.json()["added"] == 1
        assert (
            services.retrieval.embedder.hits > hits_before
        )  # the same snippet was not embedded again
        components = (await client.get("/api/health")).json()["components"]
    inference = components["inference"]
    assert inference["threads"] == available_cores()
    reranker = components[
        "reranker"
    ]  # the default RERANKER_BACKEND, exported into EMBEDDING_CACHE_DIR
    assert (reranker["backend"], reranker["requested_backend"], reranker["backend_fallback"]) == (
        "onnx",
        "onnx",
        False,
    )
    assert services.retrieval.retriever.reranker.inner._model.threads == available_cores()
    assert any((tmp_path / "onnx").rglob("*.onnx"))
    batching = inference["batching"]
    assert (
        batching["enabled"] is True
        and batching["max_wait_ms"] == 5.0
        and batching["max_batch"] == 64
    )
    assert batching["reranker"]["requests"] == 6 and batching["reranker"]["calls"] <= 6
    assert batching["embedder"]["rows"] >= 6
    assert inference["embedding_cache"]["backend"] == "memory"
    assert inference["embedding_cache"]["hits"] >= 1


async def test_batching_and_the_cache_can_be_switched_off(tmp_path):
    settings = make_settings(
        tmp_path,
        EMBEDDING_BACKEND="torch",
        INFERENCE_BATCHING=False,
        EMBEDDING_CACHE_ENTRIES=0,
        INFERENCE_THREADS=1,
        AUTO_SEED=False,
    )
    import torch

    before = torch.get_num_threads()
    try:
        async with app_client(settings) as client:
            services = client.app.state.runtime
            assert isinstance(
                services.retrieval.embedder, BatchedEmbedder
            )  # a batch of one: still off the loop
            assert (await client.get("/api/kb/search", params={"q": "anything"})).status_code == 200
            inference = (await client.get("/api/health")).json()["components"]["inference"]
    finally:
        torch.set_num_threads(before)
    assert inference["threads"] == 1
    batching = inference["batching"]
    assert batching["enabled"] is False
    assert (
        batching["embedder"]["calls"] == batching["embedder"]["requests"] >= 1
    )  # one request per call
    assert inference["embedding_cache"] == {"backend": "off"}


async def test_the_nli_model_and_the_checkworthy_encoder_take_turns_on_the_services_lane(
    tmp_path, minilm
):
    """Torch models loaded beside the embedder must not fight it for the two cores: while the lane
    is held elsewhere, an NLI prediction waits for it."""
    import threading
    import time

    from tests.agent.test_verdict_engines import tiny_nli

    tiny_nli(tmp_path / "nli")
    settings = make_settings(tmp_path, NLI_MODEL=str(tmp_path / "nli"), VERDICT_BACKEND="nli")
    async with app_client(settings, embedder=minilm) as client:
        services = client.app.state.runtime  # type: ignore[attr-defined]
        lane, nli = services.retrieval.inference.lane, services.agent.verifier.nli
        assert nli is not None and lane is not None
        assert services.verification.passages.checkworthy.layers._lock is lane
        done: list[float] = []
        with lane:  # another model call is running
            started = time.perf_counter()
            worker = threading.Thread(
                target=lambda: (
                    nli.predict_blocking([("a", "b")]),
                    done.append(time.perf_counter() - started),
                )
            )
            worker.start()
            await asyncio.sleep(0.3)
            assert done == [], "the NLI model ran while the lane was held"
        worker.join(timeout=10)
        assert done and done[0] >= 0.3
