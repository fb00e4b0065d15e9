"""Bridgemate databases (``.bws``): the session a club's table devices recorded.

Bridgemate Control Software keeps one session in a Microsoft Access database (read with
:mod:`bridgelaw.formats.access_db`). The tables read:

* ``Session`` (its name and date) and ``Section`` (each section's ``ID``, ``Letter``, number of
  ``Tables``, ``MissingPair``, ``Winners``, ``ScoringType``, ``EWMoveBeforePlay``);
* ``RoundData``: the movement, one row a table a round (``Section``, ``Table``, ``Round``,
  ``NSPair``, ``EWPair``, ``LowBoard``, ``HighBoard``);
* ``ReceivedData``: every result as the tables sent it, in the order received (``ID``), erased
  ones included: ``Board``, ``PairNS``, ``PairEW``, ``NS/EW`` (the declarer's seat),
  ``Contract`` (``4 S x``, ``PASS``), ``Result`` (``=``, ``+1``, ``-2``), ``LeadCard``,
  ``Remarks`` (``Not played``) and ``Erased``;
* ``PlayerNumbers``: who sat where (``Section``, ``Table``, ``Direction``, ``Number``,
  ``Name``, ``Round``);
* ``HandRecord``: the deals, one row a section a board, a column a hand a suit.

**The results in force** (:func:`results_in_force`): Bridgemate never deletes a result. A result
the director or the players erase stays with ``Erased`` set, and the corrected result comes in
as a new row. So: erased rows are left out; of the rows left for one board at one table in one
round, the one received last (the highest ``ID``) is in force and the others are named in a
note. A row marked ``Not played`` (no contract) is the board not played at that table: an
artificial ``NP`` for both sides (not scored for either side; docs/scoring.md).

**Pair numbers**: a section whose numbers repeat in one round (North-South pair 1 and
East-West pair 1 at table 1, as in a Mitchell numbered by direction) or that says it has two
winners numbers its pairs by direction: ``1 NS`` and ``1 EW`` are two pairs. Otherwise the
numbers are the pairs (``1`` to ``14``). With more than one section each name starts with the
section's letter: ``A1 NS``. The names are made by the rule every results reader shares
(:mod:`bridgelaw.formats.pair_names`). The sections of one database
are scored together, across the field (the boards are compared over every section).

**The movement** (:func:`section_movements`): one :class:`Movement` a section, made from its
``RoundData`` and checked like any movement file; every result must fit its section's movement
(pairs, board, round and table). A board set at several tables in one round means copies of the
boards (as in clubs that duplicate them); a pair number 0 or the ``MissingPair`` is a phantom.
"""

from __future__ import annotations

import datetime
from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from bridgelaw.boards import Board
from bridgelaw.cards import Deal, card_name, parse_card
from bridgelaw.errors import ParseError
from bridgelaw.formats.access_db import AccessError, TableRead, open_access_database
from bridgelaw.formats.pair_names import DIRECTIONS, PairNaming, direction_of
from bridgelaw.formats.pbn import FileProblems, Problem
from bridgelaw.formats.results_json import LineDict, ReadOutcome, build_tournament
from bridgelaw.inputs import shown
from bridgelaw.tournament.movement_check import check_movement
from bridgelaw.tournament.movement_model import (
    MAX_ROUNDS,
    MAX_TABLES,
    Movement,
    MovementError,
    Seating,
)

NOT_PLAYED = "not played"
"""The ``Remarks`` of a board not played at a table (compared without case)."""
MATCHPOINTS = 1
"""The ``ScoringType`` of every matchpoint session seen; other values are not documented."""
_TABLES = {  # the tables read, with the most rows a session has in each
    "Session": 100,
    "Section": 1_000,
    "RoundData": 100_000,
    "ReceivedData": 100_000,
    "PlayerNumbers": 100_000,
    "HandRecord": 100_000,
}
_SEATS = ("North", "East", "South", "West")
_SUITS = ("Spades", "Hearts", "Diamonds", "Clubs")


@dataclass(frozen=True, slots=True)
class BwsSection:
    id: int
    letter: str
    tables: int
    missing_pair: int = 0
    """The pair missing throughout: its opponents sit out (with two winners, a negative number
    is an East-West pair)."""
    winners: int = 0
    scoring_type: int = MATCHPOINTS
    ew_move: int = 0
    """``EWMoveBeforePlay``: tables the East-West pairs move after entering their names."""


