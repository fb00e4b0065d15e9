"""Checking a movement's schedule: can it be run as it says (Law 8), and does it keep its
promises?

:func:`check_movement` finds, each with its line when the movement was read from a file:

* a round or table outside the movement, a table seated twice in a round;
* a pair against itself, a pair seated twice in one round (at one table or two; a team once in
  each room);
* a board in two sets, a seating on a set that is not defined, a defined set never played;
* a pair (a team in one room) playing a set twice: it would play its boards twice;
* two pairs meeting more often than the movement allows (``meet_max``, once by default), two
  pairs of one field meeting, and with ``meet: all`` two pairs that never meet;
* boards played at a different number of tables from the others, unless the movement declares
  each set's count (``plays``);
* a set at two places in one round, unless those tables are declared to share it or the
  movement has copies enough (the two rooms of a teams match are one place); a share of more
  tables than the set has boards;
* in a teams movement, a match without exactly an open and a closed room, the same two teams
  with directions exchanged and the same set.

The work is linear in the seatings (and quadratic in the pairs for ``meet: all``), and a movement
file is capped in size before it gets here (:mod:`bridgelaw.formats.movement_file`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field

from bridgelaw.tournament.movement_model import (
    MAX_TABLES,
    MEET_ALL,
    Movement,
    Seating,
    natural_key,
    span,
)

Found = tuple[int, str]
"""A problem: the line (0 when the movement was made, not read) and the message."""


@dataclass(frozen=True)
class Lines:
    """Where the parts of a movement file are, for the problems found in them."""

    top: int = 0
    rounds: Mapping[int, int] = field(default_factory=dict)
    sets: Mapping[int, int] = field(default_factory=dict)


def _names(items: list[str], most: int = 8) -> str:
    shown = ", ".join(items[:most])
    return shown + (f" and {len(items) - most} more" if len(items) > most else "")


def _tables(tables: list[int]) -> str:
    words = [str(t) for t in sorted(tables)]
    return " and ".join(words) if len(words) <= 2 else ", ".join(words[:-1]) + " and " + words[-1]


def check_movement(movement: Movement, lines: Lines | None = None) -> list[Found]:
    """Every problem of the movement's schedule (see the module text), in file order."""
    lines = lines or Lines()
    found: list[Found] = []
    seatings = sorted(movement.seatings, key=lambda s: (s.round, s.table, s.line))
    found += _check_sets(movement, lines)
    found += _check_seatings(movement, seatings, lines)
    found += _check_rounds(movement, lines)
    found += _check_meetings(movement, seatings, lines)
    found += _check_plays(movement, lines)
    if movement.kind == "teams" or any(s.match is not None for s in seatings):
        found += _check_matches(seatings, lines)
    found.sort(key=lambda f: f[0])
    return found


def _check_sets(movement: Movement, lines: Lines) -> list[Found]:
    found: list[Found] = []
    owner: dict[int, int] = {}
    for number, boards in sorted(movement.sets.items()):
        line = lines.sets.get(number, lines.top)
        if not boards:
            found.append((line, f"set {number} has no boards"))
        for board in boards:
            if board in owner:
                where = "twice" if owner[board] == number else f"and in set {owner[board]}"
                found.append((line, f"board {board} is in set {number} {where}"))
            owner.setdefault(board, number)
    return found


def _check_seatings(movement: Movement, seatings: list[Seating], lines: Lines) -> list[Found]:
    found: list[Found] = []
    at_table: dict[tuple[int, int], Seating] = {}
    in_round: dict[tuple[int, str, str | None], Seating] = {}
    on_set: dict[tuple[str, str | None, int], Seating] = {}
    for s in seatings:
        line = s.line or lines.rounds.get(s.round, lines.top)
        if not 1 <= s.round <= movement.rounds:
            found.append((line, f"round {s.round} is not a round of this movement "
                                f"(1 to {movement.rounds})"))  # fmt: skip
        if not 1 <= s.table <= movement.tables:
            found.append((line, f"table {s.table} is not a table of this movement "
                                f"(1 to {movement.tables})"))  # fmt: skip
        first = at_table.setdefault((s.round, s.table), s)
        if first is not s:
            found.append((line, f"table {s.table} is seated twice in round {s.round}"
                                + _seen(first)))  # fmt: skip
        if s.ns == s.ew:
            found.append((line, f"pair {s.ns} plays against itself at table {s.table} in "
                                f"round {s.round}"))  # fmt: skip
            continue
        for pair in (s.ns, s.ew):
            first = in_round.setdefault((s.round, pair, s.room), s)
            if first is not s:
                found.append((line, f"pair {pair} is at table {first.table} and table "
                                    f"{s.table} in round {s.round}" + _seen(first)))  # fmt: skip
        if s.board_set not in movement.sets:
            found.append((line, f"set {s.board_set} is not defined (the sets are "
                                f"{_names([str(n) for n in sorted(movement.sets)])})"))  # fmt: skip
            continue
        if s.boards != movement.sets[s.board_set]:
            found.append((line, f"table {s.table} in round {s.round} plays boards "
                                f"{span(s.boards)}, not set {s.board_set}'s"))  # fmt: skip
        for pair in (s.ns, s.ew):
            first = on_set.setdefault((pair, s.room, s.board_set), s)
            if first is not s and first.round != s.round:
                seen = f", line {first.line}" if first.line else ""
                found.append((line, f"pair {pair} plays set {s.board_set} again in round "
                                    f"{s.round} (first in round {first.round}{seen})"))  # fmt: skip
    return found


