"""Stage 7: trust from real signals (loopback URL checks), balance, contrast, flags, prompt notes."""

from __future__ import annotations

from dataclasses import replace

import pytest

from agent.balance import promote_contrast
from agent.llm import LLMError
from agent.models import Evidence
from agent.prompts import verdict_user
from agent.trust._trust import find_doi, score_sources
from retrieval.credibility import profile_for
from search.fetch import Fetcher, FetchPolicy
from tests.fakes.chat import ScriptedChat
from tests.fakes.web import FakeWeb


def item(
    source: str,
    *,
    bias=None,
    credibility=0.85,
    source_type="news",
    title="t",
    relevance=1.0,
    text="Some text.",
) -> Evidence:
    profile = profile_for(source)
    return Evidence(
        id=source,
        text=text,
        source=source,
        title=title,
        relevance=relevance,
        score=relevance,
        origin="web",
        domain=profile.domain,
        source_type=source_type,
        credibility=credibility,
        bias=bias,
        quote=text,
        flags=tuple(profile.flags),
    )


@pytest.fixture
async def fetcher():
    f = Fetcher(FetchPolicy(allow_hosts=("127.0.0.1:*",), timeout_s=2))
    yield f
    await f.aclose()


async def test_live_and_paywalled_urls_score_like_the_standard(fetcher):
    with FakeWeb({"/live": (200, {}, b"x"), "/paywall": (403, {}, b"")}) as web:
        live = item(f"{web.url}/live")
        paywalled = item(f"{web.url}/paywall")
        # Loopback hosts are not news outlets: classify them as NEWS via the table's outlet rule.
        live, paywalled = (replace(e, domain="127.0.0.1") for e in (live, paywalled))
        chat = ScriptedChat(
            {"trust": {"ratings": [{"n": 1, "confidence": 0.85}, {"n": 2, "confidence": 0.85}]}}
        )
        report = await score_sources(
            "claim", [live, paywalled], fetcher=fetcher, chat=chat, sufficient_mean=1.0
        )
    live, paywalled = report.evidence
    assert report.url_checks == 2 and len(chat.calls) == 1
    assert live.trust.content_domain == "NEWS"
    # trust.domain is groundcheck's domain, as in the standard; the host stays on the item
    assert live.trust.domain == "NEWS" and live.domain == "127.0.0.1"
    assert live.trust.score == pytest.approx(0.7625)
    assert paywalled.trust.score == pytest.approx(0.5525) and paywalled.trust.verdict == "VERIFIED"
    assert paywalled.trust.posterior == pytest.approx(0.81, abs=0.005)
    assert paywalled.trust.contributions == {
        "url": pytest.approx(-0.636, abs=0.001),
        "ai": pytest.approx(0.976, abs=0.001),
    }
    assert paywalled.trust.signals["url"].startswith("paywalled (HTTP 403)")
    assert live.trust.signals["ai"] == "LLM judgement 0.85"


async def test_dead_url_lowers_trust_and_checks_are_cached(fetcher):
    with FakeWeb({"/live": (200, {}, b"x")}) as web:
        first = [item(f"{web.url}/live"), item(f"{web.url}/gone")]
        report = await score_sources(
            "claim", first, fetcher=fetcher, chat=None, sufficient_mean=1.0
        )
        again = [item(f"{web.url}/live")]
        second = await score_sources(
            "claim", again, fetcher=fetcher, chat=None, sufficient_mean=1.0
        )
    first = report.evidence
    assert first[0].trust.posterior > first[1].trust.posterior
    assert first[1].trust.signals["url"] == "dead (HTTP 404)"
    assert report.url_checks == 2 and second.url_checks == 0 and second.cached == 1
    assert first[0].trust.signals["ai"].startswith("no LLM judgement: table credibility 0.85")


async def test_without_url_checks_the_layer_is_absent():
    evidence = [item("https://www.nytimes.com/2024/01/climate.html")]
    report = await score_sources("claim", evidence, fetcher=None, chat=None, sufficient_mean=1.0)
    trust = report.evidence[0].trust
    assert trust.content_domain == "NEWS" and trust.signals["url"] == "not checked"
    assert trust.contributions["url"] == pytest.approx(0.5 * (1.2993 - 0.6360), abs=0.001)
    assert report.url_checks == 0 and "URL checks are off" in report.steps[0]


