"""`claimcheck kb seed|stats|ingest|ingest-claimreview|search|doctor`: in this process on the local
knowledge base (a knowledge-only runtime), or through a running server with --api."""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from agent.prior import normalise_rating
from app.cli_common import (
    add_remote_options,
    checked,
    load_settings,
    owner_url,
    remote,
)
from app.knowledge import KnowledgeService
from app.runtime import runtime
from app.terminal import format_hits
from retrieval.errors import KnowledgeBaseError, KnowledgeBaseLocked, ModelUnavailable
from seed.claimreview import read_claim_reviews
from seed.seeding import SEED_FILE, SeedFileError, read_jsonl_documents

KB_API_BATCH = 256  # POST /api/kb/documents takes at most 256 documents per request
Action = Callable[[KnowledgeService, argparse.Namespace], Awaitable[None]]


class _DoctorFound(Exception):
    """`kb doctor` without --fix found rows to repair: exit status 2."""


async def _seed(knowledge: KnowledgeService, args: argparse.Namespace) -> None:
    report = await knowledge.ingest(list(read_jsonl_documents(SEED_FILE)))
    print(
        f"seeded: {report.added} added, {report.duplicates} already present; "
        f"KB now holds {await knowledge.count()} documents"
    )


async def _stats(knowledge: KnowledgeService, args: argparse.Namespace) -> None:
    stats = (await knowledge.stats()).model_dump()
    print_stats({**stats, "where": str(knowledge.where)}, getattr(args, "json", False))


async def _ingest(knowledge: KnowledgeService, args: argparse.Namespace) -> None:
    from tqdm import tqdm

    docs = list(read_jsonl_documents(Path(args.file), origin="user"))
    # Resumable: stored passages are skipped before embedding, so a re-run after an
    # interruption only embeds what is missing and adds nothing twice.
    with tqdm(total=len(docs), unit="doc", desc="ingest") as bar:
        report = await knowledge.ingest(docs, batch_size=args.batch, progress=bar.update)
    print(
        f"ingested: {report.added} document(s) added, {report.duplicates} already there; "
        f"the KB now holds {await knowledge.count()} passages (long documents are stored as several)"
    )


async def _ingest_claimreview(knowledge: KnowledgeService, args: argparse.Namespace) -> None:
    parsed = read_claim_reviews(Path(args.file), normalise_rating)
    for problem in parsed.problems:
        print(f"skipped {problem}", file=sys.stderr)
    report = await knowledge.ingest(parsed.documents, batch_size=args.batch)
    print(
        f"ingested: {report.added} fact-check(s) added, {report.duplicates} already there, "
        f"{len(parsed.problems)} malformed item(s) skipped; the KB now holds {await knowledge.count()} passages"
    )


async def _search(knowledge: KnowledgeService, args: argparse.Namespace) -> None:
    # the same retrieve + rerank the verifier uses (the configured reranker), as GET /api/kb/search
    found = await knowledge.search(args.query, k=args.k)
    print_hits([hit.model_dump(mode="json") for hit in found.results], args.json)


async def _doctor(knowledge: KnowledgeService, args: argparse.Namespace) -> None:
    report = await knowledge.doctor(fix=args.fix, export=Path(args.export))
    print("\n".join(report.lines()))
    if report.removed:
        print(
            f"removed documents were written to {args.export}; fix their sources and `kb ingest` them"
        )
    if (report.repairable or report.unusable) and not args.fix:
        print("run `claimcheck kb doctor --fix` to normalise and remove them")
        raise _DoctorFound


ACTIONS: dict[str, Action] = {
    "seed": _seed,
    "stats": _stats,
    "ingest": _ingest,
    "ingest-claimreview": _ingest_claimreview,
    "search": _search,
    "doctor": _doctor,
}


async def _in_process(action: Action, args: argparse.Namespace) -> None:
    async with runtime(load_settings(), knowledge_only=True) as running:
        await action(running.knowledge, args)


def kb_command(args: argparse.Namespace) -> int:
    if getattr(args, "api", None):
        return _kb_remote(args)
    try:
        asyncio.run(_in_process(ACTIONS[args.kb_command], args))
    except _DoctorFound:
        return 2
    except KnowledgeBaseLocked as exc:
        print(
            f"claimcheck: {exc}\nclaimcheck: a server owns this knowledge base: run the command through it "
            f"with --api {owner_url(load_settings())} (or set CLAIMCHECK_API)",
            file=sys.stderr,
        )
        return 1
    except (KnowledgeBaseError, ModelUnavailable, SeedFileError, OSError) as exc:
        print(f"claimcheck: {exc}", file=sys.stderr)
        return 1
    return 0


