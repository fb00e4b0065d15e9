"""Writers that read back: PBN, USEBIO and JSON keep what the input said.

Every expectation here comes from the input itself (what was read must be what is read back)
or from the file format's standard (PBN 2.1 columns and tags, USEBIO 1.3 elements), never from
the writer's own output.
"""

from __future__ import annotations

import io
import json
import xml.etree.ElementTree as ET
from decimal import ROUND_HALF_UP, Decimal, localcontext
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgelaw.cli import main
from bridgelaw.formats.check import check_game
from bridgelaw.formats.pbn import read_pbn, table_columns
from bridgelaw.formats.results_html import render_site
from bridgelaw.formats.results_json import read_results_json, write_results_json
from bridgelaw.formats.results_pbn import read_results_pbn, results_pbn
from bridgelaw.formats.usebio import usebio_xml
from bridgelaw.sample import sample_session_path
from bridgelaw.scoring.results import ResultLine
from bridgelaw.tournament.session import TournamentInput, number, score_tournament
from tests.strategies import teams_tournaments


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def tournament_of(data: dict[str, Any]) -> TournamentInput:
    outcome = read_results_json(json.dumps(data, indent=1))
    assert outcome.problems == [] and outcome.tournament is not None
    return outcome.tournament


def fields(line: ResultLine) -> tuple[Any, ...]:
    """Everything a result says, without the line number it was read from."""
    return (
        line.board,
        line.ns,
        line.ew,
        line.ns_side,
        line.ew_side,
        line.played,
        line.round,
        line.table,
        line.room,
        line.match,
    )


def read_back(tournament: TournamentInput, date: str | None = None) -> tuple[TournamentInput, str]:
    text = results_pbn(score_tournament(tournament), date)
    outcome = read_results_pbn(text, "again.pbn")
    assert outcome.problems == [], [str(p) for p in outcome.problems]
    assert outcome.tournament is not None
    return outcome.tournament, text


def score_table(text: str, game: int = 0) -> list[dict[str, str]]:
    parsed = read_pbn(text)
    columns = table_columns(parsed.games[game].tags["ScoreTable"])
    return [
        dict(zip(columns, cells, strict=False))
        for _, cells in parsed.games[game].tables["ScoreTable"]
    ]


# -- declarer North (Seat.NORTH is 0) -------------------------------------------------------------


def test_declarer_north_is_written_and_read_back() -> None:
    tournament = tournament_of(
        {
            "scoring": "matchpoints",
            "results": [
                {"board": 1, "ns": "1", "ew": "2", "contract": "4S", "declarer": "N", "tricks": 10},
                {"board": 1, "ns": "3", "ew": "4", "contract": "4S", "declarer": "S", "tricks": 9},
            ],
        }
    )
    again, text = read_back(tournament)
    # PBN 2.1 ScoreTable: the Declarer column holds the seat's letter
    assert [row["Declarer"] for row in score_table(text)] == ["N", "S"]
    assert [fields(r) for r in again.lines] == [fields(r) for r in tournament.lines]


def test_check_keeps_the_declarer_tag_north_like_the_contract_tag() -> None:
    # the Declarer tag says N, the auction makes East declarer: the problem is reported and,
    # as for a Contract tag, the tag's seat is kept (North is seat 0, not "no declarer")
    game = read_pbn(
        '[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Declarer "N"]\n[Contract "1S"]\n'
        '[Result "7"]\n[Auction "N"]\nPass 1S Pass Pass\nPass\n'
    ).games[0]
    report = check_game(game, "x.pbn")
    assert any("Declarer says N" in p.message for p in report.problems)
    assert report.declarer is not None and report.declarer.letter == "N"


# -- round trips -----------------------------------------------------------------------------------

SEATS = "NESW"
names_text = st.from_regex(r"[A-Za-zé][A-Za-zé&' ;{}%\\\"\[\]-]{0,14}[A-Za-zé]", fullmatch=True)


