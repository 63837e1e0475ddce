"""Issue 40's done-when, in the real app: every answer has an id and a record that keeps the text it
quoted (with a sha256 that matches it) after the page changed and a week passed; a record is its
key's alone; a reviewer's review changes the next answer to the claim and to a paraphrase with no
LLM and no web; the reviews export as schema.org ClaimReview."""

from __future__ import annotations

import hashlib
import json

from tests.conftest import app_client, make_settings
from tests.fakes.pages import FakePages

KEY_A = "key-a-0123456789abcdef"
KEY_B = "key-b-0123456789abcdef"
EDITOR = "key-editor-0123456789ab"
CLAIM = "The Riverside Bridge in Millbrook opened in 1931."
PARAPHRASE = "The Riverside Bridge of Millbrook first opened to traffic in 1931."
PAGE = (
    "<html><head><title>Millbrook history</title></head><body><article><p>The Riverside Bridge in "
    "Millbrook opened to traffic in 1931 after three years of work by the county engineers, who "
    "built it from local granite.</p></article></body></html>"
)
EDITED = (
    "<html><head><title>Millbrook history</title></head><body><article><p>The Riverside Bridge in "
    "Millbrook was demolished in 1990 and replaced by a steel crossing that carries four lanes of "
    "traffic over the river.</p></article></body></html>"
)


