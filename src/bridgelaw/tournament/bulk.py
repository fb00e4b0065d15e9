"""Matchpoints for a whole session at once: integers and numpy, exact fractions only for output.

The same Law 78A scoring as the reference (:mod:`bridgelaw.tournament.reference`), arranged for a
field of any size:

* each side's result is read once into integer arrays (scores, weights over their common
  denominator ``D``, the pairs as numbers);
* :func:`~bridgelaw.scoring.matchpoints.bulk_matchpoints` gives every scored side its raw
  matchpoints as an integer over ``D**2``, for every board at once;
* Neuberg's factoring is done on integers too: a side on a board with ``n`` comparable scores
  (of ``E`` on the most-played board) earns ``((units + D**2) * E - n * D**2) / (n * D**2)``,
  so each value is an integer over a denominator that depends on ``n`` only;
* the pairs' totals are integer sums per denominator, turned into one fraction per pair;
* artificial scores (Law 12C2), few in any session, are computed in fractions with the
  session-percentage rule (12C2c), as in the reference.

The travellers' :class:`~bridgelaw.tournament.model.ScoredResult` objects are built from the arrays
only when a board's results are asked for (an output). When the integers could exceed 64 bits
(huge weight denominators) :func:`score_matchpoints_bulk` returns ``None`` and the caller uses the
reference scorer.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction

import numpy as np
from numpy.typing import NDArray

from bridgelaw.scoring.adjusted import artificial_percent
from bridgelaw.scoring.matchpoints import bulk_matchpoints
from bridgelaw.scoring.results import Artificial, Points, ResultLine, SideResult
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
    score_value,
    value_text,
)

IntArray = NDArray[np.int64]

#: Below this, int64 sums and the kernel's float64 counts are exact with room to spare.
_SAFE = 1 << 52


class _Direction:
    """One direction's sides: which lines have a score, and their value as ``num / den``."""

    def __init__(self, lines: int) -> None:
        self.scored = np.zeros(lines, dtype=bool)
        self.num = np.zeros(lines, dtype=np.int64)
        self.den = np.ones(lines, dtype=np.int64)


