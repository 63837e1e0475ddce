"""Records and geography, read as a reader reads them (stop 62, issue 36): a superlative's scope
said three ways — "the highest mountain in the world", "… on Earth" (or "on the planet") and "the
world's highest mountain" — and a place's own superlative ("Borovia's longest river" is "the
longest river in Borovia"); the holder of a record named before an aside ("The Tessa, 2,400 km
long, is the longest river …": the name before the commas, not the aside's last words); "lies on
the banks of the Velmar" lies on the Velmar; "has no coastline" is "is landlocked"; a country
borders several ("borders Velmaria" does not deny "borders Ostrania", nor does a list of
neighbours each with its side); a claim's name that opens with a capitalised word of the name
("First Motion Picture Unit", a FEVER-Symmetric validation pair); a rank against the top ("the
second deepest lake" against "the world's deepest lake"); and "The series finale aired
…", opening its evidence, is the claim's "series finale of Make It or Break It". A claim and one
sentence, what the comparison must say ("supports", "refutes", "neutral:<rule>", or "not
<stance>") and a part of its reason. Invented names but for the two FEVER pairs and Mount Everest
(the seeded sentence). Each row failed on stop 61's tree (720d1b3) unless marked as a control."""

from __future__ import annotations

import pytest

from tests.agent.test_compare_readers import read_as_expected

EVEREST = (
    "Mount Everest is the highest mountain on Earth, with a summit elevation of 8,849 meters "
    "(29,032 feet) above sea level."
)

ROWS = [
    ("Mount Everest is the highest mountain in the world.", EVEREST, "supports", ""),
    ("Mount Everest is the world's highest mountain.", EVEREST, "supports", ""),
    ("K2 is the highest mountain in the world.", EVEREST, "refutes", "only one can be"),
    ("Mount Everest is the highest mountain on Earth.", EVEREST, "supports", ""),  # control
    (
        "Mount Orvel is the world's highest mountain.",
        "Mount Orvel, at 8,900 metres, is the highest mountain on the planet.",
        "supports",
        "",
    ),
    (  # control
        "Lake Orvel is the deepest lake in the world.",
        "Lake Orvel is the world's deepest lake, at 1,642 metres.",
        "supports",
        "",
    ),
    (  # the rank the claim gives against the top the sentence gives (undecided on 720d1b3)
        "Lake Orvel is the second deepest lake in the world.",
        "Lake Orvel is the world's deepest lake.",
        "refutes",
        "the claim says the second deepest; the source says the deepest",
    ),
    (  # control: "one of the largest" may be the third
        "Tessa is the third largest city in Borovia.",
        "Tessa is one of the largest cities in Borovia.",
        "not refutes",
        "",
    ),
    (  # control: a narrower field is no record of the world's
        "Mount Orvel is the world's highest mountain.",
        "Mount Orvel is the highest mountain in Borovia.",
        "not supports",
        "",
    ),
    (  # control
        "Lake Orvel is the deepest lake in the world.",
        "Lake Orvel is the world's second-deepest lake.",
        "refutes",
        "the second deepest",
    ),
    (
        "Tessa is the largest city in Borovia.",
        "Tessa is Borovia's largest city, with 3.2 million people.",
        "supports",
        "",
    ),
    (
        "The Velmar is the longest river in Borovia.",
        "The Tessa, 2,400 km long, is Borovia's longest river.",
        "refutes",
        "the source says Tessa is, and only one can be",
    ),
    (  # the holder named before the aside, not the aside's last words ("Kessa Sea")
        "Velmar is the capital of Borovia.",
        "Tessa, a port on the Kessa Sea, is the capital of Borovia.",
        "refutes",
        "the source says Tessa is",
    ),
    (  # control
        "Kessa Corp is Borovia's largest employer.",
        "Kessa Corp, with 40,000 workers, is the largest employer in Borovia.",
        "supports",
        "",
    ),
    (
        "The Tessa Tower is the tallest building on the planet.",
        "The Tessa Tower, 828 metres high, is the tallest building in the world.",
        "supports",
        "",
    ),
    (  # control: a person's superlative is no place's
        "Ana Roske's best film is Kessa.",
        "Kessa is Ana Roske's best-known film.",
        "not supports",
        "",
    ),
    ("Tessa lies on the Velmar.", "Tessa lies on the banks of the Velmar.", "supports", ""),
    ("Tessa lies on Lake Orvel.", "Tessa lies on the shores of Lake Orvel.", "supports", ""),
    ("Tessa lies on the Velmar.", "Tessa lies on the banks of the Kessa.", "refutes", "Kessa"),
    (  # control: the edge of a forest is not the river
        "Tom Vell lives on the Velmar.",
        "Tom Vell lives on the edge of the Velmar forest.",
        "not supports",
        "",
    ),
    (
        "Borovia has no coastline.",
        "Borovia is a landlocked country in central Europe.",
        "supports",
        "",
    ),
    (
        "Borovia has no access to the sea.",
        "Borovia is a landlocked country.",
        "supports",
        "",
    ),
    (  # a wrong False on 720d1b3: a country borders several
        "Borovia borders Tessalia.",
        "Borovia borders Ostrania to the north and Velmaria to the east.",
        "not refutes",
        "",
    ),
    (  # a wrong False on 720d1b3
        "Borovia borders Ostrania.",
        "Borovia borders Velmaria.",
        "neutral:partial",
        "a country can border both",
    ),
    (  # control
        "Borovia borders Ostrania.",
        "Borovia borders Ostrania to the north and Velmaria to the east.",
        "supports",
        "",
    ),
    (
        "First Motion Picture Unit produced zero training films.",
        "It produced more than 400 propaganda and training films, which were notable for being "
        "informative as well as entertaining.",
        "refutes",
        "the claim says zero; the source says more than 400",
    ),
    (
        "The series finale of Make It or Break It aired in 2013.",
        "The series finale aired on May 14, 2012.",
        "refutes",
        "the claim says 2013",
    ),
    (
        "The series finale of Make It or Break It aired in 2012.",
        "The series finale aired on May 14, 2012.",
        "supports",
        "",
    ),
]


@pytest.mark.parametrize(("claim", "sentence", "expected", "reason"), ROWS)
def test_records_and_places_are_read_as_a_reader_reads_them(claim, sentence, expected, reason):
    read_as_expected(claim, sentence, expected, reason)


def test_a_later_sentence_does_not_lend_its_part_to_the_claims_owner():
    """ "The series finale …" stands for the claim's show only where it opens its evidence: after
    a sentence about another show it may be that show's."""
    from agent.judge.compare import compare

    said = compare(
        "The series finale of Make It or Break It aired in 2012.",
        "The series finale aired on May 14, 2012.",
        opens=False,
        before=("Kessa Nights is a Borovian drama series.",),
    )
    assert said is None or said.stance != "supports", said
