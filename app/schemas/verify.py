"""The schemas of `POST /api/verify` and its stream: the request and the verdict with its evidence."""

from __future__ import annotations

import re
from typing import Annotated, Any, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    StringConstraints,
)

from agent.check import PROFILES, profile_named
from app.schemas.common import NOT_BLANK, WHITESPACE


def _not_blank(value: str) -> str:
    if not value.strip():
        raise ValueError("the claim is empty after stripping whitespace")
    return value  # kept raw: `original_claim` echoes the input, the verifier strips it


def _profile(value: str) -> str:
    if not value.strip():  # as the schema's pattern says: omit the field (or null) for the default
        raise ValueError(
            f"the profile is empty; omit it for the default or name one of: {', '.join(PROFILES)}"
        )
    return profile_named(value).name  # UnknownProfile is a ValueError: a 422 listing the valid ones


# What the schema says is what is checked (the fuzz test holds us to it): at most 2000 characters
# and at least one that is not whitespace. `pattern` is documentation only; _not_blank enforces it
# with str.strip().
ClaimText = Annotated[
    str,
    StringConstraints(max_length=2000),
    AfterValidator(_not_blank),
    Field(json_schema_extra=NOT_BLANK),
]


def _stripped_not_blank(value: str) -> str:
    # Python's strip, as the schema's pattern spells whitespace: pydantic's strip_whitespace keeps
    # \x1c-\x1f (not Unicode White_Space), so a reference of one \x1d got through (schemathesis)
    stripped = value.strip()
    if not stripped:
        raise ValueError("the reference is empty after stripping whitespace")
    return stripped


Reference = Annotated[
    str,
    StringConstraints(max_length=20000),
    AfterValidator(_stripped_not_blank),
    Field(json_schema_extra=NOT_BLANK),
]


def _any_case(word: str) -> str:
    return "".join(f"[{c.lower()}{c.upper()}]" if c.isalpha() else re.escape(c) for c in word)


# The schema's version of _profile: a profile name in any case, surrounding whitespace allowed.
PROFILE_NAME = {
    "pattern": rf"^[{WHITESPACE}]*(?:{'|'.join(_any_case(name) for name in PROFILES)})[{WHITESPACE}]*$"
}


class VerifyRequest(BaseModel):
    """A claim, headline or passage to verify."""

    # strict: 0 is not false and "5" is not 5 — the body must have the types the schema documents.
    model_config = ConfigDict(
        extra="ignore",
        strict=True,
        json_schema_extra={
            "examples": [
                {"claim": "The Earth is flat"},
                {
                    "claim": "The 2024 Olympics were held in Paris, which is the most beautiful city.",
                    "web_search": False,
                    "grounding": "always",
                },
                {
                    "claim": "Drinking 8 glasses of water a day is required for health.",
                    "references": [
                        "https://www.mayoclinic.org/healthy-lifestyle/nutrition-and-healthy-eating/"
                        "in-depth/water/art-20044256"
                    ],
                    "index_references": False,
                },
            ]
        },
    )

    claim: ClaimText = Field(
        description="The claim: 1–2000 characters, not all whitespace; stripped."
    )
    web_search: bool = Field(True, description="Allow web search when the KB is not enough.")
    references: list[Reference] | None = Field(
        None, max_length=10, description="Up to 10 texts (or URLs) that replace the evidence pool."
    )
    grounding: Literal["always", "on_medium_confidence", "never"] | None = Field(
        None, description="When the scrubbed second pass runs (default: GROUNDING_TRIGGER)."
    )
    profile: (
        Annotated[
            str,
            StringConstraints(max_length=64),
            AfterValidator(_profile),
            Field(json_schema_extra=PROFILE_NAME),
        ]
        | None
    ) = Field(None, description="Grounding thresholds: general, documentation, data or security.")
    index_references: bool = Field(False, description="Also store the references in the shared KB.")


