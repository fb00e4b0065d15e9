"""A session's state, replayed from its records, and what each role may do next.

The state answers the questions of the session's API and checks every request before a record
is made: a request the state refuses raises :class:`Refusal` (the HTTP status, the reason in
plain words, and the law where one decides it) and nothing is recorded. A request it allows
returns the records to append; the server stores them and then :meth:`SessionState.apply`\\ s
them, so that the state after a restart (every record replayed) is the state before it.

The project's rules, where the session API leaves them to it (``session-api.md``):

* A board's **slot** is (round, table, board). Its status: ``to-play``; ``entered`` (waiting for
  the other side's acceptance, 79A); ``disputed`` (the other side called the director, 79B);
  ``accepted``; ``late`` (its round has ended without a result: the board was deferred, Law 8B2,
  and may still be played and entered); ``future`` (its round has not started).
* **Moving** (Law 8A1, 8B): the director may move whenever he likes. A board of the ending round
  with no result becomes a late play (8B1: the round goes on for that table until it is played;
  8B2), unless the director scores it at the move as not played with the artificial score he
  gives (12C2, ``"unfinished": "not-played"``). A result entered and not yet accepted stays
  waiting for acceptance. Moving on from the last round ends the session (Law 8C); late plays
  may still be entered after it.
* **Corrections** (79C): the director enters a result with ``supersedes``; the superseded one
  stays in the log. The correction period (79C1) ends ``correction_minutes`` after the official
  scores are available: the end of the session or the last result entered after it, whichever
  is later. After it a correction needs the organiser's agreement (79C2: ``"organiser_agreed":
  true``), and the record says so.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any, Literal

from bridgelaw.cards import Seat, parse_card
from bridgelaw.duplicate.records import (
    Accepted,
    CallAnswered,
    Created,
    DirectorCall,
    Disputed,
    Entered,
    PlayerChanged,
    Record,
    RoundStarted,
    TablesMade,
)
from bridgelaw.duplicate.spec import Player, SessionSpec, phantoms_of
from bridgelaw.i18n.words import Worded, phrase_of
from bridgelaw.scoring.results import ResultLine
from bridgelaw.tournament.movements import Seating

Slot = tuple[int, int, int]
"""(round, table, board)."""
Status = Literal["to-play", "entered", "disputed", "accepted", "late", "future"]
TABLE_FORMS = frozenset({"contract", "declarer", "tricks", "lead"})
"""What a table's device enters: the contract played, declarer, tricks and the opening lead."""
DIRECTOR_FORMS = frozenset({"ns_score", "artificial", "weighted", "split"}) | TABLE_FORMS
MAX_NOTE = 300


class Refusal(Exception):
    """A request the session does not take: the HTTP status, why, and the law if one decides.

    ``message`` is a phrase said (:class:`~bridgelaw.i18n.words.Worded`, written in the
    asker's language when the answer is sent) or English words (found as a phrase when one
    without parameters has them); ``self.message`` is the English."""

    def __init__(self, status: int, message: str | Worded, law: str | None = None) -> None:
        english = message if isinstance(message, str) else message.text()
        super().__init__(english)
        self.status, self.message, self.law = status, english, law
        self.words = message if isinstance(message, Worded) else phrase_of(message)

    def text(self, lang: str) -> str:
        """The refusal's words in ``lang`` (English words with no phrase stay English)."""
        return self.message if self.words is None else self.words.text(lang)

    def phrase(self) -> dict[str, Any]:
        """The refusal as data (its phrase's id and parameters), or nothing when it has none."""
        return {} if self.words is None else self.words.as_json()


@dataclass(frozen=True)
class Role:
    """Who is asking: the director, a table's device, a player, or anyone (public)."""

    kind: Literal["director", "table", "player", "public"]
    table: int | None = None
    player: Player | None = None

    @property
    def label(self) -> str:
        if self.kind == "table":
            return f"table {self.table}"
        if self.kind == "player" and self.player is not None:
            return f"player {self.player.key}"
        return self.kind


DIRECTOR = Role("director")
PUBLIC = Role("public")


