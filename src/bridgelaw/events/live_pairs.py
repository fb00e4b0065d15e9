"""The pairs scorings of a live session, kept up to date one result at a time.

Used by :class:`bridgelaw.events.live.LiveScorer`. Each scoring keeps, per board, what its
results are worth among themselves, and per pair the running sums the ranking needs; a result
that comes into force or leaves rescores its board only:

* **matchpoints** (Law 78A): each scored side's raw matchpoints among its direction's ``n``
  comparable scores. Neuberg's factoring to the most-played board's ``E`` results is
  ``(raw + 1) * E / n - 1``, so a pair's factored total is ``E * S - k`` where ``S`` sums
  ``(raw + 1) / n`` over its ``k`` scored boards: ``E`` can change (results arrive) without
  touching any pair's sums. The Law 12C2c session percentage comes out of the same sums.
* **imps-datum** (Butler, Law 78B against each board's datum) and **cross-imps** (Law 78B against
  every other score on the board): values per board; the pair's sum of IMPs per board, for
  Law 12C2c, as a running sum.
* **total-points** (Law 78C): each side's score as it is.

Artificial scores (Law 12C2) are not summed: they depend on the pair's session figure, which
moves with every board it plays, so they are valued when the ranking or a traveller is asked
for. A board's traveller is stale when the board changed, when a pair with an artificial score
on it had another board rescored (12C2c), or, in matchpoints, when ``E`` (and so the top)
changed: :meth:`PairsScoring.take_stale` says which.

Every number is an exact fraction, the same as :func:`bridgelaw.events.session.score_event`'s.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

from bridgelaw.events.movements import natural_key
from bridgelaw.events.reference import _datum_value
from bridgelaw.events.session import (
    EW,
    NS,
    BoardResults,
    RankEntry,
    ScoredResult,
    _points_score,
    rank_totals,
    without_pairs,
)
from bridgelaw.scoring.adjusted import artificial_imps, artificial_percent
from bridgelaw.scoring.butler import DatumMethod, butler_imps, datum
from bridgelaw.scoring.imps import imps
from bridgelaw.scoring.matchpoints import matchpoints_reference, neuberg
from bridgelaw.scoring.results import Artificial, Points, ResultLine

ZERO = Fraction(0)
Side = tuple[int, int]
"""A result's key and a direction (NS or EW): one side of one result."""
Contribution = tuple[str, Fraction, Fraction]
"""What one scored side adds to its pair: (pair, to the 12C2c sum, to the ranking total)."""