@dataclass(frozen=True, slots=True)
class BwsRound:
    """One ``RoundData`` row: a table in a round."""

    section: int
    table: int
    round: int
    ns: int
    ew: int
    low: int
    high: int
    row: int
    """The row's place in the table (1-based), for messages."""


@dataclass(frozen=True, slots=True)
class BwsResult:
    """One ``ReceivedData`` row, as received."""

    id: int
    section: int
    table: int
    round: int
    board: int
    ns: int
    ew: int
    seat: str
    """The declarer's seat letter (``NS/EW``: N, E, S or W)."""
    contract: str
    result: str
    lead: str
    remarks: str
    erased: bool


@dataclass(frozen=True, slots=True)
class BwsPlayer:
    """One ``PlayerNumbers`` row: a player entered at a seat."""

    section: int
    table: int
    direction: str
    number: str
    name: str
    round: int


@dataclass
class BwsSession:
    """What a Bridgemate database holds, as read (every result, erased ones included)."""

    source: str
    name: str = ""
    date: str | None = None
    sections: dict[int, BwsSection] = field(default_factory=dict)
    rounds: list[BwsRound] = field(default_factory=list)
    results: list[BwsResult] = field(default_factory=list)
    players: list[BwsPlayer] = field(default_factory=list)
    deals: dict[tuple[int, int], Deal] = field(default_factory=dict)
    """(section ID, board) -> the deal of the hand record."""
    problems: list[Problem] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    prefixed: bool | None = None
    """Whether pair names start with the section's letter (default: with several sections)."""

    def report(self, line: int, message: str) -> None:
        self.problems.append(Problem(self.source, line, message))

    def letter(self, section: int) -> str:
        found = self.sections.get(section)
        return found.letter if found is not None else str(section)


# -- reading the tables ---------------------------------------------------------------------------


def read_bws(data: bytes, filename: str = "<bws>") -> BwsSession:
    """Every table a session needs, read into values; what cannot be read is a problem (line:
    the ``ID`` of a ``ReceivedData`` row, the place of another table's row, 1 for the file)."""
    session = BwsSession(filename)
    try:
        database = open_access_database(data)
    except AccessError as error:
        session.report(1, f"not a readable Bridgemate database: {error}")
        return session
    missing = [t for t in _TABLES if t not in database.tables]
    if missing:
        session.report(1, f"not a Bridgemate database: no {', '.join(missing)} table "
                       f"(its tables: {', '.join(sorted(database.tables)) or 'none'})")  # fmt: skip
        return session
    tables: dict[str, TableRead] = {}
    for name, most in _TABLES.items():
        try:
            tables[name] = database.table(name, most)
        except AccessError as error:
            session.report(1, f"not a readable Bridgemate database: {error}")
            return session
        session.problems.extend(Problem(filename, 1, m) for m in tables[name].problems)
    received = tables["ReceivedData"]
    if received.declared > len(received.rows):  # results are never deleted: rows were lost
        session.report(1, f"ReceivedData: the table counts {received.declared:,} rows but "
                       f"{len(received.rows):,} could be read: its pages are damaged")  # fmt: skip
    rows = _Rows(session)
    rows.session(tables["Session"])
    rows.sections(tables["Section"])
    rows.rounds(tables["RoundData"])
    rows.results(tables["ReceivedData"])
    rows.players(tables["PlayerNumbers"])
    rows.hands(tables["HandRecord"])
    return session


def _small(row: Mapping[str, Any], column: str) -> int:
    """A setting's whole number; 0 (the default) when it is missing or not a small number."""
    value = row.get(column)
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) < 10**6:
        return value
    return 0


