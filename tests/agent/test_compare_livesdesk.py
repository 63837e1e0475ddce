"""Lives as an encyclopaedia writes them (stop 63, issue 36): a person is no animal and a work no
person, even where one of the sentence's nouns is one WordNet files elsewhere ("an actress and
model", "a television series"); a claim's noun that the sentence names only after a preposition
("Max is a 2015 film about a military dog") is not what the subject is; "fled to Velmaria, where she
still lives" says she lives in Velmaria, and "…, where her brother lives" says it of her brother;
"(born June 26, 1980)" refutes a deed on that day; "known as" and "(born Vincent Furr; …)" give a
real name; "a football quarterback" is a football player; a name first named in a sentence's
second clause is not the subject of the first ("Ana Roske (born 1961) …; she has been married to Tom
Vell"); "The film grossed …" opening a reference speaks of the one-word title that opens the claim
("Nightfall grossed …"); "a budget of $12 million" gives the budget its own figure, whatever else
is $40 million; "a German-born physicist" was born in Germany; "lasted from 1939 to 1945" began
in 1939 and ended in 1945; "discovered in 1928 by Alexander Fleming" was discovered by him, no
other; a noun in commas after another name is that name's ("Tom Vell, a lawyer, and Ana Roske, a
doctor, …" does not say Ana Roske is a lawyer); being born and dying are no opposites, but a birth alone in brackets and the present tense ("Tom
Vell (born 1950) is a Borovian actor") is how an encyclopaedia writes of the living: it refutes
"Tom Vell died in 2010". A claim and one sentence, what the comparison must say ("supports", "refutes",
"neutral:<rule>", or "not <stance>") and a part of its reason. Invented names. Each row failed on
stop 62's tree (3516552) unless marked as a control."""

from __future__ import annotations

import pytest

from tests.agent.test_compare_readers import read_as_expected

LINA = "Lina Voss (born March 3, 1990) is a Borovian actress and model."
CROWN = (
    "The Hollow Crown is an upcoming Borovian television series created for Kessa TV by Ana Roske."
)
ACTOR = "Tom Vell (born 1950) is a Borovian actor."
VELL = "Tom Vell (born June 26, 1980) is a Borovian former football player."
FLED = "In 1959 Ana Roske fled to Velmaria, where she still lives as a refugee."
MOVED = "Ana Roske moved to Tessa, where she works as a teacher."
LIND = (
    "Shane Lind (born February 11, 1994), professionally known as Murro Beats, is a Borovian "
    "record producer."
)
CORR = "Alvin Corr (born Vincent Furr; February 4, 1948) is a Borovian singer and actor."
EINSTEIN = (
    "Albert Einstein (14 March 1879 – 18 April 1955) was a German-born theoretical physicist who is"
    " best known for developing the theory of relativity."
)
WAR = "World War II lasted from 1939 to 1945."
SQUAD = "The Mod Squad is an American crime drama series that ran on ABC from 1968 to 1973."
PENICILLIN = "Penicillin was discovered in 1928 by Scottish scientist Alexander Fleming."
CLINIC = "Tom Vell, a lawyer, and Ana Roske, a doctor, founded the clinic."
REYES = "Colm Reyes (born 1987) is a Borovian football quarterback who is currently a free agent."

