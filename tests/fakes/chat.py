"""The one in-process chat-model fake: a `ChatModel` that answers by the task its system prompt
names (classify, verdict, …), or fails, and records every call. The loopback OpenAI server
(tests/fakes/openai_server.py) is the fake for tests that go through HTTP."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from agent import prompts
from agent.llm import ChatReply, LLMBadResponse

TASKS = {
    "classify": prompts.CLASSIFY_SYSTEM,
    "sufficiency": prompts.SUFFICIENCY_SYSTEM,
    "verdict": prompts.VERDICT_SYSTEM,
    "trust": prompts.TRUST_SYSTEM,
    "grounding": prompts.GROUNDING_SYSTEM,
    "citations": prompts.CITATION_SYSTEM,
    "rewrite": prompts.REWRITE_SYSTEM,
    "decompose": prompts.DECOMPOSE_SYSTEM,
    "align": prompts.ALIGN_SYSTEM,
}

Answer = Mapping[str, Any] | Exception | Callable[[str], Mapping[str, Any]]


def task_of(system: str) -> str:
    for task, prompt in TASKS.items():
        if system.startswith(prompt[:60]):
            return task
    return "other"


class ScriptedChat:
    """Answers each task from `script` (a dict, an exception to raise, or a function of the user
    message); a task without a script gets `default` (an exception by default, like a model that
    answers nothing useful). `calls` lists (task, user message) in order."""

    name = "scripted"

    def __init__(
        self,
        script: Mapping[str, Answer] | None = None,
        *,
        default: Answer | None = None,
        tokens: tuple[int, int] = (10, 2),
    ) -> None:
        self.script = dict(script or {})
        self.default = default if default is not None else LLMBadResponse("no scripted answer")
        self.tokens = tokens
        self.calls: list[tuple[str, str]] = []

    def tasks(self) -> list[str]:
        return [task for task, _ in self.calls]

    async def complete_json(self, system: str, user: str) -> ChatReply:
        task = task_of(system)
        self.calls.append((task, user))
        answer = self.script.get(task, self.default)
        if isinstance(answer, Exception):
            raise answer
        data = answer(user) if callable(answer) else answer
        return ChatReply(dict(data), "", *self.tokens)