class Field:
    """A session's results read once into arrays: boards, pairs and each side's scores."""

    def __init__(self, lines: Sequence[ResultLine]) -> None:
        count = self.count = len(lines)
        codes: dict[str, int] = {}
        board_list, ns_list, ew_list = [0] * count, [0] * count, [0] * count
        for i, r in enumerate(lines):
            board_list[i] = r.board
            ns_list[i] = codes.setdefault(r.ns, len(codes))
            ew_list[i] = codes.setdefault(r.ew, len(codes))
        boards, board_index = np.unique(np.array(board_list, dtype=np.int64), return_inverse=True)
        self.boards: IntArray = boards
        self.board_index: IntArray = board_index.astype(np.int64)
        self.pair_of: tuple[IntArray, IntArray] = (
            np.array(ns_list, dtype=np.int64),
            np.array(ew_list, dtype=np.int64),
        )
        self.pairs = list(codes)

        # Each side once: single scores into a list, weighted and artificial scores apart.
        single = ([0] * count, [0] * count)
        state = (bytearray(count), bytearray(count))  # 0 single score, 1 weighted, 2 artificial
        weighted: list[tuple[int, int, Points]] = []
        artificial: list[tuple[int, int, Artificial]] = []
        ns_single, ew_single = single
        ns_state, ew_state = state
        for i, r in enumerate(lines):
            ns_side = r.ns_side
            if ns_side.__class__ is Points:
                components = ns_side.components
                if len(components) == 1:  # one outcome: its weight is 1
                    ns_single[i] = components[0][0]
                else:
                    ns_state[i] = 1
                    weighted.append((i, NS, ns_side))
            else:
                ns_state[i] = 2
                artificial.append((i, NS, ns_side))  # type: ignore[arg-type]
            ew_side = r.ew_side
            if ew_side is ns_side:  # the same result for both sides (not a split score)
                ew_single[i] = ns_single[i]
                ew_state[i] = ns_state[i]
                if ns_state[i] == 1:
                    weighted.append((i, EW, ew_side))  # type: ignore[arg-type]
                elif ns_state[i] == 2:
                    artificial.append((i, EW, ew_side))  # type: ignore[arg-type]
            elif ew_side.__class__ is Points:
                components = ew_side.components
                if len(components) == 1:
                    ew_single[i] = components[0][0]
                else:
                    ew_state[i] = 1
                    weighted.append((i, EW, ew_side))
            else:
                ew_state[i] = 2
                artificial.append((i, EW, ew_side))  # type: ignore[arg-type]

        self.single = single
        self.state = state
        self.weighted = weighted
        self.artificial = artificial
        self.denominator = math.lcm(
            1, *{Fraction(w).denominator for _, _, side in weighted for _, w in side.components}
        )
        self.most_components = max((len(side.components) for _, _, side in weighted), default=1)
        self.played: IntArray = np.bincount(self.board_index, minlength=boards.size)

    def scored(self, direction: int) -> NDArray[np.bool_]:
        """Which lines have a score (not an artificial one) for ``direction``."""
        kinds = np.frombuffer(bytes(self.state[direction]), dtype=np.uint8)
        scored: NDArray[np.bool_] = kinds != 2
        return scored

    def components(self, direction: int) -> tuple[IntArray, IntArray, IntArray]:
        """Every scored outcome of ``direction``: its line, its score for that direction (East-West
        scores are North-South's negated) and its weight over :attr:`denominator`."""
        sign = 1 if direction == NS else -1
        kinds = np.frombuffer(bytes(self.state[direction]), dtype=np.uint8)
        plain = np.flatnonzero(kinds == 0)
        extra = [
            (i, s, w) for i, d, side in self.weighted if d == direction for s, w in side.components
        ]
        line = np.concatenate([plain, np.array([i for i, _, _ in extra], dtype=np.int64)])
        score = sign * np.concatenate(
            [
                np.array(self.single[direction], dtype=np.int64)[plain],
                np.array([s for _, s, _ in extra], dtype=np.int64),
            ]
        )
        weight = np.concatenate(
            [
                np.full(plain.size, self.denominator, dtype=np.int64),
                np.array(
                    [int(Fraction(w) * self.denominator) for _, _, w in extra], dtype=np.int64
                ),
            ]
        )
        return line.astype(np.int64), score.astype(np.int64), weight.astype(np.int64)


def pair_sums(
    pair_of: IntArray, mask: NDArray[np.bool_], num: IntArray, den: IntArray, pairs: int
) -> dict[int, Fraction]:
    """Each pair's exact sum of ``num / den`` over the lines in ``mask``: integer sums for each
    denominator, then one fraction per pair and denominator."""
    sums_of: dict[int, Fraction] = {}
    for value in np.unique(den[mask]).tolist():
        chosen = mask & (den == value)
        sums = np.zeros(pairs, dtype=np.int64)
        np.add.at(sums, pair_of[chosen], num[chosen])
        for pair in np.flatnonzero(sums).tolist():
            sums_of[pair] = sums_of.get(pair, Fraction(0)) + Fraction(int(sums[pair]), value)
    return sums_of


