"""The table's rule modules are layers (``bridgelaw.table``): each class is a subclass of the one
below, a rule calls its own layer or a lower one, and the only calls up are the hooks declared
once in ``TableState`` (abstract there, defined by the engine). Read from the source, so a new
call up, a stub standing in for another module's method, or a mixin added side by side fails
here, not in a reader's head."""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

from bridgelaw.table import Table
from bridgelaw.table.state import TableState

from .support import LAYERS  # bottom up: the module and its layer class

#: the table's methods as Python functions (not in the compiled build, where they are mypyc's)
PURE = not hasattr(TableState, "__mypyc_attrs__")


def _source(module: str) -> ast.Module:
    path = importlib.import_module(f"bridgelaw.table.{module}").__file__
    assert path is not None
    # the source beside the module (in the compiled build the module is a .so)
    return ast.parse((Path(path).parent / f"{module}.py").read_text(encoding="utf-8"))


def _layer_class(module: str, name: str) -> ast.ClassDef:
    return next(
        node
        for node in _source(module).body
        if isinstance(node, ast.ClassDef) and node.name == name
    )


def _defined(cls: ast.ClassDef) -> set[str]:
    """The methods, properties and annotated attributes the layer class declares."""
    names: set[str] = set()
    for node in cls.body:
        if isinstance(node, ast.FunctionDef):
            names.add(node.name)
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names.add(node.target.id)
    return names


#: the hooks: TableState's abstract methods, read from its source (mypyc keeps no
#: ``__isabstractmethod__`` on compiled methods; the pure build checks both agree)
HOOKS = frozenset(
    node.name
    for node in _layer_class("state", "TableState").body
    if isinstance(node, ast.FunctionDef)
    and any(isinstance(d, ast.Name) and d.id == "abstractmethod" for d in node.decorator_list)
)


def _used(cls: ast.ClassDef) -> set[str]:
    return {
        node.attr
        for node in ast.walk(cls)
        if isinstance(node, ast.Attribute)
        and isinstance(node.value, ast.Name)
        and node.value.id == "self"
    }


def test_the_layers_are_one_chain_in_the_documented_order() -> None:
    expected = [name for _, name in reversed(LAYERS)]
    assert [c.__name__ for c in Table.__mro__[:-1]] == expected
    for (module, name), (_, below) in zip(LAYERS[1:], LAYERS, strict=False):
        cls = getattr(importlib.import_module(f"bridgelaw.table.{module}"), name)
        assert [b.__name__ for b in cls.__bases__] == [below], name


def test_the_hooks_are_declared_once_and_defined_by_the_engine() -> None:
    assert {"play_event", "_end_of_play", "end_board"} == HOOKS
    if PURE:
        abstract = {
            name
            for name in dir(TableState)
            if getattr(getattr(TableState, name), "__isabstractmethod__", False)
        }
        assert abstract == HOOKS
    for hook in HOOKS:
        assert not getattr(getattr(Table, hook), "__isabstractmethod__", False), hook
        owners = [n for m, n in LAYERS if hook in _defined(_layer_class(m, n))]
        assert owners == ["TableState", "Table"], (hook, owners)


def test_each_name_belongs_to_one_layer() -> None:
    """No stub or override stands in for another layer's method (the hooks aside)."""
    seen: dict[str, str] = {}
    for module, name in LAYERS:
        for attr in _defined(_layer_class(module, name)) - HOOKS:
            assert attr not in seen, f"{attr} is defined by {seen[attr]} and {name}"
            seen[attr] = name


def test_a_rule_calls_only_its_layer_and_those_below_but_the_hooks() -> None:
    owner: dict[str, int] = {}
    for level, (module, name) in enumerate(LAYERS):
        for attr in _defined(_layer_class(module, name)):
            owner.setdefault(attr, level)
    calls_up = [
        f"{name}: self.{attr} ({LAYERS[owner[attr]][1]})"
        for level, (module, name) in enumerate(LAYERS)
        for attr in sorted(_used(_layer_class(module, name)))
        if owner.get(attr, 0) > level and attr not in HOOKS
    ]
    assert calls_up == []


def test_no_stub_and_no_declaration_for_type_checking_only() -> None:
    for module, _ in LAYERS:
        for node in ast.walk(_source(module)):
            if isinstance(node, ast.Raise) and node.exc is not None:
                assert "NotImplementedError" not in ast.unparse(node.exc), module
            if isinstance(node, ast.ClassDef):
                for stmt in node.body:
                    assert not (
                        isinstance(stmt, ast.If) and "TYPE_CHECKING" in ast.unparse(stmt.test)
                    ), module
