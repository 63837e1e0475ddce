"""The verdict engines without a server: fact-checker ratings, the NLI backend on a tiny model
built here, the uncited-verdict downgrade, and the local classifier with the shipped weights."""

from __future__ import annotations

from dataclasses import replace

import pytest

from agent.check._check import downgrade_uncited
from agent.classify import SUBJECTIVITY_WEIGHTS, classify_local, load_head_classifier
from agent.classify._claim import preserves_errors
from agent.judge._from_stances import nli_verdict
from agent.judge._nli import CrossEncoderNLI, StanceProbs, load_nli
from agent.judge._verdict import NO_LLM, evidence_only_verdict
from agent.judge.compare import precisions
from agent.models import Citations, ClaimType, Evidence, Verdict, VerdictDecision
from agent.prior._ratings import normalise_rating, stated_rating
from retrieval.errors import ModelUnavailable


def item(domain="nasa.gov", text="The Earth is round.", origin="kb", credibility=0.9) -> Evidence:
    return Evidence(
        id=domain,
        text=text,
        source=f"https://{domain}/x",
        title="t",
        relevance=0.8,
        score=0.8,
        origin=origin,
        domain=domain,
        source_type="news",
        credibility=credibility,
        quote=text,
    )


@pytest.mark.parametrize(
    ("phrase", "verdict"),
    [
        ("Pants on Fire!", Verdict.FALSE),
        ("Mostly False", Verdict.FALSE),
        ("Mixture", Verdict.PARTIALLY_TRUE),
        ("Correct Attribution", Verdict.TRUE),
        ("Half True", Verdict.PARTIALLY_TRUE),
        ("TRUE", Verdict.TRUE),
        ("Miscaptioned", Verdict.MISLEADING),
        ("Unproven", Verdict.NOT_ENOUGH_EVIDENCE),
        ("banana", None),
    ],
)
def test_ratings_normalise_to_the_six_labels(phrase, verdict):
    assert normalise_rating(phrase) is verdict


def test_only_stated_ratings_count():
    assert stated_rating("Claim: 5G spreads COVID. Rating: Pants on Fire").verdict is Verdict.FALSE
    assert stated_rating("We rate this claim Mostly False because ...").verdict is Verdict.FALSE
    assert stated_rating("It is false that the moon is cheese") is None


def test_evidence_only_uses_a_fact_checkers_rating_and_says_whose():
    evidence = [
        item(),
        item("snopes.com", "Did 5G cause COVID? Rating: Pants on Fire", "fact_check", 0.85),
    ]
    decision = evidence_only_verdict(evidence)
    assert decision.verdict is Verdict.FALSE and decision.mode == "evidence-only"
    assert decision.reasoning.startswith(NO_LLM)
    assert (
        "snopes.com" in decision.reasoning
        and "[2]" in decision.reasoning
        and "Pants on Fire" in decision.reasoning
    )
    assert 0 < decision.confidence <= 0.85


def test_evidence_only_without_a_rating_is_not_enough_evidence():
    decision = evidence_only_verdict([item()])
    assert decision.verdict is Verdict.NOT_ENOUGH_EVIDENCE and decision.confidence == 0.0


def test_uncited_judged_verdicts_are_downgraded():
    judged = VerdictDecision(Verdict.FALSE, 0.9, "It is false.", "llm")
    down = downgrade_uncited(judged, Citations(total=0, supported=0))
    assert down.verdict is Verdict.NOT_ENOUGH_EVIDENCE and down.confidence <= 0.3
    assert downgrade_uncited(judged, Citations(total=1, supported=1)) is None
    assert (
        downgrade_uncited(VerdictDecision(Verdict.NOT_ENOUGH_EVIDENCE, 0, "x", "llm"), Citations())
        is None
    )


class FixedNLI:
    """A behavioural fake NLI model: stance by keyword."""

    name = "fixed"

    async def predict(self, pairs):
        out = []
        for premise, _ in pairs:
            if "not flat" in premise:
                out.append(StanceProbs(0.05, 0.9, 0.05))
            elif "flat" in premise:
                out.append(StanceProbs(0.8, 0.1, 0.1))
            else:
                out.append(StanceProbs(0.1, 0.1, 0.8))
        return out


