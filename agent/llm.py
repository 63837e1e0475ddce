"""The chat model behind one Protocol, and its OpenAI-compatible implementation.

    LLMError
     ├── LLMUnavailable      connection refused, timeout, 5xx, auth failure
     └── LLMBadResponse      the answer is not the JSON object we asked for

The openai SDK's own retry (max_retries=1) is the only retry policy for the LLM.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

import httpx

if TYPE_CHECKING:
    from search.ratelimit import TokenBucket


class LLMError(Exception):
    """Base of the LLM client's errors."""


class LLMUnavailable(LLMError):
    """The endpoint could not answer."""


class LLMBadResponse(LLMError):
    """The endpoint answered, but not with a usable JSON object."""


@dataclass(frozen=True)
class ChatReply:
    data: dict[str, Any]
    text: str
    prompt_tokens: int = 0
    completion_tokens: int = 0


class ChatModel(Protocol):
    """Asks for one JSON object. Raises only LLMError subclasses; honours its own timeout."""

    name: str

    async def complete_json(self, system: str, user: str) -> ChatReply: ...


_FENCE = re.compile(r"^```(?:json)?\s*|\s*```$", re.IGNORECASE)


def parse_json_object(text: str) -> dict[str, Any]:
    """The first JSON object in `text` (tolerates code fences and chatter around it)."""
    cleaned = _FENCE.sub("", text.strip())
    try:
        value = json.loads(cleaned)
    except json.JSONDecodeError:
        start = cleaned.find("{")
        if start < 0:
            raise LLMBadResponse(f"no JSON object in the answer: {text[:200]!r}") from None
        try:
            value, _ = json.JSONDecoder().raw_decode(cleaned[start:])
        except json.JSONDecodeError as exc:
            raise LLMBadResponse(f"unparseable JSON in the answer: {text[:200]!r}") from exc
    if not isinstance(value, dict):
        raise LLMBadResponse(f"expected a JSON object, got {type(value).__name__}")
    return value


class OpenAIChatModel:
    """Any OpenAI-compatible endpoint (OpenAI, Ollama, vLLM, llama.cpp) via the openai SDK."""

    def __init__(self, *, model: str, api_key: str | None, base_url: str | None,
                 temperature: float, timeout_s: float, http_client: httpx.AsyncClient | None = None,
                 rate: TokenBucket | None = None) -> None:
        from openai import AsyncOpenAI

        self.name = model
        self.rate = rate  # LLM_RATE_PER_S: one budget per process, or across processes with Redis
        self.base_url = base_url
        self._temperature = temperature
        self._json_mode = True
        self._client = AsyncOpenAI(
            api_key=api_key or "not-needed", base_url=base_url, timeout=timeout_s,
            max_retries=1, http_client=http_client,
        )

    async def complete_json(self, system: str, user: str) -> ChatReply:
        import openai

        messages = [{"role": "system", "content": system}, {"role": "user", "content": user}]
        kwargs: dict[str, Any] = {"model": self.name, "messages": messages,
                                  "temperature": self._temperature}
        if self.rate is not None:
            await self.rate.acquire()
        try:
            try:
                if self._json_mode:
                    kwargs["response_format"] = {"type": "json_object"}
                response = await self._client.chat.completions.create(**kwargs)
            except openai.BadRequestError as exc:
                if "response_format" not in kwargs:
                    raise
                # Some servers reject JSON mode; the prompt asks for JSON anyway.
                self._json_mode = False
                kwargs.pop("response_format")
                try:
                    response = await self._client.chat.completions.create(**kwargs)
                except openai.BadRequestError:
                    raise exc from None
        except openai.APITimeoutError as exc:
            raise LLMUnavailable(f"the LLM timed out: {exc}") from exc
        except openai.APIConnectionError as exc:
            raise LLMUnavailable(f"the LLM could not be reached: {exc}") from exc
        except openai.APIStatusError as exc:
            raise LLMUnavailable(f"the LLM answered HTTP {exc.status_code}") from exc
        except openai.OpenAIError as exc:
            raise LLMUnavailable(f"the LLM failed: {exc}") from exc
        try:
            text = response.choices[0].message.content or ""
        except (AttributeError, IndexError) as exc:
            raise LLMBadResponse("the LLM answer has no message") from exc
        usage = getattr(response, "usage", None)
        return ChatReply(
            data=parse_json_object(text), text=text,
            prompt_tokens=int(getattr(usage, "prompt_tokens", 0) or 0),
            completion_tokens=int(getattr(usage, "completion_tokens", 0) or 0),
        )

    async def probe(self, timeout_s: float = 3.0) -> str | None:
        """Whether the endpoint answers: None when it does (any answer but a refused key or a
        server error counts: some servers have no /models), else the reason. One call to
        `GET /models`, no retry: made once at start-up, never per health probe."""
        import openai

        try:
            await self._client.with_options(timeout=timeout_s, max_retries=0).models.list()
        except (openai.AuthenticationError, openai.PermissionDeniedError) as exc:
            return f"the API key was refused (HTTP {exc.status_code})"
        except openai.APIStatusError as exc:
            return None if exc.status_code < 500 else f"HTTP {exc.status_code}"
        except openai.APITimeoutError:
            return f"no answer within {timeout_s:g} s"
        except openai.APIConnectionError as exc:
            return f"cannot connect: {exc.__cause__ or exc}"
        except openai.OpenAIError as exc:
            return str(exc)
        return None

    async def close(self) -> None:
        await self._client.close()
