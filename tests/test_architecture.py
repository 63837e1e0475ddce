"""The shape limits of issue 39, measured on the production packages (agent, app, jobs, retrieval,
search) as they are formatted: function and module lengths, agent/'s top-level modules, import
cycles, imports from a lower layer to a higher one, and function-local imports between project
modules.

Today's offenders are listed below (each with its size where it has one). A list may only shrink:
a new offender fails, an offender that grew past its listed size fails, and an entry that is no
longer needed fails too, so the lists stay exact. After a move that fixes or renames an offender,
`python -m tests.test_architecture` prints every list as it should now read.

How things are measured:
- a function's length is its `def` line to its last line (decorators not counted, nested
  functions counted in their parent and on their own); a module's length is its line count;
- the import graph has an edge A → B for every `import B` / `from B import x` in A wherever it is
  written (module level, inside a function, under TYPE_CHECKING), B being the deepest project
  module the statement names; `from pkg import Name` where pkg's __init__ loads Name lazily
  (lazy_loader.attach) is an edge to the submodule that defines Name. A cycle is a strongly
  connected component of more than one module;
- layers: app is the top; jobs, agent, search and retrieval lie below it; seed (the starter data
  and its loader) lies below app too. A lower layer may not import a higher one.
"""

from __future__ import annotations

import ast
import functools
import sys
from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PRODUCTION = ("agent", "app", "jobs", "retrieval", "search")
PROJECT = (*PRODUCTION, "seed")
MAX_FUNCTION_LINES = 60
MAX_MODULE_LINES = 400
MAX_AGENT_MODULES = 8

# Higher number = higher layer. A module may import its own layer or a lower one.
LAYERS = {"app": 2, "jobs": 1, "agent": 1, "search": 1, "retrieval": 1, "seed": 1}

# Project modules that may be imported inside a function: each loads a heavy optional dependency
# at import time, so importing it lazily keeps `import app` (and the server's start) cheap.
LAZY_HEAVY: dict[str, str] = {
    "app.main": "the FastAPI app: ~1.9 s to import; `claimcheck serve` loads it, other commands do not",
    "app.mcp": "the MCP SDK: ~1.1 s to import; only `claimcheck mcp` needs it",
    "app.jobs_setup": (
        "the worker's composition: app.runtime (the verifier's whole stack, seconds to import) "
        "and the Dramatiq worker; only `claimcheck worker` needs it"
    ),
}

# --- today's offenders (issue 39); shrink these, never grow them ---------------------------------

LONG_FUNCTIONS: dict[str, int] = {}
LONG_MODULES: dict[str, int] = {}
AGENT_TOP_LEVEL: set[str] = set()
CYCLES: list[set[str]] = []
UPWARD_IMPORTS: set[str] = set()
LOCAL_IMPORTS: set[str] = {
    "app.config::Settings._profile → agent.check",
    "app.security::document_security.openapi → app.schemas.common",
}

# --- measuring -------------------------------------------------------------------------------------


def production_files() -> Iterator[Path]:
    for package in PRODUCTION:
        yield from sorted((ROOT / package).rglob("*.py"))


