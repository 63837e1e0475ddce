"""The path of a claim from `POST /api/verify` to its answer, over the project's files (issue 39).

    .venv/bin/python -m benchmarks.claim_path                      # JSON line + markdown table
    .venv/bin/python -m benchmarks.claim_path --claim "…" --walk   # and the walk itself

The real app in-process (its lifespan, the real MiniLM, the knowledge base seeded at start, no
LLM, no web search, no reranker, the local judge, the verdict cache off, records off, a temp
directory), one `POST /api/verify` through httpx's ASGI transport, with `sys.setprofile` (and
`threading.setprofile`) watching every call into a function of the project's packages (agent, app,
jobs, retrieval, search, seed). Nothing here is a test.

What is counted. A *function* is a `def` of a project file (comprehensions and lambdas count as
the function they are written in). The profile hook records each distinct *call* caller → callee
between two project functions, in the order each was first made. The caller is the nearest project
function on the calling stack; where the stack breaks, it is found where the work was handed over:
a coroutine run as a task belongs to the function that created it (`cr_origin`), a function run in
a worker thread by `retrieval.concurrency.run_blocking` belongs to the function that handed it
over (the caller of `run_blocking`, which is itself a call of that function).

The *path* is the depth-first walk of those calls from the route (`app/routes.py::verify`): enter a
callee, walk its own calls in their first-call order, return to the caller; each function is
walked once (a second call to it is a visit that is not walked again). Reading the walk as the
sequence of files it is in (runs of the same file merged), the path *enters* a file each time it
moves into it, and *returns to a file it had already left* each time it moves into a file it was
in before. Both figures are printed, with the files returned to most often, and the same two
figures for the walk without leaf calls (calls to functions that call no project function, such as
`Trace.step` or a `Document` helper): the spine of the path, nearer to how a reader follows it.
Because a caller's file counts again when its callee returns, a verifier that calls eight stages
returns to its own file eight times by this measure. The last two figures read the words the other
way — only a *call* into a file the walk had left counts, coming back from a callee does not —
with and without leaf calls. The *room* figures read a stage package under `agent/` (`agent/judge/`,
`agent/gather/`, …: its private modules are its parts, the redesign's unit) as one room and every
other file as its own: calls into a room the walk had left, with and without leaf calls.
"""

from __future__ import annotations

import argparse
import ast
import asyncio
import json
import os
import sys
import tempfile
import threading
from collections import Counter, defaultdict
from pathlib import Path
from types import FrameType
from typing import Any

from benchmarks.common import ROOT, emit

PACKAGES = ("agent", "app", "jobs", "retrieval", "search", "seed")
ROUTE = ("app/routes.py", "verify")
ISSUE_FIGURES = {"files": 25, "returns": 37}  # issue 39, measured before the redesign


def _project_file(filename: str) -> str | None:
    try:
        relative = Path(filename).resolve().relative_to(ROOT)
    except ValueError:
        return None
    return relative.as_posix() if relative.parts[0] in PACKAGES else None


def _own_function(qualname: str) -> str:
    """`f.<locals>.<listcomp>` → `f`: a comprehension or lambda is part of its function."""
    parts = qualname.split(".")
    while parts and parts[-1].startswith("<"):
        parts.pop()
        if parts and parts[-1] == "<locals>":
            parts.pop()
    return ".".join(parts) or qualname


class _Functions:
    """file → the (first line, last line, qualname) of its defs, to name a line of a file."""

    def __init__(self) -> None:
        self._spans: dict[str, list[tuple[int, int, str]]] = {}

    def at(self, file: str, line: int) -> str:
        if file not in self._spans:
            spans: list[tuple[int, int, str]] = []

            def walk(node: ast.AST, prefix: str) -> None:
                for child in ast.iter_child_nodes(node):
                    if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef):
                        name = f"{prefix}{child.name}"
                        spans.append((child.lineno, child.end_lineno or child.lineno, name))
                        walk(child, f"{name}.<locals>.")
                    elif isinstance(child, ast.ClassDef):
                        walk(child, f"{prefix}{child.name}.")
                    else:
                        walk(child, prefix)

            walk(ast.parse((ROOT / file).read_text(encoding="utf-8")), "")
            self._spans[file] = spans
        inside = [s for s in self._spans[file] if s[0] <= line <= s[1]]
        return max(inside, key=lambda s: s[0])[2] if inside else "<module>"


