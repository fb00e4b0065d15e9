"""IMP pairs scoring for a whole session at once: Butler and cross-IMPs (Law 78B), exact.

The same scoring as the reference (:mod:`bridgelaw.tournament.reference`), on integer arrays:

* **Cross-IMPs.** A side's total against every other score on the board is
  ``sum over its outcomes i of w_i * sum over the board's outcomes j of v_j * IMP(s_i - t_j)``;
  its own outcomes cancel out (IMP(-d) = -IMP(d)), so the inner sum may run over all outcomes.
  Since IMP(d) counts the scale's steps that ``|d|`` reaches, with the sign of ``d``, that sum is,
  for each of the 24 steps ``k``, the weight of the scores at least ``k`` below ``s`` minus the
  weight of those at least ``k`` above: two binary searches per step in the sorted scores.
* **Butler.** Each board's datum is exact (a fraction ``p/q``); an outcome reaches step ``k``
  when ``|s * q - p| >= k * q``, compared in integers.
* Weights are integers over their common denominator ``D``; totals are integers over ``D**2``
  (cross-IMPs) or ``D`` (Butler); averages per comparison divide by the comparisons. Pairs'
  totals and the artificial scores (12C2b, 12C2c) are then exact fractions, as in the reference.

:func:`score_imps_bulk` returns ``None`` when the integers could leave 64 bits (the caller then
uses the reference scorer).
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

import numpy as np

from bridgelaw.scoring.adjusted import artificial_imps
from bridgelaw.scoring.butler import datum, round_to_ten
from bridgelaw.scoring.imps import IMP_THRESHOLDS
from bridgelaw.scoring.results import Points, ResultLine
from bridgelaw.tournament.bulk import _SAFE, BoardScores, Field, IntArray, SameResults, pair_sums
from bridgelaw.tournament.model import (
    EW,
    NS,
    BoardResults,
    Exact,
    ScoredResult,
    TournamentInput,
    TournamentResults,
    exact_value,
    rank_totals,
    value_text,
)

STEPS = np.array(IMP_THRESHOLDS, dtype=np.int64)
_WIDEST = int(STEPS[-1])


class _Values:
    """One direction's values (``num / den``) and, for cross-IMPs, averages per comparison."""

    def __init__(self, count: int) -> None:
        self.scored = np.zeros(count, dtype=bool)
        self.num = np.zeros(count, dtype=np.int64)
        self.den = np.ones(count, dtype=np.int64)
        self.avg_num = np.zeros(count, dtype=np.int64)
        self.avg_den = np.ones(count, dtype=np.int64)
        self.comparisons = np.zeros(count, dtype=np.int64)


