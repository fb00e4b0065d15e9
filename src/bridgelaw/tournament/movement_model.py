"""A movement as a value: who sits where, against whom, on which board set, in every round.

Law 4 seats North-South against East-West in partnerships kept through a session; Law 8A has the
Director direct how the boards and the contestants move, round after round. A :class:`Movement`
lists every table of every round as a :class:`Seating` and says what a session needs beside:
the board sets (a set number and its boards), the phantom pairs (place holders: whoever meets
one sits out that round), which tables share a set in a round (share-and-relay) or how many
copies of each set there are, and what the schedule promises (who meets whom, how often each
board is played), which :mod:`bridgelaw.tournament.movement_check` verifies.

Pair numbers are strings, unique in the movement. A Mitchell numbers its two fields by table:
the North-South pair that stays at table ``t`` is pair ``t``, and the East-West pair that starts
at table ``t`` is pair ``tables + t`` (with 7 tables: North-South 1-7, East-West 8-14). An arrow
switch turns the pairs round for a round without changing their numbers or their fields.

Its guide cards (:meth:`Movement.guide_cards`) are plain text: one card a table (who sits there,
the boards and where they go next), one a pair (where it sits, against whom), and the rounds'
sit-outs, shared sets and sets waiting on a relay or bye stand.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import TYPE_CHECKING

from bridgelaw.errors import BridgeLawError

if TYPE_CHECKING:  # formats.pbn is not needed to make a movement
    from bridgelaw.formats.pbn import Problem

MAX_TABLES = 200
"""More tables (or teams) than any one movement seats: the largest sections of a congress have
a few dozen tables. A typing slip like ``--tables 100000`` would ask for billions of seatings."""
MAX_BOARDS_PER_ROUND = 100
"""A round longer than a whole session's boards is a typing slip too."""
MAX_ROUNDS = 2 * MAX_TABLES - 1
"""A complete Howell of the most tables; a movement file with more rounds is refused."""
MAX_SETS = MAX_ROUNDS
"""Board sets: a Howell has one a round; a Mitchell one a table and a few on relay stands."""

MEET_ALL = "all"
"""Every two pairs that may meet (of different fields, when the movement has fields) do."""
MEET_SOME = "some"
"""Pairs meet as the schedule says, no two more often than ``meet_max``."""


PROBLEMS: dict[str, str] = {
    # made by rule: tournament/movements.py
    "least-tables": "this movement needs at least {least} tables, not {tables}",
    "least-teams": "this movement needs at least {least} teams, not {tables}",
    "most-tables": "a movement has at most {most} tables, not {tables}",
    "most-teams": "a movement has at most {most} teams, not {tables}",
    "boards-per-round": "a round has 1 to {most} boards, not {boards}",
    "pairs-seated": "this {kind} seats {fewer} or {seats} pairs, not {pairs}",
    "pairs-fill": "{seats} pairs fill the {kind}: no phantom",
    "phantom-pair": "the phantom must be a pair of the {kind}, 1 to {seats}, not {phantom!r}",
    "even-method": (
        "unknown method {even!r} for an even number of tables (expected skip or share-relay)"
    ),
    "relay-odd": "share-and-relay is for an even number of tables, not {tables}",
    "relay-boards": (
        "share-and-relay needs 2 boards a round or more: tables 1 and {tables} play them in turn"
    ),
    "mitchell-rounds": "a Mitchell of {tables} tables has 1 to {most} rounds, not {rounds}",
    "mitchell-rounds-skip": (
        "a Mitchell of {tables} tables has 1 to {most} rounds, not {rounds} (East-West skip a "
        "table after half the rounds)"
    ),
    "arrow-switch-round": "arrow switch in round {round}, but there are {rounds} rounds",
    "howell-rounds": "a Howell of {tables} tables has 1 to {most} rounds, not {rounds}",
    "round-robin-teams": "a round robin needs at least two teams",
    "teams-least": "a teams movement needs at least two teams, not {teams}",
    "teams-rounds": "{teams} teams play 1 to {most} rounds, not {rounds}",
    "unknown-movement": "unknown movement {kind!r} (expected mitchell, howell or teams)",
    "arrow-switch-mitchell": "an arrow switch is for a Mitchell",
    "teams-no-phantom": (
        "a teams movement has no phantom pair (an odd number of teams gives a bye)"
    ),
    # the session API's movement object: tournament/movement_spec.py
    "number-missing": "{key} is missing (a whole number)",
    "number-needed": "{key} must be a whole number, not {value}",
    "object": 'a movement is an object like {{"kind": "mitchell", "tables": 3, ...}}, not {value}',
    "kind-or-type": "give kind or type, not both",
    "unknown-key": "unknown key {key} (the keys are {keys})",
    "file-content": "a movement of kind file needs its content",
    "unknown-kind": "unknown movement kind {kind} (expected mitchell, howell, teams or file)",
    "teams-key": "teams is the number of teams of a teams movement",
    "rounds-range": "rounds must be from 1 to {most}, not {rounds}",
    "pairs-range": "pairs must be from 1 to {most}, not {pairs}",
    "arrow-switch-list": "arrow_switch must be a list of whole numbers, not {value}",
    "even-value": "even must be skip or share-relay, not {value}",
    "phantom-number": "phantom must be a pair's number, not {value}",
    "even-mitchell": "even (skip or share-relay) is for a Mitchell",
    # a movement file's problems (its reader's own English words, with their line)
    "file-empty": "the movement file is empty",
    "file-problem": "{problem}",
    "file-problem-more": "{problem} (and {more} more problems)",
    "file-line": "line {line}: {problem}",
    "file-line-more": "line {line}: {problem} (and {more} more problems)",
}
"""Each problem of a movement made or asked for, by id: its English with named parameters
(:mod:`bridgelaw.i18n.words` lists them as ``movement.<id>``, written in the reader's
language at the edge). A movement file's own problems (``problem``) are its reader's English
words."""

