"""Wrong answers a science or health desk meets (stop 58, issue 36): a relation that holds of many
things read as if it held of one ("Aspirin treats fever" refuted "Aspirin treats headaches"), a
finding in one group read as one in another ("in men" against "in women"), a letter that names a
kind read as the article ("influenza A" matched by "influenza B"), a finding said of the loss of a
protein read as the protein's, a subgroup, "some cancers", a hypothesis, and a finding the same
sentence takes back ("but larger trials found no benefit"). A claim and one sentence, what the
comparison must say ("supports", "refutes", "neutral:<rule>", or "not <stance>") and a part of its
reason. Invented drugs, genes and proteins. Each row failed on stop 57's tree (9b0047b) unless
marked as a control."""

from __future__ import annotations

import pytest

from tests.agent.test_compare_readers import read_as_expected

ROWS = [
    # a relation that holds of many objects: another object is no refutation (each a wrong False)
    (
        "Aspirin treats headaches.",
        "Aspirin treats fever.",
        "neutral:partial",
        "one thing can treat both",
    ),
    (
        "Drug X increases insulin secretion.",
        "Drug X increases glucagon secretion.",
        "neutral:partial",
        "the source names glucagon, not insulin",
    ),
    ("Drug X is used to treat asthma.", "Drug X is used to treat eczema.", "not refutes", ""),
    ("Drug X binds to receptor R1.", "Drug X binds to receptor R2.", "not refutes", ""),
    ("Drug X increases HDL cholesterol.", "Drug X increases LDL cholesterol.", "not refutes", ""),
    (
        "Obesity increases the risk of type 1 diabetes.",
        "Obesity increases the risk of type 2 diabetes.",
        "neutral:partial",
        "type 2, not type 1",
    ),
    (  # a control: the doer of a passive is one cause named
        "Kessa fever is caused by a bacterium.",
        "Kessa fever is an infectious disease caused by the Orvel-2 virus.",
        "refutes",
        "",
    ),
    (  # a control: a place holds one headquarters
        "Kessa Corp is headquartered in Tessa.",
        "Kessa Corp is headquartered in Velmar.",
        "refutes",
        "the claim says Tessa; the source says Velmar",
    ),
    (  # a control: a trial is in one phase
        "The Kessa trial was in phase 2.",
        "The Kessa trial was in phase 3.",
        "refutes",
        "",
    ),
    # a finding in one group says nothing of another (a wrong False)
    (
        "Drug X reduces mortality in women.",
        "Drug X reduced mortality in men.",
        "neutral:partial",
        "the source says it of men, not of women",
    ),
    # a letter that names a kind is no article (each a wrong True)
    (
        "Drug X is effective against influenza A.",
        "Drug X is effective against influenza B.",
        "not supports",
        "",
    ),
    (
        "Hepatitis A is spread through blood.",
        "Hepatitis B is spread through blood.",
        "refutes",
        "the claim says Hepatitis A; the source says Hepatitis B",
    ),
    (
        "Vitamin A is stored in the liver.",
        "Vitamin C is stored in the liver.",
        "refutes",
        "Vitamin C",
    ),
    (
        "Drug X inhibits enzyme A.",
        "Drug X inhibits enzyme B.",
        "not supports",
        "",
    ),
    (  # a control: the same letter
        "Hepatitis A is spread through contaminated food.",
        "Hepatitis A is spread through contaminated food and water.",
        "supports",
        "",
    ),
    (  # a control: the article where a sentence starts
        "The company made a profit.",
        "A company made a profit.",
        "not refutes",
        "",
    ),
    # the loss, deletion or excess of a protein is not the protein (each a wrong True)
    (
        "Protein P inhibits tumor growth.",
        "Loss of Protein P inhibits tumor growth.",
        "neutral:subject",
        "of Loss of Protein P, not of Protein P",
    ),
    (
        "Protein P inhibits tumor growth.",
        "Deletion of Protein P inhibits tumor growth.",
        "not supports",
        "",
    ),
    (
        "Protein P inhibits tumor growth.",
        "Overexpression of Protein P inhibits tumor growth.",
        "not supports",
        "",
    ),
    (
        "Protein P inhibits tumor growth.",
        "Blocking Protein P inhibits tumor growth.",
        "neutral:subject",
        "of blocking Protein P, not of Protein P",
    ),
    (  # a control: a clause that opens with a preposition in -ing
        "Ana Roske founded Kessa.",
        "According to the records, Ana Roske founded Kessa.",
        "supports",
        "",
    ),
    (  # a control: an act set apart by a comma is the subject's own
        "Ana Roske won the race.",
        "Trailing, Ana Roske won the race.",
        "supports",
        "",
    ),
    (  # was "the daughter of Ana Roske founded": the claim's verb is no part of the name
        "Ana Roske founded Kessa.",
        "The daughter of Ana Roske founded Kessa.",
        "neutral:subject",
        "the daughter of Ana Roske, not of Ana Roske",
    ),
    (  # a control: the construction of the dam was completed when the dam was
        "The Velmar dam was completed in 1979.",
        "Construction of the Velmar dam began in 1972 and was completed in 1979.",
        "supports",
        "",
    ),
    # a part of those studied, of the diseases, of the people (each a wrong True)
    (
        "Drug X reduces mortality.",
        "Drug X reduced mortality in a subgroup of patients over 65.",
        "neutral:partial",
        "in a subgroup",
    ),
    ("Drug X cures cancer.", "Drug X cures some cancers.", "neutral:partial", "some cancers"),
    (
        "Antibiotics kill bacteria.",
        "Antibiotics kill some bacteria.",
        "neutral:partial",
        "some bacteria",
    ),
    (
        "Drug X is safe.",
        "Drug X is safe for adults but not for children.",
        "neutral:partial",
        "for adults but not for children",
    ),
    (  # a control: some side effects are side effects
        "Drug X causes side effects.",
        "Drug X causes some side effects.",
        "supports",
        "",
    ),
    (  # a control: a trial is no subgroup
        "Drug X reduces mortality.",
        "Drug X reduced mortality in a large trial.",
        "supports",
        "",
    ),
    # a hypothesis is no finding (a wrong True)
    (
        "Drug X reduces mortality.",
        "Drug X was hypothesized to reduce mortality.",
        "neutral:reported",
        "hypothesized",
    ),
    (
        "Drug X reduces mortality.",
        "It was postulated that Drug X reduces mortality.",
        "not supports",
        "",
    ),
    # a finding the same sentence takes back (a wrong True)
    (
        "Drug X reduces mortality.",
        "Drug X reduced mortality in earlier trials, but larger trials found no benefit.",
        "neutral:partial",
        "but larger trials found no benefit",
    ),
    (  # a control: a turn that takes nothing back
        "Drug X reduces mortality.",
        "Drug X reduces mortality, but it does not cure the disease.",
        "supports",
        "",
    ),
    (  # a control: another drug's failure is not this one's
        "Drug X reduces mortality.",
        "Drug X reduces mortality, but Drug Y does not.",
        "supports",
        "",
    ),
    # what ", not …" sets against is the word past its preposition (a wrong False)
    (
        "The virus spreads through droplets.",
        "The virus spreads mainly through droplets, not through the air.",
        "supports",
        "",
    ),
    (  # a control: the claim's way is the one set against
        "The virus spreads through the air.",
        "The virus spreads mainly through droplets, not through the air.",
        "refutes",
        "not through the air",
    ),
    (  # a control: the use of a thing is the thing at work
        "Vitamin Q cures the common cold.",
        "Taking vitamin Q does not cure the common cold.",
        "refutes",
        "",
    ),
    # a gas's formula is its name (an abstention: "the source says it of something else")
    (
        "CO2 is a greenhouse gas.",
        "Carbon dioxide is a greenhouse gas that traps heat in the atmosphere.",
        "supports",
        "",
    ),
    ("CO2 is a greenhouse gas.", "Carbon dioxide is not a greenhouse gas.", "refutes", ""),
    (  # a control: another gas
        "CO2 is a greenhouse gas.",
        "Methane is a greenhouse gas.",
        "not supports",
        "",
    ),
    # a year before a "since" (a wrong False)
    (
        "Tom Vell was the mayor of Tessa in 2015.",
        "Tom Vell has been the mayor of Tessa since 2019.",
        "not refutes",
        "",
    ),
    # the doer and the object of a one-way verb the other way round (each undecided), and a
    # passive that turns them (a wrong True)
    (
        "The sun orbits the Earth.",
        "The Earth orbits the sun once a year.",
        "refutes",
        "the claim says “the sun orbits the Earth”; the source says “the Earth orbits the sun”",
    ),
    ("Kessa Corp owns Orvel Ltd.", "Orvel Ltd owns Kessa Corp.", "refutes", "Orvel Ltd owns"),
    (
        "The cat chased the dog.",
        "The cat was chased by the dog.",
        "neutral:subject",
        "the source turns the voice",
    ),
    ("The sun orbits the Earth.", "The sun is orbited by the Earth.", "not supports", ""),
    (  # a control: both ways
        "Ana Roske met Tom Vell.",
        "Tom Vell met Ana Roske.",
        "not refutes",
        "",
    ),
    (  # a control: the passive claim keeps its roles
        "Java was formed by earthquakes.",
        "Formed mostly as the result of earthquakes, Java is the 13th largest island in the world.",
        "not refutes",
        "",
    ),
]


@pytest.mark.parametrize(("claim", "sentence", "expected", "reason"), ROWS)
def test_what_a_science_desk_met_is_read_as_the_sentence_says(claim, sentence, expected, reason):
    read_as_expected(claim, sentence, expected, reason)