def score_imps_bulk(tournament: TournamentInput) -> TournamentResults | None:
    """Score a checked ``imps-datum`` or ``cross-imps`` tournament in bulk (``None``: too large)."""
    lines = tournament.lines
    if not lines or tournament.scoring not in ("imps-datum", "cross-imps"):
        return None
    field = Field(lines)
    count, pairs = field.count, len(field.pairs)
    square = field.denominator**2
    most_played = int(field.played.max())
    if 48 * most_played * square * field.most_components * count >= _SAFE:
        return None
    cross = tournament.scoring == "cross-imps"
    datums: list[Fraction | None] = []
    if not cross:
        datums = _datums(lines, field, tournament.datum)
    values = (_Values(count), _Values(count))
    for direction in (NS, EW):
        v = values[direction]
        v.scored = field.scored(direction)
        on_board = np.bincount(field.board_index[v.scored], minlength=field.boards.size)
        # comparisons: the other scored sides on the board (an artificial side has them all)
        v.comparisons = on_board[field.board_index] - v.scored.astype(np.int64)
        line, score, weight = field.components(direction)
        if cross:
            units = _cross_units(field.board_index[line], score, weight)
            v.num = np.zeros(count, dtype=np.int64)
            np.add.at(v.num, line, weight * units)  # Law 78B against every other score
            v.den = np.full(count, square, dtype=np.int64)
            v.avg_num = v.num.copy()
            v.avg_den = np.where(v.comparisons > 0, square * v.comparisons, 1)
            v.avg_num[v.comparisons == 0] = 0
        else:
            units = _butler_units(field.board_index[line], score, datums, direction)
            v.num = np.zeros(count, dtype=np.int64)
            np.add.at(v.num, line, weight * units)  # Law 78B against the datum
            v.den = np.full(count, field.denominator, dtype=np.int64)
        v.num[~v.scored] = 0

    # Law 12C2c: each pair's average per board on the boards it really played
    real = np.zeros(pairs, dtype=np.int64)
    per_board: dict[int, Fraction] = {}
    for direction in (NS, EW):
        v, pair_of = values[direction], field.pair_of[direction]
        real += np.bincount(pair_of[v.scored], minlength=pairs)
        num, den = (v.avg_num, v.avg_den) if cross else (v.num, v.den)
        for pair, value in pair_sums(pair_of, v.scored, num, den, pairs).items():
            per_board[pair] = per_board.get(pair, Fraction(0)) + value
    session = {
        pair: per_board.get(pair, Fraction(0)) / int(real[pair])
        for pair in np.flatnonzero(real).tolist()
    }
    adjusted: dict[tuple[int, int], tuple[Fraction | None, Fraction | None]] = {}
    for i, direction, art in field.artificial:
        pair = int(field.pair_of[direction][i])
        imps = artificial_imps(art, session.get(pair))  # Law 12C2b, 12C2c
        if imps is None:
            adjusted[i, direction] = (None, None)
        elif cross:
            adjusted[i, direction] = (imps * int(values[direction].comparisons[i]), imps)
        else:
            adjusted[i, direction] = (imps, None)

    by_average = cross and tournament.cross_imps_ranking == "average"
    total: dict[int, Fraction] = {}
    counted = real.tolist()
    for direction in (NS, EW):
        v, pair_of = values[direction], field.pair_of[direction]
        num, den = (v.avg_num, v.avg_den) if by_average else (v.num, v.den)
        for pair, value in pair_sums(pair_of, v.scored, num, den, pairs).items():
            total[pair] = total.get(pair, Fraction(0)) + value
    for (i, direction), (given, average) in adjusted.items():
        counted_value = average if by_average else given
        if counted_value is not None:
            pair = int(field.pair_of[direction][i])
            total[pair] = total.get(pair, Fraction(0)) + counted_value
            counted[pair] += 1
    directions: dict[str, set[int]] = {}
    for direction in (NS, EW):
        for pair in np.unique(field.pair_of[direction]).tolist():
            directions.setdefault(field.pairs[pair], set()).add(direction)
    names = field.pairs
    ranking = rank_totals(
        directions,
        {names[p]: value for p, value in total.items()},
        {},
        {names[p]: c for p, c in enumerate(counted)},
        tournament.scoring,
    )

    order = np.argsort(field.board_index, kind="stable")
    ends = np.cumsum(field.played)
    travellers = _Travellers(lines, values, adjusted, cross)
    boards = [
        BoardResults(
            int(number),
            None,
            datum=None if cross else datums[k],
            build=travellers.builder(order[int(end) - int(size) : int(end)]),
        )
        for k, (number, end, size) in enumerate(
            zip(field.boards.tolist(), ends, field.played, strict=True)
        )
    ]
    results = TournamentResults(
        tournament.name,
        tournament.scoring,
        boards,
        ranking,
        names=dict(tournament.names),
        deals=dict(tournament.deals),
        datum_method=None if cross else str(tournament.datum),
    )
    if cross:
        results.cross_imps_ranking = tournament.cross_imps_ranking
    return results


def _cross_units(board: IntArray, score: IntArray, weight: IntArray) -> IntArray:
    """For each outcome, ``sum over the board's outcomes of weight * IMP(score - theirs)``."""
    if score.size == 0:
        return np.zeros(0, dtype=np.int64)
    low = int(score.min()) - _WIDEST
    span = int(score.max()) - low + _WIDEST + 1  # room for +-4000 inside each board's range
    key = board * span + (score - low)
    order = np.argsort(key, kind="stable")
    keys = key[order]
    prefix = np.zeros(keys.size + 1, dtype=np.int64)
    np.cumsum(weight[order], out=prefix[1:])
    first = prefix[np.searchsorted(keys, board * span, side="left")]
    last = prefix[np.searchsorted(keys, (board + 1) * span, side="left")]
    units = np.zeros(score.size, dtype=np.int64)
    for step in STEPS.tolist():
        below = prefix[np.searchsorted(keys, key - step, side="right")] - first
        above = last - prefix[np.searchsorted(keys, key + step, side="left")]
        units += below - above  # scores beaten by at least this step, less those beating us
    return units


