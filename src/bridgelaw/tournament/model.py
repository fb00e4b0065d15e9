"""The values every scorer shares: a tournament's input (:class:`TournamentInput`, its matches), its
scored results (each result, each board, the ranking, each match: :class:`TournamentResults`), their
JSON, exact numbers and how they are written, and the ranking's helpers.

:mod:`bridgelaw.tournament.session` checks and scores a tournament with them; the scorers
(:mod:`~bridgelaw.tournament.bulk`, :mod:`~bridgelaw.tournament.bulk_imps`,
:mod:`~bridgelaw.tournament.reference`, :mod:`~bridgelaw.tournament.teams`) and the live ranking
(:mod:`bridgelaw.tournament.live`) build them.
"""

from __future__ import annotations

import gc
from collections import defaultdict
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any

from bridgelaw.cards import Deal
from bridgelaw.scoring.butler import DatumMethod
from bridgelaw.scoring.results import Points, ResultLine
from bridgelaw.tournament.movements import Movement, natural_key

SCORINGS = ("matchpoints", "imps-datum", "cross-imps", "total-points", "teams")

#: What a row against a phantom pair (a pair that sat out: no opponents) counts for. The default,
#: ``not-a-result``: nothing -- the row is left out, the board's top and everyone else's scores
#: are as if the row were not in the file (a sit-out is no table). ``not-played``: a table where
#: the board was not played -- it counts among the board's tables, so the other results are
#: factored up to it (Neuberg), as some scorers do when a phantom is entered as "not played".
SITOUTS = ("not-a-result", "not-played")

#: How cross-IMPs rank the pairs. The default, ``average``: the sum over the boards of each
#: board's average IMPs per comparison (what other scorers publish, and fair when boards were
#: played a different number of times); ``total``: the sum of the raw cross-IMP totals.
CROSS_IMPS_RANKINGS = ("average", "total")

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
class TournamentInput:
    """Everything a session's scoring needs, as read from a results file."""

    name: str
    """The tournament's name: the results JSON's ``"event"``, PBN's ``Event`` tag, USEBIO's
    ``EVENT_DESCRIPTION`` (each format's word, kept)."""
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
    phantoms: frozenset[str] = frozenset()
    """Pairs that are only place holders: a row against one is a sit-out (see SITOUTS)."""
    sitouts: str = "not-a-result"
    cross_imps_ranking: str = "average"


@dataclass(slots=True)
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
    texts: tuple[str, str, str, str, str, str] | None = None
    """The six numbers the outputs write (scores, values, percentages: see :func:`value_texts`),
    made once: by the bulk scorers as they build the result, else on first use."""


class BoardResults:
    """One board's traveller: its top (matchpoints), its datum (Butler) and its scored results.

    A board scored in bulk builds its :class:`ScoredResult` list from the bulk scorer's arrays
    on every access to :attr:`results` and does not keep it, so that a tournament of a million
    results never holds a million scored objects at once: keep the list if you need it twice,
    or use :meth:`kept` (several outputs: each board built once, each value and its text made
    once per board and shared by the results that have it).
    """

    __slots__ = ("_build", "_results", "board", "datum", "top")

    def __init__(
        self,
        board: int,
        top: Fraction | None,
        results: list[ScoredResult] | None = None,
        datum: Fraction | None = None,
        build: Callable[[], list[ScoredResult]] | None = None,
    ) -> None:
        if (results is None) == (build is None):
            raise ValueError("a board needs either its results or a way to build them")
        self.board = board
        self.top = top
        self.datum = datum
        self._results = results
        self._build = build

    @property
    def results(self) -> list[ScoredResult]:
        if self._results is not None:
            return self._results
        assert self._build is not None
        return self._build()

    def kept(self) -> BoardResults:
        """This board with its results built on first use and then kept (for several
        outputs: each reads the same list instead of building its own)."""
        if self._results is not None or isinstance(self._build, _Once):
            return self
        return BoardResults(self.board, self.top, datum=self.datum, build=_Once(self._build))

    def __repr__(self) -> str:
        return f"BoardResults(board={self.board}, top={self.top}, datum={self.datum})"


