"""The comparison stage (agent/judge/compare.py): plain cases decided with a reason, the rest left
to the learned judge. Invented names, so no memorised fact helps."""

from __future__ import annotations

import math

import pytest

from agent.judge._lexicon import antonymous, lemmas, same_kind
from agent.judge._quantities import quantities
from agent.judge.compare import GUARDS, Comparison, compare, compare_item

REF = "Measurements by the Borovia Survey in 2019 found that the river Xanthe is 212 km long."
EIFFEL = "The Eiffel Tower is a wrought-iron lattice tower on the Champ de Mars in Paris, France."


def assert_decides(claim: str, sentence: str, stance: str, rule: str, reason: str) -> Comparison:
    """The comparison decides the pair with this stance and rule, and its reason says ``reason``."""
    decision = compare(claim, sentence)
    assert decision is not None and (decision.stance, decision.rule) == (stance, rule), decision
    assert reason in decision.reason
    return decision


@pytest.mark.parametrize(
    ("claim", "sentence", "stance", "rule", "reason"),
    [
        ("The river Xanthe is 212 km long", REF, "supports", "same", "every part"),
        (
            "The river Xanthe is 540 km long",
            REF,
            "refutes",
            "number",
            "the claim says 540 km; the source says 212 km",
        ),
        ("The river Xanthe is about 130 miles long", REF, "supports", "same", ""),
        # the source's bound is quoted with its number (it said "400" alone before)
        (
            "The Kessa studio produced 20 training films.",
            "The Kessa studio produced more than 400 training films.",
            "refutes",
            "number",
            "the claim says 20; the source says more than 400",
        ),
        # a decade is ten years (pint's own "decade" is a ×10 ratio: 5 decades read as 100,000)
        (
            "The Orvel bridge is 30 years old.",
            "The Orvel bridge is three decades old.",
            "supports",
            "same",
            "",
        ),
        (
            "The Orvel bridge is 50 years old.",
            "The Orvel bridge is three decades old.",
            "refutes",
            "number",
            "the claim says 50 years; the source says three decades",
        ),
        (
            "The Eiffel Tower is in Berlin",
            EIFFEL,
            "refutes",
            "substitution",
            "the source says Paris",
        ),
        ("The Eiffel Tower is in Paris", EIFFEL, "supports", "same", ""),
        (
            "Water boils at 100 degrees Celsius at sea level",
            "At sea level, pure water boils at 100 °C (212 °F).",
            "supports",
            "same",
            "",
        ),
        (
            "Water boils at 90 degrees Celsius at sea level",
            "At sea level, pure water boils at 100 °C (212 °F).",
            "refutes",
            "number",
            "90 degrees Celsius",
        ),
        (
            "5G networks spread COVID-19.",
            "5G mobile networks do not spread COVID-19.",
            "refutes",
            "negation",
            "not",
        ),
        (
            "Velmar did not sign the treaty",
            "Velmar signed the treaty in 1921.",
            "refutes",
            "negation",
            "",
        ),
        (
            "The Great Wall of China is visible from the Moon with the naked eye",
            "Astronomers agree that the myth that the Great Wall of China is visible from the Moon is false.",
            "refutes",
            "framing",
            "myth",
        ),
        (
            "Kovar berries cure the flu",
            "There is no evidence that kovar berries cure the flu.",
            "refutes",
            "framing",
            "",
        ),
        (
            "Sales of Kovar rose in 2020",
            "Sales of Kovar fell in 2020.",
            "refutes",
            "direction",
            "fell",
        ),
        (
            "Lake Dessa is the deepest lake in Ostrania",
            "Lake Dessa is the shallowest lake in Ostrania.",
            "refutes",
            "direction",
            "",
        ),
        (
            "Mira Talen is a professional tennis player",
            "Mira Talen is a professional chess player.",
            "refutes",
            "substitution",
            "chess",
        ),
        (
            "The film was directed by Ana Roske",
            "The film was produced by Ana Roske and directed by Bel Tamsin.",
            "refutes",
            "substitution",
            "Bel Tamsin",
        ),
        (
            "Jon Arlen is the mayor of Dessa",
            "Jon Arlen was the mayor of Dessa until 2010.",
            "neutral",
            "tense",
            "",
        ),
        (
            "Kovar berries cure the flu",
            "Some studies suggest that kovar berries may cure the flu.",
            "neutral",
            "reported",
            "suggest",
        ),
        (
            "Kovar berries cure the flu",
            "Kovar berries may cure the flu.",
            "neutral",
            "hedge",
            "may",
        ),
        ("Is Velmar in Ostrania?", "Velmar is in Ostrania.", "neutral", "question", ""),
        (  # a fact-check's line that quotes what it checks asserts nothing
            "Kovar berries cure the flu",
            "Claim: Kovar berries cure the flu.",
            "neutral",
            "reported",
            "Claim:",
        ),
        (
            "Kovar berries cure the flu",
            "Viral claim: kovar berries cure the flu.",
            "neutral",
            "reported",
            "Viral claim:",
        ),
        (
            "Kovar berries cure the flu",
            "Senator Orvel supposedly once said that kovar berries cure the flu.",
            "neutral",
            "reported",
            "supposedly",
        ),
        (
            "Kovar berries cure the flu",
            "Kovar berries reportedly cure the flu.",
            "neutral",
            "reported",
            "reportedly",
        ),
    ],
)
def test_plain_cases_are_decided_with_a_reason(claim, sentence, stance, rule, reason):
    decision = assert_decides(claim, sentence, stance, rule, reason)
    assert (decision.probability == 0.0) == (rule in GUARDS)


@pytest.mark.parametrize(
    ("claim", "sentence"),
    [
        (
            "The Eiffel Tower is in Europe",
            EIFFEL,
        ),  # Paris is in Europe: another place is not always another answer
        ("The lake is 40 km wide", "The lake is about 38 km wide."),  # compatible, not plain
        ("Velmar borders Ostrania", "Tourism in the region has grown steadily."),
        ("Ana Roske founded Kessa Labs", "Ana Roske visited Kessa Labs in 2004."),
        ("Ana Roske speaks Velmaran, Dessan and Koran", "Ana Roske speaks Velmaran and Dessan."),
    ],
)
def test_what_is_not_plain_is_left_to_the_judge(claim, sentence):
    decision = compare(claim, sentence)
    assert decision is None or decision.rule in GUARDS, decision


def test_sentences_of_one_item_that_disagree_leave_it_undecided():
    text = "The river Xanthe is 212 km long. The river Xanthe is 540 km long."
    assert compare_item("The river Xanthe is 212 km long", text) is None
    assert (
        compare_item("The river Xanthe is 212 km long", "Xanthe is a river. " + REF).rule == "same"
    )


def test_quantities_normalise_units_formats_and_bounds():
    (c,) = quantities("100 °C")
    (f,) = quantities("212 degrees Fahrenheit")
    assert c.same_value(f) and c.dimension == "[temperature]"
    (a,) = quantities("3,400 people")
    (b,) = quantities("3.4 thousand people")
    assert a.same_value(b)
    (bound,) = quantities("more than 300 metres")
    assert 300 < bound.low < 300.01 and math.isinf(bound.high) and not bound.exact  # strict
    (least,) = quantities("at least 300 metres")
    assert least.low == 300 and math.isinf(least.high)  # "at least" holds its own number
    year, of_century = quantities("in 1889")
    assert year.dimension == "year" and (of_century.dimension, of_century.low) == (
        "decade of a century",
        8,
    )
    assert not quantities("5G networks and COVID-19")  # names, not quantities
    (hedged,) = quantities("about 40 km")
    assert hedged.low < 40_000 < hedged.high


def test_the_lexicon_knows_lemmas_antonyms_and_kinds():
    assert (
        "go" in lemmas("went") and "deep" in lemmas("deepest") and "network" in lemmas("networks")
    )
    assert (
        antonymous("rose", "fell")
        and antonymous("deepest", "shallowest")
        and not antonymous("rose", "grew")
    )
    assert same_kind("paris", "berlin") and same_kind("liver", "pancreas")
    assert same_kind("europe", "paris") is False


DORIN = "Tamas Dorin Velko, 2nd Baron of Essa, (10 February 1894 – 29 December 1986) was a Borovian judge."


