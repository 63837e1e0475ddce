"""What an article's opening calls its subject (stop 64, issue 36): "Lina Voss (born 1987) is a
Borovian model" refutes "Lina Voss is a US senator"; "Velmora is a 2004 Borovian comedy film"
refutes "Velmora is a horror film"; "a football quarterback" refutes "a poker player". Two trades
are set apart by a table of fields (agent/judge/_trades.py), not by WordNet's kinds: a striker is a
footballer's post, an entrepreneur a businesswoman, and "an actor who was elected to the Senate" may
be a politician — each of those was a wrong False on stop 63's tree (b89c9be). "Born" in "(born
1950)" is no noun (WordNet's Max Born is a physicist: "is a physicist" was supported by "(born
1950) is a scientist"). A claim and one sentence, what the comparison must say ("supports",
"refutes", "neutral:<rule>", or "not <stance>") and a part of its reason. Invented names (but for two
nationalities). Each row failed on b89c9be unless marked as a control."""

from __future__ import annotations

import pytest

from tests.agent.test_compare_readers import read_as_expected

REYES = "Colm Reyes (born 1987) is a Borovian football quarterback who is currently a free agent."

ROWS = [
    # trades an opening names
    ("Lina Voss is a US senator", "Lina Voss (born 1987) is a Borovian model.", "refutes", "model"),
    ("Lina Voss is not a senator", "Lina Voss (born 1987) is a Borovian model.", "supports", ""),
    (
        "Lina Voss is a driver",
        "Lina Voss (born 1995) is a Borovian fashion model and television personality.",
        "refutes",
        "the source says a Borovian fashion model and television personality",
    ),
    ("Colm Reyes is a poker player", REYES, "refutes", "football quarterback"),
    ("Colm Reyes is a football player", REYES, "supports", ""),  # control
    (
        "Colm Reyes is a football player",
        "Colm Reyes (born 1987) is a Borovian poker player.",
        "refutes",
        "poker player",
    ),
    (
        "Tom Vell is a president",
        "Tom Vell (born 1947) is a Mexican and American musician who became famous with his band.",
        "refutes",
        "the source says a Mexican and American musician",
    ),
    ("Tom Vell is a lawyer", "Tom Vell (born 1950) is a Borovian politician.", "refutes", ""),
    (
        "Ana Roske is a rock singer",
        "Ana Roske (born 1950) is a Borovian pop singer.",
        "refutes",
        "",
    ),
    (
        "Ana Roske is a tennis player",
        "Ana Roske (born 1990) is a Borovian professional chess player.",
        "refutes",
        "chess player",
    ),
    ("Ana Roske is a lawyer", "Ana Roske is a doctor.", "refutes", "doctor"),  # control
    ("Lina Voss works as a lawyer", "Lina Voss (born 1987) is a Borovian model.", "refutes", ""),
    (
        "Lina Voss served as a senator",
        "Lina Voss (1920 – 1987) was a Borovian model.",
        "refutes",
        "",
    ),
    ("Lina Voss works as a model", "Lina Voss (born 1987) is a Borovian model.", "supports", ""),
    (
        "Lina Voss is a senator",
        "She is a Borovian model.",
        "refutes",
        "the source says a Borovian model",
    ),
    # what the sentence leaves open (wrong Falses and a wrong True on b89c9be)
    (
        "Tom Vell is a politician",
        "Tom Vell is an actor who was elected to the Senate in 2003.",
        "not refutes",
        "",
    ),
    ("Tom Vell is a singer", "Tom Vell is an actor and musician.", "not refutes", ""),
    ("Tom Vell is a striker", "Tom Vell is a footballer.", "not refutes", ""),
    ("Ana Roske is an entrepreneur", "Ana Roske is a businesswoman.", "not refutes", ""),
    ("Ana Roske is a physicist", "Ana Roske (born 1950) is a scientist.", "not supports", ""),
    # controls: one field, or the field named elsewhere in the sentence
    (
        "Tom Vell is a singer",
        "Tom Vell (born 1950) is a Borovian actor whose debut album sold a million copies.",
        "not refutes",
        "",
    ),
    (
        "Ana Roske is a filmmaker",
        "Ana Roske (born 1950) is a Borovian film director.",
        "not refutes",
        "",
    ),
    ("Ana Roske is a journalist", "Ana Roske (born 1961) is a Borovian writer.", "not refutes", ""),
    ("Ana Roske was a soldier", "Ana Roske (1920–1990) was a Borovian painter.", "not refutes", ""),
    (
        "Ana Roske is a lawyer",
        "Ana Roske (born 1961) is a Borovian politician who practised law before entering parliament.",
        "not refutes",
        "",
    ),
    (
        "Ana Roske is an actress",
        "Ana Roske (born 1990) is a Borovian model who has appeared in several films.",
        "not refutes",
        "",
    ),
    ("Ana Roske is a singer", "Tom Vell (born 1950) is a Borovian actor.", "not refutes", ""),
    # genres an opening names
    (
        "Velmora is a horror film",
        "Velmora is a 2004 Borovian comedy film directed by Tom Vell.",
        "refutes",
        "the claim says a horror film; the source says a 2004 Borovian comedy film",
    ),
    (
        "Velmora is a romantic film",
        "Velmora is a 1964 Borovian psychological thriller film directed by Tom Vell.",
        "refutes",
        "psychological thriller film",
    ),
    (
        "Night Harbour is a horror drama",
        "Night Harbour (also called Harbour) is a Borovian television medical drama that ran on "
        "Kessa TV for eight seasons.",
        "refutes",
        "medical drama",
    ),
    (
        "Velmora is a documentary",
        "Velmora is a 2004 Borovian horror film.",
        "refutes",
        "horror film",
    ),
    (
        "The Orsen Four is a rock band",
        "The Orsen Four is a Borovian pop band formed in 1990.",
        "refutes",
        "pop band",
    ),
    (  # a wrong False on b89c9be (WordNet's rock and metal are materials)
        "The Orsen Four is a rock band",
        "The Orsen Four is a metal band.",
        "not refutes",
        "",
    ),
    ("The Orsen Four is a jazz band", "The Orsen Four is a Borovian punk band.", "refutes", "punk"),
    # controls: the genre is there, or none is named, or the sentence's is within the claim's
    (
        "The Orsen Four is a rock band",
        "The Orsen Four is a Borovian heavy metal band formed in 1990.",
        "not refutes",
        "",
    ),
    ("Velmora is a horror film", "Velmora is a 2004 Borovian slasher film.", "not refutes", ""),
    ("Velmora is a comedy", "Velmora is a 2004 Borovian comedy-drama film.", "supports", ""),
    ("Velmora is a horror film", "Velmora is a 2004 Borovian horror comedy film.", "supports", ""),
    ("Velmora is a horror film", "Velmora is a 2004 Borovian film.", "not refutes", ""),
    (
        "Velmora is a horror film",
        "Velmora is a 2004 Borovian film that blends horror and comedy.",
        "not refutes",
        "",
    ),
    (
        "The Orsen Four is a rock band",
        "The Orsen Four is a Borovian pop rock band.",
        "supports",
        "",
    ),
    ("Velmora is a thriller", "Velmora is a 2004 Borovian action thriller film.", "supports", ""),
]


