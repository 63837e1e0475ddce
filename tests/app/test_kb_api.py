"""The KB HTTP API: shapes, deterministic ids, chunked documents, and 422s for bad input."""

from __future__ import annotations

import asyncio

import pytest

from retrieval.embeddings import HashingEmbedder
from tests.conftest import app_client, make_settings

DOC = {
    "text": "Apollo 11 landed on the Moon on 20 July 1969.",
    "source": "https://www.nasa.gov/apollo-11/",
    "title": "Apollo 11",
    "timestamp": "2019-07-20",
}
OTHER = {
    "text": "The Great Wall of China is not visible from low Earth orbit with the naked eye.",
    "source": "https://www.nasa.gov/great-wall",
}


def client_for(tmp_path, **overrides):
    return app_client(
        make_settings(tmp_path, AUTO_SEED=False, **overrides), embedder=HashingEmbedder()
    )


async def test_add_search_stats_delete_round_trip(tmp_path):
    async with client_for(tmp_path) as client:
        added = await client.post("/api/kb/documents", json={"documents": [DOC, OTHER]})
        assert added.status_code == 200
        body = added.json()
        assert set(body) == {"ids", "added", "duplicates"}
        assert body["added"] == 2 and body["duplicates"] == 0
        assert all(i.startswith("doc_") for i in body["ids"])

        again = (await client.post("/api/kb/documents", json={"documents": [DOC]})).json()
        assert again == {"ids": [body["ids"][0]], "added": 0, "duplicates": 1}

        found = await client.get(
            "/api/kb/search", params={"q": "Apollo 11 Moon landing 1969", "k": 5}
        )
        assert found.status_code == 200
        results = found.json()["results"]
        assert results[0]["id"] == body["ids"][0]
        for key in (
            "id",
            "text",
            "source",
            "title",
            "score",
            "relevance",
            "parent_id",
            "origin",
            "source_type",
            "credibility",
            "timestamp",
            "access_count",
        ):
            assert key in results[0]
        assert results[0]["origin"] == "user" and results[0]["timestamp"] == "2019-07-20"

        stats = (await client.get("/api/kb/stats")).json()
        assert stats["count"] == 2 and stats["by_origin"] == {"user": 2}
        assert stats["oldest"] == "2019-07-20" and stats["newest"] >= stats["oldest"]
        assert sum(stats["by_source_type"].values()) == 2

        deleted = await client.delete(f"/api/kb/documents/{body['ids'][0]}")
        assert deleted.status_code == 200 and deleted.json() == {"id": body["ids"][0], "deleted": 1}
        missing = await client.delete(f"/api/kb/documents/{body['ids'][0]}")
        assert missing.status_code == 404 and missing.json()["error"] == "not_found"
        assert (await client.get("/api/kb/stats")).json()["count"] == 1


async def test_a_search_is_not_an_access(tmp_path):
    async with client_for(tmp_path) as client:
        await client.post("/api/kb/documents", json={"documents": [DOC]})
        for _ in range(2):
            hit = (await client.get("/api/kb/search", params={"q": "Apollo 11 Moon"})).json()[
                "results"
            ][0]
        assert hit["access_count"] == 0


async def test_a_long_document_is_stored_as_passages_under_one_id(tmp_path):
    text = " ".join(
        f"Section {i} of the report discusses coral bleaching in the reef." for i in range(80)
    )
    async with client_for(tmp_path) as client:
        body = (
            await client.post(
                "/api/kb/documents",
                json={
                    "documents": [
                        {
                            "text": text,
                            "source": "https://www.aims.gov.au/reef",
                            "title": "Reef report",
                        }
                    ]
                },
            )
        ).json()
        assert body["added"] == 1
        stats = (await client.get("/api/kb/stats")).json()
        assert stats["count"] > 1
        hits = (
            await client.get("/api/kb/search", params={"q": "coral bleaching reef report", "k": 3})
        ).json()
        assert {h["parent_id"] for h in hits["results"]} == {body["ids"][0]}
        assert {h["title"] for h in hits["results"]} == {"Reef report"}
        deleted = (await client.delete(f"/api/kb/documents/{body['ids'][0]}")).json()
        assert deleted["deleted"] == stats["count"]


