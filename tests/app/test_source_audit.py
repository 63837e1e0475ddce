"""POST /api/sources/audit against a page server on 127.0.0.1 (allowed through FETCH_ALLOW_HOSTS)."""

from __future__ import annotations

import socket
import time

import pytest

from agent.trust._audit import authority, extract_urls, freshness, url_date
from tests.conftest import app_client, make_settings
from tests.fakes.pages import FakePages

SUPPORTING = """<html><head><title>Fluoridation</title>
<meta property="article:published_time" content="2024-05-02T10:00:00Z"></head><body><article>
<h1>Community water fluoridation</h1>
<p>Community water fluoridation is safe and effective at preventing tooth decay in children and
adults. Decades of research show that fluoride in drinking water reduces cavities by about 25 percent.</p>
<p>Public health agencies recommend fluoridating community water systems.</p>
</article></body></html>"""


def closed_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def test_url_extraction_strips_punctuation_dedupes_and_caps():
    text = (
        "See https://a.org/x. Also (https://b.org/y), and https://a.org/x again! "
        "Wiki: https://en.wikipedia.org/wiki/Python_(programming_language). "
        + " ".join(f"https://site{n}.com/p" for n in range(20))
    )
    urls = extract_urls(text)
    assert [u.url for u in urls[:3]] == [
        "https://a.org/x",
        "https://b.org/y",
        "https://en.wikipedia.org/wiki/Python_(programming_language)",
    ]
    assert len(urls) == 15
    assert urls[0].sentence == "See https://a.org/x."


def test_authority_and_freshness_rules():
    assert authority("scientific_journal", 0.95, "medical") > authority(
        "scientific_journal", 0.95, "financial"
    )
    assert (
        authority("government", 0.9, None)
        > authority("news", 0.85, None)
        > authority("blog", 0.4, None)
    )
    assert 0.25 <= authority("social", 0.0, "legal") <= authority("court", 1.0, "legal") <= 1.5
    from datetime import date

    assert freshness("2020-01-01", "news", today=date(2021, 1, 1)) == pytest.approx(0.5, abs=0.01)
    assert freshness("2020-01-01", "scientific_journal", today=date(2021, 1, 1)) > 0.85
    assert freshness(None, "news") is None
    assert url_date("https://x.com/2023/05/12/story") == "2023-05-12"


async def test_statuses_alignment_and_aggregates(tmp_path, minilm):
    with FakePages({"/fluoride": (200, SUPPORTING), "/broken": (500, "oops")}) as site:
        port = closed_port()
        text = (
            f"Fluoridated water is safe and prevents tooth decay ({site.url}/fluoride). "
            f"A missing study is cited here: {site.url}/missing. The server of {site.url}/broken fails. "
            f"Nothing listens at http://127.0.0.1:{port}/x today. "
            "Cloud metadata lives at http://169.254.169.254/latest/meta-data/ for instances."
        )
        settings = make_settings(
            tmp_path, AUTO_SEED=False, FETCH_ALLOW_HOSTS="127.0.0.1:*,localhost:*"
        )
        async with app_client(settings, embedder=minilm) as client:
            response = await client.post(
                "/api/sources/audit", json={"text": text, "topic": "medical"}
            )
    assert response.status_code == 200, response.text
    body = response.json()
    statuses = [(u["url"].rsplit("/", 1)[-1] or u["url"], u["status"]) for u in body["urls"]]
    assert [s for _, s in statuses] == ["valid", "invalid", "invalid", "unreachable", "refused"], (
        statuses
    )
    live = body["urls"][0]
    assert live["http_status"] == 200 and live["published"] == "2024-05-02"
    assert live["alignment"] >= 70 and live["alignment_method"] == "embedding-similarity"
    assert live["freshness"] is not None and live["trust"]["posterior"] is not None
    assert body["urls"][1]["http_status"] == 404 and body["urls"][2]["http_status"] == 500
    assert "169.254.169.254" in body["urls"][4]["url"] and body["urls"][4]["reason"]
    assert body["url_validity_rate"] == pytest.approx(0.2)
    assert body["citation_alignment"] == live["alignment"]
    assert 0 <= body["source_authority_score"] <= 100
    assert not any("169.254" in path for _, path in site.requests)


async def test_no_urls_and_bad_input(tmp_path, minilm):
    async with app_client(make_settings(tmp_path, AUTO_SEED=False), embedder=minilm) as client:
        empty = (
            await client.post("/api/sources/audit", json={"text": "No links in this text at all."})
        ).json()
        assert empty["urls"] == [] and empty["source_authority_score"] is None
        assert empty["url_validity_rate"] is None and empty["citation_alignment"] is None
        for bad in (
            {"text": ""},
            {"text": "x" * 20001},
            {"text": "ok", "topic": "astrology"},
            {"text": 3},
        ):
            response = await client.post("/api/sources/audit", json=bad)
            assert response.status_code == 422 and response.json()["error"] == "invalid_request"


async def test_dotless_and_unparsable_urls_are_reported_not_skipped(tmp_path, minilm):
    text = (
        "The intranet page http://intranet/report says so. A broken one: http://:80/x and "
        "http://example.org:99999/y and http://[zz/ too."
    )
    async with app_client(make_settings(tmp_path, AUTO_SEED=False), embedder=minilm) as client:
        response = await client.post("/api/sources/audit", json={"text": text})
    assert response.status_code == 200, response.text
    urls = response.json()["urls"]
    assert len(urls) == 3, urls
    assert {u["status"] for u in urls} == {"invalid_url"}
    assert "no dot" in urls[0]["reason"] and all(u["reason"] for u in urls)
    assert response.json()["url_validity_rate"] == 0.0


async def test_fifteen_urls_cost_about_one_latency(tmp_path, minilm):
    routes = {f"/p{n}": (200, SUPPORTING) for n in range(15)}
    with FakePages(routes, delay_s=0.4) as site:
        text = " ".join(f"Claim {n} is backed by {site.url}/p{n} here." for n in range(15))
        settings = make_settings(tmp_path, AUTO_SEED=False, FETCH_ALLOW_HOSTS="127.0.0.1:*")
        async with app_client(settings, embedder=minilm) as client:
            await client.post("/api/sources/audit", json={"text": f"Warm-up: {site.url}/p0 ."})
            site.requests.clear()
            started = time.perf_counter()
            body = (
                await client.post(
                    "/api/sources/audit", json={"text": text.replace("/p0 ", "/p0?fresh ")}
                )
            ).json()
            elapsed = time.perf_counter() - started
    assert len(body["urls"]) == 15 and body["url_validity_rate"] == 1.0
    assert elapsed < 4 * 0.4 + 2.0, elapsed  # one round trip each, all at once (+ page parsing)
    assert len(site.requests) == 15
