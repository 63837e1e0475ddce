"""Issue 19 end to end: the judge that ships with claimcheck answers without an LLM, and a terse
LLM verdict survives the citation check (the real app, the loopback LLM fake)."""

from __future__ import annotations

from tests.app.test_agent_flows import scripted
from tests.conftest import app_client, make_settings
from tests.fakes.openai_server import FakeOpenAI, system_prompt


async def verify(client, claim, **extra):
    response = await client.post("/api/verify", json={"claim": claim, **extra})
    assert response.status_code == 200, response.text
    return response.json()


async def test_without_an_llm_the_local_judge_answers_false_from_nasa_and_cites_it(
    tmp_path, minilm
):
    async with app_client(make_settings(tmp_path, LOCAL_JUDGE=True), embedder=minilm) as client:
        body = await verify(client, "The Earth is flat")
        health = (await client.get("/api/health")).json()
    assert body["verdict"] == "False" and body["mode"] == "nli"
    assert 0.5 < body["confidence"] <= 1.0
    refuting = [n for n, e in enumerate(body["evidence"], 1) if e["stance"] == "refutes"]
    assert refuting and body["evidence"][refuting[0] - 1]["domain"] == "nasa.gov"
    assert f"[{refuting[0]}]" in body["reasoning"]
    assert body["evidence"][refuting[0] - 1]["quote"] in body["reasoning"]
    assert body["reasoning"].startswith("Judged by the local judge (claimcheck-judge")
    # NASA's "The Earth is not flat" decides by exact comparison (issue 36), at the rule's measured precision
    assert any("Verdict by exact comparison" in s and "compare.json" in s for s in body["steps"])
    assert any(e["stance_rule"] == "negation" for e in body["evidence"])
    assert (
        body["citations"]["total"] >= 1
        and body["citations"]["supported"] == body["citations"]["total"]
    )
    judge = health["components"]["judge"]
    assert judge["active"].startswith("claimcheck-judge") and judge["loaded"] and judge["fallback"]
    assert "NLI_MODEL" in judge["reason"]
    models = health["components"]["models"]
    assert models["nli"]["state"] == "fallback" and "not available" in models["nli"]["reason"]
    assert models["judge"]["state"] == "loaded" and models["embedder"]["state"] == "loaded"
    assert (
        models["judge"]["alignment"] == "stacked" and "word alignment" in models["judge"]["model"]
    )
    assert {m["state"] for m in models.values()} <= {"loaded", "fallback", "off"}


async def test_the_alignment_stage_can_be_turned_off(tmp_path, minilm):
    async with app_client(
        make_settings(tmp_path, LOCAL_JUDGE=True, JUDGE_ALIGNMENT=False), embedder=minilm
    ) as client:
        body = await verify(client, "The Earth is flat")
        health = (await client.get("/api/health")).json()
    judge = health["components"]["models"]["judge"]
    assert judge["state"] == "loaded" and judge["alignment"] == "JUDGE_ALIGNMENT=false"
    assert "word alignment" not in judge["model"]
    assert (
        body["verdict"] == "False" and body["mode"] == "nli"
    )  # the cross-encoder alone still judges


async def test_unrelated_evidence_is_not_enough(tmp_path, minilm):
    async with app_client(make_settings(tmp_path, LOCAL_JUDGE=True), embedder=minilm) as client:
        body = await verify(
            client,
            "Drinking coffee causes stomach cancer",
            references=[
                "Coffee is one of the most popular drinks in the world and is grown in more than 70 countries."
            ],
        )
    assert body["verdict"] == "Not Enough Evidence"
    assert body["mode"] == "nli" or not body["evidence"]


async def test_a_text_reference_counts_even_when_it_shares_no_name_with_the_claim(tmp_path, minilm):
    """The user's text opens with "She": the embedder finds little in common with the claim and
    the reranker's floor used to drop it ("No relevant evidence was found")."""
    async with app_client(make_settings(tmp_path, LOCAL_JUDGE=True), embedder=minilm) as client:
        body = await verify(
            client,
            "Tamsin Orvel was born in 1961",
            references=["She was born in 1942 in Ostrania and studied painting in Kessa."],
            web_search=False,
        )
    assert body["verdict"] == "False", body["reasoning"]
    assert body["evidence"][0]["stance_rule"] == "number"
    assert "the claim says 1961; the source says 1942" in body["reasoning"]
    assert any("text reference(s) below that relevance" in s for s in body["steps"])


def terse(scrubbed: float = 0.55):
    """The issue's new-user LLM: a correct False whose reasoning is one terse sentence that also
    cites evidence that does not exist; the grounding's scrubbed pass answers `scrubbed`."""
    pipeline = scripted(
        verdict={
            "verdict": "False",
            "confidence": 0.93,
            "reasoning": "Per [1] and [2], the claim does not hold; see also [9].",
        }
    )

    def reply(messages):
        if "review a fact-check verdict" in system_prompt(messages):
            return {"confidence": scrubbed}
        return pipeline(messages)

    return reply


