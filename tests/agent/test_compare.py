"""The comparison stage (agent/judge/compare.py): plain cases decided with a reason, the rest left
to the learned judge. Invented names, so no memorised fact helps."""

from __future__ import annotations

import math

import pytest

from agent.judge._lexicon import antonymous, lemmas, same_kind
from agent.judge._quantities import quantities
from agent.judge.compare import GUARDS, compare, compare_item

REF = "Measurements by the Borovia Survey in 2019 found that the river Xanthe is 212 km long."
EIFFEL = "The Eiffel Tower is a wrought-iron lattice tower on the Champ de Mars in Paris, France."


@pytest.mark.parametrize(
    ("claim", "sentence", "stance", "rule", "reason"),
    [
        ("The river Xanthe is 212 km long", REF, "supports", "same", "every part"),
        (
            "The river Xanthe is 540 km long",
            REF,
            "refutes",
            "number",
            "the claim says 540 km; the source says 212 km",
        ),
        ("The river Xanthe is about 130 miles long", REF, "supports", "same", ""),
        # a decade is ten years (pint's own "decade" is a ×10 ratio: 5 decades read as 100,000)
        (
            "The Orvel bridge is 30 years old.",
            "The Orvel bridge is three decades old.",
            "supports",
            "same",
            "",
        ),
        (
            "The Orvel bridge is 50 years old.",
            "The Orvel bridge is three decades old.",
            "refutes",
            "number",
            "the claim says 50 years; the source says three decades",
        ),
        (
            "The Eiffel Tower is in Berlin",
            EIFFEL,
            "refutes",
            "substitution",
            "the source says Paris",
        ),
        ("The Eiffel Tower is in Paris", EIFFEL, "supports", "same", ""),
        (
            "Water boils at 100 degrees Celsius at sea level",
            "At sea level, pure water boils at 100 °C (212 °F).",
            "supports",
            "same",
            "",
        ),
        (
            "Water boils at 90 degrees Celsius at sea level",
            "At sea level, pure water boils at 100 °C (212 °F).",
            "refutes",
            "number",
            "90 degrees Celsius",
        ),
        (
            "5G networks spread COVID-19.",
            "5G mobile networks do not spread COVID-19.",
            "refutes",
            "negation",
            "not",
        ),
        (
            "Velmar did not sign the treaty",
            "Velmar signed the treaty in 1921.",
            "refutes",
            "negation",
            "",
        ),
        (
            "The Great Wall of China is visible from the Moon with the naked eye",
            "Astronomers agree that the myth that the Great Wall of China is visible from the Moon is false.",
            "refutes",
            "framing",
            "myth",
        ),
        (
            "Kovar berries cure the flu",
            "There is no evidence that kovar berries cure the flu.",
            "refutes",
            "framing",
            "",
        ),
        (
            "Sales of Kovar rose in 2020",
            "Sales of Kovar fell in 2020.",
            "refutes",
            "direction",
            "fell",
        ),
        (
            "Lake Dessa is the deepest lake in Ostrania",
            "Lake Dessa is the shallowest lake in Ostrania.",
            "refutes",
            "direction",
            "",
        ),
        (
            "Mira Talen is a professional tennis player",
            "Mira Talen is a professional chess player.",
            "refutes",
            "substitution",
            "chess",
        ),
        (
            "The film was directed by Ana Roske",
            "The film was produced by Ana Roske and directed by Bel Tamsin.",
            "refutes",
            "substitution",
            "Bel Tamsin",
        ),
        (
            "Jon Arlen is the mayor of Dessa",
            "Jon Arlen was the mayor of Dessa until 2010.",
            "neutral",
            "tense",
            "",
        ),
        (
            "Kovar berries cure the flu",
            "Some studies suggest that kovar berries may cure the flu.",
            "neutral",
            "reported",
            "suggest",
        ),
        (
            "Kovar berries cure the flu",
            "Kovar berries may cure the flu.",
            "neutral",
            "hedge",
            "may",
        ),
        ("Is Velmar in Ostrania?", "Velmar is in Ostrania.", "neutral", "question", ""),
    ],
)
def test_plain_cases_are_decided_with_a_reason(claim, sentence, stance, rule, reason):
    decision = compare(claim, sentence)
    assert decision is not None and (decision.stance, decision.rule) == (stance, rule), decision
    assert reason in decision.reason
    assert (decision.probability == 0.0) == (rule in GUARDS)


@pytest.mark.parametrize(
    ("claim", "sentence"),
    [
        (
            "The Eiffel Tower is in Europe",
            EIFFEL,
        ),  # Paris is in Europe: another place is not always another answer
        ("The lake is 40 km wide", "The lake is about 38 km wide."),  # compatible, not plain
        ("Velmar borders Ostrania", "Tourism in the region has grown steadily."),
        ("Ana Roske founded Kessa Labs", "Ana Roske visited Kessa Labs in 2004."),
        ("Ana Roske speaks Velmaran, Dessan and Koran", "Ana Roske speaks Velmaran and Dessan."),
    ],
)
def test_what_is_not_plain_is_left_to_the_judge(claim, sentence):
    decision = compare(claim, sentence)
    assert decision is None or decision.rule in GUARDS, decision


def test_sentences_of_one_item_that_disagree_leave_it_undecided():
    text = "The river Xanthe is 212 km long. The river Xanthe is 540 km long."
    assert compare_item("The river Xanthe is 212 km long", text) is None
    assert (
        compare_item("The river Xanthe is 212 km long", "Xanthe is a river. " + REF).rule == "same"
    )


def test_quantities_normalise_units_formats_and_bounds():
    (c,) = quantities("100 °C")
    (f,) = quantities("212 degrees Fahrenheit")
    assert c.same_value(f) and c.dimension == "[temperature]"
    (a,) = quantities("3,400 people")
    (b,) = quantities("3.4 thousand people")
    assert a.same_value(b)
    (bound,) = quantities("more than 300 metres")
    assert bound.low == 300 and math.isinf(bound.high) and not bound.exact
    (year,) = quantities("in 1889")
    assert year.dimension == "year"
    assert not quantities("5G networks and COVID-19")  # names, not quantities
    (hedged,) = quantities("about 40 km")
    assert hedged.low < 40_000 < hedged.high


def test_the_lexicon_knows_lemmas_antonyms_and_kinds():
    assert (
        "go" in lemmas("went") and "deep" in lemmas("deepest") and "network" in lemmas("networks")
    )
    assert (
        antonymous("rose", "fell")
        and antonymous("deepest", "shallowest")
        and not antonymous("rose", "grew")
    )
    assert same_kind("paris", "berlin") and same_kind("liver", "pancreas")
    assert same_kind("europe", "paris") is False