async def test_refused_url_fails_the_layer():
    fetcher = Fetcher(FetchPolicy(timeout_s=2))  # no allow-list: loopback is refused
    try:
        with FakeWeb({"/x": (200, {}, b"x")}) as web:
            evidence = [item(f"{web.url}/x")]
            report = await score_sources(
                "claim", evidence, fetcher=fetcher, chat=None, sufficient_mean=1.0
            )
    finally:
        await fetcher.aclose()
    assert report.evidence[0].trust.signals["url"].startswith("refused")
    assert web.requests == []


async def test_doi_is_classified_academic_and_resolved_through_the_checker():
    # doi.org cannot be reached here; the layer is then absent, never a failure
    fetcher = Fetcher(FetchPolicy(timeout_s=0.5), resolver=_nxdomain)
    try:
        evidence = [item("https://example.org/paper", text="See doi:10.1038/s41586-020-2649-2.")]
        report = await score_sources(
            "claim", evidence, fetcher=fetcher, chat=None, sufficient_mean=1.0
        )
    finally:
        await fetcher.aclose()
    trust = report.evidence[0].trust
    assert trust.content_domain == "ACADEMIC"
    assert trust.signals["doi"].startswith("10.1038/s41586-020-2649-2: not resolved")
    assert set(trust.contributions) == {"doi", "title_search", "url", "ai"}


async def _nxdomain(host: str, port: int) -> list[str]:
    raise OSError("no network in tests")


async def test_llm_failure_falls_back_to_the_table():
    evidence = [item("https://www.reuters.com/x")]
    report = await score_sources(
        "claim",
        evidence,
        fetcher=None,
        chat=ScriptedChat(default=LLMError("down")),
        sufficient_mean=1.0,
    )
    assert "LLM judgement failed" in report.steps[0]
    assert report.evidence[0].trust.signals["ai"].startswith("no LLM judgement")


def test_find_doi():
    assert find_doi("https://doi.org/10.1000/182.") == "10.1000/182"
    assert find_doi("nothing", "cited as (10.5555/abc-1)") == "10.5555/abc-1"
    assert find_doi("https://example.com/10/x") is None


CLAIM = "The president's immigration policy cut border crossings"


def test_contrasting_credible_source_is_ranked_second():
    chosen = [
        item("https://www.cnn.com/a", bias="left"),
        item("https://www.vox.com/b", bias="left"),
        item("https://www.msnbc.com/c", bias="left"),
    ]
    others = [
        item("https://www.breitbart.com/d", bias="right", credibility=0.25),
        item("https://www.wsj.com/e", bias="right-center", credibility=0.85),
    ]
    ranked, promoted = promote_contrast(CLAIM, chosen, lambda: others, limit=3)
    assert promoted is others[1]
    assert [e.domain for e in ranked] == ["cnn.com", "wsj.com", "vox.com"]


def test_no_promotion_when_balanced_or_not_political():
    balanced = [
        item("https://www.cnn.com/a", bias="left"),
        item("https://www.wsj.com/b", bias="right-center"),
    ]
    assert promote_contrast(CLAIM, balanced, lambda: [])[1] is None
    leaning = [
        item("https://www.cnn.com/a", bias="left"),
        item("https://www.vox.com/b", bias="left"),
    ]
    assert (
        promote_contrast(
            "Water boils at 100 C",
            leaning,
            lambda: [item("https://www.wsj.com/e", bias="right-center")],
        )[1]
        is None
    )
    assert promote_contrast(CLAIM, leaning, lambda: [])[0] == leaning  # nothing to promote


def test_flagged_sources_are_kept_and_named_in_the_prompt():
    onion = item("https://www.theonion.com/x", credibility=0.05, source_type="satire")
    infowars = item("https://www.infowars.com/y", bias="conspiracy-pseudoscience", credibility=0.1)
    fake = item("https://100percentfedup.com/z", bias="fake-news", credibility=0.1)
    assert onion.flags == ("satire",)
    assert infowars.flags == ("conspiracy-pseudoscience",)
    assert "fake-news" in fake.flags
    prompt = verdict_user("Some claim", [onion, infowars, fake])
    assert 'flags="satire"' in prompt and "[2] conspiracy-pseudoscience" in prompt
    assert "never treat them as factual support" in prompt


def test_one_sided_guidance_only_on_political_topics():
    leaning = [
        item("https://www.cnn.com/a", bias="left"),
        item("https://www.vox.com/b", bias="left-center"),
    ]
    assert "Seek contrasting framing" in verdict_user(CLAIM, leaning)
    assert "Source notes" not in verdict_user("Water boils at 100 C", leaning)
