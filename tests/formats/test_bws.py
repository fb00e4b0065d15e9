"""Bridgemate databases: the three real ones read right, scored, converted,
their movements loaded; the results in force chosen as documented; anything that is not a
readable database refused with its file named, never a traceback or a hang.

The expected rows come from Debian's mdbtools (``mdb-export``), another reader of the format,
run on the same files when this test was written; the expected scores from Law 77; the
expected ranking of the two-section session from its PBN export (BridgeComposer).
"""

from __future__ import annotations

import json
import re
import struct
from copy import deepcopy
from dataclasses import replace
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bridgelaw.boards import Board
from bridgelaw.cards import Deal
from bridgelaw.cli import main
from bridgelaw.formats.access_db import AccessError, open_access_database
from bridgelaw.formats.access_pages import PageLoop, Parser, Table
from bridgelaw.formats.bws import (
    BwsResult,
    BwsRound,
    BwsSection,
    BwsSession,
    bws_boards,
    bws_movements,
    bws_tournament,
    read_bws,
    results_in_force,
    section_movements,
    session_tournament,
)
from bridgelaw.formats.movement_file import movement_to_json, write_movement_file
from bridgelaw.formats.pbn import read_pbn, table_columns
from bridgelaw.formats.results_json import read_results_json
from bridgelaw.formats.results_pbn import deals_from_pbn, read_results_pbn
from bridgelaw.formats.text import UndecodableText, decode_text
from bridgelaw.tournament.movement_check import check_movement
from bridgelaw.tournament.movement_spec import movement_from_spec
from bridgelaw.tournament.session import TournamentInput, check_tournament, score_tournament

WAVE3 = Path(__file__).parents[2] / ".." / "shared" / "realfiles" / "wave3"
LBC = WAVE3 / "bws" / "LBC-2026-01-26.bws"
CG = WAVE3 / "bws" / "cg-260119M.BWS"
SPR = WAVE3 / "bws" / "spr-251223M.BWS"
SPR_PBN = WAVE3 / "pbn" / "spr-D251223M.pbn"


@cache
def data(path: Path) -> bytes:
    return path.read_bytes()


@cache
def tournament_of(path: Path) -> TournamentInput:
    outcome = bws_tournament(data(path), path.name)
    assert outcome.problems == [], [str(p) for p in outcome.problems]
    assert outcome.tournament is not None and check_tournament(outcome.tournament) == []
    return outcome.tournament


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def ranking(scored: Any) -> list[tuple[str, str, str | None, Any, Any, int]]:
    return [(r.rank, r.pair, r.direction, r.score, r.percent, r.boards) for r in scored.ranking]


# -- the rows, as mdbtools reads them -----------------------------------------------------------


def test_the_three_databases_hold_what_mdbtools_reads() -> None:
    lbc, cg, spr = session(LBC), session(CG), session(SPR)
    for read in (lbc, cg, spr):
        assert read.problems == [] and read.name == "Bridge game"
    assert (lbc.date, cg.date, spr.date) == ("2026-01-26", "2026-01-19", "2025-12-23")
    assert [len(s.results) for s in (lbc, cg, spr)] == [270, 297, 384]
    assert [len(s.rounds) for s in (lbc, cg, spr)] == [90, 99, 128]
    assert [len(s.players) for s in (lbc, cg, spr)] == [40, 44, 68]
    assert [len(s.deals) for s in (lbc, cg, spr)] == [36, 0, 0]
    assert [(s.letter, s.tables) for s in spr.sections.values()] == [("A", 9), ("B", 8)]
    assert not any(r.erased for s in (lbc, cg, spr) for r in s.results)
    by_id = {r.id: r for r in lbc.results}
    assert by_id[243] == BwsResult(243, 1, 7, 9, 10, 7, 9, "N", "", "", "", "Not played", False)
    assert {r.id: r for r in spr.results}[1] == BwsResult(1, 1, 8, 1, 13, 8, 8, "E", "2 S", "+1",
                                                          "", "", False)  # fmt: skip
    cg_rows = {r.id: r for r in cg.results}
    assert (cg_rows[170].contract, cg_rows[170].result) == ("1 C xx", "+3")
    assert cg_rows[250].contract == "PASS"
    assert lbc.deals[1, 1] == Deal.from_pbn(
        "N:AQT94.T53.KQ8.T9 63.J98.J53.K8654 K72.6.AT9762.AJ7 J85.AKQ742.4.Q32"
    )
    seats = {(p.table, p.direction): p.name for p in lbc.players}
    assert [seats[1, d] for d in "NESW"] == ["Lynn Gast", "Jo Streich", "Rosema LaFrancesca",
                                             "Norman Bregman"]  # fmt: skip


