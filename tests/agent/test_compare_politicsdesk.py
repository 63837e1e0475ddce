"""What a politics and people desk met (stop 58, issue 36): thirty claims about what someone said,
did, was charged with or lived through, against one sentence each. Two wrong Trues — a forecast
someone reported ("Ana Roske said that taxes would rise") read as the fact ("Taxes will rise",
"Taxes rose") — and a life span in years only ("Ana Roske (1940–2015) was …") left undecided. A
claim and one sentence, what the comparison must say ("supports", "refutes", "neutral:<rule>", or
"not <stance>") and a part of its reason. Invented people and places. Each row failed on stop 57's
tree (9b0047b) unless marked as a control."""

from __future__ import annotations

import pytest

from tests.agent.test_compare_readers import read_as_expected

ROWS = [
    # a forecast reported is not the fact (each a wrong True)
    (
        "Taxes will rise.",
        "Ana Roske said that taxes would rise.",
        "neutral:tense",
        "the source reports a forecast (“said that taxes would rise”)",
    ),
    (
        "Taxes rose.",
        "Ana Roske said that taxes would rise.",
        "neutral:tense",
        "the claim states it as a fact; the source reports a forecast",
    ),
    (
        "Taxes will rise.",
        "The minister warned that taxes would rise sharply.",
        "not supports",
        "",
    ),
    (  # a control: the claim is about what she said
        "Ana Roske said that taxes would rise.",
        "Ana Roske said that taxes would rise.",
        "supports",
        "",
    ),
    (  # a control: the fact, with the forecast beside it
        "Taxes rose in 2020.",
        "Taxes rose in 2020, as Ana Roske had said they would.",
        "supports",
        "",
    ),
    (  # a control: the future stated
        "Taxes will rise.",
        "Taxes will rise next year.",
        "supports",
        "",
    ),
    # a life span in years only (each undecided)
    ("Ana Roske died in 2015.", "Ana Roske (1940–2015) was a Borovian painter.", "supports", ""),
    (
        "Ana Roske died in 2016.",
        "Ana Roske (1940–2015) was a Borovian painter.",
        "refutes",
        "the claim says 2016; the source says 2015",
    ),
    (
        "Ana Roske was born in 1942.",
        "Ana Roske (1940 – 2015) was a Borovian painter.",
        "refutes",
        "",
    ),
    (  # a control: a war's years are no one's birth
        "The Velmar war ended in 1945.",
        "The Velmar war (1940–1945) was fought in Borovia.",
        "not refutes",
        "",
    ),
    (  # a control: days were read already
        "Ana Roske was born in 1971.",
        "Ana Roske (born 12 May 1970) is a Borovian politician.",
        "refutes",
        "",
    ),
]


@pytest.mark.parametrize(("claim", "sentence", "expected", "reason"), ROWS)
def test_what_a_politics_desk_met_is_read_as_the_sentence_says(claim, sentence, expected, reason):
    read_as_expected(claim, sentence, expected, reason)
