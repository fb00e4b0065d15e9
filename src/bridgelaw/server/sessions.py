"""The duplicate sessions of ``session-api.md`` on the server: each in memory, its log stored,
its views, its tables and its published results (the routes are
:mod:`bridgelaw.server.routes.sessions`).

A session is its spec (``sessions.spec``) and its log (``session_records``: one row per record
of :mod:`bridgelaw.duplicate.records`, appended, never changed). In memory it is a
:class:`~bridgelaw.duplicate.state.SessionState` replayed from the log, the live ranking kept up
to date record by record, and the clients of its stream. Every request is checked against the
state (a :class:`~bridgelaw.duplicate.state.Refusal` is answered with its status, reason and
law, and nothing is stored), its records are committed, and only then applied, pushed and
answered: a ``kill -9`` loses nothing that was answered.

In a ``law`` or ``strict`` session the boards are played on the table pages: when a round starts
the server makes one table (``table-api.md``) for each board at each table of the round, whose
seats are the players the movement puts there (their own tokens, one for the whole session), and
robots where the director asked for them. When a board's play ends, its result is entered into
the session, already accepted (Law 79A is the table's claim and agreement procedure there); when
the engine cancels the table's score (an adjusted score is needed), the board waits for the
director, who enters it on the session.
"""

from __future__ import annotations

import asyncio
import datetime
import hmac
import json
import logging
import secrets
import time
from collections import deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from typing import Any

from fastapi import WebSocket
from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session
from starlette.concurrency import run_in_threadpool

from bridgelaw.cards import Seat
from bridgelaw.duplicate.records import (
    Accepted,
    Created,
    Entered,
    Record,
    RoundStarted,
    TablesMade,
    record_from,
)
from bridgelaw.duplicate.spec import Player, SessionSpec, SpecError, phantoms_of, read_spec
from bridgelaw.duplicate.state import (
    DIRECTOR,
    PUBLIC,
    Refusal,
    Role,
    SessionState,
    Slot,
    stamp,
)
from bridgelaw.i18n.words import Worded, spoken
from bridgelaw.scoring.results import ResultLine
from bridgelaw.server.db import now, token_hash
from bridgelaw.server.models import SessionRecordRow, SessionRow, TableRow
from bridgelaw.server.results import table_result
from bridgelaw.server.tables import LiveTable, Refused, Server
from bridgelaw.table import Table
from bridgelaw.tournament.session import MatchSpec, TournamentInput, TournamentResults

log = logging.getLogger("bridgelaw.server")

MAX_BODY = 4000
"""The longest body of a result, a move or a call (a weighted score of a dozen outcomes fits)."""
SEND_TIMEOUT = 5.0
RETRIES = 20
"""Times a board's result is made again on a log another process appended meanwhile (each try
reads what it missed first: more than a few means a process appends without end)."""


class Stale(Exception):
    """Another process stored the session's next record first: nothing was stored."""


# -- the live ranking -----------------------------------------------------------------------------


class Ranking:
    """The ranking of the results in force, kept up to date as they come and go by the live
    scorer (:mod:`bridgelaw.tournament.live`): after every change exactly what ``score-event``
    gives on the session's ``results.json``, at the cost of the changed board."""

    def __init__(self, template: TournamentInput) -> None:
        from bridgelaw.tournament.live import LiveScorer

        self.scorer = LiveScorer(template)

    def put(self, key: int, line: ResultLine) -> None:
        self.scorer.put(key, line)

    def remove(self, key: int) -> None:
        self.scorer.remove(key)

    def results(self) -> TournamentResults:
        """The scored results (shared with the scorer: read only)."""
        return self.scorer.results()

    def to_json(self) -> dict[str, Any]:
        return self.scorer.to_json()


# -- a session in memory --------------------------------------------------------------------------


@dataclass
class LiveSession:
    id: str
    state: SessionState
    ranking: Ranking
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    counted: set[int] = field(default_factory=set)
    """The results the ranking holds."""
    counted_at: dict[Slot, int] = field(default_factory=dict)
    """The same, by the board at the table in the round each is for."""
    changes: int = 0
    """How many times a result came into the ranking or left it."""
    clients: list[tuple[WebSocket, Role]] = field(default_factory=list)
    pages: dict[str, tuple[int, dict[str, str]]] = field(default_factory=dict)
    """The results pages by their language, each with the version it was made from."""
    analyses: dict[int, Any] = field(default_factory=dict)
    resumed: bool = False
    """Its tables' robots woken after a (re)load."""
    memos: dict[str, tuple[int, Any]] = field(default_factory=dict)
    line_texts: dict[int, str] = field(default_factory=dict)
    """Each result's line of the results file, as JSON text."""
    published: dict[str, bytes] = field(default_factory=dict)
    """The public texts of the results in force: ``ranking`` and ``results`` (the file)."""
    updates: deque[float] = field(default_factory=lambda: deque(maxlen=100_000))
    """Seconds from each accepted result's commit to the ranking published with it."""

    @property
    def version(self) -> int:
        """The number of records: it grows with every change a client may want to see."""
        return self.state.records

    def memo(self, name: str, make: Callable[[], Any], forever: bool = False) -> Any:
        """A part of the views made once per version of the session (or once for all)."""
        held = self.memos.get(name)
        if held is not None and (forever or held[0] == self.version):
            return held[1]
        made = make()
        self.memos[name] = (self.version, made)
        return made