def test_the_results_are_scored_by_law_77() -> None:
    # cg ID 170: 1C redoubled by East, 10 tricks, board 22 (East-West vulnerable, Law 2):
    # 80 trick points, 50 for a part score, 100 for making it redoubled, 3 overtricks at 400
    scored = score_tournament(tournament_of(CG))
    (line,) = [r for b in scored.boards for r in b.results if r.result.line == 170]
    played = line.result.played
    assert played is not None and played.declarer is not None
    assert (line.result.board, str(played.contract), played.declarer.letter) == (22, "1CXX", "E")
    assert played.tricks == 10 and line.ns_score == -1430
    passed = [r for b in scored.boards for r in b.results if r.result.line in (250, 272)]
    assert [r.ns_score for r in passed] == [0, 0]


def test_not_played_is_no_score_for_either_side() -> None:
    lbc = tournament_of(LBC)
    marked = [line for line in lbc.lines if line.played is None]
    assert sorted(line.line for line in marked) == [243, 244, 245, 255, 258, 259]
    boards = {r.pair: r.boards for r in score_tournament(lbc).ranking}
    # pair 9 EW missed boards 10-12 against 7 NS and 16-18 against 6 NS: 27 - 6 boards scored
    assert (boards["9 EW"], boards["7 NS"], boards["6 NS"], boards["1 NS"]) == (21, 24, 24, 27)


def test_pairs_are_named_by_section_and_direction_with_their_players() -> None:
    lbc, spr = tournament_of(LBC), tournament_of(SPR)
    assert lbc.names["1 NS"] == "Lynn Gast & Rosema LaFrancesca"
    assert lbc.names["1 EW"] == "Jo Streich & Norman Bregman"
    assert {p[0] for line in spr.lines for p in (line.ns, line.ew)} == {"A", "B"}
    assert spr.names["A1 NS"] == "Colin Hemsley & Anne Dudman"
    scored = score_tournament(spr)
    assert {r.direction for r in scored.ranking} == {"NS", "EW"}  # a Mitchell: two rankings
    assert len(scored.ranking) == 34  # 9 + 8 pairs in each direction


# -- against the PBN exports -----------------------------------------------------------------


def _pbn_rows() -> list[dict[str, Any]]:
    """The ScoreTable rows of the two-section PBN export, as its own columns say them."""
    parsed = read_pbn(data(SPR_PBN), SPR_PBN.name)
    assert parsed.problems == []
    rows = []
    for game in parsed.games:
        columns = table_columns(game.tags["ScoreTable"])
        for _, cells in game.tables["ScoreTable"]:
            row = dict(zip(columns, cells, strict=True))
            rows.append(row | {"Board": game.board_number})
    return rows


