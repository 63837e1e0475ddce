"""The groundcheck standard: every worked example of its README and each classification rule."""

from __future__ import annotations

import math

import pytest

from agent.trust._standard import (
    DOMAIN_CONFIGS,
    ContentDomain,
    LayerResult,
    bayesian_score,
    classify_reference,
    domain_aware_score,
)

LIVE_NYT = [LayerResult("url", True, 0.6), LayerResult("ai", True, 0.85)]
PAYWALLED = [LayerResult("url", False, 0.0), LayerResult("ai", True, 0.85)]


def test_live_nyt_article_v1():
    result = domain_aware_score("NEWS", LIVE_NYT)
    assert result.score == pytest.approx(0.7625, abs=1e-12)
    assert result.verdict == "VERIFIED"


def test_paywalled_article_v1():
    result = domain_aware_score(ContentDomain.NEWS, PAYWALLED)
    assert result.score == pytest.approx(0.5525, abs=1e-12)
    assert result.verdict == "VERIFIED"


def test_paywalled_news_v2_posterior_and_contributions():
    result = bayesian_score("NEWS", PAYWALLED)
    assert result.posterior == pytest.approx(0.81, abs=0.005)
    assert result.verdict == "VERIFIED"
    assert result.contributions["url"] == pytest.approx(-0.64, abs=0.005)
    assert result.contributions["ai"] == pytest.approx(0.98, abs=0.005)
    assert set(result.contributions) == {"url", "ai"}


def test_paywalled_news_v2_running_probability_after_url_is_61_percent():
    prior = math.log(0.75 / 0.25)
    after_url = 1 / (
        1 + math.exp(-(prior + bayesian_score("NEWS", PAYWALLED).contributions["url"]))
    )
    assert after_url == pytest.approx(0.61, abs=0.005)


def test_academic_example_from_the_standard_tests():
    layers = [
        LayerResult("doi", True, 0.95),
        LayerResult("title_search", True, 0.9),
        LayerResult("url", True, 0.6),
        LayerResult("ai", True, 0.85),
    ]
    result = domain_aware_score("ACADEMIC", layers)
    assert result.score == pytest.approx(0.885)
    assert result.verdict == "VERIFIED"


def test_v1_ignores_layers_not_applicable_and_counts_absent_as_zero():
    with_doi = PAYWALLED + [LayerResult("doi", True, 1.0), LayerResult("title_search", True, 1.0)]
    assert domain_aware_score("NEWS", with_doi).score == pytest.approx(0.5525)
    assert domain_aware_score("NEWS", []).score == 0.0
    assert domain_aware_score("NEWS", []).verdict == "FAILED"


def test_v2_absent_layers_count_at_half_confidence():
    only_ai = bayesian_score("NEWS", [LayerResult("ai", True, 0.85)])
    url = DOMAIN_CONFIGS[ContentDomain.NEWS].layers[0]
    expected = 0.5 * math.log(url.lr_pos) + 0.5 * math.log(url.lr_neg)
    assert only_ai.contributions["url"] == pytest.approx(expected)
    assert only_ai.contributions["url"] != 0.0  # absent evidence is not no evidence


def test_v2_failed_verdict_below_threshold():
    result = bayesian_score(
        "GENERAL", [LayerResult("url", False, 0.0), LayerResult("ai", False, 0.1)]
    )
    assert result.posterior < DOMAIN_CONFIGS[ContentDomain.GENERAL].bayesian_threshold
    assert result.verdict == "FAILED"


@pytest.mark.parametrize("domain", list(ContentDomain))
def test_every_domain_is_well_formed(domain):
    config = DOMAIN_CONFIGS[domain]
    assert sum(layer.weight for layer in config.layers) == pytest.approx(1.0)
    assert 0 < config.threshold <= 1 and 0 < config.prior < 1 and 0 < config.bayesian_threshold < 1
    for layer in config.layers:
        assert layer.lr_pos > 1 and layer.lr_neg < 1
    assert len(config.ai_instruction) > 20


def test_published_parameters():
    news = {layer.id: layer for layer in DOMAIN_CONFIGS[ContentDomain.NEWS].layers}
    assert news["url"].lr_pos == pytest.approx(3.67, abs=0.005)
    assert news["ai"].lr_neg == pytest.approx(0.23, abs=0.005)
    gov = {layer.id: layer for layer in DOMAIN_CONFIGS[ContentDomain.GOVERNMENT].layers}
    assert gov["url"].lr_pos == pytest.approx(12.14, abs=0.005)
    assert DOMAIN_CONFIGS[ContentDomain.GENERAL].prior == min(
        c.prior for c in DOMAIN_CONFIGS.values()
    )
    assert DOMAIN_CONFIGS[ContentDomain.ACADEMIC].threshold == max(
        c.threshold for c in DOMAIN_CONFIGS.values()
    )
    weights = {d: {layer.id: layer.weight for layer in c.layers} for d, c in DOMAIN_CONFIGS.items()}
    assert weights[ContentDomain.EDUCATIONAL] == {"url": 0.30, "title_search": 0.10, "ai": 0.60}
    assert DOMAIN_CONFIGS[ContentDomain.EDUCATIONAL].threshold == 0.50


