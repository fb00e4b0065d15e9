"""USEBIO read back: ``score-event`` on a session's JSON, on the PBN it writes and
on the USEBIO it writes gives the same results, for every scoring and every form of Law 12.

Expectations come from the input (what was scored must be scored again the same) or from the
USEBIO standard and the Laws (``A6040`` is average-plus to North-South; 4S doubled making ten
tricks is 590 by Law 77), never from the writer's own output. The reader is fuzzed: a mutated
document gives problems with their lines, never an exception.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bridgelaw.cli import main
from bridgelaw.formats.results_json import ReadOutcome, read_results_json
from bridgelaw.formats.results_pbn import read_results_pbn, results_pbn
from bridgelaw.formats.usebio import usebio_xml
from bridgelaw.formats.usebio_read import read_usebio
from bridgelaw.sample import sample_session_path
from bridgelaw.scoring.results import Artificial, Points
from bridgelaw.tournament.session import TournamentInput, check_tournament, score_tournament

REAL_SESSION = Path(__file__).parents[2] / ".." / "shared" / "realfiles" / "scoring"
SEATS = "NESW"


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def tournament_of(data: dict[str, Any]) -> TournamentInput:
    outcome = read_results_json(json.dumps(data, indent=1))
    assert outcome.problems == [] and outcome.tournament is not None, outcome.problems
    return outcome.tournament


def read_ok(outcome: ReadOutcome) -> TournamentInput:
    assert outcome.problems == [], [str(p) for p in outcome.problems]
    assert outcome.tournament is not None
    assert check_tournament(outcome.tournament) == []
    return outcome.tournament


def via_pbn(tournament: TournamentInput) -> TournamentInput:
    text = results_pbn(score_tournament(tournament), tournament.date)
    return read_ok(read_results_pbn(text, "again.pbn"))


def via_usebio(tournament: TournamentInput) -> TournamentInput:
    text = usebio_xml(score_tournament(tournament), date=tournament.date)
    return read_ok(read_usebio(text.encode("utf-8"), "again.xml"))


# -- tournaments of every scoring, with every form of result --------------------------------------

names_text = st.from_regex(r"[A-Za-zé][A-Za-zé&' ;{}%<>?\\\"\[\]-]{0,14}[A-Za-zé]", fullmatch=True)
percents = st.sampled_from(["55%", "60%", "100/3%", "12.5%", "0%", "100%"])


@st.composite
def table_result(draw: st.DrawFn) -> dict[str, Any]:
    """A table result (Law 77): a contract, declarer, tricks, sometimes the lead."""
    entry: dict[str, Any] = {
        "contract": f"{draw(st.integers(1, 7))}{draw(st.sampled_from(['C', 'D', 'H', 'S', 'NT']))}"
        + draw(st.sampled_from(["", "X", "XX"])),
        "declarer": draw(st.sampled_from(SEATS)),
        "tricks": draw(st.integers(0, 13)),
    }
    if draw(st.booleans()):
        entry["lead"] = draw(st.sampled_from(["SA", "H2", "DT", "CQ"]))
    return entry


def outcome(draw: st.DrawFn) -> dict[str, Any]:
    """One outcome: a table result or an assigned score in points (Law 12C1)."""
    if draw(st.booleans()):
        return draw(table_result())
    return {"ns_score": 10 * draw(st.integers(-300, 300))}


def weighted(draw: st.DrawFn) -> list[dict[str, Any]]:
    """Law 12C1c: weighted outcomes, their weights summing to one."""
    first = draw(st.sampled_from(["1/3", "1/2", "0.25", "2/3"]))
    rest = {"1/3": "2/3", "1/2": "1/2", "0.25": "0.75", "2/3": "1/3"}[first]
    return [{"weight": first, **outcome(draw)}, {"weight": rest, **outcome(draw)}]


def artificial(draw: st.DrawFn, points_only: bool) -> str:
    """Law 12C2: A+, A, A-, an explicit percentage, or not played (12C2d)."""
    if points_only:  # total points: an artificial score has no value (Law 78C)
        return "NP"
    return draw(st.one_of(st.sampled_from(["A+", "A", "A-", "NP"]), percents))


def split_side(draw: st.DrawFn, points_only: bool) -> Any:
    kind = draw(st.sampled_from(["outcome", "artificial", "weighted"]))
    if kind == "outcome":
        return outcome(draw)
    if kind == "artificial":
        return artificial(draw, points_only)
    return {"weighted": weighted(draw)}


@st.composite
def result_form(draw: st.DrawFn, points_only: bool) -> dict[str, Any]:
    """Every form of the spec: contract, passed out, ns_score, artificial, weighted, split."""
    kind = draw(
        st.sampled_from(["contract", "passed", "ns_score", "artificial", "weighted", "split"])
    )
    if kind == "contract":
        return draw(table_result())
    if kind == "passed":
        return {"contract": "passed-out"}
    if kind == "ns_score":
        return {"ns_score": 10 * draw(st.integers(-300, 300))}
    if kind == "artificial":
        return {
            "artificial": {"NS": artificial(draw, points_only), "EW": artificial(draw, points_only)}
        }
    if kind == "weighted":
        return {"weighted": weighted(draw)}
    return {"split": {"NS": split_side(draw, points_only), "EW": split_side(draw, points_only)}}


@st.composite
def pairs_tournaments(draw: st.DrawFn) -> dict[str, Any]:
    scoring = draw(st.sampled_from(["matchpoints", "imps-datum", "cross-imps", "total-points"]))
    points_only = scoring == "total-points"
    tables, boards = draw(st.integers(1, 4)), draw(st.integers(1, 3))
    phantom = tables > 1 and draw(st.booleans())  # with others: a session has some result
    results = []
    for board in range(1, boards + 1):
        for table in range(1, tables + 1):
            ew = "19" if phantom and table == tables else str(10 + table)  # 19: a phantom pair
            entry: dict[str, Any] = {"board": board, "ns": str(table), "ew": ew}
            if draw(st.booleans()):
                entry |= {"round": draw(st.integers(1, 9)), "table": table}
            results.append(entry | draw(result_form(points_only)))
    data: dict[str, Any] = {
        "event": draw(st.one_of(st.just(""), names_text)),
        "scoring": scoring,
        "results": results,
    }
    if draw(st.booleans()):
        data["date"] = draw(st.dates()).isoformat()
    if scoring == "imps-datum":
        data["datum"] = draw(st.sampled_from(["trimmed", "trimmed-exact", "mean", "median"]))
    if scoring == "cross-imps":
        data["cross_imps_ranking"] = draw(st.sampled_from(["average", "total"]))
    if phantom:
        data["phantoms"] = ["19"]
        data["sitouts"] = draw(st.sampled_from(["not-a-result", "not-played"]))
    if draw(st.booleans()):
        data["pairs"] = {
            str(p): draw(names_text) for t in range(1, tables + 1) for p in (t, 10 + t)
        }
    return data


@st.composite
def teams_tournaments(draw: st.DrawFn) -> dict[str, Any]:
    teams = [f"T{n}" for n in range(draw(st.integers(1, 2)) * 2)]
    order = draw(st.permutations(teams))
    boards = draw(st.integers(1, 3))
    matches, results = [], []
    for index in range(0, len(order), 2):
        match = f"M{index // 2 + 1}"
        home, away = order[index], order[index + 1]
        spec: dict[str, Any] = {"match": match, "home": home, "away": away}
        if draw(st.booleans()):
            spec["boards"] = draw(st.integers(boards, 8))
        matches.append(spec)
        for board in range(1, boards + 1):
            for room, ns, ew in (("open", home, away), ("closed", away, home)):
                entry = {"board": board, "match": match, "room": room, "ns": ns, "ew": ew}
                results.append(entry | draw(result_form(False)))
    data: dict[str, Any] = {"event": "Teams", "scoring": "teams", "matches": matches}
    data["results"] = results
    if draw(st.booleans()):
        data["vp"] = "wbf"
    if draw(st.booleans()):
        data["pairs"] = {team: draw(names_text) for team in teams}
    return data


def same_everywhere(data: dict[str, Any]) -> None:
    tournament = tournament_of(data)
    expected = score_tournament(tournament).to_json()
    for again in (via_pbn(tournament), via_usebio(tournament)):
        # the ranking, every board's values and the matches: the whole output
        assert score_tournament(again).to_json() == expected
        assert (again.date, again.scoring) == (tournament.date, tournament.scoring)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(pairs_tournaments())
def test_a_pairs_tournament_scores_the_same_from_json_pbn_and_usebio(data: dict[str, Any]) -> None:
    same_everywhere(data)


@settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(teams_tournaments())
def test_a_teams_tournament_scores_the_same_from_json_pbn_and_usebio(data: dict[str, Any]) -> None:
    same_everywhere(data)


def test_a_session_of_sit_outs_only_scores_to_nothing_not_a_crash() -> None:
    tournament = tournament_of({"scoring": "matchpoints", "phantoms": ["9"], "results": [
        {"board": 1, "ns": "1", "ew": "9", "contract": "passed-out"}]})  # fmt: skip
    scored = score_tournament(tournament).to_json()  # the row against the phantom is no result
    assert scored["ranking"] == [] and all(b["results"] == [] for b in scored["boards"])


def test_the_sample_session_and_a_published_session_read_back_the_same() -> None:
    sources = [sample_session_path(), REAL_SESSION / "sance1.utf8.pbn"]
    for source in sources:
        tournament = read_ok(read_results_pbn(source.read_bytes(), source.name))
        expected = score_tournament(tournament).to_json()
        assert len(expected["ranking"]) > 4
        for again in (via_pbn(tournament), via_usebio(tournament)):
            assert score_tournament(again).to_json() == expected


def test_score_event_reads_back_the_files_it_writes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = {
        "event": "Tuesday",
        "scoring": "matchpoints",
        "results": [
            {"board": 1, "ns": "1", "ew": "2", "contract": "4S", "declarer": "N", "tricks": 10},
            {"board": 1, "ns": "3", "ew": "4", "weighted": [
                {"weight": "1/3", "contract": "3NT", "declarer": "N", "tricks": 9},
                {"weight": "2/3", "contract": "3NT", "declarer": "N", "tricks": 8}]},
            {"board": 1, "ns": "5", "ew": "6", "artificial": {"NS": "A+", "EW": "A-"}},
        ],
    }  # fmt: skip
    source, pbn, xml = tmp_path / "r.json", tmp_path / "r.pbn", tmp_path / "r.xml"
    source.write_text(json.dumps(data), encoding="utf-8")
    code, out, err = run(
        capsys, "score-event", str(source), "--json", "--pbn", str(pbn), "--usebio", str(xml)
    )
    assert code == 0, err
    # USEBIO and PBN have no place for a weighted score (Law 12C1c): the user is told
    assert f"{xml}: a weighted score (Law 12C1c)" in err and f"{pbn}: a weighted score" in err
    for written in (pbn, xml):
        code, again, err = run(capsys, "score-event", str(written), "--json")
        assert code == 0, err
        assert json.loads(again)["ranking"] == json.loads(out)["ranking"]
        assert json.loads(again)["boards"] == json.loads(out)["boards"]


# -- USEBIO as other programs write it ------------------------------------------------------------

OTHER_PAIRS = """<?xml version="1.0" encoding="iso-8859-1"?>
<!DOCTYPE USEBIO SYSTEM "http://127.0.0.1:9/usebio_v1_2.dtd">
<USEBIO Version="1.2">
  <CLUB><CLUB_NAME>Club</CLUB_NAME></CLUB>
  <EVENT EVENT_TYPE="MP_PAIRS">
    <EVENT_DESCRIPTION>Soir\xe9e</EVENT_DESCRIPTION>
    <DATE>07/03/2019</DATE>
    <BOARD_SCORING_METHOD>MATCH_POINTS</BOARD_SCORING_METHOD>
    <SESSION SESSION_ID="1"><SECTION SECTION_ID="A">
    <PARTICIPANTS>
      <PAIR><PAIR_NUMBER>1</PAIR_NUMBER><DIRECTION>NS</DIRECTION>
        <PLAYER><PLAYER_NAME>J\xe9r\xf4me Petit</PLAYER_NAME></PLAYER>
        <PLAYER><PLAYER_NAME>Ann Lee</PLAYER_NAME></PLAYER></PAIR>
      <PAIR><PAIR_NUMBER>1</PAIR_NUMBER><DIRECTION>EW</DIRECTION>
        <PLAYER><PLAYER_NAME>Bo Ek</PLAYER_NAME></PLAYER></PAIR>
      <PAIR><PAIR_NUMBER>2</PAIR_NUMBER><DIRECTION>NS</DIRECTION></PAIR>
      <PAIR><PAIR_NUMBER>2</PAIR_NUMBER><DIRECTION>EW</DIRECTION></PAIR>
      <PAIR><PAIR_NUMBER>3</PAIR_NUMBER><DIRECTION>NS</DIRECTION></PAIR>
      <PAIR><PAIR_NUMBER>3</PAIR_NUMBER><DIRECTION>EW</DIRECTION></PAIR>
    </PARTICIPANTS>
    <BOARD>
      <BOARD_NUMBER>1</BOARD_NUMBER>
      <TRAVELLER_LINE>
        <NS_PAIR_NUMBER>1</NS_PAIR_NUMBER><EW_PAIR_NUMBER>1</EW_PAIR_NUMBER>
        <CONTRACT>4S*</CONTRACT><PLAYED_BY>N</PLAYED_BY><LEAD>HK</LEAD><TRICKS>10</TRICKS>
        <SCORE>590</SCORE><NS_MATCH_POINTS>4</NS_MATCH_POINTS><EW_MATCH_POINTS>0</EW_MATCH_POINTS>
      </TRAVELLER_LINE>
      <TRAVELLER_LINE>
        <NS_PAIR_NUMBER>2</NS_PAIR_NUMBER><EW_PAIR_NUMBER>2</EW_PAIR_NUMBER>
        <CONTRACT>Passed</CONTRACT><SCORE>0</SCORE>
      </TRAVELLER_LINE>
      <TRAVELLER_LINE>
        <NS_PAIR_NUMBER>3</NS_PAIR_NUMBER><EW_PAIR_NUMBER>3</EW_PAIR_NUMBER>
        <SCORE>A6040</SCORE>
      </TRAVELLER_LINE>
    </BOARD>
    </SECTION></SESSION>
  </EVENT>
