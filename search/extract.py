"""Main text of a fetched page, with trafilatura (a maintained extractor; no regexes over HTML).

Blocking and CPU-bound: callers run it off the event loop. trafilatura ships its rules and needs
no data download, so it works offline.
"""

from __future__ import annotations

from dataclasses import dataclass

from search.fetch import Page


class UnreadablePage(ValueError):
    """The page has no main text we can read (not HTML or text, or empty after extraction)."""


@dataclass(frozen=True)
class PageText:
    url: str
    title: str
    text: str  # paragraphs separated by newlines
    published: str | None  # YYYY-MM-DD from the page's metadata, when it states one


def _decode(page: Page) -> str:
    charset = "utf-8"
    for part in page.content_type.split(";")[1:]:
        name, _, value = part.strip().partition("=")
        if name.lower() == "charset" and value:
            charset = value.strip("\"'")
    try:
        return page.body.decode(charset, errors="replace")
    except LookupError:
        return page.body.decode("utf-8", errors="replace")


def extract_page(page: Page) -> PageText:
    """Title, main text and publication date of an HTML or plain-text page. Raises UnreadablePage."""
    kind = page.content_type.split(";")[0].strip().lower()
    raw = _decode(page)
    if kind.startswith("text/") and kind != "text/html":
        text = raw.strip()
        title, published = "", None
    elif kind in {"text/html", "application/xhtml+xml", ""}:
        import trafilatura

        document = trafilatura.bare_extraction(
            raw, url=page.final_url, with_metadata=True, include_comments=False, include_tables=True
        )
        if isinstance(document, dict):  # only with as_dict=True, which is not asked for
            raise UnreadablePage("trafilatura answered a dict where a Document was asked for")
        text = (document.text or "").strip() if document is not None else ""
        title = (document.title or "").strip() if document is not None else ""
        published = (document.date or None) if document is not None else None
    else:
        raise UnreadablePage(f"content type {kind!r} is not HTML or plain text")
    if not text:
        raise UnreadablePage("no main text found on the page")
    return PageText(page.final_url, title, text, published)
