"""Myths a second clause debunks (stop 63, issue 36): "Napoleon was of average height for his time;
the idea that he was very short is a myth" calls the claim false — its pronoun is the claim's
subject — and a sentence with a clause that calls something false never supports the claim across
it ("… the idea that the emperor was very short is a myth" had been read as stating "Napoleon was
very short"). The reason quotes the framing whole where it is short ("The myth that … is false"). A
claim and one sentence, what the comparison must say ("supports", "refutes",
"neutral:<rule>", or "not <stance>") and a part of its reason. Each row failed on stop 62's tree
(3516552) unless marked as a control."""

from __future__ import annotations

import pytest

from tests.agent.test_compare_readers import read_as_expected

NAPOLEON = "Napoleon was of average height for his time; the idea that he was very short is a myth."
BATS = "Contrary to popular belief, bats are not blind; many species see well."

ROWS = [
    ("Napoleon was very short", NAPOLEON, "refutes", "idea that he was very short is a myth"),
    ("Napoleon was of average height", NAPOLEON, "supports", ""),  # control
    (
        "Napoleon was very short",
        "Napoleon was of average height for his time; the idea that the emperor was very short is"
        " a myth.",
        "not supports",
        "",
    ),
    ("Bats are blind", BATS, "refutes", ""),  # control
    (
        "Humans use only 10% of their brains",
        "The idea that humans use only 10% of their brains is a myth.",
        "refutes",
        "",
    ),  # control
    (
        "The Great Wall of China is visible from the Moon",
        "The myth that the Great Wall of China is visible from the Moon is false.",
        "refutes",
        "“The myth that the Great Wall of China is visible from the Moon is false”",
    ),  # the framing quoted whole (stop 62's tree quoted "The myth that …")
    (
        "Vikings wore horned helmets",
        "There is no evidence that Vikings wore horned helmets in battle.",
        "not refutes",
        "",
    ),  # control: the sentence denies it of battle only
]


@pytest.mark.parametrize(("claim", "sentence", "expected", "reason"), ROWS)
def test_myths_are_read_as_a_reader_reads_them(claim, sentence, expected, reason):
    read_as_expected(claim, sentence, expected, reason)
