"""The real app in-process (lifespan, seeded KB, real MiniLM) through HTTP."""

from __future__ import annotations

import uuid
from pathlib import Path

import pytest

from app.schemas import VerifyResponse
from tests.conftest import app_client, make_settings

API_DOCS = Path(__file__).resolve().parents[2] / "docs" / "api.md"

CONTRACT_FIELDS = {
    "claim",
    "original_claim",
    "claim_type",
    "verdict",
    "confidence",
    "factuality",
    "reasoning",
    "evidence",
    "citations",
    "grounding",
    "balance",
    "search",
    "cache",
    "usage",
    "steps",
    "session_id",
    "mode",
    "timings_ms",
}
EVIDENCE_FIELDS = {
    "text",
    "source",
    "title",
    "score",
    "relevance",
    "origin",
    "domain",
    "source_type",
    "credibility",
    "bias",
    "published",
    "quote",
    "stance",
    "stance_score",
    "trust",
}


async def test_flat_earth_is_answered_from_nasa_evidence_without_an_llm(tmp_path, minilm):
    async with app_client(make_settings(tmp_path), embedder=minilm) as client:
        response = await client.post("/api/verify", json={"claim": "  The Earth is flat  "})
    assert response.status_code == 200
    body = response.json()
    assert body.keys() >= CONTRACT_FIELDS
    VerifyResponse.model_validate(body)
    assert body["claim"] == "The Earth is flat"
    assert body["original_claim"] == "  The Earth is flat  "
    assert body["mode"] == "evidence-only"
    # no model judged; NASA's "not flat" is a plain negation of the claim, so exact comparison
    # decides it, and the reasoning says both
    assert body["verdict"] == "False"
    assert body["reasoning"].startswith(
        "No language model is configured. Judged by claimcheck with exact comparison"
    )
    assert body["evidence"], "the seeded KB must yield evidence"
    assert body["evidence"][0].keys() >= EVIDENCE_FIELDS
    assert body["evidence"][0]["domain"] == "nasa.gov"
    assert all(e["origin"] == "kb" for e in body["evidence"])
    assert (body["evidence"][0]["stance"], body["evidence"][0]["stance_rule"]) == (
        "refutes",
        "negation",
    )
    assert body["evidence"][0]["quote"] in body["evidence"][0]["text"]
    assert body["search"]["tier_used"] == "kb"
    assert body["grounding"]["status"] == "SKIPPED"
    assert uuid.UUID(body["session_id"]).version == 4
    assert {"classify", "retrieve", "rerank", "verdict", "total"} <= body["timings_ms"].keys()
    assert any("no language model" in step.lower() for step in body["steps"])


async def test_each_verification_has_its_own_session(tmp_path, minilm):
    async with app_client(make_settings(tmp_path), embedder=minilm) as client:
        first = (
            await client.post("/api/verify", json={"claim": "Apollo 11 landed on the Moon in 1969"})
        ).json()
        second = (
            await client.post("/api/verify", json={"claim": "Apollo 11 landed on the Moon in 1969"})
        ).json()
    assert first["session_id"] != second["session_id"]
    assert "nasa.gov" in {e["domain"] for e in first["evidence"]}


async def test_health_names_components_and_fallbacks(tmp_path, minilm):
    async with app_client(make_settings(tmp_path), embedder=minilm) as client:
        health = (await client.get("/api/health")).json()
        stats = (await client.get("/api/kb/stats")).json()
        page = await client.get("/")
    assert health["status"] == "ok"
    assert health["kb_size"] >= 20
    assert stats["count"] == health["kb_size"]
    components = health["components"]
    assert components["reranker"]["fallback"] is True
    assert components["reranker"]["kind"] == "embedding"
    assert components["reranker"]["reason"]
    assert components["llm"]["configured"] is False
    assert components["llm"]["verdict_backend"] == "evidence-only"
    assert components["search"]["provider"] == "none"
    assert components["vector_store"]["mode"] == "embedded"
    assert components["embedder"]["dimension"] == 384
    assert page.status_code == 200 and "claimcheck" in page.text


async def test_opinion_and_vague_input_are_not_judged(tmp_path, minilm):
    async with app_client(make_settings(tmp_path), embedder=minilm) as client:
        opinion = (
            await client.post("/api/verify", json={"claim": "Pizza is the best food in the world"})
        ).json()
        vague = (await client.post("/api/verify", json={"claim": "It is true"})).json()
    assert opinion["claim_type"] == "OPINION" and opinion["verdict"] == "Not Verifiable"
    assert vague["claim_type"] == "AMBIGUOUS" and vague["verdict"] == "Not Enough Evidence"
    assert "rephrase" in vague["reasoning"]


