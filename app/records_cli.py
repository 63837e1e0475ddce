"""`claimcheck records list|show|export` and `claimcheck review ID --verdict … --note …` (issue 40).

Each works on the local database (DATABASE_URL, or the SQLite file beside the KB: the records of a
server without API_KEYS and of `claimcheck verify`) or, with `--api URL --api-key KEY`, through a
running server, where a key sees its own records. `review` needs a key of REVIEWER_KEYS with --api;
locally it writes into the KB this process owns and names the reviewer with --reviewer.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from collections.abc import AsyncIterator, Callable, Iterator
from typing import Any

from app.cli_common import RemoteError, checked, load_settings, remote
from app.records import (
    EditorReviewOut,
    add_review,
    claim_review,
    iso_time,
    review_out,
    verification_body,
)
from app.runtime import runtime
from jobs.records import RecordStore, decode_cursor, encode_cursor
from jobs.store import JobStore

VERDICTS = (
    "True",
    "False",
    "Partially True",
    "Misleading",
    "Not Enough Evidence",
    "Not Verifiable",
)


# -- output -----------------------------------------------------------------------------------------


def format_list(records: list[dict[str, Any]], next_cursor: str | None) -> str:
    if not records:
        return "no records"
    lines = [
        f"{r['created_at'][:19].replace('T', ' ')}  {r['id']}  {(r['verdict'] or '?'):<20} {r['claim'][:90]}"
        for r in records
    ]
    if next_cursor:
        lines.append(f"(more: --cursor {next_cursor})")
    return "\n".join(lines)


def format_record(body: dict[str, Any]) -> str:
    record = body["record"]
    engines = record.get("engines") or {}
    llm = engines.get("llm") or {}
    judge = engines.get("judge") or {}
    lines = [
        f"{body['id']}  {record['created_at']}  via {record.get('via')}",
        f"claim:    {body['claim']}",
        f"verdict:  {body['verdict']} (confidence {body['confidence']:.2f}, {body['mode']})",
        f"engines:  verdict {engines.get('verdict_engine')}; LLM {llm.get('model') or 'none'}; "
        f"judge {judge.get('name') or 'none'}; embedder {(engines.get('embedder') or {}).get('name')}; "
        f"reranker {(engines.get('reranker') or {}).get('name')}; claimcheck {engines.get('claimcheck')}",
    ]
    for search in (record.get("search") or {}).get("queries", []):
        lines.append(
            f"searched: {search['tier']}: {', '.join(repr(q) for q in search['queries'])} "
            f"→ {search['results']} result(s)"
            + (f" ({search['error']})" if search.get("error") else "")
        )
    quotes = {n: e.get("quote") for n, e in enumerate(body.get("evidence", []), 1)}
    for snap in record.get("snapshots", []):
        archive = snap.get("archive_url") or snap.get("archive_state") or "not archived"
        lines += [
            f"[{snap['n']}] {snap['source']}",
            f"    read {snap.get('fetched_at') or '?'}  sha256 {snap['sha256']}  archive: {archive}",
            f"    quote: {quotes.get(snap['n']) or '-'}",
            f"    text:  {snap['text'][:400]}",
        ]
    for review in record.get("reviews", []):
        lines.append(
            f"review {review['id']} by {review['reviewer']} ({review['created_at'][:10]}): "
            f"{review['verdict']} (claimcheck said {review['machine_verdict']}) — {review['note']}"
        )
    return "\n".join(lines)


# -- local ------------------------------------------------------------------------------------------


async def _local_store(action: Callable[[Any], Any]) -> Any:
    store = await JobStore.open(load_settings().database_url)
    try:
        return await action(RecordStore(store.engine))
    finally:
        await store.aclose()


async def _every_record(records: Any, claim: str | None) -> AsyncIterator[dict[str, Any]]:
    cursor = None
    while True:
        rows = await records.list("", limit=200, cursor=cursor, claim=claim)
        for record_id, *_ in rows:
            row = await records.get(record_id, "")
            if row is not None:
                yield verification_body(row)
        if len(rows) < 200:
            return
        cursor = (rows[-1][1], rows[-1][0])


def _records_local(args: argparse.Namespace) -> int:
    out = _output(args)

    async def run(records: Any) -> int:
        if args.records_command == "list":
            return await _list_local(records, args, out)
        if args.records_command == "show":
            return await _show_local(records, args, out)
        if args.format == "claimreview":
            return await _claimreview_local(records, out)
        async for body in _every_record(records, args.claim):
            print(json.dumps(body, ensure_ascii=False), file=out)
        return 0

    try:
        return asyncio.run(_local_store(run))
    except ValueError as exc:  # a cursor that is not one
        print(f"claimcheck: {exc}", file=sys.stderr)
        return 2
    finally:
        if out is not sys.stdout:
            out.close()


async def _list_local(records: Any, args: argparse.Namespace, out: Any) -> int:
    rows = await records.list(
        "",
        limit=args.limit + 1,
        cursor=decode_cursor(args.cursor) if args.cursor else None,
        claim=args.claim,
    )
    more = len(rows) > args.limit
    rows = rows[: args.limit]
    body = {
        "records": [
            {"id": i, "created_at": iso_time(c), "claim": t, "verdict": v} for i, c, t, v in rows
        ],
        "next_cursor": encode_cursor(rows[-1][1], rows[-1][0]) if more and rows else None,
    }
    print(
        json.dumps(body, ensure_ascii=False, indent=2)
        if args.json
        else format_list(body["records"], body["next_cursor"]),
        file=out,
    )
    return 0


async def _show_local(records: Any, args: argparse.Namespace, out: Any) -> int:
    row = await records.get(args.id, "")
    if row is None:
        print(f"claimcheck: no record {args.id!r} in the local database", file=sys.stderr)
        return 1
    body = verification_body(row)
    print(
        json.dumps(body, ensure_ascii=False, indent=2) if args.json else format_record(body),
        file=out,
    )
    return 0


async def _claimreview_local(records: Any, out: Any) -> int:
    settings = load_settings()
    graph = [
        claim_review(r, settings.REVIEW_PUBLISHER, settings.CLAIMREVIEW_AUTHOR_URL)
        for r in await records.reviews("")
    ]
    print(
        json.dumps({"@context": "https://schema.org", "@graph": graph}, ensure_ascii=False),
        file=out,
    )
    return 0


def _review_local(args: argparse.Namespace) -> int:
    settings = load_settings()

    async def run() -> int:
        async with runtime(settings, database=True) as running:
            recorder = running.jobs.recorder if running.jobs else None
            if recorder is None:
                print("claimcheck: records are off (RECORDS=false)", file=sys.stderr)
                return 1
            row = await recorder.get(args.id, "")
            if row is None:
                print(f"claimcheck: no record {args.id!r} in the local database", file=sys.stderr)
                return 1
            review = await add_review(
                settings,
                running.knowledge,
                running.verification.reviews_changed,
                recorder,
                row,
                args.reviewer,
                args.verdict,
                args.note or "",
                base_url=f"http://{settings.HOST}:{settings.PORT}",
            )
            out: EditorReviewOut = review_out(review)
            print(
                out.model_dump_json(indent=2)
                if args.json
                else f"review {out.id}: {out.verdict} by {out.reviewer} (claimcheck said {out.machine_verdict}); "
                f"the knowledge base learned it as {out.kb_id}"
            )
            return 0

    return asyncio.run(run())


# -- through a server -------------------------------------------------------------------------------


def _records_remote(args: argparse.Namespace) -> int:
    out = _output(args)

    def run(http: Any, base: str) -> None:
        if args.records_command == "list":
            params = {
                "limit": args.limit,
                **({"cursor": args.cursor} if args.cursor else {}),
                **({"claim": args.claim} if args.claim else {}),
            }
            body = checked(http.get(f"{base}/api/verifications", params=params))
            print(
                json.dumps(body, ensure_ascii=False, indent=2)
                if args.json
                else format_list(body["records"], body["next_cursor"]),
                file=out,
            )
        elif args.records_command == "show":
            body = checked(http.get(f"{base}/api/verifications/{args.id}"))
            print(
                json.dumps(body, ensure_ascii=False, indent=2)
                if args.json
                else format_record(body),
                file=out,
            )
        elif args.format == "claimreview":
            response = http.get(f"{base}/api/reviews", params={"format": "claimreview"})
            if response.status_code != 200:
                checked(response)
            print(response.text, file=out)
        else:
            for body in _remote_records(http, base, args.claim, checked):
                print(json.dumps(body, ensure_ascii=False), file=out)

    try:
        return remote(args, run)
    finally:
        if out is not sys.stdout:
            out.close()


def _remote_records(
    http: Any, base: str, claim: str | None, checked: Callable
) -> Iterator[dict[str, Any]]:
    cursor = None
    while True:
        params = {
            "limit": 200,
            **({"cursor": cursor} if cursor else {}),
            **({"claim": claim} if claim else {}),
        }
        page = checked(http.get(f"{base}/api/verifications", params=params))
        for summary in page["records"]:
            yield checked(http.get(f"{base}/api/verifications/{summary['id']}"))
        cursor = page["next_cursor"]
        if not cursor:
            return


def _review_remote(args: argparse.Namespace) -> int:
    def run(http: Any, base: str) -> None:
        response = http.post(
            f"{base}/api/verifications/{args.id}/review",
            json={"verdict": args.verdict, "note": args.note or ""},
        )
        body = (
            response.json()
            if response.headers.get("content-type", "").startswith("application/json")
            else {}
        )
        if response.status_code != 201:
            raise RemoteError(
                f"HTTP {response.status_code} {body.get('error', '')}: {body.get('detail', response.text[:200])}"
            )
        print(
            json.dumps(body, ensure_ascii=False, indent=2)
            if args.json
            else f"review {body['id']}: {body['verdict']} by {body['reviewer']} (claimcheck said "
            f"{body['machine_verdict']}); the knowledge base learned it as {body['kb_id']}"
        )

    return remote(args, run)


# -- commands ---------------------------------------------------------------------------------------


def _output(args: argparse.Namespace) -> Any:
    path = getattr(args, "out", None)
    return open(path, "w", encoding="utf-8") if path else sys.stdout  # noqa: SIM115 (closed by the caller)


def records_command(args: argparse.Namespace) -> int:
    return _records_remote(args) if args.api else _records_local(args)


def review_command(args: argparse.Namespace) -> int:
    return _review_remote(args) if args.api else _review_local(args)


def add_parsers(
    commands: Any, add_remote_options: Callable[[argparse.ArgumentParser], None]
) -> None:
    p_records = commands.add_parser(
        "records", help="the kept answers: list, show one, export (docs/records.md)"
    )
    sub = p_records.add_subparsers(dest="records_command", required=True)
    p_list = sub.add_parser("list", help="records newest first")
    p_list.add_argument("--claim", help="keep claims containing this text (any case)")
    p_list.add_argument("--limit", type=int, default=20)
    p_list.add_argument("--cursor", help="the next page's cursor, as a previous list printed it")
    add_remote_options(p_list)
    p_show = sub.add_parser(
        "show", help="one answer as it was sent, with its record (snapshots, engines, reviews)"
    )
    p_show.add_argument("id")
    add_remote_options(p_show)
    p_export = sub.add_parser(
        "export", help="every record as JSONL, or the reviews as a ClaimReview feed"
    )
    p_export.add_argument("--format", choices=("jsonl", "claimreview"), default="jsonl")
    p_export.add_argument("--claim", help="only records whose claim contains this text (jsonl)")
    p_export.add_argument("--out", help="write here instead of stdout")
    add_remote_options(p_export)
    p_records.set_defaults(func=records_command)

    p_review = commands.add_parser(
        "review", help="an editor's verdict on a record; the knowledge base learns it"
    )
    p_review.add_argument("id")
    p_review.add_argument("--verdict", required=True, choices=VERDICTS)
    p_review.add_argument(
        "--note", default="", help="the editor's reasons (published as the reviewBody)"
    )
    p_review.add_argument(
        "--reviewer",
        default="cli",
        help="the reviewer's name (local only; with --api the key's name)",
    )
    add_remote_options(p_review)
    p_review.set_defaults(func=review_command)
