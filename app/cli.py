"""`claimcheck serve`, `claimcheck verify "claim" [--json]`, `claimcheck batch FILE --out results.jsonl`,
`claimcheck kb seed|stats|ingest|search`, `claimcheck models list|pull`, `claimcheck mcp` (MCP tools
over stdio), `claimcheck worker` (batch-job items from the Redis queue), `claimcheck records
list|show|export` and `claimcheck review` (kept answers and editors' reviews)."""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import os
import sys
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from app.config import Settings
from retrieval.errors import KnowledgeBaseError, KnowledgeBaseLocked, ModelUnavailable


def _settings() -> Settings:
    try:
        return Settings()
    except ValidationError as exc:
        print(f"claimcheck: invalid settings:\n{exc}", file=sys.stderr)
        raise SystemExit(2) from None


def _quiet_model_loading() -> None:
    """No per-model progress bars in a server's start-up log (set before transformers loads)."""
    os.environ.setdefault("HF_HUB_DISABLE_PROGRESS_BARS", "1")


def serve(args: argparse.Namespace) -> int:
    _quiet_model_loading()
    import uvicorn

    from app.main import create_app
    from retrieval.knowledge_base import check_directory_free

    settings = _settings()
    host = args.host or settings.HOST
    port = args.port or settings.PORT
    if (
        host != settings.HOST
    ):  # the Host checks of /api/* and /mcp follow the address actually served
        settings = settings.model_copy(update={"HOST": host})
    if not settings.CHROMA_HOST:
        try:
            check_directory_free(settings.CHROMA_PERSIST_DIR)
        except KnowledgeBaseError as exc:
            print(f"claimcheck: {exc}", file=sys.stderr)
            return 1
    print(
        f"claimcheck: starting on http://{host}:{port} (KB: "
        f"{settings.CHROMA_HOST + ':' + str(settings.CHROMA_PORT) if settings.CHROMA_HOST else settings.CHROMA_PERSIST_DIR})",
        file=sys.stderr,
    )
    from app.http_protocol import JSONErrorHttpToolsProtocol

    # uvicorn's own 400s (requests it cannot parse) in the API's error shape (app/http_protocol.py)
    config = uvicorn.Config(
        create_app(settings),
        host=host,
        port=port,
        log_level=args.log_level,
        timeout_graceful_shutdown=10,
        http=JSONErrorHttpToolsProtocol,
    )
    if not settings.CHROMA_HOST:
        _announce_while_serving(config.app, settings.CHROMA_PERSIST_DIR, host, port)
    server = uvicorn.Server(config)
    server.run()
    # uvicorn reports a failed lifespan (e.g. the KB lock taken meanwhile) by not starting.
    return 0 if server.started else 1


SERVER_FILE = (
    ".claimcheck-server.json"  # in the KB directory: where the server that owns it listens
)


def _announce(kb: Path, host: str, port: int) -> Path | None:
    """Write where this server listens beside the KB it owns, so a command refused by the KB's lock
    can name the address to use instead of guessing HOST and PORT (issue 37)."""
    shown = "127.0.0.1" if host in ("0.0.0.0", "::", "") else host
    try:
        kb.mkdir(parents=True, exist_ok=True)
        path = kb / SERVER_FILE
        path.write_text(
            json.dumps({"url": f"http://{shown}:{port}", "pid": os.getpid()}), encoding="utf-8"
        )
        return path
    except OSError:
        return None


def _announce_while_serving(app: Any, kb: Path, host: str, port: int) -> None:
    """From the end of the app's start-up (the KB's lock is held) to the start of its shutdown."""
    from contextlib import asynccontextmanager

    inner = app.router.lifespan_context

    @asynccontextmanager
    async def lifespan(application: Any) -> Any:
        async with inner(application) as state:
            announced = _announce(kb, host, port)
            try:
                yield state
            finally:
                if announced is not None:
                    announced.unlink(missing_ok=True)

    app.router.lifespan_context = lifespan


