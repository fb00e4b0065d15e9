"""The movement file: a movement as JSON a club can write by hand, read leniently.

The format is documented in ``docs/movements.md``. Reading collects every problem with its line,
like the PBN and results readers: a value of the wrong type, a size beyond the caps, and then
everything :func:`bridgelaw.tournament.movement_check.check_movement` finds in the schedule (who
meets whom, how often each board is played, shares and copies...). The movement is built only
from a file without problems.

JSON rather than YAML: the session API carries a movement inside its JSON request as it is, the
results JSON's ``movement`` extension embeds one the same way, and JSON has no aliases or tags
for a hostile file to multiply. One seating a line keeps it easy to write by hand.

>>> from bridgelaw.tournament.movements import mitchell
>>> text = write_movement_file(mitchell(3, 2))
>>> read_movement_file(text).movement == mitchell(3, 2)
True
>>> bad = text.replace('"ns": "2", "ew": "4"', '"ns": "2", "ew": "2"')
>>> for problem in read_movement_file(bad, "club.json").problems:
...     print(problem)
club.json:1: pair 2 never meets 4, though every two pairs that may meet should
club.json:24: pair 2 plays against itself at table 2 in round 2
"""

from __future__ import annotations

import json
import json.decoder
import json.scanner
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from bridgelaw.formats.pbn import Problem
from bridgelaw.inputs import shown
from bridgelaw.tournament.movement_check import Lines, check_movement
from bridgelaw.tournament.movement_model import (
    MAX_BOARDS_PER_ROUND,
    MAX_ROUNDS,
    MAX_SETS,
    MAX_TABLES,
    MEET_ALL,
    MEET_SOME,
    Movement,
    Seating,
    natural_key,
)

FORMAT = "bridgelaw-movement"
VERSION = 1
MAX_CHARS = 8_000_000
"""A movement file of the most tables and rounds (a 200-table Howell) is about 4 MB."""
MAX_BOARD = 2**32 - 1
"""As :data:`bridgelaw.dealing.dealer.MAX_BOARD` (not imported: it would load the dealer)."""
MAX_NAME = 40
"""A pair's or a match's name; a movement's kind."""
MAX_TEXT = 1_000
"""A movement's name and each note."""
TOP_KEYS = (
    "format", "version", "kind", "name", "tables", "rounds", "boards_per_round", "sets",
    "phantoms", "fields", "meet", "meet_max", "copies", "plays", "share", "notes", "schedule",
)  # fmt: skip
ROUND_KEYS = ("round", "share", "tables")
SEATING_KEYS = ("table", "ns", "ew", "set", "room", "match")

Report = Callable[[int, str], None]


class _Object(dict[str, Any]):
    """A JSON object that remembers its line and the keys given twice."""

    line: int = 0
    twice: tuple[str, ...] = ()


class _Array(list[Any]):
    """A JSON array that remembers its line."""

    line: int = 0


def _decoder(text: str) -> json.JSONDecoder:
    starts = [0]
    position = text.find("\n")
    while position >= 0:
        starts.append(position + 1)
        position = text.find("\n", position + 1)

    def line_of(index: int) -> int:
        low, high = 0, len(starts)
        while low + 1 < high:
            mid = (low + high) // 2
            if starts[mid] <= index:
                low = mid
            else:
                high = mid
        return low + 1

    decoder = json.JSONDecoder()
    json_object = getattr(json.decoder, "JSONObject")  # noqa: B009 (not in the stubs)
    json_array = getattr(json.decoder, "JSONArray")  # noqa: B009

    def parse_object(s_and_end: tuple[str, int], *args: Any) -> tuple[_Object, int]:
        pairs, end = json_object(s_and_end, *args)
        obj = _Object(pairs)
        obj.line = line_of(s_and_end[1] - 1)
        if len(obj) < len(pairs):
            keys = [k for k, _ in pairs]
            obj.twice = tuple(sorted({k for k in keys if keys.count(k) > 1}))
        return obj, end

    def parse_array(s_and_end: tuple[str, int], scan_once: Any) -> tuple[_Array, int]:
        values, end = json_array(s_and_end, scan_once)
        array = _Array(values)
        array.line = line_of(s_and_end[1] - 1)
        return array, end

    # the pure-Python scanner reads these hooks from the decoder when it is made
    setattr(decoder, "parse_object", parse_object)  # noqa: B010
    setattr(decoder, "parse_array", parse_array)  # noqa: B010
    decoder.object_pairs_hook = list  # JSONObject hands back the pairs; we build the object
    decoder.scan_once = json.scanner.py_make_scanner(decoder)  # type: ignore[attr-defined]
    return decoder


