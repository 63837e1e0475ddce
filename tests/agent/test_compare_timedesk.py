"""Wrong answers and abstentions about *when* and *what exactly* (stop 57, issue 36): the future
against a fact ("will open in 2025" for "opened in 2025"), "before" against "after" an event or a
year, per cent against percentage points, a thing said as the modifier of another ("the league
cup" for "the league"), and leaving a narrower thing ("retired from international football" for
"retired from football"). A claim and one sentence, what the comparison must say ("supports",
"refutes", "neutral:<rule>", or "not <stance>") and a part of its reason. Invented people, firms,
places and works. Each row failed on stop 56's tree (31c296b) unless marked as a control."""

from __future__ import annotations

import pytest

from tests.agent.test_compare_readers import read_as_expected

ROWS = [
    # the future is not a fact (each was a wrong True)
    (
        "The bridge opened in 2025.",
        "The bridge will open in 2025.",
        "neutral:tense",
        "will open",
    ),
    (
        "The Kessa phone runs on Kessa OS.",
        "The Kessa phone will run on Kessa OS from 2022.",
        "neutral:tense",
        "will run",
    ),
    (
        "Tessa hosts the 2030 Games.",
        "Tessa will host the 2030 Games, the committee announced.",
        "neutral:tense",
        "what will be",
    ),
    (  # a plan is not settled by a deed done
        "The Velmar plant will close.",
        "The Velmar plant closed in 2020.",
        "neutral:tense",
        "“closed”",
    ),
    (  # was a hedge quoting the claim's own verb ("ran for mayor")
        "Ana Roske will run for mayor.",
        "Ana Roske ran for mayor in 2019.",
        "neutral:tense",
        "what was done",
    ),
    (
        "Ana Roske ran for mayor.",
        "Ana Roske will run for mayor next year.",
        "neutral:tense",
        "will run",
    ),
    (  # "will not open until 2025" was read as a denial of opening in 2025
        "The bridge opened in 2025.",
        "The bridge, which was designed in 2010, will not open until 2025.",
        "neutral:tense",
        "will not open",
    ),
    (  # a control: both speak of the future
        "Tessa will host the 2030 Games.",
        "Tessa will host the 2030 Games, the committee announced.",
        "supports",
        "",
    ),
    (  # a control: "Will" the name is no future
        "Will Roske starred in Kessa.",
        "Will Roske starred in Kessa, a 2001 film.",
        "supports",
        "",
    ),
    (  # a control: a plan and "will" say the same
        "Kessa Corp plans to build a plant in Velmar.",
        "Kessa Corp will build a plant in Velmar.",
        "not refutes",
        "",
    ),
    # "before" against "after": an event
    (
        "The comet was discovered before the Kessa telescope was built.",
        "The comet was discovered after the Kessa telescope was built.",
        "refutes",
        "the claim says before the Kessa telescope; the source says after the Kessa telescope",
    ),
    (
        "Ana Roske moved to Tessa after the war.",
        "Ana Roske moved to Tessa shortly before the war.",
        "refutes",
        "the source says before the war",
    ),
    (  # a control: the other deed is the one before the war
        "Ana Roske moved to Tessa after the war.",
        "Ana Roske lived in Velmar before the war and moved to Tessa after it.",
        "not refutes",
        "",
    ),
    (  # a control: after the election was called is not after the election
        "The treaty was signed before the election.",
        "The treaty was signed after the election was called.",
        "not refutes",
        "",
    ),
    (  # "during" and "before" are not opposites, nor the same time: a silent guard (the learned
        # judge read support through the API, True 0.5)
        "Ana Roske moved to Tessa during the war.",
        "Ana Roske moved to Tessa before the war.",
        "neutral:partial",
        "the source places it at another time (“before the war”)",
    ),
    (  # a denied time is supported by the other one, and the reason says so plainly
        "Ana Roske did not move to Tessa after the war.",
        "Ana Roske moved to Tessa before the war.",
        "supports",
        "the claim says it is not after the war",
    ),
    # "before" against "after": a year (each was a wrong True)
    (
        "The bridge was built before 1900.",
        "The bridge was built after 1900.",
        "refutes",
        "the claim says before 1900; the source says after 1900",
    ),
    (
        "Ana Roske was born after 1990.",
        "Ana Roske was born before 1990.",
        "refutes",
        "the source says before 1990",
    ),
    (  # a year within the bound (was a wrong False: "the claim says 1900; the source says 1905")
        "The bridge was built after 1900.",
        "The bridge was built in 1905.",
        "supports",
        "",
    ),
    (  # a year outside it (refuted before too, but the reason left out "after")
        "The bridge was built in 1890.",
        "The bridge was built after 1900.",
        "refutes",
        "the source says after 1900",
    ),
    (  # a control: a duration after "after" is no bound in time
        "Ana Roske returned after 20 years.",
        "Ana Roske returned after 25 years.",
        "refutes",
        "the claim says 20 years",
    ),
    # a habit that ended, a state that goes on
    (  # was a wrong True
        "Ana Roske lives in Tessa.",
        "Ana Roske used to live in Tessa.",
        "neutral:tense",
        "used to live",
    ),
    (  # a control: the past for the past
        "Ana Roske lived in Tessa.",
        "Ana Roske used to live in Tessa.",
        "supports",
        "",
    ),
    (  # a control: the passive "is used to treat" is no habit
        "Aspirin treats pain.",
        "Aspirin is commonly used to treat pain.",
        "supports",
        "",
    ),
    (  # was held as another tense ("the source speaks of the present")
        "Ana Roske lives in Tessa.",
        "Ana Roske has lived in Tessa since 2010.",
        "supports",
        "",
    ),
    (  # held, and the reason no longer says the present is another tense than the present
        "Ana Roske lives in Tessa.",
        "Ana Roske has lived in Tessa, Velmar and Orvel.",
        "neutral:tense",
        "the source speaks of the past",
    ),
    (  # was a wrong False ("the claim says 2021; the source says 2019")
        "Ana Roske was the mayor of Tessa in 2021.",
        "Ana Roske has been the mayor of Tessa since 2019.",
        "not refutes",
        "",
    ),
    (  # was a wrong False ("the claim says 2015; the source says 2019"): an earlier term, maybe
        "Ana Roske was the mayor of Tessa in 2015.",
        "Ana Roske has been the mayor of Tessa since 2019.",
        "not refutes",
        "",
    ),
    (  # was a wrong False: she may have lived there before, left and come back
        "Ana Roske lived in Tessa in 2008.",
        "Ana Roske has lived in Tessa since 2010.",
        "not refutes",
        "",
    ),
    (  # a control: two starts
        "Ana Roske has been the mayor of Tessa since 2017.",
        "Ana Roske has been the mayor of Tessa since 2019.",
        "refutes",
        "the claim says 2017; the source says 2019",
    ),
    # verbs of change a health or business desk uses for one another
    (  # was undecided: "lowers" was read as a plural of doers ("climbers")
        "Drug X reduces blood pressure.",
        "Drug X lowers blood pressure.",
        "supports",
        "",
    ),
    (  # was undecided: no opposite known
        "Drug X reduces blood pressure.",
        "Drug X raises blood pressure.",
        "refutes",
        "the claim says “reduces”; the source says the opposite, “raises”",
    ),
    (  # a control: the doers of a verb are not its deed (a wrong True in this stop's first
        # version of the "lowers" reading)
        "Ana Roske founded Kessa Corp.",
        "Ana Roske interviewed the founders of Kessa Corp.",
        "not supports",
        "",
    ),
    (  # the same verb in another form (was undecided: "lowers" was read as doers of "lowered")
        "The bank lowered interest rates.",
        "The bank lowers interest rates every spring.",
        "supports",
        "",
    ),
    (  # a control
        "The bank raised interest rates.",
        "The bank lowered interest rates to 2%.",
        "refutes",
        "“lowered”",
    ),
    # a relative clause that calls the claim false (each was a wrong True)
    (
        "The Earth is flat.",
        "The Earth is flat, which has long been disproven.",
        "refutes",
        "the source calls the claim false",
    ),
    (
        "The Earth is flat.",
        "The Earth is flat, which scientists have debunked.",
        "refutes",
        "which scientists have debunked",
    ),
    (  # a control: a prize rejected as unfair was still won
        "Ana Roske won the prize.",
        "Ana Roske won the prize, which critics have rejected as unfair.",
        "not refutes",
        "",
    ),
    # a count of a kind is not a count of the whole
    (  # was a wrong True: three children
        "Ana Roske has two children.",
        "Ana Roske has two sons and a daughter.",
        "neutral:partial",
        "the source counts sons, not children",
    ),
    (  # a control
        "Ana Roske has two sons.",
        "Ana Roske has two sons and a daughter.",
        "supports",
        "",
    ),
    (  # a control: a synonym counts the same
        "Ana Roske has two children.",
        "Ana Roske has two kids.",
        "supports",
        "",
    ),
    # a nationality in a compound (was a wrong False)
    (
        "Ana Roske is British.",
        "Ana Roske is a British-born American actress.",
        "not refutes",
        "",
    ),
    (  # a control
        "Ana Roske is British.",
        "Ana Roske is a French actress.",
        "refutes",
        "the claim says British; the source says French",
    ),
    (  # "Every" was read as a part of the claim ("not of Every")
        "Every school in Tessa has a library.",
        "Most schools in Tessa have a library.",
        "neutral:subject",
        "not of Every school",
    ),
    # a bound is no rounded value
    (  # was held as "given only loosely": 2 million rounds 1.8 million, "over 2 million" does not
        "Tessa has a population of over 2 million.",
        "Tessa has a population of 1.8 million.",
        "refutes",
        "the claim says over 2 million; the source says 1.8 million",
    ),
    (  # a control: a round figure stays loose
        "Tessa has a population of 2 million.",
        "Tessa has a population of 2.4 million.",
        "neutral:partial",
        "loosely",
    ),
    # per cent and percentage points are two measures (the learned judge read support, True 0.5)
    (
        "Unemployment in Borovia rose by 10%.",
        "Unemployment in Borovia rose by 10 percentage points.",
        "neutral:partial",
        "in percentage points (10 percentage points): two measures",
    ),
    (
        "Unemployment in Borovia rose by 10%.",
        "Unemployment in Borovia rose by 12 percentage points last year.",
        "neutral:partial",
        "two measures",
    ),
    (  # a control: points for points
        "Unemployment in Borovia rose by 10 percentage points.",
        "Unemployment in Borovia rose by 10 percentage points last year.",
        "supports",
        "",
    ),
    (  # a control: per cent for per cent
        "Unemployment in Borovia rose by 10%.",
        "Unemployment in Borovia rose by 12% last year.",
        "refutes",
        "the claim says 10%; the source says 12%",
    ),
    # the claim's thing as the modifier of another (was a wrong True)
    (
        "Tessa City won the league.",
        "Tessa City won the league cup in 2019.",
        "neutral:subject",
        "the league cup, not of the league",
    ),
    (
        "Ana Roske visited the museum.",
        "Ana Roske visited the museum shop on Friday.",
        "neutral:subject",
        "the museum shop",
    ),
    (  # a control: the league title is the league's
        "Tessa City won the league.",
        "Tessa City won the league title in 2019.",
        "supports",
        "",
    ),
    (  # a control: a name's own word after it
        "The Daily Kessa is a comedy show.",
        "Describing itself as a fake news program, The Daily Kessa Show draws its comedy from "
        "recent news stories.",
        "not neutral:subject",
        "",
    ),
    (  # a control: a film adaptation is a film (only a thing named with "the" is another's)
        "Ana Roske directed a film.",
        "Ana Roske directed a film adaptation of Kessa in 2001.",
        "supports",
        "",
    ),
    (  # a control: studying music theory is studying music
        "Ana Roske studied music.",
        "Ana Roske studied music theory at Tessa University.",
        "supports",
        "",
    ),
    # leaving a narrower thing is not leaving the whole (was a wrong True)
    (
        "Ana Roske retired from football.",
        "Ana Roske retired from international football in 2019 but still plays for Tessa City.",
        "neutral:subject",
        "international football, not of football",
    ),
    (
        "Ana Roske quit acting.",
        "Ana Roske quit stage acting in 2001.",
        "neutral:subject",
        "stage acting, not of acting",
    ),
    (  # a control: "the band" is that band, whatever the sentence calls it
        "Ana Roske left the band.",
        "Ana Roske left the rock band in 2001.",
        "supports",
        "",
    ),
    (  # a control
        "Ana Roske withdrew from the race.",
        "Ana Roske withdrew from the presidential race in 2001.",
        "supports",
        "",
    ),
    (  # a control: winning a narrower one is winning one
        "Ana Roske won an award.",
        "Ana Roske won an international award in 2019.",
        "supports",
        "",
    ),
    (  # a control
        "Ana Roske retired from football.",
        "Ana Roske retired from football in 2019.",
        "supports",
        "",
    ),
    # stop 58: an era is no name with a role ("BC" after "by the Greeks" read as the voice turned)
    (
        "Tessa was founded in the 6th century BC.",
        "Tessa was founded by the Greeks in the 6th century BC.",
        "supports",
        "",
    ),
    (  # a control: another era
        "Tessa was founded in the 6th century AD.",
        "Tessa was founded by the Greeks in the 6th century BC.",
        "refutes",
        "the claim says AD; the source says BC",
    ),
]


@pytest.mark.parametrize(("claim", "sentence", "expected", "reason"), ROWS)
def test_when_and_what_exactly_is_read_as_the_sentence_says(claim, sentence, expected, reason):
    read_as_expected(claim, sentence, expected, reason)
