"""News-wire sentences of the kinds a user's headline is checked against, from desks written blind
at stop 66 (issue 36) by writers who had not seen the comparison stage, each pair labelled before
any answer: health, transport, technology, space, nature, courts, elections, the economy and the
arts, with invented names. Stop 65's tree answered half their plain pairs "not enough evidence"
and got nine wrong: a headline in capitals ("BRENMOOR AIRPORT PASSENGER NUMBERS FELL IN 2023")
read as one name the sentence "stated", another year's figure taken for a refutation, "one of
Ostravia's largest" taken for "the biggest", a supplier taken for the builder, "moved its
headquarters from Lusk" taken for "is headquartered in Lusk", "its first seven days" taken for
an ordinal against "debut". A claim and one sentence, what the comparison must say ("supports",
"refutes", "neutral:<rule>", or "not <stance>") and a part of its reason. Each row failed on stop
65's tree (eb6d5f5) unless marked as a control."""

from __future__ import annotations

import pytest

from tests.agent.test_compare_readers import read_as_expected

AIRPORT = (
    "Passenger numbers at Brenmoor Airport climbed to 12 million in 2023, a record for the "
    "airport, which opened in 1968."
)
QUILLON = (
    "Mara Quillon, chief executive of the Eskarian Rail Authority, announced the timetable "
    "changes at a press conference in Harnow."
)
TUNNEL = (
    "The Vellis Tunnel, which runs beneath the Morvath Hills for 16 kilometres, is the longest "
    "road tunnel in Eskaria."
)
LOW_TIDE = (
    "Low Tide, the fourth studio album by the Varnholt band Glass Meridian, entered the national "
    "chart at No. 1 last week, selling 48,000 copies in its first seven days."
)
DASK = (
    "A jury at the Halvor District Court found former port director Corvin Dask guilty on all "
    "three counts of embezzlement, and sentencing is expected next month."
)
OYELARAN = (
    "A jury in Calloway City cleared former mayor Bram Oyelaran of all fraud charges on Monday, "
    "ending a trial that lasted eleven weeks."
)
VELMAR = (
    "Velmar is the largest city of Ostrelia and its principal seaport, with 1.2 million "
    "inhabitants (2020), although the capital and seat of government is Dorrin, some 240 km "
    "(150 mi) inland."
)
COMPACT = (
    "The Arden Compact is an intergovernmental trade organisation established on 1 May 1972, "
    "whose member states are Kestria, Ostrelia, Verantia and Lusmark."
)
JOBLESS = "Unemployment in Velmar stood at 9 percent in 2015 but has since fallen to 5.2 percent."

