"""The scrubber of the grounding check: pure code, typed placeholders, one table per call."""

from __future__ import annotations

import random
import re

import pytest

from agent.check._scrub import PLACEHOLDER, scrub


def test_each_kind_of_specific_gets_its_typed_placeholder():
    result = scrub(
        [
            "Dr. Jane Smith of the World Health Organization said on 2023-05-01 in Paris that "
            "12.5% of cases (3,400 people) were mild; see https://who.int/report or mail "
            "press@who.int. NASA agreed on March 3, 2021."
        ]
    )
    text = result.texts[0]
    assert text == (
        "Dr. [PERSON_1] of the [ORG_1] said on [DATE_1] in [PLACE_1] that [NUMBER_1] of "
        "cases ([NUMBER_2] people) were mild; see [URL_1] or mail [EMAIL_1]. [ORG_2] agreed "
        "on [DATE_2]."
    )
    assert result.replacements["[PERSON_1]"] == "Jane Smith"
    assert result.replacements["[DATE_2]"] == "March 3, 2021"
    assert result.count("NUMBER") == 2


def test_the_same_specific_gets_the_same_placeholder_across_texts():
    result = scrub(
        ["The Eiffel Tower opened in 1889.", "In 1889 the Eiffel Tower was the tallest."]
    )
    first, second = result.texts
    assert first == "The [PLACE_1] opened in [DATE_1]."
    assert second == "In [DATE_1] the [PLACE_1] was the tallest."


def test_ordinary_words_and_sentence_openers_are_kept():
    text = "Regular exercise improves mood. However, it is not a cure. The Earth is round."
    assert scrub([text]).texts == [text]


def test_units_and_connectors_are_not_names():
    assert scrub(["Water boils at 100 °C and freezes at 0 °C."]).texts == [
        "Water boils at [NUMBER_1] °C and freezes at [NUMBER_2] °C."
    ]
    assert scrub(["He met the Bank of America and visited New York City and Texas."]).texts == [
        "He met the [ORG_1] and visited [PLACE_1] and [PLACE_2]."
    ]


_WORDS = str.split(
    "the tower was built in Paris by Gustave Eiffel for the World Fair and NASA said "
    "it is 330 metres tall since 1889 see https://example.org/x on 2021-04-05 "
    "with 12% of visitors from Germany and Dr. Ann Lee"
)


@pytest.mark.parametrize("seed", range(40))
def test_properties_on_random_texts(seed):
    rng = random.Random(seed)
    texts = [
        " ".join(rng.choice(_WORDS) for _ in range(rng.randint(3, 30))) + "." for _ in range(3)
    ]
    result = scrub(texts)
    for scrubbed in result.texts:
        bare = PLACEHOLDER.sub("", scrubbed)
        assert not re.search(r"\d", bare), scrubbed  # no number, date or year survives
        assert "http" not in bare and "example.org" not in bare
    assert scrub(result.texts).texts == result.texts  # idempotent: placeholders are never touched
    for name, original in result.replacements.items():  # every placeholder maps back to its text
        assert any(original in text for text in texts), (name, original)
