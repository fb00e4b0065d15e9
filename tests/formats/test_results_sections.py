"""Score tables of Mitchell games in sections.

Bridge Composer exports ACBL club games with a ``Section`` column in each ``ScoreTable`` and the
pairs numbered in two fields: North-South pair 1 and East-West pair 1 are different pairs, and
so are pair 1 of section A and pair 1 of section B. Where the file says so (a Section column; a
pair number on both sides of one board, which one pair cannot be, Law 4), a pair is its section,
number and direction, named so in the ranking and on the results site.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from bridgelaw.cli import main
from bridgelaw.formats.pbn import read_pbn_file, table_columns
from tests.realfiles import real_file

HEADER = (
    '[Event "Two sections"]\n[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n'
    '[Scoring "MatchPoints"]\n'
)
TABLE = '[ScoreTable "Section;PairId_NS;PairId_EW;Contract;Declarer;Result;Names_NS;Names_EW"]\n'
# Board 1, nobody vulnerable (Law 2): 4S+1 = 450, 4S = 420, 3NT = 400 for North-South (Law 77)
ROWS = (
    'A 1 1 4S N 10 "Ann-Bo" "Cy-Di"\n'
    'A 2 2 4S N 11 "Ed-Flo" "Gus-Hal"\n'
    'B 1 1 3NT N 9 "Ida-Jo" "Kim-Lu"\n'
    'B 2 2 4S N 10 "Max-Ned" "Oz-Pia"\n'
)


def score(capsys: pytest.CaptureFixture[str], path: Path, *extra: str) -> dict[str, object]:
    code = main(["score-event", str(path), "--json", *extra])
    out, err = capsys.readouterr()
    assert code == 0, err
    data = json.loads(out)
    assert isinstance(data, dict)
    return data


def test_two_sections_numbered_in_two_fields(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "two.pbn"
    path.write_text(HEADER + TABLE + ROWS)
    data = score(capsys, path)
    ranking = data["ranking"]
    assert isinstance(ranking, list)
    found = {(r["pair"], r["direction"]): (r["score"], r["names"]) for r in ranking}
    # Law 78A across the field (2 for each score beaten, 1 for each tie), top 6: 450 beats
    # three; each 420 beats 400 and ties the other; 400 beats none. East-West: the complement.
    assert found == {
        ("A2 NS", "NS"): (6, "Ed-Flo"), ("A1 NS", "NS"): (3, "Ann-Bo"),
        ("B2 NS", "NS"): (3, "Max-Ned"), ("B1 NS", "NS"): (0, "Ida-Jo"),
        ("B1 EW", "EW"): (6, "Kim-Lu"), ("A1 EW", "EW"): (3, "Cy-Di"),
        ("B2 EW", "EW"): (3, "Oz-Pia"), ("A2 EW", "EW"): (0, "Gus-Hal"),
    }  # fmt: skip
    ranks = [(r["pair"], r["rank"]) for r in ranking]
    assert ranks[:4] == [("A2 NS", "1"), ("A1 NS", "2="), ("B2 NS", "2="), ("B1 NS", "4")]


def test_one_section_numbered_in_two_fields(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    rows = "".join(line[2:] for line in ROWS.splitlines(keepends=True)[:2])
    path = tmp_path / "one.pbn"
    path.write_text(HEADER + TABLE.replace("Section;", "") + rows)
    ranking = score(capsys, path)["ranking"]
    assert isinstance(ranking, list)
    assert sorted(r["pair"] for r in ranking) == ["1 EW", "1 NS", "2 EW", "2 NS"]


def test_pairs_numbered_once_keep_their_numbers(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # a Howell or a Mitchell numbered in one field: no number on both sides of a board
    rows = '- 1 2 4S N 10 "a" "b"\n- 3 4 4S N 11 "c" "d"\n'
    path = tmp_path / "howell.pbn"
    path.write_text(HEADER + TABLE + rows)
    ranking = score(capsys, path)["ranking"]
    assert isinstance(ranking, list)
    assert sorted(r["pair"] for r in ranking) == ["1", "2", "3", "4"]


def test_the_site_names_section_and_direction(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "two.pbn"
    path.write_text(HEADER + TABLE + ROWS)
    site = tmp_path / "site"
    assert main(["score-event", str(path), "--site", str(site), "--no-analysis"]) == 0
    capsys.readouterr()
    page = (site / "index.html").read_text()
    assert "A1 NS" in page and "B1 EW" in page and "Kim-Lu" in page


def test_a_bridge_composer_acbl_export(capsys: pytest.CaptureFixture[str]) -> None:
    """spr-D251223M.pbn (Bridge Composer, an ACBL club game of two sections): every pair, its
    boards and its names are the ones the file's ScoreTables declare."""
    path = real_file("wave3/pbn/spr-D251223M.pbn")
    expected: Counter[str] = Counter()
    names: dict[str, str] = {}
    for game in read_pbn_file(path).games:
        columns = table_columns(game.tags.get("ScoreTable", ""))
        for _, cells in game.tables.get("ScoreTable", []):
            row = dict(zip(columns, cells, strict=False))
            for side in ("NS", "EW"):
                pair = f"{row['Section']}{row[f'PairId_{side}']} {side}"
                expected[pair] += 1
                names.setdefault(pair, row[f"Names_{side}"])
    data = score(capsys, path)
    ranking = data["ranking"]
    assert isinstance(ranking, list)
    assert {r["pair"]: r["boards"] for r in ranking} == dict(expected)
    assert {r["pair"]: r["names"] for r in ranking} == names
    assert {r["direction"] for r in ranking} == {"NS", "EW"}
    assert {r["pair"][0] for r in ranking} == {"A", "B"}


def test_a_team_on_both_sides_in_two_rooms_keeps_its_name(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # a team plays each board once in each room, North-South in one and East-West in the
    # other: that is no numbering in two fields
    table = '[ScoreTable "Match;Room;PairId_NS;PairId_EW;Contract;Declarer;Result"]\n'
    rows = "M1 Open T1 T2 4S N 10\nM1 Closed T2 T1 4S N 9\n"
    path = tmp_path / "teams.pbn"
    path.write_text(HEADER.replace("MatchPoints", "IMP") + table + rows)
    ranking = score(capsys, path)["ranking"]
    assert isinstance(ranking, list)
    assert sorted(r["pair"] for r in ranking) == ["T1", "T2"]


def test_a_total_score_table_names_the_pairs_of_a_lone_section(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # one section, numbered by direction: the ScoreTable says the section, the TotalScoreTable
    # (without a Section column) names the same pairs by number and direction
    rows = "".join(line for line in ROWS.splitlines(keepends=True)[:2])
    totals = (
        '[TotalScoreTable "Rank;PairId;Direction;Names"]\n'
        '1 2 NS "Ed and Flo"\n2 1 NS "Ann and Bo"\n1 1 EW "Cy and Di"\n2 2 EW "Gus and Hal"\n'
    )
    path = tmp_path / "one.pbn"
    path.write_text(
        HEADER
        + TABLE.replace(";Names_NS;Names_EW", "")
        + rows.replace(' "Ann-Bo" "Cy-Di"', "").replace(' "Ed-Flo" "Gus-Hal"', "")
        + totals
    )
    ranking = score(capsys, path)["ranking"]
    assert isinstance(ranking, list)
    assert {r["pair"]: r.get("names") for r in ranking} == {
        "1 NS": "Ann and Bo", "2 NS": "Ed and Flo", "1 EW": "Cy and Di", "2 EW": "Gus and Hal",
    }  # fmt: skip
