"""Issue 8 end to end: the real app, a real OpenAI-compatible server and a real page server on
127.0.0.1. The fake LLM is behavioural: its confidence grows with how many of the claim's specifics
(capitalised words, numbers) the evidence it is shown contains — so scrubbing matters exactly
when the evidence's specifics carry the verdict."""

from __future__ import annotations

import re

from tests.app.test_agent_flows import scripted, user_claim
from tests.conftest import app_client, make_settings
from tests.fakes.openai_server import FakeOpenAI, system_prompt
from tests.fakes.web import FakeWeb

EIFFEL = "The Eiffel Tower was completed in 1889"
EIFFEL_PAGE = b"""<!doctype html><html><head><title>Eiffel Tower facts</title>
<meta property="article:published_time" content="2015-06-01T08:00:00Z"></head>
<body><nav><a href="/">Home</a> | <a href="/shop">Shop</a> | Subscribe to our newsletter</nav>
<article><h1>The Eiffel Tower</h1>
<p>The Eiffel Tower in Paris was completed in 1889 as the entrance arch of the World's Fair.</p>
<p>Gustave Eiffel's engineering company designed and built the tower over two years.</p>
<p>The tower is repainted every seven years with about sixty tonnes of paint.</p></article>
<footer>Copyright 2024. Accept our cookie policy to continue.</footer></body></html>"""


def confidence_for(user: str) -> float:
    claim = _claim_in(user)
    evidence = " ".join(re.findall(r"<evidence[^>]*>\n(.*?)\n</evidence>", user, re.S))
    specifics = set(re.findall(r"\b(?:[A-Z][a-z]+|\d+)\b", claim)) - {claim.split()[0]}
    if not specifics:
        return 0.75  # nothing specific to look for: the same answer whatever the evidence says
    present = sum(s in evidence for s in specifics) / len(specifics)
    return round(0.55 + 0.4 * present, 4)


def _claim_in(user: str) -> str:
    return user_claim([{"content": user}])


def judge(reasoning: str | None = None):
    """The pipeline's scripted LLM, plus the scrubbed pass and the LLM citation check; the verdict's
    confidence follows the evidence's specifics, and it names a quote and a stance for [1]."""

    def verdict(messages):
        claim, user = user_claim(messages), messages[-1]["content"]
        return {
            "verdict": "True",
            "confidence": confidence_for(user),
            "reasoning": reasoning or f"Evidence [1] says: {claim}.",
            "evidence": [{"n": 1, "stance": "supports", "probability": 0.9, "quote": claim}],
        }

    pipeline = scripted(verdict=verdict)

    def reply(messages):
        system, user = system_prompt(messages), messages[-1]["content"]
        if "review a fact-check verdict" in system:
            return {"confidence": confidence_for(user)}
        if "check the citations" in system:
            sentences = re.findall(r'<sentence s="(\d+)" cites="([\d,]+)">', user)
            return {
                "checks": [
                    {"s": int(s), "n": int(n), "supported": True}
                    for s, cites in sentences
                    for n in cites.split(",")
                ]
            }
        return pipeline(messages)

    return reply


async def verify(client, claim, **extra):
    response = await client.post("/api/verify", json={"claim": claim, **extra})
    assert response.status_code == 200, response.text
    return response.json()


async def test_evidence_whose_specifics_do_not_matter_ends_suspicious(tmp_path, minilm):
    claim = "Regular exercise improves mood"
    with FakeOpenAI(judge()) as llm:
        async with app_client(
            make_settings(tmp_path, OPENAI_BASE_URL=llm.url), embedder=minilm
        ) as client:
            body = await verify(
                client,
                claim,
                references=[
                    "Regular exercise improves mood and sleep, according to many studies of adults."
                ],
            )
    grounding = body["grounding"]
    assert grounding == {
        "status": "SUSPICIOUS",
        "full_confidence": 0.75,
        "scrubbed_confidence": 0.75,
        "delta": 0.0,
        "profile": "general",
    }
    assert any(s.startswith("Grounding (confidence 0.75 is medium") for s in body["steps"])
    asked = [system_prompt(r["messages"]).split("\n")[0] for r in llm.requests]
    assert (
        body["usage"]["llm_calls"] == len(llm.requests) == 4
    )  # classify, source ratings, verdict, scrubbed
    assert sum("review a fact-check verdict" in a for a in asked) == 1