def test_the_two_section_session_holds_every_result_of_its_pbn_export() -> None:
    """The PBN was exported before the last round was in (333 of the 384 results): every one of
    its rows is a result in force in the database with the same contract, declarer and tricks,
    and the same score by Law 77; the others are all from the last rounds."""
    rows = _pbn_rows()
    assert len(rows) == 333
    scored = score_tournament(tournament_of(SPR))
    found = {(r.result.board, r.result.ns, r.result.ew): r for b in scored.boards
             for r in b.results}  # fmt: skip
    surnames = {pair: {n.split()[-1] for n in names.split(" & ")}
                for pair, names in tournament_of(SPR).names.items()}  # fmt: skip
    for row in rows:
        key = (row["Board"], f"{row['Section']}{row['PairId_NS']} NS",
               f"{row['Section']}{row['PairId_EW']} EW")  # fmt: skip
        line = found.pop(key)
        played = line.result.played
        assert played is not None and played.declarer is not None
        assert (str(played.contract), played.declarer.letter, played.tricks) == (
            row["Contract"].upper(),
            row["Declarer"],
            int(row["Result"]),
        )
        expected = int(row["Score_NS"]) if row["Score_NS"] != "-" else -int(row["Score_EW"])
        assert line.ns_score == expected
        for pair, names in ((key[1], row["Names_NS"]), (key[2], row["Names_EW"])):
            assert set(names.split("-")) == surnames[pair]
    late = sorted({(r.result.ns[0], r.result.round) for r in found.values()})
    assert len(found) == 51 and late == [("A", 8), ("B", 6), ("B", 7)]


def test_the_two_section_session_ranks_as_its_pbn_export() -> None:
    """The PBN's 333 results scored (read from its text, keyed by section, direction and pair as
    its columns say) rank the pairs as the database's same 333 results do."""
    rows = _pbn_rows()
    results = [
        {"board": row["Board"], "ns": f"{row['Section']}{row['PairId_NS']} NS",
         "ew": f"{row['Section']}{row['PairId_EW']} EW", "contract": row["Contract"],
         "declarer": row["Declarer"], "tricks": int(row["Result"])}
        for row in rows
    ]  # fmt: skip
    outcome = read_results_json(json.dumps({"scoring": "matchpoints", "results": results}))
    assert outcome.problems == [] and outcome.tournament is not None
    from_pbn = score_tournament(outcome.tournament)
    exported = {(r["board"], r["ns"], r["ew"]) for r in results}
    database = tournament_of(SPR)
    same = replace(database, lines=[line for line in database.lines
                                    if (line.board, line.ns, line.ew) in exported])  # fmt: skip
    assert len(same.lines) == 333
    assert ranking(score_tournament(same)) == ranking(from_pbn)
    assert len(from_pbn.ranking) == 34


def test_the_hand_record_is_the_pbn_exports() -> None:
    from_pbn, problems = deals_from_pbn(WAVE3 / "pbn" / "LBC-2026-01-26.pbn")
    assert problems == [] and len(from_pbn) == 36
    assert tournament_of(LBC).deals == from_pbn
    assert tournament_of(CG).deals == {}  # none in the database: --deals gives them (below)


# -- the command line ---------------------------------------------------------------------------


