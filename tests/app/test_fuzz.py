"""Schemathesis against the app's own OpenAPI schema, in-process, with every check it has (the
`--checks all` of its CLI): no 5xx, every response as documented, schema-valid input accepted,
schema-invalid input refused, auth enforced.

`make test` runs it with a bounded number of examples per operation (FUZZ_EXAMPLES, default 10);
`make fuzz-large` (benchmarks/fuzz.py) runs ≥ 10,000 cases and reports every failure.
"""

from __future__ import annotations

import copy
import json
import os
from collections import Counter
from collections.abc import Iterator

import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.checks import CHECKS, load_all_checks

from app.config import Settings
from app.main import create_app
from app.routes import SSE_EVENT
from tests.conftest import make_settings

pytestmark = pytest.mark.fuzz

KEY = "ck_fuzz_5b2e8a7c1d9f3e6a"
EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "10"))
COVERAGE = os.environ.get("FUZZ_COVERAGE", "0") == "1"  # schemathesis' boundary-value phase


class AppUnderTest:
    """The ASGI app schemathesis calls; the module fixture plugs the real one in.

    The schema has to exist when pytest collects this module, the real app (KB in tmp, models,
    lifespan) only when the tests run.
    """

    app = None

    async def __call__(self, scope, receive, send) -> None:
        assert self.app is not None, "the fuzz_app fixture plugs the app in"
        services = getattr(self.app.state, "runtime", None)
        if (
            services is not None
        ):  # URLs in fuzzed texts (and the schema's example) are never looked up
            services.search.pages.backend.resolver = no_dns
        await self.app(scope, receive, send)


async def no_dns(host: str, port: int) -> list[str]:
    raise OSError(f"no DNS in tests: {host}")


def per_event(spec: dict) -> dict:
    """The published schema with each event stream's `schema` (a string, see SSE_GRAMMAR) replaced
    by the schema of one event, which is how schemathesis reads a stream in an OpenAPI 3.1 document:
    so every event of every stream is validated, not only the whole body."""
    spec = copy.deepcopy(spec)
    for operations in spec["paths"].values():
        for operation in operations.values():
            media = (
                operation["responses"].get("200", {}).get("content", {}).get("text/event-stream")
            )
            if media is not None:
                assert media["schema"]["type"] == "string"
                media["schema"] = SSE_EVENT
    return spec


# The schema as the app documents it with keys on, built without a lifespan (no models, no I/O).
schema = schemathesis.openapi.from_dict(
    per_event(create_app(Settings(_env_file=None, API_KEYS=KEY, SEARCH_PROVIDER="none")).openapi())
)
schema.app = AppUnderTest()
schema.config.phases.coverage.enabled = COVERAGE
# A schema-violating body can also be too large: 413 is the right refusal for it.
schema.config.checks.negative_data_rejection.expected_statuses.append("413")
OPERATIONS = {op.ok().label for op in schema.get_all_operations()}
load_all_checks()
ALL_CHECKS = CHECKS.get_all()  # --checks all
REPORT = os.environ.get("FUZZ_REPORT")  # benchmarks/fuzz.py: where to write the counts as JSON


@pytest.fixture(scope="module")
def fuzz_counts() -> Iterator[Counter]:
    counts: Counter = Counter()
    yield counts
    if REPORT:
        with open(REPORT, "w", encoding="utf-8") as handle:
            json.dump(
                {
                    "examples_per_operation": EXAMPLES,
                    "coverage_phase": COVERAGE,
                    "checks": sorted(c.__name__ for c in ALL_CHECKS),
                    "cases": dict(counts),
                },
                handle,
            )
    print(
        f"\nschemathesis: {len(counts)} of {len(OPERATIONS)} operations, {sum(counts.values())} "
        f"examples (≤ {EXAMPLES} generated each, plus explicit ones): "
        + ", ".join(f"{label} {n}" for label, n in sorted(counts.items()))
    )


@pytest.fixture(scope="module", autouse=True)
def fuzz_app(tmp_path_factory, request) -> Iterator[None]:
    """The real app: seeded KB, keys on, a quota the fuzzer cannot exhaust, no LLM, no search.

    FUZZ_EMBEDDER=hashing (the large run) swaps MiniLM for the hashing embedder: the contract under
    test is the HTTP one, and 10,000 cases through MiniLM take an hour on two cores."""
    from schemathesis.python.asgi import shutdown_lifespans

    settings = make_settings(
        tmp_path_factory.mktemp("fuzz"), API_KEYS=KEY, RATE_LIMIT="100000/minute", AUTO_SEED=False
    )
    if os.environ.get("FUZZ_EMBEDDER") == "hashing":
        from retrieval.embeddings import HashingEmbedder

        embedder = HashingEmbedder()
    else:
        embedder = request.getfixturevalue("minilm")
    schema.app.app = create_app(settings, embedder=embedder)
    yield
    shutdown_lifespans()  # schemathesis started the lifespan; this closes the KB and its lock
    schema.app.app = None


# Refusals a JSON schema cannot express: two items with one id, a callback URL that is not a
# usable URL (the strict checker of search/urls.py) or one the SSRF guard refuses (422, each with its
# own type). The other checks still run on those answers.
SEMANTIC_422 = {"duplicate_id", "invalid_url", "callback_refused"}
POSITIVE_ACCEPTANCE = [c for c in ALL_CHECKS if c.__name__ == "positive_data_acceptance"]


def semantic_refusal(case, response) -> bool:
    if case.operation.label != "POST /api/jobs" or response.status_code != 422:
        return False
    detail = response.json().get("detail")
    return isinstance(detail, list) and bool(detail) and detail[0].get("type") in SEMANTIC_422


@schema.parametrize()
@settings(
    max_examples=EXAMPLES,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
def test_the_api_holds_against_its_own_schema(case, fuzz_counts):
    fuzz_counts[case.operation.label] += 1
    response = case.call(headers={"X-API-Key": KEY})
    case.validate_response(
        response,
        checks=ALL_CHECKS,
        excluded_checks=POSITIVE_ACCEPTANCE if semantic_refusal(case, response) else [],
    )