async def test_nli_verdict_weighs_stances_and_fills_them_in():
    evidence = [
        item(text="The Earth is not flat but round."),
        item("b.org", "The Moon orbits the Earth."),
    ]
    decision, factuality, evidence = await nli_verdict("The Earth is flat", evidence, FixedNLI())
    assert decision.verdict is Verdict.FALSE and decision.mode == "nli"
    assert factuality is not None and factuality < 0.25
    # "not flat" decides by exact comparison (issue 36): the negation rule's measured precision, and why
    assert evidence[0].stance == "refutes" and evidence[0].stance_rule == "negation"
    assert (
        evidence[0].stance_score == precisions()["negation"]
        and "is not" in evidence[0].stance_reason
    )
    assert evidence[1].stance == "neutral"
    assert "[1]" in decision.reasoning and "NLI" in decision.reasoning


async def test_nli_verdict_neutral_evidence_is_not_enough():
    decision, _, _ = await nli_verdict("x", [item(text="Unrelated text.")], FixedNLI())
    assert decision.verdict is Verdict.NOT_ENOUGH_EVIDENCE


def tiny_nli(path, labels=("contradiction", "entailment", "neutral")):
    from transformers import BertConfig, BertForSequenceClassification, BertTokenizer

    words = ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]", "the", "earth", "is", "flat", "round"]
    path.mkdir(parents=True, exist_ok=True)
    (path / "vocab.txt").write_text("\n".join(words) + "\n")
    config = BertConfig(
        vocab_size=len(words),
        hidden_size=16,
        num_hidden_layers=2,
        num_attention_heads=2,
        intermediate_size=32,
        max_position_embeddings=64,
        num_labels=len(labels),
        id2label=dict(enumerate(labels)),
        label2id={v: k for k, v in enumerate(labels)},
    )
    BertForSequenceClassification(config).save_pretrained(path)
    BertTokenizer(str(path / "vocab.txt")).save_pretrained(path)
    return path


async def test_tiny_nli_model_loads_through_the_real_path(tmp_path):
    model, status = load_nli(str(tiny_nli(tmp_path / "nli")))
    assert isinstance(model, CrossEncoderNLI) and status.loaded
    probs = await model.predict([("the earth is round", "the earth is flat")])
    assert len(probs) == 1
    assert abs(probs[0].entailment + probs[0].contradiction + probs[0].neutral - 1) < 1e-5


def test_nli_with_wrong_labels_or_missing_fails_fast(tmp_path):
    with pytest.raises(ModelUnavailable, match="unknown label"):
        CrossEncoderNLI.load(str(tiny_nli(tmp_path / "bad", ("LABEL_0", "LABEL_1", "LABEL_2"))))
    model, status = load_nli("cross-encoder/not-available-offline")
    assert model is None and not status.loaded and "not available" in status.reason


def test_error_preservation():
    assert preserves_errors("Water boils at 50C", "Water boils at 50C at sea level.")
    assert not preserves_errors("Water boils at 50C", "Water boils at 100C")
    assert not preserves_errors("The Eiffel Tower is 330 m tall", "The Eiffel Tower is 300 m tall")


@pytest.mark.parametrize(
    ("claim", "kind"),
    [
        ("The Earth is flat", ClaimType.FACTUAL),
        ("COVID-19 vaccines are safe and effective", ClaimType.FACTUAL),
        ("5G networks spread COVID-19", ClaimType.FACTUAL),
        ("Water boils at 50C", ClaimType.FACTUAL),
        ("The United Nations was founded in 1945", ClaimType.FACTUAL),
        ("Pizza is the best food in the world", ClaimType.OPINION),
        ("I think the president is doing a terrible job", ClaimType.OPINION),
        ("The government should ban cars in cities", ClaimType.OPINION),
        ("The Eiffel Tower is 330 metres tall and it is the most beautiful tower", ClaimType.MIXED),
        ("It happened", ClaimType.AMBIGUOUS),
    ],
)
async def test_local_classifier_on_the_seed_examples(minilm, claim, kind):
    detector = load_head_classifier(SUBJECTIVITY_WEIGHTS, minilm)
    result = await classify_local(claim, detector)
    assert result.claim_type is kind
    if kind is ClaimType.MIXED:
        assert "330" in result.claim and "beautiful" not in result.claim


