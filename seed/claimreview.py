"""schema.org ClaimReview JSON-LD → KB documents (issue 25: `claimcheck kb ingest-claimreview FILE`).

Accepts a JSON list of ClaimReview objects, an object with an ``@graph`` list, one object, or one
object per line (a feed). Each review becomes a ``fact_check`` document whose text states the
claim, the publisher's rating and the verdict it normalises to, so the KB answers like a fact-check
found on the web. Items that are not ClaimReviews or lack a claim, a usable URL or a rating are
reported (with their position) and skipped; nothing else stops the file.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from retrieval.documents import Document, review_document
from search.urls import InvalidUrl, normalise_url


@dataclass
class ClaimReviewFile:
    documents: list[Document] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)  # "item N: why it was skipped"


def _items(text: str) -> list[Any]:
    try:
        data = json.loads(text)
    except json.JSONDecodeError:
        items: list[Any] = []
        for number, line in enumerate(text.splitlines(), start=1):
            if line.strip():
                try:
                    items.append(json.loads(line))
                except json.JSONDecodeError as exc:
                    items.append(ValueError(f"line {number} is not JSON ({exc.msg})"))
        return items
    if isinstance(data, dict) and isinstance(data.get("@graph"), list):
        graph: list[Any] = data["@graph"]
        return graph
    return data if isinstance(data, list) else [data]


def _is_claim_review(item: dict[str, Any]) -> bool:
    kind = item.get("@type")
    kinds = kind if isinstance(kind, list) else [kind]
    return "ClaimReview" in kinds


def _name(value: Any) -> str:
    if isinstance(value, dict):
        return str(value.get("name") or value.get("url") or "").strip()
    return str(value or "").strip()


def _document(item: dict[str, Any], normalise: Callable[[str], str | None]) -> Document:
    claim = str(item.get("claimReviewed") or "").strip()
    if not claim:
        raise ValueError("no claimReviewed")
    try:
        url = normalise_url(str(item.get("url") or ""))
    except InvalidUrl as exc:
        raise ValueError(f"no usable url ({exc})") from None
    rating = item.get("reviewRating") or {}
    label = (
        str(rating.get("alternateName") or rating.get("name") or "").strip()
        if isinstance(rating, dict)
        else ""
    )
    if not label:
        raise ValueError("no reviewRating.alternateName")
    publisher = _name(item.get("author")) or _name(item.get("publisher")) or "a fact-checker"
    verdict = normalise(label)
    appearance = item.get("itemReviewed") or {}
    claimant = _name(appearance.get("author")) if isinstance(appearance, dict) else ""
    published = str(item["datePublished"]) if item.get("datePublished") else None
    return review_document(
        claim=claim,
        url=url,
        publisher=publisher,
        rating=label,
        verdict=verdict,
        claimant=claimant,
        title=str(item.get("name") or item.get("headline") or claim),
        published=published,
    )


def read_claim_reviews(
    path: Path, normalise: Callable[[str], str | None] = lambda _: None
) -> ClaimReviewFile:
    """``normalise`` maps a rating to a verdict name (the CLI passes agent.ratings.normalise_rating)."""
    out = ClaimReviewFile()
    for number, item in enumerate(_items(Path(path).read_text(encoding="utf-8")), start=1):
        if isinstance(item, Exception):
            out.problems.append(f"item {number}: {item}")
            continue
        if not isinstance(item, dict) or not _is_claim_review(item):
            out.problems.append(f"item {number}: not a ClaimReview object")
            continue
        try:
            out.documents.append(_document(item, normalise))
        except ValueError as exc:
            out.problems.append(f"item {number}: {exc}")
    return out
