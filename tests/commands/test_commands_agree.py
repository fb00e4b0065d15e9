"""The commands read a PBN file by one rule.

What `pbn check` accepts is not refused whole by `convert`, `records` or `analyse`: a deal that
gives only some hands (PBN 2.1 section 3.4.11) is kept where the target can hold it (PBN) and
left out with a note elsewhere, and so is a game without a deal. What `pbn check` refuses,
`convert` does not write. A game without a board number is never given one by bridgelaw. And a
problem inside a file is exit status 1 with every problem and its line (docs/command-line.md).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bridgelaw.cli import main
from bridgelaw.formats.deal_files import format_by_name
from bridgelaw.formats.lin import read_lin_games
from bridgelaw.formats.pbn import read_pbn

FULL = "N:AKQ2.KQ2.A32.K32 JT9.AJT.KQJ4.A54 876.9876.T98.QJ9 543.543.765.T876"
PARTIAL = "W:KQT2.AT.J6542.85 - A8654.KQ5.T.QJT6 -"

# board 1 whole (line 1), board 2 with two hands (line 6), and a game of tags only (line 10)
MIXED = (
    f'[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Deal "{FULL}"]\n\n'
    f'[Board "2"]\n[Dealer "E"]\n[Deal "{PARTIAL}"]\n\n'
    '[Event "tags only"]\n[Site "Warsaw"]\n'
)


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


# -- partial deals and games without a deal -------------------------------------------------------


def test_check_accepts_the_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, _ = run(capsys, "pbn", "check", str(write(tmp_path, "m.pbn", MIXED)))
    assert code == 0, out


def test_pbn_to_pbn_keeps_every_game(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    source, target = write(tmp_path, "m.pbn", MIXED), tmp_path / "out.pbn"
    code, _, err = run(capsys, "convert", str(source), str(target))
    assert code == 0, err
    games = read_pbn(target.read_text(), "out.pbn").games
    assert [g.tags.get("Deal") for g in games] == [FULL, PARTIAL, None]
    assert games[2].tags["Site"] == "Warsaw"
    code, out, _ = run(capsys, "pbn", "check", str(target))
    assert code == 0, out


@pytest.mark.parametrize("target", ["lin", "csv", "dlm", "dup", "bri", "dge", "ber"])
def test_whole_deal_targets_leave_out_what_they_cannot_hold_with_a_note(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, target: str
) -> None:
    source, out_path = write(tmp_path, "m.pbn", MIXED), tmp_path / f"out.{target}"
    code, _, err = run(capsys, "convert", str(source), str(out_path))
    assert code == 0, err
    assert [b.number for b in format_by_name(target).read(out_path.read_bytes(), "o", 1)] == [1]
    assert f"note: {source}:8: board 2 left out: the deal does not give all four hands" in err
    assert f"note: {source}:10: game left out: no deal is given" in err


@pytest.mark.parametrize("command", ["records", "analyse"])
def test_records_and_analyse_leave_them_out_with_a_note(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, command: str
) -> None:
    source = write(tmp_path, "m.pbn", MIXED)
    code, out, err = run(capsys, command, str(source), "--json")
    assert code == 0, err
    data = json.loads(out)
    assert [b if isinstance(b, int) else b["board"] for b in data["boards"]] == [1]
    assert f"{source}:8: board 2 left out" in err and f"{source}:10: game left out" in err


def test_analyse_output_keeps_the_games_it_analysed(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    source, target = write(tmp_path, "m.pbn", MIXED), tmp_path / "a.pbn"
    code, _, err = run(capsys, "analyse", str(source), "-o", str(target))
    assert code == 0, err
    (game,) = read_pbn(target.read_text(), "a.pbn").games
    assert game.tags["Deal"] == FULL and "OptimumScore" in game.tags


def test_a_file_of_partial_deals_only(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    text = f'[Board "1"]\n[Deal "{PARTIAL}"]\n\n[Board "2"]\n[Deal "{PARTIAL}"]\n'
    source = write(tmp_path, "p.pbn", text)
    code, _, err = run(capsys, "convert", str(source), str(tmp_path / "p2.pbn"))
    assert code == 0, err  # PBN holds them
    code, _, err = run(capsys, "convert", str(source), str(tmp_path / "p.csv"))
    assert code == 1 and "no game gives a whole deal" in err and "nothing written" in err
    assert not (tmp_path / "p.csv").exists()
    code, _, err = run(capsys, "records", str(source))
    assert code == 1 and "no game gives a whole deal" in err


# -- problems inside a file are exit status 1, every one with its line ---------------------------

BAD_DEALS = (
    '[Board "1"]\n[Deal "N:AKQ2.KQ2.A32.K32 JT9.AJT.KQJ4.A54 876.9876.T98.QJ9 543.543.765.T87"]\n\n'
    '[Board "2"]\n[Deal "N:AKQ2.KQ2.A32.K32 JT9.AJT.KQJ4.A54 876.9876.T98.QJ9 543.543.765.T8765"]\n'
)


@pytest.mark.parametrize("command", ["records", "analyse", "convert"])
def test_every_problem_with_its_line_and_status_1(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, command: str
) -> None:
    source = write(tmp_path, "bad.pbn", BAD_DEALS)
    extra = [str(tmp_path / "out.csv")] if command == "convert" else []
    code, out, err = run(capsys, command, str(source), *extra)
    assert code == 1 and out == ""
    assert f"{source}:2:" in err and f"{source}:5:" in err  # both, each with its line
    assert err.strip().splitlines()[-1].startswith("bridgelaw: error: 2 problems in")
    code, out, _ = run(capsys, command, str(source), *extra, "--json")
    data = json.loads(out)
    assert code == 1 and data["status"] == 1
    assert [p["line"] for p in data["problems"]] == [2, 5]
    assert not (tmp_path / "out.csv").exists()


def test_a_missing_file_is_still_a_usage_error(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    for command in ("records", "analyse"):
        code, _, err = run(capsys, command, str(tmp_path / "none.pbn"))
        assert code == 2 and "no such file" in err


# -- convert writes nothing `pbn check` refuses; no board number is made up -----------------------

INSUFFICIENT = (
    f'[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Deal "{FULL}"]\n'
    '[Auction "N"]\n1S 2D 2H 2C\nPass Pass Pass\n'
)


@pytest.mark.parametrize("target", ["pbn", "lin"])
def test_an_auction_check_refuses_is_not_converted(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, target: str
) -> None:
    source = write(tmp_path, "i.pbn", INSUFFICIENT)
    code, out, _ = run(capsys, "pbn", "check", str(source))
    assert code == 1 and "insufficient" in out
    out_path = tmp_path / f"out.{target}"
    code, _, err = run(capsys, "convert", str(source), str(out_path))
    # 2C by West is insufficient over 2H (Law 18D): refused with its line, never dropped as if
    # LIN could not hold it
    assert code == 1 and f"{source}:6:" in err and "insufficient" in err
    assert "LIN" not in err and not out_path.exists()
    # a format of deals only carries no auction: the deal is converted
    code, _, err = run(capsys, "convert", str(source), str(tmp_path / "out.csv"))
    assert code == 0, err


def test_what_lin_drops_is_what_lin_cannot_hold(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    text = (
        f'[Event "Club"]\n[Site "Here"]\n[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n'
        f'[Deal "{FULL}"]\n[Declarer "N"]\n[Contract "3NT"]\n[Result "9"]\n\n'
        f'[Event "Club"]\n[Date "2026.01.02"]\n[Board "2"]\n[Deal "{FULL}"]\n'
    )
    source = write(tmp_path, "t.pbn", text)
    code, _, err = run(capsys, "convert", str(source), str(tmp_path / "t.lin"))
    assert code == 0, err
    dropped = [line for line in err.splitlines() if "dropped" in line]
    assert dropped == [
        "bridgelaw: a contract without its auction dropped: LIN gives a contract by its "
        "auction only",
        "bridgelaw: the tags Date, Event, Site dropped: LIN has no place for them",
    ]


@pytest.mark.parametrize("board_tag", ["", '[Board ""]\n', '[Board "?"]\n'])
def test_a_game_without_a_board_number_is_never_numbered_by_bridgelaw(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, board_tag: str
) -> None:
    # PBN 2.1 section 3.4.4: the Board tag is a positive integer; missing, empty ("" does not
    # apply, 3.4) or unknown ("?"), there is no number, and each command says so alike
    text = f'{board_tag}[Dealer "S"]\n[Vulnerable "All"]\n[Deal "{FULL}"]\n'
    source = write(tmp_path, "n.pbn", text)
    line = 1
    code, out, _ = run(capsys, "pbn", "check", str(source))
    assert code == 0 and "no board number" in out
    code, _, err = run(capsys, "convert", str(source), str(tmp_path / "n2.pbn"))
    assert code == 0, err  # PBN holds a game without a number: kept without one
    (game,) = read_pbn((tmp_path / "n2.pbn").read_text(), "n2.pbn").games
    assert game.board_number is None
    for argv in (["convert", str(source), str(tmp_path / "n.lin")],
                 ["convert", str(source), str(tmp_path / "n.csv")],
                 ["records", str(source)], ["analyse", str(source)]):  # fmt: skip
        code, _, err = run(capsys, *argv)
        # left out with a note (never numbered), and then nothing is left to write
        assert code == 1, argv
        assert f"{source}:{line}: game left out: no board number" in err
        assert "no game gives a whole deal and a board number" in err and "--first-board" in err
    assert not (tmp_path / "n.lin").exists() and not (tmp_path / "n.csv").exists()
    # the user says from where: numbered from it, and said so
    code, out, err = run(capsys, "records", str(source), "--first-board", "7", "--json")
    assert code == 0 and json.loads(out)["boards"] == [7]
    assert "numbered 7, from --first-board" in err


def test_games_without_a_number_are_left_out_the_rest_read(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # a file `pbn check` accepts is not refused whole (the PBN standard's own test files put
    # deals without a Board tag beside numbered boards)
    text = f'[Board "3"]\n[Deal "{FULL}"]\n\n[Deal "{FULL}"]\n'
    source = write(tmp_path, "two.pbn", text)
    code, out, err = run(capsys, "records", str(source), "--json")
    assert code == 0 and json.loads(out)["boards"] == [3]
    assert f"{source}:4: game left out: no board number" in err


CORPUS = sorted((Path(__file__).parents[1] / "data" / "pbn").glob("*.pbn"))


@pytest.mark.parametrize("source", CORPUS, ids=lambda p: p.name)
def test_pbn_to_pbn_keeps_what_the_table_did(source: Path, tmp_path: Path) -> None:
    # the irregularities PBN 2.1 section 3.9 marks (^I ^S in the auction, ^R ^L in the play),
    # '+' (3.5, 3.6: to be continued) and the notes: rewritten as read, so `pbn check` reads
    # the rewritten file as it read the first (an accepted insufficient bid lost its ^I once)
    from bridgelaw.commands.convert import convert_data
    from bridgelaw.formats.check import check_game

    data = source.read_bytes()
    pbn = format_by_name("pbn")
    written = convert_data(data, pbn, pbn, source.name).data.decode()
    first, again = read_pbn(data, "a.pbn"), read_pbn(written, "b.pbn")
    assert again.problems == []
    for a, b in zip(first.games, again.games, strict=True):
        assert (b.calls, b.call_notes, b.tricks) == (a.calls, a.call_notes, a.tricks)
        marks = [(i.mark, i.index) for i in b.irregularities]
        assert marks == [(i.mark, i.index) for i in a.irregularities]
        assert (b.auction_mark, b.play_plus) == (a.auction_mark, a.play_plus)
        # a play that stops short is closed by '*' (3.6) when nothing says it continues
        assert b.play_mark == a.play_mark or (a.play_mark, b.play_mark) == ("", "*")
        assert check_game(b, "b.pbn").problems == []


@pytest.mark.parametrize(
    ("name", "dropped"),
    [("revoke.pbn", "a result the play cannot give (a revoke's transferred tricks, Law 64)"),
     ("lead-out-of-turn.pbn", "the play from a lead out of turn the opponents accepted (^L)"),
     ("declarer-swapped.pbn", "the play of a hand declarer and dummy swapped (^N")],
)  # fmt: skip
def test_pbn_to_lin_drops_what_lin_cannot_mark_and_says_so(name: str, dropped: str) -> None:
    # LIN has no marks for the irregularities of PBN 2.1 section 3.9 (and 3.4.13): its cards
    # are in the order of play, each the player on turn's, and its claim is declarer's tricks
    # by the play. What it cannot say is dropped by name, and the LIN written reads back whole
    from bridgelaw.commands.convert import convert_data

    text = (Path(__file__).parents[1] / "data" / "pbn" / name).read_text()
    text = text.replace('[Play "', '[Auction "N"]\n3NT AP\n[Play "', 1)  # North's 3NT, as said
    result = convert_data(text.encode(), format_by_name("pbn"), format_by_name("lin"), name)
    assert [d for d in result.dropped if d.startswith(dropped)], result.dropped
    assert all("LIN has no mark" in d for d in result.dropped if d.startswith(dropped))
    back = read_lin_games(result.data, "back.lin")
    assert back.problems == [] and back.notes == []
