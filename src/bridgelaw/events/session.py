"""Scoring a session: every board by Law 78, adjusted scores by Law 12C, then the ranking.

:func:`check_event` finds every problem of a whole event (pairs on the wrong boards for the
movement, a pair twice on a board, teams rooms missing...) and :func:`score_event` scores it:

* ``matchpoints`` (Law 78A): exact fractions. Weighted scores enter the board's frequencies with
  their weights; split scores (12C1b) are matchpointed per direction, each side's score against
  the other results as that direction sees them; boards with fewer comparable results than the
  most-played board are factored by Neuberg's formula; artificial scores (12C2) are a percentage
  of the top, with the session-percentage rule (12C2c).
* ``imps-datum`` (Butler), ``cross-imps`` (Law 78B across the field) and ``total-points`` (78C).
* ``teams``: see :mod:`bridgelaw.events.teams`.

Rankings: when every pair keeps one direction (Mitchell) North-South and East-West are ranked
separately; when pairs change direction (Howell) there is one ranking.

Numbers are exact fractions here; :meth:`EventResults.to_json` rounds them to two decimals,
halves away from zero, as the README documents.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

import numpy as np

from bridgelaw.cards import Deal
from bridgelaw.events.movements import Movement
from bridgelaw.formats.pbn import Problem
from bridgelaw.scoring.adjusted import artificial_imps, artificial_percent
from bridgelaw.scoring.butler import DatumMethod, butler_imps, cross_imps, datum
from bridgelaw.scoring.matchpoints import bulk_matchpoints, matchpoints_reference, neuberg
from bridgelaw.scoring.results import Artificial, Points, ResultLine

SCORINGS = ("matchpoints", "imps-datum", "cross-imps", "total-points", "teams")

NS, EW = 0, 1
DIRECTIONS = ("NS", "EW")


@dataclass(frozen=True)
class MatchSpec:
    """A teams match: the home team sits North-South in the open room (spec)."""

    match: str
    home: str
    away: str
    boards: int | None = None
    line: int = 0


@dataclass
class EventInput:
    """Everything a session's scoring needs, as read from a results file."""

    event: str
    scoring: str
    lines: list[ResultLine]
    matches: list[MatchSpec] = field(default_factory=list)
    vp: str | None = None
    datum: DatumMethod = DatumMethod.TRIMMED
    movement: Movement | None = None
    names: dict[str, str] = field(default_factory=dict)
    """Pair (or team) -> the players' names; when given, every pair must be listed."""
    deals: dict[int, Deal] = field(default_factory=dict)
    source: str = "<results>"
    date: str | None = None
    """The session's date as an ISO date (``2026-11-20``), when the input gives it."""


@dataclass
class ScoredResult:
    """One result line with its scores; values are matchpoints, IMPs or points by scoring."""

    result: ResultLine
    ns_score: Fraction | None
    ew_score: Fraction | None
    ns_value: Fraction | None = None
    ew_value: Fraction | None = None
    ns_percent: Fraction | None = None
    ew_percent: Fraction | None = None
    ns_average: Fraction | None = None
    ew_average: Fraction | None = None


@dataclass
class BoardResults:
    board: int
    top: Fraction | None
    results: list[ScoredResult]
    datum: Fraction | None = None


@dataclass
class RankEntry:
    rank: str
    pair: str
    direction: str | None
    score: Fraction
    max: Fraction | None
    percent: Fraction | None
    boards: int
    """Boards scored for the pair (for a team: matches played)."""


@dataclass
class MatchResult:
    match: str
    home: str
    away: str
    boards: int
    imps: tuple[Fraction, Fraction]
    margin: tuple[Fraction, Fraction]
    vp: tuple[Fraction, Fraction] | None


@dataclass
class EventResults:
    event: str
    scoring: str
    boards: list[BoardResults]
    ranking: list[RankEntry]
    matches: list[MatchResult] = field(default_factory=list)
    names: dict[str, str] = field(default_factory=dict)
    deals: dict[int, Deal] = field(default_factory=dict)
    datum_method: str | None = None

    @property
    def unit(self) -> str:
        return {"matchpoints": "mp", "total-points": "points"}.get(self.scoring, "imps")

    def to_json(self) -> dict[str, Any]:
        """The ``--json`` output of ``score-event`` (spec: event-results.md)."""
        unit = self.unit
        boards = []
        for b in self.boards:
            entry: dict[str, Any] = {"board": b.board, "top": number(b.top)}
            if b.datum is not None:
                entry["datum"] = number(b.datum)
            entry["results"] = [_result_json(r, unit) for r in b.results]
            boards.append(entry)
        data: dict[str, Any] = {"event": self.event, "scoring": self.scoring, "boards": boards}
        if self.matches:
            data["matches"] = [
                {
                    "match": m.match,
                    "home": m.home,
                    "away": m.away,
                    "boards": m.boards,
                    "imps": [number(m.imps[0]), number(m.imps[1])],
                    "margin": [number(m.margin[0]), number(m.margin[1])],
                    "vp": None if m.vp is None else [number(m.vp[0]), number(m.vp[1])],
                }
                for m in self.matches
            ]
        data["ranking"] = [
            {
                "rank": r.rank,
                "pair": r.pair,
                "direction": r.direction,
                "score": number(r.score),
                "max": number(r.max),
                "percent": number(r.percent),
                "matches" if self.scoring == "teams" else "boards": r.boards,
            }
            | ({"names": self.names[r.pair]} if self.names.get(r.pair) else {})
            for r in self.ranking
        ]
        return data