COUNTED_BY: dict[str, str] = {
    "least-tables": "least",
    "least-teams": "least",
    "most-tables": "most",
    "most-teams": "most",
    "pairs-seated": "seats",
    "pairs-fill": "seats",
    "file-problem-more": "more",
    "file-line-more": "more",
}
"""Problems whose words agree with a count, by the parameter that counts: their catalog
entries have plural forms (``{most} tables``)."""

PREFIX = "movement."
"""The ids' prefix among the application's phrases (``movement.least-tables``)."""

Said = tuple[str, tuple[tuple[str, str | int], ...]]
"""A problem said: its phrase id (``movement.<id>``) and its parameters, by name."""


class MovementError(BridgeLawError, ValueError):
    """A movement that cannot be made or read. ``field`` names what is wrong the way a caller
    wrote it (``"tables"``, ``"movement.rounds"``); ``problem`` is an id of :data:`PROBLEMS`
    said with ``params`` (``message``: its English); ``problems`` are a movement file's
    problems, each with its line.

    >>> error = MovementError("rounds", "howell-rounds", tables=3, most=5, rounds=9)
    >>> str(error)
    'a Howell of 3 tables has 1 to 5 rounds, not 9'
    >>> error.said()
    ('movement.howell-rounds', (('tables', 3), ('most', 5), ('rounds', 9)))
    """

    def __init__(
        self, field: str, problem: str, problems: Sequence[Problem] = (), /, **params: str | int
    ) -> None:
        message = PROBLEMS[problem].format_map(params)
        super().__init__(message)
        self.field = field
        self.message = message
        self.problem = problem
        self.params = params
        self.problems = tuple(problems)

    def said(self) -> Said:
        """The problem as a phrase: its id (``movement.<id>``) and its parameters."""
        return PREFIX + self.problem, tuple(self.params.items())

    def named(self, field: str) -> MovementError:
        """The same problem under another field."""
        return MovementError(field, self.problem, self.problems, **self.params)

    def under(self, prefix: str) -> MovementError:
        """The same error with its field named from ``prefix`` (``movement.tables``)."""
        return self.named(f"{prefix}.{self.field}" if self.field else prefix)


def templates() -> dict[str, str]:
    """Each problem's English by its phrase id (``movement.<id>``)."""
    return {PREFIX + key: text for key, text in PROBLEMS.items()}


@dataclass(frozen=True, slots=True)
class Seating:
    """One table in one round: the pairs (or teams) in each direction and the boards."""

    round: int
    table: int
    ns: str
    ew: str
    boards: tuple[int, ...]
    room: str | None = None
    match: str | None = None
    board_set: int = 0
    """The set played, a key of :attr:`Movement.sets` (0: the movement numbers it)."""
    line: int = field(default=0, compare=False)
    """The line of a movement file the seating was read from, for its problems (0 when it was
    made, or read from a file without problems: such a file is read without lines)."""