class TrustOut(BaseModel):
    domain: str = Field(
        description="groundcheck's content domain: ACADEMIC | NEWS | GOVERNMENT | "
        "EDUCATIONAL | GENERAL (the host name is the evidence item's `domain`)"
    )
    posterior: float | None
    verdict: str | None
    contributions: dict[str, float] = Field(
        description="Δ log-odds per groundcheck layer (url, doi, title_search, ai)"
    )
    content_domain: str | None = Field(
        None, description="deprecated alias of `domain`, kept for one release"
    )
    score: float | None = Field(None, description="the standard's v1 weighted score")
    signals: dict[str, str] = Field(
        default_factory=dict, description="what each layer was based on"
    )


class ReviewOut(BaseModel):
    publisher: str = Field(description="the fact-checker that published the review")
    claim_reviewed: str = Field(description="the claim as the fact-checker worded it")
    rating: str = Field(
        description='the fact-checker\'s own rating (textualRating), e.g. "Pants on Fire"'
    )
    verdict: str | None = Field(
        description="the rating normalised to claimcheck's six verdicts; null if not recognised"
    )
    reviewed_at: str | None = Field(None, description="the review's date, YYYY-MM-DD")
    similarity: float | None = Field(
        None, description="the user's claim vs the reviewed claim (API matches)"
    )


class PassageFields(BaseModel):
    """The fields an evidence item and a knowledge-base hit share (each schema lists them first)."""

    id: str
    text: str
    source: str
    title: str
    score: float
    relevance: float


class EvidenceOut(PassageFields):
    origin: Literal["kb", "web", "fact_check", "reference"]
    domain: str
    source_type: str
    credibility: float
    bias: str | None
    published: str | None
    quote: str
    stance: Literal["supports", "refutes", "neutral"]
    stance_score: float | None
    trust: TrustOut
    flags: list[str] = Field(
        default_factory=list, description="satire | conspiracy-pseudoscience | fake-news source"
    )
    freshness: float | None = Field(None, description="recency weight in [0.1, 1] by source type")
    stale: bool = Field(False, description="too old for a time-sensitive claim")
    before_claim: bool | None = Field(
        None,
        description="published before the time the claim is about (such evidence cannot confirm "
        "it); null when either date is unknown",
    )
    review: ReviewOut | None = Field(
        None,
        description="set when the item is a fact-checker's rated review of the claim (a prior fact-check)",
    )
    stance_rule: (
        Literal[
            "same",
            "number",
            "negation",
            "framing",
            "substitution",
            "direction",
            "hedge",
            "tense",
            "reported",
            "subject",
            "question",
            "partial",
        ]
        | None
    ) = Field(
        None,
        description="the comparison rule that decided this item's stance exactly, or the guard that kept "
        "a model from reading it as support (hedge, tense, reported, subject, question, partial; docs/judge.md); null "
        "when a model judged it alone",
    )
    stance_reason: str | None = Field(
        None, description='why, for a reader: e.g. "the claim says 540 km; the source says 212 km"'
    )


class CitationsOut(BaseModel):
    total: int
    supported: int


class GroundingOut(BaseModel):
    status: Literal["VERIFIED", "PLAUSIBLE", "SUSPICIOUS", "UNSUPPORTED", "SKIPPED"]
    full_confidence: float | None
    scrubbed_confidence: float | None
    delta: float | None
    profile: str | None


class BalanceOut(BaseModel):
    political: bool
    leans: dict[str, int]
    one_sided: bool


class SearchOut(BaseModel):
    tier_used: Literal["kb", "trusted", "fact_check", "broad"] | None
    queries: int
    new_documents: int


class UsageOut(BaseModel):
    llm_calls: int
    prompt_tokens: int
    completion_tokens: int
    searches: int
    url_checks: int


