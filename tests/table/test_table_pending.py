"""One object per irregularity (``bridgelaw.table.state.Pending``): each class is declared in the
rule layer whose rules take it up, or in its own module under ``table/rules`` with its clauses
declared, is parametrised by that layer, names a distinct ``PendingKind`` and
makes its own offer and takes its own answers; no rule module dispatches on a pending's kind."""

from __future__ import annotations

import ast
import importlib
from pathlib import Path
from typing import get_args

from bridgelaw.table.rules.registry import DECLARED
from bridgelaw.table.state import Pending, PendingKind

from .support import LAYERS  # the rule modules and their layer classes


def _classes() -> list[type[Pending]]:
    for module, _ in LAYERS:
        importlib.import_module(f"bridgelaw.table.{module}")
    found: list[type[Pending]] = []
    todo = list(Pending.__subclasses__())
    while todo:
        cls = todo.pop()
        found.append(cls)
        todo.extend(cls.__subclasses__())
    return found


#: the open matters moved into table/rules: their modules (relative to bridgelaw.table)
MATTERS = {
    matter: d.module.removeprefix("bridgelaw.table.")
    for d in DECLARED
    for matter in (d.matter, *d.stages)
}


def _source(module: str) -> ast.Module:
    path = importlib.import_module(f"bridgelaw.table.{module}").__file__
    assert path is not None
    # the source beside the module (in the compiled build the module is a .so)
    name = module.rsplit(".", 1)[-1]
    return ast.parse((Path(path).parent / f"{name}.py").read_text(encoding="utf-8"))


def _kind(cls: type[Pending]) -> str:
    """The word a class's ``kind`` returns, read from its source (a compiled class's property
    has no getter to call without an instance)."""
    module = cls.__module__.removeprefix("bridgelaw.table.")
    (node,) = [
        n
        for n in ast.walk(_source(module))
        if isinstance(n, ast.ClassDef) and n.name == cls.__name__
    ]
    (kind,) = [f for f in node.body if isinstance(f, ast.FunctionDef) and f.name == "kind"]
    (ret,) = [r for r in ast.walk(kind) if isinstance(r, ast.Return)]
    assert isinstance(ret.value, ast.Constant) and isinstance(ret.value.value, str)
    return ret.value.value


def test_every_kind_has_one_class_in_the_layer_of_its_rules() -> None:
    classes = _classes()
    assert sorted(_kind(cls) for cls in classes) == sorted(get_args(PendingKind))  # each once
    layer_of = dict(LAYERS)
    for cls in classes:
        module = cls.__module__.removeprefix("bridgelaw.table.")
        assert (module in layer_of and module != "state") or MATTERS.get(cls.__name__) == module
        assert (module in layer_of) != (cls.__name__ in MATTERS), cls
        for method in ("kind", "offer", "answer"):
            assert not getattr(getattr(cls, method), "__isabstractmethod__", False), cls


def test_an_irregularity_reaches_its_layer_only_through_a_protocol() -> None:
    """Every pending class is an open matter under ``table/rules``: its module imports no layer
    (it sees the table through the protocols of ``rules/*/layer.py``, which mypy holds the
    layers to), and no layer keeps a helper that narrowed the table to it for a matter."""
    layers = {f"bridgelaw.table.{module}" for module, _ in LAYERS[1:]}
    for cls in _classes():
        assert cls.__name__ in MATTERS, cls
    for d in DECLARED:
        imported = {
            node.module
            for node in ast.walk(_source(d.module.removeprefix("bridgelaw.table.")))
            if isinstance(node, ast.ImportFrom) and node.module
        }
        assert not imported & layers, d.module
    for module, _ in LAYERS[1:]:
        helpers = [
            f.name
            for f in _source(module).body
            if isinstance(f, ast.FunctionDef) and f.name.startswith("as_")
        ]
        assert helpers == [], module


def test_no_rule_module_dispatches_on_a_pending_kind() -> None:
    """The offer and the answer are the object's: nothing compares ``pending.kind`` (or a
    ``p.kind``) with a word, and nothing keys a table by it."""
    for module in [m for m, _ in LAYERS] + list(MATTERS.values()):
        for node in ast.walk(_source(module)):
            if isinstance(node, ast.Attribute) and node.attr == "kind":
                owner = ast.unparse(node.value)
                assert owner not in ("p", "self.pending", "pending"), (module, node.lineno)
