"""Typed values passed between the verifier's stages (internal; `app/schemas/` is the wire)."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Literal

from search.escalation import Tier


class ClaimType(StrEnum):
    FACTUAL = "FACTUAL"
    OPINION = "OPINION"
    MIXED = "MIXED"
    AMBIGUOUS = "AMBIGUOUS"


class Verdict(StrEnum):
    TRUE = "True"
    FALSE = "False"
    PARTIALLY_TRUE = "Partially True"
    MISLEADING = "Misleading"
    NOT_ENOUGH_EVIDENCE = "Not Enough Evidence"
    NOT_VERIFIABLE = "Not Verifiable"


UNJUDGED = frozenset({Verdict.NOT_ENOUGH_EVIDENCE, Verdict.NOT_VERIFIABLE})  # no finding either way
Mode = Literal["llm", "nli", "evidence-only"]
EvidenceOrigin = Literal["kb", "web", "fact_check", "reference"]
"""Where one request found an item: its knowledge base, the web (or a fact-checker) during this
request, or the caller's references. A stored document's own origin is `retrieval.documents.Origin`."""
Stance = Literal["supports", "refutes", "neutral"]
TierUsed = Literal["kb"] | Tier
"""The tier that settled a claim: the knowledge base, or one of search's tiers."""


@dataclass(frozen=True)
class Classification:
    claim_type: ClaimType
    claim: str  # the verifiable part
    reason: str = ""
    by: Literal["rules", "llm"] = "rules"
    keywords: str = (
        ""  # the LLM's web search keywords, asked with the classification (saves a call)
    )


@dataclass(frozen=True)
class Trust:
    """groundcheck-style trust of one source: v2 posterior, verdict and Δ log-odds per layer."""

    domain: (
        str  # groundcheck's content domain: ACADEMIC | NEWS | GOVERNMENT | EDUCATIONAL | GENERAL
    )
    posterior: float | None = None
    verdict: str | None = None
    contributions: dict[str, float] = field(default_factory=dict)
    content_domain: str | None = None  # the same as `domain`; kept one release for older clients
    score: float | None = None  # the standard's v1 weighted score
    signals: dict[str, str] = field(default_factory=dict)  # layer → what it was based on


@dataclass(frozen=True)
class Review:
    """A fact-checker's published review of (a claim like) this one: from the Google Fact Check
    Tools API during this request, or a ClaimReview stored in the KB (`kb ingest-claimreview`)."""

    publisher: str
    claim_reviewed: str
    rating: str  # the publisher's own words ("Pants on Fire", "Four Pinocchios")
    verdict: Verdict | None  # the rating normalised to the six verdicts (None: not recognised)
    reviewed_at: str | None = None  # YYYY-MM-DD
    similarity: float | None = None  # the user's claim vs the reviewed claim (API matches only)


@dataclass(frozen=True)
class Evidence:
    """One piece of evidence as the verdict sees it. Never changed once built: a stage that
    gives it a stance, a quote or a trust score returns a new one (``dataclasses.replace``)."""

    id: str
    text: str
    source: str
    title: str
    relevance: float
    score: float
    origin: EvidenceOrigin
    domain: str
    source_type: str
    credibility: float
    bias: str | None = None
    published: str | None = None
    quote: str = ""
    stance: Stance = "neutral"
    stance_score: float | None = None
    trust: Trust | None = None
    flags: tuple[str, ...] = ()  # satire | conspiracy-pseudoscience | fake-news
    freshness: float | None = None  # recency weight in [0.1, 1] by source type; None: date unknown
    stale: bool = False  # too old for a time-sensitive claim
    before_claim: bool | None = (
        None  # published before the time the claim is about; None: unknowable
    )
    review: Review | None = None  # set when the item is a fact-checker's rated review
    stance_rule: str | None = (
        None  # the comparison rule that decided the stance (agent/judge/compare.py)
    )
    stance_reason: str | None = (
        None  # its reason for a reader: "the claim says 540 km; the source says 212 km"
    )


@dataclass(frozen=True)
class Citations:
    total: int = 0
    supported: int = 0


@dataclass(frozen=True)
class Grounding:
    status: Literal["VERIFIED", "PLAUSIBLE", "SUSPICIOUS", "UNSUPPORTED", "SKIPPED"] = "SKIPPED"
    full_confidence: float | None = None
    scrubbed_confidence: float | None = None
    delta: float | None = None
    profile: str | None = None


@dataclass(frozen=True)
class Balance:
    political: bool = False
    leans: dict[str, int] = field(default_factory=dict)
    one_sided: bool = False


@dataclass(frozen=True)
class SearchSummary:
    tier_used: TierUsed | None = None
    queries: int = 0
    new_documents: int = 0


@dataclass(frozen=True)
class Usage:
    llm_calls: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    searches: int = 0
    url_checks: int = 0


@dataclass(frozen=True)
class SearchRecord:
    """One search tier as a verification ran it: its queries and what came back (for the record)."""

    tier: str
    queries: tuple[str, ...]
    results: int = 0
    error: str | None = None


@dataclass(frozen=True)
class Trail:
    """What a verification read, for its record (issue 40) and not on the wire: each tier's queries,
    and for each evidence id when its text was fetched (web) or stored (knowledge base)."""

    searches: tuple[SearchRecord, ...] = ()
    fetched_at: dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class VerdictDecision:
    verdict: Verdict
    confidence: float
    reasoning: str
    mode: Mode


@dataclass(frozen=True)
class VerificationResult:
    claim: str
    original_claim: str
    claim_type: ClaimType
    verdict: Verdict
    confidence: float
    reasoning: str
    evidence: tuple[Evidence, ...]
    mode: Mode
    session_id: str
    steps: tuple[str, ...]
    timings_ms: dict[str, float]
    factuality: float | None = None
    citations: Citations = field(default_factory=Citations)
    grounding: Grounding = field(default_factory=Grounding)
    balance: Balance = field(default_factory=Balance)
    search: SearchSummary = field(default_factory=SearchSummary)
    usage: Usage = field(default_factory=Usage)
    cache: Literal["hit", "miss"] = "miss"
    trail: Trail = field(
        default_factory=Trail
    )  # for the record only (app/records.py), not in the response
