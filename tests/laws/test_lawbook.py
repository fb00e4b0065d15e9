"""The law book in code: every clause the project cites is in it.

Cited clauses are collected three ways: statically from the package's source (the literals the
code names laws with), statically from the scripts' expectations, and dynamically by replaying
every script and collecting what the engine emitted (rulings, offers after each event, reviews,
unauthorized information, cancelled calls, lead restrictions), each in its script's edition.
The renumberings are checked against the Laws (the 2007 and 2017 texts), not against the code.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from bridgelaw.laws import CLAUSES, UnknownClause, cited, clause, number, suggest
from bridgelaw.laws.coverage import BEGIN, END, current, render
from bridgelaw.laws.coverage import main as coverage_main
from bridgelaw.laws.index import (
    IN_TEXT,
    Citation,
    code_citations,
    law_defaults,
    resolve,
    scan_source,
    script_citations,
)
from bridgelaw.laws.rows import ROWS
from bridgelaw.table import ScriptError, Table
from bridgelaw.table.events import parse_event
from bridgelaw.table.script import load_script

SCRIPTS = sorted((Path(__file__).parents[1] / "scripts").rglob("*.yaml"))


def test_every_clause_the_code_cites_is_in_the_book() -> None:
    citations = code_citations()
    assert len(citations) > 300  # the scanner finds the engine's clauses at all
    missing = [c for c in citations if not resolve(c.number, c.edition)]
    assert not missing, missing


def test_every_clause_a_script_expects_is_in_the_book() -> None:
    citations = script_citations()
    assert citations is not None and len(citations) > 500
    missing = {
        (c.number, c.edition, c.script)
        for c in citations
        if c.where != "note" and not cited(c.number, c.edition)
    }
    assert not missing, sorted(missing)


def _emitted(path: Path) -> set[tuple[int, str]]:
    script = load_script(path)
    table = Table(script.board, script.edition)
    found: set[str] = set()
    try:
        for index, text in enumerate(script.events, start=1):
            table.apply(parse_event(text, index))
            if (offer := table.awaiting) is not None:
                found.add(offer.law)
    except ScriptError:
        pass  # a script that stops at an error still emitted what came before
    found |= {r.law for r in table.rulings}
    found |= {str(r["law"]) for r in table.reviews}
    found |= {str(u["law"]) for u in table.unauthorized}
    found |= {r.law for r in table.history if r.law is not None}
    found |= {r.law for r in table.lead_restrictions}
    return {(script.edition, law) for law in found}


def test_every_clause_the_engine_emits_is_in_the_book() -> None:
    emitted: set[tuple[int, str]] = set()
    for path in SCRIPTS:
        emitted |= _emitted(path)
    assert len(emitted) > 250
    missing = sorted((e, law) for e, law in emitted if not cited(law, e))
    assert not missing, missing


@pytest.mark.parametrize(
    ("key", "in2007"),
    [
        ("16C", "16D"),  # 2007 16D: information from withdrawn actions (2007 16C: extraneous)
        ("17D3", "17E2"),  # the three passes that end the auction: 2007 Law 17E
        ("15A3", "17D3"),  # cards from another board: 2007 Law 17D
        ("53B", "53C"),  # the proper leader leads over a lead out of turn
        ("53C", "53B"),  # a defender plays to declarer's lead from the wrong hand
        ("13C", "13F"),  # a surplus card not of the deal
        ("13D", "13C"),  # found after the play
        ("63A4", "63A3"),  # 2007 63A3 covers both claiming and agreeing
        ("68D2", "68D"),
        ("71B", "71"),
        ("27B1a", "27B1a"),  # the same number, though the editions differ
        ("25A6", "25A4"),  # the LHO's change after an unintended call: 2007 25A has 4 items
        ("57C3", "57C2"),  # declarer's premature play: 2007 57C has two items
        ("57C2", "57C1"),  # after dummy suggested a card: a part of 2007 57C1
    ],
)
def test_numbers_in_each_edition(key: str, in2007: str) -> None:
    assert number(key, 2017) == key
    assert number(key, 2007) == in2007
    assert clause(key) in cited(in2007, 2007)


def test_clauses_new_in_2017_have_no_2007_number() -> None:
    for key in ("36C", "57D", "62C3", "68D2b"):  # 2017 additions (catalog part C)
        assert clause(key).numbers[2007] == ()
        with pytest.raises(UnknownClause):
            number(key, 2007)


def test_each_key_is_its_2017_number() -> None:
    for key, c in CLAUSES.items():
        assert c.numbers[2017] == (() if key.startswith("2007/") else (key,))
        if key.startswith("2007/"):
            assert c.numbers[2007] == (key.removeprefix("2007/"),)
        assert c.title and not c.title.endswith(".") and len(c.title) < 90, key


def test_unknown_clause_suggests_close_ones() -> None:
    with pytest.raises(UnknownClause) as info:
        clause("27B9")
    assert "27B1a" in info.value.suggestions
    assert "27B9" in str(info.value)
    assert "27B1a" in suggest("27B1x")


def _scanned(tmp_path: Path, text: str) -> list[Citation]:
    """The citations the scanner finds in ``text``, as a module of the package."""
    source = tmp_path / "sample.py"
    source.write_text(text)
    import bridgelaw.laws.index as index

    original = index.PACKAGE
    index.PACKAGE = tmp_path
    try:
        return scan_source(source)
    finally:
        index.PACKAGE = original


def test_scanner_reads_edition_branches(tmp_path: Path) -> None:
    text = (
        "def f(self):\n"
        '    law = "16D" if self.edition == 2007 else "16C"\n'
        '    self.rule("27B1a", None, "text")\n'
        '    x = "37"\n'
        '    self.review("37", "text")\n'
    )
    found = [(c.number, c.edition, c.line) for c in _scanned(tmp_path, text)]
    assert found == [("16D", 2007, 2), ("16C", 2017, 2), ("27B1a", None, 3), ("37", None, 5)]


def test_scanner_reads_a_law_default_after_positional_only_parameters() -> None:
    """A function with positional-only parameters (``def f(a, b=(), /, **params)``) has
    defaults for them too: the scan of the sources reads them without stopping."""
    import ast

    tree = ast.parse(
        'def mark(self, seat, law="16C"): ...\n'
        "def error(self, field, problem, problems=(), /, **params): ...\n"
        'def both(a, b=1, /, c=2, law="50D"): ...\n'
    )
    assert law_defaults(tree) == {"mark": (1, "16C"), "both": (3, "50D")}


def test_coverage_page_table_is_generated_from_the_book() -> None:
    page = (Path(__file__).parents[2] / "docs" / "law-coverage.md").read_text(encoding="utf-8")
    assert current(page) == render(), "run: python -m bridgelaw.laws.coverage docs/law-coverage.md"


def test_every_clause_the_coverage_table_names_is_in_the_book() -> None:
    named = {n for row in ROWS for n in IN_TEXT.findall(f"{row[0]} {row[1]}")}
    assert len(named) > 150
    missing = sorted(n for n in named if not (cited(n, 2017) or cited(n, 2007)))
    assert not missing, missing


def test_coverage_command_checks_and_rewrites(tmp_path: Path) -> None:
    stale = tmp_path / "law-coverage.md"
    stale.write_text(f"# x\n\n{BEGIN}\n| old | table |\n{END}\n\nafter\n", encoding="utf-8")
    assert coverage_main([str(stale), "--check"]) == 1
    assert coverage_main([str(stale)]) == 0
    text = stale.read_text(encoding="utf-8")
    assert current(text) == render() and text.endswith("\n\nafter\n")
    assert coverage_main([str(stale), "--check"]) == 0
    (tmp_path / "plain.md").write_text("no markers\n", encoding="utf-8")
    assert coverage_main([str(tmp_path / "plain.md")]) == 2


def test_scanner_reads_an_offer_kept_in_a_local_name(tmp_path: Path) -> None:
    # an offer assigned to a local name whose law is itself a local name: working out the
    # assignments must not start over inside them (it once recursed without end)
    text = (
        "def f(self, who):\n"
        '    law = "27A1"\n'
        '    offer = Awaiting(who, law, ("accept",))\n'
        "    return offer\n"
    )
    found = [(c.number, c.kind, c.line) for c in _scanned(tmp_path, text)]
    assert ("27A1", "offer", 3) in found