@pytest.mark.parametrize(
    ("claim", "sentence", "stance", "rule", "reason"),
    [
        # a life span in brackets after a name is a birth and a death
        (
            "Dorin Velko was born on February 20, 1894.",
            DORIN,
            "refutes",
            "number",
            "the claim says February 20, 1894; the source says 10 February 1894",
        ),
        ("Dorin Velko was born on February 10th, 1894.", DORIN, "supports", "same", ""),
        ("Dorin Velko died in 1986.", DORIN, "supports", "same", ""),
        ("Dorin Velko died in 1990.", DORIN, "refutes", "number", "the source says 29 December"),
        (
            "Ilse Marren was born in October 1875.",
            "Ilse Marren (born Ilse Arvid; 12 June 1875 – 1 December 1947) was a Velmaran poet.",
            "refutes",
            "number",
            "the claim says October 1875; the source says 12 June 1875",
        ),
        (
            "Ilse Marren was born on November 22nd, 1968.",
            "Ilse Marren (born 22 November 1948) is a poet who graduated on November 22nd, 1968.",
            "refutes",
            "number",
            "the source says 22 November 1948",
        ),
        # decades and parts of them
        (
            "Kessa rock developed in the early 1990s.",
            "Kessa rock is a genre that developed in the late 1960s and early 1970s.",
            "refutes",
            "number",
            "the claim says early 1990s; the source says late 1960s and early 1970s",
        ),
        (
            "Kessa rock developed in the 1960s.",
            "Kessa rock developed in the late 1960s.",
            "supports",
            "same",
            "",
        ),
        (
            "Velmar Nights was released in October.",
            "Velmar Nights is the fourth album by Kessa, released on March 30, 2007.",
            "refutes",
            "number",
            "the claim says October; the source says March",
        ),
        (
            "Kessa floods are because of El Velo.",
            "Kessa floods are caused by El Velo, the warm current.",
            "supports",
            "same",
            "",
        ),
        (
            "Dessa rainfall increased in 1990.",
            "Dessa rainfall decreased in 1990, as the loss of forest went on.",
            "refutes",
            "direction",
            "“decreased”",
        ),
        # the claim's aside in brackets is not what it asserts; "airs" is said "broadcast"
        (
            "Velmar Nights (1990 film) was released in August.",
            "Velmar Nights was released in Ostrania on July 8, 1990.",
            "refutes",
            "number",
            "the claim says August; the source says July",
        ),
        (
            "Orvel Street airs on Kessa TV.",
            "Orvel Street is a Dessan drama series that was first broadcast on Kessa TV in 2015.",
            "supports",
            "same",
            "",
        ),
        # one place for another, said with another preposition
        (
            "Orvel dancing originated in Ostrania.",
            "Orvel dancing is a form of dance originating from Borovia.",
            "refutes",
            "substitution",
            "the claim says Ostrania; the source says Borovia",
        ),
        (
            "Kessa rock developed in the early 1970s.",
            "Kessa rock is a genre that developed in the late 1960s and early 1970s.",
            "supports",
            "same",
            "",
        ),
        (
            "Velmar Nights was one of the worst-selling albums of 1990.",
            "Velmar Nights was one of the best-selling albums of 1990.",
            "refutes",
            "direction",
            "the claim says “worst-selling”; the source says the opposite, “best-selling”",
        ),
        # "the forties" is the decade of the century the sentence's year is in
        (
            "Orri Falk was born in the fifties.",
            "Orri Falk (born July 20, 1947) is a Dessan drummer.",
            "refutes",
            "number",
            "the claim says the fifties; the source says July 20, 1947",
        ),
        (
            "Orri Falk was born in the forties.",
            "Orri Falk (born 1947) is a Dessan drummer.",
            "supports",
            "same",
            "",
        ),
        # ordinals before a noun are positions
        (
            "Ana Roske was the first woman to lead the Dessan Party.",
            "Ana Roske became the second woman to lead the Dessan Party.",
            "refutes",
            "number",
            "the claim says first; the source says second",
        ),
        # nationalities, and a subject the claim introduces
        (
            "There is a Danish actor named Orri Falk.",
            "Orri Brandur Falk (born 4 October 1967) is an Indian actor and broadcaster.",
            "refutes",
            "substitution",
            "the claim says Danish; the source says Indian",
        ),
        (
            "There is a Danish actor named Orri Falk.",
            "Orri Brandur Falk (born 4 October 1967) is a Danish actor and broadcaster.",
            "supports",
            "same",
            "",
        ),
        # negation said as a phrase
        (
            "Velmar Studios is something other than a Dessan film company.",
            "Velmar Studios is a Dessan film company founded in 1931.",
            "refutes",
            "negation",
            "something other than",
        ),
        (
            "Ana Roske has yet to write for a television show.",
            "Ana Roske wrote for a television show in 1990.",
            "refutes",
            "negation",
            "the claim says “has yet to”",
        ),
        # "appeared on television" is an appearance; "appear to cure" is a hedge
        (
            "Ana Roske appeared on Dessan television.",
            "Ana Roske makes regular Dessan television appearances.",
            "supports",
            "same",
            "",
        ),
        (
            "Kovar berries cure the flu",
            "Kovar berries appear to cure the flu.",
            "neutral",
            "hedge",
            "appear",
        ),
        (
            "Ana Roske refused to work under Kessa Labs.",
            "Ana Roske declined to work under Kessa Labs.",
            "supports",
            "same",
            "",
        ),
        (
            "Ana Roske works under Kessa Labs.",
            "Ana Roske is a chemist who turned down offers to work under Kessa Labs.",
            "refutes",
            "negation",
            "turned down",
        ),
        # a birth date in brackets is the birth's (stop 62): the graduation is dated otherwise
        (
            "Ilse Marren graduated on November 22nd, 1948.",
            "Ilse Marren (born 22 November 1948) is a poet who graduated on November 22nd, 1968.",
            "refutes",
            "number",
            "the source says November 22nd, 1968",
        ),
        # a list of names holds the claim's name
        (
            "Ana Roske modelled for Kessa.",
            "Roske has modelled for Dessa, Orvel Lauren and Kessa.",
            "supports",
            "same",
            "",
        ),
    ],
)
def test_dates_ordinals_nationalities_and_phrases_are_compared(
    claim, sentence, stance, rule, reason
):
    assert_decides(claim, sentence, stance, rule, reason)


@pytest.mark.parametrize(
    ("claim", "sentence"),
    [
        # the year only: a day of it is not plain either way
        ("Dorin Velko was born on 3 March 1894.", "Dorin Velko was born in 1894."),
        # "increasing … loss" is more decrease, not an increase
        (
            "The Dessa and Orvel ice sheets have decreased in mass.",
            '"Increasing rates of ice mass loss from the Dessa and Orvel ice sheets revealed by'
            ' satellites".',
        ),
        # a cause the sentence does not state: both named, no "because"
        (
            "Dessa drought is because of El Velo.",
            "These two species experience population shifts related to Dessa drought and events"
            " such as El Velo.",
        ),
        # "(signed …)" is not a life span; "first flew" is not a position
        (
            "The Essa treaty was born in 1900.",
            "The Essa treaty (signed 12 May 1900) ended the war.",
        ),
        ("The Kessa jet first flew in 2006.", "The Kessa jet was shown in 2004."),
    ],
)
def test_dates_that_do_not_plainly_decide_are_left_alone(claim, sentence):
    decision = compare(claim, sentence)
    assert decision is None or decision.rule in GUARDS, decision


def _dated(text: str) -> list:
    """The quantities of ``text`` without each year's decade of its century."""
    return [q for q in quantities(text) if q.dimension != "decade of a century"]


def test_dates_and_ordinals_are_quantities():
    day, of_year = _dated("on 12 October 1875")  # the day, and its month of any year
    assert (of_year.dimension, of_year.low) == ("month", 10)
    same_day, _ = _dated("October 12th, 1875")
    (year,) = _dated("in 1875")
    month, _ = _dated("in October 1875")
    assert day.same_value(same_day) and year.within(day) and month.within(day)
    assert not day.within(year) and day.overlaps(year)  # coarser: loose, not a conflict
    (decade,) = _dated("the early 1970s")
    assert decade.low == 1970 and decade.high < 1974 and not decade.exact
    (hedged,) = quantities("about 1890")
    assert 1870 < hedged.low < 1890 < hedged.high < 1910  # years, not 10 % of 1890
    (position,) = quantities("the second studio album")
    assert position.dimension == "ordinal" and position.low == 2
    assert not [q for q in quantities("it first flew in 2006") if q.dimension == "ordinal"]
    assert [q.dimension for q in _dated("May 2019, and it may rain")] == ["year", "month"]
    (month,) = quantities("It was released in October.")
    assert (month.dimension, month.low, month.text) == ("month", 10, "October")
    assert not quantities("March on Dessa began at noon.")  # a march, not a month


@pytest.mark.parametrize(
    ("claim", "sentence", "stance", "rule", "reason"),
    [
        # "only" before a number is part of the number, not a part to match
        (
            "The Dessa river is only 40 km long.",
            "The Dessa river is about 310 km long.",
            "refutes",
            "number",
            "the claim says 40 km",
        ),
        # how many times: "twice" against "more than once" agrees, so the negation decides
        (
            "Hail never falls on Orvel twice.",
            "Hail often falls on Orvel more than once, especially in spring.",
            "refutes",
            "negation",
            "never",
        ),
        (
            "Kessa won the cup twice.",
            "Kessa won the cup three times.",
            "refutes",
            "number",
            "three times",
        ),
        # "instantly" is no time at all
        (
            "Sound from the Orvel bell reaches the valley instantly.",
            "Sound from the Orvel bell takes about 4 seconds to reach the valley.",
            "refutes",
            "number",
            "instantly",
        ),
        # a compound that says how well says the word: "best-supported" says "supported"
        (
            "Plate tectonics is not supported by evidence.",
            "Plate tectonics is one of the best-supported theories in geology, backed by evidence"
            " from many fields.",
            "refutes",
            "negation",
            "not",
        ),
        # an event said to have (never) happened, stated with its verb
        (
            "The Dessa landing never happened.",
            "In 1970 the Dessa mission landed its probe on the plain.",
            "refutes",
            "negation",
            "never",
        ),
        (
            "The Dessa landing happened.",
            "In 1970 the Dessa mission landed its probe on the plain.",
            "supports",
            "same",
            "",
        ),
    ],
)
def test_focus_words_times_instants_compounds_and_events(claim, sentence, stance, rule, reason):
    assert_decides(claim, sentence, stance, rule, reason)


@pytest.mark.parametrize(
    ("claim", "sentence"),
    [
        # the event as a noun someone called fake is not the event stated
        ("The Dessa landing never happened.", "Some claim the Dessa landing was faked."),
        ("The Orvel concert never happened.", "The Orvel concert was cancelled."),
        # "supported" does not say "best-supported"
        ("Kessa is the best-supported theory.", "Kessa is a supported theory."),
        # a theory that says what reports a view; "in theory" alone does not
        (
            "Orvel is hollow.",
            "The theory that Orvel is hollow was popular in the 1800s.",
        ),
    ],
)
def test_events_and_compounds_that_are_not_plain_are_left_alone(claim, sentence):
    decision = compare(claim, sentence)
    assert decision is None or decision.rule in GUARDS, decision


