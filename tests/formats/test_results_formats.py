"""Results formats: CSV and PBN (ScoreTable) in; PBN, USEBIO 1.3 and the HTML site out."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from bridgelaw.cli import main
from bridgelaw.formats.pbn import read_pbn, table_columns
from bridgelaw.formats.results_csv import read_results_csv
from bridgelaw.formats.results_html import render_site, write_results_site
from bridgelaw.formats.results_json import read_results_json
from bridgelaw.formats.results_pbn import read_results_pbn, results_pbn
from bridgelaw.formats.usebio import usebio_xml
from bridgelaw.tournament.session import score_tournament

from .support import DEALS, SPEC


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


CSV = """# event: Club pairs
# scoring: matchpoints
board,ns,ew,contract,declarer,tricks,lead,ns_score,artificial,weighted,split_ns,split_ew
1,1,4,4H,S,10,SA,,,,,
1,2,5,4H,S,9,,,,,,
1,3,6,,,,,,A+/A-,,,
2,1,5,,,,,,,1/2 3NT N 9; 1/2 3NT N 8,,
2,2,6,,,,,,,,4S E 10,4S E 9
2,3,4,,,,,140,,,,
"""


def test_csv_reads_every_form() -> None:
    outcome = read_results_csv(CSV, "club.csv")
    assert outcome.problems == []
    tournament = outcome.tournament
    assert tournament is not None and tournament.name == "Club pairs" and len(tournament.lines) == 6
    scored = score_tournament(tournament)
    board1 = {r.result.ns: r for r in scored.boards[0].results}
    # board 1 (none vul): 4H= +420 beats 4H-1 -50: 2 of 2 (top 2*(3-1) = 4 after Neuberg:
    # two comparable scores of three tables: (2 + 1) * 3/2 - 1 = 3.5)
    assert board1["1"].ns_value == 3.5 and board1["2"].ns_value == 0.5
    board2 = {r.result.ns: r for r in scored.boards[1].results}
    # board 2 (NS vul): weighted 1/2 of 3NT= +600, 1/2 of 3NT-1 -100; split NS -420 (4S= by E,
    # EW not vul) / EW +50; +140. NS frequencies: 600: 1/2, 140: 1, -100: 1/2, -420: 1; top 4.
    # 600: 2 * (1 + 1/2 + 1) + (1/2 - 1) = 4.5; -100: 2 * 1 + (1/2 - 1) = 1.5;
    # weighted: 1/2 * 4.5 + 1/2 * 1.5 = 3
    assert board2["1"].ns_value == 3
    assert board2["2"].ns_value == 0  # -420 is the lowest NS score
    # +140 beats -100 (1/2) and -420: 2 * 1.5 = 3 of 4 = 75 %
    assert board2["3"].ns_percent == 75
    # so pair 3's A+ on board 1 is 75 %, not 60 % (Law 12C2c: its session percentage is higher)
    assert board1["3"].ns_percent == 75
    assert board2["1"].result.line == 7 and board2["2"].result.line == 8


def test_csv_problems_have_row_lines() -> None:
    text = "board,ns,ew,contract,declarer,tricks\n1,1,2,4H,S,10\n1,3,4,8S,N,9\n2,1,2,4H,S,14\n"
    outcome = read_results_csv(text, "bad.csv")
    assert outcome.tournament is None
    assert [str(p) for p in outcome.problems] == [
        "bad.csv:3: board 1: impossible contract '8S': a bid of more than seven (Law 38)",
        "bad.csv:4: board 2: tricks must be a whole number from 0 to 13, not '14'",
    ]


PBN = """[Event "PBN pairs"]
[Board "1"]
[Deal "N:AKQ2.KQ2.A32.K32 JT9.AJT.KQJ4.A54 876.9876.T98.QJ9 543.543.765.T876"]
[ScoreTable "PairId_NS\\2R;PairId_EW\\2R;Contract\\4L;Declarer\\1R;Result\\2R;Score_NS\\5R"]
1 4 1NT N 8 -
2 5 1NT N 7 -
3 6 - - - 90