async def test_references_replace_the_pool_and_stay_out_of_the_kb(tmp_path, minilm):
    refs = [
        "The Eiffel Tower in Paris was completed in 1889 for the World's Fair.",
        "https://example.org/page-not-fetched",
    ]
    async with app_client(make_settings(tmp_path), embedder=minilm) as client:
        before = (await client.get("/api/health")).json()["kb_size"]
        body = (
            await client.post(
                "/api/verify",
                json={"claim": "The Eiffel Tower was completed in 1889", "references": refs},
            )
        ).json()
        after = (await client.get("/api/health")).json()["kb_size"]
    assert [e["origin"] for e in body["evidence"]] == ["reference"]
    assert after == before
    assert any("URL" in step for step in body["steps"])


BAD_BODIES = [
    ({"claim": ""}, "empty"),
    ({"claim": "   \n\t "}, "whitespace"),
    ({"claim": "x" * 2001}, "too long"),
    ({"claim": 42}, "number"),
    ({"web_search": True}, "missing"),
    ({"claim": "ok claim here", "references": ["r"] * 11}, "too many references"),
    ({"claim": "ok claim here", "grounding": "sometimes"}, "bad enum"),
]


@pytest.mark.parametrize(("body", "why"), BAD_BODIES, ids=[b[1] for b in BAD_BODIES])
async def test_invalid_json_bodies_get_422_json(tmp_path, minilm, body, why):
    async with app_client(make_settings(tmp_path, AUTO_SEED=False), embedder=minilm) as client:
        response = await client.post("/api/verify", json=body)
        assert response.status_code == 422, why
        assert response.json()["error"] == "invalid_request"
        assert isinstance(response.json()["detail"], list)
        assert (await client.get("/api/health")).status_code == 200


RAW_BODIES = [
    (b'{"claim": "The Earth is flat"', "malformed json"),
    (b'{"claim": "caf\xc3\x28 \xff\xfe"}', "invalid utf-8"),
    (b"\xff\xfe\xfd", "binary"),
    (b"", "empty body"),
    (b'["The Earth is flat"]', "array"),
]


@pytest.mark.parametrize(("raw", "why"), RAW_BODIES, ids=[r[1] for r in RAW_BODIES])
async def test_undecodable_bodies_get_4xx_json(tmp_path, minilm, raw, why):
    async with app_client(make_settings(tmp_path, AUTO_SEED=False), embedder=minilm) as client:
        response = await client.post(
            "/api/verify", content=raw, headers={"content-type": "application/json"}
        )
        assert 400 <= response.status_code < 500, why
        assert "error" in response.json()
        assert (await client.get("/api/health")).status_code == 200


async def test_oversized_bodies_get_413(tmp_path, minilm):
    settings = make_settings(tmp_path, AUTO_SEED=False, MAX_BODY_BYTES=4096)
    async with app_client(settings, embedder=minilm) as client:
        declared = await client.post("/api/verify", json={"claim": "x" * 5000})
        assert declared.status_code == 413
        assert declared.json()["error"] == "payload_too_large"

        async def chunks():  # no content-length: the limit holds while streaming
            for _ in range(10):
                yield b" " * 1000

        streamed = await client.post(
            "/api/verify", content=chunks(), headers={"content-type": "application/json"}
        )
        assert streamed.status_code == 413
        assert (await client.get("/api/health")).status_code == 200


async def test_what_the_server_loaded_is_frozen_out_of_the_collector_while_it_runs(
    tmp_path, minilm
):
    """Full collections over the models' objects stopped the event loop for ~0.3 s under load."""
    import gc

    gc.unfreeze()
    async with app_client(make_settings(tmp_path), embedder=minilm) as client:
        frozen = gc.get_freeze_count()
        assert (await client.get("/api/health")).status_code == 200
    assert frozen > 10_000
    assert gc.get_freeze_count() == 0


async def test_docs_give_the_status_the_server_answers_for_a_body_that_is_not_json(
    tmp_path, minilm
):
    """Issue 37: docs/api.md said malformed JSON gets 422; the server answers 400."""
    import re

    async with app_client(make_settings(tmp_path, AUTO_SEED=False), embedder=minilm) as client:
        response = await client.post(
            "/api/verify", content=b'{"claim": ', headers={"content-type": "application/json"}
        )
    docs = API_DOCS.read_text()
    assert response.status_code == 400
    assert not re.search(r"422 for invalid input \([^)]*malformed", docs)
    stated = set(re.findall(r"(\d{3}) for a body that is\s+not JSON", docs))
    assert stated == {str(response.status_code)}, stated
