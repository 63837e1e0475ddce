"""The schemas of `POST /api/check` and its stream: a passage and each of its claims."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import (
    AfterValidator,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    Strict,
    StringConstraints,
)

from app.schemas.common import WHITESPACE
from app.schemas.verify import VerifyResponse


def passage_text(value: str) -> str:
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

# The schema's version of passage_text: no control characters but tab and newlines, and at least
# one character that is neither whitespace nor control.
_CTL = r"\x00-\x08\x0b\x0c\x0e-\x1f"
PASSAGE_TEXT = {"pattern": rf"^[^{_CTL}]*[^{WHITESPACE}{_CTL}][^{_CTL}]*$"}


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
        AfterValidator(passage_text),
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
