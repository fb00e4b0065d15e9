"""The end of the board: ``Table.record()`` and the PBN export of a replayed board
(``bridgelaw replay SCRIPT --pbn OUT``), read back with the PBN reader and checked against the
Laws with ``check_game``."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bridgelaw.cli import main
from bridgelaw.formats.check import check_game
from bridgelaw.formats.pbn import read_pbn, read_pbn_file, write_pbn
from bridgelaw.table import Table
from bridgelaw.table.record import pbn_game
from bridgelaw.table.script import load_script, run_script

from ..helpers import SAMPLE_DEAL

HERE = Path(__file__).parents[1]
CLAIMS = HERE / "scripts" / "claims"
ALL_SCRIPTS = sorted((HERE / "scripts").rglob("*.yaml"))
FORBID = "N:KJ74.A83.Q62.K95 Q82.KQJ5.AJ4.J73 A963.T76.K85.AQ2 T5.942.T973.T864"


def replayed(name: str) -> Table:
    return run_script(load_script(CLAIMS / f"{name}.yaml"))


def table_of(deal: str, board: int, *events: str) -> Table:
    table = Table.from_deal(board, deal)
    for text in events:
        table.apply_text(text)
    return table


def cancelled_call_then_claim() -> Table:
    """Board 1: E's insufficient 1H is declined and replaced by a pass (27B2, W barred); S
    declares 3NT, forbids a heart lead (26B), W leads the S5 and S claims 9 of the 13."""
    return table_of(
        FORBID,
        1,
        *"N 1S|E 1H|S decline|E pass|director not-comparable|S 2NT|W pass|N 3NT|E pass|S pass"
        "|W pass|S forbid H|W S5|S claim 9|W agree|E agree".split("|"),
    )


def accepted_insufficient_bid_then_claim() -> Table:
    """The spec's example: E's insufficient 1D over 1NT is accepted (27A1); E declares 1D, S
    leads, E claims 7 of the 13 and both opponents agree."""
    return table_of(
        SAMPLE_DEAL,
        1,
        *"N 1NT|E 1D|S accept|S pass|W pass|N pass|S S8|E claim 7|S agree|N agree".split("|"),
    )


# -- the record --------------------------------------------------------------------------------


def test_the_record_of_a_disputed_claim() -> None:
    record = replayed("l70-outstanding-trump-director-rules").record()
    assert (record.board, record.dealer.letter, record.vulnerable, record.edition) == (
        4,
        "W",
        "both",
        2017,
    )
    assert record.declarer is not None
    assert (record.contract, record.declarer.letter) == ("4S", "S")
    assert (record.tricks, record.score) == (11, {"NS": 650, "EW": -650})
    assert record.opening_lead == "CA"
    assert (record.ended_by, record.settled_under) == ("claim", "70")
    assert [r.law for r in record.rulings] == ["68A", "68D2", "70"]
    data = record.as_json()
    assert data["declarer"] == "S" and data["dealer"] == "W" and data["edition"] == "2017"
    assert [r["law"] for r in data["rulings"]] == ["68A", "68D2", "70"]
    # the JSON says what the record says, under the names the record uses
    assert {key: data[key] for key in data if key != "rulings"} == {
        "board": 4,
        "dealer": "W",
        "vulnerable": "both",
        "edition": "2017",
        "contract": "4S",
        "declarer": "S",
        "tricks": 11,
        "score": {"NS": 650, "EW": -650},
        "opening_lead": "CA",
        "ended_by": "claim",
        "settled_under": "70",
    }


@pytest.mark.parametrize(
    ("name", "ended_by", "settled_under", "tricks"),
    [
        ("l68a-claim-all-remaining-agreed", "claim", "69A", 12),
        ("l68b1-concession-of-all-keeps-the-tricks-won", "concession", "69A", 8),
        ("l69b2-agreement-withdrawn", "claim", "69B2", 11),
        ("l71b-concession-cancelled", "claim", "71B", 12),
        ("e2007-l71-concession-cancelled", "claim", "71", 12),
        ("l68d2b-play-on-by-agreement", "play", None, 11),  # the claim is void (68D2b)
        ("l68b2-partner-objects-to-a-concession", "play", None, 12),  # no concession (68B2)
    ],
)
def test_how_the_board_ended(
    name: str, ended_by: str, settled_under: str | None, tricks: int
) -> None:
    record = replayed(name).record()
    assert (record.ended_by, record.settled_under, record.tricks) == (
        ended_by,
        settled_under,
        tricks,
    )


def test_the_record_of_a_passed_out_board_and_of_a_board_in_progress() -> None:
    passed = table_of(SAMPLE_DEAL, 3, "S pass", "W pass", "N pass", "E pass").record()
    assert (passed.contract, passed.declarer, passed.tricks) == ("passed-out", None, None)
    assert (passed.score, passed.ended_by, passed.opening_lead) == (
        {"NS": 0, "EW": 0},
        "passed-out",
        None,
    )
    going = replayed("l69a-then-rho").record()
    assert (going.ended_by, going.tricks, going.score, going.opening_lead) == (
        None,
        None,
        None,
        "CA",
    )


def test_the_record_when_north_declares() -> None:
    # N declares 1NT (Seat.NORTH is 0: the tricks must still be reported)
    table = table_of(
        SAMPLE_DEAL, 1, "N 1NT", "E pass", "S pass", "W pass", "E DK", "N claim 13", "E agree"
    )
    table.apply_text("W agree")
    # N claims all 13 and E and W agree (69A): 1NT + 6 not vulnerable = 40 + 180 + 50 = 270
    assert table.to_json()["tricks"] == 13 and table.record().tricks == 13
    assert table.score() == {"NS": 270, "EW": -270}


# -- PBN ---------------------------------------------------------------------------------------


def round_trip(table: Table) -> tuple[str, Any]:
    text = write_pbn([pbn_game(table)])
    result = read_pbn(text, "board.pbn")
    assert result.problems == [], result.problems
    assert len(result.games) == 1
    return text, result.games[0]


def test_a_claim_exports_its_partial_play_and_rulings() -> None:
    table = replayed("l70-outstanding-trump-director-rules")
    text, game = round_trip(table)
    assert game.tags["Contract"] == "4S" and game.tags["Declarer"] == "S"
    assert game.tags["Result"] == "11" and game.tags["Board"] == "4"
    assert game.tags["Dealer"] == "W" and game.tags["Vulnerable"] == "All"
    assert len(game.tricks) == 9 and "*" in text.split("[Play")[1]
    assert [line for line in text.splitlines() if line.startswith("{Law")] == [
        f"{{Law {r.law}, event {r.event}: {r.text}}}" for r in table.rulings
    ]
    report = check_game(game, "board.pbn")
    assert report.problems == []
    assert (report.tricks, report.ns_score, report.opening_lead) == (11, 650, "CA")


def test_cancelled_calls_are_notes_on_a_legal_auction() -> None:
    table = cancelled_call_then_claim()
    assert table.score() == {"NS": 400, "EW": -400}  # 3NT by S, 9 tricks, not vulnerable
    text, game = round_trip(table)
    assert "[Auction" in text
    assert game.call_notes == {0: "then E 1H cancelled (27B)"}
    report = check_game(game, "board.pbn")
    assert report.problems == []
    assert (str(report.contract), report.declarer, report.tricks, report.ns_score) == (
        "3NT",
        table.declarer,
        9,
        400,
    )
    laws = [line.split(",")[0] for line in text.splitlines() if line.startswith("{Law")]
    assert laws == ["{Law 27B (E)", "{Law 27B2 (E)", "{Law 26B (E)", "{Law 68A", "{Law 69A"]


def test_an_accepted_irregular_auction_is_commentary_not_an_auction_section() -> None:
    table = accepted_insufficient_bid_then_claim()
    assert table.score() == {"NS": -70, "EW": 70}  # 1D by E, 7 tricks: 20 + 50
    text, game = round_trip(table)
    assert "[Auction" not in text and game.calls == []
    assert "{The auction at the table" in text and "E 1D" in text
    assert game.tags["Contract"] == "1D" and game.tags["Declarer"] == "E"
    report = check_game(game, "board.pbn")
    assert report.problems == []
    assert (report.tricks, report.ns_score, report.opening_lead) == (7, -70, "S8")


@pytest.mark.parametrize("path", ALL_SCRIPTS, ids=[p.stem for p in ALL_SCRIPTS])
def test_every_script_exports_a_pbn_game_the_checker_accepts(path: Path) -> None:
    script = load_script(path)
    if "error_event" in script.expect:
        return
    table = run_script(script)
    _, game = round_trip(table)
    report = check_game(game, "board.pbn")
    if table.phase == "auction" or table.contract is None:
        # an unfinished auction (or one stopped by an adjusted score, Laws 13, 15): no contract
        assert all("incomplete" in p.message for p in report.problems), report.problems
        return
    # exposed and penalty cards, leads, revokes (48-67); 43B2a/43B3 let an irregular lead stand
    play_laws = ("43B", "48", "49", "5", "6")
    irregular_play = bool(table.play and table.play.revokes) or any(
        r.law.startswith(play_laws) and not r.law.startswith(("68", "69", "70", "71"))
        for r in table.rulings
    )
    if irregular_play:
        # the Play section keeps the cards as they were played: the strict checker must
        # object to the play, and to nothing else
        assert all(p.message.startswith("trick") for p in report.problems), report.problems
        assert report.contract == table.contract
        return
    assert report.problems == [], report.problems
    assert report.contract == table.contract
    if table.phase == "ended" and table.score_cancelled is None:
        # (an adjusted score replacing the table result is the director's, not in the PBN)
        assert report.ns_score == (table.score() or {}).get("NS")


# -- the command line --------------------------------------------------------------------------


def test_replay_writes_the_pbn_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "board.pbn"
    script = CLAIMS / "l69b2-agreement-withdrawn.yaml"
    assert main(["replay", str(script), "--json", "--pbn", str(out)]) == 0
    capsys.readouterr()
    games = read_pbn_file(out)
    assert games.problems == [] and games.games[0].tags["Result"] == "11"
    assert [p.name for p in tmp_path.iterdir()] == ["board.pbn"]  # no temporary file left


def test_replay_writes_nothing_for_a_script_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "board.pbn"
    out.write_text("before\n")
    script = CLAIMS / "l70-director-out-of-range-is-a-script-error.yaml"
    assert main(["replay", str(script), "--pbn", str(out)]) == 1
    assert "event 46" in capsys.readouterr().err
    assert out.read_text() == "before\n"
    assert [p.name for p in tmp_path.iterdir()] == ["board.pbn"]


def test_replay_reports_a_file_it_cannot_write(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    script = CLAIMS / "l69b2-agreement-withdrawn.yaml"
    assert main(["replay", str(script), "--pbn", str(tmp_path / "no" / "board.pbn")]) == 1
    assert "cannot write" in capsys.readouterr().err
