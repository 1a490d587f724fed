"""No module of pnp/ takes part in an import cycle.

Every import counts: at module level, inside functions (deferred for start-up speed, but still a
dependency of the code) and under `if TYPE_CHECKING:` (a dependency of the types). A cycle through
any of them means two modules cannot be understood, tested or moved apart, so all are refused.
Imports are read from the source with ast; nothing is imported.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "pnp"


def modules(package: Path) -> dict[str, tuple[Path, bool]]:
    """Dotted module name -> (file, is a package's __init__)."""
    found = {}
    for path in package.rglob("*.py"):
        parts = list(path.relative_to(package.parent).with_suffix("").parts)
        is_package = parts[-1] == "__init__"
        found[".".join(parts[:-1] if is_package else parts)] = (path, is_package)
    return found


def imported_names(module: str, is_package: bool, tree: ast.Module) -> Iterator[str]:
    """Every dotted name an import statement anywhere in the module reaches for, relative ones resolved."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = module if is_package else module.rpartition(".")[0]
                for _ in range(node.level - 1):
                    base = base.rpartition(".")[0]
                source = f"{base}.{node.module}" if node.module else base
            else:
                source = node.module or ""
            yield source
            yield from (f"{source}.{alias.name}" for alias in node.names)  # `from pkg import submodule`


def import_graph(package: Path) -> dict[str, set[str]]:
    known = modules(package)
    graph: dict[str, set[str]] = {}
    for name, (path, is_package) in known.items():
        targets = set()
        for imported in imported_names(name, is_package, ast.parse(path.read_text(encoding="utf-8"))):
            if imported in known:  # a module of pnp (a name imported from one resolves to its module)
                targets.add(imported)
            else:
                owner = imported.rpartition(".")[0]
                if owner in known and imported.startswith(owner):
                    targets.add(owner)
        targets.discard(name)
        graph[name] = targets
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, successors = work[-1]
            for successor in successors:
                if successor not in index:
                    index[successor] = low[successor] = len(index)
                    stack.append(successor)
                    on_stack.add(successor)
                    work.append((successor, iter(sorted(graph[successor]))))
                    break
                if successor in on_stack:
                    low[node] = min(low[node], index[successor])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.append(member)
                        if member == node:
                            break
                    if len(component) > 1:
                        found.append(sorted(component))
    return found


def test_no_module_of_pnp_is_in_an_import_cycle() -> None:
    found = cycles(import_graph(PACKAGE))
    assert not found, "import cycles: " + "; ".join(" <-> ".join(cycle) for cycle in found)


def test_the_finder_sees_a_cycle_through_a_function_level_and_a_type_only_import(tmp_path: Path) -> None:
    package = tmp_path / "pnp"
    (package / "inner").mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "inner" / "__init__.py").write_text("from .options import LIMIT\n")
    (package / "inner" / "options.py").write_text("def limit():\n    from pnp.inner.model import SIZE\n")
    (package / "inner" / "model.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from ..inner.options import limit\n")
    (package / "alone.py").write_text("import pnp.inner.model\n")
    assert cycles(import_graph(package)) == [["pnp.inner.model", "pnp.inner.options"]]
    (package / "inner" / "model.py").write_text("import json\n")
    assert cycles(import_graph(package)) == []
