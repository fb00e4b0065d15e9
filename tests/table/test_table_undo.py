"""Undo without replay (:mod:`bridgelaw.table.undo`): a snapshot of the table is taken before
each event and put back by ``Table.undo`` or when the event is refused.

The snapshot keeps each field by its kind (see the module): these tests check, on the tables
every script reaches, that every field of a table and of its play is one of those kinds (a
new field that is none of them fails here), that the calls' records and the append-only
records change only in the ways the snapshot knows (read from the source), and that undoing
every event of a script, one after the other, gives back exactly the table before each
(through the snapshots, and past them by a replay). The random-table property is
``test_undo_after_any_event_restores_the_exact_state`` in ``test_table_properties.py``.
"""

from __future__ import annotations

import ast
import copy
import dataclasses
import importlib
import json
from collections.abc import Iterator
from enum import Enum
from pathlib import Path

import pytest

from bridgelaw.analysis.adjudicate import Law70Adjudicator
from bridgelaw.table import ScriptError, Table, parse_event, undo
from bridgelaw.table.play_state import Revoke, TablePlay
from bridgelaw.table.script import load_script
from bridgelaw.table.state import CallRecord

from .support import SCRIPTS, table_state

KINDS = {
    **dict.fromkeys(undo.APPEND_ONLY, "append-only"),
    **dict.fromkeys(undo.SHALLOW, "shallow"),
    **dict.fromkeys(undo.RECORDS, "records"),
    "play": "play",
    "call_changes": "call changes",
}


def _attributes(obj: object) -> set[str]:
    """The fields of ``obj`` (compiled with mypyc: its class's slots; else its ``__dict__``)."""
    compiled: tuple[str, ...] | None = getattr(type(obj), "__mypyc_attrs__", None)
    return set(compiled) if compiled is not None else set(vars(obj))


def is_value(value: object) -> bool:
    """Never changed in place: a number, a word, a seat, a tuple or frozen record of such, or
    an object whose deep copy is itself (a board, a deal, a contract, a shared adjudicator)."""
    if value is None or isinstance(value, (bool, int, str, Enum)):
        return True
    if isinstance(value, (tuple, frozenset)):
        return all(is_value(v) for v in value)
    kind = type(value)
    if kind not in _SELF_COPIED:  # declared immutable: its deep copy is itself
        _SELF_COPIED[kind] = (
            getattr(value, "__deepcopy__", None) is not None and copy.deepcopy(value) is value
        )
    if _SELF_COPIED[kind]:
        return True
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return value.__dataclass_params__.frozen and all(  # type: ignore[attr-defined]
            is_value(getattr(value, f.name)) for f in dataclasses.fields(value)
        )
    return False


_SELF_COPIED: dict[type, bool] = {}


def _items(container: object) -> list[object]:
    if isinstance(container, dict):
        return [*container.keys(), *container.values()]
    assert isinstance(container, (list, set)), type(container)
    return list(container)


def _tables() -> Iterator[tuple[str, Table, bool]]:
    """Every table every script reaches (after each event), the script's name and whether it
    is the script's last."""
    for path in SCRIPTS:
        script = load_script(path)
        adjudicator = Law70Adjudicator() if script.adjudicate else None
        table = Table(script.board, script.edition, adjudicator)
        for index, text in enumerate(script.events, start=1):
            try:
                table.apply(parse_event(text, index))
            except ScriptError:
                break
            yield f"{path.name} event {index}", table, index == len(script.events)


def test_every_field_of_a_table_is_one_the_snapshot_knows() -> None:
    fields = set(undo.FIELDS)
    assert len(fields) == len(undo.FIELDS)
    assert set(KINDS) <= fields
    table = Table.from_deal(
        1, "N:AKQ2.KQ2.A32.K32 JT9.AJT.KQJ4.A54 876.9876.T98.QJ9 543.543.765.T876"
    )
    compiled = getattr(Table, "__mypyc_attrs__", None)
    if compiled is not None:  # every slot of the compiled table, the snapshots aside
        assert set(compiled) == fields | {"snapshots"}
        assert set(getattr(TablePlay, "__mypyc_attrs__", ())) == set(undo.PLAY_FIELDS)
    # the compiled build's tuple of fields is in the order of FIELDS (both builds check it)
    values = undo._values(table)
    assert len(values) == len(undo.FIELDS)
    for name, value in zip(undo.FIELDS, values, strict=True):
        now = getattr(table, name)  # (compiled, a number is boxed at each reading)
        assert now is value or (type(now) is int and now == value), name
    seen: set[str] = set()
    kinds_met: set[str] = set()
    for where, table, last in _tables():
        names = _attributes(table) - {"snapshots"}
        assert names <= fields, (where, names - fields)
        seen |= names
        for name in names:
            value = getattr(table, name)
            kind = KINDS.get(name)
            if kind is None:
                assert is_value(value), (where, name, value)
            elif kind == "shallow" or (kind == "append-only" and last):  # (only added to)
                items = _items(value)
                assert all(is_value(i) or isinstance(i, CallRecord) for i in items), (where, name)
                kinds_met.add(kind) if items else None
        play = table.play
        if play is not None:
            assert _attributes(play) == set(undo.PLAY_FIELDS), where
            for name in undo.PLAY_FIELDS:
                value = getattr(play, name)
                items = _items(value) if isinstance(value, (list, dict)) else [value]
                if name == "revokes":  # copied one by one, their fields being values
                    revokes = [r for r in items if isinstance(r, Revoke)]
                    assert len(revokes) == len(items), where
                    items = [getattr(r, f.name) for r in revokes for f in dataclasses.fields(r)]
                assert all(is_value(i) for i in items), (where, name)
    # not vacuous: the scripts set the layers' own fields and fill the containers
    assert {"claim", "dummy_offer", "missing_cards", "law45d_back"} <= seen or compiled
    assert kinds_met == {"append-only", "shallow"}