@pytest.mark.parametrize(
    ("claim", "sentence", "stance", "rule", "reason"),
    [
        # a sentence that opens with a pronoun, or with part of the claim's name, speaks of the
        # claim's subject (an encyclopaedia's sentence about its article's subject)
        (
            "Tamsin Orvel worked as a glazier and a stonemason.",
            "She started painting in 1993 after having worked as a stonemason and glazier.",
            "supports",
            "same",
            "every part",
        ),
        (
            "The Kessa Dorn X-35 Lorvane first flew on 15 July 2006.",
            "The X-35 first flew on 15 December 2006.",
            "refutes",
            "number",
            "the source says 15 December 2006",
        ),
        (
            "Mr. Bel Tamsin is a professor of geology at the University of Ostrania.",
            "Tamsin is a professor of geology at the University of Ostrania.",
            "supports",
            "same",
            "",
        ),
        # a sentence that opens with a participle says it of the name after the comma
        (
            "Bel Tamsin was born in Ostrania.",
            "Born in Ostrania, Bel Tamsin comes from a family of glaziers.",
            "supports",
            "same",
            "",
        ),
        (
            "The Kessa Lorvane was founded in 1961.",
            "Founded in 1957, the Kessa Lorvane is the oldest choir of Ostrania.",
            "refutes",
            "number",
            "the claim says 1961",
        ),
        # a nationality the clause gives otherwise, wherever it stands before the noun
        (
            "Orvel Dawn is an American film.",
            "Orvel Dawn is a 1980 Australian prison drama film directed by Bel Tamsin.",
            "refutes",
            "substitution",
            "the claim says American; the source says Australian",
        ),
        # a title in capitals opens the claim; "the film" opens the evidence, after a participle
        (
            "Dawn Over Kessa was released in 2017.",
            "Distributed by Orvel Pictures, the film was released on March 23, 2007.",
            "refutes",
            "number",
            "the claim says 2017; the source says March 23, 2007",
        ),
        (
            "Dawn Over Kessa was released in 2007.",
            "Distributed by Orvel Pictures, the film was released on March 23, 2007.",
            "supports",
            "same",
            "",
        ),
        # "part of" relates the song to the album; the album's position is what is compared
        (
            "Kessa Dawn is part of Bel Tamsin's first studio album.",
            '" Kessa Dawn " is a song recorded by Bel Tamsin for her second studio album, Orvel.',
            "refutes",
            "number",
            "the claim says first; the source says second",
        ),
        (
            "In 2004 Orvel formed.",
            "Orvel is a rock band from Kessa, disbanded in 2004.",
            "refutes",
            "direction",
            "“disbanded”",
        ),
        (
            "Kessa gin derives its main flavour from orvel berries.",
            "Kessa gin is a spirit which derives its predominant flavour from orvel berries.",
            "supports",
            "same",
            "",
        ),
        (
            "In 1986, Bel Tamsin got married.",
            "In 1986, Tamsin married the painter Dara Orvel.",
            "supports",
            "same",
            "",
        ),
        (
            "Kessaval signifies the victory of light over darkness.",
            "One of the oldest festivals of Ostrania, it signifies the victory of light over darkness.",
            "supports",
            "same",
            "",
        ),
        # what the subject is, after a bracket: the nationality after "is a former"
        (
            "Bel Kessa is only American.",
            "Bel Dara Kessa (born June 26, 1980) is a former Armenian football player who played 13 "
            "seasons in the Ostrania League.",
            "refutes",
            "substitution",
            "the source says Armenian",
        ),
        # "the European continent" is Europe; "in the southwestern region of X" is in X
        (
            "Kessaland is a country in Africa.",
            "Kessaland is a country in the European continent.",
            "refutes",
            "substitution",
            "the claim says Africa; the source says Europe",
        ),
        (
            "Orvel is a state in Mexico.",
            "Orvel is a state in the southwestern region of the United States.",
            "refutes",
            "substitution",
            "the claim says Mexico; the source says United States",
        ),
        # a name in apposition after what it is, however described
        (
            "Kessa Dawn is from Lorvane.",
            "Kessa Dawn is a single by Bel Tamsin, released from his second studio album, Orvelia.",
            "refutes",
            "substitution",
            "the claim says Lorvane; the source says Orvelia",
        ),
    ],
)
def test_readings_a_reader_makes(claim, sentence, stance, rule, reason):
    """Who a sentence speaks of (a pronoun, "the film", part of the name), frames said another
    way (a fronted participle, the passive, an apposition, a continent, a region), nationalities,
    light verbs and relational words: each decides as a reader would."""
    assert_decides(claim, sentence, stance, rule, reason)


def test_a_pronoun_after_other_sentences_may_stand_for_something_else():
    claim = "Tamsin Orvel was born in 1961."
    # the opening sentence alone: "He" can only be the claim's subject
    assert compare(claim, "He was born in 1942.").stance == "refutes"
    assert compare(claim, "He was born in 1942.", opens=False) is None or (
        compare(claim, "He was born in 1942.", opens=False).rule in GUARDS
    )
    # in a text that names someone else first, "He" is that one: nothing is decided
    decided = compare_item(claim, "Bel Kessa is a painter from Ostrania. He was born in 1942.")
    assert decided is None or decided.rule in GUARDS, decided
    # a name that is not part of the claim's subject is another subject
    other = compare(claim, "Orvelson was born in 1942.")
    assert other is None or other.rule in GUARDS, other


@pytest.mark.parametrize(
    ("claim", "sentence"),
    [
        # "no" and "failed to" bear on words the claim does not have
        ("Bel Kessa had only daughters.", "He only had two daughters and no sons."),
        (
            "Orvel Dawn was one of the worst-selling singles of all time.",
            "It failed to achieve success, selling only 12 copies, thus becoming one of the "
            "worst-selling singles of all time.",
        ),
    ],
)
def test_a_negation_of_a_word_the_claim_does_not_have_refutes_nothing(claim, sentence):
    decision = compare(claim, sentence)
    assert decision is None or decision.stance != "refutes", decision


def test_a_negation_of_the_claims_own_word_still_refutes():
    assert_decides("Kessa has dams.", "Kessa has no dams.", "refutes", "negation", "no dams")
    assert_decides(
        "Bel Kessa won the Orvel prize.",
        "Bel Kessa failed to win the Orvel prize.",
        "refutes",
        "negation",
        "failed to",
    )


def test_a_second_nationality_or_the_claims_own_is_not_a_substitution():
    both = compare(
        "Orvel Dawn is an American film.", "Orvel Dawn is an American and Australian film."
    )
    assert both is None or both.stance != "refutes", both
    # the opening's "a French film" is the film's nationality, "a British director" the director's:
    # refuted for the film's (stop 64; before, the two nationalities kept it undecided)
    two = compare(
        "Orvel Dawn is an American film.", "Orvel Dawn is a French film by a British director."
    )
    assert two is not None and two.stance == "refutes", two
    assert "French film" in two.reason and "British" not in two.reason, two.reason


@pytest.mark.parametrize(
    ("claim", "sentence", "reason"),
    [
        # an adjective and itself with a negating prefix are opposites
        (
            "Kessa water is unsafe.",
            "Kessa water is safe.",
            "“unsafe”; the source says the opposite, “safe”",
        ),
        ("The Orvel law is illegal.", "The Orvel law is legal.", "“legal”"),
        # the opposite said of the claim's subject after other words of the clause
        (
            "Kessa water is unsafe.",
            "Ostrania's health office considers Kessa water at 0.7 milligrams per liter safe and "
            "effective.",
            "“safe”",
        ),
    ],
)
def test_prefixed_opposites_refute(claim, sentence, reason):
    assert_decides(claim, sentence, "refutes", "direction", reason)


def test_prefixes_that_do_not_negate_and_opposites_said_of_another_noun_decide_nothing():
    assert antonymous("unsafe", "safe") and antonymous("ineffective", "effective")
    assert not antonymous("invaluable", "valuable") and not antonymous("inflammable", "flammable")
    same = compare("The Orvel gas is inflammable.", "The Orvel gas is flammable.")
    assert same is None or same.stance != "refutes", same
    other = compare(
        "The Orvel drug is ineffective.",
        "The Orvel drug, unlike the effective Kessa vaccine, was tested in 2001.",
    )
    assert other is None or other.stance != "refutes", other


def test_climate_change_and_global_warming_are_one_thing_and_quotes_stay_verbatim():
    decided = assert_decides(
        "Humans are causing climate change.",
        "Human activities have not caused global warming.",
        "refutes",
        "negation",
        "the source says it is not",
    )
    # the reason quotes the source's own words, never the sentence as the comparison restated it
    assert "climate change" not in decided.reason
    assert "“activities have not caused”" in decided.reason
    pronoun = compare("Tamsin Orvel won the Kessa prize.", "She did not win the Kessa prize.")
    assert pronoun is not None and pronoun.rule == "negation"
    assert "Orvel" not in pronoun.reason.split("the source")[1], pronoun.reason


def test_who_made_it_is_compared_in_either_voice():
    sentence = (
        'Orvel Dawn is a 1997 film produced by Kessa " Bel " Tamsin, Dara Lorvane and Tom Ostra '
        "and released by Fox."
    )
    decided = assert_decides(
        "Peter Kovar produced Orvel Dawn.",
        sentence,
        "refutes",
        "substitution",
        "the claim says Peter Kovar; the source says Kessa",
    )
    assert "Dara Lorvane and Tom Ostra" in decided.reason  # the whole list, as the source says it
    assert_decides("Dara Lorvane produced Orvel Dawn.", sentence, "supports", "same", "")


def test_solely_is_compared_without_the_word_but_never_supported_without_it():
    assert_decides(
        "Orvel Dawn was exclusively an American film.",
        "Orvel Dawn was a 2012 German crime thriller film directed by Bel Tamsin.",
        "refutes",
        "substitution",
        "the claim says American; the source says German",
    )
    # an encyclopaedia names every country of a co-production: one nationality is the only one
    # (stop 59; before, "exclusively" was never supported by a sentence without the word)
    assert_decides(
        "Orvel Dawn was exclusively a German film.",
        "Orvel Dawn was a 2012 German crime thriller film directed by Bel Tamsin.",
        "supports",
        "same",
        "the source gives it one nationality, German, no other",
    )
    for sentence in (
        "Orvel Dawn was a 2012 German-French crime thriller film.",
        "Orvel Dawn was a 2012 German crime thriller film shot with a French crew.",
    ):
        plain = compare("Orvel Dawn was exclusively a German film.", sentence)
        assert plain is None or plain.stance != "supports", (sentence, plain)
    plain = compare(  # not a genre: a film may be of several
        "Orvel Dawn was exclusively a crime film.",
        "Orvel Dawn was a 2012 German crime thriller film directed by Bel Tamsin.",
    )
    assert plain is None or plain.stance != "supports", plain  # the source never says "solely"


def test_a_feared_murderer_is_stated_a_murderer_but_an_alleged_one_is_not():
    assert_decides("Orvel is a murderer.", "Orvel is a feared murderer.", "supports", "same", "")
    for sentence in ("Orvel is an alleged murderer.", "Many feared that Orvel was a murderer."):
        decision = compare("Orvel is a murderer.", sentence)
        assert decision is not None and decision.rule == "reported", decision


def test_a_name_after_what_it_is_stands_in_its_place():
    assert_decides(
        "Tamsin Orvel is a character in Kessa Dorn.",
        "Tamsin Orvel is a fictional character in the novel Lorvane written by Bel Ostra in 1605.",
        "refutes",
        "substitution",
        "the claim says Kessa Dorn; the source says Lorvane",
    )
    assert_decides(
        "Tamsin Orvel is a character in Lorvane.",
        "Tamsin Orvel is a fictional character in the novel Lorvane written by Bel Ostra in 1605.",
        "supports",
        "same",
        "",
    )