class _Once:
    """A build run once, its result kept."""

    __slots__ = ("_build", "_built")

    def __init__(self, build: Callable[[], list[ScoredResult]] | None) -> None:
        self._build = build
        self._built: list[ScoredResult] | None = None

    def __call__(self) -> list[ScoredResult]:
        if self._built is None:
            assert self._build is not None
            self._built = self._build()
            self._build = None
        return self._built


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
class TournamentResults:
    name: str
    """The tournament's name, written as the JSON's ``"event"`` (see :class:`TournamentInput`)."""
    scoring: str
    boards: list[BoardResults]
    ranking: list[RankEntry]
    matches: list[MatchResult] = field(default_factory=list)
    names: dict[str, str] = field(default_factory=dict)
    deals: dict[int, Deal] = field(default_factory=dict)
    datum_method: str | None = None
    cross_imps_ranking: str | None = None
    phantoms: frozenset[str] = frozenset()
    """The tournament's phantom pairs and how a row against one counted (:data:`SITOUTS`), for the
    writers: a file written must say so, or reading it back ranks the phantoms as pairs."""
    sitouts: str = "not-a-result"

    def kept(self) -> TournamentResults:
        """The tournament with each board's results built once and kept until this copy is dropped:
        for writing several outputs (see :meth:`BoardResults.kept`)."""
        return replace(self, boards=[board.kept() for board in self.boards])

    @property
    def unit(self) -> str:
        return {"matchpoints": "mp", "total-points": "points"}.get(self.scoring, "imps")

    def to_json(self) -> dict[str, Any]:
        """The ``--json`` output of ``score-event`` (spec: event-results.md)."""
        unit = self.unit
        boards = [board_json(b, unit) for b in self.boards]
        data: dict[str, Any] = {"event": self.name, "scoring": self.scoring, "boards": boards}
        if self.cross_imps_ranking is not None:
            data["cross_imps_ranking"] = self.cross_imps_ranking
        if self.matches:
            data["matches"] = [match_json(m) for m in self.matches]
        data["ranking"] = [rank_json(r, self.scoring, self.names) for r in self.ranking]
        return data


def board_json(b: BoardResults, unit: str) -> dict[str, Any]:
    """One board of :meth:`TournamentResults.to_json`: its number, top, datum and results."""
    entry: dict[str, Any] = {"board": b.board, "top": number(b.top)}
    if b.datum is not None:
        entry["datum"] = number(b.datum)
    entry["results"] = [result_json(r, unit) for r in b.results]
    return entry


def match_json(m: MatchResult) -> dict[str, Any]:
    """One teams match of :meth:`TournamentResults.to_json`."""
    return {
        "match": m.match,
        "home": m.home,
        "away": m.away,
        "boards": m.boards,
        "imps": [number(m.imps[0]), number(m.imps[1])],
        "margin": [number(m.margin[0]), number(m.margin[1])],
        "vp": None if m.vp is None else [number(m.vp[0]), number(m.vp[1])],
    }


def rank_json(r: RankEntry, scoring: str, names: dict[str, str]) -> dict[str, Any]:
    """One ranking entry of :meth:`TournamentResults.to_json` (with the players' names if known)."""
    return {
        "rank": r.rank,
        "pair": r.pair,
        "direction": r.direction,
        "score": number(r.score),
        "max": number(r.max),
        "percent": number(r.percent),
        "matches" if scoring == "teams" else "boards": r.boards,
    } | ({"names": names[r.pair]} if names.get(r.pair) else {})


def number_text(value: object, missing: str = "") -> str:
    """A result's number as text: two decimals for a fraction of a point, ``missing`` for none."""
    if value is None:
        return missing
    if isinstance(value, float):
        return f"{value:.2f}"
    return str(value)


def number(value: Fraction | int | None) -> float | int | None:
    """Two decimals, halves away from zero (the documented rounding of every output).

    Rounded in integers, exactly: ``|n/d| * 100 + 1/2`` rounded down, then divided by 100 (the
    nearest float to that many hundredths)."""
    if value is None:
        return None
    if type(value) is int:
        return value
    exact = value if isinstance(value, Fraction) else Fraction(value)
    numerator, denominator = exact.numerator, exact.denominator
    if denominator == 1:
        return numerator
    hundredths = (200 * abs(numerator) + denominator) // (2 * denominator)
    return (hundredths if numerator > 0 else -hundredths) / 100


def fraction_number(numerator: int, denominator: int) -> float | int:
    """``number(Fraction(numerator, denominator))`` without making the fraction
    (``denominator > 0``): the whole number, or the nearest hundredth, halves away from zero.

    >>> fraction_number(34, 4), fraction_number(-7, 3), fraction_number(-12, 4)
    (8.5, -2.33, -3)
    """
    whole, rest = divmod(numerator, denominator)
    if not rest:
        return whole
    hundredths = (200 * abs(numerator) + denominator) // (2 * denominator)
    return (hundredths if numerator > 0 else -hundredths) / 100


def fraction_text(numerator: int, denominator: int) -> str:
    """``number_text(number(Fraction(numerator, denominator)))`` without making the fraction:
    the whole number, or two decimals rounded halves away from zero (``denominator > 0``)."""
    whole, rest = divmod(numerator, denominator)
    if not rest:
        return str(whole)
    hundredths = (200 * abs(numerator) + denominator) // (2 * denominator)
    return f"{(hundredths if numerator > 0 else -hundredths) / 100:.2f}"


def value_text(value: Fraction | int | None) -> str:
    """A value as every output writes it (``number_text(number(value))``): ``""`` for none."""
    if value is None:
        return ""
    if type(value) is int:
        return str(value)
    return fraction_text(value.numerator, value.denominator)


