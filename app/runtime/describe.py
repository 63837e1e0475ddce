"""How /api/health describes the LLM: configured or not, reachable or not, and why."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any

import httpx

from agent.llm import ChatModel, OpenAIChatModel
from app.config import Settings

log = logging.getLogger("claimcheck")


def without_userinfo(url: str | None) -> str | None:
    """A URL as health may show it: `user:password@` removed."""
    if not url:
        return url
    parsed = httpx.URL(url)
    return str(parsed.copy_with(username=None, password=None)) if parsed.userinfo else url


def llm_component(
    s: Settings, chat: ChatModel | None, reachability: Reachability, engine: str, breaker: Any
) -> dict[str, Any]:
    return {
        "configured": chat is not None,
        "status": reachability.status,
        "reason": reachability.reason,
        "model": s.LLM_MODEL if chat is not None else None,
        "base_url": without_userinfo(s.OPENAI_BASE_URL),
        "api_key": "configured" if s.OPENAI_API_KEY else None,
        "verdict_backend": engine,
        "breaker": breaker.describe() if breaker is not None else None,
        "fallback": None
        if chat is not None
        else f"{engine} verdicts (set OPENAI_BASE_URL or OPENAI_API_KEY for LLM verdicts)",
    }


@dataclass
class Reachability:
    """The LLM endpoint as checked once at start-up (health reports it; probes never call out)."""

    status: str = "not configured"  # checking | reachable | unreachable | not configured
    reason: str | None = None

    async def check(self, chat: OpenAIChatModel, where: str | None) -> None:
        self.status = "checking"
        reason = await chat.probe()
        self.status, self.reason = (
            ("reachable", None) if reason is None else ("unreachable", reason)
        )
        if reason is not None:
            log.warning(
                "the LLM at %s is unreachable (%s): each verification will try it and fall back "
                "to the next verdict engine",
                where or "api.openai.com",
                reason,
            )
