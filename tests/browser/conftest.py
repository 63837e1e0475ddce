"""Headless Chromium (Debian's `chromium`) driven by Playwright, against one real `claimcheck serve`
per session whose LLM is a scripted loopback fake. Skips, saying why, where Chromium is absent."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from app.config import Settings
from tests.app.test_agent_flows import scripted, user_claim
from tests.app.test_processes import ROOT, free_port, stop, wait_for
from tests.fakes.factcheck import FakeFactCheck
from tests.fakes.openai_server import FakeOpenAI, system_prompt

REVIEWER_KEY = "browser-reviewer-key-0123"
CHROMIUM = Path(os.environ.get("CLAIMCHECK_CHROMIUM", "/usr/bin/chromium"))
EXTENSION = ROOT / "extension"
EXTENSION_ID = "mlgeojnkdfdfolmibjkjbkgjnfcbclmn"  # fixed by the "key" in extension/manifest.json
CHROMIUM_FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
]
VERDICT = {
    "verdict": "False",
    "confidence": 0.93,
    "reasoning": "NASA states that the Earth is not flat but a roughly spherical planet [1]; its "
    "curvature and the round shadow it casts on the Moon confirm it [2].",
}
# The scripted LLM's verdict for each claim that contains one of these (lower-cased); VERDICT otherwise.
VERDICTS = {
    "the earth is flat": VERDICT,
    "apollo 11 landed on the moon in 1969": {
        "verdict": "True",
        "confidence": 0.92,
        "reasoning": "NASA records that Apollo 11 landed on the Moon on 20 July 1969 [1].",
    },
    "the moon landing was faked": {
        "verdict": "False",
        "confidence": 0.95,
        "reasoning": "Reuters rated the claim False [1], and NASA records that Apollo 11 landed on the Moon [2].",
    },
    "the great wall of china is visible from space": {
        "verdict": "Misleading",
        "confidence": 0.9,
        "reasoning": "The Great Wall is not visible to the naked eye from the Moon [1].",
    },
}


def verdict_for(messages):
    claim = user_claim(messages).lower()
    return next((v for known, v in VERDICTS.items() if known in claim), VERDICT)


def decompose(messages):
    """Each numbered sentence of the passage is one claim: the known claim it contains (verbatim,
    so the server places it inside the sentence), else the whole sentence."""
    passage = messages[-1]["content"].split("<passage>\n", 1)[1].split("\n</passage>", 1)[0]
    claims = []
    for line in passage.splitlines():
        number, _, sentence = line.partition(". ")
        lowered = sentence.lower()
        known = next((k for k in VERDICTS if k in lowered), None)
        claim = (
            sentence[lowered.index(known) : lowered.index(known) + len(known)]
            if known
            else sentence
        )
        claims.append({"claim": claim, "sentence": int(number)})
    return {"claims": claims}


def live_llm():
    """The live server's LLM: passages are decomposed sentence by sentence, every cited page is
    scripted to align at 85/100, and the verdict depends on the claim (VERDICTS)."""
    base = scripted(verdict=verdict_for)

    def reply(messages):
        system = system_prompt(messages)
        if "atomic factual claims" in system:
            return decompose(messages)
        if "cited page supports" in system:
            return {"alignment": 85, "reason": "scripted"}
        return base(messages)

    return reply


def require_chromium() -> None:
    if not CHROMIUM.exists():
        pytest.skip(
            f"{CHROMIUM} is absent: `apt-get install -y chromium` (make test does it when apt works)"
        )
    pytest.importorskip(
        "playwright.sync_api", reason="playwright is not installed (pip install -e '.[dev]')"
    )


@dataclass
class LiveServer:
    url: str
    llm: FakeOpenAI


@pytest.fixture(scope="session")
def live_server(tmp_path_factory) -> Iterator[LiveServer]:
    """`claimcheck serve` on a free port: seeded KB, scripted LLM (0.2 s a call), no web search,
    CORS open to the extension's origin only; the source audit may fetch pages from 127.0.0.1
    (the tests' page servers), which the SSRF guard refuses otherwise."""
    require_chromium()
    home = tmp_path_factory.mktemp("server")
    port = free_port()
    with FakeOpenAI(live_llm(), delay_s=0.2) as llm, FakeFactCheck("browser-key") as factcheck:
        env = {
            k: v
            for k, v in os.environ.items()
            if k.upper() not in Settings.model_fields and not k.lower().endswith("_proxy")
        }
        env.update(
            PORT=str(port),
            CHROMA_PERSIST_DIR=str(home / "kb"),
            SEARCH_PROVIDER="none",
            RERANKER_MODEL="none",
            URL_CHECK="false",
            OPENAI_BASE_URL=llm.url,
            OPENAI_API_KEY="test",
            HF_HUB_OFFLINE="1",
            PYTHONPATH=str(ROOT),
            CORS_ORIGINS=f"chrome-extension://{EXTENSION_ID}",
            FETCH_ALLOW_HOSTS="127.0.0.1:*",
            VERDICT_CACHE_TTL_S="0",  # every check runs (the page tests watch progress arrive)
            REVIEWER_KEYS=f"Page Editor:{REVIEWER_KEY}",  # the record card's review form
            # prior fact-checks: the API fake reviews Moon-landing claims only
            FACTCHECK_API_KEY="browser-key",
            FACTCHECK_API_URL=factcheck.url,
        )
        proc = subprocess.Popen(
            [sys.executable, "-m", "app.cli", "serve", "--log-level", "warning"],
            env=env,
            cwd=home,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
        )
        try:
            wait_for(f"http://127.0.0.1:{port}/api/health", proc)
            yield LiveServer(f"http://127.0.0.1:{port}", llm)
        finally:
            stop(proc)


class PageErrors(list):
    """Console errors and uncaught exceptions of every page it watches; a test asserts it is empty."""

    def watch(self, page):
        page.on(
            "console",
            lambda msg: self.append(f"console: {msg.text}") if msg.type == "error" else None,
        )
        page.on("pageerror", lambda exc: self.append(f"pageerror: {exc}"))
        return page
