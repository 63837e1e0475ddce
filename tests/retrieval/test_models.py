"""Model resolution is offline-first and fails fast; the cross-encoder loads through the real path."""

from __future__ import annotations

import logging
import time

import numpy as np
import pytest

from retrieval.concurrency import available_cores
from retrieval.embeddings import HashingEmbedder
from retrieval.errors import ModelUnavailable
from retrieval.model_files import resolve_model
from retrieval.rerank import EMBEDDING_SCALE, CrossEncoderReranker, RelevanceScale, load_reranker

SCALE = RelevanceScale(0.3, 1.0)


def tiny_cross_encoder(path):
    """A random 2-layer BERT with a 1-label head, saved like a hub cross-encoder."""
    from transformers import BertConfig, BertForSequenceClassification, BertTokenizer

    words = [
        "[PAD]",
        "[UNK]",
        "[CLS]",
        "[SEP]",
        "[MASK]",
        "the",
        "earth",
        "is",
        "flat",
        "round",
        "moon",
        "sun",
        "a",
        "of",
        "and",
        "water",
    ]
    path.mkdir(parents=True, exist_ok=True)
    (path / "vocab.txt").write_text("\n".join(words) + "\n")
    tokenizer = BertTokenizer(str(path / "vocab.txt"))
    config = BertConfig(
        vocab_size=len(words),
        hidden_size=16,
        num_hidden_layers=2,
        num_attention_heads=2,
        intermediate_size=32,
        max_position_embeddings=64,
        num_labels=1,
    )
    BertForSequenceClassification(config).save_pretrained(path)
    tokenizer.save_pretrained(path)
    return path


def test_packaged_minilm_resolves_offline():
    resolved = resolve_model("all-MiniLM-L6-v2")
    assert resolved.how == "package"


def test_unknown_hub_model_fails_fast_and_says_what_was_tried(monkeypatch, tmp_path):
    monkeypatch.setenv("HF_HOME", str(tmp_path / "hf"))
    started = time.perf_counter()
    with pytest.raises(ModelUnavailable, match="tried .*cache.*hub"):
        resolve_model("cross-encoder/ms-marco-MiniLM-L-6-v2")
    assert time.perf_counter() - started < 3.0


def test_model_in_the_hf_cache_is_found(monkeypatch, tmp_path):
    snapshot = tmp_path / "hf" / "hub" / "models--org--tiny" / "snapshots" / "abc"
    snapshot.mkdir(parents=True)
    (snapshot / "config.json").write_text("{}")
    monkeypatch.setenv("HF_HOME", str(tmp_path / "hf"))
    resolved = resolve_model("org/tiny")
    assert (resolved.how, resolved.location) == ("cache", str(snapshot))


async def test_tiny_cross_encoder_loads_and_scores(tmp_path):
    path = tiny_cross_encoder(tmp_path / "ce")
    reranker, status = load_reranker(str(path), HashingEmbedder(), SCALE)
    assert isinstance(reranker, CrossEncoderReranker)
    assert status.fallback is False and status.kind == "cross-encoder"
    assert reranker.scale == SCALE
    scores = await reranker.score("the earth is flat", ["the earth is round", "the moon", "water"])
    assert len(scores) == 3 and all(isinstance(s, float) for s in scores)
    assert await reranker.score("q", []) == []


def test_missing_reranker_falls_back_to_embedding_similarity(tmp_path, monkeypatch, caplog):
    monkeypatch.setenv("HF_HOME", str(tmp_path / "hf"))
    started = time.perf_counter()
    with caplog.at_level(
        logging.WARNING, logger="retrieval.rerank"
    ):  # the service's default backend
        reranker, status = load_reranker(
            "cross-encoder/not-here",
            HashingEmbedder(),
            SCALE,
            backend="onnx",
            cache_dir=tmp_path / "onnx",
        )
    assert time.perf_counter() - started < 3.0
    assert status.fallback is True and "not available" in (status.reason or "")
    assert reranker.kind == "embedding" and reranker.scale == EMBEDDING_SCALE
    # an absent model is said once (the ONNX and the torch loader fail alike on every offline start)
    warnings = [r.getMessage() for r in caplog.records if r.name == "retrieval.rerank"]
    assert len(warnings) == 1 and "falling back to embedding similarity" in warnings[0], warnings


