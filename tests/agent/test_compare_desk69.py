"""Encyclopaedia sentences of FEVER's kind read at stop 69 (issue 36). A maker's deed done many
times leaves the claim's work open where the sentence names another: "Steven Spielberg directed
Jaws" does not say he did not direct Star Wars (stop 68's tree refuted it by substitution), while a
work's maker stays one ("Star Wars was directed by George Lucas" refutes "… by Steven Spielberg").
A claim and one sentence, what the comparison must say ("supports", "refutes", "neutral:<rule>", or
"not <stance>") and a part of its reason. Each row failed on stop 68's tree (ed9b001) unless marked
as a control."""

from __future__ import annotations

import pytest

from agent.judge.compare import compare_item
from agent.sentences import split_sentences
from tests.agent.test_compare_readers import read_as_expected

WINEHOUSE = (
    "Back to Black is the second studio album by English singer Amy Winehouse, released on 27 "
    "October 2006 by Island Records."
)
MERCURY = (
    "Freddie Mercury (born Farrokh Bulsara; 5 September 1946 – 24 November 1991) was a British "
    "singer who achieved worldwide fame as a solo artist after turning down an offer to join the "
    "rock band Queen."
)
DRAKE = (
    "Drake first gained recognition after losing the role of Jimmy Brooks in the CTV teen drama "
    "series Degrassi: The Next Generation to another actor in 2001."
)
TOY_STORY = (
    "Toy Story is a 1995 American {} comedy film produced by Pixar Animation Studios and released "
    "by Walt Disney Pictures."
)
CHAN = (
    "Jackie Chan (born Chan Kong-sang; 7 April 1954) is a Hong Kong actor and stuntman known for "
    "his comic timing and innovative stunts, which are typically performed by stunt doubles."
)
LAKE = "Kessa Lake is a lake in Borovia, where a monster is said to live."
BARBIE = (
    "Barbie (2023), directed by Greta Gerwig, stars Margot Robbie in the title role and Ryan "
    "Gosling as {}."
)
MANDELA = (
    "Nelson Rolihlahla Mandela (18 July 1918 – 5 December 2013) was a South African politician."
)
HANKS_OPENS = "Thomas Jeffrey Hanks (born July 9, 1956) is an American {}."
BREAKING_BAD = (
    "Breaking Bad premiered on AMC on January 20, 2008, and concluded on September 29, 2013, after "
    "five seasons consisting of 62 episodes."
)
CANADA = (
    "Canada is a country in North America whose ten provinces and three territories extend from "
    "the Atlantic Ocean to the Pacific Ocean, making it {} by total area."
)
SUN = "Music of the Sun peaked at number {} on the US Billboard 200."
HANKS = (
    "Hanks lost the Academy Award for Best Actor for his performance as the title character in "
    "Forrest Gump (1994), a film directed by Robert Zemeckis that nevertheless won Best Picture."
)