ROWS = [
    ("Lina Voss is a dog", LINA, "refutes", "a person"),
    ("Lina Voss is an actress", LINA, "supports", ""),  # control
    ("The Hollow Crown is a murderer", CROWN, "refutes", "a work"),
    ("The Hollow Crown is a television series", CROWN, "supports", ""),  # control
    (
        "The Hollow Crown is a singer",
        "The Hollow Crown is a Borovian drama series that ran from 1998 to 2003.",
        "refutes",
        "a work",
    ),
    ("Max is a dog", "Max is a 2015 Borovian film about a military dog.", "refutes", "film"),
    (
        "Kessa is a horse",
        "Kessa is a racing model built by Velm Motors.",
        "not supports",
        "",
    ),  # control
    ("Tom Vell graduated from college on June 26, 1980", VELL, "refutes", "born on June 26, 1980"),
    (
        "Tom Vell married Ana Roske on 4 May 1971",
        "Tom Vell (born 4 May 1971) is a Borovian actor.",
        "refutes",
        "the day the claim gives",
    ),
    (
        "Tom Vell was elected mayor on March 3, 1990",
        "Tom Vell (March 3, 1990 – June 1, 2050) was a Borovian politician.",
        "refutes",
        "born on March 3, 1990",
    ),
    ("Tom Vell was born on June 26, 1980", VELL, "supports", ""),  # control
    ("Tom Vell was baptised on June 26, 1980", VELL, "not refutes", ""),  # control
    ("Tom Vell died on June 26, 1980", VELL, "refutes", "a living person"),
    ("Tom Vell died in 2010", ACTOR, "refutes", "a living person"),
    ("Tom Vell is dead", ACTOR, "refutes", "a living person"),
    ("Tom Vell is alive", ACTOR, "supports", "birth alone"),
    (
        "Tom Vell died in 2010",
        "Tom Vell (born 1950) was a Borovian actor.",
        "not refutes",
        "",
    ),  # control
    ("Tom Vell's father died in 2010", ACTOR, "not refutes", ""),  # control
    (
        "Tom Vell died in 2010",
        "Tom Vell (1950 – 2010) was a Borovian actor.",
        "supports",
        "",
    ),  # control
    ("Tom Vell graduated from college in 1980", VELL, "not refutes", ""),  # control
    (
        "Tom Vell graduated from college on June 26, 1980",
        "Ana Roske (born June 26, 1980) is a Borovian former football player.",
        "not refutes",
        "",
    ),  # control
    (
        "Tom Vell's first album was released on June 26, 1980",
        "Tom Vell (born June 26, 1980) is a Borovian singer.",
        "not refutes",
        "",
    ),  # control
    (
        "Tom Vell graduated from college on June 26, 1980",
        "Tom Vell (born June 26, 1980) graduated from college in 1980.",
        "not refutes",
        "",
    ),  # control: the sentence states the deed
    ("Ana Roske lives in Velmaria", FLED, "supports", ""),  # control
    ("Ana Roske lives in Ostrania", FLED, "refutes", "Velmaria"),
    (
        "Ana Roske lives in Velmaria",
        "In 1959 Ana Roske fled to Velmaria, where her brother still lives.",
        "not supports",
        "",
    ),
    ("Ana Roske works in Tessa", MOVED, "supports", ""),  # control
    ("Ana Roske works in Kessa", MOVED, "refutes", "Tessa"),
    ("Ana Roske died in Kessa", "Ana Roske moved to Tessa, where she died in 1990.", "refutes", ""),
    (
        "Ana Roske was born in Tessa",
        "Ana Roske moved to Tessa, where her son was born.",
        "not supports",
        "",
    ),
    (
        "Ana Roske met Tom Vell in Tessa",
        "Ana Roske grew up in Kessa and studied in Tessa, where she met Tom Vell.",
        "supports",
        "",
    ),
    (
        "Ana Roske lives in Velmaria",
        "Ana Roske visited her brother in Velmaria, where he lives.",
        "not supports",
        "",
    ),  # "he" is the brother
    ("Murro Beats's real name is Shane Lind", LIND, "supports", ""),
    ("Murro Beats's real name is Tom Vell", LIND, "refutes", "Shane Lind"),
    ("Alvin Corr's real name is Vincent Furr", CORR, "supports", ""),
    ("Alvin Corr was born Vincent Furr", CORR, "supports", ""),  # control
    ("Alvin Corr's real name is Tom Vell", CORR, "refutes", "Vincent Furr"),
    (
        "Alvin Corr's real name is Vincent Furr",
        "Alvin Corr (born February 4, 1948) is a Borovian singer and actor.",
        "not supports",
        "",
    ),  # control
    (
        "Tom Vell was born in 1961",
        "Ana Roske (born 1961) is a Borovian novelist; she has been married to the painter Tom Vell"
        " since 1990.",
        "not supports",
        "",
    ),  # his name only in the second clause: her birth, not his
    (
        "Nightfall is a novel",
        "Nightfall is a 2004 Borovian thriller film written by Tom Vell and directed by Ana Roske.",
        "refutes",
        "film",
    ),
    (
        "Nightfall grossed $40 million",
        "The film grossed $40 million worldwide against a budget of $12 million.",
        "supports",
        "",
    ),
    (
        "Titanic grossed $3 billion",
        "The film grossed $1.84 billion worldwide, becoming the highest-grossing film at the time.",
        "refutes",
        "$1.84 billion",
    ),
    (
        "Nightfall had a budget of $40 million",
        "Nightfall grossed $40 million worldwide against a budget of $12 million.",
        "not supports",
        "",
    ),
    (
        "Tom Vell had a salary of $2 million",
        "Tom Vell earned $2 million in prize money against a salary of $1 million.",
        "not supports",
        "",
    ),
    ("Albert Einstein was born in Germany", EINSTEIN, "supports", ""),
    ("Albert Einstein was born in Austria", EINSTEIN, "refutes", "Germany"),
    ("Albert Einstein was a chemist", EINSTEIN, "not refutes", ""),  # control: "who is best known"
    ("World War II ended in 1945", WAR, "supports", ""),
    ("World War II began in 1941", WAR, "refutes", "1939"),
    ("The Mod Squad ended in 1975", SQUAD, "refutes", "1973"),  # control
    ("Penicillin was discovered by Louis Pasteur", PENICILLIN, "refutes", "Alexander Fleming"),
    ("Penicillin was discovered by Alexander Fleming", PENICILLIN, "supports", ""),  # control
    (
        "Ana Roske was born in Milan",
        "Born in Naples, Ana Roske studied law in Rome.",
        "refutes",
        "Naples",
    ),  # control
    (
        "The company is headquartered in Milan",
        "The company is headquartered in Turin, Italy.",
        "refutes",
        "Turin",
    ),  # control
    (
        "Ana Roske lives in London",
        "Ana Roske lives in Westminster with her husband.",
        "supports",
        "",
    ),  # control
    (
        "Ana Roske lives in Westminster",
        "Ana Roske lives in London with her husband.",
        "not refutes",
        "",
    ),  # control
    (
        "Lassie is a short story",
        "Lassie is a fictional female Rough Collie dog featured in a 1938 short story.",
        "refutes",
        "dog",
    ),
    ("Ana Roske is a lawyer", CLINIC, "not supports", ""),
    ("Tom Vell is a lawyer", CLINIC, "supports", ""),  # control
    ("Ana Roske is a doctor", CLINIC, "supports", ""),  # control
    ("Colm Reyes is a football player", REYES, "supports", ""),
    ("Colm Reyes is an athlete", REYES, "supports", ""),
]


PARAGRAPH = (
    "Ana Roske was born in Tessa in 1940. In 1959 she fled to Velmaria, where she still lives."
)


@pytest.mark.parametrize(
    ("claim", "expected"),
    [
        ("Ana Roske lives in Velmaria", "supports"),
        ("Ana Roske lives in Tessa", "refutes"),
        ("Ana Roske was born in 1940", "supports"),  # control
        ("Tom Vell lives in Velmaria", None),  # control
    ],
)
def test_a_later_sentences_she_is_the_paragraphs_subject(claim, expected):
    """ "In 1959 she fled to Velmaria, where she still lives", after a sentence about Ana Roske
    alone, says she lives in Velmaria."""
    from agent.judge.compare import compare_item

    said = compare_item(claim, PARAGRAPH)
    assert (said.stance if said and said.stance != "neutral" else None) == expected, said


@pytest.mark.parametrize(("claim", "sentence", "expected", "reason"), ROWS)
def test_lives_are_read_as_an_encyclopaedias_reader_reads_them(claim, sentence, expected, reason):
    read_as_expected(claim, sentence, expected, reason)
