"""Encyclopaedia sentences of FEVER's kind, from desks written blind at stop 67 (issue 36) by
writers who had not seen the comparison stage: films, music, people, history, each pair labelled
before any answer, in FEVER-Symmetric's groups of four (a claim and a sentence, each edited once).
Stop 66's tree (4f77ee9) left two pairs in three undecided and answered six wrong: a place of birth
taken for the place of death ("born in Tolochenaz, Switzerland, … and died … in Ixelles"), the
whole of a part ("won only two of the eleven Academy Awards") taken for what was won, the "one"
of "one of the best-selling acts" taken for a count, "more than once" read as "at least once", a
place inside the claim's ("Broken Hill in Australia") taken for another, and "never married but
had several children" taken to deny children. A claim and one sentence, what the comparison must
say ("supports", "refutes", "neutral:<rule>", or "not <stance>") and a part of its reason. Each
row failed on stop 66's tree unless marked as a control."""

from __future__ import annotations

import pytest

from tests.agent.test_compare_readers import read_as_expected

HEPBURN = (
    "Audrey Hepburn was born in Tolochenaz, Switzerland, in 1929 and died at her home in Ixelles, "
    "Brussels, in 1993."
)
KING = (
    "The Lord of the Rings: The Return of the King (2003), directed by Peter Jackson, won only two "
    "of the eleven Academy Awards for which it was nominated, including Best Picture."
)
COLDPLAY = (
    "Coldplay have sold more than 100 million records worldwide, making them one of the "
    "best-selling music acts in history."
)
CHURCHILL = (
    "Sir Winston Leonard Spencer Churchill (30 November 1874 -- 24 January 1965) was a British "
    "statesman, soldier and writer who served as Prime Minister of the United Kingdom on only one "
    "occasion, leading the country through the Second World War."
)
NEWTON = (
    "Newton never married but had several children, and he devoted much of his later life to "
    "alchemy, theology and his duties as Warden of the Royal Mint."
)
MAD_MAX = (
    "Filming for Mad Max: Fury Road took place entirely in Broken Hill in Australia, after heavy "
    "rains had turned the planned location in Namibia into a field of wildflowers."
)
TITANIC = (
    "Titanic is a 1997 American epic romance and disaster film directed, written, produced, and "
    "co-edited by {}, starring Leonardo DiCaprio and Kate Winslet."
)
SHAKIRA = (
    "Shakira Isabel Mebarak Ripoll (born 2 February 1977) is a Colombian singer and songwriter "
    "who was born and raised in {}."
)

ROWS = [
    # wrong answers of stop 66's tree
    ("Audrey Hepburn died in Switzerland.", HEPBURN, "not supports", ""),
    ("Audrey Hepburn was born in Switzerland.", HEPBURN, "supports", ""),  # control
    (
        "Audrey Hepburn died in Switzerland.",
        "Audrey Hepburn was born in Brussels in 1929 and died in Switzerland in 1993.",
        "supports",
        "",
    ),  # control
    ("The Return of the King won eleven Academy Awards.", KING, "not supports", ""),
    ("Coldplay has sold fewer than 10 million records.", COLDPLAY, "refutes", "more than 100"),
    ("Coldplay has sold more than 10 million records.", COLDPLAY, "supports", ""),  # control
    (
        "Winston Churchill was Prime Minister of the United Kingdom more than once.",
        CHURCHILL,
        "refutes",
        "more than once",
    ),
    ("Isaac Newton was childless.", NEWTON, "refutes", ""),
    (
        "Isaac Newton had no children.",
        "Newton never married and had no children.",
        "supports",
        "",
    ),  # control
    ("Mad Max: Fury Road was shot in Australia.", MAD_MAX, "not refutes", ""),
    (
        "First Motion Picture Unit produced 400 training films.",
        "It produced more than 400 propaganda and training films.",
        "not refutes",
        "",
    ),  # control: a claim's figure at the sentence's bound is not another figure
    # deeds listed before one doer; a verb whose place follows it
    ("Titanic was directed by Steven Spielberg.", TITANIC.format("James Cameron"), "refutes", ""),
    ("James Cameron directed Titanic.", TITANIC.format("Steven Spielberg"), "refutes", ""),
    (
        "Titanic was directed by James Cameron.",
        TITANIC.format("James Cameron"),
        "supports",
        "",
    ),  # control
    ("Shakira was born in Bogota.", SHAKIRA.format("Barranquilla"), "refutes", "Barranquilla"),
    ("Shakira was born in Barranquilla.", SHAKIRA.format("Barranquilla"), "supports", ""),
]


@pytest.mark.parametrize(("claim", "sentence", "expected", "reason"), ROWS)
def test_a_blind_desk_of_encyclopaedia_sentences(claim, sentence, expected, reason):
    read_as_expected(claim, sentence, expected, reason)
