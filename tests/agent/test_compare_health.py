"""Wrong answers and abstentions a health, science or climate reader met (stop 54, issue 36): a
claim and one sentence as a trial report, a health agency or a climate summary says it, what the
comparison must say ("supports", "refutes", "neutral:<rule>", or "not <stance>") and a part of its
reason. Invented drugs, diseases and places, so that no memorised fact helps. Each row failed on
stop 53's tree (99413a1) unless marked as a control."""

from __future__ import annotations

import math

import pytest

from agent.judge._quantities import quantities
from tests.agent.test_compare_readers import read_as_expected

ROWS = [
    # a figure converted and rounded in its own unit is the same figure (was False)
    (
        "Sea levels in Borovia have risen by 20 cm since 1900.",
        "Sea levels in Borovia have risen by 8 inches since 1900.",
        "supports",
        "",
    ),
    (
        "Wildfires in Borovia burned 2 million hectares in 2020.",
        "Wildfires in Borovia burned 5 million acres in 2020.",
        "supports",
        "",
    ),
    (  # a control: "1 mile" is not "2 km", though 2 ± 0.5 km holds 1.6 km
        "The Kessa path is 2 km long.",
        "The Kessa path is 1 mile long.",
        "refutes",
        "1 mile",
    ),
    (  # a rough conversion is not plain either way (was False)
        "The Kessa road is 100 km long.",
        "The Kessa road is 60 miles long.",
        "neutral:partial",
        "",
    ),
    ("The Kessa road is 100 km long.", "The Kessa road is 80 miles long.", "refutes", "80 miles"),
    (  # a control: another figure is still another
        "Sea levels in Borovia have risen by 20 cm since 1900.",
        "Sea levels in Borovia have risen by 20 mm since 1900.",
        "refutes",
        "20 mm",
    ),
    # the claim's very figure, hedged either way (was "given only loosely")
    (
        "Kessa fever kills 10,000 people a year.",
        "Kessa fever kills about 10,000 people each year.",
        "supports",
        "",
    ),
    (
        "Global temperatures have risen by 1.1 °C since 1900.",
        "Global temperatures have risen by about 1.1 °C since 1900.",
        "supports",
        "",
    ),
    (  # a control: "nearly 500" says less than 500
        "The study included 500 patients.",
        "The study included nearly 500 patients.",
        "not supports",
        "",
    ),
    # a change of temperature is a difference, and a hedge is read in the unit it is written in
    # ("about 2 °C" was read as 2 °C ± 10 % of 275 K, which held 1.1 °C)
    (
        "Global temperatures have risen by 1.1 °C since 1900.",
        "Global temperatures have risen by about 2 °C since 1900.",
        "refutes",
        "about 2 °C",
    ),
    (  # 2 °F of warming is 1.1 °C of warming, not −16.7 °C (was False)
        "Global temperatures have risen by 2 °F since 1900.",
        "Global temperatures have risen by 1.1 °C since 1900.",
        "supports",
        "",
    ),
    # the opposite change refutes a claim whatever its amount (was undecided)
    (
        "Global temperatures have risen by 1.1 °C since 1900.",
        "Global temperatures have fallen since 1900.",
        "refutes",
        "“fallen”",
    ),
    (
        "Cases of Kessa fever rose by 30% in 2023.",
        "Cases of Kessa fever fell in 2023.",
        "refutes",
        "“fell”",
    ),
    # a request is not the deed (was True)
    (
        "Kessamab was approved in 2019.",
        "Kessamab was submitted for approval in 2019.",
        "neutral:hedge",
        "submitted for approval",
    ),
    ("Kessamab was approved in 2019.", "Kessamab is awaiting approval.", "not supports", ""),
    # a weaker word says less (was True)
    (
        "Kessamab cures asthma.",
        "Kessamab is used to treat asthma.",
        "neutral:hedge",
        "not that it cures it",
    ),
    (
        "Antibiotics kill viruses.",
        "Antibiotics work against viruses.",
        "neutral:hedge",
        "works against it",
    ),
    (
        "Kessamab lowers blood pressure.",
        "Kessamab has an effect on blood pressure.",
        "neutral:hedge",
        "has an effect on it",
    ),
    # …and its denial denies the claim (was undecided)
    (
        "Kessamab reduces the risk of stroke.",
        "Kessamab had no significant effect on the risk of stroke.",
        "refutes",
        "no significant effect",
    ),
    (
        "Kessamab lowers blood pressure.",
        "Kessamab had no effect on blood pressure.",
        "refutes",
        "no effect",
    ),
    (
        "Kessamab affects blood pressure.",
        "Kessamab has no effect on blood pressure.",
        "refutes",
        "no effect",
    ),
    (
        "Antibiotics kill viruses.",
        "Antibiotics are ineffective against viruses.",
        "refutes",
        "“are ineffective against viruses”",
    ),
    (
        "Antibiotics kill viruses.",
        "Antibiotics do not work against viruses.",
        "refutes",
        "do not work against",
    ),
    ("Kessamab cures asthma.", "There is no cure for asthma.", "refutes", "no cure for"),
    ("Asthma can be cured.", "There is no known cure for asthma.", "refutes", "no known cure"),
    ("Kessamab cures asthma.", "Asthma is incurable.", "refutes", "incurable"),
    (  # a control: the claim says more than what there is no cure for
        "Kessamab cures asthma in children.",
        "There is no cure for asthma.",
        "not supports",
        "",
    ),
    # "free of" says it has none (was undecided; "has been free of malaria" was True)
    (
        "The Kessa vaccine contains mercury.",
        "The Kessa vaccine is free of mercury.",
        "refutes",
        "“is free of mercury”",
    ),
    (
        "The Kessa vaccine contains mercury.",
        "The Kessa vaccine is mercury-free.",
        "refutes",
        "“is mercury-free”",
    ),
    ("Borovia has malaria.", "Borovia has been free of malaria since 1980.", "not supports", ""),
    # a denial of a part is no denial of the whole: both were False on this stop's earlier trees
    # (25e2318 … 4b0c481) and undecided on stop 53's
    ("Borovia has malaria.", "Borovia is free of malaria in the north.", "not refutes", ""),
    (
        "Antibiotics kill bacteria.",
        "Antibiotics are ineffective against some bacteria.",
        "not refutes",
        "",
    ),
    # ", not …" after every part of the claim sets another thing against it (was undecided)
    ("Antibiotics kill bacteria.", "Antibiotics kill bacteria, not viruses.", "supports", ""),
    ("The Earth is round.", "The Earth is round, not flat.", "supports", ""),
    # a degree before a shared hedge word ("likely") is compared (was True)
    (
        "Children are less likely to be infected with the Kessa virus.",
        "Children are more likely to be infected with the Kessa virus.",
        "refutes",
        "“more likely”",
    ),
    (
        "Children are less likely to be infected with the Kessa virus.",
        "Children are as likely as adults to be infected with the Kessa virus.",
        "neutral:partial",
        "“as likely”",
    ),
    (  # stop 59: the same thing compared, equal against unequal, is a plain refutation
        "Kessamab is more effective than Orvelin.",
        "Kessamab is as effective as Orvelin.",
        "refutes",
        "the source says “as effective as Orvelin”",
    ),
    # a share in words is the claim's figure, or another (was undecided)
    ("20% of adults in Borovia smoke.", "One in five adults in Borovia smokes.", "supports", ""),
    (
        "20% of adults in Borovia smoke.",
        "One in three adults in Borovia smokes.",
        "refutes",
        "One in three",
    ),
    ("20% of adults in Borovia smoke.", "A fifth of adults in Borovia smoke.", "supports", ""),
    (
        "90% of dentists recommend Kessa toothpaste.",
        "Nine out of ten dentists recommend Kessa toothpaste.",
        "supports",
        "",
    ),
    (  # a control: the middle of a range is not what the range says
        "The survey included 350 people.",
        "The survey included between 300 and 400 people.",
        "not supports",
        "",
    ),
    (  # a control: what is set against is the claim's
        "Antibiotics kill viruses.",
        "Antibiotics kill bacteria, not viruses.",
        "refutes",
        "not viruses",
    ),
    # stop 58, a myth desk: an adverb before "debunked" (was "reported", an abstention), and a
    # subject narrowed by a dose (was a subject guard whose reason quoted half the sentence)
    (
        "Vaccines cause autism.",
        "The claim that vaccines cause autism has been thoroughly debunked.",
        "refutes",
        "calls the claim false",
    ),
    (
        "Fluoride lowers IQ.",
        "Fluoride at the levels used in drinking water has not been shown to lower IQ.",
        "neutral:partial",
        "narrower",
    ),
    (
        "Drug X causes liver damage.",
        "Drug X at low doses does not cause liver damage.",
        "neutral:partial",
        "narrower",
    ),
    (  # a control: the denial of the whole
        "Fluoride lowers IQ.",
        "Fluoride does not lower IQ.",
        "refutes",
        "",
    ),
]