class CallRecorder:
    """The profile hook: distinct caller → callee calls between project functions, in order."""

    def __init__(self) -> None:
        self.calls: dict[tuple[tuple[str, str], tuple[str, str]], int] = {}
        self._handed: dict[Any, tuple[str, str]] = {}  # code run by run_blocking → who asked
        self._names = _Functions()
        self._lock = threading.Lock()
        self.recording = False  # the hooks are set before the app starts (threads inherit them)

    def key(self, frame: FrameType) -> tuple[str, str] | None:
        file = _project_file(frame.f_code.co_filename)
        if file is None:
            return None
        return file, _own_function(frame.f_code.co_qualname)

    def hook(self, frame: FrameType, event: str, arg: object) -> None:
        if event != "call" or not self.recording:
            return
        callee = self.key(frame)
        if callee is None:
            return
        caller = self._caller(frame)
        if callee == ("retrieval/concurrency.py", "run_blocking") and caller is not None:
            self._hand_over(frame, caller)
        if caller is not None and caller != callee:
            with self._lock:
                self.calls.setdefault((caller, callee), len(self.calls))

    def _caller(self, frame: FrameType) -> tuple[str, str] | None:
        back = frame.f_back
        while back is not None:
            found = self.key(back)
            if found is not None:
                return found
            origin = self._task_origin(back)
            if origin is not None:
                return origin
            back = back.f_back
        return self._handed.get(frame.f_code)

    def _hand_over(self, frame: FrameType, caller: tuple[str, str]) -> None:
        fn = frame.f_locals.get("fn")
        target = getattr(fn, "__func__", fn)
        code = getattr(target, "__code__", None)
        if code is not None:
            self._handed[code] = caller

    def _task_origin(self, frame: FrameType) -> tuple[str, str] | None:
        """A task's first step runs from the event loop's Handle._run: the task's coroutine knows
        where it was created (sys.set_coroutine_origin_tracking_depth)."""
        if frame.f_code.co_name != "_run" or not frame.f_code.co_filename.endswith("events.py"):
            return None
        handle = frame.f_locals.get("self")
        task = getattr(getattr(handle, "_callback", None), "__self__", None)
        coro = task.get_coro() if hasattr(task, "get_coro") else None
        for filename, line, _name in getattr(coro, "cr_origin", None) or ():
            file = _project_file(filename)
            if file is not None:
                return file, _own_function(self._names.at(file, line))
        return None


def walk(
    calls: dict[tuple[tuple[str, str], tuple[str, str]], int],
    root: tuple[str, str],
    *,
    leaves: bool = True,
):
    """The depth-first walk from `root`: (function, depth) in the order the walk is in each.
    `leaves=False` leaves out calls to functions that call no project function themselves."""
    children: dict[tuple[str, str], list[tuple[int, tuple[str, str]]]] = defaultdict(list)
    callers = {caller for caller, _ in calls}
    for (caller, callee), order in calls.items():
        if leaves or callee in callers:
            children[caller].append((order, callee))
    seen = {root}
    steps: list[tuple[tuple[str, str], int]] = [(root, 0)]

    def visit(function: tuple[str, str], depth: int) -> None:
        for _order, callee in sorted(children[function]):
            if callee in seen:
                continue
            seen.add(callee)
            steps.append((callee, depth + 1))
            visit(callee, depth + 1)
            steps.append((function, depth))  # back in the caller

    visit(root, 0)
    return steps


def file_path(steps) -> list[str]:
    """The files the walk is in, runs of one file merged."""
    files: list[str] = []
    for (file, _name), _depth in steps:
        if not files or files[-1] != file:
            files.append(file)
    return files


def measure(files: list[str]) -> dict[str, Any]:
    seen: set[str] = set()
    returns = 0
    back_to: Counter[str] = Counter()
    for file in files:
        if file in seen:
            returns += 1
            back_to[file] += 1
        seen.add(file)
    return {
        "files_entered": len(seen),
        "moves": len(files) - 1,
        "returns_to_a_file_left": returns,
        "most_returned_to": back_to.most_common(6),
    }


def room(file: str) -> str:
    """A stage package under `agent/` is one room; any other file is its own."""
    parts = file.split("/")
    return "/".join(parts[:2]) if parts[0] == "agent" and len(parts) > 2 else file