ROWS = [
    # a claim typed in one case takes the sentence's case: no longer one long "name"
    (
        "BRENMOOR AIRPORT PASSENGER NUMBERS FELL IN 2023",
        AIRPORT,
        "refutes",
        "the claim says “fell”; the source says the opposite, “climbed”",
    ),
    ("Passenger numbers at Brenmoor Airport rose in 2023", AIRPORT, "supports", ""),
    (
        "ostrel bridge is 2.4 km long",
        "The Ostrel Bridge spans 2.4 kilometres across the Draval estuary.",
        "supports",
        "read as “The Ostrel Bridge is 2.4 kilometres long”",
    ),
    # another year's figure says nothing of the claim's year; another year alone still refutes
    (
        "brenmoor airport had 12 million passengers in 2023",
        "Brenmoor Airport handled 9.4 million passengers in 2019, before the pandemic.",
        "not refutes",
        "",
    ),
    (
        "Brenmoor Airport opened in 1970",
        "Brenmoor Airport opened in 1968.",
        "refutes",
        "the claim says 1970; the source says 1968",
    ),  # control
    (
        "Ana Roske won the prize in 2010 and 2012.",
        "Ana Roske won the prize in 2011.",
        "refutes",
        "2011",
    ),  # control: two years of the claim, both otherwise
    # one of several is not the one
    (
        "Brintel is Ostravia's biggest sensor maker",
        "Brintel is one of Ostravia's largest sensor makers, alongside Corvane Systems.",
        "neutral:partial",
        "one of Ostravia's largest",
    ),
    # the doer after "by" with a description before the name; a nationality is no doer
    (
        "Zephyra-2 was built by Brintel",
        "Zephyra-2 was built by the aerospace firm Corvane Systems, with some of its sensors "
        "supplied by Brintel.",
        "refutes",
        "the claim says Brintel; the source says the aerospace firm Corvane Systems",
    ),
    (
        "Orvel Dawn is an American film.",
        "Orvel Dawn is a French film by a British director.",
        "refutes",
        "French film",
    ),  # control
    # who heads an organisation
    (
        "Mara Quillon heads the Eskarian Rail Authority",
        QUILLON,
        "supports",
        "read as “Mara Quillon heads the Eskarian Rail Authority”",
    ),
    ("Piet Anselm heads the Eskarian Rail Authority", QUILLON, "not supports", ""),  # control
    (
        "Dr Anika Rosz leads the Velmora Institute of Cardiology",
        "Dr Anika Rosz, director of the Velmora Institute of Cardiology since 2016, told reporters "
        "that admissions had risen.",
        "supports",
        "",
    ),
    # where a thing no longer is
    (
        "Velmora is headquartered in Lusk",
        "Velmora moved its headquarters from Lusk to Castor City in 2020, citing lower rents.",
        "refutes",
        "moved from Lusk to Castor City",
    ),
    (
        "Velmora was headquartered in Lusk",
        "Velmora moved its headquarters from Lusk to Castor City in 2020.",
        "not refutes",
        "",
    ),  # control
    # figures of a part of a run, of a span, and a unit carried on
    (
        "Low Tide is Glass Meridian's debut album",
        LOW_TIDE,
        "refutes",
        "the claim says “debut”; the source says fourth",
    ),
    ("Glass Meridian's Low Tide has sold 100,000 copies", LOW_TIDE, "not refutes", ""),
    (
        "The court cut Lina Morrow's sentence to five years",
        "The court reduced Lina Morrow's sentence from nine years to six.",
        "refutes",
        "the source says nine years to six",
    ),
    (
        "Arlen Voss was jailed for 18 months",
        "Arlen Voss was jailed for a year and a half on Thursday.",
        "supports",
        "",
    ),
    (
        "Zephyra-2 launched on 15 March 2019",
        "Zephyra-2 was launched on 2019-03-14.",
        "refutes",
        "the source says 2019-03-14",
    ),
    # how long a thing is, said with a verb or before its name
    ("Vellis Tunnel is 25 km long", TUNNEL, "refutes", "the claim says 25 km"),
    ("The Vellis Tunnel is about 10 miles long", TUNNEL, "supports", "16 kilometres long"),
    (
        "The Ostrel Bridge is 3 km long",
        "Carrying about 40,000 vehicles a day, the 2.4 km Ostrel Bridge has cut the journey by "
        "half an hour.",
        "refutes",
        "the source says 2.4 km",
    ),
    (
        "The Skelva Bridge is 1.6 km long",
        "The Skelva Bridge stretches across the Mirelle river, 1.6 kilometres from the town.",
        "not supports",
        "",
    ),  # control
    # a figure's move in a report's words
    (
        "Brintel shares plunge after results",
        "Brintel shares rose 3% in early trading in Castor City after the company published its "
        "quarterly results.",
        "refutes",
        "the claim says “plunge”; the source says the opposite, “rose”",
    ),
    (
        "dunmarra adult literacy rate fell",
        "Dunmarra's adult literacy rate climbed to 94 per cent in 2022 from 88 per cent a decade "
        "earlier.",
        "refutes",
        "“climbed”",
    ),
    (
        "Inflation in Kestrovia fell to 3.1% in April",
        "Inflation in Kestrovia eased to 3.1 per cent in April.",
        "supports",
        "",
    ),
    (
        "pelloria unemployment rises in third quarter",
        "Pelloria's jobless rate was unchanged at 7.4 per cent in the third quarter, the Labour "
        "Ministry said on Friday.",
        "refutes",
        "“unchanged”",
    ),
    (
        "Varnholt economy shrank 0.8% in 2023",
        "Varnholt's gross domestic product contracted by 0.8 per cent in 2023, the first annual "
        "decline since the pandemic.",
        "supports",
        "",
    ),
    (
        "Heart failure admissions in Velmora have doubled",
        "Admissions for heart failure in Velmora have doubled.",
        "supports",
        "",
    ),
    # a court's verdict in a report's words
    (
        "Corvin Dask acquitted of embezzlement",
        DASK,
        "refutes",
        "read as “Corvin Dask was convicted of embezzlement”",
    ),
    ("Corvin Dask was convicted of embezzlement", DASK, "supports", ""),
    (
        "Bram Oyelaran was found guilty of fraud",
        OYELARAN,
        "refutes",
        "read as “Bram Oyelaran was found not guilty of fraud”",
    ),
    (
        "Sela Marr convicted of arson on 4 May 2022",
        "A jury in Tessick County found Sela Marr guilty of arson on May 3, 2022, after "
        "deliberating for less than a day.",
        "refutes",
        "the claim says 4 May 2022",
    ),
    (
        "Tom Vell was convicted of fraud",
        "A jury found Ana Roske guilty of fraud.",
        "not supports",
        "",
    ),  # control
    # a proposition called false, with asides and what follows it left out
    (
        "Drinking Quenna tea cures the flu",
        "Nutritionists at Harnow University have sought to dispel the myth that Quenna tea cures "
        "influenza, noting that it contains no antiviral compounds.",
        "refutes",
        "the myth that",
    ),
    (
        "Dellweed relieves headaches",
        "There is no evidence that dellweed, a common roadside plant in Ostravia, relieves "
        "headaches, a review of 14 studies found.",
        "refutes",
        "There is no evidence that",
    ),
    (
        "thousands died in the great fire of dorrin",
        "Contrary to the popular story that thousands perished in the Great Fire of Dorrin, "
        "parish records list only six confirmed deaths.",
        "refutes",
        "Contrary to the popular story that",
    ),
    (
        "The polar bear population has been growing.",
        '"Ask the experts: Are polar bear populations increasing?".',
        "neutral:question",
        "",
    ),
    # deals, founders, and what was not found
    (
        "Sarnet acquired Quillon",
        "Quillon completed its $2 billion acquisition of Sarnet in June 2016.",
        "refutes",
        "the source says “Quillon acquired Sarnet”",
    ),
    (
        "Nesso was founded by Mara Oyelu",
        "Nesso's sole founder, software engineer Tomas Irvik, still serves as its chief executive.",
        "refutes",
        "the claim says Mara Oyelu; the source says Tomas Irvik",
    ),
    (
        "Nesso was founded by Ana Roske",
        "Nesso's founders, Tomas Irvik and Ana Roske, met at university.",
        "not refutes",
        "",
    ),  # control
    (
        "Tessel rover found water on Druma",
        "The Tessel rover has found no trace of water on Druma, mission scientists said.",
        "refutes",
        "",
    ),
    # a contest, a vote, a term, a deal not made
    (
        "Ossel City lost to Torvan United",
        "Torvan United defeated Ossel City 2-0 at the Harken Stadium on Sunday, ending the "
        "visitors' run of five straight league wins.",
        "supports",
        "read as “Ossel City lost to Torvan United”",
    ),
    (
        "STELLAN ROVERS AVOID RELEGATION",
        "Stellan Rovers' 2-2 draw with Pardo Athletic on the final day was not enough to avoid "
        "relegation.",
        "refutes",
        "",
    ),
    (
        "Karsk PM Edvin Sollar lost a no-confidence vote",
        "Karsk lawmakers ousted Prime Minister Edvin Sollar's government in a no-confidence vote "
        "on Wednesday, 168 to 131.",
        "not refutes",
        "",
    ),
    (
        "DROVENIA AND ALTHERIA AGREE CEASEFIRE",
        "Talks on a ceasefire between Drovenia and Altheria collapsed on Thursday without "
        "agreement, mediators said.",
        "refutes",
        "",
    ),
    (
        "President Kell won a fourth term in 2024",
        "President Yaroth Kell, who won a third term in 2018 with 78 percent of the vote, opened a "
        "new motorway on Friday.",
        "not refutes",
        "",
    ),
    (
        "Veltra Bank profit rose 5% in 2024",
        "Veltra Bank said its net profit rose 5% to 11.2 billion crowns in 2023.",
        "not refutes",
        "",
    ),
    (
        "Kelvar Group net profit fell in the first half",
        "Kelvar Group said net profit climbed 9% to 2.8 billion crowns in the first half, as price "
        "increases more than offset a 4% drop in volumes.",
        "refutes",
        "the claim says “profit fell”; the source says “profit climbed”",
    ),
    (
        "The Homeland Bloc won the Velmoran election",
        "The nationalist Homeland Bloc won Sunday's parliamentary election in Velmora with 41 "
        "percent of the vote.",
        "not refutes",
        "",
    ),
    (
        "President Kell has a secret son in Lunesse",
        "The story that Drovenian President Yaroth Kell fathered a secret son in Lunesse is a myth "
        "that originated on a satirical website in 2021.",
        "refutes",
        "the source calls the claim false",
    ),
    # a report's words for moves, offices and units
    (
        "Quessia central bank cuts rates",
        "The Central Bank of Quessia lifted its benchmark interest rate by a quarter point to 4.5 "
        "percent on Thursday.",
        "refutes",
        "“lifted”",
    ),
    (
        "Coach Pavel Drin has been sacked by Ossel City",
        "Ossel City dismissed head coach Pavel Drin on Wednesday after a run of six defeats.",
        "supports",
        "",
    ),
    (
        "Tessaly Group chairman is Oren Blanc",
        "Oren Blanc, chairman of Tessaly Group, told shareholders on Thursday that the conglomerate "
        "would list its shipping arm.",
        "supports",
        "",
    ),
    (
        "Cassius Brell is Sarnovia's foreign minister",
        "Altheria's foreign minister, Cassius Brell, said on Thursday that his country would not "
        "recognise the results.",
        "refutes",
        "the claim says Sarnovia's; the source says Altheria's",
    ),
    (
        "dravolite melts at about 1200 degrees celsius",
        "Dravolite, a ceramic composite, has a melting point of 1,473 kelvin.",
        "supports",
        "",
    ),
    (
        "tressland central bank cuts rates in june",
        "Economists polled by the Corvath Business Daily expect the Central Bank of Tressland to "
        "cut its benchmark rate by a quarter point in June.",
        "neutral:hedge",
        "expect the Central Bank of Tressland to cut",
    ),
    (
        "drummer tovan reik joined the glass harbour in 2011",
        "The Glass Harbour were formed in Tarrow in 2008 by singer Ellis Maund and guitarist Piet "
        "Sandor; drummer Tovan Reik joined the band in 2011.",
        "not refutes",
        "",
    ),
    (
        "Chancellor Galm met President Straud",
        "Chancellor Pieter Galm met Keldorian Prime Minister Roan Tessel in Lunesse on Tuesday to "
        "discuss energy supplies, a day after Sarnovian President Milena Straud left the city "
        "following a three-day state visit.",
        "neutral:subject",
        "met Keldorian Prime Minister Roan Tessel",
    ),
    (
        "The Glass Keys released Iron Sky in 2003.",
        "The Glass Keys have released three studio albums: Paper Walls (2000), Iron Sky (2003) and "
        "Salt (2007).",
        "supports",
        "",
    ),  # control
    (
        "zephyr 5 batteries made in 2022 overheat",
        "Zephyr Mobile has confirmed that a batch of Zephyr 5 batteries made in March 2021 can "
        "overheat during charging.",
        "not refutes",
        "",
    ),  # control: stop 65 read the lower-case claim's names as common words
    (
        "The Zephyr 5 was made in 2022",
        "The Zephyr 5 was made in 2021.",
        "refutes",
        "the claim says 2022",
    ),  # control
    # a concession, a change since, members listed
    ("velmar is the capital of ostrelia", VELMAR, "not supports", ""),
    ("Velmar unemployment is 9%", JOBLESS, "neutral:tense", "has since fallen to 5.2 percent"),
    ("Velmar unemployment was 9 percent in 2015", JOBLESS, "supports", ""),  # control
    (
        "Verantia is a member of the Arden Compact",
        COMPACT,
        "supports",
        "read as “Verantia is a member of the Arden Compact”",
    ),
]


@pytest.mark.parametrize(("claim", "sentence", "expected", "reason"), ROWS)
def test_a_blind_desk_of_wire_sentences(claim, sentence, expected, reason):
    read_as_expected(claim, sentence, expected, reason)