GENRE_ROWS = [
    (
        "Night Harbour is a series that fits into the genre of crime drama.",
        "Night Harbour is a Borovian crime drama series that ran on Kessa TV from 1968 to 1973.",
        "supports",
        "",
    ),
    (
        "Night Harbour is a series that fits into the genre of pornography.",
        "Night Harbour is a Borovian crime drama series that ran on Kessa TV from 1968 to 1973.",
        "refutes",
        "the source says a Borovian crime drama series",
    ),
    (
        "Velmora is a film that belongs to the genre of horror.",
        "Velmora is a 2004 Borovian comedy film directed by Tom Vell.",
        "refutes",
        "comedy film",
    ),
]


# a desk written blind after the rows above (stop 64): what b89c9be got wrong or left undecided
# and the rule now reads, and what the rule must leave alone
BLIND_ROWS = [
    (
        "Tom Vell is a lawyer",
        "Tom Vell (born 12 March 1971) is a Borovian chef, restaurateur and television presenter.",
        "refutes",
        "chef, restaurateur and television presenter",
    ),
    (
        "Ana Roske is a politician",
        "Ana Roske (born 1948) is a Borovian poet, essayist and translator.",
        "refutes",
        "",
    ),
    (
        "Bel Tamsin is a basketball player",
        "Bel Tamsin (born 1995) is a Borovian professional footballer who plays for Kessa United.",
        "refutes",
        "footballer",
    ),
    ("Kira Dane is a model", "Kira Dane (born 1990) is a Borovian rapper.", "refutes", "rapper"),
    ("Velmora is a science fiction film", "Velmora is a 2004 Borovian horror film.", "refutes", ""),
    (
        "The Orsen Four are a country band",
        "The Orsen Four are a Borovian indie rock band formed in Tessa in 2001.",
        "refutes",
        "indie rock band",
    ),
    (
        "Tom Vell was a poet",
        "Tom Vell (1881–1973) was a Borovian painter, sculptor, printmaker and ceramicist.",
        "refutes",
        "",
    ),
    (
        "Ana Roske is a singer",
        "Ana Roske (born 1962) is a Borovian astronaut and engineer.",
        "refutes",
        "astronaut and engineer",
    ),
    (  # a wrong True on b89c9be: "the painter Tom Roske" is his title
        "Ana Roske is a painter",
        "Ana Roske, the daughter of the painter Tom Roske, is a Borovian actress.",
        "not supports",
        "",
    ),
    (  # a wrong True on b89c9be: "(born 1962)" named Max Born, a physicist, so a scientist
        "Ana Roske is a scientist",
        "Ana Roske (born 1962) is a Borovian astronaut and engineer.",
        "not supports",
        "",
    ),
    # controls
    (
        "Tom Roske is a painter",
        "Ana Roske, the daughter of the painter Tom Roske, is a Borovian actress.",
        "supports",
        "",
    ),
    (
        "Tom Vell is a lawyer",
        "Tom Vell (born 1960) is a Borovian author, best known for his legal thrillers.",
        "not refutes",
        "",
    ),
    (
        "Ana Roske is a journalist",
        "Ana Roske (born 1975) is a Borovian broadcaster.",
        "not refutes",
        "",
    ),
    (
        "Ana Roske is a teacher",
        "Ana Roske (born 1962) is a Borovian astronaut and engineer.",
        "not refutes",
        "",
    ),
    (
        "Tom Vell was a soldier",
        "Tom Vell (1881–1973) was a Borovian painter, sculptor, printmaker and ceramicist.",
        "not refutes",
        "",
    ),
    ("Velmora is an animated film", "Velmora is a 2004 Borovian horror film.", "not refutes", ""),
    ("Kessa is a horror film", "Kessa is a 2010 Borovian cult film.", "not refutes", ""),
    (
        "Kessa is a thriller",
        "Kessa is a 2010 Borovian film about a horror film director.",
        "not refutes",
        "",
    ),
    ("Bel Roske is a singer", "Tom Roske (born 1960) is a Borovian actor.", "not refutes", ""),
]