@dataclass(frozen=True)
class Movement:
    """A complete movement: every seating of every round, the board sets and the promises."""

    kind: str
    tables: int
    rounds: int
    boards_per_round: int
    seatings: tuple[Seating, ...]
    notes: tuple[str, ...] = ()
    phantoms: frozenset[str] = frozenset()
    """Pairs that are place holders: the pair a phantom meets sits out that round."""
    sets: Mapping[int, tuple[int, ...]] = field(default_factory=dict)
    """Board set number -> its boards. Numbered from the seatings when not given."""
    shares: Mapping[int, tuple[tuple[int, ...], ...]] = field(default_factory=dict)
    """Round -> groups of tables that play one set between them in that round (a share)."""
    copies: int = 1
    """Copies of each board set: a set may be at as many places in a round (a share, or the two
    rooms of a teams match, are one place)."""
    fields: tuple[tuple[str, ...], ...] = ()
    """Groups of pairs that never meet each other (a Mitchell's North-South and East-West)."""
    meet: str = MEET_SOME
    meet_max: int = 1
    """The most times two pairs meet."""
    plays: Mapping[int, int] = field(default_factory=dict)
    """Set -> the tables its boards are played at over the session (a phantom's table counted),
    when not the same for every set."""
    name: str = ""
    # indexes made by __post_init__ (init=False: dataclasses.replace must not hand them over)
    _by_pairs: dict[tuple[str, str], list[Seating]] = field(
        default_factory=dict, init=False, compare=False, repr=False
    )
    _by_round: dict[int, list[Seating]] = field(
        default_factory=dict, init=False, compare=False, repr=False
    )

    def __post_init__(self) -> None:
        sets = dict(self.sets)
        numbered = {boards: number for number, boards in sets.items()}
        seatings = []
        # round by round, table by table: the order of a file's lines is not part of the value
        for s in sorted(self.seatings, key=_round_key):
            if s.board_set == 0:
                number = numbered.get(s.boards)
                if number is None:
                    number = max(sets, default=0) + 1
                    sets[number], numbered[s.boards] = s.boards, number
                s = replace(s, board_set=number)
            elif not s.boards and s.board_set in sets:
                s = replace(s, boards=sets[s.board_set])
            elif s.board_set not in sets and s.boards:
                sets[s.board_set] = s.boards
                numbered.setdefault(s.boards, s.board_set)
            seatings.append(s)
        object.__setattr__(self, "seatings", tuple(seatings))
        object.__setattr__(self, "sets", sets)
        for seating in self.seatings:
            self._by_pairs.setdefault((seating.ns, seating.ew), []).append(seating)
            self._by_round.setdefault(seating.round, []).append(seating)

    # worked out once (the scorer asks for every result); cached_property writes the instance's
    # __dict__ itself, so it works on a frozen dataclass
    @cached_property
    def _pair_names(self) -> frozenset[str]:
        return frozenset(s.ns for s in self.seatings) | frozenset(s.ew for s in self.seatings)

    @cached_property
    def _board_numbers(self) -> frozenset[int]:
        return frozenset(b for s in self.seatings for b in s.boards)

    @property
    def pairs(self) -> list[str]:
        """Every pair (or team) the movement seats, phantoms included, in number order."""
        return sorted(self._pair_names, key=natural_key)

    @property
    def boards(self) -> list[int]:
        return sorted(self._board_numbers)

    def round(self, number: int) -> tuple[Seating, ...]:
        """The seatings of round ``number`` (1-based), by table."""
        return tuple(sorted(self._by_round.get(number, ()), key=_round_key))

    def sitouts(self, number: int) -> list[str]:
        """The pairs that do not play in round ``number``: those meeting a phantom and those the
        round does not seat (a bye). Phantoms are not listed."""
        seated = self._by_round.get(number, [])
        playing = {p for s in seated if not self.sits_out(s) for p in (s.ns, s.ew)}
        idle = set(self.pairs) - playing - self.phantoms
        return sorted(idle, key=natural_key)

    def sits_out(self, seating: Seating) -> bool:
        """True when a phantom sits at this table: its boards are not played there."""
        return seating.ns in self.phantoms or seating.ew in self.phantoms

    def resting(self, number: int) -> list[int]:
        """The sets at no table in round ``number``: they wait on a relay or bye stand."""
        playing = {s.board_set for s in self._by_round.get(number, ())}
        return [n for n in sorted(self.sets) if n not in playing]

    def shared(self, number: int) -> tuple[tuple[int, ...], ...]:
        """The groups of tables sharing a set in round ``number``."""
        return self.shares.get(number, ())

    def next_places(self, seating: Seating) -> list[int]:
        """The tables the seating's set is at in the next round (empty: a stand, or the end)."""
        return sorted(
            s.table for s in self._by_round.get(seating.round + 1, ())
            if s.board_set == seating.board_set
        )  # fmt: skip

    def field_of(self, pair: str) -> int | None:
        """The index of the pair's field (0 for a Mitchell's North-South), if any."""
        for index, members in enumerate(self.fields):
            if pair in members:
                return index
        return None

    def find(self, board: int, ns: str, ew: str) -> Seating | None:
        """The seating where ``ns`` sat North-South against ``ew`` on ``board``, if any."""
        for seating in self._by_pairs.get((ns, ew), ()):
            if board in seating.boards:
                return seating
        return None

    def check(
        self, board: int, ns: str, ew: str, round: int | None = None, table: int | None = None
    ) -> str | None:
        """Why a result of ``ns`` against ``ew`` on ``board`` does not fit, or ``None``."""
        for pair in (ns, ew):
            if pair not in self._pair_names:
                return f"pair {pair} is not in this {self.kind} movement"
        if board not in self._board_numbers:
            return f"board {board} is not played in this movement"
        seating = self.find(board, ns, ew)
        if seating is None:
            meetings = self._by_pairs.get((ns, ew), [])
            if meetings:
                where = ", ".join(f"round {s.round} on boards {span(s.boards)}" for s in meetings)
                return f"{ns} (NS) and {ew} (EW) meet in {where}, not on board {board}"
            if self._by_pairs.get((ew, ns)):
                return f"{ns} and {ew} meet with {ew} sitting North-South, not {ns}"
            return f"{ns} (NS) and {ew} (EW) do not meet in this movement"
        if round is not None and round != seating.round:
            return f"{ns} and {ew} play board {board} in round {seating.round}, not {round}"
        if table is not None and table != seating.table:
            return f"{ns} and {ew} play board {board} at table {seating.table}, not {table}"
        return None

    def guide_cards(self) -> str:
        """Table guide cards (one per table), pair cards (one per pair) and, when the movement
        has any, the rounds' sit-outs, shared sets and sets on a stand, as plain text."""
        return _guide_cards(self)

    def to_json(self) -> dict[str, object]:
        out: dict[str, object] = {
            "movement": self.kind,
            "tables": self.tables,
            "rounds": self.rounds,
            "boards_per_round": self.boards_per_round,
            "notes": list(self.notes),
            "sets": {str(n): list(b) for n, b in sorted(self.sets.items())},
            "phantoms": sorted(self.phantoms, key=natural_key),
            "seatings": [
                {
                    "round": s.round,
                    "table": s.table,
                    "ns": s.ns,
                    "ew": s.ew,
                    "boards": list(s.boards),
                }
                | ({"room": s.room, "match": s.match} if s.room else {})
                | ({"sits_out": True} if self.sits_out(s) else {})
                for s in sorted(self.seatings, key=_round_key)
            ],
        }
        if self.shares:
            out["shares"] = {str(r): [list(g) for g in gs] for r, gs in sorted(self.shares.items())}
        return out


