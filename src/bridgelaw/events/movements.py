"""Movements: who sits where, against whom, on which boards, in every round.

Law 4 leaves the movement to the organiser; Law 8 makes the Director responsible for the
players moving and the boards passing as it says. A :class:`Movement` lists every table of every
round as a :class:`Seating`; the scorer uses it to check that each entered result could have
been obtained (:meth:`Movement.check`), and it prints as table guide cards.

* **Mitchell** (:func:`mitchell`): North-South pairs stay at their table (pair ``t`` at table
  ``t``), East-West pairs (numbered ``tables + t``, starting at table ``t``) move up one table
  and the boards down one table each round. With an even number of tables East-West would meet
  the boards they have played, so they skip a table after half the rounds, and at most
  ``tables - 1`` rounds can be played. An arrow switch turns the pairs round for a round
  (North-South sit East-West), so a Mitchell can give one winner.
* **Howell** (:func:`howell`): ``2 * tables`` pairs, each meeting every other pair once in
  ``2 * tables - 1`` rounds. Built cyclically: the last pair stays at table 1, the others
  move round a circle; the board set of each table is offset so that every pair plays every
  set once and, where the number of tables allows, no two tables share a set in a round (a
  search for a "strong starter"; for 2, 3 and 5 tables none exists and sets are shared, which
  needs duplicated boards).
* **Teams** (:func:`teams`): a round robin of teams of four; each match fills two tables,
  the home team North-South in the open room and East-West in the closed room, both rooms
  playing the same boards (exchanged between the rooms during the round).

>>> m = mitchell(tables=3, boards_per_round=2)
>>> [(s.table, s.ns, s.ew, s.boards) for s in m.seatings if s.round == 2]
[(1, '1', '6', (3, 4)), (2, '2', '4', (5, 6)), (3, '3', '5', (1, 2))]
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field


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


@dataclass(frozen=True)
class Movement:
    """A complete movement: every seating of every round."""

    kind: str
    tables: int
    rounds: int
    boards_per_round: int
    seatings: tuple[Seating, ...]
    notes: tuple[str, ...] = ()
    _by_pairs: dict[tuple[str, str], list[Seating]] = field(
        default_factory=dict, compare=False, repr=False
    )

    def __post_init__(self) -> None:
        for seating in self.seatings:
            self._by_pairs.setdefault((seating.ns, seating.ew), []).append(seating)

    @property
    def pairs(self) -> list[str]:
        """Every pair (or team) the movement seats, in number order."""
        names = {s.ns for s in self.seatings} | {s.ew for s in self.seatings}
        return sorted(names, key=natural_key)

    @property
    def boards(self) -> list[int]:
        return sorted({b for s in self.seatings for b in s.boards})

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
        known = set(self.pairs)
        for pair in (ns, ew):
            if pair not in known:
                return f"pair {pair} is not in this {self.kind} movement"
        if board not in self.boards:
            return f"board {board} is not played in this movement"
        seating = self.find(board, ns, ew)
        if seating is None:
            meetings = self._by_pairs.get((ns, ew), [])
            if meetings:
                where = ", ".join(f"round {s.round} on boards {_span(s.boards)}" for s in meetings)
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
        """Table guide cards (one per table) and pair cards (one per pair), as plain text."""
        out: list[str] = []
        title = (
            f"{self.kind.title()}: {self.tables} tables, {self.rounds} rounds, "
            f"{self.boards_per_round} boards a round"
        )
        out.append(title)
        out.extend(self.notes)
        for table in range(1, self.tables + 1):
            out.append("")
            out.append(f"Table {table}")
            out.append("  Round  NS     EW     Boards")
            for s in sorted((s for s in self.seatings if s.table == table), key=_round_key):
                room = f"  ({s.room} room, match {s.match})" if s.room else ""
                out.append(f"  {s.round:>5}  {s.ns:<5}  {s.ew:<5}  {_span(s.boards)}{room}")
        for pair in self.pairs:
            out.append("")
            out.append(f"Pair {pair}")
            out.append("  Round  Table  Sits  Against  Boards")
            mine = [s for s in self.seatings if pair in (s.ns, s.ew)]
            for s in sorted(mine, key=_round_key):
                sits, other = ("NS", s.ew) if s.ns == pair else ("EW", s.ns)
                out.append(
                    f"  {s.round:>5}  {s.table:>5}  {sits:<4}  {other:<7}  {_span(s.boards)}"
                )
        return "\n".join(out) + "\n"

    def to_json(self) -> dict[str, object]:
        return {
            "movement": self.kind,
            "tables": self.tables,
            "rounds": self.rounds,
            "boards_per_round": self.boards_per_round,
            "notes": list(self.notes),
            "seatings": [
                {
                    "round": s.round,
                    "table": s.table,
                    "ns": s.ns,
                    "ew": s.ew,
                    "boards": list(s.boards),
                }
                | ({"room": s.room, "match": s.match} if s.room else {})
                for s in sorted(self.seatings, key=_round_key)
            ],
        }


def _round_key(s: Seating) -> tuple[int, int]:
    return s.round, s.table


def natural_key(name: str) -> tuple[int, int, str]:
    # ASCII digits only, few enough for int(): "²1".isdigit() is true and int() refuses it
    numeric = name.isascii() and name.isdigit() and len(name) <= 18
    return (0, int(name), "") if numeric else (1, 0, name)


def _span(boards: Sequence[int]) -> str:
    if not boards:
        return "-"
    if list(boards) == list(range(boards[0], boards[0] + len(boards))) and len(boards) > 1:
        return f"{boards[0]}-{boards[-1]}"
    return ",".join(str(b) for b in boards)


def _board_set(index: int, boards_per_round: int) -> tuple[int, ...]:
    first = index * boards_per_round + 1
    return tuple(range(first, first + boards_per_round))


MAX_TABLES = 200
"""More tables (or teams) than any one movement seats: the largest sections of a congress have
a few dozen tables. A typing slip like ``--tables 100000`` would ask for billions of seatings."""
MAX_BOARDS_PER_ROUND = 100
"""A round longer than a whole session's boards is a typing slip too."""


