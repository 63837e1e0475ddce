"""Quotes are always verbatim spans of their evidence; stance, factuality and freshness."""

from __future__ import annotations

import random
from dataclasses import replace
from datetime import date

import pytest

from agent.judge._freshness import freshness, is_stale, is_time_sensitive
from agent.judge._nli import StanceProbs
from agent.judge._shown import apply_judgements, overruled
from agent.judge._stance import (
    compared,
    factuality,
    lexical_judge,
    lexical_stance,
    nli_judge,
    sentence_spans,
    verbatim,
)
from agent.llm import EvidenceJudgement
from agent.models import Evidence


def item(text: str, credibility: float = 0.9) -> Evidence:
    return Evidence(
        id="x",
        text=text,
        source="https://example.org/x",
        title="t",
        relevance=0.8,
        score=0.8,
        origin="kb",
        domain="example.org",
        source_type="news",
        credibility=credibility,
    )


_VOCAB = str.split(
    "the Earth is flat round not a sphere planet NASA said in 1969 “quoted” 'single' "
    "spherical—shape; e.g. Dr. Smith U.S. 3.5 percent … never Moon orbits"
)


def random_text(rng: random.Random) -> str:
    sentences = []
    for _ in range(rng.randint(1, 6)):
        words = [rng.choice(_VOCAB) for _ in range(rng.randint(1, 40))]
        gaps = [rng.choice([" ", "  ", "\n", "\t ", " "]) for _ in words]
        sentences.append(
            "".join(w + g for w, g in zip(words, gaps, strict=True)).strip()
            + rng.choice([".", "!", "?", "", "..."])
        )
    return rng.choice(["", " ", "\n"]).join([""]) + " ".join(sentences)


class RandomNLI:
    name = "random"

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    async def predict(self, pairs):
        out = []
        for _ in pairs:
            a, b = self.rng.random(), self.rng.random()
            out.append(StanceProbs(a / 2, b / 2, 1 - a / 2 - b / 2))
        return out


@pytest.mark.parametrize("seed", range(60))
async def test_quotes_are_always_verbatim_substrings(seed):
    rng = random.Random(seed)
    claim = " ".join(rng.choice(_VOCAB) for _ in range(rng.randint(1, 8)))
    evidence = [item(random_text(rng)) for _ in range(3)]
    evidence = lexical_judge(claim, evidence)
    for e in evidence:
        assert e.quote and e.quote in e.text and len(e.quote) <= 300
    evidence = (await nli_judge(claim, evidence, RandomNLI(seed))).evidence
    for e in evidence:
        assert e.quote in e.text
    # An LLM's quotes: some copied with other whitespace or quote marks, some made up.
    judgements = []
    for n, e in enumerate(evidence, 1):
        words = e.text.split()
        start = rng.randrange(len(words))
        copied = "  ".join(words[start : start + rng.randint(1, 12)])
        quote = rng.choice(
            [
                copied,
                copied.upper(),
                f"“{copied}”",
                copied + " and then some invented words",
                "The Moon is made of cheese, said nobody ever.",
            ]
        )
        judgements.append(EvidenceJudgement(n=n, stance="supports", probability=0.7, quote=quote))
    evidence, _, _ = apply_judgements(evidence, judgements)
    for e in evidence:
        assert e.quote in e.text


def test_verbatim_maps_near_copies_back_to_the_original_span():
    text = "NASA said:  the Earth is\nround, “not flat”."
    assert verbatim("the Earth is round", text) == "the Earth is\nround"
    assert verbatim('"not flat"', text) is None or verbatim('"not flat"', text) in text
    assert verbatim("the earth is ROUND", text) == "the Earth is\nround"
    assert verbatim("the Earth is a cube", text) is None
    assert verbatim("short", text) is None  # too short to stand as a quote


def test_an_llm_quote_not_in_the_text_is_rejected_and_counted():
    evidence = [item("The Earth is round. The Moon orbits it.")]
    evidence = lexical_judge("The Earth is flat", evidence)
    evidence, judged, rejected = apply_judgements(
        evidence,
        [
            EvidenceJudgement(
                n=1, stance="refutes", probability=0.9, quote="The Earth is definitely a cube"
            ),
            EvidenceJudgement(n=7, stance="supports", probability=0.9, quote="x"),
        ],
    )
    assert (judged, rejected) == (1, 1)
    assert evidence[0].stance == "refutes" and evidence[0].quote == "The Earth is round."


def test_the_shortest_bearing_sentence_is_the_quote():
    evidence = [
        item(
            "Paris is in France. The Eiffel Tower was completed in 1889 for the World's Fair, "
            "which drew millions of visitors from many countries over several months. "
            "The Eiffel Tower was completed in 1889."
        )
    ]
    evidence = lexical_judge("The Eiffel Tower was completed in 1889", evidence)
    assert evidence[0].quote == "The Eiffel Tower was completed in 1889."
    assert evidence[0].stance == "supports"


