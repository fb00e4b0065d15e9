"""The reference scorer of a pairs session: board by board in exact fractions, as the law reads.

Law 78A matchpoints (with weighted and split scores and Neuberg factoring), Butler and cross-IMPs
(Law 78B) and total points (78C), with the artificial scores of Law 12C2. Every number is a
:class:`~fractions.Fraction` from the start. :func:`.session.score_tournament` uses it
for the IMP scorings and total points, and for matchpoints when the bulk scorer
(:mod:`bridgelaw.tournament.bulk`) cannot hold the numbers in 64-bit integers; the tests compare the
bulk scorer against it on random tournaments.
"""

from __future__ import annotations

import math
from collections import defaultdict
from fractions import Fraction

import numpy as np

from bridgelaw.scoring.adjusted import artificial_imps, artificial_percent
from bridgelaw.scoring.butler import DatumMethod, butler_imps, cross_imps, datum
from bridgelaw.scoring.matchpoints import bulk_matchpoints, matchpoints_reference, neuberg
from bridgelaw.scoring.results import Artificial, Points, ResultLine
from bridgelaw.tournament.model import (
    EW,
    NS,
    BoardResults,
    ScoredResult,
    TournamentInput,
    TournamentResults,
    points_score,
    rank_pairs,
    scored_points,
)


def score_tournament_reference(tournament: TournamentInput) -> TournamentResults:
    """Score a checked pairs tournament board by board in exact fractions (not teams)."""
    by_board: dict[int, list[ResultLine]] = defaultdict(list)
    for r in tournament.lines:
        by_board[r.board].append(r)
    if tournament.scoring == "matchpoints":
        boards = _score_matchpoints(by_board)
    elif tournament.scoring in ("imps-datum", "cross-imps"):
        boards = _score_imps(by_board, tournament.scoring, tournament.datum)
    elif tournament.scoring == "total-points":
        boards = _score_total_points(by_board)
    else:
        raise ValueError(f"unknown scoring {tournament.scoring!r}")
    results = TournamentResults(
        tournament.name,
        tournament.scoring,
        boards,
        [],
        names=dict(tournament.names),
        deals=dict(tournament.deals),
        datum_method=str(tournament.datum) if tournament.scoring == "imps-datum" else None,
    )
    by_average = False
    if tournament.scoring == "cross-imps":
        results.cross_imps_ranking = tournament.cross_imps_ranking
        by_average = tournament.cross_imps_ranking == "average"
    results.ranking = rank_pairs(boards, tournament.scoring, by_average)
    return results


def matchpoint_direction(
    by_board: dict[int, list[ResultLine]], direction: int
) -> dict[tuple[int, int], Fraction]:
    """Raw Law 78A matchpoints of one direction's scored sides, exact, keyed (board, index).

    Uses the numpy kernel with weights over their common denominator; falls back to the
    reference for denominators too large for 64-bit integers.
    """
    entries: list[tuple[int, int, Points]] = []
    for board, lines in by_board.items():
        for index, line in enumerate(lines):
            side = scored_points(line.side(direction))
            if side is not None:
                entries.append((board, index, side))
    if not entries:
        return {}
    denominator = math.lcm(
        *(Fraction(w).denominator for _, _, s in entries for _, w in s.components)
    )
    sign = 1 if direction == NS else -1  # East-West beat lower North-South scores
    if denominator > 10**5:
        out: dict[tuple[int, int], Fraction] = {}
        grouped: dict[int, list[tuple[int, Points]]] = defaultdict(list)
        for board, index, side in entries:
            grouped[board].append((index, side))
        for board, items in grouped.items():
            field_ = [[(sign * s, w) for s, w in side.components] for _, side in items]
            for (index, _), mp in zip(items, matchpoints_reference(field_), strict=True):
                out[board, index] = mp
        return out
    boards, scores, weights, owners = [], [], [], []
    for number_, (board, _, side) in enumerate(entries):
        for s, w in side.components:
            boards.append(board)
            scores.append(sign * s)
            weights.append(int(Fraction(w) * denominator))
            owners.append(number_)
    units = bulk_matchpoints(
        np.array(boards, dtype=np.int64),
        np.array(scores, dtype=np.int64),
        np.array(weights, dtype=np.int64),
        np.array(owners, dtype=np.int64),
        len(entries),
        denominator,
    )
    square = denominator * denominator
    return {
        (board, index): Fraction(int(units[i]), square)
        for i, (board, index, _) in enumerate(entries)
    }


