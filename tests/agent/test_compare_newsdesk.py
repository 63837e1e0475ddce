"""Wrong answers and abstentions a sports, business, statistics and health desk met (stop 55, issue
36): a claim and one sentence as a match report, a market report, a statistics office or a trial
report says them, what
the comparison must say ("supports", "refutes", "neutral:<rule>", or "not <stance>") and a part of
its reason. Invented teams, firms, people and places, so that no memorised fact helps. Each row
failed on stop 54's tree (d4499b3) unless marked as a control."""

from __future__ import annotations

import pytest

from agent.judge._quantities import quantities
from tests.agent.test_compare_readers import read_as_expected

ROWS = [
    # who won against whom, in one named contest (the first was held "said of another")
    (
        "Velmar United beat Tessa City in the final.",
        "Tessa City beat Velmar United in the final.",
        "refutes",
        "the source says “Tessa City beat Velmar United”",
    ),
    (
        "Velmar United beat Tessa City in the final.",
        "In the final, Tessa City defeated Velmar United 3-0.",
        "refutes",
        "Tessa City defeated Velmar United",
    ),
    (
        "Velmar United beat Tessa City in the final.",
        "Velmar United lost to Tessa City in the final.",
        "refutes",
        "Velmar United lost to Tessa City",
    ),
    (
        "Ana Roske finished ahead of Bel Tamsin in the Kessa marathon.",
        "Ana Roske finished behind Bel Tamsin in the Kessa marathon.",
        "refutes",
        "finished behind",
    ),
    (
        "Kessa Labs acquired Orvel Corp in 2019.",
        "Orvel Corp acquired Kessa Labs in 2019.",
        "refutes",
        "Orvel Corp acquired Kessa Labs",
    ),
    (
        "Kessa Labs was sold to Orvel Corp in 2019.",
        "Kessa Labs bought Orvel Corp in 2019.",
        "refutes",
        "Kessa Labs bought Orvel Corp",
    ),
    (  # a control: the passive says the claim the other way round
        "Velmar United beat Tessa City in the final.",
        "Tessa City was beaten by Velmar United in the final.",
        "supports",
        "",
    ),
    (  # a control: no contest named, and these two may have met more than once
        "Velmar United beat Tessa City.",
        "Tessa City beat Velmar United in the 2010 final.",
        "not refutes",
        "",
    ),
    (  # a control: another year is another contest
        "Velmar United beat Tessa City in the 2010 final.",
        "Tessa City beat Velmar United in the 2014 final.",
        "not refutes",
        "",
    ),
    (  # a control: marrying goes both ways
        "Ana Roske married Bel Tamsin in 2010.",
        "Bel Tamsin married Ana Roske in 2010.",
        "not refutes",
        "",
    ),
    # two names joined by "and" are two doers, not the doer and the done-to (was True)
    (
        "Ana Roske beat Bel Tamsin in the final.",
        "Ana Roske and Bel Tamsin beat Cara Voss in the final.",
        "not supports",
        "",
    ),
    # another event of the claim's distance (was True)
    (
        "Mira Tessen won gold in the 100 metres.",
        "Mira Tessen won gold in the 100 metres hurdles at the 2012 games.",
        "neutral:partial",
        "100 metres hurdles",
    ),
    (
        "Ana Roske swam 200 metres.",
        "Ana Roske swam 200 metres freestyle.",
        "neutral:partial",
        "200 metres freestyle",
    ),
    (  # a control: the distance's own measure word
        "The Kessa bridge is 400 metres.",
        "The Kessa bridge is 400 metres long.",
        "supports",
        "",
    ),
    # a record over a span of years is a record, not a height (was undecided)
    (
        "Inflation in Borovia hit a 40-year high.",
        "Inflation in Borovia hit a 40-year low in 2022.",
        "refutes",
        "“low”",
    ),
    (  # a control: a height is still a height
        "The Kessa tower is 40 m high.",
        "The Kessa tower is 50 metres tall.",
        "refutes",
        "50 metres",
    ),
    # a share in words: "most", "the majority of", "a minority of", "all" (were undecided)
    (
        "Most patients recover from Tessa fever.",
        "Over 80% of patients recover from Tessa fever.",
        "supports",
        "",
    ),
    (
        "Most patients recover from Tessa fever.",
        "Only 20% of patients recover from Tessa fever.",
        "refutes",
        "the claim says Most; the source says 20%",
    ),
    (
        "Most Borovians speak Tessan.",
        "A minority of Borovians speak Tessan.",
        "refutes",
        "the source says A minority",
    ),
    (
        "All patients recovered.",
        "Only 20% of patients recovered after the treatment.",
        "refutes",
        "the claim says All",
    ),
    (  # "most" is not "all" (the reason was "not of All")
        "All patients recovered.",
        "Most patients recovered after the treatment.",
        "neutral:partial",
        "loosely",
    ),
    (  # a control: a share of a group the claim speaks of whole
        "Patients recover from Tessa fever.",
        "Most patients recover from Tessa fever.",
        "not supports",
        "",
    ),
    # a thing avoided did not happen (was True)
    (
        "Velmar United were relegated in 2019.",
        "Velmar United avoided relegation in 2019.",
        "refutes",
        "avoided relegation",
    ),
    (
        "Ana Roske was injured in the crash.",
        "Ana Roske escaped injury in the crash.",
        "refutes",
        "escaped injury",
    ),
    (  # a control: escaping from a place is a deed
        "Ana Roske escaped from prison in 2019.",
        "Ana Roske escaped from prison in 2019.",
        "supports",
        "",
    ),
    # a change against no change, and opposite deeds a desk reports (were undecided)
    (
        "Unemployment in Borovia fell in 2020.",
        "Unemployment in Borovia remained unchanged in 2020.",
        "refutes",
        "“unchanged”",
    ),
    (
        "Unemployment in Borovia fell in 2020.",
        "Unemployment in Borovia was stable in 2020.",
        "refutes",
        "“stable”",
    ),
    (
        "The Kessa central bank raised interest rates in 2022.",
        "The Kessa central bank held interest rates steady in 2022.",
        "refutes",
        "“steady”",
    ),
    (
        "Borovia's economy grew by 3% in 2020.",
        "Borovia's economy contracted by 3% in 2020.",
        "refutes",
        "“contracted”",
    ),
    (
        "Velmar United were relegated in 2019.",
        "Velmar United were promoted in 2019.",
        "refutes",
        "“promoted”",
    ),
    (  # a control: a charge is not a conviction, either way
        "Ana Roske was convicted of fraud in 2020.",
        "Ana Roske was charged with fraud in 2020.",
        "not refutes",
        "",
    ),
    # a post that is not yet, not really or no longer the claim's (were True)
    (
        "Ana Roske is a professor at Tessa University.",
        "Ana Roske is a former professor at Tessa University.",
        "neutral:tense",
        "“former professor”",
    ),
    (
        "Ana Roske is an actress.",
        "Ana Roske is a former child actress.",
        "neutral:tense",
        "“former child actress”",
    ),
    (  # a control: "former" is the quarterback's, not the nationality's
        "Ana Roske is an American.",
        "Ana Roske is a former American football quarterback.",
        "supports",
        "",
    ),
    (
        "Ana Roske is the president of Borovia.",
        "Ana Roske is the president-elect of Borovia.",
        "neutral:partial",
        "“president-elect”",
    ),
    (
        "Ana Roske is the president of Borovia.",
        "Ana Roske is the self-proclaimed president of Borovia.",
        "neutral:partial",
        "“self-proclaimed president”",
    ),
    (
        "Tessa is the capital of Borovia.",
        "Tessa is the cultural capital of Borovia.",
        "neutral:partial",
        "“cultural capital”",
    ),
    (
        "Ana Roske is the CEO of Kessa Corp.",
        "Ana Roske is expected to be named the CEO of Kessa Corp.",
        "neutral:hedge",
        "“expected to be named the CEO”",
    ),
    # the claim's place or firm as the owner of another thing, or the start of another name (were
    # True)
    (
        "Ana Roske is the president of Borovia.",
        "Ana Roske is the president of the Borovia Football Association.",
        "neutral:subject",
        "the Borovia Football Association",
    ),
    (
        "Ana Roske is the president of Borovia.",
        "Ana Roske is the president of Borovia's largest bank.",
        "neutral:subject",
        "Borovia's largest bank",
    ),
    (
        "Ana Roske is the CEO of Kessa Corp.",
        "Ana Roske is the CEO of Kessa Corp's European division.",
        "neutral:subject",
        "Kessa Corp's European division",
    ),
    (  # a control: the name itself
        "Ana Roske is a member of the Kessa Party.",
        "Ana Roske is a member of the Kessa Party.",
        "supports",
        "",
    ),
    # a version of another work (was True)
    (
        "The song Kessa is by Ana Roske.",
        "The song Kessa is a cover of a song by Ana Roske.",
        "neutral:subject",
        "a cover of a song, not of the song Kessa",
    ),
    (  # a control: the claim names the version
        "The song Kessa is a cover of a song by Ana Roske.",
        "The song Kessa is a cover of a song by Ana Roske.",
        "supports",
        "",
    ),
    # ranked after another (was True)
    (
        "Tessa is the largest city in Borovia.",
        "Tessa is the largest city in Borovia after Velmar.",
        "refutes",
        "largest city in Borovia after Velmar",
    ),
    # a pledge, a commitment, a forecast (were True, and a wrong False)
    (
        "Borovia cut its emissions by 50%.",
        "Borovia pledged to cut its emissions by 50% by 2030.",
        "neutral:hedge",
        "“pledged to cut”",
    ),
    (
        "Borovia cut its emissions by 50%.",
        "Borovia has committed to cutting its emissions by 50%.",
        "neutral:hedge",
        "“committed to cutting”",
    ),
    (
        "The population of Borovia reached 10 million in 2020.",
        "The population of Borovia is projected to reach 10 million by 2050.",
        "not refutes",
        "",
    ),
    (  # a control: a deed committed is done
        "Ana Roske murdered Bel Tamsin.",
        "Ana Roske committed the murder of Bel Tamsin.",
        "not neutral:hedge",
        "",
    ),
    # the claim's deed done by no one the sentence names, or another deed of the subject (were
    # True)
    (
        "Ana Roske founded Kessa Corp.",
        "Ana Roske joined Kessa Corp shortly after it was founded.",
        "not supports",
        "",
    ),
    (
        "Ana Roske founded Kessa Corp.",
        "Ana Roske, who joined Kessa Corp in 2012, founded Velmar Labs in 2015.",
        "not supports",
        "",
    ),
    (  # a control: the passive says the same
        "Ana Roske founded Kessa Corp.",
        "Kessa Corp was founded by Ana Roske.",
        "supports",
        "",
    ),
    # a trial's result doubted, said of another risk, of a pair or of an age group (were True)
    (
        "Kessamab reduces the risk of stroke.",
        "Kessamab reduced the risk of stroke, but the result was not statistically significant.",
        "neutral:reported",
        "“not statistically significant”",
    ),
    (
        "Kessamab reduces the risk of stroke.",
        "There is insufficient evidence that Kessamab reduces the risk of stroke.",
        "neutral:reported",
        "“insufficient evidence that”",
    ),
    (  # a control: a significant result states it
        "Kessamab reduces the risk of stroke.",
        "Kessamab reduced the risk of stroke, and the effect was statistically significant.",
        "supports",
        "",
    ),
    (
        "Kessamab reduces the risk of stroke.",
        "Kessamab reduces the risk of bleeding and increases the risk of stroke.",
        "refutes",
        "the source says “increases the risk of stroke”",
    ),
    (  # a control: the opposite deed is the other risk's
        "Kessamab reduces the risk of stroke.",
        "Kessamab increases the risk of bleeding and reduces the risk of stroke.",
        "supports",
        "",
    ),
    (
        "Kessamab reduces the risk of stroke.",
        "Kessamab reduces the risk of bleeding after a stroke.",
        "neutral:subject",
        "the risk of bleeding after a stroke, not of the risk of stroke",
    ),
    (
        "Kessamab reduces the risk of stroke.",
        "Kessamab and aspirin together reduce the risk of stroke.",
        "neutral:subject",
        "Kessamab and aspirin together",
    ),
    (
        "Kessamab is approved for children.",
        "Kessamab is approved for children over 12.",
        "neutral:partial",
        "“children over 12”",
    ),
    # the claim's deed done by another name in a clause, or another deed joined with "and" (were
    # True); the claim's own name set apart in the sentence (the reason named it as the other)
    (
        "Borovia borders Tessa.",
        "Borovia borders Velmar, which borders Tessa.",
        "neutral:subject",
        "the source says it of Velmar, not of Borovia",
    ),
    (
        "The Kessa river flows into the Tessa sea.",
        "The Kessa river flows into the Velmar river, which flows into the Tessa sea.",
        "neutral:subject",
        "the Velmar river",
    ),
    (  # a control: the clause is about the claim's own object
        "Borovia borders Tessa.",
        "Borovia borders Tessa, which borders Velmar.",
        "supports",
        "",
    ),
    (
        "Ana Roske lived in Tessa.",
        "Ana Roske lived in Velmar and worked in Tessa.",
        "not supports",
        "",
    ),
    (  # a control: the same deed goes on
        "Ana Roske lived in Tessa.",
        "Ana Roske lived in Velmar and later in Tessa.",
        "supports",
        "",
    ),
    (
        "The Kessa river flows into the Tessa sea.",
        "The Kessa river rises near the Tessa sea and flows into the Velmar lake.",
        "refutes",
        "the claim says Tessa; the source says Velmar",
    ),
    # what a post says is reported, not stated (was True); a denial quoted to its end
    (
        "Kessamab cures asthma.",
        "Kessamab cures asthma, according to a viral post.",
        "neutral:reported",
        "“according to a viral post”",
    ),
    (  # a control: a trial is not a rumour
        "Kessamab cures asthma.",
        "Kessamab cures asthma, according to a 2020 trial.",
        "supports",
        "",
    ),
    (
        "Velmar United were relegated in 2019.",
        "Velmar United avoided relegation in 2019.",
        "refutes",
        "(“Velmar United avoided relegation in 2019”)",
    ),
    # a figure that is a part, a rate per person or a difference, not the whole (were True, and a
    # wrong False); protection against one outcome only (was True)
    (
        "The Kessa company has 500 employees.",
        "The Kessa company has 500 employees in Borovia and 300 abroad.",
        "neutral:partial",
        "loosely",
    ),
    (
        "The Kessa film earned $100 million.",
        "The Kessa film earned $100 million in Borovia and $300 million worldwide.",
        "neutral:partial",
        "loosely",
    ),
    (
        "The Kessa film earned $100 million.",
        "The Kessa film earned $100 million less than its predecessor.",
        "not supports",
        "",
    ),
    (
        "Borovia emits 10 million tonnes of CO2 a year.",
        "Borovia emits 10 tonnes of CO2 per person a year.",
        "not refutes",
        "",
    ),
    (  # a control: a total against a total
        "Borovia emits 10 million tonnes of CO2 a year.",
        "Borovia emits 12 million tonnes of CO2 a year.",
        "refutes",
        "12 million tonnes",
    ),
    (
        "The Kessa vaccine is 95% effective.",
        "The Kessa vaccine is 95% effective against severe disease.",
        "neutral:partial",
        "“against severe disease”",
    ),
    # another kind of the claim's noun, a story's world, a training (were True); a doer's reason
    (
        "Kessa is a novel.",
        "Kessa is a graphic novel.",
        "neutral:partial",
        "“graphic novel”",
    ),
    (
        "Ana Roske is a singer.",
        "Ana Roske is a singing teacher.",
        "neutral:partial",
        "“singing teacher”",
    ),
    (  # a control: a singer still
        "Ana Roske is a singer.",
        "Ana Roske is a backing singer.",
        "supports",
        "",
    ),
    (
        "Ana Roske is a doctor.",
        "Ana Roske is a Doctor Who actress.",
        "neutral:partial",
        "“Doctor Who”",
    ),
    (
        "Ana Roske is a doctor.",
        "In the novel Kessa, Ana Roske is a doctor.",
        "neutral:reported",
        "“In the novel Kessa”",
    ),
    (  # a control: an appearance in a film is a deed of this world
        "Ana Roske is an actress.",
        "Ana Roske is an actress who appeared in the film Kessa.",
        "supports",
        "",
    ),
    (
        "Ana Roske is a lawyer.",
        "Ana Roske trained as a lawyer but never practised.",
        "neutral:hedge",
        "“trained as a lawyer”",
    ),
    (
        "Kessa is a 2010 film directed by Ana Roske.",
        "Kessa is a 2010 film directed by Ana Roske's son.",
        "refutes",
        "the source says Ana Roske's son",
    ),
    # an election desk: another thing won in the election, a stance withdrawn (were True)
    (
        "Ana Roske won the 2020 Borovia election.",
        "Ana Roske won the popular vote in the 2020 Borovia election but lost the presidency.",
        "neutral:subject",
        "popular vote in the 2020 Borovia election",
    ),
    (
        "Ana Roske won the 2020 Borovia election.",
        "Ana Roske won the first round of the 2020 Borovia election.",
        "neutral:subject",
        "first round of the 2020 Borovia election",
    ),
    (  # a control: how she won is hers to add
        "Ana Roske won the 2020 Borovia election.",
        "Ana Roske won the 2020 Borovia election by a narrow margin.",
        "supports",
        "",
    ),
    (
        "Ana Roske supports the Kessa bill.",
        "Ana Roske withdrew her support for the Kessa bill.",
        "neutral:tense",
        "“withdrew her support”",
    ),
    # a climate desk: a degree denied is no denial (was False); a trend said only in the past, in a
    # part, or of a narrower kind (were True)
    (  # held so that no model reads its "not" as a denial (the learned judge said False)
        "Sea levels are rising.",
        "Sea levels are not rising as fast as predicted.",
        "neutral:partial",
        "the source denies only how much (“not rising as fast as predicted”)",
    ),
    (  # a control: the rise itself denied
        "Sea levels are rising.",
        "Sea levels are not rising.",
        "refutes",
        "",
    ),
    (
        "Polar bear numbers are falling.",
        "Polar bear numbers fell in the 1960s.",
        "neutral:tense",
        "",
    ),
    (
        "Polar bear numbers are falling.",
        "Polar bear numbers are falling in two of 19 subpopulations.",
        "neutral:partial",
        "“in two of 19 subpopulations”",
    ),
    (
        "Global temperatures have risen by 1.1 °C since 1900.",
        "Global sea temperatures have risen by 1.1 °C since 1900.",
        "not supports",
        "",
    ),
    # an exception, or days that narrow the claim (were True)
    (
        "The Kessa museum is open every day.",
        "The Kessa museum is open every day except Monday.",
        "neutral:partial",
        "“except Monday”",
    ),
    (
        "The Kessa museum is free to enter.",
        "The Kessa museum is free to enter on Sundays.",
        "neutral:partial",
        "“on Sundays”",
    ),
    (  # a control: the claim's own days
        "The Kessa museum is open on Sundays.",
        "The Kessa museum is open on Sundays.",
        "supports",
        "",
    ),
    # how often, said otherwise (were True)
    (
        "The Kessa train runs every hour.",
        "The Kessa train runs every two hours.",
        "refutes",
        "the source says “every two hours”",
    ),
    (
        "The Kessa train runs every day.",
        "The Kessa train runs every other day.",
        "refutes",
        "the source says “every other day”",
    ),
    (  # a control: the same
        "The Kessa train runs every hour.",
        "The Kessa train runs every hour.",
        "supports",
        "",
    ),
    # stop 58: "lost the election" is read as "did not win it", so "won the election" met a
    # negation with its own verb missing and was held, while the reverse was refuted (each of
    # the first three failed on stop 57's tree, 9b0047b; the rest are controls)
    (
        "Ana Roske won the election.",
        "Ana Roske lost the election.",
        "refutes",
        "the claim says “won”; the source says the opposite, “lost”",
    ),
    (
        "Ana Roske won the election.",
        "Ana Roske lost the election to Tom Vell.",
        "refutes",
        "“lost”",
    ),
    ("Ana Roske won the race.", "Ana Roske lost the race.", "refutes", "“lost”"),
    (  # a control: the other way round was refuted already
        "Ana Roske lost the election.",
        "Ana Roske won the election.",
        "refutes",
        "",
    ),
    (  # a control: another contest lost
        "Ana Roske won the election.",
        "Ana Roske won the primary but lost the election.",
        "not supports",
        "",
    ),
    (  # a control: another person lost
        "Ana Roske won the election.",
        "Tom Vell lost the election.",
        "not refutes",
        "",
    ),
    (  # a control: never lost is no loss
        "Ana Roske won the election.",
        "Ana Roske never lost an election.",
        "not refutes",
        "",
    ),
    (  # a control: a match lost was refuted already
        "Tessa City won the final.",
        "Tessa City lost the final.",
        "refutes",
        "",
    ),
    # stop 58, a business desk: a deal agreed is no deal done (a wrong True), and a firm may make
    # more than one thing (a wrong False)
    (
        "Kessa Corp acquired Orvel Ltd in 2019.",
        "Kessa Corp agreed to acquire Orvel Ltd in 2019, but the deal collapsed.",
        "neutral:hedge",
        "agreed to acquire",
    ),
    (
        "Kessa Corp acquired Orvel Ltd.",
        "Kessa Corp is in talks to acquire Orvel Ltd.",
        "not supports",
        "",
    ),
    (
        "Kessa Corp makes electric cars.",
        "Kessa Corp, based in Tessa, makes electric bikes.",
        "neutral:partial",
        "one thing can make both",
    ),
    (  # a control: "agreed with" is no intention
        "Ana Roske agreed with the plan.",
        "Ana Roske agreed with the plan.",
        "supports",
        "",
    ),
    # stop 58, claims of "never", "did not lose" and "more … than" (each a wrong True)
    (
        "Ana Roske never lost an election.",
        "Ana Roske lost the 2015 election.",
        "refutes",
        "the claim says “never”",
    ),
    ("Ana Roske lost the election.", "Ana Roske did not lose the election.", "refutes", ""),
    ("Ana Roske lost the election.", "Ana Roske didn't lose the election.", "refutes", ""),
    (
        "Borovia has more people than Ostrania.",
        "Borovia has 5 million people and Ostrania 8 million.",
        "neutral:partial",
        "the claim compares the two; the source does not",
    ),
    (  # a control: "did not lose" is no opposite of "won"
        "Ana Roske won the election.",
        "Ana Roske did not lose the election.",
        "not refutes",
        "",
    ),
    (  # a control: "did not fall" is no opposite of "rose"
        "Exports rose in 2019.",
        "Exports did not fall in 2019.",
        "not refutes",
        "",
    ),
    (  # a control: "more than 5,000" bounds a number, it compares nothing
        "Kessa Corp employs more than 5,000 people.",
        "Kessa Corp employs 6,000 people.",
        "supports",
        "",
    ),
    # stop 58: the claim's thing with the opposite verb, its own verb said of another (undecided)
    (
        "Kessa Corp's profits rose in 2020.",
        "Kessa Corp's revenue rose in 2020, but profits fell.",
        "refutes",
        "the claim says “profits rose”; the source says “profits fell”",
    ),
    ("Exports rose in 2019.", "Imports rose in 2019, while exports fell.", "refutes", ""),
    (  # a control: the other thing's rise is the claim's
        "Kessa Corp's revenue rose in 2020.",
        "Kessa Corp's revenue rose in 2020, but profits fell.",
        "supports",
        "",
    ),
    (  # a control: a verb with an object is read as before (SciFact validation, gold supports)
        "Dexamethasone increases the risk of bleeding.",
        "Dexamethasone decreased the risk of nausea but was associated with an increased risk of"
        " bleeding.",
        "not refutes",
        "",
    ),
    # stop 59: stop 58's abstentions beside plain sentences (each failed on d161c9b; the last
    # but one was a wrong False there: another thing compared)
    (
        "Drug X is as effective as Drug Y.",
        "Drug X was less effective than Drug Y.",
        "refutes",
        "the claim says “as effective as Drug Y”; the source says “less effective than Drug Y”",
    ),
    (
        "Drug X is less effective than Drug Y.",
        "Drug X was as effective as Drug Y.",
        "refutes",
        "the claim says “less effective than Drug Y”; the source says “as effective as Drug Y”",
    ),
    (
        "Drug X damages the kidney.",
        "Drug X damages the kidney but not the liver.",
        "supports",
        "",
    ),
    (
        "Kessa Corp cut 500 jobs.",
        "Kessa Corp added 500 jobs in 2020.",
        "refutes",
        "the claim says “cut”; the source says the opposite, “added”",
    ),
    (
        "Kessa Corp added 500 jobs.",
        "Kessa Corp cut 500 jobs in 2020.",
        "refutes",
        "the claim says “added”; the source says the opposite, “cut”",
    ),
    (
        "Carbon dioxide is a greenhouse gas.",
        "CO2 is a greenhouse gas.",
        "supports",
        "",
    ),
    (
        "Carbon dioxide is not a greenhouse gas.",
        "CO2 is a greenhouse gas.",
        "refutes",
        "the claim says “is not”; the source states it without negation",
    ),
    (
        "Drug X is safe.",
        "Drug X is safe for adults but not for children.",
        "not supports",
        "",
    ),
    (
        "The museum is open every day.",
        "The museum is open every day but not on public holidays.",
        "not supports",
        "",
    ),
    (
        "Drug X was as effective as Drug Y.",
        "Drug X was as effective as Drug Y.",
        "supports",
        "",
    ),
    (
        "Drug X is more effective than Drug Y.",
        "Drug X was less effective than Drug Z.",
        "not refutes",
        "",
    ),
    (  # the thing compared with, with more words after it (seen through the API, stop 59)
        "Drug X is as effective as Drug Y.",
        "Drug X was less effective than Drug Y in the trial.",
        "refutes",
        "the source says “less effective than Drug Y in the trial”",
    ),
]


@pytest.mark.parametrize(("claim", "sentence", "expected", "reason"), ROWS)
def test_what_a_newsdesk_met_is_read_as_the_sentence_says(claim, sentence, expected, reason):
    read_as_expected(claim, sentence, expected, reason)


def test_most_and_all_of_a_group_are_shares_and_a_degree_is_not():
    (most,) = quantities("Most of the voters chose Ana Roske.")
    assert most.dimension == "dimensionless" and most.text == "Most"
    assert 0.5 < most.low < 0.51 and most.high == 1.0
    (every,) = quantities("All patients recovered.")
    assert every.low == every.high == 1.0
    for degree in (
        "The most popular dish is rice.",
        "Malaria is most dangerous for children.",
        "It is not at all persuasive.",
        "The tower is famous all over the world.",
    ):
        assert quantities(degree) == [], degree