Exact = dict[tuple[int, int], tuple[Fraction, str]]
"""``(numerator, denominator)`` -> the fraction and its text: one board's values are made once
each (a board has few distinct scores and values), and shared by the results that have them."""


def exact_value(numerator: int, denominator: int, known: Exact) -> tuple[Fraction, str]:
    """``Fraction(numerator, denominator)`` and its text, from ``known`` when made before."""
    key = (numerator, denominator)
    found = known.get(key)
    if found is None:
        found = known[key] = (Fraction(numerator, denominator), fraction_text(*key))
    return found


def score_value(line: ResultLine, direction: int, known: Exact) -> tuple[Fraction | None, str]:
    """:func:`points_score` and its text; a plain score (one outcome) from ``known``."""
    side = line.side(direction)
    if side.__class__ is Points:
        components = side.components
        if len(components) == 1:
            score = components[0][0]
            return exact_value(score if direction == NS else -score, 1, known)
    value = points_score(line, direction)
    return value, value_text(value)


def value_texts(r: ScoredResult) -> tuple[str, str, str, str, str, str]:
    """The texts of ``r``'s scores, values and percentages as every output writes them
    (``""`` for none): North-South's and East-West's score, value, percentage; made once."""
    texts = r.texts
    if texts is None:
        texts = r.texts = (
            value_text(r.ns_score),
            value_text(r.ew_score),
            value_text(r.ns_value),
            value_text(r.ew_value),
            value_text(r.ns_percent),
            value_text(r.ew_percent),
        )
    return texts


def result_json(r: ScoredResult, unit: str) -> dict[str, Any]:
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


@contextmanager
def collector_paused() -> Iterator[None]:
    """Python's cyclic garbage collector paused while a session is read or scored.

    Nearly every object made then is kept (it is the tournament, or its scores), so the collector's
    passes over them find nothing and cost a quarter of the time on a large session. Garbage
    made meanwhile is collected once the collector runs again."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def without_pairs(ranking: list[RankEntry], pairs: frozenset[str]) -> list[RankEntry]:
    """The ranking without ``pairs`` (phantoms are not ranked), the others ranked again."""
    groups: dict[str | None, list[RankEntry]] = {}
    for entry in ranking:
        if entry.pair not in pairs:
            groups.setdefault(entry.direction, []).append(entry)
    ranked: list[RankEntry] = []
    for entries in groups.values():
        ranked.extend(assign_ranks(entries, _rank_key))
    return ranked


def _rank_key(entry: RankEntry) -> Fraction:
    return entry.percent if entry.percent is not None else entry.score


def scored_points(side: object) -> Points | None:
    return side if isinstance(side, Points) else None


def points_score(line: ResultLine, direction: int) -> Fraction | None:
    side = scored_points(line.side(direction))
    if side is None:
        return None
    components = side.components
    if len(components) == 1:  # one outcome, of weight 1: its score (cheaper than the mean)
        score = components[0][0]
        return Fraction(score if direction == NS else -score)
    value = side.expected
    return value if direction == NS else -value


# -- ranking -----------------------------------------------------------------------------------


def rank_pairs(
    boards: Sequence[BoardResults], scoring: str, by_average: bool = False
) -> list[RankEntry]:
    """Totals per pair, then the ranking (two directions for a Mitchell, one for a Howell).

    ``by_average`` (cross-IMPs): each board counts with its average per comparison."""
    total: dict[str, Fraction] = defaultdict(Fraction)
    maximum: dict[str, Fraction] = defaultdict(Fraction)
    count: dict[str, int] = defaultdict(int)
    directions: dict[str, set[int]] = defaultdict(set)
    for b in boards:
        for r in b.results:
            values = ((NS, r.ns_average), (EW, r.ew_average)) if by_average else None
            for direction, value in values or ((NS, r.ns_value), (EW, r.ew_value)):
                pair = r.result.pair(direction)
                directions[pair].add(direction)
                if value is None:
                    continue  # not played: not scored (and no maximum)
                total[pair] += value
                count[pair] += 1
                if b.top is not None:
                    maximum[pair] += b.top
    return rank_totals(directions, total, maximum, count, scoring)


def rank_totals(
    directions: dict[str, set[int]],
    total: dict[str, Fraction],
    maximum: dict[str, Fraction],
    count: dict[str, int],
    scoring: str,
) -> list[RankEntry]:
    """The ranking from each pair's totals: by percentage for matchpoints, else by score.

    ``directions`` holds every pair with the directions it sat in; a pair missing from the
    other mappings scored nothing."""
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
            score = total.get(pair, Fraction(0))
            top = maximum.get(pair, Fraction(0)) if scoring == "matchpoints" else None
            percent = None
            if scoring == "matchpoints":
                percent = 100 * score / top if top else Fraction(50)
            entries.append(RankEntry("", pair, label, score, top, percent, count.get(pair, 0)))
        ranking.extend(assign_ranks(entries, _rank_key))
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