@pytest.mark.parametrize(
    "documents, why",
    [
        ([{"text": "   ", "source": "https://example.org/"}], "empty text"),
        ([{"text": "x", "source": "ftp://example.org/file"}], "non-http source"),
        ([{"text": "x", "source": "example.org/page"}], "no scheme"),
        ([{"text": "x", "source": "javascript:alert(1)"}], "script source"),
        ([{"text": "x" * 1_000_001, "source": "https://example.org/"}], "document over 1 MB"),
        ([{"text": "é" * 500_001, "source": "https://example.org/"}], "over 1 MB in UTF-8 bytes"),
        (
            [{"text": f"doc {i}", "source": "https://example.org/"} for i in range(257)],
            "batch over the cap",
        ),
        ([], "empty batch"),
    ],
)
async def test_bad_documents_get_422(tmp_path, documents, why):
    async with client_for(tmp_path) as client:
        response = await client.post("/api/kb/documents", json={"documents": documents})
        assert response.status_code == 422, why
        assert response.json()["error"] == "invalid_request"
        assert (await client.get("/api/kb/stats")).json()["count"] == 0


@pytest.mark.parametrize(
    "params", [{"q": ""}, {"q": "   "}, {"q": "x", "k": 0}, {"q": "x", "k": 101}, {}]
)
async def test_bad_searches_get_422(tmp_path, params):
    async with client_for(tmp_path) as client:
        assert (await client.get("/api/kb/search", params=params)).status_code == 422


async def test_a_body_over_the_kb_limit_gets_413(tmp_path):
    async with client_for(tmp_path, KB_MAX_BODY_BYTES=4096) as client:
        response = await client.post(
            "/api/kb/documents",
            json={"documents": [{"text": "y" * 5000, "source": "https://example.org/"}]},
        )
        assert response.status_code == 413


async def counted_hits(client, query: str) -> dict[str, dict]:
    """The KB's counters once the write-behind has written them (KB_WRITE_BEHIND_S)."""
    for _ in range(40):
        health = (await client.get("/api/health")).json()["components"]["retrieval"]
        if health["counters_pending"] == 0:
            break
        await asyncio.sleep(0.1)
    hits = (await client.get("/api/kb/search", params={"q": query, "k": 20})).json()["results"]
    return {h["id"]: h for h in hits if h["verification_count"]}


async def test_evidence_used_in_a_verdict_is_counted_once_per_verification(tmp_path, minilm):
    async with app_client(
        make_settings(tmp_path, KB_WRITE_BEHIND_S=0.3), embedder=minilm
    ) as client:
        verdict = (await client.post("/api/verify", json={"claim": "The Earth is flat"})).json()
        used = {e["id"]: e["relevance"] for e in verdict["evidence"]}
        assert used
        counted = await counted_hits(client, "The Earth is flat")
        assert set(counted) == set(used)
        for doc_id, hit in counted.items():
            assert hit["verification_count"] == 1
            assert hit["avg_relevance"] == pytest.approx(used[doc_id], abs=1e-3)
            assert hit["access_count"] == 1


async def test_counters_of_concurrent_verifications_are_merged_not_lost(tmp_path, minilm):
    """Four verifications at once write their counters in one update: every increment counts."""
    settings = make_settings(tmp_path, KB_WRITE_BEHIND_S=0.5, VERDICT_CACHE_TTL_S=0)
    async with app_client(settings, embedder=minilm) as client:
        answers = await asyncio.gather(
            *(client.post("/api/verify", json={"claim": "The Earth is flat"}) for _ in range(4))
        )
        used = {e["id"] for a in answers for e in a.json()["evidence"]}
        counted = await counted_hits(client, "The Earth is flat")
    assert set(counted) == used
    assert all(
        hit["verification_count"] == 4 and hit["access_count"] == 4 for hit in counted.values()
    )


async def test_counters_still_pending_at_shutdown_are_written(tmp_path, minilm):
    settings = make_settings(tmp_path, KB_WRITE_BEHIND_S=10)
    async with app_client(settings, embedder=minilm) as client:
        verdict = (await client.post("/api/verify", json={"claim": "The Earth is flat"})).json()
        pending = (await client.get("/api/health")).json()["components"]["retrieval"][
            "counters_pending"
        ]
    async with app_client(settings, embedder=minilm) as reopened:
        counted = await counted_hits(reopened, "The Earth is flat")
    assert pending >= len(verdict["evidence"]) > 0  # nothing written yet: 10 s had not passed
    assert set(counted) == {e["id"] for e in verdict["evidence"]}
