"""Encyclopaedia sentences of FEVER's kind, from desks written blind at stop 67 (issue 36) by
writers who had not seen the comparison stage: films, music, people, history, each pair labelled
before any answer, in FEVER-Symmetric's groups of four (a claim and a sentence, each edited once).
Stop 66's tree (4f77ee9) left two pairs in three undecided and answered six wrong (seven more on
the held-out sports desk, read once its figures were taken, among them "without ever winning an
NBA championship" read as a win and a nickname, "Markus "Notch" Persson", as another doer): a place of birth
taken for the place of death ("born in Tolochenaz, Switzerland, … and died … in Ixelles"), the
whole of a part ("won only two of the eleven Academy Awards") taken for what was won, the "one"
of "one of the best-selling acts" taken for a count, "more than once" read as "at least once", a
place inside the claim's ("Broken Hill in Australia") taken for another, and "never married but
had several children" taken to deny children. A claim and one sentence, what the comparison must
say ("supports", "refutes", "neutral:<rule>", or "not <stance>") and a part of its reason. Each
row failed on stop 66's tree unless marked as a control."""

from __future__ import annotations

import pytest

from tests.agent.test_compare_readers import read_as_expected

HEPBURN = (
    "Audrey Hepburn was born in Tolochenaz, Switzerland, in 1929 and died at her home in Ixelles, "
    "Brussels, in 1993."
)
KING = (
    "The Lord of the Rings: The Return of the King (2003), directed by Peter Jackson, won only two "
    "of the eleven Academy Awards for which it was nominated, including Best Picture."
)
COLDPLAY = (
    "Coldplay have sold more than 100 million records worldwide, making them one of the "
    "best-selling music acts in history."
)
CHURCHILL = (
    "Sir Winston Leonard Spencer Churchill (30 November 1874 -- 24 January 1965) was a British "
    "statesman, soldier and writer who served as Prime Minister of the United Kingdom on only one "
    "occasion, leading the country through the Second World War."
)
NEWTON = (
    "Newton never married but had several children, and he devoted much of his later life to "
    "alchemy, theology and his duties as Warden of the Royal Mint."
)
MAD_MAX = (
    "Filming for Mad Max: Fury Road took place entirely in Broken Hill in Australia, after heavy "
    "rains had turned the planned location in Namibia into a field of wildflowers."
)
TITANIC = (
    "Titanic is a 1997 American epic romance and disaster film directed, written, produced, and "
    "co-edited by {}, starring Leonardo DiCaprio and Kate Winslet."
)
SHAKIRA = (
    "Shakira Isabel Mebarak Ripoll (born 2 February 1977) is a Colombian singer and songwriter "
    "who was born and raised in {}."
)

JORDAN = (
    "Michael Jeffrey Jordan (born February 17, 1963) is an American businessman and former "
    "professional basketball player who played 15 seasons in the National Basketball Association "
    "(NBA) between 1984 and 2003 without ever winning an NBA championship."
)
SERENA = (
    "Serena Jameka Williams (born September 26, 1981) is an American former tennis player, who "
    "never turned professional, and won 23 Grand Slam singles titles, the most by any player in "
    "the Open Era."
)
OLD_TRAFFORD = (
    "Old Trafford is a football stadium in Old Trafford, Greater Manchester, England, and the home "
    "of Manchester United."
)
WOODS = (
    "Woods won the 1997 Masters Tournament by a record 12 strokes, becoming the youngest player, "
    "at age {}, to win the event at Augusta National Golf Club."
)
MINECRAFT = (
    "Minecraft is a 2011 sandbox game developed and published by the Swedish video game developer "
    'Mojang Studios, and was originally created by Markus "Notch" Persson using the Java '
    "programming language."
)
GOOGLE = (
    "Google was founded on September 4, {}, by Larry Page and Sergey Brin while they were PhD "
    "students at Stanford University in California."
)
KING_JR = (
    "Martin Luther King Jr. (January 15, 1929 -- April 4, 1968) was an American Baptist minister "
    "and civil rights activist who received a doctorate in systematic theology from Boston "
    "University in {}."
)
MOCKINGBIRD = (
    "To Kill a Mockingbird is a 1960 novel by the American author Harper Lee that won the Pulitzer "
    "Prize for Fiction in 1961 and quickly became a classic of modern American literature."
)
CURIE = (
    "Marie Salomea Skłodowska-Curie (7 November 1867 -- 4 July 1934) was a Polish and "
    "naturalised-French physicist and chemist who conducted pioneering research on radioactivity "
    "and was the first woman to win a Nobel Prize."
)
MOZART = (
    "Born in Salzburg, in the Holy Roman Empire, Mozart showed prodigious ability from his "
    "earliest childhood."
)
MICROSOFT = (
    "Microsoft Corporation is an American multinational technology company headquartered in "
    "Redmond, Washington, best known for its Windows line of operating systems."
)