def _round_key(s: Seating) -> tuple[int, int]:
    return s.round, s.table


def natural_key(name: str) -> tuple[int, int, str]:
    # ASCII digits only, few enough for int(): "²1".isdigit() is true and int() refuses it
    numeric = name.isascii() and name.isdigit() and len(name) <= 18
    return (0, int(name), "") if numeric else (1, 0, name)


def span(boards: Sequence[int]) -> str:
    """``1-4`` for consecutive boards, ``1,3,5`` otherwise."""
    if not boards:
        return "-"
    if list(boards) == list(range(boards[0], boards[0] + len(boards))) and len(boards) > 1:
        return f"{boards[0]}-{boards[-1]}"
    return ",".join(str(b) for b in boards)


# -- the guide cards -----------------------------------------------------------------------------


def _then(movement: Movement, seating: Seating) -> str:
    if seating.round == movement.rounds:
        return ""
    tables = movement.next_places(seating)
    if not tables:
        return "stand"
    if len(tables) == 1:
        return f"table {tables[0]}"
    return "tables " + ",".join(str(t) for t in tables)


def _remarks(movement: Movement, seating: Seating) -> str:
    remarks = []
    if seating.room:
        remarks.append(f"{seating.room} room, match {seating.match}")
    for group in movement.shared(seating.round):
        if seating.table in group:
            others = ",".join(str(t) for t in group if t != seating.table)
            remarks.append(f"shares with table{'s' if len(group) > 2 else ''} {others}")
    if movement.sits_out(seating):
        out = [p for p in (seating.ns, seating.ew) if p not in movement.phantoms]
        remarks.append(f"{' and '.join(out) or 'nobody'} sit{'s' if len(out) == 1 else ''} out")
    return f"  ({'; '.join(remarks)})" if remarks else ""