@dataclass
class Result:
    """A result in the log with what became of it."""

    record: Entered
    accepted_by: str | None = None
    accepted_at: datetime.datetime | None = None
    superseded_by: int | None = None
    disputes: list[Disputed] = field(default_factory=list)

    @property
    def slot(self) -> Slot:
        return self.record.round, self.record.table, self.record.board

    @property
    def status(self) -> str:
        if self.superseded_by is not None:
            return "superseded"
        if self.record.accepted or self.accepted_by is not None:
            return "accepted"
        return "disputed" if self.disputes else "entered"

    @property
    def counts(self) -> bool:
        return self.status == "accepted"


@dataclass(frozen=True)
class Checked:
    """An entry that passed every check, ready to be recorded."""

    role: Role
    slot: Slot
    entry: dict[str, Any]
    previous: Result | None
    after_period: bool
    note: str


@dataclass
class SessionState:
    """Everything the records say so far (see the module's text)."""

    spec: SessionSpec
    round: int | None = None
    started: dict[int, datetime.datetime] = field(default_factory=dict)
    ended_at: datetime.datetime | None = None
    results: dict[int, Result] = field(default_factory=dict)
    in_force: dict[Slot, int] = field(default_factory=dict)
    tokens: dict[str, Role] = field(default_factory=dict)
    player_tokens: dict[Player, str] = field(default_factory=dict)
    names: dict[Player, str] = field(default_factory=dict)
    robots: set[Player] = field(default_factory=set)
    calls: dict[int, DirectorCall] = field(default_factory=dict)
    answers: dict[int, CallAnswered] = field(default_factory=dict)
    table_ids: dict[Slot, str] = field(default_factory=dict)
    slot_of_table: dict[str, Slot] = field(default_factory=dict)
    last_entry_at: datetime.datetime | None = None
    records: int = 0

    def __post_init__(self) -> None:
        self._seatings: dict[tuple[int, int], Seating] = {
            (s.round, s.table): s for s in self.spec.movement.seatings
        }
        self._phantoms = phantoms_of(self.spec.movement)
        self._slots: list[Slot] = [
            (seating.round, seating.table, board)
            for seating in sorted(self.spec.movement.seatings, key=lambda s: (s.round, s.table))
            if not self.spec.movement.sits_out(seating)
            for board in seating.boards
        ]
        self._by_round: dict[int, list[Slot]] = {}
        self._slots_of_board: dict[int, list[Slot]] = {}
        for slot in self._slots:
            self._by_round.setdefault(slot[0], []).append(slot)
            self._slots_of_board.setdefault(slot[2], []).append(slot)
        self._complete: set[int] = set()
        self._complete_at = -1
        self.robots = set(self.spec.robots)
        for pair, players in self.spec.names.items():
            for number, name in enumerate(players, start=1):
                self.names[Player(pair, number)] = name

    # -- replaying ---------------------------------------------------------------------------

    def apply(self, record: Record) -> None:
        """Bring the state up to date with one record (already checked, already stored)."""
        self.records += 1
        if isinstance(record, Created):
            for digest, owner in record.tokens.items():
                role = _role_of(owner)
                self.tokens[digest] = role
                if role.player is not None:
                    self.player_tokens[role.player] = digest
        elif isinstance(record, Entered):
            self.results[record.result] = Result(record)
            if record.supersedes is not None:
                self.results[record.supersedes].superseded_by = record.result
            self.in_force[(record.round, record.table, record.board)] = record.result
            self.last_entry_at = record.time
        elif isinstance(record, Accepted):
            result = self.results[record.result]
            result.accepted_by, result.accepted_at = record.by, record.time
        elif isinstance(record, Disputed):
            self.results[record.result].disputes.append(record)
        elif isinstance(record, RoundStarted):
            self.round = record.round
            if record.round is None:
                self.ended_at = record.time
            else:
                self.started[record.round] = record.time
        elif isinstance(record, DirectorCall):
            self.calls[record.call] = record
        elif isinstance(record, CallAnswered):
            self.answers[record.call] = record
        elif isinstance(record, PlayerChanged):
            player = Player(record.pair, record.number)
            old = self.player_tokens.get(player)
            if old is not None:
                self.tokens.pop(old, None)  # the token handed over no longer works
            self.tokens[record.token] = Role("player", player=player)
            self.player_tokens[player] = record.token
            self.names[player] = record.name
            if record.robot:
                self.robots.add(player)
            else:
                self.robots.discard(player)
        elif isinstance(record, TablesMade):
            for table, boards in record.tables.items():
                for board, table_id in boards.items():
                    slot = (record.round, int(table), int(board))
                    self.table_ids[slot] = table_id
                    self.slot_of_table[table_id] = slot

    # -- the movement ------------------------------------------------------------------------

    @property
    def rounds(self) -> int:
        return self.spec.movement.rounds

    def seating(self, round_: int, table: int) -> Seating | None:
        return self._seatings.get((round_, table))

    def sits_out(self, seating: Seating) -> bool:
        """A table where one pair is the movement's phantom: nobody plays there (a sit-out)."""
        return seating.ns in self._phantoms or seating.ew in self._phantoms

    def slots(self, round_: int | None = None) -> Iterator[Slot]:
        """Every board played at a table, in round, table and board order."""
        return iter(self._slots if round_ is None else self._by_round.get(round_, ()))

    def status(self, slot: Slot) -> Status:
        result_id = self.in_force.get(slot)
        if result_id is not None:
            status = self.results[result_id].status
            assert status in ("entered", "disputed", "accepted")
            return status  # type: ignore[return-value]
        round_ = slot[0]
        if self.round is not None and round_ > self.round:
            return "future"
        if self.round is None and not self.started:
            return "future"
        if self.round == round_:
            return "to-play"
        return "late"

    def seat_of(self, player: Player, round_: int) -> tuple[int, Seat] | None:
        """Where the movement puts ``player`` in ``round_``: the table and the seat. A pair's first
        player sits North (pair North-South) or East, the second South or West; a team's first
        pair (players 1, 2) plays in the open room and its second (3, 4) in the closed room."""
        for seating in self.spec.movement.seatings:
            if seating.round != round_ or player.pair not in (seating.ns, seating.ew):
                continue
            if self.sits_out(seating):
                return None
            if seating.room is not None:
                in_open = player.number <= 2
                if (seating.room == "open") != in_open:
                    continue
            first = player.number % 2 == 1
            if seating.ns == player.pair:
                return seating.table, Seat.NORTH if first else Seat.SOUTH
            return seating.table, Seat.EAST if first else Seat.WEST
        return None

    def twin(self, slot: Slot) -> Slot | None:
        """In teams, the same board in the other room of the same match; None in pairs."""
        seating = self.seating(slot[0], slot[1])
        if seating is None or seating.match is None:
            return None
        for other in self.spec.movement.seatings:
            if (
                other.round == slot[0]
                and other.match == seating.match
                and other.room != seating.room
            ):
                return other.round, other.table, slot[2]
        return None

    def players_at(self, round_: int, table: int) -> dict[Seat, Player]:
        """The four players of a table in a round, by seat."""
        seating = self.seating(round_, table)
        if seating is None or self.sits_out(seating):
            return {}
        first = 1 if seating.room != "closed" else 3
        return {
            Seat.NORTH: Player(seating.ns, first),
            Seat.SOUTH: Player(seating.ns, first + 1),
            Seat.EAST: Player(seating.ew, first),
            Seat.WEST: Player(seating.ew, first + 1),
        }

    # -- the clock and the correction period -------------------------------------------------

    def clock(self, now: datetime.datetime) -> dict[str, Any] | None:
        """The current round's clock: when play starts and ends, and the seconds left (negative
        once the time is up)."""
        if self.round is None:
            return None
        clock = self.spec.clock
        seconds = clock.round_seconds(self.spec.movement.boards_per_round)
        if seconds is None:
            return None
        started = self.started[self.round]
        change = clock.change_seconds if self.round > 1 else 0
        play_from = started + datetime.timedelta(seconds=change)
        ends = play_from + datetime.timedelta(seconds=seconds)
        return {
            "round": self.round,
            "started": _stamp(started),
            "play_from": _stamp(play_from),
            "ends": _stamp(ends),
            "remaining": int((ends - now).total_seconds()),
            **clock.as_json(),
        }

    def correction_ends(self) -> datetime.datetime | None:
        """The end of the correction period (79C1), once the session has ended."""
        if self.ended_at is None:
            return None
        start = max(self.ended_at, self.last_entry_at or self.ended_at)
        return start + datetime.timedelta(minutes=self.spec.correction_minutes)

    # -- entering a result -------------------------------------------------------------------

    def check_entry(self, role: Role, body: dict[str, Any], now: datetime.datetime) -> Checked:
        """A result ``role`` enters, checked: its slot, its entry (the result's form only), the
        result it supersedes and whether it is a correction after the period (79C2)."""
        if role.kind not in ("director", "table"):
            raise Refusal(403, "results are entered by the table's device or the director (79A)")
        body = dict(body)
        supersedes = _result_number(body.pop("supersedes", None), "supersedes")
        agreed = body.pop("organiser_agreed", False)
        note = body.pop("note", "")
        if not isinstance(note, str) or len(note) > MAX_NOTE:
            raise Refusal(422, Worded.of("session.note-too-long", most=MAX_NOTE))
        if role.kind == "table":
            if supersedes is not None:
                raise Refusal(403, "only the director corrects a result (79C)", "79C")
            table = body.pop("table", None)
            if table is not None and str(table) != str(role.table):
                raise Refusal(
                    403,
                    Worded.of("session.device-of-table", device=str(role.table), table=str(table)),
                )
            table = role.table
            if self.spec.play != "results":
                raise Refusal(
                    409,
                    "in this session the boards are played on the table pages, and each "
                    "board's result comes from its table",
                )
        else:
            table = body.pop("table", None)
        previous = None
        if supersedes is not None:
            previous = self.results.get(supersedes)
            if previous is None:
                raise Refusal(404, Worded.of("session.no-result", result=supersedes))
            if previous.superseded_by is not None:
                raise Refusal(
                    409,
                    Worded.of(
                        "session.superseded-by-result",
                        result=supersedes,
                        by=str(previous.superseded_by),
                    ),
                )
        given = None if previous is None else previous.slot
        round_ = _number(body.pop("round", None), "round", given and given[0])
        board = _number(body.pop("board", None), "board", given and given[2])
        table_number = _number(table, "table", given and given[1])
        if previous is not None and previous.slot != (round_, table_number, board):
            raise Refusal(
                422,
                Worded.of(
                    "session.other-slot",
                    result=str(supersedes),
                    board=previous.slot[2],
                    table=previous.slot[1],
                    round=previous.slot[0],
                    asked_board=board,
                    asked_table=table_number,
                    asked_round=round_,
                ),
            )
        slot = (round_, table_number, board)
        self._check_slot(slot, role)
        unknown = sorted(set(body) - (TABLE_FORMS if role.kind == "table" else DIRECTOR_FORMS))
        if unknown:
            if role.kind == "table" and set(unknown) <= DIRECTOR_FORMS:
                raise Refusal(403, "an adjusted score is the director's to give (Law 12)", "12")
            raise Refusal(422, Worded.of("session.not-a-result-field", field=unknown[0]))
        self._check_lead(slot, self.line(slot, body))  # 422: every problem of the result
        current = self.in_force.get(slot)
        if previous is None and current is not None:
            held = self.results[current]
            raise Refusal(
                409,
                Worded.of(
                    "session.already-has-result",
                    table=slot[1],
                    current=current,
                    board=slot[2],
                    status=held.status,  # the API's word for it: entered, disputed, accepted
                ),
            )
        if previous is not None and current != supersedes:
            raise Refusal(409, Worded.of("session.not-in-force", result=str(supersedes)))
        after_period = False
        ends = self.correction_ends()
        if role.kind == "director" and previous is not None and ends is not None and now > ends:
            if agreed is not True:
                raise Refusal(
                    409,
                    Worded.of("session.correction-period-ended", ended=_stamp(ends)),
                    "79C1",
                )
            after_period = True
        return Checked(role, slot, body, previous, after_period, note.strip())

    def _check_slot(self, slot: Slot, role: Role) -> None:
        round_, table, board = slot
        if not 1 <= round_ <= self.rounds:
            raise Refusal(422, Worded.of("session.no-such-round", rounds=self.rounds, round=round_))
        seating = self.seating(round_, table)
        if seating is None:
            raise Refusal(422, Worded.of("session.no-table-in-round", table=table, round=round_))
        if self.sits_out(seating):
            raise Refusal(422, Worded.of("session.sits-out", table=table, round=round_))
        if board not in seating.boards:
            raise Refusal(
                422,
                Worded.of(
                    "session.board-not-at-table",
                    board=board,
                    table=table,
                    round=round_,
                    boards=", ".join(str(b) for b in seating.boards),
                ),
            )
        status = self.status(slot)
        if status == "future":
            raise Refusal(422, Worded.of("session.round-not-started", round=round_))
        if role.kind == "table" and self.round is None and status != "late":
            raise Refusal(
                409, "the session has ended (Law 8C): the director corrects results (79C)", "8C"
            )

    def line(self, slot: Slot, entry: dict[str, Any]) -> ResultLine:
        """``entry`` at ``slot`` as the scorer reads it (``formats.results_json``): the pairs
        from the movement; every problem of the result is one 422."""
        from bridgelaw.formats.results_json import parse_entry

        round_, table, board = slot
        seating = self.seating(round_, table)
        assert seating is not None
        data: dict[str, Any] = {"board": board, "ns": seating.ns, "ew": seating.ew, **entry}
        data |= {"round": round_, "table": table}
        if seating.room is not None:
            data |= {"room": seating.room, "match": seating.match}
        problems: list[str] = []
        line = parse_entry(data, 0, lambda _l, m: problems.append(m), seating.room is not None)
        if problems or line is None:
            raise Refusal(422, "; ".join(problems or ["not a result"]))
        return line

    def _check_lead(self, slot: Slot, line: ResultLine) -> None:
        played = line.played
        if played is None or played.lead is None:
            return
        if played.declarer is None:
            raise Refusal(422, "lead: a passed-out board has no opening lead (Law 22B)", "22B")
        leader = played.declarer.lho  # Law 41A: declarer's left-hand opponent leads
        holder = self.spec.deals[slot[2]].holder(parse_card(played.lead))
        if holder != leader:
            raise Refusal(
                422,
                Worded.of(
                    "session.lead-not-held",
                    lead=played.lead,
                    leader=Worded.of(f"site.{leader.name.lower()}"),  # North...
                    holder=Worded.of(f"site.{holder.name.lower()}"),
                ),
                "41A",
            )

    def entered(self, checked: Checked, now: datetime.datetime) -> Entered:
        """The record of a checked entry: the director's counts at once, a table's waits for
        the other side's acceptance (79A)."""
        slot, previous = checked.slot, checked.previous
        return Entered(
            time=now,
            by=checked.role.label,
            result=len(self.results) + 1,
            round=slot[0],
            table=slot[1],
            board=slot[2],
            entry=checked.entry,
            supersedes=None if previous is None else previous.record.result,
            accepted=checked.role.kind == "director",
            late=self.round is None or slot[0] < self.round,
            after_period=checked.after_period,
            note=checked.note,
        )

    # -- accepting and disputing -------------------------------------------------------------

    def check_answer(self, role: Role, result_id: int, what: str) -> Result | None:
        """The result ``role`` accepts or disputes; None: accepted already (nothing to do)."""
        result = self.results.get(result_id)
        if result is None:
            raise Refusal(404, Worded.of("session.no-result", result=result_id))
        if role.kind == "table":
            if result.record.table != role.table:
                raise Refusal(
                    403,
                    Worded.of(
                        "session.result-of-table", result=result_id, table=result.record.table
                    ),
                )
        elif role.kind != "director":
            raise Refusal(403, Worded.of(f"session.{what}-at-table"))  # accepted, disputed
        if result.superseded_by is not None:
            raise Refusal(
                409,
                Worded.of("session.superseded-by", result=result_id, by=str(result.superseded_by)),
            )
        if result.counts:
            if what == "disputed":
                raise Refusal(409, Worded.of("session.already-accepted", result=result_id), "79C")
            return None
        return result

    # -- moving ------------------------------------------------------------------------------

    def check_move(
        self, body: dict[str, Any], now: datetime.datetime, ending: bool = False
    ) -> list[Record]:
        """The records of the director's move to the next round (or of the session's end)."""
        if self.round is None:
            raise Refusal(409, "the session has ended (Law 8C)", "8C")
        if ending and self.round != self.rounds:
            raise Refusal(
                409,
                Worded.of("session.round-in-play", round=self.round, rounds=self.rounds),
                "8C",
            )
        unknown = sorted(set(body) - {"unfinished", "artificial", "note"})
        if unknown:
            raise Refusal(422, Worded.of("session.not-a-move-field", field=unknown[0]))
        unfinished = body.get("unfinished", "late")
        records: list[Record] = []
        if unfinished == "not-played":
            artificial = body.get("artificial")
            if not isinstance(artificial, dict):
                raise Refusal(
                    422,
                    Worded.of("session.artificial"),
                    "12C2a",
                )
            number = len(self.results)
            for slot in self.slots():
                if slot[0] <= self.round and self.status(slot) in ("to-play", "late"):
                    entry = {"artificial": artificial}
                    self.line(slot, entry)  # 422 for a score that is not one
                    number += 1
                    records.append(
                        Entered(
                            time=now,
                            by=DIRECTOR.label,
                            result=number,
                            round=slot[0],
                            table=slot[1],
                            board=slot[2],
                            entry=entry,
                            accepted=True,
                            late=slot[0] < self.round,
                            note="not played at the move (Law 8B2, 12C2)",
                        )
                    )
        elif unfinished != "late":
            raise Refusal(422, Worded.of("session.unfinished-word", value=repr(unfinished)))
        following = None if self.round >= self.rounds else self.round + 1
        move = RoundStarted(time=now, by=DIRECTOR.label, round=following, previous=self.round)
        records.append(move)
        return records

    # -- what is published -------------------------------------------------------------------

    def complete_boards(self) -> set[int]:
        """Boards with an accepted result at every table that plays them: their hand records,
        double-dummy analysis and par may be shown (nobody has them still to play). A board
        once complete stays so (its results may be corrected, never unplayed)."""
        if self._complete_at != self.records:
            for board, slots in self._slots_of_board.items():
                if board not in self._complete and all(
                    self.status(slot) == "accepted" for slot in slots
                ):
                    self._complete.add(board)
            self._complete_at = self.records
        return set(self._complete)

    def role_of(self, digest: str) -> Role | None:
        return self.tokens.get(digest)


