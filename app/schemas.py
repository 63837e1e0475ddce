"""Wire schemas of the HTTP contract (docs/api.md). Internal models live in `agent/models.py`."""

from __future__ import annotations

import re
from typing import Annotated, Any, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    Strict,
    StringConstraints,
    model_validator,
)

from agent.grounding import PROFILES
from search.urls import FORBIDDEN_CHARS, InvalidUrl, normalise_url


def _not_blank(value: str) -> str:
    if not value.strip():
        raise ValueError("the claim is empty after stripping whitespace")
    return value  # kept raw: `original_claim` echoes the input, the verifier strips it


def _profile(value: str) -> str:
    from agent.grounding import profile_named

    if not value.strip():  # as the schema's pattern says: omit the field (or null) for the default
        raise ValueError(
            f"the profile is empty; omit it for the default or name one of: {', '.join(PROFILES)}"
        )
    return profile_named(value).name  # UnknownProfile is a ValueError: a 422 listing the valid ones


# What the schema says is what is checked (the fuzz test holds us to it): at most 2000 characters
# and at least one that is not whitespace. `pattern` is documentation only; _not_blank enforces it
# with str.strip().
# Python's whitespace (str.isspace, what .strip() removes) spelled out: regex `\s` differs between
# engines (\x1c-\x1f and \x85 are whitespace only to Python, \ufeff only to ECMAScript).
_WS = r"\t\n\x0b\x0c\r\x1c-\x1f \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000"
NOT_BLANK = {"pattern": rf"[^{_WS}]"}
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
    "pattern": rf"^[{_WS}]*(?:{'|'.join(_any_case(name) for name in PROFILES)})[{_WS}]*$"
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


class HealthResponse(BaseModel):
    model_config = ConfigDict(
        json_schema_extra={
            "examples": [
                {
                    "status": "ok",
                    "kb_size": 42,
                    "components": {
                        "embedder": {
                            "name": "all-MiniLM-L6-v2",
                            "dimension": 384,
                            "fallback": False,
                        },
                        "llm": {"configured": False, "verdict_backend": "evidence-only"},
                        "search": {"provider": "none", "enabled": False, "recent_errors": []},
                        "vector_store": {"mode": "embedded", "collection": "news_evidence"},
                    },
                }
            ]
        }
    )

    status: Literal["ok", "degraded"] = Field(
        description=(
            "`degraded` while an outside service's circuit breaker is open or half-open (it is skipped "
            "and the service answers with its fallbacks); `ok` otherwise"
        )
    )
    kb_size: int
    components: dict[str, Any]
    degraded: list[str] = Field(
        default_factory=list, description="the breakers that are not closed"
    )


class KBStats(BaseModel):
    model_config = ConfigDict(
        json_schema_extra={
            "examples": [
                {
                    "count": 42,
                    "mode": "embedded",
                    "collection": "news_evidence",
                    "embedder": "all-MiniLM-L6-v2",
                }
            ]
        }
    )

    count: int
    mode: str
    collection: str
    embedder: str
    by_source_type: dict[str, int] = Field(default_factory=dict)
    by_origin: dict[str, int] = Field(default_factory=dict)
    oldest: str | None = None
    newest: str | None = None


MAX_DOCUMENT_BYTES = 1_000_000
MAX_BATCH_DOCUMENTS = 256


def _document_text(value: str) -> str:
    stripped = value.strip()
    if not stripped:
        raise ValueError("the document text is empty after stripping whitespace")
    size = len(stripped.encode("utf-8"))
    if size > MAX_DOCUMENT_BYTES:
        raise ValueError(f"the document text is {size} bytes; the limit is {MAX_DOCUMENT_BYTES}")
    return stripped


def _http_source(value: str) -> str:
    try:  # the one URL parser (search/urls.py): what is stored can be fetched and read later
        return normalise_url(value)
    except InvalidUrl as exc:
        raise ValueError(
            f"source must be an http(s) URL, e.g. https://example.org/page: {exc}"
        ) from None


# The schema's version of _http_source (the fuzz test holds the two together): an http(s) URL whose
# host is a DNS name (ASCII labels, or any non-ASCII name, which the validator runs through IDNA),
# a dotted IPv4 address or a bracketed IPv6 one, an optional port, then no whitespace or controls.
_URL_TAIL = rf"(?:[/?#][^{FORBIDDEN_CHARS}]*)?"
_LABEL = r"[A-Za-z0-9_](?:[A-Za-z0-9_-]{0,61}[A-Za-z0-9_])?"
_PORT = r"(?::(?:6553[0-5]|655[0-2][0-9]|65[0-4][0-9]{2}|6[0-4][0-9]{3}|[1-5][0-9]{4}|[1-9][0-9]{0,3})?)?"
HTTP_SOURCE = {
    "pattern": (
        rf"^[{_WS}]*[hH][tT][tT][pP][sS]?://(?:(?:{_LABEL}\.)*[A-Za-z_](?:[A-Za-z0-9_-]{{0,61}}[A-Za-z0-9_])?\.?"
        rf"|(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])(?:\.(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])){{3}})"
        rf"{_PORT}{_URL_TAIL}[{_WS}]*$"
    )
}