async def test_a_terse_correct_llm_verdict_keeps_its_citations_and_is_grounded(tmp_path, minilm):
    with FakeOpenAI(terse()) as llm:
        settings = make_settings(tmp_path, OPENAI_BASE_URL=llm.url, LOCAL_JUDGE=True)
        async with app_client(settings, embedder=minilm) as client:
            body = await verify(client, "The Earth is flat", grounding="always")
    assert body["verdict"] == "False" and body["mode"] == "llm" and body["confidence"] == 0.93
    # [1] (NASA: "The Earth is not flat") backs the verdict; [2] stays exactly when the local judge
    # reads it as refuting too (the shipped judge reads visibleearth.nasa.gov's "… confirm that the
    # Earth is a sphere and not flat" as supporting: a known error, docs/judge.md)
    refuting = [n for n in (1, 2) if body["evidence"][n - 1]["stance"] == "refutes"]
    assert body["evidence"][0]["stance"] == "refutes"
    assert (
        body["reasoning"]
        == f"Per {' and '.join(f'[{n}]' for n in refuting)}, the claim does not hold."
    )
    assert body["citations"] == {"total": 3, "supported": len(refuting)}
    assert any("removed [9]" in s for s in body["steps"])
    assert not any("Per and" in s or "see also." in s for s in body["steps"])
    assert body["grounding"]["status"] != "SKIPPED"
    assert (
        body["grounding"]["full_confidence"] == 0.93
        and body["grounding"]["scrubbed_confidence"] == 0.55
    )
    assert not any("downgraded" in s for s in body["steps"])


async def test_the_same_with_the_lexical_heuristic_as_the_stance_judge(tmp_path, minilm):
    with FakeOpenAI(terse()) as llm:
        settings = make_settings(
            tmp_path, OPENAI_BASE_URL=llm.url
        )  # LOCAL_JUDGE off: the heuristic
        async with app_client(settings, embedder=minilm) as client:
            body = await verify(client, "The Earth is flat", grounding="always")
    assert (
        body["verdict"] == "False"
        and body["reasoning"] == "Per [1] and [2], the claim does not hold."
    )
    assert body["citations"]["supported"] == 2 and body["grounding"]["status"] != "SKIPPED"


async def test_a_downgraded_verdict_is_still_grounded_when_asked_always(tmp_path, minilm):
    """A verdict whose citations all fail is downgraded; `grounding: always` still measures the
    LLM's verdict (before the downgrade), and a step says so."""
    pipeline = scripted(
        verdict={
            "verdict": "True",
            "confidence": 0.9,
            "reasoning": "The claim is confirmed by [1].",
        }
    )

    def reply(messages):
        if "review a fact-check verdict" in system_prompt(messages):
            return {"confidence": 0.4}
        return pipeline(messages)

    with FakeOpenAI(reply) as llm:
        settings = make_settings(tmp_path, OPENAI_BASE_URL=llm.url, LOCAL_JUDGE=True)
        async with app_client(settings, embedder=minilm) as client:
            body = await verify(client, "The Earth is flat", grounding="always")
    assert body["verdict"] == "Not Enough Evidence"
    assert any("downgraded" in s for s in body["steps"])
    assert any("before the citation check downgraded it" in s for s in body["steps"])
    assert (
        body["grounding"]["full_confidence"] == 0.9
        and body["grounding"]["scrubbed_confidence"] == 0.4
    )


SPANISH = (
    "La Tierra no es plana: es un planeta casi esférico, achatado en los polos, según la NASA."
)


async def test_a_claim_in_another_language_gets_no_true_or_false_without_an_llm(tmp_path, minilm):
    async with app_client(make_settings(tmp_path, LOCAL_JUDGE=True), embedder=minilm) as client:
        body = await verify(client, "La Tierra es plana y no es redonda", references=[SPANISH])
    assert (
        body["evidence"]
        and body["verdict"] == "Not Enough Evidence"
        and body["mode"] == "evidence-only"
    )
    assert any("Spanish" in s and "no True/False" in s for s in body["steps"])
    assert "reads English only" in body["reasoning"]


async def test_with_an_llm_a_claim_in_another_language_is_judged_by_the_llm(tmp_path, minilm):
    with FakeOpenAI(scripted()) as llm:
        settings = make_settings(tmp_path, OPENAI_BASE_URL=llm.url, LOCAL_JUDGE=True)
        async with app_client(settings, embedder=minilm) as client:
            body = await verify(client, "La Tierra es plana y no es redonda", references=[SPANISH])
    assert body["mode"] == "llm" and body["verdict"] == "False"
    assert any("Spanish" in s and "the LLM judges it" in s for s in body["steps"])
