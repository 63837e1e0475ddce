"""Stage 5 (before the web): the search queries — the claim as written, plus an LLM keyword query.

Keyword queries find news and fact-check pages that a full-sentence claim misses; the claim as
written keeps the exact wording that fact-checkers often quote. Without an LLM, or when it fails,
the claim alone is searched.
"""

from __future__ import annotations

import asyncio
import re

from agent.llm import ChatModel, LLMError
from agent.prompts import REWRITE_SYSTEM, rewrite_user
from agent.run import Trace, short

MAX_KEYWORD_CHARS = 200
# Search operators the model might echo back (site:, filetype:, -term, quotes, OR).
_OPERATORS = re.compile(r'\b[a-z]+:\S*|(?<!\w)-\S+|["“”]|\bOR\b', re.IGNORECASE)


def keyword_query(text: str) -> str:
    """The model's keywords as a plain query: no operators or quotes, one line, bounded."""
    plain = " ".join(_OPERATORS.sub(" ", text).split())
    if len(plain) > MAX_KEYWORD_CHARS:
        plain = plain[:MAX_KEYWORD_CHARS].rsplit(" ", 1)[0]
    return plain


async def search_queries(claim: str, chat: ChatModel | None) -> tuple[list[str], str | None]:
    """``[claim]`` or ``[claim, keywords]``, and the LLM's problem (for the trace) if it failed."""
    if chat is None:
        return [claim], None
    try:
        reply = await chat.complete_json(REWRITE_SYSTEM, rewrite_user(claim))
    except LLMError as exc:
        return [claim], str(exc)
    queries = with_keywords(claim, str(reply.data.get("keywords") or ""))
    if queries is None:
        return [claim], "the LLM gave no usable keywords"
    return queries, None


def with_keywords(claim: str, keywords: str) -> list[str] | None:
    """``[claim, keywords]``, ``[claim]`` when they only repeat the claim, None when unusable."""
    plain = keyword_query(keywords)
    if len(plain.split()) < 2:
        return None
    if plain.lower() == " ".join(claim.split()).lower():
        return [claim]
    return [claim, plain]


async def queries_for(
    claim: str, keywords: str, chat: ChatModel | None, budget_s: float, trace: Trace
) -> list[str]:
    """The web's queries: the classification's keywords when it gave some (no rewrite call on the
    critical path), else the LLM's rewrite within ``budget_s``, else the claim as written."""
    given = with_keywords(claim, keywords) if keywords else None
    if given is not None:
        if len(given) > 1:
            trace.step(
                f"Search queries: the claim as written, and keywords {given[1]!r} "
                "(from the classification)."
            )
        return given
    if chat is None:
        return [claim]
    try:
        async with asyncio.timeout(budget_s):
            queries, problem = await search_queries(claim, chat)
    except TimeoutError:
        queries, problem = [claim], f"no answer within {budget_s:g} s"
    if problem:
        trace.step(
            f"Search query rewrite skipped ({short(problem)}); searching the claim as written."
        )
    elif len(queries) > 1:
        trace.step(f"Search queries: the claim as written, and keywords {queries[1]!r}.")
    return queries
