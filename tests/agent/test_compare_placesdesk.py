"""Places and members as an encyclopaedia and a newsroom write them (stop 63, issue 36): "a
landlocked country bordered by Ostrania, Velmaria and Kessa" borders each of them (it was read as
naming the doer of "borders" and refuted "Borovia borders Kessa"); "has a coastline" is "is not
landlocked"; "Tessa, the capital of Borovia, has …" says Tessa is the capital, and "The capital of
Borovia is Tessa" is the same claim turned round; "Tom Vell, the mayor of Tessa, died in 1990" says
he was the mayor, not that he is; "has been a member of the Velmar Union since 2004" joined it in
2004; "flows 540 km into the Kessa Sea" is 540 km long; "bordered by Velmar to the north" names
no doer of "borders" (a border is both sides'); "The war lasted from 1914 to 1918" began in 1914. A claim and one sentence, what the
comparison must say ("supports", "refutes", "neutral:<rule>", or "not <stance>") and a part of its
reason. Invented names. Each row failed on stop 62's tree (3516552) unless marked as a control."""

from __future__ import annotations

import pytest

from tests.agent.test_compare_readers import read_as_expected

BOROVIA = "Borovia is a landlocked country bordered by Ostrania, Velmaria and Kessa."
TESSA = "Tessa, the capital of Borovia, has a population of about 800,000."
MAYOR = "Tom Vell, the mayor of Tessa, died in 1990."
MEMBER = "Ostrania has been a member of the Velmar Union since 2004."
ORVEL = "The Orvel river rises in the Tessa Mountains and flows 540 km into the Kessa Sea."

DISTRICT = "Kessa is a district bordered by Velmar to the north and Tessa to the south."
FESTIVAL = "The Kessa festival ran from 1990 to 2005 and was revived in 2015."

ROWS = [
    ("Borovia borders Kessa", BOROVIA, "supports", ""),
    ("Borovia borders Ostrania", BOROVIA, "supports", ""),
    ("Borovia is landlocked", BOROVIA, "supports", ""),  # control
    ("Borovia has a coastline", BOROVIA, "refutes", ""),
    ("The capital of Borovia is Tessa", TESSA, "supports", ""),
    ("The capital of Borovia is Velmar", TESSA, "refutes", "only one can be"),
    ("Tessa is the capital of Borovia", TESSA, "supports", ""),  # control
    ("Tom Vell is the mayor of Tessa", MAYOR, "not supports", ""),
    ("Tom Vell was the mayor of Tessa", MAYOR, "supports", ""),  # control
    ("Ostrania joined the Velmar Union in 2004", MEMBER, "supports", ""),
    ("Ostrania joined the Velmar Union in 2010", MEMBER, "refutes", "2004"),
    ("The Orvel river is 540 km long", ORVEL, "supports", ""),
    ("The Orvel river is 800 km long", ORVEL, "refutes", "540 km"),
    ("The Orvel river flows into the Velm Sea", ORVEL, "refutes", "Kessa Sea"),  # control
    ("Ostrania borders Kessa", DISTRICT, "not refutes", ""),
    ("Kessa borders Velmar", DISTRICT, "supports", ""),
    (
        "Velmar borders Kessa",
        "Kessa is bordered by Velmar to the north.",
        "supports",
        "",
    ),  # control
    ("The war began in 1914", "The war lasted from 1914 to 1918.", "supports", ""),
    ("The Kessa festival began in 1990", FESTIVAL, "supports", ""),
    ("The Kessa festival ended in 2020", FESTIVAL, "refutes", "2005"),
]


@pytest.mark.parametrize(("claim", "sentence", "expected", "reason"), ROWS)
def test_places_are_read_as_a_reader_reads_them(claim, sentence, expected, reason):
    read_as_expected(claim, sentence, expected, reason)
