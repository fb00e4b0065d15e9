"""One object per irregularity (``bridgelaw.table.state.Pending``): each class is declared in the
rule layer whose rules take it up, is parametrised by that layer, names a distinct
``PendingKind`` and makes its own offer and takes its own answers; no rule module dispatches on
a pending's kind."""

from __future__ import annotations

import ast
import importlib
from pathlib import Path
from typing import Any, get_args

from bridgelaw.table.state import Pending, PendingKind

#: the rule modules and their layer classes (as ``tests/test_table_layers.py`` lists them)
LAYERS = (
    ("state", "TableState"),
    ("auction_rules", "AuctionRules"),
    ("play_rules", "PlayRules"),
    ("revokes", "RevokeRules"),
    ("defective", "TrickRules"),
    ("dummy_rules", "DummyRules"),
    ("claims", "ClaimRules"),
    ("board_rules", "BoardRules"),
    ("engine", "Table"),
)


def _classes() -> list[type[Pending[Any]]]:
    for module, _ in LAYERS:
        importlib.import_module(f"bridgelaw.table.{module}")
    found: list[type[Pending[Any]]] = []
    todo = list(Pending.__subclasses__())
    while todo:
        cls = todo.pop()
        found.append(cls)
        todo.extend(cls.__subclasses__())
    return found


def test_every_kind_has_one_class_in_the_layer_of_its_rules() -> None:
    classes = _classes()
    kinds = [cls.kind for cls in classes]
    assert sorted(kinds) == sorted(get_args(PendingKind))  # one class per kind, each once
    layer_of = dict(LAYERS)
    for cls in classes:
        module = cls.__module__.rsplit(".", 1)[1]
        assert module in layer_of and module != "state", cls
        (param,) = [
            arg
            for base in getattr(cls, "__orig_bases__", ())
            for arg in getattr(base, "__args__", ())
        ] or [None]
        if param is not None:  # a subclass of another pending class inherits its layer
            assert param.__name__ == layer_of[module], cls
        for method in ("offer", "answer"):
            assert not getattr(getattr(cls, method), "__isabstractmethod__", False), cls


def test_no_rule_module_dispatches_on_a_pending_kind() -> None:
    """The offer and the answer are the object's: nothing compares ``pending.kind`` (or a
    ``p.kind``) with a word, and nothing keys a table by it."""
    for module, _ in LAYERS:
        path = importlib.import_module(f"bridgelaw.table.{module}").__file__
        assert path is not None
        for node in ast.walk(ast.parse(Path(path).read_text(encoding="utf-8"))):
            if isinstance(node, ast.Attribute) and node.attr == "kind":
                owner = ast.unparse(node.value)
                assert owner not in ("p", "self.pending", "pending"), (module, node.lineno)