@st.composite
def pairs_tournaments(draw: st.DrawFn) -> tuple[dict[str, Any], str | None]:
    scoring = draw(st.sampled_from(["matchpoints", "imps-datum", "cross-imps", "total-points"]))
    tables = draw(st.integers(1, 4))
    boards = draw(st.integers(1, 4))
    results = []
    for board in range(1, boards + 1):
        for table in range(1, tables + 1):
            entry: dict[str, Any] = {"board": board, "ns": str(table), "ew": str(10 + table)}
            if draw(st.booleans()):
                entry |= {"round": draw(st.integers(1, 9)), "table": table}
            kinds = ["contract", "passed-out", "ns_score"]
            kinds += [] if scoring == "total-points" else ["artificial"]
            kind = draw(st.sampled_from(kinds))
            if kind == "contract":
                level = draw(st.integers(1, 7))
                strain = draw(st.sampled_from(["C", "D", "H", "S", "NT"]))
                double = draw(st.sampled_from(["", "X", "XX"]))
                entry |= {
                    "contract": f"{level}{strain}{double}",
                    "declarer": draw(st.sampled_from(SEATS)),
                    "tricks": draw(st.integers(0, 13)),
                }
                if draw(st.booleans()):
                    entry["lead"] = draw(st.sampled_from(["SA", "H2", "DT", "CQ"]))
            elif kind == "passed-out":
                entry["contract"] = "passed-out"
            elif kind == "ns_score":
                entry["ns_score"] = 10 * draw(st.integers(-300, 300))
            else:
                ns, ew = draw(
                    st.sampled_from([("A+", "A-"), ("A", "A"), ("A-", "A+"), ("60%", "40%")])
                )
                entry["artificial"] = {"NS": ns, "EW": ew}
            results.append(entry)
    data: dict[str, Any] = {
        "event": draw(st.one_of(st.just(""), names_text)),
        "scoring": scoring,
        "results": results,
    }
    if scoring == "imps-datum":
        data["datum"] = draw(st.sampled_from(["trimmed", "trimmed-exact", "mean", "median"]))
    if draw(st.booleans()):
        data["pairs"] = {
            str(p): draw(names_text) for t in range(1, tables + 1) for p in (t, 10 + t)
        }
    date = draw(st.one_of(st.none(), st.dates().map(lambda d: d.isoformat())))
    return data, date


@settings(max_examples=60, deadline=None)
@given(pairs_tournaments())
def test_a_pairs_tournament_reads_back_from_pbn(example: tuple[dict[str, Any], str | None]) -> None:
    data, date = example
    tournament = tournament_of(data)
    again, _ = read_back(tournament, date)
    assert again.scoring == tournament.scoring  # cross-imps stays cross-imps, Butler stays Butler
    assert again.name == tournament.name
    assert again.datum == tournament.datum
    assert again.names == tournament.names
    assert again.date == date
    assert [fields(r) for r in again.lines] == [fields(r) for r in tournament.lines]
    assert score_tournament(again).to_json() == score_tournament(tournament).to_json()


def test_the_scoring_method_is_named_in_the_pbn() -> None:
    # PBN 2.1 Scoring tag: MP for matchpoints; Butler and cross-IMPs are IMP scorings told
    # apart by their modifier; the Butler datum method is bridgelaw's own DatumMethod tag
    lines = [
        {"board": 1, "ns": "1", "ew": "2", "contract": "3NT", "declarer": "N", "tricks": 9},
        {"board": 1, "ns": "3", "ew": "4", "contract": "3NT", "declarer": "N", "tricks": 10},
    ]
    for scoring, tag in (("cross-imps", "IMP;Cross"), ("imps-datum", "IMP;Butler")):
        tournament = tournament_of({"scoring": scoring, "datum": "median", "results": lines})
        again, text = read_back(tournament)
        game = read_pbn(text).games[0]
        assert game.tags["Scoring"] == tag
        assert again.scoring == scoring
        if scoring == "imps-datum":
            assert game.tags["DatumMethod"] == "median" and str(again.datum) == "median"
        else:
            assert "DatumMethod" not in game.tags


TEAMS: dict[str, Any] = {
    "event": "Club teams",
    "scoring": "teams",
    "vp": "wbf",
    "pairs": {"A": "Ann & Bob & Cy & Di", "B": "Ed & Flo & Gus & Hal", "C": "Ida & Jo", "D": "Kim"},
    "matches": [
        {"match": "1", "home": "A", "away": "B", "boards": 2},
        {"match": "2", "home": "D", "away": "C"},
    ],
    "results": [
        {"board": 1, "match": "1", "room": "open", "ns": "A", "ew": "B", "contract": "4S",
         "declarer": "N", "tricks": 10},
        {"board": 1, "match": "1", "room": "closed", "ns": "B", "ew": "A", "contract": "4S",
         "declarer": "N", "tricks": 9},
        {"board": 2, "match": "1", "room": "open", "ns": "A", "ew": "B", "contract": "3NT",
         "declarer": "E", "tricks": 9},
        {"board": 2, "match": "1", "room": "closed", "ns": "B", "ew": "A",
         "artificial": {"NS": "A+", "EW": "A-"}},
        {"board": 1, "match": "2", "room": "open", "ns": "D", "ew": "C", "contract": "passed-out"},
        {"board": 1, "match": "2", "room": "closed", "ns": "C", "ew": "D", "contract": "1NT",
         "declarer": "W", "tricks": 7, "lead": "H2"},
    ],
}  # fmt: skip


