"""Movements made by rule: Mitchell, Howell and teams round robins.

The model (:class:`Movement`, :class:`Seating`) is in :mod:`bridgelaw.tournament.movement_model`;
every movement made here passes :func:`bridgelaw.tournament.movement_check.check_movement`.

* **Mitchell** (:func:`mitchell`): North-South pairs stay at their table (pair ``t`` at table
  ``t``), East-West pairs (numbered ``tables + t``, starting at table ``t``) move up one table
  and the boards down one table each round. With an even number of tables East-West would meet
  the boards they have played half way round, so either

  - they **skip** a table after half the rounds (at most ``tables - 1`` rounds), or
  - the boards **share and relay**: set ``tables / 2 + 1`` starts on a relay stand between
    tables ``tables / 2`` and ``tables / 2 + 1``, the last table has no set of its own and shares
    table 1's, and the boards move down through the stand (from the last table's neighbour
    onwards, the shared set goes to table ``tables - 1``). All ``tables`` rounds can be played.

  An odd number of pairs leaves a phantom: by default the North-South pair of the last table,
  so the East-West pair reaching that table sits out (a half table). An arrow switch turns the
  pairs round for a round (North-South sit East-West), so a Mitchell can give one winner.
* **Howell** (:func:`howell`): ``2 * tables`` pairs, each meeting every other once in
  ``2 * tables - 1`` rounds (fewer rounds: a partial Howell). Built cyclically from a starter:
  the last pair stays at table 1, the others move round a circle; each table's board set is
  offset so that every pair plays every set once and, where the number of tables allows, no two
  tables play one set in a round (a "starter and adder"; there is none for 2 and 3 tables, as
  there is no Room square of side 3 or 5, so some tables share sets there). The sets not in play
  in a round rest on a bye stand. An odd number of pairs makes the stationary pair a phantom.
* **Teams** (:func:`teams`): a round robin of teams of four; each match fills two tables,
  the home team North-South in the open room and East-West in the closed room, both rooms
  playing the same boards (exchanged between the rooms during the round); every match of a
  round plays the same boards, so there are as many copies as matches. An odd number of teams
  gives one team a bye each round.

>>> m = mitchell(tables=3, boards_per_round=2)
>>> [(s.table, s.ns, s.ew, s.boards) for s in m.round(2)]
[(1, '1', '6', (3, 4)), (2, '2', '4', (5, 6)), (3, '3', '5', (1, 2))]
>>> m = mitchell(tables=4, boards_per_round=2, even="share-relay")
>>> [(s.table, s.board_set) for s in m.round(1)], m.resting(1), m.shared(1)
([(1, 1), (2, 2), (3, 4), (4, 1)], [3], ((1, 4),))
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from functools import lru_cache

from bridgelaw.tournament.movement_model import (
    MAX_BOARDS_PER_ROUND,
    MAX_TABLES,
    MEET_ALL,
    MEET_SOME,
    Movement,
    MovementError,
    Seating,
    natural_key,
    span,
)

__all__ = [
    "EVEN_METHODS",
    "KINDS",
    "MAX_BOARDS_PER_ROUND",
    "MAX_TABLES",
    "Movement",
    "MovementError",
    "Seating",
    "howell",
    "make_movement",
    "mitchell",
    "natural_key",
    "round_robin",
    "teams",
]

KINDS = ("mitchell", "howell", "teams")
EVEN_METHODS = ("skip", "share-relay")
"""How a Mitchell of an even number of tables keeps East-West off boards they have played."""


def _board_set(index: int, boards_per_round: int) -> tuple[int, ...]:
    first = index * boards_per_round + 1
    return tuple(range(first, first + boards_per_round))


def _sets(count: int, boards_per_round: int) -> dict[int, tuple[int, ...]]:
    return {i + 1: _board_set(i, boards_per_round) for i in range(count)}


def _check_sizes(
    tables: int, boards_per_round: int, least_tables: int, what: str = "tables"
) -> None:
    if tables < least_tables:
        problem = "least-teams" if what == "teams" else "least-tables"
        raise MovementError(what, problem, least=least_tables, tables=tables)
    if tables > MAX_TABLES:
        problem = "most-teams" if what == "teams" else "most-tables"
        raise MovementError(what, problem, most=MAX_TABLES, tables=tables)
    if not 1 <= boards_per_round <= MAX_BOARDS_PER_ROUND:
        raise MovementError("boards_per_round", "boards-per-round", most=MAX_BOARDS_PER_ROUND,
                            boards=boards_per_round)  # fmt: skip


def _phantom(
    kind: str, seats: int, pairs: int | None, phantom: str | None, default: str
) -> frozenset[str]:
    """The phantom pair, if the field is a pair short (``pairs == seats - 1``) or one is named."""
    if pairs is not None and pairs not in (seats, seats - 1):
        raise MovementError("pairs", "pairs-seated", kind=kind, fewer=seats - 1, seats=seats,
                            pairs=pairs)  # fmt: skip
    if phantom is not None:
        if pairs == seats:
            raise MovementError("phantom", "pairs-fill", seats=seats, kind=kind)
        if phantom not in {str(p) for p in range(1, seats + 1)}:
            raise MovementError("phantom", "phantom-pair", kind=kind, seats=seats,
                                phantom=phantom)  # fmt: skip
        return frozenset({phantom})
    return frozenset({default}) if pairs == seats - 1 else frozenset()


def _phantom_note(phantoms: frozenset[str]) -> list[str]:
    return [f"Pair {p} is a phantom: the pair it meets sits out that round." for p in phantoms]


def mitchell(
    tables: int,
    boards_per_round: int,
    rounds: int | None = None,
    arrow_switch: Iterable[int] = (),
    *,
    even: str = "skip",
    pairs: int | None = None,
    phantom: str | None = None,
) -> Movement:
    """A Mitchell movement (see the module text).

    ``arrow_switch`` lists rounds in which every table turns round; ``even`` is how an even
    number of tables is run (``skip`` or ``share-relay``); ``pairs = 2 * tables - 1`` (or a
    named ``phantom``) leaves one pair a phantom, by default the North-South pair of the last
    table."""
    _check_sizes(tables, boards_per_round, 2)
    if even not in EVEN_METHODS:
        raise MovementError("even", "even-method", even=even)
    is_even = tables % 2 == 0
    relay = is_even and even == "share-relay"
    if even == "share-relay" and not is_even:
        raise MovementError("even", "relay-odd", tables=tables)
    if relay and boards_per_round < 2:
        raise MovementError("boards_per_round", "relay-boards", tables=tables)
    most = tables - 1 if is_even and not relay else tables
    rounds = most if rounds is None else rounds
    if not 1 <= rounds <= most:
        problem = "mitchell-rounds-skip" if is_even and not relay else "mitchell-rounds"
        raise MovementError("rounds", problem, tables=tables, most=most, rounds=rounds)
    switched = set(arrow_switch)
    bad = sorted(r for r in switched if not 1 <= r <= rounds)
    if bad:
        raise MovementError("arrow_switch", "arrow-switch-round", round=bad[0], rounds=rounds)
    phantoms = _phantom("Mitchell", 2 * tables, pairs, phantom, str(tables))
    half = tables // 2

    def position(table: int) -> int:  # 0-based table -> place in the ring of sets
        if not relay:
            return table
        if table in (0, tables - 1):
            return 0  # the first and last tables share a set
        return table if table < half else table + 1  # the relay stand is place `half`

    seatings = []
    for r in range(rounds):
        skip = 1 if is_even and not relay and r >= half else 0
        for t in range(tables):
            ew_start = (t - r - skip) % tables  # the East-West pair that has reached table t
            ns, ew = str(t + 1), str(tables + ew_start + 1)
            if r + 1 in switched:
                ns, ew = ew, ns  # the pairs change directions, not numbers or fields
            index = (position(t) + r) % tables  # boards move down one place a round
            boards = _board_set(index, boards_per_round)
            seatings.append(Seating(r + 1, t + 1, ns, ew, boards, board_set=index + 1))
    notes = []
    if is_even and not relay and rounds > half:
        notes.append(f"East-West pairs skip a table after round {half}.")
    shares: dict[int, tuple[tuple[int, ...], ...]] = {}
    plays: dict[int, int] = {}
    if relay:
        notes.append(
            f"Tables 1 and {tables} share a set. A relay stand between tables {half} and "
            f"{half + 1} holds a set each round: the boards move down one table, from table "
            f"{half + 1} to the stand, from the stand to table {half}, and from tables 1 and "
            f"{tables} to table {tables - 1}."
        )
        shares = {r: ((1, tables),) for r in range(1, rounds + 1)}
        if rounds < tables:  # the shared place plays its set twice, the stand not at all
            plays = dict(Counter(s.board_set for s in seatings))
            plays |= {n: 0 for n in range(1, tables + 1) if n not in plays}
    if switched:
        notes.append(
            "Arrow switch (pairs turn round) in round "
            + ", ".join(str(r) for r in sorted(switched))
            + "."
        )
    notes.extend(_phantom_note(phantoms))
    sets = _sets(tables, boards_per_round)
    full = rounds == most and (relay or not is_even)
    fields = (
        tuple(str(t) for t in range(1, tables + 1)),
        tuple(str(t) for t in range(tables + 1, 2 * tables + 1)),
    )
    method = "share and relay" if relay else "skip" if is_even and rounds > half else ""
    name = f"Mitchell, {tables} tables" + (f", {method}" if method else "")
    return Movement(
        "mitchell", tables, rounds, boards_per_round, tuple(seatings), tuple(notes),
        phantoms=phantoms, sets={n: b for n, b in sets.items() if plays.get(n, 1)},
        shares=shares, fields=fields, meet=MEET_ALL if full else MEET_SOME,
        plays={n: c for n, c in plays.items() if c}, name=name,
    )  # fmt: skip


# -- Howell -------------------------------------------------------------------------------------

DESIGN_TABLES = 21
"""The largest Howell for which a design with separate sets is searched for (at most about
15,000 steps up to 21 tables); a larger one plays the same set at every table (copies)."""
GENERAL_TABLES = 8
"""The largest Howell for which any starter is tried when the patterned one fails (5 tables
needs it); its search grows much faster."""
SEARCH_STEPS = 20_000

Design = tuple[tuple[int, int, int], ...]
"""For tables 2..n of a cyclic Howell: (x, y, a): in round r the pairs ``r + x`` (North-South)
and ``r + y`` meet there on set ``r + a`` (mod 2n - 1); table 1 seats the stationary pair
against pair ``r`` on set ``r``. The {x, y} are a starter (their differences cover every
non-zero residue once) and the {a - x, a - y} cover the non-zero residues once (an adder):
then every pair meets every other once and plays every set once, and distinct ``a`` keep the
tables of a round on different sets."""


class _OutOfSteps(Exception):
    pass


@lru_cache(maxsize=64)
def _design(tables: int) -> Design | None:
    if tables > DESIGN_TABLES:
        return None
    found = _patterned_design(tables)
    return found if found or tables > GENERAL_TABLES else _general_design(tables)


def _patterned_design(tables: int) -> Design | None:
    """The starter {k, -k} with offsets ``c_k`` found by search (the design used since the
    first release: pair ``r + k`` meets ``r - k`` at table k + 1)."""
    m = 2 * tables - 1
    chosen: list[int] = []
    steps = [0]

    def search(k: int, used_values: set[int], used_offsets: set[int]) -> bool:
        steps[0] += 1
        if steps[0] > SEARCH_STEPS:
            raise _OutOfSteps
        if k == tables:
            return True
        for c in range(m):
            a, b = (c - k) % m, (c + k) % m
            if c in used_offsets or a in used_values or b in used_values or a == b:
                continue
            used_values |= {a, b}
            used_offsets.add(c)
            chosen.append(c)
            if search(k + 1, used_values, used_offsets):
                return True
            chosen.pop()
            used_offsets.discard(c)
            used_values -= {a, b}
        return False

    try:
        if not search(1, {0}, {0}):
            return None
    except _OutOfSteps:
        return None
    return tuple((k, -k % m, c) for k, c in enumerate(chosen, start=1))


def _general_design(tables: int) -> Design | None:
    """Any starter with an adder (5 tables has no patterned one but has this kind)."""
    m = 2 * tables - 1
    chosen: list[tuple[int, int, int]] = []
    used: set[int] = set()
    differences: set[int] = set()
    adders, sets = {0}, {0}
    steps = [0]

    def search() -> bool:
        steps[0] += 1
        if steps[0] > SEARCH_STEPS:
            raise _OutOfSteps
        x = next((v for v in range(1, m) if v not in used), None)
        if x is None:
            return True
        for y in range(x + 1, m):
            d = (x - y) % m
            if y in used or d in differences:
                continue
            for a in range(1, m):
                s1, s2 = (a - x) % m, (a - y) % m
                if a in adders or s1 in sets or s2 in sets or s1 == s2:
                    continue
                used.update((x, y))
                differences.update((d, -d % m))
                adders.add(a)
                sets.update((s1, s2))
                chosen.append((x, y, a))
                if search():
                    return True
                chosen.pop()
                used.difference_update((x, y))
                differences.difference_update((d, -d % m))
                adders.discard(a)
                sets.difference_update((s1, s2))
        return False

    try:
        return tuple(chosen) if search() else None
    except _OutOfSteps:
        return None


@lru_cache(maxsize=4)
def _least_shared_sets(tables: int) -> tuple[tuple[int, ...], ...] | None:
    """For the patterned pairs of a small Howell with no design: the set (0-based) of each
    table in each round such that every pair plays every set once, with the fewest tables
    playing a set another table of the round plays (branch and bound; 2 and 3 tables)."""
    if tables > 3:
        return None
    m = 2 * tables - 1
    cells = [(r, k) for r in range(m) for k in range(tables)]
    best: list[list[list[int]] | None] = [None]
    bound = [m * tables]
    grid = [[-1] * tables for _ in range(m)]
    played: dict[int, set[int]] = {}

    def pair_ids(r: int, k: int) -> tuple[int, int]:
        return (m, r) if k == 0 else ((r + k) % m, (r - k) % m)

    def search(i: int, cost: int) -> None:
        if cost >= bound[0]:
            return
        if i == len(cells):
            bound[0], best[0] = cost, [list(row) for row in grid]
            return
        r, k = cells[i]
        a, b = pair_ids(r, k)
        for s in range(m):
            if s in played.setdefault(a, set()) or s in played.setdefault(b, set()):
                continue
            extra = 1 if s in grid[r][:k] else 0
            grid[r][k] = s
            played[a].add(s)
            played[b].add(s)
            search(i + 1, cost + extra)
            played[a].discard(s)
            played[b].discard(s)
            grid[r][k] = -1

    search(0, 0)
    return None if best[0] is None else tuple(tuple(row) for row in best[0])


def howell(
    tables: int,
    boards_per_round: int,
    rounds: int | None = None,
    *,
    pairs: int | None = None,
    phantom: str | None = None,
) -> Movement:
    """A complete (or, with fewer ``rounds``, partial) Howell of ``2 * tables`` pairs;
    ``pairs = 2 * tables - 1`` (or a named ``phantom``) leaves one a phantom, by default the
    stationary pair, so that the pair reaching table 1 sits out."""
    _check_sizes(tables, boards_per_round, 2)
    m = 2 * tables - 1
    rounds = m if rounds is None else rounds
    if not 1 <= rounds <= m:
        raise MovementError("rounds", "howell-rounds", tables=tables, most=m, rounds=rounds)
    stationary = str(2 * tables)
    phantoms = _phantom("Howell", 2 * tables, pairs, phantom, stationary)
    design = _design(tables)
    grid = None if design else _least_shared_sets(tables)
    offsets = [0] + [a for _, _, a in design] if design else [0] * tables
    starter = [(0, 0)] + [(x, y) for x, y, _ in design] if design else None
    cells = []
    for r in range(rounds):
        for k in range(tables):
            if k == 0:
                ns, ew = (stationary, str(r + 1)) if r % 2 == 0 else (str(r + 1), stationary)
            elif starter is not None:
                x, y = starter[k]
                ns, ew = str((r + x) % m + 1), str((r + y) % m + 1)
            else:
                ns, ew = str((r + k) % m + 1), str((r - k) % m + 1)
            index = grid[r][k] if grid is not None else (r + offsets[k]) % m
            cells.append((r + 1, k + 1, ns, ew, index))
    # a partial Howell may leave sets out: the others are numbered in order, boards following
    used = sorted({c[4] for c in cells})
    number = {index: n for n, index in enumerate(used, start=1)}
    sets = {number[i]: _board_set(number[i] - 1, boards_per_round) for i in used}
    seatings = tuple(Seating(r, t, ns, ew, sets[number[i]], board_set=number[i])
                     for r, t, ns, ew, i in cells)  # fmt: skip
    notes = [f"Pair {stationary} stays at table 1; the other pairs move round the room."]
    if m > tables:
        notes.append("The sets not in play in a round wait on a bye stand.")
    shares, copies = _howell_shares(seatings, boards_per_round)
    if shares:
        notes.append("Some tables share a set in a round (listed by round): they play its "
                     "boards in turn.")  # fmt: skip
    if copies > 1:
        notes.append(f"In some rounds {copies} tables play the same set, which has too few "
                     f"boards to share: make {copies} copies of each set.")  # fmt: skip
    counts = Counter(s.board_set for s in seatings)
    plays = dict(counts) if len(set(counts.values())) > 1 else {}
    if plays:
        notes.append("A partial Howell: some boards are played at more tables than others.")
    notes.extend(_phantom_note(phantoms))
    complete = rounds == m
    name = f"Howell, {tables} tables" + ("" if complete else f", {rounds} rounds")
    return Movement(
        "howell", tables, rounds, boards_per_round, seatings, tuple(notes), phantoms=phantoms,
        sets=sets, shares=shares, copies=copies, meet=MEET_ALL if complete else MEET_SOME,
        plays=plays, name=name,
    )  # fmt: skip


def _howell_shares(
    seatings: Sequence[Seating], boards_per_round: int
) -> tuple[dict[int, tuple[tuple[int, ...], ...]], int]:
    """Tables of a round on one set share it when it has a board for each of them; otherwise
    the set needs copies, one for each such table."""
    groups: dict[tuple[int, int], list[int]] = {}
    for s in seatings:
        groups.setdefault((s.round, s.board_set), []).append(s.table)
    together = [(r, tuple(t)) for (r, _), t in sorted(groups.items()) if len(t) > 1]
    largest = max((len(t) for _, t in together), default=1)
    if largest > boards_per_round:
        return {}, largest
    shares: dict[int, tuple[tuple[int, ...], ...]] = {}
    for r, t in together:
        shares[r] = (*shares.get(r, ()), t)
    return shares, 1


# -- teams --------------------------------------------------------------------------------------


def round_robin(teams: Sequence[str]) -> list[list[tuple[str, str]]]:
    """Every team meets every other once (the circle method); with an odd number of teams one
    team sits out each round. Each round is a list of (home, away) matches."""
    names = list(teams)
    if len(names) < 2:
        raise MovementError("teams", "round-robin-teams")
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
        raise MovementError("teams", "teams-least", teams=team_count)
    _check_sizes(team_count, boards_per_round, 2, "teams")
    schedule = round_robin([str(t) for t in range(1, team_count + 1)])
    rounds = len(schedule) if rounds is None else rounds
    if not 1 <= rounds <= len(schedule):
        raise MovementError("rounds", "teams-rounds", teams=team_count, most=len(schedule),
                            rounds=rounds)  # fmt: skip
    seatings = []
    tables = 2 * (team_count // 2)
    for r, matches in enumerate(schedule[:rounds]):
        sets = _board_set(r, boards_per_round)
        for i, (home, away) in enumerate(matches):
            match = f"{r + 1}.{i + 1}"
            # Law-independent convention: home North-South in the open room, East-West in the
            # closed room, so each team holds both hands of every board across the two rooms.
            seatings.append(Seating(r + 1, 2 * i + 1, home, away, sets, "open", match, r + 1))
            seatings.append(Seating(r + 1, 2 * i + 2, away, home, sets, "closed", match, r + 1))
    half = boards_per_round // 2
    notes = [
        "Home teams sit North-South in the open room and East-West in the closed room.",
        f"The open room starts with the first {boards_per_round - half} boards of the round, "
        "the closed room with the others; the rooms exchange them half way."
        if half
        else "Both rooms play the round's board in turn.",
    ]
    matches_a_round = team_count // 2
    if matches_a_round > 1:
        notes.append(f"Every match of a round plays the same boards: make {matches_a_round} "
                     "copies of each set.")  # fmt: skip
    if team_count % 2:
        notes.append("One team has a bye each round.")
    complete = rounds == len(schedule)
    return Movement(
        "teams", tables, rounds, boards_per_round, tuple(seatings), tuple(notes),
        sets=_sets(rounds, boards_per_round), copies=matches_a_round,
        meet=MEET_ALL if complete else MEET_SOME, name=f"Teams round robin, {team_count} teams",
    )  # fmt: skip


def make_movement(
    kind: str,
    tables: int,
    boards_per_round: int,
    rounds: int | None = None,
    arrow_switch: Iterable[int] = (),
    *,
    even: str = "skip",
    pairs: int | None = None,
    phantom: str | None = None,
) -> Movement:
    """Build a movement by name (``mitchell``, ``howell`` or ``teams``; for teams, ``tables``
    is the number of teams)."""
    if kind not in KINDS:
        raise MovementError("kind", "unknown-movement", kind=kind)
    if kind == "mitchell":
        return mitchell(tables, boards_per_round, rounds, arrow_switch, even=even, pairs=pairs,
                        phantom=phantom)  # fmt: skip
    if tuple(arrow_switch):
        raise MovementError("arrow_switch", "arrow-switch-mitchell")
    if kind == "howell":
        return howell(tables, boards_per_round, rounds, pairs=pairs, phantom=phantom)
    if pairs is not None or phantom is not None:
        raise MovementError("pairs" if pairs is not None else "phantom", "teams-no-phantom")
    return teams(tables, boards_per_round, rounds)


def describe(movement: Movement) -> str:
    """One line: the movement's name, size and boards."""
    boards = movement.boards
    return (f"{movement.name or movement.kind}: {movement.tables} tables, {movement.rounds} "
            f"rounds, boards {span(boards)}")  # fmt: skip
