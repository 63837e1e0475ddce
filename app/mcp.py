"""claimcheck as an MCP server (docs/mcp.md): the same verification service as the REST routes,
over stdio (`claimcheck mcp`) and Streamable HTTP (mounted at `/mcp` behind the API's keys,
CORS and rate limit).

Built on the official `mcp` SDK (2.x, `MCPServer`). Every tool validates its input with the REST
request models, so invalid input is a tool error carrying the REST API's 422 body; outside
failures (a busy server, a KB that is down) are tool errors with the REST error body too. Each
tool answers with structured content (the REST response body) and a readable text.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import asdict
from typing import Annotated, Any

from mcp.server.mcpserver import Context, MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp.server.transport_security import TransportSecuritySettings
from mcp.types import CallToolResult, TextContent, ToolAnnotations
from pydantic import BaseModel, Field, ValidationError

from app.errors import describe_error, error_response, validation_detail
from app.runtime import Runtime
from app.schemas.audit import AuditRequest, AuditResponse
from app.schemas.check import CheckRequest, CheckResponse
from app.schemas.kb import KBHit, KBSearchOut, KBSearchRequest
from app.schemas.verify import VerifyRequest, VerifyResponse
from app.terminal import format_hits, format_verdict
from app.verification import to_check_response, verify_options

__all__ = ["McpEndpoint", "build_mcp", "transport_security"]

INSTRUCTIONS = (
    "claimcheck checks factual claims against a growing knowledge base and, when that is not enough, "
    "trusted news, fact-checkers and the web. Verdicts cite their evidence as [N], each with a verbatim "
    "quote, a stance and a trust score for its source."
)


def _limits(description: str, **schema: Any) -> Any:
    """A parameter's description and its limits in the tool's input schema (what an agent plans
    with). The limits are enforced by the REST request models, so a call outside them is a tool
    error with the REST API's 422 body, not the SDK's own message."""
    return Field(description=description, json_schema_extra=schema or None)


def _validated(model: type[BaseModel], values: dict[str, Any], where: str = "body") -> Any:
    """The REST request model's validation; a failure is a tool error whose text is the REST
    API's 422 body (the same `loc`, `msg` and `type`)."""
    try:
        return model.model_validate({k: v for k, v in values.items() if v is not None})
    except ValidationError as exc:
        errors = [{**e, "loc": (where, *e["loc"])} for e in exc.errors(include_url=False)]
        raise ToolError(
            json.dumps({"error": "invalid_request", "detail": validation_detail(errors)})
        ) from exc


def _failed(exc: Exception) -> ToolError:
    status, body, _ = describe_error(exc)
    return ToolError(json.dumps({**body, "status": status}))


def _result(text: str, body: dict[str, Any]) -> CallToolResult:
    return CallToolResult(content=[TextContent(text=text)], structured_content=body)


class _Progress:
    """The pipeline's steps as MCP progress notifications, sent in order by one task."""

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        self.queue: asyncio.Queue[str | None] = asyncio.Queue()
        self.count = 0
        self.task = asyncio.create_task(self._send())

    def __call__(self, step: str) -> None:
        self.queue.put_nowait(step)

    async def _send(self) -> None:
        while (step := await self.queue.get()) is not None:
            self.count += 1
            try:
                await self.ctx.report_progress(self.count, None, step)
            except Exception:  # a client that left or never asked for progress: the work goes on
                return

    async def close(self) -> None:
        self.queue.put_nowait(None)
        await self.task


def _owner(ctx: Context) -> str:
    """The API key (fingerprint) of the HTTP request carrying the call; "" over stdio or without keys."""
    try:
        request = ctx.request_context.request
    except (AttributeError, LookupError, ValueError):
        return ""
    scope = getattr(request, "scope", None) or {}
    return str(scope.get("state", {}).get("api_key", ""))


VERIFY_CLAIM_TOOL: dict[str, Any] = {
    "title": "Verify a claim",
    "annotations": ToolAnnotations(
        title="Verify a claim",
        read_only_hint=False,
        destructive_hint=False,
        idempotent_hint=True,
        open_world_hint=True,
    ),
    "description": "Verify one factual claim. Returns the verdict (True, False, Partially True, Misleading, Not Enough "
    "Evidence, Not Verifiable), a confidence, a reasoning citing the evidence as [N], and each piece of "
    "evidence with its title, URL, verbatim quote, stance and source trust. Cost: a knowledge-base search "
    "(milliseconds); when that is not enough and web_search is true, up to 6 web searches; with an LLM "
    "configured on the server, 2–5 LLM calls. Progress notifications name each step. Not read-only: "
    "web results it finds are added to the knowledge base (nothing is ever removed).",
}


