"""Generate tests/agent/data/groundcheck_fixture.json: inputs, and the groundcheck standard's own
outputs for them, computed by running the standard's TypeScript under node.

    python scripts/groundcheck_fixture.py \
        --standard groundcheck=<git dir or URL of affromero/groundcheck> \
        --standard sotto=<git dir or URL of SottoFM/reference-verification-standard> \
        [--out tests/agent/data/groundcheck_fixture.json]

Each standard is read at its HEAD (``git archive``; a URL is cloned first), its ``src/*.ts`` are
transpiled with TypeScript (``npm install typescript@5`` into a temp dir; node ≥ 18), and a small
node driver evaluates:

- scoring: every domain × (a grid of absent/0/0.5/1 confidences over the domain's layers, plus
  seeded random layer sets incl. layers the domain does not use and duplicated layer ids) with
  ``computeDomainAwareScore`` (v1) and ``computeBayesianScore`` (v2);
- classification: realistic references (each URL pattern of every domain, look-alikes, ``.edu``
  hosts and paths, DOIs blank and not, every reference type and a few that are not) with
  ``classifyReference``;
- the standard's own test vectors: every ``classifyReference(…)``, ``computeDomainAwareScore(…)``
  and ``computeBayesianScore(…)`` call in its ``tests/*.test.ts`` whose arguments are literals,
  evaluated by its code (with the test's own ``toBe('…')`` expectation for classification).

Nothing of the standard's code is written into this repository: only inputs and outputs.
"""

from __future__ import annotations

import argparse
import itertools
import json
import random
import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DOMAINS = ["ACADEMIC", "NEWS", "GOVERNMENT", "EDUCATIONAL", "GENERAL"]
LAYERS = ["doi", "title_search", "url", "ai"]
APPLICABLE = {
    "ACADEMIC": LAYERS,
    "NEWS": ["url", "ai"],
    "GOVERNMENT": ["url", "ai"],
    "EDUCATIONAL": ["url", "title_search", "ai"],
    "GENERAL": ["url", "title_search", "ai"],
}
RANDOM_SETS_PER_DOMAIN = 250
SEED = 20

DRIVER = r"""
const fs = require('fs');
const path = require('path');
const lib = require(path.join(process.argv[2], 'index.js'));
const input = JSON.parse(fs.readFileSync(process.argv[3], 'utf8'));
const asLayers = (ls) => ls.map(([layerId, passed, confidence]) => ({ layerId, passed, confidence }));
const out = { v1: [], v2: [], classify: [], vectors: [] };
for (const s of input.scoring) {
  const v1 = lib.computeDomainAwareScore(s.domain, asLayers(s.layers));
  const v2 = lib.computeBayesianScore(s.domain, asLayers(s.layers));
  out.v1.push([v1.score, v1.verdict]);
  out.v2.push([v2.posterior, v2.verdict, v2.logOddsContributions]);
}
for (const c of input.classify) out.classify.push(lib.classifyReference(c));
const fns = { classifyReference: lib.classifyReference, computeDomainAwareScore: lib.computeDomainAwareScore,
              computeBayesianScore: lib.computeBayesianScore };
for (const v of input.vectors) {
  let args;
  try { args = eval('[' + v.args + ']'); } catch (e) { out.vectors.push(null); continue; }
  const result = fns[v.fn](...args);
  out.vectors.push({ args, result });
}
process.stdout.write(JSON.stringify(out));
"""


def _git(*args: str, cwd: Path | None = None) -> str:
    return subprocess.run(
        ["git", *args], cwd=cwd, check=True, capture_output=True, text=True
    ).stdout


def _checkout(source: str, into: Path) -> tuple[Path, str]:
    """The standard's files at HEAD in ``into``, and the commit they came from."""
    git_dir = Path(source)
    if not git_dir.exists():
        _git("clone", "--quiet", "--depth", "1", source, str(into / "clone"))
        git_dir = into / "clone" / ".git"
    commit = _git("--git-dir", str(git_dir), "rev-parse", "HEAD").strip()
    tree = into / "tree"
    tree.mkdir()
    archive = subprocess.run(
        ["git", "--git-dir", str(git_dir), "archive", "HEAD", "src", "tests", "package.json"],
        check=True,
        capture_output=True,
    ).stdout
    subprocess.run(["tar", "-x", "-C", str(tree)], input=archive, check=True)
    return tree, commit


