"""Claims against a whole paragraph, as a user's reference gives it: an encyclopaedia's article
opening, its subject named first and carried on by "He", "She", "It" or "The film", one sentence
deciding among others that do not. From a desk written blind at stop 67 (issue 36): stop 66's
tree, and this stop's before the carry was widened, left 51 of its 82 pairs undecided, among them
"Mozart was born in Vienna" beside "He was born in Salzburg in 1756" (the article opens "Wolfgang
Amadeus Mozart was …"), and took "Pierre Curie was born in Warsaw" from a paragraph whose "She" is
Marie Curie. ``compare_item`` over the paragraph: what it must say, and a part of its reason."""

from __future__ import annotations

import pytest

from agent.judge.compare import compare_item
from tests.agent.test_compare_readers import read_as_expected

MOZART = (
    "Wolfgang Amadeus Mozart was a prolific composer of the Classical period. He was born in "
    "Salzburg in 1756. He composed more than 800 works, including symphonies, concertos and "
    "operas. He died in Vienna in 1791 at the age of 35."
)
BOLT = (
    "Usain Bolt is a retired Jamaican sprinter. He won eight Olympic gold medals across three "
    "Summer Games. He set the 100 metres world record of 9.58 seconds at the 2009 World "
    "Championships in Berlin. He ended his athletics career in 2017."
)
TITANIC = (
    "Titanic is a 1997 American epic romance and disaster film. It stars Leonardo DiCaprio and Kate "
    "Winslet. The film was written and directed by James Cameron. It won eleven Academy Awards, "
    "including Best Picture."
)
CURIE = (
    "Marie Curie was a Polish and naturalised-French physicist and chemist who conducted pioneering "
    "research on radioactivity. She was born in Warsaw, then part of the Russian Empire. She "
    "discovered the elements polonium and radium together with her husband Pierre."
)
ROSKE = "Ana Roske married Bel Tamsin in 1990. She was born in Velmar."

LEONARDO = (
    "Leonardo da Vinci was an Italian polymath of the High Renaissance. He was born in Vinci, near "
    "Florence, in 1452. He is widely known for his paintings, including the Mona Lisa and The Last "
    "Supper. He spent his final years in France, where he died in 1519."
)
EVEREST = (
    "Mount Everest is Earth's highest mountain above sea level. It is located in the Mahalangur "
    "Himal sub-range of the Himalayas. It was first summited by Edmund Hillary and Tenzing Norgay "
    "in 1953."
)

UNITED = (
    "Manchester United Football Club is a professional football club based in Greater Manchester, "
    "England. It was founded in 1878 as Newton Heath LYR Football Club. The club's home ground is "
    "Old Trafford, which it has used since 1910. It won the European Cup for the first time in 1968."
)
BEATLES = (
    "The Beatles were an English rock band. They became one of the best-selling music acts of all "
    "time. The group was founded in Liverpool in 1960."
)
BEETHOVEN = (
    "Ludwig van Beethoven was a German composer and pianist born in Bonn in 1770. He moved to Vienna "
    "in his early twenties. He wrote nine symphonies, five piano concertos and 32 piano sonatas."
)

ROWS = [
    ("Mozart was born in Vienna.", MOZART, "refutes", "Salzburg"),
    ("Mozart was born in Salzburg.", MOZART, "supports", ""),
    ("Bolt never won an Olympic gold medal.", BOLT, "refutes", ""),
    ("Bolt set the 100 metres world record in 2012.", BOLT, "refutes", "2009"),
    ("Titanic was directed by James Cameron.", TITANIC, "supports", ""),
    ("Titanic was directed by Steven Spielberg.", TITANIC, "refutes", "James Cameron"),
    ("Titanic won fewer than five Academy Awards.", TITANIC, "refutes", "eleven"),
    ("Marie Curie was born in Warsaw.", CURIE, "supports", ""),  # control
    ("Pierre Curie was born in Warsaw.", CURIE, "not supports", ""),  # control: another Curie
    ("Ana Roske was born in Velmar.", ROSKE, "not supports", ""),  # control: "She" may be Bel
    # a name with a particle ("da", "van") is one name; a work's title names no person
    ("Leonardo da Vinci died in Italy.", LEONARDO, "refutes", "France"),
    ("Leonardo da Vinci died in France.", LEONARDO, "supports", ""),
    ("Mount Everest was first climbed in 1963.", EVEREST, "refutes", "1953"),
    # "Its …" and "The club's …" before the deciding sentence; a band formed or founded; music
    # composed or written
    ("Manchester United first won the European Cup in 1999.", UNITED, "refutes", "1968"),
    ("The Beatles were formed in Liverpool.", BEATLES, "supports", ""),
    ("Beethoven composed ten symphonies.", BEETHOVEN, "refutes", "nine"),
    (
        "The Harry Potter books have sold fewer than 100 million copies.",
        "The books have sold more than 500 million copies worldwide.",
        "refutes",
        "more than 500 million",
    ),
]


@pytest.mark.parametrize(("claim", "paragraph", "expected", "reason"), ROWS)
def test_a_paragraph_carries_its_subject_to_the_deciding_sentence(
    claim, paragraph, expected, reason
):
    read_as_expected(claim, paragraph, expected, reason, judge=compare_item)
