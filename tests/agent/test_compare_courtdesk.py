"""Wrong answers and abstentions a courts, politics, culture, science, history, business, people,
diplomatic, health and tech desk met (stop 56, issue 36): a claim and one sentence as a trial
report, an election night, a review, a launch report, a history, a market report, a profile, a
state visit, a drug label or a product review says them, what the comparison must say ("supports",
"refutes", "neutral:<rule>", or "not <stance>") and a part of its reason. Invented people, firms,
places and works, so that no memorised fact helps. Each row failed on stop 55's tree (d0b9c32)
unless marked as a control."""

from __future__ import annotations

import pytest

from tests.agent.test_compare_readers import read_as_expected

ROWS = [
    # an accusation is not a finding (each was a wrong True)
    (
        "Ana Roske stole the Kessa painting.",
        "Ana Roske was accused of stealing the Kessa painting.",
        "neutral:reported",
        "accused of",
    ),
    (
        "Ana Roske organised the Kessa protest.",
        "Ana Roske was charged with organising the Kessa protest.",
        "neutral:reported",
        "charged with",
    ),
    (  # a control: the claim says the accusation too
        "Ana Roske was accused of stealing the Kessa painting.",
        "Ana Roske was accused of stealing the Kessa painting.",
        "supports",
        "",
    ),
    (  # a control: a conviction is a finding
        "Ana Roske stole the Kessa painting.",
        "Ana Roske was convicted of stealing the Kessa painting.",
        "supports",
        "",
    ),
    # the claim's object as what another noun is of, about or over (each was a wrong True)
    (
        "Ana Roske attended the Kessa protest.",
        "Ana Roske attended the trial over the Kessa protest.",
        "neutral:subject",
        "the trial over the Kessa protest",
    ),
    (
        "Ana Roske worked on the Kessa report.",
        "Ana Roske worked on the film about the Kessa report.",
        "neutral:subject",
        "the film about the Kessa report",
    ),
    (
        "Ana Roske wrote Kessa.",
        "Ana Roske wrote the foreword to Kessa.",
        "neutral:subject",
        "the foreword to Kessa",
    ),
    (  # a control: a part of the show is the show
        "Ana Roske appeared in Doctor Kessa.",
        "Ana Roske appeared in the second series of Doctor Kessa.",
        "supports",
        "",
    ),
    (  # a control: "due to" is not "the foreword to"
        "The Velmar museum opened in 1990.",
        "The Velmar museum was due to open in 1990 but opened in 1992.",
        "neutral:hedge",
        "due to open",
    ),
    # taking part said in other words (each was an abstention)
    (
        "Ana Roske participated in the Kessa protest.",
        "Ana Roske had no role in the Kessa protest.",
        "refutes",
        "had no role in",
    ),
    (
        "Ana Roske participated in the Kessa protest.",
        "Ana Roske took no part in the Kessa protest.",
        "refutes",
        "took no part in",
    ),
    (
        "Ana Roske participated in the Kessa protest.",
        "Ana Roske played a key role in the Kessa protest.",
        "supports",
        "",
    ),
    (
        "Ana Roske participated in the Kessa protest.",
        "Ana Roske was involved in the investigation of the Kessa protest.",
        "neutral:subject",
        "the investigation of the Kessa protest",
    ),
    # intended, not done (each was a wrong True)
    (
        "Ana Roske was arrested in Tessa.",
        "A warrant for the arrest of Ana Roske was issued in Tessa.",
        "neutral:hedge",
        "warrant for the arrest",
    ),
    (
        "Ana Roske directed Kessa.",
        "Ana Roske was originally set to direct Kessa.",
        "neutral:hedge",
        "set to direct",
    ),
    # an election lost (the first was a wrong True)
    (
        "Ana Roske was elected mayor of Tessa.",
        "Ana Roske lost the election for mayor of Tessa.",
        "refutes",
        "lost the election",
    ),
    (  # a control: a loss in an aside is another event (with "avoided" it was a wrong False)
        "Ana Roske was elected mayor of Tessa in 2019.",
        "Ana Roske, who lost the election in 2015, was elected mayor of Tessa in 2019.",
        "supports",
        "",
    ),
    (
        "Ana Roske was elected mayor of Tessa in 2019.",
        "Ana Roske, who avoided the election in 2015, was elected mayor of Tessa in 2019.",
        "supports",
        "",
    ),
    # "narrowly" is not a hedge where it did happen (was an abstention)
    (
        "The Borovian parliament passed the Kessa bill.",
        "The Borovian parliament narrowly passed the Kessa bill in 2019.",
        "supports",
        "",
    ),
    (  # a control: "narrowly missed" did not happen
        "Ana Roske won the Kessa Prize.",
        "Ana Roske narrowly missed out on the Kessa Prize.",
        "not supports",
        "",
    ),
    # founded with others is founded (each was an abstention)
    ("Ana Roske founded Kessa Corp.", "Ana Roske co-founded Kessa Corp.", "supports", ""),
    ("Ana Roske directed Kessa.", "Ana Roske co-directed Kessa.", "supports", ""),
    (  # a control: the claim says more than the sentence
        "Ana Roske co-founded Kessa Corp.",
        "Ana Roske founded Kessa Corp.",
        "not supports",
        "",
    ),
    (  # a control: a co-pilot is not the pilot
        "Ana Roske was the pilot of the Kessa flight.",
        "Ana Roske was the co-pilot of the Kessa flight.",
        "not supports",
        "",
    ),
    # what one has is not what one is (was a wrong False: "sibling" against "painter")
    (
        "Ana Roske has a sibling.",
        "Ana Roske's brother Bel Roske is a painter.",
        "not refutes",
        "",
    ),
    (  # a control: the same frame, another thing in it
        "Ana Roske is a vet.",
        "Ana Roske is a painter.",
        "refutes",
        "painter",
    ),
    # a comparison the other way round (each was an abstention)
    (
        "Tessa is larger than Velmar.",
        "Velmar is larger than Tessa.",
        "refutes",
        "the source says “Velmar is larger than Tessa”",
    ),
    (
        "The Orvel chip is faster than the Kessa chip.",
        "The Kessa chip is slightly faster than the Orvel chip.",
        "refutes",
        "slightly faster",
    ),
    (  # a control: said of less than the claim ("at chess")
        "Ana Roske is better than Bel Tamsin.",
        "Bel Tamsin is better than Ana Roske at chess.",
        "not refutes",
        "",
    ),
    (  # a control: denied, it is not said the other way round
        "Ana Roske is more famous than Bel Tamsin.",
        "Bel Tamsin is not more famous than Ana Roske.",
        "not refutes",
        "",
    ),
    # a firm's work done by its people (was a wrong False: "Bel Tamsin" for "Kessa Labs")
    (
        "Kessa Labs invented the Orvel battery.",
        "The Orvel battery was invented by Bel Tamsin at Kessa Labs.",
        "not refutes",
        "",
    ),
    (  # a control: another place's
        "Kessa Labs invented the Orvel battery.",
        "The Orvel battery was invented by Bel Tamsin at Velmar University.",
        "refutes",
        "Bel Tamsin",
    ),
    # a century is a span of years (each was an abstention)
    (
        "Kessa Castle was built in the 12th century.",
        "Kessa Castle was built in 1150.",
        "supports",
        "",
    ),
    (
        "Kessa Castle was built in the 12th century.",
        "Kessa Castle was built in 1350.",
        "refutes",
        "the claim says 12th century; the source says 1350",
    ),
    (
        "Kessa Castle was built in the early 12th century.",
        "Kessa Castle was built in 1190.",
        "refutes",
        "1190",
    ),
    (  # a control: two centuries apart, as before
        "Kessa Castle was built in the 5th century.",
        "Kessa Castle was built in the 6th century.",
        "refutes",
        "6th",
    ),
    (  # a control: the year the two conventions dispute decides nothing
        "Kessa Castle was built in the 12th century.",
        "Kessa Castle was built in 1200.",
        "not refutes",
        "",
    ),
    # an institution abolished (was a wrong True)
    (
        "Borovia is a monarchy.",
        "Borovia abolished its monarchy in 1946.",
        "neutral:tense",
        "abolished its monarchy",
    ),
    (  # was held as "a former one": the claim says the lifting too
        "Borovia lifted the ban on smoking.",
        "Borovia lifted the ban on smoking in 2010.",
        "supports",
        "",
    ),
    (  # a control: the claim says the abolition too
        "Borovia abolished the death penalty.",
        "Borovia abolished the death penalty in 1990.",
        "supports",
        "",
    ),
    # a business desk: a title taken, a month that is another clause's, a part of the whole
    (
        "Kessa Corp is the largest bank in Borovia.",
        "Orvel Bank overtook Kessa Corp as the largest bank in Borovia in 2019.",
        "neutral:tense",
        "overtook Kessa Corp as the largest",
    ),
    (  # a control: it was so before
        "Kessa Corp was the largest bank in Borovia.",
        "Orvel Bank overtook Kessa Corp as the largest bank in Borovia in 2019.",
        "not refutes",
        "",
    ),
    (
        "Unemployment in Borovia fell in March.",
        "Unemployment in Borovia fell in February but rose in March.",
        "not supports",
        "",
    ),
    (  # a control: the contrast comes after
        "Unemployment in Borovia fell in March.",
        "Unemployment in Borovia fell in March, but rose in April.",
        "supports",
        "",
    ),
    (
        "Kessa Corp employs 3,000 people.",
        "Kessa Corp employs 3,000 people in Borovia alone.",
        "neutral:partial",
        "",
    ),
    (  # a control: a year followed by "alone" is still the year
        "Kessa Corp sold 3,000 cars in 2019.",
        "In 2019 alone, Kessa Corp sold 3,000 cars.",
        "supports",
        "",
    ),
    # a family: a part of the children (was a wrong True), a habit ended (was a wrong True)
    (
        "Ana Roske has two children.",
        "Ana Roske has two children from her first marriage and one from her second.",
        "neutral:partial",
        "",
    ),
    (  # a control
        "Ana Roske has two children.",
        "Ana Roske has two children with Bel Tamsin.",
        "supports",
        "",
    ),
    (
        "Ana Roske is a vegetarian.",
        "Ana Roske stopped being a vegetarian in 2010.",
        "neutral:tense",
        "stopped being a vegetarian",
    ),
    (  # a control: "no longer" denies it
        "Ana Roske is a vegetarian.",
        "Ana Roske is no longer a vegetarian.",
        "refutes",
        "no longer a vegetarian",
    ),
    # a diplomatic desk: a visit called off, a criticism received, a confirmation
    (
        "The Borovian president visited Ostrania.",
        "The Borovian president cancelled his visit to Ostrania.",
        "refutes",
        "cancelled his visit",
    ),
    (
        "The Borovian president visited Ostrania.",
        "The Borovian president postponed his visit to Ostrania.",
        "neutral:hedge",
        "postponed his visit",
    ),
    (  # a control: the claim says the cancellation too
        "The Borovian president cancelled his visit to Ostrania.",
        "The Borovian president cancelled his visit to Ostrania.",
        "supports",
        "",
    ),
    (
        "Ana Roske criticised the Kessa plan.",
        "Ana Roske was criticised for the Kessa plan.",
        "neutral:subject",
        "turns the voice",
    ),
    (  # a control: "was married to" is no passive of another deed
        "Ana Roske married Bel Tamsin.",
        "Ana Roske was married to Bel Tamsin.",
        "supports",
        "",
    ),
    (  # was an abstention with a garbled reason ("the mayor confirmed that the Kessa")
        "The Kessa bridge will close in May.",
        "The mayor confirmed that the Kessa bridge will close in May.",
        "supports",
        "",
    ),
    (  # a control: the claim's subject the object in another's relative clause
        "Ana Roske won the election.",
        "The man who beat Ana Roske won the election.",
        "neutral:subject",
        "the man who beat Ana Roske",
    ),
    # a health desk: a denial narrowed by an age (was a wrong False), a comparison turned
    (  # a control
        "Kessamab is approved for children.",
        "Kessamab is not approved for children.",
        "refutes",
        "not approved for children",
    ),
    (
        "Kessamab works faster than Orvelin.",
        "Orvelin works faster than Kessamab.",
        "refutes",
        "the source says “Orvelin works faster than Kessamab”",
    ),
    # a tech desk: a size with its unit after a hyphen (was a wrong False: 6 against 15), a maker
    (
        "The Orvel phone has a 6-inch screen.",
        "The Orvel phone has a 15-centimetre screen.",
        "supports",
        "",
    ),
    (
        "The Orvel phone has a 6-inch screen.",
        "The Orvel phone has a 25-centimetre screen.",
        "refutes",
        "25-centimetre",
    ),
    (  # was a wrong True: made for Kessa Corp, by another
        "The Orvel phone was made by Kessa Corp.",
        "The Orvel phone was made for Kessa Corp by Velo Ltd.",
        "neutral:subject",
        "for Kessa Corp",
    ),
    # a change said as a multiple (each was an abstention)
    (
        "Kessamab halves the risk of stroke.",
        "Kessamab reduced the risk of stroke by 50%.",
        "supports",
        "",
    ),
    (
        "Kessamab halves the risk of stroke.",
        "Kessamab reduced the risk of stroke by 20%.",
        "refutes",
        "the claim says halves (× 0.5); the source says “reduced the risk of stroke by 20%” (× 0.8)",
    ),
    (
        "Kessa Corp's profit doubled in 2019.",
        "Kessa Corp's profit rose 50% in 2019.",
        "refutes",
        "(× 1.5)",
    ),
    ("Kessa Corp's profit doubled in 2019.", "Kessa Corp's profit halved in 2019.", "refutes", ""),
    ("The population of Tessa tripled.", "The population of Tessa rose by 200%.", "supports", ""),
    (  # a control: a factor said loosely decides nothing
        "Kessa Corp's profit doubled in 2019.",
        "Kessa Corp's profit more than doubled in 2019.",
        "not refutes",
        "",
    ),
    (  # a control: another year
        "Kessa Corp's profit doubled in 2019.",
        "Kessa Corp's profit doubled in 2018.",
        "refutes",
        "2018",
    ),
    # the rules held nothing and the learned judge answered True through the API (each)
    (
        "Ana Roske is the captain of Velmar United.",
        "Ana Roske is the vice-captain of Velmar United.",
        "neutral:partial",
        "vice-captain",
    ),
    (
        "Ana Roske scored in the final.",
        "Ana Roske scored in the semi-final.",
        "neutral:partial",
        "semi-final",
    ),
    (  # a control: a co-founder is one of the founders, found and not held
        "Ana Roske is a founder of Kessa Corp.",
        "Ana Roske is a co-founder of Kessa Corp.",
        "not neutral",
        "",
    ),
    (
        "Ana Roske is Bel Tamsin's mother.",
        "Bel Tamsin is Ana Roske's mother.",
        "neutral:subject",
        "the other way round",
    ),
    (  # a control: a relation that goes both ways
        "Ana Roske is married to Bel Tamsin.",
        "Bel Tamsin is married to Ana Roske.",
        "not neutral",
        "",
    ),
    (
        "Ana Roske was arrested in Tessa.",
        "Police in Tessa are seeking to arrest Ana Roske.",
        "neutral:hedge",
        "seeking to arrest",
    ),
    (  # was a wrong False through the API (the learned judge read the "not")
        "Kessamab is approved for children.",
        "Kessamab is not approved for children under 12.",
        "neutral:partial",
        "narrower statement",
    ),
    # a life span read whole (was a wrong False: "died" against the birth's "born")
    (
        "Ana Roske died.",
        "Ana Roske (12 March 1925 – 4 May 2008) was a Borovian actress.",
        "supports",
        "",
    ),
    (  # was False 0.5 through the API: the learned judge's reading, no rule fired
        "Ana Roske is dead.",
        "Ana Roske (12 March 1925 – 4 May 2008) was a Borovian actress.",
        "supports",
        "",
    ),
    (  # a control: the death's date, as before
        "Ana Roske died in 1990.",
        "Ana Roske (12 March 1925 – 4 May 2008) was a Borovian actress.",
        "refutes",
        "4 May 2008",
    ),
    # the roles turned in a lawsuit are not a substitution (was a wrong False: both may sue)
    (
        "Ana Roske sued Kessa Corp.",
        "Ana Roske was sued by Kessa Corp.",
        "not refutes",
        "",
    ),
    (  # a control: another doer is
        "Ana Roske founded Kessa Corp.",
        "Kessa Corp was founded by Bel Tamsin.",
        "refutes",
        "Bel Tamsin",
    ),
]


@pytest.mark.parametrize(("claim", "sentence", "expected", "reason"), ROWS)
def test_what_a_court_and_politics_desk_met_is_read_as_the_sentence_says(
    claim, sentence, expected, reason
):
    read_as_expected(claim, sentence, expected, reason)
