"""Untrusted search results: markup stripped, sizes bounded, only http(s) URLs."""

import pytest

from search.sanitize import (
    MAX_SNIPPET_CHARS,
    MAX_URL_CHARS,
    clean_text,
    clean_url,
    to_result,
)


@pytest.mark.parametrize(
    ("raw", "clean"),
    [
        ("<b>Moon</b> landing", "Moon landing"),
        ("a<script>alert('x')</script>b", "a b"),
        ("a<style>p{}</style>b<!-- hidden -->c", "a b c"),
        ("&lt;img src=x onerror=alert(1)&gt;caption", "caption"),
        ("Fish &amp; chips &#8212; 3 &lt; 5", "Fish & chips — 3 < 5"),
        ("3 < 5 and 7 > 2", "3 < 5 and 7 > 2"),
        ("line\none\x00\x07\u200btab\t", "line one tab"),
        ("<script>never closed", ""),
        (None, ""),
        (42, "42"),
    ],
)
def test_clean_text(raw: object, clean: str) -> None:
    assert clean_text(raw, 100) == clean


def test_clean_text_is_bounded() -> None:
    text = clean_text("word " * 10_000, 50)
    assert len(text) == 50 and text.endswith("…")


@pytest.mark.parametrize(
    "url",
    ["https://www.reuters.com/a?b=1#c", "http://example.org", "https://example.org/X?Q#F"],
)
def test_web_urls_are_kept(url: str) -> None:
    assert clean_url(url) == url


@pytest.mark.parametrize(
    "url, normalised",
    [
        (
            "HTTPS://Example.org/x",
            "https://example.org/x",
        ),  # scheme and host lower-cased, path kept
        ("https://münchen.de/a", "https://xn--mnchen-3ya.de/a"),  # IDNA: what httpx will request
        ("http://0177.0.0.1/", "http://127.0.0.1/"),  # the address every resolver reads
    ],
)
def test_web_urls_are_normalised_by_the_one_url_parser(url: str, normalised: str) -> None:
    assert clean_url(url) == normalised


@pytest.mark.parametrize("url", ["http://a..b/x", "http://a.example:abc/x", "http://[zz]/x"])
def test_malformed_web_urls_are_dropped(url: str) -> None:
    assert clean_url(url) is None


@pytest.mark.parametrize(
    "url",
    [
        None,
        42,
        "",
        "javascript:alert(1)",
        "data:text/html,<b>x</b>",
        "ftp://a.org/x",
        "/relative/path",
        "https://",
        "https://a.org/with space",
        "https://a.org/\x00",
        "https://user:pw@a.org/",
        "https://a.org:99999/",
        "https://a.org/" + "x" * MAX_URL_CHARS,
    ],
)
def test_other_urls_are_refused(url: object) -> None:
    assert clean_url(url) is None


def test_to_result_cleans_every_field() -> None:
    result = to_result(
        title="<i>T</i>",
        url=" https://a.org/x ",
        snippet="s" * 5000,
        provider="searxng",
        published="<b>2024-01-02</b>",
        engine="<x>bing</x>",
    )
    assert result is not None
    assert (result.title, result.url, result.published, result.engine, result.provider) == (
        "T",
        "https://a.org/x",
        "2024-01-02",
        "bing",
        "searxng",
    )
    assert len(result.snippet) == MAX_SNIPPET_CHARS


def test_to_result_without_a_usable_url_is_none() -> None:
    assert to_result(title="t", url="javascript:x", snippet="s", provider="p") is None
    assert to_result(title="t", url="https://a.org", snippet="s", provider="p").engine == "p"