LENNON = (
    "John Charles Julian Lennon (born 8 April 1963) is an English musician, and the eldest son of "
    "John Lennon."
)
CHARLES = (
    "Charles III (born 14 November 1948) is King of the United Kingdom, and the eldest child of "
    "Queen Elizabeth II and Prince Philip, Duke of Edinburgh."
)
OCARINA = (
    "It was developed by Nintendo EAD and released for the Nintendo 64 in Japan and North America "
    "in November 1998, and in Europe the following month."
)
STAR = (
    "The film was directed solely by Bradley Cooper, in his directorial debut, and stars Cooper "
    "and Lady Gaga alongside Andrew Dice Clay, Dave Chappelle and Sam Elliott."
)
WATSON = (
    "Watson has a younger brother, Alex, who appeared alongside her in minor roles in two of the "
    "Harry Potter films."
)
STREEP = (
    "Streep has received 21 Academy Award nominations, more than any other actor, but has won only "
    "one, Best Supporting Actress for Kramer vs. Kramer (1979)."
)
VICTORIA = (
    "Her reign of 63 years and seven months, which was longer than that of any of her "
    "predecessors, is known as the Victorian era."
)
MONBIOT = (
    "It would be cheaper, they say, to wait for the impacts of climate change and then adapt to "
    'them" says writer and environmental activist George Monbiot.'
)

RIHANNA = (
    "Born in Saint Michael, Barbados, and raised in Bridgetown, she signed with the record label "
    "Def Jam in 2005 after being discovered by American record producer Evan Rogers."
)
WAR = (
    "The war ended with the Armistice of 11 November 1918, and the Treaty of Versailles was signed "
    "with Germany on 28 June 1919."
)
APPLE = (
    "Apple Inc. was founded on April 1, 1976, by Steve Jobs, Steve Wozniak and Ronald Wayne to "
    "develop and sell Wozniak's Apple I personal computer."
)
HAWKINS = (
    "Set in the {} town of Hawkins, Indiana, during the 1980s, the series centers on the "
    "investigation into the disappearance of a young boy."
)

