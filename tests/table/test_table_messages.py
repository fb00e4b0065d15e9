"""Rulings as messages with parameters: the catalog is consistent, every ruling and
review the scripts make is a message of it, its text is the message rendered, and a view that
hides the cards a seat may not see leaves no card in the sentence."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from bridgelaw.analysis.adjudicate import Law70Adjudicator
from bridgelaw.server.views import CARD_WORD, HIDDEN, said_records
from bridgelaw.table import ScriptError, Table
from bridgelaw.table.events import parse_event
from bridgelaw.table.messages import (
    CATALOG,
    MESSAGES,
    PARAMETERS,
    Kind,
    Said,
    UnknownMessage,
    from_json,
    kind_of,
    say,
)
from bridgelaw.table.script import load_script
from bridgelaw.table.state import Review, Ruling

HERE = Path(__file__).parents[1]
SCRIPTS = sorted((HERE / "scripts").rglob("*.yaml"))
TABLE = HERE.parent / "src" / "bridgelaw" / "table"


def test_every_template_names_exactly_its_parameters() -> None:
    assert len(MESSAGES) > 200 and len(CATALOG) == len(MESSAGES)  # one entry per id
    assert len({m.template for m in MESSAGES}) == len(MESSAGES)  # one id per sentence
    for message in MESSAGES:
        names = re.findall(r"\{(\w+)\}", message.template)
        assert [n for n, _ in message.params] == list(dict.fromkeys(names)), message.id
        assert all(kind == kind_of(n) for n, kind in message.params), message.id
        # nothing in braces but the parameters: the template renders with them alone
        values = {n: f"<{n}>" for n, _ in message.params}
        assert "{" not in message.template.format_map(values), message.id


def test_every_parameter_name_has_one_kind() -> None:
    used = {n.rstrip("0123456789") for m in MESSAGES for n, _ in m.params}
    assert used == set(PARAMETERS)  # no kind declared for a name no message uses
    with pytest.raises(UnknownMessage):
        kind_of("nonsense")


def _pattern(node: ast.expr) -> str:
    """A regular expression for the message ids a ``say`` call's first argument can be: the
    words written out, each alternative of a choice, any id part for a name."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return re.escape(node.value)
    if isinstance(node, ast.IfExp):
        return f"(?:{_pattern(node.body)}|{_pattern(node.orelse)})"
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        return _pattern(node.left) + _pattern(node.right)
    if isinstance(node, ast.Call) and getattr(node.func, "attr", "") == "by_edition":
        return "(?:" + "|".join(_pattern(k.value) for k in node.keywords) + ")"
    if isinstance(node, ast.JoinedStr):  # f"law29a.{how}.{number}"
        return "".join(
            _pattern(v) if isinstance(v, ast.Constant) else r"[\w-]+" for v in node.values
        )
    return r"[\w.-]*"  # a name chosen above (an edition's suffix...)


def _ids(node: ast.expr) -> list[str]:
    """The message ids of the catalog a ``say`` call's first argument can be."""
    pattern = _pattern(node)
    return [i for i in CATALOG if re.fullmatch(pattern, i)]


def test_every_say_in_the_engine_names_a_message_and_its_parameters() -> None:
    """Read from the sources, so a ruling no script reaches is checked too."""
    calls = 0
    for path in sorted(TABLE.rglob("*.py")):  # the matters in rules/ too
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and getattr(node.func, "id", "") == "say"):
                continue
            if path.name == "messages.py":
                continue  # the docstring's examples and the definition
            ids = _ids(node.args[0])
            assert ids, f"{path.name}:{node.lineno}: no message of the catalog"
            given = {k.arg for k in node.keywords}
            for message in ids:
                assert message in CATALOG, f"{path.name}:{node.lineno}: {message}"
                assert given == {n for n, _ in CATALOG[message].params}, (
                    f"{path.name}:{node.lineno}: {message}"
                )
            calls += 1
    assert calls > 50  # the matters in rules/ say theirs through declarations (below)
    rulings = 0
    for path in sorted(TABLE.rglob("*.py")):  # the matters in rules/ too
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "attr", "") in ("rule", "review"):
                rulings += 1
                owner = node.func.value if isinstance(node.func, ast.Attribute) else None
                declared = isinstance(owner, ast.Name) and owner.id.isupper()
                if node.keywords or declared:  # a declared clause's X.rule(t, seat, **params):
                    continue  # its message's parameters (tests/table/test_table_rules.py)
                said = node.args[-1]
                branches = [said.body, said.orelse] if isinstance(said, ast.IfExp) else [said]
                for b in branches:  # a message said, or a name holding one (typed: Said)
                    is_say = isinstance(b, ast.Call) and getattr(b.func, "id", "") == "say"
                    assert is_say or isinstance(b, ast.Name), f"{path.name}:{node.lineno}"
    assert rulings > 230