</USEBIO>
""".encode("latin-1")


def test_a_usebio_1_2_pairs_file_by_another_program() -> None:
    tournament = read_ok(read_usebio(OTHER_PAIRS, "club.xml"))
    assert tournament.name == "Soirée" and tournament.date == "2019-03-07"  # ISO-8859-1, dd/mm/yyyy
    assert tournament.scoring == "matchpoints"
    # a Mitchell numbered per direction: pair 1 North-South and pair 1 East-West are two pairs
    assert (
        tournament.names["1 NS"] == "Jérôme Petit & Ann Lee" and tournament.names["1 EW"] == "Bo Ek"
    )
    lines = tournament.lines
    assert [(r.ns, r.ew) for r in lines] == [("1 NS", "1 EW"), ("2 NS", "2 EW"), ("3 NS", "3 EW")]
    # 4S doubled by North making ten tricks, nobody vulnerable: 590 (Law 77)
    assert lines[0].played is not None and str(lines[0].played.contract) == "4SX"
    assert lines[0].ns_side == Points.single(590) and lines[0].played.lead == "HK"
    assert lines[1].played is not None and lines[1].played.contract.is_passed_out
    # A6040: average-plus to North-South, average-minus to East-West (Law 12C2a)
    assert (lines[2].ns_side, lines[2].ew_side) == (Artificial("A+"), Artificial("A-"))


OTHER_TEAMS = b"""<?xml version="1.0" encoding="UTF-8"?>
<USEBIO Version="1.2">
  <EVENT EVENT_TYPE="SWISS_TEAMS">
    <MATCH_SCORING_METHOD>VPS</MATCH_SCORING_METHOD>
    <PARTICIPANTS>
      <TEAM TEAM_ID="1" TEAM_NAME="Smith"><PLAYER><PLAYER_NAME>Al</PLAYER_NAME></PLAYER>
        <PLAYER><PLAYER_NAME>Bea</PLAYER_NAME></PLAYER></TEAM>
      <TEAM TEAM_ID="2" TEAM_NAME="Jones"><PLAYER><PLAYER_NAME>Cy</PLAYER_NAME></PLAYER></TEAM>
    </PARTICIPANTS>
    <MATCH>
      <ROUND_NUMBER>1</ROUND_NUMBER><TEAM>1</TEAM><OPPOSING_TEAM>2</OPPOSING_TEAM>
      <TEAM_SCORE>15</TEAM_SCORE><OPPOSING_TEAM_SCORE>5</OPPOSING_TEAM_SCORE>
      <BOARD><BOARD_NUMBER>1</BOARD_NUMBER>
        <TRAVELLER_LINE><DIRECTION>NS</DIRECTION><CONTRACT>3NT</CONTRACT><PLAYED_BY>N</PLAYED_BY>
          <TRICKS>10</TRICKS><SCORE>430</SCORE></TRAVELLER_LINE>
        <TRAVELLER_LINE><DIRECTION>EW</DIRECTION><CONTRACT>3NT</CONTRACT><PLAYED_BY>S</PLAYED_BY>
          <TRICKS>8</TRICKS><SCORE>-50</SCORE></TRAVELLER_LINE>
      </BOARD>
    </MATCH>
  </EVENT>