def _seen(first: Seating) -> str:
    return f" (line {first.line})" if first.line else ""


def _check_rounds(movement: Movement, lines: Lines) -> list[Found]:
    """Each round: a table in one share at most, a share's tables on one set with a board for
    each, and no set at more places than there are copies."""
    found: list[Found] = []
    for number in range(1, movement.rounds + 1):
        line = lines.rounds.get(number, lines.top)
        seated = movement.round(number)
        if not seated:
            found.append((line, f"round {number} seats nobody"))
            continue
        by_table = {s.table: s for s in seated}
        share_of: dict[int, int] = {}
        for index, group in enumerate(movement.shared(number)):
            found += _check_share(movement, number, line, group, by_table)
            for table in group:
                if share_of.setdefault(table, index) != index:
                    found.append((line, f"table {table} is in two shares in round {number}"))
        places: dict[int, dict[tuple[str, object], Seating]] = {}
        for s in seated:
            place: tuple[str, object] = ("table", s.table)
            if s.table in share_of:
                place = ("share", share_of[s.table])
            elif s.match is not None:
                place = ("match", s.match)
            places.setdefault(s.board_set, {}).setdefault(place, s)
        for board_set, where in sorted(places.items()):
            if len(where) <= movement.copies:
                continue
            tables = sorted(s.table for s in seated if s.board_set == board_set)
            copies = f"{movement.copies} cop{'y' if movement.copies == 1 else 'ies'}"
            found.append((line, f"set {board_set} is at tables {_tables(tables)} in round "
                                f"{number}, with {copies} of each set and no share of those "
                                "tables declared"))  # fmt: skip
    return found


def _check_share(
    movement: Movement, number: int, line: int, group: tuple[int, ...], by_table: dict[int, Seating]
) -> list[Found]:
    found: list[Found] = []
    if len(set(group)) < 2:
        return [(line, f"a share in round {number} needs two tables or more, not {list(group)}")]
    missing = [t for t in group if t not in by_table]
    if missing:
        return [(line, f"table {missing[0]} shares a set in round {number} but is not seated")]
    sets = sorted({by_table[t].board_set for t in group})
    if len(sets) > 1:
        found.append((line, f"tables {_tables(list(group))} share in round {number} but play "
                            f"sets {_tables(sets)}"))  # fmt: skip
    elif len(movement.sets.get(sets[0], ())) < len(group):
        boards = len(movement.sets.get(sets[0], ()))
        found.append((line, f"tables {_tables(list(group))} share set {sets[0]} of {boards} "
                            f"board{'s' if boards != 1 else ''} in round {number}: a shared set "
                            "needs a board for each table"))  # fmt: skip
    return found


def _check_meetings(movement: Movement, seatings: list[Seating], lines: Lines) -> list[Found]:
    found: list[Found] = []
    meetings: dict[tuple[str, str], dict[tuple[int, object], Seating]] = {}
    for s in seatings:
        if s.ns == s.ew:
            continue
        key = (
            (s.ns, s.ew) if (natural_key(s.ns), s.ns) <= (natural_key(s.ew), s.ew) else (s.ew, s.ns)
        )
        occasion = (s.round, s.match if s.match is not None else s.table)
        meetings.setdefault(key, {}).setdefault(occasion, s)
    field_of = {pair: index for index, members in enumerate(movement.fields) for pair in members}
    for (a, b), occasions in meetings.items():
        seen = sorted(occasions.values(), key=lambda s: (s.round, s.table))
        if len(seen) > movement.meet_max:
            extra = seen[movement.meet_max]
            rounds = ", ".join(str(s.round) for s in seen)
            most = f"{movement.meet_max} time{'s' if movement.meet_max != 1 else ''}"
            found.append((extra.line or lines.top, f"pairs {a} and {b} meet {len(seen)} times "
                                                   f"(rounds {rounds}); the movement allows "
                                                   f"{most}"))  # fmt: skip
        field_a, field_b = field_of.get(a), field_of.get(b)
        if field_a is not None and field_a == field_b:
            found.append((seen[0].line or lines.top, f"pairs {a} and {b} are both in field "
                                                     f"{field_a + 1} but meet in round "
                                                     f"{seen[0].round}"))  # fmt: skip
    pairs = movement.pairs
    if len(pairs) > 2 * MAX_TABLES:  # two pairs a table: and the checks below are quadratic
        found.append((lines.top, f"the movement seats {len(pairs):,} pairs; a movement seats "
                                 f"at most {2 * MAX_TABLES}"))  # fmt: skip
        return found
    if movement.fields:
        found += _check_fields(movement, pairs, lines)
    for phantom in sorted(movement.phantoms, key=natural_key):
        if phantom not in pairs:
            found.append((lines.top, f"phantom {phantom} is not seated in the movement"))
    if movement.meet == MEET_ALL:
        for i, a in enumerate(pairs):
            never = [
                b for b in pairs[i + 1 :]
                if (a, b) not in meetings and (b, a) not in meetings
                and (field_of.get(a) is None or field_of.get(a) != field_of.get(b))
            ]  # fmt: skip
            if never:
                found.append((lines.top, f"pair {a} never meets {_names(never)}, though every "
                                         "two pairs that may meet should"))  # fmt: skip
    return found