async def test_evidence_whose_specifics_carry_the_verdict_is_verified(tmp_path, minilm):
    with FakeOpenAI(judge()) as llm:
        async with app_client(
            make_settings(tmp_path, OPENAI_BASE_URL=llm.url), embedder=minilm
        ) as client:
            body = await verify(
                client,
                EIFFEL,
                grounding="always",
                references=[
                    "The Eiffel Tower in Paris was completed in 1889 for the World's Fair."
                ],
            )
    scrubbed_evidence = llm.requests[-1]["messages"][-1]["content"].split("Evidence:", 1)[1]
    assert "1889" not in scrubbed_evidence and "Eiffel" not in scrubbed_evidence
    assert "[DATE_1]" in scrubbed_evidence
    assert body["grounding"]["status"] == "VERIFIED"
    assert (
        body["grounding"]["full_confidence"] == 0.95
        and body["grounding"]["scrubbed_confidence"] == 0.55
    )
    evidence = body["evidence"][0]
    assert evidence["stance"] == "supports" and evidence["stance_score"] == 0.9
    assert evidence["quote"] in evidence["text"] and body["factuality"] == 1.0


async def test_trigger_and_profile_decide_whether_the_scrubbed_pass_runs(tmp_path, minilm):
    reference = ["The Eiffel Tower in Paris was completed in 1889 for the World's Fair."]
    with FakeOpenAI(judge()) as llm:
        async with app_client(
            make_settings(tmp_path, OPENAI_BASE_URL=llm.url), embedder=minilm
        ) as client:
            high = await verify(
                client, EIFFEL, references=reference
            )  # 0.95: not medium for general
            security = await verify(client, EIFFEL, references=reference, profile="security")
            never = await verify(
                client, EIFFEL, references=reference, profile="security", grounding="never"
            )
            bad = await client.post("/api/verify", json={"claim": EIFFEL, "profile": "medical"})
    assert high["grounding"]["status"] == "SKIPPED" and high["grounding"]["profile"] == "general"
    assert any("outside the general profile's medium band" in s for s in high["steps"])
    # security is stricter: a 0.40 drop is PLAUSIBLE there (VERIFIED needs 0.45)
    assert (
        security["grounding"]["status"] == "PLAUSIBLE"
        and security["grounding"]["profile"] == "security"
    )
    assert never["grounding"]["status"] == "SKIPPED"
    assert (
        security["usage"]["llm_calls"]
        == high["usage"]["llm_calls"] + 1
        == never["usage"]["llm_calls"] + 1
    )
    assert bad.status_code == 422 and "valid: general, documentation, data, security" in bad.text


async def test_a_fabricated_citation_is_dropped_and_counted(tmp_path, minilm):
    reasoning = f"{EIFFEL} for the World's Fair [1]. It was painted gold by Napoleon in 1802 [2]."
    references = [
        "The Eiffel Tower in Paris was completed in 1889 for the World's Fair.",
        "The Eiffel Tower is repainted every seven years with sixty tonnes of paint.",
    ]
    with FakeOpenAI(judge(reasoning)) as llm:
        async with app_client(
            make_settings(tmp_path, OPENAI_BASE_URL=llm.url), embedder=minilm
        ) as client:
            body = await verify(client, EIFFEL, references=references, grounding="never")
    assert body["citations"] == {"total": 2, "supported": 1}
    assert (
        "[2]" not in body["reasoning"] and "(not backed by the cited evidence)" in body["reasoning"]
    )
    assert any("[2] does not back" in s and "Napoleon" in s for s in body["steps"])
    assert body["verdict"] == "True"  # [1] still backs the verdict


async def test_a_reference_url_to_loopback_is_refused_with_the_reason(tmp_path, minilm):
    with FakeWeb({"/eiffel": (200, {"content-type": "text/html"}, EIFFEL_PAGE)}) as web:
        async with app_client(make_settings(tmp_path), embedder=minilm) as client:
            response = await client.post(
                "/api/verify",
                json={"claim": EIFFEL, "references": ["Some text reference.", f"{web.url}/eiffel"]},
            )
    assert response.status_code == 422
    detail = response.json()["detail"][0]
    assert response.json()["error"] == "reference_refused" and detail["loc"] == [
        "body",
        "references",
        1,
    ]
    assert "loopback" in detail["msg"] and "127.0.0.1" in detail["reason"]
    assert web.requests == []  # refused before anything was fetched


