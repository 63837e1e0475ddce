"""The chat model behind one Protocol, and its OpenAI-compatible implementation.

    LLMError
     ├── LLMUnavailable      connection refused, timeout, 5xx, auth failure
     └── LLMBadResponse      the answer is not the JSON object we asked for

One retry policy for the LLM, the same as for every outside call (search/resilience.py): the
openai SDK's own retries are off; a transient failure (timeout, refused connection, 429, 5xx) is
tried again when the verification's deadline leaves time; each attempt's timeout is LLM_TIMEOUT_S
cut to that deadline; the LLM's circuit breaker skips it after consecutive failures.
"""

from __future__ import annotations

import asyncio
import json
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

import httpx

from search.resilience import (
    CircuitBreaker,
    CircuitOpen,
    Limits,
    budget,
    cut,
    deadline_seconds,
    never_open,
    retrying,
)

if TYPE_CHECKING:
    from search.ratelimit import TokenBucket


class LLMError(Exception):
    """Base of the LLM client's errors."""


class LLMUnavailable(LLMError):
    """The endpoint could not answer."""

    def __init__(self, message: str, *, transient: bool = False, counts: bool = True) -> None:
        super().__init__(message)
        self.transient = transient  # worth another attempt (timeout, connection, 429, 5xx)
        self.counts = counts  # a failure of the service, for its circuit breaker


class LLMSkipped(LLMUnavailable):
    """Not asked at all: its circuit breaker is open, or the deadline left no time."""

    def __init__(self, message: str) -> None:
        super().__init__(message, transient=False, counts=False)


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

    def __init__(
        self,
        *,
        model: str,
        api_key: str | None,
        base_url: str | None,
        temperature: float,
        timeout_s: float,
        http_client: httpx.AsyncClient | None = None,
        rate: TokenBucket | None = None,
        breaker: CircuitBreaker | None = None,
        limits: Limits | None = None,
    ) -> None:
        from openai import AsyncOpenAI

        self.name = model
        self.rate = rate  # LLM_RATE_PER_S: one budget per process, or across processes with Redis
        self.base_url = base_url
        self.breaker = breaker or never_open("llm")
        self.limits = limits or Limits()
        self._timeout_s = timeout_s
        self._temperature = temperature
        self._json_mode = True
        self._client = AsyncOpenAI(
            api_key=api_key or "not-needed",
            base_url=base_url,
            timeout=timeout_s,
            max_retries=0,
            http_client=http_client,  # one retry policy: ours (search/resilience.py)
        )

    async def complete_json(self, system: str, user: str) -> ChatReply:
        messages = [{"role": "system", "content": system}, {"role": "user", "content": user}]
        kwargs: dict[str, Any] = {
            "model": self.name,
            "messages": messages,
            "temperature": self._temperature,
        }
        async for attempt in retrying(
            self.limits, lambda exc: getattr(exc, "transient", False), self._timeout_s
        ):
            with attempt:
                return await self._attempt(kwargs)
        raise AssertionError("unreachable: tenacity re-raises the last error")

    async def _attempt(self, kwargs: dict[str, Any]) -> ChatReply:
        timeout_s = budget(self._timeout_s)
        if timeout_s <= 0:
            cut("an LLM call (no time left for it)")
            raise LLMSkipped(
                f"not asked: the verification's deadline ({deadline_seconds():g} s) left no time"
            )
        try:
            return await self.breaker.call(
                lambda: self._ask(kwargs, timeout_s),
                counts=lambda exc: getattr(exc, "counts", True),
            )
        except CircuitOpen as exc:
            raise LLMSkipped(str(exc)) from None

    async def _ask(self, kwargs: dict[str, Any], timeout_s: float) -> ChatReply:
        import openai

        cut_short = timeout_s < self._timeout_s
        try:
            # the whole call, not each read: a server trickling bytes never trips a read timeout
            async with asyncio.timeout(timeout_s):
                if self.rate is not None:
                    await self.rate.acquire()
                response = await self._create(kwargs, timeout_s)
        except TimeoutError as exc:
            if cut_short:
                cut(f"an LLM call (stopped after {timeout_s:.1f} s by the deadline)")
            raise LLMUnavailable(
                f"the LLM timed out: no whole answer within {timeout_s:.1f} s"
                + (" (cut by the verification's deadline)" if cut_short else ""),
                transient=True,
            ) from exc
        except openai.APITimeoutError as exc:
            raise LLMUnavailable(f"the LLM timed out: {exc}", transient=True) from exc
        except openai.APIConnectionError as exc:
            raise LLMUnavailable(f"the LLM could not be reached: {exc}", transient=True) from exc
        except openai.APIStatusError as exc:
            status = exc.status_code
            transient = status in {408, 409, 429} or status >= 500
            raise LLMUnavailable(
                f"the LLM answered HTTP {status}",
                transient=transient,
                counts=transient or status in {401, 403, 404},
            ) from exc
        except openai.OpenAIError as exc:
            raise LLMUnavailable(f"the LLM failed: {exc}") from exc
        except (
            ValueError,
            TypeError,
            AttributeError,
        ) as exc:  # a 200 whose body is not the JSON it promised
            raise LLMBadResponse(
                f"the LLM's answer could not be read: {type(exc).__name__}: {str(exc)[:160]}"
            ) from exc
        try:
            text = response.choices[0].message.content or ""
        except (AttributeError, IndexError, TypeError) as exc:
            raise LLMBadResponse("the LLM answer has no message") from exc
        usage = getattr(response, "usage", None)
        return ChatReply(
            data=parse_json_object(text),
            text=text,
            prompt_tokens=int(getattr(usage, "prompt_tokens", 0) or 0),
            completion_tokens=int(getattr(usage, "completion_tokens", 0) or 0),
        )

    async def _create(self, kwargs: dict[str, Any], timeout_s: float) -> Any:
        import openai

        try:
            if self._json_mode:
                kwargs["response_format"] = {"type": "json_object"}
            return await self._client.chat.completions.create(**kwargs, timeout=timeout_s)
        except openai.BadRequestError as exc:
            if "response_format" not in kwargs:
                raise
            # Some servers reject JSON mode; the prompt asks for JSON anyway.
            self._json_mode = False
            kwargs.pop("response_format")
            try:
                return await self._client.chat.completions.create(**kwargs, timeout=timeout_s)
            except openai.BadRequestError:
                raise exc from None

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
