"""The server's entry point, movement_from_spec: the session API's movement object made, every
error naming its field; the command line's movement commands; results checked against a
movement file's movement."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from bridgelaw.cli import main
from bridgelaw.formats.movement_file import movement_to_json, write_movement_file
from bridgelaw.tournament.movement_check import check_movement
from bridgelaw.tournament.movement_model import MovementError
from bridgelaw.tournament.movement_spec import movement_from_spec
from bridgelaw.tournament.movements import howell, mitchell, teams


def test_the_session_api_example() -> None:
    m = movement_from_spec({"kind": "mitchell", "tables": 3, "rounds": 3, "boards_per_round": 2})
    assert (m.kind, m.tables, m.rounds, m.boards_per_round) == ("mitchell", 3, 3, 2)
    assert m.pairs == ["1", "2", "3", "4", "5", "6"]  # North-South 1-3, East-West 4-6
    assert [(s.table, s.ns, s.ew, s.boards) for s in m.round(1)] == [
        (1, "1", "4", (1, 2)), (2, "2", "5", (3, 4)), (3, "3", "6", (5, 6))
    ]  # fmt: skip


@pytest.mark.parametrize(
    ("spec", "made"),
    [({"kind": "howell", "tables": 4, "boards_per_round": 2}, howell(4, 2)),
     ({"type": "howell", "tables": "4", "boards_per_round": 2, "pairs": 7},
      howell(4, 2, pairs=7)),
     ({"kind": "mitchell", "tables": 6, "boards_per_round": 3, "even": "share-relay",
       "arrow_switch": [6], "phantom": "6"},
      mitchell(6, 3, None, [6], even="share-relay", phantom="6")),
     ({"kind": "teams", "teams": 5, "boards_per_round": 4}, teams(5, 4)),
     ({"kind": "teams", "tables": 4, "boards_per_round": 4, "rounds": 2}, teams(4, 4, 2)),
     ({"kind": "file", "content": movement_to_json(howell(3, 3))}, howell(3, 3)),
     ({"kind": "file", "content": write_movement_file(teams(3, 2))}, teams(3, 2)),
     (movement_to_json(mitchell(5, 2, pairs=9)), mitchell(5, 2, pairs=9))],
)  # fmt: skip
def test_specs_make_movements(spec: dict[str, Any], made: object) -> None:
    m = movement_from_spec(spec)
    assert m == made and check_movement(m) == []


@pytest.mark.parametrize(
    ("spec", "field", "message"),
    [(None, "movement", "a movement is an object"),
     ({"kind": "swiss", "tables": 3, "boards_per_round": 2}, "movement.kind",
      "unknown movement kind 'swiss' (expected mitchell, howell, teams or file)"),
     ({"type": 5, "tables": 3, "boards_per_round": 2}, "movement.type", "unknown movement kind"),
     ({"kind": "mitchell", "tables": 3}, "movement.boards_per_round",
      "boards_per_round is missing"),
     ({"kind": "mitchell", "tables": "three", "boards_per_round": 2}, "movement.tables",
      "tables must be a whole number, not 'three'"),
     ({"kind": "mitchell", "tables": 1, "boards_per_round": 2}, "movement.tables",
      "needs at least 2 tables, not 1"),
     ({"kind": "mitchell", "tables": 10**9, "boards_per_round": 2}, "movement.tables",
      "a movement has at most 200 tables"),
     ({"kind": "howell", "tables": 3, "boards_per_round": 0}, "movement.boards_per_round",
      "a round has 1 to 100 boards, not 0"),
     # too few tables for the rounds asked: a Mitchell of N tables has N rounds at most (N - 1
     # with the skip), a Howell of N tables 2N - 1
     ({"kind": "mitchell", "tables": 3, "rounds": 4, "boards_per_round": 2}, "movement.rounds",
      "a Mitchell of 3 tables has 1 to 3 rounds, not 4"),
     ({"kind": "mitchell", "tables": 4, "rounds": 4, "boards_per_round": 2}, "movement.rounds",
      "a Mitchell of 4 tables has 1 to 3 rounds, not 4"),
     ({"kind": "mitchell", "tables": 4, "rounds": 5, "boards_per_round": 2,
       "even": "share-relay"}, "movement.rounds", "a Mitchell of 4 tables has 1 to 4 rounds"),
     ({"kind": "howell", "tables": 3, "rounds": 6, "boards_per_round": 2}, "movement.rounds",
      "a Howell of 3 tables has 1 to 5 rounds, not 6"),
     ({"kind": "teams", "teams": 4, "rounds": 4, "boards_per_round": 2}, "movement.rounds",
      "4 teams play 1 to 3 rounds, not 4"),
     ({"kind": "teams", "teams": 1, "boards_per_round": 2}, "movement.teams",
      "a teams movement needs at least two teams, not 1"),
     ({"kind": "teams", "tables": 300, "boards_per_round": 2}, "movement.tables",
      "a movement has at most 200 teams"),
     ({"kind": "mitchell", "tables": 5, "boards_per_round": 2, "even": "share-relay"},
      "movement.even", "share-and-relay is for an even number of tables, not 5"),
     ({"kind": "mitchell", "tables": 4, "boards_per_round": 2, "even": "relay"},
      "movement.even", "even must be skip or share-relay, not 'relay'"),
     ({"kind": "howell", "tables": 4, "boards_per_round": 2, "even": "skip"}, "movement.even",
      "is for a Mitchell"),
     ({"kind": "mitchell", "tables": 3, "boards_per_round": 2, "arrow_switch": [4]},
      "movement.arrow_switch", "arrow switch in round 4, but there are 3 rounds"),
     ({"kind": "mitchell", "tables": 3, "boards_per_round": 2, "arrow_switch": "3"},
      "movement.arrow_switch", "arrow_switch must be a list of whole numbers"),
     ({"kind": "howell", "tables": 3, "boards_per_round": 2, "arrow_switch": [1]},
      "movement.arrow_switch", "an arrow switch is for a Mitchell"),
     ({"kind": "mitchell", "tables": 3, "boards_per_round": 2, "pairs": 4}, "movement.pairs",
      "this Mitchell seats 5 or 6 pairs, not 4"),
     ({"kind": "howell", "tables": 3, "boards_per_round": 2, "phantom": "7"},
      "movement.phantom", "the phantom must be a pair of the Howell, 1 to 6, not '7'"),
     ({"kind": "teams", "teams": 3, "boards_per_round": 2, "pairs": 5}, "movement.pairs",
      "a teams movement has no phantom pair"),
     ({"kind": "mitchell", "tables": 3, "boards_per_round": 2, "tabels": 3},
      "movement.tabels", "unknown key 'tabels'"),
     ({"kind": "file"}, "movement.content", "a movement of kind file needs its content"),
     ({"kind": "file", "content": "{"}, "movement.content", "line 1: not valid JSON"),
     ({"kind": "file", "content": 5}, "movement.content", "a movement file is a JSON object")],
)  # fmt: skip
def test_errors_name_the_field(spec: object, field: str, message: str) -> None:
    with pytest.raises(MovementError) as caught:
        movement_from_spec(spec)
    assert caught.value.field == field
    assert message in str(caught.value)


def test_a_file_with_problems_carries_them_with_their_lines() -> None:
    text = write_movement_file(mitchell(3, 2)).replace('"ew": "6", "set": 2', '"ew": "5", "set": 2')
    with pytest.raises(MovementError) as caught:
        movement_from_spec({"kind": "file", "content": text})
    error = caught.value
    assert error.field == "movement.content"
    rows = text.splitlines()
    first = rows.index('      {"table": 1, "ns": "1", "ew": "5", "set": 2},') + 1  # round 2
    second = rows.index('      {"table": 3, "ns": "3", "ew": "5", "set": 1}', first) + 1
    # pair 5 now sits at two tables of round 2, and meets pair 1 again in round 3
    found = [(p.line, p.message) for p in error.problems]
    assert (second, f"pair 5 is at table 1 and table 3 in round 2 (line {first})") in found
    earlier = rows.index('      {"table": 2, "ns": "2", "ew": "5", "set": 2},') + 1  # round 1
    assert (first, f"pair 5 plays set 2 again in round 2 (first in round 1, line {earlier})") in (
        found
    )
    assert str(error).startswith("line 1: pair 1 never meets 6") and "more problems" in str(error)


# -- the command line ---------------------------------------------------------------------------


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_write_check_and_show(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "m.json"
    argv = ["movement", "mitchell", "--tables", "4", "--boards-per-round", "2", "--even",
            "share-relay", "--pairs", "7", "--write", str(path)]  # fmt: skip
    code, out, err = run(capsys, *argv)
    assert code == 0 and out == "" and f"to {path}" in err
    assert json.loads(path.read_text())["phantoms"] == ["4"]
    code, out, _ = run(capsys, "movement", "check", str(path))
    assert code == 0 and out.endswith("boards 1-8; no problems\n")
    code, out, _ = run(capsys, "movement", "show", str(path))
    assert code == 0 and "Round 1: on the stand: set 3 (5-6)" in out
    code, out, _ = run(capsys, "movement", "howell", "--tables", "3", "--boards-per-round", "2",
                       "--format", "file")  # fmt: skip
    assert code == 0 and json.loads(out)["kind"] == "howell"


def test_check_reports_problems_by_line(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    text = write_movement_file(mitchell(3, 2))
    path.write_text(text.replace('"ns": "2", "ew": "4"', '"ns": "2", "ew": "2"'))
    line = next(n for n, row in enumerate(text.splitlines(), 1) if '"ns": "2", "ew": "4"' in row)
    code, out, _ = run(capsys, "movement", "check", str(path))
    assert code == 1
    assert f"{path}:{line}: pair 2 plays against itself at table 2 in round 2\n" in out
    assert out.endswith("2 problems found\n")
    code, out, _ = run(capsys, "movement", "check", str(path), "--json")
    data = json.loads(out)
    assert code == 1 and data["status"] == 1 and data["movement"] is None
    assert {"line": line, "message": "pair 2 plays against itself at table 2 in round 2"} in (
        data["problems"]
    )
    path.write_bytes(b'{"kind": "x",\n"name": "\xff"}')
    code, out, _ = run(capsys, "movement", "check", str(path))
    assert code == 1 and f"{path}:2: not UTF-8 text" in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [(["movement", "check"], "movement check needs a movement file"),
     (["movement", "check", "/no/such/file"], "no such file: /no/such/file"),
     (["movement", "mitchell", "--tables", "3"], "--boards-per-round is needed"),
     (["movement", "mitchell", "--tables", "5", "--boards-per-round", "2", "--even",
       "share-relay"], "share-and-relay is for an even number of tables"),
     (["movement", "howell", "--tables", "5", "--boards-per-round", "2", "--even",
       "share-relay"], "--even is for a Mitchell"),
     (["movement", "mitchell", "--tables", "3", "--boards-per-round", "2", "--format", "x"],
      "--format: cards or file")],
)  # fmt: skip
def test_usage_errors(capsys: pytest.CaptureFixture[str], argv: list[str], message: str) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == "" and message in err


# -- results checked against a movement file ----------------------------------------------------


def test_results_against_a_movement_file(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # a 4-table share-and-relay Mitchell, 7 pairs: pair 4 (North-South at table 4) is missing,
    # so in round 1 pair 8 sits out; boards 1-2 are played by 1 v 5 at table 1 (and would be
    # by 4 v 8 at table 4)
    movement = movement_to_json(mitchell(4, 2, even="share-relay", pairs=7))
    results: dict[str, Any] = {
        "scoring": "matchpoints",
        "movement": movement,
        "results": [
            {"board": 1, "ns": "1", "ew": "5", "contract": "3NT", "declarer": "N", "tricks": 9},
            {"board": 1, "ns": "4", "ew": "8", "contract": "3NT", "declarer": "N", "tricks": 9},
            {"board": 1, "ns": "2", "ew": "6", "contract": "3NT", "declarer": "N", "tricks": 9},
        ],
    }
    path = tmp_path / "r.json"
    path.write_text(json.dumps(results, indent=1))
    code, out, _ = run(capsys, "score-event", str(path), "--json")
    assert code == 1
    problems = [p["message"] for p in json.loads(out)["problems"]]
    # pair 2 v 6 play boards 3-4 in round 1 (table 2), never boards 1-2
    assert problems == ["board 1: 2 (NS) and 6 (EW) meet in round 1 on boards 3-4, not on board 1"]
    results["results"] = results["results"][:2]
    path.write_text(json.dumps(results, indent=1))
    code, out, _ = run(capsys, "score-event", str(path), "--json")
    assert code == 0
    ranking = {r["pair"] for r in json.loads(out)["ranking"]}
    assert "4" not in ranking  # the movement's phantom is not ranked: its row is a sit-out


def test_results_with_a_broken_movement_file_name_its_lines(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    movement = json.dumps(movement_to_json(mitchell(3, 2)), indent=1)
    broken = movement.replace('"ew": "6"', '"ew": "3"', 1)
    text = (
        '{"scoring": "matchpoints",\n"movement": '
        + broken
        + (',\n"results": [{"board": 1, "ns": "1", "ew": "4", "ns_score": 100}]}')
    )
    path = tmp_path / "r.json"
    path.write_text(text)
    code, out, _ = run(capsys, "score-event", str(path), "--json")
    assert code == 1
    found = [(p["line"], p["message"]) for p in json.loads(out)["problems"]]
    # pair 6 first appears in round 1 at table 3 (its seating object opens on this line)
    line = next(n for n, row in enumerate(text.splitlines(), 1) if row.strip() == '"ew": "3",')
    assert (line - 3, "movement: pair 3 plays against itself at table 3 in round 1") in found