def test_what_is_so_now_was_so_but_not_the_other_way_round():
    assert_decides(
        "Orvel Dawn was a German film.", "Orvel Dawn is a 2012 German film.", "supports", "same", ""
    )
    assert_decides(
        "Jon Arlen is the mayor of Dessa",
        "Jon Arlen was the mayor of Dessa until 2010.",
        "neutral",
        "tense",
        "the claim is in the present tense",
    )


def test_only_before_a_nationality_is_like_solely():
    assert_decides(
        "Bel Kessa is only American.",
        "Bel Kessa is a former Armenian football player.",
        "refutes",
        "substitution",
        "the claim says American; the source says Armenian",
    )
    alone = compare(  # a person may hold two passports; a film's credits name every country
        "Bel Kessa is only Armenian.", "Bel Kessa is a former Armenian football player."
    )
    assert alone is None or alone.stance != "supports", alone


def test_the_film_of_another_text_is_not_the_claims():
    decided = compare(
        "Dawn Over Kessa was released in 2017.",
        "Distributed by Orvel Pictures, the film was released on March 23, 2007.",
        opens=False,
    )
    assert decided is None or decided.rule in GUARDS, decided


def test_a_nationality_of_someone_else_in_the_sentence_is_not_the_subjects():
    decided = compare(
        "Bel Kessa is American.",
        "Bel Dara Kessa (born 1980) married an Armenian singer in 2004.",
    )
    assert decided is None or decided.stance != "refutes", decided


def test_a_place_and_its_country_is_one_place_not_a_list():
    decided = assert_decides(
        "The Orvel Tower is in Kessa.",
        "The Orvel Tower is a lattice tower on the Champ de Dorn in Lorvane, Ostrania.",
        "refutes",
        "substitution",
        "the claim says Kessa; the source says Lorvane",
    )
    assert decided.reason.endswith("the source says Lorvane"), decided.reason


@pytest.mark.parametrize(
    "sentence, narrower",
    [
        ("COVID-19 vaccines are safe and effective.", "COVID-19 vaccines"),
        ("Licensed measles vaccines are safe.", "Licensed measles vaccines"),
        ("Some vaccines are safe.", "Some vaccines"),
        ("Most of the vaccines are safe.", "Most of the vaccines"),
    ],
)
def test_a_narrower_kind_does_not_state_the_general_claim(sentence, narrower):
    """'Vaccines are safe' is about vaccines in general: a sentence about COVID-19 vaccines, or
    some of them, does not state it (a reader would not take it as proof), and the reason names
    the narrower subject as the source writes it."""
    assert_decides(
        "Vaccines are safe", sentence, "neutral", "subject", f"the source says it of {narrower},"
    )


@pytest.mark.parametrize(
    "sentence",
    ["Vaccines are safe.", "All vaccines are safe.", "Experts agree that vaccines are safe."],
)
def test_the_kind_itself_still_states_the_general_claim(sentence):
    assert_decides("Vaccines are safe", sentence, "supports", "same", "")


def test_a_narrower_counterexample_still_refutes():
    """Only support is held back: "measles vaccines do not cause autism" contradicts "vaccines
    cause autism" (WHO's seeded myth-buster says it of vaccines like this)."""
    assert_decides(
        "Vaccines cause autism", "Measles vaccines do not cause autism.", "refutes", "negation", ""
    )


@pytest.mark.parametrize(
    ("words", "value"),
    [
        ("two dozen eggs", 24),
        ("three hundred people", 300),
        ("twenty-five people", 25),
        ("a dozen eggs", 12),
    ],
)
def test_number_words_multiply_by_hundred_and_dozen(words, value):
    """'two dozen' is 24 and 'three hundred' 300 (both were added, 14 and 103)."""
    (q,) = quantities(words)
    assert q.low == q.high == value


def test_two_dozen_refutes_twenty_and_supports_twenty_four():
    sentence = "The Velmar choir has two dozen singers."
    assert_decides("The Velmar choir has 24 singers", sentence, "supports", "same", "")
    assert_decides("The Velmar choir has 20 singers", sentence, "refutes", "number", "two dozen")


def test_a_kind_is_said_by_a_kind_of_it_and_not_the_other_way():
    """A vocalist is a musician, so "Orvel Tamsin is a musician" is stated by "… is a vocalist";
    "… is a vocalist" is not stated by "… is a musician" (a musician may play the drums)."""
    assert_decides(
        "Orvel Tamsin is a musician.", "Orvel Tamsin is a vocalist.", "supports", "same", ""
    )
    assert_decides(
        "Orvel Tamsin is not a musician.", "Orvel Tamsin is a vocalist.", "refutes", "negation", ""
    )
    reverse = compare("Orvel Tamsin is a vocalist.", "Orvel Tamsin is a musician.")
    assert reverse is None or reverse.stance != "supports", reverse


def test_a_kind_found_only_where_another_part_stands_states_nothing():
    """ "Vegetables" is found at "tomatoes" (WordNet's tomato is a vegetable), but "tomatoes" is
    the claim's subject: "tomatoes are fruits" does not state that tomatoes are vegetables."""
    decided = compare("Tomatoes are vegetables.", "Botanically, tomatoes are fruits.")
    assert decided is None or decided.stance != "supports", decided
    assert_decides(
        "Tomatoes are fruits.", "Botanically, tomatoes are fruits.", "supports", "same", ""
    )


def test_parts_picked_from_the_items_of_a_list_state_nothing():
    """A claim whose parts are found only across the items of a list is not stated by it: the
    sentence lists effects, it does not say the one thing the claim says of the other."""
    sentence = (
        "The Velmar region is affected by current global warming, leading to sea ice shrinkage, "
        "diminished ice in the Orvel ice sheet, and methane release as the permafrost thaws."
    )
    decision = compare("Melting ice isn't warming the Velmar region.", sentence)
    assert decision is None or decision.rule in GUARDS, decision
    # a list the subject stands before, or an apposition, is read as usual
    for sentence in (
        "Orvel Tamsin (born June 26, 1980) is an American actor, singer, dancer, and producer.",
        "Orvel Tamsin is an American actor, singer, dancer, and producer.",
    ):
        assert_decides("Orvel Tamsin is a producer.", sentence, "supports", "same", "")
    assert_decides(
        "Orvel Tamsin was born in Velmar.",
        "Orvel Tamsin, an American actor, singer, and dancer, was born in Velmar.",
        "supports",
        "same",
        "",
    )
    # a claim that is itself a list is still matched item by item
    assert_decides(
        "Orvel syndrome is marked by fever, rash, fatigue, and headache.",
        "Orvel syndrome is marked by a sudden fever, a rash, fatigue, and headache.",
        "supports",
        "same",
        "",
    )


def test_born_in_a_life_span_is_no_occupation():
    """ "X (born …) was an American actress, singer, dancer and author" restated as "X was born on
    …" does not put "born" in the place of the claim's "writer" (WordNet also lists Born, the
    physicist, as a noun)."""
    decision = compare(
        "Tamsin Orvel was a writer.",
        "Tamsin Orvel (born Jeanette Morrison; July 6, 1927 -- October 3, 2004) was an American "
        "actress, singer, dancer and author.",
    )
    assert decision is None or decision.rule != "substitution", decision


@pytest.mark.parametrize(
    ("claim", "sentence", "stance", "rule", "reason"),
    [
        # a measure's adjective after its quantity is the quantity's dimension, which a sentence
        # may say with its noun, in other units
        (
            "Mount Orvel is 8,849 metres tall",
            "Mount Orvel's elevation is 29,032 feet above sea level.",
            "supports",
            "same",
            "the source states every part of the claim",
        ),
        (
            "Mount Orvel is 9,000 metres tall",
            "Mount Orvel's elevation is 29,032 feet above sea level.",
            "refutes",
            "number",
            "the claim says 9,000 metres; the source says 29,032 feet",
        ),
        (
            "The river Xanthe is 212 km long",
            "The length of the river Xanthe is 212 kilometres.",
            "supports",
            "same",
            "the source states every part of the claim",
        ),
        (
            "Lake Vessa is 1,642 m deep",
            "Lake Vessa has a maximum depth of 1,642 metres.",
            "supports",
            "same",
            "the source states every part of the claim",
        ),
    ],
)
def test_a_measure_is_said_by_its_adjective_or_its_noun(claim, sentence, stance, rule, reason):
    assert_decides(claim, sentence, stance, rule, reason)


@pytest.mark.parametrize(
    ("claim", "sentence"),
    [
        # another dimension of the same quantity says nothing about this one
        ("The river Xanthe is 212 km long", "The river Xanthe is 212 km wide."),
        ("The river Xanthe is 212 km long", "The river Xanthe is 212 km from the sea."),
        # "tall" is an adjective here: WordNet's noun "tall" (a garment size) is of one kind with
        # "elevation", but an adjective against a noun is no other thing in the slot (this was a
        # wrong False: "the claim says tall; the source says elevation")
        ("Mount Orvel is high", "Mount Orvel has an elevation of 8,849 m."),
        # outside a measure the adjectives keep their meaning
        ("The tower is old", "The tower's age is 12 years."),
    ],
)
def test_measures_that_do_not_plainly_decide_are_left_alone(claim, sentence):
    decision = compare(claim, sentence)
    assert decision is None or decision.rule in GUARDS, decision


@pytest.mark.parametrize(
    ("claim", "sentence", "stance", "rule", "reason"),
    [
        # a value stands for what it rounds to, or is cut to, at the digits it is written with
        (
            "Velmar orbits Tessa once every 365.25 days",
            "Velmar orbits Tessa once every 365.256 days.",
            "supports",
            "same",
            "the source states every part of the claim",
        ),
        (
            "The population of Ostrania is 68 million",
            "Ostrania has a population of 68.4 million people.",
            "supports",
            "same",
            "the source states every part of the claim",
        ),
        (
            "The population of Ostrania is 66 million",
            "Ostrania has a population of 68.4 million people.",
            "refutes",
            "number",
            "the claim says 66 million; the source says 68.4 million",
        ),
        (
            "The river Xanthe is 212 km long",
            "The river Xanthe is 213.4 km long.",
            "refutes",
            "number",
            "the claim says 212 km; the source says 213.4 km",
        ),
        (
            "Kessa Labs has 205 employees",
            "Kessa Labs has 206 employees.",
            "refutes",
            "number",
            "the claim says 205; the source says 206",
        ),
    ],
)
def test_a_value_is_read_at_the_precision_it_is_written(claim, sentence, stance, rule, reason):
    assert_decides(claim, sentence, stance, rule, reason)


