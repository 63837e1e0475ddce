"""Search results are untrusted third-party data (OWASP API10): clean and bound them at the edge.

Every provider turns its raw items into ``SearchResult`` through ``to_result``, which

- keeps only URLs the one URL parser (``search.urls.normalise_url``) accepts — absolute http(s),
  a well-formed host and port, no credentials, no whitespace or control characters, at most
  ``MAX_URL_CHARS`` long — in its normalised form;
- strips markup from titles and snippets (tags, ``<script>``/``<style>`` bodies, comments,
  entities — also entities that decode into tags), removes control characters and collapses
  whitespace, so no HTML from a result can ever be rendered or executed downstream;
- bounds every field (title, snippet, published date, engine name).
"""

from __future__ import annotations

import html
import re
import unicodedata

from search.base import SearchResult
from search.urls import MAX_URL_CHARS, InvalidUrl, normalise_url  # noqa: F401 (MAX_URL_CHARS re-exported)

MAX_TITLE_CHARS = 300
MAX_SNIPPET_CHARS = 1000
MAX_PUBLISHED_CHARS = 40
MAX_NAME_CHARS = 40

_HIDDEN = re.compile(r"<(script|style|template|noscript)\b[^>]*>.*?(?:</\1\s*>|$)", re.I | re.S)
_COMMENT = re.compile(r"<!--.*?(?:-->|$)", re.S)
# Only things that look like tags: "3 < 5 and 7 > 2" survives.
_TAG = re.compile(r"</?[a-zA-Z][^<>]*>|<![^<>]*>")
_SPACE = re.compile(r"\s+")


def clean_text(value: object, limit: int) -> str:
    """Plain text from untrusted markup: no tags, no entities, no control characters, ≤ limit."""
    if value is None:
        return ""
    text = str(value)[: limit * 20]  # bound the work before the regexes run
    for _ in range(2):  # the second pass catches tags that were entity-encoded (&lt;b&gt;)
        text = _HIDDEN.sub(" ", text)
        text = _COMMENT.sub(" ", text)
        text = _TAG.sub(" ", text)
        text = html.unescape(text)
    text = "".join(ch if not unicodedata.category(ch).startswith("C") else " " for ch in text)
    text = _SPACE.sub(" ", text).strip()
    if len(text) > limit:
        text = text[: limit - 1].rstrip() + "…"
    return text


def clean_url(value: object) -> str | None:
    """The URL as ``search.urls.normalise_url`` writes it if it is a usable http(s) URL, else None."""
    if not isinstance(value, str):
        return None
    try:
        return normalise_url(value)
    except InvalidUrl:
        return None


def to_result(
    *,
    title: object,
    url: object,
    snippet: object,
    provider: str,
    published: object = None,
    engine: object = None,
) -> SearchResult | None:
    """One provider item as a clean, bounded ``SearchResult``; None when its URL is not usable."""
    safe_url = clean_url(url)
    if safe_url is None:
        return None
    when = clean_text(published, MAX_PUBLISHED_CHARS) if published else ""
    return SearchResult(
        title=clean_text(title, MAX_TITLE_CHARS),
        url=safe_url,
        snippet=clean_text(snippet, MAX_SNIPPET_CHARS),
        published=when or None,
        engine=clean_text(engine, MAX_NAME_CHARS) or provider,
        provider=provider,
    )
