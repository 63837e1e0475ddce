"""Duplicate evidence: same URL, or the same first 100 characters (lower-cased)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TypeVar
from urllib.parse import urlsplit

T = TypeVar("T")


def canonical_url(url: str) -> str:
    """Scheme-less, fragment-less, trailing-slash-less, lower-cased host form of a URL."""
    parts = urlsplit(url.strip())
    if not parts.netloc:
        return url.strip().lower()
    host = parts.netloc.lower().removeprefix("www.")
    path = parts.path.rstrip("/")
    query = f"?{parts.query}" if parts.query else ""
    return f"{host}{path}{query}"


def text_key(text: str, length: int = 100) -> str:
    return " ".join(text.lower().split())[:length]


def dedupe(items: Iterable[T], *, url: Callable[[T], str], text: Callable[[T], str]) -> list[T]:
    """Keep the first of each group of duplicates, preserving order."""
    seen_urls: set[str] = set()
    seen_text: set[str] = set()
    kept: list[T] = []
    for item in items:
        u = canonical_url(url(item)) if url(item) else ""
        t = text_key(text(item))
        if (u and u in seen_urls) or (t and t in seen_text):
            continue
        if u:
            seen_urls.add(u)
        if t:
            seen_text.add(t)
        kept.append(item)
    return kept
