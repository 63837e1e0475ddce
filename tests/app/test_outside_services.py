"""The app against real loopback fakes of an LLM and a SearXNG server, healthy and failing."""

from __future__ import annotations

import re

from agent.judge._verdict import NO_LLM
from tests.conftest import app_client, make_settings
from tests.fakes.openai_server import FakeOpenAI, system_prompt
from tests.fakes.searxng import FakeSearxng

EIFFEL_RESULTS = [
    {
        "title": "Eiffel Tower history",
        "url": "https://www.britannica.com/topic/Eiffel-Tower",
        "content": "The Eiffel Tower was completed in March 1889 as the entrance arch to the 1889 "
        "World's Fair in Paris, built by Gustave Eiffel's company.",
        "engine": "fake",
    },
    {
        "title": "Fact check: Eiffel Tower built in 1889",
        "url": "https://www.snopes.com/fact-check/eiffel/",
        "content": "The Eiffel Tower in Paris was finished in 1889; claims it was built in 1925 are false.",
        "engine": "fake",
    },
]


def judge(messages):
    """A behavioural fake LLM: classifies, refuses sufficiency, and refutes citing [1] and a bogus [9]."""
    system = system_prompt(messages)
    if "classify" in system:
        return {"claim_type": "FACTUAL", "claim": "The Earth is flat", "reason": "checkable"}
    if "enough to judge" in system:
        return {"sufficient": True, "reason": "NASA addresses the shape directly"}
    if "judge sources" in system:
        return {"ratings": [{"n": 1, "confidence": 0.9}]}
    return {
        "verdict": "False",
        "confidence": 0.93,
        "reasoning": "NASA describes the Earth as an oblate spheroid [1], not flat [2]. See also [9].",
    }


async def test_llm_verdict_with_checked_citations(tmp_path, minilm):
    with FakeOpenAI(judge) as llm:
        settings = make_settings(tmp_path, OPENAI_BASE_URL=llm.url)
        async with app_client(settings, embedder=minilm) as client:
            body = (await client.post("/api/verify", json={"claim": "The Earth is flat"})).json()
            health = (await client.get("/api/health")).json()
    assert body["mode"] == "llm"
    assert body["verdict"] == "False"
    assert body["confidence"] == 0.93
    assert "[9]" not in body["reasoning"]  # no citation may point past the evidence list
    assert body["citations"] == {"total": 3, "supported": 2}
    assert (
        body["usage"]["llm_calls"] == len(llm.requests) >= 2
    )  # classify (+ sufficiency) + verdict
    assert body["usage"]["prompt_tokens"] == 100 * len(llm.requests)
    assert health["components"]["llm"]["configured"] is True
    # evidence reached the model fenced as untrusted data
    verdict_request = llm.requests[-1]["messages"][-1]["content"]
    assert re.search(r'<evidence n="1" source="nasa.gov"', verdict_request)


async def test_llm_down_degrades_to_evidence_only_with_a_step(tmp_path, minilm):
    with FakeOpenAI(status=500) as llm:
        settings = make_settings(tmp_path, OPENAI_BASE_URL=llm.url, LLM_TIMEOUT_S=5)
        async with app_client(settings, embedder=minilm) as client:
            response = await client.post("/api/verify", json={"claim": "The Earth is flat"})
    assert response.status_code == 200
    body = response.json()
    assert body["mode"] == "evidence-only"
    assert body["evidence"][0]["domain"] == "nasa.gov"
    assert any("LLM failed" in s or "the LLM failed" in s for s in body["steps"])
    assert "could not be used" in body["reasoning"]
    assert not body["reasoning"].startswith(NO_LLM)


async def test_an_unparseable_llm_verdict_falls_back_visibly(tmp_path, minilm):
    def rambling(messages):
        if "classify" in system_prompt(messages):
            return {"claim_type": "FACTUAL", "claim": "The Earth is flat", "reason": "x"}
        if "enough to judge" in system_prompt(messages):
            return {"sufficient": True}
        if "judge sources" in system_prompt(messages):
            return {"ratings": []}
        return "I think it might be, who knows"

    with FakeOpenAI(rambling) as llm:
        async with app_client(
            make_settings(tmp_path, OPENAI_BASE_URL=llm.url), embedder=minilm
        ) as client:
            body = (await client.post("/api/verify", json={"claim": "The Earth is flat"})).json()
    # an unreadable answer is an LLM failure: a visible fallback, here to exact comparison (NASA's
    # "not flat"), and the reasoning says the model's answer was not used
    assert body["mode"] == "evidence-only" and body["verdict"] == "False"
    assert body["reasoning"].startswith("The language model's answer could not be used.")
    assert any("not the JSON" in s or "JSON" in s for s in body["steps"])


