"""Two kinds a thing cannot be at once (agent/judge/_categories.py): a person is no animal, a work
no person. Invented names, so that no world knowledge helps."""

import pytest

from agent.judge.compare import compare


@pytest.mark.parametrize(
    ("claim", "sentence", "reason"),
    [
        (
            "Ana Roske is a singer.",
            "Ana Roske (born 12 May 1990) is a trained military dog.",
            "the claim says singer (a person); the source says dog (an animal)",
        ),
        (
            "Ana Roske is a dog.",
            "Ana Roske is a Borovian singer and actress.",
            "the claim says dog (an animal); the source says singer and actress (a person)",
        ),
        (
            "Night Harbour is a novel.",
            "Night Harbour is a Borovian painter.",
            "the claim says novel (a work); the source says painter (a person)",
        ),
        (
            "Tessa is a city.",
            "Tessa is a Borovian singer.",
            "the claim says city (a place); the source says singer (a person)",
        ),
    ],
)
def test_kinds_that_never_overlap_refute(claim, sentence, reason):
    decision = compare(claim, sentence)
    assert decision is not None and decision.stance == "refutes", decision
    assert decision.reason == reason


@pytest.mark.parametrize(
    ("claim", "sentence"),
    [
        ("Ana Roske is a singer.", "Ana Roske is a dog lover."),  # the head is "lover", a person
        ("Ana Roske is a singer.", "Ana Roske is a Borovian singer and dog breeder."),
        # WordNet's first sense of "tiger" is a fierce person
        ("Ana Roske is a tiger.", "Ana Roske is a Borovian singer."),
        ("Ana Roske is a singer.", "Her dog is a trained military dog."),  # said of another
        ("Ana Roske is a singer.", "Ana Roske, who owns a dog, is a Borovian singer."),
    ],
)
def test_no_refutation_where_the_kinds_may_meet(claim, sentence):
    decision = compare(claim, sentence)
    assert decision is None or decision.stance != "refutes", decision