def _source_files() -> list[tuple[str, ast.Module]]:
    package = Path(importlib.import_module("bridgelaw.table").__file__ or "").parent
    return [
        (path.name, ast.parse(path.read_text(encoding="utf-8")))
        for path in sorted(package.glob("*.py"))
    ]


def _functions(tree: ast.Module) -> Iterator[tuple[str, ast.AST]]:
    """Every node with the name of the function it is in ("" at module level)."""

    def walk(node: ast.AST, name: str) -> Iterator[tuple[str, ast.AST]]:
        for child in ast.iter_child_nodes(node):
            inner = (
                child.name if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)) else name
            )
            yield inner, child
            yield from walk(child, inner)

    yield from walk(tree, "")


RECORD_FIELDS = {"status", "skipped", "inferred"}
"""A call's record's fields that change (its ``law`` with its status): only through
``set_status`` and ``set_skipped``, which note them for undo."""
MUTATORS = {"pop", "remove", "clear", "insert", "extend", "sort", "reverse", "__setitem__"}


def test_the_calls_records_and_the_append_only_records_change_only_as_the_snapshot_knows() -> None:
    allowed = {("state.py", "set_status"), ("state.py", "set_skipped"), ("undo.py", "restore")}
    found: list[str] = []
    seen_allowed: set[tuple[str, str]] = set()
    for module, tree in _source_files():
        for function, node in _functions(tree):
            where = f"{module}:{getattr(node, 'lineno', '?')} ({function})"
            targets: list[ast.expr] = []
            if isinstance(node, (ast.Assign, ast.AugAssign, ast.AnnAssign, ast.Delete)):
                raw = node.targets if isinstance(node, (ast.Assign, ast.Delete)) else [node.target]
                for target in raw:
                    targets += target.elts if isinstance(target, ast.Tuple) else [target]
            for target in targets:
                if isinstance(target, ast.Attribute) and target.attr in RECORD_FIELDS:
                    if (module, function) in allowed:
                        seen_allowed.add((module, function))
                    else:
                        found.append(f"{where}: .{target.attr} assigned")
                if (
                    isinstance(target, ast.Subscript)
                    and isinstance(target.value, ast.Attribute)
                    and target.value.attr in undo.APPEND_ONLY
                    and (module, function) not in allowed
                ):
                    found.append(f"{where}: an item of .{target.value.attr} replaced")
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr in MUTATORS
                and isinstance(node.func.value, ast.Attribute)
                and node.func.value.attr in undo.APPEND_ONLY
            ):
                found.append(f"{where}: .{node.func.value.attr}.{node.func.attr}()")
    assert not found, "\n".join(found)
    assert seen_allowed == allowed  # not vacuous: the scan sees the ways that are allowed


def _state(table: Table) -> tuple[str, object]:
    return json.dumps(table.to_json(), sort_keys=True), table_state(table)


@pytest.mark.parametrize(
    "name",
    [
        "l64b7-both-sides-revoked.yaml",  # revokes established in place (63A), Law 64
        "l62d1-trick-12-revoke-corrected-after-trick-13.yaml",
        "l27b2-pass-replacement-restricts-opening-lead.yaml",  # calls cancelled, 26B
        "l68d2b-play-on-by-agreement.yaml",  # a claim, then play goes on
        "l70-adj-claim-with-a-trick-in-progress.yaml",  # the adjudicator asked
    ],
)
def test_every_event_of_a_board_undone_in_turn_gives_back_each_table(name: str) -> None:
    path = next((p for p in SCRIPTS if p.name == name), None)
    assert path is not None, name
    script = load_script(path)
    table = Table(script.board, script.edition, Law70Adjudicator() if script.adjudicate else None)
    states = [_state(table)]
    for index, text in enumerate(script.events, start=1):
        table.apply(parse_event(text, index))
        states.append(_state(table))
    taken = (len(script.events) - 1) // undo.EVERY  # before events EVERY + 1, 2 EVERY + 1...
    assert len(table.snapshots.kept) == min(taken, undo.DEPTH)
    for count in range(len(script.events), 0, -1):
        if count == len(script.events) // 2:
            table.snapshots.kept.clear()  # past the snapshots kept: the events before are replayed
        table.undo()
        assert _state(table) == states[count - 1], f"undoing event {count}"
    assert table.events == []