@pytest.mark.parametrize(
    ("claim", "sentence", "stance"),
    [
        ("The Earth is flat", "The Earth is not flat but round.", "refutes"),
        ("Water boils at 50 C at sea level", "At sea level water boils at 100 C.", "refutes"),
        ("Water boils at 100 C at sea level", "At sea level water boils at 100 C.", "supports"),
        ("The Earth is flat", "Bananas are rich in potassium.", "neutral"),
    ],
)
def test_lexical_stance_rules(claim, sentence, stance):
    assert lexical_stance(claim, sentence)[0] == stance


def test_factuality_weighs_stances_and_ignores_neutral():
    a = replace(item("a"), stance="supports", stance_score=0.9)
    b = replace(item("b"), stance="refutes", stance_score=0.9)
    c = replace(item("c"), stance="neutral", stance_score=0.9)
    value = factuality([a, b, c])
    assert value is not None and 0.5 < value < 1  # the first-ranked supporter weighs more
    assert factuality([c]) is None
    b = replace(b, freshness=0.1)  # a stale refuter counts for less
    assert factuality([a, b]) > value


def test_freshness_by_source_type_and_staleness():
    today = date(2025, 1, 1)
    assert freshness("2024-01-01", "news", today) == pytest.approx(0.5, abs=0.01)
    assert freshness("2024-01-01", "academic", today) > 0.85
    assert freshness("1990-01-01", "news", today) == 0.1  # floored
    assert freshness(None, "news", today) is None and freshness("soon", "news", today) is None
    assert is_stale("2022-06-01", "news", today) and not is_stale("2024-06-01", "news", today)
    assert is_time_sensitive("Who is currently the CEO of Twitter?", today)
    assert is_time_sensitive("Inflation hit 9% in 2024", today)
    assert not is_time_sensitive("Water boils at 100 C at sea level", today)


def test_a_pronoun_speaks_of_the_claims_subject_only_where_the_text_is_about_it():
    claim = "Tamsin Orvel was born in 1961."
    text = "He was born in 1942 in Ostrania."
    spans = [sentence_spans(text)]
    reference = replace(item(text), origin="reference")
    titled = replace(item(text), title="Tamsin Orvel - Ostrania Encyclopaedia")
    elsewhere = replace(item(text), title="Bel Kessa - Ostrania Encyclopaedia")
    # a reference the user gave, or a page about the claim's subject: "He" is Tamsin Orvel
    for evidence in (reference, titled):
        decided = compared(claim, [evidence], spans)[0]
        assert decided is not None and decided[1].rule == "number", decided
    # a passage of a page about someone else: "He" is theirs, nothing is decided
    assert compared(claim, [elsewhere], spans)[0] is None


def test_a_pronoun_after_sentences_about_the_subject_alone_is_the_subject():
    """Not Enough Evidence before for "COVID-19 spreads mainly from an infected person's mouth or
    nose" beside WHO's seeded "COVID-19 is an infectious disease …. It spreads mainly from an
    infected person's mouth or nose …": in an item (not only in compare_item) a later sentence's
    "It" is the subject where every sentence before it speaks of the subject alone."""
    claim = "KX-19 spreads mainly through the air."
    text = "KX-19 is an infectious disease caused by the Orvel virus. It spreads mainly through the air."
    decided = compared(claim, [item(text)], [sentence_spans(text)])[0]
    assert decided is not None and decided[1].stance == "supports", decided
    other = "KX-19 is often confused with Bel Tamsin syndrome. It spreads mainly through the air."
    assert compared(claim, [item(other)], [sentence_spans(other)])[0] is None  # "It": the syndrome?
    # a passage of a page about someone else: its "He" carries no subject over to the next "He"
    cut = "He was a painter from Ostrania. He was born in 1942."
    elsewhere = replace(item(cut), title="Bel Kessa - Ostrania Encyclopaedia")
    assert compared("Tamsin Orvel was born in 1961.", [elsewhere], [sentence_spans(cut)])[0] is None
    titled = replace(item(cut), title="Tamsin Orvel - Ostrania Encyclopaedia")
    decided = compared("Tamsin Orvel was born in 1961.", [titled], [sentence_spans(cut)])[0]
    assert decided is not None and decided[1].rule == "number", decided


class BrokenNLI:
    name = "broken"
    kind = "local judge"

    async def predict(self, pairs):
        raise RuntimeError("the ONNX session died")


class NeutralNLI:
    name = "neutral"

    def __init__(self) -> None:
        self.asked: list[tuple[str, str]] = []

    async def predict(self, pairs):
        self.asked.extend(pairs)
        return [StanceProbs(0.1, 0.1, 0.8) for _ in pairs]


PARIS = "The Eiffel Tower is a wrought-iron lattice tower on the Champ de Mars in Paris, France."


