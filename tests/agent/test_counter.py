"""Counter-queries (issue 25, item 2): the two phrasings, by rules, on real claims."""

from __future__ import annotations

import pytest

from agent.gather._counter import DEFAULT_FORM, FORMS, counter_query, debunk, negation


@pytest.mark.parametrize(
    "claim, negated",
    [
        ("The Earth is flat", "The Earth is not flat"),
        (
            "The Great Wall of China is visible from space.",
            "The Great Wall of China is not visible from space",
        ),
        ("Obama was born in Kenya", "Obama was not born in Kenya"),
        ("The dam has been finished", "The dam has not been finished"),
        ("Vaccines don't cause autism", "Vaccines cause autism"),
        ("Vaccines do not cause autism", "Vaccines cause autism"),
        ("CO2 is not a pollutant", "CO2 is a pollutant"),
        ("You can't see the Great Wall from space", "You can see the Great Wall from space"),
        ("Einstein never failed math", "Einstein failed math"),
        ("Sea levels are no longer rising", "Sea levels are rising"),
        (
            "Apollo 11 landed on the Moon in 1969",
            "It is not true that Apollo 11 landed on the Moon in 1969",
        ),
    ],
)
def test_negation(claim, negated):
    assert negation(claim) == negated


def test_what_cannot_be_negated():
    assert negation("Is the Earth flat?") is None  # a question
    assert negation("Flat") is None


def test_debunk_keeps_the_content_words():
    assert debunk("The Earth is flat") == "Earth flat myth false debunked"
    assert debunk("Vaccines don't cause autism") == "Vaccines cause autism myth false debunked"
    assert debunk("the of and") is None


def test_forms():
    assert DEFAULT_FORM in FORMS
    assert counter_query("The Earth is flat", "debunk") == debunk("The Earth is flat")
    with pytest.raises(ValueError, match="unknown counter-query form"):
        counter_query("The Earth is flat", "shout")
