"""What a new user asks first, against the sentences `make run` seeds (stop 62, issue 36): 75
claims about the 33 seeded facts, asked as a user types them. Read as a reader reads the seeded
sentence: "tallest" is "highest" (of a height); "can be seen" is "is visible"; "kills 8 million
people" is "causes 8 million deaths"; "Its diameter …" after "The Earth is not flat: …" is the
Earth's; "the 1998 paper by Andrew Wakefield that suggested a link …" is the paper's relative
clause, no report of the retraction (and "its claims were found to be false" is no report either);
"Ana Roske's novel" is her novel, not her deed ("The novel by Ana Roske was published by …" was a
wrong False); "a sphere and not flat" sets "flat" against what it states; WordNet's "sphere" of
activity is no "orbit", and a sphere and a distance are no two of a kind (both are only an
"object", WordNet's topmost kind); "Viruses cannot travel on radio waves …, and COVID-19 has
spread …" is two statements. A claim and one sentence, what the comparison must say ("supports",
"refutes", "neutral:<rule>", or "not <stance>") and a part of its reason. Each row failed on stop
61's tree (720d1b3) unless marked as a control."""

from __future__ import annotations

import pytest

from agent.judge.compare import compare_item
from tests.agent.test_compare_readers import read_as_expected

EVEREST = "Mount Everest is the highest mountain on Earth, with a summit elevation of 8,849 meters."
FIVE_G = (
    "Viruses cannot travel on radio waves or mobile networks, and COVID-19 has spread in many "
    "countries that have no 5G network; the disease spreads through respiratory droplets and "
    "aerosols from infected people."
)
WAKEFIELD = (
    "The 1998 paper by Andrew Wakefield that suggested a link between the MMR vaccine and autism "
    "was fully retracted by The Lancet in 2010 after its claims were found to be false."
)
GREAT_WALL = (
    "The Great Wall of China is not visible to the naked eye from the Moon, and it is very hard to "
    "see even from low Earth orbit because it is narrow and similar in color to the land around it."
)
TOBACCO = (
    "Tobacco kills up to half of its users and causes more than 8 million deaths worldwide every "
    "year."
)
SPHERE = (
    "The Earth's curvature, the circular shadow it casts on the Moon during lunar eclipses and "
    "routine circumnavigation all confirm that the Earth is a sphere and not flat."
)
SUN = "The Sun is about 150 million kilometers from Earth, a distance called one astronomical unit."

ROWS = [
    (  # undecided on 720d1b3; a wrong False ("tallest" against "highest") once "in the world"
        # was read as "on Earth"
        "Mount Everest is the tallest mountain in the world.",
        EVEREST,
        "supports",
        "",
    ),
    ("COVID-19 is caused by a virus.", FIVE_G, "not refutes", ""),  # a wrong False on 720d1b3
    (  # control
        "5G networks spread COVID-19.",
        "5G mobile networks do not spread COVID-19.",
        "refutes",
        "",
    ),
    ("Andrew Wakefield's paper was retracted by The Lancet.", WAKEFIELD, "supports", ""),
    ("The Lancet retracted Wakefield's paper in 2010.", WAKEFIELD, "supports", ""),
    ("The Lancet retracted Wakefield's paper in 2012.", WAKEFIELD, "refutes", "2012"),
    ("Vaccines cause autism.", WAKEFIELD, "not supports", ""),  # control: the paper's suggestion
    (  # a wrong False on 720d1b3
        "Ana Roske's novel was published by Kessa Books.",
        "The novel by Ana Roske was published by Kessa Books in 2010.",
        "supports",
        "",
    ),
    (  # control: a report of the claim is still a report
        "The Earth is flat.",
        "The book by Ana Roske that claimed the Earth is flat was a bestseller.",
        "neutral:reported",
        "claimed",
    ),
    ("The Great Wall of China can be seen from the Moon.", GREAT_WALL, "refutes", "not visible"),
    ("The Great Wall of China cannot be seen from the Moon.", GREAT_WALL, "supports", ""),
    ("Tobacco kills more than 8 million people every year.", TOBACCO, "supports", ""),
    ("Tobacco kills 1 million people every year.", TOBACCO, "refutes", "1 million"),
    (
        "Malaria kills 600,000 people a year.",
        "Malaria causes about 600,000 deaths each year.",
        "supports",
        "",
    ),
    ("The Earth is a sphere.", SPHERE, "supports", ""),
    ("The Earth is flat.", SPHERE, "refutes", "not flat"),  # control
    ("Tessa is a town.", "Tessa is a city and not a town.", "refutes", "not"),  # control
    ("The Earth is a sphere.", SUN, "not refutes", ""),  # a wrong False on 720d1b3
    ("The Earth is a sphere.", GREAT_WALL, "not supports", ""),  # a wrong True on 720d1b3
    (  # control: the land and the ocean stay two of a kind
        "Polar bears depend on the land as their main food source.",
        "Polar bears depend on the ocean as their main food source.",
        "refutes",
        "",
    ),
]


@pytest.mark.parametrize(("claim", "sentence", "expected", "reason"), ROWS)
def test_a_users_first_questions_are_read_as_the_seeded_sentence_says(
    claim, sentence, expected, reason
):
    read_as_expected(claim, sentence, expected, reason)


def test_its_after_the_subjects_sentence_is_the_subjects():
    """ "Its diameter …" in the seeded text, after "The Earth is not flat: …", is the Earth's."""
    text = (
        "The Earth is not flat: it is a roughly spherical planet. "
        "Its diameter is about 12,756 kilometers."
    )
    said = compare_item("The Earth's diameter is about 12,756 km.", text)
    assert said is not None and said.stance == "supports", said
    said = compare_item("The Earth's diameter is about 20,000 km.", text)
    assert said is not None and said.stance == "refutes", said
    assert "12,756" in said.reason
