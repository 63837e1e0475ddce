"""What a numbers desk met (stop 58, issue 36): thirty claims of lengths, weights, sums, shares,
durations, dates and temperatures against one sentence each. Two wrong answers: a temperature
below zero lost its sign ("-40 °C" against "-40 °F" was refuted as 40 °C against 40 °F; −40 °C is
−40 °F), and "3.4 million people" was not found in "3,400,000 inhabitants" (undecided). A claim and
one sentence, what the comparison must say ("supports", "refutes", "neutral:<rule>", or "not
<stance>") and a part of its reason. Each row failed on stop 57's tree (9b0047b) unless marked as a
control."""

from __future__ import annotations

import pytest

from tests.agent.test_compare_readers import read_as_expected

ROWS = [
    (
        "The summit temperature was -40 °C.",
        "The summit temperature was -40 °F.",
        "supports",
        "",
    ),
    (
        "The summit temperature was -30 °C.",
        "The summit temperature was -40 °F.",
        "refutes",
        "the claim says -30 °C; the source says -40 °F",
    ),
    ("It was -5 °C in Tessa.", "It was 5 °C in Tessa.", "refutes", "the claim says -5 °C"),
    (
        "It was minus 12 degrees Celsius in Tessa.",
        "It was 10 °F in Tessa.",
        "supports",
        "",
    ),
    ("The city has 3.4 million people.", "The city has 3,400,000 inhabitants.", "supports", ""),
    (
        "The city has 3.4 million people.",
        "The city has 3.4 thousand inhabitants.",
        "refutes",
        "the claim says 3.4 million; the source says 3.4 thousand",
    ),
    (  # a control: a range of years is no negative number
        "The Velmar dam was built between 2010 and 2015.",
        "The Velmar dam was built in 2010-2015.",
        "not refutes",
        "",
    ),
    (  # a control: above zero as before
        "It was 40 °C in Tessa.",
        "It was 104 °F in Tessa.",
        "supports",
        "",
    ),
]


@pytest.mark.parametrize(("claim", "sentence", "expected", "reason"), ROWS)
def test_what_a_numbers_desk_met_is_read_as_the_sentence_says(claim, sentence, expected, reason):
    read_as_expected(claim, sentence, expected, reason)