@pytest.mark.parametrize(
    ("claim", "sentence"),
    [
        # the sentence rounds: it cannot contradict a finer value
        ("The population of Ostrania is 68.4 million", "Ostrania has a population of 68 million."),
        # a name set against the statement ("than", "unlike", "rather than") is not what it is
        # about: this was a wrong True ("the source states every part of the claim")
        ("Velmar is a hot planet", "Tessa is a hot planet, hotter than Velmar."),
        ("Velmar is a hot planet", "Unlike Velmar, Tessa is a hot planet."),
        # refuted to a reader, but the holder's name is not next to its verb: not read
        ("Velmar is the hottest planet", "Tessa, instead of Velmar, is the hottest planet."),
    ],
)
def test_rounded_sources_and_contrasted_names_do_not_decide(claim, sentence):
    decision = compare(claim, sentence)
    assert decision is None or decision.rule in GUARDS, decision


@pytest.mark.parametrize(
    "sentence",
    [
        "Tessa is the hottest planet in the system, hotter than Velmar.",
        "Unlike Velmar, Tessa is the hottest planet.",
        "Tessa is the hottest planet, rather than Velmar.",
    ],
)
def test_a_name_set_against_the_one_holder_of_a_role_is_refuted(sentence):
    """Once a wrong True ("the source states every part of the claim"): the name set against
    the statement is not what it is about, and the hottest planet is only one."""
    decision = compare("Velmar is the hottest planet", sentence)
    assert decision is not None and decision.stance == "refutes", decision


def test_a_claim_that_sets_the_name_against_it_too_is_still_stated():
    assert_decides(
        "Tessa is hotter than Velmar",
        "Tessa is hotter than Velmar, the closest planet to the star.",
        "supports",
        "same",
        "the source states every part of the claim",
    )


@pytest.mark.parametrize(
    ("claim", "sentence"),
    [
        # another's: the sentence speaks of the claim's subject's brother (these were wrong Trues)
        ("Ana Roske is a vegetarian", "Ana Roske's brother is a vegetarian."),
        ("Ana Roske was born in Velmar", "Ana Roske's father was born in Velmar."),
        ("Ana Roske was born in Tessa", "Ana Roske's father was born in Velmar."),
        # only intended (these were wrong Trues)
        ("Ostrania banned plastic bags", "Ostrania considered banning plastic bags but did not."),
        ("Ostrania banned plastic bags", "Ostrania plans to ban plastic bags in 2030."),
        # a negation of another verb (this was a wrong False)
        (
            "The drug eases the symptoms",
            "The drug does not cure the disease but eases its symptoms.",
        ),
    ],
)
def test_parts_in_another_role_do_not_state_the_claim(claim, sentence):
    decision = compare(claim, sentence)
    assert decision is None or decision.rule in GUARDS, decision


@pytest.mark.parametrize(
    ("claim", "sentence", "stance", "rule", "reason"),
    [
        # the claim's deed done by another name (these were wrong Trues)
        (
            "Ana Roske founded Kessa Labs",
            "Kessa Labs was founded by Bel Tamsin, who later hired Ana Roske.",
            "refutes",
            "substitution",
            "the claim says Ana Roske; the source says Bel Tamsin",
        ),
        (
            "Bel Tamsin directed Nightfall",
            "Nightfall was produced by Bel Tamsin and directed by Ana Roske.",
            "refutes",
            "substitution",
            "the claim says Bel Tamsin; the source says Ana Roske",
        ),
        # the claim's doer among the sentence's, however described, still states it
        (
            "Nightfall was recorded by Ana Roske",
            "Nightfall is a song recorded by Ostranian singer Ana Roske for her second album.",
            "supports",
            "same",
            "the source states every part of the claim",
        ),
        (
            "Bel Tamsin directed Nightfall",
            "Nightfall was directed by Ana Roske and Bel Tamsin.",
            "supports",
            "same",
            "the source states every part of the claim",
        ),
        # the claim's subject owns what the claim says too
        (
            "Ana Roske's father was born in Velmar",
            "Ana Roske's father was born in Velmar in 1931.",
            "supports",
            "same",
            "the source states every part of the claim",
        ),
        # the subject's own, and then the subject itself: the sentence still says it of it
        (
            "Velmar is flat",
            "Velmar's shadow on the Moon and circumnavigation confirm that Velmar is round and not flat.",
            "refutes",
            "negation",
            "the claim says it is so; the source says it is not (“round and not flat”)",
        ),
        # a negation of two verbs joined by "or" bears on both
        (
            "Vitamin Q cures the common cold",
            "Taking vitamin Q does not prevent or cure the common cold.",
            "refutes",
            "negation",
            "the claim says it is so; the source says it is not (“Q does not prevent or cure”)",
        ),
        # a negation through "managed to" still bears on the claim's verb
        (
            "Ana Roske wrote a novel",
            "Ana Roske was a singer and dancer but never managed to write a novel.",
            "refutes",
            "negation",
            "the claim says it is so; the source says it is not (“dancer but never managed to write”)",
        ),
    ],
)
def test_who_does_what_is_read(claim, sentence, stance, rule, reason):
    assert_decides(claim, sentence, stance, rule, reason)


@pytest.mark.parametrize(
    ("claim", "sentence"),
    [
        # each was a wrong True
        (
            "Ana Roske is the CEO of Kessa Labs",
            "Ana Roske, the former CEO of Kessa Labs, spoke on Monday.",
        ),
        (
            "Velmar has a population of 1.5 million",
            "Velmar has a population of 2 million, up from 1.5 million in 2000.",
        ),
        ("Kessa Labs makes electric cars", "Kessa Labs makes batteries for electric cars."),
    ],
)
def test_a_former_holder_an_earlier_value_and_anothers_object_do_not_state_it(claim, sentence):
    decision = compare(claim, sentence)
    assert decision is None or decision.rule in GUARDS, decision


def test_a_place_near_another_is_not_in_it():
    # this was a wrong True: "near Velmar" is where Tessa is, not where she was born
    assert_decides(
        "Ana Roske was born in Velmar in 1961",
        "Ana Roske was born in 1961 in Tessa, a town near Velmar.",
        "refutes",
        "substitution",
        "the claim says Velmar; the source says Tessa",
    )
    assert_decides(
        "Tessa is near Velmar",
        "Tessa is a small town near Velmar.",
        "supports",
        "same",
        "the source states every part of the claim",
    )


def test_another_direction_and_another_number_together_refute():
    # both parts say otherwise: this was left undecided
    assert_decides(
        "Unemployment in Ostrania rose to 5% in 2023",
        "Unemployment in Ostrania fell to 3.5% in 2023.",
        "refutes",
        "direction",
        "the claim says “rose”; the source says the opposite, “fell”",
    )
    # another number with any other word in its place is still not plain
    assert (
        compare(
            "Unemployment in Ostrania rose to 5% in 2023",
            "Unemployment in Ostrania stood at 3.5% in 2023.",
        )
        is None
        or compare(
            "Unemployment in Ostrania rose to 5% in 2023",
            "Unemployment in Ostrania stood at 3.5% in 2023.",
        ).rule
        in GUARDS
    )


@pytest.mark.parametrize(
    ("claim", "sentence"),
    [
        # each was a wrong True
        (
            "The Orvel Dam produces 500 MW",
            "The Orvel Dam was designed to produce 500 MW but produces only 300 MW.",
        ),
        ("Ana Roske is the mayor of Velmar", "Ana Roske is running for mayor of Velmar."),
        ("Ana Roske won the election", "Ana Roske is expected to win the election."),
        (
            "Kessa Labs was acquired by Orvel Corp",
            "Kessa Labs rejected an offer to be acquired by Orvel Corp.",
        ),
        ("Ostrania has 12 provinces", "Ostrania is divided into 12 regions and 40 provinces."),
        ("Tessa is the oldest city in Ostrania", "Tessa is one of the oldest cities in Ostrania."),
    ],
)
def test_intentions_other_counts_and_one_of_several_do_not_state_it(claim, sentence):
    decision = compare(claim, sentence)
    assert decision is None or decision.rule in GUARDS, decision


def test_a_deed_by_the_claims_subjects_relative_is_anothers():
    # this was a wrong True: "Ana Roske's husband" is not Ana Roske
    assert_decides(
        "Ana Roske wrote Nightfall",
        "Nightfall was written by Ana Roske's husband, Bel Tamsin.",
        "refutes",
        "substitution",
        "the claim says Ana Roske; the source says Ana Roske's husband, Bel Tamsin",
    )
    # turning an offer down is still the negation it was
    assert_decides(
        "Jeong Tamsin works under Kessa Entertainment",
        "Jeong Tamsin is a comedian who repeatedly turned down offers to work under Kessa Entertainment.",
        "refutes",
        "negation",
        "the claim says it is so; the source says it is not (“who repeatedly turned down offers”)",
    )


@pytest.mark.parametrize(
    ("claim", "sentence", "reason"),
    [
        (
            "Berlin is the capital of France.",
            "Paris is the capital and most populous city of France.",
            "the claim says Berlin is the capital of France; the source says Paris is",
        ),
        (
            "Velmar is the largest city in Ostrania.",
            "Tessa is the largest city in Ostrania.",
            "the source says Tessa is, and only one can be",
        ),
        (
            "Orvel Tamsin was the first person to climb Mount Kessa.",
            "Bel Ana Roske was the first person to climb Mount Kessa.",
            "the source says Bel Ana Roske was",
        ),
        (
            "Mount Velmar is the tallest mountain in Ostrania.",
            "Mount Tessa is the tallest mountain in Ostrania.",
            "the source says Mount Tessa is",
        ),
    ],
)
def test_a_role_only_one_can_hold_given_to_another_name_refutes(claim, sentence, reason):
    assert_decides(claim, sentence, "refutes", "substitution", reason)