CHECK_PASSAGE_TOOL: dict[str, Any] = {
    "title": "Check each claim of a passage",
    "annotations": ToolAnnotations(
        title="Check each claim of a passage",
        read_only_hint=False,
        destructive_hint=False,
        idempotent_hint=True,
        open_world_hint=True,
    ),
    "description": "Find the check-worthy claims of a passage (up to 10,000 characters) and verify each: their text, "
    "character offsets in the passage, and verdicts; opinions and vague sentences are listed with the "
    "reason they were skipped; a repeated sentence is verified once; left_out counts the claims past "
    "max_claims. Cost: one verify_claim per selected claim (max_claims, at most 10).",
}


AUDIT_SOURCES_TOOL: dict[str, Any] = {
    "title": "Audit the links of a text",
    "annotations": ToolAnnotations(
        title="Audit the links of a text", read_only_hint=True, open_world_hint=True
    ),
    "description": "Audit the URLs a text cites (up to 20,000 characters, at most 15 URLs): whether each is live, the "
    "authority and type of its source, its freshness, whether the page supports the sentence citing it, "
    "and a trust score; plus aggregate scores. Cost: one page fetch per URL (no LLM call unless "
    "configured for alignment).",
}


SEARCH_KNOWLEDGE_BASE_TOOL: dict[str, Any] = {
    "title": "Search the knowledge base",
    "annotations": ToolAnnotations(
        title="Search the knowledge base", read_only_hint=True, open_world_hint=False
    ),
    "description": "Search claimcheck's knowledge base (the same hybrid retrieval and reranking the verifier uses): "
    "passages with their source URL, title and relevance. Cost: milliseconds, no web search, no LLM.",
}


def build_mcp(runtime: Callable[[], Runtime]) -> MCPServer:
    """The MCP server; `runtime` returns the running runtime (built by the lifespan for HTTP, by
    `claimcheck mcp` for stdio)."""
    server = MCPServer(
        "claimcheck", instructions=INSTRUCTIONS, version="0.1.0", log_level="WARNING"
    )
    logging.getLogger("mcp").setLevel(logging.WARNING)  # the SDK's session start/stop INFO lines

    _add_verify_claim(server, runtime)
    _add_check_passage(server, runtime)
    _add_audit_sources(server, runtime)
    _add_search_knowledge_base(server, runtime)
    return server


def _add_verify_claim(server: MCPServer, runtime: Callable[[], Runtime]) -> None:
    @server.tool(**VERIFY_CLAIM_TOOL)
    async def verify_claim(
        claim: Annotated[
            str,
            _limits(
                "The claim, a single checkable statement (1–2,000 characters after "
                "stripping); a longer text is a passage: use check_passage.",
                minLength=1,
                maxLength=2000,
            ),
        ],
        ctx: Context,
        web_search: Annotated[
            bool,
            _limits(
                "Search trusted news, fact-checkers and then the web when the "
                "knowledge base is not enough."
            ),
        ] = True,
        references: Annotated[
            list[str] | None,
            _limits(
                "Up to 10 URLs or texts to judge the claim against instead of searching (kept out of the knowledge "
                "base).",
                maxItems=10,
            ),
        ] = None,
    ) -> Annotated[CallToolResult, VerifyResponse]:
        body = _validated(
            VerifyRequest, {"claim": claim, "web_search": web_search, "references": references}
        )
        progress = _Progress(ctx)
        try:
            answer = await runtime().verification.verify_and_answer(
                body.claim, verify_options(body), _owner(ctx), via="mcp", on_step=progress
            )
        except Exception as exc:
            raise _failed(exc) from exc
        finally:
            await progress.close()
        out = answer.model_dump(mode="json")
        return _result(format_verdict(out), out)


def _add_check_passage(server: MCPServer, runtime: Callable[[], Runtime]) -> None:
    @server.tool(**CHECK_PASSAGE_TOOL)
    async def check_passage(
        text: Annotated[
            str, _limits("The passage (1–10,000 characters).", minLength=1, maxLength=10000)
        ],
        ctx: Context,
        max_claims: Annotated[
            int,
            _limits(
                "How many claims to verify, the most check-worthy first (1–10).",
                minimum=1,
                maximum=10,
            ),
        ] = 5,
        web_search: Annotated[
            bool, _limits("Search beyond the knowledge base when it is not enough.")
        ] = True,
    ) -> Annotated[CallToolResult, CheckResponse]:
        body = _validated(
            CheckRequest, {"text": text, "max_claims": max_claims, "web_search": web_search}
        )
        service = runtime().verification
        progress = _Progress(ctx)
        try:
            result = await service.check(
                body.text,
                web_search=body.web_search,
                max_claims=body.max_claims,
                on_claim=lambda c: progress(f"{c.reason}: {c.text}"),
            )
        except Exception as exc:
            raise _failed(exc) from exc
        finally:
            await progress.close()
        owner = _owner(ctx)
        out = to_check_response(result, lambda r: service.answer(r, owner, via="mcp")).model_dump(
            mode="json"
        )
        counts = out["summary"]
        lines = [
            ", ".join(f"{n} {what}" for what, n in counts.items())
            if isinstance(counts, dict)
            else str(counts)
        ]
        for claim in out["claims"]:
            verdict = claim["result"]["verdict"] if claim["result"] else "not checked"
            lines.append(
                f"- [{claim['start']}:{claim['end']}] {claim['text']} → {verdict}"
                + ("" if claim["result"] else f" ({claim['reason']})")
            )
        return _result("\n".join(lines), out)