def _owner_url(settings: Settings) -> str:
    """The address of the server that owns the local KB: what it wrote at start-up while its process
    lives, else the HOST and PORT settings."""
    try:
        owner = json.loads((settings.CHROMA_PERSIST_DIR / SERVER_FILE).read_text(encoding="utf-8"))
        os.kill(int(owner["pid"]), 0)  # still running?
        return str(owner["url"])
    except (OSError, ValueError, KeyError, TypeError):
        return f"http://{settings.HOST}:{settings.PORT}"


async def _with_retriever(action):
    from app.services import knowledge_base_only

    async with knowledge_base_only(_settings()) as retriever:
        return await action(retriever)


class _DoctorFound(Exception):
    """`kb doctor` without --fix found rows to repair: exit status 2."""


def kb_command(args: argparse.Namespace) -> int:
    from seed.seeding import SEED_FILE, SeedFileError, ingest, read_jsonl_documents

    async def seed_action(retriever):
        docs = list(read_jsonl_documents(SEED_FILE))
        report = await ingest(retriever, docs)
        print(
            f"seeded: {report.added} added, {report.duplicates} already present; "
            f"KB now holds {await retriever.kb.count()} documents"
        )

    async def stats_action(retriever):
        stats = await retriever.kb.stats()
        _print_stats(
            {**stats, "mode": retriever.kb.mode, "where": str(retriever.kb.where)},
            getattr(args, "json", False),
        )

    async def ingest_action(retriever):
        from tqdm import tqdm

        docs = list(read_jsonl_documents(Path(args.file), origin="user"))
        # Resumable: stored passages are skipped before embedding, so a re-run after an
        # interruption only embeds what is missing and adds nothing twice.
        with tqdm(total=len(docs), unit="doc", desc="ingest") as bar:
            report = await ingest(retriever, docs, batch_size=args.batch, progress=bar.update)
        print(
            f"ingested: {report.added} document(s) added, {report.duplicates} already there; "
            f"the KB now holds {await retriever.kb.count()} passages (long documents are stored as several)"
        )

    async def ingest_claimreview_action(retriever):
        from agent.prior import normalise_rating
        from seed.claimreview import read_claim_reviews

        parsed = read_claim_reviews(Path(args.file), normalise_rating)
        for problem in parsed.problems:
            print(f"skipped {problem}", file=sys.stderr)
        report = await ingest(retriever, parsed.documents, batch_size=args.batch)
        print(
            f"ingested: {report.added} fact-check(s) added, {report.duplicates} already there, "
            f"{len(parsed.problems)} malformed item(s) skipped; the KB now holds {await retriever.kb.count()} passages"
        )

    async def search_action(retriever):
        # the same retrieve + rerank the verifier uses, with the configured reranker
        from retrieval.concurrency import run_blocking
        from retrieval.rerank import RelevanceScale, load_reranker
        from retrieval.retriever import Retriever

        settings = _settings()
        scale = RelevanceScale(min_relevance=settings.MIN_RELEVANCE_SCORE, sufficient_mean=1.0)
        reranker, _ = await run_blocking(
            load_reranker, settings.RERANKER_MODEL, retriever.embedder, scale
        )
        hits = await Retriever(retriever.embedder, retriever.kb, reranker, retriever.config).search(
            args.query, k=args.k, record_access=False
        )
        results = [
            {
                "id": h.doc.id,
                "text": h.doc.text,
                "source": h.doc.source,
                "title": h.doc.title,
                "score": round(h.retrieval_score, 4),
                "relevance": h.relevance,
            }
            for h in hits
        ]
        _print_hits(results, args.json)

    if getattr(args, "api", None):
        return _kb_remote(args)

    async def doctor_action(retriever):
        from retrieval.doctor import doctor

        report = await doctor(retriever.kb, fix=args.fix, export=Path(args.export))
        print("\n".join(report.lines()))
        if report.removed:
            print(
                f"removed documents were written to {args.export}; fix their sources and `kb ingest` them"
            )
        if (report.repairable or report.unusable) and not args.fix:
            print("run `claimcheck kb doctor --fix` to normalise and remove them")
            raise _DoctorFound

    actions = {
        "seed": seed_action,
        "stats": stats_action,
        "ingest": ingest_action,
        "ingest-claimreview": ingest_claimreview_action,
        "search": search_action,
        "doctor": doctor_action,
    }
    try:
        asyncio.run(_with_retriever(actions[args.kb_command]))
    except _DoctorFound:
        return 2
    except KnowledgeBaseLocked as exc:
        settings = _settings()
        print(
            f"claimcheck: {exc}\nclaimcheck: a server owns this knowledge base: run the command through it "
            f"with --api {_owner_url(settings)} (or set CLAIMCHECK_API)",
            file=sys.stderr,
        )
        return 1
    except (KnowledgeBaseError, ModelUnavailable, SeedFileError, OSError) as exc:
        print(f"claimcheck: {exc}", file=sys.stderr)
        return 1
    return 0