@pytest.mark.parametrize(
    ("claim", "sentence"),
    [
        # another time: both were so
        ("Bonn was the capital of Ostrania.", "Tessa was the capital of Ostrania."),
        (
            "Velmar is the largest city in Ostrania.",
            "In 1900, Tessa was the largest city in Ostrania.",
        ),
        # another role, or not the one the claim names
        (
            "Velmar is the largest city in Ostrania.",
            "Tessa is the second largest city in Ostrania.",
        ),
        ("Velmar is the capital of Ostrania.", "Tessa is the legislative capital of Ostrania."),
        ("Velmar is the capital of Ostrania.", "Tessa is a capital of Ostrania."),
        # a role more than one may hold
        ("Ana Roske is a director of Kessa Labs.", "Bel Tamsin is a director of Kessa Labs."),
        # the name may be the claim's own
        ("Velmar is the largest city in Ostrania.", "It is the largest city in Ostrania."),
        (
            "Velmar is the largest city in Ostrania.",
            "Old Velmar City is the largest city in Ostrania.",
        ),
        ("Velmar is the largest city in Ostrania.", "Tessa is not the largest city in Ostrania."),
        ("Velmar is the largest city in Ostrania.", "Tessa may be the largest city in Ostrania."),
    ],
)
def test_roles_that_others_may_hold_too_decide_nothing_against_the_claim(claim, sentence):
    decided = compare(claim, sentence)
    assert decided is None or decided.stance != "refutes", decided


def test_a_known_name_that_opens_the_claim_is_a_name():
    """WordNet knows "Einstein" (and a genius called an einstein), "Berlin", "Saturn": as the first,
    capitalised word of a claim they are names, so "Einstein" is found in "Albert Einstein"."""
    assert_decides(
        "Einstein developed the theory of relativity.",
        "Albert Einstein developed the theory of relativity.",
        "supports",
        "same",
        "",
    )
    assert_decides(
        "Saturn is the largest planet in the Solar System.",
        "Jupiter is the largest planet in the Solar System.",
        "refutes",
        "substitution",
        "Jupiter",
    )
    decided = compare("Water boils at 90 degrees.", "Water boils at 100 degrees at sea level.")
    assert decided is not None and decided.rule == "number", decided


@pytest.mark.parametrize(
    ("claim", "sentence", "word"),
    [
        ("Kessa Labs made a profit in 2020.", "Kessa Labs made a loss in 2020.", "loss"),
        (
            "The Velmar bill was passed by the Senate.",
            "The Velmar bill was rejected by the Senate.",
            "rejected",
        ),
        (
            "Ana Roske was acquitted of fraud.",
            "Ana Roske was convicted of fraud in 2019.",
            "convicted",
        ),
        (
            "The Velmar budget had a surplus in 2018.",
            "The Velmar budget had a deficit in 2018.",
            "deficit",
        ),
    ],
)
def test_opposites_of_money_votes_and_verdicts_refute(claim, sentence, word):
    assert_decides(claim, sentence, "refutes", "direction", f"the opposite, “{word}”")


def test_a_date_belongs_to_the_verb_beside_it():
    """ "began in 1972 and was completed in 1979": 1972 is when it began, so the sentence does not
    state that it was completed in 1972 (this was a wrong True)."""
    sentence = "Construction of the Velmar dam began in 1972 and was completed in 1979."
    decided = compare("The Velmar dam was completed in 1972.", sentence)
    assert decided is None or decided.stance != "supports", decided
    assert_decides("The Velmar dam was completed in 1979.", sentence, "supports", "same", "")
    assert_decides(
        "Construction of the Velmar dam began in 1972.", sentence, "supports", "same", ""
    )


@pytest.mark.parametrize(
    ("claim", "sentence"),
    [
        # a part played is not what she is
        ("Ana Roske is a doctor.", "Ana Roske played a doctor in the film Nightfall."),
        ("Ana Roske is a doctor.", "In Nightfall, Ana Roske starred as a doctor."),
        # one number is a part of the whole: neither the part nor the whole is plain
        (
            "Kessa Labs has 200 employees.",
            "Kessa Labs has 200 employees in Velmar and 300 more abroad.",
        ),
        (
            "Kessa Labs has 500 employees.",
            "Kessa Labs has 200 employees in Velmar and 300 more abroad.",
        ),
        # the claim's verb twice, beside two dates
        (
            "The Velmar bridge opened in 1990.",
            "The Velmar bridge, which replaced a ferry that opened in 1990, opened in 2005.",
        ),
        # a division of the claim's place, a crowd's view, a narrower role, another time word
        (
            "Velmar is the capital of Ostrania.",
            "Velmar is the capital of Ostrania's Kessa province.",
        ),
        (
            "Velmar is the capital of Ostrania.",
            "Tessa is the capital of Ostrania's Kessa province.",
        ),
        (
            "Ana Roske is the best player in Velmar.",
            "Bel Tamsin is the best player in Velmar, according to fans.",
        ),
        (
            "Ana Roske was the first woman to win the Kessa Prize.",
            "Bel Tamsin was the first woman to win the Kessa Prize for fiction.",
        ),
        (
            "Ana Roske visited Velmar during the war.",
            "Ana Roske never visited Velmar before the war.",
        ),
    ],
)
def test_readings_that_are_not_plain_decide_nothing(claim, sentence):
    """Each of these was a wrong True or False ("the source states every part of the claim")."""
    decided = compare(claim, sentence)
    assert decided is None or decided.rule in GUARDS, decided


def test_working_as_one_still_states_it():
    assert_decides(
        "Ana Roske is a doctor.", "Ana Roske worked as a doctor in Velmar.", "supports", "same", ""
    )


def test_never_refutes_the_deed_at_any_time_or_place():
    """ "never failed mathematics" is at no time and in no place: it refutes "failed mathematics at
    school"; not another deed of the same kind somewhere the sentence names itself."""
    assert_decides(
        "Orvel Tamsin failed mathematics at school.",
        "Orvel Tamsin never failed mathematics; he excelled at it.",
        "refutes",
        "negation",
        "never failed mathematics",
    )
    for sentence in (
        "Ana Roske never lost a match on clay.",
        "Ana Roske never lost a match in Velmar.",
    ):
        decided = compare("Ana Roske lost a match on grass.", sentence)
        assert decided is None or decided.stance != "refutes", decided
    decided = compare("Ana Roske visited Tessa in 2010.", "Ana Roske never visited Velmar.")
    assert decided is None or decided.stance != "refutes", decided


def test_a_value_beside_another_year_does_not_state_the_claims_pair():
    """ "8 percent in 2022, and 10 percent in 2023" holds both 10% and 2022, but not together: it
    was a wrong True for "reached 10% in 2022"."""
    sentence = "Inflation in Ostrania reached 8 percent in 2022, and 10 percent in 2023."
    decided = compare("Inflation in Ostrania reached 10% in 2022.", sentence)
    assert decided is None or decided.stance != "supports", decided
    assert_decides("Inflation in Ostrania reached 8% in 2022.", sentence, "supports", "same", "")
    decided = compare("Inflation in Ostrania reached 12% in 2023.", sentence)
    assert decided is not None and decided.stance == "refutes", decided


def test_a_present_claim_is_not_stated_by_its_verb_in_the_past():
    """ "lived in Velmar until 2010 and now lives in Tessa" was a wrong True for "lives in Velmar"."""
    for claim, sentence in (
        (
            "Ana Roske lives in Velmar.",
            "Ana Roske lived in Velmar until 2010 and now lives in Tessa.",
        ),
        ("Ana Roske works for Kessa Labs.", "Ana Roske worked for Kessa Labs from 2001 to 2005."),
    ):
        assert_decides(claim, sentence, "neutral", "tense", "the source speaks of the past")
    assert_decides(
        "Ana Roske lived in Velmar.", "Ana Roske lives in Velmar.", "supports", "same", ""
    )


def test_the_claims_place_after_its_verb_filled_otherwise_refutes():
    """ "headquartered in Tessa, with offices in Velmar": the slot after "headquartered in" holds
    Tessa, and Velmar stands elsewhere (this was a wrong True for "… in Velmar")."""
    sentence = "Kessa Labs is headquartered in Tessa, with offices in Velmar."
    assert_decides(
        "Kessa Labs is headquartered in Velmar.", sentence, "refutes", "substitution", "Tessa"
    )
    assert_decides("Kessa Labs is headquartered in Tessa.", sentence, "supports", "same", "")


@pytest.mark.parametrize(
    ("claim", "sentence"),
    [
        # each was a wrong True
        (
            "Ana Roske is the CEO of Kessa Labs.",
            "Ana Roske stepped down as CEO of Kessa Labs in 2019.",
        ),
        ("Ana Roske is the CEO of Kessa Labs.", "Ana Roske resigned as the CEO of Kessa Labs."),
        ("Kessa Labs was acquired by Orvel Corp.", "Kessa Labs acquired Orvel Corp in 2018."),
    ],
)
def test_a_post_left_and_a_deed_in_the_other_voice_do_not_state_the_claim(claim, sentence):
    decided = compare(claim, sentence)
    assert decided is None or decided.stance != "supports", decided


def test_the_word_itself_is_read_before_its_synonym():
    """WordNet gives "sign" and "ratify" one sense: "signed in 1920 but never ratified" was read as
    stating "ratified in 1920"."""
    sentence = "The Velmar treaty was signed in 1920 but never ratified."
    assert_decides(
        "The Velmar treaty was ratified in 1920.", sentence, "refutes", "negation", "never ratified"
    )
    assert_decides("The Velmar treaty was signed in 1920.", sentence, "supports", "same", "")


@pytest.mark.parametrize(
    ("sentence", "rule", "reason"),
    [
        ("Experts reject the idea that coffee causes cancer.", "framing", "reject the idea that"),
        ("Scientists have debunked the claim that coffee causes cancer.", "framing", "debunked"),
        ("No study has shown that coffee causes cancer.", "framing", "No study has shown that"),
    ],
)
def test_a_sentence_that_rejects_the_claim_refutes_it(sentence, rule, reason):
    """Each was a wrong True ("Experts reject the idea that coffee causes cancer" states every word)."""
    assert_decides("Coffee causes cancer.", sentence, "refutes", rule, reason)


@pytest.mark.parametrize(
    ("sentence", "rule"),
    [
        ("Critics say coffee causes cancer, but the evidence is weak.", "reported"),
        ('"Coffee causes cancer," the tabloid claimed.', "reported"),
        ("Does coffee cause cancer?", "question"),
        ("Coffee rarely causes cancer.", "hedge"),
        ("Coffee causes cancer in rats, a 1981 study found.", "subject"),
    ],
)
def test_a_sentence_that_reports_asks_or_narrows_does_not_state_the_claim(sentence, rule):
    """Each but the question was a wrong True."""
    decided = compare("Coffee causes cancer.", sentence)
    assert decided is not None and (decided.stance, decided.rule) == ("neutral", rule), decided


