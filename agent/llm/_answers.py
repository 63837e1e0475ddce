"""Schemas of the LLM's answers, and the number a model gives read as a probability (``clamp``). Every answer is validated; a mismatch is an LLMBadResponse."""

from __future__ import annotations

from typing import Any, TypeVar

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from agent.llm._client import LLMBadResponse

T = TypeVar("T", bound=BaseModel)


def clamp(value: object, default: float = 0.5) -> float:
    try:
        number = float(value)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return default
    if number != number:  # NaN
        return default
    if 1.0 < number <= 100.0:  # a percentage
        number /= 100.0
    return max(0.0, min(1.0, number))


class _Answer(BaseModel):
    model_config = ConfigDict(extra="ignore")


class ClassifyAnswer(_Answer):
    claim_type: str
    claim: str = ""
    reason: str = ""
    keywords: str = ""

    @field_validator("keywords", mode="before")
    @classmethod
    def _text(cls, value: object) -> str:
        return value if isinstance(value, str) else ""  # a model that answers null or a list: none

    @field_validator("claim_type")
    @classmethod
    def _upper(cls, value: str) -> str:
        value = value.strip().upper()
        if value not in {"FACTUAL", "OPINION", "MIXED", "AMBIGUOUS"}:
            raise ValueError(f"unknown claim type {value!r}")
        return value


class SufficiencyAnswer(_Answer):
    sufficient: bool
    reason: str = ""


class EvidenceJudgement(_Answer):
    """The judge's reading of one evidence item: its stance and the span it rests on."""

    n: int
    stance: str = "neutral"
    probability: float = Field(0.5)
    quote: str = ""

    @field_validator("stance")
    @classmethod
    def _stance(cls, value: str) -> str:
        value = value.strip().lower()
        aliases = {
            "support": "supports",
            "supported": "supports",
            "refute": "refutes",
            "refuted": "refutes",
            "contradicts": "refutes",
            "none": "neutral",
        }
        value = aliases.get(value, value)
        if value not in {"supports", "refutes", "neutral"}:
            raise ValueError(f"unknown stance {value!r}")
        return value

    @field_validator("probability", mode="before")
    @classmethod
    def _probability(cls, value: Any) -> float:
        return clamp(value)


class VerdictAnswer(_Answer):
    verdict: str
    confidence: float = Field(0.5)
    reasoning: str = ""
    evidence: list[EvidenceJudgement] = Field(default_factory=list)

    @field_validator("evidence", mode="before")
    @classmethod
    def _judgements(cls, value: Any) -> Any:
        # Optional: a judge that omits or garbles the per-item part still gives a usable verdict.
        if not isinstance(value, list):
            return []
        return [v for v in value if isinstance(v, dict) and _valid_judgement(v)]

    @field_validator("confidence", mode="before")
    @classmethod
    def _confidence(cls, value: Any) -> float:
        return clamp(value)


def _valid_judgement(value: dict[str, Any]) -> bool:
    try:
        EvidenceJudgement.model_validate(value)
    except ValidationError:
        return False
    return True


class GroundingAnswer(_Answer):
    """The second (scrubbed) pass: confidence in the verdict under review."""

    confidence: float = Field(ge=0.0, le=1.0)

    @field_validator("confidence", mode="before")
    @classmethod
    def _confidence(cls, value: Any) -> float:
        return clamp(value, default=float("nan"))


class CitationCheck(_Answer):
    s: int
    n: int
    supported: bool


class CitationAnswer(_Answer):
    checks: list[CitationCheck] = Field(default_factory=list)


class RewriteAnswer(_Answer):
    queries: list[str] = Field(default_factory=list)


def validate_answer(model: type[T], data: dict[str, Any]) -> T:
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        problems = "; ".join(f"{'.'.join(map(str, e['loc']))}: {e['msg']}" for e in exc.errors())
        raise LLMBadResponse(
            f"the LLM answer does not match the expected shape ({problems})"
        ) from exc