def score_matchpoints_bulk(tournament: TournamentInput) -> TournamentResults | None:
    """Score a checked matchpoint tournament in bulk; ``None`` if its numbers need more than 64
    bits."""
    lines = tournament.lines
    count = len(lines)
    if count == 0:
        return None
    field = Field(lines)
    boards, board_index, pairs = field.boards, field.board_index, field.pairs
    ns_pair, ew_pair = field.pair_of
    artificial = field.artificial
    denominator = field.denominator
    square = denominator * denominator
    played = field.played
    expected = int(played.max())  # the most-played board
    top = Fraction(2 * (expected - 1))  # Law 78A, after any factoring
    most_components = field.most_components
    boards_per_pair = int(np.bincount(np.concatenate([ns_pair, ew_pair])).max())
    if (
        4 * expected * square * most_components >= _SAFE
        or 4 * expected * expected * square * boards_per_pair >= _SAFE
    ):
        return None

    sides = (_Direction(count), _Direction(count))
    for direction in (NS, EW):  # East-West beat lower North-South scores: theirs are negated
        component_line, component_score, component_weight = field.components(direction)
        units = bulk_matchpoints(
            board_index[component_line],
            component_score,
            component_weight,
            component_line,
            count,
            denominator,
        )
        side_of = sides[direction]
        side_of.scored = field.scored(direction)
        comparable = np.bincount(board_index[side_of.scored], minlength=boards.size)
        n = comparable[board_index]  # comparable scores on each line's board
        # Law 78A; Neuberg's formula when the board has fewer comparable scores than the most
        # played one: (MP + 1) * E / n - 1, here over the denominator n * D**2
        side_of.num = np.where(side_of.scored, (units + square) * expected - n * square, 0)
        side_of.den = np.where(side_of.scored, n * square, 1)

    # Law 12C2c needs each pair's percentage on the boards it really played.
    real = np.zeros(len(pairs), dtype=np.int64)
    earned: dict[int, Fraction] = {}
    for direction, pair_of in ((NS, ns_pair), (EW, ew_pair)):
        side_of = sides[direction]
        real += np.bincount(pair_of[side_of.scored], minlength=len(pairs))
        for pair, value in pair_sums(
            pair_of, side_of.scored, side_of.num, side_of.den, len(pairs)
        ).items():
            earned[pair] = earned.get(pair, Fraction(0)) + value
    session = {
        pair: 100 * earned.get(pair, Fraction(0)) / (int(real[pair]) * top) if top else Fraction(50)
        for pair in np.flatnonzero(real).tolist()
    }

    adjusted: dict[tuple[int, int], tuple[Fraction | None, Fraction | None]] = {}
    total = dict(earned)
    counted = real.tolist()
    for i, direction, art in artificial:
        pair = int((ns_pair if direction == NS else ew_pair)[i])
        percent = artificial_percent(art, session.get(pair))  # Law 12C2a, 12C2c
        mp = None if percent is None else percent * top / 100
        adjusted[i, direction] = (mp, percent)
        if mp is not None:
            total[pair] = total.get(pair, Fraction(0)) + mp
            counted[pair] += 1

    directions: dict[str, set[int]] = {}
    for direction, pair_of in ((NS, ns_pair), (EW, ew_pair)):
        for pair in np.unique(pair_of).tolist():
            directions.setdefault(pairs[pair], set()).add(direction)
    ranking = rank_totals(
        directions,
        {pairs[p]: value for p, value in total.items()},
        {pairs[p]: top * c for p, c in enumerate(counted) if c},
        {pairs[p]: c for p, c in enumerate(counted)},
        "matchpoints",
    )

    order = np.argsort(board_index, kind="stable")
    ends = np.cumsum(played)
    travellers = _Travellers(lines, sides, adjusted, top)
    board_results = [
        BoardResults(
            int(number),
            top,
            build=travellers.builder(order[int(end) - int(size) : int(end)]),
        )
        for number, end, size in zip(boards.tolist(), ends, played, strict=True)
    ]
    return TournamentResults(
        tournament.name,
        "matchpoints",
        board_results,
        ranking,
        names=dict(tournament.names),
        deals=dict(tournament.deals),
    )