[Event "PBN pairs"]
[Board "2"]
[ScoreTable "PairId_NS\\2R;PairId_EW\\2R;Contract\\4L;Declarer\\1R;Result\\2R;Score_NS\\5R"]
1 5 2S S 8 -
2 6 Pass - - -
3 4 2S S 9 -
"""


def test_pbn_scoretable_in() -> None:
    outcome = read_results_pbn(PBN, "pairs.pbn")
    assert outcome.problems == []
    assert outcome.tournament is not None and outcome.tournament.name == "PBN pairs"
    assert 1 in outcome.tournament.deals
    scored = score_tournament(outcome.tournament)
    board1 = {r.result.ns: r.ns_value for r in scored.boards[0].results}
    # board 1 none vul: 1NT+1 +120, 1NT= +90, assigned +90: 120 beats two -> 4; 90s tie -> 1 each
    assert board1 == {"1": 4, "2": 1, "3": 1}
    board2 = {r.result.ns: r.ns_value for r in scored.boards[1].results}
    # board 2 NS vul: 2S= +110, passed out 0, 2S+1 +140 -> 2, 0, 4
    assert board2 == {"1": 2, "2": 0, "3": 4}


def test_pbn_scoretable_bad_row_line() -> None:
    outcome = read_results_pbn(PBN.replace("2 5 1NT N 7 -", "2 5 8NT N 7 -"), "p.pbn")
    assert [str(p) for p in outcome.problems] == [
        "p.pbn:6: board 1: impossible contract '8NT': a bid of more than seven (Law 38)"
    ]


def test_pbn_out_with_score_and_total_tables() -> None:
    outcome = read_results_json(json.dumps(SPEC, indent=1))
    assert outcome.tournament is not None
    text = results_pbn(score_tournament(outcome.tournament))
    parsed = read_pbn(text)
    assert parsed.problems == []
    game = parsed.games[0]
    columns = table_columns(game.tags["ScoreTable"])
    rows = [dict(zip(columns, cells, strict=False)) for _, cells in game.tables["ScoreTable"]]
    # 4H= +420 against 4H-1 -50, top 4 after factoring 2 scores to 3 tables: (2+1)*3/2-1 = 3.5
    assert rows[0]["PairId_NS"] == "1" and rows[0]["Score_NS"] == "420"
    assert rows[0]["MP_NS"] == "3.50" and rows[0]["Percentage_NS"] == "87.50"
    assert rows[2]["Score_NS"] == "A+" and rows[2]["MP_NS"] == "2.40"  # 60 % of 4
    total_columns = table_columns(game.tags["TotalScoreTable"])
    assert total_columns[:3] == ["Rank", "PairId", "Direction"]
    first = dict(zip(total_columns, game.tables["TotalScoreTable"][0][1], strict=False))
    assert first["PairId"] == "1" and first["Rank"] == "1" and first["TotalPercentage"] == "87.50"
    # the written file reads back as the same results (artificial included)
    again = read_results_pbn(text, "again.pbn")
    assert again.tournament is not None
    assert [line.describe() for line in again.tournament.lines] == ["4H S =", "4H S -1", "A+/A-"]


def test_usebio_1_3() -> None:
    outcome = read_results_json(json.dumps(SPEC, indent=1))
    assert outcome.tournament is not None
    text = usebio_xml(score_tournament(outcome.tournament), club="Test club")
    assert text.startswith('<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE USEBIO')
    root = ET.fromstring(text.split("\n", 2)[2])
    assert root.tag == "USEBIO" and root.get("Version") == "1.3"
    event_element = root.find("EVENT")
    assert event_element is not None and event_element.get("EVENT_TYPE") == "PAIRS"
    assert event_element.findtext("BOARD_SCORING_METHOD") == "MATCH_POINTS"
    assert event_element.findtext("EVENT_DESCRIPTION") == "Tuesday <pairs>"  # escaped in the XML
    assert event_element.findtext("WINNER_TYPE") == "2"  # a Mitchell: two rankings
    lines = event_element.findall("BOARD/TRAVELLER_LINE")
    assert [line.findtext("SCORE") for line in lines] == ["420", "-50", "A6040"]
    assert lines[0].findtext("PLAYED_BY") == "S" and lines[0].findtext("LEAD") == "SA"
    assert lines[0].findtext("NS_MATCH_POINTS") == "3.50"
    pairs = {p.findtext("PAIR_NUMBER"): p for p in event_element.findall("PARTICIPANTS/PAIR")}
    assert pairs["1"].findtext("PLACE") == "1" and pairs["1"].findtext("DIRECTION") == "NS"
    names = [p.findtext("PLAYER_NAME") for p in pairs["1"].findall("PLAYER")]
    assert names == ["Ann <b>Smith</b>", "Bob Jones"]


def test_site_from_the_cli(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    results = tmp_path / "r.json"
    results.write_text(json.dumps(SPEC, indent=1), encoding="utf-8")
    deals = tmp_path / "deals.pbn"
    deals.write_text(DEALS, encoding="utf-8")
    site = tmp_path / "site"
    code, out, err = run(
        capsys, "score-event", str(results), "--deals", str(deals), "--site", str(site)
    )
    assert code == 0, err
    assert f"open {site.resolve() / 'index.html'}" in out
    index = (site / "index.html").read_text(encoding="utf-8")
    assert "Tuesday &lt;pairs&gt;" in index and "<pairs>" not in index
    assert "Ann &lt;b&gt;Smith&lt;/b&gt;" in index  # names escaped, never markup
    board = (site / "boards" / "board-1.html").read_text(encoding="utf-8")
    assert "North<br>" in board and "N:AKQ2" not in board  # a diagram, not the PBN string
    assert "North<br><span>♠</span> AKQ2<br>" in board
    assert "West<br><span>♠</span> 543<br>" in board and "♣</span> 10876" in board
    assert ">4H S =<" in board and ">3.50<" in board
    card = (site / "pairs" / "pair-1.html").read_text(encoding="utf-8")
    assert "board-1.html" in card and ">87.50<" in card
    # writing again replaces the site whole and leaves nothing else behind
    code, _, _ = run(capsys, "score-event", str(results), "--site", str(site))
    assert code == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["deals.pbn", "r.json", "site"]


def test_library_write_results_site(tmp_path: Path) -> None:
    outcome = read_results_json(json.dumps(SPEC, indent=1))
    assert outcome.tournament is not None
    scored = score_tournament(outcome.tournament)
    index = write_results_site(scored, tmp_path / "out")
    assert index == (tmp_path / "out" / "index.html").resolve() and index.is_file()
    files = render_site(scored)
    assert {"index.html", "style.css", "boards/board-1.html", "pairs/pair-1.html"} <= set(files)


def test_pbn_and_usebio_from_the_cli(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    results = tmp_path / "r.csv"
    results.write_text(CSV, encoding="utf-8")
    pbn, xml = tmp_path / "out.pbn", tmp_path / "out.xml"
    code, out, err = run(
        capsys, "score-event", str(results), "--pbn", str(pbn), "--usebio", str(xml), "--json"
    )
    assert code == 0, err
    assert json.loads(out)["event"] == "Club pairs"
    assert "[TotalScoreTable" in pbn.read_text(encoding="utf-8")
    assert '<USEBIO Version="1.3">' in xml.read_text(encoding="utf-8")


def test_movement_and_vp_and_next_round_commands(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run(
        capsys, "movement", "mitchell", "--tables", "3", "--boards-per-round", "2", "--json"
    )
    assert code == 0
    seatings = json.loads(out)["seatings"]
    assert seatings[0] == {"round": 1, "table": 1, "ns": "1", "ew": "4", "boards": [1, 2]}
    code, out, _ = run(capsys, "movement", "howell", "--tables", "3", "--boards-per-round", "2")
    assert code == 0 and "Pair 6 stays at table 1" in out and "Table 3" in out
    code, _, err = run(
        capsys, "movement", "mitchell", "--tables", "4", "--boards-per-round", "2", "--rounds", "4"
    )
    assert code == 2 and "1 to 3 rounds" in err
    code, out, _ = run(capsys, "vp", "20", "--boards", "16")
    assert code == 0 and out.strip() == "15.00 - 5.00"  # 16 boards, 20 IMPs: exactly 15
    teams = {
        "scoring": "teams",
        "vp": "wbf",
        "matches": [
            {"match": "1", "home": "A", "away": "B", "boards": 1},
            {"match": "2", "home": "C", "away": "D", "boards": 1},
        ],
        "results": [
            {"board": 1, "ns": "A1", "ew": "B1", "room": "open", "match": "1", "ns_score": 620},
            {"board": 1, "ns": "B2", "ew": "A2", "room": "closed", "match": "1", "ns_score": 170},
            {"board": 1, "ns": "C1", "ew": "D1", "room": "open", "match": "2", "ns_score": 100},
            {"board": 1, "ns": "D2", "ew": "C2", "room": "closed", "match": "2", "ns_score": 100},
        ],
    }
    path = tmp_path / "teams.json"
    path.write_text(json.dumps(teams), encoding="utf-8")
    code, out, err = run(capsys, "next-round", str(path), "--json")
    assert code == 0, err
    data = json.loads(out)
    # A won (+450: 10 IMPs), C and D drew, B lost: standings A, C= D=, B; A met B already,
    # so A plays the next best, C; D plays B.
    assert data["standings"][0] == "A" and data["standings"][-1] == "B"
    assert data["matches"][0] == {"home": "A", "away": data["standings"][1]}
    assert {m["home"] for m in data["matches"]} | {m["away"] for m in data["matches"]} == set(
        "ABCD"
    )


def test_bad_output_targets_write_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    results = tmp_path / "r.json"
    results.write_text(json.dumps(SPEC, indent=1), encoding="utf-8")
    in_the_way = tmp_path / "file.txt"
    in_the_way.write_text("x", encoding="utf-8")
    pbn = tmp_path / "out.pbn"
    code, _, err = run(
        capsys, "score-event", str(results), "--pbn", str(pbn), "--site", str(in_the_way)
    )
    assert code == 2 and "is a file, not a directory" in err
    assert not pbn.exists()
    code, _, err = run(
        capsys, "score-event", str(results), "--usebio", str(tmp_path / "missing" / "x.xml")
    )
    assert code == 2 and "no such directory" in err