def _role_of(owner: str) -> Role:
    kind, _, rest = owner.partition(":")
    if kind == "table":
        return Role("table", table=int(rest))
    pair, _, number = rest.rpartition(":")
    return Role("player", player=Player(pair, int(number)))


def _result_number(value: object, where: str) -> int | None:
    if value is None:
        return None
    text = str(value)
    if not text.isascii() or not text.isdigit() or len(text) > 9:
        raise Refusal(422, Worded.of("session.result-number", where=where, value=repr(value)))
    return int(text)


def _number(value: object, where: str, default: int | None = None) -> int:
    if value is None:
        if default is not None:
            return default
        raise Refusal(422, Worded.of("session.number-needed", where=where))
    if isinstance(value, bool):
        raise Refusal(422, Worded.of("session.number-needed-not", where=where, value=repr(value)))
    text = str(value)
    if not text.isascii() or not text.isdigit() or len(text) > 6:
        raise Refusal(422, Worded.of("session.number-needed-not", where=where, value=repr(value)))
    return int(text)


def _stamp(time: datetime.datetime) -> str:
    if time.tzinfo is None:
        time = time.replace(tzinfo=datetime.UTC)
    return time.astimezone(datetime.UTC).isoformat(timespec="seconds").replace("+00:00", "Z")


def stamp(time: datetime.datetime) -> str:
    """ISO 8601 in UTC, to the second."""
    return _stamp(time)


def replay(spec: SessionSpec, records: Iterable[Record]) -> SessionState:
    state = SessionState(spec)
    for record in records:
        state.apply(record)
    return state
