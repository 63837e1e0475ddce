"""A change from one value to another, as a news desk writes it (stop 62, issue 36): "fell from 7%
in 2020 to 4% in 2023" was read as one range "2020 to 4%" (a year and a figure joined by "to"), so
"Unemployment fell to 4%" was refuted with "the source says 7%" — six wrong Falses on stop 61's
tree (720d1b3) in a desk of 38 pairs. A year after "in" before "to" ends its own quantity, and a
claim's "rose to 8%" is compared with the figure after the sentence's "to". And a participle's
clause after every part of the claim ("…, meaning the disease was no longer spreading", "…, ending a
career that had not seen a single defeat") denies only its own: "Tom Vell never retired" was a wrong
True. A claim and one sentence, what the comparison must say ("supports", "refutes",
"neutral:<rule>", or "not <stance>") and a part of its reason. Invented names but for measles.
A second desk of figures (40 pairs) added: "from 1990 until 2002" is a span of years as "from
1990 to 2002" is ("Tom Vell was mayor of Tessa in 1995" was refuted with "the source says 1990");
"3 billion dollars" is a sum with its unit word; "born in Velmar and studied in Tessa" fills "born
in" with Velmar. And a desk of paragraphs (28 claims against three-sentence texts): "The company,
based in Tessa, employs …" after "Kessa Corp cut 2,000 jobs" speaks of Kessa Corp, aside and all.
And an encyclopaedia's opening sentences about real people (40 pairs): a birth date in brackets
is the birth's, not the date of what the claim says ("Barack Obama was president in 2012" was
refuted with "the source says August 4, 1961"; "served … from 2009 to 2017" is one span, not a
change from 2009); "a former professional tennis player" is no longer one ("Serena Williams still
plays professional tennis" was a wrong True). Each row failed on 720d1b3 unless marked as a
control."""

from __future__ import annotations

import pytest

from agent.judge._quantities import quantities
from agent.judge.compare import compare_item
from tests.agent.test_compare_readers import read_as_expected

FELL = "Unemployment in Borovia fell from 7% in 2020 to 4% in 2023."
ROSE = "The population of Tessa rose from 800,000 in 1950 to 2 million in 2020."
RETIRED = "Tom Vell retired in 2015, ending a career that had not seen a single defeat."
MEASLES = (
    "Measles was declared eliminated from the United States in 2000, meaning the disease was no "
    "longer continuously spreading there for more than a year."
)

MAYOR = "Tom Vell served as mayor of Tessa from 1990 until 2002."
OBAMA = (
    "Barack Hussein Obama II (born August 4, 1961) is an American politician who served as the "
    "44th president of the United States from 2009 to 2017."
)
SERENA = (
    "Serena Jameka Williams (born September 26, 1981) is an American former professional tennis "
    "player."
)