class _Rows:
    """Rows to values: each value of the type its column has, else a problem naming it."""

    def __init__(self, session: BwsSession) -> None:
        self.s = session

    def _int(self, table: str, line: int, row: Mapping[str, Any], column: str,
             least: int = 0, most: int = 10**9) -> int | None:  # fmt: skip
        value = row.get(column)
        if isinstance(value, bool) or not isinstance(value, int) or not least <= value <= most:
            self.s.report(line, f"{table} row {line}: {column} must be a whole number from "
                          f"{least} to {most}, not {shown(value)}")  # fmt: skip
            return None
        return value

    @staticmethod
    def _text(row: Mapping[str, Any], column: str) -> str:
        value = row.get(column)
        return " ".join(value.split()) if isinstance(value, str) else ""

    def session(self, table: TableRead) -> None:
        if not table.rows:
            return
        row = table.rows[0]
        self.s.name = self._text(row, "Name")
        date = self._text(row, "Date")[:10]
        try:
            self.s.date = datetime.date.fromisoformat(date).isoformat()
        except ValueError:
            self.s.date = None

    def sections(self, table: TableRead) -> None:
        for line, row in enumerate(table.rows, 1):
            number = self._int("Section", line, row, "ID", 1, 10_000)
            tables = self._int("Section", line, row, "Tables", 1, MAX_TABLES)
            if number is None or tables is None:
                continue
            letter = self._text(row, "Letter") or str(number)
            if number in self.s.sections:
                self.s.report(line, f"Section row {line}: section ID {number} twice")
                continue

            scoring = _small(row, "ScoringType")
            self.s.sections[number] = BwsSection(
                number, letter, tables, _small(row, "MissingPair"), _small(row, "Winners"),
                scoring or MATCHPOINTS, _small(row, "EWMoveBeforePlay"),
            )  # fmt: skip
        letters = Counter(s.letter for s in self.s.sections.values())
        for letter in sorted(k for k, n in letters.items() if n > 1):
            self.s.report(1, f"Section: the letter {letter} names two sections")
        if not self.s.sections:
            self.s.report(1, "Section: no section")

    def rounds(self, table: TableRead) -> None:
        for line, row in enumerate(table.rows, 1):
            values = [
                self._int("RoundData", line, row, "Section", 1, 10_000),
                self._int("RoundData", line, row, "Table", 1, MAX_TABLES),
                self._int("RoundData", line, row, "Round", 1, MAX_ROUNDS),
                self._int("RoundData", line, row, "NSPair", 0, 10_000),
                self._int("RoundData", line, row, "EWPair", 0, 10_000),
                self._int("RoundData", line, row, "LowBoard", 1, 10_000),
                self._int("RoundData", line, row, "HighBoard", 1, 10_000),
            ]
            if self._text(row, "CustomBoards"):
                custom = shown(row["CustomBoards"])
                self.s.report(line, f"RoundData row {line}: boards listed one by one "
                              f"(CustomBoards {custom}) are not read")  # fmt: skip
                continue
            section, t, r, ns, ew, low, high = values
            if (section is None or t is None or r is None or ns is None or ew is None
                    or low is None or high is None):  # fmt: skip
                continue
            if high < low or high - low >= 100:
                self.s.report(line, f"RoundData row {line}: boards {low} to {high} are not a "
                              "set of boards")  # fmt: skip
                continue
            self.s.rounds.append(BwsRound(section, t, r, ns, ew, low, high, line))

    def results(self, table: TableRead) -> None:
        ids: set[int] = set()
        for line, row in enumerate(table.rows, 1):
            number = row.get("ID")
            where = number if isinstance(number, int) and not isinstance(number, bool) else line
            where = where if 1 <= where <= 10**9 else line
            values = [
                self._int("ReceivedData", where, row, "ID", 1, 10**9),
                self._int("ReceivedData", where, row, "Section", 1, 10_000),
                self._int("ReceivedData", where, row, "Table", 1, MAX_TABLES),
                self._int("ReceivedData", where, row, "Round", 1, MAX_ROUNDS),
                self._int("ReceivedData", where, row, "Board", 1, 10_000),
                self._int("ReceivedData", where, row, "PairNS", 0, 10_000),
                self._int("ReceivedData", where, row, "PairEW", 0, 10_000),
            ]
            id_, section, t, r, board, ns, ew = values
            if (id_ is None or section is None or t is None or r is None or board is None
                    or ns is None or ew is None):  # fmt: skip
                continue
            if id_ in ids:
                self.s.report(where, f"ReceivedData ID {id_} twice")
                continue
            ids.add(id_)
            erased = row.get("Erased")
            self.s.results.append(BwsResult(
                id_, section, t, r, board, ns, ew, self._text(row, "NS/EW").upper(),
                self._text(row, "Contract"), self._text(row, "Result"),
                self._text(row, "LeadCard"), self._text(row, "Remarks"), erased is True,
            ))  # fmt: skip

    def players(self, table: TableRead) -> None:
        for line, row in enumerate(table.rows, 1):
            section = self._int("PlayerNumbers", line, row, "Section", 1, 10_000)
            t = self._int("PlayerNumbers", line, row, "Table", 1, MAX_TABLES)
            r = row.get("Round")
            direction = self._text(row, "Direction").upper()
            if section is None or t is None:
                continue
            if direction not in ("N", "E", "S", "W"):
                self.s.report(line, f"PlayerNumbers row {line}: Direction must be N, E, S or "
                              f"W, not {shown(row.get('Direction'))}")  # fmt: skip
                continue
            entered = r if isinstance(r, int) and not isinstance(r, bool) and r > 0 else 0
            self.s.players.append(BwsPlayer(section, t, direction, self._text(row, "Number"),
                                            self._text(row, "Name"), entered))  # fmt: skip

    def hands(self, table: TableRead) -> None:
        for line, row in enumerate(table.rows, 1):
            section = self._int("HandRecord", line, row, "Section", 1, 10_000)
            board = self._int("HandRecord", line, row, "Board", 1, 10_000)
            if section is None or board is None:
                continue
            hands = []
            for seat in _SEATS:
                suits = [self._text(row, seat + suit).replace(" ", "").upper() for suit in _SUITS]
                hands.append(".".join(s.replace("10", "T") for s in suits))
            try:
                deal = Deal.from_pbn("N:" + " ".join(hands))
            except ParseError as error:
                self.s.report(line, f"HandRecord row {line}: board {board}: {error}")
                continue
            if (section, board) in self.s.deals:
                self.s.report(line, f"HandRecord row {line}: board {board} of section "
                              f"{self.s.letter(section)} twice")  # fmt: skip
                continue
            self.s.deals[section, board] = deal


