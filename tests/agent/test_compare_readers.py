"""Wrong answers and abstentions a reader met on the seeded knowledge base and with one reference
each (stop 52, issue 36), one row per pair: the claim, the sentence, what the comparison must say
("supports", "refutes", "neutral:<rule>", or "not <stance>"), and a part of its reason. Invented
names, so that no memorised fact helps; each row failed before its fix."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from agent.judge._quantities import quantities
from agent.judge.compare import compare

ROWS = [
    # "Buzz Aldrin was the first person to walk on the Moon" was True beside NASA's "Neil
    # Armstrong became the first person …, followed by Buzz Aldrin"; since stop 61 a name "followed
    # by" the holder is ranked below it, and the sentence refutes the claim (only one is first)
    (
        "Bel Tamsin was the first person to climb Mount Orvel.",
        "Ana Roske became the first person to climb Mount Orvel, followed by Bel Tamsin.",
        "refutes",
        "the source says Ana Roske became, and only one can be",
    ),
    (
        "Ana Roske was the first person to climb Mount Orvel.",
        "Ana Roske became the first person to climb Mount Orvel, followed by Bel Tamsin.",
        "supports",
        "",
    ),
    (  # in apposition the name is what the statement says
        "KX19 is a ligand for Kessa.",
        "Soluble KX21 resembles the second Kessa ligand, KX19, which lacks anchoring residues.",
        "not neutral:subject",
        "",
    ),
    # "K2 is the highest mountain on Earth": "with" after a comma narrows no role
    (
        "Mount Orvel is the highest mountain in Borovia.",
        "Mount Kessa is the highest mountain in Borovia, with a summit elevation of 3,120 metres.",
        "refutes",
        "only one can be",
    ),
    (
        "Bel Tamsin was the first woman to win the Kessa Prize.",
        "Ana Roske was the first woman to win the Kessa Prize for fiction.",
        "not refutes",
        "",
    ),
    # "COVID-19 is caused by a bacterium" beside "… caused by the SARS-CoV-2 virus"
    (
        "Kessa fever is caused by a bacterium.",
        "Kessa fever is an infectious disease caused by the Orvel-2 virus, first identified in 2019.",
        "refutes",
        "Orvel-2 virus",
    ),
    (
        "Kessa fever is caused by a virus.",
        "Kessa fever is caused by the Orvel-2 virus.",
        "supports",
        "",
    ),
    # "Six Apollo missions landed on the Moon" was False ("the source says twelve")
    (
        "Six Kessa missions landed on Orvel.",
        "Between 1969 and 1972 six Kessa missions landed on Orvel and twelve crew walked on it.",
        "supports",
        "",
    ),
    (
        "Ten Kessa missions landed on Orvel.",
        "Between 1969 and 1972 six Kessa missions landed on Orvel and twelve crew walked on it.",
        "refutes",
        "six",
    ),
    # a second clause with a subject of its own ("…, and Ostrania declared war")
    (
        "Bel Tamsin was Ostrania's first president.",
        "Bel Tamsin became Borovia's first president, and Ostrania declared war on Borovia.",
        "not supports",
        "",
    ),
    (
        "Bel Tamsin was Ostrania's first president.",
        "Bel Tamsin became the country's first president, and British Ostrania was split in two.",
        "not neutral:partial",
        "",
    ),
    (
        "Bel Tamsin helped found the Kessa band.",
        "Bel Tamsin started her career as a drummer in 1990, and helped found the Kessa band.",
        "supports",
        "",
    ),
    # "almost" before a number bounds it ("about 14 million" beside "almost 14 million")
    (
        "The Kessa ice sheet covers about 14 million square kilometres.",
        "The Kessa ice sheet covers almost 14 million square kilometres.",
        "supports",
        "",
    ),
    (
        "The Kessa ice sheet covers 20 million square kilometres.",
        "The Kessa ice sheet covers almost 14 million square kilometres.",
        "refutes",
        "almost 14 million",
    ),
    (  # "nearly" is said as such, not as "may be"
        "The Kessa dam is finished.",
        "The Kessa dam is nearly finished.",
        "neutral:hedge",
        "only that it is nearly so",
    ),
    # the press's name for the disease; a founding said otherwise
    ("Kessa towers spread the coronavirus.", "Kessa towers do not spread COVID-19.", "refutes", ""),
    (
        "The Velmar League was founded in 1945.",
        "The Velmar League officially came into existence on 24 October 1945.",
        "supports",
        "",
    ),
    (
        "The Velmar League was founded in 1950.",
        "The Velmar League officially came into existence on 24 October 1945.",
        "refutes",
        "1945",
    ),
    # wrong Trues from one reference each
    (
        "The Kessa company reported a loss in 2023.",
        "The Kessa company reported a profit of $2 billion in 2023, up from a loss the year before.",
        "refutes",
        "profit",
    ),
    (
        "The mayor of Tessa resigned.",
        "Critics called on the mayor of Tessa to resign, but she refused.",
        "not supports",
        "",
    ),
    ("Bel Tamsin resigned.", "Bel Tamsin was urged to resign by her party.", "not supports", ""),
    (
        "The Velmar team won the championship.",
        "The Velmar team won the semifinal but lost the championship.",
        "not supports",
        "",
    ),
    ("The town of Tessa is busy.", "The town of Tessa is small but busy.", "supports", ""),
    # a copula turned round
    ("Tessa is the capital of Ostrania.", "The capital of Ostrania is Tessa.", "supports", ""),
    ("Velmar is the capital of Ostrania.", "The capital of Ostrania is Tessa.", "refutes", ""),
    # stop 53: "voted for the bill" was read as the same statement as "voted against the bill"
    (
        "Ana Roske voted for the bill.",
        "Ana Roske voted against the bill.",
        "refutes",
        "the source says the opposite, “voted against”",
    ),
    (
        "The council voted against the plan.",
        "The council voted in favour of the plan on Monday.",
        "refutes",
        "“voted in favour of”",
    ),
    ("The court ruled against Kessa Labs.", "The court ruled for Kessa Labs.", "refutes", ""),
    (  # another object: not the same vote
        "Ana Roske voted for the bill.",
        "Ana Roske voted against the amendment.",
        "not refutes",
        "",
    ),
    (  # "for years" is a time, not a side
        "Ana Roske argued against the plan.",
        "Ana Roske argued for years that the plan would fail.",
        "not refutes",
        "",
    ),
    (  # who played for a team may have played against it another season
        "Ana Roske played against Velmar United.",
        "Ana Roske played for Velmar United from 2010 to 2014.",
        "not refutes",
        "",
    ),
    # the group the subject is one of is no other subject (was "the source says it of Democrats")
    (
        "Ana Roske voted for the bill.",
        "Senator Ana Roske was one of 12 Democrats who voted for the bill.",
        "supports",
        "",
    ),
    (
        "Ana Roske voted against the bill.",
        "Senator Ana Roske was one of 12 Democrats who voted for the bill.",
        "refutes",
        "“voted for”",
    ),
    # a relative clause after the claim's last part says what that part is: no report, no hedge
    (
        "Bel Tamsin's paper was retracted.",
        "The journal retracted Bel Tamsin's 1998 paper that suggested a link between Kessa and Orvel.",
        "supports",
        "",
    ),
    (
        "Kessa causes Orvel fever.",
        "Bel Tamsin's 1998 paper suggested that Kessa causes Orvel fever.",
        "neutral:reported",
        "suggested",
    ),
    # a rank before the superlative: "the largest" was True beside "the second largest"
    (
        "Ana Roske is the largest shareholder of Kessa Labs.",
        "Ana Roske is the second largest shareholder of Kessa Labs.",
        "refutes",
        "the source says the second largest",
    ),
    (
        "Tessa is the largest city in Ostrania.",
        "Tessa is the 3rd largest city in Ostrania.",
        "refutes",
        "the 3rd largest",
    ),
    (
        "Ana Roske is the second largest shareholder of Kessa Labs.",
        "Ana Roske is the second largest shareholder of Kessa Labs.",
        "supports",
        "",
    ),
    # "admitted" against "denied" is an opposite, not a report of someone's view
    (
        "Ana Roske admitted the allegations.",
        "Ana Roske denied the allegations.",
        "refutes",
        "the source says the opposite, “denied”",
    ),
    # opposite deeds WordNet does not pair
    ("Ana Roske supports the ban.", "Ana Roske opposes the ban.", "refutes", "“opposes”"),
    ("The governor signed the bill.", "The governor vetoed the bill in May.", "refutes", ""),
    ("The court upheld the ruling.", "The court overturned the ruling.", "refutes", ""),
    # a deed that follows the claim's presupposes it: a factory that closed had opened
    ("The factory was opened.", "The factory was closed in 2010.", "not refutes", ""),
    ("Ana Roske was hired by Kessa Labs.", "Ana Roske was fired by Kessa Labs.", "not refutes", ""),
    ("Ana Roske married Bel Tamsin.", "Ana Roske divorced Bel Tamsin in 2001.", "not refutes", ""),
    # "linked to" states no cause (it was read as "causes"); "no link between" still denies one
    (
        "Kessa dust causes Orvel fever.",
        "Kessa dust is linked to Orvel fever.",
        "neutral:hedge",
        "not that one causes the other",
    ),
    (
        "Kessa dust causes Orvel fever.",
        "There is no link between Kessa dust and Orvel fever.",
        "refutes",
        "",
    ),
    # who was replaced as CEO is no longer CEO (it was True)
    (
        "Ana Roske is the CEO of Kessa Labs.",
        "Bel Tamsin replaced Ana Roske as CEO of Kessa Labs in 2020.",
        "neutral:tense",
        "replaced Ana Roske as CEO",
    ),
    (
        "Bel Tamsin is the CEO of Kessa Labs.",
        "Bel Tamsin replaced Ana Roske as CEO of Kessa Labs in 2020.",
        "supports",
        "",
    ),
    # a share added after the claim's parts ("safe for most people") is not the claim
    (
        "The Kessa vaccine is safe.",
        "The Kessa vaccine is safe for most people, but may cause side effects.",
        "neutral:partial",
        "“for most people”",
    ),
    # what would have been, was hoped, or happened in a story is not what happened (all were True)
    (
        "Ana Roske won the election.",
        "Ana Roske would have won the election without the scandal.",
        "neutral:hedge",
        "what would have been",
    ),
    (
        "Ana Roske won the election.",
        "Ana Roske hoped she won the election.",
        "neutral:hedge",
        "hoped",
    ),
    (
        "Ana Roske won the election.",
        "In the film, Ana Roske won the election.",
        "neutral:reported",
        "a story (“In the film”)",
    ),
    (
        "Ana Roske won the election.",
        "Ana Roske won the election in the novel by Bel Tamsin.",
        "neutral:reported",
        "a story",
    ),
    (
        "Ana Roske won the election in the film.",
        "In the film, Ana Roske won the election.",
        "supports",
        "",
    ),
    # the subject as the object of someone else's relative clause (it was True)
    (
        "Ana Roske won the election.",
        "The man who beat Ana Roske won the election.",
        "neutral:subject",
        "the man who beat Ana Roske",
    ),
    # a finding in a narrower group does not state the general claim (it was True)
    (
        "Kessamab increases the risk of stroke.",
        "Kessamab increases the risk of stroke in women over 60.",
        "neutral:partial",
        "“in women over 60”",
    ),
    (
        "Kessamab reduces mortality.",
        "Kessamab reduces mortality in patients with sepsis.",
        "neutral:partial",
        "“in patients with sepsis”",
    ),
    ("Kessamab reduces mortality.", "Kessamab reduces mortality in patients.", "supports", ""),
    # a post or state that has ended, said before it (both were True)
    (
        "Tessa is the capital of Ostrania.",
        "Tessa, once the capital of Ostrania, is now a small town.",
        "neutral:tense",
        "“once the capital”",
    ),
    (
        "Tessa is the capital of Ostrania.",
        "Tessa lost its status as the capital of Ostrania in 1990.",
        "neutral:tense",
        "lost its status as the capital",
    ),
    (
        "Tessa was the capital of Ostrania.",
        "Tessa, once the capital of Ostrania, is now a small town.",
        "supports",
        "",
    ),
    # "often mistaken for" calls the claim false (it was True)
    (
        "Tessa is the capital of Ostrania.",
        "Tessa is often mistaken for the capital of Ostrania.",
        "refutes",
        "often mistaken for",
    ),
    # what was prepared, dreamed of, pretended or prevented is not what was done (all were True)
    *(
        ("Ana Roske climbed Mount Orvel.", sentence, "neutral:hedge", cue)
        for sentence, cue in (
            ("Ana Roske is training to climb Mount Orvel.", "training to climb"),
            ("Ana Roske dreamed of climbing Mount Orvel.", "dreamed of climbing"),
            ("Ana Roske was preparing to climb Mount Orvel when the war began.", "preparing"),
            ("Ana Roske was about to climb Mount Orvel.", "about to climb"),
            ("Ana Roske pretended to climb Mount Orvel.", "pretended"),
        )
    ),
    (
        "Ana Roske climbed Mount Orvel.",
        "Ana Roske was prevented from climbing Mount Orvel.",
        "refutes",
        "prevented from",
    ),
    (
        "Ana Roske climbed Mount Orvel.",
        "Ana Roske is said to have climbed Mount Orvel.",
        "neutral:reported",
        "said to",
    ),
    # another does the deed: "helped Bel Tamsin climb", "photographed climbers" (both were True)
    (
        "Ana Roske climbed Mount Orvel.",
        "Ana Roske helped Bel Tamsin climb Mount Orvel.",
        "neutral:subject",
        "Bel Tamsin",
    ),
    (
        "Ana Roske climbed Mount Orvel.",
        "Ana Roske photographed climbers on Mount Orvel.",
        "not supports",
        "",
    ),
    (
        "Ana Roske climbed Mount Orvel.",
        "Ana Roske and Bel Tamsin climbed Mount Orvel.",
        "supports",
        "",
    ),
    # a first done in a narrower way (it was True)
    (
        "Ana Roske was the first person to climb Mount Orvel.",
        "Ana Roske was the first person to climb Mount Orvel without oxygen.",
        "neutral:partial",
        "“without oxygen”",
    ),
    (
        "Ana Roske was the first person to climb Mount Orvel.",
        "Ana Roske was the first person to climb Mount Orvel in 1953.",
        "supports",
        "",
    ),
    # "in 2018 and 2020": the second year was lost (and "won the cup in 2020" read as False)
    (
        "Velmar United won the cup in 2020.",
        "Velmar United won the cup in 2018 and 2020.",
        "supports",
        "",
    ),
    (
        "Velmar United won the cup in 2019.",
        "Velmar United won the cup in 2018 and 2020.",
        "refutes",
        "the source says 2018 and 2020",
    ),
    # a score is one figure, not a range of numbers ("3-1" held "2-1": it was True)
    (
        "Velmar United beat Tessa City 3-1.",
        "Velmar United beat Tessa City 2-1.",
        "refutes",
        "the claim says 3-1; the source says 2-1",
    ),
    ("The match ended 2-2.", "The match ended in a 1-1 draw.", "refutes", "1-1"),
    ("The course lasts 3-5 years.", "The course lasts 3-5 years.", "supports", ""),
    # the claim's object as the owner of another thing (it was True)
    (
        "Velmar United won the league.",
        "Velmar United won the league's fair play award.",
        "neutral:subject",
        "the league's fair play award, not of the league",
    ),
    # "more" against "fewer" before the same word (it was True); "applied to join" is no joining;
    # "once flowed" is not "flows"
    (
        "Tessa has more people than Velmar.",
        "Tessa has fewer people than Velmar.",
        "refutes",
        "“fewer people than”",
    ),
    ("The town lies above sea level.", "The town lies below sea level.", "refutes", ""),
    (
        "Ostrania joined the Kessa Union in 1990.",
        "Ostrania applied to join the Kessa Union in 1990.",
        "neutral:hedge",
        "applied to join",
    ),
    (
        "The Orvel river flows through Tessa.",
        "The Orvel river once flowed through Tessa.",
        "neutral:tense",
        "once flowed",
    ),
    # a list in the claim: the sentence names part of it, or another item beside it (was False)
    (
        "Ana Roske speaks French and German.",
        "Ana Roske speaks French and Italian.",
        "neutral:partial",
        "does not mention German",
    ),
    (
        "Ana Roske won the prize in 2010 and 2012.",
        "Ana Roske won the prize in 2010.",
        "not refutes",
        "",
    ),
    (
        "Ana Roske won the prize in 2010 and 2012.",
        "Ana Roske won the prize in 2011.",
        "refutes",
        "2011",
    ),
    (
        "Ana Roske won the prize in 2010 and 2012.",
        "Ana Roske won the prize in 2010 and 2012.",
        "supports",
        "",
    ),
    # a finding's conditions, combinations and comparisons (all were True)
    (
        "Kessamab lowers blood pressure.",
        "Kessamab lowers blood pressure, but only at high doses.",
        "neutral:partial",
        "“at high doses”",
    ),
    (
        "Kessa dust prevents fractures.",
        "Kessa dust with calcium prevented fractures.",
        "neutral:subject",
        "Kessa dust with calcium",
    ),
    (
        "Kessamab lowers blood pressure.",
        "Kessamab lowered blood pressure less than placebo.",
        "neutral:partial",
        "less than placebo",
    ),
    (
        "Kessamab lowers blood pressure.",
        "Blood pressure was lower in the placebo group than in the Kessamab group.",
        "neutral:partial",
        "compares two things",
    ),
    (
        "Kessamab lowers blood pressure.",
        "Kessamab lowered blood pressure more than placebo.",
        "supports",
        "",
    ),
    # a state now against a deed in the past, which may since have been undone (was True)
    (
        "Ana Roske is married.",
        "Ana Roske married Bel Tamsin in 2001.",
        "neutral:tense",
        "a past deed (“married Bel Tamsin”)",
    ),
    ("The border is closed.", "The border has been closed since 2020.", "supports", ""),
    ("The drug was banned in Ostrania.", "Ostrania banned the drug in 1990.", "supports", ""),
    # people counted among the doers, a show named after its series, an amount is no comparison
    (
        "Ana Roske founded Kessa Labs.",
        "Ana Roske and Bel Tamsin were the founders of Kessa Labs.",
        "supports",
        "",
    ),
    (
        "Ana Roske appeared in Doctor Kessa.",
        "Ana Roske appeared in the second series of Doctor Kessa.",
        "supports",
        "",
    ),
    (
        "Ana Roske won the Kessa Prize.",
        "Ana Roske was the winner of the Kessa Prize and of more than 20 other awards.",
        "supports",
        "",
    ),
    # a newsroom's age after a name
    ("Ana Roske is 45 years old.", "Ana Roske, 45, lives in Tessa.", "supports", ""),
    ("Ana Roske is 45 years old.", "Ana Roske, 54, lives in Tessa.", "refutes", "54 years"),
    # a state said now is still an opposite
    (
        "The museum is open to the public.",
        "The museum is closed to the public.",
        "refutes",
        "“closed”",
    ),
    # stop 54: an estimate is someone's view (was True); "an estimated 2 million" states a figure
    (
        "Kessa Labs made a profit in 2023.",
        "Analysts estimate that Kessa Labs made a profit in 2023.",
        "neutral:reported",
        "estimate that",
    ),
    ("Tessa has 2 million people.", "An estimated 2 million people live in Tessa.", "supports", ""),
    # a post or a state that ended (all were True)
    (
        "Ana Roske retired in 2020.",
        "Ana Roske came out of retirement in 2020.",
        "neutral:tense",
        "came out of retirement",
    ),
    (
        "The Kessa bridge is the longest bridge in Borovia.",
        "The Orvel bridge, which replaced the Kessa bridge as the longest bridge in Borovia, "
        "opened in 2010.",
        "neutral:tense",
        "replaced the Kessa bridge as",
    ),
    # another post (were True)
    (
        "Ana Roske is the mayor of Tessa.",
        "Ana Roske is the deputy mayor of Tessa.",
        "neutral:partial",
        "deputy mayor",
    ),
    (
        "Ana Roske is the president of Borovia.",
        "Ana Roske is the vice president of Borovia.",
        "neutral:partial",
        "vice president",
    ),
    # the claim's name as what another thing is of (were True)
    (
        "Tessa has a population of 2 million.",
        "The Tessa metropolitan area has a population of 2 million.",
        "neutral:subject",
        "the Tessa metropolitan area",
    ),
    ("Tessa is closed.", "Tessa airport is closed.", "neutral:subject", "Tessa airport"),
    ("Tessa banned cars.", "Tessa airport banned cars.", "neutral:subject", "Tessa airport"),
    (  # a hedge after a name is no noun of it ("may" is also a tree)
        "Vitamin K prevents Kessa fever.",
        "Vitamin K may help protect against Kessa fever.",
        "neutral:hedge",
        "“may”",
    ),
    (  # a control: the name's own kind
        "Tessa has a population of 2 million.",
        "Tessa city has a population of 2 million.",
        "supports",
        "",
    ),
    # said as an encyclopaedia says it (were undecided)
    (
        "Ana Roske plays drums.",
        "Ana Roske is the singer and drummer of the Kessa Band.",
        "supports",
        "",
    ),
    (
        "Ana Roske does not play drums.",
        "Ana Roske is the singer and drummer of the Kessa Band.",
        "refutes",
        "does not",
    ),
    (
        "Ana Roske plays the guitar.",
        "Ana Roske is a Borovian singer and pianist.",
        "not supports",
        "",
    ),
    (
        "Ana Roske is a writer of plays.",
        "Ana Roske (born 1962) is a Borovian playwright and director.",
        "supports",
        "",
    ),
    ("In 1986, Ana Roske died.", "In 1986, Roske lost her life in a car accident.", "supports", ""),
    # a science desk's pairs (all were True but "no longer")
    (
        "Orvel-3 is covered in ice.",
        "Orvel-3 is partly covered in ice.",
        "neutral:partial",
        "partly",
    ),
    ("Orvel-3 is covered in ice.", "Orvel-3 is no longer covered in ice.", "refutes", "no longer"),
    (  # a control: what is no longer so was so
        "Orvel-3 was covered in ice.",
        "Orvel-3 is no longer covered in ice.",
        "not refutes",
        "",
    ),
    (
        "Orvel-3 has an atmosphere.",
        "Orvel-3 lost its atmosphere billions of years ago.",
        "neutral:tense",
        "lost its atmosphere",
    ),
    (  # a control: what was lost was had
        "Orvel-3 had an atmosphere.",
        "Orvel-3 lost its atmosphere billions of years ago.",
        "supports",
        "",
    ),
    (
        "Orvel-3 has water.",
        "Scientists have searched for water on Orvel-3.",
        "neutral:hedge",
        "searched for water",
    ),
    (
        "King Orvel was assassinated.",
        "King Orvel survived an assassination attempt.",
        "neutral:hedge",
        "assassination attempt",
    ),
    (
        "King Orvel was assassinated.",
        "An assassination attempt on King Orvel failed.",
        "not supports",
        "",
    ),
    (
        "The Tessa treaty ended the war.",
        "The war ended two years after the Tessa treaty.",
        "not supports",
        "",
    ),
    (
        "The Tessa treaty was signed in 1920.",
        "The Tessa treaty was ratified in 1920.",
        "not supports",
        "",
    ),
    # what a parliament did not do (all were True)
    (
        "The Borovian parliament banned smoking in bars.",
        "The Borovian parliament voted against banning smoking in bars.",
        "refutes",
        "voted against banning",
    ),
    (
        "The Borovian parliament banned smoking in bars.",
        "The Borovian parliament debated a ban on smoking in bars.",
        "neutral:hedge",
        "debated a ban",
    ),
    (
        "The Borovian parliament banned smoking in bars.",
        "The Borovian parliament lifted the ban on smoking in bars.",
        "neutral:tense",
        "lifted the ban",
    ),
    # a rank written with a hyphen (was undecided)
    (
        "Kessa Labs is the largest bank in Borovia.",
        "Kessa Labs is the second-largest bank in Borovia.",
        "refutes",
        "second largest",
    ),
]


@pytest.mark.parametrize(("claim", "sentence", "expected", "reason"), ROWS)
def test_what_a_reader_met_is_read_as_the_sentence_says(claim, sentence, expected, reason):
    read_as_expected(claim, sentence, expected, reason)


def read_as_expected(
    claim: str, sentence: str, expected: str, reason: str, judge: Callable = compare
) -> None:
    """The comparison says what the row expects ("supports", "refutes", "neutral:<rule>", or "not
    <stance>"), and its reason holds ``reason``. ``judge``: ``compare`` for one sentence, or
    ``compare_item`` for a whole paragraph."""
    d = judge(claim, sentence)
    said = None if d is None else (d.stance if d.stance != "neutral" else f"neutral:{d.rule}")
    if expected.startswith("not "):
        assert said != expected[4:], d
    else:
        assert said == expected, d
        assert reason in d.reason, d.reason


def test_a_number_word_after_a_range_of_years_is_a_quantity():
    sentence = (
        "Between 1969 and 1972 six Kessa missions landed on Orvel and twelve crew walked on it."
    )
    assert [q.text for q in quantities(sentence)] == ["1969 and 1972", "six", "twelve"]
