"""Encyclopaedia sentences of FEVER's kind from desks written blind at stop 68 (issue 36): television,
books and games; companies, organisations and science. Stop 67's tree (220f3fd) answered two of
their pairs wrong — "Mercury is the last planet from the Sun" read as stating "the planet closest
to the Sun" (WordNet's noun "close", the end of something, is a synonym of "last"), and "an
animated sitcom" read as another thing than "an animated series" — and one more wrong on the older
film desk ("released … three years after the original Star Wars film" read as stating "came out
before Star Wars"). It left undecided what an encyclopaedia says in other words: "came out" for
"released", "was started" for "was founded", "based in" for "headquartered in", a state of the
same country ("Texas" against "Cupertino, California") and a hyphenated modifier in a work's
description ("a 1995 American computer-animated comedy film"). A claim and one sentence, what the
comparison must say ("supports", "refutes", "neutral:<rule>", or "not <stance>") and a part of its
reason. Each row failed on stop 67's tree unless marked as a control."""

from __future__ import annotations

import pytest

from tests.agent.test_compare_readers import read_as_expected

MERCURY = (
    "Mercury is the {} planet from the Sun and the smallest in the Solar System, with an orbital "
    "period of about 88 Earth days."
)
SIMPSONS = (
    "The Simpsons is an American animated sitcom created by Matt Groening for the Fox Broadcasting "
    "Company."
)
EMPIRE = (
    "The Empire Strikes Back (also known as Star Wars: Episode V) was directed by Irvin Kershner "
    "and released in 1980, three years {} the original Star Wars film."
)
MARIO = (
    "Super Mario Bros. was designed by Shigeru Miyamoto and Takashi Tezuka and released for the "
    "Famicom in Japan in September {}."
)
TOYOTA = (
    "Toyota Motor Corporation was founded by Kiichiro Toyoda in {} as a spinoff from his father's "
    "company, Toyota Industries."
)
APPLE = (
    "Apple Inc. is an American multinational technology company headquartered in {}, best known "
    "for its consumer electronics."
)
TOY_STORY = (
    "Toy Story is a 1995 American computer-animated comedy film produced by Pixar Animation "
    "Studios for Walt Disney Pictures."
)

ROWS = [
    # the wrong answers
    ("Mercury is the planet closest to the Sun.", MERCURY.format("last"), "not supports", ""),
    (
        "Mercury is the planet farthest from the Sun.",
        MERCURY.format("last"),
        "not refutes",
        "",
    ),  # control
    ("The Simpsons is an animated series.", SIMPSONS, "not refutes", ""),
    ("The Simpsons is an animated sitcom.", SIMPSONS, "supports", ""),  # control
    (
        "The Empire Strikes Back came out before Star Wars.",
        EMPIRE.format("after"),
        "refutes",
        "after",
    ),
    (
        "The Empire Strikes Back came out after Star Wars.",
        EMPIRE.format("before"),
        "refutes",
        "before",
    ),
    ("The Empire Strikes Back came out after Star Wars.", EMPIRE.format("after"), "supports", ""),
    (
        "The Empire Strikes Back was released before Star Wars.",
        "The Empire Strikes Back (also known as Star Wars: Episode V) was released in 1980.",
        "not supports",
        "",
    ),
    # a work that came out, an organisation started, a seat said as a base
    ("Super Mario Bros. came out in the 1980s.", MARIO.format(1985), "supports", ""),
    ("Super Mario Bros. came out in the 1980s.", MARIO.format(1993), "refutes", "1993"),
    (
        "The band came out against the war.",
        "The band released an album against the war in 1969.",
        "not supports",
        "",
    ),  # control: "came out against" is no release
    ("Toyota was started in the 1930s.", TOYOTA.format(1937), "supports", ""),
    ("Toyota was started in the 1930s.", TOYOTA.format(1967), "refutes", "1967"),
    (
        "Apple Inc. is based in California.",
        APPLE.format("Cupertino, California"),
        "supports",
        "",
    ),  # control
    ("Apple Inc. is based in Texas.", APPLE.format("Cupertino, California"), "refutes", "Texas"),
    ("Apple Inc. is based in California.", APPLE.format("Austin, Texas"), "refutes", "California"),
    # a state of the country; not a name of two senses (Georgia, the country too)
    ("Ann Cole was born in Texas.", "Ann Cole was born in Cupertino, California.", "refutes", ""),
    ("Ann Cole was born in Texas.", "Ann Cole was born in Dallas.", "not refutes", ""),  # control
    (
        "Ann Cole was born in Georgia.",
        "Ann Cole was born in Austin, Texas.",
        "not refutes",
        "",
    ),  # control
    # a hyphenated modifier in a work's description
    ("Toy Story is a television series.", TOY_STORY, "refutes", "film"),
    ("Toy Story is a novel.", TOY_STORY, "refutes", "film"),
    ("Toy Story is a film.", TOY_STORY, "supports", ""),  # control
]


@pytest.mark.parametrize(("claim", "sentence", "expected", "reason"), ROWS)
def test_a_blind_desk_of_works_and_organisations(claim, sentence, expected, reason):
    read_as_expected(claim, sentence, expected, reason)