@pytest.mark.parametrize(
    ("claim", "sentence", "reason"),
    [
        (
            "Ana Roske was born in Velmar.",
            "Bel Tamsin, a friend of Ana Roske, was born in Velmar.",
            "of a friend of Ana Roske",
        ),
        (
            "Ana Roske was born in 1950.",
            "Ana Roske married Bel Tamsin, who was born in 1950.",
            "of Bel Tamsin",
        ),
        (
            "The Velmar river is 200 km long.",
            "The Velmar river's main tributary is 200 km long.",
            "main tributary",
        ),
        (
            "The Velmar river is 200 km long.",
            "The navigable part of the Velmar river is 200 km long.",
            "of the navigable part of the Velmar river",
        ),
    ],
)
def test_what_the_sentence_says_of_another_thing_the_subject_is_named_in_is_not_stated(
    claim, sentence, reason
):
    """Each was a wrong True: the claim's subject is only named inside what the sentence is about."""
    assert_decides(claim, sentence, "neutral", "subject", reason)


@pytest.mark.parametrize(
    ("claim", "sentence"),
    [
        ("Ana Roske was born in 1950.", "Ana Roske, who was born in 1950, married Bel Tamsin."),
        ("Velmar has 10,000 inhabitants.", "The city of Velmar has 10,000 inhabitants."),
        ("The Velmar river is 200 km long.", "The Velmar river's length is 200 km."),
    ],
)
def test_the_subject_itself_in_such_phrases_still_states_the_claim(claim, sentence):
    assert_decides(claim, sentence, "supports", "same", "")


def test_what_was_so_at_first_is_not_stated_now():
    """ "initially supported the treaty but later opposed it" was a wrong True for "supports"."""
    assert_decides(
        "Ana Roske supports the Velmar treaty.",
        "Ana Roske initially supported the Velmar treaty but later opposed it.",
        "neutral",
        "tense",
        "initially supported",
    )


def test_a_round_figure_is_not_the_same_value_as_a_finer_one_far_from_it():
    """ "$2 billion" was read as "$2.4 billion" written to fewer digits (a wrong True); a figure
    stands for what it rounds to only where its last digit is at most 5 % of it."""
    decided = compare("The Velmar dam cost $2 billion.", "The Velmar dam cost $2.4 billion.")
    assert decided is None or decided.stance != "supports", decided
    assert_decides(
        "The population of Ostrania is 68 million.",
        "Ostrania has a population of 68.4 million.",
        "supports",
        "same",
        "",
    )


def test_a_denial_and_a_ban_considered_do_not_state_the_claim():
    """Both were wrong Trues: a denial is someone's view; "considering a ban" is an intention."""
    decided = compare(
        "Ana Roske was arrested in Velmar.",
        "Police denied that Ana Roske had been arrested in Velmar.",
    )
    assert decided is not None and (decided.stance, decided.rule) == ("neutral", "reported"), (
        decided
    )
    decided = compare("Ostrania banned TikTok.", "Ostrania is considering a ban on TikTok.")
    assert decided is not None and (decided.stance, decided.rule) == ("neutral", "hedge"), decided


def test_a_pronoun_after_a_sentence_about_the_subject_alone_stands_for_it():
    """ "Ana Roske is a Borovian painter. She was born in Velmar …": the second sentence speaks of
    her; not after a sentence that names another person ("… married Bel Tamsin. He was born …")."""
    text = "Ana Roske is a Borovian painter. She was born in Velmar in 1950 and moved to Tessa in 1970."
    supported = compare_item("Ana Roske was born in Velmar.", text)
    assert supported is not None and supported.stance == "supports", supported
    refuted = compare_item("Ana Roske was born in Tessa.", text)
    assert refuted is not None and refuted.stance == "refutes", refuted
    chained = compare_item(
        "Ana Roske was born in Velmar.",
        "Ana Roske is a painter. She studied in Tessa. She was born in Velmar.",
    )
    assert chained is not None and chained.stance == "supports", chained
    for other in (
        "Ana Roske married Bel Tamsin in 1970. He was born in Velmar.",
        "Bel Tamsin is a painter. Ana Roske, his wife, is a sculptor. She was born in Velmar.",
    ):
        assert compare_item("Ana Roske was born in Velmar.", other) is None


@pytest.mark.parametrize(
    ("claim", "sentence", "rule"),
    [
        # each was a wrong True
        (
            "Ana Roske won the Kessa Prize in 2010.",
            "Ana Roske was shortlisted for the Kessa Prize in 2010, which Bel Tamsin won.",
            "subject",
        ),
        (
            "Orvel Corp employs 3,000 people.",
            "Kessa Labs, which employs 3,000 people in Ostrania, is owned by Orvel Corp.",
            "subject",
        ),
        (
            "Ana Roske is a member of parliament.",
            "Ana Roske hopes to become a member of parliament.",
            "hedge",
        ),
        (
            "Ana Roske is a member of parliament.",
            "Ana Roske ran unsuccessfully to become a member of parliament.",
            "hedge",
        ),
        (
            "The Velmar museum opened in 1990.",
            "The Velmar museum was due to open in 1990 but opened in 1992.",
            "hedge",
        ),
        ("Kessa Labs went bankrupt in 2015.", "Kessa Labs nearly went bankrupt in 2015.", "hedge"),
        ("Ana Roske died in 2015.", "Ana Roske almost died in 2015.", "hedge"),
    ],
)
def test_another_doer_a_deed_hoped_for_and_a_near_miss_are_held_back(claim, sentence, rule):
    decided = compare(claim, sentence)
    assert decided is not None and (decided.stance, decided.rule) == ("neutral", rule), decided


def test_not_the_only_one_is_still_one():
    """ "Smoking is not the only cause of lung cancer" says smoking is a cause (it was read as a
    negation and refuted "Smoking causes lung cancer")."""
    decided = compare(
        "Smoking causes lung cancer.", "Smoking is not the only cause of lung cancer."
    )
    assert decided is None or decided.stance != "refutes", decided


def test_a_state_undone_in_the_same_sentence_is_not_stated():
    """Both were wrong Trues: the sentence says the factory was open and then closed, and that the
    mine ceased operation."""
    decided = compare(
        "The Velmar factory is open.", "The Velmar factory, open since 1950, closed in 2020."
    )
    assert decided is None or decided.stance != "supports", decided
    assert_decides(
        "The Velmar mine is still in operation.",
        "The Velmar mine ceased operation in 1998.",
        "neutral",
        "tense",
        "ceased operation",
    )


@pytest.mark.parametrize(
    ("claim", "sentence"),
    [
        # the number of a name is not a quantity: another mission, another aircraft, not another count
        ("Apollo 11 landed on the Moon in 1969.", "Apollo 12 landed on the Moon in November 1969."),
        ("The Boeing 747 first flew in 1969.", "The Boeing 737 first flew in 1967."),
        (
            "The Apollo 11 Moon landing happened.",
            "Between 1969 and 1972 six Apollo missions landed on the Moon and twelve astronauts"
            " walked on its surface.",
        ),
    ],
)
def test_the_number_of_a_name_is_not_compared_as_a_quantity(claim, sentence):
    decision = compare(claim, sentence)
    assert decision is None or decision.rule != "number", decision


def test_a_count_or_a_year_after_a_capital_is_still_a_number():
    assert_decides(
        "In 2019 Kessa Labs had 300 employees.",
        "In 2019 Kessa Labs had 200 employees.",
        "refutes",
        "number",
        "the claim says 300; the source says 200",
    )
    assert_decides(
        "Apollo 11 landed on the Moon in 1969.",
        "Apollo 11 landed on the Moon in 1970.",
        "refutes",
        "number",
        "the claim says 1969; the source says 1970",
    )


def test_a_turn_to_another_statement_does_not_state_the_claim():
    """ "…, but its capital is Tessa" says the capital is another city: a wrong True before."""
    decision = compare(
        "Velmar is the capital of Ostrania.",
        "Velmar is the largest city of Ostrania, but its capital is Tessa.",
    )
    assert decision is not None and decision.stance != "supports", decision
    assert decision.rule == "subject" and "but its capital" in decision.reason
    # the subject carried over the turn still states it
    assert_decides(
        "Velmar is the capital of Ostrania.",
        "Velmar is small, but is the capital of Ostrania.",
        "supports",
        "same",
        "every part",
    )


@pytest.mark.parametrize(
    ("claim", "sentence"),
    [
        ("Unemployment rose to 5% in 2020.", "Unemployment rose 5% in 2020."),
        ("Unemployment rose by 5% in 2020.", "Unemployment rose to 5% in 2020."),
        ("Unemployment was 5% in 2020.", "Unemployment rose 5% in 2020."),
    ],
)
def test_the_level_a_change_reached_is_not_the_amount_it_moved_by(claim, sentence):
    decision = compare(claim, sentence)
    assert decision is not None and decision.rule == "partial", decision


def test_a_level_reached_states_the_level_and_a_year_opening_the_sentence_is_a_time():
    for sentence in ("Unemployment rose to 5% in 2020.", "In 2020 unemployment rose to 5%."):
        assert_decides("Unemployment was 5% in 2020.", sentence, "supports", "same", "")
        assert_decides("Unemployment rose to 5% in 2020.", sentence, "supports", "same", "")


def test_who_became_the_first_holds_the_role():
    assert_decides(
        "Buzz Aldrin was the first person to walk on the Moon.",
        "Neil Armstrong became the first person to walk on the Moon on 21 July 1969.",
        "refutes",
        "substitution",
        "the source says Neil Armstrong became, and only one can be",
    )


@pytest.mark.parametrize(
    ("claim", "sentence", "reason"),
    [
        (
            "The Eiffel Tower was constructed in 1900.",
            "The Eiffel Tower was constructed from 1887 to 1889.",
            "the claim says 1900; the source says 1887 to 1889",
        ),
        (
            "The Eiffel Tower was built in 1900.",
            "The Eiffel Tower was built between 1887 and 1889.",
            "the claim says 1900; the source says 1887 and 1889",
        ),
    ],
)
def test_a_span_of_years_is_read_as_years(claim, sentence, reason):
    assert_decides(claim, sentence, "refutes", "number", reason)
    inside = compare(claim.replace("1900", "1888"), sentence)
    assert inside is None or inside.stance != "refutes", inside


