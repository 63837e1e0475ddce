"""Issue 36: the plain cases through `POST /api/verify` with no LLM and no web — the behavioural
suite (benchmarks/checklist.py: 648 generated cases, seeded) and the flagship answers."""

from __future__ import annotations

from collections import Counter

import pytest

from benchmarks.checklist import DECISIVE, generate, run, score
from tests.conftest import app_client, make_settings


@pytest.mark.timeout(900)
async def test_the_behavioural_suite_decides_the_plain_cases_and_abstains_otherwise(
    tmp_path, minilm
):
    cases = generate()
    assert len(cases) >= 600 and set(DECISIVE) | {"nei"} == {c.capability for c in cases}
    async with app_client(
        make_settings(tmp_path, LOCAL_JUDGE=True, RATE_LIMIT="100000/minute"), embedder=minilm
    ) as client:
        results = await run(cases, client)
    rows = {r["capability"]: r for r in score(results)}
    wrong = Counter(
        f"{c.capability}/{c.template}: {got}" for c, got, _ in results if got != c.expected
    )
    for capability in DECISIVE:
        assert rows[capability]["accuracy"] >= 0.90, (
            capability,
            rows[capability],
            wrong.most_common(8),
        )
    assert rows["nei"]["accuracy"] >= 0.95, (rows["nei"], wrong.most_common(8))
    # every decided answer shows its reason on the item that decided it
    decided = [body for case, got, body in results if got in {"True", "False"}]
    assert decided and all(
        any(e.get("stance_reason") for e in body["evidence"]) for body in decided
    )


async def verify(client, claim, **extra):
    response = await client.post("/api/verify", json={"claim": claim, "web_search": False, **extra})
    assert response.status_code == 200, response.text
    return response.json()


async def test_the_flagship_myths_are_false_and_never_true(tmp_path, minilm):
    async with app_client(make_settings(tmp_path, LOCAL_JUDGE=True), embedder=minilm) as client:
        earth = await verify(client, "The Earth is flat")
        five_g = await verify(client, "5G networks spread COVID-19.")
        autism = await verify(client, "Vaccines cause autism")
        wall = await verify(
            client, "The Great Wall of China is visible from the Moon with the naked eye"
        )
        wall_myth = await verify(
            client,
            "The Great Wall of China is visible from the Moon with the naked eye",
            references=[
                "Astronomers agree: the myth that the Great Wall of China is visible "
                "from the Moon is false."
            ],
        )
    for body in (earth, five_g, autism, wall, wall_myth):
        assert body["verdict"] == "False", (body["claim"], body["verdict"], body["reasoning"])
    refuting = [e for e in autism["evidence"] if e["stance"] == "refutes"]
    assert any(e["domain"] == "who.int" and e["stance_rule"] for e in refuting)
    assert any(e["stance_rule"] == "framing" for e in wall_myth["evidence"])
    assert "the claim says" in five_g["reasoning"] or "the source says" in five_g["reasoning"]


async def test_a_user_reference_decides_with_its_reason_in_the_reasoning(tmp_path, minilm):
    reference = (
        "Measurements by the Borovia Survey in 2019 found that the river Xanthe is 212 km long."
    )
    async with app_client(make_settings(tmp_path, LOCAL_JUDGE=True), embedder=minilm) as client:
        same = await verify(client, "The river Xanthe is 212 km long", references=[reference])
        other = await verify(client, "The river Xanthe is 540 km long", references=[reference])
        berlin = await verify(
            client,
            "The Eiffel Tower is in Berlin",
            references=[
                "The Eiffel Tower is a wrought-iron lattice tower on the Champ de Mars in Paris, France."
            ],
        )
    assert same["verdict"] == "True" and same["evidence"][0]["stance_rule"] == "same"
    assert (
        other["verdict"] == "False"
        and "the claim says 540 km; the source says 212 km" in other["reasoning"]
    )
    assert "reference you supplied" in other["reasoning"]
    assert (
        berlin["verdict"] == "False"
        and "the source says Paris" in berlin["evidence"][0]["stance_reason"]
    )


# the classic myths the seeded knowledge base speaks to (seed/facts.jsonl), as a reader would type them
SEEDED_MYTHS = [
    "The Earth is flat",
    "The Earth is only 6,000 years old",
    "5G networks spread COVID-19.",
    "Vaccines cause autism",
    "The MMR vaccine causes autism",
    "COVID-19 vaccines are not safe",
    "The Great Wall of China is visible from the Moon with the naked eye",
    "The Apollo 11 Moon landing never happened",
    "Humans are not causing climate change",
    "Smoking does not cause lung cancer",
    "Vitamin C cures the common cold",
    "Lightning never strikes the same place twice",
    "Water fluoridation is unsafe",
    "Evolution is not supported by evidence",
    "Water boils at 90 degrees Celsius at sea level",
    "Mount Everest is 5,000 meters high",
    "Light from the Sun reaches Earth instantly",
]


async def test_no_seeded_myth_is_ever_answered_true_or_partially_true(tmp_path, minilm):
    async with app_client(
        make_settings(tmp_path, LOCAL_JUDGE=True, RATE_LIMIT="100000/minute"), embedder=minilm
    ) as client:
        answers = {claim: await verify(client, claim) for claim in SEEDED_MYTHS}
    wrong = {
        claim: (body["verdict"], body["reasoning"][:200])
        for claim, body in answers.items()
        if body["verdict"] in {"True", "Partially True"}
    }
    assert not wrong, wrong
    # each stands beside a seeded sentence that plainly settles it: every one is answered False
    undecided = {c: b["verdict"] for c, b in answers.items() if b["verdict"] != "False"}
    assert not undecided, undecided