def _score_matchpoints(by_board: dict[int, list[ResultLine]]) -> list[BoardResults]:
    # the most-played board; none when every row was a sit-out (a phantom's: SITOUTS)
    expected = max((len(lines) for lines in by_board.values()), default=0)
    top = Fraction(2 * (expected - 1))  # Law 78A, after any factoring
    values: dict[tuple[int, int, int], Fraction] = {}  # (board, index, direction) -> MP
    for direction in (NS, EW):
        raw = matchpoint_direction(by_board, direction)
        counts: dict[int, int] = defaultdict(int)
        for board, _ in raw:
            counts[board] += 1
        for (board, index), raw_mp in raw.items():
            # Neuberg: fewer comparable scores than the most-played board
            values[board, index, direction] = neuberg(raw_mp, counts[board], expected)

    # Law 12C2c: each pair's percentage on the boards it really played
    earned: dict[str, Fraction] = defaultdict(Fraction)
    played: dict[str, int] = defaultdict(int)
    for (board, index, direction), value in values.items():
        pair = by_board[board][index].pair(direction)
        earned[pair] += value
        played[pair] += 1
    session = {
        pair: 100 * earned[pair] / (played[pair] * top) if top else Fraction(50) for pair in played
    }

    boards = []
    for board in sorted(by_board):
        scored = []
        for index, line in enumerate(by_board[board]):
            result = ScoredResult(line, points_score(line, NS), points_score(line, EW))
            for direction in (NS, EW):
                side = line.side(direction)
                percent: Fraction | None
                mp: Fraction | None
                if isinstance(side, Artificial):
                    percent = artificial_percent(side, session.get(line.pair(direction)))
                    mp = None if percent is None else percent * top / 100
                else:
                    mp = values[board, index, direction]
                    percent = 100 * mp / top if top else Fraction(50)
                if direction == NS:
                    result.ns_value, result.ns_percent = mp, percent
                else:
                    result.ew_value, result.ew_percent = mp, percent
            scored.append(result)
        boards.append(BoardResults(board, top, scored))
    return boards


def _datum_value(line: ResultLine) -> Fraction | None:
    """What a line counts for in the datum: its weighted mean (both sides' mean if split)."""
    sides = [s.expected for s in (line.ns_side, line.ew_side) if isinstance(s, Points)]
    if not sides:
        return None
    if line.is_split:
        return sum(sides, Fraction(0)) / len(sides)
    return sides[0]


def _score_imps(
    by_board: dict[int, list[ResultLine]], scoring: str, method: DatumMethod
) -> list[BoardResults]:
    boards: list[BoardResults] = []
    real: dict[str, list[Fraction]] = defaultdict(list)  # 12C2c: per-board IMPs really earned
    pending: list[tuple[ScoredResult, int, Artificial, int]] = []
    for board in sorted(by_board):
        lines = by_board[board]
        board_datum = None
        if scoring == "imps-datum":
            values = [v for v in (_datum_value(r) for r in lines) if v is not None]
            board_datum = datum(values, method) if values else None
        scored = []
        for index, line in enumerate(lines):
            result = ScoredResult(line, points_score(line, NS), points_score(line, EW))
            for direction in (NS, EW):
                side = line.side(direction)
                sign = 1 if direction == NS else -1
                others = [
                    o
                    for j, other in enumerate(lines)
                    if j != index and (o := scored_points(other.side(direction))) is not None
                ]
                if isinstance(side, Artificial):
                    pending.append((result, direction, side, len(others)))
                    continue
                average = None
                if scoring == "imps-datum":
                    assert board_datum is not None
                    value = sign * butler_imps(side, board_datum)  # Law 78B against the datum
                    per_board = value
                else:
                    value = sign * cross_imps(side, others)  # Law 78B against every other score
                    average = value / len(others) if others else Fraction(0)
                    per_board = average
                real[line.pair(direction)].append(per_board)
                _store(result, direction, value, average)
            scored.append(result)
        boards.append(BoardResults(board, None, scored, board_datum))
    for result, direction, side, comparisons in pending:
        history = real.get(result.result.pair(direction))
        session = sum(history, Fraction(0)) / len(history) if history else None
        adjusted = artificial_imps(side, session)  # Law 12C2b, 12C2c
        if adjusted is None:
            _store(result, direction, None, None)
        elif scoring == "cross-imps":
            _store(result, direction, adjusted * comparisons, adjusted)
        else:
            _store(result, direction, adjusted, None)
    return boards


def _store(
    result: ScoredResult, direction: int, value: Fraction | None, average: Fraction | None
) -> None:
    if direction == NS:
        result.ns_value, result.ns_average = value, average
    else:
        result.ew_value, result.ew_average = value, average


def _score_total_points(by_board: dict[int, list[ResultLine]]) -> list[BoardResults]:
    boards = []
    for board in sorted(by_board):
        scored = []
        for line in by_board[board]:
            result = ScoredResult(line, points_score(line, NS), points_score(line, EW))
            # Law 78C: each side's net score on the board counts as it is
            result.ns_value, result.ew_value = result.ns_score, result.ew_score
            scored.append(result)
        boards.append(BoardResults(board, None, scored))
    return boards
