"""Encyclopaedia sentences of the kinds a claim about a film, a band, a person or a place is checked
against, written blind at stop 65 (issue 36) with the answer a careful reader gives, before the
comparison stage read them: "is only a singer" is refuted by "a singer and actress" (stop 64's
tree supported it — a wrong True); "British" is stated by "an English actor", "English" not
refuted by "a British actor", "a human" not by "an actor" (stop 64's tree refuted all three —
wrong Falses); "is a person" is refuted by a film; a
basketball team by an ice hockey team; "starred in" is said by "known for her roles in"; "only
speaks French" is refuted by "speaks French, German and English"; "a box office success" by "a
box office bomb"; a run "from 2012 to 2017" gives the year a series ended; "a 310-metre
skyscraper" is 310 metres tall; "won an Academy Award" says "was nominated for an Academy Award"
(that one award); "older" is the opposite of "younger"; a band is no film; "attracts millions of tourists" says
"attracts tourists"; "killed at least 30 people" refutes "killed 12 people"; "by 120 votes to 80"
is a margin of 40 (stop 64's tree refuted "rejected by 40 votes"); "doubles the risk" says
"increases the risk"; "Global sea level" is sea level; "in patients with lung cancer" is "in lung
cancer". A claim and one sentence, what the comparison must say
("supports", "refutes", "neutral:<rule>", or "not <stance>") and a part of its reason. Invented
names but for real nationalities. Each row failed on stop 64's tree (2ea1de4) unless marked as a
control."""

from __future__ import annotations

import pytest

from tests.agent.test_compare_readers import read_as_expected

DORR = "Lina Dorr is a Borovian singer and actress who won two Grammy Awards in 2011."
MARLOW = (
    "Kessa Marlow (born 1981) is a Borovian actress known for her roles in The Long Tide (2004), "
    "Glass Harbour (2007) and Nightfall (2010)."
)
TIGERS = (
    "The Vellmark Tigers are a professional ice hockey team based in Marden that plays in the "
    "Borovian League."
)
LINES = "Night Lines ran for five seasons, from 2012 to 2017."
TOWER = "The Tessa Tower is a 310-metre skyscraper in Tessa and the tallest building in Borovia."

