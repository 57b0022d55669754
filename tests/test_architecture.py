"""The layout is the architecture: each stage imports only the stages before it.

core ← ingest ← graph, align ← store ← indexers ← views ← cli, build, fetch, web.
Walks every module's imports (function-level and TYPE_CHECKING ones included: a lazy
import that points up is still a dependency that points up) and fails on one that
climbs, and on any import loop between modules."""

from __future__ import annotations

import ast
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
STAGES: tuple[tuple[str, ...], ...] = (
    ("kb.core",),
    ("kb.ingest",),
    ("kb.graph", "kb.align"),
    ("kb.store",),
    ("indexers",),
    ("kb.views",),
    ("kb.cli", "kb.commands", "kb.build", "kb.fetch", "kb.web", "kb.__main__"),
)


def stage_of(module: str) -> int | None:
    for level, prefixes in enumerate(STAGES):
        if any(module == p or module.startswith(p + ".") for p in prefixes):
            return level
    return None


def module_name(path: Path) -> str:
    parts = path.relative_to(REPO).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def modules() -> dict[str, Path]:
    found = {module_name(p): p for root in ("kb", "indexers") for p in (REPO / root).rglob("*.py")}
    assert len(found) > 50, "the package was not found"
    return found


def _module_level(tree: ast.Module) -> list[ast.stmt]:
    """The statements run on import: not those in functions or under ``if TYPE_CHECKING``."""
    out: list[ast.stmt] = []
    for node in tree.body:
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            out.extend(node.orelse)
        elif isinstance(node, ast.If | ast.Try | ast.Import | ast.ImportFrom):
            out.append(node)
    return out


def imports_of(path: Path, known: set[str], on_import_only: bool = False) -> set[str]:
    """The project modules a file imports (``from kb.x import y`` counts as kb.x.y when
    that is a module, else kb.x); with ``on_import_only``, only those run when the
    module is imported (the graph in which a loop would break an import)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    nodes = ([n for stmt in _module_level(tree) for n in ast.walk(stmt)] if on_import_only
             else list(ast.walk(tree)))
    out: set[str] = set()
    for node in nodes:
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names if stage_of(a.name) is not None)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            if stage_of(node.module) is None:
                continue
            for alias in node.names:
                sub = f"{node.module}.{alias.name}"
                out.add(sub if sub in known else node.module)
    return out


def test_every_import_points_down_the_pipeline() -> None:
    found = modules()
    known = set(found)
    climbing = []
    for name, path in sorted(found.items()):
        if name in ("kb", "indexers"):
            continue  # the packages' own docstrings
        mine = stage_of(name)
        assert mine is not None, f"{name} belongs to no stage: add it to STAGES or move it"
        for target in sorted(imports_of(path, known)):
            theirs = stage_of(target)
            if theirs is not None and theirs > mine:
                climbing.append(f"{name} -> {target}")
    assert climbing == [], "imports from a lower stage to a higher one:\n" + "\n".join(climbing)


def test_no_import_loops() -> None:
    found = modules()
    known = set(found)
    graph = {name: {t for t in imports_of(path, known, on_import_only=True) if t in known and t != name}
             for name, path in found.items()}
    # a package's __init__ importing its own submodules is not a loop between stages
    graph = {n: {t for t in ts if not t.startswith(n + ".")} for n, ts in graph.items()}
    state: dict[str, int] = {}
    loops: list[str] = []

    def visit(node: str, trail: list[str]) -> None:
        state[node] = 1
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                start = trail.index(nxt) if nxt in trail else len(trail)
                loops.append(" -> ".join([*trail[start:], node, nxt]))
            elif nxt not in state:
                visit(nxt, [*trail, node])
        state[node] = 2

    for name in sorted(graph):
        if name not in state:
            visit(name, [])
    assert loops == [], "import loops:\n" + "\n".join(loops)


def test_the_align_package_imports_nothing_by_itself() -> None:
    """``kb search`` reads lexicons (kb.align.lexicon) and must not load the aligner and numpy."""
    init = REPO / "kb" / "align" / "__init__.py"
    assert imports_of(init, set(modules())) == set()


def test_the_web_app_declares_no_page_of_its_own() -> None:
    """Pages are declared in kb/commands.py's table; kb/web/app.py only registers them,
    in one loop: no route decorator, one ``add_api_route`` call, inside ``for … in TABLE``."""
    tree = ast.parse((REPO / "kb" / "web" / "app.py").read_text(encoding="utf-8"))
    routing = {"get", "post", "put", "patch", "delete", "head", "api_route", "route", "twins"}
    decorated = [f"{node.name}: @{ast.unparse(d)}" for node in ast.walk(tree)
                 if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) for d in node.decorator_list
                 if _called(d) in routing]
    assert decorated == []
    calls = [node for node in ast.walk(tree) if isinstance(node, ast.Call)
             and isinstance(node.func, ast.Attribute) and node.func.attr in ("add_api_route", "add_route", "route")]
    assert len(calls) == 1
    loops = [node for node in ast.walk(tree) if isinstance(node, ast.For) and ast.unparse(node.iter) == "TABLE"]
    assert loops and any(calls[0] in ast.walk(loop) for loop in loops)


def _called(decorator: ast.expr) -> str:
    """``app.get`` of ``@app.get("/x")``: the name a decorator calls."""
    target = decorator.func if isinstance(decorator, ast.Call) else decorator
    return target.attr if isinstance(target, ast.Attribute) else getattr(target, "id", "")