class KBDocumentIn(BaseModel):
    """One document to add: the text, the http(s) URL it comes from, optionally title and date."""

    text: Annotated[str, AfterValidator(_document_text), Field(json_schema_extra=NOT_BLANK)]
    source: Annotated[
        str,
        StringConstraints(max_length=2048),
        AfterValidator(_http_source),
        Field(json_schema_extra=HTTP_SOURCE),
    ]
    title: Annotated[str, StringConstraints(strip_whitespace=True, max_length=1000)] | None = None
    timestamp: Annotated[str, StringConstraints(strip_whitespace=True, max_length=64)] | None = None


class KBDocumentsIn(BaseModel):
    model_config = ConfigDict(
        json_schema_extra={
            "examples": [
                {
                    "documents": [
                        {
                            "text": "The Great Wall of China is not visible to the naked eye from low Earth orbit.",
                            "source": "https://www.nasa.gov/great-wall",
                            "title": "Great Wall from space",
                        }
                    ]
                }
            ]
        }
    )

    documents: list[KBDocumentIn] = Field(min_length=1, max_length=MAX_BATCH_DOCUMENTS)


class KBAddResponse(BaseModel):
    ids: list[str]
    added: int
    duplicates: int


class KBSearchHit(PassageFields):
    retrieval_score: float
    dense: float | None
    lexical: float
    parent_id: str
    domain: str
    source_type: str
    credibility: float
    origin: str
    timestamp: str | None
    access_count: int
    verification_count: int
    avg_relevance: float


class KBSearchResponse(BaseModel):
    query: str
    reranker: str
    results: list[KBSearchHit]


class KBDeleteResponse(BaseModel):
    id: str
    deleted: int


def _passage_text(value: str) -> str:
    if not value.strip():
        raise ValueError("the text is empty after stripping whitespace")
    if any(ord(ch) < 32 and ch not in "\t\n\r" for ch in value):
        raise ValueError("the text contains control characters (binary data?)")
    return value  # kept raw: claim offsets index into exactly what was sent


def _json_integer(value: Any) -> Any:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ValueError("must be an integer")
    return value


# A JSON Schema integer: 4 or 4.0, never "4" or true (the models are strict otherwise).
JsonInteger = Annotated[int, BeforeValidator(_json_integer), Strict(False)]

# The schema's version of _passage_text: no control characters but tab and newlines, and at least
# one character that is neither whitespace nor control.
_CTL = r"\x00-\x08\x0b\x0c\x0e-\x1f"
PASSAGE_TEXT = {"pattern": rf"^[^{_CTL}]*[^{_WS}{_CTL}][^{_CTL}]*$"}


class CheckRequest(BaseModel):
    """A passage whose check-worthy claims are verified one by one."""

    model_config = ConfigDict(
        extra="ignore",
        strict=True,
        json_schema_extra={
            "examples": [
                {
                    "text": "The Eiffel Tower was completed in 1889. I think it is the most beautiful tower. "
                    "The Earth is flat.",
                    "web_search": False,
                    "max_claims": 3,
                }
            ]
        },
    )

    text: Annotated[
        str,
        StringConstraints(max_length=10000),
        AfterValidator(_passage_text),
        Field(json_schema_extra=PASSAGE_TEXT),
    ]
    web_search: bool = True
    max_claims: JsonInteger = Field(5, ge=1, le=10)


class CheckClaimOut(BaseModel):
    text: str
    start: int = Field(description="offset of the claim's span in the submitted text")
    end: int = Field(description="end offset (exclusive): text[start:end] is the span")
    check_worthy: float
    result: VerifyResponse | None
    reason: str


class CheckResponse(BaseModel):
    claims: list[CheckClaimOut]
    summary: dict[str, int]
    max_claims: int = Field(
        0,
        description="the claims this request could verify at most: its max_claims, "
        "within the server's cap (10)",
    )
    left_out: int = Field(
        0,
        description="check-worthy claims not verified because max_claims was reached "
        "(their reason says so); ask for more, up to the cap, to check them",
    )
    repeated: int = Field(
        0,
        description="sentences that repeat an earlier claim of the passage: verified once, "
        "the repeat carries the same result",
    )
    session_id: str
    timings_ms: dict[str, float]
    steps: list[str] = []


