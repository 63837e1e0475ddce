"""`claimcheck batch FILE.csv|FILE.jsonl --out results.jsonl|.csv [--api URL]`.

The file becomes a job of the Jobs API — of a running server with --api, else of the app built in
this process (the same code, the jobs database beside the local KB). A progress bar with the ETA
shows on stderr. Resumable twice over: a re-run skips the items whose ids are already in --out,
and while a job is unfinished its id waits in `<out>.job`, so a re-run after an interruption
follows that job instead of submitting the items again.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import csv
import json
import os
import shlex
import signal
import sys
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import httpx

from app.cli_common import load_settings
from app.schemas.jobs import InputError, parse_file
from jobs.formats import CSV_COLUMNS, csv_row, read_answered
from jobs.items import ItemResult

MAX_ITEMS_PER_JOB = 10_000
POLL_S = 1.0


class BatchError(Exception):
    pass


def read_items(path: Path) -> list[dict[str, Any]]:
    """The file's items, each with an id (its own, else its 1-based position: stable across runs)."""
    kind = "csv" if path.suffix.lower() == ".csv" else "jsonl"
    rows = parse_file(path.read_text(encoding="utf-8"), kind)
    items, seen = [], set()
    for position, row in enumerate(rows, start=1):
        item_id = str(position) if row.id in (None, "") else str(row.id)
        if item_id in seen:
            raise InputError(f"{path}: the id {item_id!r} appears twice")
        seen.add(item_id)
        item = {"id": item_id, "claim": row.claim if isinstance(row.claim, str) else ""}
        # for the ClaimReview export, when the file has them
        for name, value in (("claimant", row.claimant), ("appearance", row.appearance)):
            if isinstance(value, str) and value.strip():
                item[name] = value.strip()
        items.append(item)
    return items


def _check(response: httpx.Response, *expected: int) -> dict[str, Any]:
    if response.status_code not in expected:
        try:
            body = response.json()
            detail = f"{body.get('error')}: {body.get('detail')}"
        except ValueError:
            detail = response.text[:300]
        raise BatchError(f"HTTP {response.status_code} {detail}")
    return response.json()


@asynccontextmanager
async def _client(args: argparse.Namespace) -> AsyncIterator[httpx.AsyncClient]:
    headers = {"x-api-key": args.api_key} if args.api_key else {}
    timeout = httpx.Timeout(30.0, read=300.0)
    if args.api:
        async with httpx.AsyncClient(
            base_url=args.api.rstrip("/"), headers=headers, timeout=timeout
        ) as http:
            yield http
        return
    from app.main import create_app  # the FastAPI app, in this process only

    # this process is the only client: no keys between it and its own app
    settings = load_settings().model_copy(update={"API_KEYS": ()})
    app = create_app(settings)
    async with app.router.lifespan_context(app):
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(
            transport=transport, base_url="http://localhost", timeout=timeout
        ) as http:
            yield http


class Output:
    """Appends result rows to --out (JSONL, or CSV with its header once)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.csv = path.suffix.lower() == ".csv"

    def append(self, rows: list[dict[str, Any]]) -> None:
        new = not self.path.exists() or self.path.stat().st_size == 0
        with self.path.open("a", encoding="utf-8", newline="") as handle:
            if self.csv:
                writer = csv.writer(handle, lineterminator="\n")
                if new:
                    writer.writerow(CSV_COLUMNS)
                writer.writerows(csv_row(ItemResult.from_row(row)) for row in rows)
            else:
                handle.writelines(json.dumps(row, ensure_ascii=False) + "\n" for row in rows)


def _stop_on_ctrl_c() -> asyncio.Event:
    """The first Ctrl-C sets the event and cancels the batch's task. asyncio.run's own handler
    cancels once, and a cancellation absorbed on its way through the in-process app let a batch
    run on to the end (seen once in CI), so the poll loop also stops when the event is set. A
    second Ctrl-C interrupts at once, as asyncio.run's handler does (a shutdown that hangs)."""
    stop = asyncio.Event()
    task = asyncio.current_task()
    loop = asyncio.get_running_loop()

    def ctrl_c() -> None:
        stop.set()
        loop.remove_signal_handler(signal.SIGINT)  # back to KeyboardInterrupt for the next one
        if task is not None:
            task.cancel()

    with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):  # not the main thread
        loop.add_signal_handler(signal.SIGINT, ctrl_c)
    return stop


