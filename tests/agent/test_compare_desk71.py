"""Claims probed at stop 71 (issue 36). Two desks written blind to find wrong answers (business,
courts and local politics news; health and science news: sentences that share the claim's words
but do not say it), two of FEVER-Symmetric's shape (television; music) and the three wrong supports
stop 70 left standing. Every wrong True/False they showed in stop 70's tree is a row: the claim's
words said of another head ("Jonas Perell's business partner … was convicted", "Bel Tamsin, born in
1950", "who won the Horne Prize", "serving under chief executive Bram Holt", "afraid of dogs", "a
film starring Ana Roske, shot in Paris", "Sisters of the Volga"), said only as a report, a demand
or an assumption ("alleging that", "demanded that", "many assume", "ruled out arson"), dated
apart ("three years later"), a rank written with a hyphen ("the second most-watched drama"),
"at least a hundred", "a native of California", "BAFTA TV" for "BAFTA Television", and an
"English-language album" read as made by someone. A claim and one sentence, what the comparison
must say ("supports", "refutes", "neutral:<rule>", or "not <stance>") and a part of its reason.
Each row failed on stop 70's tree (0169333) unless marked as a control."""

from __future__ import annotations

import pytest

from agent.judge.compare import compare_item
from tests.agent.test_compare_readers import read_as_expected

CRANSTON = (
    "Bryan Lee Cranston (born March 7, 1956, in Hollywood, California) is an American actor best "
    "known for his television roles as Hal in Malcolm in the Middle and Walter White in Breaking Bad."
)
OKONKWO = (
    "Chidi Okonkwo (born 9 November 1979) is a British-Nigerian actor who has received six BAFTA "
    "Television Award nominations but has never won."
)
PRECINCT = (
    "With an average of 2.4 million viewers per episode, Lakeside Precinct was the second "
    "most-watched drama on Canadian television during the 2011-12 season."
)