class PairsScoring:
    """A pairs session's boards and the pairs' running sums; one subclass per scoring.

    :meth:`add` and :meth:`discard` take the lines as scored (rows against phantoms already
    dealt with by the sit-out convention); keys order each board's results.
    """

    scoring = ""

    def __init__(self, phantoms: frozenset[str]) -> None:
        self.phantoms = phantoms
        self.boards: dict[int, dict[int, ResultLine]] = {}
        """Board -> key -> line, in key order."""
        self.board_of: dict[int, int] = {}
        self.seats: dict[str, list[int]] = {}
        """Pair -> how many of its results are as North-South and as East-West."""
        self.real: dict[str, int] = {}
        """Pair -> its scored sides (not artificial), the boards 12C2c averages over."""
        self.sums: dict[str, Fraction] = {}
        self.totals: dict[str, Fraction] = {}
        self.contributions: dict[int, list[Contribution]] = {}
        """Board -> what its scored sides added to the pairs (taken back when it is rescored)."""
        self.artificial: dict[str, dict[Side, int]] = {}
        """Pair -> its artificial sides -> their board."""
        self.stale: set[int] = set()
        self.all_stale = False

    # -- results coming and going -------------------------------------------------------------

    def add(self, key: int, line: ResultLine) -> None:
        number = line.board
        board = self.boards.setdefault(number, {})
        out_of_order = bool(board) and key < next(reversed(board))
        board[key] = line
        if out_of_order:  # keys normally grow; if not, the board keeps key order all the same
            self.boards[number] = dict(sorted(board.items()))
        self.board_of[key] = number
        for direction in (NS, EW):
            pair = line.pair(direction)
            self.seats.setdefault(pair, [0, 0])[direction] += 1
            if isinstance(line.side(direction), Artificial):
                self.artificial.setdefault(pair, {})[key, direction] = number
        self.resized(len(board) - 1, len(board))
        self.rescore(number)

    def discard(self, key: int) -> None:
        number = self.board_of.pop(key)
        board = self.boards[number]
        line = board.pop(key)
        if not board:
            del self.boards[number]
        for direction in (NS, EW):
            pair = line.pair(direction)
            seats = self.seats[pair]
            seats[direction] -= 1
            if not any(seats):
                del self.seats[pair]
            sides = self.artificial.get(pair)
            if sides is not None and sides.pop((key, direction), None) is not None and not sides:
                del self.artificial[pair]
        self.resized(len(board) + 1, len(board))
        self.rescore(number)

    def resized(self, before: int, after: int) -> None:
        """A board went from ``before`` results to ``after`` (matchpoints follow the most-played
        board)."""

    def rescore(self, number: int) -> None:
        """Score board ``number`` again and move its contributions in the pairs' sums."""
        touched: set[str] = set()
        for pair, to_sum, to_total in self.contributions.pop(number, ()):
            self._count(pair, -1, -to_sum, -to_total)
            touched.add(pair)
        lines = self.boards.get(number)
        if lines:
            contributions = self.score_board(number, lines)
            self.contributions[number] = contributions
            for pair, to_sum, to_total in contributions:
                self._count(pair, 1, to_sum, to_total)
                touched.add(pair)
        else:
            self.forget_board(number)
        self.stale.add(number)
        for pair in touched:  # Law 12C2c: the pair's artificial scores follow its session
            self.stale.update(self.artificial.get(pair, {}).values())

    def _count(self, pair: str, sides: int, to_sum: Fraction, to_total: Fraction) -> None:
        real = self.real.get(pair, 0) + sides
        if real:
            self.real[pair] = real
            self.sums[pair] = self.sums.get(pair, ZERO) + to_sum
            self.totals[pair] = self.totals.get(pair, ZERO) + to_total
        else:  # exact sums: nothing is left over
            del self.real[pair], self.sums[pair], self.totals[pair]

    def take_stale(self) -> set[int] | None:
        """The boards whose travellers changed since the last call (``None``: all of them)."""
        stale = None if self.all_stale else self.stale
        self.stale, self.all_stale = set(), False
        return stale

    # -- what a scoring defines ---------------------------------------------------------------

    def score_board(self, number: int, lines: dict[int, ResultLine]) -> list[Contribution]:
        """Score one board's results among themselves; keep what its travellers need."""
        raise NotImplementedError

    def forget_board(self, number: int) -> None:
        """Board ``number`` has no result left."""

    def scored_total(self, pair: str) -> Fraction:
        """The pair's total over its scored sides (what the ranking adds artificial scores to)."""
        return self.totals.get(pair, ZERO)

    def artificial_total(self, pair: str, side: Side, number: int) -> Fraction | None:
        """What an artificial side adds to its pair's ranking total (``None``: not scored)."""
        return None

    def result(self, number: int, key: int, line: ResultLine) -> ScoredResult:
        raise NotImplementedError

    @property
    def top(self) -> Fraction | None:
        return None

    def datum(self, number: int) -> Fraction | None:
        return None

    # -- outputs ------------------------------------------------------------------------------

    def board_numbers(self) -> list[int]:
        return sorted(self.boards)

    def board_results(self, number: int) -> BoardResults:
        lines = self.boards[number]
        results = [self.result(number, key, line) for key, line in lines.items()]
        return BoardResults(number, self.top, results, self.datum(number))

    def ranking(self) -> list[RankEntry]:
        """Every pair's total with its artificial scores, ranked as ``score_event`` ranks."""
        directions = {pair: {d for d in (NS, EW) if seats[d]} for pair, seats in self.seats.items()}
        if len({natural_key(pair) for pair in directions}) < len(directions):
            directions = self._bulk_order(directions)
        top = self.top
        total: dict[str, Fraction] = {}
        maximum: dict[str, Fraction] = {}
        count: dict[str, int] = {}
        for pair in directions:
            value, counted = self.scored_total(pair), self.real.get(pair, 0)
            for side, number in self.artificial.get(pair, {}).items():
                extra = self.artificial_total(pair, side, number)
                if extra is not None:
                    value += extra
                    counted += 1
            total[pair], count[pair] = value, counted
            if counted and top is not None:
                maximum[pair] = top * counted
        ranking = rank_totals(directions, total, maximum, count, self.scoring)
        if self.phantoms:
            ranking = without_pairs(ranking, self.phantoms)
        return ranking

    def _bulk_order(self, directions: dict[str, set[int]]) -> dict[str, set[int]]:
        """The pairs in the order the bulk scorers list them: those that sat North-South, then
        the others, each by first appearance in the results. It decides the order of equal
        scores only between pairs named alike for :func:`natural_key` ("1" and "01")."""
        first: dict[str, int] = {}
        for key in sorted(self.board_of):
            line = self.boards[self.board_of[key]][key]
            first.setdefault(line.ns, len(first))
            first.setdefault(line.ew, len(first))
        ordered = sorted(directions, key=lambda pair: (NS not in directions[pair], first[pair]))
        return {pair: directions[pair] for pair in ordered}

    def artificial_side(self, side: Side, number: int) -> Artificial:
        key, direction = side
        found = self.boards[number][key].side(direction)
        assert isinstance(found, Artificial)
        return found