FIELD_ROWS = [
    (
        "Ana Roske was professionally involved in politics",
        "Lina Ana Roske (1933 – 2006) was a Borovian politician and the 45th Governor of Kessa.",
        "supports",
        "a trade in politics",
    ),
    (
        "Ana Roske was professionally involved in acting",
        "Lina Ana Roske (1933 – 2006) was a Borovian politician and the 45th Governor of Kessa.",
        "refutes",
        "the claim says acting; the source says a Borovian politician",
    ),
    (
        "Tom Vell works in music",
        "Tom Vell (born 1950) is a Borovian record producer.",
        "supports",
        "",
    ),
    (
        "Tom Vell worked in television",
        "Tom Vell (born 1950) is a Borovian chef.",
        "refutes",
        "chef",
    ),
    (  # control: the field is named further on
        "Tom Vell has a career in politics",
        "Tom Vell (born 1950) is a Borovian actor who was elected to parliament in 2003.",
        "not refutes",
        "",
    ),
    (  # a wrong False on b89c9be: "Borovian" says the band is from Borovia, wherever Tessa lies
        "The Orsen Four is from Borovia",
        "The Orsen Four are a Borovian rock band formed in Tessa in 2001.",
        "not refutes",
        "",
    ),
]


ONLY_ROWS = [
    (
        "Tom Vell only works in Tessa",
        "Tom Vell is a Borovian architect based in Velmar.",
        "refutes",
        "the claim says Tessa; the source says Velmar",
    ),
    (
        "Tom Vell works in Velmar",
        "Tom Vell is a Borovian architect based in Velmar.",
        "supports",
        "",
    ),
    (
        "Ana Roske had only daughters",
        "She was survived by her husband and two sons.",
        "refutes",
        "sons",
    ),
    # controls: "only" unsaid supports nothing; "the only" and "only two" are what the claim says
    (
        "Tom Vell only works in Velmar",
        "Tom Vell is a Borovian architect based in Velmar.",
        "not supports",
        "",
    ),
    (
        "Tom Vell works in Tessa",
        "Tom Vell is a Borovian footballer born in Velmar.",
        "not refutes",
        "",
    ),
    (
        "Ana Roske is the only woman to win the Kessa Prize",
        "Ana Roske won the Kessa Prize in 2010.",
        "not supports",
        "",
    ),
    ("Ana Roske has only two children", "Ana Roske has two children.", "supports", ""),
    (  # the title without its ordinal, where the sentence gives none
        "The 3rd Duke lives in Velmar exclusively",
        "In 1959 the Duke moved to Kessa, where he still lives.",
        "refutes",
        "the claim says Velmar; the source says Kessa",
    ),
    (  # control: the sentence names another of them
        "The 3rd Duke lives in Velmar",
        "In 1959 the 2nd Duke moved to Kessa, where he still lives.",
        "not refutes",
        "",
    ),
]