KB_API_BATCH = 256  # POST /api/kb/documents takes at most 256 documents per request


def _print_stats(stats: dict, as_json: bool) -> None:
    if as_json:
        print(json.dumps(stats, ensure_ascii=False, indent=2))
        return
    print(
        f"passages: {stats['count']} ({stats.get('mode', '?')}: {stats.get('where') or stats.get('collection', '')})"
    )
    for facet in ("by_source_type", "by_origin"):
        print(f"{facet}: " + ", ".join(f"{k or '?'} {v}" for k, v in stats[facet].items()))
    print(f"oldest: {stats['oldest']}  newest: {stats['newest']}")


def _kb_remote(args: argparse.Namespace) -> int:
    """`kb stats`, `kb search` and `kb ingest` through a running server (--api)."""
    from seed.seeding import SeedFileError, read_jsonl_documents

    if args.kb_command == "search":
        return _remote(
            args,
            lambda http, base: _print_hits(
                _checked(http.get(f"{base}/api/kb/search", params={"q": args.query, "k": args.k}))[
                    "results"
                ],
                args.json,
            ),
        )
    if args.kb_command == "stats":
        return _remote(
            args,
            lambda http, base: _print_stats(_checked(http.get(f"{base}/api/kb/stats")), args.json),
        )
    try:  # ingest: validated here exactly as the API validates (the same URL parser), before anything is sent
        docs = list(read_jsonl_documents(Path(args.file), origin="user"))
    except (SeedFileError, OSError) as exc:
        print(f"claimcheck: {exc}", file=sys.stderr)
        return 1

    def ingest(http, base) -> None:
        from tqdm import tqdm

        added = duplicates = 0
        size = max(1, min(args.batch, KB_API_BATCH))
        with tqdm(total=len(docs), unit="doc", desc="ingest", file=sys.stderr) as bar:
            for start in range(0, len(docs), size):
                batch = docs[start : start + size]
                body = _checked(
                    http.post(
                        f"{base}/api/kb/documents",
                        json={
                            "documents": [
                                {
                                    "text": d.text,
                                    "source": d.source,
                                    "title": d.title,
                                    "timestamp": d.timestamp,
                                }
                                for d in batch
                            ]
                        },
                    )
                )
                added += body["added"]
                duplicates += body["duplicates"]
                bar.update(len(batch))
        passages = _checked(http.get(f"{base}/api/kb/stats"))["count"]
        print(
            f"ingested: {added} document(s) added, {duplicates} already there; the KB now holds "
            f"{passages} passages (long documents are stored as several)"
        )

    return _remote(args, ingest)


# ---- issue 11: `claimcheck verify` and `claimcheck kb search` ----------------------------------


class RemoteError(Exception):
    """The API answered with an error body."""