async def _follow(
    http: httpx.AsyncClient, job_id: str, bar: Any, base: int, stop: asyncio.Event
) -> dict[str, Any]:
    """Poll the job until it ends, moving the bar; the final body."""
    while True:
        if stop.is_set():
            raise asyncio.CancelledError
        body = _check(await http.get(f"/api/jobs/{job_id}"), 200)
        answered = body["counts"]["done"] + body["counts"]["failed"]
        if bar is not None:
            bar.n = base + answered
            eta = body.get("eta_s")
            bar.set_postfix_str(
                f"{body['state']}, server ETA {eta:.0f} s" if eta is not None else body["state"]
            )
            bar.refresh()
        if body["state"] not in {"queued", "running"}:
            return body
        await asyncio.sleep(POLL_S)


async def _download(
    http: httpx.AsyncClient, job_id: str, skip: set[str], out: Output
) -> tuple[int, int]:
    """Append the job's answered items (pages of 1,000) that --out does not hold yet."""
    done = failed = 0
    cursor: str | None = None
    while True:
        params: dict[str, Any] = {"format": "jsonl", "limit": 1000}
        if cursor is not None:
            params["cursor"] = cursor
        response = await http.get(f"/api/jobs/{job_id}/results", params=params)
        if response.status_code != 200:
            _check(response, 200)  # raises with the error body
        rows = [json.loads(line) for line in response.text.splitlines() if line.strip()]
        keep = [r for r in rows if r["status"] in {"done", "failed"} and r["id"] not in skip]
        out.append(keep)
        skip.update(r["id"] for r in keep)
        done += sum(r["status"] == "done" for r in keep)
        failed += sum(r["status"] == "failed" for r in keep)
        cursor = response.headers.get("x-next-cursor")
        if cursor is None:
            return done, failed


def _bar(args: argparse.Namespace, total: int, initial: int) -> Any:
    if args.quiet:
        return None
    from tqdm import tqdm

    return tqdm(total=total, initial=initial, unit="claim", file=sys.stderr, dynamic_ncols=True)


class JobFile:
    """`<out>.job`: the id of the job a run is following, until its rows are in --out (a CLI's
    small file, read and written in place)."""

    def __init__(self, out_path: Path) -> None:
        self.path = out_path.with_name(out_path.name + ".job")

    def exists(self) -> bool:
        return self.path.exists()

    def job(self) -> str | None:
        return json.loads(self.path.read_text())["job"] if self.path.exists() else None

    def keep(self, job_id: str, api: str) -> None:
        self.path.write_text(json.dumps({"job": job_id, "api": api}))

    def clear(self) -> None:
        self.path.unlink(missing_ok=True)


async def _next_job(
    http: httpx.AsyncClient,
    args: argparse.Namespace,
    todo: list[dict[str, Any]],
    state: JobFile,
) -> str | None:
    """The job an interrupted run left in `<out>.job`, else a new job of the items not answered
    yet; None when none is left."""
    job_id = state.job()
    if job_id is not None:  # an interrupted run: follow its job
        if (await http.get(f"/api/jobs/{job_id}")).status_code != 404:
            return job_id
        state.clear()
    if not todo:
        return None
    options = {"web_search": False} if args.no_web else {}
    body = _check(
        await http.post("/api/jobs", json={"items": todo[:MAX_ITEMS_PER_JOB], "options": options}),
        202,
    )
    state.keep(body["id"], args.api or "in-process")
    return body["id"]


async def _run_jobs(
    args: argparse.Namespace,
    items: list[dict[str, Any]],
    answered: set[str],
    out: Output,
    bar: Any,
    stop: asyncio.Event,
) -> tuple[int, int]:
    """Submit, follow and download jobs until every item is in --out: (answered, failed)."""
    state = JobFile(out.path)
    done_total = failed_total = 0
    async with _client(args) as http:
        while True:
            todo = [item for item in items if item["id"] not in answered]
            job_id = await _next_job(http, args, todo, state)
            if job_id is None:
                return done_total, failed_total
            final = await _follow(http, job_id, bar, len(answered), stop)
            done, failed = await _download(http, job_id, answered, out)
            done_total, failed_total = done_total + done, failed_total + failed
            state.clear()
            if final["state"] == "cancelled":
                raise BatchError(f"job {job_id} was cancelled; re-run to submit what is left")


