"""Claims of FEVER's kind probed at stop 70 (issue 36). "A million", "a billion dollars" are
numbers: stop 69's tree read "under a million" as words the sentence shares, so "Kessa has a
population of under a million" was supported by "a population of 3.4 million" and "grossed over a
billion dollars" by "grossed 300 million dollars". A claim and one sentence, what the comparison
must say ("supports", "refutes", "neutral:<rule>", or "not <stance>") and a part of its reason.
Each row failed on stop 69's tree (813ab6b) unless marked as a control."""

from __future__ import annotations

import pytest

from tests.agent.test_compare_readers import read_as_expected

POPULATION = "Kessa has a population of {}."
GROSSED = "Nightfall grossed {} worldwide."

ROWS = [
    # "a million" is one million
    (
        "Kessa has a population of under a million.",
        POPULATION.format("3.4 million"),
        "refutes",
        "under a million",
    ),
    (
        "Kessa has a population of a million.",
        POPULATION.format("3.4 million"),
        "refutes",
        "3.4 million",
    ),
    (
        "Nightfall grossed over a billion dollars.",
        GROSSED.format("$300 million"),
        "refutes",
        "over a billion dollars",
    ),
    ("Kessa has over a million inhabitants.", "Kessa has 300,000 inhabitants.", "refutes", "300,000"),
    ("Nightfall sold a million copies.", "Nightfall sold 300,000 copies.", "refutes", "a million"),
    ("Nightfall grossed over a billion dollars.", GROSSED.format("$1.2 billion"), "supports", ""),
    (  # controls: stop 69's tree said the same
        "Kessa has a population of over a million.",
        POPULATION.format("3.4 million"),
        "supports",
        "",
    ),
    ("Nightfall sold a million copies.", "Nightfall sold one million copies.", "supports", ""),
]


@pytest.mark.parametrize(("claim", "sentence", "expected", "reason"), ROWS)
def test_claims_probed_at_stop_70(claim, sentence, expected, reason):
    read_as_expected(claim, sentence, expected, reason)
