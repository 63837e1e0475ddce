"""MCP (issue 24) with the SDK's own client: over stdio against `claimcheck mcp` spawned from this
venv, and over Streamable HTTP against a real `claimcheck serve` with API keys and a rate limit.
No LLM: the local judge answers "The Earth is flat" from the seeded NASA evidence."""

from __future__ import annotations

import json
import subprocess
import sys

import httpx
import httpx2
import pytest
from mcp import Client
from mcp.client.stdio import StdioServerParameters
from mcp.client.streamable_http import streamable_http_client

from tests.app.test_processes import ROOT, free_port, serve_env, stop, wait_for

TOOLS = {"verify_claim", "check_passage", "audit_sources", "search_knowledge_base"}
KEY = "mcp-test-key-0123456789abcdef"


async def exercise(client: Client) -> None:
    """List the tools, call each, and check an invalid call is a tool error with the REST body."""
    tools = await client.list_tools()
    assert {t.name for t in tools.tools} == TOOLS
    assert all("Cost" in t.description for t in tools.tools)
    steps: list[str] = []

    async def progress(done: float, total: float | None, message: str | None) -> None:
        steps.append(message or "")

    verdict = await client.call_tool(
        "verify_claim",
        {"claim": "The Earth is flat", "web_search": False},
        progress_callback=progress,
    )
    assert not verdict.is_error
    body = verdict.structured_content
    assert body["verdict"] == "False" and body["mode"] == "nli"
    assert body["id"].startswith("vrf_")  # its record, like every answer's (issue 40)
    assert body["evidence"][0]["source"] == "https://science.nasa.gov/earth/facts/"
    assert "[1]" in body["reasoning"] and "nasa.gov" in verdict.content[0].text
    assert steps and steps[0].startswith("Classified as FACTUAL")

    bad = await client.call_tool("verify_claim", {"claim": "   "})
    assert bad.is_error
    error = json.loads(bad.content[0].text.split(": ", 1)[1])
    assert error["error"] == "invalid_request" and error["detail"][0]["loc"] == ["body", "claim"]

    hits = await client.call_tool("search_knowledge_base", {"query": "shape of the Earth", "k": 3})
    assert not hits.is_error and hits.structured_content["results"][0]["source"].startswith(
        "https://"
    )
    assert (await client.call_tool("search_knowledge_base", {"query": "x", "k": 0})).is_error

    passage = await client.call_tool(
        "check_passage",
        {
            "text": "The unemployment rate fell to 3.5 percent in 2019. I love sunny days.",
            "web_search": False,
        },
    )
    claims = passage.structured_content["claims"]
    assert not passage.is_error and claims[0]["start"] == 0 and claims[0]["result"] is not None
    assert claims[1]["result"] is None and claims[1]["reason"].startswith("an opinion")

    audit = await client.call_tool("audit_sources", {"text": "No links here at all."})
    assert not audit.is_error and audit.structured_content["urls"] == []
    assert (await client.call_tool("audit_sources", {"text": "x", "topic": "astrology"})).is_error


@pytest.mark.slow
async def test_stdio_tools_answer_like_the_rest_api(tmp_path):
    env = serve_env(tmp_path / "kb", free_port())
    env.update(RERANKER_MODEL="none", URL_CHECK="false")
    params = StdioServerParameters(
        command=sys.executable, args=["-m", "app.cli", "mcp"], env=env, cwd=tmp_path
    )
    async with Client(params, read_timeout_seconds=120) as client:
        await exercise(client)