def test_broken_model_directory_falls_back(tmp_path):
    broken = tmp_path / "broken"
    broken.mkdir()
    (broken / "config.json").write_text("{not json")
    reranker, status = load_reranker(str(broken), HashingEmbedder(), SCALE)
    assert status.fallback is True and "could not load" in (status.reason or "")
    assert reranker.kind == "embedding"


def test_disabled_reranker_is_reported():
    _, status = load_reranker("none", HashingEmbedder(), SCALE)
    assert status.fallback is True and "RERANKER_MODEL=none" in (status.reason or "")


async def test_real_minilm_embeds_unit_vectors(minilm):
    vectors = await minilm.embed(
        ["The Earth is round.", "The Earth is a sphere.", "Bananas are yellow."]
    )
    assert vectors.shape == (3, 384)
    assert abs(float((vectors[0] ** 2).sum()) - 1.0) < 1e-4
    assert float(vectors[0] @ vectors[1]) > float(vectors[0] @ vectors[2])


@pytest.mark.slow
def test_onnx_embedder_matches_sentence_transformers_and_caches_its_export(tmp_path, minilm):
    from retrieval.onnx_embedder import OnnxEmbedder

    texts = ["The Earth is round.", "Apollo 11 landed on the Moon on 20 July 1969 " * 30, "x"]
    reference = minilm.embed_blocking(texts)
    fp32 = OnnxEmbedder.load("all-MiniLM-L6-v2", quantized=False, cache_dir=tmp_path)
    assert fp32.dimension == 384 and fp32.max_length == 256
    assert float(((fp32.embed_blocking(texts) * reference).sum(axis=1)).min()) > 0.9999
    int8 = OnnxEmbedder.load("all-MiniLM-L6-v2", quantized=True, cache_dir=tmp_path)
    vectors = int8.embed_blocking(texts)
    assert float(((vectors * reference).sum(axis=1)).min()) > 0.97
    assert abs(float((vectors[0] ** 2).sum()) - 1.0) < 1e-4
    exported = sorted(p.name for p in tmp_path.rglob("*.onnx"))
    assert exported == ["model.int8-matmul-per-channel.onnx", "model.onnx"]
    started = time.perf_counter()
    single = OnnxEmbedder.load("all-MiniLM-L6-v2", quantized=True, cache_dir=tmp_path, threads=1)
    assert time.perf_counter() - started < 3.0  # the cached export is reused
    assert (
        single.threads == 1 and int8.threads == available_cores()
    )  # INFERENCE_THREADS, default all cores
    np.testing.assert_allclose(single.embed_blocking(texts), vectors, atol=1e-5)
    assert int8.embed_blocking([]).shape == (0, 384)


def test_embedder_falls_back_to_sentence_transformers_visibly(tmp_path):
    from retrieval.embeddings import SentenceTransformerEmbedder, load_embedder

    not_a_dir = tmp_path / "cache"
    not_a_dir.write_text("a file where the ONNX cache should be")
    embedder, status = load_embedder("all-MiniLM-L6-v2", "onnx-int8", cache_dir=not_a_dir)
    assert isinstance(embedder, SentenceTransformerEmbedder)
    assert (status.requested, status.active, status.fallback) == ("onnx-int8", "torch", True)
    assert "ONNX" in (status.reason or "")
    with pytest.raises(ValueError, match="unknown embedding backend"):
        load_embedder("all-MiniLM-L6-v2", "tensorflow")


def test_loading_a_local_model_draws_no_progress_bar(tmp_path, capfd):
    # transformers 5 draws a "Loading weights" bar on stderr for every model it loads: two of them sat
    # above `claimcheck verify`'s answer; the bar is off while claimcheck loads, and back on after
    from transformers.utils import logging as hf_logging

    from agent.classify import MiniLMLayers

    path = tiny_cross_encoder(tmp_path / "tiny")
    was_on = hf_logging.is_progress_bar_enabled()
    hf_logging.enable_progress_bar()  # as on a terminal by default, whatever this environment set
    try:
        capfd.readouterr()
        MiniLMLayers.load(str(path))
        assert "Loading weights" not in capfd.readouterr().err
        assert hf_logging.is_progress_bar_enabled()
    finally:
        if not was_on:
            hf_logging.disable_progress_bar()