@pytest.mark.parametrize(
    ("claim", "stance", "reason"),
    [
        ("The Orvel tower is taller than 300 metres.", "supports", "every part"),
        (
            "The Orvel tower is shorter than 300 metres.",
            "refutes",
            "the claim says shorter than 300 metres",
        ),
        (
            "The Orvel tower is higher than 400 metres.",
            "refutes",
            "the claim says higher than 400 metres",
        ),
    ],
)
def test_a_comparative_before_than_bounds_the_number(claim, stance, reason):
    decision = compare(claim, "The Orvel tower is 330 metres tall.")
    assert decision is not None and decision.stance == stance, decision
    assert reason in decision.reason


def test_a_number_given_otherwise_quotes_the_claims_bound():
    assert_decides(
        "Ana Roske has won more than 20 titles.",
        "Ana Roske has won 14 titles.",
        "refutes",
        "number",
        "the claim says more than 20; the source says 14",
    )


def test_a_not_before_an_article_bears_on_the_noun_phrase_after_it():
    """ "a round globe, not a flat disk" denies a flat disk: it refuted "The Earth is round" (the
    seeded NASA sentence made that claim Partially True)."""
    sentence = (
        "Photographs of the whole Earth taken from space show the planet as a round globe, not a"
        " flat disk."
    )
    decision = compare("The Earth is round.", sentence)
    assert decision is None or decision.stance != "refutes", decision
    assert_decides("The Earth is flat.", sentence, "refutes", "negation", "not a flat")


@pytest.mark.parametrize(
    ("claim", "sentence"),
    [
        # the claim writes the sentence's figure to fewer digits: the seeded "about 4.54 billion
        # years" was Not Enough Evidence for "about 4.5 billion years" before
        (
            "The river Xanthe is about 4.5 billion years old.",
            "The river Xanthe is about 4.54 billion years old, give or take one percent.",
        ),
        (
            "The river Xanthe is 4.5 billion years old.",
            "The river Xanthe is about 4.54 billion years old.",
        ),
        ("The Xanthe bridge is about 212 km long.", "The Xanthe bridge is about 212.4 km long."),
    ],
)
def test_a_figure_written_to_fewer_digits_is_stated(claim, sentence):
    decision = compare(claim, sentence)
    assert decision is not None and decision.stance == "supports", decision


@pytest.mark.parametrize(
    ("claim", "sentence"),
    [
        (
            "The river Xanthe is 4.4 billion years old.",
            "The river Xanthe is about 4.54 billion years old.",
        ),
        ("Borovia has 8 million people.", "Borovia has 8.1 million people."),  # a round 8: loose
        ("The Xanthe bridge is 300 metres long.", "The Xanthe bridge is 330 metres long."),
    ],
)
def test_a_rounded_figure_that_does_not_round_to_the_sentences_states_nothing(claim, sentence):
    decision = compare(claim, sentence)
    assert decision is None or decision.stance != "supports", decision


def test_the_clauses_a_semicolon_joins_are_read_one_by_one():
    # the second clause names the claim's subject: the whole sentence was not plain before
    decision = compare(
        "Velmar is the capital of Ostrania.",
        "Tessa is the capital and largest city of Ostrania; Velmar is its second city.",
    )
    assert decision is not None and decision.stance == "refutes", decision
    assert "Tessa" in decision.reason


def test_a_later_clause_keeps_the_pronoun_of_the_whole_sentence():
    # "it" in the second clause is Tessa, not the claim's Velmar: no support from the clause alone
    decision = compare(
        "Velmar lies on the Xanthe.", "Tessa is the capital of Ostrania; it lies on the Xanthe."
    )
    assert decision is None or decision.stance != "supports", decision
    # and where the clauses decide nothing, the whole sentence still does ("they" are polar bears)
    decision = compare(
        "Kessian bears depend on the ocean as their main food source.",
        "Because of their dependence on the sea ice, Kessian bears are classified as marine "
        "mammals; another basis for this is that they depend on the ocean as their main food source.",
    )
    assert decision is not None and decision.stance == "supports", decision


@pytest.mark.parametrize(
    ("claim", "sentence"),
    [
        # the sentence gives none of what the claim counts: not decided before
        ("Ana Roske has two children.", "Ana Roske has no children."),
        ("The planet Xanthe has two moons.", "The planet Xanthe has no moons."),
    ],
)
def test_none_of_what_the_claim_counts_refutes(claim, sentence):
    decision = compare(claim, sentence)
    assert decision is not None and decision.stance == "refutes", decision


@pytest.mark.parametrize(
    ("claim", "sentence"),
    [
        # a denial narrowed by a place, a person or a year does not deny the claim: wrong Falses before
        ("Kessa Labs has offices.", "Kessa Labs has no offices in Tessa."),
        ("Kessa Labs has offices.", "Kessa Labs has no offices in the United States."),
        ("Ana Roske has children.", "Ana Roske has no children with Bel Tamsin."),
        ("Ana Roske won the Velmar Prize.", "Ana Roske did not win the Velmar Prize in 2019."),
        ("Kessa Labs has two offices.", "Kessa Labs has no offices in Tessa."),
        ("Ana Roske speaks Borovian.", "Ana Roske does not speak Borovian fluently."),
        (
            "The Kessa drug is effective.",
            "The Kessa drug is not effective against the Tessa strain.",
        ),
        ("The Kessa drug is effective.", "The Kessa drug is not effective in patients over 65."),
        (
            "The Kessa vaccine is approved.",
            "The Kessa vaccine is not approved for children under 12.",
        ),
        # a word that says which group: the last wrong False of stop 51's list
        ("The Kessa drug is effective.", "The Kessa drug is not effective in elderly patients."),
        ("The Kessa drug works.", "The Kessa drug does not work in some cases."),
        ("Vaccines cause autism.", "Vaccines do not cause autism in young children."),
    ],
)
def test_a_narrower_denial_does_not_refute(claim, sentence):
    decision = compare(claim, sentence)
    assert decision is None or decision.stance != "refutes", decision


@pytest.mark.parametrize(
    ("claim", "sentence"),
    [
        ("Vaccines cause autism.", "Vaccines do not cause autism in children."),  # a common noun
        ("The Kessa drug is effective.", "The Kessa drug is not effective in the end."),
        (
            "Kessa tea cures the common cold.",
            "Kessa tea does not cure the common cold in most people.",
        ),
        (
            "Ana Roske won the Velmar Prize in 2019.",
            "Ana Roske did not win the Velmar Prize in 2019.",
        ),
    ],
)
def test_a_denial_of_the_claim_itself_still_refutes(claim, sentence):
    decision = compare(claim, sentence)
    assert decision is not None and decision.stance == "refutes", decision


@pytest.mark.parametrize(
    ("text", "value", "dimension"),
    [
        ("Kessa Labs raised $50m in its latest round.", 50e6, "USD"),  # was 50 dollars
        ("The Velmar dam cost £3bn.", 3e9, "GBP"),  # was no quantity at all
        ("It cost $2.5bn.", 2.5e9, "USD"),
        ("It raised $50M.", 50e6, "USD"),
        ("A 50m pool.", 50.0, "[length]"),  # without a currency, metres
    ],
)
def test_a_scale_glued_to_a_sum_of_money(text, value, dimension):
    found = [q for q in quantities(text) if q.dimension == dimension]
    assert found and math.isclose(found[0].low, value), found


def test_a_sum_the_press_abbreviates_is_the_same_sum():
    # "$50m" against "$50 million" was a wrong False (50 dollars against 50 million)
    same = compare("Kessa Labs raised $50 million.", "Kessa Labs raised $50m in its latest round.")
    assert same is not None and same.stance == "supports", same
    other = compare("Kessa Labs raised $50 million.", "Kessa Labs raised $80m in its latest round.")
    assert other is not None and other.stance == "refutes", other


@pytest.mark.parametrize(
    ("claim", "sentence", "stance"),
    [
        # a share said as a fraction compares with one said as a percentage
        ("Half of Borovians own a car.", "52% of Borovians own a car.", "supports"),
        ("Half of Borovians own a car.", "38% of Borovians own a car.", "refutes"),
        ("A third of Borovians own a car.", "60 per cent of Borovians own a car.", "refutes"),
        ("More than half of Borovians own a car.", "64% of Borovians own a car.", "supports"),
        (
            "Two thirds of Borovians backed the plan.",
            "66% of Borovians backed the plan.",
            "supports",
        ),
    ],
)
def test_a_share_said_as_a_fraction(claim, sentence, stance):
    decision = compare(claim, sentence)
    assert decision is not None and decision.stance == stance, decision


@pytest.mark.parametrize(
    ("claim", "sentence"),
    [
        # a share of the claim's subject does not state the claim of all of it: wrong Trues before
        ("Borovians own a car.", "Half of Borovians own a car."),
        ("Borovians own a car.", "Some Borovians own a car."),
        ("Most Borovians own a car.", "Half of Borovians own a car."),
        ("Most Borovians own a car.", "38% of Borovians own a car."),
    ],
)
def test_a_share_of_the_subject_does_not_state_the_claim(claim, sentence):
    decision = compare(claim, sentence)
    assert decision is None or decision.stance != "supports", decision


def test_the_second_half_of_a_match_is_no_share():
    assert not [
        q
        for q in quantities("In the second half of the match, Tessa scored.")
        if q.dimension == "dimensionless"
    ]
    # a year before the subject, after a comma, is no share of it
    decision = compare(
        "Ana Roske had children.",
        "In 1986, Ana Roske married Bel Tamsin, with whom she had three children.",
    )
    assert decision is not None and decision.stance == "supports", decision


@pytest.mark.parametrize(
    ("claim", "sentence"),
    [
        # a superlative said of a narrower field does not state the claim's: wrong Trues before
        (
            "The Xanthe is the longest river in Borovia.",
            "The Xanthe is the longest river in northern Borovia.",
        ),
        (
            "The Xanthe is the longest river in Borovia.",
            "The Xanthe is the longest navigable river in Borovia.",
        ),
        (
            "Ana Roske was the first woman to climb Mount Velmar.",
            "Ana Roske was the first Borovian woman to climb Mount Velmar.",
        ),
    ],
)
def test_a_superlative_of_a_narrower_field_states_nothing(claim, sentence):
    decision = compare(claim, sentence)
    assert decision is not None and decision.rule == "partial", decision


def test_a_superlative_of_the_same_field_is_stated():
    decision = compare(
        "Mount Velmar is the highest mountain in Borovia.",
        "Mount Velmar, at 4,200 m, is the highest mountain in Borovia.",
    )
    assert decision is not None and decision.stance == "supports", decision