def _calls(text: str, name: str) -> list[str]:
    """The argument text of every ``name(…)`` call (balanced parentheses)."""
    found = []
    for match in re.finditer(rf"\b{name}\(", text):
        depth, start = 1, match.end()
        for i in range(start, len(text)):
            depth += {"(": 1, ")": -1}.get(text[i], 0)
            if depth == 0:
                found.append(text[start:i])
                break
    return found


def _vectors(tree: Path) -> list[dict]:
    vectors = []
    for test in sorted((tree / "tests").glob("*.test.ts")):
        text = test.read_text(encoding="utf-8")
        for fn in ("classifyReference", "computeDomainAwareScore", "computeBayesianScore"):
            for args in _calls(text, fn):
                expected = None
                if fn == "classifyReference":
                    tail = text[text.find(args) + len(args) :][:40]
                    hit = re.match(r"\)\)\.toBe\('(\w+)'\)", tail)
                    expected = hit.group(1) if hit else None
                vectors.append(
                    {
                        "file": test.name,
                        "fn": fn,
                        "args": " ".join(args.split()),
                        "expected": expected,
                    }
                )
    unique = {(v["fn"], v["args"]): v for v in vectors}
    return list(unique.values())


def _scoring_inputs() -> list[dict]:
    rng = random.Random(SEED)
    sets: list[dict] = []
    for domain in DOMAINS:
        own = APPLICABLE[domain]
        for values in itertools.product([None, 0.0, 0.5, 1.0], repeat=len(own)):
            layers = [
                [layer, c >= 0.5, c] for layer, c in zip(own, values, strict=True) if c is not None
            ]
            sets.append({"domain": domain, "layers": layers})
        for _ in range(RANDOM_SETS_PER_DOMAIN):
            layers = []
            for layer in LAYERS:
                if rng.random() < 0.65:
                    c = rng.choice(
                        [0.0, 1.0, 0.5, round(rng.random(), 2), rng.random(), rng.random()]
                    )
                    layers.append([layer, rng.random() < 0.5, c])
            if layers and rng.random() < 0.05:  # a duplicated layer id: the last one counts
                layers.append([layers[0][0], True, rng.random()])
            rng.shuffle(layers)
            sets.append({"domain": domain, "layers": layers})
    return sets


URLS = [
    None,
    "",
    "https://arxiv.org/abs/1706.03762",
    "https://doi.org/10.1000/182",
    "https://pubmed.ncbi.nlm.nih.gov/1",
    "https://www.sciencedirect.com/science/article/pii/S0",
    "https://link.springer.com/article/10.1007/x",
    "https://www.nature.com/articles/s41586",
    "https://www.jstor.org/stable/1",
    "https://ieeexplore.ieee.org/document/1",
    "https://www.nytimes.com/2024/01/01/x.html",
    "https://www.washingtonpost.com/x",
    "https://www.theguardian.com/x",
    "https://www.reuters.com/world/x",
    "https://apnews.com/article/x",
    "https://www.bbc.com/news/x",
    "https://www.bbc.co.uk/news/x",
    "https://www.npr.org/x",
    "https://www.wsj.com/x",
    "https://www.bloomberg.com/x",
    "https://www.ft.com/content/x",
    "https://www.politico.com/x",
    "https://www.theatlantic.com/x",
    "https://www.cdc.gov/flu",
    "https://www.gov.uk/guidance/x",
    "https://www.canada.gov.ca/x",
    "https://www.who.int/x",
    "https://www.un.org/en/x",
    "https://www.oecd.org/x",
    "https://www.worldbank.org/x",
    "https://www.imf.org/x",
    "https://www.khanacademy.org/math",
    "https://openstax.org/books/x",
    "https://www.coursera.org/learn/x",
    "https://www.edx.org/course/x",
    "https://brilliant.org/wiki/x",
    "https://www.ck12.org/x",
    "https://www.nctm.org/x",
    "https://www.corestandards.org/Math",
    "https://mathworld.wolfram.com/Prime.html",
    "https://www.ted.com/talks/x",
    "https://www.duolingo.com/course",
    "https://www.codecademy.com/learn/x",
    "https://phet.colorado.edu/sims/x",
    "https://www.stanford.edu/about",
    "https://www.mit.edu/",
    "https://www.unimelb.edu.au/x",
    "https://example.com/file.edu",
    "https://example.com/courses.edu/x",
    "https://edu.example.com/x",
    "https://randomblog.com/post",
    "https://medium.com/@a/b",
    "https://notreuters.com/x",
    "https://reuters.com.evil.io/x",
    "https://example.com/?ref=nytimes.com",
    "https://www.reuters.com/world/cdc.gov-x",
    "https://government.example.com/x",
    "https://example.gov.evil.com/x",
    "HTTPS://WWW.NYTIMES.COM/X",
    "https://example.com/ted.com",
    "https://myted.com/x",
    "https://xn--mnchen-3ya.de/x",
    "https://münchen.de/ted.com",
]
TYPES = [None, "PAPER", "BOOK", "REPORT", "ARTICLE", "WEB", "VIDEO", "report", "", "PODCAST"]
DOIS = [None, "", "  ", "10.1234/x"]


