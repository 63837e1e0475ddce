"""The credibility table, suffix rules and domain parsing."""

from __future__ import annotations

from typing import get_args

import pytest

from retrieval.credibility import (
    _TABLE,
    DEFAULT_FACT_CHECK_DOMAINS,
    DEFAULT_TRUSTED_DOMAINS,
    Bias,
    SourceProfile,
    SourceType,
    host_of,
    is_fact_checker,
    profile_for,
    registered_domain,
)

# --- host_of / registered_domain ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("raw", "host"),
    [
        ("https://science.nasa.gov/earth/facts/", "science.nasa.gov"),
        ("https://WWW.Reuters.COM/world/", "reuters.com"),
        ("http://user:secret@www.bbc.co.uk:8080/news", "bbc.co.uk"),
        ("nasa.gov", "nasa.gov"),
        ("www.nasa.gov/path?q=1", "nasa.gov"),
        ("nasa.gov:443", "nasa.gov"),
        ("https://nasa.gov./x", "nasa.gov"),
        ("  https://www2.example.com  ", "example.com"),
        ("//cdn.example.org/a.js", "cdn.example.org"),
        ("https://www.com/", "www.com"),
        ("http://127.0.0.1:8000/x", "127.0.0.1"),
        ("http://[::1]:8000/", "::1"),
        ("", ""),
        ("   ", ""),
        ("http://[broken/", ""),
    ],
)
def test_host_of(raw: str, host: str) -> None:
    assert host_of(raw) == host


@pytest.mark.parametrize(
    ("raw", "domain"),
    [
        ("https://science.nasa.gov/x", "nasa.gov"),
        ("news.bbc.co.uk", "bbc.co.uk"),
        ("https://www.bbc.co.uk/news/articles/1", "bbc.co.uk"),
        ("HTTPS://NEWS.BBC.CO.UK:443/", "bbc.co.uk"),
        ("climate.nasa.gov.", "nasa.gov"),
        ("https://www.abc.net.au/news", "abc.net.au"),
        ("https://www.ox.ac.uk/", "ox.ac.uk"),
        ("pib.gov.in", "pib.gov.in"),
        ("https://mha.nic.in/", "mha.nic.in"),
        ("www.example.com.br", "example.com.br"),
        ("a.b.c.example.co.jp", "example.co.jp"),
        ("www.nhs.uk", "nhs.uk"),
        ("https://www.gov.uk/guidance", "gov.uk"),
        ("pubmed.ncbi.nlm.nih.gov", "nih.gov"),
        ("factcheck.afp.com", "afp.com"),
        ("abcnews.go.com", "go.com"),
        ("t.co", "t.co"),
        ("localhost:8000", "localhost"),
        ("http://192.168.1.10/", "192.168.1.10"),
        ("", ""),
    ],
)
def test_registered_domain(raw: str, domain: str) -> None:
    assert registered_domain(raw) == domain


# --- the table --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("raw", "source_type", "minimum"),
    [
        ("https://www.nasa.gov/mission/apollo-11/", "government", 0.95),
        ("https://www.cdc.gov/measles/", "health_authority", 0.95),
        ("https://www.who.int/news-room", "health_authority", 0.95),
        ("https://www.ipcc.ch/report/ar6/syr/", "intergovernmental", 0.95),
        ("https://www.nature.com/articles/x", "scientific_journal", 0.95),
        ("https://www.thelancet.com/journals/lancet", "scientific_journal", 0.95),
        ("https://www.britannica.com/place/Mount-Everest", "encyclopedia", 0.9),
        ("https://www.reuters.com/world/", "news_wire", 0.9),
        ("https://apnews.com/article/x", "news_wire", 0.9),
        ("https://www.bbc.com/news", "news", 0.85),
        ("https://www.politifact.com/factchecks/", "fact_check", 0.8),
        ("https://www.snopes.com/fact-check/x/", "fact_check", 0.8),
        ("https://www.harvard.edu/", "academic", 0.9),
    ],
)
def test_table_lookup(raw: str, source_type: str, minimum: float) -> None:
    profile = profile_for(raw)
    assert profile.known
    assert profile.source_type == source_type
    assert profile.credibility >= minimum


def test_subdomain_matches_parent_entry() -> None:
    profile = profile_for("https://climate.nasa.gov/evidence/")
    assert profile == profile_for("nasa.gov")
    assert profile.domain == "nasa.gov"
    assert profile_for("pubmed.ncbi.nlm.nih.gov").domain == "ncbi.nlm.nih.gov"
    assert profile_for("https://someone.substack.com/p/post").domain == "substack.com"


def test_exact_host_wins_over_parent() -> None:
    afp_fact_check = profile_for("https://factcheck.afp.com/doc.afp.com.123")
    afp_wire = profile_for("https://www.afp.com/en")
    assert afp_fact_check.source_type == "fact_check"
    assert afp_fact_check.domain == "factcheck.afp.com"
    assert afp_wire.source_type == "news_wire"


def test_lookalike_hosts_do_not_borrow_trust() -> None:
    spoof = profile_for("https://nasa.gov.example-news.xyz/story")
    assert not spoof.known
    assert spoof.credibility == 0.5
    assert profile_for("notnasa.gov").source_type == "government"  # suffix rule, not the table
    assert profile_for("notnasa.gov").domain == "notnasa.gov"


def test_low_credibility_and_satire() -> None:
    for site in ("infowars.com", "naturalnews.com"):
        profile = profile_for(f"https://www.{site}/x")
        assert profile.credibility <= 0.1
        assert profile.bias == "conspiracy-pseudoscience"
    assert profile_for("zerohedge.com").credibility <= 0.2
    assert profile_for("breitbart.com").credibility <= 0.3
    onion = profile_for("https://www.theonion.com/article")
    assert onion.source_type == "satire"
    assert onion.credibility < 0.2


