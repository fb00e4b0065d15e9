"""Double-dummy tables and par, checked against sources that are not the solver's own output:

* three deals whose tables and par other programs wrote into public PBN files (a Swedish club's
  Ruter export; a BBO-derived, Bridge Composer-style file): the numbers are typed in here by hand
  from those files, the files themselves are not copied;
* hand-made positions whose answer is reasoned out in each test's text;
* invariants: turning the deal a quarter round turns the table with it.

Then the PBN tags (written, and read back, also in other programs' layouts), the JSON, the
``analyse`` command, hand records and the results site.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgelaw.analysis.dds import analyse_boards, dd_tables, par
from bridgelaw.analysis.ddtable import (
    BoardAnalysis,
    DDTable,
    Par,
    ParContract,
    ParConvention,
    analysis_from_tags,
    parse_optimum_score,
)
from bridgelaw.analysis.html import analysis_html, par_text, vs_dd, vs_par
from bridgelaw.boards import Board, Vulnerability
from bridgelaw.cards import Deal, Seat, Strain
from bridgelaw.cli import main
from bridgelaw.commands.analyse import analysed_pbn, stored_analyses
from bridgelaw.formats.pbn import read_pbn
from bridgelaw.records import hand_records_html

DATA = Path(__file__).parents[1] / "data" / "analysis"
N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST
NT, SP, HE, DI, CL = Strain.NOTRUMP, Strain.SPADES, Strain.HEARTS, Strain.DIAMONDS, Strain.CLUBS

# -- deals from other programs' files (numbers typed in by hand) ------------------------------

# A club pairs session exported by Ruter (Sweden), board 1, dealer N, none vulnerable: its
# OptimumResultTable gives W: S 0, H 7, D 0, C 5, NT 0 and N: S 11, H 6, D 11, C 8, NT 10;
# its OptimumScore is "NS 450" (four spades with an overtrick).
RUTER_1 = "N:J76.AK.AQJ954.J3 QT.QT8542.62.Q52 AK9543.6.K3.T986 82.J973.T87.AK74"
# A BBO-derived file in Bridge Composer's layout, board 1 (dealer N, none): DoubleDummyTricks
# "d8ddad8dda0500105001", OptimumScore "NS 7N; +1520"; board 2 (dealer E, NS vulnerable):
# DoubleDummyTricks "53846539467a4867a486".
BBO_1 = "N:J8.AK985.AJ6.AJ8 QT4.Q2.9874.9753 A5.JT74.KT32.KQ2 K97632.63.Q5.T64"
BBO_2 = "E:QT7642.K.KT73.92 K.AQ732.Q65.KJT5 AJ53.J8.J42.AQ74 98.T9654.A98.863"

# Hand-made: North-South hold every card from the eight up in every suit (see the test).
TOP_CARDS = "N:AKQJ.AKQ.AKQ.AKQ 765.8765.876.765 T98.JT9.JT9.JT98 432.432.5432.432"
# Hand-made: each player holds one whole suit: N spades, E hearts, S diamonds, W clubs.
ONE_SUIT_EACH = "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"


@pytest.fixture(scope="module")
def solved() -> dict[str, DDTable]:
    """Every deal of this module in one batch (one DDS call)."""
    names = {"ruter1": RUTER_1, "bbo1": BBO_1, "bbo2": BBO_2, "top": TOP_CARDS,
             "suits": ONE_SUIT_EACH}  # fmt: skip
    deal = Deal.from_pbn(BBO_1)
    turned = [Deal([deal[(seat - k) % 4] for seat in range(4)]) for k in range(4)]
    names |= {f"turn{k}": d.pbn() for k, d in enumerate(turned)}
    tables = dd_tables([Deal.from_pbn(text) for text in names.values()])
    return dict(zip(names, tables, strict=True))


def test_ruter_table_and_par(solved: dict[str, DDTable]) -> None:
    t = solved["ruter1"]
    assert [t.tricks_for(W, s) for s in (SP, HE, DI, CL, NT)] == [0, 7, 0, 5, 0]
    assert [t.tricks_for(N, s) for s in (SP, HE, DI, CL, NT)] == [11, 6, 11, 8, 10]
    p = par(t, Vulnerability.NONE, N)
    assert p.score == 450
    assert {str(c) for c in p.contracts} == {"4SN+1", "4SS+1"}


def test_bridge_composer_style_tables_and_par(solved: dict[str, DDTable]) -> None:
    assert solved["bbo1"].pbn_tricks() == "d8ddad8dda0500105001"
    assert solved["bbo2"].pbn_tricks() == "53846539467a4867a486"
    assert par(solved["bbo1"], Vulnerability.NONE, N).score == 1520


def test_top_cards_take_every_trick_in_notrump(solved: dict[str, DDTable]) -> None:
    # Every North-South card outranks every East-West card of its suit, so in notrump each
    # card North or South plays wins its trick, whoever declares and whatever is led: 13 tricks
    # for N or S, none for E or W. Par, none vulnerable: 7NT by North or South, 1520 (a
    # sacrifice would cost East-West thousands).
    t = solved["top"]
    assert t.tricks_for(N, NT) == t.tricks_for(S, NT) == 13
    assert t.tricks_for(E, NT) == t.tricks_for(W, NT) == 0
    p = par(t, Vulnerability.NONE, E)
    assert p.score == 1520 and {str(c) for c in p.contracts} == {"7NTN", "7NTS"}
    # The same deal given to the other side (each hand moved one seat on) mirrors the par.
    deal = Deal.from_pbn(TOP_CARDS)
    moved = Deal([deal[(seat - 1) % 4] for seat in range(4)])
    mirrored = par(dd_tables([moved])[0], Vulnerability.NONE, N)
    assert mirrored.score == -1520 and {str(c) for c in mirrored.contracts} == {"7NTE", "7NTW"}


def test_one_suit_each(solved: dict[str, DDTable]) -> None:
    # In notrump the declarer's left-hand opponent leads his own thirteen-card suit: 0 tricks
    # for every declarer. With trumps, the side holding the whole trump suit ruffs the opening
    # lead and draws nothing: 13 tricks; the other side none.
    t = solved["suits"]
    for seat in Seat:
        assert t.tricks_for(seat, NT) == 0
    for seat in (N, S):
        assert [t.tricks_for(seat, s) for s in (SP, HE, DI, CL)] == [13, 0, 13, 0]
    for seat in (E, W):
        assert [t.tricks_for(seat, s) for s in (SP, HE, DI, CL)] == [0, 13, 0, 13]
    # Par: both sides make a grand slam, spades outrank hearts, and 7NT by East-West would go
    # thirteen down: North-South +1510 (7S, not vulnerable) whoever deals.
    for dealer in Seat:
        p = par(t, Vulnerability.NONE, dealer)
        assert p.score == 1510 and {str(c) for c in p.contracts} == {"7SN", "7SS"}


def test_turning_the_deal_turns_the_table(solved: dict[str, DDTable]) -> None:
    base = solved["turn0"]
    for k in range(1, 4):
        turned = solved[f"turn{k}"]
        for seat in Seat:
            for strain in Strain:
                assert turned.tricks_for((seat + k) % 4, strain) == base.tricks_for(seat, strain)


def _table(ns: dict[Strain, int], ew: dict[Strain, int]) -> DDTable:
    rows = []
    for seat in Seat:
        side = ns if seat in (N, S) else ew
        rows.append(tuple(side[s] for s in Strain))
    return DDTable(tuple(rows))


def test_par_with_a_sacrifice() -> None:
    # North-South make ten tricks in hearts (4H, 420 not vulnerable); East-West make eight in
    # spades. Over 4H, 4S doubled by East-West goes two down: 300, less than 420. North-South
    # cannot make 5H (ten tricks). So par is +300 for North-South, East-West sacrificing in 4SX.
    t = _table({NT: 6, SP: 5, HE: 10, DI: 7, CL: 7}, {NT: 5, SP: 8, HE: 3, DI: 6, CL: 6})
    p = par(t, Vulnerability.NONE, N)
    assert p.score == 300
    assert {str(c) for c in p.contracts} == {"4SXE-2", "4SXW-2"}
    assert all(c.doubled and c.tricks == 8 for c in p.contracts)
    # With East-West vulnerable the sacrifice costs 500 (Law 77: 200 + 300 doubled), more than
    # the 420 it saves: par is 4H by North-South, +420.
    both = par(t, Vulnerability.EW, N)
    assert both.score == 420 and {str(c) for c in both.contracts} == {"4HN", "4HS"}


def test_par_conventions_when_the_order_of_bidding_decides() -> None:
    # Each side makes exactly seven tricks in notrump and no more than six elsewhere: whoever
    # bids 1NT first keeps it (the other side cannot make anything at the two level, and a
    # doubled sacrifice costs more than 90).
    t = _table({NT: 7, SP: 6, HE: 6, DI: 6, CL: 6}, {NT: 7, SP: 6, HE: 6, DI: 6, CL: 6})
    assert par(t, Vulnerability.NONE, N).score == 90
    assert par(t, Vulnerability.NONE, E).score == -90
    sides = par(t, Vulnerability.NONE, E, ParConvention.SIDES)
    assert sides.score == 90 and {str(c) for c in sides.contracts} == {"1NTN", "1NTS"}
    assert sides.ew_first is not None and sides.ew_first.score == -90
    assert sides.to_json()["ew_first"]["contracts"] == ["1NTE", "1NTW"]
    # When the order does not matter the two conventions agree and nothing is added.
    t2 = _table({NT: 9, SP: 6, HE: 6, DI: 6, CL: 6}, {NT: 4, SP: 6, HE: 6, DI: 6, CL: 6})
    assert par(t2, Vulnerability.NONE, E, ParConvention.SIDES) == par(t2, Vulnerability.NONE, E)


def test_passed_out_par() -> None:
    # Nobody makes seven tricks anywhere: pass is par, 0.
    t = _table({s: 6 for s in Strain}, {s: 6 for s in Strain})
    p = par(t, Vulnerability.BOTH, W)
    assert p.score == 0 and p.contracts == ()
    assert par_text(p) == "Par 0: passed out"


# -- PBN and JSON -------------------------------------------------------------------------------


def _read_back(name: str) -> tuple[BoardAnalysis | None, list[str]]:
    game = read_pbn((DATA / name).read_text(encoding="utf-8"), name).games[0]
    problems: list[str] = []
    assert game.board_number is not None
    found = analysis_from_tags(game.board_number, game.tags,
                               game.tables.get("OptimumResultTable"), problems.append)  # fmt: skip
    return found, problems


def test_reads_a_bridge_composer_style_file() -> None:
    found, problems = _read_back("bridgecomposer-style.pbn")
    assert problems == [] and found is not None
    assert found.table.tricks_for(N, NT) == 13 and found.table.tricks_for(W, SP) == 5
    assert found.table.tricks_for(E, CL) == 1 and found.par.score == 1520


def test_reads_a_ruter_style_file_without_double_dummy_tricks() -> None:
    found, problems = _read_back("ruter-style.pbn")
    assert problems == [] and found is not None
    assert found.table.pbn_tricks() == "ab6b8ab6b80070500705"  # N, S, E, W by NT, S, H, D, C
    assert found.par.score == 450 and par_text(found.par) == "Par NS +450"


def test_reads_an_east_west_optimum_score() -> None:
    found, problems = _read_back("ew-par.pbn")
    assert problems == [] and found is not None and found.par.score == -420


def test_disagreeing_tables_are_a_problem() -> None:
    found, problems = _read_back("broken.pbn")
    assert found is None and problems == ["DoubleDummyTricks and OptimumResultTable disagree"]


@pytest.mark.parametrize(
    ("text", "score"),
    [("NS 450", 450), ("EW 620", -620), ("NS -620", -620), ("ns 7N; +1520", 1520),
     ("EW 4S; -620", -620), ("NS 0", 0)],
)  # fmt: skip
def test_optimum_score_forms(text: str, score: int) -> None:
    assert parse_optimum_score(text) == score


@settings(max_examples=200, deadline=None)
@given(
    st.dictionaries(
        st.sampled_from(["DoubleDummyTricks", "OptimumScore", "ParContract", "OptimumResultTable"]),
        st.text(max_size=30),
    ),
    st.lists(st.lists(st.text(max_size=4), max_size=4), max_size=25),
)
def test_reading_any_tags_reports_or_reads(tags: dict[str, str], rows: list[list[str]]) -> None:
    problems: list[str] = []
    found = analysis_from_tags(1, tags, list(enumerate(rows)), problems.append)
    assert (found is None) == bool(problems)


def test_write_and_read_back(tmp_path: Path) -> None:
    boards = [Board.numbered(1, Deal.from_pbn(BBO_1)), Board.numbered(2, Deal.from_pbn(BBO_2))]
    results = analyse_boards(boards)
    data = analysed_pbn(boards, results, None)
    text = data.decode()
    assert '[DoubleDummyTricks "d8ddad8dda0500105001"]' in text
    assert '[OptimumResultTable "Declarer;Denomination\\2R;Result\\2R"]\nN NT 13\nN S 8\n' in text
    assert '[OptimumScore "NS 1520"]' in text and '[OptimumScore "NS -420"]' in text
    assert stored_analyses(data, boards) == results
    # Written over a PBN input: its other tags stay, the old analysis is replaced, not doubled.
    again = analysed_pbn(boards, results, data).decode()
    assert again.count("[DoubleDummyTricks") == 2 and again.count("[OptimumResultTable") == 2


def test_json_shape() -> None:
    t = _table({NT: 9, SP: 8, HE: 7, DI: 6, CL: 5}, {NT: 4, SP: 5, HE: 6, DI: 7, CL: 8})
    a = BoardAnalysis(3, t, Par(400, (ParContract(3, NT, N, False, 0),)))
    assert a.to_json() == {
        "board": 3,
        "dd": {seat: ({"NT": 9, "S": 8, "H": 7, "D": 6, "C": 5} if seat in "NS"
                      else {"NT": 4, "S": 5, "H": 6, "D": 7, "C": 8}) for seat in "NESW"},
        "par": {"score": 400, "contracts": ["3NTN"]},
    }  # fmt: skip
    assert DDTable.from_json(a.to_json()["dd"]) == t
    assert ParContract.parse("5DXE-2") == ParContract(5, DI, E, True, -2)


def test_against_dd_and_par() -> None:
    t = _table({NT: 9, SP: 8, HE: 7, DI: 6, CL: 5}, {NT: 4, SP: 5, HE: 6, DI: 7, CL: 8})
    a = BoardAnalysis(3, t, Par(400, ()))
    assert vs_dd(a, S, NT, 10) == "+1" and vs_dd(a, W, CL, 8) == "=" and vs_dd(a, N, SP, 6) == "-2"
    assert vs_dd(a, None, NT, None) == ""
    assert vs_par(a, 430) == "+30" and vs_par(a, -100) == "-500" and vs_par(a, None) == ""
    page = analysis_html(a)
    assert "<th>N</th><td>9</td><td>8</td><td>7</td><td>6</td><td>5</td>" in page


# -- commands -------------------------------------------------------------------------------


def _run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_analyse_command(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    source = tmp_path / "two.pbn"
    source.write_text(f'[Board "1"]\n[Deal "{BBO_1}"]\n\n[Board "2"]\n[Deal "{BBO_2}"]\n')
    out_pbn = tmp_path / "out.pbn"
    code, out, err = _run(capsys, "analyse", str(source), "--json", "-o", str(out_pbn))
    assert code == 0 and err == ""
    data = json.loads(out)
    assert [b["board"] for b in data["boards"]] == [1, 2]
    assert data["boards"][0]["dd"]["N"] == {"NT": 13, "S": 8, "H": 13, "D": 13, "C": 10}
    assert data["boards"][0]["par"] == {"score": 1520, "contracts": ["7NTN", "7NTS"]}
    # Board 2 is marked by Law 2 (dealer E, North-South vulnerable): East-West's 4S, 420.
    assert data["boards"][1]["par"] == {"score": -420, "contracts": ["4SE", "4SW"]}
    assert data["par_convention"] == "dealer"
    code, out, _ = _run(capsys, "pbn", "check", str(out_pbn))
    assert code == 0
    code, out, _ = _run(capsys, "analyse", str(out_pbn))
    assert code == 0 and "par NS +1520: 7NTN, 7NTS" in out and "  N  13  8 13 13 10" in out
    # Any deal format: the same boards as LIN.
    lin = tmp_path / "two.lin"
    assert _run(capsys, "deal", "-b", "1", "--seed", "ab" * 16, "-o", str(lin))[0] == 0
    code, out, _ = _run(capsys, "analyse", str(lin), "--json")
    assert code == 0 and len(json.loads(out)["boards"]) == 1


@pytest.mark.parametrize(
    ("args", "message"),
    [(["analyse", "missing.pbn"], "no such file"),
     (["analyse", "x.pbn", "--par", "nobody"], "nobody"),
     (["analyse", "x.pbn", "-o", "/nonexistent/dir/out.pbn"], "no such directory")],
)  # fmt: skip
def test_analyse_refusals(
    capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    code, out, err = _run(capsys, *args)
    assert code == 2 and out == "" and message in err and len(err.splitlines()) == 1


def test_analyse_bad_file_is_one_line(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    bad = tmp_path / "bad.pbn"
    bad.write_text('[Board "1"]\n[Deal "N:AKQ.. . ."]\n')
    out_pbn = tmp_path / "out.pbn"
    code, out, err = _run(capsys, "analyse", str(bad), "-o", str(out_pbn))
    # a problem inside the file: status 1 (2 is for usage), with its line
    assert code == 1 and out == "" and "bad.pbn:2:" in err and len(err.splitlines()) == 1
    assert not out_pbn.exists()


def test_records_show_the_analysis_and_print_to_pdf(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    source = DATA / "bridgecomposer-style.pbn"  # the analysis is read back from the file
    page, pdf = tmp_path / "r.html", tmp_path / "r.pdf"
    code, _, err = _run(capsys, "records", str(source), "-o", str(page), "--pdf", str(pdf))
    assert code == 0 and "error" not in err and str(pdf) in err and str(page) in err  # named
    html = page.read_text(encoding="utf-8")
    assert 'class="dd"' in html and "Par NS +1520" in html
    assert pdf.read_bytes().startswith(b"%PDF-")
    code, out, _ = _run(capsys, "records", str(source), "--no-analysis")
    assert code == 0 and 'class="dd"' not in out


def test_hand_records_library() -> None:
    board = Board.numbered(1, Deal.from_pbn(BBO_1))
    a = BoardAnalysis(1, DDTable.from_pbn_tricks("d8ddad8dda0500105001"), Par(1520, ()))
    page = hand_records_html([board], analyses=[a])
    assert page.count('class="dd"') == 1 and "Par NS +1520" in page
    with pytest.raises(ValueError, match="1 boards"):
        hand_records_html([board], analyses=[a, a])


def test_demo_site_shows_the_analysis(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, _, _ = _run(capsys, "demo", "--site", str(tmp_path / "site"), "--json")
    assert code == 0
    page = (tmp_path / "site" / "boards" / "board-5.html").read_text(encoding="utf-8")
    assert 'class="ddtable"' in page and "<th>vs DD</th><th>vs par</th>" in page
    assert "Par NS +130" in page


def test_score_event_site_shows_the_analysis(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # Board 1 (dealer N, none vulnerable; par +1520, 7NT by North or South). 6NT by South making
    # 12 tricks is one under the double-dummy 13 and 530 under par (990 - 1520); 7NT making 13
    # is level with both.
    results = tmp_path / "r.json"
    results.write_text(json.dumps({
        "scoring": "matchpoints",
        "results": [
            {"board": 1, "ns": "1", "ew": "3", "contract": "6NT", "declarer": "S", "tricks": 12},
            {"board": 1, "ns": "2", "ew": "4", "contract": "7NT", "declarer": "N", "tricks": 13},
        ],
        "deals": {"1": BBO_1},
    }), encoding="utf-8")  # fmt: skip
    site = tmp_path / "site"
    code, _, err = _run(capsys, "score-event", str(results), "--site", str(site))
    assert code == 0, err
    board = (site / "boards" / "board-1.html").read_text(encoding="utf-8")
    assert "Par NS +1520: 7NTN, 7NTS" in board
    assert '<td class="n">-1</td><td class="n">-530</td></tr>' in board
    assert '<td class="n">=</td><td class="n">=</td></tr>' in board


def test_batches_and_progress(monkeypatch: pytest.MonkeyPatch) -> None:
    # Three deals, one a call: three calls, progress told after each, tables in order.
    import bridgelaw.analysis.dds as dds_module

    monkeypatch.setattr(dds_module, "BATCH", 1)
    deal = Deal.from_pbn(TOP_CARDS)
    turned = [Deal([deal[(seat - k) % 4] for seat in range(4)]) for k in range(3)]
    seen: list[int] = []
    tables = dd_tables(turned, seen.append)
    assert seen == [1, 2, 3]
    assert [t.tricks_for(k, NT) for k, t in enumerate(tables)] == [13, 13, 13]  # N, E, S