def _classify_inputs() -> list[dict]:
    inputs = []
    for url, kind, doi in itertools.product(URLS, TYPES, DOIS):
        item = {}
        if url is not None:
            item["url"] = url
        if kind is not None:
            item["type"] = kind
        if doi is not None:
            item["doi"] = doi
        inputs.append(item)
    return inputs


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--standard", action="append", required=True, metavar="NAME=GIT_DIR_OR_URL")
    parser.add_argument(
        "--out", type=Path, default=ROOT / "tests" / "agent" / "data" / "groundcheck_fixture.json"
    )
    args = parser.parse_args()
    scoring, classify = _scoring_inputs(), _classify_inputs()
    fixture: dict = {
        "generated_by": "scripts/groundcheck_fixture.py",
        "scoring": scoring,
        "classify": classify,
        "standards": {},
    }
    with tempfile.TemporaryDirectory() as tmp_name:
        tmp = Path(tmp_name)
        subprocess.run(
            [
                "npm",
                "install",
                "--silent",
                "--no-audit",
                "--no-fund",
                "--prefix",
                str(tmp / "ts"),
                "typescript@5",
            ],
            check=True,
        )
        tsc = tmp / "ts" / "node_modules" / ".bin" / "tsc"
        (tmp / "driver.js").write_text(DRIVER)
        for spec in args.standard:
            name, _, source = spec.partition("=")
            work = tmp / name
            work.mkdir()
            tree, commit = _checkout(source, work)
            sources = sorted(str(p) for p in (tree / "src").glob("*.ts"))
            subprocess.run(
                [
                    str(tsc),
                    "--outDir",
                    str(work / "js"),
                    "--module",
                    "commonjs",
                    "--target",
                    "es2022",
                    "--skipLibCheck",
                    *sources,
                ],
                check=True,
            )
            vectors = _vectors(tree)
            (work / "input.json").write_text(
                json.dumps({"scoring": scoring, "classify": classify, "vectors": vectors})
            )
            answer = subprocess.run(
                ["node", str(tmp / "driver.js"), str(work / "js"), str(work / "input.json")],
                check=True,
                capture_output=True,
                text=True,
            ).stdout
            outputs = json.loads(answer)
            package = json.loads((tree / "package.json").read_text())
            kept = [
                {**v, **o}
                for v, o in zip(vectors, outputs["vectors"], strict=True)
                if o is not None
            ]
            fixture["standards"][name] = {
                "source": source if "://" in source else f"git dir of {name}",
                "commit": commit,
                "version": package.get("version"),
                "v1": outputs["v1"],
                "v2": outputs["v2"],
                "classify": outputs["classify"],
                "vectors": kept,
                "vectors_skipped": len(vectors) - len(kept),
            }
            print(
                f"{name} {package.get('version')} @ {commit[:10]}: {len(scoring)} layer sets, "
                f"{len(classify)} classifications, {len(kept)} test vectors "
                f"({len(vectors) - len(kept)} not literal, skipped)",
                file=sys.stderr,
            )
    first, *others = fixture["standards"].values()
    for other in others:  # the scoring of both standards is the same code: store it once
        for key in ("v1", "v2", "classify"):
            if other[key] == first[key]:
                other[key] = {"same_as": next(iter(fixture["standards"]))}
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(fixture, separators=(",", ":"), ensure_ascii=False) + "\n")
    print(f"wrote {args.out} ({args.out.stat().st_size // 1024} KiB)", file=sys.stderr)


if __name__ == "__main__":
    main()
