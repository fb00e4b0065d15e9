"""The bulk matchpoint scorer (integers and numpy) gives exactly the reference's fractions.

Random tournaments with table results, weighted scores (12C1c), split scores (12C1b), artificial
scores (12C2, including explicit percentages and "not played"), boards played a different number
of times (Neuberg) and pairs changing direction (one ranking) are scored both ways; every
matchpoint, percentage and ranking entry must be the same fraction.
"""

from __future__ import annotations

from fractions import Fraction
from typing import cast

from hypothesis import given, settings
from hypothesis import strategies as st

from bridgelaw.scoring.results import (
    Artificial,
    Points,
    ResultLine,
)
from bridgelaw.tournament.bulk import score_matchpoints_bulk, score_total_points_bulk
from bridgelaw.tournament.bulk_imps import score_imps_bulk
from bridgelaw.tournament.movements import Movement
from bridgelaw.tournament.reference import score_tournament_reference
from bridgelaw.tournament.session import (
    BoardResults,
    ScoredResult,
    TournamentInput,
    TournamentResults,
    check_tournament,
    fraction_text,
    number,
    number_text,
    score_tournament,
    value_text,
    value_texts,
)
from tests.strategies import tournaments, with_shared_sides


def assert_same(bulk: TournamentResults, reference: TournamentResults) -> None:
    assert [b.board for b in bulk.boards] == [b.board for b in reference.boards]
    for ours, theirs in zip(bulk.boards, reference.boards, strict=True):
        assert ours.top == theirs.top
        for a, b in zip(ours.results, theirs.results, strict=True):
            assert a.result is b.result
            assert (a.ns_score, a.ew_score) == (b.ns_score, b.ew_score)
            assert (a.ns_value, a.ew_value) == (b.ns_value, b.ew_value)
            assert (a.ns_percent, a.ew_percent) == (b.ns_percent, b.ew_percent)
            assert (a.ns_average, a.ew_average) == (b.ns_average, b.ew_average)
            # the texts the bulk scorer makes as it builds = the reference's values written
            assert a.texts is not None and value_texts(a) == value_texts(b)
        assert ours.datum == theirs.datum
    assert [
        (r.rank, r.pair, r.direction, r.score, r.max, r.percent, r.boards) for r in bulk.ranking
    ] == [
        (r.rank, r.pair, r.direction, r.score, r.max, r.percent, r.boards)
        for r in reference.ranking
    ]
    assert bulk.to_json() == reference.to_json()


@settings(max_examples=200, deadline=None)
@given(tournaments())
def test_bulk_matchpoints_equal_the_reference(tournament: TournamentInput) -> None:
    bulk = score_matchpoints_bulk(tournament)
    assert bulk is not None
    assert_same(bulk, score_tournament_reference(tournament))


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(["imps-datum", "cross-imps"]).flatmap(tournaments))
def test_bulk_imps_equal_the_reference(tournament: TournamentInput) -> None:
    bulk = score_imps_bulk(tournament)
    assert bulk is not None
    assert_same(bulk, score_tournament_reference(tournament))


@settings(max_examples=150, deadline=None)
@given(tournaments("total-points"))
def test_bulk_total_points_equal_the_reference(tournament: TournamentInput) -> None:
    bulk = score_total_points_bulk(tournament)
    assert bulk is not None
    assert_same(bulk, score_tournament_reference(tournament))


def test_score_tournament_uses_the_bulk_scorer_and_agrees() -> None:
    lines = [
        ResultLine(1, "1", "2", Points.single(420), Points.single(420)),
        ResultLine(1, "3", "4", Points.single(450), Points.single(450)),
        ResultLine(1, "5", "6", Artificial("A+"), Artificial("A-")),
        ResultLine(2, "1", "4", Points.single(-50), Points.single(-50)),
    ]
    tournament = TournamentInput("e", "matchpoints", lines)
    scored = score_tournament(tournament)
    assert_same(scored, score_tournament_reference(tournament))
    # board 1: two comparable scores of three tables; 450 beats 420 (2 MP) and is factored
    board1 = scored.boards[0].results
    assert board1[1].ns_value == Fraction(7, 2)  # Neuberg: (2 + 1) * 3/2 - 1


def test_large_weight_denominators_stay_exact_or_fall_back_to_the_reference() -> None:
    for prime, bulk_scores_it in ((1_000_003, True), (100_000_007, False)):
        odd = Fraction(1, prime)
        weighted = Points.weighted([(420, odd), (-50, 1 - odd)])
        lines = [
            ResultLine(1, "1", "2", weighted, weighted),
            ResultLine(1, "3", "4", Points.single(140), Points.single(140)),
        ]
        tournament = TournamentInput("e", "matchpoints", lines)
        bulk = score_matchpoints_bulk(tournament)
        assert (bulk is not None) == bulk_scores_it  # beyond 64-bit integers: not attempted
        scored = score_tournament(tournament)
        assert scored.boards[0].results[1].ns_value == 2 * (1 - odd)  # 140 beats -50 only
        assert scored.boards[0].results[0].ns_value == 2 * odd  # 420 beats 140


class _AnySeating:
    """A movement that allows every seating: forces check_tournament's full, line-by-line check."""

    def check(self, *_: object) -> None:
        return None


@settings(max_examples=200, deadline=None)
@given(
    st.lists(
        st.tuples(st.integers(1, 3), st.sampled_from("1234"), st.sampled_from("12345")),
        min_size=1,
        max_size=8,
    ),
    st.sampled_from([{}, {"1": "a", "2": "b", "3": "c", "4": "d"}]),
)
def test_the_quick_tournament_check_finds_a_problem_whenever_the_full_check_does(
    rows: list[tuple[int, str, str]], names: dict[str, str]
) -> None:
    table = Points.single(100)
    lines = [ResultLine(b, ns, ew, table, table, line=i + 1) for i, (b, ns, ew) in enumerate(rows)]
    quick = check_tournament(TournamentInput("e", "matchpoints", lines, names=names))
    full_tournament = TournamentInput("e", "matchpoints", lines, names=names)
    full_tournament.movement = cast(Movement, _AnySeating())
    assert (quick == []) == (check_tournament(full_tournament) == [])