@dataclass
class MovementRead:
    """What reading found: the movement (``None`` when there is any problem) and the problems."""

    movement: Movement | None
    problems: list[Problem] = field(default_factory=list)


def _pairs_object(pairs: list[tuple[str, Any]]) -> _Object:
    obj = _Object(pairs)
    if len(obj) < len(pairs):
        obj.twice = ("",)  # some key twice: the line-tracking pass names it
    return obj


def read_movement_file(text: str, filename: str = "<movement>") -> MovementRead:
    """Read and check a movement file (JSON text, see ``docs/movements.md``).

    A file without problems is read by the standard library's C decoder; a file with any is
    read again by the line-tracking decoder, so that every problem names its line."""
    text = text.removeprefix("\ufeff")
    if len(text) <= MAX_CHARS:
        try:
            data = json.loads(text, object_pairs_hook=_pairs_object)
        except (ValueError, RecursionError):
            pass  # reported with its line below
        else:
            found: list[int] = []
            movement = movement_from_json(data, lambda line, message: found.append(line))
            if movement is not None and not found:
                return MovementRead(movement)
    return _read_tracking_lines(text, filename)


def _read_tracking_lines(text: str, filename: str) -> MovementRead:
    problems: list[Problem] = []

    def report(line: int, message: str) -> None:
        problems.append(Problem(filename, max(line, 1), message))

    if len(text) > MAX_CHARS:
        report(1, f"a movement file has at most {MAX_CHARS:,} characters, not {len(text):,}")
        return MovementRead(None, problems)
    try:
        data, end = _decoder(text).raw_decode(text, _skip_space(text, 0))
        rest = _skip_space(text, end)
        if rest < len(text):
            raise json.JSONDecodeError("extra data after the movement", text, rest)
    except json.JSONDecodeError as error:
        report(error.lineno, f"not valid JSON: {error.msg} (column {error.colno})")
        return MovementRead(None, problems)
    except RecursionError:
        report(1, "not valid JSON: nested too deeply")
        return MovementRead(None, problems)
    except ValueError:  # a number of more than 4,300 digits
        report(1, "not valid JSON for a movement: a number of more than 4,300 digits")
        return MovementRead(None, problems)
    movement = movement_from_json(data, report)
    problems.sort(key=lambda p: p.line)
    return MovementRead(movement if not problems else None, problems)


def _skip_space(text: str, index: int) -> int:
    while index < len(text) and text[index] in " \t\r\n":
        index += 1
    return index


# -- values -------------------------------------------------------------------------------------


def _line(value: Any, default: int) -> int:
    return getattr(value, "line", 0) or default


def _whole(value: Any, least: int, most: int) -> int | None:
    """A whole number from ``least`` to ``most``: a JSON integer or a string of ASCII digits."""
    if isinstance(value, str) and value.isascii() and value.isdigit() and len(value) <= 18:
        value = int(value)
    if isinstance(value, int) and not isinstance(value, bool) and least <= value <= most:
        return value
    return None


def _name(value: Any) -> str | None:
    """A pair's (team's, match's) name: a string or a whole number, at most 40 characters,
    printable (it is quoted in messages and printed on guide cards)."""
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 10**18:
        return str(value)
    name = value.strip() if isinstance(value, str) else ""
    if name and len(name) <= MAX_NAME and name.isprintable():
        return name
    return None


