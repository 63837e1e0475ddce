"""Wall time of a 5-sentence passage with 3 factual claims vs one claim alone, through the real app
with the tests' fake LLM and fake SearXNG at a fixed latency per call (default 0.4 s).

    .venv/bin/python -m benchmarks.passage_timing [--latency 0.4] [--runs 5]
"""

from __future__ import annotations

import asyncio
import statistics
import tempfile
from pathlib import Path

from benchmarks.common import emit, timing_setup


async def main() -> None:
    args = timing_setup()
    from retrieval.embeddings import SentenceTransformerEmbedder
    from tests.app.test_passages import one_claim_vs_passage

    minilm = SentenceTransformerEmbedder.load("all-MiniLM-L6-v2")
    ones, manys = [], []
    for _ in range(args.runs):
        _, _, one, many = await one_claim_vs_passage(Path(tempfile.mkdtemp()), minilm, args.latency)
        ones.append(one)
        manys.append(many)
    one, many = statistics.median(ones), statistics.median(manys)
    emit(
        "passage_timing",
        [
            {
                "latency_s": args.latency,
                "runs": args.runs,
                "one_claim_s": one,
                "passage_3_claims_s": many,
                "ratio": many / one,
            }
        ],
        ["latency_s", "runs", "one_claim_s", "passage_3_claims_s", "ratio"],
    )


if __name__ == "__main__":
    asyncio.run(main())