def number_text(value: object, missing: str = "") -> str:
    """A result's number as text: two decimals for a fraction of a point, ``missing`` for none."""
    if value is None:
        return missing
    if isinstance(value, float):
        return f"{value:.2f}"
    return str(value)


def number(value: Fraction | int | None) -> float | int | None:
    """Two decimals, halves away from zero (the documented rounding of every output)."""
    if value is None:
        return None
    exact = value if type(value) in (int, Fraction) else Fraction(value)
    top, bottom = exact.numerator, exact.denominator
    if bottom == 1:
        return int(top)
    # exact integer rounding (every writer calls this for every number: no Decimal, no new
    # Fraction); hundredths / 100 is the double nearest to the two-decimal value (int / int
    # is correctly rounded), as float("36.18") is
    hundredths, rest = divmod(abs(top) * 100, bottom)
    if 2 * rest >= bottom:
        hundredths += 1
    return hundredths / 100 if top > 0 else -(hundredths / 100)


def _result_json(r: ScoredResult, unit: str) -> dict[str, Any]:
    line = r.result
    out: dict[str, Any] = {"ns": line.ns, "ew": line.ew}
    for key in ("round", "table", "room", "match"):
        value = getattr(line, key)
        if value is not None:
            out[key] = value
    out["result"] = line.describe()
    if line.played is not None and line.played.lead:
        out["lead"] = line.played.lead
    out["ns_score"] = number(r.ns_score)
    out["ew_score"] = number(r.ew_score)
    if unit == "mp":
        out |= {
            "ns_mp": number(r.ns_value),
            "ew_mp": number(r.ew_value),
            "ns_percent": number(r.ns_percent),
            "ew_percent": number(r.ew_percent),
        }
    elif unit == "imps":
        out |= {"ns_imps": number(r.ns_value), "ew_imps": number(r.ew_value)}
        if r.ns_average is not None or r.ew_average is not None:
            out |= {
                "ns_imps_average": number(r.ns_average),
                "ew_imps_average": number(r.ew_average),
            }
    else:
        out |= {"ns_points": number(r.ns_value), "ew_points": number(r.ew_value)}
    return out


# -- checking ----------------------------------------------------------------------------------


def check_event(event: EventInput) -> list[Problem]:
    """Every problem of the event as a whole (each line was checked on reading)."""
    problems: list[Problem] = []

    def problem(line: int, message: str) -> None:
        problems.append(Problem(event.source, line, message))

    known = set(event.names)
    seen: dict[tuple[str, int, str | None], int] = {}
    for r in event.lines:
        if r.ns == r.ew:
            problem(r.line, f"pair {r.ns} cannot sit both North-South and East-West")
        if known:
            for pair in (r.ns, r.ew):
                if pair not in known and event.scoring != "teams":
                    problem(r.line, f"unknown pair {pair} (not in the event's list of pairs)")
        if event.movement is not None and event.scoring != "teams":
            why = event.movement.check(r.board, r.ns, r.ew, r.round, r.table)
            if why is not None:
                problem(r.line, f"board {r.board}: {why}")
        for pair in (r.ns, r.ew):
            key = (pair, r.board, r.match)
            if key in seen and event.scoring != "teams":
                problem(
                    r.line,
                    f"pair {pair} already has a result on board {r.board} (line {seen[key]})",
                )
            seen.setdefault(key, r.line)
        if event.scoring == "total-points":
            for side in (r.ns_side, r.ew_side):
                if isinstance(side, Artificial) and side.kind != "NP":
                    problem(
                        r.line,
                        "an artificial score has no value in total points "
                        "(Law 78C): assign a score in points (ns_score) instead",
                    )
    if event.scoring == "teams":
        from bridgelaw.events.teams import check_teams

        problems.extend(check_teams(event))
    return problems