def test_a_teams_tournament_keeps_its_matches_and_rooms() -> None:
    tournament = tournament_of(TEAMS)
    again, text = read_back(tournament, "2026-11-20")
    assert again.scoring == "teams" and again.vp == "wbf"
    # match 2 gave no number of boards: it played one, and that is what is written
    assert [(m.match, m.home, m.away, m.boards) for m in again.matches] == [
        ("1", "A", "B", 2),
        ("2", "D", "C", 1),
    ]
    # the file is written board by board; the input was match by match
    assert sorted(map(fields, again.lines), key=str) == sorted(
        map(fields, tournament.lines), key=str
    )
    assert again.names == tournament.names
    # PBN 2.1 Room column: Open / Closed
    assert [row["Room"] for row in score_table(text)] == ["Open", "Closed", "Open", "Closed"]
    assert score_tournament(again).to_json() == score_tournament(tournament).to_json()


@settings(max_examples=40, deadline=None)
@given(teams_tournaments())
def test_a_teams_tournament_reads_back_from_pbn(data: dict[str, Any]) -> None:
    tournament = tournament_of(data)
    again, _ = read_back(tournament)
    assert again.scoring == "teams" and again.vp == tournament.vp
    assert [(m.match, m.home, m.away) for m in again.matches] == [
        (m.match, m.home, m.away) for m in tournament.matches
    ]
    assert sorted(map(fields, again.lines), key=str) == sorted(
        map(fields, tournament.lines), key=str
    )
    assert score_tournament(again).to_json() == score_tournament(tournament).to_json()


def test_teams_without_a_match_table_take_home_from_the_open_room() -> None:
    tournament = tournament_of(TEAMS)
    text = results_pbn(score_tournament(tournament))
    start = text.index("[MatchTable")
    end = text.index("\n\n", start)
    stripped = text[:start] + text[end:]  # as another program would write it
    outcome = read_results_pbn(stripped, "other.pbn")
    assert outcome.tournament is not None, [str(p) for p in outcome.problems]
    # the spec: the home team sits North-South in the open room
    assert [(m.match, m.home, m.away) for m in outcome.tournament.matches] == [
        ("1", "A", "B"),
        ("2", "D", "C"),
    ]


# -- USEBIO: the session's date, not today's -------------------------------------------------------


def usebio_date(text: str) -> str | None:
    root = ET.fromstring(text.split("\n", 2)[2])
    return root.findtext("EVENT/DATE")


