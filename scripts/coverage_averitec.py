"""How much of the real web does the credibility table cover? (a measurement, not a test)

    python scripts/coverage_averitec.py [--data ../shared/data/averitec-dev/dev.json]

Takes the distinct publishers of the QA evidence ``source_url``s of AVeriTeC dev and prints the
share that get a credibility value from the table (hand list + MBFC rows; suffix rules such as
``.gov`` are counted separately, they are not table rows):

* seed — the hand-curated table alone, as before this change (host, then parent hosts);
* exact — the merged table looked up on the URL's host as written (the standard's "strip the
  protocol, path and query", ``www.`` dropped): what a naive lookup gets;
* registrable — the merged table with our matching: publisher behind archive/AMP wrappers,
  host/path rows, then parent hosts down to the registrable domain.

Domains are counted on the registrable domain of the publisher, so ``edition.cnn.com`` and
``cnn.com`` are one domain.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from retrieval.credibility import (
    _TABLE,
    _mbfc_table,
    host_of,
    profile_for,
    publisher_url,
    registered_domain,
)

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_DATA = ROOT.parent / "shared" / "data" / "averitec-dev" / "dev.json"


def evidence_urls(claims: list[dict]) -> list[str]:
    urls = []
    for claim in claims:
        for question in claim.get("questions") or []:
            for answer in question.get("answers") or []:
                url = (answer.get("source_url") or "").strip()
                if url.lower().startswith(("http://", "https://")):
                    urls.append(url)
    return urls


def measure(urls: list[str]) -> dict[str, object]:
    by_domain: dict[str, str] = {}
    for url in urls:  # one representative URL per publisher
        domain = registered_domain(url)
        if domain:
            by_domain.setdefault(domain, url)
    total = len(by_domain)
    merged_keys = _mbfc_table().keys() | _TABLE.keys()
    seed = exact = registrable = suffix = 0
    for url in by_domain.values():
        host = host_of(url)
        seed += any(".".join(host.split(".")[i:]) in _TABLE for i in range(len(host.split("."))))
        exact += host in merged_keys
        profile = profile_for(url)
        registrable += profile.origin in {"hand", "mbfc"}
        suffix += profile.origin == "suffix"
    return {
        "evidence_urls": len(urls),
        "distinct_domains": total,
        "seed_hand_table": seed,
        "merged_exact_host": exact,
        "merged_registrable": registrable,
        "suffix_rules_extra": suffix,
        "share_seed": round(seed / total, 3),
        "share_exact": round(exact / total, 3),
        "share_registrable": round(registrable / total, 3),
        "share_with_suffix_rules": round((registrable + suffix) / total, 3),
        "wrapped_urls": sum(publisher_url(u) != u for u in urls),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    args = parser.parse_args()
    claims = json.loads(args.data.read_text(encoding="utf-8"))
    print(json.dumps(measure(evidence_urls(claims)), indent=2))


if __name__ == "__main__":
    main()