def score_total_points_bulk(tournament: TournamentInput) -> TournamentResults | None:
    """Law 78C in bulk: each side's net score counts as it is (a weighted score with its mean);
    ``None`` if the sums could leave 64 bits."""
    lines = tournament.lines
    if not lines:
        return None
    field = Field(lines)
    pairs = len(field.pairs)
    if 8000 * field.denominator * field.count >= _SAFE:
        return None
    total: dict[int, Fraction] = {}
    counted = np.zeros(pairs, dtype=np.int64)
    for direction in (NS, EW):
        line, score, weight = field.components(direction)
        num = np.zeros(field.count, dtype=np.int64)
        np.add.at(num, line, weight * score)  # the side's points, over the common denominator
        den = np.full(field.count, field.denominator, dtype=np.int64)
        scored, pair_of = field.scored(direction), field.pair_of[direction]
        counted += np.bincount(pair_of[scored], minlength=pairs)
        for pair, value in pair_sums(pair_of, scored, num, den, pairs).items():
            total[pair] = total.get(pair, Fraction(0)) + value
    directions: dict[str, set[int]] = {}
    for direction in (NS, EW):
        for pair in np.unique(field.pair_of[direction]).tolist():
            directions.setdefault(field.pairs[pair], set()).add(direction)
    names = field.pairs
    ranking = rank_totals(
        directions,
        {names[p]: value for p, value in total.items()},
        {},
        {names[p]: int(c) for p, c in enumerate(counted.tolist())},
        "total-points",
    )
    order = np.argsort(field.board_index, kind="stable")
    ends = np.cumsum(field.played)
    boards = [
        BoardResults(
            int(number),
            None,
            build=_NetScores(lines, order[int(end) - int(size) : int(end)]),
        )
        for number, end, size in zip(field.boards.tolist(), ends, field.played, strict=True)
    ]
    return TournamentResults(
        tournament.name,
        "total-points",
        boards,
        ranking,
        names=dict(tournament.names),
        deals=dict(tournament.deals),
    )


class _NetScores:
    """A board's results in total points: each side's value is its net score (Law 78C)."""

    def __init__(self, lines: Sequence[ResultLine], indices: IntArray) -> None:
        self.lines = lines
        self.indices = indices

    def __call__(self) -> list[ScoredResult]:
        everyone = self.lines
        lines = [everyone[i] for i in self.indices.tolist()]
        built: list[ScoredResult] = []
        scores, same = BoardScores({}), SameResults()
        for line in lines:
            if same.add(line, built):
                continue
            ns, ns_text, ew, ew_text = scores(line)
            texts = (ns_text, ew_text, ns_text, ew_text, "", "")
            built.append(same.keep(ScoredResult(line, ns, ew, ns, ew, texts=texts)))
        return built


class SameResults:
    """A board's results that are the same result for both sides (not split, not artificial)
    and the same object (the readers share one among the results made the same way) have the
    same scores and values: Law 78 scores a result by the others on the board, never by who
    played it. The first one's numbers and texts are kept and given to the others."""

    __slots__ = ("seen",)

    def __init__(self) -> None:
        self.seen: dict[int, ScoredResult] = {}

    def add(self, line: ResultLine, built: list[ScoredResult]) -> bool:
        """Append ``line`` scored like the earlier result of the same side, if there is one."""
        side = line.ns_side
        if side is not line.ew_side or side.__class__ is not Points:
            return False
        found = self.seen.get(id(side))
        if found is None or found.result.ns_side is not side:  # `is`: a reused id
            return False
        built.append(
            ScoredResult(
                line,
                found.ns_score,
                found.ew_score,
                found.ns_value,
                found.ew_value,
                found.ns_percent,
                found.ew_percent,
                found.ns_average,
                found.ew_average,
                found.texts,
            )
        )
        return True

    def keep(self, scored: ScoredResult) -> ScoredResult:
        """``scored``, remembered for the results of the same side that follow."""
        side = scored.result.ns_side
        if side is scored.result.ew_side and side.__class__ is Points:
            self.seen[id(side)] = scored
        return scored


Scores = tuple[Fraction | None, str, Fraction | None, str]
"""A result's North-South score and its text, then East-West's."""


