"""The citation check and the grounding rules without a server (behavioural fakes only)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from agent.check._citations import FLAG, check_reasoning
from agent.check._grounding import (
    PROFILES,
    grounding_status,
    profile_named,
    scrubbed_evidence,
    should_check,
)
from agent.judge._nli import StanceProbs
from agent.llm import LLMUnavailable
from agent.models import Evidence, Verdict, VerdictDecision
from tests.fakes.chat import ScriptedChat


def item(text: str, domain: str = "example.org") -> Evidence:
    return Evidence(
        id=domain,
        text=text,
        source=f"https://{domain}/x",
        title="t",
        relevance=0.8,
        score=0.8,
        origin="kb",
        domain=domain,
        source_type="news",
        credibility=0.9,
    )


EVIDENCE = [
    item("The Eiffel Tower was completed in 1889 for the World's Fair in Paris."),
    item("The Moon orbits the Earth about every 27 days.", "nasa.gov"),
]
CLAIM = "The Eiffel Tower was completed in 1889"


async def test_a_fabricated_citation_is_caught_dropped_and_flagged():
    reasoning = (
        "The Eiffel Tower was completed in 1889 for the World's Fair [1]. "
        "It was designed by Leonardo da Vinci in 1502 [2]."
    )
    report, problem = await check_reasoning(reasoning, EVIDENCE, CLAIM)
    assert problem is None and report.judge == "lexical"
    assert (report.citations.total, report.citations.supported) == (2, 1)
    assert report.unbacked == [(2, "It was designed by Leonardo da Vinci in 1502.")]
    assert "[2]" not in report.reasoning and "[1]" in report.reasoning
    assert report.reasoning.endswith(f"in 1502{FLAG}.")


async def test_a_number_the_evidence_never_states_is_not_backed():
    report, _ = await check_reasoning("The tower was completed in 1899 [1].", EVIDENCE, CLAIM)
    assert report.citations.supported == 0 and report.unbacked


async def test_the_claims_own_numbers_and_contentless_sentences_stand():
    report, _ = await check_reasoning(
        "The claim says 1888, but the Eiffel Tower was completed in 1889 [1]. Refuted by [1] and [9].",
        EVIDENCE,
        "The Eiffel Tower was completed in 1888",
    )
    assert (report.citations.total, report.citations.supported) == (3, 2)
    assert report.nonexistent == [9] and report.unchecked == 1 and not report.unbacked


async def test_template_reasoning_is_only_checked_for_existing_numbers():
    report, _ = await check_reasoning(
        "Nothing to do with it [2] or [3].", EVIDENCE, CLAIM, check_backing=False
    )
    assert (report.citations.total, report.citations.supported) == (2, 1)
    assert report.judge == "existence"


class FixedNLI:
    name = "fixed"

    async def predict(self, pairs):
        return [
            StanceProbs(0.9, 0.05, 0.05)
            if "1889" in premise and "1889" in hyp
            else StanceProbs(0.05, 0.05, 0.9)
            for premise, hyp in pairs
        ]


async def test_the_nli_model_judges_when_loaded():
    report, _ = await check_reasoning(
        "It opened in 1889 [1]. It opened in 1889 [2].", EVIDENCE, CLAIM, nli=FixedNLI()
    )
    assert report.judge == "nli (fixed) or lexical" and report.unbacked == [
        (2, "It opened in 1889.")
    ]


def citation_chat(fail: bool = False) -> ScriptedChat:
    """Marks every citation of evidence 2 unsupported (or fails)."""
    checks = [{"s": 1, "n": 1, "supported": True}, {"s": 2, "n": 2, "supported": False}]
    return ScriptedChat({"citations": LLMUnavailable("down") if fail else {"checks": checks}})


async def test_the_llm_judges_in_one_call_and_a_failure_falls_back_to_local():
    reasoning = "Completed in 1889 for the fair [1]. The Moon orbits the Earth [2]."
    chat = citation_chat()
    report, problem = await check_reasoning(reasoning, EVIDENCE, CLAIM, chat=chat)
    assert chat.tasks() == ["citations"] and report.judge == "llm" and problem is None
    assert report.unbacked == [(2, "The Moon orbits the Earth.")]
    report, problem = await check_reasoning(
        reasoning, EVIDENCE, CLAIM, chat=citation_chat(fail=True)
    )
    assert problem == "down" and report.judge == "lexical" and report.citations.supported == 2


def judged(
    confidence: float, verdict: Verdict = Verdict.TRUE, mode: str = "llm"
) -> VerdictDecision:
    return VerdictDecision(verdict, confidence, "r [1]", mode)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("full", "scrubbed", "status"),
    [
        (0.9, 0.5, "VERIFIED"),
        (0.9, 0.7, "PLAUSIBLE"),
        (0.7, 0.5, "PLAUSIBLE"),
        (0.9, 0.85, "SUSPICIOUS"),
        (0.65, 0.6, "SUSPICIOUS"),
        (0.55, 0.0, "UNSUPPORTED"),
    ],
)
def test_status_thresholds_of_the_general_profile(full, scrubbed, status):
    assert grounding_status(full, scrubbed, PROFILES["general"]) == status


def test_profiles_are_stricter_or_looser():
    assert grounding_status(0.8, 0.55, PROFILES["documentation"]) == "VERIFIED"
    assert grounding_status(0.8, 0.55, PROFILES["general"]) == "PLAUSIBLE"
    assert grounding_status(0.9, 0.55, PROFILES["data"]) == "PLAUSIBLE"
    assert grounding_status(0.72, 0.4, PROFILES["security"]) == "UNSUPPORTED"
    with pytest.raises(ValueError, match="valid: general, documentation, data, security"):
        profile_named("medical")


@pytest.mark.parametrize(
    ("trigger", "profile", "decision", "runs"),
    [
        ("always", "general", judged(0.95), True),
        ("never", "security", judged(0.7), False),
        ("on_medium_confidence", "general", judged(0.7), True),
        ("on_medium_confidence", "general", judged(0.95), False),
        ("on_medium_confidence", "data", judged(0.92), True),
        ("on_medium_confidence", "documentation", judged(0.88), False),
        ("on_medium_confidence", "security", judged(0.99), True),
        ("always", "general", judged(0.7, Verdict.NOT_ENOUGH_EVIDENCE), False),
        ("always", "general", judged(0.7, mode="nli"), False),
    ],
)
def test_the_trigger_and_the_profile_decide_whether_the_second_pass_runs(
    trigger, profile, decision, runs
):
    assert should_check(trigger, PROFILES[profile], decision, 2, llm=True)[0] is runs
    assert should_check(trigger, PROFILES[profile], decision, 2, llm=False)[0] is False


def test_the_scrubbed_copies_hide_specifics_and_sources_but_keep_the_originals():
    copies, replaced = scrubbed_evidence(EVIDENCE)
    assert replaced >= 4 and "1889" not in copies[0].text and "Eiffel" not in copies[0].text
    assert copies[1].domain == "source-2" and copies[1].source == ""
    assert EVIDENCE[0].text.startswith("The Eiffel Tower")  # the originals are untouched


# -- verdict sentences and clean removal (issue 19) --------------------------------------------

NASA = [
    item("The Earth is not flat: it is a roughly spherical planet.", "nasa.gov"),
    item("Photographs from space show the planet as a round globe, not a flat disk.", "nasa.gov"),
]


async def test_a_terse_verdict_sentence_is_backed_by_the_cited_items_stance():
    refuting = [replace(e, stance="refutes") for e in NASA]
    report, _ = await check_reasoning(
        "Per [1] and [2], the claim does not hold; see also [9].",
        refuting,
        "The Earth is flat",
        verdict=Verdict.FALSE,
    )
    assert report.reasoning == "Per [1] and [2], the claim does not hold."
    assert (report.citations.total, report.citations.supported) == (
        3,
        2,
    ) and report.nonexistent == [9]
    assert "stance for verdict sentences" in report.judge


async def test_a_verdict_sentence_citing_an_item_of_the_other_side_is_not_backed():
    sides = [replace(NASA[0], stance="refutes"), replace(NASA[1], stance="neutral")]
    report, _ = await check_reasoning(
        "This is confirmed by [1] and [2].", sides, "The Earth is flat", verdict=Verdict.TRUE
    )
    assert report.citations.supported == 0 and len(report.unbacked) == 2
    assert report.reasoning == f"This is confirmed{FLAG}."


@pytest.mark.parametrize(
    ("sentence", "drop", "expected"),
    [
        (
            "Per [1] and [2], the claim does not hold; see also [9].",
            {9},
            "Per [1] and [2], the claim does not hold.",
        ),
        (
            "Per [1] and [2], the claim does not hold; see also [9].",
            {1, 2},
            "The claim does not hold; see also [9].",
        ),
        ("Refuted by [1] and [9].", {9}, "Refuted by [1]."),
        ("See [9].", {9}, ""),
        ("The tower [1][9] opened in 1889.", {9}, "The tower [1] opened in 1889."),
        ("According to [3], the tower opened in 1889 [1].", {3}, "The tower opened in 1889 [1]."),
        ("It was built in 1889 [1], [4] and [5].", {4, 5}, "It was built in 1889 [1]."),
    ],
)
def test_dropping_citations_never_leaves_broken_text(sentence, drop, expected):
    from agent.check._citations import drop_citations

    assert drop_citations(sentence, drop) == expected


def test_what_counts_as_restating_the_verdict():
    from agent.check._backing import restates_verdict

    claim = "The Earth is flat"
    for text in (
        "Per and, the claim does not hold",
        "This is false",
        "confirmed by",
        "The claim is true",
        "Evidence shows the claim is incorrect",
        "The claim that the Earth is flat is a myth",
    ):
        assert restates_verdict(text, claim), text
    for text in (
        "The Earth is round, not flat",
        "NASA photos show the Earth is round",
        "It is 12,756 km wide",
    ):
        assert not restates_verdict(text, claim), text
