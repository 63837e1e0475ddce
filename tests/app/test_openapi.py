"""The OpenAPI document is valid and complete enough for a generated client; /docs works offline;
CORS answers exactly the configured origins."""

from __future__ import annotations

import pytest

from app.main import create_app
from app.schemas import VERIFY_EXAMPLE, VerifyResponse
from tests.conftest import app_client, make_settings


def test_the_openapi_document_is_valid_and_every_route_is_documented(tmp_path):
    validator = pytest.importorskip("openapi_spec_validator")
    spec = create_app(make_settings(tmp_path)).openapi()
    validator.validate(spec)
    assert spec["paths"], "no routes documented"
    for path, methods in spec["paths"].items():
        for method, operation in methods.items():
            where = f"{method.upper()} {path}"
            assert operation.get("description") or operation.get("summary"), where
            # 202: POST /api/jobs; 201: POST /api/verifications/{id}/review
            ok = (
                operation["responses"].get("200")
                or operation["responses"].get("201")
                or operation["responses"]["202"]
            )
            assert ok["content"], f"{where}: no 200 body documented"
            media = next(iter(ok["content"].values()))
            assert media.get("schema"), f"{where}: no response model"
            errors = {code for code in operation["responses"] if code.startswith(("4", "5"))}
            assert "503" in errors or "401" in errors, f"{where}: no error responses"
            for code in errors:
                example = operation["responses"][code]["content"]["application/json"]["example"]
                assert example["error"], f"{where} {code}: no example"
    verify = spec["paths"]["/api/verify"]["post"]
    assert {"401", "413", "422", "429", "503"} <= verify["responses"].keys()
    stream = spec["paths"]["/api/verify/stream"]["post"]
    assert "event: step" in stream["responses"]["200"]["content"]["text/event-stream"]["example"]
    schemas = spec["components"]["schemas"]
    assert schemas["VerifyResponse"]["examples"][0]["evidence"][0]["domain"] == "nasa.gov"
    assert schemas["VerifyRequest"]["examples"]


def test_the_documented_example_is_a_valid_answer():
    VerifyResponse.model_validate(VERIFY_EXAMPLE)


async def test_docs_render_from_local_assets(tmp_path, minilm):
    async with app_client(make_settings(tmp_path), embedder=minilm) as client:
        docs = await client.get("/docs")
        bundle = await client.get("/docs-assets/swagger-ui-bundle.js")
        spec = await client.get("/openapi.json")
        css = await client.get("/static/app.css")
        missing = await client.get("/static/..%2Fmain.py")
    assert docs.status_code == 200
    assert "/docs-assets/swagger-ui-bundle.js" in docs.text and "cdn" not in docs.text.lower()
    assert bundle.status_code == 200 and len(bundle.content) > 100_000
    assert spec.json()["info"]["title"] == "claimcheck"
    assert css.status_code == 200 and css.headers["content-type"].startswith("text/css")
    assert missing.status_code == 404


async def test_cors_allows_exactly_the_configured_origins(tmp_path, minilm):
    origin = "chrome-extension://mlgeojnkdfdfolmibjkjbkgjnfcbclmn"
    preflight = {
        "access-control-request-method": "POST",
        "access-control-request-headers": "content-type,x-api-key",
    }
    async with app_client(make_settings(tmp_path, CORS_ORIGINS=origin), embedder=minilm) as client:
        allowed = await client.options(
            "/api/verify/stream", headers={"origin": origin, **preflight}
        )
        refused = await client.options(
            "/api/verify/stream", headers={"origin": "https://evil.example", **preflight}
        )
        health = await client.get("/api/health", headers={"origin": origin})
    assert allowed.status_code == 200
    assert allowed.headers["access-control-allow-origin"] == origin
    assert "x-api-key" in allowed.headers["access-control-allow-headers"].lower()
    assert "access-control-allow-origin" not in refused.headers
    assert health.headers["access-control-allow-origin"] == origin


def test_stream_endpoints_are_documented_as_text_with_the_event_grammar(tmp_path):
    spec = create_app(make_settings(tmp_path)).openapi()
    for path in ("/api/verify/stream", "/api/check/stream"):
        media = spec["paths"][path]["post"]["responses"]["200"]["content"]
        assert list(media) == ["text/event-stream"], path
        schema = media["text/event-stream"]["schema"]
        assert schema["type"] == "string" and "event: " in schema["description"], path


# issue 20: what the schema says about an input is what validation does with it
async def test_validation_agrees_with_the_schema_on_edge_inputs(tmp_path, minilm):
    import re

    spec = create_app(make_settings(tmp_path)).openapi()
    request = spec["components"]["schemas"]["VerifyRequest"]["properties"]
    profile_pattern = re.compile(request["profile"]["anyOf"][0]["pattern"])
    reference_pattern = re.compile(request["references"]["anyOf"][0]["items"]["pattern"])
    assert not profile_pattern.search("") and not reference_pattern.search("   ")
    documented = spec["paths"]["/api/verify"]["post"]["responses"]
    async with app_client(make_settings(tmp_path, AUTO_SEED=False), embedder=minilm) as client:
        blank_profile = await client.post(
            "/api/verify", json={"claim": "The Earth is flat", "profile": ""}
        )
        blank_reference = await client.post(
            "/api/verify", json={"claim": "The Earth is flat", "references": ["   "]}
        )
        malformed = await client.post(
            "/api/verify",
            content=b'{"claim": "The Earth is flat"',
            headers={"content-type": "application/json"},
        )
    assert blank_profile.status_code == 422, blank_profile.text  # the pattern forbids ""
    assert blank_reference.status_code == 422, blank_reference.text  # the pattern needs a non-blank
    assert malformed.status_code == 400 and "400" in documented, malformed.text
    assert malformed.json()["error"] == "bad_request"