def _check_fields(movement: Movement, pairs: list[str], lines: Lines) -> list[Found]:
    found: list[Found] = []
    members = Counter(p for f in movement.fields for p in f)
    for pair, count in sorted(members.items(), key=lambda i: natural_key(i[0])):
        if count > 1:
            found.append((lines.top, f"pair {pair} is in {count} fields"))
        if pair not in pairs:
            found.append((lines.top, f"pair {pair} of the fields is not seated"))
    outside = [p for p in pairs if p not in members]
    if outside:
        found.append((lines.top, f"pairs seated in no field: {_names(outside)}"))
    return found


def _check_plays(movement: Movement, lines: Lines) -> list[Found]:
    found: list[Found] = []
    counts = Counter(s.board_set for s in movement.seatings if s.board_set in movement.sets)
    for number in sorted(movement.sets):
        line = lines.sets.get(number, lines.top)
        if counts[number] == 0:
            found.append((line, f"set {number} (boards {span(movement.sets[number])}) is never "
                                "played"))  # fmt: skip
    if movement.plays:
        for number in sorted(set(movement.plays) | set(counts)):
            line = lines.sets.get(number, lines.top)
            declared = movement.plays.get(number)
            if declared is None:
                found.append((line, f"set {number} is played at {counts[number]} tables, and "
                                    "the movement's plays do not say how often"))  # fmt: skip
            elif number not in movement.sets:
                found.append((lines.top, f"plays counts set {number}, which is not defined"))
            elif declared != counts[number]:
                found.append((line, f"set {number} is played at {counts[number]} "
                                    f"table{'s' if counts[number] != 1 else ''}, not {declared} "
                                    "as the movement says"))  # fmt: skip
        return found
    usual = _usual(Counter(counts.values()))
    for number, count in sorted(counts.items()):
        if count != usual:
            found.append((lines.sets.get(number, lines.top),
                          f"set {number} is played at {count} table{'s' if count != 1 else ''}, "
                          f"the other sets at {usual}: declare each set's plays if that is "
                          "meant"))  # fmt: skip
    return found


def _usual(tally: Counter[int]) -> int:
    """The most common count (the larger on a tie)."""
    return max(tally, key=lambda c: (tally[c], c)) if tally else 0


def _check_matches(seatings: list[Seating], lines: Lines) -> list[Found]:
    found: list[Found] = []
    matches: dict[tuple[int, str], list[Seating]] = {}
    for s in seatings:
        line = s.line or lines.rounds.get(s.round, lines.top)
        if s.match is None or s.room not in ("open", "closed"):
            found.append((line, f"table {s.table} in round {s.round}: a teams seating needs "
                                'its match and its room ("open" or "closed")'))  # fmt: skip
            continue
        matches.setdefault((s.round, s.match), []).append(s)
    for (number, match), seats in matches.items():
        line = seats[0].line or lines.rounds.get(number, lines.top)
        rooms = sorted(s.room or "" for s in seats)
        if rooms != ["closed", "open"]:
            found.append((line, f"match {match} in round {number} has rooms {', '.join(rooms)}: "
                                "it needs one open and one closed room"))  # fmt: skip
            continue
        open_, closed = sorted(seats, key=lambda s: s.room != "open")
        if (open_.ns, open_.ew) != (closed.ew, closed.ns):
            found.append((line, f"match {match} in round {number}: the closed room must seat "
                                f"the open room's teams the other way round ({open_.ew} "
                                f"North-South, {open_.ns} East-West)"))  # fmt: skip
        if open_.board_set != closed.board_set:
            found.append((line, f"match {match} in round {number}: both rooms play one set, "
                                f"not sets {open_.board_set} and {closed.board_set}"))  # fmt: skip
    return found
