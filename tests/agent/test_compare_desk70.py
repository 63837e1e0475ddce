"""Claims of FEVER's kind probed at stop 70 (issue 36). "A million", "a billion dollars" are
numbers: stop 69's tree read "under a million" as words the sentence shares, so "Kessa has a
population of under a million" was supported by "a population of 3.4 million" and "grossed over a
billion dollars" by "grossed 300 million dollars". Also from two desks read at this stop (books; video
games and comics): "one of the least influential creators" does not say "influential"; "founded …
after leaving Konami" does not say "while he was still at Konami"; "Airstrip One, a province of the
superstate Oceania" is in Oceania; "a stage work" names no kind a play is not. A claim and one sentence, what the comparison
must say ("supports", "refutes", "neutral:<rule>", or "not <stance>") and a part of its reason.
Each row failed on stop 69's tree (813ab6b) unless marked as a control."""

from __future__ import annotations

import pytest

from tests.agent.test_compare_readers import read_as_expected

POPULATION = "Kessa has a population of {}."
GROSSED = "Nightfall grossed {} worldwide."

ROWS = [
    # "a million" is one million
    (
        "Kessa has a population of under a million.",
        POPULATION.format("3.4 million"),
        "refutes",
        "under a million",
    ),
    (
        "Kessa has a population of a million.",
        POPULATION.format("3.4 million"),
        "refutes",
        "3.4 million",
    ),
    (
        "Nightfall grossed over a billion dollars.",
        GROSSED.format("$300 million"),
        "refutes",
        "over a billion dollars",
    ),
    (
        "Kessa has over a million inhabitants.",
        "Kessa has 300,000 inhabitants.",
        "refutes",
        "300,000",
    ),
    ("Nightfall sold a million copies.", "Nightfall sold 300,000 copies.", "refutes", "a million"),
    ("Nightfall grossed over a billion dollars.", GROSSED.format("$1.2 billion"), "supports", ""),
    # "least influential" is not influential (stop 69 supported it)
    (
        "Jack Kirby was influential in comics.",
        "Jack Kirby (born Jacob Kurtzberg; August 28, 1917 – February 6, 1994) was an American "
        "comic book artist, widely regarded as one of the medium's most prolific but least "
        "influential creators.",
        "refutes",
        "least influential",
    ),
    ("Kessa is populous.", "Kessa is the least populous state of Borovia.", "refutes", "least"),
    (
        "Jack Kirby was not influential.",
        "Jack Kirby was one of the least influential creators.",
        "supports",
        "least influential",
    ),
    # after leaving a place, not while there (stop 69 supported the first)
    (
        "Hideo Kojima founded Kojima Productions while he was still at Konami.",
        "Hideo Kojima is a Japanese video game designer who founded Kojima Productions in 2015 "
        "after leaving Konami.",
        "refutes",
        "after leaving Konami",
    ),
    (
        "Ana Roske founded Velta at Konami.",
        "Ana Roske founded Velta in 2015 after leaving Konami.",
        "neutral:partial",
        "leaving Konami",
    ),
    # a place the sentence puts inside the claim's (stop 69 refuted it)
    (
        "Nineteen Eighty-Four is set in Oceania.",
        "Nineteen Eighty-Four is set in Airstrip One, a province of the superstate Oceania in a "
        "world of perpetual war.",
        "supports",
        "",
    ),
    # "a work" is any work (stop 69 refuted "a stage work" by "a stage play")
    (
        "Death of a Salesman is a stage work.",
        "Death of a Salesman is a 1949 stage play written by the American playwright Arthur Miller.",
        "not refutes",
        "",
    ),
    # an author of books: a novelist (stop 69 left it open), not a playwright
    (
        "Toni Morrison was a British author.",
        "Toni Morrison (born Chloe Ardelia Wofford; February 18, 1931 – August 5, 2019) was a "
        "British novelist and editor.",
        "supports",
        "",
    ),
    # "came out" as the sentence says it: "published"; "performed as" a trade is "worked as"
    (
        "Pride and Prejudice came out in the 1810s.",
        "Pride and Prejudice is the second novel by English novelist Jane Austen, published in "
        "1813.",
        "supports",
        "",
    ),
    (
        "Pride and Prejudice came out in the 1810s.",
        "Pride and Prejudice is the second novel by English novelist Jane Austen, published in "
        "1793.",
        "refutes",
        "1793",
    ),
    (
        "William Shakespeare performed as an actor.",
        "William Shakespeare was an English playwright and poet who never worked as an actor.",
        "refutes",
        "never worked as an actor",
    ),
    # an opening's full name: many given names and particles before the surname, a short form of
    # the first, a generational suffix (stop 69 left all of these open)
    (
        "Gabriel García Márquez died in the 20th century.",
        "Gabriel José de la Concordia García Márquez (6 March 1927 – 17 April 2014) was a Colombian "
        "novelist.",
        "refutes",
        "17 April 2014",
    ),
    (
        "Gabriel García Márquez was a novelist.",
        "Gabriel José de la Concordia García Márquez (6 March 1927 – 17 April 2014) was a Colombian "
        "novelist.",
        "supports",
        "",
    ),
    (
        "Tom Hanks is a singer.",
        "Thomas Jeffrey Hanks (born July 9, 1956) is an American actor.",
        "refutes",
        "a singer",
    ),
    (
        "Bill Gates is a singer.",
        "William Henry Gates III (born October 28, 1955) is an American businessman.",
        "refutes",
        "a singer",
    ),
    (
        "Brad Pitt is an actor.",
        "William Bradley Pitt (born December 18, 1963) is an American actor.",
        "supports",
        "",
    ),
    (
        "President Straud vetoed the media law.",
        "Sarnovian President Milena Straud signed a contested media law on Wednesday.",
        "refutes",
        "signed",
    ),
    (  # a control: another Pitt, no name of the claim's before the surname
        "Brad Pitt is a singer.",
        "William Pitt (born December 18, 1963) is an American actor.",
        "not refutes",
        "",
    ),
    # how long someone lived, read against the life span as their death (stop 69 left them open)
    (  # the reason quotes the claim's words with its number
        "George Orwell lived past the age of 70.",
        "George Orwell (25 June 1903 – 21 January 1950) was an English novelist.",
        "refutes",
        "the claim says “lived past the age of 70”; the source says 46",
    ),
    (
        "George Orwell lived into his forties.",
        "George Orwell (25 June 1903 – 21 January 1950) was an English novelist.",
        "supports",
        "",
    ),
    (
        "Osamu Tezuka lived into the 21st century.",
        "Osamu Tezuka (3 November 1928 – 9 February 1989) was a Japanese manga artist.",
        "refutes",
        "lived into the 21st century",
    ),
    (
        "Ana Roske lived into the 1990s.",
        "Ana Roske (1920–1995) was a Borovian painter.",
        "supports",
        "",
    ),
    (
        "Nelson Mandela died at the age of under 90.",
        "Nelson Rolihlahla Mandela (18 July 1918 – 5 December 2013) was a South African politician.",
        "refutes",
        "95",
    ),
    # "aired for three seasons" says how long a series ran (stop 69 left it open)
    (
        "Avatar: The Last Airbender ran for five seasons.",
        "Avatar: The Last Airbender, created by Michael Dante DiMartino and Bryan Konietzko, aired "
        "for three seasons on Nickelodeon from February 2005 to July 2008.",
        "refutes",
        "three",
    ),
    # a character's debut is its first appearance; "released for the Switch and Wii U" is no
    # turned voice against "released on the Wii U" (stop 69 left both open)
    (
        "Batman debuted in Detective Comics.",
        "Batman was created by artist Bob Kane and writer Bill Finger, and first appeared in "
        "Detective Comics #27, published on March 30, 1939.",
        "supports",
        "",
    ),
    (
        "Batman debuted in Action Comics.",
        "Batman was created by artist Bob Kane and writer Bill Finger, and first appeared in "
        "Detective Comics #27, published on March 30, 1939.",
        "refutes",
        "Detective Comics",
    ),
    (
        "Breath of the Wild was released on the Wii U.",
        "The Legend of Zelda: Breath of the Wild was released for the Nintendo Switch and Wii U in "
        "March 2017.",
        "supports",
        "",
    ),
    # an opening that gives the name its subject is known by says it of that name (stop 69 left
    # these open)
    (
        "George Orwell lived past the age of 70.",
        "Eric Arthur Blair (25 June 1903 – 21 January 1950), better known by his pen name George "
        "Orwell, was an English novelist, essayist, journalist and critic.",
        "refutes",
        "46",
    ),
    (  # a control: stop 69 refuted it too
        "George Orwell was an American novelist.",
        "Eric Arthur Blair (25 June 1903 – 21 January 1950), better known by his pen name George "
        "Orwell, was an English novelist, essayist, journalist and critic.",
        "refutes",
        "English",
    ),
    (
        "Hergé was from Belgium.",
        "Georges Prosper Remi (22 May 1907 – 3 March 1983), known by the pen name Hergé, was a "
        "Belgian cartoonist best known for creating The Adventures of Tintin.",
        "supports",
        "",
    ),
    # a retired player plays no more (stop 69 supported "is still playing"); a show is a series or
    # a sitcom; acting in a film is starring in it (stop 69 left these open)
    (
        "Ana Roske is still playing.",
        "Ana Roske is a retired American tennis player.",
        "not supports",
        "",
    ),
    ("Nightfall is a show.", "Nightfall is an American television series.", "supports", ""),
    (
        "The Simpsons is a live-action show.",
        "The Simpsons is an American live-action sitcom created by Matt Groening for the Fox "
        "Broadcasting Company, and it is the longest-running American scripted primetime "
        "television series.",
        "supports",
        "",
    ),
    ("Ana Roske acted in a film.", "Ana Roske starred in the film Nightfall.", "supports", ""),
    # three wrong answers of stop 69 found by probing: "Democratic" is a Democrat's party; a parent
    # has children (WordNet pairs them as antonyms); "father" is no synonym of "mother" (as verbs,
    # both mean "to sire")
    (
        "Ana Roske is a Democrat.",
        "Ana Roske is a Democratic member of the United States Senate from Ohio.",
        "not refutes",
        "",
    ),
    (
        "Ana Roske is a Democrat.",
        "Ana Roske is an American politician and a member of the Democratic Party.",
        "supports",
        "",
    ),
    ("Ana Roske is a parent.", "Ana Roske has two children.", "not refutes", ""),
    ("Ana Roske is a mother.", "Ana Roske is a father.", "refutes", "father"),
    # an opposite adverb after the verb or before its word (stop 69 supported both)
    ("The album sold well.", "The album sold poorly.", "refutes", "sold poorly"),
    ("Ana Roske is well known.", "Ana Roske is poorly known.", "refutes", "poorly known"),
    # a novel made into a film is no film (stop 69 supported "is a film")
    (
        "Nightfall is a film.",
        "Nightfall is a 2004 novel that was adapted into a film in 2008.",
        "neutral:partial",
        "made into a film",
    ),
    # probed at the end: an intention ("studied to become a doctor"), a move ("moved to Paris")
    (
        "Ana Roske is a doctor.",
        "Ana Roske studied to become a doctor but left medical school.",
        "not supports",
        "",
    ),
    ("Ana Roske is from Paris.", "Ana Roske moved to Paris in 1990.", "neutral:partial", "moved"),
    # a part of a thing is no thing ("makes car parts" supported "makes cars" at stop 69)
    ("Velta makes cars.", "Velta makes car parts.", "neutral:partial", "car parts"),
    # a state given up later is not held now ("became a vegan … but gave it up" supported "is a
    # vegan" at stop 69)
    (
        "Ana Roske is a vegan.",
        "Ana Roske became a vegan in 2004 but gave it up in 2006.",
        "neutral:tense",
        "gave it up",
    ),
    (  # controls: stop 69's tree said the same
        "Kessa has a population of over a million.",
        POPULATION.format("3.4 million"),
        "supports",
        "",
    ),
    ("Nightfall sold a million copies.", "Nightfall sold one million copies.", "supports", ""),
    (
        "Ana Roske criticised the Kessa plan.",
        "Ana Roske was criticised for the Kessa plan.",
        "neutral:subject",
        "turns the voice",
    ),
    (
        "The Simpsons is a live-action show.",
        "The Simpsons is an American animated sitcom created by Matt Groening for the Fox "
        "Broadcasting Company, and it is the longest-running American scripted primetime "
        "television series.",
        "refutes",
        "animated sitcom",
    ),
    (
        "Ana Roske is a Republican.",
        "Ana Roske is a Democratic member of the United States Senate from Ohio.",
        "refutes",
        "Democratic",
    ),
    ("Ana Roske is a brother.", "Ana Roske is a sister.", "refutes", "sister"),
    ("Velta makes cars.", "Velta makes cars and car parts.", "supports", ""),
    (
        "Ana Roske is a vegan.",
        "Ana Roske gave up smoking and became a vegan in 2004.",
        "supports",
        "",
    ),
    (
        "Nightfall is a novel.",
        "Nightfall is a 2004 novel that was adapted into a film in 2008.",
        "supports",
        "",
    ),
    ("The album sold well.", "The album sold well in Europe.", "supports", ""),
    (
        "Kenneth Lonergan is a writer of books.",
        "Kenneth Lonergan (born October 16, 1962) is an American playwright, screenwriter, and "
        "director.",
        "not supports",
        "",
    ),
    (
        "Thriller came out in 1983.",
        "Thriller was released on November 29, 1982.",
        "refutes",
        "1982",
    ),
]


@pytest.mark.parametrize(("claim", "sentence", "expected", "reason"), ROWS)
def test_claims_probed_at_stop_70(claim, sentence, expected, reason):
    read_as_expected(claim, sentence, expected, reason)
