"""What every resource's schemas share: the whitespace the patterns spell out and the error body."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

# Python's whitespace (str.isspace, what .strip() removes) spelled out: regex `\s` differs between
# engines (\x1c-\x1f and \x85 are whitespace only to Python, \ufeff only to ECMAScript).
WHITESPACE = r"\t\n\x0b\x0c\r\x1c-\x1f \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000"
NOT_BLANK = {"pattern": rf"[^{WHITESPACE}]"}


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
