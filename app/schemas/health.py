"""The schema of `GET /api/health`."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
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