class _Reader:
    """One movement object's values, each problem reported with its line."""

    def __init__(self, data: Any, report: Report, line: int) -> None:
        self.data = data if isinstance(data, dict) else {}
        self.report = report
        self.top = _line(data, line)

    def whole(self, key: str, least: int, most: int, obj: Any = None, line: int = 0) -> int | None:
        source = self.data if obj is None else obj
        if key not in source:
            return None
        value = _whole(source[key], least, most)
        if value is None:
            self.report(line or self.top, f"{key} must be a whole number from {least} to "
                        f"{most:,}, not {shown(source[key])}")  # fmt: skip
        return value

    def text(self, key: str, most: int) -> str | None:
        value = self.data.get(key)
        if value is None:
            return None
        if not isinstance(value, str) or not value.isprintable() or len(value) > most:
            self.report(self.top, f"{key} must be a text on one line of at most {most:,} "
                        f"characters, not {shown(value)}")  # fmt: skip
            return None
        return value

    def names(self, value: Any, what: str, line: int) -> list[str]:
        if not isinstance(value, list) or len(value) > 2 * MAX_TABLES:
            self.report(_line(value, line), f"{what} must be a list of at most "
                        f"{2 * MAX_TABLES} pair names, not {shown(value)}")  # fmt: skip
            return []
        names = [_name(v) for v in value]
        bad = [v for v, n in zip(value, names, strict=True) if n is None]
        if bad:
            self.report(_line(value, line), f"{what}: {shown(bad[0])} is not a pair name "
                        f"(a text or a whole number, at most {MAX_NAME} characters)")  # fmt: skip
        return [n for n in names if n is not None]

    def groups(self, value: Any, line: int) -> list[tuple[int, ...]]:
        """A ``share``: lists of table numbers."""
        where = _line(value, line)
        if not isinstance(value, list) or len(value) > MAX_TABLES:
            self.report(where, f"share must be a list of lists of tables, not {shown(value)}")
            return []
        groups = []
        for group in value:
            tables = [_whole(t, 1, MAX_TABLES) for t in group] if isinstance(group, list) else []
            if not tables or None in tables or len(tables) > MAX_TABLES:
                self.report(_line(group, where), "each share must list the tables sharing a "
                            f"set (1 to {MAX_TABLES}), not {shown(group)}")  # fmt: skip
                continue
            groups.append(tuple(t for t in tables if t is not None))
        return groups


def movement_from_json(data: Any, report: Report, line: int = 1) -> Movement | None:
    """The movement a movement file's object describes, every problem reported with its line
    (``line`` where the object has none of its own); ``None`` when it cannot be built."""
    if not isinstance(data, dict):
        report(_line(data, line), f"a movement file is a JSON object, not {shown(data)}")
        return None
    reported = [0]

    def counted(at: int, message: str) -> None:
        reported[0] += 1
        report(at, message)

    r = _Reader(data, counted, line)
    top = r.top
    for key in getattr(data, "twice", ()):
        counted(top, f"{key!r} is given twice")
    unknown = [k for k in data if k not in TOP_KEYS]
    if unknown:
        counted(top, f"unknown key {shown(unknown[0])} (the keys are {', '.join(TOP_KEYS)})")
    if data.get("format", FORMAT) != FORMAT:
        counted(top, f"format must be {FORMAT!r}, not {shown(data.get('format'))}")
    if data.get("version", VERSION) != VERSION:
        counted(top, f"version {shown(data.get('version'))} is not known (this reader knows "
               f"version {VERSION})")  # fmt: skip
    kind = r.text("kind", MAX_NAME)
    if kind is None and "kind" not in data:
        counted(top, 'kind is missing (e.g. "mitchell", "howell", "teams")')
    name = r.text("name", MAX_TEXT) or ""
    tables = r.whole("tables", 1, MAX_TABLES)
    rounds = r.whole("rounds", 1, MAX_ROUNDS)
    boards_per_round = r.whole("boards_per_round", 1, MAX_BOARDS_PER_ROUND)
    meet_max = r.whole("meet_max", 1, MAX_ROUNDS) or 1
    copies = r.whole("copies", 1, MAX_TABLES) or 1
    meet = data.get("meet", MEET_SOME)
    if meet not in (MEET_ALL, MEET_SOME):
        counted(top, f"meet must be {MEET_ALL!r} or {MEET_SOME!r}, not {shown(meet)}")
    sets, set_lines = _read_sets(data.get("sets"), r)
    plays = _read_plays(data.get("plays"), sets, r)
    phantoms = r.names(data["phantoms"], "phantoms", top) if "phantoms" in data else []
    fields = _read_fields(data.get("fields"), r)
    everywhere = r.groups(data["share"], top) if "share" in data else []
    notes = _read_notes(data.get("notes"), r)
    seatings, shares, round_lines = _read_schedule(data.get("schedule"), sets, everywhere, r)
    if not seatings:
        if not reported[0]:
            report(top, "the schedule seats nobody")
        return None
    seen_rounds = max(s.round for s in seatings)
    seen_tables = max(s.table for s in seatings)
    if rounds is not None and rounds != seen_rounds:
        report(top, f"rounds is {rounds} but the schedule has {seen_rounds}")
    if tables is not None and seen_tables > tables:
        report(top, f"tables is {tables} but the schedule seats table {seen_tables}")
    largest = max((len(b) for b in sets.values()), default=1)
    movement = Movement(
        kind or "movement", tables or seen_tables, seen_rounds, boards_per_round or largest,
        tuple(seatings), tuple(notes), phantoms=frozenset(phantoms), sets=sets, shares=shares,
        copies=copies, fields=tuple(fields), meet=meet if meet in (MEET_ALL, MEET_SOME) else
        MEET_SOME, meet_max=meet_max, plays=plays, name=name,
    )  # fmt: skip
    for where, message in check_movement(movement, Lines(top, round_lines, set_lines)):
        report(where, message)
    return movement