class BoardScores:
    """A board's results' scores (:func:`score_value`), each side's made once: the readers
    share one object among the results that are the same (a contract made the same way on a
    board), and a side's scores depend on nothing else."""

    __slots__ = ("ew_seen", "known", "ns_seen")

    def __init__(self, known: Exact) -> None:
        self.known = known
        self.ns_seen: dict[int, tuple[SideResult, Fraction | None, str]] = {}
        self.ew_seen: dict[int, tuple[SideResult, Fraction | None, str]] = {}

    def __call__(self, line: ResultLine) -> Scores:
        side = line.ns_side
        ns = self.ns_seen.get(id(side))
        if ns is None or ns[0] is not side:  # `is`: a reused id is another side
            ns = self.ns_seen[id(side)] = (side, *score_value(line, NS, self.known))
        side = line.ew_side
        ew = self.ew_seen.get(id(side))
        if ew is None or ew[0] is not side:
            ew = self.ew_seen[id(side)] = (side, *score_value(line, EW, self.known))
        return ns[1], ns[2], ew[1], ew[2]


class _Travellers:
    """Builds a board's scored results from the bulk arrays (exact fractions, for output)."""

    def __init__(
        self,
        lines: Sequence[ResultLine],
        sides: tuple[_Direction, _Direction],
        adjusted: dict[tuple[int, int], tuple[Fraction | None, Fraction | None]],
        top: Fraction,
    ) -> None:
        self.lines = lines
        self.sides = sides
        self.adjusted = adjusted
        self.top = top

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
        top = self.top.numerator  # a whole number: 2 * (E - 1)
        made: dict[tuple[int, int], tuple[Fraction, str, Fraction, str]] = {}

        def value(num: int, den: int) -> tuple[Fraction, str, Fraction, str]:
            """Matchpoints ``num / den`` and the percentage of the top, with their texts."""
            found = made.get((num, den))
            if found is None:
                mp, mp_text = exact_value(num, den, known)
                percent, percent_text = (
                    exact_value(100 * num, den * top, known) if top else exact_value(50, 1, known)
                )
                found = made[num, den] = (mp, mp_text, percent, percent_text)
            return found

        def adjusted(i: int, direction: int) -> tuple[Fraction | None, str, Fraction | None, str]:
            mp, percent = self.adjusted[i, direction]
            return mp, value_text(mp), percent, value_text(percent)

        ns, ew = self.sides
        ns_scored, ew_scored = ns.scored[indices].tolist(), ew.scored[indices].tolist()
        ns_num, ew_num = ns.num[indices].tolist(), ew.num[indices].tolist()
        ns_den, ew_den = ns.den[indices].tolist(), ew.den[indices].tolist()
        built: list[ScoredResult] = []
        same = SameResults()
        for k, line in enumerate(lines):
            if same.add(line, built):
                continue
            ns_score, ns_score_text, ew_score, ew_score_text = scores(line)
            ns_mp, ns_text, ns_percent, ns_percent_text = (
                value(ns_num[k], ns_den[k]) if ns_scored[k] else adjusted(order[k], NS)
            )
            ew_mp, ew_text, ew_percent, ew_percent_text = (
                value(ew_num[k], ew_den[k]) if ew_scored[k] else adjusted(order[k], EW)
            )
            texts = (
                ns_score_text,
                ew_score_text,
                ns_text,
                ew_text,
                ns_percent_text,
                ew_percent_text,
            )
            built.append(
                same.keep(
                    ScoredResult(
                        line, ns_score, ew_score, ns_mp, ew_mp, ns_percent, ew_percent, texts=texts
                    )
                )
            )
        return built


class _Builder:
    """A board's results, built on demand (a class rather than a closure: clearer to debug)."""

    def __init__(self, travellers: _Travellers, indices: IntArray) -> None:
        self.travellers = travellers
        self.indices = indices

    def __call__(self) -> list[ScoredResult]:
        return self.travellers.board(self.indices)
