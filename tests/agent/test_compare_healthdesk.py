"""Health and science in one plain sentence (stop 63, issue 36): a figure both sides hedge alike
("about 300,000 km per second" for "about 299,792 kilometres per second"), and a cause named with
its kind after a name ("caused by Plasmodium parasites" is caused by parasites, no virus) — but
"recorded by American singer Katy Perry" is by Katy Perry, not by "American singer". A claim and
one sentence, what the comparison must say ("supports", "refutes", "neutral:<rule>", or "not
<stance>") and a part of its reason. Each row failed on stop 62's tree (3516552) unless marked as
a control."""

from __future__ import annotations

import pytest

from tests.agent.test_compare_readers import read_as_expected

LIGHT = "In a vacuum, light travels at about 299,792 kilometres per second."
MALARIA = (
    "Malaria is caused by Plasmodium parasites, spread through the bites of infected mosquitoes."
)

ROWS = [
    ("Light travels at about 300,000 km per second", LIGHT, "supports", ""),
    ("Light travels at about 150,000 km per second", LIGHT, "refutes", "299,792"),  # control
    ("Light travels at about 310,000 km per second", LIGHT, "not supports", ""),  # control
    ("Malaria is caused by a virus", MALARIA, "refutes", "Plasmodium parasites"),
    ("Malaria is caused by parasites", MALARIA, "supports", ""),  # control
    ("Malaria is spread by mosquitoes", MALARIA, "supports", ""),  # control
    (
        "I Kissed a Girl was recorded by Ana Roske",
        '"I Kissed a Girl" is a song recorded by American singer Katy Perry for her second studio'
        " album.",
        "refutes",
        "Katy Perry",
    ),  # control
]


@pytest.mark.parametrize(("claim", "sentence", "expected", "reason"), ROWS)
def test_health_and_science_are_read_as_a_reader_reads_them(claim, sentence, expected, reason):
    read_as_expected(claim, sentence, expected, reason)