def _check_sizes(
    tables: int, boards_per_round: int, least_tables: int, what: str = "tables"
) -> None:
    if tables < least_tables:
        raise ValueError(f"this movement needs at least {least_tables} {what}, not {tables}")
    if tables > MAX_TABLES:
        raise ValueError(f"a movement has at most {MAX_TABLES} {what}, not {tables}")
    if not 1 <= boards_per_round <= MAX_BOARDS_PER_ROUND:
        raise ValueError(f"a round has 1 to {MAX_BOARDS_PER_ROUND} boards, not {boards_per_round}")


def mitchell(
    tables: int,
    boards_per_round: int,
    rounds: int | None = None,
    arrow_switch: Iterable[int] = (),
) -> Movement:
    """A Mitchell movement (see the module text); ``arrow_switch`` lists rounds in which
    every table turns round."""
    _check_sizes(tables, boards_per_round, 2)
    even = tables % 2 == 0
    most = tables - 1 if even else tables
    rounds = most if rounds is None else rounds
    if not 1 <= rounds <= most:
        raise ValueError(
            f"a Mitchell of {tables} tables has 1 to {most} rounds, not {rounds}"
            + (" (East-West skip a table after half the rounds)" if even else "")
        )
    switched = set(arrow_switch)
    bad = sorted(r for r in switched if not 1 <= r <= rounds)
    if bad:
        raise ValueError(f"arrow switch in round {bad[0]}, but there are {rounds} rounds")
    seatings = []
    for r in range(rounds):
        skip = 1 if even and r >= tables // 2 else 0
        for t in range(tables):
            ew_start = (t - r - skip) % tables  # the East-West pair that has reached table t
            ns, ew = str(t + 1), str(tables + ew_start + 1)
            if r + 1 in switched:
                ns, ew = ew, ns  # Law-neutral arrow switch: the pairs change directions
            board_index = (t + r) % tables  # boards move down one table a round
            seatings.append(
                Seating(r + 1, t + 1, ns, ew, _board_set(board_index, boards_per_round))
            )
    notes = []
    if even and rounds > tables // 2:
        notes.append(f"East-West pairs skip a table after round {tables // 2}.")
    if switched:
        notes.append(
            "Arrow switch (pairs turn round) in round "
            + ", ".join(str(r) for r in sorted(switched))
            + "."
        )
    return Movement("mitchell", tables, rounds, boards_per_round, tuple(seatings), tuple(notes))


def _starter_offsets(tables: int) -> tuple[tuple[int, ...], bool]:
    """Board-set offsets c_0..c_{n-1} for the cyclic Howell of ``tables`` tables.

    Pair p meets at table k>0 as ``r + k`` / ``r - k`` in round r, so it plays the sets
    ``p - k + c_k`` and ``p + k + c_k``, and ``p + c_0`` at table 0. Every pair plays every set
    once exactly when {c_0} and all {c_k - k, c_k + k} cover the residues mod 2n - 1; the
    offsets must also differ for the tables of a round to play different sets.
    """
    m = 2 * tables - 1
    best: list[int] = []

    def search(k: int, used_values: set[int], used_offsets: set[int], chosen: list[int]) -> bool:
        if k == tables:
            best[:] = chosen
            return True
        for c in range(m):
            if c in used_offsets:
                continue
            a, b = (c - k) % m, (c + k) % m
            if a in used_values or b in used_values or a == b:
                continue
            used_values |= {a, b}
            used_offsets.add(c)
            chosen.append(c)
            if search(k + 1, used_values, used_offsets, chosen):
                return True
            chosen.pop()
            used_offsets.discard(c)
            used_values -= {a, b}
        return False

    if tables <= 12 and search(1, {0}, {0}, [0]):
        return tuple(best), True
    return tuple([0] * tables), False  # every table plays the same set: needs copies


