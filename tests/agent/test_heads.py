"""The shipped heads (check-worthiness, and the opinion gate's subjectivity): they load through the
service's path, are small, read the features they were trained on, and score obvious sentences
sensibly."""

from __future__ import annotations

import json

import numpy as np
import pytest

from agent.classify import (
    CHECKWORTHY_WEIGHTS,
    SUBJECTIVITY_WEIGHTS,
    HeadClassifier,
    load_head_classifier,
)
from agent.classify._heads import LinearHead
from retrieval.embeddings import HashingEmbedder


@pytest.fixture(scope="module")
def checkworthy(minilm):
    head = load_head_classifier(CHECKWORTHY_WEIGHTS, minilm)
    assert head is not None
    return head


def test_the_shipped_weights_are_tiny_and_say_how_they_were_chosen():
    assert CHECKWORTHY_WEIGHTS.stat().st_size < 1_000_000
    data = json.loads(CHECKWORTHY_WEIGHTS.read_text())
    head = LinearHead.load(CHECKWORTHY_WEIGHTS)
    assert head.layers is not None and len(head.coef) == 384 * len(head.layers) + (
        7 if head.cues else 0
    )
    assert np.isfinite(head.coef).all() and np.isfinite(head.intercept)
    assert 0.0 < head.threshold < 1.0
    assert {"cv_f1", "test_f1", "trained_on"} <= data.keys()


async def test_a_statistic_scores_high_and_a_greeting_low(checkworthy):
    high = [
        "Unemployment fell from 10 percent to 4.7 percent over the last seven years.",
        "The federal deficit was $1.4 trillion in 2009.",
        "He voted to cut Medicare by $716 billion.",
    ]
    low = [
        "Good evening, and thank you all for being here tonight.",
        "Thank you very much.",
        "I'm glad you asked that question.",
    ]
    scores = await checkworthy.probabilities(high + low)
    assert all(s >= checkworthy.threshold for s in scores[:3]), scores
    assert all(s < checkworthy.threshold for s in scores[3:]), scores
    assert min(scores[:3]) > max(scores[3:]) + 0.3


async def test_a_score_does_not_depend_on_the_batch_it_came_in(checkworthy):
    sentence = "The federal deficit was $1.4 trillion in 2009."
    longer = (
        "We have added more than fifteen million private sector jobs since the recession ended in 2009. "
        * 3
    )
    alone = await checkworthy.probabilities([sentence])
    batched = await checkworthy.probabilities([longer, sentence, "Thank you."])
    assert alone[0] == pytest.approx(batched[1], abs=1e-4)
    assert await checkworthy.probabilities([]) == []


def test_the_last_layer_mean_is_the_embedders_sentence_embedding(checkworthy, minilm):
    # the head's features come from the same model the embedder runs: its normalised last-layer
    # mean is the sentence embedding
    sentences = ["The Earth orbits the Sun.", "Thank you very much, everybody, and good night."]
    means = checkworthy.layers.layer_means(sentences, (6,))
    means /= np.linalg.norm(means, axis=1, keepdims=True)
    assert np.allclose(means, minilm.embed_blocking(sentences), atol=1e-4)


def test_a_fake_embedder_gets_no_head_and_a_layer_head_needs_its_encoder():
    assert load_head_classifier(CHECKWORTHY_WEIGHTS, HashingEmbedder()) is None
    with pytest.raises(ValueError, match="MiniLMLayers"):
        HeadClassifier(LinearHead.load(CHECKWORTHY_WEIGHTS), HashingEmbedder())


# -- the opinion gate's head (subjectivity.json) -------------------------------------------------


def test_the_opinion_head_says_how_it_was_chosen():
    data = json.loads(SUBJECTIVITY_WEIGHTS.read_text())
    head = LinearHead.load(SUBJECTIVITY_WEIGHTS)
    assert np.isfinite(head.coef).all() and 0.0 < head.threshold < 1.0
    assert {
        "cv_gate_precision",
        "cv_gate_recall",
        "test_gate_precision",
        "trained_on",
    } <= data.keys()
    assert (
        "fact-checked claims" in data["trained_on"]
    )  # fact-checked claims are taught as objective


def test_two_heads_of_one_service_share_one_copy_of_the_layers(checkworthy, minilm):
    detector = load_head_classifier(SUBJECTIVITY_WEIGHTS, minilm, checkworthy.layers)
    assert detector is not None
    if detector.head.layers is not None:
        assert detector.layers is checkworthy.layers


@pytest.mark.parametrize(
    "claim, kind",
    [
        # statements of the kind PolitiFact and AVeriTeC check (written for this test, in their style);
        # NewsSD alone taught the head to skip such statements as opinions
        ("Says the governor called the teachers' union our No. 1 problem.", "FACTUAL"),
        (
            "I am the only candidate in this race who turned down the legislative pension.",
            "FACTUAL",
        ),
        ("The mayor called the council's budget plan a scam.", "FACTUAL"),
        (
            "In 2010, the senator praised the stimulus bill and said it would create two million jobs.",
            "FACTUAL",
        ),
        # and opinions are still skipped
        ("It is a disgrace that the council still has not fixed the roads.", "OPINION"),
        ("Frankly, this government has lost all sense of direction.", "OPINION"),
        ("Pizza is the best food in the world", "OPINION"),
    ],
)
async def test_fact_checked_statements_are_kept_and_opinions_skipped(
    minilm, checkworthy, claim, kind
):
    from agent.classify import classify_local
    from agent.models import ClaimType

    detector = load_head_classifier(SUBJECTIVITY_WEIGHTS, minilm, checkworthy.layers)
    assert (await classify_local(claim, detector)).claim_type is ClaimType(kind)


def test_head_sets_name_their_files_and_say_what_the_research_set_is_trained_on():
    from agent.classify import head_weights

    assert head_weights() == (CHECKWORTHY_WEIGHTS, SUBJECTIVITY_WEIGHTS)
    for path in head_weights("research"):
        data = json.loads(path.read_text())
        assert "LIAR-PLUS" in data["trained_on"] and "HealthVer" in data["trained_on"]
        assert LinearHead.load(path).threshold > 0
    with pytest.raises(ValueError, match="default or research"):
        head_weights("commercial")


async def test_the_research_heads_keep_a_campaign_statement_and_skip_an_opinion(minilm):
    from agent.classify import classify_local, head_weights
    from agent.models import ClaimType

    checkworthy_path, subjectivity_path = head_weights("research")
    head = load_head_classifier(checkworthy_path, minilm)
    detector = load_head_classifier(subjectivity_path, minilm, head.layers)
    statement = (
        "Our county lost 4,000 factory jobs while the senator sat on the commerce committee."
    )
    assert (await classify_local(statement, detector)).claim_type is ClaimType.FACTUAL
    assert (await head.probabilities([statement]))[0] >= head.threshold
    opinion = "Frankly, this government has lost all sense of direction."
    assert (await classify_local(opinion, detector)).claim_type is ClaimType.OPINION
