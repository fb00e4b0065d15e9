"""Law 78A matchpoints: 2 for every score beaten, 1 for every tie, on one board.

Three layers, all on the Law 78A scale (top = 2 * (n - 1) for n comparable scores):

* :func:`matchpoints_reference` -- one board, exact fractions, written to be read against the law
  and the commentary; the tests check everything else against it.
* :func:`bulk_matchpoints` -- every board of a field at once with numpy: the weights counted
  into a (board x score) frequency table and summed along each board, or, when the scores are
  too spread out for a table, one sort of all scores keyed by board. Exact: weights are integers
  over a common denominator, so every matchpoint comes out as an integer over
  ``denominator ** 2``.
* :func:`score_field` -- a whole pairs field (Neuberg factoring, artificial scores with the
  session-percentage rule, pair totals) in vectorised floating point, for very large fields.

Weighted scores (Law 12C1c) follow the commentary's worked example: each component enters the
board's frequency table with its weight, every score is matchpointed on that fractional table as
``2 * (frequency of lower scores) + (frequency of equal scores - 1)``, and the weighted side gets
the weighted sum of its components' matchpoints.

>>> [str(m) for m in matchpoints_reference([[(620, 1)], [(650, 1)], [(620, 1)], [(170, 1)]])]
['3', '6', '3', '0']
>>> str(neuberg(Fraction(3), results=3, expected=5))  # (3 + 1) * 5/3 - 1
'17/3'
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

import numpy as np
from numpy.typing import NDArray

Component = tuple[int, Fraction | int]
"""A score in points for North-South and its weight (1 for an ordinary result)."""

IntArray = NDArray[np.int64]
FloatArray = NDArray[np.float64]


def matchpoints_reference(field: Sequence[Sequence[Component]]) -> list[Fraction]:
    """North-South matchpoints of each entry of one board's field (exact; the reference).

    Each entry is a list of (score, weight) components whose weights sum to 1; an ordinary
    result is ``[(score, 1)]``. Law 78A: 2 per lower score, 1 per equal score, the entry itself
    not counted; weights are added to the frequencies as the commentary on Law 12C shows.
    """
    frequency: dict[int, Fraction] = defaultdict(Fraction)
    for entry in field:
        for score, weight in entry:
            frequency[score] += Fraction(weight)
    scores = sorted(frequency)
    below: dict[int, Fraction] = {}
    running = Fraction(0)
    for score in scores:
        below[score] = running
        running += frequency[score]
    result = []
    for entry in field:
        mp = Fraction(0)
        for score, weight in entry:
            # Law 78A: 2 for each score beaten, 1 for each equal score other than this one
            mp += Fraction(weight) * (2 * below[score] + frequency[score] - 1)
        result.append(mp)
    return result


def top(results: int) -> int:
    """Law 78A: the top on a board with ``results`` comparable scores is 2 * (results - 1)."""
    return 2 * (results - 1)


def neuberg(mp: Fraction, results: int, expected: int) -> Fraction:
    """Neuberg's formula on the 2/1 scale: matchpoints earned among ``results`` scores, factored
    as if the board had been played ``expected`` times. With one result it gives 50 %."""
    if results == expected:
        return mp
    return (mp + 1) * Fraction(expected, results) - 1


def bulk_matchpoints(
    board: IntArray,
    score: IntArray,
    weight: IntArray,
    owner: IntArray,
    lines: int,
    denominator: int = 1,
    dense_limit: int = 1 << 23,
) -> IntArray:
    """Matchpoints of every line of a field at once; returns ``MP * denominator ** 2`` per line.

    One entry per component: its board (any integers), its NS score, its weight as an integer
    over ``denominator`` (``denominator`` for an ordinary result) and the line it belongs to
    (0 .. lines-1). Lines that own no component get 0.

    When the (board, score) pairs fit a table of at most ``dense_limit`` cells (scores are
    multiples of 10, so they nearly always do) the frequencies are counted into that table and
    summed along each board: no sort at all. Otherwise all scores are sorted once, keyed by
    board, and the runs of equal scores found in the sorted order.
    """
    if board.size == 0:
        return np.zeros(lines, dtype=np.int64)
    board0 = board - int(board.min())
    score0 = score - int(score.min())
    step = 1 if np.any(score0 % 10) else 10  # table scores are multiples of 10 (Law 77)
    span = int(score0.max()) // step + 1
    boards = int(board0.max()) + 1
    if boards * span <= dense_limit:
        units = _dense_units(board0 * span + score0 // step, weight, boards, span, denominator)
    else:
        units = _sorted_units(board0 * span + score0 // step, weight, span, denominator)
    contribution = (weight * units).astype(np.float64)  # exact: integers below 2**53
    total = np.bincount(owner, weights=contribution, minlength=lines)
    return np.rint(total).astype(np.int64)


def _dense_units(
    key: IntArray, weight: IntArray, boards: int, span: int, denominator: int
) -> IntArray:
    """Law 78A in units of 1/denominator for each component, by a (board x score) table."""
    frequency = np.bincount(key, weights=weight.astype(np.float64), minlength=boards * span)
    table = frequency.reshape(boards, span)
    lower = np.cumsum(table, axis=1) - table  # weight of the lower scores on the same board
    # 2 per lower score, 1 per equal score but oneself
    cell = (2.0 * lower + table - denominator).reshape(-1)
    units: IntArray = np.rint(cell[key]).astype(np.int64)
    return units


def _sorted_units(key: IntArray, weight: IntArray, span: int, denominator: int) -> IntArray:
    """The same by one sort of the keys (for sparse key spaces)."""
    order = np.argsort(key)
    sorted_key = key[order]
    sorted_weight = weight[order]
    size = sorted_key.size
    prefix = np.zeros(size + 1, dtype=np.int64)
    np.cumsum(sorted_weight, out=prefix[1:])
    # runs of equal (board, score) and runs of equal board, as [start, end) in sorted order
    run_start = np.empty(size, dtype=bool)
    run_start[0] = True
    np.not_equal(sorted_key[1:], sorted_key[:-1], out=run_start[1:])
    starts = np.flatnonzero(run_start)
    run_id = np.cumsum(run_start) - 1
    ends = np.append(starts[1:], size)
    sorted_board = sorted_key // span
    board_start = np.empty(size, dtype=bool)
    board_start[0] = True
    np.not_equal(sorted_board[1:], sorted_board[:-1], out=board_start[1:])
    board_first = np.flatnonzero(board_start)[np.cumsum(board_start) - 1]
    run_lo = starts[run_id]
    lower = prefix[run_lo] - prefix[board_first]
    equal = prefix[ends[run_id]] - prefix[run_lo]
    units = np.empty(size, dtype=np.int64)
    units[order] = 2 * lower + equal - denominator  # Law 78A, as in the dense table
    return units


# -- a whole field in bulk ---------------------------------------------------------------------

#: Codes of :func:`score_field`'s ``artificial`` array (Law 12C2).
SCORED, AVERAGE_PLUS, AVERAGE, AVERAGE_MINUS, PERCENT, NOT_PLAYED = range(6)


@dataclass
class FieldScores:
    """The outcome of :func:`score_field`, one entry per line (or per pair)."""

    top: float
    ns_mp: FloatArray
    ew_mp: FloatArray
    pair_score: FloatArray
    pair_max: FloatArray

    @property
    def pair_percent(self) -> FloatArray:
        with np.errstate(invalid="ignore", divide="ignore"):
            return np.where(self.pair_max > 0, 100.0 * self.pair_score / self.pair_max, 50.0)


def score_field(
    board: IntArray,
    ns_pair: IntArray,
    ew_pair: IntArray,
    component_line: IntArray,
    component_score: IntArray,
    component_weight: IntArray,
    denominator: int,
    artificial_ns: NDArray[np.int8],
    artificial_ew: NDArray[np.int8],
    percent_ns: FloatArray,
    percent_ew: FloatArray,
    pairs: int,
) -> FieldScores:
    """Score a pairs field of any size: Law 78A, Neuberg, Law 12C2 and the pairs' totals.

    Lines are either scored (both sides the same, possibly weighted: the components) or
    artificial for both sides (codes above; ``percent_*`` holds explicit percentages). Split
    scores need the exact scorer of :mod:`bridgelaw.events.session`.
    """
    lines = board.size
    scored = artificial_ns == SCORED
    mp_units = bulk_matchpoints(
        board[component_line],
        component_score,
        component_weight,
        component_line,
        lines,
        denominator,
    )
    mp = mp_units / float(denominator * denominator)

    boards = int(board.max()) + 1 if lines else 0
    played = np.bincount(board, minlength=boards)  # tables that had the board (most-played: N)
    expected = int(played.max()) if lines else 0
    results = np.bincount(board[scored], minlength=boards)  # comparable scores on each board
    field_top = float(2 * (expected - 1))
    n = results[board].astype(np.float64)
    with np.errstate(invalid="ignore", divide="ignore"):
        ns_mp = np.where(scored, (mp + 1.0) * expected / n - 1.0, np.nan)  # Neuberg
    ew_mp = field_top - ns_mp

    # Law 12C2c needs each pair's percentage on the boards it really played.
    real_score = np.bincount(ns_pair[scored], weights=ns_mp[scored], minlength=pairs)
    real_score += np.bincount(ew_pair[scored], weights=ew_mp[scored], minlength=pairs)
    real_boards = np.bincount(ns_pair[scored], minlength=pairs) + np.bincount(
        ew_pair[scored], minlength=pairs
    )
    real_max = real_boards * field_top
    with np.errstate(invalid="ignore", divide="ignore"):
        session = np.where(real_max > 0, 100.0 * real_score / real_max, np.nan)

    artificial = ~scored
    for code_array, pct_array, pair_array, out in (
        (artificial_ns, percent_ns, ns_pair, ns_mp),
        (artificial_ew, percent_ew, ew_pair, ew_mp),
    ):
        codes = code_array[artificial]
        own = session[pair_array[artificial]]
        pct = np.select(
            [codes == AVERAGE_PLUS, codes == AVERAGE, codes == AVERAGE_MINUS, codes == PERCENT],
            [
                np.fmax(60.0, own),  # Law 12C2a, 12C2c: at least 60 %, or the session's if higher
                np.full(codes.size, 50.0),
                np.fmin(40.0, own),  # at most 40 %, or the session's if lower
                pct_array[artificial],
            ],
            default=np.nan,  # not played: not scored
        )
        out[artificial] = pct * field_top / 100.0

    counted_ns = ~np.isnan(ns_mp)
    counted_ew = ~np.isnan(ew_mp)
    pair_score = np.bincount(ns_pair[counted_ns], weights=ns_mp[counted_ns], minlength=pairs)
    pair_score += np.bincount(ew_pair[counted_ew], weights=ew_mp[counted_ew], minlength=pairs)
    pair_boards = np.bincount(ns_pair[counted_ns], minlength=pairs) + np.bincount(
        ew_pair[counted_ew], minlength=pairs
    )
    pair_max = (pair_boards * field_top).astype(np.float64)
    return FieldScores(field_top, ns_mp, ew_mp, pair_score.astype(np.float64), pair_max)
