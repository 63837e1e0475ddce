"""What a headline claims against an article's sentence, read as a reader reads it (stop 61, issue
36): a headline's present tense of a deed ("Tom Vell dies at 85") against a sentence that dates it
("died on Sunday") — a single day dates a deed and narrows nothing (days said as a habit, "on
Sundays", still do); a headline's "to" ("Kessa Corp to cut 10,000 jobs") is what will be, and the
subject's own word that it would is what it reports, another's forecast is not, nor a deed done
"last year"; "Calls for Kira Dane to resign" are no resignation; "legalised cannabis for medical
use" is not "legalises cannabis"; "hits 10%" and "reached 10%" are a level, said by "rose to"; and
what a fact-check says: "was not arrested;" denies an arrest anywhere, "has the highest crime rate"
is held by one, not where the sentence narrows the field ("in southern Borovia"); another won the
Cup "beating Tessa Rovers", another is the most expensive "ahead of Tessa"; "has no plans to ban
TikTok" and the subject's own "denied reports that it would cut …" deny what will be; "grew from
40,000 to 80,000" is "doubled" (a year is no amount: "from 2000 to 2020"); "began in 1958 and was completed in 1965" dates the completion 1965. A
claim and one sentence, what the comparison must say ("supports", "refutes", "neutral:<rule>", or
"not <stance>") and a part of its reason. Invented names. Each row failed on stop 60's tree
(f86783e) unless marked as a control."""

from __future__ import annotations

import pytest

from tests.agent.test_compare_readers import read_as_expected