def test_usebio_carries_the_date_of_the_input(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = {
        "scoring": "matchpoints",
        "date": "2019-03-07",
        "results": [
            {"board": 1, "ns": "1", "ew": "2", "contract": "4S", "declarer": "N", "tricks": 10}
        ],
    }
    source = tmp_path / "r.json"
    source.write_text(json.dumps(data), encoding="utf-8")
    xml, pbn = tmp_path / "r.xml", tmp_path / "r.pbn"
    code, _, err = run(capsys, "score-event", str(source), "--usebio", str(xml), "--pbn", str(pbn))
    assert code == 0, err
    assert usebio_date(xml.read_text(encoding="utf-8")) == "2019-03-07"
    # the PBN written has the date as PBN writes it, and USEBIO from that PBN has it too
    assert read_pbn(pbn.read_text(encoding="utf-8")).games[0].tags["Date"] == "2019.03.07"
    xml2 = tmp_path / "r2.xml"
    code, _, err = run(capsys, "score-event", str(pbn), "--usebio", str(xml2))
    assert code == 0, err
    assert usebio_date(xml2.read_text(encoding="utf-8")) == "2019-03-07"


def test_usebio_without_a_date_has_no_date_element() -> None:
    tournament = tournament_of(
        {
            "scoring": "matchpoints",
            "results": [
                {"board": 1, "ns": "1", "ew": "2", "contract": "4S", "declarer": "N", "tricks": 10}
            ],
        }
    )
    assert usebio_date(usebio_xml(score_tournament(tournament))) is None  # never the day of writing


def test_a_bad_date_is_a_problem_with_its_line() -> None:
    outcome = read_results_json('{"date": "2019-13-40", "results": []}')
    assert any("date must be a date" in p.message for p in outcome.problems)


# -- the demo's own PBN ----------------------------------------------------------------------------


def test_score_event_reads_the_demo_session_with_its_players(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    site = tmp_path / "site"
    code, out, err = run(
        capsys, "score-event", str(sample_session_path()), "--json", "--site", str(site)
    )
    assert code == 0, err
    data = json.loads(out)
    # the file's first game: PairNS 1 with North Anna Whitfield, South Brian Okafor
    names = {r["pair"]: r.get("names") for r in data["ranking"]}
    assert names["1"] == "Anna Whitfield & Brian Okafor"
    assert names["5"] == "Irene Castillo & James Thornton"  # East, then West
    assert len(data["boards"]) == 12 and all(len(b["results"]) == 4 for b in data["boards"])
    assert "Anna Whitfield &amp; Brian Okafor" in (site / "index.html").read_text(encoding="utf-8")
    # the demo scores the same file the same way
    code, demo_out, err = run(capsys, "demo", "--json", "--site", str(tmp_path / "demo"))
    assert code == 0, err
    demo = json.loads(demo_out)
    assert demo["ranking"] == data["ranking"] and demo["boards"] == data["boards"]


# -- the JSON written in pieces is the JSON of the whole -----------------------------------------


@settings(max_examples=25, deadline=None)
@given(pairs_tournaments())
def test_streamed_json_is_the_whole_json(example: tuple[dict[str, Any], str | None]) -> None:
    scored = score_tournament(tournament_of(example[0]))
    stream = io.StringIO()
    write_results_json(scored, stream)
    assert stream.getvalue() == json.dumps(scored.to_json(), ensure_ascii=False)


# -- the site's pair pages from the index match a scan of every result ---------------------------


@settings(max_examples=25, deadline=None)
@given(pairs_tournaments())
def test_each_pair_page_lists_exactly_the_boards_it_played(
    example: tuple[dict[str, Any], str | None],
) -> None:
    scored = score_tournament(tournament_of(example[0]))
    pages = render_site(scored)
    for pair in {p for b in scored.boards for r in b.results for p in (r.result.ns, r.result.ew)}:
        played = sorted(
            b.board for b in scored.boards for r in b.results if pair in (r.result.ns, r.result.ew)
        )
        page = pages[f"pairs/pair-{pair}.html"]
        shown = [int(part.split('.html">')[1].split("<")[0]) for part in page.split("board-")[1:]]
        assert shown == played


def test_a_csv_date_comment_is_the_sessions_date() -> None:
    from bridgelaw.formats.results_csv import read_results_csv

    text = "# date: 2024-02-29\nboard,ns,ew,contract,declarer,tricks\n1,1,2,4S,N,10\n"
    outcome = read_results_csv(text, "r.csv")
    assert outcome.tournament is not None and outcome.tournament.date == "2024-02-29"
    assert usebio_date(
        usebio_xml(score_tournament(outcome.tournament), date=outcome.tournament.date)
    ) == ("2024-02-29")


@settings(max_examples=500)
@given(st.fractions(max_denominator=10**6) | st.integers(-(10**30), 10**30).map(Fraction))
def test_numbers_are_rounded_to_two_decimals_halves_away_from_zero(value: Fraction) -> None:
    # the documented rounding, by the decimal module's own rule
    with localcontext() as context:
        context.prec = 100
        exact = Decimal(value.numerator) / Decimal(value.denominator)
        expected = exact.quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)
    got = number(value)
    if value.denominator == 1:
        assert got == value.numerator and isinstance(got, int)
    else:
        # a value that rounds to zero is written 0.0, never -0.0 (no "-0.00" on a results page)
        want = float(expected) + 0.0
        assert got == want and str(got) == str(want)


def test_halves_round_away_from_zero() -> None:
    assert [number(Fraction(n, 200)) for n in (1, -1, 3, -3)] == [0.01, -0.01, 0.02, -0.02]
    assert number(Fraction(-1, 1000)) == 0 and str(number(Fraction(-1, 1000))) == "0.0"


def test_a_table_result_without_its_pairs_is_a_problem_on_its_line() -> None:
    text = (
        '[Event "x"]\n[Board "1"]\n[PairNS "1"]\n[Declarer "N"]\n[Contract "4S"]\n'
        '[Result "10"]\n\n[Board "2"]\n[PairNS "1"]\n[PairEW "2"]\n[Declarer "N"]\n'
        '[Contract "4S"]\n[Result "10"]\n'
    )
    outcome = read_results_pbn(text, "t.pbn")
    assert outcome.tournament is None
    assert [(p.line, "PairEW missing" in p.message) for p in outcome.problems] == [(1, True)]


def test_travellers_and_score_cards_describe_every_form_of_result() -> None:
    tournament = tournament_of(
        {
            "scoring": "matchpoints",
            "results": [
                {"board": 1, "ns": "1", "ew": "2", "contract": "4S", "declarer": "N", "tricks": 11},
                {"board": 1, "ns": "3", "ew": "4", "contract": "passed-out"},
                {"board": 1, "ns": "5", "ew": "6", "ns_score": 420},
                {"board": 1, "ns": "7", "ew": "8", "artificial": {"NS": "A+", "EW": "A-"}},
                {"board": 1, "ns": "9", "ew": "10", "weighted": [
                    {"weight": "1/3", "contract": "3NT", "declarer": "N", "tricks": 9},
                    {"weight": "2/3", "contract": "3NT", "declarer": "N", "tricks": 8}]},
                {"board": 1, "ns": "11", "ew": "12", "split": {
                    "NS": {"contract": "4S", "declarer": "E", "tricks": 10},
                    "EW": {"contract": "4S", "declarer": "E", "tricks": 9}}},
            ],
        }
    )  # fmt: skip
    pages = render_site(score_tournament(tournament))
    expected = ["4S N +1", "passed out", "assigned +420", "A+/A-", "weighted: 1/3 of +400"]
    expected.append("split: NS 4S E =, EW 4S E -1")
    for text in expected:
        assert f"<td>{text}" in pages["boards/board-1.html"]
    assert "<td>4S N +1</td>" in pages["pairs/pair-2.html"]
    assert "<td>split: NS 4S E =, EW 4S E -1</td>" in pages["pairs/pair-12.html"]


def test_per_table_games_read_the_pbn_declarer_and_result_forms() -> None:
    # PBN 2.1: '^S' (3.4.13) is a Declarer whose partner played the hand, still the N-S side;
    # 'NS 10' (3.4.15) gives the tricks of a side. Board 1: nobody vulnerable, 4S by N-S making
    # ten is 420 to N-S at both tables (Law 77); the second table wrote 'EW 3', i.e. N-S 10.
    game = (
        '[Board "1"]\n[PairNS "{ns}"]\n[PairEW "{ew}"]\n[Deal "N:AKQ2.KQ2.A32.K32 '
        'JT9.AJT.KQJ4.A54 876.9876.T98.QJ9 543.543.765.T876"]\n'
        '[Contract "4S"]\n[Declarer "{declarer}"]\n[Result "{result}"]\n\n'
    )
    text = game.format(ns="1", ew="2", declarer="^S", result="NS 10") + game.format(
        ns="3", ew="4", declarer="N", result="EW 3"
    )
    outcome = read_results_pbn(text, "tables.pbn", "matchpoints", None)
    assert outcome.problems == [] and outcome.tournament is not None
    scored = score_tournament(outcome.tournament).to_json()["boards"][0]["results"]
    assert [r["ns_score"] for r in scored] == [420, 420]


def test_every_page_is_made_for_a_phone_too() -> None:
    # without the viewport a phone lays the page out at desktop width and shrinks it; on a
    # narrow screen the wide tables (travellers, rankings) scroll sideways instead of being cut
    pages = render_site(score_tournament(tournament_of({"scoring": "matchpoints", "results": [
        {"board": 1, "ns": "1", "ew": "2", "contract": "4S", "declarer": "N", "tricks": 11},
        {"board": 1, "ns": "3", "ew": "4", "contract": "4S", "declarer": "N", "tricks": 10},
    ]})))  # fmt: skip
    viewport = '<meta name="viewport" content="width=device-width, initial-scale=1">'
    html_pages = [text for name, text in pages.items() if name.endswith(".html")]
    assert len(html_pages) >= 4 and all(viewport in text for text in html_pages)
    style = pages["style.css"]
    phone = style[style.index("@media (max-width: 40em)") :]
    assert "overflow-x: auto" in phone and "white-space: nowrap" in style