def howell(tables: int, boards_per_round: int, rounds: int | None = None) -> Movement:
    """A complete (or, with fewer ``rounds``, partial) Howell of ``2 * tables`` pairs."""
    _check_sizes(tables, boards_per_round, 2)
    m = 2 * tables - 1
    rounds = m if rounds is None else rounds
    if not 1 <= rounds <= m:
        raise ValueError(f"a Howell of {tables} tables has 1 to {m} rounds, not {rounds}")
    offsets, separate = _starter_offsets(tables)
    stationary = str(2 * tables)
    seatings = []
    for r in range(rounds):
        for k in range(tables):
            if k == 0:
                ns, ew = (stationary, str(r + 1)) if r % 2 == 0 else (str(r + 1), stationary)
            else:
                ns, ew = str((r + k) % m + 1), str((r - k) % m + 1)
            sets = _board_set((r + offsets[k]) % m, boards_per_round)
            seatings.append(Seating(r + 1, k + 1, ns, ew, sets))
    notes = [f"Pair {stationary} stays at table 1; the other pairs move round the room."]
    if not separate:
        notes.append("The tables of a round share board sets: duplicate the boards.")
    return Movement("howell", tables, rounds, boards_per_round, tuple(seatings), tuple(notes))


def round_robin(teams: Sequence[str]) -> list[list[tuple[str, str]]]:
    """Every team meets every other once (the circle method); with an odd number of teams one
    team sits out each round. Each round is a list of (home, away) matches."""
    names = list(teams)
    if len(names) < 2:
        raise ValueError("a round robin needs at least two teams")
    if len(names) % 2:
        names.append("")  # the bye
    n = len(names)
    fixed, circle = names[0], names[1:]
    rounds = []
    for r in range(n - 1):
        ring = circle[r:] + circle[:r]
        pairs = [(fixed, ring[0])] + [(ring[i], ring[n - 1 - i]) for i in range(1, n // 2)]
        matches = []
        for i, (a, b) in enumerate(pairs):
            if not a or not b:
                continue
            matches.append((a, b) if (i + r) % 2 == 0 else (b, a))  # alternate home and away
        rounds.append(matches)
    return rounds


def teams(team_count: int, boards_per_round: int, rounds: int | None = None) -> Movement:
    """A round robin of ``team_count`` teams, each match at two tables (open and closed room)."""
    if team_count < 2:
        raise ValueError(f"a teams movement needs at least two teams, not {team_count}")
    _check_sizes(team_count, boards_per_round, 2, "teams")
    schedule = round_robin([str(t) for t in range(1, team_count + 1)])
    rounds = len(schedule) if rounds is None else rounds
    if not 1 <= rounds <= len(schedule):
        raise ValueError(f"{team_count} teams play 1 to {len(schedule)} rounds, not {rounds}")
    seatings = []
    tables = 2 * (team_count // 2)
    for r, matches in enumerate(schedule[:rounds]):
        sets = _board_set(r, boards_per_round)
        for i, (home, away) in enumerate(matches):
            match = f"{r + 1}.{i + 1}"
            # Law-independent convention: home North-South in the open room, East-West in the
            # closed room, so each team holds both hands of every board across the two rooms.
            seatings.append(Seating(r + 1, 2 * i + 1, home, away, sets, "open", match))
            seatings.append(Seating(r + 1, 2 * i + 2, away, home, sets, "closed", match))
    half = boards_per_round // 2
    notes = [
        "Home teams sit North-South in the open room and East-West in the closed room.",
        f"The open room starts with the first {boards_per_round - half} boards of the round, "
        "the closed room with the others; the rooms exchange them half way."
        if half
        else "Both rooms play the round's board in turn.",
    ]
    return Movement("teams", tables, rounds, boards_per_round, tuple(seatings), tuple(notes))


def make_movement(
    kind: str,
    tables: int,
    boards_per_round: int,
    rounds: int | None = None,
    arrow_switch: Iterable[int] = (),
) -> Movement:
    """Build a movement by name (``mitchell``, ``howell`` or ``teams``; for teams, ``tables``
    is the number of teams)."""
    if kind == "mitchell":
        return mitchell(tables, boards_per_round, rounds, arrow_switch)
    if kind == "howell":
        return howell(tables, boards_per_round, rounds)
    if kind == "teams":
        return teams(tables, boards_per_round, rounds)
    raise ValueError(f"unknown movement {kind!r} (expected mitchell, howell or teams)")