ROWS = [
    # the claim's words, said of another head
    (
        "Ana Roske was born in 1950.",
        "Ana Roske married Bel Tamsin, born in 1950.",
        "neutral:subject",
        "Bel Tamsin",
    ),
    ("Ana Roske has a dog.", "Ana Roske is afraid of dogs.", "neutral:partial", "afraid of dogs"),
    (
        "Ana Roske was in Paris.",
        "Vela is a film starring Ana Roske, shot in Paris.",
        "neutral:subject",
        "shot in Paris",
    ),
    (
        "Ana Roske acted in Paris.",
        "Vela is a film starring Ana Roske, shot in Paris.",
        "not supports",
        "",
    ),
    (
        "Jonas Perell was convicted of fraud.",
        "Jonas Perell's business partner, Lena Ross, was convicted of fraud, while Perell himself "
        "is due to stand trial in the spring.",
        "neutral:subject",
        "Jonas Perell's business partner",
    ),
    (
        "Shares in Pell & Hardy rose on Thursday.",
        "Shares in Pell & Hardy's main supplier, Corrin plc, rose 8 percent on Thursday.",
        "neutral:subject",
        "main supplier",
    ),
    (
        "Kestrel Labs' heart drug was approved.",
        "Kestrel Labs' kidney drug was approved by regulators on Monday, and analysts quickly "
        "turned their attention to the company's heart drug.",
        "neutral:subject",
        "kidney drug",
    ),
    (
        "The Halbrook council approved the budget.",
        "The Halbrook council's finance committee approved the draft budget, which goes before the "
        "full council next week.",
        "neutral:subject",
        "finance committee",
    ),
    (
        "Dr. Amir Castell won the Horne Prize for medicine.",
        "Dr. Amir Castell congratulated his former student, Priya Danvers, who won the Horne Prize "
        "for medicine on Tuesday.",
        "neutral:subject",
        "Priya Danvers",
    ),
    (
        "Tessa Moran is the chief executive of Lumen Retail.",
        "Tessa Moran is the chief financial officer of Lumen Retail, serving under chief executive "
        "Bram Holt.",
        "neutral:subject",
        "chief executive Bram Holt",
    ),
    (
        "Irina Petrova and Nadia Petrova are sisters.",
        "Irina Petrova (born 1984) is a Russian actress and the mother of actress Nadia Petrova, "
        "with whom she co-starred in the Channel One drama series Sisters of the Volga (2014-2017).",
        "neutral:partial",
        "only in a name",
    ),
    # controls: the claim's own head (each passed on stop 70's tree too)
    (
        "Irina Petrova and Nadia Petrova are sisters.",
        "Irina Petrova (born 1984) is a Russian actress and the older sister of actress Nadia "
        "Petrova, with whom she co-starred in the Channel One drama series Sisters of the Volga.",
        "supports",
        "",
    ),
    ("Ana Roske was born in 1950.", "Ana Roske, born in 1950, married Bel Tamsin.", "supports", ""),
    (
        "Ana Roske married Bel Tamsin.",
        "Ana Roske married Bel Tamsin, born in 1950.",
        "supports",
        "",
    ),
    (
        "Ana Roske starred in Vela.",
        "Vela is a film starring Ana Roske, shot in Paris.",
        "supports",
        "",
    ),
    (
        "Kestrel Labs' heart drug was approved.",
        "Kestrel Labs' heart drug was approved by regulators on Monday.",
        "supports",
        "",
    ),
    ("Ana Roske's novel won the prize.", "Ana Roske's novel won the prize.", "supports", ""),
    (
        "Kessa has a population of 3.4 million.",
        "Kessa's population is 3.4 million.",
        "supports",
        "",
    ),
    (
        "Mia Lott left The Orsen Four in 2012.",
        "Mia Lott left The Orsen Four in 2012 to pursue a solo career.",
        "supports",
        "",
    ),
    (
        "Liverpool is a tourist destination because of The Beatles.",
        "The popularity of The Beatles and other groups from the Merseybeat era contributes to "
        "Liverpool's status as a tourist destination.",
        "supports",
        "",
    ),
    # a report, a demand, an assumption, a finding ruled out
    (
        "Councillor Mira Oduya resigned.",
        "Councillor Mira Oduya dismissed reports of her resignation as false and said she would "
        "serve out her full term.",
        "neutral:reported",
        "dismissed reports of",
    ),
    (
        "The Linford plant closed in 2019.",
        "The Linford plant, which many assume shut down in 2019, actually remained in operation "
        "until 2023.",
        "not supports",
        "",
    ),
    (
        "The Redhill warehouse fire was arson.",
        "Investigators ruled out arson, concluding that the Redhill warehouse fire was caused by "
        "faulty wiring.",
        "not supports",
        "",
    ),
    (
        "Senator Pike took bribes.",
        "The Daily Courier retracted its story alleging that Senator Pike took bribes, and an "
        "inquiry later cleared him of any wrongdoing.",
        "not supports",
        "",
    ),
    (
        "Professor Yusuf Adebayo-Klein resigned.",
        "Students demanded that Professor Yusuf Adebayo-Klein resign over the grant scandal.",
        "neutral:reported",
        "demanded that",
    ),
    (
        "Dr. Rafe Lindqvist falsified data.",
        "Dr. Rafe Lindqvist has been accused by a former colleague of falsifying data; an inquiry "
        "is ongoing.",
        "not supports",
        "",
    ),
    (
        "Coffee raises the risk of heart disease.",
        '"Coffee raises the risk of heart disease," one commenter wrote on the forum, though the '
        "study itself did not examine cardiac outcomes.",
        "not supports",
        "",
    ),
    # dated apart
    (
        "Pellham hospital opened its cancer wing in 2021.",
        "The Pellham hospital opened a new maternity wing in 2021 and its cancer wing three years "
        "later.",
        "neutral:tense",
        "three years later",
    ),
    (  # control: passed on stop 70 too
        "Pellham hospital opened its cancer wing in 2021.",
        "The Pellham hospital opened its cancer wing in 2021.",
        "supports",
        "",
    ),
    # a rank written with a hyphen
    (
        "Lakeside Precinct was not the most-watched Canadian drama of the 2011-12 season.",
        PRECINCT,
        "supports",
        "second most",
    ),
    (
        "Lakeside Precinct was the most-watched Canadian drama of the 2011-12 season.",
        PRECINCT,
        "refutes",
        "second most",
    ),
    # numbers and names written another way
    (
        "Kenji Hoshino has voiced at least a hundred anime characters.",
        "Kenji Hoshino (born 2 February 1968) is a Japanese voice actor who has voiced more than "
        "300 anime characters since his debut in 1989.",
        "supports",
        "",
    ),
    ("Bryan Cranston is a native of California.", CRANSTON, "supports", ""),
    ("Bryan Cranston is a California native.", CRANSTON, "supports", ""),
    ("Bryan Cranston is a native of Texas.", CRANSTON, "refutes", "Texas"),
    ("Chidi Okonkwo has yet to win a BAFTA TV award.", OKONKWO, "not refutes", ""),
    ("Chidi Okonkwo has won a BAFTA TV award.", OKONKWO, "refutes", "never won"),
    ("Chidi Okonkwo is a TV actor.", "Chidi Okonkwo is a television actor.", "supports", ""),
    (
        "Wynford's population is about 80,000.",
        "Wynford, a market town of some 80,000 inhabitants, lies on the river Esk.",
        "supports",
        "",
    ),
    (
        "Canciones del Alba is an English-language album.",
        "Canciones del Alba is the third studio album by Mexican singer Lucía Ferrer, and her first "
        "to be recorded entirely in English.",
        "not refutes",
        "",
    ),
    # found by three more desks aimed at wrong answers (sport and entertainment; politics; technology)
    (
        "Sara Minto was on trial.",
        "Witnesses at the trial of Paul Grech included his accountant, Sara Minto, and his former partner, Leo Baird.",
        "neutral:subject",
        "the trial of Paul Grech",
    ),
    (
        "Ranfield Hospital's budget is $40 million.",
        "Ranfield Hospital received a $40 million donation for a new research building, separate from its annual budget.",
        "neutral:partial",
        "donation",
    ),
    (
        "Nessa Orlov was elected governor.",
        "Nessa Orlov's brother, Piet Orlov, was elected governor of the Eastern Province in 2021.",
        "neutral:subject",
        "brother",
    ),
    (
        "Ravi Anand was honoured at the Meridian Film Gala.",
        "Ravi Anand's brother, cinematographer Dev Anand, was honoured at the Meridian Film Gala for his work on Salt Road.",
        "neutral:subject",
        "brother",
    ),
    (
        "Tarnby has the cleanest air in the country.",
        "\"Tarnby's air is the cleanest in the country,\" the town's mayor told supporters at a campaign rally.",
        "neutral:reported",
        "told",
    ),
    (
        "The Vantor Prize jury was biased.",
        "'The jury was biased from the start,' complained runner-up director Selma Okafor after the Vantor Prize ceremony.",
        "neutral:reported",
        "complained",
    ),
    (
        "This year's Dunmore Derby was played in front of a sellout crowd.",
        "Last year's Dunmore Derby was played in front of a sellout crowd of 52,000 at Harrow Lane.",
        "neutral:tense",
        "Last year",
    ),
    (
        "Foreign Minister Rusa Pell called the sanctions illegal.",
        "Foreign Minister Rusa Pell said several of her counterparts in the region had called the sanctions illegal.",
        "neutral:reported",
        "said",
    ),
    (
        "Gerda Hollis is the new foreign minister.",
        "Gerda Hollis said the new foreign minister should be someone with long diplomatic experience.",
        "neutral:reported",
        "said",
    ),
    (
        "The album Paper Lanterns went platinum.",
        "The lead single from the album Paper Lanterns went platinum within six weeks of its release.",
        "neutral:subject",
        "lead single",
    ),
    (
        "The novel Winter Orchard won the Harlan Prize.",
        "The film adaptation of the novel Winter Orchard won the Harlan Prize for best screenplay.",
        "neutral:subject",
        "film adaptation",
    ),
    (
        "General Vosk resigned.",
        "Rumours that General Ilo Vosk had resigned circulated widely on social media on Friday evening.",
        "neutral:reported",
        "Rumours that",
    ),
    (
        "Obrelia expelled Karsenian diplomats.",
        "The report that Obrelia had expelled Karsenian diplomats was retracted by the newspaper, which said no expulsions took place.",
        "not supports",
        "",
    ),
    (
        "The tax bill was unpopular.",
        "The tax bill was far from popular, with polls showing two thirds of voters opposed.",
        "not refutes",
        "",
    ),
    (
        "Tickets for the Orla Grey tour were expensive.",
        "Tickets for the Orla Grey tour were hardly cheap, with standard seats starting at 180 dollars.",
        "not refutes",
        "",
    ),
    (
        "Marco Velland was born in Dresnor.",
        "Marco Velland, born in the coastal town of Elbury, moved to Dresnor with his family at age ten.",
        "refutes",
        "Elbury",
    ),
    (
        "Karsenia invaded Obrelia in 2015.",
        "Obrelia was invaded by Karsenian forces in the spring of 2015.",
        "not refutes",
        "",
    ),
    (
        "Joaquin Lerma is leaving the band.",
        "Joaquin Lerma has reversed his decision to leave the band and will stay on for the world tour.",
        "not supports",
        "",
    ),
    (
        "Joaquin Lerma proposed on stage.",
        "Joaquin Lerma watched from the wings as his drummer, Kit Barlow, proposed to Barlow's girlfriend on stage during the encore.",
        "neutral:subject",
        "Kit Barlow",
    ),
    (
        "The Harlow Film Festival will move online.",
        "The Harlow Film Festival would move online should travel restrictions be reintroduced, organisers said.",
        "neutral:hedge",
        "would",
    ),
    # controls (each passed on stop 70's tree too)
    (
        "Nearly half of adults in Dalby are overweight.",
        "Forty-eight percent of Dalby's adults are overweight, the survey found.",
        "supports",
        "",
    ),
    (
        "Paris is the capital of France.",
        "The city of Paris is the capital of France.",
        "supports",
        "",
    ),
    (
        "In 2004 Paramore formed.",
        "Paramore is an American rock band from Franklin, Tennessee, formed in 2004.",
        "supports",
        "",
    ),
    ("Ana Roske resigned.", "The mayor, Ana Roske, resigned on Monday.", "supports", ""),
    (
        "The Harlow Film Festival will move online.",
        "The Harlow Film Festival will move online next year.",
        "supports",
        "",
    ),
    (
        "The village lies far from the coast.",
        "The village lies far from the coast.",
        "supports",
        "",
    ),
    (
        "Karsenia invaded Obrelia in 2015.",
        "Obrelia was invaded by Velmar in the spring of 2015.",
        "refutes",
        "Velmar",
    ),
    (
        "Thriller is not the best-selling album ever.",
        "Thriller, Michael Jackson's sixth studio album, released in 1982, is the second best-selling album of all time.",
        "supports",
        "second best",
    ),
    (
        "Thriller is the best-selling album of all time.",
        "Thriller is the second best-selling album of all time.",
        "refutes",
        "second best",
    ),
    (
        "Vessa Bank still finances coal mines.",
        "Vessa Bank ended all financing for coal mines in 2022, its annual report states.",
        "neutral:tense",
        "ended all financing",
    ),
    (
        "The Radical Party supports the pension reform.",
        "The Radical Party supports holding a referendum on the pension reform, its leader said on Sunday.",
        "neutral:partial",
        "holding a referendum",
    ),
    # controls (each passed on stop 70's tree too)
    (
        "Velmar Nights was one of the worst-selling albums of 1990.",
        "Velmar Nights was one of the best-selling albums of 1990.",
        "refutes",
        "best-selling",
    ),
    (
        "The Radical Party supports the pension reform.",
        "The Radical Party strongly supports the pension reform.",
        "supports",
        "",
    ),
    # a fourth round, from two more desks aimed at wrong answers (business; culture)
    (
        "Ostley Motors is headquartered in Barrowby.",
        "Ostley Motors moved its headquarters out of Barrowby in 2015 and is now based in Kelso Point.",
        "neutral:partial",
        "out of Barrowby",
    ),
    (
        "Vantor Chemicals' plant is in Elsby.",
        "Vantor Chemicals' only plant is located in Grimsdale, 200 km from Elsby.",
        "neutral:partial",
        "200 km from Elsby",
    ),
    (
        "Wickham Oil's chief executive is Paul Ferrand.",
        "Wickham Oil's chief executive, Sara Holm, fired finance director Paul Ferrand in April.",
        "neutral:subject",
        "Sara Holm",
    ),
    (
        "The Tarrow Quartet played a concert in Brellin.",
        "A tribute band named after the Tarrow Quartet played a sold-out concert in Brellin on Saturday.",
        "neutral:subject",
        "tribute band",
    ),
    (
        "Grayling Pharma cut 500 jobs.",
        "A local newspaper reported that Grayling Pharma had cut 500 jobs, but a company spokesperson denied the report.",
        "neutral:reported",
        "reported that",
    ),
    (
        "Bertil Amsk plagiarised his debut novel.",
        "Critic Lorna Fesk accused Bertil Amsk of plagiarising his debut novel, a charge the author's publisher called baseless.",
        "neutral:reported",
        "accused",
    ),
    (
        "Aino Pask performed at the Tessaly Jazz Festival.",
        "Aino Pask was invited to perform at the Tessaly Jazz Festival, organisers confirmed on Monday.",
        "not supports",
        "",
    ),
    (
        "The mural on Tanner Street is by Juno Vaile.",
        "Although the mural on Tanner Street is often credited to Juno Vaile, it was in fact painted by her assistant, Rook Amari.",
        "not supports",
        "",
    ),
    # controls (each passed on stop 70's tree too)
    (
        "Wickham Oil's chief executive is Sara Holm.",
        "Wickham Oil's chief executive, Sara Holm, fired finance director Paul Ferrand in April.",
        "supports",
        "",
    ),
    (
        "Vantor Chemicals' plant is in Grimsdale.",
        "Vantor Chemicals' only plant is located in Grimsdale, 200 km from Elsby.",
        "supports",
        "",
    ),
]


@pytest.mark.parametrize(("claim", "sentence", "expected", "reason"), ROWS)
def test_claims_probed_at_stop_71(claim, sentence, expected, reason):
    read_as_expected(claim, sentence, expected, reason, judge=compare_item)