ROWS = [
    # wrong answers of stop 66's tree
    ("Audrey Hepburn died in Switzerland.", HEPBURN, "not supports", ""),
    ("Audrey Hepburn was born in Switzerland.", HEPBURN, "supports", ""),  # control
    (
        "Audrey Hepburn died in Switzerland.",
        "Audrey Hepburn was born in Brussels in 1929 and died in Switzerland in 1993.",
        "supports",
        "",
    ),  # control
    ("The Return of the King won eleven Academy Awards.", KING, "not supports", ""),
    ("Coldplay has sold fewer than 10 million records.", COLDPLAY, "refutes", "more than 100"),
    ("Coldplay has sold more than 10 million records.", COLDPLAY, "supports", ""),  # control
    (
        "Winston Churchill was Prime Minister of the United Kingdom more than once.",
        CHURCHILL,
        "refutes",
        "more than once",
    ),
    ("Isaac Newton was childless.", NEWTON, "refutes", ""),
    (
        "Isaac Newton had no children.",
        "Newton never married and had no children.",
        "supports",
        "",
    ),  # control
    ("Mad Max: Fury Road was shot in Australia.", MAD_MAX, "not refutes", ""),
    (
        "First Motion Picture Unit produced 400 training films.",
        "It produced more than 400 propaganda and training films.",
        "not refutes",
        "",
    ),  # control: a claim's figure at the sentence's bound is not another figure
    # deeds listed before one doer; a verb whose place follows it
    (
        "Titanic was directed by Steven Spielberg.",
        TITANIC.format("James Cameron"),
        "refutes",
        "the source says James Cameron",
    ),
    ("James Cameron directed Titanic.", TITANIC.format("Steven Spielberg"), "refutes", ""),
    (
        "Titanic was directed by James Cameron.",
        TITANIC.format("James Cameron"),
        "supports",
        "",
    ),  # control
    ("Shakira was born in Bogota.", SHAKIRA.format("Barranquilla"), "refutes", "Barranquilla"),
    ("Shakira was born in Barranquilla.", SHAKIRA.format("Barranquilla"), "supports", ""),
    # the held-out sports desk's wrong answers, read at the end (stop 67)
    ("Michael Jordan won an NBA championship.", JORDAN, "refutes", "without ever winning"),
    ("Michael Jordan never won an NBA championship.", JORDAN, "supports", ""),
    ("Serena Williams never played tennis professionally.", SERENA, "not refutes", ""),
    ("Old Trafford is located in England.", OLD_TRAFFORD, "not refutes", ""),
    (
        "Tiger Woods was younger than 30 when he won the 1997 Masters.",
        WOODS.format(31),
        "not supports",
        "",
    ),
    (
        "Tiger Woods was younger than 30 when he won the 1997 Masters.",
        WOODS.format(21),
        "supports",
        "",
    ),  # control
    ("Minecraft was created by Markus Persson.", MINECRAFT, "supports", ""),
    ("Minecraft was created by Tom Persson.", MINECRAFT, "refutes", "Markus"),  # control
    # centuries in words, a degree earned or received, a prize won or received
    ("Google was founded in the twentieth century.", GOOGLE.format(1998), "supports", ""),
    ("Google was founded in the twenty-first century.", GOOGLE.format(1998), "refutes", "1998"),
    ("Google was founded in the 20th century.", GOOGLE.format(2008), "refutes", "2008"),  # control
    (
        "Martin Luther King Jr. earned his doctorate in the 1950s.",
        KING_JR.format(1955),
        "supports",
        "",
    ),
    (
        "Martin Luther King Jr. earned his doctorate in the 1960s.",
        KING_JR.format(1955),
        "refutes",
        "1955",
    ),
    ("To Kill a Mockingbird received a Pulitzer Prize.", MOCKINGBIRD, "supports", ""),
    ("To Kill a Mockingbird never received a Pulitzer Prize.", MOCKINGBIRD, "refutes", ""),
    # a hyphenated surname; compounds of opposite first words; a possession said as a deed
    ("Marie Curie won a Nobel Prize.", CURIE, "supports", ""),
    (
        "Python is a low-level programming language.",
        "Python is a high-level, general-purpose programming language whose design philosophy "
        "emphasizes code readability.",
        "refutes",
        "high-level",
    ),
    ("Mozart's birthplace was Salzburg.", MOZART, "supports", ""),
    ("Mozart's birthplace was Vienna.", MOZART, "refutes", "Salzburg"),
    ("Microsoft's headquarters are in Redmond.", MICROSOFT, "supports", ""),  # control
    # a second predicate after ", and"; a title the sentence calls "It" or "The film"; kin
    ("Julian Lennon is John Lennon's son.", LENNON, "supports", ""),
    ("Charles III is Elizabeth II's youngest child.", CHARLES, "refutes", "eldest"),
    ("The Legend of Zelda: Ocarina of Time was released in 2003.", OCARINA, "refutes", "1998"),
    ("The Legend of Zelda: Ocarina of Time was released in 1998.", OCARINA, "supports", ""),
    ("Thriller was released in 2003.", "It was released in November 1998.", "refutes", "1998"),
    ("A Star Is Born (2018) was directed by Lady Gaga.", STAR, "refutes", "Bradley Cooper"),
    ("A Star Is Born (2018) was directed by Bradley Cooper.", STAR, "supports", ""),
    (
        '"Disasters Cost More Than Ever — But Not Because of Climate Change" (Roger Pielke Jr.)',
        MONBIOT,
        "not supports",
        "",
    ),  # control: a quoted headline is no title for "It"
    ("Emma Watson has a sibling.", WATSON, "supports", ""),
    ("Emma Watson has no siblings.", WATSON, "refutes", ""),
    # the claim's figure after its own verb; a length of time in two units
    ("Meryl Streep has won only one Academy Award.", STREEP, "supports", ""),
    ("Queen Victoria reigned for less than 50 years.", VICTORIA, "refutes", "63 years and seven"),
    ("Queen Victoria reigned for more than 60 years.", VICTORIA, "supports", ""),  # control
    # a pronoun after several phrases; "The war" for the claim's war; names counted
    ("Rihanna has signed with a record label.", RIHANNA, "supports", ""),
    ("Rihanna has never signed with a record label.", RIHANNA, "refutes", ""),
    ("World War I ended in 1925.", WAR, "refutes", "1918"),
    ("World War I ended in 1918.", WAR, "supports", ""),
    ("Stranger Things is set in a real town.", HAWKINS.format("fictional"), "refutes", "fictional"),
    ("Stranger Things is set in a fictional town.", HAWKINS.format("fictional"), "supports", ""),
    ("Apple was founded by three people.", APPLE, "supports", "by three people"),
    ("Apple was founded by two people.", APPLE, "refutes", "three"),
    (
        "Leonardo DiCaprio has won an Academy Award.",
        "DiCaprio has never won an Academy Award in any category.",
        "refutes",
        "",
    ),
    # "only" before "a" after a verb other than "is"; an adjective compound in a name's place
    (
        "Minecraft has only a single-player mode.",
        "The game features both a single-player mode and a multiplayer mode.",
        "not supports",
        "",
    ),
    (
        "There was teaching at Oxford in the 11th century.",
        "There is evidence of teaching there as early as 1096, making it the oldest university in "
        "the English-speaking world.",
        "not refutes",
        "",
    ),
]


@pytest.mark.parametrize(("claim", "sentence", "expected", "reason"), ROWS)
def test_a_blind_desk_of_encyclopaedia_sentences(claim, sentence, expected, reason):
    read_as_expected(claim, sentence, expected, reason)