def entered_at_table(
    state: SessionState, slot: Slot, entry: dict[str, Any], by: str, current: int | None, note: str
) -> Entered:
    """A board's result from its table (``by``: ``play``, the engine's score at the end of play,
    or ``director``, entered at the table's console): it counts at once and supersedes the
    result in force (79C); entered after its round, it is late (8B2)."""
    round_, table, board = slot
    return Entered(
        time=now(),
        by=by,
        result=len(state.results) + 1,
        round=round_,
        table=table,
        board=board,
        entry=entry,
        supersedes=current,
        accepted=True,
        late=state.round is None or round_ < state.round,
        note=note,
    )


def tournament_template(spec: SessionSpec) -> TournamentInput:
    """The scorer's tournament without results: the session's name, scoring, pairs and matches."""
    names = {pair: " & ".join(spec.names.get(pair, [])) for pair in spec.pairs}
    matches: list[MatchSpec] = []
    if spec.teams:
        seen: dict[str, MatchSpec] = {}
        for s in spec.movement.seatings:
            if s.room == "open" and s.match is not None and s.match not in seen:
                seen[s.match] = MatchSpec(s.match, s.ns, s.ew, len(s.boards))
        matches = list(seen.values())
    return TournamentInput(
        spec.name,
        spec.scoring,
        [],
        matches=matches,
        vp="wbf" if spec.teams else None,
        names=names,
        date=spec.date,
        phantoms=phantoms_of(spec.movement),
    )