# -- what is in force, and who is who -------------------------------------------------------------


def results_in_force(results: Iterable[BwsResult]) -> tuple[list[BwsResult], list[str]]:
    """The rows that count (see the module docstring) in the order received, and the notes
    saying what was left out and why."""
    rows = sorted(results, key=lambda r: r.id)
    erased = [r.id for r in rows if r.erased]
    kept: dict[tuple[int, int, int, int], BwsResult] = {}
    notes = []
    if erased:
        notes.append(f"{len(erased)} erased result{'s' if len(erased) != 1 else ''} left out "
                     f"(ReceivedData ID {_ids(erased)})")  # fmt: skip
    for row in rows:
        if row.erased:
            continue
        key = (row.section, row.table, row.round, row.board)
        before = kept.get(key)
        if before is not None:
            same = _entered(before) == _entered(row)
            notes.append(f"ReceivedData ID {row.id} replaces ID {before.id} (board {row.board}, "
                         f"table {row.table}, round {row.round}: the later entry is in force"
                         f"{'; the same result' if same else ''})")  # fmt: skip
        kept[key] = row
    return sorted(kept.values(), key=lambda r: r.id), notes


def _entered(row: BwsResult) -> tuple[object, ...]:
    return row.ns, row.ew, row.seat, row.contract, row.result, row.lead, row.remarks


def _ids(ids: list[int]) -> str:
    return ", ".join(map(str, ids[:10])) + (f" and {len(ids) - 10} more" if len(ids) > 10 else "")


def pair_names(session: BwsSession) -> PairNaming:
    """How the database's pair numbers name the pairs (:mod:`bridgelaw.formats.pair_names`):
    a section is numbered by direction when it says it has two winners or when a number is
    seated twice in one round (North-South pair 1 against East-West pair 1)."""
    by_direction = set()
    for s in session.sections.values():
        if s.winners == 2:
            by_direction.add(s.letter)
    seated: dict[tuple[int, int], list[int]] = defaultdict(list)
    for r in session.rounds:
        seated[r.section, r.round] += [n for n in (r.ns, r.ew) if n]  # 0: no pair there
    for (section, _), numbers in seated.items():
        if len(numbers) != len(set(numbers)):
            by_direction.add(session.letter(section))
    letters = frozenset(s.letter for s in session.sections.values())
    return PairNaming(letters, frozenset(by_direction), session.prefixed)


