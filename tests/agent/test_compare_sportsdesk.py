"""What a sports desk met (stop 59, issue 36): forty-five claims about results, scorers, records,
titles, rankings and grounds against one sentence each: plain sentences left undecided ("defeated"
for "beat", "No. 2" for "number two", "#1"). A win in another year refutes a claim's year, as the
readers' rows have it (tests/agent/test_compare_readers.py: a source that names the years of a win
names them all). A claim and one sentence, what the comparison must say ("supports", "refutes",
"neutral:<rule>", or "not <stance>") and a part of its reason. Invented teams, people and places.
Each row failed on stop 58's tree (d161c9b) unless marked as a control."""

from __future__ import annotations

import pytest

from tests.agent.test_compare_readers import read_as_expected

ROWS = [
    (
        "Kessa United beat Velmar City 3-1.",
        "Kessa United defeated Velmar City 3–1 on Saturday.",
        "supports",
        "",
    ),
    (
        "Kessa United beat Velmar City 2-1.",
        "Kessa United defeated Velmar City 3–1 on Saturday.",
        "refutes",
        "the claim says 2-1; the source says 3–1",
    ),
    (
        "Kira Dane is ranked world number one.",
        "Kira Dane is ranked world No. 1 by the WTA.",
        "supports",
        "",
    ),
    (
        "Kira Dane is ranked world number two.",
        "Kira Dane is ranked world No. 1 by the WTA.",
        "refutes",
        "the claim says two; the source says 1",
    ),
    (
        "The song peaked at number two on the chart.",
        "The song peaked at No. 2 on the Velmar Top 40 chart.",
        "supports",
        "",
    ),
    (
        "The song peaked at number one on the chart.",
        "The song peaked at No. 2 on the Velmar Top 40 chart.",
        "refutes",
        "the claim says one; the source says 2",
    ),
    (
        "The song reached No. 1.",
        "The song reached number one in Ostrania.",
        "supports",
        "",
    ),
    (
        "The song reached No. 3.",
        "The song reached number one in Ostrania.",
        "refutes",
        "the claim says 3; the source says one",
    ),
    # controls: right on both trees (a match names no contest; a first win happens once)
    (
        "Velmar City beat Kessa United.",
        "Kessa United defeated Velmar City 3–1 on Saturday.",
        "not supports",
        "",
    ),
    (
        "Kessa United were promoted in 2020.",
        "Kessa United were relegated to the second tier in 2020.",
        "refutes",
        "",
    ),
    (
        "Kessa United won the Ostranian Cup for the first time in 2018.",
        "Kessa United won the Ostranian Cup for the first time in 2019.",
        "refutes",
        "the claim says 2018; the source says 2019",
    ),
]


@pytest.mark.parametrize(("claim", "sentence", "expected", "reason"), ROWS)
def test_what_a_sports_desk_met_is_read_as_the_sentence_says(claim, sentence, expected, reason):
    read_as_expected(claim, sentence, expected, reason)
