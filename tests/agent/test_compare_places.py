"""Places apart and places within (agent/judge/_places.py): WordNet's part-of pointers tell that
Honolulu is not in Kenya and that Munich is in Germany. Real place names here: the knowledge is
WordNet's, in the lexicon (scripts/build_lexicon.py)."""

from __future__ import annotations

import pytest

from agent.judge._lexicon import countries, lies_in
from agent.judge.compare import compare


@pytest.mark.parametrize(
    ("claim", "sentence", "reason"),
    [
        (
            "Barack Obama was born in Kenya.",
            "Barack Obama was born in Honolulu, Hawaii.",
            "the claim says Kenya; the source says Honolulu, Hawaii, in the United States",
        ),
        (
            "Ana Roske was born in France.",
            "Ana Roske was born in London.",
            "the source says London, in England and the United Kingdom",
        ),
        (
            "Kessa Labs is based in Canada.",
            "Kessa Labs is based in Houston.",
            "the source says Houston, in the United States",
        ),
        # the country the source names itself is not said twice
        (
            "Ana Roske was born in Germany.",
            "Ana Roske was born in Vienna, Austria.",
            "the claim says Germany; the source says Vienna, Austria",
        ),
        # two cities of one country are still two places
        (
            "Ana Roske was born in Berlin.",
            "Ana Roske was born in Munich, Germany.",
            "the claim says Berlin; the source says Munich",
        ),
    ],
)
def test_a_place_in_another_country_refutes(claim, sentence, reason):
    decision = compare(claim, sentence)
    assert decision is not None and (decision.stance, decision.rule) == ("refutes", "substitution")
    assert decision.reason == reason or reason in decision.reason, decision.reason


@pytest.mark.parametrize(
    ("claim", "sentence"),
    [
        # the source's place lies in the claim's: these were wrong Falses ("the claim says Germany;
        # the source says Munich")
        ("Ana Roske was born in Germany.", "Ana Roske was born in Munich."),
        ("Kessa Labs is based in India.", "Kessa Labs is based in Mumbai."),
        ("Ana Roske was born in Texas.", "Ana Roske was born in Houston."),
        ("Ana Roske was born in Kenya.", "Ana Roske was born in Nairobi."),
        # an island holding two countries, a country holding four
        ("Ana Roske was born in Ireland.", "Ana Roske was born in Belfast."),
        ("Ana Roske was born in Britain.", "Ana Roske was born in Edinburgh."),
        # a name of the past holds places of today
        ("Ana Roske was born in Yugoslavia.", "Ana Roske was born in Zagreb, Croatia."),
        # a place WordNet knows no country of
        ("Barack Obama was born in Kenya.", "Barack Obama was born in Honolulu."),
    ],
)
def test_a_place_that_may_lie_in_the_other_does_not_refute(claim, sentence):
    decision = compare(claim, sentence)
    assert decision is None or decision.stance != "refutes", decision


def test_the_lexicon_knows_where_places_lie():
    assert countries("honolulu") == frozenset()  # on Oahu, which is no country
    assert countries("hawaii") == {"United States"}
    assert {"England", "United Kingdom"} <= countries("london")
    assert countries("yugoslavia") == frozenset()  # a former country: nothing is apart from it
    assert lies_in("munich", "germany") and lies_in("belfast", "ireland")
    assert not lies_in("germany", "munich")


@pytest.mark.parametrize(
    ("claim", "sentence"),
    [
        # borders moved: one born in Kiev in 1920 was not born in today's Ukraine alone
        ("Ana Roske was born in Poland in 1920.", "Ana Roske was born in Kiev in 1920."),
        ("Mozart was born in Germany.", "Wolfgang Amadeus Mozart was born in Salzburg in 1756."),
    ],
)
def test_a_country_is_not_set_against_a_place_before_borders_settled(claim, sentence):
    decision = compare(claim, sentence)
    assert decision is None or decision.stance != "refutes", decision