async def test_web_results_are_used_and_written_back_into_the_kb(tmp_path, minilm):
    with FakeSearxng(EIFFEL_RESULTS) as searx:
        settings = make_settings(
            tmp_path, SEARCH_PROVIDER="searxng", SEARXNG_URL=searx.url, VERDICT_CACHE_TTL_S=0
        )  # the second verify must run, not hit the cache
        async with app_client(settings, embedder=minilm) as client:
            before = (await client.get("/api/health")).json()["kb_size"]
            body = (
                await client.post(
                    "/api/verify", json={"claim": "The Eiffel Tower was completed in 1889"}
                )
            ).json()
            await client.app.state.runtime.agent.verifier.drain()  # type: ignore[attr-defined]  # written after the answer
            after = (await client.get("/api/health")).json()["kb_size"]
            again = (
                await client.post(
                    "/api/verify", json={"claim": "The Eiffel Tower was completed in 1889"}
                )
            ).json()
    origins = {e["origin"] for e in body["evidence"]}
    assert origins & {"web", "fact_check"}
    assert body["search"]["tier_used"] in {"trusted", "fact_check", "broad"}
    assert body["search"]["queries"] >= 2 and body["usage"]["searches"] == body["search"]["queries"]
    assert body["search"]["new_documents"] == 2
    assert after == before + 2
    assert len(searx.requests) >= 2 and any("site:" in q for q in searx.requests)
    # the second time the same facts come from the KB and nothing new is stored
    assert "kb" in {e["origin"] for e in again["evidence"]}
    assert again["search"]["new_documents"] == 0


async def test_search_rate_limited_continues_on_kb_evidence(tmp_path, minilm):
    with FakeSearxng(EIFFEL_RESULTS, status=429, retry_after=0) as searx:
        settings = make_settings(tmp_path, SEARCH_PROVIDER="searxng", SEARXNG_URL=searx.url)
        async with app_client(settings, embedder=minilm) as client:
            response = await client.post(
                "/api/verify", json={"claim": "Fluoride in drinking water is safe"}
            )
            health = (await client.get("/api/health")).json()
    assert response.status_code == 200
    body = response.json()
    assert body["search"]["new_documents"] == 0
    assert any("rate limited" in s for s in body["steps"])
    assert health["components"]["search"]["recent_errors"]


async def test_search_server_gone_continues_on_kb_evidence(tmp_path, minilm):
    import socket

    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    sock.close()
    settings = make_settings(
        tmp_path, SEARCH_PROVIDER="searxng", SEARXNG_URL=f"http://127.0.0.1:{port}"
    )
    async with app_client(settings, embedder=minilm) as client:
        response = await client.post("/api/verify", json={"claim": "Apollo 11 landed on the Moon"})
    assert response.status_code == 200
    assert any("failed" in s for s in response.json()["steps"])


async def test_evidence_trust_from_url_checks_on_a_loopback_site(tmp_path, minilm, monkeypatch):
    import ipaddress
    import socket

    from tests.fakes.web import FakeWeb

    real_getaddrinfo = socket.getaddrinfo
    looked_up: list[str] = []

    def offline_dns(host, *args, **kwargs):  # seed-KB URLs must not leave the machine
        try:
            ipaddress.ip_address(host)
        except ValueError:
            looked_up.append(host)
            raise socket.gaierror(socket.EAI_NONAME, "no DNS in tests") from None
        return real_getaddrinfo(host, *args, **kwargs)

    monkeypatch.setattr(socket, "getaddrinfo", offline_dns)

    with FakeWeb({"/eiffel": (200, {}, b"ok"), "/fact": (403, {}, b"")}) as site:
        results = [
            dict(EIFFEL_RESULTS[0], url=f"{site.url}/eiffel"),
            dict(EIFFEL_RESULTS[1], url=f"{site.url}/fact"),
        ]
        with FakeSearxng(results) as searx:
            settings = make_settings(
                tmp_path,
                SEARCH_PROVIDER="searxng",
                SEARXNG_URL=searx.url,
                URL_CHECK=True,
                FETCH_ALLOW_HOSTS="127.0.0.1:*",
            )
            async with app_client(settings, embedder=minilm) as client:
                body = (
                    await client.post(
                        "/api/verify", json={"claim": "The Eiffel Tower was completed in 1889"}
                    )
                ).json()
                health = (await client.get("/api/health")).json()
    web = [e for e in body["evidence"] if e["source"].startswith(site.url)]
    assert web, body["steps"]
    for e in body["evidence"]:
        assert 0 < e["trust"]["posterior"] < 1 and e["trust"]["verdict"] in {"VERIFIED", "FAILED"}
        assert set(e["trust"]["contributions"]) >= {"url", "ai"} and e["flags"] == []
    signals = {e["source"].rsplit("/", 1)[1]: e["trust"]["signals"]["url"] for e in web}
    assert signals.get("eiffel", "live").startswith("live") and signals.get(
        "fact", "paywalled"
    ).startswith("paywalled")
    assert body["usage"]["url_checks"] >= len(web)
    assert {("HEAD", "/eiffel"), ("HEAD", "/fact")} & set(site.requests)
    assert health["components"]["url_check"]["enabled"] is True
    assert any(s.startswith("Source trust:") for s in body["steps"])
    for e in body["evidence"]:
        if e["source"].startswith("https://"):  # a seed-KB source: its check could not be made
            assert e["trust"]["signals"]["url"].startswith("unreachable")
