"""The claim-language check (agent/classify/_language.py): English unless another language is clear."""

from __future__ import annotations

import pytest

from agent.classify._language import detect


@pytest.mark.parametrize(
    "claim",
    [
        "The Earth is flat",
        "Vaccines cause autism",
        "Pizza is tasty",
        "Nessie exists",
        "5G",
        "Covid vaccines contain microchips",
        "Apollo 11 landed on the Moon in 1969",
        "Leonardo da Vinci died in Italy.",  # read as Italian on f501111: the names look Italian
    ],
)
def test_short_english_claims_stay_english(claim):
    assert detect(claim).english


@pytest.mark.parametrize(
    ("claim", "code"),
    [
        ("La Tierra es plana", "es"),
        ("Die Erde ist eine Scheibe", "de"),
        ("La Terre est plate", "fr"),
        ("O Brasil tem 200 milhões de habitantes", "pt"),
        ("地球是平的", "zh"),
        ("Земля плоская", "ru"),
    ],
)
def test_other_languages_are_recognised(claim, code):
    language = detect(claim)
    assert not language.english and language.code == code


@pytest.mark.data
def test_no_english_claim_of_the_shared_data_is_taken_for_another_language(shared_data):
    from benchmarks.judge_data import averitec_cases, climate_pairs, fever_pairs, healthver_pairs

    claims = {
        p.claim for p in fever_pairs("test") + climate_pairs("test") + healthver_pairs("test")
    }
    claims |= {c.claim for c in averitec_cases()}
    assert len(claims) > 1000
    assert [c for c in claims if not detect(c).english] == []
