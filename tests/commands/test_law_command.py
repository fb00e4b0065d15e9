"""``bridgelaw law``: the navigator, generated from the law book."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

import bridgelaw.laws.index as index
from bridgelaw.cli import main
from bridgelaw.commands.law import find, normalize
from bridgelaw.laws import CLAUSES, Status, UnknownClause

ROOT = Path(__file__).parents[2]


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_a_clause_as_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "law", "27B1a", "--json")
    assert code == 0 and err == ""
    data = json.loads(out)
    assert data["clause"] == "27B1a" and data["status"] == "applied"
    assert data["numbers"] == {"2017": ["27B1a"], "2007": ["27B1a"]}
    assert data["differs"] is True  # 2007 27B1a asks for a natural bid, 2017 for the meaning
    # the code that rules it: real lines of real files, each citing the clause
    assert data["code"]
    for place in data["code"]:
        lines = (ROOT / place["file"]).read_text().splitlines()
        call = "\n".join(lines[place["line"] - 1 : place["line"] + 2])  # a call and its law
        assert "27B1a" in call or "law" in call, (place, call)
    assert "tests/scripts/auction/l27b1a-next-level.yaml" in data["scripts"]
    assert any(g["kind"] == "rule" for g in data["gives"])


def test_a_renumbered_clause(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "law", "17D3")
    assert code == 0
    assert "2017: 17D3; 2007: 17E2 (the editions differ)" in out
    assert "tests/scripts/auction/e2007-l17e2-three-passes-after-a-pass.yaml" in out
    # in the 2007 numbering, 17D3 is another clause: cards from another board (2017 15A3)
    code, out, _ = run(capsys, "law", "17d3", "--edition", "2007", "--json")
    assert json.loads(out)["clause"] == "15A3"


def test_every_clause_with_its_status(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "law", "--json")
    assert code == 0
    rows = json.loads(out)["clauses"]
    assert [r["clause"] for r in rows] == list(CLAUSES)
    assert {r["status"] for r in rows} == {s.value for s in Status}
    assert {"clause": "64C", "status": "needs the director's judgement"}.items() <= next(
        r for r in rows if r["clause"] == "64C"
    ).items()


def test_an_unknown_clause(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "law", "27B9")
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and "27B9" in err and "27B1a" in err
    code, _, err = run(capsys, "law", "16C", "--edition", "2010")
    assert code == 2 and "2010" in err


def test_from_an_installed_package(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(index, "repository", lambda: None)
    index.script_citations.cache_clear()
    try:
        code, out, _ = run(capsys, "law", "64A1")
        assert code == 0 and "no tests/scripts here" in out and "revokes.py" in out
        code, out, _ = run(capsys, "law", "64A1", "--json")
        data = json.loads(out)
        assert data["scripts"] == [] and data["scripts_available"] is False
    finally:
        index.script_citations.cache_clear()


def test_a_clause_with_parts(capsys: pytest.CaptureFixture[str]) -> None:
    # Law 64A: 64A1 (the revoker won the trick) and 64A2 (he did not) are its parts
    code, out, _ = run(capsys, "law", "64A", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["parts"] == ["64A1", "64A2"]
    rules = {x["clause"] for x in data["code"] if x["kind"] == "rule"}
    assert rules == {"64A1", "64A2"}
    assert "tests/scripts/play/l64a1-revoker-won-the-trick.yaml" in data["scripts"]
    assert any("`table.revokes`" in m for m in data["modules"])
    # Law 2 is applied by whole modules (boards), named by the coverage table
    code, out, _ = run(capsys, "law", "2", "--json")
    assert code == 0
    assert json.loads(out)["modules"] == ["`cards`, `boards`"]


def test_a_clause_only_2007_has(capsys: pytest.CaptureFixture[str]) -> None:
    # 2007 15C (a board found not assigned in the auction: the auction restarts) has no 2017
    # clause: the 2017 Law 15C does not exist in that sense, so 15C in 2017 is unknown here
    code, out, _ = run(capsys, "law", "15C", "--edition", "2007", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["clause"] == "2007/15C" and data["numbers"] == {"2017": [], "2007": ["15C"]}
    assert data["code"] and all(x["file"].endswith("rules/board/law15b.py") for x in data["code"])
    code, same, _ = run(capsys, "law", "2007/15c", "--json")
    assert code == 0 and json.loads(same) == data
    code, _, err = run(capsys, "law", "15C")
    assert code == 2 and "15C" in err


@given(st.text(max_size=12), st.sampled_from([2007, 2017]))
def test_any_text_is_a_clause_or_a_clean_refusal(text: str, edition: int) -> None:
    try:
        found = find(text, edition)
    except UnknownClause as error:
        assert "\n" not in str(error).strip() and all(s in CLAUSES for s in error.suggestions)
    else:
        assert found and all(c.key in CLAUSES for c in found)


def test_spellings() -> None:
    assert [normalize(t) for t in ("27b1A", "Law 27B1a", "l64a1", "2007/15c", "30b1BII")] == [
        "27B1a",
        "27B1a",
        "64A1",
        "2007/15C",
        "30B1bii",
    ]
