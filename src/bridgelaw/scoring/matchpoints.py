"""Law 78A matchpoints: 2 for every score beaten, 1 for every tie, on one board.

Two layers, both on the Law 78A scale (top = 2 * (n - 1) for n comparable scores):

* :func:`matchpoints_reference` -- one board, exact fractions, written to be read against the law
  and the commentary; the tests check everything else against it.
* :func:`bulk_matchpoints` -- every board of a field at once with numpy: the weights counted
  into a (board x score) frequency table and summed along each board, or, when the scores are
  too spread out for a table, one sort of all scores keyed by board. Exact: weights are integers
  over a common denominator, so every matchpoint comes out as an integer over
  ``denominator ** 2``.

A whole session (Neuberg factoring, artificial scores, the pairs' totals) is scored on top of
:func:`bulk_matchpoints` by :mod:`bridgelaw.tournament.bulk`, exactly.

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
    key = board0 * span + (score0 // step if step > 1 else score0)
    if boards * span <= dense_limit:
        units = _dense_units(key, weight, boards, span, denominator)
    else:
        units = _sorted_units(key, weight, span, denominator).astype(np.float64)
    contribution = weight * units  # floats holding integers below 2**53: exact
    total = np.bincount(owner, weights=contribution, minlength=lines)
    result: IntArray = np.rint(total).astype(np.int64)
    return result


def _dense_units(
    key: IntArray, weight: IntArray, boards: int, span: int, denominator: int
) -> FloatArray:
    """Law 78A in units of 1/denominator for each component, by a (board x score) table
    (whole numbers held in floats)."""
    frequency = np.bincount(key, weights=weight, minlength=boards * span)
    table = frequency.reshape(boards, span)
    lower = np.cumsum(table, axis=1) - table  # weight of the lower scores on the same board
    # 2 per lower score, 1 per equal score but oneself
    cell = (2.0 * lower + table - denominator).reshape(-1)
    units: FloatArray = cell[key].astype(np.float64, copy=False)
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