def _add_audit_sources(server: MCPServer, runtime: Callable[[], Runtime]) -> None:
    @server.tool(**AUDIT_SOURCES_TOOL)
    async def audit_sources(
        text: Annotated[
            str,
            _limits(
                "The text whose cited URLs are audited (1–20,000 characters; the first 15 URLs).",
                minLength=1,
                maxLength=20000,
            ),
        ],
        topic: Annotated[
            str | None,
            _limits(
                "What the text is about, to weigh source types: legal, scientific, financial, medical, policy or "
                "general.",
                enum=["legal", "scientific", "financial", "medical", "policy", "general", None],
            ),
        ] = None,
    ) -> Annotated[CallToolResult, AuditResponse]:
        body = _validated(AuditRequest, {"text": text, "topic": topic})
        try:
            result = await runtime().auditor.audit(body.text, body.topic)
        except Exception as exc:
            raise _failed(exc) from exc
        out = AuditResponse.model_validate(asdict(result)).model_dump(mode="json")
        lines = [
            f"{u['url']}: {u['status']}, authority {round(u['authority_score'])}/100, alignment {u.get('alignment')}"
            for u in out["urls"]
        ] or ["The text cites no URL."]
        return _result("\n".join(lines), out)


def _add_search_knowledge_base(server: MCPServer, runtime: Callable[[], Runtime]) -> None:
    @server.tool(**SEARCH_KNOWLEDGE_BASE_TOOL)
    async def search_knowledge_base(
        query: Annotated[
            str, _limits("What to look for (1–2,000 characters).", minLength=1, maxLength=2000)
        ],
        k: Annotated[int, _limits("How many passages (1–100).", minimum=1, maximum=100)] = 10,
    ) -> Annotated[CallToolResult, KBSearchOut]:
        params = _validated(KBSearchRequest, {"q": query, "k": k}, where="query")
        try:
            found = await runtime().knowledge.search(params.q, k=params.k)
        except Exception as exc:
            raise _failed(exc) from exc
        out = KBSearchOut(
            query=found.query, results=[KBHit.model_validate(h.model_dump()) for h in found.results]
        ).model_dump(mode="json")
        return _result(format_hits(out["results"]), out)


class McpEndpoint:
    """The ASGI endpoint at `/mcp`. It forwards to the Streamable HTTP transport of the running app:
    the SDK's session manager runs once per instance, so each start of the app (`running`) makes
    a new transport; between runs the endpoint answers 503."""

    def __init__(self, server: MCPServer, security: TransportSecuritySettings) -> None:
        self.server = server
        self.security = security
        self.handler: Any = None

    @asynccontextmanager
    async def running(self) -> AsyncIterator[None]:
        transport = self.server.streamable_http_app(
            streamable_http_path="/mcp", stateless_http=True, transport_security=self.security
        )
        handler = next(r.endpoint for r in transport.routes if getattr(r, "path", None) == "/mcp")
        async with self.server.session_manager.run():
            self.handler = handler
            try:
                yield
            finally:
                self.handler = None

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if self.handler is None:
            response = error_response(503, "unavailable", "the MCP transport is not running")
            await response(scope, receive, send)
            return
        await self.handler(scope, receive, send)


def transport_security(host: str, cors_origins: list[str]) -> TransportSecuritySettings:
    """DNS-rebinding protection (Host and Origin checked) when the server listens on loopback, as the
    SDK does for its own servers; behind a proxy on another address the API keys guard /mcp."""
    if host not in {"127.0.0.1", "localhost", "::1"}:
        return TransportSecuritySettings(enable_dns_rebinding_protection=False)
    return TransportSecuritySettings(
        enable_dns_rebinding_protection=True,
        allowed_hosts=["127.0.0.1:*", "localhost:*", "[::1]:*", "127.0.0.1", "localhost"],
        allowed_origins=[
            "http://127.0.0.1:*",
            "http://localhost:*",
            "http://[::1]:*",
            *cors_origins,
        ],
    )