ROWS = [
    # "only a …" against an opening that names more
    (
        "Lina Dorr is only a singer.",
        DORR,
        "refutes",
        "the source says a Borovian singer and actress",
    ),
    ("Lina Dorr is solely an actress.", DORR, "refutes", "the claim says solely an actress"),
    ("Lina Dorr is a singer.", DORR, "supports", ""),  # control
    (  # control: one trade named, nothing else
        "Lina Dorr is only a singer.",
        "Lina Dorr is a Borovian singer who won two Grammy Awards in 2011.",
        "supports",
        "",
    ),
    # a nation within a state
    (
        "Jon Arkel is British.",
        "Jon Arkel is an English actor.",
        "supports",
        "English, which is British",
    ),
    ("Jon Arkel is a British actor.", "Jon Arkel is a Welsh actor.", "supports", "Welsh"),
    ("Jon Arkel is English.", "Jon Arkel is a British actor.", "not refutes", ""),
    ("Jon Arkel is French.", "Jon Arkel is a British actor.", "refutes", "British"),  # control
    # a person is no work, no place
    (
        "The Long Tide is a person.",
        "The Long Tide is a 2004 Borovian drama film directed by Aron Vesk.",
        "refutes",
        "the claim says a person; the source says film (a work)",
    ),
    ("Tom Hale is a person.", "Tom Hale is a town in Borovia.", "refutes", "a place"),
    ("Tom Hale is a person.", "Tom Hale is a Borovian actor.", "supports", ""),  # control
    ("Tom Hale is a human.", "Tom Hale is a Borovian actor.", "not refutes", ""),  # was refuted
    # a sport's team, club or competition
    ("The Vellmark Tigers are a basketball team.", TIGERS, "refutes", "ice hockey team"),
    ("The Vellmark Tigers are a hockey team.", TIGERS, "supports", ""),  # control
    (
        "The Borovian Cup is a football competition.",
        "The Borovian Cup is an annual basketball competition organised by the BBF.",
        "refutes",
        "the source says an annual basketball competition",
    ),
    (  # control: both sports named
        "The Borovian Cup is a football competition.",
        "The Borovian Cup is an annual basketball and football competition organised by the BBF.",
        "not refutes",
        "",
    ),
    # an actor's roles
    ("Kessa Marlow starred in The Long Tide.", MARLOW, "supports", ""),
    ("Kessa Marlow appeared in Nightfall.", MARLOW, "supports", ""),
    ("Kessa Marlow never appeared in Glass Harbour.", MARLOW, "refutes", "never"),
    ("Kessa Marlow starred in Red Orchard.", MARLOW, "not refutes", ""),  # control
    (
        "Kessa Marlow acted in movies.",
        "She is known for her film roles in The Long Tide (2004) and Glass Harbour (2007).",
        "supports",
        "",
    ),
    (  # control: albums are no roles
        "Kessa Marlow acted in movies.",
        "She is known for her single albums, The Long Tide (2004) and Glass Harbour (2007).",
        "not supports",
        "",
    ),
    # "only" before a verb and one of several objects
    (
        "Jon Arkel only speaks French.",
        "Jon Arkel speaks French, German and English fluently.",
        "refutes",
        "the claim says only speaks French; the source says French, German and English",
    ),
    (
        "The Vell only flows through Borovia.",
        "The Vell flows through Borovia and Ostrania.",
        "refutes",
        "Borovia and Ostrania",
    ),
    (
        "Jon Arkel only speaks French.",
        "Jon Arkel speaks French fluently.",
        "not refutes",
        "",
    ),  # control
    # a success and a bomb
    (
        "Glass Harbour was a box office success.",
        "Glass Harbour was a box office bomb, grossing $2 million against a budget of $20 million.",
        "refutes",
        "the source says the opposite, “bomb”",
    ),
    (
        "Glass Harbour was a commercial success.",
        "Glass Harbour was a commercial flop.",
        "refutes",
        "flop",
    ),
    # a series' run
    ("Night Lines ended in 2017.", LINES, "supports", ""),
    ("Night Lines ended in 2015.", LINES, "refutes", "the source says 2017"),
    (
        "Night Lines premiered in 2011.",
        "Night Lines aired on BTV from 2012 to 2017.",
        "refutes",
        "2012",
    ),
    # a measure before its noun
    ("The Tessa Tower is shorter than 300 metres.", TOWER, "refutes", "310-metre"),
    ("The Tessa Tower is taller than 300 metres.", TOWER, "supports", ""),
    ("The Vell is 200 km long.", "The Vell is a 212-kilometre river in Borovia.", "refutes", "212"),
    (
        "The Vell is 212 km deep.",
        "The Vell is a 212-km long river in Borovia.",
        "not supports",
        "",
    ),  # control
    # an award won was one the winner was nominated for; a nomination is no win
    (
        "Kessa Marlow was nominated for an Academy Award.",
        "Kessa Marlow won an Academy Award for her role in Nightfall.",
        "supports",
        "read as “Kessa Marlow was nominated for an Academy Award”",
    ),
    (
        "Kessa Marlow has never been nominated for an Academy Award.",
        "Kessa Marlow won an Academy Award for her role in Nightfall.",
        "refutes",
        "never",
    ),
    (  # control: one who won an Oscar may be up for a Grammy
        "Kessa Marlow was nominated for a Grammy Award.",
        "Kessa Marlow won an Academy Award for her role in Nightfall.",
        "not refutes",
        "",
    ),
    (  # control: nominated five times, three won
        "Nightfall was nominated for five Academy Awards.",
        "Nightfall won three Academy Awards.",
        "not refutes",
        "",
    ),
    (  # control
        "Kessa Marlow won an Academy Award.",
        "Kessa Marlow was nominated for an Academy Award for Nightfall.",
        "not supports",
        "",
    ),
    # older and younger
    (
        "Jon Arkel is the older brother of Pell Arkel.",
        "Jon Arkel is the younger brother of actor Pell Arkel.",
        "refutes",
        "the source says the opposite, “younger”",
    ),
    # a band is no film and no person
    (
        "There is a band called Velmora.",
        "Velmora is a 2004 Borovian drama film.",
        "refutes",
        "film",
    ),
    ("Velmora is a band.", "Velmora is a Borovian singer.", "refutes", "singer (a person)"),
    ("Velmora is a band.", "Velmora is a Borovian rock band.", "supports", ""),  # control
    # a film's language as the sentence writes it
    (
        "Velmora is a French-language film.",
        "Velmora is a 2004 French-language drama film.",
        "supports",
        "",
    ),
    (  # control
        "Velmora is a film in English.",
        "Velmora is a 2004 French-language drama film.",
        "refutes",
        "French",
    ),
    # news: a count of a noun, a bound before a death toll, a vote's margin
    ("Tessa attracts tourists.", "Tessa attracts millions of tourists every year.", "supports", ""),
    (
        "Velta Corp sells cars.",
        "Velta Corp sells millions of parts for cars each year.",
        "not supports",
        "",
    ),  # control
    (
        "The storm killed 12 people.",
        "The storm killed at least 30 people across the region.",
        "refutes",
        "the claim says 12; the source says at least 30",
    ),
    (
        "The storm killed 40 people.",
        "The storm killed at least 30 people.",
        "not refutes",
        "",
    ),  # control
    (
        "The treaty was rejected by 40 votes.",
        "The Borovian parliament rejected the treaty by 120 votes to 80.",
        "supports",
        "",
    ),
    (
        "The treaty was rejected by 30 votes.",
        "The Borovian parliament rejected the treaty by 120 votes to 80.",
        "refutes",
        "the source says 40",
    ),
    # health and climate: a multiple says which way, the whole is no narrower kind, the patients
    # with a disease are the disease's
    (
        "Smoking increases the risk of stroke.",
        "Smoking doubles the risk of stroke.",
        "supports",
        "",
    ),
    (
        "Smoking decreases the risk of stroke.",
        "Smoking more than doubles the risk of stroke.",
        "refutes",
        "the source says the opposite, “doubles”",
    ),
    ("Aspirin reduces the risk of stroke.", "Aspirin halves the risk of stroke.", "supports", ""),
    (
        "Sea levels are rising.",
        "Global sea level has risen by about 20 cm since 1900.",
        "supports",
        "",
    ),
    (
        "Exercise lowers blood pressure.",
        "Heavy exercise lowers blood pressure.",
        "not supports",
        "",
    ),  # control
    (
        "Kessamab improves survival in lung cancer.",
        "Kessamab improved overall survival in patients with lung cancer.",
        "supports",
        "",
    ),
    (
        "Kessamab improves survival in lung cancer.",
        "Kessamab improved overall survival in children with lung cancer.",
        "not supports",
        "",
    ),  # control
    # a place: generic, and of one family or another
    ("Basildon is a place.", "Basildon is a town in Essex.", "supports", "town (a place)"),
    ("Basildon is a place.", "Basildon is a town and a football club in Essex.", "not refutes", ""),
    (
        "Basildon is a place.",
        "Basildon is a Borovian singer.",
        "refutes",
        "singer (a person)",
    ),  # control
    (
        "There is a country called Velmar.",
        "Velmar is the capital and most populous city of Borovia.",
        "refutes",
        "the claim says country; the source says capital and city",
    ),
    ("Tessa is a river.", "Tessa is a town in Borovia.", "refutes", "the source says town"),
    (
        "Malta is an island.",
        "Malta is a southern European island country.",
        "not refutes",
        "",
    ),  # control
    ("Tessa is a city.", "Tessa is the capital of Borovia.", "not refutes", ""),  # control
    # an industry, a field a description's own word places
    (
        "Ana Roske was part of the arms industry.",
        "Ana Roske (born 1985) is a Borovian former arms dealer and author.",
        "supports",
        "a trade in the arms industry",
    ),
    (
        "Ana Roske had no relation to the arms industry.",
        "Ana Roske (born 1985) is a Borovian former arms dealer and author.",
        "refutes",
        "the claim says “had no relation to”",
    ),
    (  # control: a former dealer is not one now
        "Ana Roske is part of the arms industry.",
        "Ana Roske (born 1985) is a Borovian former arms dealer and author.",
        "not supports",
        "",
    ),
    (  # control: a word the table does not hold refutes nothing
        "Tom Vell was part of the arms industry.",
        "Tom Vell (born 1970) is a Borovian drummer.",
        "not refutes",
        "",
    ),
    (
        "Tom Vell works in the film industry.",
        "Tom Vell is a Borovian film producer.",
        "supports",
        "",
    ),
    ("Tom Vell works in music.", "Tom Vell is a Borovian film producer.", "not supports", ""),
    ("Tom Vell has never worked in music.", "Tom Vell is a Borovian singer.", "refutes", "never"),
    # a work is no person; a music performer of another genre
    (
        "The Gifted is a television series.",
        "The Gifted is a feared murderer.",
        "refutes",
        "murderer",
    ),
    ("Velmora is a TV series.", "Velmora is a Borovian actress.", "refutes", "a Borovian actress"),
    (
        "Velmora is a TV series.",
        "Velmora is a Borovian television series.",
        "supports",
        "",
    ),  # "TV series" is "television series" (stop 64: the source does not mention TV)
    (
        "Kira Dane is a pop music performer.",
        "Kira Dane (born 1981) is a Borovian country singer, songwriter, and record producer.",
        "refutes",
        "the claim says a pop music performer",
    ),
    (  # control
        "Kira Dane is a country music performer.",
        "Kira Dane (born 1981) is a Borovian country singer, songwriter, and record producer.",
        "not refutes",
        "",
    ),
    # what a work is based on
    (
        "Glass Harbour is based on a play.",
        "Glass Harbour is a 2007 Borovian drama film based on the novel of the same name.",
        "refutes",
        "the claim says based on a play; the source says based on the novel",
    ),  # stop 64's tree: supported ("drama" for "a play")
    (
        "Night Lines is based on a comic book.",
        "Night Lines is a Borovian crime drama series based on the 1999 novel Harbour Light.",
        "refutes",
        "based on a comic book",
    ),
    (
        "Glass Harbour is an adaptation of a novel.",
        "Glass Harbour is a 2007 Borovian drama film based on the novel of the same name.",
        "not refutes",
        "",
    ),  # stop 64's tree: refuted (an adaptation of a novel read as a novel)
    (
        "Glass Harbour is based on a book.",
        "Glass Harbour is a 2007 Borovian drama film based on the 1999 novel by Mira Sol.",
        "supports",
        "",
    ),  # control
    # a spouse named as one
    (  # the reason names the reading, so that a reader sees the step
        "Jon Arkel is married to Mira Sol.",
        "Jon Arkel has two children with his wife, Mira Sol.",
        "supports",
        "read as “Jon Arkel is married to Mira Sol”",
    ),
    (
        "Jon Arkel is married to Kessa Marlow.",
        "Jon Arkel has two children with his wife, Mira Sol.",
        "refutes",
        "the claim says Kessa Marlow; the source says Mira Sol",
    ),
    (
        "Jon Arkel is not married.",
        "Jon Arkel lives in Tessa with his wife, Mira Sol, and their two children.",
        "refutes",
        "",
    ),
    (  # control: another's wife
        "Jon Arkel is married to Mira Sol.",
        "Jon Arkel met Pell Orin and his wife, Mira Sol, in 1990.",
        "not supports",
        "",
    ),
    # the two ends of a sequence; a prize accepted or declined
    (
        "Aron Vesk was the first mayor of Tessa.",
        "Aron Vesk was the last mayor of Tessa before the city merged with Marden.",
        "refutes",
        "the claim says “first mayor”; the source says the opposite, “last mayor”",
    ),
    (
        "Aron Vesk was the first mayor of Tessa.",
        "Aron Vesk was the first and last mayor of Tessa.",
        "not refutes",
        "",
    ),  # control
    (
        "Jon Arkel accepted the award.",
        "Jon Arkel declined the award, citing his opposition to the government.",
        "refutes",
        "“declined”",
    ),
    # kin, kinds and credits said otherwise
    (
        "Tom Orin has a sister.",
        "Tom Orin is the younger brother of actress Kessa Orin.",
        "not refutes",
        "",
    ),  # stop 64's tree: "the claim says sister; the source says the opposite, brother"
    ("Tom Orin has a brother.", "Tom Orin has a sister.", "not refutes", ""),  # may have both
    ("Tom Orin had only sons.", "Tom Orin had two daughters.", "refutes", "daughters"),  # control
    ("Tessa has a high crime rate.", "Tessa has a low crime rate.", "refutes", "low"),  # control
    (
        "Tom Orin has a sibling.",
        "Tom Orin is the younger brother of actress Kessa Orin.",
        "supports",
        "",
    ),
    (
        "Tom Orin worked with Aron Vesk.",
        "Tom Orin collaborated with Aron Vesk on three albums.",
        "supports",
        "",
    ),
    (
        "Tom Orin is a musician.",
        "Tom Orin (born 1972) is a Borovian singer-songwriter.",
        "supports",
        "",
    ),
    (
        "Harbour Days is a TV show.",
        "Harbour Days is a Borovian sitcom that aired on BTV from 1995 to 2001.",
        "supports",
        "the source says a Borovian sitcom, a television show",
    ),
    (
        "Nick Brody appears in Night Lines.",
        "Nick Brody is a fictional character in the American television series Night Lines.",
        "supports",
        "",
    ),
    (
        "Nick Brody appeared in Night Lines.",
        "Nick Brody, played by Jon Arkel, is a fictional character on the series Night Lines on BTV.",
        "supports",
        "",
    ),
    ("Kessa Marlow has acted.", "Kessa Marlow (born 1981) is a Borovian actress.", "supports", ""),
    (
        "Paper Walls was recorded by The Glass Keys.",
        "Paper Walls is the debut studio album by the Borovian rock band The Glass Keys.",
        "supports",
        "",
    ),
    (
        "Jon Arkel is the CEO of Velta Corp.",
        "Jon Arkel has been the chief executive officer of Velta Corp since 2014.",
        "supports",
        "",
    ),  # stop 64: "the source does not mention CEO"
    (
        "Jon Arkel has been CEO of Velta Corp since 2010.",
        "Jon Arkel has been the chief executive officer of Velta Corp since 2014.",
        "refutes",
        "the claim says 2010; the source says 2014",
    ),
]


@pytest.mark.parametrize(("claim", "sentence", "expected", "reason"), ROWS)
def test_a_blind_desk_of_encyclopaedia_sentences(claim, sentence, expected, reason):
    read_as_expected(claim, sentence, expected, reason)