class AuditRequest(BaseModel):
    """A text whose cited URLs are audited."""

    model_config = ConfigDict(
        extra="ignore",
        strict=True,
        json_schema_extra={
            "examples": [
                {
                    "text": "Vaccines do not cause autism (https://www.who.int/news-room/fact-sheets/detail/autism).",
                    "topic": "medical",
                }
            ]
        },
    )

    text: Annotated[
        str,
        StringConstraints(max_length=20000),
        AfterValidator(_passage_text),
        Field(json_schema_extra=PASSAGE_TEXT),
    ]
    topic: Literal["legal", "scientific", "financial", "medical", "policy", "general"] | None = None


class AuditedUrlOut(BaseModel):
    url: str
    status: Literal["valid", "invalid", "unreachable", "refused", "invalid_url"] = Field(
        description="valid | invalid (HTTP 4xx) | unreachable | refused (SSRF guard) | invalid_url "
        "(malformed: nothing was requested)"
    )
    http_status: int | None
    domain: str = Field(
        description="the groundcheck content domain (ACADEMIC, NEWS, GOVERNMENT, …)"
    )
    registered_domain: str
    source_type: str
    authority: float = Field(
        ge=0.25,
        le=1.5,
        description="the RSI-style multiplier (0.25–1.5) behind "
        "authority_score; readers should see authority_score",
    )
    authority_score: float = Field(
        0.0,
        ge=0,
        le=100,
        description=(
            "authority on the 0–100 scale of source_authority_score: 100 × (authority − 0.25) / 1.25"
        ),
    )

    @model_validator(mode="before")
    @classmethod
    def _authority_score(cls, data: Any) -> Any:
        """One authority scale for readers: the 0–100 of source_authority_score (issue 37)."""
        if (
            isinstance(data, dict)
            and "authority_score" not in data
            and isinstance(data.get("authority"), int | float)
        ):
            data = {**data, "authority_score": round(100 * (data["authority"] - 0.25) / 1.25, 1)}
        return data

    published: str | None
    freshness: float | None
    sentence: str
    alignment: float | None = Field(None, ge=0, le=100)
    alignment_method: str | None
    trust: TrustOut
    reason: str


class AuditResponse(BaseModel):
    urls: list[AuditedUrlOut]
    source_authority_score: float | None
    url_validity_rate: float | None
    citation_alignment: float | None
    freshness: float | None
    timings_ms: dict[str, float]


class ErrorBody(BaseModel):
    """Every error answers with this shape (422 keeps FastAPI's `detail` list)."""

    error: str
    detail: Any = None


_ERROR_DOCS: dict[int, tuple[str, dict[str, Any]]] = {
    400: (
        "The body is not JSON (malformed, or not UTF-8).",
        {"error": "bad_request", "detail": "There was an error parsing the body"},
    ),
    401: (
        "A missing or invalid `X-API-Key` (only when API_KEYS is set).",
        {"error": "unauthorized", "detail": "missing or invalid X-API-Key"},
    ),
    404: ("No such document.", {"error": "not_found", "detail": "no document has the id 'doc_…'"}),
    413: (
        "The body is larger than MAX_BODY_BYTES.",
        {"error": "payload_too_large", "detail": "request body exceeds 65536 bytes"},
    ),
    422: (
        "Invalid input (FastAPI's `detail` list), e.g. an empty claim or one over 2000 characters.",
        {
            "error": "invalid_request",
            "detail": [
                {
                    "type": "value_error",
                    "loc": ["body", "claim"],
                    "input": "   ",
                    "msg": "Value error, the claim is empty after stripping whitespace",
                }
            ],
        },
    ),
    429: (
        "Rate-limited; retry after the `Retry-After` seconds.",
        {"error": "rate_limited", "detail": "30/minute exceeded"},
    ),
    503: (
        "Saturated, or a required backend (the knowledge base, a model) is down; see `Retry-After`.",
        {"error": "saturated", "detail": "too many verifications are running; retry shortly"},
    ),
}


def error_responses(*codes: int) -> dict[int | str, dict[str, Any]]:
    """OpenAPI `responses` for the given error codes: the ErrorBody model, a description, an example."""
    return {
        code: {
            "model": ErrorBody,
            "description": _ERROR_DOCS[code][0],
            "content": {"application/json": {"example": _ERROR_DOCS[code][1]}},
        }
        for code in codes
    }
