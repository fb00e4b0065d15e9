"""Edition variants: the law book's flags, the project's words for what differs and
the code's ``by_edition`` declarations agree, both ways.

A clause the law book flags as differing (``d``) has variants in the code, unless the book says
one code applies both editions (``s``); every tag the code declares is a differing clause, with
its words in :mod:`bridgelaw.laws.differences`.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bridgelaw.cli import main
from bridgelaw.laws import CLAUSES, VARIANT_WORDS
from bridgelaw.laws.coverage import current_differences, render_differences
from bridgelaw.laws.editions import PROBES, by_edition
from bridgelaw.laws.index import cited_in_variants, variants, variants_of


def _ruled_by_variants(key: str) -> bool:
    return bool(variants_of(key)) or key in cited_in_variants()


def test_by_edition_picks_the_edition_s_variant() -> None:
    assert by_edition("57A", 2017, e2017="a", e2007="b") == "a"
    assert by_edition("57A", 2007, e2017="a", e2007="b") == "b"
    PROBES.append(lambda tag, edition: 2007 if tag == "57A" else edition)
    try:
        assert by_edition("57A", 2017, e2017="a", e2007="b") == "b"
        assert by_edition("57D", 2017, e2017="a", e2007="b") == "a"
    finally:
        PROBES.pop()


def test_the_code_declares_variants_in_both_editions() -> None:
    found = variants()
    assert len({v.tag for v in found}) >= 35
    for tag in {v.tag for v in found}:
        assert {v.edition for v in found if v.tag == tag} == {2007, 2017}, tag
    for v in found:
        assert v.file.startswith("src/bridgelaw/") and v.line > 0 and v.function, v


def test_every_tag_is_a_differing_clause_with_its_words() -> None:
    tags = {v.tag for v in variants()}
    assert tags == set(VARIANT_WORDS), tags ^ set(VARIANT_WORDS)
    for tag in tags:
        for key in tag.split():
            c = CLAUSES[key]
            assert c.differs and not c.one_code, f"{key}: variants in the code, not flagged d"


def test_every_differing_clause_has_variants_unless_one_code_applies_both() -> None:
    missing = [k for k, c in CLAUSES.items() if c.differs and not c.one_code and not
               _ruled_by_variants(k)]  # fmt: skip
    assert not missing, f"flagged d without a variant in the code (by_edition): {missing}"
    wrong = [k for k, c in CLAUSES.items() if c.one_code and variants_of(k)]
    assert not wrong, f"flagged s (one code for both editions) but with variants: {wrong}"
    stray = [k for k, c in CLAUSES.items() if c.one_code and not c.differs]
    assert not stray, f"flagged s without d: {stray}"


def test_coverage_page_lists_where_the_editions_differ() -> None:
    page = (Path(__file__).parents[2] / "docs" / "law-coverage.md").read_text(encoding="utf-8")
    block = current_differences(page)
    assert block == render_differences(), (
        "run: python -m bridgelaw.laws.coverage docs/law-coverage.md"
    )
    assert "| 64B2 |" in block and "`_law64b2_repeat_2007`" in block


def test_navigator_shows_both_variants_of_a_differing_clause(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["law", "50E"]) == 0
    out = capsys.readouterr().out
    assert "the editions differ" in out
    assert "2017: src/bridgelaw/table/play_rules.py:" in out and "(_law50e)" in out
    assert "2007: src/bridgelaw/table/play_rules.py:" in out and "(_law50e_2007)" in out
    assert main(["law", "13D1", "--edition", "2007"]) == 0  # 2007 only: in 13A2's 2007 variant
    assert "applied inside the edition variants of 13A2" in capsys.readouterr().out
    assert main(["law", "17D3"]) == 0  # renumbered (2007 17E2), one code for both
    assert "one code applies both editions" in capsys.readouterr().out
    assert main(["law", "--json"]) == 0
    listed = json.loads(capsys.readouterr().out)
    differ = {d["tag"]: d for d in listed["editions_differ"]}
    assert set(differ) == set(VARIANT_WORDS)
    for d in differ.values():
        assert {v["edition"] for v in d["variants"]} == {2007, 2017}
        assert all(v["file"].startswith("src/bridgelaw/") and v["line"] > 0 for v in d["variants"])
    assert differ["30 31 32"]["clauses"] == ["30", "31", "32"]
    clauses = {c["clause"]: c for c in listed["clauses"]}
    assert clauses["64B2"]["differs"] and not clauses["64B2"]["one_code"]
    assert clauses["17D3"]["one_code"]
