"""The language model: the chat model behind one Protocol and its OpenAI-compatible client
(``_client``), and the shapes its answers must have (``_answers``: every answer is validated; a
mismatch is an LLMBadResponse).
"""

from agent.llm._answers import (
    CitationAnswer,
    ClassifyAnswer,
    EvidenceJudgement,
    GroundingAnswer,
    SufficiencyAnswer,
    VerdictAnswer,
    clamp,
    validate_answer,
)
from agent.llm._client import (
    ChatModel,
    ChatReply,
    LLMBadResponse,
    LLMError,
    LLMSkipped,
    LLMUnavailable,
    OpenAIChatModel,
    parse_json_object,
)

__all__ = [
    "ChatModel",
    "ChatReply",
    "CitationAnswer",
    "ClassifyAnswer",
    "EvidenceJudgement",
    "GroundingAnswer",
    "LLMBadResponse",
    "LLMError",
    "LLMSkipped",
    "LLMUnavailable",
    "OpenAIChatModel",
    "SufficiencyAnswer",
    "VerdictAnswer",
    "clamp",
    "parse_json_object",
    "validate_answer",
]