ROWS = [
    ("Ana Roske wrote Velmora.", "Ana Roske wrote the novel Tessa Nights.", "not refutes", ""),
    (
        "Steven Spielberg directed Star Wars.",
        "Steven Spielberg directed Jaws (1975), which became the highest-grossing film of its time.",
        "not refutes",
        "",
    ),
    (
        "Tom Hanks starred in Titanic.",
        "Tom Hanks starred in Forrest Gump, for which he won a second Academy Award.",
        "not refutes",
        "",
    ),
    (
        "Nick Brody appears in Harbour Days.",
        "Nick Brody is a fictional character in the Borovian television series Night Lines.",
        "not refutes",
        "",
    ),
    # a surname is the claim's person; a record label releases what the singer released
    (
        "Billie Eilish produced Ocean Eyes.",
        "Her debut single Ocean Eyes was written and produced by Eilish.",
        "not refutes",
        "",
    ),
    ("Amy Winehouse released Back to Black.", WINEHOUSE, "not refutes", ""),
    (
        "Back to Black was released by Sony Music.",
        WINEHOUSE,
        "refutes",
        "Island Records",
    ),  # control
    # one band turned down is not every band; one role lost is not the whole series
    ("Freddie Mercury was never in a rock band.", MERCURY, "neutral:partial", "narrower"),
    ("Freddie Mercury was in a rock band.", MERCURY, "neutral:partial", "narrower"),
    ("Drake was not in Degrassi: The Next Generation.", DRAKE, "neutral:partial", "narrower"),
    ("Drake played Jimmy Brooks.", DRAKE, "refutes", "losing the role"),
    # a word of a name is not the claim's word: "Pixar Animation Studios" says no film is animated
    ("Toy Story is an animated film.", TOY_STORY.format("live-action"), "not supports", ""),
    ("Toy Story is an animated film.", TOY_STORY.format("computer-animated"), "supports", ""),
    ("Jackie Chan does his own stunts.", CHAN, "not supports", ""),
    # a report in a clause after every part of the claim is said of something else
    ("Kessa Lake is in Borovia.", LAKE, "supports", ""),
    ("Kessa Lake is in Ostrania.", LAKE, "refutes", "Borovia"),
    ("A monster lives in Kessa Lake.", LAKE, "neutral:reported", "is said to"),  # control
    # phrases said as the sentence says them
    (
        "Bob Dylan won the Nobel Prize in Literature.",
        "In 2016, Bob Dylan was awarded the Nobel Prize in Literature for his songs.",
        "supports",
        "",
    ),
    (
        "Heath Ledger was killed in a car crash.",
        "Heath Ledger died in a car crash.",
        "supports",
        "",
    ),
    (
        "Charlie Chaplin became famous.",
        "Charlie Chaplin rose to fame in the era of silent film.",
        "supports",
        "",
    ),
    (
        "Elvis Presley was an actor.",
        "Elvis Presley was an American singer who never worked as an actor.",
        "refutes",
        "never worked as an actor",
    ),
    (
        "Back to Black was Amy Winehouse's last studio album.",
        "Back to Black is the final studio album by Amy Winehouse.",
        "supports",
        "",
    ),
    ("Meryl Streep has won an Oscar.", "Meryl Streep has won no Academy Awards.", "refutes", ""),
    ("Meryl Streep has won an Oscar.", "Meryl Streep has won two Academy Awards.", "supports", ""),
    # a cast said as "stars … X as Y": X played Y in it
    ("Ryan Gosling played Ken in Barbie.", BARBIE.format("Ken"), "supports", "played Ken in"),
    ("Ryan Gosling played Ken in Barbie.", BARBIE.format("Allan"), "not supports", ""),
    # a chart, a band and takings in the sentence's words
    (
        "Music of the Sun reached the top ten of the Billboard 200.",
        SUN.format("ten"),
        "supports",
        "",
    ),
    (
        "Music of the Sun reached the top ten of the Billboard 200.",
        SUN.format("forty"),
        "refutes",
        "the claim says the top ten; the source says forty",
    ),
    (
        "Music of the Sun never reached the top ten of the Billboard 200.",
        SUN.format("forty"),
        "supports",
        "",
    ),
    (
        "The song was a top ten hit.",
        "The song peaked at number three on the Billboard Hot 100.",
        "supports",
        "",
    ),
    (
        "OK Computer topped the UK Albums Chart.",
        "OK Computer debuted at number one on the UK Albums Chart.",
        "supports",
        "",
    ),
    (
        "Freddie Mercury was a member of Queen.",
        "Freddie Mercury was the lead vocalist and pianist of the rock band Queen.",
        "supports",
        "",
    ),
    (
        "Avatar made less than $1 billion.",
        "Avatar grossed $2.92 billion worldwide.",
        "refutes",
        "$2.92 billion",
    ),
    (
        "Jaws is an adaptation of a Peter Benchley novel.",
        "Jaws is a 1975 film based on the 1974 novel of the same name by Peter Benchley.",
        "supports",
        "",
    ),
    # an age at death from a life span; a founder; praise; a sitcom is a series
    ("Nelson Mandela died at the age of 95.", MANDELA, "supports", "died at the age of 95"),
    ("Nelson Mandela died at 80.", MANDELA, "refutes", "the source says 95"),
    ("Nelson Mandela died in his sixties.", MANDELA, "refutes", "nineties"),
    (
        "Ana Roske died in her seventies.",
        "Ana Roske (1940–2015) was a Borovian painter.",
        "supports",
        "",
    ),
    (  # control: 69 or 70 years, no decade both share
        "Ana Roske died in her seventies.",
        "Ana Roske (1940–2010) was a Borovian painter.",
        "not supports",
        "",
    ),
    (
        "Paul Allen was not a founder of Microsoft.",
        "Microsoft was founded by Bill Gates and Steve Ballmer on April 4, 1975.",
        "supports",
        "Bill Gates and Steve Ballmer",
    ),
    (
        "Citizen Kane was praised by critics.",
        "Upon its release in 1941, Citizen Kane received widespread acclaim from critics.",
        "supports",
        "",
    ),
    (
        "The Simpsons is an animated series.",
        "The Simpsons is an American animated sitcom created by Matt Groening.",
        "supports",
        "",
    ),
    # what one writes, as an encyclopaedia names the writer
    (
        "Ana Roske is a writer of books.",
        "Ana Roske (born 1962) is a Borovian author.",
        "supports",
        "",
    ),
    ("Ana Roske is a writer of novels.", "Ana Roske is a Borovian novelist.", "supports", ""),
    (  # control: read so before too
        "Ana Roske writes for a television show.",
        "Ana Roske (born 1956) is a Borovian television writer and producer.",
        "supports",
        "",
    ),
    # a deed and its undoing in an abstract
    (
        "DUSP4 downregulation deactivates the Ras-ERK pathway.",
        "Thus, DUSP4 downregulation activates the Ras-ERK pathway in BLBC.",
        "refutes",
        "“activates”",
    ),
    ("Kessamab upregulates IL-10.", "Kessamab downregulates IL-10.", "refutes", "“downregulates”"),
    (
        "Kessamab activates the pathway.",
        "Kessamab inactivates the pathway.",
        "refutes",
        "",
    ),  # control
    # a given name's short form; a people's place; seasons; acting
    ("Tom Hanks is an actor.", HANKS_OPENS.format("actor and filmmaker"), "supports", ""),
    (
        "Tom Hanks is an actor.",
        HANKS_OPENS.format("filmmaker who has never worked as an actor"),
        "refutes",
        "never worked as an actor",
    ),
    (
        "Madrid is the Spanish capital.",
        "Madrid is the capital and most populous city of Spain, with almost 3.4 million inhabitants.",
        "supports",
        "",
    ),
    (
        "Brazil is a South American country.",
        "Brazil, officially the Federative Republic of Brazil, is the largest country in South America.",
        "supports",
        "",
    ),
    ("Breaking Bad ran for five seasons.", BREAKING_BAD, "supports", ""),
    ("Breaking Bad only lasted two seasons.", BREAKING_BAD, "refutes", "the source says five"),
    (
        "Rihanna has acted.",
        "Robyn Rihanna Fenty (born February 20, 1988) is a Barbadian singer, businesswoman, and actress.",
        "supports",
        "",
    ),
    (
        "Adele released an album in 2008.",
        "Adele's debut album, 19, was released in January 2008 by XL Recordings.",
        "not refutes",
        "",
    ),
    # an English writer is British, so not American; an English teacher may teach English
    (
        "Agatha Christie was an American writer.",
        "Agatha Christie was an English writer known for her 66 detective novels.",
        "refutes",
        "the source says English",
    ),
    (
        "Adele is American.",
        "Adele Laurie Blue Adkins (born 5 May 1988) is an English singer-songwriter.",
        "refutes",
        "",
    ),
    ("Adele is a British singer.", "Adele is an English singer.", "supports", ""),  # control
    (
        "Ana Roske is an American teacher.",
        "Ana Roske is an English teacher.",
        "not refutes",
        "",
    ),  # control
    # "…, making it the world's second-largest country": the subject is that
    (
        "Canada is one of the smallest countries in the world.",
        CANADA.format("the world's second-largest country"),
        "refutes",
        "“largest”",
    ),
    (
        "Canada is one of the smallest countries in the world.",
        CANADA.format("one of the world's smallest countries"),
        "supports",
        "",
    ),
    (
        "Jaws is based on a novel.",
        "Jaws was adapted from the 1974 novel of the same name by Peter Benchley.",
        "supports",
        "",
    ),
    # "a city in France" and "the largest city of Belgium": one slot
    (
        "Paris is a city in France.",
        "Paris is the capital and largest city of Belgium.",
        "refutes",
        "Belgium",
    ),
    (
        "Lyon is a city in France.",
        "Lyon is the third-largest city of France.",
        "supports",
        "",
    ),  # control
    # a mononym inside the opening's name ("Rihanna" in "Robyn Rihanna Fenty") is its subject
    (
        "Rihanna is only a singer.",
        "Robyn Rihanna Fenty (born February 20, 1988) is a Barbadian singer, businesswoman, and actress.",
        "refutes",
        "businesswoman",
    ),
    # "only a singer" against a second description after "and a" (stop 68's tree supported it)
    (
        "Ana Roske is only a singer.",
        "Ana Roske is a singer and an actress.",
        "refutes",
        "a singer and an actress",
    ),
    (
        "Kessa is only a film.",
        "Kessa is a 2010 film and a video game.",
        "refutes",
        "and a video game",
    ),
    ("Ana Roske is a singer.", "Ana Roske is a singer and an actress.", "supports", ""),  # control
    (
        "Ana Roske is only a singer.",
        "In 2010, Ana Roske became a singer and an actress.",
        "not supports",
        "",
    ),
    (
        "Ana Roske is only a singer.",
        "Ana Roske, a singer and actress, lives in Tessa.",
        "not supports",
        "",
    ),
    # a deed said of the subject's kin, and a band role said of another (probed at the end)
    (
        "Ana Roske was killed in a car crash.",
        "Ana Roske died in 1990; her brother was killed in a car crash.",
        "neutral:subject",
        "her brother",
    ),
    (
        "Ana Roske is an author.",
        "Ana Roske is the daughter of an author.",
        "neutral:subject",
        "the daughter of an author",
    ),
    (
        "Ana Roske died at 80.",
        "Ana Roske (18 July 1918 – 5 December 2013) was a Borovian politician whose father died at 80.",
        "refutes",
        "the source says 95",
    ),
    (
        "Ana Roske was killed in a car crash.",  # control
        "Ana Roske was killed in a car crash in 1990.",
        "supports",
        "",
    ),
    (
        "Ana Roske was a member of The Glass Keys.",  # control: the role is Bel Tamsin's
        "Ana Roske married Bel Tamsin, the lead singer of The Glass Keys.",
        "not supports",
        "",
    ),
    # what the subject is, said as the object of another deed ("married a senator")
    (
        "Ana Roske was a senator.",
        "Ana Roske married a senator in 1990.",
        "neutral:subject",
        "married a senator",
    ),
    (
        "Ana Roske is a singer.",
        "Ana Roske met a singer in Tessa.",
        "neutral:subject",
        "met a singer",
    ),
    ("Ana Roske is a singer.", "Ana Roske is a retired singer.", "supports", ""),  # control
    (
        "Ana Roske was a senator.",
        "Ana Roske was elected a senator in 1990.",
        "supports",
        "",
    ),  # control
    # controls: "Festival" of another festival is not the claim's; a verb in a clause about
    # another thing ("a film … that won Best Picture"); "that she founded" is her deed
    (
        "The Long Tide premiered at the Venice Film Festival.",
        "The Long Tide premiered at the 2004 Berlin International Film Festival.",
        "not supports",
        "",
    ),
    ("Tom Hanks won Best Actor for Forrest Gump.", HANKS, "neutral:subject", ""),
    (
        "Ana Roske founded Kessa Labs.",
        "Ana Roske is the chief of Kessa Labs, a company that she founded in 1990.",
        "not neutral",
        "",
    ),
    # controls: a work's maker is one, and "only" says the deed was done once
    (
        "Star Wars was directed by Steven Spielberg.",
        "Star Wars was directed by George Lucas.",
        "refutes",
        "George Lucas",
    ),
    (
        "Ana Roske's only novel is Velmora.",
        "Ana Roske's only novel is Tessa Nights.",
        "refutes",
        "Tessa Nights",
    ),
]


@pytest.mark.parametrize(("claim", "sentence", "expected", "reason"), ROWS)
def test_a_blind_desk_of_stop_69(claim, sentence, expected, reason):
    read_as_expected(claim, sentence, expected, reason)


def test_a_full_stop_inside_a_company_name_ends_no_sentence():
    text = "Rumours is an album released in 1977 by Warner Bros. Records. It sold well."
    assert [x.text for x in split_sentences(text)] == [
        "Rumours is an album released in 1977 by Warner Bros. Records.",
        "It sold well.",
    ]
    assert [x.text for x in split_sentences("It was founded by Apple Inc. It grew.")] == [
        "It was founded by Apple Inc.",
        "It grew.",
    ]
    d = compare_item("Rumours was released by Warner Bros. Records.", text)
    assert d is not None and d.stance == "supports", d