def in_rooms(steps):
    return [((room(file), name), depth) for (file, name), depth in steps]


def calls_into_files_left(steps) -> int:
    """The other reading of "returns to a file it had left": only *calls* count — a call into a file
    the walk was in before and has left — and coming back from a callee to its caller does not."""
    seen: set[str] = set()
    current, returns = None, 0
    for index, ((file, _name), depth) in enumerate(steps):
        called = index > 0 and depth > steps[index - 1][1]
        if called and file != current and file in seen:
            returns += 1
        seen.add(file)
        current = file
    return returns


async def run(claim: str) -> tuple[CallRecorder, dict[str, Any]]:
    from app.config import Settings
    from retrieval.embeddings import SentenceTransformerEmbedder
    from tests.conftest import app_client

    embedder = SentenceTransformerEmbedder.load("all-MiniLM-L6-v2")
    work = Path(tempfile.mkdtemp(prefix="claimcheck-claim-path-"))
    settings = Settings(
        _env_file=None,
        CHROMA_PERSIST_DIR=work / "kb",
        SEARCH_PROVIDER="none",
        RERANKER_MODEL="none",
        URL_CHECK=False,
        VERDICT_CACHE_TTL_S=0,
        RECORDS=False,
        ALLOWED_HOSTS="claimcheck.test",
    )
    recorder = CallRecorder()
    # Python 3.11 has no setprofile for threads already running: set the hook for every thread
    # the app starts (anyio's workers among them) before it starts; it records only when asked.
    threading.setprofile(recorder.hook)
    sys.setprofile(recorder.hook)
    sys.set_coroutine_origin_tracking_depth(64)
    try:
        async with app_client(settings, embedder=embedder) as client:
            # a first claim warms every lazy load, so the measured one sees the steady path
            warm = await client.post("/api/verify", json={"claim": "Water boils at 100 degrees"})
            warm.raise_for_status()
            recorder.recording = True
            try:
                response = await client.post("/api/verify", json={"claim": claim})
            finally:
                recorder.recording = False
            response.raise_for_status()
    finally:
        sys.setprofile(None)
        threading.setprofile(None)  # type: ignore[arg-type]
        sys.set_coroutine_origin_tracking_depth(0)
    return recorder, response.json()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--claim", default="The Earth is flat")
    parser.add_argument("--walk", action="store_true", help="print the walk, one call a line")
    args = parser.parse_args()
    sys.path.insert(0, str(ROOT))
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    recorder, answer = asyncio.run(run(args.claim))
    steps = walk(recorder.calls, ROUTE)
    files = file_path(steps)
    figures = measure(files)
    spine_steps = walk(recorder.calls, ROUTE, leaves=False)
    spine = measure(file_path(spine_steps))
    functions = {f for f, _ in steps}
    if args.walk:
        last = None
        for (file, name), depth in steps:
            if (file, name) != last:
                print(f"{'  ' * depth}{file}::{name}")
            last = (file, name)
        print()
    row = {
        "claim": args.claim,
        "verdict": answer.get("verdict"),
        "distinct_calls": len(recorder.calls),
        "functions_on_path": len(functions),
        "files_entered": figures["files_entered"],
        "moves_between_files": figures["moves"],
        "returns_to_a_file_left": figures["returns_to_a_file_left"],
        "files_entered_without_leaf_calls": spine["files_entered"],
        "returns_without_leaf_calls": spine["returns_to_a_file_left"],
        "calls_into_a_file_left": calls_into_files_left(steps),
        "calls_into_a_file_left_without_leaf_calls": calls_into_files_left(spine_steps),
        "calls_into_a_room_left": calls_into_files_left(in_rooms(steps)),
        "calls_into_a_room_left_without_leaf_calls": calls_into_files_left(in_rooms(spine_steps)),
        "issue_39_before": ISSUE_FIGURES["returns"],
        "most_returned_to": ", ".join(f"{f} ×{n}" for f, n in figures["most_returned_to"]),
    }
    emit(
        "claim_path",
        [row],
        list(row),
        extra={"definition": "depth-first walk of distinct project calls, first-call order"},
    )
    print(json.dumps({"files": files}), file=sys.stderr)


if __name__ == "__main__":
    main()