class Sessions:
    """Every session of the database, and the tables they make."""

    def __init__(self, server: Server) -> None:
        self.server = server
        self.live: dict[str, LiveSession] = {}
        self.table_session: dict[str, str] = {}
        """A session's table id -> the session's id."""
        server.seat_source = self.seats_of
        server.gates.append(self.gate)
        server.after_event.append(self.board_played)
        self.wake: Callable[[LiveTable], None] | None = None
        """The robots' wake-up call (``Robots.wake``), set when the app is made."""

    # -- making and loading ------------------------------------------------------------------

    def create(
        self, body: object
    ) -> tuple[LiveSession, dict[str, str], dict[str, list[str]], list[LiveTable]]:
        if isinstance(body, dict):  # the server's default periods for a session setting none
            periods = self.server.periods
            body = {
                "correction_minutes": int(periods.correction.total_seconds()) // 60,
                "appeal_minutes": int(periods.appeal.total_seconds()) // 60,
                **body,
            }
        try:
            spec = read_spec(body)
        except SpecError as error:  # said under its field, in the asker's language
            raise Refusal(422, spoken(error.said())) from None
        session_id = secrets.token_hex(8)
        table_tokens = {
            str(t): secrets.token_urlsafe(24) for t in range(1, spec.movement.tables + 1)
        }
        player_tokens = {
            pair: [secrets.token_urlsafe(24) for _ in range(spec.players_per_pair)]
            for pair in spec.pairs
        }
        owners = {token_hash(t): f"table:{n}" for n, t in table_tokens.items()}
        for pair, tokens in player_tokens.items():
            for number, token in enumerate(tokens, start=1):
                owners[token_hash(token)] = f"player:{pair}:{number}"
        live = LiveSession(session_id, SessionState(spec), Ranking(tournament_template(spec)))
        time = now()
        records: list[Record] = [
            Created(time=time, by="director", tokens=owners),
            RoundStarted(time=time, by="director", round=1, previous=None),
        ]
        with Session(self.server.engine) as db, db.begin():
            db.add(SessionRow(id=session_id, created=time, name=spec.name, spec=_dumps(spec)))
        self.commit_now(live, records)
        made: list[LiveTable] = []
        if spec.play != "results":
            record, rows, made = self.prepare_tables(live, 1)
            self.commit_now(live, [record], rows)
            self.open_tables(made)
        self.publish(live)
        self.live[session_id] = live  # seen by others only now, whole
        return live, table_tokens, player_tokens, made

    def load(self, session_id: str) -> LiveSession:
        """The session in memory, replayed from its log if needed."""
        live = self.live.get(session_id)
        if live is not None:
            return live
        return self.live.setdefault(session_id, self.replay(session_id))

    def replay(self, session_id: str) -> LiveSession:
        """The session as its log stands now (in a worker thread; not kept)."""
        with Session(self.server.engine) as db:
            row = db.get(SessionRow, session_id)
            if row is None:
                raise Refusal(404, Worded.of("session.no-session", session=session_id))
            spec = read_spec(json.loads(row.spec), stored=True)
        live = LiveSession(session_id, SessionState(spec), Ranking(tournament_template(spec)))
        for record in self.records_after(session_id, 0):
            self.apply(live, record)
        self.publish(live)
        return live

    def records_after(self, session_id: str, known: int) -> list[Record]:
        """The session's records after the first ``known``, in order (in a worker thread)."""
        with Session(self.server.engine) as db:
            rows = db.scalars(
                select(SessionRecordRow)
                .where(SessionRecordRow.session_id == session_id, SessionRecordRow.seq > known)
                .order_by(SessionRecordRow.seq)
            ).all()
            return [record_from(r.kind, json.loads(r.data), r.time, r.who) for r in rows]

    # -- several processes (server/cluster.py) -----------------------------------------------

    async def catch_up(self, live: LiveSession) -> bool:
        """Under the session's lock: the records other processes stored after ours, applied
        (and the ranking published again); whether there were any."""
        if self.server.cluster is None:
            return False
        records = await run_in_threadpool(self.records_after, live.id, live.state.records)
        if not records:
            return False
        changes = live.changes
        for record in records:
            self.apply(live, record)
        if live.changes != changes:
            self.publish(live)
        for record in records:  # a round's new tables held here too, as the maker holds them:
            if isinstance(record, TablesMade):  # every process's views show their phase
                for boards in record.tables.values():
                    for table_id in boards.values():
                        await run_in_threadpool(self.server.get, table_id)
        return True

    async def refresh(self, live: LiveSession) -> None:
        """The session as the log stands (before a request is answered, or when another
        process told of a record): caught up, and pushed to its clients if it changed."""
        if self.server.cluster is None:
            return
        async with live.lock:
            changed = await self.catch_up(live)
        if changed:
            await self.push(live)

    async def notified(self, session_id: str, last: int) -> None:
        """Another process stored the session's records up to ``last``."""
        live = self.live.get(session_id)
        if live is not None and last > live.state.records:
            await self.refresh(live)

    async def relisten(self) -> None:
        """After the listener (re)connects: every session held read again."""
        for live in list(self.live.values()):
            await self.refresh(live)

    # -- the log -----------------------------------------------------------------------------

    def store(
        self, live: LiveSession, records: list[Record], tables: Iterable[TableRow] = ()
    ) -> float:
        """Store ``records`` (and the table rows they make) in one transaction (in a worker
        thread: nothing in memory changes); the moment it was done. Called under the session's
        lock, or before anyone else can see the session."""
        seq = live.state.records
        cluster = self.server.cluster
        try:
            with Session(self.server.engine) as db, db.begin():
                for table in tables:
                    db.add(table)
                for offset, record in enumerate(records, start=1):
                    db.add(
                        SessionRecordRow(
                            session_id=live.id,
                            seq=seq + offset,
                            kind=record.kind,
                            data=json.dumps(record.as_json(), sort_keys=True),
                            who=record.by[:24],
                            time=record.time,
                        )
                    )
                if cluster is not None:  # the others told at the commit
                    db.flush()
                    cluster.tell(db.connection(), f"session:{live.id}:{seq + len(records)}")
                    for table in tables:
                        if len(table.robots or "") == 4:
                            # robots alone: their table is ours from its making, so that the
                            # takeover finds it if this process dies before their first event
                            cluster.acquire(table.id, db.connection())
        except IntegrityError:
            if cluster is None:
                raise
            raise Stale(live.id) from None  # another process stored sequence seq + 1 first
        return time.perf_counter()

    def applied(self, live: LiveSession, records: list[Record], stored: float) -> None:
        """Stored ``records`` into the state (on the event loop: every reader of the state sees
        it before or after, never half way); the ranking and results file published again if
        they changed, and how long that took after the records were on disk."""
        changes = live.changes
        for record in records:
            self.apply(live, record)
        if live.changes != changes:
            self.publish(live)
            live.updates.append(time.perf_counter() - stored)

    async def commit(
        self, live: LiveSession, records: list[Record], tables: Iterable[TableRow] = ()
    ) -> None:
        """Stored (in a worker thread), then applied (on the event loop). Another process
        having stored the next record first: what it stored is read, and 409 (the request was
        checked against a state that is no longer the session's)."""
        try:
            await self.stored_or_stale(live, records, tables)
        except Stale:
            asyncio.get_running_loop().create_task(self.push(live))  # what was read, pushed
            raise Refusal(
                409,
                Worded.of("session.changed-meanwhile", session=live.id, record=live.state.records),
            ) from None

    async def stored_or_stale(
        self, live: LiveSession, records: list[Record], tables: Iterable[TableRow] = ()
    ) -> None:
        """Stored, then applied; or Stale, nothing stored, having read what the other process
        stored (under the session's lock)."""
        try:
            stored = await run_in_threadpool(self.store, live, records, list(tables))
        except Stale:
            await self.catch_up(live)
            raise
        self.applied(live, records, stored)

    def commit_now(
        self, live: LiveSession, records: list[Record], tables: Iterable[TableRow] = ()
    ) -> None:
        """Stored and applied here (a session nobody else sees yet)."""
        self.applied(live, records, self.store(live, records, tables))

    def publish(self, live: LiveSession) -> None:
        """The public texts (the ranking, the results file) of the results in force, made now,
        so that a request for them never waits for the session's lock."""
        live.published = {
            "ranking": live.ranking.scorer.json_text().encode(),
            "results": self.results_text(live).encode(),
        }

    def apply(self, live: LiveSession, record: Record) -> None:
        """The record into the state, and the ranking kept up to date: it counts the accepted
        results in force (session-api.md); in teams, a board's result once the other room's is
        in too (IMPs compare the two rooms, Law 78B; ``score-event`` refuses a board with one
        room's result)."""
        state = live.state
        state.apply(record)
        if isinstance(record, Entered | Accepted):
            result = state.results[record.result]
            self._sync(live, result.slot)
            if isinstance(record, Entered) and record.supersedes is not None:
                self._sync(live, state.results[record.supersedes].slot)
        elif isinstance(record, TablesMade):
            for table_id in state.slot_of_table:
                self.table_session[table_id] = live.id

    def _sync(self, live: LiveSession, slot: Slot) -> None:
        """The ranking's results at ``slot`` (and at its other room in teams) as they should be."""
        state = live.state
        slots = [slot]
        twin = state.twin(slot)
        if twin is not None:
            slots.append(twin)
        wanted: set[int] = set()
        for place in slots:
            result_id = state.in_force.get(place)
            if result_id is not None and state.results[result_id].counts:
                wanted.add(result_id)
        if len(wanted) < len(slots):
            wanted = set()  # teams: not until both rooms have theirs
        held = {live.counted_at[place] for place in slots if place in live.counted_at}
        for result_id in sorted(held - wanted):
            live.counted.discard(result_id)
            del live.counted_at[state.results[result_id].slot]
            live.ranking.remove(result_id)
            live.changes += 1
        for result_id in sorted(wanted - held):
            live.counted.add(result_id)
            live.counted_at[state.results[result_id].slot] = result_id
            live.changes += 1
            result = state.results[result_id]
            live.ranking.put(result_id, state.line(result.slot, result.record.entry))

    # -- the tables of an online session -----------------------------------------------------

    def prepare_tables(
        self, live: LiveSession, round_: int
    ) -> tuple[TablesMade, list[TableRow], list[LiveTable]]:
        """One table of ``table-api.md`` for each board at each table of ``round_``, seated by
        the movement with the players' own tokens: their record, their rows and their engines,
        to be committed (:meth:`commit`), then opened (:meth:`open_tables`) and their robots
        woken (:meth:`wake_robots`)."""
        state, spec = live.state, live.state.spec
        made: dict[str, dict[str, str]] = {}
        rows: list[TableRow] = []
        lives: list[LiveTable] = []
        time = now()
        for seating in spec.movement.round(round_):
            if state.sits_out(seating):
                continue
            seats, robots = self.seating_of(state, round_, seating.table)
            for board in seating.boards:
                table_id = secrets.token_hex(8)
                deal = spec.deals[board].pbn()
                rows.append(
                    TableRow(
                        id=table_id,
                        board=board,
                        deal=deal,
                        edition=spec.edition,
                        mode=spec.play,
                        created=time,
                        robots="".join(robots),
                        session=live.id,
                    )
                )
                engine = Table.from_deal(board, deal, edition=spec.edition)
                table = LiveTable(table_id, engine, spec.play, dict(seats), robots=robots)
                table.session = live.id
                lives.append(table)
                made.setdefault(str(seating.table), {})[str(board)] = table_id
        return TablesMade(time=time, by="director", round=round_, tables=made), rows, lives

    def open_tables(self, tables: Iterable[LiveTable]) -> None:
        for table in tables:
            self.server.live[table.id] = table

    def wake_robots(self, tables: Iterable[LiveTable]) -> None:
        """The robots of these tables start (on the event loop)."""
        for table in tables:
            if self.wake is not None and table.robots:
                self.wake(table)

    def seating_of(
        self, state: SessionState, round_: int, table: int
    ) -> tuple[dict[str, str], tuple[str, ...]]:
        """The seats of a table in a round: each player's token hash -> his seat letter, and
        the seats robots take."""
        seats: dict[str, str] = {}
        robots: list[str] = []
        for seat, player in state.players_at(round_, table).items():
            digest = state.player_tokens.get(player)
            if digest is not None:
                seats[digest] = seat.letter
            if player in state.robots:
                robots.append(seat.letter)
        return seats, tuple(s for s in "NESW" if s in robots)

    def seats_of(self, table_id: str, session_id: str) -> tuple[dict[str, str], tuple[str, ...]]:
        """For the server's table loader (a worker thread): the seats of a session's table."""
        live = self.load(session_id)
        slot = live.state.slot_of_table.get(table_id)
        if slot is None and self.server.cluster is not None:
            # made by another process, whose record this one has not read yet: the log now
            live = self.replay(session_id)
            slot = live.state.slot_of_table.get(table_id)
        if slot is None:  # made, but its round's record was never committed: nobody sits
            return {}, ()
        return self.seating_of(live.state, slot[0], slot[1])

    def gate(self, table: LiveTable, role: str) -> None:
        """Before each event at a session's table: a board the director has scored (a late
        board scored as not played, Law 8B2, or any adjusted score) is no longer played."""
        session_id = self.table_session.get(table.id, table.session)
        live = None if session_id is None else self.live.get(session_id)
        if live is None or role == "director":
            return
        state = live.state
        slot = state.slot_of_table.get(table.id)
        if slot is None:
            return  # (several processes) a table whose round this one has not read yet
        result_id = state.in_force.get(slot)
        scored = result_id is not None and state.results[result_id].record.by == "director"
        if scored and table.table.phase != "ended":
            raise Refused(
                409,
                f"the director has scored board {slot[2]} at table {slot[1]} "
                f"(result {result_id}): it is not played on (Law 8B2)",
            )

    async def session_of(self, table: LiveTable) -> LiveSession | None:
        """The session whose board ``table`` plays (loaded if needed), or None."""
        session_id = self.table_session.get(table.id, table.session)
        if session_id is None:
            return None
        live = self.live.get(session_id)
        return live if live is not None else await run_in_threadpool(self.load, session_id)

    async def board_played(self, table: LiveTable) -> None:
        """After each event at a session's table: once the board has ended with a score, its
        result is the session's (or corrects the one it gave before). With several processes,
        by the table's owner only: the one that accepted the event, or took the table over."""
        cluster = self.server.cluster
        if table.table.phase != "ended" or (cluster is not None and not cluster.owns(table.id)):
            return
        entry = table_result(table)
        if entry is None:
            return  # the engine cancelled the score: the director enters one
        live = await self.session_of(table)
        if live is None:
            return
        record = table.table.record()
        if record.opening_lead is not None and "declarer" in entry:
            entry["lead"] = record.opening_lead
        for _ in range(RETRIES):
            async with live.lock:
                await self.catch_up(live)
                state = live.state
                slot = state.slot_of_table.get(table.id)
                if slot is None:
                    return  # a table of a round whose record was never stored
                current = state.in_force.get(slot)
                previous = None if current is None else state.results[current]
                if previous is not None and (
                    previous.record.by != "play" or previous.record.entry == entry
                ):
                    return  # the same result, or the director's: his stands
                note = (
                    "the result of the play at the table"
                    if previous is None
                    else "corrected at the table"
                )
                record_ = entered_at_table(state, slot, entry, "play", current, note)
                try:
                    await self.stored_or_stale(live, [record_])
                except Stale:
                    continue  # another process appended meanwhile: made again on its state
            await self.push(live)
            return
        log.error("session %s: board result of table %s not stored", live.id, table.id)

    async def director_result(self, table: LiveTable, entry: dict[str, Any], note: str) -> None:
        """The director entered a result on a session's table from the table's console: it is
        the session's result for that board (it supersedes the one in force)."""
        live = await self.session_of(table)
        if live is None:
            return
        entry = {k: v for k, v in entry.items() if k != "pairs"}
        for _ in range(RETRIES):
            async with live.lock:
                await self.catch_up(live)
                state = live.state
                slot = state.slot_of_table[table.id]
                current = state.in_force.get(slot)
                record = entered_at_table(
                    state,
                    slot,
                    entry,
                    "director",
                    current,
                    note or "entered at the table's console",
                )
                state.line(slot, entry)  # the table's console read it the same way: never refused
                try:
                    await self.stored_or_stale(live, [record])
                except Stale:
                    continue
            await self.push(live)
            return
        raise Refused(503, f"session {live.id}: the result could not be stored; send it again")

    # -- what each role sees -----------------------------------------------------------------

    def role(self, live: LiveSession, token: str | None) -> Role:
        if not token:
            return PUBLIC
        if hmac.compare_digest(token.encode(), self.server.director_token.encode()):
            return DIRECTOR
        role = live.state.role_of(token_hash(token))
        if role is None:
            raise Refusal(403, "this token is not one of this session's")
        return role

    def view(self, live: LiveSession, role: Role) -> dict[str, Any]:
        """``GET /api/sessions/{id}``: the spec's fields, the round's tables and their boards,
        the clock; for a table or a player, where he is (``you``)."""
        state, spec = live.state, live.state.spec
        time = now()
        rounds = live.memo("rounds", lambda: self.rounds_json(live), forever=True)
        data: dict[str, Any] = {
            "session": live.id,
            "name": spec.name,
            "date": spec.date,
            "scoring": spec.scoring,
            "play": spec.play,
            "edition": spec.edition,
            "round": state.round,
            "rounds": rounds,
            "movement": {
                "kind": spec.movement.kind,
                "tables": spec.movement.tables,
                "rounds": spec.movement.rounds,
                "boards_per_round": spec.movement.boards_per_round,
                "notes": list(spec.movement.notes),
            },
            "pairs": {p: self.names_now(live, p) for p in spec.pairs},
            "clock": state.clock(time),
            "ended": None if state.ended_at is None else stamp(state.ended_at),
            "correction_ends": _stamp_or_none(state.correction_ends()),
            "version": live.version,
            "progress": live.memo("progress", lambda: self.progress(live)),
        }
        if role.kind == "director":
            data["late"] = [self.slot_json(live, s) for s in self.late(live)]
            data["calls"] = self.calls_json(live)
            data["dealt_by"] = spec.dealt_by
            # project: every board at every table of the round (the last one once ended)
            shown = state.round if state.round is not None else state.rounds
            data["slots"] = [self.slot_json(live, s) for s in state.slots(shown)]
        elif role.kind == "table":
            data["you"] = self.table_you(live, role)
        elif role.kind == "player":
            data["you"] = self.player_you(live, role)
        return data

    def names_now(self, live: LiveSession, pair: str) -> list[str]:
        """The pair's players' names as they sit now: a substitute's in his place (Law 4)."""
        state = live.state
        names = list(state.spec.names.get(pair, []))
        for number in range(1, state.spec.players_per_pair + 1):
            name = state.names.get(Player(pair, number))
            if name is None:
                continue
            names += [""] * (number - len(names))
            names[number - 1] = name
        return names

    def rounds_json(self, live: LiveSession) -> list[dict[str, Any]]:
        """Every round's seating (the spec's ``rounds``), its sit-outs and its stand."""
        state, movement = live.state, live.state.spec.movement
        rounds = []
        for r in range(1, state.rounds + 1):
            tables = []
            for s in movement.round(r):
                entry: dict[str, Any] = {
                    "table": str(s.table),
                    "ns": s.ns,
                    "ew": s.ew,
                    "boards": list(s.boards),
                }
                if s.room is not None:
                    entry |= {"room": s.room, "match": s.match}
                if state.sits_out(s):
                    entry["sitout"] = True
                tables.append(entry)
            resting = [list(movement.sets.get(n, ())) for n in movement.resting(r)]
            rounds.append(
                {
                    "round": r,
                    "tables": tables,
                    "sitouts": movement.sitouts(r),  # meeting a phantom, or a team's bye
                    "stand": resting,  # the board sets on a relay or bye stand this round
                }
            )
        return rounds

    def late(self, live: LiveSession) -> list[Slot]:
        """The deferred boards (Law 8B2) still without a result."""
        state = live.state
        late: list[Slot] = live.memo(
            "late", lambda: [s for s in state.slots() if state.status(s) == "late"]
        )
        return late

    def progress(self, live: LiveSession) -> dict[str, int]:
        counts: dict[str, int] = {}
        for slot in live.state.slots():
            status = live.state.status(slot)
            counts[status] = counts.get(status, 0) + 1
        return counts

    def slot_json(self, live: LiveSession, slot: Slot, own: bool = True) -> dict[str, Any]:
        """One board at one table in one round: its status, and its result for those who may
        read it (the director; the table that entered it)."""
        state = live.state
        result_id = state.in_force.get(slot)
        data: dict[str, Any] = {
            "round": slot[0],
            "table": str(slot[1]),
            "board": slot[2],
            "status": state.status(slot),
            "result": None if result_id is None else str(result_id),
        }
        if own and result_id is not None:
            result = state.results[result_id]
            data["entry"] = result.record.entry
            data["by"] = result.record.by
            data["text"] = state.line(slot, result.record.entry).describe()  # the traveller's
        table_id = state.table_ids.get(slot)
        if table_id is not None:
            data["table_id"] = table_id
            table = self.server.live.get(table_id)
            if table is not None:
                data["phase"] = table.table.phase
                awaiting = table.table.awaiting
                if awaiting is not None and awaiting.who == "director":
                    data["director"] = awaiting.law  # waiting for the director's judgement
                elif table.table.phase == "ended" and table.table.score_cancelled:
                    data["director"] = table.table.score_cancelled
        return data

    def table_you(self, live: LiveSession, role: Role) -> dict[str, Any]:
        state = live.state
        assert role.table is not None
        current = state.round
        boards = []
        seating = None if current is None else state.seating(current, role.table)
        if current is not None and seating is not None and not state.sits_out(seating):
            boards = [self.slot_json(live, (current, role.table, b)) for b in seating.boards]
        late = [self.slot_json(live, s) for s in self.late(live) if s[1] == role.table]
        waiting = [
            self.slot_json(live, state.results[r].slot)
            for r in sorted(state.in_force.values())
            if state.results[r].record.table == role.table
            and state.results[r].status in ("entered", "disputed")
        ]
        return {
            "table": str(role.table),
            "round": current,
            "ns": None if seating is None else seating.ns,
            "ew": None if seating is None else seating.ew,
            "sitout": seating is not None and state.sits_out(seating),
            "boards": boards,
            "late": late,
            "awaiting_acceptance": waiting,
        }

    def player_you(self, live: LiveSession, role: Role) -> dict[str, Any]:
        state = live.state
        player = role.player
        assert player is not None
        data: dict[str, Any] = {
            "pair": player.pair,
            "player": player.number,
            "name": state.names.get(player),
            "round": state.round,
            "table": None,
            "seat": None,
            "boards": [],
            "late": [],
            "next": None,
        }
        late = [
            self.slot_json(live, slot, own=False)
            for slot in self.late(live)
            if self._plays(state, player, slot)
        ]
        data["late"] = late
        if state.round is not None:
            where = state.seat_of(player, state.round)
            if where is not None:
                table, seat = where
                seating = state.seating(state.round, table)
                assert seating is not None
                data["table"], data["seat"] = str(table), seat.letter
                data["against"] = seating.ew if seat in (Seat.NORTH, Seat.SOUTH) else seating.ns
                data["boards"] = [
                    self.slot_json(live, (state.round, table, b), own=False) for b in seating.boards
                ]
            else:
                data["sitout"] = True
        # the board to play now: a late board first (Law 8B1: the round goes on there), then
        # the round's boards in order
        for item in [*late, *data["boards"]]:
            if (
                item.get("table_id")
                and item.get("phase") != "ended"
                and item["status"]
                in (
                    "to-play",
                    "late",
                )
            ):
                data["next"] = item["table_id"]
                break
        return data

    def _plays(self, state: SessionState, player: Player, slot: Slot) -> bool:
        where = state.seat_of(player, slot[0])
        return where is not None and where[0] == slot[1]

    def calls_json(self, live: LiveSession) -> list[dict[str, Any]]:
        state = live.state
        calls = []
        for number, call in sorted(state.calls.items()):
            answer = state.answers.get(number)
            calls.append(
                {
                    "call": str(number),
                    "table": str(call.table),
                    "board": call.board,
                    "by": call.by,
                    "reason": call.reason,
                    "time": stamp(call.time),
                    "answered": None if answer is None else stamp(answer.time),
                    "note": None if answer is None else answer.note,
                }
            )
        for result in state.results.values():
            for dispute in result.disputes:
                if result.status == "disputed":
                    calls.append(
                        {
                            "call": None,
                            "table": str(result.record.table),
                            "board": result.record.board,
                            "by": dispute.by,
                            "reason": f"result {result.record.result} disputed (79B): "
                            f"{dispute.reason}",
                            "time": stamp(dispute.time),
                            "answered": None,
                            "note": None,
                        }
                    )
        return calls

    def log_json(self, live: LiveSession) -> dict[str, Any]:
        """The director's view of the results log: every result entered, in order, with what
        became of it (accepted, superseded and by which, disputed), who did it and when, and
        whether a correction came after the correction period (79C2)."""
        state = live.state
        results = []
        for number in sorted(state.results):
            result = state.results[number]
            record = result.record
            results.append(
                {
                    "result": str(number),
                    "round": record.round,
                    "table": str(record.table),
                    "board": record.board,
                    "entry": record.entry,
                    "text": state.line(result.slot, record.entry).describe(),
                    "status": result.status,
                    "by": record.by,
                    "time": stamp(record.time),
                    "supersedes": None if record.supersedes is None else str(record.supersedes),
                    "superseded_by": None
                    if result.superseded_by is None
                    else str(result.superseded_by),
                    "accepted_by": result.accepted_by,
                    "accepted_at": _stamp_or_none(result.accepted_at),
                    "late": record.late,
                    "after_period": record.after_period,
                    "note": record.note,
                    "disputes": [
                        {"by": d.by, "reason": d.reason, "time": stamp(d.time)}
                        for d in result.disputes
                    ],
                }
            )
        return {"results": results, "correction_ends": _stamp_or_none(state.correction_ends())}

    # -- what is published -------------------------------------------------------------------

    def results_text(self, live: LiveSession) -> str:
        """The results in force as the input of ``score-event`` (``event-results.md``): the
        accepted results only, in the order they were entered; each result's line written once
        (a result never changes: a correction is a new one)."""
        state, spec = live.state, live.state.spec
        template = tournament_template(spec)
        data: dict[str, Any] = {"event": spec.name, "date": spec.date, "scoring": spec.scoring}
        data["pairs"] = template.names
        if spec.teams:
            data["matches"] = [
                {"match": m.match, "home": m.home, "away": m.away, "boards": m.boards}
                for m in template.matches
            ]
            data["vp"] = "wbf"
        data["results"] = []
        complete = state.complete_boards()
        if complete:  # a hand record only for boards nobody still has to play
            data["deals"] = {str(b): spec.deals[b].pbn() for b in sorted(complete)}
        head = json.dumps(data, ensure_ascii=False)
        at = head.index('"results": [') + len('"results": [')
        texts = []
        for number in sorted(live.counted):
            text = live.line_texts.get(number)
            if text is None:
                result = state.results[number]
                round_, table, board = result.slot
                seating = state.seating(round_, table)
                assert seating is not None
                line: dict[str, Any] = {"board": board, "ns": seating.ns, "ew": seating.ew}
                line |= {"round": round_, "table": table}
                if seating.room is not None:
                    line |= {"room": seating.room, "match": seating.match}
                # the entry's keys in the order its stored record has them: the same text in
                # the process that entered it and in every process that replays the log
                entry = dict(sorted(result.record.entry.items()))
                text = live.line_texts[number] = json.dumps(line | entry, ensure_ascii=False)
            texts.append(text)
        return head[:at] + ", ".join(texts) + head[at:]

    def published(self, live: LiveSession) -> TournamentResults:
        """The scored results so far, with the deals of the complete boards only (exports)."""
        spec = live.state.spec
        deals = {b: spec.deals[b] for b in live.state.complete_boards()}
        return replace(live.ranking.results(), deals=deals, names=tournament_template(spec).names)

    def site(self, live: LiveSession, lang: str = "en") -> dict[str, str]:
        """The results pages (``formats.results_html``) of the results so far, made again only
        when the session has changed. A board's hand diagram, double-dummy table and par are
        shown once every table that plays it has its result: before that a player who has the
        board still to play could read its hands (extraneous information, Law 16D; 2007:
        16C). ``lang``: the pages' language, each language made and kept apart."""
        made = live.pages.get(lang)
        if made is not None and made[0] == live.version:
            return made[1]
        from bridgelaw.formats.results_html import render_site

        spec = live.state.spec
        complete = live.state.complete_boards()
        missing = {b: spec.deals[b] for b in complete if b not in live.analyses}
        if missing:
            from bridgelaw.analysis.dds import analyse_deals

            live.analyses.update(analyse_deals(missing))
        results = self.published(live)
        pages = render_site(results, {b: live.analyses[b] for b in complete}, lang)
        script = (  # the page's version: a change between the page and its stream reloads it
            f'<script src="/results/live.js" data-session="{live.id}" '
            f'data-version="{live.version}" defer></script>'
        )
        pages = {
            name: text.replace("</body>", f"{script}\n</body>", 1)
            if name.endswith(".html")
            else text
            for name, text in pages.items()
        }
        live.pages[lang] = (live.version, pages)
        return pages

    def reseat(self, live: LiveSession) -> None:
        """After a substitution: the seats and robots of the tables still being played."""
        state = live.state
        for slot, table_id in state.table_ids.items():
            table = self.server.live.get(table_id)
            if table is None or table.table.phase == "ended":
                continue
            seats, robots = self.seating_of(state, slot[0], slot[1])
            table.seats, table.robots = dict(seats), robots
            self.wake_robots([table])

    # -- pushing -----------------------------------------------------------------------------

    async def push(self, live: LiveSession) -> None:
        """Each client of the session's stream gets its role's view again (the public gets the
        new version number: its page fetches what it shows)."""
        views: dict[Role, dict[str, Any]] = {}
        for _, role in live.clients:
            if role not in views:
                views[role] = (
                    {"session": live.id, "version": live.version}
                    if role.kind == "public"
                    else self.view(live, role)
                )

        async def deliver(socket: WebSocket, role: Role) -> None:
            try:
                await asyncio.wait_for(socket.send_json(views[role]), SEND_TIMEOUT)
            except Exception:
                if (socket, role) in live.clients:
                    live.clients.remove((socket, role))

        await asyncio.gather(*(deliver(s, r) for s, r in list(live.clients)))


def _dumps(spec: SessionSpec) -> str:
    return json.dumps(spec.as_json(), sort_keys=True)


def _stamp_or_none(time: datetime.datetime | None) -> str | None:
    return None if time is None else stamp(time)