def test_factoring_and_the_session_percentage_rule_by_hand() -> None:
    table = Points.single
    lines = [
        # board 1: four real results 420, 420, 170, -50 (top 6)
        ResultLine(1, "n0", "e4", table(420), table(420)),
        ResultLine(1, "n1", "e5", table(420), table(420)),
        ResultLine(1, "n2", "e6", table(170), table(170)),
        ResultLine(1, "n3", "e7", table(-50), table(-50)),
        # board 2: three real results 100, 90, 90 and an A+/A- table: factored from 3 to 4
        ResultLine(2, "n0", "e5", table(100), table(100)),
        ResultLine(2, "n1", "e6", table(90), table(90)),
        ResultLine(2, "n2", "e7", table(90), table(90)),
        ResultLine(2, "n3", "e4", Artificial("A+"), Artificial("A-")),
    ]
    scored = score_tournament(TournamentInput("e", "matchpoints", lines))
    assert [b.top for b in scored.boards] == [6, 6]
    board1, board2 = (b.results for b in scored.boards)
    # the 420s tie each other and beat two: 2 * 2 + 1 = 5; 170 beats one: 2; -50: 0
    assert [r.ns_value for r in board1] == [5, 5, 2, 0]
    # board 2 raw: 100 -> 4, each 90 -> 1; Neuberg to 4: (4 + 1) * 4/3 - 1, (1 + 1) * 4/3 - 1
    assert [r.ns_value for r in board2[:3]] == [Fraction(17, 3), Fraction(5, 3), Fraction(5, 3)]
    # n3 had 0 of 6 on board 1 (0 %): its A+ stays 60 % of 6 = 18/5 (Law 12C2a); e4 had
    # 6 - 5 = 1 of 6 (16 2/3 %), below 40 %: its A- is its own 1/6 of 6 = 1 (Law 12C2c)
    assert (board2[3].ns_value, board2[3].ns_percent) == (Fraction(18, 5), Fraction(60))
    assert (board2[3].ew_value, board2[3].ew_percent) == (Fraction(1), Fraction(50, 3))


@settings(max_examples=500, deadline=None)
@given(st.fractions(max_denominator=10**6).filter(lambda f: abs(f) < 10**9))
def test_output_rounding_is_two_decimals_halves_away_from_zero(value: Fraction) -> None:
    from decimal import ROUND_HALF_UP, Decimal

    expected = Decimal(value.numerator) / Decimal(value.denominator)  # 28 digits: enough here
    rounded = float(expected.quantize(Decimal("0.01"), rounding=ROUND_HALF_UP))
    assert number(value) == (int(value) if value.denominator == 1 else rounded)


def test_output_rounding_by_hand() -> None:
    assert [number(Fraction(n, d)) for n, d in ((1, 8), (-1, 8), (5, 1000), (-5, 1000))] == [
        0.13,  # 0.125 rounds up
        -0.13,  # halves away from zero
        0.01,
        -0.01,
    ]
    assert number(Fraction(7, 1)) == 7 and number(3) == 3 and number(None) is None
    assert number(Fraction(2, 3)) == 0.67 and number(Fraction(1, 3)) == 0.33


@settings(max_examples=500, deadline=None)
@given(st.fractions(max_denominator=10**6).filter(lambda f: abs(f) < 10**9))
def test_a_values_text_is_its_rounded_number_written(value: Fraction) -> None:
    expected = number_text(number(value))
    assert fraction_text(value.numerator, value.denominator) == expected
    assert fraction_text(3 * value.numerator, 3 * value.denominator) == expected  # unreduced
    assert value_text(value) == expected


def test_value_texts_by_hand() -> None:
    assert [fraction_text(n, d) for n, d in ((1, 8), (-1, 8), (-1, 1000), (14, 2), (5, 2))] == [
        "0.13",
        "-0.13",
        "0.00",  # never -0.00
        "7",
        "2.50",
    ]
    assert value_text(None) == "" and value_text(4) == "4"


def test_a_kept_board_builds_its_results_once() -> None:
    built: list[int] = []
    line = ResultLine(1, "1", "2", Points.single(420), Points.single(420))

    def build() -> list[ScoredResult]:
        built.append(1)
        return [ScoredResult(line, Fraction(420), Fraction(-420))]

    board = BoardResults(1, None, build=build)
    board.results, board.results  # noqa: B018 -- each access builds anew
    assert len(built) == 2
    kept = board.kept()
    assert kept.results is kept.results and kept.kept() is kept
    assert len(built) == 3


@settings(max_examples=100, deadline=None)
@given(
    st.sampled_from(["matchpoints", "imps-datum", "cross-imps", "total-points"])
    .flatmap(tournaments)
    .map(with_shared_sides)
)
def test_equal_results_sharing_one_object_are_scored_as_the_reference_scores_them(
    tournament: TournamentInput,
) -> None:
    bulk = score_tournament(tournament)
    assert_same(bulk, score_tournament_reference(tournament))
    for board in bulk.boards:  # and equal results share their numbers' texts (made once)
        first: dict[int, ScoredResult] = {}
        for r in board.results:
            if r.result.ns_side is r.result.ew_side and isinstance(r.result.ns_side, Points):
                seen = first.setdefault(id(r.result.ns_side), r)
                assert seen.texts is r.texts