async def run_batch(args: argparse.Namespace) -> int:
    source, out_path = Path(args.file), Path(args.out)
    items = read_items(source)
    out = Output(out_path)
    answered = set(read_answered(str(out_path)))
    todo = [item for item in items if item["id"] not in answered]
    if not todo and not JobFile(out_path).exists():
        print(f"claimcheck: all {len(items)} items are already in {out_path}", file=sys.stderr)
        return 0
    bar = _bar(args, len(items), len(items) - len(todo))
    started = time.perf_counter()
    stop = _stop_on_ctrl_c()
    try:
        done, failed = await _run_jobs(args, items, answered, out, bar, stop)
    except (httpx.HTTPError, BatchError) as exc:
        if bar is not None:
            bar.close()
        print(f"claimcheck: {args.api or 'in-process'}: {exc}", file=sys.stderr)
        return 1
    except (
        asyncio.CancelledError
    ):  # Ctrl-C: close the bar, so the resume hint starts on its own line
        if bar is not None:
            bar.close()
        raise
    if bar is not None:
        bar.n = len(answered)
        bar.refresh()
        bar.close()
    print(
        f"claimcheck: {done} answered, {failed} failed in {time.perf_counter() - started:.1f} s "
        f"→ {out_path}",
        file=sys.stderr,
    )
    return 0


def rerun_command(args: argparse.Namespace) -> str:
    """The command that resumes this batch (the API key is left out: it comes from the environment
    or is typed again)."""
    words = ["claimcheck", "batch", args.file, "--out", args.out]
    if args.api:
        words += ["--api", args.api]
    if args.no_web:
        words.append("--no-web")
    return shlex.join(words)


def interrupted_hint(args: argparse.Namespace) -> str:
    out_path = Path(args.out)
    kept = sum(1 for _ in read_answered(str(out_path)))
    state_file = out_path.with_name(out_path.name + ".job")
    job = ""
    if state_file.exists():
        try:
            job_id = json.loads(state_file.read_text())["job"]
        except (ValueError, KeyError, OSError):
            job_id = None
        if job_id and args.api:
            job = f" Job {job_id} goes on on the server meanwhile; the re-run follows it and downloads its answers."
        elif job_id:
            job = (
                f" Job {job_id} waits in the local jobs database with its answers so far; the re-run "
                "continues it and writes them."
            )
    return (
        f"\nclaimcheck: interrupted. {kept} answer(s) are in {out_path}.{job} To resume, run the same "
        f"command again (answered items are skipped):\n  {rerun_command(args)}"
    )


def batch_command(args: argparse.Namespace) -> int:
    # in-process, the models load here: no per-model progress bars under the batch's own bar
    os.environ.setdefault("HF_HUB_DISABLE_PROGRESS_BARS", "1")
    logs_above_bar: Any = contextlib.nullcontext()
    if not args.quiet:
        from tqdm.contrib.logging import logging_redirect_tqdm

        # log lines (the in-process app's warnings, for one) are written above the bar, not through it
        logs_above_bar = logging_redirect_tqdm()
    try:
        with logs_above_bar:
            return asyncio.run(run_batch(args))
    except (
        KeyboardInterrupt,
        asyncio.CancelledError,
    ):  # Ctrl-C: the batch was cancelled (the bar closed, the app shut down)
        print(interrupted_hint(args), file=sys.stderr)
        return 130
    except (InputError, OSError, UnicodeDecodeError) as exc:
        print(f"claimcheck: {exc}", file=sys.stderr)
        return 2


def add_parser(commands: Any, add_remote_options: Any) -> None:
    p_batch = commands.add_parser(
        "batch", help="verify every claim of a CSV or JSONL file (resumable)"
    )
    p_batch.add_argument("file", help="CSV with a 'claim' column (and 'id'), or JSONL {id?, claim}")
    p_batch.add_argument(
        "--out", required=True, help="results.jsonl or results.csv (appended; re-runs skip its ids)"
    )
    p_batch.add_argument("--no-web", action="store_true", help="do not search the web")
    p_batch.add_argument("--quiet", action="store_true", help="no progress bar")
    add_remote_options(p_batch)
    p_batch.set_defaults(func=batch_command)