ROWS = [
    ("Barack Obama was president in 2012.", OBAMA, "supports", ""),  # a wrong False on 720d1b3
    (  # control
        "Barack Obama was president in 2019.",
        OBAMA,
        "refutes",
        "the source says 2009 to 2017",
    ),
    ("Barack Obama was born in 1961.", OBAMA, "supports", ""),  # control
    ("Barack Obama was born in 1965.", OBAMA, "refutes", "August 4, 1961"),  # control
    ("Serena Williams still plays professional tennis.", SERENA, "not supports", ""),  # wrong True
    ("Serena Williams plays professional tennis.", SERENA, "neutral:tense", "former"),
    ("Tom Vell plays drums.", "Tom Vell is a drummer.", "supports", ""),  # control
    ("Tom Vell was mayor of Tessa in 1995.", MAYOR, "supports", ""),  # a wrong False on 720d1b3
    ("Tom Vell was mayor of Tessa in 2005.", MAYOR, "refutes", "1990 until 2002"),
    (
        "Kessa Corp bought Velo Ltd for 3 billion dollars.",
        "Kessa Corp bought Velo Ltd for $3 billion in 2021.",
        "supports",
        "",
    ),
    (  # control
        "Borovia has 8 million people.",
        "Borovia has about 5.2 million inhabitants.",
        "refutes",
        "the claim says 8 million; the source says about 5.2 million",
    ),
    (  # control
        "Tessa has 3 million people.",
        "Tessa, with 3 million inhabitants, is the capital of Borovia.",
        "supports",
        "",
    ),
    ("Unemployment in Borovia fell to 4%.", FELL, "supports", ""),
    ("Unemployment in Borovia was 7% in 2020.", FELL, "supports", ""),
    ("Unemployment in Borovia fell to 3%.", FELL, "refutes", "the source says 4%"),
    (
        "Inflation in Ostrania climbed to 9%.",
        "Inflation in Ostrania climbed from 2% in 2021 to 9% in 2022.",
        "supports",
        "",
    ),
    ("The population of Tessa rose to 2 million.", ROSE, "supports", ""),
    ("The population of Tessa was 800,000 in 1950.", ROSE, "supports", ""),
    ("The population of Tessa rose to 3 million.", ROSE, "refutes", "the source says 2 million"),
    (
        "Tessa's murder rate dropped to 5 per 100,000.",
        "Tessa's murder rate dropped from 12 per 100,000 in 2010 to 5 per 100,000 in 2020.",
        "supports",
        "",
    ),
    ("Tom Vell never retired.", RETIRED, "refutes", ""),  # a wrong True on 720d1b3
    ("Tom Vell retired in 2015.", RETIRED, "supports", ""),  # undecided on 720d1b3
    ("Measles was eliminated from the United States in 2000.", MEASLES, "supports", ""),
    ("Measles was eliminated from the US in 2010.", MEASLES, "refutes", "2010"),
    (
        "Tom Vell was born in Tessa.",
        "Tom Vell was born in Velmar and studied in Tessa.",
        "refutes",
        "the source says Velmar",
    ),
    (  # control: one deed in two places
        "Ana Roske lived in Tessa.",
        "Ana Roske lived in Velmar and later in Tessa.",
        "supports",
        "",
    ),
    (  # control: the change's start is no value it reached
        "Kessa Corp's revenue grew to $3 billion.",
        "Kessa Corp's revenue reached $5 billion in 2023, up from $3 billion in 2019.",
        "not supports",
        "",
    ),
]


@pytest.mark.parametrize(("claim", "sentence", "expected", "reason"), ROWS)
def test_a_change_from_one_value_to_another_is_read_as_the_sentence_says(
    claim, sentence, expected, reason
):
    read_as_expected(claim, sentence, expected, reason)


def test_a_year_and_the_figure_after_to_are_two_quantities():
    said = [(q.text, q.dimension) for q in quantities("fell from 7% in 2020 to 4% in 2023")]
    assert ("2020", "year") in said and ("4%", "dimensionless") in said
    assert not any(" to " in text for text, _ in said)
    # a range stays one: years to years, figures to figures
    assert [q.text for q in quantities("from 1887 to 1889")][0] == "1887 to 1889"
    assert [q.text for q in quantities("1,500 to 2,000 km")][0] == "1,500 to 2,000 km"


KESSA = (
    "Kessa Corp cut 2,000 jobs in 2023. The company, based in Tessa, employs 40,000 people. Its "
    "chief executive, Ana Roske, said more cuts were possible."
)


@pytest.mark.parametrize(
    ("claim", "stance"),
    [
        ("Kessa Corp employs 40,000 people.", "supports"),
        ("Kessa Corp is based in Velmar.", "refutes"),
        ("Kessa Corp cut 5,000 jobs in 2023.", "refutes"),  # control
    ],
)
def test_the_company_in_a_later_sentence_is_the_claims(claim, stance):
    said = compare_item(claim, KESSA)
    assert said is not None and said.stance == stance, said