def test_say_refuses_what_the_catalog_does_not_hold() -> None:
    with pytest.raises(UnknownMessage, match="no message"):
        say("no-such-message")
    with pytest.raises(UnknownMessage, match="takes"):
        say("revoke", seat="N")
    with pytest.raises(UnknownMessage, match="not a"):
        say("revoke", seat="N", card="SA", trick="three")
    with pytest.raises(UnknownMessage):
        from_json("revoke", {"seat": "N", "card": "SA"})


def _tables() -> list[Table]:
    tables = []
    for path in SCRIPTS:
        script = load_script(path)
        adjudicator = Law70Adjudicator() if script.adjudicate else None
        table = Table(script.board, script.edition, adjudicator)
        try:
            for index, text in enumerate(script.events, start=1):
                table.apply(parse_event(text, index))
            if adjudicator is not None:
                table.adjudicate_claim()
        except ScriptError:
            pass  # what came before the error was ruled all the same
        tables.append(table)
    return tables


@pytest.fixture(scope="module")
def tables() -> list[Table]:
    return _tables()


def test_every_ruling_of_every_script_is_a_message_rendered(tables: list[Table]) -> None:
    records = 0
    seen: set[str] = set()
    for table in tables:
        logged: list[Ruling | Review] = [*table.ruling_log, *table.review_log]
        for r in logged:
            assert r.said is not None and r.said.message in CATALOG, r
            assert r.said.text() == r.text
            data = r.as_message()
            assert data["text"] == r.text and data["message"] == r.said.message
            assert from_json(data["message"], data["params"]).text() == r.text
            assert {k: v for k, v in data.items() if k not in ("message", "params")} == (
                r.as_json()
            )
            seen.add(r.said.message)
            records += 1
    assert records > 1500 and len(seen) > 150


def _cards(said: Said) -> list[str]:
    kinds = dict(CATALOG[said.message].params)
    found: list[str] = []
    for name, value in said.params:
        if isinstance(value, Said):
            found += _cards(value)
        elif kinds[name] == Kind.CARD and isinstance(value, str):
            found.append(value)
        elif kinds[name] == Kind.CARDS and isinstance(value, tuple):
            found += list(value)
    return found


def test_a_view_hides_card_parameters_and_renders_the_text_again(tables: list[Table]) -> None:
    """With no card seen, no card is left in any ruling's text or parameters; with every card
    seen, the records are the engine's own."""
    hidden = 0
    for table in tables:
        blind = said_records(table, frozenset())
        for record in [*blind["rulings"], *blind["reviews"]]:
            assert not CARD_WORD.search(record["text"]), record
            assert not CARD_WORD.search(str(record["params"])), record
        records: list[Ruling | Review] = [*table.rulings, *table.reviews]
        named = [r for r in records if r.said and _cards(r.said)]
        hidden += len(named)
        if named:
            assert any(HIDDEN in r["text"] for r in [*blind["rulings"], *blind["reviews"]])
        every = said_records(table, frozenset(CARD_WORD.findall(str(table.to_json()))))
        assert [r["text"] for r in every["rulings"]] == [r.text for r in table.rulings]
    assert hidden > 300
