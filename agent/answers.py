"""Schemas of the LLM's answers. Every answer is validated; a mismatch is an LLMBadResponse."""

from __future__ import annotations

from typing import Any, TypeVar

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from agent.llm import LLMBadResponse

T = TypeVar("T", bound=BaseModel)


class _Answer(BaseModel):
    model_config = ConfigDict(extra="ignore")


class ClassifyAnswer(_Answer):
    claim_type: str
    claim: str = ""
    reason: str = ""

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


class VerdictAnswer(_Answer):
    verdict: str
    confidence: float = Field(0.5)
    reasoning: str = ""

    @field_validator("confidence", mode="before")
    @classmethod
    def _confidence(cls, value: Any) -> float:
        from agent.verdict import clamp

        return clamp(value)


class RewriteAnswer(_Answer):
    queries: list[str] = Field(default_factory=list)


def validate_answer(model: type[T], data: dict[str, Any]) -> T:
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        problems = "; ".join(f"{'.'.join(map(str, e['loc']))}: {e['msg']}" for e in exc.errors())
        raise LLMBadResponse(f"the LLM answer does not match the expected shape ({problems})") from exc
