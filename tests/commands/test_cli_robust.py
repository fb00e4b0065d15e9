"""No traceback, ever, for input. Each input that used to crash or hang the
command line gets a clear error naming what and where, with exit status 1 (the file has
problems) or 2 (usage); an internal error (a bug) has status 3 of its own; under ``--json`` the
error is JSON on standard output too. Each case is an input that crashed or hung a command, as
it was reported."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from bridgelaw.cli import BUG, main

from ..helpers import SAMPLE_DEAL

DEAL = SAMPLE_DEAL


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    captured = capsys.readouterr()
    assert "Traceback" not in captured.err
    return code, captured.out, captured.err


def results(board: str = "1", extra: str = "", **top: str) -> str:
    """A small matchpoint results file: two tables on one board."""
    head = "".join(f'"{k}": {v}, ' for k, v in top.items())
    return (
        "{" + head + '"scoring": "matchpoints", "results": [\n'
        f'{{"board": {board}, "ns": "1", "ew": "2", "contract": "4S", "declarer": "N", '
        f'"tricks": 10}},\n{{"board": 1, "ns": "3", "ew": "4", "contract": "4S", '
        f'"declarer": "N", "tricks": 9}}{extra}]}}'
    )


def write(tmp_path: Path, name: str, text: str | bytes) -> Path:
    path = tmp_path / name
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    return path


# -- numbers: superscript digits, 2**63, 4,301 digits ------------------------------------------


@pytest.mark.parametrize(
    ("board", "shown"),
    [('"1²"', "'1²'"), (str(2**63), str(2**63)), (f'"{2**63}"', f"'{2**63}'"),
     ('"' + "1" * 4301 + '"', "(4303 characters)")],
)  # fmt: skip
def test_results_board_numbers_that_are_not_numbers(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, board: str, shown: str
) -> None:
    # "²".isdigit() is true but int("²") fails; 2**63 overflows the numeric scorer
    path = write(tmp_path, "r.json", results(board))
    code, _, err = run(capsys, "score-event", str(path))
    assert code == 1
    assert f"{path}:2: board must be a board number (1 to 4294967295), not " in err
    assert shown in err


def test_a_json_number_of_4301_digits(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    # Python's int() refuses more than 4,300 digits with a ValueError the JSON parser lets out
    path = write(tmp_path, "r.json", results("1" * 4301))
    code, _, err = run(capsys, "score-event", str(path))
    assert code == 1
    assert f"{path}:2: not valid JSON for a results file: a number of more than 4,300" in err


def test_huge_numbers_in_a_contract_and_a_weight(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    text = results().replace('"contract": "4S"', '"contract": "' + "1" * 5000 + 'S"', 1)
    text = text.replace('"tricks": 9}', '"weighted": [{"weight": "1e999999999", "ns_score": 1}]}')
    text = text.replace('"contract": "4S", "declarer": "N", "weighted"', '"weighted"')
    path = write(tmp_path, "r.json", text)
    start = time.perf_counter()
    code, _, err = run(capsys, "score-event", str(path))
    assert time.perf_counter() - start < 10  # Fraction("1e999999999") would take hours
    assert code == 1
    assert f"{path}:2: board 1: not a contract: '1111" in err
    assert "a weight must be a fraction or decimal above 0 and at most 1, not '1e999999999'" in err


@pytest.mark.parametrize(
    ("argv", "message"),
    [(["deal", "-b", "1²"], "not a board range: '1²'"),
     (["deal", "-b", "1-" + "1" * 4301], "not a board range"),
     (["board", "1" * 4301], "exceeded maximum size"),
     (["vp", "1e999999999", "--boards", "8"], "not an IMP margin: '1e999999999'"),
     (["vp", "5", "--boards", "1000000000"], "a match has 1 to 1000 boards on the WBF scale"),
     (["movement", "mitchell", "--tables", "100000", "--boards-per-round", "2"],
      "a movement has at most 200 tables, not 100000"),
     (["movement", "teams", "--tables", "100000", "--boards-per-round", "2"],
      "a movement has at most 200 teams"),
     (["movement", "howell", "--tables", "5", "--boards-per-round", "100000"],
      "a round has 1 to 100 boards")],
)  # fmt: skip
def test_arguments_out_of_bounds_are_usage_errors_at_once(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    start = time.perf_counter()
    code, out, err = run(capsys, *argv)
    assert time.perf_counter() - start < 10  # each used to hang or crash
    assert code == 2 and out == ""
    assert err.startswith("bridgelaw: error: ") and err.count("\n") == 1
    assert message in err


@pytest.mark.parametrize(
    ("name", "text"),
    [("PBN", f'[Board "1²"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Deal "{DEAL}"]\n\n'),
     ("PBN", f'[Board "{"1" * 4301}"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Deal "{DEAL}"]\n'
             '{ a note with a long number }\n[Note "' + "1" * 5000 + ':x"]\n\n'),
     ("CSV", "Board,Dealer,Vulnerable,North,East,South,West\n1²,N,None,"
             + ",".join(DEAL[2:].split()) + "\n")],
)  # fmt: skip
def test_deal_files_with_superscript_or_huge_board_numbers(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, name: str, text: str
) -> None:
    path = write(tmp_path, f"boards.{name.lower()}", text)
    code, _, _ = run(capsys, "records", str(path), "-o", str(tmp_path / "r.html"))
    assert code in (0, 1, 2)
    if name == "PBN":
        code, _, _ = run(capsys, "pbn", "check", str(path))
        assert code in (0, 1)


@pytest.mark.parametrize(
    "event",
    ["N claim ²", "N claim " + "1" * 5000, "director tricks ¹³", "N " + "1" * 5000 + "NT"],
)
def test_table_script_numbers(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, event: str
) -> None:
    path = write(tmp_path, "s.yaml", f"board: 1\ndeal: {DEAL}\nevents:\n- N 1NT\n- {event}\n")
    code, _, err = run(capsys, "replay", str(path))
    assert code == 1 and "event 2" in err


# -- wrong JSON types anywhere ----------------------------------------------------------------

TEAMS = (
    '{"scoring": "teams", "matches": MATCHES, "results": [\n'
    '{"board": 1, "ns": "A", "ew": "B", "room": "open", "match": "1", "contract": "4S", '
    '"declarer": "N", "tricks": 10},\n'
    '{"board": 1, "ns": "B", "ew": "A", "room": "closed", "match": "1", "contract": "4S", '
    '"declarer": "N", "tricks": 9}]}'
)


@pytest.mark.parametrize(
    ("text", "message"),
    [(TEAMS.replace("MATCHES", "5"), '"matches" must be a list, not 5'),
     (TEAMS.replace("MATCHES", "[5]"), 'each match needs "match", "home" and "away"'),
     (TEAMS.replace("MATCHES", '[{"match": "1", "home": "A", "away": "B", "boards": 10000000}]'),
      '"boards", 1 to 1000'),
     (results(event="{}"), '"event" must be the tournament\'s name (a string), not {}'),
     (results(event="5").replace('"scoring": "matchpoints"', '"scoring": ["x"]'),
      "unknown scoring ['x']"),
     (results(pairs="[1, 2]"), "pairs must map each pair to its players' names"),
     (results(pairs='{"1": {"a": 1}}'), "pairs must map each pair to its players' names"),
     (results(datum="{}"), "unknown datum method {}"),
     (results(movement='{"type": "mitchell", "tables": 2, "boards_per_round": 1, '
                       '"arrow_switch": 5}'), "arrow_switch must be a list of whole numbers"),
     (results(movement='{"type": "mitchell", "tables": 2, "boards_per_round": 1, '
                       '"arrow_switch": [1e400]}'), "arrow_switch must be a list"),
     (results(movement='{"type": "mitchell", "tables": 1000000000, "boards_per_round": 1}'),
      "a movement has at most 200 tables"),
     (results(movement='{"type": "howell", "tables": 2, "boards_per_round": 1, "rounds": "²"}'),
      "rounds must be a whole number, not '²'"),
     (results(deals='{"²": "x"}'), "'²' is not a board number"),
     (results(extra=', {"board": 1, "ns": "5", "ew": "6", "ns_score": 1e400}'),
      "ns_score must be a whole number of points"),
     (results(extra=', {"board": 1, "ns": "5", "ew": "6", "ns_score": 100000000000}'),
      "ns_score must be a whole number of points (at most 100,000 either way)"),
     (results(extra=', {"board": 1, "ns": "5", "ew": "6", "weighted": 5}'),
      "weighted must be a list of outcomes"),
     (results(extra=', {"board": 1, "ns": "5", "ew": "6", "split": {"NS": 5, "EW": "A"}}'),
      "split NS must be a result object"),
     (results(extra=', {"board": 1, "ns": "5", "ew": "6", "artificial": {"NS": "1e999%", '
                    '"EW": "A"}}'), "NS: not an artificial score: '1e999%'"),
     (results(extra=', {"board": 1, "ns": "5", "ew": "6", "round": [1], "contract": "3NT"}'),
      "round must be a number"),
     (results(extra=', {"board": 1, "ns": {}, "ew": "6", "contract": "3NT"}'),
      "ns and ew must name the pairs")],
)  # fmt: skip
def test_wrong_json_types_are_problems_with_their_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, text: str, message: str
) -> None:
    path = write(tmp_path, "r.json", text)
    code, _, err = run(capsys, "score-event", str(path))
    assert code == 1, err
    assert message in err
    assert err.startswith(f"{path}:")


# -- rich markup in names and file names ------------------------------------------------------


@pytest.mark.parametrize("terminal", [False, True])
def test_markup_in_names_prints_as_it_is(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    terminal: bool,
) -> None:
    # "[/]" is a closing tag with nothing to close: rich raised MarkupError on it
    monkeypatch.setattr("bridgelaw.commands.common.is_terminal", lambda stream=None: terminal)
    pairs = '{"1": "[/]", "2": "[red]Ann", "3": "x", "4": "y"}'
    path = write(tmp_path / "d[", "]x.json", results(event='"[/] [bold]Cup"', pairs=pairs))
    code, out, _ = run(capsys, "score-event", str(path))
    assert code == 0
    assert "[/] [bold]Cup (NS)" in out and "1 [/]" in out and "2 [red]Ann" in out
    assert ("┃" in out) is terminal  # boxes on a terminal only
    path.write_text("not json", encoding="utf-8")
    code, _, err = run(capsys, "score-event", str(path))
    assert code == 1 and f"{path}:1: not valid JSON" in err


def test_markup_in_a_pbn_file_name(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = write(tmp_path / "[b]", "[/].pbn", f'[Board "1"]\n[Deal "{DEAL}"]\n\n')
    code, out, _ = run(capsys, "pbn", "check", str(path))
    assert code in (0, 1) and f"{path}: 1 boards" in out


# -- scripts: encodings, YAML bounds -----------------------------------------------------------

SCRIPT = f"# Jérôme's table\nboard: 1\ndeal: {DEAL}\nevents:\n- N 1NT\n- E pass\n"


@pytest.mark.parametrize("encoding", ["latin-1", "utf-16", "utf-8-sig", "utf-16-le"])
def test_a_script_in_any_encoding_replays(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, encoding: str
) -> None:
    path = write(tmp_path, "s.yaml", SCRIPT.encode(encoding))
    code, out, _ = run(capsys, "replay", str(path), "--json")
    assert code == 0
    assert [e["call"] for e in json.loads(out)["history"]] == ["1NT", "pass"]


def test_yaml_nested_5000_deep(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = write(tmp_path, "s.yaml", "board: " + "[" * 5000 + "]" * 5000 + "\n")
    code, _, err = run(capsys, "replay", str(path))
    assert code == 2 and f"{path}:1: nested more than 20 levels deep" in err


BOMB = "a: &a [lol,lol,lol,lol,lol,lol,lol,lol,lol]\n" + "".join(
    f"{c}: &{c} [{','.join(['*' + p] * 9)}]\n" for p, c in zip("abcdefgh", "bcdefghi", strict=True)
)


def test_yaml_alias_bomb(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert len(BOMB) < 400  # 9**9 strings once expanded: gigabytes
    path = write(tmp_path, "s.yaml", BOMB)
    start = time.perf_counter()
    code, _, err = run(capsys, "replay", str(path))
    assert time.perf_counter() - start < 10
    assert code == 2 and f"{path}:1: anchors and aliases (& and *) are not allowed" in err


def test_yaml_value_python_cannot_build(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = write(tmp_path, "s.yaml", "board: 2001-13-45\n")  # a timestamp with month 13
    code, _, err = run(capsys, "replay", str(path))
    assert code == 2 and "a value cannot be read" in err


# -- terminals that are not UTF-8 --------------------------------------------------------------


def test_a_terminal_that_cannot_show_the_names(tmp_path: Path) -> None:
    pairs = '{"1": "Kowalczyń", "2": "b", "3": "c", "4": "d"}'
    path = write(tmp_path, "r.json", results(event='"Gdańsk"', pairs=pairs))
    env = dict(os.environ, PYTHONIOENCODING="ascii")
    command = [sys.executable, "-m", "bridgelaw", "score-event", str(path)]
    done = subprocess.run(command, capture_output=True, env=env, check=False)
    assert done.returncode == 0, done.stderr
    assert b"1 Kowalczy\\u0144" in done.stdout and b"Traceback" not in done.stderr
    done = subprocess.run([*command, "--json"], capture_output=True, env=env, check=False)
    assert done.returncode == 0 and json.loads(done.stdout)["event"] == "Gdańsk"


# -- internal errors and JSON errors -----------------------------------------------------------


def test_a_bug_has_its_own_status_and_says_how_to_report_it(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(*args: object) -> object:
        raise KeyError("a bug")

    monkeypatch.setattr("bridgelaw.boards.board_dealer", broken)
    monkeypatch.delenv("BRIDGELAW_DEBUG", raising=False)
    code, out, err = run(capsys, "board", "3")
    assert code == BUG == 3 and out == ""
    assert err.count("\n") == 1
    assert "internal error (a bug in bridgelaw" in err and "report it" in err
    assert "BRIDGELAW_DEBUG=1" in err
    code, out, err = run(capsys, "board", "3", "--json")
    assert code == 3 and json.loads(out)["status"] == 3
    monkeypatch.setenv("BRIDGELAW_DEBUG", "1")
    assert main(["board", "3"]) == 3
    assert "Traceback" in capsys.readouterr().err


USAGE_ERRORS = [
    ["board", "0"], ["score-contract", "8S", "9"], ["imps", "x"], ["pbn", "check", "/no/file"],
    ["score-event", "/no/file"], ["movement", "x", "--tables", "2", "--boards-per-round", "1"],
    ["vp", "x", "--boards", "8"], ["next-round", "/no/file"], ["deal", "-b", "x"],
    ["deal-number", "x"], ["deal-commit", "--seed", "x"], ["deal-verify", "/no", "--seed", "x"],
    ["records", "/no/file"], ["replay", "/no/file"], ["demo", "--site", "/dev/null"],
]  # fmt: skip


@pytest.mark.parametrize("argv", USAGE_ERRORS)
def test_json_errors_for_every_command(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    code, out, err = run(capsys, *argv, "--json")
    assert code == 2, err
    data = json.loads(out)
    assert data["status"] == 2 and data["error"] and data["error"] in err


def test_json_error_of_a_script_that_does_not_run(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = write(tmp_path, "s.yaml", f"board: 1\ndeal: {DEAL}\nevents:\n- N 1NT\n- E SA\n")
    code, out, _ = run(capsys, "replay", str(path), "--json")
    assert code == 1
    data = json.loads(out)
    assert set(data) == {"error", "status"} and data["status"] == 1
    assert data["error"].startswith(f"{path}: event 2: ")  # the card during the auction


def test_pbn_check_json_carries_the_status(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = write(tmp_path, "x.pbn", f'[Board "1"]\n[Deal "{DEAL}"]\n[Contract "8S"]\n\n')
    code, out, _ = run(capsys, "pbn", "check", str(path), "--json")
    assert code == 1 and json.loads(out)["status"] == 1


def test_json_problems_carry_the_status(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = write(tmp_path, "r.json", results('"x"'))
    code, out, _ = run(capsys, "score-event", str(path), "--json")
    data = json.loads(out)
    assert code == 1 and data["status"] == 1 and data["problems"][0]["line"] == 2


# -- Excel exports -----------------------------------------------------------------------------

CSV_ROWS = [["board", "ns", "ew", "contract", "declarer", "tricks"],
            ["1", "1", "2", "4S", "N", "10"], ["1", "3", "4", "4S", "N", "9"]]  # fmt: skip


@pytest.mark.parametrize(
    ("delimiter", "encoding"),
    [(",", "utf-8"), (",", "utf-8-sig"), (";", "utf-8-sig"), (";", "cp1252"), ("\t", "utf-16"),
     (",", "utf-16"), (";", "utf-16-le")],
)  # fmt: skip
def test_excel_csv_results(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, delimiter: str, encoding: str
) -> None:
    text = "# event: Żywiec\r\n" if encoding.startswith("utf") else "# event: Café\r\n"
    text += "".join(delimiter.join(row) + "\r\n" for row in CSV_ROWS)
    path = write(tmp_path, "r.csv", text.encode(encoding))
    code, out, err = run(capsys, "score-event", str(path), "--json")
    assert code == 0, err
    data = json.loads(out)
    assert data["event"] in ("Żywiec", "Café")
    assert [(r["pair"], r["score"]) for r in data["ranking"]] == [
        ("1", 2), ("3", 0), ("4", 2), ("2", 0)]  # fmt: skip


@pytest.mark.parametrize(("delimiter", "encoding"), [(";", "utf-8-sig"), ("\t", "utf-16")])
def test_excel_csv_deals(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, delimiter: str, encoding: str
) -> None:
    hands = DEAL[2:].split()
    rows = [["Board", "Dealer", "Vulnerable", "North", "East", "South", "West"],
            ["7", "S", "All", *hands]]  # fmt: skip
    text = "".join(delimiter.join(row) + "\r\n" for row in rows)
    path = write(tmp_path, "deals.csv", text.encode(encoding))
    code, out, err = run(capsys, "records", str(path), "--json")
    assert code == 0, err
    assert json.loads(out)["boards"] == [7]