async def test_a_reference_page_is_fetched_extracted_cited_and_kept_out_of_the_kb(tmp_path, minilm):
    page = {"/eiffel": (200, {"content-type": "text/html; charset=utf-8"}, EIFFEL_PAGE)}
    with FakeOpenAI(judge()) as llm, FakeWeb(page) as web:
        settings = make_settings(tmp_path, OPENAI_BASE_URL=llm.url, FETCH_ALLOW_HOSTS="127.0.0.1:*")
        async with app_client(settings, embedder=minilm) as client:
            before = (await client.get("/api/kb/stats")).json()["count"]
            body = await verify(client, EIFFEL, references=[f"{web.url}/eiffel"])
            after = (await client.get("/api/kb/stats")).json()["count"]
            indexed = await verify(
                client, EIFFEL, references=[f"{web.url}/eiffel"], index_references=True
            )
            stored = (await client.get("/api/kb/stats")).json()["count"]
    assert ("GET", "/eiffel") in web.requests
    evidence = body["evidence"]
    assert [e["origin"] for e in evidence] == ["reference"] and evidence[0][
        "source"
    ] == f"{web.url}/eiffel"
    assert "completed in 1889" in evidence[0]["text"]
    assert (
        "cookie" not in evidence[0]["text"] and "newsletter" not in evidence[0]["text"]
    )  # boilerplate gone
    assert evidence[0]["published"] == "2015-06-01" and evidence[0]["title"] == "The Eiffel Tower"
    assert evidence[0]["quote"] in evidence[0]["text"]
    assert "[1]" in body["reasoning"] and body["citations"] == {"total": 1, "supported": 1}
    assert body["search"]["tier_used"] is None and body["usage"]["searches"] == 0
    assert after == before and stored > after
    assert any("not written to the knowledge base" in s for s in body["steps"])
    assert any("Indexed" in s and "reference passage" in s for s in indexed["steps"])


async def test_stale_evidence_for_a_time_sensitive_claim_is_marked(tmp_path, minilm):
    page = {"/eiffel": (200, {"content-type": "text/html"}, EIFFEL_PAGE)}
    with FakeWeb(page) as web:
        settings = make_settings(tmp_path, FETCH_ALLOW_HOSTS="127.0.0.1:*")
        async with app_client(settings, embedder=minilm) as client:
            body = await verify(
                client,
                "The Eiffel Tower is currently repainted every seven years",
                references=[f"{web.url}/eiffel"],
            )
    item = body["evidence"][0]
    assert item["stale"] is True and item["freshness"] is not None and item["freshness"] < 0.5
    assert any(s.startswith("Freshness: the claim is time-sensitive") for s in body["steps"])
    assert body["mode"] == "evidence-only" and body["grounding"]["status"] == "SKIPPED"
    assert any("lexical heuristic" in s for s in body["steps"])


async def test_a_reference_page_about_something_else_says_so_not_kb_or_web(tmp_path, minilm):
    unrelated = (
        b"<html><head><title>Gardening</title></head><body><article><p>Tomatoes need six hours of "
        b"sun a day and regular watering in dry weeks.</p></article></body></html>"
    )
    page = {"/garden": (200, {"content-type": "text/html"}, unrelated)}
    with FakeWeb(page) as web:
        settings = make_settings(tmp_path, FETCH_ALLOW_HOSTS="127.0.0.1:*", LOCAL_JUDGE=True)
        async with app_client(settings, embedder=minilm) as client:
            body = await verify(client, EIFFEL, references=[f"{web.url}/garden"])
    assert ("GET", "/garden") in web.requests
    assert body["verdict"] == "Not Enough Evidence" and body["evidence"] == []
    assert "reference pages you supplied" in body["reasoning"], body["reasoning"]
    assert "knowledge base or on the web" not in body["reasoning"]