@pytest.mark.parametrize(("claim", "sentence", "expected", "reason"), ROWS)
def test_what_a_health_reader_met_is_read_as_the_sentence_says(claim, sentence, expected, reason):
    read_as_expected(claim, sentence, expected, reason)


def test_a_change_of_temperature_is_a_difference_and_a_reading_is_not():
    (warming,) = quantities("Temperatures have risen by 2 °F since 1900.")[:1]
    assert warming.dimension == "[temperature] change"
    assert math.isclose(warming.low, 10 / 9)
    (boiling,) = quantities("Water boils at 100 °C.")
    assert boiling.dimension == "[temperature]"
    assert math.isclose(boiling.low, 373.15)


def test_a_ratio_in_words_is_a_share_and_a_time_is_not():
    (smokers,) = quantities("One in five adults in Borovia smokes.")
    assert smokers.dimension == "dimensionless" and smokers.text == "One in five"
    assert math.isclose(smokers.low, 0.18) and math.isclose(smokers.high, 0.22)
    assert all(q.dimension != "dimensionless" for q in quantities("He scored one in ten minutes."))


def test_a_hedged_temperature_is_widened_in_its_own_unit():
    (about,) = quantities("It was about 2 °C that night.")
    assert math.isclose(about.low, 274.95) and math.isclose(about.high, 275.35)
