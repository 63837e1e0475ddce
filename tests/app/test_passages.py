"""POST /api/check: claims placed back in the text, opinions skipped, budgets held, bad input 422."""

from __future__ import annotations

import json
import time

import pytest

from agent.sentences import split_sentences
from tests.conftest import app_client, make_settings
from tests.fakes.openai_server import FakeOpenAI, system_prompt
from tests.fakes.searxng import FakeSearxng

PASSAGE = (
    "  The Eiffel Tower was completed in 1889 for the World's Fair.  I think it is the most "
    "beautiful building in Paris!\nApollo 11 landed on the Moon in July 1969. Thanks for reading. "
    "The United Nations was founded in 1945."
)


def test_sentence_offsets_round_trip():
    sentences = split_sentences(PASSAGE)
    assert [s.text for s in sentences][
        0
    ] == "The Eiffel Tower was completed in 1889 for the World's Fair."
    for s in sentences:
        assert PASSAGE[s.start : s.end] == s.text


def test_sentence_offsets_round_trip_through_odd_whitespace_and_wide_characters():
    text = "  \u201cThe Earth is round.\u201d\n\n   Water boils at 100\u00b0C. \U0001f30d\t  Paris is in France.  \n"
    sentences = split_sentences(text)
    assert [s.text for s in sentences] == [
        "\u201cThe Earth is round.\u201d",
        "Water boils at 100\u00b0C.",
        "\U0001f30d\t  Paris is in France.",
    ]
    for s in sentences:
        assert text[s.start : s.end] == s.text and s.text == s.text.strip()


async def test_claims_are_placed_back_and_opinions_are_not_verified(tmp_path, minilm):
    async with app_client(make_settings(tmp_path), embedder=minilm) as client:
        response = await client.post(
            "/api/check", json={"text": PASSAGE, "web_search": False, "max_claims": 5}
        )
    assert response.status_code == 200
    body = response.json()
    claims = body["claims"]
    for claim in claims:
        assert PASSAGE[claim["start"] : claim["end"]] == claim["text"]
    by_text = {c["text"]: c for c in claims}
    opinion = by_text["I think it is the most beautiful building in Paris!"]
    assert opinion["result"] is None and "opinion" in opinion["reason"]
    apollo = by_text["Apollo 11 landed on the Moon in July 1969."]
    assert apollo["result"] is not None and apollo["result"]["claim"] == apollo["text"]
    assert "nasa.gov" in {e["domain"] for e in apollo["result"]["evidence"]}
    assert by_text["Thanks for reading."]["result"] is None
    verified = [c for c in claims if c["result"]]
    assert sum(body["summary"].values()) == len(claims)
    assert body["summary"].get("not checked", 0) == len(claims) - len(verified)
    assert {"split", "select", "verify", "total"} <= body["timings_ms"].keys()


async def test_the_claim_cap_holds(tmp_path, minilm):
    async with app_client(make_settings(tmp_path), embedder=minilm) as client:
        body = (
            await client.post(
                "/api/check", json={"text": PASSAGE, "web_search": False, "max_claims": 1}
            )
        ).json()
    verified = [c for c in body["claims"] if c["result"]]
    assert len(verified) == 1
    left_out = [
        c
        for c in body["claims"]
        if c["reason"].startswith("left out: only 1 claim(s) were asked for")
    ]
    assert left_out and body["left_out"] == len(left_out) and body["max_claims"] == 1


async def test_a_repeated_sentence_is_verified_once_and_shares_its_result(tmp_path, minilm):
    """Issue 37: a passage that repeated one sentence five times had it verified five times, each
    taking a place of the claim budget."""
    text = " ".join(["The Earth is flat."] * 5 + ["Apollo 11 landed on the Moon in July 1969."])
    async with app_client(make_settings(tmp_path), embedder=minilm) as client:
        app = client.app
        calls: list[str] = []
        real = app.state.runtime.verification.passages.verify

        async def counted(claim, options):
            calls.append(claim)
            return await real(claim, options)

        app.state.runtime.verification.passages.verify = counted
        body = (
            await client.post(
                "/api/check", json={"text": text, "web_search": False, "max_claims": 2}
            )
        ).json()
    flat = [c for c in body["claims"] if c["text"] == "The Earth is flat."]
    assert len(flat) == 5 and all(
        c["result"] and c["result"]["verdict"] == flat[0]["result"]["verdict"] for c in flat
    )
    assert sorted(calls) == ["Apollo 11 landed on the Moon in July 1969.", "The Earth is flat."]
    assert body["repeated"] == 4 and body["left_out"] == 0
    assert all(c["reason"].startswith("repeats an earlier sentence") for c in flat[1:])


@pytest.mark.parametrize(
    "payload",
    [
        {"text": ""},
        {"text": "   \n "},
        {"text": "x" * 10001},
        {"text": "abc\x00\x01binary"},
        {"text": 42},
        {"text": "fine text here", "max_claims": 0},
        {"text": "fine text here", "max_claims": 99},
    ],
)
async def test_bad_passages_get_422(tmp_path, minilm, payload):
    async with app_client(make_settings(tmp_path, AUTO_SEED=False), embedder=minilm) as client:
        response = await client.post("/api/check", json=payload)
        assert response.status_code == 422
        assert response.json()["error"] == "invalid_request"
        binary = await client.post(
            "/api/check", content=b"\xff\xfe\x00\x01", headers={"content-type": "application/json"}
        )
        assert binary.status_code in (400, 422)