ROWS = [
    (
        "Tom Vell dies at 85.",
        "Tom Vell, the actor, died on Sunday at the age of 85.",
        "supports",
        "",
    ),
    (
        "Kira Dane resigns as prime minister.",
        "Kira Dane resigned as prime minister on Thursday.",
        "supports",
        "",
    ),
    ("Police arrest Tom Vell.", "Tom Vell was arrested by police on Monday.", "supports", ""),
    (  # a wrong True on f86783e: others called for it
        "Kira Dane resigns as prime minister.",
        "Calls for Kira Dane to resign as prime minister grew on Thursday.",
        "neutral:hedge",
        "“Calls for Kira Dane to resign”",
    ),
    (  # a wrong True: allowed for one use only
        "Borovia legalises cannabis.",
        "Borovia legalised cannabis for medical use in 2019.",
        "neutral:partial",
        "“for medical use”",
    ),
    (
        "Inflation in Borovia hits 10%.",
        "Inflation in Borovia rose to 10% in March.",
        "supports",
        "",
    ),
    (
        "Inflation in Borovia hits 10%.",
        "Inflation in Borovia rose to 6% in March.",
        "refutes",
        "the claim says 10%; the source says 6%",
    ),
    (
        "Inflation in Ostrania reached 10%.",
        "Inflation in Ostrania rose to 6% in May.",
        "refutes",
        "the claim says 10%; the source says 6%",
    ),
    (
        "Kessa Corp to cut 10,000 jobs.",
        "Kessa Corp said on Tuesday it would cut 10,000 jobs by the end of the year.",
        "supports",
        "",
    ),
    (
        "Kessa Corp to cut 10,000 jobs.",
        "Kessa Corp said on Tuesday it would cut 1,000 jobs by the end of the year.",
        "refutes",
        "the claim says 10,000; the source says 1,000",
    ),
    (  # a wrong True on f86783e: a plan against a deed done
        "Kessa Corp to cut 10,000 jobs.",
        "Kessa Corp cut 10,000 jobs last year.",
        "neutral:tense",
        "the claim says what will be; the source tells of what was done",
    ),
    (  # undecided on f86783e: a deed denied with no where is denied anywhere
        "Kira Dane was arrested in Tessa.",
        "Kira Dane was not arrested; the image is doctored.",
        "refutes",
        "the source says it is not",
    ),
    (  # undecided: a superlative held by one, with "has"
        "Tessa has the highest crime rate in Borovia.",
        "Velmar has the highest crime rate in Borovia.",
        "refutes",
        "only one can be",
    ),
    (  # a wrong False on f86783e: a superlative of a narrower field
        "Mount Kessa is the highest mountain in Borovia.",
        "Mount Orvel is the highest mountain in southern Borovia.",
        "not refutes",
        "",
    ),
    (  # undecided on f86783e (stop 60's note): another won it by beating the claim's winner
        "Tessa Rovers won the 2019 Ostranian Cup.",
        "Kessa United won the 2019 Ostranian Cup, beating Tessa Rovers 2–1 in the final.",
        "refutes",
        "the claim says Tessa Rovers won",
    ),
    (  # undecided (stop 60's note): the claim's year is another deed's
        "The Kessa Dam was completed in 1958.",
        "Construction of the Kessa Dam began in 1958 and was completed in 1965.",
        "refutes",
        "the claim says 1958; the source says 1965",
    ),
    (  # undecided on f86783e, with an odd reason ("says it of the world, ahead of Tessa"):
        # the claim's name ranked below the holder
        "Tessa is the most expensive city in the world.",
        "Velmar is the most expensive city in the world, ahead of Tessa.",
        "refutes",
        "the source says Velmar is, and only one can be",
    ),
    (  # undecided on f86783e: a plan the subject has not
        "Borovia will ban TikTok.",
        "Borovia has no plans to ban TikTok, the minister said.",
        "refutes",
        "(“has no plans to ban TikTok”)",
    ),
    (  # undecided (was the `reported` guard): the subject's own denial of the plan
        "Kessa Corp to cut 10,000 jobs.",
        "Kessa Corp denied reports that it would cut 10,000 jobs.",
        "refutes",
        "denied reports that it would cut",
    ),
    (  # undecided (stop 60's note): a change said from one value to another
        "Velmar's population doubled between 2000 and 2020.",
        "Velmar's population grew from 40,000 in 2000 to 80,000 in 2020.",
        "supports",
        "",
    ),
    (
        "Sales of Kessa cars halved.",
        "Sales of Kessa cars fell from 1.2 million to 900,000.",
        "refutes",
        "(× 0.75)",
    ),
    # controls: another's forecast; days as a habit; another age; a denial somewhere else; a
    # superlative held by another
    (
        "Kira Dane was arrested in Tessa.",
        "Kira Dane was not arrested in Velmar.",
        "not refutes",
        "",
    ),
    (
        "Kessa Corp to cut 10,000 jobs.",
        "Tessa Bank denied reports that it would cut 10,000 jobs.",
        "not refutes",
        "",
    ),
    ("Borovia will ban TikTok.", "Borovia has no plans to ban Facebook.", "not refutes", ""),
    (
        "The population of Velmar doubled.",
        "The population of Velmar grew from 2000 to 2020.",
        "not refutes",
        "",
    ),
    (
        "Kessa United won the 2019 Ostranian Cup.",
        "Kessa United won the 2019 Ostranian Cup, beating Tessa Rovers 2–1 in the final.",
        "supports",
        "",
    ),
    (  # undecided on f86783e: the beginning's year is 1958
        "Construction of the Kessa Dam began in 1965.",
        "Construction of the Kessa Dam began in 1958 and was completed in 1965.",
        "refutes",
        "the claim says 1965; the source says 1958",
    ),
    (
        "Mount Kessa is the highest mountain in Borovia.",
        "Mount Orvel is the highest mountain in Borovia.",
        "refutes",
        "only one can be",
    ),
    ("Taxes will rise.", "Ana Roske said that taxes would rise.", "neutral:tense", "forecast"),
    (
        "The Tessa museum is free to enter every day.",
        "The Tessa museum is free to enter on Sundays.",
        "not supports",
        "",
    ),
    (
        "Tom Vell dies at 85.",
        "Tom Vell, the actor, died on Sunday at the age of 87.",
        "refutes",
        "the claim says 85; the source says 87",
    ),
]


@pytest.mark.parametrize(("claim", "sentence", "expected", "reason"), ROWS)
def test_what_a_headline_claims_is_read_as_the_article_says(claim, sentence, expected, reason):
    read_as_expected(claim, sentence, expected, reason)
