"""The schemas of `POST /api/sources/audit`."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    StringConstraints,
    model_validator,
)

from app.schemas.check import PASSAGE_TEXT, passage_text
from app.schemas.verify import TrustOut


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
        AfterValidator(passage_text),
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