async def test_stream_emits_each_claim_then_the_result(tmp_path, minilm):
    events, name = [], None
    async with (
        app_client(make_settings(tmp_path), embedder=minilm) as client,
        client.stream(
            "POST", "/api/check/stream", json={"text": PASSAGE, "web_search": False}
        ) as r,
    ):
        assert r.status_code == 200 and r.headers["content-type"].startswith("text/event-stream")
        async for line in r.aiter_lines():
            if line.startswith("event: "):
                name = line[7:]
            elif line.startswith("data: "):
                events.append((name, json.loads(line[6:])))
    names = [n for n, _ in events]
    assert names[-1] == "result" and names.count("claim") >= 2
    final = events[-1][1]
    assert len([c for c in final["claims"] if c["result"]]) == names.count("claim")


def passage_llm(messages):
    system = system_prompt(messages)
    if "atomic factual claims" in system:
        return {
            "claims": [
                {"claim": "Drinking hot lemon water cures cancer.", "sentence": 1},
                {"claim": "Vitamin C megadoses prevent the flu.", "sentence": 2},
                {"claim": "Garlic pills cure high blood pressure.", "sentence": 4},
            ]
        }
    if "classify a claim" in system:
        claim = messages[-1]["content"].split("<claim>\n", 1)[1].split("\n</claim>", 1)[0]
        return {"claim_type": "FACTUAL", "claim": claim, "reason": "checkable"}
    if "enough to judge" in system:
        return {"sufficient": False, "reason": "needs the web"}
    if "judge sources" in system:
        return {"ratings": []}
    if "search query" in system:
        return {"keywords": "health claim"}
    return {"verdict": "False", "confidence": 0.8, "reasoning": "Refuted by [1]."}


async def one_claim_vs_passage(tmp_path, minilm, latency):
    def results(query):
        slug = "".join(ch for ch in query.lower() if ch.isalnum())[:40]
        return [
            {
                "title": f"Fact check about {query[:60]}",
                "url": f"https://www.snopes.com/fact-check/{slug}/",
                "content": f"Health experts reviewed the claim: {query[:120]}. No evidence supports it.",
            }
        ]

    text = (
        "Drinking hot lemon water cures cancer. Vitamin C megadoses prevent the flu. Thanks for "
        "reading this. Garlic pills cure high blood pressure. Have a nice day."
    )
    with (
        FakeOpenAI(passage_llm, delay_s=latency) as llm,
        FakeSearxng(results, delay_s=latency) as searx,
    ):
        settings = make_settings(
            tmp_path,
            OPENAI_BASE_URL=llm.url,
            SEARCH_PROVIDER="searxng",
            SEARXNG_URL=searx.url,
            SEARCH_BURST=30,
            SEARCH_RATE_PER_S=50,
        )
        async with app_client(settings, embedder=minilm) as client:
            await client.post(
                "/api/verify", json={"claim": "warm-up claim about nothing in particular"}
            )
            started = time.perf_counter()
            single = await client.post(
                "/api/verify", json={"claim": "Coffee enemas cure liver disease."}
            )
            one = time.perf_counter() - started
            started = time.perf_counter()
            passage = await client.post("/api/check", json={"text": text, "max_claims": 5})
            many = time.perf_counter() - started
    return single, passage, one, many


async def test_a_passage_costs_about_one_claim_not_three(tmp_path, minilm):
    single, passage, one, many = await one_claim_vs_passage(tmp_path, minilm, latency=0.4)
    assert single.status_code == passage.status_code == 200
    body = passage.json()
    verified = [c for c in body["claims"] if c["result"]]
    assert len(verified) == 3
    for claim in body["claims"]:
        assert body and claim["start"] < claim["end"]
    # generous margin for a shared 2-core machine; the benchmark reports the real ratio
    assert many <= 2.0 * one, (one, many)


def page_example_passage() -> str:
    """The passage behind the try-it page's "A passage" example button."""
    import re
    from pathlib import Path

    html = (Path(__file__).resolve().parents[2] / "app" / "static" / "index.html").read_text(
        encoding="utf-8"
    )
    return re.search(r'data-passage="([^"]+)"', html).group(1)


async def test_the_page_example_passage_gets_every_factual_sentence_checked(tmp_path, minilm):
    """With the packaged heads and no LLM: short, well-known false claims are check-worthy, the
    opinion is skipped as one (issue 23: "The Earth is flat." scored 0.05 before)."""
    passage = page_example_passage()
    async with app_client(make_settings(tmp_path), embedder=minilm) as client:
        body = (await client.post("/api/check", json={"text": passage, "web_search": False})).json()
    verified = [c["text"] for c in body["claims"] if c["result"] is not None]
    assert sorted(verified) == sorted(
        [
            "The Earth is flat.",
            "The Great Wall of China is visible from space.",
            "Apollo 11 landed on the Moon in 1969.",
            "Vaccines cause autism.",
        ]
    )
    pizza = next(c for c in body["claims"] if c["text"].startswith("Pizza"))
    assert pizza["result"] is None and pizza["reason"].startswith("an opinion")