def _read_sets(value: Any, r: _Reader) -> tuple[dict[int, tuple[int, ...]], dict[int, int]]:
    sets: dict[int, tuple[int, ...]] = {}
    lines: dict[int, int] = {}
    if value is None:
        r.report(r.top, 'sets is missing: {"1": [1, 2], "2": [3, 4], ...}')
        return sets, lines
    where = _line(value, r.top)
    if not isinstance(value, dict) or len(value) > MAX_SETS:
        r.report(where, f"sets must map each set number to its boards (at most {MAX_SETS} "
                 f"sets), not {shown(value)}")  # fmt: skip
        return sets, lines
    for key in getattr(value, "twice", ()):
        r.report(where, f"set {key} is defined twice")
    for key, boards in value.items():
        number = _whole(key, 1, MAX_SETS)
        line = _line(boards, where)
        if number is None:
            r.report(line, f"{shown(key)} is not a set number (1 to {MAX_SETS})")
            continue
        numbers = [_whole(b, 1, MAX_BOARD) for b in boards] if isinstance(boards, list) else []
        if not numbers or None in numbers or len(numbers) > MAX_BOARDS_PER_ROUND:
            r.report(line, f"set {number} must list its boards (1 to {MAX_BOARDS_PER_ROUND} "
                     f"board numbers from 1 to {MAX_BOARD:,}), not {shown(boards)}")  # fmt: skip
            continue
        sets[number] = tuple(b for b in numbers if b is not None)
        lines[number] = line
    return sets, lines


def _read_plays(value: Any, sets: dict[int, tuple[int, ...]], r: _Reader) -> dict[int, int]:
    if value is None:
        return {}
    most = MAX_ROUNDS * MAX_TABLES
    if _whole(value, 0, most) is not None and not isinstance(value, str):
        return dict.fromkeys(sets, int(value))
    if not isinstance(value, dict) or len(value) > MAX_SETS:
        r.report(_line(value, r.top), "plays must be how many tables play each set: a number "
                 f'for every set, or {{"1": 3, "2": 4, ...}}, not {shown(value)}')  # fmt: skip
        return {}
    plays = {}
    for key, count in value.items():
        number, times = _whole(key, 1, MAX_SETS), _whole(count, 0, most)
        if number is None or times is None:
            r.report(_line(value, r.top), f"plays: {shown(key)}: {shown(count)} is not a set "
                     "number and a count of tables")  # fmt: skip
            continue
        plays[number] = times
    return plays