def sha(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def keys(*extra: str) -> dict[str, str]:
    return {"X-API-Key": extra[0]} if extra else {}


async def test_a_record_keeps_the_text_it_quoted_after_the_page_changed_and_a_week_passed(
    tmp_path, minilm
):
    with FakePages({"/bridge": (200, PAGE)}) as site:
        url = site.url + "/bridge"
        settings = make_settings(tmp_path, FETCH_ALLOW_HOSTS=f"127.0.0.1:{site.port}")
        async with app_client(settings, embedder=minilm) as client:
            answer = (
                await client.post("/api/verify", json={"claim": CLAIM, "references": [url]})
            ).json()
            record_id = answer["id"]
            assert record_id and record_id.startswith("vrf_")
            quoted = answer["evidence"][0]
            assert quoted["source"] == url and "granite" in quoted["text"]

            site.routes["/bridge"] = FakePages({"/x": (200, EDITED)}).routes[
                "/x"
            ]  # the page changes
            recorder = client.app.state.records
            week = recorder.clock() + 7 * 86400
            recorder.clock = lambda: week  # … and a week passes
            later = (
                await client.post("/api/verify", json={"claim": CLAIM, "references": [url]})
            ).json()
            assert (
                "demolished" in later["evidence"][0]["text"]
            )  # the site really serves the new text

            response = await client.get(f"/api/verifications/{record_id}")
    assert response.status_code == 200, response.text
    body = response.json()
    assert body["id"] == record_id and body["verdict"] == answer["verdict"]
    assert body["evidence"] == answer["evidence"]  # the answer as it was sent
    snapshot = body["record"]["snapshots"][0]
    assert snapshot["text"] == quoted["text"] and "granite" in snapshot["text"]
    assert snapshot["sha256"] == sha(snapshot["text"])
    assert quoted["quote"] in snapshot["text"]
    assert snapshot["source"] == url and snapshot["fetched_at"]
    assert snapshot["archive_state"] is None and snapshot["archive_url"] is None  # ARCHIVE is off
    record = body["record"]
    assert record["via"] == "verify" and record["options"]["references"] == 1
    assert record["engines"]["embedder"]["name"] == "all-MiniLM-L6-v2"
    assert (
        record["engines"]["verdict_engine"] == "evidence-only" and record["engines"]["llm"] is None
    )
    assert len(record["prompts"]["VERDICT_SYSTEM"]) == 64
    assert later["id"] != record_id


async def test_a_record_is_its_keys_alone(tmp_path, minilm):
    settings = make_settings(
        tmp_path, API_KEYS=f"{KEY_A},{KEY_B}", REVIEWER_KEYS=f"Dana Editor:{EDITOR}"
    )
    async with app_client(settings, embedder=minilm) as client:
        made = await client.post("/api/verify", json={"claim": CLAIM}, headers=keys(KEY_A))
        record_id = made.json()["id"]
        assert (
            await client.get(f"/api/verifications/{record_id}", headers=keys(KEY_A))
        ).status_code == 200
        other = await client.get(f"/api/verifications/{record_id}", headers=keys(KEY_B))
        listed = (await client.get("/api/verifications", headers=keys(KEY_B))).json()
        mine = (await client.get("/api/verifications", headers=keys(KEY_A))).json()
        # a non-reviewer key (even the owner's) may not review; a reviewer of another key cannot see it
        not_reviewer = await client.post(
            f"/api/verifications/{record_id}/review",
            headers=keys(KEY_A),
            json={"verdict": "False", "note": "n"},
        )
        foreign = await client.post(
            f"/api/verifications/{record_id}/review",
            headers=keys(EDITOR),
            json={"verdict": "False", "note": "n"},
        )
        deleted_by_b = await client.delete(f"/api/verifications/{record_id}", headers=keys(KEY_B))
        anonymous = await client.get(f"/api/verifications/{record_id}")
        still = await client.get(f"/api/verifications/{record_id}", headers=keys(KEY_A))
        deleted = await client.delete(f"/api/verifications/{record_id}", headers=keys(KEY_A))
        gone = await client.get(f"/api/verifications/{record_id}", headers=keys(KEY_A))
    assert other.status_code == 404 and other.json()["error"] == "not_found"
    assert listed["records"] == [] and [r["id"] for r in mine["records"]] == [record_id]
    assert not_reviewer.status_code == 403 and not_reviewer.json()["error"] == "forbidden"
    assert foreign.status_code == 404
    assert (
        deleted_by_b.status_code == 404
        and anonymous.status_code == 401
        and still.status_code == 200
    )
    assert deleted.status_code == 200 and gone.status_code == 404


async def test_records_list_newest_first_with_cursor_pages_and_claim_search(tmp_path, minilm):
    claims = [f"The town of Millbrook had {n} bakeries in 1950." for n in range(5)] + [CLAIM]
    async with app_client(make_settings(tmp_path), embedder=minilm) as client:
        ids = [
            (await client.post("/api/verify", json={"claim": c, "web_search": False})).json()["id"]
            for c in claims
        ]
        pages, cursor = [], None
        while True:
            params = {"limit": 4, **({"cursor": cursor} if cursor else {})}
            page = (await client.get("/api/verifications", params=params)).json()
            pages.append(page["records"])
            cursor = page["next_cursor"]
            if cursor is None:
                break
        found = (
            await client.get("/api/verifications", params={"claim": "riverside BRIDGE"})
        ).json()
        bad = await client.get("/api/verifications", params={"cursor": "not-a-cursor!"})
    assert [len(p) for p in pages] == [4, 2]
    assert [r["id"] for p in pages for r in p] == ids[::-1]
    assert [r["claim"] for r in found["records"]] == [CLAIM] and found["next_cursor"] is None
    assert bad.status_code == 422


async def test_a_review_decides_the_next_answer_to_the_claim_and_a_paraphrase(tmp_path, minilm):
    settings = make_settings(
        tmp_path,
        API_KEYS=KEY_A,
        REVIEWER_KEYS=f"Dana Editor:{EDITOR}",
        REVIEW_PUBLISHER="Millbrook Gazette",
        VERDICT_CACHE_TTL_S=3600,
        REVIEW_URL="https://gazette.example/fact-checks/{id}",
    )
    async with app_client(settings, embedder=minilm) as client:
        before = (
            await client.post("/api/verify", json={"claim": CLAIM}, headers=keys(EDITOR))
        ).json()
        cached = (
            await client.post("/api/verify", json={"claim": CLAIM}, headers=keys(EDITOR))
        ).json()
        review = await client.post(
            f"/api/verifications/{before['id']}/review",
            headers=keys(EDITOR),
            json={
                "verdict": "False",
                "note": "County records show the bridge opened in 1934, not 1931.",
            },
        )
        after = (
            await client.post("/api/verify", json={"claim": CLAIM}, headers=keys(EDITOR))
        ).json()
        paraphrase = (
            await client.post("/api/verify", json={"claim": PARAPHRASE}, headers=keys(EDITOR))
        ).json()
        record = (
            await client.get(f"/api/verifications/{before['id']}", headers=keys(EDITOR))
        ).json()
        feed = await client.get(
            "/api/reviews", params={"format": "claimreview"}, headers=keys(EDITOR)
        )
        lines = await client.get("/api/reviews", params={"format": "jsonl"}, headers=keys(EDITOR))
        others = (
            await client.get("/api/reviews", params={"format": "jsonl"}, headers=keys(KEY_A))
        ).text
        health = (await client.get("/api/health")).json()
    assert before["verdict"] == "Not Enough Evidence" and cached["cache"] == "hit"
    assert review.status_code == 201, review.text
    made = review.json()
    assert (
        made["reviewer"] == "Dana Editor"
        and made["verdict"] == "False"
        and made["machine_verdict"] == before["verdict"]
    )
    assert made["url"] == f"https://gazette.example/fact-checks/{made['id']}"
    for answer in (after, paraphrase):
        assert answer["verdict"] == "False", answer["steps"]
        assert (
            answer["cache"] == "miss"
            and answer["usage"]["llm_calls"] == 0
            and answer["usage"]["searches"] == 0
        )
        n = next(i for i, e in enumerate(answer["evidence"], 1) if e["review"] is not None)
        item = answer["evidence"][n - 1]
        assert (
            item["review"]["publisher"] == "Millbrook Gazette"
            and item["review"]["rating"] == "False"
        )
        assert "1934" in item["text"] and item["source"] == made["url"]
        assert f"[{n}]" in answer["reasoning"]
        # steps say which decided: the review alone, or the engine agreeing with it
        assert any(
            "Millbrook Gazette" in s
            and s.startswith(
                ("Verdict decided by the prior fact-check", "Prior fact-check: Millbrook Gazette")
            )
            for s in answer["steps"]
        ), answer["steps"]
    assert [r["id"] for r in record["record"]["reviews"]] == [made["id"]]
    assert json.loads(lines.text.splitlines()[0])["id"] == made["id"] and others == ""
    assert feed.status_code == 200 and feed.headers["content-type"].startswith(
        "application/ld+json"
    )
    check_claim_review_feed(
        feed.json(), expected=[(CLAIM, "False", made["url"])], publisher="Millbrook Gazette"
    )
    assert health["components"]["records"]["enabled"] is True


def check_claim_review_feed(
    feed: dict, *, expected: list[tuple[str, str, str]], publisher: str
) -> None:
    """The schema.org ClaimReview shape Google's fact-check markup reads."""
    assert feed["@context"] == "https://schema.org"
    graph = feed["@graph"]
    assert [
        (r["claimReviewed"], r["reviewRating"]["alternateName"], r["url"]) for r in graph
    ] == expected
    for review in graph:
        assert review["@type"] == "ClaimReview"
        assert review["url"].startswith(("http://", "https://"))
        assert review["author"]["@type"] == "Organization" and review["author"]["name"] == publisher
        assert len(review["datePublished"]) == 10 and review["datePublished"][4] == "-"
        rating = review["reviewRating"]
        assert rating["@type"] == "Rating" and isinstance(rating["ratingValue"], int)
        assert rating["worstRating"] <= rating["ratingValue"] <= rating["bestRating"]
        assert rating["alternateName"] in {
            "True",
            "False",
            "Partially True",
            "Misleading",
            "Not Enough Evidence",
            "Not Verifiable",
        }
        assert (
            review["itemReviewed"]["@type"] == "Claim"
            and review["itemReviewed"]["text"] == review["claimReviewed"]
        )


async def test_passages_jobs_and_streams_answer_with_ids_whose_records_are_their_keys(
    tmp_path, minilm
):
    from tests.app.test_jobs import ended, results, wait_for

    settings = make_settings(tmp_path, API_KEYS=f"{KEY_A},{KEY_B}")
    a, b = keys(KEY_A), keys(KEY_B)
    async with app_client(settings, embedder=minilm) as client:
        passage = (
            await client.post(
                "/api/check",
                headers=a,
                json={
                    "text": "The Earth is flat. Apollo 11 landed on the Moon in 1969.",
                    "web_search": False,
                },
            )
        ).json()
        stream = await client.post(
            "/api/verify/stream",
            headers=a,
            json={"claim": "The Earth is flat", "web_search": False},
        )
        job = (
            await client.post(
                "/api/jobs",
                headers=a,
                json={
                    "items": [{"id": "j1", "claim": "The Earth is flat"}],
                    "options": {"web_search": False},
                },
            )
        ).json()
        await wait_for(client, job["id"], ended, headers=a)
        rows = await results(client, job["id"], headers=a)
        ids = {r["result"]["id"]: "job" for r in rows}
        ids.update({c["result"]["id"]: "passage" for c in passage["claims"] if c["result"]})
        streamed = [
            line
            for line in stream.text.splitlines()
            if line.startswith("data: ") and '"verdict"' in line
        ]
        ids[json.loads(streamed[-1][6:])["id"]] = "stream"
        vias = {
            i: (await client.get(f"/api/verifications/{i}", headers=a)).json()["record"]["via"]
            for i in ids
        }
        foreign = {
            i: (await client.get(f"/api/verifications/{i}", headers=b)).status_code for i in ids
        }
    assert sorted(ids.values()) == ["job", "passage", "passage", "stream"], ids
    assert vias == ids and set(foreign.values()) == {404}


async def test_records_on_postgresql(tmp_path, minilm, postgres_url):
    """DATABASE_URL on PostgreSQL: the record, its snapshots and a review kept there (migration 0003)."""
    settings = make_settings(
        tmp_path, DATABASE_URL=postgres_url, REVIEWER_KEYS=f"Dana Editor:{EDITOR}"
    )
    async with app_client(settings, embedder=minilm) as client:
        assert client.app.state.jobs.store.backend == "postgresql"
        made = (
            await client.post(
                "/api/verify", json={"claim": "The Earth is flat", "web_search": False}
            )
        ).json()
        review = await client.post(
            f"/api/verifications/{made['id']}/review",
            headers=keys(EDITOR),
            json={"verdict": "False", "note": "n"},
        )
        body = (await client.get(f"/api/verifications/{made['id']}")).json()
        listed = (await client.get("/api/verifications", params={"claim": "EARTH"})).json()
    assert review.status_code == 201 and body["record"]["reviews"][0]["reviewer"] == "Dana Editor"
    assert body["record"]["snapshots"] and all(
        s["sha256"] == sha(s["text"]) for s in body["record"]["snapshots"]
    )
    assert [r["id"] for r in listed["records"]] == [made["id"]]
    assert not (tmp_path / "kb-jobs.sqlite3").exists()
