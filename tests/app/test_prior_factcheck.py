"""Issue 25's done-when, in the real app: with FACTCHECK_API_KEY and FACTCHECK_API_URL pointed at
the loopback fake of the Fact Check Tools API, "The Moon landing was faked" answers with the
fact-checker's review as evidence [N] and the verdict names it; the key never shows."""

from __future__ import annotations

import logging

from tests.conftest import app_client, make_settings
from tests.fakes.factcheck import FakeFactCheck

KEY = "AIza-test-2d8c41f09e7b"


async def test_the_moon_landing_answers_with_the_prior_fact_check(tmp_path, minilm, caplog):
    caplog.set_level(logging.DEBUG)
    with FakeFactCheck(KEY) as fake:
        url = fake.url
        settings = make_settings(
            tmp_path, LOCAL_JUDGE=True, FACTCHECK_API_KEY=KEY, FACTCHECK_API_URL=fake.url
        )
        async with app_client(settings, embedder=minilm) as client:
            response = await client.post(
                "/api/verify", json={"claim": "The Moon landing was faked"}
            )
            health = await client.get("/api/health")
    assert response.status_code == 200, response.text
    body = response.json()
    reviewed = [n for n, e in enumerate(body["evidence"], 1) if e["review"] is not None]
    assert reviewed, body["evidence"]
    n = reviewed[0]
    item = body["evidence"][n - 1]
    assert item["origin"] == "fact_check" and item["stance"] == "refutes"
    assert item["review"] == {
        "publisher": "Reuters",
        "claim_reviewed": "The Apollo Moon landings were faked.",
        "rating": "False",
        "verdict": "False",
        "reviewed_at": "2021-02-24",
        "similarity": item["review"]["similarity"],
    }
    assert item["review"]["similarity"] >= 0.5
    assert body["verdict"] == "False"
    assert f"[{n}]" in body["reasoning"] and "Reuters" in body["reasoning"]
    assert any(s.startswith("Prior fact-check") and "Reuters" in s for s in body["steps"])
    assert all("before_claim" in e for e in body["evidence"])
    component = health.json()["components"]["fact_check_api"]
    assert component["enabled"] and component["api_key"] == "configured"
    assert component["url"] == url
    assert KEY not in response.text + health.text + caplog.text
    assert all(key == KEY for _, key, _ in fake.requests) and len(fake.requests) == 1
