"""Editors' reviews (app/records): REVIEWER_KEYS held as digests, a review stored and taught to the
knowledge base as the newsroom's own fact-check, and a review as schema.org ClaimReview."""

from __future__ import annotations

import hashlib
import hmac
import logging
import uuid
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

from app.records._recorder import Recorder, iso_time
from jobs.formats import BEST_RATING, RATING, WORST_RATING
from jobs.records import (
    RecordRow,
    ReviewRow,
)
from retrieval.documents import review_document

if TYPE_CHECKING:
    from app.config import Settings
    from app.knowledge import KnowledgeService

log = logging.getLogger("claimcheck.records")


def _digest(value: str) -> bytes:
    return hashlib.sha256(value.encode("utf-8", "surrogateescape")).digest()


class ReviewerKeys:
    """REVIEWER_KEYS held as digests; `name` compares against every one in constant time."""

    def __init__(self, reviewers: dict[str, str]) -> None:
        self._keys = [(_digest(key), name) for key, name in reviewers.items()]

    def name(self, presented: str | None) -> str | None:
        if not presented:
            return None
        candidate = _digest(presented)
        match = None
        for digest, name in self._keys:
            if hmac.compare_digest(candidate, digest):
                match = name
        return match


def claim_review(
    review: ReviewRow, publisher: str, publisher_url: str | None = None
) -> dict[str, Any]:
    """One review as schema.org ClaimReview (JSON-LD, without @context)."""
    # the scale of the jobs' ClaimReview export (docs/jobs.md#claimreview): one scale for both feeds
    rating = {
        "@type": "Rating",
        "alternateName": review.verdict,
        "ratingValue": RATING.get(review.verdict, 3),
        "bestRating": BEST_RATING,
        "worstRating": WORST_RATING,
    }
    return {
        "@type": "ClaimReview",
        "identifier": review.id,
        "url": review.url,
        "claimReviewed": review.claim,
        "datePublished": iso_time(review.created_at)[:10],
        "author": {
            "@type": "Organization",
            "name": publisher,
            **({"url": publisher_url} if publisher_url else {}),
        },
        "reviewRating": rating,
        "reviewBody": review.note,
        "itemReviewed": {"@type": "Claim", "text": review.claim},
    }


async def add_review(
    settings: Settings,
    knowledge: KnowledgeService,
    reviews_changed: Callable[[], Awaitable[None]],
    recorder: Recorder,
    row: RecordRow,
    reviewer: str,
    verdict: str,
    note: str,
    *,
    base_url: str,
) -> ReviewRow:
    """Store a review and teach the knowledge base (shared by the route and `claimcheck review`)."""
    review_id = "rev_" + uuid.uuid4().hex
    url = (settings.REVIEW_URL or base_url + "/api/reviews/{id}").replace("{id}", review_id)
    created = recorder.clock()
    day = iso_time(created)[:10]
    document = review_document(
        claim=row.claim,
        url=url,
        publisher=settings.REVIEW_PUBLISHER,
        rating=verdict,
        verdict=verdict,
        title=f"{settings.REVIEW_PUBLISHER} review: {row.claim}"[:300],
        published=day,
        extra={"reviewer": reviewer, "record_id": row.id, "review_id": review_id},
    )
    document.origin = "review"
    if note.strip():
        document.text += f" Editor's note: {note.strip()}"
    report = await knowledge.index([document])
    review = ReviewRow(
        review_id,
        row.id,
        row.owner,
        reviewer,
        row.claim,
        verdict,
        note.strip(),
        row.verdict,
        url,
        report.ids[0] if report.ids else document.id,
        created,
    )
    await recorder.store.add_review(review)
    await reviews_changed()  # cached answers predate the review
    log.info(
        "review %s by %s: %r is %s (claimcheck said %s)",
        review_id,
        reviewer,
        row.claim[:80],
        verdict,
        row.verdict,
    )
    return review
