"""Documents as the knowledge base stores them: text plus the seed system's metadata schema."""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, Literal

import numpy as np

from retrieval.credibility import profile_for, registered_domain

Origin = Literal["seed", "web", "fact_check", "user", "reference", "review"]
"""Where a stored document came from (its `origin` metadata; "review": an editor's review of a
verdict, the newsroom's own fact-check, issue 40). The evidence of one request says where it
found each item instead: `agent.models.EvidenceOrigin`."""

# How credible the newsroom's own reviews are (origin "review"): as the fact-checkers the table
# rates highest (retrieval/credibility.py), whatever domain REVIEW_URL names.
REVIEW_CREDIBILITY = 0.85

_SPACE = re.compile(r"\s+")


def normalise_text(text: str) -> str:
    """Lower-case and collapse whitespace: the form ids and duplicate checks are built on."""
    return _SPACE.sub(" ", text).strip().lower()


def document_id(source: str, text: str) -> str:
    """Deterministic id from source + normalised text, so the same document is stored once."""
    digest = hashlib.sha256(f"{source.strip()}\n{normalise_text(text)}".encode()).hexdigest()
    return f"doc_{digest[:32]}"


def utc_now() -> str:
    return datetime.now(UTC).replace(microsecond=0).isoformat()


@dataclass
class Document:
    """A piece of evidence to store. `metadata()` yields the seed system's schema."""

    text: str
    source: str
    title: str = ""
    timestamp: str | None = None
    origin: Origin = "user"
    language: str = "en"
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def id(self) -> str:
        return document_id(self.source, self.text)

    def as_stored(self) -> StoredDocument:
        """This document as a not-yet-ranked `StoredDocument` (web results, references)."""
        return StoredDocument(self.id, self.text, self.metadata())

    def metadata(self) -> dict[str, Any]:
        profile = profile_for(self.source)
        meta: dict[str, Any] = {
            "source": self.source,
            "domain": registered_domain(self.source) or profile.domain,
            "source_type": profile.source_type,
            "source_credibility": float(profile.credibility),
            "bias": profile.bias or "",
            "details": self.title,
            "title": self.title,
            "timestamp": self.timestamp or utc_now(),
            "access_count": 0,
            "verification_count": 0,
            "avg_relevance": 0.0,
            "last_accessed": "",
            "text_length": len(self.text),
            "language": self.language,
            "origin": self.origin,
        }
        if self.origin == "review":  # the newsroom's own fact-check, wherever it is published
            meta.update(source_type="fact_check", source_credibility=REVIEW_CREDIBILITY)
        # Chroma metadata values must be scalars.
        for key, value in self.extra.items():
            if isinstance(value, str | int | float | bool):
                meta.setdefault(key, value)
        return meta


REVIEW_PREFIX = "Fact check by "  # how every `review_document` text begins


def review_document(
    *,
    claim: str,
    url: str,
    publisher: str,
    rating: str,
    verdict: str | None = None,
    claimant: str = "",
    title: str = "",
    published: str | None = None,
    extra: dict[str, Any] | None = None,
) -> Document:
    """A fact-checker's review of a claim as a `fact_check` document: one text for reviews read
    from ClaimReview files and from the Fact Check Tools API, so both answer alike. The text states
    the rating as fact-checkers do ("is rated \"False\""), which `agent.ratings.stated_rating` reads."""
    text = (
        f'{REVIEW_PREFIX}{publisher}: the claim "{claim}"'
        + (f" (made by {claimant})" if claimant else "")
        + f' is rated "{rating}"'
        + (f" ({verdict})." if verdict else ".")
    )
    return Document(
        text=text,
        source=url,
        title=title or claim,
        timestamp=published or None,
        origin="fact_check",
        extra={
            "rating": rating,
            "publisher": publisher,
            "claim_reviewed": claim[:1000],
            **({"published": published[:10]} if published else {}),
            **(extra or {}),
        },
    )


@dataclass
class StoredDocument:
    """A document as read back from the knowledge base, with its similarity to a query."""

    id: str
    text: str
    metadata: dict[str, Any]
    similarity: float = 0.0
    embedding: np.ndarray | None = field(default=None, repr=False)

    @property
    def source(self) -> str:
        return str(self.metadata.get("source", ""))

    @property
    def title(self) -> str:
        return str(self.metadata.get("title") or self.metadata.get("details") or "")

    @property
    def parent_id(self) -> str:
        """The id of the document this passage was cut from (its own id when not chunked)."""
        return str(self.metadata.get("parent_id") or self.id)

    @property
    def access_count(self) -> int:
        return int(self.metadata.get("access_count", 0) or 0)

    @property
    def credibility(self) -> float:
        return float(self.metadata.get("source_credibility", 0.5) or 0.5)

    # Typed views of the metadata schema: the only place outside the KB that knows its keys.

    @property
    def domain(self) -> str:
        """The registrable domain of the source (as stored, else derived from the URL)."""
        return str(self.metadata.get("domain") or registered_domain(self.source) or "")

    @property
    def source_type(self) -> str:
        return str(self.metadata.get("source_type") or profile_for(self.source).source_type)

    @property
    def stated_credibility(self) -> float:
        """The stored credibility, else the table's (unlike `credibility`, which defaults to 0.5)."""
        value = self.metadata.get("source_credibility")
        return float(value) if value is not None else float(profile_for(self.source).credibility)

    @property
    def bias(self) -> str | None:
        value = self.metadata.get("bias")
        return str(value) if value else profile_for(self.source).bias

    @property
    def origin(self) -> str:
        """The stored `origin` (seed, web, fact_check, user, reference); "" when unknown."""
        return str(self.metadata.get("origin") or "")

    @property
    def published(self) -> str | None:
        """A stated publication date (search results, page metadata), as YYYY-MM-DD."""
        value = self.metadata.get("published")
        return str(value)[:10] if value else None

    @property
    def timestamp(self) -> str | None:
        """When the document entered the KB (or its stated date at ingestion)."""
        value = self.metadata.get("timestamp")
        return str(value) if value else None

    @property
    def fetched_at(self) -> str | None:
        """When the text was read: its fetch time (web results), else when it entered the KB."""
        value = self.metadata.get("fetched_at") or self.metadata.get("timestamp")
        return str(value) if value else None

    @property
    def review(self) -> tuple[str, str, str] | None:
        """(publisher, claim reviewed, rating) of a fact-checker's review (`review_document`), else None."""
        rating, publisher = self.metadata.get("rating"), self.metadata.get("publisher")
        if self.origin not in ("fact_check", "review") or not rating or not publisher:
            return None
        return str(publisher), str(self.metadata.get("claim_reviewed") or self.title), str(rating)

    @property
    def match_similarity(self) -> float | None:
        """How close the claim a fact-check API match reviewed was to the claim it was found for
        (``similarity`` in its metadata; the matcher's score, not this document's to a query)."""
        value = self.metadata.get("similarity")
        return float(value) if value is not None else None

    @property
    def verification_count(self) -> int:
        return int(self.metadata.get("verification_count") or 0)

    @property
    def avg_relevance(self) -> float:
        return float(self.metadata.get("avg_relevance") or 0.0)


@dataclass(frozen=True)
class AddReport:
    ids: list[str]
    added: int
    duplicates: int
    new_ids: list[str] = field(default_factory=list)  # the stored ids that were new
