"""Wire schemas of the HTTP contract (DESIGN §3). Internal models live in `agent/models.py`."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    Strict,
    StringConstraints,
)


def _not_blank(value: str) -> str:
    if not value.strip():
        raise ValueError("the claim is empty after stripping whitespace")
    return value  # kept raw: `original_claim` echoes the input, the verifier strips it


# What the schema says is what is checked (the fuzz test holds us to it): at most 2000 characters
# and at least one that is not whitespace. `pattern` is documentation only; _not_blank enforces it
# with str.strip(), whose idea of whitespace is Python's (as is the fuzzer's).
NOT_BLANK = {"pattern": r"\S"}
ClaimText = Annotated[str, StringConstraints(max_length=2000), AfterValidator(_not_blank),
                      Field(json_schema_extra=NOT_BLANK)]
Reference = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=20000)]


class VerifyRequest(BaseModel):
    """A claim, headline or passage to verify."""

    # strict: 0 is not false and "5" is not 5 — the body must have the types the schema documents.
    model_config = ConfigDict(
        extra="ignore", strict=True,
        json_schema_extra={"examples": [{"claim": "The Earth is flat"}]},
    )

    claim: ClaimText = Field(description="The claim: 1–2000 characters, not all whitespace; stripped.")
    web_search: bool = Field(True, description="Allow web search when the KB is not enough.")
    references: list[Reference] | None = Field(
        None, max_length=10, description="Up to 10 texts (or URLs) that replace the evidence pool.")
    grounding: Literal["always", "on_medium_confidence", "never"] | None = None
    profile: Annotated[str, StringConstraints(max_length=64)] | None = None
    index_references: bool = False


class TrustOut(BaseModel):
    domain: str
    posterior: float | None
    verdict: str | None
    contributions: dict[str, float] = Field(
        description="Δ log-odds per groundcheck layer (url, doi, title_search, ai)")
    content_domain: str | None = Field(
        None, description="ACADEMIC | NEWS | GOVERNMENT | EDUCATIONAL | GENERAL")
    score: float | None = Field(None, description="the standard's v1 weighted score")
    signals: dict[str, str] = Field(default_factory=dict, description="what each layer was based on")


class EvidenceOut(BaseModel):
    id: str
    text: str
    source: str
    title: str
    score: float
    relevance: float
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
    flags: list[str] = Field(default_factory=list,
                             description="satire | conspiracy-pseudoscience | fake-news source")


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


class VerifyResponse(BaseModel):
    claim: str
    original_claim: str
    claim_type: Literal["FACTUAL", "OPINION", "MIXED", "AMBIGUOUS"]
    verdict: Literal["True", "False", "Partially True", "Misleading", "Not Enough Evidence", "Not Verifiable"]
    confidence: float = Field(ge=0.0, le=1.0)
    factuality: float | None
    reasoning: str
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


class HealthResponse(BaseModel):
    status: Literal["ok"]
    kb_size: int
    components: dict[str, Any]


class KBStats(BaseModel):
    count: int
    mode: str
    collection: str
    embedder: str


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
PASSAGE_TEXT = {"pattern": rf"^[^{_CTL}]*[^\s{_CTL}][^{_CTL}]*$"}


class CheckRequest(BaseModel):
    """A passage whose check-worthy claims are verified one by one."""

    model_config = ConfigDict(extra="ignore", strict=True, json_schema_extra={"examples": [{
        "text": "The Eiffel Tower was completed in 1889. I think it is the most beautiful tower. "
                "The Earth is flat.", "web_search": False, "max_claims": 3}]})

    text: Annotated[str, StringConstraints(max_length=10000), AfterValidator(_passage_text),
                    Field(json_schema_extra=PASSAGE_TEXT)]
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
    session_id: str
    timings_ms: dict[str, float]
    steps: list[str] = []


class AuditRequest(BaseModel):
    """A text whose cited URLs are audited."""

    model_config = ConfigDict(extra="ignore", strict=True, json_schema_extra={"examples": [{
        "text": "Vaccines do not cause autism (https://www.who.int/news-room/fact-sheets/detail/autism).",
        "topic": "medical"}]})

    text: Annotated[str, StringConstraints(max_length=20000), AfterValidator(_passage_text),
                    Field(json_schema_extra=PASSAGE_TEXT)]
    topic: Literal["legal", "scientific", "financial", "medical", "policy", "general"] | None = None


class AuditedUrlOut(BaseModel):
    url: str
    status: Literal["valid", "invalid", "unreachable", "refused"]
    http_status: int | None
    domain: str = Field(description="the groundcheck content domain (ACADEMIC, NEWS, GOVERNMENT, …)")
    registered_domain: str
    source_type: str
    authority: float = Field(ge=0.25, le=1.5)
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
