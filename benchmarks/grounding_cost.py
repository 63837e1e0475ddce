"""What each issue-8 check adds to one verification: wall time and LLM calls, through the real app
with the tests' fake LLM at a fixed latency per call (default 0.3 s) and a loopback page server.

    .venv/bin/python -m benchmarks.grounding_cost [--latency 0.3] [--runs 3]
"""

from __future__ import annotations

import asyncio
import statistics
import tempfile
from pathlib import Path

from benchmarks.common import emit, timing_setup

CLAIM = "The Eiffel Tower was completed in 1889"
TEXT = "The Eiffel Tower in Paris was completed in 1889 for the World's Fair."


async def measure(minilm, latency: float, runs: int) -> list[dict]:
    from tests.app.test_grounding_flows import EIFFEL_PAGE, judge
    from tests.conftest import app_client, make_settings
    from tests.fakes.openai_server import FakeOpenAI
    from tests.fakes.web import FakeWeb

    rows = []
    with (
        FakeOpenAI(judge(), delay_s=latency) as llm,
        FakeWeb({"/eiffel": (200, {"content-type": "text/html"}, EIFFEL_PAGE)}) as web,
    ):
        cases = [
            (
                "baseline: grounding never, citations local",
                {},
                {"grounding": "never", "references": [TEXT]},
            ),
            (
                "+ scrubbed grounding pass (always)",
                {},
                {"grounding": "always", "references": [TEXT]},
            ),
            (
                "+ citation check by the LLM",
                {"CITATION_CHECK": "llm"},
                {"grounding": "never", "references": [TEXT]},
            ),
            (
                "reference URL instead of text (fetch + extract)",
                {},
                {"grounding": "never", "references": [f"{web.url}/eiffel"]},
            ),
        ]
        for name, settings_extra, body in cases:
            totals, stages, calls = [], {}, 0
            for _ in range(runs):
                settings = make_settings(
                    Path(tempfile.mkdtemp()),
                    OPENAI_BASE_URL=llm.url,
                    FETCH_ALLOW_HOSTS="127.0.0.1:*",
                    **settings_extra,
                )
                async with app_client(settings, embedder=minilm) as client:
                    answer = (
                        await client.post("/api/verify", json={"claim": CLAIM, **body})
                    ).json()
                totals.append(answer["timings_ms"]["total"])
                calls = answer["usage"]["llm_calls"]
                for stage in ("score_sources", "citations", "grounding", "references"):
                    stages.setdefault(stage, []).append(answer["timings_ms"].get(stage, 0.0))
            rows.append(
                {
                    "case": name,
                    "llm_calls": calls,
                    "total_ms": round(statistics.median(totals)),
                    **{f"{k}_ms": round(statistics.median(v), 1) for k, v in stages.items()},
                }
            )
    return rows


async def main() -> None:
    args = timing_setup(latency_s=0.3, runs=3)
    from retrieval.embeddings import SentenceTransformerEmbedder

    minilm = SentenceTransformerEmbedder.load("all-MiniLM-L6-v2")
    rows = await measure(minilm, args.latency, args.runs)
    emit(
        "grounding_cost",
        rows,
        [
            "case",
            "llm_calls",
            "total_ms",
            "score_sources_ms",
            "citations_ms",
            "grounding_ms",
            "references_ms",
        ],
    )


if __name__ == "__main__":
    asyncio.run(main())
