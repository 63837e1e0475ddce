"""Results as news reports them (stop 63, issue 36): a contest's result said both ways ("won the
election …, defeating Tom Vell": Tom Vell lost it; "beat Tessa Rovers 2–1 in the cup final": Kessa
United won the final, Tessa Rovers lost it); a figure stated for one year is not refuted by the same
figure for another ("revenue was $4.5 billion in 2021" against "fell 10% to $4.5 billion in 2023"),
though a deed's year is its own; and "…, and the only person to win …" is a second predicate of the
subject, no statement of its own. A claim and one sentence, what the comparison must say
("supports", "refutes", "neutral:<rule>", or "not <stance>") and a part of its reason. Invented
names but for Marie Curie. Each row failed on stop 62's tree (3516552) unless marked as a
control."""

from __future__ import annotations

import pytest

from tests.agent.test_compare_readers import read_as_expected

ELECTION = "Ana Roske won the election with 52% of the vote, defeating Tom Vell."
FINAL = "Kessa United beat Tessa Rovers 2–1 in the cup final on Saturday."
REVENUE = "Kessa Corp's revenue fell 10% to $4.5 billion in 2023."
CURIE = (
    "Marie Curie was the first woman to win a Nobel Prize, and the only person to win Nobel Prizes"
    " in two scientific fields."
)

ROWS = [
    ("Tom Vell lost the election", ELECTION, "supports", ""),
    ("Ana Roske lost the election", ELECTION, "refutes", ""),  # control
    ("Ana Roske defeated Tom Vell", ELECTION, "supports", ""),  # control
    ("Tom Vell won the election", ELECTION, "refutes", ""),  # control
    ("Kessa United won the cup final", FINAL, "supports", ""),
    ("Tessa Rovers lost the cup final", FINAL, "supports", ""),
    ("Kessa United lost the cup final", FINAL, "refutes", ""),
    ("Tessa Rovers won the cup final", FINAL, "refutes", ""),
    ("Kessa Corp's revenue was $4.5 billion in 2021", REVENUE, "not refutes", ""),
    ("Kessa Corp's revenue was $4.5 billion in 2023", REVENUE, "supports", ""),  # control
    ("Kessa Corp's revenue was $6 billion in 2023", REVENUE, "refutes", "$4.5 billion"),  # control
    (
        "The album sold 12 million copies in 2009",
        "The album sold 12 million copies in 2010.",
        "refutes",
        "2010",
    ),  # control: a deed's year is its own
    (
        "Private Lives is a 1940 comedy in three acts by Noel Coward",
        "Private Lives is a 1930 comedy of manners in three acts by Noël Coward.",
        "refutes",
        "1930",
    ),  # control: a FEVER-Symmetric validation pair; the work's year
    ("Marie Curie won Nobel Prizes in two scientific fields", CURIE, "supports", ""),
    ("Marie Curie won Nobel Prizes in three scientific fields", CURIE, "refutes", "two"),
    ("Marie Curie was the first woman to win a Nobel Prize", CURIE, "supports", ""),  # control
]


@pytest.mark.parametrize(("claim", "sentence", "expected", "reason"), ROWS)
def test_results_are_read_as_news_readers_read_them(claim, sentence, expected, reason):
    read_as_expected(claim, sentence, expected, reason)
