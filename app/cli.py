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
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from app.batch_cli import add_parser as add_batch_parser
from app.cli_common import (
    SERVER_FILE,
    RemoteError,
    add_remote_options,
    checked,
    load_settings,
    owner_url,
    quiet_model_loading,
    remote,
)
from app.config import Settings
from app.http_protocol import JSONErrorHttpToolsProtocol
from app.kb_cli import add_parser as add_kb_parser
from app.records_cli import add_parsers as add_records_parsers
from app.runtime import runtime
from app.schemas import VerifyRequest
from app.sse import parse_stream
from app.terminal import format_verdict
from app.verification import verify_options
from retrieval.errors import KnowledgeBaseError, ModelUnavailable
from retrieval.knowledge_base import check_directory_free
from retrieval.model_files import MINILM_NAMES, hub_reachable, resolve_model


def serve(args: argparse.Namespace) -> int:
    quiet_model_loading()
    import uvicorn

    from app.main import create_app  # the FastAPI app: only `serve` needs it

    settings = load_settings()
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


# ---- issue 11: `claimcheck verify` and `claimcheck kb search` ----------------------------------


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
    if as_json:
        print(json.dumps(body, ensure_ascii=False, indent=2))
    else:
        print(format_verdict(body, color=sys.stdout.isatty()))


def _request(args: argparse.Namespace) -> dict[str, Any]:
    """The `POST /api/verify` body of this command. With `--reference`, the references are the
    evidence (as an API client sending no `web_search`); `--no-web` still turns the web off."""
    body: dict[str, Any] = {"claim": args.claim}
    if args.reference:
        body["references"] = args.reference
    if args.no_web or not args.reference:
        body["web_search"] = not args.no_web
    return body


async def _verify_here(request: VerifyRequest, settings: Settings, steps: _StepPrinter) -> dict:
    options = verify_options(request)  # the options the server reads from the same body
    # with RECORDS, the answer's record is kept as the server keeps it
    async with runtime(settings, seed=settings.AUTO_SEED) as running:
        answer = await running.verification.verify_and_answer(
            request.claim, options, "", via="cli", on_step=steps
        )
        return answer.model_dump(mode="json")


def verify_command(args: argparse.Namespace) -> int:
    """Verify one claim in this process (owning the KB), or through a running server with --api."""
    steps = _StepPrinter(args.json or args.quiet)
    if not args.claim.strip() or len(args.claim.strip()) > 2000:
        print("claimcheck: the claim must have 1–2000 characters", file=sys.stderr)
        return 2
    try:
        request = VerifyRequest.model_validate(_request(args))
    except ValidationError as exc:  # the API's own limits: up to 10 references, each 1–20,000
        problems = "; ".join(f"{'.'.join(map(str, e['loc']))}: {e['msg']}" for e in exc.errors())
        print(f"claimcheck: {problems}", file=sys.stderr)
        return 2
    if args.api:

        def stream(http, base):
            with http.stream(
                "POST",
                f"{base}/api/verify/stream",
                json=_request(args),
            ) as response:
                if response.status_code != 200:
                    response.read()
                    checked(response)
                for event, data in parse_stream(response.iter_lines()):
                    if event == "step":
                        steps(data["step"])
                    elif event == "error":
                        raise RemoteError(f"{data['error']}: {data['detail']}")
                    elif event == "result":
                        _show(data, args.json)
                        return
            raise RemoteError("the stream ended before the result")

        return remote(args, stream)
    settings = load_settings()
    try:
        body = asyncio.run(_verify_here(request, settings, steps))
    except KnowledgeBaseError as exc:
        print(
            f"claimcheck: {exc}\n(a running server owns the knowledge base? use "
            f"--api {owner_url(settings)})",
            file=sys.stderr,
        )
        return 1
    except ModelUnavailable as exc:
        print(f"claimcheck: {exc}", file=sys.stderr)
        return 1
    _show(body, args.json)
    return 0


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
    settings = load_settings()
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
    """A queue worker: items of batch jobs, verified by this process's own runtime."""
    from app.jobs_setup import run_worker  # Dramatiq and its broker: only `worker` needs them

    settings = load_settings()
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
    quiet_model_loading()
    return run_worker(settings)


def mcp_command(args: argparse.Namespace) -> int:
    """MCP over stdio: the same services as `serve`, in this process; stdout carries the protocol,
    so everything else (logs, progress bars) goes to stderr."""
    from app.mcp import build_mcp  # the MCP SDK: only `mcp` needs it

    settings = load_settings()
    quiet_model_loading()

    async def run() -> None:
        # with RECORDS, answers get ids and records here too
        async with runtime(settings, seed=settings.AUTO_SEED) as running:
            await build_mcp(lambda: running).run_stdio_async()

    asyncio.run(run())
    return 0


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="claimcheck", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    p_serve = commands.add_parser("serve", help="serve the HTTP API")
    p_serve.add_argument("--host")
    p_serve.add_argument("--port", type=int)
    p_serve.add_argument("--log-level", default="info")
    p_serve.set_defaults(func=serve)
    add_kb_parser(commands)
    p_verify = commands.add_parser(
        "verify", help="verify a claim and print the verdict with its sources"
    )
    p_verify.add_argument("claim")
    p_verify.add_argument("--no-web", action="store_true", help="do not search the web")
    p_verify.add_argument(
        "--reference",
        action="append",
        metavar="TEXT",
        help="a text (or URL) you vouch for, as `references` in POST /api/verify: the references "
        "are the evidence and count as a credible source; repeat for up to 10",
    )
    p_verify.add_argument(
        "--quiet", action="store_true", help="do not show the steps as they happen"
    )
    add_remote_options(p_verify)
    p_verify.set_defaults(func=verify_command)
    add_batch_parser(commands, add_remote_options)
    add_records_parsers(commands, add_remote_options)  # records list|show|export, review (issue 40)
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
    return parser


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
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
