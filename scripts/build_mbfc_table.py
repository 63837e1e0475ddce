"""Build ``retrieval/data/mbfc_domains.tsv`` — the compact domain-facts table — from MBFC data.

    python scripts/build_mbfc_table.py [--source ../shared/data/mbfc/combined.json]

Input: the mbfcext ``combined.json`` (github.com/drmikecrowe/mbfcext, MIT; ratings © Media
Bias/Fact Check, mediabiasfactcheck.com). Output: one line per domain with facts only — no names,
URLs, social handles or texts: ``domain, credibility (0..1, ours), bias, reporting, mbfc
credibility class, questionable reasons``. The hand-curated table in ``retrieval/credibility.py``
wins over these rows at lookup time.

Our 0..1 credibility from MBFC's categorical ratings, on the scale of ``retrieval/credibility.py``:

* factual reporting sets the base: very-high 0.90, high 0.80, mostly-factual 0.65, mixed 0.45,
  low 0.25, very-low 0.10 (missing → from MBFC's credibility class: high 0.75, medium 0.55,
  low 0.30, n/a or missing 0.50);
* MBFC's credibility class caps it: low-credibility ≤ 0.35, medium-credibility ≤ 0.65;
* a serious "questionable" reason (false claims, failed fact checks, misinformation, conspiracy,
  pseudoscience, fake news, imposter) caps it at 0.30;
* the bias category caps it: conspiracy-pseudoscience ≤ 0.15, fake-news ≤ 0.10, satire = 0.05
  (fine as satire, never as evidence).
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_SOURCE = ROOT.parent / "shared" / "data" / "mbfc" / "combined.json"
DEFAULT_OUT = ROOT / "retrieval" / "data" / "mbfc_domains.tsv"

REPORTING_BASE = {
    "very-high": 0.90,
    "high": 0.80,
    "mostly-factual": 0.65,
    "mixed": 0.45,
    "low": 0.25,
    "very-low": 0.10,
}
CLASS_BASE = {"high-credibility": 0.75, "medium-credibility": 0.55, "low-credibility": 0.30}
CLASS_CAP = {"low-credibility": 0.35, "medium-credibility": 0.65}
SERIOUS = {
    "false-claims",
    "failed-fact-checks",
    "misinformation",
    "conspiracy",
    "pseudoscience",
    "fake-news",
    "imposter",
}
BIAS_CAP = {"conspiracy-pseudoscience": 0.15, "fake-news": 0.10, "satire": 0.05}


def credibility(source: dict) -> float:
    reporting = (source.get("reporting") or "").strip().lower()
    klass = (source.get("credibility") or "").strip().lower()
    score = REPORTING_BASE.get(reporting, CLASS_BASE.get(klass, 0.50))
    score = min(score, CLASS_CAP.get(klass, 1.0))
    if SERIOUS & {q.strip().lower() for q in source.get("questionable") or []}:
        score = min(score, 0.30)
    bias = (source.get("bias") or "").strip().lower()
    if bias == "satire":
        return BIAS_CAP["satire"]
    return round(min(score, BIAS_CAP.get(bias, 1.0)), 2)


def normalise_domain(raw: str) -> str:
    domain = raw.strip().lower().rstrip("/")
    for prefix in ("https://", "http://"):
        domain = domain.removeprefix(prefix)
    return domain.removeprefix("www.")


def rows(data: dict) -> list[tuple[str, ...]]:
    by_domain: dict[str, tuple[str, ...]] = {}
    for source in data["sources"]:
        domain = normalise_domain(source.get("domain") or "")
        if not domain or " " in domain:
            continue
        by_domain[domain] = (
            domain,
            f"{credibility(source):.2f}",
            (source.get("bias") or "").strip().lower(),
            (source.get("reporting") or "").strip().lower(),
            (source.get("credibility") or "").strip().lower(),
            ";".join(sorted(q.strip().lower() for q in source.get("questionable") or [])),
        )
    for alias, target in (data.get("aliases") or {}).items():
        alias, target = normalise_domain(alias), normalise_domain(target)
        if alias not in by_domain and target in by_domain:
            by_domain[alias] = (alias, *by_domain[target][1:])
    return [by_domain[d] for d in sorted(by_domain)]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--source", type=Path, default=DEFAULT_SOURCE)
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    args = parser.parse_args(argv)
    data = json.loads(args.source.read_text(encoding="utf-8"))
    table = rows(data)
    header = [
        "# Domain facts derived from Media Bias/Fact Check ratings (mediabiasfactcheck.com),",
        "# via the mbfcext dataset (MIT, github.com/drmikecrowe/mbfcext), "
        f"data date {data.get('date', '?')}.",
        "# Ratings © mediabiasfactcheck.com. Built by scripts/build_mbfc_table.py; do not edit.",
        "domain\tcredibility\tbias\treporting\tmbfc_credibility\tquestionable",
    ]
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text("\n".join(header + ["\t".join(r) for r in table]) + "\n", encoding="utf-8")
    print(f"wrote {len(table)} domains to {args.out}")


if __name__ == "__main__":
    main()
