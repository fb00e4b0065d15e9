"""``--help`` imports only what it needs; plain text off a terminal, boxes on
one; long work says what it wrote."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from bridgelaw.cli import main

HEAVY = (
    "numpy",
    "bridgelaw.table",
    "bridgelaw.sample",
    "bridgelaw.tournament.session",
    "yaml",
    "fastapi",
    "sqlalchemy",
    "uvicorn",
    "alembic",
)

PROBE = """
import sys
from bridgelaw.cli import main
code = main(sys.argv[1:])
heavy = [m for m in {heavy!r} if m in sys.modules]
sys.stderr.write("HEAVY " + ",".join(heavy) + "\\n")
sys.exit(code)
"""


@pytest.mark.parametrize(
    "argv",
    [["--help"], ["serve", "--help"], ["score-event", "--help"], ["board", "5"], ["imps", "250"],
     ["vp", "5", "--boards", "8"],
     ["movement", "mitchell", "--tables", "3", "--boards-per-round", "2"]],
)  # fmt: skip
def test_help_and_small_commands_import_nothing_heavy(argv: list[str]) -> None:
    # a fresh interpreter: the test process has numpy and the table engine loaded already
    probe = PROBE.format(heavy=HEAVY)
    done = subprocess.run(
        [sys.executable, "-c", probe, *argv], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr
    loaded = done.stderr.split("HEAVY ")[1].strip()
    allowed = {"vp": "bridgelaw.tournament.session"}.get(argv[0], "")  # number() formats VPs
    assert loaded in ("", allowed), f"{argv}: imported {loaded}"


def test_the_score_table_is_plain_text_off_a_terminal(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "r.csv"
    path.write_text("board,ns,ew,contract,declarer,tricks\n1,1,2,4S,N,10\n1,3,4,4S,N,9\n")
    assert main(["score-event", str(path)]) == 0
    out = capsys.readouterr().out
    assert not any(ch in out for ch in "┃━│─┏┡└"), out
    lines = out.splitlines()
    assert lines[:4] == [
        "Ranking (NS)",
        "Rank  Pair  MP       %  Boards",
        "1     1      2  100.00       1",
        "2     3      0    0.00       1",
    ]


def test_outputs_are_named_at_the_end(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    seed = "00112233445566778899aabbccddeeff" * 2
    boards = tmp_path / "boards.pbn"
    assert main(["deal", "-b", "1-4", "--seed", seed, "-o", str(boards)]) == 0
    assert capsys.readouterr().err == f"bridgelaw: wrote 4 boards to {boards} (pbn)\n"
    page = tmp_path / "records.html"
    assert main(["records", str(boards), "-o", str(page)]) == 0
    assert f"wrote the hand records of 4 boards to {page}" in capsys.readouterr().err
    results = tmp_path / "r.csv"
    results.write_text("board,ns,ew,contract,declarer,tricks\n1,1,2,4S,E,10\n1,3,4,4S,E,9\n")
    pbn, site = tmp_path / "out.pbn", tmp_path / "site"
    assert main(["score-event", str(results), "--pbn", str(pbn), "--site", str(site)]) == 0
    err = capsys.readouterr().err
    assert f"scored 2 results; wrote {pbn}, " in err and f"pages in {site}" in err
    assert main(["score-event", str(results), "--pbn", str(pbn), "--json"]) == 0
    captured = capsys.readouterr()
    assert captured.err == "" and json.loads(captured.out)["scoring"] == "matchpoints"


def test_progress_is_shown_on_a_terminal_only(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from bridgelaw.commands import common

    shown: list[str] = []

    class FakeBar:
        def __init__(self, *columns: object, **options: object) -> None:
            pass

        def add_task(self, description: str, total: int) -> int:
            shown.append(f"{description} of {total}")
            return 0

        def update(self, task: int, description: str) -> None:
            shown.append(description)

        def advance(self, task: int, steps: int = 1) -> None:
            shown.append(f"+{steps}")

        def start(self) -> None:
            shown.append("start")

        def stop(self) -> None:
            shown.append("stop")

    monkeypatch.setattr(common, "_rich_progress", FakeBar)
    seed = "00112233445566778899aabbccddeeff" * 2
    assert main(["deal", "-b", "1-1200", "--seed", seed, "--json"]) == 0
    assert shown == []  # standard error is not a terminal under pytest
    monkeypatch.setattr(common, "is_terminal", lambda stream=None: stream is sys.stderr)
    assert main(["deal", "-b", "1-1200", "--seed", seed, "--json"]) == 0
    assert shown == ["Dealing of 1200", "start", "+500", "+500", "+200", "stop"]
    capsys.readouterr()