def print_stats(stats: dict, as_json: bool) -> None:
    if as_json:
        print(json.dumps(stats, ensure_ascii=False, indent=2))
        return
    print(
        f"passages: {stats['count']} ({stats.get('mode', '?')}: {stats.get('where') or stats.get('collection', '')})"
    )
    for facet in ("by_source_type", "by_origin"):
        print(f"{facet}: " + ", ".join(f"{k or '?'} {v}" for k, v in stats[facet].items()))
    print(f"oldest: {stats['oldest']}  newest: {stats['newest']}")


def print_hits(results: list[dict], as_json: bool) -> None:
    print(
        json.dumps({"results": results}, ensure_ascii=False, indent=2)
        if as_json
        else format_hits(results)
    )


def _kb_remote(args: argparse.Namespace) -> int:
    """`kb stats`, `kb search` and `kb ingest` through a running server (--api)."""
    if args.kb_command == "search":
        return remote(
            args,
            lambda http, base: print_hits(
                checked(http.get(f"{base}/api/kb/search", params={"q": args.query, "k": args.k}))[
                    "results"
                ],
                args.json,
            ),
        )
    if args.kb_command == "stats":
        return remote(
            args,
            lambda http, base: print_stats(checked(http.get(f"{base}/api/kb/stats")), args.json),
        )
    try:  # ingest: validated here exactly as the API validates (the same URL parser), before anything is sent
        docs = list(read_jsonl_documents(Path(args.file), origin="user"))
    except (SeedFileError, OSError) as exc:
        print(f"claimcheck: {exc}", file=sys.stderr)
        return 1
    return remote(args, lambda http, base: _ingest_remote(http, base, docs, args.batch))


def _ingest_remote(http: Any, base: str, docs: list, batch: int) -> None:
    from tqdm import tqdm

    added = duplicates = 0
    size = max(1, min(batch, KB_API_BATCH))
    with tqdm(total=len(docs), unit="doc", desc="ingest", file=sys.stderr) as bar:
        for start in range(0, len(docs), size):
            chunk = docs[start : start + size]
            fields = ("text", "source", "title", "timestamp")
            body = checked(
                http.post(
                    f"{base}/api/kb/documents",
                    json={"documents": [{f: getattr(d, f) for f in fields} for d in chunk]},
                )
            )
            added += body["added"]
            duplicates += body["duplicates"]
            bar.update(len(chunk))
    passages = checked(http.get(f"{base}/api/kb/stats"))["count"]
    print(
        f"ingested: {added} document(s) added, {duplicates} already there; the KB now holds "
        f"{passages} passages (long documents are stored as several)"
    )


def add_parser(commands: Any) -> None:
    p_kb = commands.add_parser("kb", help="knowledge base tasks")
    kb_sub = p_kb.add_subparsers(dest="kb_command", required=True)
    kb_sub.add_parser("seed", help="add the seed facts (idempotent)")
    p_stats = kb_sub.add_parser("stats", help="passage count, by source type and origin")
    add_remote_options(p_stats)
    p_ingest = kb_sub.add_parser(
        "ingest", help="add documents from a JSONL file {text, source, title?, timestamp?}"
    )
    p_ingest.add_argument("file")
    p_ingest.add_argument(
        "--batch", type=int, default=64, help="documents per write (per request with --api, ≤ 256)"
    )
    add_remote_options(p_ingest)
    p_cr = kb_sub.add_parser(
        "ingest-claimreview",
        help="add schema.org ClaimReview JSON-LD (a list, an @graph, "
        "or one object per line); malformed items are reported and skipped",
    )
    p_cr.add_argument("file")
    p_cr.add_argument("--batch", type=int, default=64, help="documents per write")
    p_doctor = kb_sub.add_parser(
        "doctor",
        help="report stored documents whose source is not a usable URL "
        "(exit 2 when any); --fix normalises or removes them",
    )
    p_doctor.add_argument(
        "--fix",
        action="store_true",
        help="normalise repairable sources in place; remove the rest after exporting them",
    )
    p_doctor.add_argument(
        "--export",
        default="kb-doctor-removed.jsonl",
        help="JSONL file the removed documents are appended to (default kb-doctor-removed.jsonl)",
    )
    p_search = kb_sub.add_parser("search", help="retrieve + rerank, as the verifier does")
    p_search.add_argument("query")
    p_search.add_argument("-k", type=int, default=10, help="how many results (default 10)")
    add_remote_options(p_search)
    p_kb.set_defaults(func=kb_command)