def section_movements(session: BwsSession) -> dict[int, Movement]:
    """Section ID -> its movement, from ``RoundData``; a movement that does not pass the
    movement checks is a problem and left out."""
    names = pair_names(session)
    by_section: dict[int, list[BwsRound]] = defaultdict(list)
    for r in session.rounds:
        by_section[r.section].append(r)
    movements = {}
    for section, rows in sorted(by_section.items()):
        if section not in session.sections:
            session.report(rows[0].row, f"RoundData row {rows[0].row}: section {section} is not "
                           "in the Section table")  # fmt: skip
            continue
        movement = _movement(session, section, rows, names)
        if movement is not None:
            movements[section] = movement
    for section in sorted(set(session.sections) - set(by_section)):
        session.report(1, f"RoundData: section {session.letter(section)} has no rounds")
    return movements


def _movement(
    session: BwsSession, section: int, rows: list[BwsRound], names: PairNaming
) -> Movement | None:
    letter = session.letter(section)
    seatings = [
        Seating(r.round, r.table, names.name(r.ns, letter, "NS"), names.name(r.ew, letter, "EW"),
                tuple(range(r.low, r.high + 1)), line=r.row)
        for r in rows
    ]  # fmt: skip
    places = Counter((r.round, r.low, r.high) for r in rows)
    phantoms = {names.name(0, letter, d) for r in rows for d, n in (("NS", r.ns), ("EW", r.ew))
                if n == 0}  # fmt: skip
    missing = session.sections[section].missing_pair
    if missing:
        direction = "EW" if missing < 0 else "NS"
        phantoms.add(names.name(abs(missing), letter, direction))
    fields: tuple[tuple[str, ...], ...] = ()
    if letter in names.by_direction:
        pairs = {p for s in seatings for p in (s.ns, s.ew)}
        fields = tuple(tuple(sorted(p for p in pairs if direction_of(p) == d)) for d in DIRECTIONS)
    kind = "mitchell" if fields else "howell"
    sets = Counter((r.low, r.high) for r in rows)
    plays = {}
    if len(set(sets.values())) > 1:  # boards played at different numbers of tables
        plays = dict(sets)
    try:
        movement = Movement(
            kind, max(r.table for r in rows), max(r.round for r in rows),
            max(r.high - r.low + 1 for r in rows), tuple(seatings),
            phantoms=frozenset(p for p in phantoms if any(p in (s.ns, s.ew) for s in seatings)),
            copies=max(places.values()), fields=fields,
            name=f"{session.name or 'Bridgemate session'}, section {letter}",
        )  # fmt: skip
        if plays:
            by_boards = {b: n for n, b in movement.sets.items()}
            movement = replace(movement, plays={
                by_boards[tuple(range(low, high + 1))]: count
                for (low, high), count in plays.items()
            })  # fmt: skip
    except MovementError as error:
        session.report(rows[0].row, f"RoundData: section {letter}: {error}")
        return None
    found = check_movement(movement)
    for line, message in found:
        session.report(line or rows[0].row, f"RoundData: section {letter}: {message}")
    return None if found else movement


def player_names(session: BwsSession, names: PairNaming) -> dict[str, str]:
    """Pair name -> its players (``"Ann Smith & Bob Jones"``, North or East first), from the
    seats the players entered their numbers at and the pairs ``RoundData`` puts there."""
    seated = {(r.section, r.table, r.round): r for r in session.rounds}
    found: dict[str, dict[str, str]] = defaultdict(dict)
    moved = set()
    for p in sorted(session.players, key=lambda p: p.round):  # a later entry: a substitute
        section = session.sections.get(p.section)
        if section is None:
            continue
        if p.direction in "EW" and p.round == 0 and section.ew_move:
            moved.add(section.letter)  # entered at the home table, then moved: not placed
            continue
        seating = seated.get((p.section, p.table, max(p.round, 1)))
        if seating is None or not (p.name or p.number):
            continue
        ns = p.direction in "NS"
        pair = names.name(seating.ns if ns else seating.ew, section.letter, "NS" if ns else "EW")
        found[pair].setdefault(p.direction, p.name or p.number)
    for letter in sorted(moved):
        session.notes.append(f"section {letter}: the East-West names were entered before the "
                             "pairs moved (EWMoveBeforePlay); they are not read")  # fmt: skip
    order = {"N": 0, "S": 1, "E": 0, "W": 1}
    return {
        pair: " & ".join(n for _, n in sorted(seats.items(), key=lambda kv: order[kv[0]]))
        for pair, seats in found.items()
    }