def _butler_units(
    board: IntArray, score: IntArray, datums: Sequence[Fraction | None], direction: int
) -> IntArray:
    """IMPs of each outcome against its board's datum (signed for ``direction``)."""
    p = np.array([0 if d is None else d.numerator for d in datums], dtype=np.int64)[board]
    q = np.array([1 if d is None else d.denominator for d in datums], dtype=np.int64)[board]
    sign = 1 if direction == NS else -1
    difference = sign * score * q - p  # North-South's score against the datum, times q
    reached = (np.abs(difference)[:, None] >= STEPS[None, :] * q[:, None]).sum(axis=1)
    units: IntArray = sign * np.sign(difference) * reached
    return units.astype(np.int64)


def _datums(lines: Sequence[ResultLine], field: Field, method: object) -> list[Fraction | None]:
    """Each board's datum, as the reference computes it (a split line counts with its sides'
    mean); whole-number boards in integers."""
    values: list[list[int | Fraction]] = [[] for _ in range(field.boards.size)]
    index = field.board_index.tolist()
    for i, r in enumerate(lines):
        ns_side, ew_side = r.ns_side, r.ew_side
        value: int | Fraction
        if ns_side is ew_side and isinstance(ns_side, Points):
            components = ns_side.components
            value = components[0][0] if len(components) == 1 else ns_side.expected
        else:
            sides = [s.expected for s in (ns_side, ew_side) if isinstance(s, Points)]
            if not sides:
                continue
            value = sides[0] if ns_side == ew_side else sum(sides, Fraction(0)) / len(sides)
        values[index[i]].append(value)
    out: list[Fraction | None] = []
    for board_values in values:
        if not board_values:
            out.append(None)
        elif str(method) == "trimmed" and all(type(v) is int for v in board_values):
            ordered = sorted(board_values)
            kept = ordered[1:-1] if len(ordered) >= 3 else ordered
            out.append(round_to_ten(Fraction(sum(kept), len(kept))))
        else:
            out.append(datum(board_values, str(method)))
    return out


class _Travellers:
    """Builds a board's scored results from the arrays (exact fractions, for output)."""

    def __init__(
        self,
        lines: Sequence[ResultLine],
        values: tuple[_Values, _Values],
        adjusted: dict[tuple[int, int], tuple[Fraction | None, Fraction | None]],
        cross: bool,
    ) -> None:
        self.lines = lines
        self.values = values
        self.adjusted = adjusted
        self.cross = cross

    def builder(self, indices: IntArray) -> _Builder:
        return _Builder(self, indices)

    def board(self, indices: IntArray) -> list[ScoredResult]:
        """The board's results (lines ``indices``), each number and its text made once per
        board (:data:`Exact`) from the arrays read as lists."""
        known: Exact = {}  # the board's values, each made once
        order = indices.tolist()
        everyone = self.lines
        lines = [everyone[i] for i in order]
        scores = BoardScores(known)
        columns = []
        for v in self.values:
            averages = (
                (v.avg_num[indices].tolist(), v.avg_den[indices].tolist()) if self.cross else None
            )
            columns.append(
                (
                    v.scored[indices].tolist(),
                    v.num[indices].tolist(),
                    v.den[indices].tolist(),
                    averages,
                )
            )
        built: list[ScoredResult] = []
        same = SameResults()
        for k, line in enumerate(lines):
            if same.add(line, built):
                continue
            found: list[tuple[Fraction | None, Fraction | None]] = []
            texts: list[str] = []
            for direction, (scored, num, den, averages) in enumerate(columns):
                if scored[k]:
                    value, text = exact_value(num[k], den[k], known)
                    average = (
                        exact_value(averages[0][k], averages[1][k], known)[0]
                        if averages is not None
                        else None
                    )
                    found.append((value, average))
                    texts.append(text)
                else:
                    adjusted = self.adjusted[order[k], direction]
                    found.append(adjusted)
                    texts.append(value_text(adjusted[0]))
            (ns_value, ns_average), (ew_value, ew_average) = found
            ns_score, ns_score_text, ew_score, ew_score_text = scores(line)
            built.append(
                same.keep(
                    ScoredResult(
                        line,
                        ns_score,
                        ew_score,
                        ns_value,
                        ew_value,
                        ns_average=ns_average,
                        ew_average=ew_average,
                        texts=(ns_score_text, ew_score_text, texts[0], texts[1], "", ""),
                    )
                )
            )
        return built


class _Builder:
    def __init__(self, travellers: _Travellers, indices: IntArray) -> None:
        self.travellers = travellers
        self.indices = indices

    def __call__(self) -> list[ScoredResult]:
        return self.travellers.board(self.indices)
