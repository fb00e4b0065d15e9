"""The pairs scorings of a live session, kept up to date one result at a time.

Used by :class:`bridgelaw.tournament.live.LiveScorer`. Each scoring keeps, per board, what its
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
for. A board's traveller is stale when the board changed, when an artificial score on it moved
with its pair's session (12C2c), or, in matchpoints, when ``E`` (and so the top) changed:
:meth:`PairsScoring.take_stale` says which.

Every number is exact, the same as :func:`bridgelaw.tournament.session.score_tournament`'s: the
sums are integers over their denominators (adding a board's share is adding integers), made into
one fraction per pair when the ranking is asked for; the ranking orders whole numbers (each pair's
percentage or score over one common denominator); matchpoints are rounded for the JSON in
integers (:func:`~bridgelaw.tournament.model.fraction_number`).
"""

from __future__ import annotations

import math
from collections import Counter
from fractions import Fraction
from typing import Any

from bridgelaw.scoring.adjusted import artificial_imps, artificial_percent
from bridgelaw.scoring.butler import DatumMethod, butler_imps, datum
from bridgelaw.scoring.imps import imps
from bridgelaw.scoring.matchpoints import matchpoints_reference, neuberg
from bridgelaw.scoring.results import Artificial, Points, ResultLine
from bridgelaw.tournament.model import (
    DIRECTIONS,
    EW,
    NS,
    BoardResults,
    RankEntry,
    ScoredResult,
    board_json,
    fraction_number,
    points_score,
    result_json,
)
from bridgelaw.tournament.model import number as written
from bridgelaw.tournament.movements import natural_key
from bridgelaw.tournament.reference import _datum_value

ZERO = Fraction(0)
MISSING = (Fraction(-1), Fraction(-1))
"""Not a value any side shows."""
Side = tuple[int, int]
"""A result's key and a direction (NS or EW): one side of one result."""
Exact = int | Fraction
Contribution = tuple[str, int, Exact, int, Exact]
"""What one scored side adds to its pair, as ``numerator`` over ``denominator``: (pair,
denominator and numerator of its share of the 12C2c sum, the same of its ranking total)."""
Sums = dict[int, int]
"""A sum of fractions kept as denominator -> the sum of the numerators over it: adding and
taking back a board's share is then adding integers."""
Values = tuple[Fraction | None, Fraction | None, Fraction | None, Fraction | None]
"""A result's North-South and East-West value, then their percentages (matchpoints) or averages
per comparison (cross-IMPs)."""
Rounded = tuple[float | int | None, float | int | None, float | int | None, float | int | None]

#: The JSON names of :data:`Values` in each unit (spec event-results.md).
VALUE_KEYS = {
    "mp": ("ns_mp", "ew_mp", "ns_percent", "ew_percent"),
    "imps": ("ns_imps", "ew_imps", "ns_imps_average", "ew_imps_average"),
    "points": ("ns_points", "ew_points", "", ""),
}


def whole(value: Fraction) -> Exact:
    """A whole number as an ``int`` (sums of integers are quicker than of fractions)."""
    return value.numerator if value.denominator == 1 else value


def _move(sums: Sums, denominator: int, numerator: Exact) -> None:
    """Add ``numerator / denominator`` to ``sums`` (a denominator left with 0 is dropped)."""
    if type(numerator) is not int:  # a fraction: over its own denominator times this one
        assert isinstance(numerator, Fraction)
        denominator *= numerator.denominator
        numerator = numerator.numerator
    if numerator:
        moved = sums.get(denominator, 0) + numerator
        if moved:
            sums[denominator] = moved
        else:
            del sums[denominator]