@pytest.fixture
def keyed_server(tmp_path):
    """`claimcheck serve` with API keys and a rate limit: the /mcp URL."""
    port = free_port()
    env = serve_env(tmp_path / "kb", port)
    env.update(RERANKER_MODEL="none", URL_CHECK="false", API_KEYS=KEY, RATE_LIMIT="60/minute")
    proc = subprocess.Popen(
        [sys.executable, "-m", "app.cli", "serve"],
        env=env,
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        wait_for(f"http://127.0.0.1:{port}/api/health", proc)
        yield f"http://127.0.0.1:{port}/mcp"
    finally:
        stop(proc)


@pytest.mark.slow
async def test_streamable_http_behind_the_api_keys_and_the_rate_limit(keyed_server):
    url = keyed_server
    async with (
        httpx2.AsyncClient(headers={"Authorization": f"Bearer {KEY}"}, timeout=120) as http,
        Client(streamable_http_client(url, http_client=http)) as client,
    ):
        await exercise(client)
    ping = {"jsonrpc": "2.0", "id": 1, "method": "ping"}
    async with httpx.AsyncClient(timeout=10) as plain:
        anonymous = await plain.post(url, json=ping)
        assert anonymous.status_code == 401 and anonymous.json()["error"] == "unauthorized"
        statuses = [
            (
                await plain.post(url, json=ping, headers={"Authorization": f"Bearer {KEY}"})
            ).status_code
            for _ in range(61)
        ]
    assert 429 in statuses


async def test_every_tool_describes_its_parameters_limits_output_and_effects():
    """Issue 37: the tools had no output schema, no parameter descriptions or limits and no
    annotations; an agent planning a call needs all four."""
    from app.mcp import build_mcp
    from app.schemas import AuditResponse, CheckResponse, VerifyRequest, VerifyResponse

    tools = {
        t.name: t.model_dump(by_alias=True, exclude_none=True)
        for t in await build_mcp(lambda: None).list_tools()
    }
    assert set(tools) == TOOLS
    for name, tool in tools.items():
        params = tool["inputSchema"]["properties"]
        assert params and all(p.get("description") for p in params.values()), (name, params)
        assert tool["outputSchema"]["type"] == "object", name
        hints = tool["annotations"]
        assert {"readOnlyHint", "openWorldHint", "title"} <= set(hints), (name, hints)
    limits = {
        name: {
            p: {
                k: v
                for k, v in spec.items()
                if k in ("minLength", "maxLength", "minimum", "maximum", "maxItems")
            }
            for p, spec in tool["inputSchema"]["properties"].items()
        }
        for name, tool in tools.items()
    }
    assert limits["verify_claim"]["claim"] == {"minLength": 1, "maxLength": 2000}
    assert limits["verify_claim"]["references"] == {"maxItems": 10}
    assert limits["check_passage"]["text"]["maxLength"] == 10000
    assert limits["check_passage"]["max_claims"] == {"minimum": 1, "maximum": 10}
    assert limits["audit_sources"]["text"]["maxLength"] == 20000
    assert limits["search_knowledge_base"]["k"] == {"minimum": 1, "maximum": 100}
    # the limits are the REST API's own
    assert VerifyRequest.model_json_schema()["properties"]["claim"]["maxLength"] == 2000
    # output schemas are the REST response bodies
    assert set(tools["verify_claim"]["outputSchema"]["properties"]) == set(
        VerifyResponse.model_fields
    )
    assert set(tools["check_passage"]["outputSchema"]["properties"]) == set(
        CheckResponse.model_fields
    )
    assert set(tools["audit_sources"]["outputSchema"]["properties"]) == set(
        AuditResponse.model_fields
    )
    assert set(tools["search_knowledge_base"]["outputSchema"]["properties"]) == {"query", "results"}
    # what the tools do to the world: searching the KB reads it only; verifying may add web results to it
    effects = {
        name: (t["annotations"]["readOnlyHint"], t["annotations"]["openWorldHint"])
        for name, t in tools.items()
    }
    assert effects == {
        "verify_claim": (False, True),
        "check_passage": (False, True),
        "audit_sources": (True, True),
        "search_knowledge_base": (True, False),
    }
    assert tools["verify_claim"]["annotations"]["destructiveHint"] is False