@pytest.mark.parametrize(
    "sentence, part",
    [
        (
            "The Eiffel Tower is 330 metres tall and it is the most beautiful tower",
            "The Eiffel Tower is 330 metres tall.",
        ),
        ("Paris is the capital of France, and it is beautiful", "Paris is the capital of France."),
        ("Vaccines cause autism, which is terrible", "Vaccines cause autism."),
        # a long opinion's clause with a copula but nothing to look up is not its "factual part"
        (
            "Above all in these grey weeks, as public life is sunk into a long season of gloom, this is a disgrace",
            None,
        ),
        ("Yet he, so pleased with himself, is the perfect windbag and it is ridiculous", None),
    ],
)
def test_the_factual_part_of_a_mixed_sentence_has_something_to_look_up(sentence, part):
    from agent.classify._claim import factual_part

    assert factual_part(sentence) == part


# -- the verdict from stances (agent.verdict.judged_verdict) -------------------------------------

CAL = None


def _cal():
    from agent.judge._from_stances import Calibration

    return Calibration(
        threshold=0.6,
        platt={"decided": (4.0, -1.0), "partial": (0.0, -1.0), "nee": (-2.0, 1.0)},
        fitted_on="a test",
    )


def test_one_credible_refuting_item_decides_false_and_the_reasoning_quotes_it():
    from agent.judge._from_stances import judged_verdict

    evidence = [
        item(text="The Earth is not flat."),
        item("b.org", "The Moon orbits the Earth.", credibility=0.6),
    ]
    probs = [StanceProbs(0.02, 0.95, 0.03), StanceProbs(0.1, 0.1, 0.8)]
    decision, factuality = judged_verdict(
        "The Earth is flat", evidence, probs, "the local judge (t)", _cal()
    )
    assert decision.verdict is Verdict.FALSE and decision.mode == "nli"
    assert 0.5 < decision.confidence < 1 and factuality is not None and factuality < 0.2
    assert decision.reasoning.startswith("Judged by the local judge (t), not by a language model.")
    assert '[1]: "The Earth is not flat."' in decision.reasoning and "[2]" not in decision.reasoning
    assert decision.reasoning.endswith(
        '[1]: "The Earth is not flat."'
    )  # the quote's full stop ends it, once


def test_factuality_follows_the_stances_the_answer_shows():
    from agent.judge._from_stances import judged_verdict

    # every item shows "refutes": the factuality is 0, as documented, not the share of entailment
    # probability (it was 0.27 here)
    evidence = [
        item(text="The Earth is not flat."),
        item("b.org", "The Earth is a sphere and not flat."),
        item("c.gov", "The Earth is 4.54 billion years old."),
    ]
    probs = [
        StanceProbs(0.07, 0.83, 0.10),
        StanceProbs(0.05, 0.90, 0.05),
        StanceProbs(0.10, 0.85, 0.05),
    ]
    _, factuality = judged_verdict("The Earth is flat", evidence, probs, "j", _cal())
    assert factuality == 0.0
    probs[1] = StanceProbs(
        0.92, 0.05, 0.03
    )  # one item shows "supports": its weight against the others'
    _, factuality = judged_verdict("The Earth is flat", evidence, probs, "j", _cal())
    expected = (0.92 * 0.9 / 1.5) / (0.83 * 0.9 + 0.92 * 0.9 / 1.5 + 0.85 * 0.9 / 2)
    assert factuality == round(expected, 4)
    # a lean too weak to carry the verdict (0.912 x 0.60 < 0.6) shows neutral and counts for nothing
    probs[1] = StanceProbs(0.60, 0.25, 0.15)
    _, factuality = judged_verdict("The Earth is flat", evidence, probs, "j", _cal())
    assert factuality == 0.0


