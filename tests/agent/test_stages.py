"""Pure logic of the agent's stages: no network, no model, no server."""

from __future__ import annotations

import pytest

from agent.balance import political_balance
from agent.check import check_reasoning
from agent.classify import classify, classify_rules
from agent.gather._sufficiency import enough_by_rule
from agent.judge._verdict import NO_LLM, evidence_only_verdict, parse_verdict
from agent.llm import LLMBadResponse, LLMUnavailable, clamp, parse_json_object
from agent.models import ClaimType, Evidence, Verdict
from agent.sentences import best_quote
from retrieval.dedup import canonical_url, dedupe
from tests.fakes.chat import ScriptedChat


def evidence(domain="nasa.gov", bias=None, text="The Earth is round.") -> Evidence:
    return Evidence(
        id="d",
        text=text,
        source=f"https://{domain}/x",
        title="t",
        relevance=0.8,
        score=0.8,
        origin="kb",
        domain=domain,
        source_type="government",
        credibility=0.9,
        bias=bias,
        quote=text,
    )


@pytest.mark.parametrize(
    ("claim", "kind"),
    [
        ("The Earth is flat", ClaimType.FACTUAL),
        ("Apollo 11 landed on the Moon in 1969", ClaimType.FACTUAL),
        ("I think pineapple pizza is disgusting", ClaimType.OPINION),
        ("Paris is the most beautiful city", ClaimType.OPINION),
        (
            "I love sunny days.",
            ClaimType.OPINION,
        ),  # a first-person preference (the new head scored it 0.71)
        ("My favourite season is autumn", ClaimType.OPINION),
        ("People who like sunny days live longer", ClaimType.FACTUAL),
        (
            "The Eiffel Tower was completed in 1889, and it is the most beautiful tower",
            ClaimType.MIXED,
        ),
        ("It is true", ClaimType.AMBIGUOUS),
        ("Really?", ClaimType.AMBIGUOUS),
        # a third party's words are checkable whatever their wording (invented, in PolitiFact's style)
        ("The senator said that we should scrap the state income tax.", ClaimType.FACTUAL),
        ("Says the mayor called the new stadium a disaster.", ClaimType.FACTUAL),
        ('The governor "said that we ought to close every rural clinic."', ClaimType.FACTUAL),
        (
            "Polls show the challenger would do better than the incumbent in a runoff.",
            ClaimType.FACTUAL,
        ),
        # ... unless the speaker is the writer, or the framing itself judges
        ("I said that we should scrap the state income tax.", ClaimType.OPINION),
        ("We told them this plan is a disaster.", ClaimType.OPINION),
        ("What may be called the best policy ever is a disgrace.", ClaimType.OPINION),
        # a ranking on a measured quantity is a statistic; a ranking of taste is not
        ("Ohio had the worst job losses in state history last year.", ClaimType.FACTUAL),
        ("The county saw its best two-year job growth in a decade.", ClaimType.FACTUAL),
        ("Vermont is one of the worst states for broadband coverage.", ClaimType.FACTUAL),
        ("Pizza is the best food in the world.", ClaimType.OPINION),
        ("This is the worst movie ever made.", ClaimType.OPINION),
        # compounds and named events are not judgements
        ("The state's best-paid teachers lost 8 percent of their salaries.", ClaimType.FACTUAL),
        ("The rainy day fund covers the cost of a natural disaster.", ClaimType.FACTUAL),
        ("The county received $2 million in disaster relief in 2019.", ClaimType.FACTUAL),
    ],
)
def test_classification_rules(claim, kind):
    assert classify_rules(claim).claim_type is kind


def test_reported_speech_names_the_speaker_only_when_it_is_a_third_party():
    from agent.classify._claim import reported_speech

    assert reported_speech("The senator said that we should scrap the tax.") == (
        "The senator",
        "that we should scrap the tax.",
    )
    assert reported_speech("Says the mayor called it a scam.") == (
        "",
        "the mayor called it a scam.",
    )
    assert reported_speech("I said that we should scrap the tax.") is None
    assert reported_speech("The plan is what may be called a compromise.") is None
    assert reported_speech("The river is 40 km long.") is None


def test_mixed_claims_keep_only_the_factual_part():
    result = classify_rules(
        "The Eiffel Tower was completed in 1889, and it is the most beautiful tower"
    )
    assert "1889" in result.claim and "beautiful" not in result.claim