def test_two_cities_stay_apart_in_any_year_and_a_country_after_1950():
    decision = compare("Ana Roske was born in Berlin.", "Ana Roske was born in Munich in 1920.")
    assert decision is not None and decision.rule == "substitution"
    decision = compare("Ana Roske was born in Germany.", "Ana Roske was born in Salzburg in 1970.")
    assert decision is not None and decision.reason.endswith("Salzburg, in Austria")


@pytest.mark.parametrize(
    ("claim", "sentence", "reason"),
    [
        (
            "Ana Roske was born in Germany.",
            "Ana Roske was born in Munich in 1970.",
            "Munich, which lies in Germany",
        ),
        (
            "Kessa Labs is based in India.",
            "Kessa Labs is based in Mumbai.",
            "Mumbai, which lies in India",
        ),
        (
            "Ana Roske was born in Texas.",
            "Ana Roske was born in Houston.",
            "Houston, which lies in Texas",
        ),
    ],
)
def test_a_place_inside_the_claims_states_it(claim, sentence, reason):
    decision = compare(claim, sentence)
    assert decision is not None and decision.stance == "supports", decision
    assert reason in decision.reason


@pytest.mark.parametrize(
    ("claim", "sentence"),
    [
        # a Paris lies in Texas: the name touches two countries apart
        ("Ana Roske was born in the United States.", "Ana Roske was born in Paris."),
        # the island or the republic
        ("Ana Roske was born in Ireland.", "Ana Roske was born in Belfast."),
        # borders moved
        ("Mozart was born in Austria.", "Wolfgang Amadeus Mozart was born in Salzburg in 1756."),
    ],
)
def test_a_place_inside_an_ambiguous_name_or_before_1950_is_not_support(claim, sentence):
    decision = compare(claim, sentence)
    assert decision is None or decision.stance != "supports", decision


@pytest.mark.parametrize(
    ("claim", "sentence"),
    [
        # another place in the same slot lies in the claim's: wrong Falses before
        ("Ana Roske studied in Austria.", "Ana Roske studied in Berlin and later in Vienna."),
        (
            "Kessa Labs has offices in France.",
            "Kessa Labs is headquartered in London, with offices in Paris.",
        ),
    ],
)
def test_no_refutation_where_another_place_in_the_slot_lies_in_the_claims(claim, sentence):
    decision = compare(claim, sentence)
    assert decision is None or decision.stance != "refutes", decision


def test_a_place_of_two_countries_names_neither():
    decision = compare("Ana Roske was born in Jordan.", "Ana Roske was born in Cairo.")
    assert (
        decision is not None and decision.reason == "the claim says Jordan; the source says Cairo"
    )


@pytest.mark.parametrize(
    ("claim", "sentence"),
    [
        # a list of names in the claim's slot need not be complete: wrong Falses before
        (
            "The river Xanthe flows through Borovia.",
            "The river Xanthe flows through Ostrania and Velmar.",
        ),
        (
            "The river Xanthe flows through Borovia.",
            "The river Xanthe flows through Ostrania, Tessaly and the Velmar Republic.",
        ),
        ("Ostrania borders Borovia.", "Ostrania borders Tessaly, Velmar and Kessia."),
        ("Ana Roske starred in Night Harbour.", "Ana Roske starred in Blue Velmar and Iron Tessa."),
    ],
)
def test_a_list_of_names_in_the_slot_does_not_refute(claim, sentence):
    decision = compare(claim, sentence)
    assert decision is None or decision.stance != "refutes", decision


@pytest.mark.parametrize(
    ("claim", "sentence", "said"),
    [
        # one name, one place written with its country, or the credits of one act still refute
        ("Ana Roske was born in Borovia.", "Ana Roske was born in Ostrania.", "Ostrania"),
        (
            "Ana Roske was born in Borovia.",
            "Ana Roske was born in Tessa, Ostrania.",
            "Tessa",
        ),
        (
            "Bel Tamsin produced Night Harbour.",
            "Night Harbour was produced by Ana Roske, Kel Varo and Tom Arden.",
            "Ana Roske, Kel Varo and Tom Arden",
        ),
    ],
)
def test_one_name_or_the_credits_of_one_act_still_refute(claim, sentence, said):
    decision = compare(claim, sentence)
    assert decision is not None and decision.stance == "refutes", decision
    assert said in decision.reason