def _print_hits(results: list[dict], as_json: bool) -> None:
    from app.terminal import format_hits

    print(
        json.dumps({"results": results}, ensure_ascii=False, indent=2)
        if as_json
        else format_hits(results)
    )


def _checked(response) -> dict:
    body = (
        response.json()
        if response.headers.get("content-type", "").startswith("application/json")
        else {}
    )
    if response.status_code != 200:
        raise RemoteError(
            f"HTTP {response.status_code} {body.get('error', '')}: {body.get('detail', response.text[:200])}"
        )
    return body


def _remote(args: argparse.Namespace, action) -> int:
    """Run `action(http, base_url)` against a running server (--api), with X-API-Key when given."""
    import httpx

    headers = {"x-api-key": args.api_key} if args.api_key else {}
    try:
        with httpx.Client(headers=headers, timeout=httpx.Timeout(10.0, read=180.0)) as http:
            action(http, args.api.rstrip("/"))
    except (httpx.HTTPError, RemoteError) as exc:
        print(f"claimcheck: {args.api}: {exc}", file=sys.stderr)
        return 1
    return 0


class _StepPrinter:
    """Shows each step on stderr as it happens (stdout stays the verdict, or clean JSON)."""

    def __init__(self, quiet: bool) -> None:
        self.quiet = quiet
        self.count = 0

    def __call__(self, text: str) -> None:
        self.count += 1
        if not self.quiet:
            print(f"  {self.count:>2}. {text}", file=sys.stderr, flush=True)


def _show(body: dict, as_json: bool) -> None:
    from app.terminal import format_verdict

    if as_json:
        print(json.dumps(body, ensure_ascii=False, indent=2))
    else:
        print(format_verdict(body, color=sys.stdout.isatty()))


async def _verify_here(args: argparse.Namespace, settings: Settings, steps: _StepPrinter) -> dict:
    from agent.verifier import VerifyOptions
    from app.records import local_records
    from app.services import build_services
    from seed.seeding import seed_if_empty

    services = await build_services(settings)
    try:
        if settings.AUTO_SEED:
            await seed_if_empty(services.retriever)
        options = VerifyOptions(web_search=not args.no_web)
        async with local_records(settings, services):  # the answer's record, as the server keeps it
            result = await services.verification.verify(args.claim, options, on_step=steps)
            return services.verification.answer(result, "", via="cli", options=options).model_dump(
                mode="json"
            )
    finally:
        await services.aclose()


def verify_command(args: argparse.Namespace) -> int:
    """Verify one claim in this process (owning the KB), or through a running server with --api."""
    from app.sse import parse_stream

    steps = _StepPrinter(args.json or args.quiet)
    if not args.claim.strip() or len(args.claim.strip()) > 2000:
        print("claimcheck: the claim must have 1–2000 characters", file=sys.stderr)
        return 2
    if args.api:

        def stream(http, base):
            with http.stream(
                "POST",
                f"{base}/api/verify/stream",
                json={"claim": args.claim, "web_search": not args.no_web},
            ) as response:
                if response.status_code != 200:
                    response.read()
                    _checked(response)
                for event, data in parse_stream(response.iter_lines()):
                    if event == "step":
                        steps(data["step"])
                    elif event == "error":
                        raise RemoteError(f"{data['error']}: {data['detail']}")
                    elif event == "result":
                        _show(data, args.json)
                        return
            raise RemoteError("the stream ended before the result")

        return _remote(args, stream)
    settings = _settings()
    try:
        body = asyncio.run(_verify_here(args, settings, steps))
    except KnowledgeBaseError as exc:
        print(
            f"claimcheck: {exc}\n(a running server owns the knowledge base? use "
            f"--api {_owner_url(settings)})",
            file=sys.stderr,
        )
        return 1
    except ModelUnavailable as exc:
        print(f"claimcheck: {exc}", file=sys.stderr)
        return 1
    _show(body, args.json)
    return 0