async def test_llm_classification_and_its_fallback():
    ok, problem = await classify(
        "Vaccines cause autism",
        ScriptedChat(
            default={
                "claim_type": "FACTUAL",
                "claim": "Vaccines cause autism",
                "reason": "testable",
            }
        ),
    )
    assert (ok.claim_type, ok.by, problem) == (ClaimType.FACTUAL, "llm", None)
    down, problem = await classify(
        "Vaccines cause autism", ScriptedChat(default=LLMUnavailable("down"))
    )
    assert down.claim_type is ClaimType.FACTUAL and down.by == "rules" and "down" in problem
    odd, problem = await classify(
        "Vaccines cause autism", ScriptedChat(default={"claim_type": "SPECULATIVE"})
    )
    assert odd.by == "rules" and "unknown claim type" in problem


async def test_citations_outside_the_evidence_are_removed_and_counted():
    evidence = [
        Evidence(
            id=str(n),
            text="t",
            source="s",
            title="",
            relevance=1,
            score=1,
            origin="kb",
            domain="d",
            source_type="news",
            credibility=0.5,
        )
        for n in (1, 2)
    ]
    report, _ = await check_reasoning(
        "Refuted [1] and [2], see [7] and [0].", evidence, "c", check_backing=False
    )
    assert (
        "[7]" not in report.reasoning
        and "[0]" not in report.reasoning
        and "[1]" in report.reasoning
    )
    assert (report.citations.total, report.citations.supported) == (4, 2)
    assert report.nonexistent == [0, 7]


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ("False", Verdict.FALSE),
        ("partially true", Verdict.PARTIALLY_TRUE),
        ("REFUTED", Verdict.FALSE),
        ("Not Enough Evidence", Verdict.NOT_ENOUGH_EVIDENCE),
        ("maybe", None),
        (None, None),
    ],
)
def test_parse_verdict(raw, expected):
    assert parse_verdict(raw) is expected


def test_clamp_confidence():
    assert clamp(0.7) == 0.7 and clamp(85) == 0.85 and clamp(-1) == 0.0
    assert clamp("high") == 0.5 and clamp(float("nan")) == 0.5


def test_parse_json_object_tolerates_fences_and_chatter():
    assert parse_json_object('```json\n{"a": 1}\n```') == {"a": 1}
    assert parse_json_object('Sure! {"verdict": "True"} hope it helps') == {"verdict": "True"}
    with pytest.raises(LLMBadResponse):
        parse_json_object("no json here")
    with pytest.raises(LLMBadResponse):
        parse_json_object("[1, 2]")


def test_sufficiency_rule():
    assert enough_by_rule([1.2, 1.0], 1.0)
    assert not enough_by_rule([3.0], 1.0)
    assert not enough_by_rule([1.2, 0.5], 1.0)


def test_evidence_only_verdict_says_so_and_cites():
    decision = evidence_only_verdict([evidence()])
    assert decision.reasoning.startswith(NO_LLM) and "[1]" in decision.reasoning
    assert decision.mode == "evidence-only" and decision.verdict is Verdict.NOT_ENOUGH_EVIDENCE


def test_best_quote_is_verbatim():
    text = "Some intro about planets. The Earth is an oblate spheroid and not flat. Other things."
    quote = best_quote("The Earth is flat", text)
    assert quote == "The Earth is an oblate spheroid and not flat." and quote in text


def test_political_balance():
    claim = "The senator voted against the immigration bill"
    one_sided = political_balance(
        claim, [evidence("a.com", "left"), evidence("b.com", "left-center")]
    )
    assert (
        one_sided.political
        and one_sided.one_sided
        and one_sided.leans == {"left": 1, "left-center": 1}
    )
    mixed = political_balance(claim, [evidence("a.com", "left"), evidence("b.com", "right")])
    assert mixed.political and not mixed.one_sided
    with_center = political_balance(claim, [evidence("a.com", "left"), evidence("b.com", "center")])
    assert not with_center.one_sided
    assert not political_balance(claim, [evidence("a.com", "right")]).one_sided  # one source
    # the same lean on a non-political topic is not "one-sided"
    science = political_balance(
        "Water boils at 100 C at sea level", [evidence("a.com", "left"), evidence("b.com", "left")]
    )
    assert not science.political and not science.one_sided
    assert not political_balance("The Earth is flat", [evidence(bias="pro-science")]).political


def test_dedup_by_url_and_first_100_chars():
    items = [
        ("https://www.a.com/x/", "alpha"),
        ("http://a.com/x", "beta"),
        ("https://b.com/y", "ALPHA"),
        ("https://c.com/z", "gamma"),
    ]
    kept = dedupe(items, url=lambda i: i[0], text=lambda i: i[1])
    assert kept == [("https://www.a.com/x/", "alpha"), ("https://c.com/z", "gamma")]
    assert canonical_url("HTTPS://WWW.A.com/x/#frag") == "a.com/x"