def project_files() -> Iterator[Path]:
    for package in PROJECT:
        yield from sorted((ROOT / package).rglob("*.py"))


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def rel(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


def _parse(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"), filename=str(path))


def function_lengths() -> dict[str, int]:
    """`file::Qual.name` → lines, for every function and method (the longest of same-named ones)."""
    found: dict[str, int] = {}

    def walk(node: ast.AST, prefix: str, where: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef):
                name = f"{prefix}{child.name}"
                size = (child.end_lineno or child.lineno) - child.lineno + 1
                key = f"{where}::{name}"
                found[key] = max(found.get(key, 0), size)
                walk(child, f"{name}.", where)
            elif isinstance(child, ast.ClassDef):
                walk(child, f"{prefix}{child.name}.", where)
            else:
                walk(child, prefix, where)

    for path in production_files():
        walk(_parse(path), "", rel(path))
    return found


def module_lengths() -> dict[str, int]:
    return {
        rel(path): len(path.read_text(encoding="utf-8").splitlines()) for path in production_files()
    }


def agent_top_level() -> set[str]:
    return {p.name for p in (ROOT / "agent").glob("*.py") if p.name != "__init__.py"}


@dataclass(frozen=True)
class Import:
    source: str  # importing module
    target: str  # imported project module
    function: str | None  # the enclosing function's qualified name; None at module level
    line: int


def _modules() -> dict[str, Path]:
    return {module_name(p): p for p in project_files()}


def _lazy_faces(modules: dict[str, Path]) -> dict[str, dict[str, str]]:
    """package → {public name → submodule} for packages whose __init__ uses lazy_loader.attach."""
    faces: dict[str, dict[str, str]] = {}
    for name, path in modules.items():
        if path.name != "__init__.py":
            continue
        for node in ast.walk(_parse(path)):
            if not (isinstance(node, ast.Call) and ast.unparse(node.func) == "lazy_loader.attach"):
                continue
            for keyword in node.keywords:
                if keyword.arg == "submod_attrs" and isinstance(keyword.value, ast.Dict):
                    mapping = ast.literal_eval(keyword.value)
                    faces[name] = {
                        attr: f"{name}.{sub}" for sub, attrs in mapping.items() for attr in attrs
                    }
    return faces


def _resolve(base: str, name: str | None, modules: dict[str, Path], faces: dict) -> str | None:
    """The deepest project module `from base import name` (or `import base`) reaches."""
    if name is not None:
        if f"{base}.{name}" in modules:
            return f"{base}.{name}"
        if name in faces.get(base, {}) and faces[base][name] in modules:
            return faces[base][name]
    while base and base not in modules:
        base = base.rpartition(".")[0]
    return base or None


@functools.cache
def imports() -> list[Import]:
    modules = _modules()
    faces = _lazy_faces(modules)
    found: list[Import] = []

    def walk(node: ast.AST, source: str, package: str, function: str | None, prefix: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef):
                name = f"{prefix}{child.name}"
                walk(child, source, package, name, f"{name}.")
            elif isinstance(child, ast.ClassDef):
                walk(child, source, package, function, f"{prefix}{child.name}.")
            elif isinstance(child, ast.Import):
                for alias in child.names:
                    target = _resolve(alias.name, None, modules, faces)
                    if target and target != source:
                        found.append(Import(source, target, function, child.lineno))
            elif isinstance(child, ast.ImportFrom):
                base = child.module or ""
                if child.level:
                    anchor = package.split(".")
                    anchor = anchor[: len(anchor) - child.level + 1]
                    base = ".".join([*anchor, base] if base else anchor)
                if base.split(".")[0] not in PROJECT:
                    continue
                for alias in child.names:
                    target = _resolve(base, alias.name, modules, faces)
                    if target and target != source:
                        found.append(Import(source, target, function, child.lineno))
            else:
                walk(child, source, package, function, prefix)

    for name, path in modules.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        walk(_parse(path), name, package, None, "")
    return found


def cycles(edges: list[Import]) -> list[set[str]]:
    """Strongly connected components of more than one module (Tarjan, iterative)."""
    graph: dict[str, set[str]] = defaultdict(set)
    for edge in edges:
        graph[edge.source].add(edge.target)
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    components: list[set[str]] = []
    counter = 0
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            advanced = False
            for child in children:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                    advanced = True
                    break
                if child in on_stack:
                    low[node] = min(low[node], index[child])
            if advanced:
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = set()
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.add(member)
                    if member == node:
                        break
                if len(component) > 1:
                    components.append(component)
    return sorted(components, key=lambda c: sorted(c))


def upward(edges: list[Import]) -> set[str]:
    """`source → target` for imports from a lower layer into a higher one."""
    return {
        f"{e.source} → {e.target}"
        for e in edges
        if LAYERS[e.target.split(".")[0]] > LAYERS[e.source.split(".")[0]]
    }


def local(edges: list[Import]) -> set[str]:
    """`source::function → target` for imports of project modules written inside a function,
    except those of LAZY_HEAVY modules."""
    return {
        f"{e.source}::{e.function} → {e.target}"
        for e in edges
        if e.function is not None
        and e.source.split(".")[0] in PRODUCTION
        and e.target not in LAZY_HEAVY
    }


# --- the checks ------------------------------------------------------------------------------------


def _exact(kind: str, measured: set[str], allowed: set[str]) -> list[str]:
    problems = [f"new {kind}: {item}" for item in sorted(measured - allowed)]
    problems += [
        f"{kind} no longer there, remove it from the list: {item}"
        for item in sorted(allowed - measured)
    ]
    return problems


def _sized(kind: str, limit: int, measured: dict[str, int], allowed: dict[str, int]) -> list[str]:
    problems = []
    for key, size in sorted(measured.items()):
        if size <= limit:
            continue
        if key not in allowed:
            problems.append(f"new {kind} over {limit} lines: {key} ({size})")
        elif size > allowed[key]:
            problems.append(f"{kind} grew: {key} is {size} lines, listed at {allowed[key]}")
    for key in sorted(allowed):
        if measured.get(key, 0) <= limit:
            problems.append(
                f"{kind} {key} is within {limit} lines now ({measured.get(key, 'gone')}): "
                "remove it from the list"
            )
    return problems


def test_function_lengths() -> None:
    problems = _sized("function", MAX_FUNCTION_LINES, function_lengths(), LONG_FUNCTIONS)
    assert not problems, "\n".join(problems)


def test_module_lengths() -> None:
    problems = _sized("module", MAX_MODULE_LINES, module_lengths(), LONG_MODULES)
    assert not problems, "\n".join(problems)


def test_agent_top_level_modules() -> None:
    measured = agent_top_level()
    if len(measured) <= MAX_AGENT_MODULES:
        assert not AGENT_TOP_LEVEL, (
            f"agent/ has {len(measured)} top-level modules (limit {MAX_AGENT_MODULES}): "
            "empty AGENT_TOP_LEVEL"
        )
        return
    problems = _exact("agent/ top-level module", measured, AGENT_TOP_LEVEL)
    assert not problems, "\n".join(problems)


def test_no_import_cycles() -> None:
    measured = {", ".join(sorted(c)) for c in cycles(imports())}
    allowed = {", ".join(sorted(c)) for c in CYCLES}
    problems = _exact("import cycle", measured, allowed)
    assert not problems, "\n".join(problems)


def test_no_import_from_a_lower_layer_to_a_higher_one() -> None:
    problems = _exact("upward import", upward(imports()), UPWARD_IMPORTS)
    assert not problems, "\n".join(problems)


def test_no_function_local_imports_between_project_modules() -> None:
    problems = _exact("function-local import", local(imports()), LOCAL_IMPORTS)
    assert not problems, "\n".join(problems)


def test_the_measures_see_what_they_should() -> None:
    """The walkers find real code: a known long module, a known import, the lazy faces."""
    edges = imports()
    assert len(module_lengths()) > 50
    assert any(e.source == "app.knowledge" and e.target == "retrieval.documents" for e in edges)
    assert "retrieval.knowledge_base" in _lazy_faces(_modules())["retrieval"].values()


def _print_lists() -> None:
    """Print every list as it should read now (after a move that fixes or renames offenders)."""
    edges = imports()
    long_functions = {k: v for k, v in sorted(function_lengths().items()) if v > MAX_FUNCTION_LINES}
    long_modules = {k: v for k, v in sorted(module_lengths().items()) if v > MAX_MODULE_LINES}
    top = agent_top_level()
    print("LONG_FUNCTIONS: dict[str, int] = {")
    for key, size in long_functions.items():
        print(f"    {key!r}: {size},")
    print("}")
    print("LONG_MODULES: dict[str, int] = {")
    for key, size in long_modules.items():
        print(f"    {key!r}: {size},")
    print("}")
    _print_set("AGENT_TOP_LEVEL", sorted(top) if len(top) > MAX_AGENT_MODULES else [])
    print("CYCLES: list[set[str]] = [")
    for component in cycles(edges):
        print(f"    {sorted(component)!r},".replace("[", "{").replace("]", "}"))
    print("]")
    _print_set("UPWARD_IMPORTS", sorted(upward(edges)))
    _print_set("LOCAL_IMPORTS", sorted(local(edges)))


def _print_set(name: str, items: list[str]) -> None:
    if not items:
        print(f"{name}: set[str] = set()")
        return
    print(f"{name}: set[str] = {{")
    for item in items:
        print(f"    {item!r},")
    print("}")


if __name__ == "__main__":
    _print_lists()
    sys.exit(0)