def test_score_event_reads_a_database(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, err = run(capsys, "score-event", str(LBC), "--json")
    assert code == 0, err
    assert json.loads(out)["ranking"][0]["pair"] == "3 NS"
    assert "6 boards marked 'Not played'" in err
    # a database under another name is told by its first bytes
    renamed = tmp_path / "club.dat"
    renamed.write_bytes(data(CG))
    deals = str(WAVE3 / "pbn" / "cg-260119HandRecord.pbn")
    code, out, err = run(capsys, "score-event", str(renamed), "--deals", deals, "--json")
    assert code == 0, err
    assert len(json.loads(out)["ranking"]) == 22
    code, out, _ = run(capsys, "score-event", str(SPR), "--section", "b", "--json")
    assert code == 0 and {r["pair"][0] for r in json.loads(out)["ranking"]} == {"B"}
    code, _, err = run(capsys, "score-event", str(SPR), "--section", "C")
    assert code == 1 and "no section 'C' (its sections: A, B)" in err


def test_convert_writes_the_scored_session_and_reads_it_back(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    target = tmp_path / "lbc.pbn"
    code, _, err = run(capsys, "convert", str(LBC), str(target))
    assert code == 0, err
    assert "wrote" in err and "(28, 29, 30, 31, 32, 33, 34, 35, 36)" in err
    again = read_results_pbn(target.read_bytes(), target.name)
    assert again.problems == [] and again.tournament is not None
    assert ranking(score_tournament(again.tournament)) == ranking(
        score_tournament(tournament_of(LBC))
    )
    code, _, err = run(capsys, "convert", str(LBC), str(tmp_path / "lbc.lin"))
    assert code == 0 and "36 boards" in err and "results, players and movement dropped" in err
    code, _, err = run(capsys, "convert", str(CG), str(tmp_path / "cg.lin"))
    assert code == 1 and "no hand records" in err and not (tmp_path / "cg.lin").exists()


def test_records_and_analyse_read_the_hand_records(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # the database's 36 hand records, dealer and vulnerability by their numbers (Law 2), are
    # the deals of the club's PBN hand record (BridgeComposer)
    page = tmp_path / "lbc.html"
    code, out, err = run(capsys, "records", str(LBC), "--no-analysis", "-o", str(page), "--json")
    assert code == 0, err
    assert json.loads(out)["boards"] == list(range(1, 37))
    assert page.read_text(encoding="utf-8").count('class="board"') == 36
    from_pbn, _ = deals_from_pbn(WAVE3 / "pbn" / "LBC-2026-01-26.pbn")
    boards = bws_boards(data(LBC), LBC.name)
    assert {b.number: b.deal for b in boards} == from_pbn
    assert all(b == Board.numbered(b.number, b.deal) for b in boards)
    # a database without hand records: a problem inside the file (1), the same for both
    for command in (["records", "--no-analysis", "-o", str(page)], ["analyse"]):
        page.unlink(missing_ok=True)
        code, _, err = run(capsys, command[0], str(CG), *command[1:])
        assert code == 1 and "no hand records (its HandRecord table is empty)" in err, err
        assert not page.exists()


def test_a_text_reader_names_a_database_instead_of_failing_to_decode_it(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(UndecodableText, match="a Microsoft Access database"):
        decode_text(data(LBC)[:4096], "club.bws")
    code, out, _ = run(capsys, "pbn", "check", str(LBC))
    assert code == 1 and "Microsoft Access database" in out and "utf-16" not in out


# -- the movement ---------------------------------------------------------------------------------


@cache
def session(path: Path) -> BwsSession:
    return read_bws(data(path), path.name)


def test_each_section_s_movement_is_read_and_checked() -> None:
    shapes = {}
    for path in (LBC, CG, SPR):
        read = deepcopy(session(path))
        movements = section_movements(read)
        assert read.problems == []
        for number, movement in movements.items():
            assert check_movement(movement) == []
            shapes[path.name, read.letter(number)] = (
                movement.kind, movement.tables, movement.rounds, len(movement.boards),
                len(movement.pairs),
            )  # fmt: skip
    assert shapes == {
        ("LBC-2026-01-26.bws", "A"): ("mitchell", 10, 9, 27, 20),
        ("cg-260119M.BWS", "A"): ("mitchell", 11, 9, 27, 22),
        ("spr-251223M.BWS", "A"): ("mitchell", 9, 8, 24, 18),
        ("spr-251223M.BWS", "B"): ("mitchell", 8, 7, 21, 16),
    }
    by_letter, problems = bws_movements(data(SPR))
    assert problems == [] and sorted(by_letter) == ["A", "B"]
    first = by_letter["A"].round(1)[0]
    # RoundData: section 1, table 1, round 1, NS 1, EW 1, boards 1-3
    assert (first.table, first.ns, first.ew, first.boards) == (1, "A1 NS", "A1 EW", (1, 2, 3))


def test_the_session_api_takes_the_movement_a_club_loads_from_its_database(
    tmp_path: Path,
) -> None:
    from fastapi.testclient import TestClient

    from bridgelaw.server.app import create_app
    from tests.api_client import DIRECTOR, auth

    (movement,) = section_movements(deepcopy(session(LBC))).values()
    for content in (movement_to_json(movement), write_movement_file(movement)):
        assert movement_from_spec({"kind": "file", "content": content}) == movement
    app = create_app(f"sqlite:///{tmp_path / 'tables.db'}", DIRECTOR)
    with TestClient(app) as client:
        body = {"name": "Monday", "date": "2026-01-26", "scoring": "matchpoints",
                "movement": {"kind": "file", "content": write_movement_file(movement)}}  # fmt: skip
        answer = client.post("/api/sessions", json=body, headers=auth(DIRECTOR))
        assert answer.status_code == 200, answer.text
        assert sorted(answer.json()["tables"], key=int) == [str(t) for t in range(1, 11)]


def test_movement_show_and_check_a_database(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, out, _ = run(capsys, "movement", "check", str(SPR))
    assert code == 0 and "section A" in out and "section B" in out
    code, out, _ = run(capsys, "movement", "show", str(SPR), "--section", "B", "--format", "file")
    assert code == 0 and json.loads(out)["tables"] == 8
    code, _, err = run(capsys, "movement", "show", str(SPR), "--format", "file")
    assert code == 2 and "choose it with --section" in err
    written = tmp_path / "club.json"
    code, _, _ = run(capsys, "movement", "show", str(LBC), "--write", str(written))
    assert code == 0
    code, out, _ = run(capsys, "movement", "check", str(written))
    assert code == 0 and "no problems" in out


# -- the results in force -------------------------------------------------------------------------


def _row(id_: int, board: int, contract: str, result: str, erased: bool = False,
         table: int = 1, seat: str = "N") -> BwsResult:  # fmt: skip
    ns, ew = (1, 1) if table == 1 else (2, 2)
    return BwsResult(id_, 1, table, 1, board, ns, ew, seat, contract, result, "", "", erased)


def _session(results: list[BwsResult]) -> BwsSession:
    """Two tables, one round of boards 1-2 (a Mitchell numbered by direction)."""
    session = BwsSession("club.bws", "Monday", "2026-01-26")
    session.sections = {1: BwsSection(1, "A", 2)}
    session.rounds = [BwsRound(1, t, 1, t, t, 1, 2, t) for t in (1, 2)]
    session.results = results
    return session


def test_erased_results_are_left_out_and_the_last_entry_is_in_force() -> None:
    rows = [
        _row(1, 1, "4 S", "=", erased=True),  # erased by the director: never scored
        _row(2, 1, "4 S", "-1"),  # the result entered again
        _row(3, 2, "3 NT", "="),
        _row(4, 2, "3 NT", "+1"),  # sent again, not erased: the later entry counts
        _row(5, 1, "2 H", "=", table=2),
        _row(6, 2, "1 NT", "=", table=2),
    ]
    kept, notes = results_in_force(rows)
    assert [r.id for r in kept] == [2, 4, 5, 6]
    assert notes[0] == "1 erased result left out (ReceivedData ID 1)"
    assert "ReceivedData ID 4 replaces ID 3" in notes[1]
    outcome = session_tournament(_session(rows))
    assert outcome.problems == [] and outcome.tournament is not None
    points = {(r.result.board, r.result.table): r.ns_score
              for b in score_tournament(outcome.tournament).boards for r in b.results}  # fmt: skip
    # Law 77: 4S one down not vulnerable (board 1) -50; 3NT+1 by N on board 2 (NS vulnerable)
    assert points == {(1, 1): -50, (2, 1): 630, (1, 2): 110, (2, 2): 90}


def test_the_missing_pair_is_a_phantom_and_its_opponents_sit_out() -> None:
    read = _session([_row(1, 1, "4 S", "=")])
    read.sections = {1: BwsSection(1, "A", 2, missing_pair=2)}  # North-South pair 2 is missing
    outcome = session_tournament(read)
    assert outcome.tournament is not None and outcome.tournament.phantoms == frozenset({"2 NS"})
    (movement,) = section_movements(_session([])).values()
    assert movement.kind == "mitchell" and movement.fields == (("1 NS", "2 NS"), ("1 EW", "2 EW"))


def test_a_result_that_does_not_fit_the_movement_is_a_problem() -> None:
    wrong = replace(_row(1, 3, "4 S", "="), id=9)  # board 3 is not played in round 1
    outcome = session_tournament(_session([wrong, _row(2, 1, "4 S", "=")]))
    assert outcome.tournament is None
    (problem,) = outcome.problems
    assert (problem.line, problem.file) == (9, "club.bws")
    assert "ReceivedData ID 9: board 3" in problem.message


def test_a_row_without_a_contract_that_is_not_marked_not_played_is_a_problem() -> None:
    odd = BwsResult(7, 1, 1, 1, 1, 1, 1, "N", "", "", "", "Arbitral score", False)
    outcome = session_tournament(_session([odd]))
    assert outcome.tournament is None
    assert "remark 'Arbitral score'" in outcome.problems[0].message


def test_an_erased_row_in_the_database_itself_is_left_out() -> None:
    """The Erased flag set in the bytes of a real database (a boolean lives in the row's null
    bitmap, at the column's number): the reader sees it and leaves the row out."""
    changed = _erase(data(LBC), 100)
    session = read_bws(changed, "club.bws")
    assert [r.id for r in session.results if r.erased] == [100]
    outcome = bws_tournament(changed, "club.bws")
    assert outcome.tournament is not None and len(outcome.tournament.lines) == 269
    assert 100 not in {line.line for line in outcome.tournament.lines}
    assert "1 erased result left out (ReceivedData ID 100)" in outcome.notes[0]


def _erase(database: bytes, wanted: int) -> bytes:
    """The database with the Erased flag of ReceivedData row ``wanted`` set."""
    from access_parser.parsing_primitives import parse_data_page_header

    parser = Parser(database)
    table = parser.get_table("ReceivedData")
    columns = {c.col_name_str: c for c in table.columns.values()}
    id_column, erased = columns["ID"], columns["Erased"]
    nulls = (table.table_header.column_count + 7) // 8
    out = bytearray(database)
    for offset, page in parser._data_pages.items():
        header = parse_data_page_header(page, version=3)
        if header.owner * parser.page_size != table.table.offset:
            continue
        end = len(page)
        for start in header.record_offsets:
            if start & 0xC000:  # deleted or elsewhere
                end = start & 0xFFF
                continue
            record = page[start:end]
            if struct.unpack_from("<i", record, 1 + id_column.fixed_offset)[0] == wanted:
                place = offset + end - nulls + erased.column_id // 8
                out[place] |= 1 << (erased.column_id % 8)
                return bytes(out)
            end = start
    raise AssertionError(f"row {wanted} not found")


# -- damaged and foreign bytes --------------------------------------------------------------------


def test_what_is_not_a_database_is_refused_naming_the_file_and_why() -> None:
    cases = {
        b"": "not a Microsoft Access database",
        b'[Event "x"]\n': "not a Microsoft Access database",
        data(LBC)[:5000]: "cut short or padded: 5,000 bytes",
        data(LBC)[: 2048 * 2]: "cut short or padded",
    }
    for raw, message in cases.items():
        outcome = bws_tournament(raw, "club.bws")
        assert outcome.tournament is None
        (problem,) = outcome.problems
        assert problem.file == "club.bws" and message in problem.message


def test_results_lost_with_a_damaged_page_are_a_problem_not_a_smaller_session() -> None:
    """A data page of ReceivedData whose owner is damaged no longer belongs to the table: its
    rows are not read, and the table's own count (270 in this file) says rows are missing."""
    from access_parser.parsing_primitives import parse_data_page_header

    database = data(LBC)
    parser = Parser(database)
    owner = parser.get_table("ReceivedData").table.offset
    pages = [offset for offset, page in parser._data_pages.items()
             if parse_data_page_header(page, version=3).owner * 2048 == owner]  # fmt: skip
    damaged = bytearray(database)
    damaged[pages[0] + 4 : pages[0] + 8] = bytes(4)  # the page's owner: page 0, no table
    outcome = bws_tournament(bytes(damaged), "club.bws")
    assert outcome.tournament is None
    assert re.fullmatch(r"ReceivedData: the table counts 270 rows but \d+ could be read: its "
                        r"pages are damaged", outcome.problems[0].message)  # fmt: skip


def test_a_table_with_more_rows_than_it_can_hold_is_refused_before_it_is_read() -> None:
    database = open_access_database(data(LBC))
    with pytest.raises(AccessError, match="table PlayerNames: 14,020 rows in its pages, more"):
        database.table("PlayerNames", 100)  # 14,020 members: read, it takes seconds


def test_a_page_chain_that_loops_back_is_an_error_not_an_endless_loop() -> None:
    """Two table-definition pages naming each other as the next one (a damaged file)."""
    page = 2048

    def definition(next_page: int) -> bytes:
        return (b"\x02\x01" + b"\x00\x00" + struct.pack("<I", next_page)).ljust(page, b"\x00")

    table = Table.__new__(Table)
    table.page_size = page
    table._table_defs = {5 * page: definition(6), 6 * page: definition(5)}
    with pytest.raises(PageLoop, match="loop back to page 5"):
        table._merge_table_data(5)


def test_the_library_s_complaints_are_not_printed(capfd: pytest.CaptureFixture[str]) -> None:
    read_bws(data(CG), "cg")
    captured = capfd.readouterr()
    assert "MSysObjects" not in captured.err + captured.out


_DAMAGE = st.lists(st.tuples(st.integers(0, len(data(LBC)) - 1), st.integers(0, 255)),
                   min_size=1, max_size=64)  # fmt: skip


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_DAMAGE, st.booleans())
def test_damaged_databases_give_problems_never_a_traceback(
    damage: list[tuple[int, int]], near_start: bool
) -> None:
    raw = bytearray(data(LBC))
    for place, value in damage:
        # the first pages hold the catalog and the table definitions: damage them more often
        raw[place % 65536 if near_start else place] = value
    outcome = bws_tournament(bytes(raw), "club.bws")
    assert outcome.tournament is not None or outcome.problems
    assert all(p.file == "club.bws" and p.message for p in outcome.problems)


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(1, len(data(LBC)) // 2048 - 1), st.integers(0, 2047))
def test_cut_databases_give_problems_never_a_traceback(pages: int, more: int) -> None:
    outcome = bws_tournament(data(LBC)[: pages * 2048 + more], "club.bws")
    if more:
        (problem,) = outcome.problems
        assert problem.file == "club.bws" and "cut short" in problem.message
    else:  # whole pages: read as far as they go (a database says nowhere how long it is)
        assert outcome.tournament is not None or outcome.problems


@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow,
          HealthCheck.function_scoped_fixture])  # fmt: skip
@given(damage=_DAMAGE)
def test_the_command_line_on_damaged_databases_exits_1_with_the_file_named(
    damage: list[tuple[int, int]], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    raw = bytearray(data(LBC))
    for place, value in damage:
        raw[place % 65536] = value
    path = tmp_path / "club.bws"
    path.write_bytes(bytes(raw))
    code, _, err = run(capsys, "score-event", str(path))
    assert code in (0, 1), err
    if code == 1:
        assert f"{path}:" in err and "Traceback" not in err


def test_open_access_database_refuses_what_is_too_big_or_not_one() -> None:
    with pytest.raises(AccessError, match="does not begin as one does"):
        open_access_database(b"PK\x03\x04" + bytes(4096))
    header = data(LBC)[:0x14] + struct.pack("<I", 9) + bytes(4096 * 3 - 0x18)
    with pytest.raises(AccessError, match="unknown Access version 9"):
        open_access_database(header)