</USEBIO>
"""


def test_a_usebio_teams_match_by_another_program() -> None:
    tournament = read_ok(read_usebio(OTHER_TEAMS, "teams.xml"))
    assert tournament.scoring == "teams" and tournament.vp == "wbf"
    assert [(m.match, m.home, m.away) for m in tournament.matches] == [("1", "1", "2")]
    assert tournament.names == {"1": "Al & Bea", "2": "Cy"}
    # DIRECTION is where the match's TEAM sat: North-South is the open room (home NS)
    assert [(r.room, r.ns, r.ew) for r in tournament.lines] == [
        ("open", "1", "2"),
        ("closed", "2", "1"),
    ]
    match = score_tournament(tournament).to_json()["matches"][0]
    # team 1 +430 in the open room, +50 in the closed: 480, 10 IMPs (Law 78B)
    assert match["imps"] == [10, 0]


# -- problems: every one with its line, never a traceback ----------------------------------------


def problems_of(data: bytes) -> list[tuple[int, str]]:
    outcome = read_usebio(data, "bad.xml")
    assert outcome.tournament is None and outcome.problems
    assert all(p.file == "bad.xml" and p.line >= 1 for p in outcome.problems)
    return [(p.line, p.message) for p in outcome.problems]


def test_hostile_xml_is_refused_before_any_work() -> None:
    laughs = b'<?xml version="1.0"?>\n<!DOCTYPE l [\n<!ENTITY a "aaaaaaaaaa">\n'
    laughs += b"".join(
        f'<!ENTITY {chr(98 + n)} "{f"&{chr(97 + n)};" * 10}">\n'.encode() for n in range(9)
    )
    laughs += b"]>\n<USEBIO>&j;</USEBIO>\n"
    start = time.perf_counter()
    assert problems_of(laughs) == [
        (3, "the document declares the entity a: entities are refused (they can expand "
         "without end)")
    ]  # fmt: skip
    assert time.perf_counter() - start < 1  # refused at the first declaration, nothing expanded
    secret = b'<!DOCTYPE USEBIO [<!ENTITY x SYSTEM "file:///etc/passwd">]>\n<USEBIO>&x;</USEBIO>'
    assert "entity x" in problems_of(secret)[0][1]
    outside = b'<!DOCTYPE USEBIO [<!ENTITY % p SYSTEM "http://127.0.0.1:9/x"> %p;]><USEBIO/>'
    assert "entity p" in problems_of(outside)[0][1]
    deep = b"<USEBIO>" + b"<EVENT>" * 100 + b"</EVENT>" * 100 + b"</USEBIO>"
    assert problems_of(deep) == [(1, "elements nested more than 64 deep: refused")]


def test_problems_of_a_usebio_file_name_their_lines() -> None:
    assert problems_of(b"<USEBIO>\n<EVENT>\n</USEBIO>")[0][0] == 3  # not XML: where it breaks
    assert "root element is results" in problems_of(b"<results/>")[0][1]
    assert (
        "EVENT_TYPE INDIVIDUAL"
        in problems_of(
            b'<USEBIO><EVENT EVENT_TYPE="INDIVIDUAL"><BOARD><BOARD_NUMBER>1</BOARD_NUMBER>'
            b"<TRAVELLER_LINE><SCORE>1</SCORE></TRAVELLER_LINE></BOARD></EVENT></USEBIO>"
        )[0][1]
    )
    board = OTHER_PAIRS[OTHER_PAIRS.index(b"<BOARD>") : OTHER_PAIRS.index(b"</BOARD>") + 8]
    second = b'</SECTION><SECTION SECTION_ID="B">' + board + b"</SECTION></SESSION>"
    two_sections = OTHER_PAIRS.replace(b"</SECTION></SESSION>", second)
    assert any("2 sessions or sections" in m for _, m in problems_of(two_sections))
    bad = OTHER_PAIRS.replace(b"<TRICKS>10</TRICKS>", b"<TRICKS>14</TRICKS>").replace(
        b"<SCORE>A6040</SCORE>", b"<SCORE>A60</SCORE>"
    )
    found = problems_of(bad)
    # each problem on the line of its TRAVELLER_LINE, by the rules of the JSON format
    assert found == [
        (23, "board 1: tricks must be a whole number from 0 to 13, not 14"),
        (32, "SCORE 'A60' is not an artificial score (A, then each side's percentage: A6040)"),
    ]


def test_a_score_must_be_the_contracts_score() -> None:
    # 4S doubled by North making ten tricks, nobody vulnerable, is 590 (Law 77), not 620
    wrong = OTHER_PAIRS.replace(b"<SCORE>590</SCORE>", b"<SCORE>620</SCORE>")
    assert problems_of(wrong) == [(23, "board 1: SCORE 620 does not match 4SX N = (+590 for NS "
                                   "by Law 77)")]  # fmt: skip


def test_the_instruction_must_agree_with_the_elements() -> None:
    tournament = tournament_of({"scoring": "matchpoints", "results": [
        {"board": 1, "ns": "1", "ew": "2", "weighted": [
            {"weight": "1/2", "ns_score": 100}, {"weight": "1/2", "ns_score": 200}]},
        {"board": 1, "ns": "3", "ew": "4", "ns_score": 50}]})  # fmt: skip
    text = usebio_xml(score_tournament(tournament))
    assert "<SCORE>150</SCORE>" in text  # the weighted mean, for other programs
    edited = text.replace("<SCORE>150</SCORE>", "<SCORE>170</SCORE>")
    assert any("SCORE '170' is not the bridgelaw instruction's result (150)" in m
               for _, m in problems_of(edited.encode()))  # fmt: skip


def test_score_event_lists_every_problem_of_a_usebio_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad.xml"
    bad.write_bytes(
        OTHER_PAIRS.replace(b"<TRICKS>10</TRICKS>", b"<TRICKS>x</TRICKS>").replace(
            b"<SCORE>A6040</SCORE>", b"<NS_SCORE>lots</NS_SCORE><EW_SCORE>1</EW_SCORE>"
        )
    )
    code, out, err = run(capsys, "score-event", str(bad))
    assert code == 1 and "Traceback" not in err
    assert f"{bad}:23: board 1: tricks must be a whole number" in err
    assert f"{bad}:32: NS_SCORE and EW_SCORE must each be" in err
    assert "2 problems: results refused, nothing written" in err
    code, out, _ = run(capsys, "score-event", str(bad), "--json")
    assert code == 1 and [p["line"] for p in json.loads(out)["problems"]] == [23, 32]


# -- fuzzing: whatever the document, problems or a tournament, never an exception -----------------

SEED_TOURNAMENT = {
    "event": "Fuzz",
    "scoring": "teams",
    "vp": "wbf",
    "matches": [{"match": "1", "home": "A", "away": "B"}],
    "results": [
        {"board": 1, "match": "1", "room": "open", "ns": "A", "ew": "B", "contract": "4S",
         "declarer": "N", "tricks": 10, "lead": "H2"},
        {"board": 1, "match": "1", "room": "closed", "ns": "B", "ew": "A", "weighted": [
            {"weight": "1/2", "ns_score": 100}, {"weight": "1/2", "ns_score": -620}]},
    ],
}  # fmt: skip
SEED_PAIRS = {
    "event": "Fuzz",
    "scoring": "matchpoints",
    "pairs": {"1": "A & B", "2": "C", "3": "D", "4": "E"},
    "results": [
        {"board": 1, "ns": "1", "ew": "2", "split": {"NS": "A+", "EW": {"contract": "3NT",
         "declarer": "S", "tricks": 9}}, "round": 1, "table": 1},
        {"board": 1, "ns": "3", "ew": "4", "artificial": {"NS": "55%", "EW": "NP"}},
    ],
}  # fmt: skip
SEEDS = [
    usebio_xml(score_tournament(tournament_of(d)), date="2026-01-02")
    for d in (SEED_TOURNAMENT, SEED_PAIRS)
]


def survives(data: bytes) -> None:
    outcome = read_usebio(data, "fuzz.xml")
    assert all(p.file == "fuzz.xml" and p.line >= 1 and p.message for p in outcome.problems)
    if outcome.tournament is not None:
        assert outcome.problems == []
        if not check_tournament(outcome.tournament):
            score_tournament(outcome.tournament)


@settings(max_examples=300, deadline=None)
@given(
    st.sampled_from(SEEDS),
    st.lists(
        st.tuples(st.floats(0, 1), st.sampled_from(["del", "ins", "dup"]), st.text(max_size=3)),
        max_size=4,
    ),
)
def test_a_mutated_document_gives_problems_never_an_exception(
    seed: str, edits: list[tuple[float, str, str]]
) -> None:
    text = seed
    for where, how, what in edits:
        at = int(where * len(text))
        if how == "del":
            text = text[:at] + text[at + len(what) + 1 :]
        elif how == "ins":
            text = text[:at] + what + text[at:]
        else:
            text = text[:at] + text[at : at + 40] + text[at:]
    survives(text.encode("utf-8"))


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(SEEDS), st.data())
def test_any_element_text_gives_problems_never_an_exception(seed: str, data: st.DataObject) -> None:
    parts = seed.split(">")
    index = data.draw(st.integers(0, len(parts) - 1))
    value = data.draw(
        st.one_of(
            st.text(st.characters(codec="utf-8"), max_size=12),
            st.sampled_from(["-1", "99999999999999999999", "A9999", "1e9", "", "NaN", "{}"]),
            st.sampled_from(
                ['<?bridgelaw {"split":1}?>', "<?bridgelaw [1,2]?>", "<?bridgelaw x?>"]
            ),
        )
    )
    _, sep, tail = parts[index].partition("<")  # the text before a tag: an element's text
    escaped = value if value.startswith("<?") else value.replace("&", "&amp;").replace("<", "&lt;")
    parts[index] = escaped + sep + tail
    survives(">".join(parts).encode("utf-8"))


def test_an_unknown_encoding_is_a_problem_not_an_exception() -> None:
    """Found by the mutation fuzzer: an XML declaration naming an encoding Python does not know
    (``UF-8``) made expat raise LookupError."""
    from bridgelaw.formats.usebio_read import read_usebio

    outcome = read_usebio(b'<?xml version="1.0" encoding="UF-8"?>\n<USEBIO Version="1.2"/>')
    assert outcome.tournament is None
    assert [p.line for p in outcome.problems] == [1]
    assert "UF-8" in outcome.problems[0].message