def _scored_sides(
    lines: dict[int, ResultLine], direction: int
) -> list[tuple[int, ResultLine, Points]]:
    return [
        (key, line, side)
        for key, line in lines.items()
        if isinstance(side := line.side(direction), Points)
    ]


def raw_matchpoints(sides: list[Points], direction: int) -> list[Fraction]:
    """Law 78A among one direction's scored sides of a board: 2 for each score beaten, 1 for
    each tie (East-West beat lower North-South scores); weighted sides (12C1c) by the
    reference's frequencies."""
    sign = 1 if direction == NS else -1
    if all(len(side.components) == 1 for side in sides):
        scores = [sign * side.components[0][0] for side in sides]
        counts = Counter(scores)
        below: dict[int, int] = {}
        running = 0
        for score in sorted(counts):
            below[score] = running
            running += counts[score]
        return [Fraction(2 * below[s] + counts[s] - 1) for s in scores]
    return matchpoints_reference([[(sign * s, w) for s, w in side.components] for side in sides])


class Matchpoints(PairsScoring):
    """Law 78A with Neuberg's factoring and the artificial scores of Law 12C2."""

    scoring = "matchpoints"

    def __init__(self, phantoms: frozenset[str]) -> None:
        super().__init__(phantoms)
        self.sizes: Counter[int] = Counter()
        """Results on a board -> how many boards have that many."""
        self.most = 0
        """The most-played board's results (E): Neuberg factors every board up to it."""
        self.raw: dict[int, dict[Side, tuple[Fraction, int]]] = {}
        """Board -> scored side -> its raw matchpoints and the comparable scores (n)."""

    def resized(self, before: int, after: int) -> None:
        if before:
            self.sizes[before] -= 1
            if not self.sizes[before]:
                del self.sizes[before]
        if after:
            self.sizes[after] += 1
        most = max(self.most, after)
        while most and most not in self.sizes:
            most -= 1
        if most != self.most:  # every board's factoring and the top change
            self.most = most
            self.all_stale = True

    @property
    def top(self) -> Fraction:
        return Fraction(2 * (self.most - 1))  # Law 78A, after any factoring

    def score_board(self, number: int, lines: dict[int, ResultLine]) -> list[Contribution]:
        raw: dict[Side, tuple[Fraction, int]] = {}
        contributions: list[Contribution] = []
        for direction in (NS, EW):
            field = _scored_sides(lines, direction)
            n = len(field)
            values = raw_matchpoints([side for _, _, side in field], direction)
            for (key, line, _), value in zip(field, values, strict=True):
                raw[key, direction] = (value, n)
                contributions.append((line.pair(direction), (value + 1) / n, ZERO))
        self.raw[number] = raw
        return contributions

    def forget_board(self, number: int) -> None:
        self.raw.pop(number, None)

    def session(self, pair: str) -> Fraction | None:
        """Law 12C2c: the pair's percentage on the boards it really played."""
        real = self.real.get(pair)
        if not real:
            return None
        top = self.top
        if not top:
            return Fraction(50)
        return 100 * (self.most * self.sums[pair] - real) / (real * top)

    def scored_total(self, pair: str) -> Fraction:
        real = self.real.get(pair)
        return self.most * self.sums[pair] - real if real else ZERO

    def _artificial(self, pair: str, side: Artificial) -> tuple[Fraction | None, Fraction | None]:
        percent = artificial_percent(side, self.session(pair))  # Law 12C2a, 12C2c
        return (None if percent is None else percent * self.top / 100), percent

    def artificial_total(self, pair: str, side: Side, number: int) -> Fraction | None:
        return self._artificial(pair, self.artificial_side(side, number))[0]

    def result(self, number: int, key: int, line: ResultLine) -> ScoredResult:
        scored = ScoredResult(line, _points_score(line, NS), _points_score(line, EW))
        top = self.top
        raw = self.raw[number]
        for direction in (NS, EW):
            side = line.side(direction)
            mp: Fraction | None
            percent: Fraction | None
            if isinstance(side, Artificial):
                mp, percent = self._artificial(line.pair(direction), side)
            else:
                value, n = raw[key, direction]
                mp = neuberg(value, n, self.most)  # fewer comparable scores than E
                percent = 100 * mp / top if top else Fraction(50)
            if direction == NS:
                scored.ns_value, scored.ns_percent = mp, percent
            else:
                scored.ew_value, scored.ew_percent = mp, percent
        return scored


