"""Matching a prior fact-check to the user's claim: real outcomes with the packaged MiniLM."""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pytest

from agent.models import Verdict
from agent.prior import PriorReview
from agent.prior._guards import detail_mismatch, polarity_mismatch
from agent.prior._match import MATCH_THRESHOLD, clean_title, match_reviews, score_reviews

ROOT = Path(__file__).resolve().parents[2]


def review(
    claim_text: str,
    title: str | None = None,
    rating: str = "False",
    url: str = "https://checker.test/a",
):
    return PriorReview(
        claim_text=claim_text,
        claimant=None,
        publisher="Checker",
        site="checker.test",
        url=url,
        title=title,
        review_date="2024-01-02",
        textual_rating=rating,
        verdict=Verdict.FALSE if rating == "False" else Verdict.TRUE,
        language="en",
    )


async def test_a_paraphrase_of_the_reviewed_claim_matches(minilm):
    apollo = review("The Apollo Moon landings were faked.", url="https://checker.test/apollo")
    matched = await match_reviews("The Moon landing was faked", [apollo], minilm.embed)
    assert [m.review.url for m in matched] == ["https://checker.test/apollo"]
    assert matched[0].similarity >= MATCH_THRESHOLD


async def test_an_unrelated_review_does_not_match(minilm):
    matched = await match_reviews(
        "The Moon landing was faked", [review("5G towers spread COVID-19")], minilm.embed
    )
    assert matched == []


async def test_a_review_of_the_negated_claim_is_never_used(minilm):
    not_flat = review("The Earth is not flat", rating="True")
    (scored,) = await score_reviews("The Earth is flat", [not_flat], minilm.embed)
    # Close enough to pass the threshold on similarity alone: the polarity guard is what rejects it.
    assert scored.similarity >= MATCH_THRESHOLD
    assert not scored.same_claim
    assert await match_reviews("The Earth is flat", [not_flat], minilm.embed) == []


async def test_without_claim_text_the_headline_is_guarded(minilm):
    headline_only = review("", "Fact check: The Earth is not flat", rating="True")
    (scored,) = await score_reviews("The Earth is flat", [headline_only], minilm.embed)
    assert scored.matched_on == "title" and not scored.same_claim
    assert await match_reviews("The Earth is flat", [headline_only], minilm.embed) == []


async def test_best_first_only_matches_and_a_headline_negation_does_not_reject(minilm):
    reviews = [
        review("5G towers spread COVID-19", url="https://checker.test/5g"),
        review(
            "Vaccines cause autism in children.",
            "Fact check: No, vaccines do not cause autism",
            url="https://checker.test/close",
        ),
        review("Vaccines cause autism", url="https://checker.test/exact"),
    ]
    matched = await match_reviews("Vaccines cause autism", reviews, minilm.embed)
    assert [m.review.url for m in matched] == [
        "https://checker.test/exact",
        "https://checker.test/close",
    ]
    assert matched[0].similarity > matched[1].similarity


async def test_nothing_to_match_is_no_match_and_no_model_call():
    async def embed(texts):  # a call would be a bug: nothing has text
        raise AssertionError(f"embedded {texts!r}")

    assert await match_reviews("", [review("The Earth is flat")], embed) == []
    assert await match_reviews("The Earth is flat", [], embed) == []
    assert await match_reviews("The Earth is flat", [review("  ", None)], embed) == []


async def test_the_headline_counts_when_it_is_the_closer_text():
    vectors = {"claim": [1.0, 0.0], "reviewed": [0.0, 1.0], "headline": [0.8, 0.6]}

    async def embed(texts):
        return np.array([vectors[t] for t in texts], dtype=np.float32)

    (matched,) = await match_reviews(
        "claim", [review("reviewed", "Fact check: headline")], embed, threshold=0.7
    )
    assert matched.matched_on == "title"
    assert matched.similarity == pytest.approx(0.8)


POLARITY = [
    ("The Earth is flat", "The Earth is not flat", True),
    (
        "Lightning never strikes the same place twice",
        "Lightning doesn't strike the same place twice",
        False,
    ),
    ("Vaccines cause autism", "It is a myth that vaccines cause autism", True),
    ("Vaccines cause autism", "No, vaccines do not cause autism", True),
    ("Magic Johnson played for the Lakers.", "Magic Johnson failed to play for the Lakers.", True),
    ("Drinking bleach cures covid", "Drinking chlorine dioxide cures COVID-19.", False),
]
DETAILS = [
    ("Anne Rice was born in Japan.", "Anne Rice was born in New Orleans.", True),  # another name
    (
        "Bruce Shand was born on September 22nd, 1917.",
        "Bruce Shand was born on January 22nd, 1917.",
        True,
    ),
    ("Saturn is larger than Jupiter.", "Saturn is smaller than Jupiter.", True),  # antonyms
    (
        "Same Old Love is disassociated from Selena Gomez.",
        "Same Old Love is associated with Selena Gomez.",
        True,
    ),
    (
        "Tim McGraw acted in The Blind Side.",
        "Tim McGraw directed The Blind Side.",
        True,
    ),  # one word swapped
    (
        "India's imports from China rose by 27% in April-August 2020",
        "Indian imports from China up 27% in April",
        False,
    ),
    (
        "Mount Everest is the tallest mountain in the world",
        "Mount Everest is the highest mountain on Earth.",
        False,
    ),
    ("The Moon landing was faked", "The Apollo Moon landings were faked.", False),
]


@pytest.mark.parametrize(
    ("guard", "a", "b", "mismatch"),
    [(polarity_mismatch, *row) for row in POLARITY] + [(detail_mismatch, *row) for row in DETAILS],
)
def test_the_guards_in_both_directions(guard, a, b, mismatch):
    assert guard(a, b) is mismatch
    assert guard(b, a) is mismatch


def test_fact_check_prefixes_leave_the_headline():
    assert (
        clean_title("Fact Check: Bill Gates is not microchipping anyone")
        == "Bill Gates is not microchipping anyone"
    )
    assert clean_title("FACT CHECK - HOAX ALERT: X") == "X"
    assert clean_title(None) == ""


def test_the_threshold_is_the_one_the_measurements_report():
    text = (ROOT / "docs" / "measurements.md").read_text(encoding="utf-8")
    section = text[text.index("## Matching a prior fact-check to the claim") :]
    row = re.search(
        r"^\| similarity \+ polarity \+ detail guards \(shipped\) \| test \| hand-written \+ AVeriTeC \| "
        r"([0-9.]+) \|",
        section,
        re.MULTILINE,
    )
    assert row, "docs/measurements.md lacks the shipped row of the review-match table"
    assert float(row.group(1)) == pytest.approx(MATCH_THRESHOLD)
    assert f"MATCH_THRESHOLD = {MATCH_THRESHOLD}" in section
