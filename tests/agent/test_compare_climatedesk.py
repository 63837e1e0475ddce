"""What a climate and a science desk's figures say, read as a reader reads them (stop 61, issue 36):
a rate in time is no total ("3.3 mm per year" against "20 cm during the 20th century"), a change
counted from another start is another change ("has lost 25% of its mass since 1990" against "40%
since 1950"), a figure the sentence gives for a group it opens with is the group's ("In patients
over 65, …"); a change said to pass ("raises blood pressure briefly") does not turn the claim's;
a figure "according to older estimates" is not stated; a denial of a narrower kind ("haemorrhagic
stroke") denies nothing of the whole; a figure dated as the value another came from ("30% in
2023, up from 29% in 2022") is that year's; a figure is the one of its own clause ("…, while
solar grew by 25%"); "loses" is a change like "lost"; the words after a possessive name
("of Ostrania's electricity") that the claim has too are no other thing of Ostrania's; a place
named right after a kind ("Polar bear populations in the Kessa Sea") narrows it, and another
place of a kind named by its place ("Glaciers in the Himalayas" against "in the Alps") is no
substitution; an opposite said only of some ("in several regions", "Some scientists") refutes
nothing; "Humans emit 100 times as much CO2 as volcanoes" turns "Volcanoes emit more CO2 than
humans"; "not associated with an increased risk" and "no association between" deny; "inhibits"
against "promotes", "required" against "dispensable", "retreating" against "advancing"; "cuts …
in half" is "halves"; a figure said of another measure ("a main span of 1.2 km" beside "a total
length of 3 km"), with what it includes ("including its antenna") or for one way of travel ("3
hours by car and 5 hours by bus") is not the claim's, nor one for a group it does not name ("for
women"), nor kin counted by kind ("two sons and a daughter" against "three children"); "twice
as common in men as in women" turns "Twice as many women as men". A claim and one sentence, what the
comparison must say ("supports", "refutes", "neutral:<rule>", or "not <stance>") and a part of its
reason. Invented names and figures. Each row failed on stop 60's tree (f86783e) unless marked as a
control."""

from __future__ import annotations

import pytest

from tests.agent.test_compare_readers import read_as_expected

