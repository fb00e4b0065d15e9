"""PBN 2.1 as the standard writes it: one small file per construct (tests/data/pbn/), read by
every reader (the checker, the deal readers, hand records, the results reader), each with the
reading the standard (or the Laws) gives it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bridgelaw.boards import Vulnerability
from bridgelaw.calls import PASS, Contract, parse_call
from bridgelaw.cards import Seat, parse_card
from bridgelaw.cli import main
from bridgelaw.commands.scoring import read_tournament_file
from bridgelaw.formats.check import GameReport, check_game
from bridgelaw.formats.deal_files import read_deal_file, read_pbn_deals
from bridgelaw.formats.pbn import Irregularity, PbnFile, read_pbn, read_pbn_file
from bridgelaw.formats.results_pbn import deals_from_pbn, read_results_pbn

DATA = Path(__file__).parents[1] / "data" / "pbn"
ENCODINGS = ["enc-utf8-bom.pbn", "enc-utf16.pbn", "enc-latin1.pbn", "enc-crlf.pbn"]


def read(name: str) -> PbnFile:
    return read_pbn_file(DATA / name)


def checked(name: str) -> tuple[PbnFile, list[GameReport]]:
    parsed = read(name)
    return parsed, [check_game(game, name) for game in parsed.games]


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    code = main(list(argv))
    return code, capsys.readouterr().out


def test_hash_inherits_the_nearest_value_or_empty_and_double_hash_is_a_header() -> None:
    parsed = read("inherit.pbn")
    assert parsed.problems == [] and parsed.notes == []
    first, second, third = (game.tags for game in parsed.games)
    assert first["Event"] == ""  # 4.8: nothing earlier to inherit
    assert first["Site"] == second["Site"] == third["Site"] == "Warsaw"  # "##Warsaw"
    assert second["Event"] == third["Event"] == "Pairs"
    assert third["Date"] == "2026.11.20"  # the nearest earlier game that has a Date: game 1


def test_tags_without_spaces_several_to_a_line_and_over_lines() -> None:
    parsed = read("no-space.pbn")
    assert parsed.problems == []
    (game,) = parsed.games
    assert game.tags["Event"] == "" and game.board_number == 5
    assert game.tags["Site"] == "Kraków" and game.tag_lines["Site"] == 6
    assert game.dealer == Seat.SOUTH and game.vulnerability == Vulnerability.EW
    assert game.board is not None


def test_a_hand_record_with_empty_values_is_valid() -> None:
    parsed, (report,) = checked("hand-record.pbn")
    assert parsed.problems == [] and report.problems == [] and report.notes == []
    game = parsed.games[0]
    assert game.contract is None and game.declarer is None and game.result is None
    assert (game.board_number, game.dealer, game.vulnerability) == (16, Seat.WEST,
                                                                     Vulnerability.EW)  # fmt: skip
    rows = [cells for _, cells in game.tables["OptimumResultTable"]]
    assert rows == [["N", "NT", "13"], ["S", "S", "13"]]


def test_a_passed_out_board() -> None:
    parsed, (report,) = checked("passed-out.pbn")
    game = parsed.games[0]
    assert game.contract is not None and game.contract.is_passed_out
    assert game.declarer is None and game.result is None and game.calls == [PASS] * 4
    assert report.problems == [] and report.ns_score == 0  # Law 22B: no score for either side


def test_question_marks_are_unknown_values_not_errors() -> None:
    parsed, (report,) = checked("unknown.pbn")
    game = parsed.games[0]
    assert game.known("Contract") is None and game.known("Event") is None
    assert game.tags["Contract"] == "?"  # kept as written
    assert game.contract is None and game.declarer is None and game.result is None
    assert report.problems == [] and game.board is not None


def test_a_claim_written_as_rows_of_hyphens_is_a_note() -> None:
    parsed, (report,) = checked("claim.pbn")
    game = parsed.games[0]
    assert len(game.tricks) == 13 and game.tricks[4] == [None] * 4
    assert len(game.played_cards()) == 16
    assert report.problems == []
    assert [n.line for n in report.notes] == [17] and "claimed" in report.notes[0].message
    assert (report.tricks, report.ns_score) == (9, 400)  # 3NT made, not vulnerable


def test_an_unknown_card_stops_the_check_with_a_note() -> None:
    parsed, (report,) = checked("unknown-card.pbn")
    game = parsed.games[0]
    assert game.tricks[0] == [parse_card("DK"), None, parse_card("D5"), parse_card("DA")]
    assert game.tricks[1][0] == parse_card("D4")
    assert report.problems == [] and [n.line for n in report.notes] == [11]


def test_a_revoke_marked_in_the_play_is_a_note_with_law_64() -> None:
    parsed, (report,) = checked("revoke.pbn")
    game = parsed.games[0]
    assert game.irregularities == [Irregularity("R", 1, 11)]  # trick 1, South's column
    assert game.tricks[0][1] == parse_card("S8")
    assert report.problems == []
    notes = [(n.line, n.message) for n in report.notes]
    assert [line for line, _ in notes] == [9, 11, 11]
    assert "Law 64" in notes[0][1] and "61A" in notes[1][1] and "stops" in notes[2][1]
    assert report.tricks == 0


def test_an_unmarked_revoke_is_still_a_problem() -> None:
    text = (DATA / "revoke.pbn").read_text().replace("^R ", "")
    game = read_pbn(text, "r.pbn").games[0]
    problems = check_game(game, "r.pbn").problems
    assert [p.line for p in problems] == [11] and "61A" in problems[0].message


def test_declarer_and_dummy_swapped() -> None:
    parsed, (report,) = checked("declarer-swapped.pbn")
    game = parsed.games[0]
    assert game.declarer == Seat.NORTH and game.declarer_swapped
    assert report.problems == [] and [n.line for n in report.notes] == [7, 14]
    assert report.declarer == Seat.NORTH and report.opening_lead == "DK"
    assert report.ns_score == 400
    wrong = (DATA / "declarer-swapped.pbn").read_text().replace('"^N"', '"^E"')
    problems = check_game(read_pbn(wrong, "w.pbn").games[0], "w.pbn").problems
    assert problems and problems[0].line == 7 and "Law 22" in problems[0].message


def test_result_forms_and_an_agreed_result() -> None:
    parsed, reports = checked("result-forms.pbn")
    assert [g.result for g in parsed.games] == [9, 7, 10]
    assert [g.result_irregular for g in parsed.games] == [False, False, True]
    assert [r.problems for r in reports] == [[], [], []]
    assert [n.line for n in reports[2].notes] == [19, 21]  # the agreed result; the play stops
    # board 2: East-West not vulnerable (Law 2), 2S one down; board 3: 3NT with an overtrick
    assert [r.ns_score for r in reports] == [400, 50, 430]


def test_an_empty_vulnerable_is_law_2_never_nobody_vulnerable(
    capsys: pytest.CaptureFixture[str],
) -> None:
    parsed, (report,) = checked("vulnerable-empty.pbn")
    game = parsed.games[0]
    assert game.dealer == Seat.EAST and game.vulnerability == Vulnerability.NS
    assert report.problems == [] and report.ns_score == 600  # 3NT made, vulnerable
    (board,) = read_deal_file(DATA / "vulnerable-empty.pbn")
    assert board.vulnerability == Vulnerability.NS and board.dealer == Seat.EAST
    code, out = run(capsys, "records", str(DATA / "vulnerable-empty.pbn"))
    assert code == 0 and "Vul: N-S" in out and "Dealer: East" in out


def test_an_auction_in_columns_with_an_accepted_insufficient_bid() -> None:
    parsed, (report,) = checked("auction-irregular.pbn")
    game = parsed.games[0]
    assert parsed.problems == [] and game.auction_start == Seat.NORTH
    assert game.calls == [parse_call(w) for w in "1D 1C pass pass pass".split()]
    assert game.irregularities == [Irregularity("I", 1, 11)]
    assert report.problems == [] and [n.line for n in report.notes] == [11]
    assert report.contract == Contract.parse("1C") and report.declarer == Seat.EAST


@pytest.mark.parametrize("name", ENCODINGS)
def test_every_reader_takes_every_encoding(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    path = DATA / name
    parsed = read_pbn_file(path)
    assert parsed.problems == []
    (game,) = parsed.games
    assert game.tags["West"] == "Jérôme" and game.tags["Event"] == "Clubabend Müller"
    assert game.line == 3  # a byte-order mark is not a line, CRLF is one line end
    (board,) = read_pbn_deals(path.read_bytes(), name)
    assert (board.number, board.vulnerability) == (2, Vulnerability.NS)
    deals, problems = deals_from_pbn(path)
    assert problems == [] and list(deals) == [2]
    outcome = read_results_pbn(path.read_bytes(), name)
    assert outcome.problems == [] and outcome.tournament is not None
    assert outcome.tournament.name == "Clubabend Müller" and len(outcome.tournament.lines) == 2
    through_command = read_tournament_file(path, None, None)
    assert through_command.problems == [] and through_command.tournament is not None
    assert through_command.tournament.name == "Clubabend Müller"
    code, out = run(capsys, "pbn", "check", str(path), "--json")
    assert code == 0 and json.loads(out)["problems"] == []
    code, out = run(capsys, "records", str(path))
    assert code == 0 and 'id="board-2"' in out


def test_pbn_check_exit_status_and_notes(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, out = run(capsys, "pbn", "check", str(DATA / "revoke.pbn"))
    assert code == 0  # a revoke the file records is a fact of the table, not a problem
    assert "0 problems found, 3 notes" in out and "note: " in out and "61A" in out
    code, out = run(capsys, "pbn", "check", str(DATA / "claim.pbn"), "--json")
    report = json.loads(out)
    assert code == 0 and report["problems"] == []
    assert [n["line"] for n in report["notes"]] == [17] and report["boards"][0]["notes"] == 1
    bad = (DATA / "revoke.pbn").read_text().replace("^R ", "")
    target = tmp_path / "unmarked.pbn"
    target.write_text(bad)
    code, out = run(capsys, "pbn", "check", str(target))
    assert code == 1 and "1 problem found" in out


@pytest.mark.parametrize("name", sorted(p.name for p in DATA.glob("*.pbn")))
def test_every_corpus_file_is_valid(name: str) -> None:
    parsed, reports = checked(name)
    assert parsed.problems == [] and [p for r in reports for p in r.problems] == []
    assert all(p.file == name or p.file.endswith(name) for p in parsed.notes)


def test_an_end_position_is_a_note() -> None:
    parsed, (report,) = checked("end-position.pbn")
    game = parsed.games[0]
    assert game.deal is None and game.play_start == Seat.SOUTH
    assert report.problems == []
    assert [n.line for n in report.notes] == [3, 4] and "3.10" in report.notes[1].message
    broken = (DATA / "end-position.pbn").read_text().replace("...KQJ", "...KQ")
    problems = check_game(read_pbn(broken, "e.pbn").games[0], "e.pbn").problems
    assert [p.line for p in problems] == [4, 5]  # not an end position: a bad deal, no contract


def test_an_empty_auction_or_play_tag_is_no_section() -> None:
    text = (DATA / "passed-out.pbn").read_text() + '[Play ""]\n'
    parsed = read_pbn(text, "p.pbn")
    assert parsed.problems == [] and parsed.games[0].play_start is None
    assert check_game(parsed.games[0], "p.pbn").problems == []
    parsed = read_pbn(text + "SA SK SQ SJ\n", "p.pbn")
    assert [p.line for p in parsed.problems] == [13]


def test_games_to_be_continued_and_annotations_across_lines() -> None:
    parsed, reports = checked("continued.pbn")
    auction, play = parsed.games
    assert parsed.problems == [] and [r.problems for r in reports] == [[], []]
    assert auction.auction_mark == "+" and len(auction.calls) == 3
    assert auction.call_notes == {2: "to play"}
    assert [n.line for n in reports[0].notes] == [7]
    # four cards a trick, whatever the lines: DK D8 / D5 DA is one trick
    assert play.tricks[0] == [parse_card(c) for c in "DK D8 D5 DA".split()]
    assert play.play_mark == "+" and "continued" in reports[1].notes[0].message
    assert reports[1].opening_lead == "DK"


def test_a_board_repeated_for_every_table_is_one_board(
    capsys: pytest.CaptureFixture[str],
) -> None:
    _, reports = checked("one-game-per-table.pbn")
    assert [r.problems for r in reports] == [[], [], []]
    assert [r.ns_score for r in reports] == [400, -300, 0]  # 4SX two down, not vul: 100 + 200
    boards = read_deal_file(DATA / "one-game-per-table.pbn")
    assert [b.number for b in boards] == [1, 2]
    code, out = run(capsys, "records", str(DATA / "one-game-per-table.pbn"))
    assert code == 0 and out.count('id="board-1"') == 1


def test_an_accepted_lead_out_of_turn_is_followed_from_the_offender() -> None:
    parsed, (report,) = checked("lead-out-of-turn.pbn")
    game = parsed.games[0]
    assert game.irregularities == [Irregularity("L", 5, 12)]  # trick 2, South's column
    assert report.problems == [] and [n.line for n in report.notes] == [12, 13]
    assert "^L" in report.notes[0].message
    # South led the C9, West C6, North CK, East C4: North won; East's S9 won trick 3.
    # Declarer has 2 tricks with 10 to play, so the Result of 9 stands.
    assert (report.tricks, report.ns_score) == (9, 400)
    # a mark on the card of the player who was on lead is a problem
    wrong = (DATA / "lead-out-of-turn.pbn").read_text().replace("C4 ^L C9 C6 CK", "C4 C9 C6 ^L CK")
    problems = check_game(read_pbn(wrong, "w.pbn").games[0], "w.pbn").problems
    assert [p.line for p in problems] == [12] and "^L" in problems[0].message