async def test_the_rules_decide_the_plain_case_with_no_model_and_when_the_model_fails():
    """With no model loaded, and with a model that fails mid-run, the comparison rules still decide
    the plain contradiction (the heuristic alone reads "in Paris" as overlap with the claim)."""
    from agent.judge._judging import judge_stances

    other = item("Gustave Eiffel's company designed and built the tower for the 1889 fair.")
    for nli in (None, BrokenNLI()):
        stances = await judge_stances("The Eiffel Tower is in Berlin", [item(PARIS), other], nli)
        judged = stances.evidence[0]
        assert judged.stance == "refutes" and judged.stance_rule == "substitution"
        assert "Berlin" in (judged.stance_reason or "")
        if nli is None:  # the rules judged; the other item is neutral, not the heuristic's guess
            assert stances.by.startswith("exact comparison alone (")
            assert stances.evidence[1].stance == "neutral" and stances.evidence[1].quote
        else:  # the model failed mid-run: the rules alone, and the step says why
            assert stances.by.startswith("exact comparison alone (")
            assert "the local judge failed: the ONNX session died" in stances.by


async def test_a_failing_rule_leaves_the_model_judging_and_says_so(monkeypatch):
    """A bug in a comparison rule must not cost the answer its judge: the model reads every item,
    and the stance step names what failed."""
    import agent.judge._stance as stance_module
    from agent.judge._judging import judge_stances

    def broken(*args, **kwargs):
        raise ValueError("a rule's bug")

    monkeypatch.setattr(stance_module, "compare", broken)
    nli = NeutralNLI()
    stances = await judge_stances("The Eiffel Tower is in Berlin", [item(PARIS)], nli)
    assert nli.asked, "the model was not asked"
    assert stances.evidence[0].stance_rule is None and stances.evidence[0].stance == "neutral"
    assert "the comparison rules failed: a rule's bug" in stances.by
    assert "failed:" not in stances.by.split("(")[0]  # the model itself did not fail


async def test_an_llm_that_reads_an_item_otherwise_than_a_rule_takes_the_rule_off_it():
    """An item shows one reading: where the LLM's stance differs from the rule's, the item shows the
    LLM's stance and no rule (a reason saying "Berlin; Paris" beside "supports" would contradict
    itself), and ``overruled`` names what the rule had read; where they agree the rule's reason
    stays."""
    from agent.judge._judging import judge_stances

    stances = await judge_stances("The Eiffel Tower is in Berlin", [item(PARIS), item(PARIS)], None)
    ruled = stances.evidence
    assert all(e.stance_rule == "substitution" for e in ruled)
    read, judged, _ = apply_judgements(
        ruled,
        [
            EvidenceJudgement(n=1, stance="supports", probability=0.8),
            EvidenceJudgement(n=2, stance="refutes", probability=0.9),
        ],
    )
    assert judged == 2
    assert (read[0].stance, read[0].stance_rule, read[0].stance_reason) == ("supports", None, None)
    assert (read[1].stance, read[1].stance_rule) == ("refutes", "substitution")
    (note,) = overruled(ruled, read)
    assert note.startswith("[1] refutes by substitution (the claim says Berlin") and note.endswith(
        "the LLM: supports"
    )


class ContradictingNLI:
    """Reads every pair as a contradiction: what the judge keeps of that is the judge's doing."""

    name = "contradicting"

    async def predict(self, pairs):
        return [StanceProbs(0.05, 0.9, 0.05) for _ in pairs]


async def test_a_sentence_that_asserts_nothing_is_not_read_as_a_refutation_either():
    """ "Some say X was born in Tessa" reports a view: the model reading it as contradicting
    "X was not born in Velmar" is not shown (it was a wrong False through the API); a sentence
    beside it in the same item that states something is still read."""
    claim = "Ana Roske was not born in Velmar."
    reported = item("Some say Ana Roske was born in Tessa.")
    judged = (await nli_judge(claim, [reported], ContradictingNLI())).evidence[0]
    assert judged.stance == "neutral" and judged.stance_rule == "reported", judged
    both = item("Some say Ana Roske was born in Tessa. Her first paintings hang in Velmar.")
    judged = (await nli_judge(claim, [both], ContradictingNLI())).evidence[0]
    assert judged.stance == "refutes" and judged.quote == "Her first paintings hang in Velmar."


async def test_a_degree_denied_is_not_read_as_a_refutation_either():
    """ "Sea levels are not rising as fast as predicted" denies how fast, not that they rise: a
    model reading its "not" as contradicting "Sea levels are rising" is not shown (the learned
    judge made it a wrong False 0.5 through the API); the plain denial still refutes."""
    degree = item("Sea levels are not rising as fast as predicted.")
    judged = (await nli_judge("Sea levels are rising.", [degree], ContradictingNLI())).evidence[0]
    assert judged.stance == "neutral" and judged.stance_rule == "partial", judged
    assert "denies only how much" in (judged.stance_reason or ""), judged
    plain = item("Sea levels are not rising.")
    judged = (await nli_judge("Sea levels are rising.", [plain], ContradictingNLI())).evidence[0]
    assert judged.stance == "refutes", judged