class Butler(PairsScoring):
    """Law 78B against each board's datum (:mod:`bridgelaw.scoring.butler`), Law 12C2b/c."""

    scoring = "imps-datum"

    def __init__(self, phantoms: frozenset[str], method: DatumMethod) -> None:
        super().__init__(phantoms)
        self.method = method
        self.values: dict[int, dict[Side, Fraction]] = {}
        self.datums: dict[int, Fraction | None] = {}

    def score_board(self, number: int, lines: dict[int, ResultLine]) -> list[Contribution]:
        found = [v for v in map(_datum_value, lines.values()) if v is not None]
        board_datum = datum(found, self.method) if found else None
        self.datums[number] = board_datum
        values: dict[Side, Fraction] = {}
        contributions: list[Contribution] = []
        for direction in (NS, EW):
            sign = 1 if direction == NS else -1
            for key, line, side in _scored_sides(lines, direction):
                assert board_datum is not None  # a scored side counts in the datum
                value = sign * butler_imps(side, board_datum)
                values[key, direction] = value
                contributions.append((line.pair(direction), value, value))
        self.values[number] = values
        return contributions

    def forget_board(self, number: int) -> None:
        self.values.pop(number, None)
        self.datums.pop(number, None)

    def datum(self, number: int) -> Fraction | None:
        return self.datums[number]

    def session(self, pair: str) -> Fraction | None:
        """Law 12C2c: the pair's average IMPs per board on the boards it really played."""
        real = self.real.get(pair)
        return self.sums[pair] / real if real else None

    def artificial_total(self, pair: str, side: Side, number: int) -> Fraction | None:
        return artificial_imps(self.artificial_side(side, number), self.session(pair))

    def result(self, number: int, key: int, line: ResultLine) -> ScoredResult:
        scored = ScoredResult(line, _points_score(line, NS), _points_score(line, EW))
        values = self.values[number]
        for direction in (NS, EW):
            side = line.side(direction)
            value = (
                artificial_imps(side, self.session(line.pair(direction)))  # Law 12C2b, 12C2c
                if isinstance(side, Artificial)
                else values[key, direction]
            )
            if direction == NS:
                scored.ns_value = value
            else:
                scored.ew_value = value
        return scored


