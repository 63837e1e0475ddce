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
reason. Also read since: a span of years as the time it lasted ("from 2005 to 2021": about 16
years), "co-founded", a company by another name ("a … conglomerate"; "Samsung" for "Samsung Group")
and a later statement of the sentence's own subject (", and she never had any children"); a name's
particle ("Neymar da Silva Santos Júnior" for "Neymar", not "Neymar da" as another thing); a
"which premiered …" after a series' creator or network, which is the series'; and a figure in a
clause about another name ("married Bel Tamsin, who was born in 1950"), which stop 67's tree read as
the marriage's year, a wrong refutation. And FEVER's own kinds of claim: "is a person" of an opening
that names trades, a sport played ("played basketball": "a basketball player"), an Oscar for an
Academy Award, "owned by" for "a subsidiary of", a place after the site it stands on ("on the Champ
de Mars in Paris, France") and a role portrayed in a series (no story told: a role in it). And two
wrong answers on a blind climate desk: a month that says which of a thing ("September Arctic sea
ice extent" against "… in March") read as a date given otherwise, and "faster than before" read as
stated by "faster than the global average". Paragraphs about a work or a city: the claim turned
round ("George Lucas directed Star Wars" is "Star Wars was directed by …") carried to "The film …";
"the Summer Olympics" for "the Summer Olympic Games"; a town of another state ("Seattle" against
"Cupertino, California"). Each row failed on stop 67's tree unless marked as a control."""

from __future__ import annotations

import pytest

from agent.judge.compare import compare_item
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

MERKEL = (
    "Angela Dorothea Merkel (née Kasner; born 17 July 1954) is a German former politician who served "
    "as Chancellor of Germany from 2005 to {}, the first woman to hold that office."
)
SAMSUNG = (
    "Samsung Group is a South Korean multinational manufacturing conglomerate headquartered in "
    "Samsung Town, Seoul."
)
VICTORIA = (
    "Victoria (Alexandrina Victoria; 24 May 1819 -- 22 January 1901) was Queen of the United Kingdom "
    "from 20 June 1837 until her death, and she {}."
)
PHELPS = (
    "Michael Fred Phelps II is an American former competitive swimmer who is the most decorated "
    "Olympian of all time, and he also won 28 Olympic medals."
)

NEYMAR = (
    "Neymar da Silva Santos Júnior (born 5 February 1992) is a {} professional footballer who "
    "plays as a forward."
)
BREAKING_BAD = (
    "Breaking Bad is an American neo-Western crime drama television series created and produced by "
    "Vince Gilligan for AMC, which premiered on January 20, 2008, and concluded on September 29, "
    "2013, after {} seasons."
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
    # a span of years as a duration
    (
        "Angela Merkel was Chancellor of Germany for more than ten years.",
        MERKEL.format(2021),
        "supports",
        "",
    ),
    (
        "Angela Merkel was Chancellor of Germany for less than ten years.",
        MERKEL.format(2021),
        "refutes",
        "16 years",
    ),
    (
        "Angela Merkel was Chancellor of Germany for more than ten years.",
        MERKEL.format(2009),
        "refutes",
        "4 years",
    ),
    (
        "Angela Merkel was Chancellor of Germany for 15 years.",
        MERKEL.format(2021),  # control: a span of whole years may be 15 years and some months
        "not refutes",
        "",
    ),
    (
        "Angela Merkel was Chancellor of Germany from 2005 to 2021.",
        MERKEL.format(2021),
        "supports",
        "",
    ),  # control
    # "co-founded"
    (
        "Paul Allen co-founded Microsoft.",
        "Microsoft was founded by Bill Gates and Paul Allen in 1975.",
        "supports",
        "",
    ),
    (
        "Paul Allen co-founded Microsoft.",
        "Microsoft was founded by Bill Gates and Steve Ballmer in 1975.",
        "refutes",
        "Steve Ballmer",
    ),
    # a company by another name
    ("Samsung is a South Korean company.", SAMSUNG, "supports", ""),
    ("Samsung is a Japanese company.", SAMSUNG, "refutes", "South Korean"),
    ("Samsung is a North Korean company.", SAMSUNG, "refutes", "South Korean"),
    # a later statement of the sentence's own subject
    ("Queen Victoria was childless.", VICTORIA.format("never had any children"), "supports", ""),
    (
        "Queen Victoria was childless.",
        VICTORIA.format("and Prince Albert had nine children"),
        "not supports",
        "",
    ),  # control
    ("Michael Phelps won 18 Olympic medals.", PHELPS, "refutes", "28"),
    (
        "Ana Roske died in 2001.",
        "Ana Roske married Tom Vell in 1990, and he died in 2001.",
        "not supports",
        "",
    ),  # control
    # a name's particle; a series' run after its network; a figure of another's clause
    ("Neymar is Brazilian.", NEYMAR.format("Brazilian"), "supports", ""),
    ("Neymar is Argentine.", NEYMAR.format("Brazilian"), "refutes", "Brazilian"),
    ("Breaking Bad has five seasons.", BREAKING_BAD.format("five"), "supports", ""),
    ("Breaking Bad has five seasons.", BREAKING_BAD.format("two"), "refutes", "two"),
    (
        "Ana Roske married Bel Tamsin in 1990.",
        "Ana Roske married Bel Tamsin, who was born in 1950.",
        "not refutes",
        "",
    ),
    (
        "Kessa Corp bought Velmar Ltd in 1990.",
        "Kessa Corp bought Velmar Ltd, which was founded in 1950.",
        "not refutes",
        "",
    ),
    (
        "Ana Roske married Bel Tamsin in 1990.",
        "Ana Roske married Bel Tamsin in 1950.",
        "refutes",
        "1950",
    ),  # control
    # the opening's short form carried by "It"; a prize won "but never" another; "was awarded"
    (
        "Ana Roske won the Nobel Prize.",
        "Ana Roske won the Pulitzer Prize in 1988 but never the Nobel Prize.",
        "refutes",
        "",
    ),
    (
        "Ana Roske won the Pulitzer Prize.",
        "Ana Roske won the Pulitzer Prize in 1988 but never the Nobel Prize.",
        "supports",
        "",
    ),  # control
    (
        "Ana Roske received the Nobel Prize.",
        "Ana Roske was awarded the Nobel Prize in 1988.",
        "supports",
        "",
    ),
    (
        "The committee received the prize.",
        "The committee awarded Ana Roske the prize.",
        "not supports",
        "",
    ),  # control
    # FEVER's own kinds of claim: a person; a sport played; an Oscar; a subsidiary; a role in a series
    (
        "Tom Hanks is a human.",
        "Tom Hanks (born July 9, 1956) is an American actor and filmmaker.",
        "supports",
        "a person",
    ),
    (
        "Tom Hanks is a person.",
        "Tom Hanks is a 1993 American drama film.",
        "refutes",
        "",
    ),  # control
    (
        "Kobe Bryant played basketball.",
        "Kobe Bean Bryant (1978 -- 2020) was an American professional basketball player who spent "
        "his entire 20-season career with the Los Angeles Lakers.",
        "supports",
        "",
    ),
    (
        "Lionel Messi plays football.",
        "Lionel Andrés Messi (born 24 June 1987) is an Argentine professional footballer.",
        "supports",
        "",
    ),
    (
        "Meryl Streep was nominated for an Oscar.",
        "Streep has received 21 Academy Award nominations.",
        "supports",
        "",
    ),
    (
        "Emma Stone has never won an Oscar.",
        "Stone's performance in La La Land (2016) won her the Academy Award for Best Actress.",
        "refutes",
        "",
    ),
    (
        "Pixar is owned by Disney.",
        "Pixar Animation Studios is an American computer animation studio and a subsidiary of The "
        "Walt Disney Company.",
        "supports",
        "",
    ),
    (
        "Pixar owns Disney.",
        "Pixar Animation Studios is an American computer animation studio and a subsidiary of The "
        "Walt Disney Company.",
        "not supports",
        "",
    ),  # control
    (
        "The Eiffel Tower is located in Germany.",
        "The Eiffel Tower is a wrought-iron lattice tower on the Champ de Mars in Paris, France.",
        "refutes",
        "Paris, France",
    ),
    (
        "Daniel Radcliffe played Harry Potter.",
        "Radcliffe rose to fame at age twelve, when he began portraying Harry Potter in the film "
        "series of the same name.",
        "supports",
        "",
    ),
    (
        "Ana Roske won the election.",
        "In the film, Ana Roske wins the election.",
        "neutral:reported",
        "",
    ),  # control
    # a chart's top, an only child, "stepped down", "made by"
    (
        '"I Kissed a Girl" topped the Billboard Hot 100.',
        '"I Kissed a Girl" peaked at number one on the US Billboard Hot 100.',
        "supports",
        "",
    ),
    (
        '"I Kissed a Girl" reached the top of the Billboard Hot 100.',
        '"I Kissed a Girl" peaked at number five on the US Billboard Hot 100.',
        "refutes",
        "five",
    ),
    ("Emma Watson is an only child.", "Watson has never had any siblings.", "supports", ""),
    ("Emma Watson is an only child.", "Watson has a younger brother, Alex.", "refutes", ""),
    (
        "Mikhail Gorbachev stepped down from office.",
        "Mikhail Gorbachev resigned from office in 1991.",
        "supports",
        "",
    ),
    (
        "Toy Story was made by Pixar.",
        "Toy Story is a 1995 American computer-animated comedy film produced by DreamWorks Animation.",
        "refutes",
        "DreamWorks",
    ),
    (
        "Minecraft was made by Mojang.",
        "Minecraft is a sandbox game developed by Mojang Studios.",
        "supports",
        "",
    ),
    (
        "Ana Roske made her debut in 2005.",
        "Ana Roske produced her debut album in 2005.",
        "not supports",
        "",
    ),  # control
    # roles in "the films …"; a nationality as where one is from; "the author of"
    (
        "Ana Roske has appeared in a film.",
        "Ana Roske is a Borovian actress known for her roles in the films Velmora (2001) and Tessa "
        "Nights (2005).",
        "supports",
        "",
    ),
    ("Ana Roske is from Canada.", "Ana Roske (born 1970) is a Canadian actress.", "supports", ""),
    (
        "Ana Roske is from Mexico.",
        "Ana Roske (born 1970) is a Canadian actress.",
        "not refutes",
        "",
    ),  # control
    (
        "Ana Roske has written a book.",
        "Ana Roske is the author of the novel Tessa Nights (2005).",
        "supports",
        "",
    ),
    # blind climate desk: a month that says which of a thing; another standard of comparison
    (
        "September Arctic sea ice extent has declined by about 13% per decade.",
        "Arctic sea ice extent in March has declined by about 2.6% per decade since 1979.",
        "not refutes",
        "",
    ),
    (
        "The film was released in September.",
        "The film was released in March 2004.",
        "refutes",
        "March",
    ),  # control
    (
        "Sea levels are rising faster than before.",
        "Sea level along parts of the US East Coast has risen faster than the global average because "
        "of land subsidence.",
        "not supports",
        "",
    ),
    (
        "Coldplay has sold fewer than 10 million records.",
        "Coldplay has sold fewer than 5 million records.",
        "supports",
        "",
    ),  # control
    # a town of one state against another state; "hosted" where the sentence says it too
    (
        "Apple is headquartered in Seattle.",
        "Apple Inc. is an American technology company headquartered in Cupertino, California.",
        "refutes",
        "Seattle",
    ),
    (
        "Ann Cole was born in Dallas.",
        "Ann Cole was born in Dallas, Texas.",
        "supports",
        "",
    ),  # control
    (
        "Tokyo hosted the Summer Olympics in 1968.",
        "Tokyo hosted the Summer Olympic Games in 1964 and 2020.",
        "refutes",
        "1964",
    ),
    (
        "Tessa hosted the 2012 Borovian Games.",
        "The 2012 Borovian Games were held in Tessa.",
        "supports",
        "",
    ),  # control
    # a second deed after a birth, read alone
    (
        "Audrey Hepburn died in Switzerland.",
        "Audrey Hepburn was born in Tolochenaz, Switzerland, in 1929 and died at her home in "
        "Ixelles, Brussels, in 1993.",
        "refutes",
        "Belgium",
    ),
    (
        "Audrey Hepburn died in 1993.",
        "Audrey Hepburn was born in Tolochenaz, Switzerland, in 1929 and died at her home in "
        "Ixelles, Brussels, in 1993.",
        "supports",
        "",
    ),  # control
    (
        "George Orwell wrote Nineteen Eighty-Four.",
        "Nineteen Eighty-Four is a dystopian novel and cautionary tale by the English writer George "
        "Orwell, published on 8 June 1949 by Secker & Warburg.",
        "supports",
        "",
    ),  # control
]


# a paragraph, read sentence by sentence as the service reads a reference
PARAGRAPH_ROWS = [
    (
        "MIT was founded in 1901.",
        "The Massachusetts Institute of Technology (MIT) is a private research university in "
        "Cambridge, Massachusetts. It was founded in 1861.",
        "refutes",
        "1861",
    ),
    (
        "MIT was established in the 19th century.",
        "The Massachusetts Institute of Technology (MIT) is a private research university in "
        "Cambridge, Massachusetts. It was founded in 1861.",
        "supports",
        "",
    ),
    (
        "George Lucas directed Star Wars.",
        "Star Wars is a 1977 American epic space opera film. It was produced by Lucasfilm. The film "
        "was written and directed by George Lucas.",
        "supports",
        "",
    ),
    (
        "Steven Spielberg directed Star Wars.",
        "Star Wars is a 1977 American epic space opera film. It was produced by Lucasfilm. The film "
        "was written and directed by George Lucas.",
        "refutes",
        "George Lucas",
    ),
    (
        "Tokyo has never hosted the Summer Olympics.",
        "Tokyo is a metropolis on the eastern coast of Honshu. It hosted the Summer Olympic Games in "
        "1964 and 2020.",
        "refutes",
        "",
    ),
    (
        "Sydney hosted the Olympic Games in 2000.",
        "Sydney is the capital city of New South Wales. The city hosted the Summer Olympic Games in "
        "2000.",
        "supports",
        "",
    ),
]


@pytest.mark.parametrize(("claim", "text", "expected", "reason"), PARAGRAPH_ROWS)
def test_a_paragraph_opening_with_a_short_form(claim, text, expected, reason):
    read_as_expected(claim, text, expected, reason, judge=compare_item)


@pytest.mark.parametrize(("claim", "sentence", "expected", "reason"), ROWS)
def test_a_blind_desk_of_works_and_organisations(claim, sentence, expected, reason):
    read_as_expected(claim, sentence, expected, reason)


TITANIC = (
    "Titanic is a 1997 American epic romance and disaster film directed, written, produced, and "
    "co-edited by James Cameron, starring Leonardo DiCaprio and Kate Winslet."
)
ORWELL = (
    "Nineteen Eighty-Four is a dystopian novel and cautionary tale by the English writer George "
    "Orwell, published on 8 June 1949 by Secker & Warburg."
)
# a reason names the doer the claim is about: not the cast after a comma ("the source says James
# Cameron, starring Leonardo DiCaprio and Kate Winslet" on stop 67's tree), not the publisher after
# a later "by" ("the source says Secker"); the decisions are the same
REASON_ROWS = [
    ("Titanic was directed by Steven Spielberg.", TITANIC, "the source says James Cameron"),
    ("Aldous Huxley wrote Nineteen Eighty-Four.", ORWELL, "the source says George Orwell"),
]


@pytest.mark.parametrize(("claim", "text", "ending"), REASON_ROWS)
def test_a_reason_names_the_doer_the_claim_is_about(claim, text, ending):
    d = compare_item(claim, text)
    assert d is not None and d.stance == "refutes", d
    assert d.reason.endswith(ending), d.reason