# -- scoring -----------------------------------------------------------------------------------


def score_event(event: EventInput) -> EventResults:
    """Score a checked event by its scoring method."""
    if event.scoring == "teams":
        from bridgelaw.events.teams import score_teams

        return score_teams(event)
    by_board: dict[int, list[ResultLine]] = defaultdict(list)
    for r in event.lines:
        by_board[r.board].append(r)
    if event.scoring == "matchpoints":
        boards = _score_matchpoints(by_board)
    elif event.scoring in ("imps-datum", "cross-imps"):
        boards = _score_imps(by_board, event.scoring, event.datum)
    elif event.scoring == "total-points":
        boards = _score_total_points(by_board)
    else:
        raise ValueError(f"unknown scoring {event.scoring!r}")
    results = EventResults(
        event.event,
        event.scoring,
        boards,
        [],
        names=dict(event.names),
        deals=dict(event.deals),
        datum_method=str(event.datum) if event.scoring == "imps-datum" else None,
    )
    results.ranking = rank_pairs(boards, event.scoring)
    return results


def _scored(side: object) -> Points | None:
    return side if isinstance(side, Points) else None


def _points_score(line: ResultLine, direction: int) -> Fraction | None:
    side = _scored(line.side(direction))
    if side is None:
        return None
    value = side.expected
    return value if direction == NS else -value


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
            side = _scored(line.side(direction))
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
    expected = max(len(lines) for lines in by_board.values())  # the most-played board
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
            result = ScoredResult(line, _points_score(line, NS), _points_score(line, EW))
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
            result = ScoredResult(line, _points_score(line, NS), _points_score(line, EW))
            for direction in (NS, EW):
                side = line.side(direction)
                sign = 1 if direction == NS else -1
                others = [
                    o
                    for j, other in enumerate(lines)
                    if j != index and (o := _scored(other.side(direction))) is not None
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
            result = ScoredResult(line, _points_score(line, NS), _points_score(line, EW))
            # Law 78C: each side's net score on the board counts as it is
            result.ns_value, result.ew_value = result.ns_score, result.ew_score
            scored.append(result)
        boards.append(BoardResults(board, None, scored))
    return boards


# -- ranking -----------------------------------------------------------------------------------


def natural_key(name: str) -> tuple[int, int, str]:
    return (0, int(name), "") if name.isdigit() else (1, 0, name)


def rank_pairs(boards: Sequence[BoardResults], scoring: str) -> list[RankEntry]:
    """Totals per pair, then the ranking (two directions for a Mitchell, one for a Howell)."""
    total: dict[str, Fraction] = defaultdict(Fraction)
    maximum: dict[str, Fraction] = defaultdict(Fraction)
    count: dict[str, int] = defaultdict(int)
    directions: dict[str, set[int]] = defaultdict(set)
    for b in boards:
        for r in b.results:
            for direction, value in ((NS, r.ns_value), (EW, r.ew_value)):
                pair = r.result.pair(direction)
                directions[pair].add(direction)
                if value is None:
                    continue  # not played: not scored (and no maximum)
                total[pair] += value
                count[pair] += 1
                if b.top is not None:
                    maximum[pair] += b.top
    fixed = all(len(d) == 1 for d in directions.values())
    groups: list[tuple[str | None, list[str]]]
    if fixed:
        groups = [(DIRECTIONS[d], [p for p, ds in directions.items() if d in ds]) for d in (NS, EW)]
    else:
        groups = [(None, list(directions))]
    ranking: list[RankEntry] = []
    for label, pairs in groups:
        entries = []
        for pair in pairs:
            top = maximum[pair] if scoring == "matchpoints" else None
            percent = None
            if scoring == "matchpoints":
                percent = 100 * total[pair] / top if top else Fraction(50)
            entries.append(RankEntry("", pair, label, total[pair], top, percent, count[pair]))
        ranking.extend(
            assign_ranks(entries, lambda e: e.percent if e.percent is not None else e.score)
        )
    return ranking


def assign_ranks(entries: Iterable[RankEntry], key: Any) -> list[RankEntry]:
    """Order by ``key`` (highest first) and write ranks; equal keys share a rank like ``3=``."""
    ordered = sorted(entries, key=lambda e: natural_key(e.pair))
    ordered.sort(key=key, reverse=True)
    position = 0
    while position < len(ordered):
        end = position
        while end + 1 < len(ordered) and key(ordered[end + 1]) == key(ordered[position]):
            end += 1
        label = str(position + 1) + ("=" if end > position else "")
        for entry in ordered[position : end + 1]:
            entry.rank = label
        position = end + 1
    return ordered