def test_a_weak_lean_shows_neutral_with_the_lean_in_its_reason():
    from agent.judge._from_stances import shown_items

    evidence = [
        item(text="Hundreds of millions of doses have been given safely."),
        item("b.org", "Vaccines are not safe.", credibility=0.9),
        replace(
            item("c.org", "The MMR vaccine does not cause autism."),
            stance_rule="subject",
            stance_reason="the source says it of the MMR vaccine, not of vaccines in general",
        ),
    ]
    probs = [
        StanceProbs(0.30, 0.46, 0.24),  # the judge's lean: refutes, weakly
        StanceProbs(0.02, 0.95, 0.03),  # strong enough to carry the verdict alone
        StanceProbs(0.0, 0.55, 0.45),  # guarded and weak: neutral, the guard's reason kept
    ]
    shown, notes = shown_items(evidence, probs, "the local judge", 0.6)
    assert shown[0].stance == "neutral" and shown[0].stance_score is None
    assert shown[0].stance_reason == (
        "the local judge leans towards refuting the claim (0.46), too weakly to take a side"
    )
    assert shown[1] == evidence[1]  # untouched: it shows the side it would decide
    assert shown[2].stance == "neutral" and shown[2].stance_reason.startswith("the source says")
    assert notes == ["[1] refutes 0.46", "[3] refutes 0.55"]


def test_weak_or_neutral_stances_abstain():
    from agent.judge._from_stances import judged_verdict

    evidence = [item(text="Something related.")]
    decision, _ = judged_verdict("claim", evidence, [StanceProbs(0.45, 0.1, 0.45)], "j", _cal())
    assert decision.verdict is Verdict.NOT_ENOUGH_EVIDENCE
    decision, _ = judged_verdict("claim", evidence, [None], "j", _cal())
    assert decision.verdict is Verdict.NOT_ENOUGH_EVIDENCE


def test_strong_support_and_strong_refutation_is_partially_true():
    from agent.judge._from_stances import judged_verdict

    evidence = [item(text="Yes it is."), item("b.org", "No it is not.")]
    decision, _ = judged_verdict(
        "claim", evidence, [StanceProbs(0.9, 0.05, 0.05), StanceProbs(0.05, 0.9, 0.05)], "j", _cal()
    )
    assert (
        decision.verdict is Verdict.PARTIALLY_TRUE
        and "[1]" in decision.reasoning
        and "[2]" in decision.reasoning
    )


def test_flagged_sources_count_for_nothing_and_stale_ones_for_half():
    from agent.judge._from_stances import item_weight, judged_verdict

    satire = replace(
        item("theonion.com", "The Earth is flat, scientists admit."), flags=("satire",)
    )
    decision, _ = judged_verdict(
        "The Earth is flat", [satire], [StanceProbs(0.95, 0.0, 0.05)], "j", _cal()
    )
    assert decision.verdict is Verdict.NOT_ENOUGH_EVIDENCE
    fresh = item()
    stale = replace(fresh, stale=True)
    assert item_weight(stale) == pytest.approx(item_weight(fresh) / 2)
    assert item_weight(item(credibility=0.95)) > item_weight(item(credibility=0.3))


def test_the_reasoning_rests_on_items_that_clearly_take_a_side():
    from agent.judge._from_stances import judged_verdict

    evidence = [
        item(text="The Earth is not flat."),
        item("usgs.gov", "The Earth is 4.5 billion years old."),
    ]
    probs = [
        StanceProbs(0.01, 0.97, 0.02),
        StanceProbs(0.2, 0.4, 0.38),
    ]  # a weak lean, also "refutes"
    decision, _ = judged_verdict("The Earth is flat", evidence, probs, "j", _cal())
    assert decision.verdict is Verdict.FALSE
    assert "[1]" in decision.reasoning and "[2]" not in decision.reasoning


def test_the_reasoning_cites_only_items_that_show_the_side_it_names():
    from agent.judge._from_stances import judged_verdict, shown_items

    evidence = [  # as the judge left them: each shows its argmax side
        replace(item(text="The Earth is round."), stance="supports", stance_score=0.95),
        replace(item("b.org", "The Earth is roundish."), stance="supports", stance_score=0.6),
    ]
    probs = [StanceProbs(0.95, 0.02, 0.03), StanceProbs(0.60, 0.10, 0.30)]
    decision, _ = judged_verdict("The Earth is round", evidence, probs, "j", _cal())
    shown, _ = shown_items(evidence, probs, "the local judge", _cal().threshold)
    assert decision.verdict is Verdict.TRUE
    assert [e.stance for e in shown] == ["supports", "neutral"]  # 0.912 x 0.60 < 0.6
    assert "[1]" in decision.reasoning and "[2]" not in decision.reasoning
