"""Scoring conventions found in real sessions, as options with documented defaults.

Every expectation below is computed by hand in the comments (Law 78A matchpoints: 2 for each
score beaten, 1 for each tie; the Law 78B IMP scale), never taken from the code's output.
"""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from bridgelaw.cli import main
from bridgelaw.formats.results_json import read_results_json
from bridgelaw.tournament.session import check_tournament, score_tournament

DATA = Path(__file__).parents[1] / "data" / "scoring"


def read(name: str, **changes: Any) -> Any:
    data = json.loads((DATA / name).read_text(encoding="utf-8"))
    data.update(changes)
    outcome = read_results_json(json.dumps(data, indent=1), name)
    assert outcome.problems == []
    assert outcome.tournament is not None
    return outcome.tournament


def values(tournament: Any, board: int) -> dict[str, Any]:
    scored = score_tournament(tournament)
    found = next(b for b in scored.boards if b.board == board)
    return {r.result.ns: (r.ns_value, r.ew_value) for r in found.results}


def test_a_sit_out_is_not_a_result_by_default() -> None:
    tournament = read("sitout-phantom.json")
    assert tournament.phantoms == frozenset({"8"}) and tournament.sitouts == "not-a-result"
    assert check_tournament(tournament) == []  # the phantom is not an unknown pair
    scored = score_tournament(tournament)
    board = scored.boards[0]
    # three tables played the board: top 2 * (3 - 1) = 4, nobody factored
    assert board.top == 4
    found: dict[str, Any] = {r.result.ns: (r.ns_value, r.ew_value) for r in board.results}
    assert found == {
        "2": (4, 0),  # 450 beats 420 and -50
        "1": (2, 2),  # 420 beats -50
        "3": (0, 4),
    }
    ranking = {r.pair: r for r in scored.ranking}
    assert "8" not in ranking  # a phantom is not ranked
    assert "4" not in ranking  # its only row was the sit-out: it has no result at all
    ns: list[Any] = [(r.rank, r.pair, r.percent) for r in scored.ranking if r.direction == "NS"]
    assert ns == [("1", "2", 100), ("2", "1", 50), ("3", "3", 0)]  # 4/4, 2/4, 0/4


def test_a_sit_out_counted_as_not_played_factors_the_others() -> None:
    tournament = read("sitout-phantom.json", sitouts="not-played")
    board = score_tournament(tournament).boards[0]
    # four tables, three comparable scores: top 2 * (4 - 1) = 6; Neuberg (MP + 1) * 4/3 - 1
    assert board.top == 6
    assert values(tournament, 1) == {
        "2": (Fraction(17, 3), Fraction(1, 3)),  # (4 + 1) * 4/3 - 1 and (0 + 1) * 4/3 - 1
        "1": (Fraction(3), Fraction(3)),  # (2 + 1) * 4/3 - 1
        "3": (Fraction(1, 3), Fraction(17, 3)),
        "4": (None, None),  # not played: not scored
    }
    assert "8" not in {r.pair for r in score_tournament(tournament).ranking}


def test_without_the_phantom_list_the_sit_out_row_is_an_unplayed_table() -> None:
    data = json.loads((DATA / "sitout-phantom.json").read_text(encoding="utf-8"))
    del data["phantoms"], data["pairs"]
    tournament = read_results_json(json.dumps(data)).tournament
    assert tournament is not None
    assert score_tournament(tournament).boards[0].top == 6  # four rows, one not played: factored


def test_unknown_conventions_are_reported_with_their_line() -> None:
    text = (
        '{"scoring": "cross-imps",\n "cross_imps_ranking": "median", "sitouts": 3, "results": [\n'
    )
    text += '{"board": 1, "ns": "1", "ew": "2", "ns_score": 100}]}'
    outcome = read_results_json(text, "f.json")
    assert outcome.tournament is None
    assert [str(p) for p in outcome.problems] == [
        "f.json:1: unknown sitouts 3 (expected not-a-result, not-played)",
        "f.json:1: unknown cross_imps_ranking 'median' (expected average, total)",
    ]


def test_cross_imps_rank_by_the_sum_of_per_board_averages_by_default() -> None:
    tournament = read("cross-imps-average.json")
    scored = score_tournament(tournament)
    # board 1: -50 vs 450 (-500: -11) and vs 420 (-470: -10) = -21 over 2 comparisons
    #          450 vs -50 (+500: 11) and vs 420 (+30: 1) = 12;  420: -1 + 10 = 9
    # board 2: 1430 vs -100 (+1530: 17), one comparison each
    assert values(tournament, 1) == {"1": (-21, 21), "2": (12, -12), "3": (9, -9)}
    assert values(tournament, 2) == {"1": (17, -17), "3": (-17, 17)}
    ns: list[Any] = [(r.rank, r.pair, r.score) for r in scored.ranking if r.direction == "NS"]
    # averages: pair 1 -21/2 + 17 = 13/2, pair 2 12/2 = 6, pair 3 9/2 - 17 = -25/2
    assert ns == [("1", "1", Fraction(13, 2)), ("2", "2", 6), ("3", "3", Fraction(-25, 2))]
    assert scored.to_json()["cross_imps_ranking"] == "average"


def test_cross_imps_by_raw_totals_on_request() -> None:
    tournament = read("cross-imps-average.json", cross_imps_ranking="total")
    ranking = score_tournament(tournament).ranking
    ns: list[Any] = [(r.rank, r.pair, r.score) for r in ranking if r.direction == "NS"]
    # totals: pair 1 -21 + 17 = -4, pair 2 12, pair 3 9 - 17 = -8
    assert ns == [("1", "2", 12), ("2", "1", -4), ("3", "3", -8)]


def test_the_command_line_options_choose_the_conventions(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = json.loads((DATA / "sitout-phantom.json").read_text(encoding="utf-8"))
    del data["phantoms"], data["pairs"]
    path = tmp_path / "session.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert main(["score-event", str(path), "--json", "--phantom", "8"]) == 0
    output = json.loads(capsys.readouterr().out)
    assert output["boards"][0]["top"] == 4  # the row against 8 is a sit-out: three tables
    assert "8" not in {r["pair"] for r in output["ranking"]}
    assert main(["score-event", str(path), "--json", "--phantom", "8", "--sitouts",
                 "not-played"]) == 0  # fmt: skip
    assert json.loads(capsys.readouterr().out)["boards"][0]["top"] == 6
    cross = tmp_path / "cross.json"
    cross.write_text((DATA / "cross-imps-average.json").read_text(encoding="utf-8"))
    assert main(["score-event", str(cross), "--json", "--cross-imps-ranking", "total"]) == 0
    ranking = json.loads(capsys.readouterr().out)["ranking"]
    assert [(r["pair"], r["score"]) for r in ranking if r["direction"] == "NS"] == [
        ("2", 12),
        ("1", -4),
        ("3", -8),
    ]