def exact_sum(sums: Sums, times: int = 1, plus: int = 0) -> Fraction:
    """``times * (the sum) + plus`` as one fraction, made over the least common multiple of the
    denominators."""
    common = math.lcm(*sums)
    total = sum(numerator * (common // d) for d, numerator in sums.items())
    return Fraction(times * total + plus * common, common)


class PairsScoring:
    """A pairs session's boards and the pairs' running sums; one subclass per scoring.

    :meth:`add` and :meth:`discard` take the lines as scored (rows against phantoms already
    dealt with by the sit-out convention); keys order each board's results.
    """

    scoring = ""
    unit = "mp"

    def __init__(self, phantoms: frozenset[str]) -> None:
        self.phantoms = phantoms
        self.boards: dict[int, dict[int, ResultLine]] = {}
        """Board -> key -> line, in key order."""
        self.board_of: dict[int, int] = {}
        self.seats: dict[str, list[int]] = {}
        """Pair -> how many of its results are as North-South and as East-West."""
        self.real: dict[str, int] = {}
        """Pair -> its scored sides (not artificial), the boards 12C2c averages over."""
        self.sums: dict[str, Sums] = {}
        """Pair -> the sum Law 12C2c needs (matchpoints: of ``(raw + 1) / n``)."""
        self.totals: dict[str, Sums] = {}
        """Pair -> the total its scored sides add to the ranking (not matchpoints)."""
        self.exact: dict[str, tuple[Fraction, Fraction]] = {}
        """Pair -> its two sums as fractions, made when first needed after a change."""
        self.contributions: dict[int, list[Contribution]] = {}
        """Board -> what its scored sides added to the pairs (taken back when it is rescored)."""
        self.artificial: dict[str, dict[Side, int]] = {}
        """Pair -> its artificial sides -> their board."""
        self.static: dict[int, dict[str, Any]] = {}
        """Key -> its traveller line's JSON but for the values (which boards change)."""
        self.stale: set[int] = set()
        self.all_stale = False
        self.touched: set[str] = set()
        """The pairs whose sums changed since the travellers were last asked for."""
        self.natural: dict[str, tuple[int, int, str]] = {}
        """Pair -> its :func:`natural_key` (the order of equal scores)."""
        self.shown: dict[Side, tuple[Fraction | None, ...]] = {}
        """Artificial side -> its values as its board's traveller shows them."""

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
        self.static.pop(key, None)
        self.shown.pop((key, NS), None)
        self.shown.pop((key, EW), None)
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
        for contribution in self.contributions.pop(number, ()):
            self._count(contribution, -1)
            touched.add(contribution[0])
        lines = self.boards.get(number)
        if lines:
            contributions = self.score_board(number, lines)
            self.contributions[number] = contributions
            for contribution in contributions:
                self._count(contribution, 1)
                touched.add(contribution[0])
        else:
            self.forget_board(number)
        self.stale.add(number)
        for pair in touched:
            self.exact.pop(pair, None)
        self.touched |= touched

    def _count(self, contribution: Contribution, sign: int) -> None:
        pair, sum_denominator, sum_numerator, total_denominator, total_numerator = contribution
        real = self.real.get(pair, 0) + sign
        if not real:  # exact sums: nothing is left over
            del self.real[pair], self.sums[pair], self.totals[pair]
            return
        self.real[pair] = real
        _move(self.sums.setdefault(pair, {}), sum_denominator, sign * sum_numerator)
        _move(self.totals.setdefault(pair, {}), total_denominator, sign * total_numerator)

    def pair_sums(self, pair: str) -> tuple[Fraction, Fraction]:
        """The pair's 12C2c sum and ranking total over its scored sides, as fractions."""
        found = self.exact.get(pair)
        if found is None:
            found = self.exact[pair] = (
                exact_sum(self.sums[pair]),
                exact_sum(self.totals[pair]),
            )
        return found

    def take_stale(self) -> set[int] | None:
        """The boards whose travellers changed since the last call (``None``: all of them)."""
        if self.all_stale:
            self.shown.clear()
            stale = None
        else:
            stale = self.stale
            # Law 12C2c: an artificial score follows its pair's session; its board's traveller
            # changed if the score did
            for pair in self.touched:
                for side, number in self.artificial.get(pair, {}).items():
                    now = self.artificial_values(pair, side, number)
                    if number not in stale and self.shown.get(side, MISSING) != now:
                        stale.add(number)
        self.stale, self.all_stale, self.touched = set(), False, set()
        return stale

    # -- what a scoring defines ---------------------------------------------------------------

    def score_board(self, number: int, lines: dict[int, ResultLine]) -> list[Contribution]:
        """Score one board's results among themselves; keep what its travellers need."""
        raise NotImplementedError

    def forget_board(self, number: int) -> None:
        """Board ``number`` has no result left."""

    def scored_total(self, pair: str) -> Fraction:
        """The pair's total over its scored sides (what the ranking adds artificial scores to)."""
        return self.pair_sums(pair)[1] if pair in self.real else ZERO

    def artificial_total(self, pair: str, side: Side, number: int) -> Fraction | None:
        """What an artificial side adds to its pair's ranking total (``None``: not scored)."""
        return None

    def artificial_values(self, pair: str, side: Side, number: int) -> tuple[Fraction | None, ...]:
        """What an artificial side's traveller line shows (it moves with the pair's session)."""
        return ()

    def values(self, number: int, key: int, line: ResultLine) -> Values:
        """The result's values (see :data:`Values`)."""
        raise NotImplementedError

    def rounded(self, number: int, key: int, line: ResultLine) -> Rounded:
        """:meth:`values` as the outputs write them."""
        a, b, c, d = self.values(number, key, line)
        return written(a), written(b), written(c), written(d)

    @property
    def top(self) -> Fraction | None:
        return None

    def datum(self, number: int) -> Fraction | None:
        return None

    # -- outputs ------------------------------------------------------------------------------

    def board_numbers(self) -> list[int]:
        return sorted(self.boards)

    def board_results(self, number: int) -> BoardResults:
        results = [self.result(key, line, number) for key, line in self.boards[number].items()]
        self._shown(number)
        return BoardResults(number, self.top, results, self.datum(number))

    def _shown(self, number: int) -> None:
        """Board ``number`` is shown as it is now: so are its artificial scores."""
        for key, line in self.boards[number].items():
            for direction in (NS, EW):
                if isinstance(line.side(direction), Artificial):
                    side = (key, direction)
                    pair = line.pair(direction)
                    self.shown[side] = self.artificial_values(pair, side, number)

    def result(self, key: int, line: ResultLine, number: int) -> ScoredResult:
        ns_value, ew_value, ns_extra, ew_extra = self.values(number, key, line)
        scored = ScoredResult(
            line, points_score(line, NS), points_score(line, EW), ns_value, ew_value
        )
        if self.unit == "mp":
            scored.ns_percent, scored.ew_percent = ns_extra, ew_extra
        elif self.unit == "imps":
            scored.ns_average, scored.ew_average = ns_extra, ew_extra
        return scored

    def board_json(self, number: int) -> dict[str, Any]:
        """The board's entry of ``to_json``: :func:`~bridgelaw.tournament.model.board_json`
        with each result's unchanging part (pairs, contract, scores) made once."""
        entry = board_json(BoardResults(number, self.top, [], self.datum(number)), self.unit)
        entry["results"] = [
            self.result_json(key, line, number) for key, line in self.boards[number].items()
        ]
        self._shown(number)
        return entry

    def result_json(self, key: int, line: ResultLine, number: int) -> dict[str, Any]:
        static = self.static.get(key)
        if static is None:
            plain = ScoredResult(line, points_score(line, NS), points_score(line, EW))
            static = self.static[key] = result_json(plain, self.unit)
        out = static.copy()  # the value keys are there already (None): their order is kept
        ns_name, ew_name, ns_extra_name, ew_extra_name = VALUE_KEYS[self.unit]
        out[ns_name], out[ew_name], ns_extra, ew_extra = self.rounded(number, key, line)
        if self.unit == "mp" or ns_extra is not None or ew_extra is not None:
            out[ns_extra_name], out[ew_extra_name] = ns_extra, ew_extra
        return out

    def ranking(self) -> list[RankEntry]:
        """Every pair's total with its artificial scores, ranked as ``score_tournament`` ranks
        (:func:`~bridgelaw.tournament.model.rank_totals`, then
        :func:`~bridgelaw.tournament.model.without_pairs` for the phantoms): in two directions
        when every pair kept one, highest percentage (matchpoints) or score first, equal ones
        sharing a rank like ``3=`` and listed by pair number. The same order, made here on
        whole numbers: the scores put over one common denominator."""
        directions = {pair: [d for d in (NS, EW) if seats[d]] for pair, seats in self.seats.items()}
        names = self.natural
        for pair in directions:
            if pair not in names:
                names[pair] = natural_key(pair)
        if len({names[pair] for pair in directions}) < len(directions):
            directions = self._bulk_order(directions)
        top = self.top
        entries: list[RankEntry] = []
        for pair in directions:
            if pair in self.phantoms:
                continue  # phantoms are not ranked
            value, counted = self.scored_total(pair), self.real.get(pair, 0)
            for side, number in self.artificial.get(pair, {}).items():
                extra = self.artificial_total(pair, side, number)
                if extra is not None:
                    value += extra
                    counted += 1
            if top is None:
                entries.append(RankEntry("", pair, None, value, None, None, counted))
            else:
                most = int(top) * counted  # the top is a whole number (Law 78A)
                percent = (
                    Fraction(100 * value.numerator, value.denominator * most)
                    if most
                    else Fraction(50)
                )
                entries.append(RankEntry("", pair, None, value, Fraction(most), percent, counted))
        # by percentage, or by score without one (as _rank_key), over one denominator
        ranked = [e.percent if e.percent is not None else e.score for e in entries]
        common = math.lcm(*(v.denominator for v in ranked))
        keys = {
            e.pair: v.numerator * (common // v.denominator)
            for e, v in zip(entries, ranked, strict=True)
        }
        groups: list[tuple[str | None, list[RankEntry]]] = [(None, entries)]
        if all(len(d) == 1 for d in directions.values()):  # every pair kept one direction
            groups = [
                (DIRECTIONS[d], [e for e in entries if directions[e.pair][0] == d])
                for d in (NS, EW)
            ]
        ranking: list[RankEntry] = []
        for label, group in groups:
            group.sort(key=lambda e: names[e.pair])
            group.sort(key=lambda e: keys[e.pair], reverse=True)
            position = 0
            while position < len(group):
                end = position
                key = keys[group[position].pair]
                while end + 1 < len(group) and keys[group[end + 1].pair] == key:
                    end += 1
                rank = str(position + 1) + ("=" if end > position else "")
                for entry in group[position : end + 1]:
                    entry.rank, entry.direction = rank, label
                position = end + 1
            ranking.extend(group)
        return ranking

    def _bulk_order(self, directions: dict[str, list[int]]) -> dict[str, list[int]]:
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


def raw_matchpoints(sides: list[Points], direction: int) -> list[Exact]:
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
        return [2 * below[s] + counts[s] - 1 for s in scores]
    field = [[(sign * s, w) for s, w in side.components] for side in sides]
    return [whole(mp) for mp in matchpoints_reference(field)]


class Matchpoints(PairsScoring):
    """Law 78A with Neuberg's factoring and the artificial scores of Law 12C2."""

    scoring = "matchpoints"
    unit = "mp"

    def __init__(self, phantoms: frozenset[str]) -> None:
        super().__init__(phantoms)
        self.sizes: Counter[int] = Counter()
        """Results on a board -> how many boards have that many."""
        self.most = 0
        """The most-played board's results (E): Neuberg factors every board up to it."""
        self.raw: dict[int, dict[Side, tuple[Exact, int]]] = {}
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
            self.exact.clear()

    @property
    def top(self) -> Fraction:
        return Fraction(2 * (self.most - 1))  # Law 78A, after any factoring

    def score_board(self, number: int, lines: dict[int, ResultLine]) -> list[Contribution]:
        raw: dict[Side, tuple[Exact, int]] = {}
        contributions: list[Contribution] = []
        for direction in (NS, EW):
            field = _scored_sides(lines, direction)
            n = len(field)
            values = raw_matchpoints([side for _, _, side in field], direction)
            for (key, line, _), value in zip(field, values, strict=True):
                raw[key, direction] = (value, n)
                # the pair's sum of (raw + 1) / n: its factored total is E times it, less one
                # for each board (Neuberg), whatever E becomes
                contributions.append((line.pair(direction), n, value + 1, 1, 0))
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
        return 100 * self.scored_total(pair) / (real * top)

    def pair_sums(self, pair: str) -> tuple[Fraction, Fraction]:
        """Only the factored total: E times the sum of ``(raw + 1) / n``, less 1 a board."""
        found = self.exact.get(pair)
        if found is None:
            factored = exact_sum(self.sums[pair], self.most, -self.real[pair])
            found = self.exact[pair] = (ZERO, factored)
        return found

    def scored_total(self, pair: str) -> Fraction:
        return self.pair_sums(pair)[1] if pair in self.real else ZERO

    def _artificial(self, pair: str, side: Artificial) -> tuple[Fraction | None, Fraction | None]:
        percent = artificial_percent(side, self.session(pair))  # Law 12C2a, 12C2c
        return (None if percent is None else percent * self.top / 100), percent

    def artificial_total(self, pair: str, side: Side, number: int) -> Fraction | None:
        return self._artificial(pair, self.artificial_side(side, number))[0]

    def artificial_values(self, pair: str, side: Side, number: int) -> tuple[Fraction | None, ...]:
        return self._artificial(pair, self.artificial_side(side, number))

    def values(self, number: int, key: int, line: ResultLine) -> Values:
        top = self.top
        raw = self.raw[number]
        found: list[tuple[Fraction | None, Fraction | None]] = []
        for direction in (NS, EW):
            side = line.side(direction)
            if isinstance(side, Artificial):
                found.append(self._artificial(line.pair(direction), side))
            else:
                value, n = raw[key, direction]
                mp = neuberg(Fraction(value), n, self.most)  # fewer comparable scores than E
                found.append((mp, 100 * mp / top if top else Fraction(50)))
        (ns_mp, ns_percent), (ew_mp, ew_percent) = found
        return ns_mp, ew_mp, ns_percent, ew_percent

    def rounded(self, number: int, key: int, line: ResultLine) -> Rounded:
        raw = self.raw[number]
        ns, ew = raw.get((key, NS)), raw.get((key, EW))
        if ns is None or ew is None:
            return super().rounded(number, key, line)  # an artificial score: in fractions
        most, top = self.most, 2 * (self.most - 1)
        ns_mp, ns_over = _factored(*ns, most)
        ew_mp, ew_over = _factored(*ew, most)
        return (
            fraction_number(ns_mp, ns_over),
            fraction_number(ew_mp, ew_over),
            fraction_number(100 * ns_mp, ns_over * top) if top else 50,
            fraction_number(100 * ew_mp, ew_over * top) if top else 50,
        )


def _factored(raw: Exact, n: int, most: int) -> tuple[int, int]:
    """Neuberg's ``(raw + 1) * E / n - 1`` as a numerator and a denominator (as in
    :func:`~bridgelaw.scoring.matchpoints.neuberg`, in integers)."""
    over = 1 if type(raw) is int else raw.denominator
    return (raw.numerator + over) * most - n * over, n * over


class Butler(PairsScoring):
    """Law 78B against each board's datum (:mod:`bridgelaw.scoring.butler`), Law 12C2b/c."""

    scoring = "imps-datum"
    unit = "imps"

    def __init__(self, phantoms: frozenset[str], method: DatumMethod) -> None:
        super().__init__(phantoms)
        self.method = method
        self.board_values: dict[int, dict[Side, Fraction]] = {}
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
                plain = whole(value)
                contributions.append((line.pair(direction), 1, plain, 1, plain))
        self.board_values[number] = values
        return contributions

    def forget_board(self, number: int) -> None:
        self.board_values.pop(number, None)
        self.datums.pop(number, None)

    def datum(self, number: int) -> Fraction | None:
        return self.datums[number]

    def session(self, pair: str) -> Fraction | None:
        """Law 12C2c: the pair's average IMPs per board on the boards it really played."""
        real = self.real.get(pair)
        return self.pair_sums(pair)[0] / real if real else None

    def artificial_total(self, pair: str, side: Side, number: int) -> Fraction | None:
        return artificial_imps(self.artificial_side(side, number), self.session(pair))

    def artificial_values(self, pair: str, side: Side, number: int) -> tuple[Fraction | None, ...]:
        return (self.artificial_total(pair, side, number),)

    def values(self, number: int, key: int, line: ResultLine) -> Values:
        values = self.board_values[number]
        found: list[Fraction | None] = []
        for direction in (NS, EW):
            side = line.side(direction)
            found.append(
                artificial_imps(side, self.session(line.pair(direction)))  # Law 12C2b, 12C2c
                if isinstance(side, Artificial)
                else values[key, direction]
            )
        return found[0], found[1], None, None


class CrossImps(PairsScoring):
    """Law 78B against every other score on the board; ranked by the sum of the boards'
    averages per comparison or by the raw totals."""

    scoring = "cross-imps"
    unit = "imps"

    def __init__(self, phantoms: frozenset[str], by_average: bool) -> None:
        super().__init__(phantoms)
        self.by_average = by_average
        self.board_values: dict[int, dict[Side, tuple[Fraction, Fraction]]] = {}
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
            comparisons = max(n - 1, 1)  # alone on the board: 0 IMPs, and an average of 0
            for key, line, side in field:
                total = sum((w * against[sign * s] for s, w in side.components), ZERO)
                values[key, direction] = (total, total / comparisons)
                plain = whole(total)
                ranked = (comparisons, plain) if self.by_average else (1, plain)
                contributions.append((line.pair(direction), comparisons, plain, *ranked))
        self.board_values[number] = values
        self.comparisons[number] = (counts[NS], counts[EW])
        return contributions

    def forget_board(self, number: int) -> None:
        self.board_values.pop(number, None)
        self.comparisons.pop(number, None)

    def session(self, pair: str) -> Fraction | None:
        """Law 12C2c: the pair's average IMPs per comparison, per board really played."""
        real = self.real.get(pair)
        return self.pair_sums(pair)[0] / real if real else None

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

    def artificial_values(self, pair: str, side: Side, number: int) -> tuple[Fraction | None, ...]:
        return self._artificial(pair, self.artificial_side(side, number), number, side[1])

    def values(self, number: int, key: int, line: ResultLine) -> Values:
        values = self.board_values[number]
        found: list[tuple[Fraction | None, Fraction | None]] = []
        for direction in (NS, EW):
            side = line.side(direction)
            found.append(
                self._artificial(line.pair(direction), side, number, direction)
                if isinstance(side, Artificial)
                else values[key, direction]
            )
        (ns_value, ns_average), (ew_value, ew_average) = found
        return ns_value, ew_value, ns_average, ew_average


class TotalPoints(PairsScoring):
    """Law 78C: each side's net score counts as it is."""

    scoring = "total-points"
    unit = "points"

    def score_board(self, number: int, lines: dict[int, ResultLine]) -> list[Contribution]:
        contributions: list[Contribution] = []
        for direction in (NS, EW):
            for _, line, _ in _scored_sides(lines, direction):
                value = points_score(line, direction)
                assert value is not None
                contributions.append((line.pair(direction), 1, 0, 1, value))
        return contributions

    def values(self, number: int, key: int, line: ResultLine) -> Values:
        return points_score(line, NS), points_score(line, EW), None, None