def _read_fields(value: Any, r: _Reader) -> list[tuple[str, ...]]:
    if value is None:
        return []
    if not isinstance(value, list) or len(value) > 2 * MAX_TABLES:
        r.report(_line(value, r.top), f"fields must be a list of lists of pairs, not "
                 f"{shown(value)}")  # fmt: skip
        return []
    return [tuple(r.names(f, "a field", _line(value, r.top))) for f in value]


def _read_notes(value: Any, r: _Reader) -> list[str]:
    if value is None:
        return []
    ok = isinstance(value, list) and len(value) <= 100
    if not ok or not all(isinstance(n, str) and len(n) <= MAX_TEXT for n in value):
        r.report(_line(value, r.top), f"notes must be a list of at most 100 texts of at most "
                 f"{MAX_TEXT:,} characters")  # fmt: skip
        return []
    return list(value)


def _read_schedule(
    value: Any, sets: dict[int, tuple[int, ...]], everywhere: list[tuple[int, ...]], r: _Reader
) -> tuple[list[Seating], dict[int, tuple[tuple[int, ...], ...]], dict[int, int]]:
    seatings: list[Seating] = []
    shares: dict[int, tuple[tuple[int, ...], ...]] = {}
    lines: dict[int, int] = {}
    if value is None:
        r.report(r.top, 'schedule is missing: [{"round": 1, "tables": [...]}, ...]')
        return seatings, shares, lines
    if not isinstance(value, list) or not value or len(value) > MAX_ROUNDS:
        r.report(_line(value, r.top), f"schedule must list the rounds (1 to {MAX_ROUNDS}), "
                 f"not {shown(value)}")  # fmt: skip
        return seatings, shares, lines
    for position, item in enumerate(value, start=1):
        where = _line(item, _line(value, r.top))
        if not isinstance(item, dict):
            r.report(where, f"each round is an object with its round and tables, not "
                     f"{shown(item)}")  # fmt: skip
            continue
        for key in getattr(item, "twice", ()):
            r.report(where, f"{key!r} is given twice")
        for key in item:
            if key not in ROUND_KEYS:
                r.report(where, f"unknown key {shown(key)} in a round (the keys are "
                         f"{', '.join(ROUND_KEYS)})")  # fmt: skip
        number = r.whole("round", 1, MAX_ROUNDS, item, where)
        if "round" not in item:
            r.report(where, f"round {position} does not say its number")
        if number is None:
            continue
        if number in lines:
            r.report(where, f"round {number} is listed twice (line {lines[number]})")
            continue
        if number != position:
            r.report(where, f"round {number} is listed in place {position}: list the rounds "
                     "in order")  # fmt: skip
        lines[number] = where
        groups = r.groups(item["share"], where) if "share" in item else everywhere
        if groups:
            shares[number] = tuple(groups)
        seatings += _read_tables(item.get("tables"), number, where, sets, r)
    return seatings, shares, lines


def _read_tables(
    value: Any, number: int, where: int, sets: dict[int, tuple[int, ...]], r: _Reader
) -> list[Seating]:
    if not isinstance(value, list) or not value or len(value) > MAX_TABLES:
        r.report(_line(value, where), f"round {number}: tables must list its tables (1 to "
                 f"{MAX_TABLES}), not {shown(value)}")  # fmt: skip
        return []
    seatings = []
    for item in value:
        line = _line(item, where)
        if not isinstance(item, dict):
            r.report(line, f"round {number}: each table is an object with its table, ns, ew "
                     f"and set, not {shown(item)}")  # fmt: skip
            continue
        for key in getattr(item, "twice", ()):
            r.report(line, f"{key!r} is given twice")
        for key in item:
            if key not in SEATING_KEYS:
                r.report(line, f"unknown key {shown(key)} at a table (the keys are "
                         f"{', '.join(SEATING_KEYS)})")  # fmt: skip
        ok = True
        for key in ("table", "ns", "ew", "set"):
            if key not in item:
                r.report(line, f"round {number}: a table needs its {key}")
                ok = False
        table = r.whole("table", 1, MAX_TABLES, item, line)
        board_set = r.whole("set", 1, MAX_SETS, item, line)
        ns, ew = _name(item.get("ns")), _name(item.get("ew"))
        for key, pair in (("ns", ns), ("ew", ew)):
            if key in item and pair is None:
                r.report(line, f"{key} must be a pair's name (a text or a whole number, at most "
                         f"{MAX_NAME} characters), not {shown(item[key])}")  # fmt: skip
        room, match = item.get("room"), item.get("match")
        if room is not None and room not in ("open", "closed"):
            r.report(line, f'room must be "open" or "closed", not {shown(room)}')
            ok = False
        if match is not None and _name(match) is None:
            r.report(line, f"match must be a name of at most {MAX_NAME} characters, not "
                     f"{shown(match)}")  # fmt: skip
            ok = False
        if not ok or table is None or board_set is None or ns is None or ew is None:
            continue
        seatings.append(Seating(
            number, table, ns, ew, sets.get(board_set, ()), room,
            None if match is None else _name(match), board_set, line,
        ))  # fmt: skip
    return seatings