def _add_remote_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--api",
        default=os.environ.get("CLAIMCHECK_API"),
        help="a running server, e.g. http://127.0.0.1:8000 (env CLAIMCHECK_API); "
        "default: work in this process on the local knowledge base",
    )
    parser.add_argument(
        "--api-key",
        default=os.environ.get("CLAIMCHECK_API_KEY"),
        help="sent as X-API-Key (env CLAIMCHECK_API_KEY)",
    )
    parser.add_argument("--json", action="store_true", help="print the JSON body instead of text")


def _model_names(settings: Settings) -> list[tuple[str, str, str]]:
    """(setting, model name, hub org for short names) of every model the service may fetch."""
    names = [
        ("RERANKER_MODEL", settings.RERANKER_MODEL, "cross-encoder"),
        ("NLI_MODEL", settings.NLI_MODEL, "cross-encoder"),
        ("EMBEDDING_MODEL", settings.EMBEDDING_MODEL, "sentence-transformers"),
    ]
    return [(k, v, org) for k, v, org in names if v.strip().lower() not in {"", "none", "off"}]


def models_command(args: argparse.Namespace) -> int:
    """`models list`: where each model would load from, offline first. `models pull`: fetch the
    ones that are not local from the hub (with a progress bar), so the next start finds them."""
    from retrieval.model_files import MINILM_NAMES, hub_reachable, resolve_model

    settings = _settings()
    failed = 0
    for setting, name, org in _model_names(settings):
        local = Path(name).expanduser().exists() or name.lower() in MINILM_NAMES
        try:
            resolved = resolve_model(name, default_org=org)
        except ModelUnavailable as exc:
            resolved, problem = None, str(exc)
        if (
            args.models_command == "list"
            or (resolved is not None and resolved.how != "hub")
            or local
        ):
            where = (
                f"{resolved.how}: {resolved.location}"
                if resolved is not None
                else f"unavailable ({problem})"
            )
            print(f"{setting:16} {name}\n{'':16} {where}")
            continue
        if resolved is None or not hub_reachable():
            print(
                f"{setting:16} {name}: the hub cannot be reached (HF_HUB_OFFLINE or no network); "
                "the service falls back visibly (see /api/health)",
                file=sys.stderr,
            )
            failed += 1
            continue
        from huggingface_hub import snapshot_download

        repo_id = name if "/" in name else f"{org}/{name}"
        print(f"{setting:16} fetching {repo_id} …", file=sys.stderr)
        try:
            path = snapshot_download(repo_id, etag_timeout=args.timeout)
        except Exception as exc:  # a network or hub failure: say which model and why, go on
            print(f"{setting:16} {repo_id}: {exc}", file=sys.stderr)
            failed += 1
            continue
        print(f"{setting:16} {name}\n{'':16} cache: {path}")
    return 1 if failed else 0


def worker_command(args: argparse.Namespace) -> int:
    """A queue worker: items of batch jobs, verified by this process's own services."""
    from app.jobs_setup import run_worker

    settings = _settings()
    if args.concurrency is not None:
        settings = settings.model_copy(update={"WORKER_CONCURRENCY": max(1, args.concurrency)})
    if not settings.redis_url:
        print(
            "claimcheck: a worker needs REDIS_URL, the queue the API puts job items on (docs/jobs.md)",
            file=sys.stderr,
        )
        return 2
    if settings.DATABASE_URL is None:
        print(
            "claimcheck: a worker needs DATABASE_URL, the jobs database it shares with the API "
            "(postgresql://… or one sqlite:///path file on this machine); without it the worker would "
            "open its own SQLite file beside its KB and never see the API's jobs (docs/jobs.md)",
            file=sys.stderr,
        )
        return 2
    _quiet_model_loading()
    return run_worker(settings)