DEED_ROWS = [
    (
        "Lina Voss has yet to write for a television show",
        "Lina Voss (1956 – 1996) was a Borovian television writer and producer.",
        "refutes",
        "the source says a Borovian television writer and producer",
    ),
    (
        "Lina Voss was incapable of writing",
        "Lina Voss (1927 – 2004) was a Borovian actress, singer, dancer and author.",
        "refutes",
        "“was incapable of”",
    ),
    (
        "Lina Voss wrote for a television show",
        "Lina Voss (1956 – 1996) was a Borovian television writer and producer.",
        "supports",
        "",
    ),
    # controls: "writes" of one the opening says "was"; a newspaper is not television
    (
        "Lina Voss writes for a television show",
        "Lina Voss (1956 – 1996) was a Borovian television writer and producer.",
        "not supports",
        "",
    ),
    (
        "Lina Voss writes for a newspaper",
        "Lina Voss (born 1960) is a Borovian television writer.",
        "not supports",
        "",
    ),
]


NATIONALITY_ROWS = [
    (  # "partial" (the source does not mention Indian Tamil) on b89c9be
        "Velmora is an Indian Tamil film",
        "Velmora (Valour) is a 2014 Pakistani action film directed by Tom Vell.",
        "refutes",
        "the source says a 2014 Pakistani action film",
    ),
    (
        "Velmora is something other than an Indian Tamil film",
        "Velmora (Valour) is a 2014 Pakistani action film directed by Tom Vell.",
        "supports",
        "",
    ),
    (  # control: born there, and perhaps of there still
        "Tom Vell is a French actor",
        "Tom Vell (born 1950) is a French-born Belgian actor.",
        "not refutes",
        "",
    ),
]


BECAME_ROWS = [
    (  # stop 63's one wrong desk answer: a post taken in 1990 is not said to be held now
        "Tom Vell is the mayor of Tessa",
        "Tom Vell, the son of Ana Roske, became mayor of Tessa in 1990.",
        "neutral:tense",
        "the source speaks of the past",
    ),
    ("Tom Vell was the mayor of Tessa", "Tom Vell became mayor of Tessa in 1990.", "supports", ""),
    (  # control: the apposition is said now, whatever he became
        "Tom Vell is the son of Ana Roske",
        "Tom Vell, the son of Ana Roske, became mayor in 1990.",
        "supports",
        "",
    ),
    (  # control: a physician may be a scientist (stop 63's desk)
        "Ana Roske is a scientist",
        "Ana Roske is a Borovian physician.",
        "not refutes",
        "",
    ),
    (  # control: "became" of something else
        "Tom Vell is the mayor of Tessa",
        "Tom Vell, who became famous as an actor, is the mayor of Tessa.",
        "supports",
        "",
    ),
]


@pytest.mark.parametrize(
    ("claim", "sentence", "expected", "reason"),
    ROWS
    + GENRE_ROWS
    + BLIND_ROWS
    + FIELD_ROWS
    + ONLY_ROWS
    + DEED_ROWS
    + NATIONALITY_ROWS
    + BECAME_ROWS,
)
def test_an_articles_opening_says_what_its_subject_is(claim, sentence, expected, reason):
    read_as_expected(claim, sentence, expected, reason)