def _title(movement: Movement) -> str:
    unit = "teams" if movement.kind == "teams" else "tables"
    count = len(movement.pairs) if movement.kind == "teams" else movement.tables
    return (
        f"{movement.name or movement.kind.title()}: {count} {unit}, {movement.rounds} rounds, "
        f"{movement.boards_per_round} boards a round"
    )


def _guide_cards(movement: Movement) -> str:
    """The table cards, the pair cards and the rounds (:meth:`Movement.guide_cards`)."""
    out = [_title(movement), *movement.notes]
    board_moves = movement.kind != "teams" and movement.copies == 1
    for table in range(1, movement.tables + 1):
        out.append("")
        out.append(f"Table {table}")
        out.append("  Round  NS     EW     Boards" + ("  Then" if board_moves else ""))
        for s in sorted(movement.seatings, key=lambda s: s.round):
            if s.table != table:
                continue
            boards = span(s.boards)
            then = f"  {_then(movement, s)}" if board_moves else ""
            row = f"  {s.round:>5}  {s.ns:<5}  {s.ew:<5}  {boards:<6}{then}".rstrip()
            out.append(row + _remarks(movement, s))
    for pair in movement.pairs:
        if pair in movement.phantoms:
            continue
        out.append("")
        out.append(f"{'Team' if movement.kind == 'teams' else 'Pair'} {pair}")
        out.append("  Round  Table  Sits  Against  Boards")
        mine: dict[int, list[Seating]] = {}
        for s in sorted(movement.seatings, key=lambda s: (s.round, s.table)):
            if pair in (s.ns, s.ew):
                mine.setdefault(s.round, []).append(s)
        for number in range(1, movement.rounds + 1):
            if not mine.get(number):
                out.append(f"  {number:>5}  bye")
            for s in mine.get(number, ()):
                sits, other = ("NS", s.ew) if s.ns == pair else ("EW", s.ns)
                note = "  (sits out)" if other in movement.phantoms else ""
                out.append(f"  {s.round:>5}  {s.table:>5}  {sits:<4}  {other:<7}  "
                           f"{span(s.boards)}{note}")  # fmt: skip
    out.extend(_rounds(movement))
    return "\n".join(out) + "\n"


def _rounds(movement: Movement) -> list[str]:
    rows = []
    for number in range(1, movement.rounds + 1):
        parts = []
        # a teams round's boards are its own: the other rounds' sets are not waiting on a stand
        resting = movement.resting(number) if movement.kind != "teams" else []
        if resting:
            sets = ", ".join(f"{n} ({span(movement.sets[n])})" for n in resting)
            parts.append(f"on the stand: set{'s' if len(resting) > 1 else ''} {sets}")
        for group in movement.shared(number):
            parts.append("tables " + ",".join(str(t) for t in group) + " share a set")
        out = movement.sitouts(number)
        if out:
            parts.append(f"{'bye' if movement.kind == 'teams' else 'sitting out'}: "
                         + ", ".join(out))  # fmt: skip
        if parts:
            rows.append(f"  Round {number}: " + "; ".join(parts))
    return ["", "Rounds", *rows] if rows else []