ROWS = [
    (  # wrong False on f86783e: a rate against a total
        "Global sea level rose by 20 cm during the 20th century.",
        "Since 1993, global sea level has risen at about 3.3 mm per year.",
        "not refutes",
        "",
    ),
    (  # wrong False: the same change counted from another start
        "The Velmar glacier has lost 40% of its mass since 1950.",
        "The Velmar glacier has lost 25% of its mass since 1990.",
        "neutral:partial",
        "loosely",
    ),
    (  # wrong False: a rate per decade from another start
        "The average temperature in Borovia has risen by 1.1 °C since 1880.",
        "The average temperature in Borovia has risen by 0.2 °C per decade since 1980.",
        "neutral:partial",
        "loosely",
    ),
    (  # wrong False: a figure for a group the sentence opens with
        "Drug Z reduced mortality by 30%.",
        "In patients over 65, drug Z reduced mortality by 12%.",
        "neutral:partial",
        "loosely",
    ),
    (  # wrong False: a change that passes
        "Exercise lowers blood pressure.",
        "Exercise raises blood pressure briefly during the activity.",
        "neutral:partial",
        "only for a while (“briefly”)",
    ),
    (  # wrong True: a figure of older estimates
        "The Tessa forest absorbs 2 billion tonnes of carbon dioxide a year.",
        "The Tessa forest absorbs about 2 billion tonnes of carbon dioxide a year, according to"
        " older estimates; newer ones are far lower.",
        "neutral:reported",
        "according to older estimates",
    ),
    (  # wrong False: a denial of a narrower kind
        "Drug Q reduces the risk of stroke.",
        "Drug Q does not reduce the risk of haemorrhagic stroke.",
        "neutral:partial",
        "narrower",
    ),
    (  # undecided on f86783e: "loses" is a change like "lost"
        "Borovia loses 280 billion tonnes of ice per year.",
        "Between 2002 and 2023 Borovia lost about 280 billion tonnes of ice per year on average.",
        "supports",
        "",
    ),
    (  # undecided: the figure of the claim's own clause
        "Wind power in Ostrania grew by 10% in 2022.",
        "Wind power in Ostrania grew by 10% in 2022, while solar grew by 25%.",
        "supports",
        "",
    ),
    (  # undecided: the value another came from, dated with the claim's year
        "Renewables produced 29% of Ostrania's electricity in 2022.",
        "Renewables produced 30% of Ostrania's electricity in 2023, up from 29% in 2022.",
        "supports",
        "",
    ),
    (  # undecided: the figure the sentence gives for the claim's year
        "Renewables produced 29% of Ostrania's electricity in 2023.",
        "Renewables produced 30% of Ostrania's electricity in 2023, up from 29% in 2022.",
        "refutes",
        "the claim says 29%; the source says 30%",
    ),
    (  # neutral on f86783e ("says it of Ostrania's electricity, not of Ostrania's"): the words
        # after a possessive name are the claim's own
        "Renewables produced 29% of Ostrania's electricity.",
        "Renewables produced 29% of Ostrania's electricity.",
        "supports",
        "",
    ),
    (  # wrong True on f86783e: a place named after the subject narrows the kind
        "Polar bear populations are declining.",
        "Polar bear populations in the Kessa Sea have declined by 40%.",
        "neutral:subject",
        "of Polar bear populations in the Kessa Sea, not of polar bear populations in general",
    ),
    (  # wrong False: the opposite said only of some places
        "Polar bear populations are increasing.",
        "Polar bear populations are declining in several regions.",
        "neutral:partial",
        "only of some (“in several regions”)",
    ),
    (  # wrong False: the opposite said only by some
        "Scientists agree that humans cause global warming.",
        "Some scientists disagree that humans cause global warming.",
        "neutral:partial",
        "only of some",
    ),
    (  # wrong False: a change in one year against a change since another
        "The Kessa Reef has lost half of its corals since 1995.",
        "The Kessa Reef lost 30% of its corals in 2016.",
        "not refutes",
        "",
    ),
    (  # wrong False: another place of a kind the claim names by its place
        "Glaciers in the Alps are retreating.",
        "Glaciers in the Himalayas are retreating.",
        "neutral:subject",
        "of other glaciers, not of glaciers in the Alps",
    ),
    (  # wrong True: the other does many times as much
        "Volcanoes emit more carbon dioxide than humans.",
        "Humans emit more than 100 times as much carbon dioxide as volcanoes.",
        "refutes",
        "the source says “Humans emit more than 100 times as much carbon dioxide as volcanoes”",
    ),
    (  # wrong False: a denial of a narrower kind (an adjective before the claim's last noun)
        "Drug Q reduces the risk of stroke.",
        "Drug Q does not reduce the risk of haemorrhagic stroke.",
        "neutral:partial",
        "narrower",
    ),
    (  # undecided on f86783e: "not associated with an increased risk" denies the increase
        "Coffee consumption increases the risk of heart disease.",
        "Coffee consumption was not associated with an increased risk of heart disease.",
        "refutes",
        "",
    ),
    (  # undecided: "no association between" denies a cause
        "Air pollution causes asthma.",
        "There is no association between air pollution and asthma.",
        "refutes",
        "",
    ),
    (
        "Protein K inhibits tumour growth.",
        "Protein K promotes tumour growth.",
        "refutes",
        "promotes",
    ),
    (
        "Protein K is required for cell division.",
        "Protein K is dispensable for cell division.",
        "refutes",
        "dispensable",
    ),
    (
        "Glaciers in the Alps are retreating.",
        "Glaciers in the Alps are advancing.",
        "refutes",
        "advancing",
    ),
    (  # undecided: "cuts … in half" is "halves", and the reason quotes the claim's words
        "Drug Z cuts the risk of stroke in half.",
        "Drug Z reduced the risk of stroke by 20%.",
        "refutes",
        "the claim says “cuts the risk of stroke in half”",
    ),
    (
        "Drug Z cuts the risk of stroke in half.",
        "Drug Z reduced the risk of stroke by 50%.",
        "supports",
        "",
    ),
    (  # wrong True on f86783e: the claim's figure said of another measure
        "The Kessa bridge is 1.2 km long.",
        "The Kessa bridge has a main span of 1.2 km and a total length of 3 km.",
        "not supports",
        "",
    ),
    (  # wrong False: a height with its antenna is another measure
        "The Kessa tower is 250 m tall.",
        "The Kessa tower is 300 metres tall including its antenna.",
        "not refutes",
        "",
    ),
    (  # wrong True: a figure for one way of travel beside another's
        "The trip from Tessa to Velmar takes 3 hours.",
        "The trip from Tessa to Velmar takes 3 hours by car and 5 hours by bus.",
        "not supports",
        "",
    ),
    (  # control: the claim's length, in another unit, beside another measure
        "The Kessa bridge is 1.2 km long.",
        "The Kessa bridge has a main span of 400 metres and a total length of 1,200 metres.",
        "supports",
        "",
    ),
    (  # wrong True on f86783e: the two sides of a comparison swapped
        "Twice as many women as men have the disease.",
        "The disease is twice as common in men as in women.",
        "refutes",
        "the other way round",
    ),
    (  # wrong False: a figure for a group the claim does not name
        "Life expectancy in Borovia is 80 years.",
        "Life expectancy for women in Borovia is 83 years and for men 78 years.",
        "not refutes",
        "",
    ),
    (  # wrong False on f86783e: kin counted by kind are a part of the whole count
        "Tom Vell has three children.",
        "Tom Vell has two sons and a daughter.",
        "not refutes",
        "",
    ),
    # controls: the same sentence; the opposite said of all; another figure in the same frame
    # still refutes; a rate against a rate; a group the claim names too; a change that lasts
    (  # undecided on f86783e: an association said plainly states no cause (a hedge)
        "Air pollution causes asthma.",
        "There is an association between air pollution and asthma.",
        "neutral:hedge",
        "linked",
    ),
    (
        "Glaciers in the Alps are retreating.",
        "Glaciers in the Alps are retreating.",
        "supports",
        "",
    ),
    (
        "Polar bear populations are increasing.",
        "Polar bear populations are declining.",
        "refutes",
        "",
    ),
    (
        "Drug Z reduced mortality by 30%.",
        "Drug Z reduced mortality by 12% in the trial.",
        "refutes",
        "the claim says 30%; the source says 12%",
    ),
    (
        "Borovia loses 280 billion tonnes of ice per year.",
        "Borovia loses about 150 billion tonnes of ice per year.",
        "refutes",
        "the claim says 280 billion tonnes",
    ),
    (
        "In patients over 65, drug Z reduced mortality by 30%.",
        "In patients over 65, drug Z reduced mortality by 12%.",
        "refutes",
        "the claim says 30%; the source says 12%",
    ),
    ("Exercise lowers blood pressure.", "Exercise raises blood pressure.", "refutes", "raises"),
    (
        "Twice as many women as men have the disease.",
        "The disease is twice as common in women as in men.",
        "supports",
        "",
    ),
    ("Tom Vell has two children.", "Tom Vell has three children.", "refutes", "the claim says two"),
    (
        "Life expectancy in Borovia is 80 years.",
        "Life expectancy in Borovia is 72 years.",
        "refutes",
        "the claim says 80 years; the source says 72 years",
    ),
    (
        "The trip from Tessa to Velmar takes 3 hours.",
        "The trip from Tessa to Velmar takes 90 minutes.",
        "refutes",
        "the claim says 3 hours",
    ),
    (  # "the common cold" is the cold, no narrower kind of it
        "Vitamin Q prevents colds.",
        "Taking vitamin Q does not prevent the common cold.",
        "refutes",
        "",
    ),
    (
        "Unemployment in Ostrania was 6% in 2019.",
        "Unemployment in Ostrania rose to 7.4% in 2020, up from 5.1% in 2019.",
        "refutes",
        "the claim says 6%; the source says 5.1%",
    ),
]


@pytest.mark.parametrize(("claim", "sentence", "expected", "reason"), ROWS)
def test_what_a_climate_and_science_desk_met_is_read_as_it_says(claim, sentence, expected, reason):
    read_as_expected(claim, sentence, expected, reason)