# -- writing ------------------------------------------------------------------------------------


def movement_to_json(movement: Movement) -> dict[str, Any]:
    """The movement as a movement file's object (what :func:`write_movement_file` writes)."""
    data: dict[str, Any] = {"format": FORMAT, "version": VERSION, "kind": movement.kind}
    if movement.name:
        data["name"] = movement.name
    data |= {
        "tables": movement.tables,
        "rounds": movement.rounds,
        "boards_per_round": movement.boards_per_round,
        "sets": {str(n): list(b) for n, b in sorted(movement.sets.items())},
    }
    if movement.phantoms:
        data["phantoms"] = sorted(movement.phantoms, key=natural_key)
    if movement.fields:
        data["fields"] = [list(f) for f in movement.fields]
    data["meet"] = movement.meet
    if movement.meet_max != 1:
        data["meet_max"] = movement.meet_max
    if movement.copies != 1:
        data["copies"] = movement.copies
    if movement.plays:
        data["plays"] = {str(n): c for n, c in sorted(movement.plays.items())}
    every = {movement.shared(r) for r in range(1, movement.rounds + 1)}
    same = len(every) == 1 and bool(movement.shares)
    if same:
        data["share"] = [list(g) for g in movement.shared(1)]
    if movement.notes:
        data["notes"] = list(movement.notes)
    schedule = []
    for number in range(1, movement.rounds + 1):
        item: dict[str, Any] = {"round": number}
        if movement.shared(number) and not same:
            item["share"] = [list(g) for g in movement.shared(number)]
        item["tables"] = [
            {"table": s.table, "ns": s.ns, "ew": s.ew, "set": s.board_set}
            | ({"room": s.room} if s.room else {})
            | ({"match": s.match} if s.match is not None else {})
            for s in movement.round(number)
        ]
        schedule.append(item)
    data["schedule"] = schedule
    return data


def write_movement_file(movement: Movement) -> str:
    """The movement file's text: one set and one seating a line."""
    data = movement_to_json(movement)

    def dump(value: Any) -> str:
        return json.dumps(value, ensure_ascii=False)

    out = ["{"]
    for key, value in data.items():
        if key == "sets":
            rows = [f"    {dump(n)}: {dump(b)}" for n, b in value.items()]
            out.append('  "sets": {\n' + ",\n".join(rows) + "\n  },")
        elif key == "schedule":
            rounds = []
            for item in value:
                head = ", ".join(f"{dump(k)}: {dump(v)}" for k, v in item.items() if k != "tables")
                tables = ",\n".join(f"      {dump(t)}" for t in item["tables"])
                rounds.append(f'    {{{head}, "tables": [\n{tables}\n    ]}}')
            out.append('  "schedule": [\n' + ",\n".join(rounds) + "\n  ]")
        elif key == "notes":
            out.append('  "notes": [\n' + ",\n".join(f"    {dump(n)}" for n in value) + "\n  ],")
        else:
            out.append(f"  {dump(key)}: {dump(value)},")
    out.append("}")
    return "\n".join(out) + "\n"