def test_educational_v2_parameters_are_the_standards():
    edu = DOMAIN_CONFIGS[ContentDomain.EDUCATIONAL]
    assert {(layer.id, layer.sensitivity, layer.specificity) for layer in edu.layers} == {
        ("url", 0.80, 0.85),
        ("title_search", 0.35, 0.75),
        ("ai", 0.80, 0.82),
    }  # groundcheck v0.3.0
    assert (
        DOMAIN_CONFIGS[ContentDomain.GENERAL].prior
        < edu.prior
        < DOMAIN_CONFIGS[ContentDomain.NEWS].prior
    )
    live = bayesian_score("EDUCATIONAL", LIVE_NYT)
    assert live.posterior == pytest.approx(0.9000, abs=0.0001)
    assert live.verdict == "VERIFIED"
    assert domain_aware_score("EDUCATIONAL", LIVE_NYT).verdict == "VERIFIED"
    dead = bayesian_score(
        "EDUCATIONAL", [LayerResult("url", False, 0.0), LayerResult("ai", False, 0.2)]
    )
    assert dead.verdict == "FAILED"


def test_domain_as_string_or_enum_and_unknown_domain():
    assert bayesian_score("news", PAYWALLED) == bayesian_score(ContentDomain.NEWS, PAYWALLED)
    with pytest.raises(ValueError, match="unknown content domain"):
        domain_aware_score("PODCAST", [])


def test_layer_confidence_is_validated():
    with pytest.raises(ValueError):
        LayerResult("url", True, 1.5)


@pytest.mark.parametrize(
    ("kwargs", "expected"),
    [
        # 1 DOI → ACADEMIC, whatever the URL or type
        ({"doi": "10.1234/example"}, "ACADEMIC"),
        ({"doi": "10.1234/x", "url": "https://nytimes.com/article"}, "ACADEMIC"),
        ({"doi": "10.5678/news", "type": "ARTICLE"}, "ACADEMIC"),
        # 2 academic URL patterns
        ({"url": "https://arxiv.org/abs/1706.03762"}, "ACADEMIC"),
        ({"url": "https://pubmed.ncbi.nlm.nih.gov/12345678"}, "ACADEMIC"),
        ({"url": "https://www.nature.com/articles/s41586-023-001"}, "ACADEMIC"),
        ({"url": "https://doi.org/10.1000/182"}, "ACADEMIC"),
        # 3 news URL patterns
        ({"url": "https://www.nytimes.com/2024/01/01/tech/ai.html"}, "NEWS"),
        ({"url": "https://www.reuters.com/technology/ai-2024"}, "NEWS"),
        ({"url": "https://www.bbc.com/news/technology-12345"}, "NEWS"),
        ({"url": "https://www.bbc.co.uk/news/science"}, "NEWS"),
        ({"url": "https://apnews.com/article/123", "type": "WEB"}, "NEWS"),
        # 4 government URL patterns
        ({"url": "https://www.cdc.gov/covid/data"}, "GOVERNMENT"),
        ({"url": "https://www.gov.uk/x", "type": "PAPER"}, "GOVERNMENT"),
        ({"url": "https://www.who.int/news/item/01-01-2024"}, "GOVERNMENT"),
        ({"url": "https://www.worldbank.org/en/report"}, "GOVERNMENT"),
        # educational URL patterns (after government)
        ({"url": "https://www.khanacademy.org/math/algebra"}, "EDUCATIONAL"),
        ({"url": "https://openstax.org/books/college-algebra"}, "EDUCATIONAL"),
        ({"url": "https://www.coursera.org/learn/machine-learning"}, "EDUCATIONAL"),
        ({"url": "https://www.edx.org/course/cs50"}, "EDUCATIONAL"),
        ({"url": "https://www.stanford.edu/about"}, "GENERAL"),  # .edu hosts are our extension:
        ({"url": "https://www.stanford.edu/about", "edu_hosts": True}, "EDUCATIONAL"),
        ({"url": "https://www.ox.ac.uk.example.edu.au/x", "edu_hosts": True}, "EDUCATIONAL"),
        (
            {"url": "https://example.com/file.edu", "edu_hosts": True},
            "GENERAL",
        ),  # a path is not a host
        ({"url": "https://www.ted.com/talks/x"}, "EDUCATIONAL"),
        ({"url": "https://phet.colorado.edu/sims"}, "EDUCATIONAL"),
        ({"url": "https://education.example.com/"}, "GENERAL"),
        # priority: academic URL over news type, news URL over gov-looking path
        ({"url": "https://arxiv.org/abs/123", "type": "ARTICLE"}, "ACADEMIC"),
        ({"url": "https://www.reuters.com/world/us/cdc.gov-report"}, "NEWS"),
        # 3 types, as groundcheck v0.3.0 orders them (case-sensitive, as the standard)
        ({"type": "PAPER", "url": "https://example.com/paper"}, "ACADEMIC"),
        ({"type": "BOOK"}, "EDUCATIONAL"),
        ({"type": "REPORT"}, "EDUCATIONAL"),
        ({"type": "report"}, "GENERAL"),
        ({"type": "ARTICLE", "url": "https://randomblog.com"}, "NEWS"),
        ({"type": "WEB"}, "EDUCATIONAL"),
        # our news_domains extension: the host of a table outlet is NEWS whatever the type
        (
            {
                "type": "ARTICLE",
                "url": "https://edition.cnn.com/2024/x",
                "news_domains": {"cnn.com"},
            },
            "NEWS",
        ),
        (
            {"type": "WEB", "url": "https://edition.cnn.com/2024/x", "news_domains": {"cnn.com"}},
            "NEWS",
        ),
        ({"url": "https://notcnn.com/x", "news_domains": {"cnn.com"}}, "GENERAL"),
        # 7 fallback
        ({"url": "https://randomblog.com/post"}, "GENERAL"),
        ({}, "GENERAL"),
        ({"doi": None, "url": None, "type": None}, "GENERAL"),
        ({"doi": "  "}, "GENERAL"),
    ],
)
def test_classification_rules(kwargs, expected):
    assert classify_reference(**kwargs) == ContentDomain(expected)
    assert isinstance(classify_reference(**kwargs), str)
