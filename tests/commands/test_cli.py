"""The command line: outputs, JSON, and one-line errors with exit status 2."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bridgelaw.cli import main

from ..helpers import SAMPLE_DEAL


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_board_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "board", "5", "--json")
    assert code == 0
    assert json.loads(out) == {"board": 5, "dealer": "N", "vulnerable": "NS"}
    code, out, _ = run(capsys, "board", "20", "--json")
    assert json.loads(out) == {"board": 20, "dealer": "W", "vulnerable": "both"}
    code, out, _ = run(capsys, "board", "14")
    assert "East" in out and "none" in out


@pytest.mark.parametrize(
    ("argv", "expected"),
    [(["4H", "10"], "420"), (["3NTX", "7", "--vulnerable"], "-500"), (["6SXX", "12"], "1620"),
     (["1NT", "7"], "90"), (["passed-out", "0"], "0")],
)  # fmt: skip
def test_score_contract(capsys: pytest.CaptureFixture[str], argv: list[str], expected: str) -> None:
    # 6SXX made: 6 * 30 redoubled = 720, game 300, small slam 500, redoubled insult 100 = 1620
    code, out, _ = run(capsys, "score-contract", *argv)
    assert code == 0
    assert out.strip() == expected


def test_imps_both_signs(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "imps", "250")[1].strip() == "6"
    assert run(capsys, "imps", "-450")[1].strip() == "-10"
    _, out, _ = run(capsys, "imps", "-4000", "--json")
    assert json.loads(out) == {"difference": -4000, "imps": -24}


@pytest.mark.parametrize(
    "argv",
    [["board", "0"], ["board", "x"], ["score-contract", "8S", "9"], ["score-contract", "4H", "14"],
     ["score-contract", "4Q", "9"], ["imps", "abc"], ["nonsense"], ["pbn", "check", "/no/file"],
     ["score-contract", "4H"]],
)  # fmt: skip
def test_bad_arguments_get_one_line_and_status_2(
    capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2
    assert out == ""
    assert err.count("\n") == 1 and err.startswith("bridgelaw: error: ")
    assert "Traceback" not in err


def test_pbn_check_clean_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    pbn = tmp_path / "ok.pbn"
    pbn.write_text(f"""[Board "1"]
[Deal "{SAMPLE_DEAL}"]
[Contract "3NT"]
[Declarer "N"]
[Result "10"]
[Auction "N"]
3NT AP
""")
    code, out, _ = run(capsys, "pbn", "check", str(pbn), "--json")
    assert code == 0
    report = json.loads(out)
    assert report["problems"] == []
    assert report["boards"][0]["ns_score"] == 430 and report["boards"][0]["contract"] == "3NT"


def test_pbn_check_reports_problems_with_lines(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    pbn = tmp_path / "bad.pbn"
    pbn.write_text(f"""[Board "1"]
[Deal "{SAMPLE_DEAL}"]
[Auction "N"]
1S 1H
""")
    code, out, _ = run(capsys, "pbn", "check", str(pbn))
    assert code == 1
    assert f"{pbn}:4:" in out and "Law 27" in out and "1 problem found" in out


def test_demo_checks_scores_and_writes_the_site(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # as `make run` does: the default --site (out/sample-session) in a folder without `out`
    monkeypatch.chdir(tmp_path)
    code, out, _ = run(capsys, "demo", "--json")
    assert code == 0
    report = json.loads(out)
    site = tmp_path / "out" / "sample-session"
    assert (site / "index.html").is_file() and report["site"].endswith("index.html")
    # Law 78A: per board and direction the matchpoints of n results add up to n(n-1)
    for board in report["boards"]:
        n = len(board["results"])
        assert sum(r["ns_mp"] for r in board["results"]) == pytest.approx(n * (n - 1))
        assert board["top"] == 2 * (n - 1)
    assert {entry["pair"] for entry in report["ranking"]} == {str(p) for p in range(1, 9)}


def test_replay_account_shows_the_tricks(capsys: pytest.CaptureFixture[str]) -> None:
    script = Path(__file__).parents[1] / "scripts" / "play" / "l64a2-one-trick-transferred.yaml"
    code, out, _ = run(capsys, "replay", str(script))
    assert code == 0
    rows = [line.split() for line in out.splitlines() if line.strip().startswith("1 ")]
    # trick 1: E led the king of hearts, W revoked with the three of diamonds, N won
    assert rows[0] == ["1", "E", "HA", "HK", "H6", "D3*", "N"]
    assert "Law 64A2" in out and "Tricks: 8" in out
