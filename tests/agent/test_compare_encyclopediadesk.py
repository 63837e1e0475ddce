"""What an encyclopaedia desk met (stop 59, issue 36): a hundred claims of the kind a reader checks
against the first sentence of an encyclopaedia article — a film's year, cast and director, a
person's birth, death, posts and marriages, a band's albums, a town's country, a company's seat,
a bridge's century — against one sentence each. One wrong True ("is married to" beside "they
divorced in 2009": each clause was read alone) and plain sentences left undecided: "a 2004 film"
for "released in 2004", "a film starring Kira Dane" for "Kira Dane starred in", "in the north of
Ostrania" held as another place, "founded in 1998 by Tom Vell" read as the voice turned, "from
2009 to 2014" for "in 2011", "aired from 2003 to 2007" for "premiered in 2003", a life span for
"is alive", "the 21st century", "debut" for "first", "headquartered" for "based", "completed" for
"built". A claim and one sentence, what the comparison must say ("supports", "refutes",
"neutral:<rule>", or "not <stance>") and a part of its reason. Invented films, people and places.
Each row failed on stop 58's tree (d161c9b) unless marked as a control."""

from __future__ import annotations

import pytest

from tests.agent.test_compare_readers import read_as_expected

ROWS = [
    (
        "Velmora was released in 2006.",
        "Velmora is a 2004 American drama film directed by Tom Vell.",
        "refutes",
        "the claim says 2006; the source says 2004",
    ),
    (
        "Velmora was released in 2004.",
        "Velmora is a 2004 American drama film directed by Tom Vell.",
        "supports",
        "",
    ),
    (
        "Kira Dane starred in Velmora.",
        "Velmora is a 2004 film starring Kira Dane, Paul Orsen and Mia Lott.",
        "supports",
        "",
    ),
    (
        "Kira Dane did not appear in Velmora.",
        "Velmora is a 2004 film starring Kira Dane, Paul Orsen and Mia Lott.",
        "refutes",
        "the claim says “did not”; the source states it without negation",
    ),
    (
        "Kira Dane is alive.",
        "Kira Dane (3 March 1925 – 14 June 2010) was an American actress.",
        "refutes",
        "the claim says “alive”; the source says the opposite, “died”",
    ),
    (
        "Kira Dane is still alive.",
        "Kira Dane (3 March 1925 – 14 June 2010) was an American actress.",
        "refutes",
        "the claim says “alive”; the source says the opposite, “died”",
    ),
    (
        "Borvale is a town in Ostrania.",
        "Borvale is a town in the north of Ostrania, on the river Xanthe.",
        "supports",
        "",
    ),
    (
        "Orvel Ltd is based in Malmo.",
        "Orvel Ltd is a Swedish software company headquartered in Malmo.",
        "supports",
        "",
    ),
    (
        "Orvel Ltd was founded by Tom Vell.",
        "Orvel Ltd was founded in 1998 by Tom Vell and Ana Roske.",
        "supports",
        "",
    ),
    (
        "Orvel Ltd was founded in the 21st century.",
        "Orvel Ltd was founded in 1998 by Tom Vell and Ana Roske.",
        "refutes",
        "the claim says 21st century; the source says 1998",
    ),
    (
        "Ana Roske was Prime Minister in 2011.",
        "Ana Roske is an Ostranian politician who served as Prime Minister from 2009 to 2014.",
        "supports",
        "",
    ),
    (
        "The Gold Reef Series premiered in 2003.",
        "The Gold Reef Series is an American television series that aired on NBC from 2003 to 2007.",
        "supports",
        "",
    ),
    (
        "The Gold Reef Series ended in 2010.",
        "The Gold Reef Series is an American television series that aired on NBC from 2003 to 2007.",
        "refutes",
        "the claim says 2010; the source says 2007",
    ),
    (
        "Mia Lott is married to Tom Vell.",
        "Mia Lott married director Tom Vell in 2001; they divorced in 2009.",
        "neutral:tense",
        "the source speaks of a former one (“divorced”)",
    ),
    (
        "The Kessa Bridge was built in the 20th century.",
        "The Kessa Bridge is a suspension bridge in Velmar, completed in 1931.",
        "supports",
        "",
    ),
    (
        "Grey Tide is the debut album of Velvet Orsen.",
        "Grey Tide is the third studio album by English rock band Velvet Orsen, released in 2001.",
        "refutes",
        "the claim says “debut”; the source says third",
    ),
    (
        "Grey Tide is the third album by Velvet Orsen.",
        "Grey Tide is the debut studio album by English rock band Velvet Orsen, released in 2001.",
        "refutes",
        "the claim says third; the source says first",
    ),
    # controls: right on both trees
    (
        "Velmora was directed by Ana Roske.",
        "Velmora is a 2004 American drama film directed by Tom Vell.",
        "refutes",
        "the claim says Ana Roske; the source says Tom Vell",
    ),
    (
        "Mia Lott married Tom Vell.",
        "Mia Lott married director Tom Vell in 2001; they divorced in 2009.",
        "supports",
        "",
    ),
    (
        "Kira Dane died in 2012.",
        "Kira Dane (3 March 1925 – 14 June 2010) was an American actress.",
        "refutes",
        "",
    ),
    (
        "Velmora is a comedy film.",
        "Velmora is a 2004 American drama film directed by Tom Vell.",
        "not supports",
        "",
    ),
    (
        "Ana Roske was President of Ostrania.",
        "Ana Roske is an Ostranian politician who served as Prime Minister from 2009 to 2014.",
        "not supports",
        "",
    ),
    # a second sitting: relative clauses, superlatives, coordination, initials (each failed on
    # d161c9b; the wrong Falses: 'the claim says EU; the source says Union', 'highest peak' for
    # 'highest mountain', 'the tallest building in Ostrania' for 'the tallest in Velmar')
    (
        "Kessa United plays in the Ostranian Premier League.",
        "Kessa United competes in the Ostranian Premier League, the top tier of Ostranian football.",
        "supports",
        "",
    ),
    (
        "The Xanthe flows into the Orra Sea.",
        "The Xanthe is a river in Ostrania that flows into the Orra Sea.",
        "supports",
        "",
    ),
    (
        "The Xanthe flows into the Bel Sea.",
        "The Xanthe is a river in Ostrania that flows into the Orra Sea.",
        "refutes",
        "the claim says Bel Sea; the source says Orra Sea",
    ),
    (
        "Mount Kessa is the highest mountain in Ostrania.",
        "Mount Kessa is the highest peak in Ostrania, at 4,102 metres.",
        "supports",
        "",
    ),
    (
        "Mount Kessa is the lowest mountain in Ostrania.",
        "Mount Kessa is the highest peak in Ostrania, at 4,102 metres.",
        "refutes",
        "the claim says “lowest”; the source says the opposite, “highest”",
    ),
    (
        "The Grey Hours was published in 1998.",
        "The Grey Hours is a 1998 novel by Ostranian writer Ana Roske.",
        "supports",
        "",
    ),
    (
        "The Grey Hours was published in 2001.",
        "The Grey Hours is a 1998 novel by Ostranian writer Ana Roske.",
        "refutes",
        "the claim says 2001; the source says 1998",
    ),
    (
        "The Kessa Tower is the tallest building in Velmar.",
        "The Kessa Tower is a 72-storey skyscraper in Velmar and the tallest building in Ostrania.",
        "supports",
        "",
    ),
    (
        "Tom Vell was born in Ohio.",
        "Tom Vell is an American film director born and raised in Dayton, Ohio.",
        "supports",
        "",
    ),
    (
        "Tom Vell was born in Ohio.",
        "Tom Vell was born and raised in Dayton, Ohio.",
        "supports",
        "",
    ),
    (
        "Tom Vell was born in Dayton.",
        "Tom Vell was born and raised in Dayton, Ohio.",
        "supports",
        "",
    ),
    (
        "Ostrania joined the EU in 2004.",
        "Ostrania joined the European Union in 2004.",
        "supports",
        "",
    ),
    (
        "Ostrania joined the European Union in 2004.",
        "Ostrania joined the EU in 2004.",
        "supports",
        "",
    ),
    (
        "Ostrania is a member of the EU.",
        "Ostrania became a member of the European Union in 2004.",
        "supports",
        "",
    ),
    (
        "Ostrania joined NATO in 2004.",
        "Ostrania joined the North Atlantic Treaty Organization in 2004.",
        "supports",
        "",
    ),
    (
        "Kessa United plays in the Premier League.",
        "Kessa United competes in the Premier League.",
        "supports",
        "",
    ),
    (
        "The EU has 27 members.",
        "The European Union has 27 member states.",
        "supports",
        "",
    ),
    (
        "Ana Roske leads the OPP.",
        "Ana Roske leads the Ostranian People's Party.",
        "supports",
        "",
    ),
    (
        "Ana Roske leads the OPP.",
        "Ana Roske leads the Ostranian Peasants' Party.",
        "supports",
        "",
    ),
    (
        "The BSA was founded in 1990.",
        "The Borovian Space Agency was founded in 1990.",
        "supports",
        "",
    ),
    (
        "The BSA was founded in 1985.",
        "The Borovian Space Agency was founded in 1990.",
        "refutes",
        "the claim says 1985; the source says 1990",
    ),
    (
        "The Borovian Space Agency was founded in 1985.",
        "The B.S.A. was founded in 1990.",
        "refutes",
        "the claim says 1985; the source says 1990",
    ),
    (
        "Ostrania left the ETU in 2020.",
        "Ostrania withdrew from the European Trade Union in 2020.",
        "supports",
        "",
    ),
    # controls
    (
        "Ana Roske founded the AR Group.",
        "Ana Roske founded the Kessa Group.",
        "not supports",
        "",
    ),
    (
        "The BSA was founded in 1990.",
        "The Borovian Sports Association was founded in 1990 and the Borovian Space Agency in 1985.",
        "not supports",
        "",
    ),
    # a third sitting: a film's facts (each failed on d161c9b, except the two counts at the end,
    # controls: a capitalised number word opening a sentence is still a number)
    (
        "Velmora was not released in 2004.",
        "Velmora is a 2004 American drama film.",
        "refutes",
        "the claim says “was not”; the source states it without negation",
    ),
    (
        "Velmora was released before 2010.",
        "Velmora is a 2004 American drama film.",
        "supports",
        "",
    ),
    (
        "Velmora was released after 2010.",
        "Velmora is a 2004 American drama film.",
        "refutes",
        "the claim says after 2010; the source says 2004",
    ),
    (
        "Velmora was released in the 2000s.",
        "Velmora is a 2004 American drama film.",
        "supports",
        "",
    ),
    (
        "Velmora was released in the 1990s.",
        "Velmora is a 2004 American drama film.",
        "refutes",
        "the claim says 1990s; the source says 2004",
    ),
    (
        "The Orsen Four broke up in 2010.",
        "The Orsen Four disbanded in 2010.",
        "supports",
        "",
    ),
    (
        "The Orsen Four broke up in 2012.",
        "The Orsen Four disbanded in 2010.",
        "refutes",
        "the claim says 2012; the source says 2010",
    ),
    (
        "The Orsen Four reunited in 2018.",
        "The Orsen Four disbanded in 2010 and reunited in 2018.",
        "supports",
        "",
    ),
    (
        "Velmora was nominated for an Academy Award.",
        "Velmora was nominated for three Academy Awards.",
        "supports",
        "",
    ),
    (
        "Velmora is set in Velmar.",
        "Velmora is set in the fictional town of Velmar.",
        "supports",
        "",
    ),
    (
        "Velmora is in English.",
        "Velmora is a 2004 English-language drama film.",
        "supports",
        "",
    ),
    (
        "Velmora is in French.",
        "Velmora is a 2004 English-language drama film.",
        "refutes",
        "the claim says French; the source says English",
    ),
    (
        "Four people died in the fire.",
        "Four people died in the fire, the police said.",
        "supports",
        "",
    ),
    (
        "Five people died in the fire.",
        "Four people died in the fire.",
        "refutes",
        "the claim says Five; the source says Four",
    ),
    # a fourth sitting: parts played, hosts, posts held since a year (each failed on d161c9b)
    (
        "Paul Orsen played Jack Stone in Velmora.",
        "Paul Orsen is an American actor, known for his role as Jack Stone in Velmora (2004).",
        "supports",
        "",
    ),
    (
        "Paul Orsen played Tom Hale in Velmora.",
        "Paul Orsen is an American actor, known for his role as Jack Stone in Velmora (2004).",
        "refutes",
        "the claim says Tom Hale; the source says Jack Stone",
    ),
    (
        "Mia Lott left The Orsen Four in 2012.",
        "Mia Lott left The Orsen Four in 2012 to pursue a solo career.",
        "supports",
        "",
    ),
    (
        "Mia Lott left The Orsen Four in 2015.",
        "Mia Lott left The Orsen Four in 2012 to pursue a solo career.",
        "refutes",
        "the claim says 2015; the source says 2012",
    ),
    (
        "Tom Vell hosts The Kessa Show.",
        "The Kessa Show is hosted by Tom Vell.",
        "supports",
        "",
    ),
    (
        "Kira Dane became Minister of Health in 2021.",
        "Kira Dane has served as Minister of Health since 2021.",
        "supports",
        "",
    ),
    (
        "Kira Dane became Minister of Health in 2019.",
        "Kira Dane has served as Minister of Health since 2021.",
        "refutes",
        "the claim says 2019; the source says 2021",
    ),
    (
        "Kira Dane was appointed Minister of Health in 2021.",
        "Kira Dane has served as Minister of Health since 2019.",
        "refutes",
        "the claim says 2021; the source says 2019",
    ),
    (
        "Paul Orsen directed Velmora.",
        "Paul Orsen is an American actor, known for his role as Jack Stone in Velmora (2004).",
        "not supports",
        "",
    ),
    # a fifth sitting: owners, borders, people counted (the first two rows were a wrong False and a
    # wrong True on d161c9b; the rest undecided)
    (
        "Kessa Corp owns Orvel Ltd.",
        "Orvel Ltd is a wholly owned subsidiary of Kessa Corp.",
        "neutral:subject",
        "the source says it of owned subsidiary of Kessa Corp, not of Kessa Corp",
    ),
    (
        "Ostrania borders Tessalia to the north.",
        "Ostrania borders Borovia to the north and Tessalia to the east.",
        "refutes",
        "the claim says Tessalia to the north; the source says Tessalia to the east",
    ),
    (
        "Velmar has about 600,000 inhabitants.",
        "Velmar has a population of 612,000.",
        "supports",
        "",
    ),
    (
        "Velmar has over 1 million inhabitants.",
        "Velmar has a population of 612,000.",
        "refutes",
        "the claim says over 1 million; the source says 612,000",
    ),
    (
        "Ostrania borders Tessalia to the east.",
        "Ostrania borders Borovia to the north and Tessalia to the east.",
        "supports",
        "",
    ),
    (
        "The Earth orbits the sun.",
        "The sun orbits the Earth.",
        "refutes",
        "",
    ),
    # a sixth sitting: species, battles, areas ('native' against 'endemic' was a wrong False on
    # d161c9b; 'km2' was read as km)
    (
        "The Velmar heron is native to Ostrania.",
        "The Velmar heron is endemic to Ostrania.",
        "supports",
        "",
    ),
    (
        "The Velmar heron is native to Borovia.",
        "The Velmar heron is endemic to Ostrania.",
        "refutes",
        "the claim says Borovia; the source says Ostrania",
    ),
    (
        "The Battle of Orra took place in 1805.",
        "The Battle of Orra was fought on 12 May 1805 near Velmar.",
        "supports",
        "",
    ),
    (
        "The Battle of Orra took place in 1812.",
        "The Battle of Orra was fought on 12 May 1805 near Velmar.",
        "refutes",
        "the claim says 1812; the source says 12 May 1805",
    ),
    (
        "Kessa Island has an area of 120 square kilometres.",
        "Kessa Island covers an area of 120 km2.",
        "supports",
        "",
    ),
    (
        "Kessa Island has an area of 300 square kilometres.",
        "Kessa Island covers an area of 120 km2.",
        "refutes",
        "the claim says 300 square kilometres; the source says 120 km2",
    ),
    (
        "Kessa Island is 120 km long.",
        "Kessa Island covers an area of 120 km2.",
        "not supports",
        "",
    ),
    (
        "The M2 motorway is 40 km long.",
        "The M2 motorway is 40 km long.",
        "supports",
        "",
    ),
    # the reason names "Washington, D.C.", not "Washington, D" (stop 59)
    (
        "Kessa Corp is based in Geneva.",
        "Kessa Corp is headquartered in Washington, D.C.",
        "refutes",
        "the source says Washington, D.C., in the United States",
    ),
    # a seventh sitting: a work is one kind of work (a novel is no poem, a film no album; each
    # undecided on d161c9b; the last three are controls: one family)
    (
        "The Grey Hours is a poem.",
        "The Grey Hours is a 1998 novel by Ostranian writer Ana Roske.",
        "refutes",
        "the claim says poem; the source says novel",
    ),
    (
        "Velmora is a novel.",
        "Velmora is a 2004 American drama film directed by Tom Vell.",
        "refutes",
        "the claim says novel; the source says film",
    ),
    (
        "Velmora is an album.",
        "Velmora is a 2004 American drama film directed by Tom Vell.",
        "refutes",
        "the source says film",
    ),
    (
        "Velmora is a movie.",
        "Velmora is a 2004 American drama film directed by Tom Vell.",
        "not refutes",
        "",
    ),
    (
        "The Grey Hours is a book.",
        "The Grey Hours is a 1998 novel by Ostranian writer Ana Roske.",
        "not refutes",
        "",
    ),
    (
        "Grey Tide is a song.",
        "Grey Tide is a 2001 single by Velvet Orsen.",
        "not refutes",
        "",
    ),
    # 'is the third studio album' names its kind too; 'has about 3,000 employees' says how many
    # it employs (each undecided on d161c9b; the last is a control)
    (
        "Grey Tide is a song.",
        "Grey Tide is the third studio album by Velvet Orsen.",
        "refutes",
        "the claim says song; the source says album",
    ),
    (
        "Kessa Corp employs 3,000 people.",
        "Kessa Corp has about 3,000 employees.",
        "supports",
        "",
    ),
    (
        "Kessa Corp employs 10,000 people.",
        "Kessa Corp has about 3,000 employees.",
        "refutes",
        "the claim says 10,000",
    ),
    (
        "Grey Tide is a single.",
        "Grey Tide is the lead single from the album Velmora.",
        "not refutes",
        "",
    ),
    # 'is a city in southern Ostrania' says where it is located (each undecided on d161c9b)
    (
        "Velmar is located in the south of Ostrania.",
        "Velmar is a city in southern Ostrania.",
        "supports",
        "",
    ),
    (
        "Velmar is located in northern Ostrania.",
        "Velmar is a city in southern Ostrania.",
        "refutes",
        "",
    ),
    (
        "Velmar is located in Borovia.",
        "Velmar is a port city in Ostrania, on the Orra Sea.",
        "refutes",
        "the claim says Borovia; the source says Ostrania",
    ),
]


@pytest.mark.parametrize(("claim", "sentence", "expected", "reason"), ROWS)
def test_what_an_encyclopaedia_desk_met_is_read_as_the_sentence_says(
    claim, sentence, expected, reason
):
    read_as_expected(claim, sentence, expected, reason)