# -- the tournament --------------------------------------------------------------------------------


def _tricks(row: BwsResult, level: int) -> int | str:
    """Tricks taken from ``=``, ``+1``, ``-2``; the text itself when it is none of these (for
    the results rules to report)."""
    text = row.result.replace(" ", "")
    if text == "=":
        return level + 6
    if len(text) >= 2 and text[0] in "+-" and text[1:].isascii() and text[1:].isdigit():
        return level + 6 + int(text)
    return text


def _lead(text: str) -> str | None:
    """``S A``, ``H10``, ``CT`` -> a card name; ``None`` when it is not a card."""
    try:
        return card_name(parse_card(text.replace(" ", "")))
    except ParseError:
        return None


def bws_tournament(
    data: bytes,
    filename: str = "<bws>",
    scoring: str | None = None,
    event_name: str | None = None,
    section: str | None = None,
) -> ReadOutcome:
    """A Bridgemate database as a tournament for
    :func:`bridgelaw.tournament.session.score_tournament`: the results in force, checked against
    each section's movement and by the rules of the event-results JSON, the pairs' names, the
    hand records and the date. ``notes`` (what was left out on purpose: erased and replaced
    results) are on the outcome. ``section`` (a letter) scores that section alone; by default
    every section is scored, together."""
    session = read_bws(data, filename)
    if section is not None and not session.problems:
        chosen = [s for s in session.sections.values() if s.letter == section.strip().upper()]
        if not chosen:
            letters = ", ".join(s.letter for s in session.sections.values())
            session.report(1, f"no section {shown(section)} (its sections: {letters})")
        else:
            _only(session, chosen[0].id)
    outcome = session_tournament(session, scoring, event_name)
    outcome.notes = [f"{filename}: {n}" for n in session.notes]
    return outcome


def _only(session: BwsSession, section: int) -> None:
    """Keep one section's rows; its pairs keep their names (with the section's letter)."""
    session.prefixed = len(session.sections) > 1
    session.sections = {section: session.sections[section]}
    session.rounds = [r for r in session.rounds if r.section == section]
    session.results = [r for r in session.results if r.section == section]
    session.players = [p for p in session.players if p.section == section]
    session.deals = {k: d for k, d in session.deals.items() if k[0] == section}


def session_tournament(
    session: BwsSession, scoring: str | None = None, event_name: str | None = None
) -> ReadOutcome:
    """The tournament of a session read (or made) as :class:`BwsSession` values: see
    :func:`bws_tournament`."""
    if session.problems:
        return ReadOutcome(None, list(session.problems))
    names = pair_names(session)
    movements = section_movements(session)
    in_force, notes = results_in_force(session.results)
    session.notes.extend(notes)
    report = session.report
    if scoring is None:
        others = sorted({s.scoring_type for s in session.sections.values()} - {MATCHPOINTS})
        if others:
            report(1, f"Section: ScoringType {others[0]} is not known here (1 is matchpoints); "
                   "say how to score the session with --scoring")  # fmt: skip
    top = LineDict({"event": event_name or session.name, "scoring": scoring or "matchpoints"})
    top.line = 1
    if session.date is not None:
        top["date"] = session.date
    results = []
    not_played = 0
    leads_dropped = []
    for row in in_force:
        entry = _entry(session, row, names, movements)
        if entry is None:
            continue
        if "artificial" in entry:
            not_played += 1
        if row.lead and "lead" not in entry and "contract" in entry:
            leads_dropped.append(row.id)
        results.append(entry)
    if not_played:
        session.notes.append(f"{not_played} board{'s' if not_played != 1 else ''} marked 'Not "
                             "played': not scored for either side (NP)")  # fmt: skip
    if leads_dropped:
        session.notes.append(f"lead cards not read (ReceivedData ID {_ids(leads_dropped)})")
    top["results"] = results
    players = player_names(session, names)
    pairs = {p for r in results for p in (r["ns"], r["ew"])}
    if players:
        top["pairs"] = {p: players.get(p, "") for p in sorted(pairs | set(players))}
    phantoms = sorted({p for m in movements.values() for p in m.phantoms})
    if phantoms:
        top["phantoms"] = phantoms
    deals = _deals(session)
    if deals:
        top["deals"] = deals
    problems = list(session.problems)

    def collect(line: int, message: str) -> None:
        problems.append(Problem(session.source, line, message))

    if not results and not problems:
        collect(1, "no results in ReceivedData")
    built = build_tournament(top, session.source, collect) if results else None
    problems.sort(key=lambda p: p.line)
    return ReadOutcome(built if not problems else None, problems, partial=built)


