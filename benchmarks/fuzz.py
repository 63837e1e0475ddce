"""The large schemathesis run: tests/app/test_fuzz.py with every check (`--checks all`) at a budget
of ≥ 10,000 cases, reporting each operation's cases and any failure.

    .venv/bin/python -m benchmarks.fuzz [--examples 1120] [--coverage] [--embedder hashing|minilm]

`make test` runs the same test at FUZZ_EXAMPLES=10. The hashing embedder is the default here (the
contract under test is the HTTP one; MiniLM makes the run ~4× slower on two cores).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
import xml.etree.ElementTree as ET
from pathlib import Path

from benchmarks.common import ROOT, emit


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument(
        "--examples", type=int, default=1120, help="generated examples per operation"
    )
    parser.add_argument(
        "--coverage", action="store_true", help="also run schemathesis' coverage phase"
    )
    parser.add_argument("--embedder", choices=["hashing", "minilm"], default="hashing")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        report, junit = Path(tmp) / "fuzz.json", Path(tmp) / "junit.xml"
        env = {
            **os.environ,
            "HF_HUB_OFFLINE": "1",
            "FUZZ_EXAMPLES": str(args.examples),
            "FUZZ_COVERAGE": "1" if args.coverage else "0",
            "FUZZ_REPORT": str(report),
            "FUZZ_EMBEDDER": args.embedder,
        }
        started = time.perf_counter()
        subprocess.run(
            [
                sys.executable,
                "-m",
                "pytest",
                "tests/app/test_fuzz.py",
                "-q",
                "-p",
                "no:cacheprovider",
                "--timeout",
                "0",
                f"--junitxml={junit}",
            ],
            cwd=ROOT,
            env=env,
            check=False,
            stdout=subprocess.DEVNULL,
        )
        elapsed = time.perf_counter() - started
        counts = json.loads(report.read_text()) if report.exists() else {"cases": {}, "checks": []}
        failures: dict[str, str] = {}
        for case in ET.parse(junit).getroot().iter("testcase"):
            problem = case.find("failure")
            if problem is None:
                problem = case.find("error")
            if problem is not None:
                label = case.get("name", "").partition("[")[2].rstrip("]")
                failures[label] = (problem.get("message") or "").splitlines()[0][:160]
    rows = [
        {
            "operation": label,
            "cases": n,
            "result": "FAILED: " + failures[label] if label in failures else "ok",
        }
        for label, n in sorted(counts["cases"].items())
    ]
    rows += [
        {"operation": label, "cases": "?", "result": "FAILED: " + why}
        for label, why in failures.items()
        if label not in counts["cases"]
    ]
    emit(
        "fuzz",
        rows,
        ["operation", "cases", "result"],
        {
            "cases": sum(counts["cases"].values()),
            "failures": len(failures),
            "checks": counts["checks"],
            "examples_per_operation": args.examples,
            "coverage_phase": args.coverage,
            "embedder": args.embedder,
            "seconds": round(elapsed, 1),
        },
    )


if __name__ == "__main__":
    main()