VERIFY_EXAMPLE: dict[str, Any] = {
    "claim": "The Earth is flat",
    "original_claim": "The Earth is flat",
    "claim_type": "FACTUAL",
    "verdict": "False",
    "confidence": 0.92,
    "factuality": 0.05,
    "reasoning": "NASA states that the Earth is not flat but a roughly spherical planet [1]; its "
    "curvature and the circular shadow it casts on the Moon confirm it [2].",
    "plain_summary": "False: the evidence contradicts this claim — nasa.gov: “The Earth is not flat: it is a "
    "roughly spherical planet.”",
    "evidence": [
        {
            "id": "doc_b36b358f4ae45dcd31965081f94f8d3d",
            "text": "The Earth is not flat: it is a roughly spherical planet, slightly flattened at the poles…",
            "source": "https://science.nasa.gov/earth/facts/",
            "title": "Earth: Facts",
            "score": 0.8401,
            "relevance": 0.7591,
            "origin": "kb",
            "domain": "nasa.gov",
            "source_type": "government",
            "credibility": 0.95,
            "bias": "pro-science",
            "published": "2024-03-01",
            "quote": "The Earth is not flat: it is a roughly spherical planet.",
            "stance": "refutes",
            "stance_score": 0.97,
            "trust": {
                "domain": "GOVERNMENT",
                "content_domain": "GOVERNMENT",
                "posterior": 0.93,
                "verdict": "TRUSTED",
                "contributions": {"table_credibility": 0.95},
            },
        }
    ],
    "citations": {"total": 2, "supported": 2},
    "grounding": {
        "status": "SKIPPED",
        "full_confidence": None,
        "scrubbed_confidence": None,
        "delta": None,
        "profile": None,
    },
    "balance": {"political": False, "leans": {}, "one_sided": False},
    "search": {"tier_used": "kb", "queries": 2, "new_documents": 0},
    "cache": "miss",
    "usage": {
        "llm_calls": 2,
        "prompt_tokens": 1480,
        "completion_tokens": 96,
        "searches": 0,
        "url_checks": 0,
    },
    "steps": [
        "Classified as FACTUAL by the LLM: a checkable statement",
        "Retrieved 20 candidate(s) from the knowledge base.",
    ],
    "session_id": "096274f8-0b5b-45fd-8a80-f502871aefbb",
    "mode": "llm",
    "timings_ms": {
        "classify": 410.2,
        "retrieve": 49.6,
        "rerank": 338.9,
        "verdict": 1210.4,
        "total": 2051.7,
    },
}


class VerifyResponse(BaseModel):
    """A verdict with its evidence, trust scores and the trace (docs/api.md; fields are never removed)."""

    model_config = ConfigDict(json_schema_extra={"examples": [VERIFY_EXAMPLE]})

    claim: str
    original_claim: str
    claim_type: Literal["FACTUAL", "OPINION", "MIXED", "AMBIGUOUS"]
    verdict: Literal[
        "True", "False", "Partially True", "Misleading", "Not Enough Evidence", "Not Verifiable"
    ]
    confidence: float = Field(ge=0.0, le=1.0)
    factuality: float | None
    reasoning: str
    plain_summary: str = Field(
        "",
        description=(
            "The verdict and why, in one sentence a reader understands: the verdict's meaning and the deciding "
            "source's words, without engine names (agent/plain.py). `reasoning` keeps the engine's own account."
        ),
    )
    evidence: list[EvidenceOut]
    citations: CitationsOut
    grounding: GroundingOut
    balance: BalanceOut
    search: SearchOut
    cache: Literal["hit", "miss"]
    usage: UsageOut
    steps: list[str]
    session_id: str
    mode: Literal["llm", "nli", "evidence-only"]
    timings_ms: dict[str, float]
    id: str | None = Field(
        None,
        description=(
            "the answer's record: GET /api/verifications/{id} (the answer as sent, engines, queries and the "
            "text of each evidence item as read); null with RECORDS=false or if the record could not be made"
        ),
    )
