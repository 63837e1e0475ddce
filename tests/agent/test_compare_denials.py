"""A claim that denies (agent/judge/_negated.py): read through what it denies, so that a source
giving the denied slot to another supports it, and a source stating it refutes it. Invented names,
so no memorised fact helps."""

from __future__ import annotations

import pytest

from agent.judge._negated import denial
from agent.judge.compare import compare, compare_item

XANTHE = "Measurements by the Borovia Survey in 2019 found that the river Xanthe is 212 km long."


@pytest.mark.parametrize(
    ("claim", "sentence", "rule", "reason"),
    [
        # another doer: a wrong False before ("the claim says Ana Roske; the source says Bel Tamsin")
        (
            "The film Nightfall was not directed by Ana Roske.",
            "The film Nightfall was directed by Bel Tamsin.",
            "substitution",
            "the claim says it is not Ana Roske, and the source says Bel Tamsin",
        ),
        (
            "The river Xanthe is not 540 km long.",
            XANTHE,
            "number",
            "the claim says it is not 540 km, and the source says 212 km",
        ),
        (
            "Ana Roske was not born in Velmar.",
            "Ana Roske was born in Tessa, Ostrania, in 1950.",
            "substitution",
            "the claim says it is not Velmar, and the source says Tessa",
        ),
        (
            "Velmar is not the capital of Ostrania.",
            "Tessa is the capital and largest city of Ostrania.",
            "substitution",
            "the claim denies that Velmar is the capital of Ostrania",
        ),
        (
            "Unemployment in Ostrania did not rise in 2020.",
            "Unemployment in Ostrania fell in 2020.",
            "direction",
            "the source says the opposite, “fell”",
        ),
        (
            "Kessa Labs isn't based in Velmar.",
            "Kessa Labs is based in Tessa.",
            "substitution",
            "the source says Tessa",
        ),
        # both deny it
        (
            "Orvel drops do not cure the flu.",
            "Orvel drops do not cure the flu, the trial found.",
            "same",
            "the source denies it too",
        ),
        (
            "Ana Roske never won the Velmar Prize.",
            "Ana Roske never won the Velmar Prize, though she was nominated twice.",
            "same",
            "the claim says “never”",
        ),
        # the myth framed as false supports its denial
        (
            "Orvel drops don't cure the flu.",
            "It is a myth that Orvel drops cure the flu.",
            "framing",
            "the source calls what the claim denies false",
        ),
    ],
)
def test_a_source_that_refutes_what_the_claim_denies_supports_it(claim, sentence, rule, reason):
    decision = compare(claim, sentence)
    assert decision is not None and (decision.stance, decision.rule) == ("supports", rule), decision
    assert reason in decision.reason


@pytest.mark.parametrize(
    ("claim", "sentence"),
    [
        (
            "The film Nightfall was not directed by Ana Roske.",
            "The film Nightfall was directed by Ana Roske.",
        ),
        ("The river Xanthe is not 212 km long.", XANTHE),
        ("Orvel drops do not cure the flu.", "Orvel drops cure the flu."),
        ("Ana Roske never won the Velmar Prize.", "Ana Roske won the Velmar Prize in 1990."),
    ],
)
def test_a_source_that_states_what_the_claim_denies_refutes_it(claim, sentence):
    decision = compare(claim, sentence)
    assert decision is not None and (decision.stance, decision.rule) == ("refutes", "negation")


@pytest.mark.parametrize(
    ("claim", "sentence"),
    [
        # co-directed: the denied name is among the doers
        (
            "The film Nightfall was not directed by Ana Roske.",
            "The film Nightfall was directed by Bel Tamsin and Ana Roske.",
        ),
        # a city is not a country that may hold it
        ("Ana Roske was not born in Kenya.", "Ana Roske was born in Nairobi."),
        # the source reports it, it does not state it
        (
            "The film Nightfall was not directed by Ana Roske.",
            "Critics say the film Nightfall was directed by Bel Tamsin.",
        ),
    ],
)
def test_a_denial_is_not_supported_where_the_positive_is_not_plainly_refuted(claim, sentence):
    decision = compare(claim, sentence)
    assert decision is None or decision.stance != "supports", decision


@pytest.mark.parametrize(
    ("claim", "positive"),
    [
        ("The film was not directed by Ana Roske.", "The film was directed by Ana Roske."),
        ("Kessa Labs isn't based in Velmar.", "Kessa Labs is based in Velmar."),
        ("Ana Roske never won the Velmar Prize.", "Ana Roske won the Velmar Prize."),
        ("Ana Roske cannot sing.", "Ana Roske can sing."),
        ("Veeram is something other than a Borovian film.", "Veeram is a Borovian film."),
        # not a denial of the claim's verb, or more than one
        ("Ana Roske is not only a painter.", None),
        ("Not all swans are white.", None),
        ("The man who did not vote was born in Velmar.", None),
        ("Ana Roske did not say she would not run.", None),
        ("No painter was born in Velmar.", None),
    ],
)
def test_the_positive_a_claim_denies(claim, positive):
    found = denial(claim)
    assert (found.positive if found else None) == positive


def test_a_whole_reference_decides_a_denial_through_its_sentences():
    text = "Nightfall is a 1990 Borovian film. It was directed by Bel Tamsin and stars Ana Roske."
    decision = compare_item("Nightfall was not directed by Ana Roske.", text)
    assert decision is not None and decision.stance == "supports", decision


@pytest.mark.parametrize(
    ("claim", "sentence", "reason"),
    [
        # a word that denies what it modifies: these were wrong Trues ("states every part")
        (
            "Pluto is a planet.",
            "Pluto is a dwarf planet in the Kuiper belt.",
            "a dwarf planet is not a planet",
        ),
        ("The painting is a Rembrandt.", "The painting is a fake Rembrandt.", "fake Rembrandt"),
        ("The watch is a Rolex.", "The watch is a counterfeit Rolex.", "counterfeit Rolex"),
    ],
)
def test_a_word_that_denies_what_it_modifies_refutes(claim, sentence, reason):
    decision = compare(claim, sentence)
    assert decision is not None and (decision.stance, decision.rule) == ("refutes", "negation")
    assert reason in decision.reason


def test_the_claim_saying_the_denying_word_itself_is_stated():
    decision = compare("Pluto is a dwarf planet.", "Pluto is a dwarf planet in the Kuiper belt.")
    assert decision is not None and decision.stance == "supports"
    decision = compare("Pluto is not a planet.", "Pluto is a dwarf planet in the Kuiper belt.")
    assert decision is not None and decision.stance == "supports"


def test_a_country_said_with_the_stands_in_its_slot():
    decision = compare(
        "Elon Musk was not born in the United States.",
        "Elon Musk was born in Pretoria, South Africa, in 1971.",
    )
    assert decision is not None and decision.stance == "supports", decision
    assert "the United States" in decision.reason
