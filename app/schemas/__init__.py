"""Wire schemas of the HTTP contract (docs/api.md), one module per resource: `verify`, `check`,
`audit`, `kb`, `health`, `jobs` and `common` (the error body). Internal models live in
`agent/models.py`. `app.schemas.jobs` is imported by its own name (it also reads a job's request
body into the jobs layer's values), not re-exported here."""

from app.schemas.audit import AuditedUrlOut, AuditRequest, AuditResponse
from app.schemas.check import CheckClaimOut, CheckRequest, CheckResponse
from app.schemas.common import ErrorBody, error_responses
from app.schemas.health import HealthResponse
from app.schemas.kb import (
    KBAddResponse,
    KBDeleteResponse,
    KBDocumentIn,
    KBDocumentsIn,
    KBHit,
    KBSearchHit,
    KBSearchOut,
    KBSearchRequest,
    KBSearchResponse,
    KBStats,
)
from app.schemas.verify import VERIFY_EXAMPLE, EvidenceOut, TrustOut, VerifyRequest, VerifyResponse

__all__ = [
    "VERIFY_EXAMPLE",
    "AuditRequest",
    "AuditResponse",
    "AuditedUrlOut",
    "CheckClaimOut",
    "CheckRequest",
    "CheckResponse",
    "ErrorBody",
    "EvidenceOut",
    "HealthResponse",
    "KBAddResponse",
    "KBDeleteResponse",
    "KBDocumentIn",
    "KBDocumentsIn",
    "KBHit",
    "KBSearchHit",
    "KBSearchOut",
    "KBSearchRequest",
    "KBSearchResponse",
    "KBStats",
    "TrustOut",
    "VerifyRequest",
    "VerifyResponse",
    "error_responses",
]