class CrossImps(PairsScoring):
    """Law 78B against every other score on the board; ranked by the sum of the boards'
    averages per comparison or by the raw totals."""

    scoring = "cross-imps"

    def __init__(self, phantoms: frozenset[str], by_average: bool) -> None:
        super().__init__(phantoms)
        self.by_average = by_average
        self.values: dict[int, dict[Side, tuple[Fraction, Fraction]]] = {}
        """Board -> scored side -> its total cross-IMPs and their average per comparison."""
        self.comparisons: dict[int, tuple[int, int]] = {}
        """Board -> the scored sides in each direction (an artificial side's comparisons)."""

    def score_board(self, number: int, lines: dict[int, ResultLine]) -> list[Contribution]:
        values: dict[Side, tuple[Fraction, Fraction]] = {}
        contributions: list[Contribution] = []
        counts = [0, 0]
        for direction in (NS, EW):
            sign = 1 if direction == NS else -1
            field = _scored_sides(lines, direction)
            counts[direction] = n = len(field)
            weight: dict[int, Fraction] = {}
            for _, _, side in field:
                for score, w in side.components:
                    weight[sign * score] = weight.get(sign * score, ZERO) + w
            # IMPs of a score against the whole field; its own outcomes cancel out, since
            # IMP(-d) = -IMP(d), so this is the sum against the other scores
            against = {
                mine: sum((w * imps(mine - theirs) for theirs, w in weight.items()), ZERO)
                for mine in weight
            }
            for key, line, side in field:
                total = sum((w * against[sign * s] for s, w in side.components), ZERO)
                average = total / (n - 1) if n > 1 else ZERO
                values[key, direction] = (total, average)
                ranked = average if self.by_average else total
                contributions.append((line.pair(direction), average, ranked))
        self.values[number] = values
        self.comparisons[number] = (counts[NS], counts[EW])
        return contributions

    def forget_board(self, number: int) -> None:
        self.values.pop(number, None)
        self.comparisons.pop(number, None)

    def session(self, pair: str) -> Fraction | None:
        """Law 12C2c: the pair's average IMPs per comparison, per board really played."""
        real = self.real.get(pair)
        return self.sums[pair] / real if real else None

    def _artificial(
        self, pair: str, side: Artificial, number: int, direction: int
    ) -> tuple[Fraction | None, Fraction | None]:
        adjusted = artificial_imps(side, self.session(pair))  # Law 12C2b, 12C2c
        if adjusted is None:
            return None, None
        return adjusted * self.comparisons[number][direction], adjusted

    def artificial_total(self, pair: str, side: Side, number: int) -> Fraction | None:
        total, average = self._artificial(pair, self.artificial_side(side, number), number, side[1])
        return average if self.by_average else total

    def result(self, number: int, key: int, line: ResultLine) -> ScoredResult:
        scored = ScoredResult(line, _points_score(line, NS), _points_score(line, EW))
        values = self.values[number]
        for direction in (NS, EW):
            side = line.side(direction)
            found = (
                self._artificial(line.pair(direction), side, number, direction)
                if isinstance(side, Artificial)
                else values[key, direction]
            )
            if direction == NS:
                scored.ns_value, scored.ns_average = found
            else:
                scored.ew_value, scored.ew_average = found
        return scored


class TotalPoints(PairsScoring):
    """Law 78C: each side's net score counts as it is."""

    scoring = "total-points"

    def score_board(self, number: int, lines: dict[int, ResultLine]) -> list[Contribution]:
        contributions: list[Contribution] = []
        for direction in (NS, EW):
            for _, line, _ in _scored_sides(lines, direction):
                value = _points_score(line, direction)
                assert value is not None
                contributions.append((line.pair(direction), ZERO, value))
        return contributions

    def result(self, number: int, key: int, line: ResultLine) -> ScoredResult:
        ns, ew = _points_score(line, NS), _points_score(line, EW)
        return ScoredResult(line, ns, ew, ns, ew)
