"""Issue 20's reproducers: malformed URLs at every boundary answer cleanly, never with a 500.

Each of these made the service answer 500 (or drop the connection) before the one URL parser
(search/urls.py) was used at every boundary.
"""

from __future__ import annotations

import pytest

from retrieval.documents import Document
from retrieval.embeddings import HashingEmbedder
from search.fetch import Fetcher, FetchPolicy
from tests.conftest import app_client, make_settings

# The 15 malformed URLs: hosts, ports and characters httpx/idna/urllib choke on.
MALFORMED = [
    "http://a..b/x",
    "http://a.example:abc/x",
    "http://[zz]/x",
    "http://[::1/x",
    "http://a.example:99999/x",
    "http://a.example:-1/x",
    "http://-bad-.example/x",
    "http://" + "a" * 64 + ".example/x",
    "http://xn--/x",
    "http://exa mple.com/x",
    "http://a\u202eb.example/x",
    "http://\u2028.example/x",
    "http://a.example:0/x",
    "http://.example/x",
    "http://ex\u00adample..com/x",
]
PADDED = ["http://127.000.000.001/", "http://0177.0.0.1/"]


async def no_dns(host: str, port: int) -> list[str]:
    raise OSError(f"no DNS in tests: {host}")


def client_for(tmp_path, **overrides):
    return app_client(
        make_settings(tmp_path, AUTO_SEED=False, **overrides), embedder=HashingEmbedder()
    )


@pytest.mark.parametrize("url", MALFORMED)
async def test_the_fetcher_never_raises_on_a_malformed_url(url):
    fetcher = Fetcher(FetchPolicy(timeout_s=2), resolver=no_dns)
    try:
        check = await fetcher.check(url)
        assert check.status == "invalid_url", check
        assert check.reason
    finally:
        await fetcher.aclose()


@pytest.mark.parametrize("url", PADDED)
async def test_zero_padded_and_octal_loopback_is_refused_not_crashed(url):
    fetcher = Fetcher(FetchPolicy(timeout_s=2), resolver=no_dns)
    try:
        check = await fetcher.check(url)
        assert check.status == "refused" and "127.0.0.1" in check.reason, check
    finally:
        await fetcher.aclose()


# (the audit's URL finder stops at brackets, so "http://[zz]/x" never reaches it as a URL)
@pytest.mark.parametrize(
    "url", ["http://a..b/x", "http://a.example:abc/x", "http://a.example:99999/x"]
)
async def test_the_audit_reports_invalid_url_per_url(tmp_path, url):
    async with client_for(tmp_path) as client:
        client.app.state.runtime.search.pages.backend.resolver = no_dns
        response = await client.post("/api/sources/audit", json={"text": f"See {url} for details."})
        assert response.status_code == 200, response.text
        (item,) = response.json()["urls"]
        assert item["status"] == "invalid_url" and item["url"] == url
        assert response.json()["url_validity_rate"] == 0.0


@pytest.mark.parametrize("url", PADDED)
async def test_the_audit_refuses_padded_loopback(tmp_path, url):
    async with client_for(tmp_path) as client:
        response = await client.post("/api/sources/audit", json={"text": f"See {url} for details."})
        assert response.status_code == 200, response.text
        assert response.json()["urls"][0]["status"] == "refused"


@pytest.mark.parametrize("url", ["http://a..b/x", "http://a.example:abc/x", "http://[zz]/x"])
async def test_a_malformed_reference_is_a_step_not_a_500(tmp_path, url):
    async with client_for(tmp_path) as client:
        response = await client.post(
            "/api/verify",
            json={
                "claim": "Apollo 11 landed on the Moon in 1969.",
                "web_search": False,
                "references": [url, "Apollo 11 landed on the Moon on 20 July 1969."],
            },
        )
        assert response.status_code == 200, response.text
        steps = " ".join(response.json()["steps"])
        assert "Reference 1" in steps and "invalid URL" in steps


async def test_a_padded_loopback_reference_is_refused(tmp_path):
    async with client_for(tmp_path) as client:
        response = await client.post(
            "/api/verify",
            json={
                "claim": "Apollo 11 landed on the Moon in 1969.",
                "web_search": False,
                "references": [PADDED[0]],
            },
        )
        assert response.status_code in {400, 422}, response.text
        assert "127.0.0.1" in response.text


@pytest.mark.parametrize("source", MALFORMED + ["http://example.org/a\x07b"])
async def test_the_kb_api_refuses_a_malformed_source(tmp_path, source):
    async with client_for(tmp_path) as client:
        response = await client.post(
            "/api/kb/documents",
            json={"documents": [{"text": "Honey never spoils when sealed.", "source": source}]},
        )
        assert response.status_code == 422, response.text
        assert (await client.get("/api/kb/stats")).json()["count"] == 0


async def test_a_stored_document_with_an_unusable_source_is_skipped_with_a_step(tmp_path):
    async with client_for(tmp_path) as client:
        retriever = client.app.state.runtime.retrieval.retriever
        # a row written before sources were validated (the API accepted these)
        await retriever.index(
            [
                Document(
                    text="Honey never spoils when sealed in a jar.", source="http://[zz]/honey"
                ),
                Document(
                    text="Honey sealed in a jar does not spoil; jars from Egyptian tombs were edible.",
                    source="https://www.smithsonianmag.com/honey",
                ),
            ]
        )
        response = await client.post(
            "/api/verify", json={"claim": "Honey never spoils.", "web_search": False}
        )
        assert response.status_code == 200, response.text
        body = response.json()
        assert all(e["source"] != "http://[zz]/honey" for e in body["evidence"])
        assert any("unusable source" in step for step in body["steps"]), body["steps"]
        async with client.stream(
            "POST", "/api/verify/stream", json={"claim": "Honey never spoils.", "web_search": False}
        ) as stream:
            text = "".join([chunk async for chunk in stream.aiter_text()])
        assert "event: error" not in text and "event: result" in text


@pytest.mark.parametrize("location", ["http://a..b/x", "http://[zz]/x", "http://a.example:abc/x"])
async def test_a_redirect_to_a_malformed_url_is_invalid_url_not_an_exception(location):
    from tests.fakes.web import FakeWeb

    with FakeWeb({"/start": (302, {"location": location}, b"")}) as web:
        fetcher = Fetcher(FetchPolicy(allow_hosts=("127.0.0.1:*",), timeout_s=3))
        try:
            check = await fetcher.check(web.url + "/start")
        finally:
            await fetcher.aclose()
    assert check.status == "invalid_url", check
    assert web.requests == [("HEAD", "/start")]  # the malformed hop was never requested