def _entry(
    session: BwsSession, row: BwsResult, names: PairNaming, movements: Mapping[int, Movement]
) -> LineDict | None:
    where = f"ReceivedData ID {row.id}: board {row.board}"
    section = session.sections.get(row.section)
    if section is None:
        session.report(row.id, f"{where}: section {row.section} is not in the Section table")
        return None
    ns, ew = names.name(row.ns, section.letter, "NS"), names.name(row.ew, section.letter, "EW")
    movement = movements.get(row.section)
    if movement is not None:
        wrong = movement.check(row.board, ns, ew, row.round, row.table)
        if wrong is not None:
            session.report(row.id, f"{where}: section {section.letter}: {wrong}")
            return None
    entry = LineDict({"board": row.board, "ns": ns, "ew": ew, "round": row.round,
                      "table": row.table})  # fmt: skip
    entry.line = row.id
    words = row.contract.upper().split()
    if not words:
        if row.remarks.lower() == NOT_PLAYED:
            entry["artificial"] = {"NS": "NP", "EW": "NP"}  # the board was not played there
            return entry
        what = f"remark {shown(row.remarks)}" if row.remarks else "no remark"
        session.report(row.id, f"{where}: no contract and {what}: not a result bridgelaw can "
                       "read (an adjusted score? give it in a results file)")  # fmt: skip
        return None
    if words == ["PASS"]:
        entry["contract"] = "passed-out"
        return entry
    contract = "".join(words)
    entry["contract"] = contract
    entry["declarer"] = row.seat or "?"
    level = int(contract[0]) if contract[:1].isdigit() else 0
    entry["tricks"] = _tricks(row, level)
    lead = _lead(row.lead) if row.lead else None
    if lead is not None:
        entry["lead"] = lead
    return entry


def _deals(session: BwsSession) -> dict[str, str]:
    """Board -> deal (PBN) for the hand diagrams."""
    return {str(board): deal.pbn() for board, deal in _deals_by_board(session).items()}


def _deals_by_board(session: BwsSession) -> dict[int, Deal]:
    """Board -> its deal; the sections are scored together, so a board dealt differently in
    two sections is a problem."""
    deals: dict[int, tuple[Deal, int]] = {}
    for (section, board), deal in sorted(session.deals.items()):
        before = deals.get(board)
        if before is not None and before[0] != deal:
            session.report(1, f"HandRecord: board {board} is dealt differently in sections "
                           f"{session.letter(before[1])} and {session.letter(section)}; sections "
                           "scored together play the same boards")  # fmt: skip
            continue
        deals.setdefault(board, (deal, section))
    return {board: deal for board, (deal, _) in sorted(deals.items())}


def bws_boards(data: bytes, filename: str = "<bws>") -> list[Board]:
    """A database's hand records as boards, for the commands that read deals (``records``,
    ``analyse``). ``HandRecord`` gives the hands only: each board takes the dealer and
    vulnerability of its number (Law 2), as every Bridgemate session plays them. Every problem
    of the database is raised together (:class:`FileProblems`); a database without hand
    records is one."""
    session = read_bws(data, filename)
    deals = _deals_by_board(session) if not session.problems else {}
    if not session.problems and not deals:
        session.report(1, "no hand records (its HandRecord table is empty): nothing to read; "
                       "score-event --deals takes them from a PBN file")  # fmt: skip
    if session.problems:
        raise FileProblems(session.problems)
    return [Board.numbered(board, deal) for board, deal in deals.items()]


def bws_movements(
    data: bytes, filename: str = "<bws>"
) -> tuple[dict[str, Movement], list[Problem]]:
    """Section letter -> the movement of that section (``RoundData``), and the problems of the
    database (any: the movements are then those that could be made). Each movement is what a
    movement file holds: :func:`bridgelaw.formats.movement_file.movement_to_json` gives the
    content the session API's ``{"kind": "file", "content": ...}`` takes."""
    session = read_bws(data, filename)
    if session.problems:
        return {}, session.problems
    movements = section_movements(session)
    return {session.letter(s): m for s, m in movements.items()}, session.problems
