"""The schemas of the knowledge base: `/api/kb/*` and the MCP tool `search_knowledge_base`."""

from __future__ import annotations

from typing import Annotated

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    StringConstraints,
)

from app.schemas.common import NOT_BLANK, WHITESPACE
from app.schemas.verify import PassageFields
from search.urls import FORBIDDEN_CHARS, InvalidUrl, normalise_url


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
        rf"^[{WHITESPACE}]*[hH][tT][tT][pP][sS]?://(?:(?:{_LABEL}\.)*[A-Za-z_](?:[A-Za-z0-9_-]{{0,61}}[A-Za-z0-9_])?\.?"
        rf"|(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])(?:\.(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])){{3}})"
        rf"{_PORT}{_URL_TAIL}[{WHITESPACE}]*$"
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


# The MCP tool `search_knowledge_base` (app/mcp.py): the same query limits, a shorter hit.


class KBSearchRequest(BaseModel):
    """The same limits as `GET /api/kb/search`'s query parameters."""

    model_config = ConfigDict(extra="ignore", strict=True)
    q: Annotated[str, StringConstraints(min_length=1, max_length=2000, pattern=r"\S")]
    k: int = Field(10, ge=1, le=100)


class KBHit(BaseModel):
    id: str
    text: str
    source: str
    title: str | None
    relevance: float = Field(description="the reranker's score (the verifier's own scale)")
    score: float
    domain: str
    source_type: str
    credibility: float = Field(ge=0, le=1)


class KBSearchOut(BaseModel):
    query: str
    results: list[KBHit] = Field(description="best first")