def mcp_command(args: argparse.Namespace) -> int:
    """MCP over stdio: the same services as `serve`, in this process; stdout carries the protocol,
    so everything else (logs, progress bars) goes to stderr."""
    from app.mcp import build_mcp
    from app.records import local_records
    from app.services import build_services
    from seed.seeding import seed_if_empty

    settings = _settings()
    _quiet_model_loading()

    async def run() -> None:
        services = await build_services(settings)
        try:
            if settings.AUTO_SEED:
                await seed_if_empty(services.retriever)
            async with local_records(settings, services):  # answers get ids and records here too
                await build_mcp(lambda: services).run_stdio_async()
        finally:
            await services.aclose()

    asyncio.run(run())
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="claimcheck", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    p_serve = commands.add_parser("serve", help="serve the HTTP API")
    p_serve.add_argument("--host")
    p_serve.add_argument("--port", type=int)
    p_serve.add_argument("--log-level", default="info")
    p_serve.set_defaults(func=serve)
    p_kb = commands.add_parser("kb", help="knowledge base tasks")
    kb_sub = p_kb.add_subparsers(dest="kb_command", required=True)
    kb_sub.add_parser("seed", help="add the seed facts (idempotent)")
    p_stats = kb_sub.add_parser("stats", help="passage count, by source type and origin")
    _add_remote_options(p_stats)
    p_ingest = kb_sub.add_parser(
        "ingest", help="add documents from a JSONL file {text, source, title?, timestamp?}"
    )
    p_ingest.add_argument("file")
    p_ingest.add_argument(
        "--batch", type=int, default=64, help="documents per write (per request with --api, ≤ 256)"
    )
    _add_remote_options(p_ingest)
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
    _add_remote_options(p_search)
    p_kb.set_defaults(func=kb_command)
    p_verify = commands.add_parser(
        "verify", help="verify a claim and print the verdict with its sources"
    )
    p_verify.add_argument("claim")
    p_verify.add_argument("--no-web", action="store_true", help="do not search the web")
    p_verify.add_argument(
        "--quiet", action="store_true", help="do not show the steps as they happen"
    )
    _add_remote_options(p_verify)
    p_verify.set_defaults(func=verify_command)
    from app.batch_cli import add_parser as add_batch_parser

    add_batch_parser(commands, _add_remote_options)
    from app.records_cli import add_parsers as add_records_parsers

    add_records_parsers(
        commands, _add_remote_options
    )  # records list|show|export, review (issue 40)
    p_models = commands.add_parser(
        "models", help="list the models and where they load from, or pull them"
    )
    models_sub = p_models.add_subparsers(dest="models_command", required=True)
    models_sub.add_parser(
        "list", help="where each model (RERANKER_MODEL, NLI_MODEL, EMBEDDING_MODEL) loads from"
    )
    p_pull = models_sub.add_parser(
        "pull", help="fetch RERANKER_MODEL and NLI_MODEL from the hub into its cache"
    )
    p_pull.add_argument(
        "--timeout", type=float, default=10.0, help="seconds for each hub metadata call"
    )
    p_models.set_defaults(func=models_command)
    p_mcp = commands.add_parser(
        "mcp", help="serve the MCP tools over stdio (for MCP clients; docs/mcp.md)"
    )
    p_mcp.set_defaults(func=mcp_command)
    p_worker = commands.add_parser(
        "worker", help="verify batch-job items from the Redis queue (REDIS_URL; docs/jobs.md)"
    )
    p_worker.add_argument(
        "--concurrency",
        type=int,
        default=None,
        help="items in flight in this process (default WORKER_CONCURRENCY)",
    )
    p_worker.set_defaults(func=worker_command)
    args = parser.parse_args(argv)
    quiet = (
        args.command in {"verify", "mcp", "batch", "records", "review"}
        or getattr(args, "kb_command", None) == "search"
    )
    logging.basicConfig(
        level=logging.WARNING if quiet else logging.INFO,
        stream=sys.stderr,
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
    )
    return args.func(args)


if __name__ == "__main__":
    raise SystemExit(main())