@pytest.mark.parametrize(
    "raw",
    [
        "https://twitter.com/user/status/1",
        "https://x.com/user",
        "https://www.facebook.com/page",
        "https://old.reddit.com/r/science",
        "https://www.youtube.com/watch?v=1",
        "https://www.tiktok.com/@user",
        "https://medium.com/@user/post",
        "https://someone.substack.com/p/post",
        "https://someone.blogspot.com/2020/01/post.html",
        "https://someone.wordpress.com/",
    ],
)
def test_social_and_blog_hosts_are_low(raw: str) -> None:
    profile = profile_for(raw)
    assert profile.source_type in ("social", "blog")
    assert 0.3 <= profile.credibility <= 0.4


# --- suffix rules and fallback ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("raw", "source_type", "credibility", "known"),
    [
        ("https://www.fema.gov/disaster", "government", 0.9, True),
        ("https://www.army.mil/", "government", 0.9, True),
        ("https://www.gov.uk/guidance/x", "government", 0.9, True),
        ("https://www.mygov.gov.in/", "government", 0.9, True),
        ("https://www.mhlw.go.jp/", "government", 0.9, True),
        ("https://www.canada.gc.ca/", "government", 0.9, True),
        ("https://www.umich.edu/", "academic", 0.85, True),
        ("https://www.iitb.ac.in/", "academic", 0.85, True),
        ("https://www.kyoto-u.ac.jp/", "academic", 0.85, True),
        ("https://www.nato.int/", "intergovernmental", 0.9, True),
        ("https://some-charity.org/", "unknown", 0.55, False),
        ("https://some-charity.org.uk/", "unknown", 0.55, False),
        ("https://random-news-site.com/a", "unknown", 0.5, False),
        ("https://blog.example.io/", "unknown", 0.5, False),
        ("localhost", "unknown", 0.5, False),
        ("", "unknown", 0.5, False),
    ],
)
def test_suffix_rules_and_fallback(
    raw: str, source_type: str, credibility: float, known: bool
) -> None:
    profile = profile_for(raw)
    assert profile.source_type == source_type
    assert profile.credibility == pytest.approx(credibility)
    assert profile.known is known
    assert profile.bias is None


def test_unknown_profile_names_the_registered_domain() -> None:
    assert profile_for("https://news.random-site.co.uk/a").domain == "random-site.co.uk"


# --- invariants -------------------------------------------------------------------------------


def test_table_is_large_and_well_formed() -> None:
    assert len(_TABLE) >= 120
    source_types = set(get_args(SourceType))
    biases = set(get_args(Bias))
    for domain, entry in _TABLE.items():
        assert domain == domain.lower().strip()
        assert not domain.startswith("www.")
        assert "." in domain
        assert 0.0 <= entry.credibility <= 1.0, domain
        assert entry.source_type in source_types, domain
        assert entry.bias is None or entry.bias in biases, domain


@pytest.mark.parametrize(
    "raw",
    [
        "https://science.nasa.gov/x",
        "ftp://weird.example",
        "not a url at all",
        "http://[::1]/",
        "https://a.b.c.d.e.f.g.gov.uk/",
        "mailto:someone@example.com",
        "https://" + "a." * 60 + "com",
    ],
)
def test_profile_is_always_well_formed(raw: str) -> None:
    profile = profile_for(raw)
    assert isinstance(profile, SourceProfile)
    assert 0.0 <= profile.credibility <= 1.0
    assert profile.source_type in get_args(SourceType)


def test_source_profile_rejects_out_of_range_credibility() -> None:
    with pytest.raises(ValueError, match="credibility"):
        SourceProfile(domain="x.com", credibility=1.5, source_type="news", bias=None, known=True)


def test_source_profile_is_frozen() -> None:
    profile = profile_for("nasa.gov")
    with pytest.raises(AttributeError):
        profile.credibility = 0.1  # type: ignore[misc]


# --- default domain lists ---------------------------------------------------------------------


def test_default_trusted_domains_fit_one_site_query_and_are_trusted() -> None:
    assert 1 <= len(DEFAULT_TRUSTED_DOMAINS) <= 12
    assert len(set(DEFAULT_TRUSTED_DOMAINS)) == len(DEFAULT_TRUSTED_DOMAINS)
    for domain in DEFAULT_TRUSTED_DOMAINS:
        assert registered_domain(domain) == domain
        assert profile_for(domain).credibility >= 0.85, domain
        assert not is_fact_checker(domain)


def test_default_fact_check_domains_are_fact_checkers() -> None:
    assert set(DEFAULT_FACT_CHECK_DOMAINS) >= {
        "snopes.com",
        "politifact.com",
        "factcheck.org",
        "fullfact.org",
        "factcheck.afp.com",
    }
    assert len(set(DEFAULT_FACT_CHECK_DOMAINS)) == len(DEFAULT_FACT_CHECK_DOMAINS)
    for domain in DEFAULT_FACT_CHECK_DOMAINS:
        assert host_of(domain) == domain
        assert is_fact_checker(domain), domain
        assert is_fact_checker(f"https://www.{domain}/some/check"), domain


def test_is_fact_checker_rejects_non_fact_checkers() -> None:
    for raw in ("reuters.com", "https://www.afp.com/", "nasa.gov", "poynter.org", "", "x.com"):
        assert not is_fact_checker(raw), raw
