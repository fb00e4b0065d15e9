"""No import cycle among bridgelaw's modules: each module imports only modules that do not
import it back, directly or through others, so that the package reads bottom up (the layers
of docs/architecture.md) and any module can be imported first.

The imports are read from the source with :mod:`ast`, every one that runs: at the top of a
module and inside functions, methods and ``try`` blocks alike (an import deferred into a
function still ties the two modules together). ``from package import name`` is an import of
the submodule ``package.name`` when there is one, else of the package; relative imports are
resolved. A package's ``__init__``, which Python runs before any of its submodules, is not
counted as imported by them (else every package that names its submodules would be a cycle).

An import under ``if TYPE_CHECKING:`` never runs; the second test counts those too, and finds
none: the table engine's record and its legal view read the table through protocols of their
own (``table.record.Table``, ``table.legal.Table``) rather than naming the engine that makes
both.

    python tests/core/test_import_cycles.py [ROOT]   # prints the cycles of ROOT/src/bridgelaw
"""

from __future__ import annotations

import ast
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TYPE_HINT_CYCLES: set[frozenset[str]] = set()
"""The cycles through imports made for type hints only that are allowed: none."""


@dataclass(frozen=True)
class Import:
    """``module`` imports ``target`` at ``line`` (``hint``: under ``if TYPE_CHECKING:``)."""

    module: str
    target: str
    line: int
    hint: bool


def modules(root: Path) -> dict[str, tuple[Path, bool]]:
    """Each module of ``root/src/bridgelaw`` by its dotted name: its file, and whether it is a
    package's ``__init__``."""
    package = root / "src" / "bridgelaw"
    found: dict[str, tuple[Path, bool]] = {}
    for path in sorted(package.rglob("*.py")):
        parts = list(path.relative_to(package.parent).with_suffix("").parts)
        is_package = parts[-1] == "__init__"
        if is_package:
            parts.pop()
        found[".".join(parts)] = (path, is_package)
    return found


def _hinted(tree: ast.Module) -> set[int]:
    """The ids of the nodes inside an ``if TYPE_CHECKING:`` block."""
    inside: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            for statement in node.body:
                inside.update(id(n) for n in ast.walk(statement))
    return inside


def imports(root: Path) -> list[Import]:
    """Every import of one of bridgelaw's modules by another, wherever it stands."""
    known = modules(root)
    found: list[Import] = []
    for name, (path, is_package) in known.items():
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        hinted = _hinted(tree)
        package = name if is_package else name.rpartition(".")[0]
        for node in ast.walk(tree):
            if not isinstance(node, ast.Import | ast.ImportFrom):
                continue
            targets: list[str] = []
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names if alias.name in known]
            else:
                base = node.module or ""
                if node.level:
                    parts = package.split(".")
                    parts = parts[: len(parts) - node.level + 1]
                    base = ".".join([*parts, base] if base else parts)
                for alias in node.names:
                    submodule = f"{base}.{alias.name}"
                    if submodule in known:
                        targets.append(submodule)
                    elif base in known:
                        targets.append(base)
            for target in dict.fromkeys(targets):
                if target != name:
                    found.append(Import(name, target, node.lineno, id(node) in hinted))
    return found


def cycles(root: Path = ROOT, hints: bool = False) -> list[list[Import]]:
    """The import cycles of ``root``'s package: for each group of modules that import each
    other round (a strongly connected component), the imports that tie it; with ``hints``, the
    imports for type hints count too."""
    edges: dict[str, list[Import]] = {name: [] for name in modules(root)}
    for found in imports(root):
        if hints or not found.hint:
            edges[found.module].append(found)
    # Tarjan's strongly connected components, without recursion
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[set[str]] = []
    for start in edges:
        if start in index:
            continue
        work = [(start, 0)]
        while work:
            name, at = work.pop()
            if at == 0:
                index[name] = low[name] = len(index)
                stack.append(name)
                on_stack.add(name)
            targets = [e.target for e in edges[name]]
            if at < len(targets):
                work.append((name, at + 1))
                target = targets[at]
                if target not in index:
                    work.append((target, 0))
                elif target in on_stack:
                    low[name] = min(low[name], index[target])
                continue
            if low[name] == index[name]:
                group: set[str] = set()
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.add(member)
                    if member == name:
                        break
                if len(group) > 1:
                    groups.append(group)
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[name])
    return [
        sorted(
            (e for m in group for e in edges[m] if e.target in group),
            key=lambda e: (e.module, e.line),
        )
        for group in sorted(groups, key=sorted)
    ]


def describe(found: list[list[Import]]) -> str:
    lines = []
    for group in found:
        members = sorted({e.module for e in group})
        lines.append(f"cycle among {', '.join(members)}:")
        lines += [
            f"  {e.module} line {e.line} imports {e.target}{' (type hints)' if e.hint else ''}"
            for e in group
        ]
    return "\n".join(lines) or "no import cycle"


def test_no_module_imports_one_that_imports_it_back() -> None:
    found = cycles()
    assert not found, describe(found)


def test_nor_through_the_imports_for_type_hints() -> None:
    found = cycles(hints=True)
    assert {frozenset(e.module for e in group) for group in found} == TYPE_HINT_CYCLES, describe(
        found
    )


def test_a_cycle_is_found_wherever_its_imports_stand(tmp_path: Path) -> None:
    package = tmp_path / "src" / "bridgelaw"
    (package / "sub").mkdir(parents=True)
    sources = {
        "__init__.py": "from bridgelaw import a\n",  # not imported back by its submodules
        "a.py": "def f():\n    from bridgelaw.sub import b\n",  # in a function
        "sub/__init__.py": "",
        "sub/b.py": "try:\n    from .c import x\nexcept ImportError:\n    x = 0\n",  # relative
        "sub/c.py": "from typing import TYPE_CHECKING\nimport bridgelaw.a\n"
        "if TYPE_CHECKING:\n    from bridgelaw.sub import d\n",  # a hint, line 4
        "sub/d.py": "from bridgelaw.sub.c import y\n",
    }
    for name, text in sources.items():
        (package / name).write_text(text)
    found = cycles(tmp_path)
    assert [[(e.module, e.target) for e in group] for group in found] == [
        [
            ("bridgelaw.a", "bridgelaw.sub.b"),
            ("bridgelaw.sub.b", "bridgelaw.sub.c"),
            ("bridgelaw.sub.c", "bridgelaw.a"),
        ]
    ]
    hinted = cycles(tmp_path, hints=True)
    assert {frozenset(e.module for e in group) for group in hinted} == {
        frozenset({"bridgelaw.a", "bridgelaw.sub.b", "bridgelaw.sub.c", "bridgelaw.sub.d"})
    }
    assert "bridgelaw.sub.c line 4 imports bridgelaw.sub.d (type hints)" in describe(hinted)


if __name__ == "__main__":
    root = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT
    print("imports that run:\n" + describe(cycles(root)))
    print("with the imports for type hints:\n" + describe(cycles(root, hints=True)))
