"""The tables in memory and the path of every event through them: the table API's core.

Each table lives in memory as an engine :class:`~bridgelaw.table.Table` (a :class:`LiveTable`),
rebuilt from its stored events the first time it is asked for (after a start or a restart). An
event (a player's, the director's or a robot's: :meth:`Server.accept`) is applied to the engine
under the table's lock, stored and committed, and only then acknowledged and pushed to the
table's WebSocket clients; an event the engine refuses, or that the database fails to store, is
taken back (``Table.undo``) and nothing is stored. Whatever is refused is a :class:`Refused`:
its status, its sentence and, for a 422, its law.

The routes (:mod:`bridgelaw.server.routes`) and the robots (:mod:`bridgelaw.server.robots`) use
this module; it knows neither.
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import json
import secrets
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass, field
from typing import Any, Literal

from fastapi import WebSocket
from pydantic import BaseModel, Field
from sqlalchemy import insert, select
from sqlalchemy.engine import Engine
from sqlalchemy.orm import Session

from bridgelaw.cards import Card, Seat, card_name, parse_card
from bridgelaw.errors import BridgeLawError
from bridgelaw.server.db import now, token_hash
from bridgelaw.server.models import EventRow, SeatToken, TableRow
from bridgelaw.server.push import Blotter, changes
from bridgelaw.server.views import DIRECTOR, PLAYING, blot_for, dummy_faced, holding, view_for
from bridgelaw.server.writer import GroupWriter
from bridgelaw.table import Action, Event, Outcome, ScriptError, Table, parse_event

SEAT_LETTERS = ("N", "E", "S", "W")
CLAIM_WORDS = ("claim", "concede", "agree", "dispute")
STRICT_WORDS = ("call", "card", *CLAIM_WORDS)
"""What a seat may do at a ``strict`` table: call, play, claim and answer a claim."""
INSERT_EVENTS = insert(EventRow)
"""The statement that stores a batch of events (:meth:`Server.store_many`)."""
SEND_TIMEOUT = 5.0
"""Seconds a view may take to be handed to a client's socket before that client is dropped
(the server's default: the application reads its own at each push, ``app.SEND_TIMEOUT``)."""


def offered(table: Table, dummy: Seat, event: Event) -> bool:
    """Is ``event``'s card one the open offer asks dummy's seat to play? (62C1, 62C2: dummy's
    card taken back may be played again: it lies on the trick, not in his hand.)"""
    awaiting = table.awaiting
    if awaiting is None or awaiting.who != dummy.letter or event.card is None:
        return False
    return card_name(event.card) in awaiting.options


class NewTable(BaseModel):
    board: int = Field(ge=1, le=9999)
    deal: str = Field(max_length=80)
    edition: Literal[2007, 2017] = 2017
    mode: Literal["law", "strict"] = "law"
    robots: list[str] = Field(default_factory=list, max_length=4)
    """The seats the sample players take (server/robots.py)."""


class NewEvent(BaseModel):
    event: str = Field(min_length=1, max_length=200)


class Refused(Exception):
    """An answer other than 200: the status, the sentence and the law (for a 422)."""

    def __init__(self, status: int, error: str, law: str | None = None) -> None:
        super().__init__(error)
        self.status, self.error, self.law = status, error, law


@dataclass
class LiveTable:
    """A table in memory: the engine, its mode, the seat of each token hash, its clients."""

    id: str
    table: Table
    mode: str
    seats: dict[str, str]
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    clients: list[tuple[WebSocket, str]] = field(default_factory=list)
    robots: tuple[str, ...] = ()
    """The seats the sample players take (server/robots.py)."""
    blotters: dict[str, Blotter] = field(default_factory=dict)
    """Each role's blotting, which remembers its last view's (server/push.py)."""
    changing: set[WebSocket] = field(default_factory=set)
    """The clients that asked for the changes of each view (``?changes=1``), not the whole."""
    held: dict[str, dict[str, Any]] = field(default_factory=dict)
    """The view each role's ``changing`` clients hold: the last one sent to them."""

    def view(self, role: str, report: dict[str, Any] | None = None) -> dict[str, Any]:
        """The view of ``role``; ``report``: the engine's report of this state, if made."""
        blotter = self.blotters.get(role)
        if blotter is None:
            blotter = self.blotters[role] = Blotter()
        return view_for(self.table, role, self.mode, self.robots, report, blotter)

    def join(self, socket: WebSocket, role: str, changing: bool) -> dict[str, Any]:
        """A client of ``role`` joins the stream (under the table's lock): the whole view it is
        sent first, from which its changes start."""
        view = self.view(role)
        self.clients.append((socket, role))
        if changing:
            self.changing.add(socket)
            self.held[role] = view
        return view

    def leave(self, socket: WebSocket, role: str) -> None:
        if (socket, role) in self.clients:
            self.clients.remove((socket, role))
        self.changing.discard(socket)

    def summary(self) -> dict[str, Any]:
        """Where the table stands, for the director's list of tables (no database needed)."""
        table = self.table
        turn = table.next_to_act
        return {
            "table": self.id,
            "board": table.board.number,
            "edition": table.edition,
            "mode": self.mode,
            "phase": table.phase,
            "turn": None if turn is None else turn.letter,
            "awaiting": None if table.awaiting is None else table.awaiting.as_json(),
            "contract": None if table.contract is None else str(table.contract),
            "declarer": None if table.declarer is None else table.declarer.letter,
            "events": len(table.events),
        }


class Server:
    """The tables of one database."""

    def __init__(
        self,
        engine: Engine,
        director_token: str,
        send_timeout: Callable[[], float] = lambda: SEND_TIMEOUT,
    ) -> None:
        self.engine = engine
        self.director_token = director_token
        self.send_timeout = send_timeout
        """The seconds a view may take to reach a socket, read at each push."""
        self.live: dict[str, LiveTable] = {}
        # the events of every table committed together by one writer (server/writer.py)
        self.writer: GroupWriter[tuple[str, int, str, str]] = GroupWriter(
            lambda rows: self.store_many(rows)
        )
        # what a duplicate session (server/sessions.py) adds to the tables it makes: their
        # seats (the players' own tokens), a gate before each event and a hook after it
        self.seat_source: Callable[[str, str], tuple[dict[str, str], tuple[str, ...]]] = (
            lambda _table, _session: ({}, ())
        )
        self.gates: list[Callable[[LiveTable, str], None]] = []
        self.after_event: list[Callable[[LiveTable], Awaitable[None]]] = []
        self.sessions: Any = None
        """The duplicate sessions (``server.sessions.Sessions``), once installed."""
        self.consoles: set[WebSocket] = set()
        """The director's consoles on their stream (``/api/director/stream``): told of every
        change of a table (:meth:`announce`)."""

    # -- who is asking -----------------------------------------------------------------------

    def role(self, live: LiveTable, token: str | None) -> str:
        if not token:
            raise Refused(401, "a token is needed (Authorization: Bearer <token>)")
        if hmac.compare_digest(token.encode(), self.director_token.encode()):
            return DIRECTOR
        seat = live.seats.get(token_hash(token))
        if seat is None:
            raise Refused(403, "this token is not one of this table's")
        return seat

    # -- tables ------------------------------------------------------------------------------

    def create(self, spec: NewTable) -> tuple[str, dict[str, str]]:
        try:
            table = Table.from_deal(spec.board, spec.deal, edition=spec.edition)
        except (BridgeLawError, ValueError) as error:
            raise Refused(422, f"deal: {error}") from None
        try:
            robots = parse_robots(spec.robots)
        except ValueError as error:
            raise Refused(422, str(error)) from None
        table_id = secrets.token_hex(8)
        tokens = {letter: secrets.token_urlsafe(24) for letter in SEAT_LETTERS}
        with Session(self.engine) as session, session.begin():
            session.add(
                TableRow(
                    id=table_id,
                    board=spec.board,
                    deal=spec.deal,
                    edition=spec.edition,
                    mode=spec.mode,
                    created=now(),
                    robots="".join(robots),
                )
            )
            session.flush()
            for letter, token in tokens.items():
                session.add(SeatToken(table_id=table_id, seat=letter, token_hash=token_hash(token)))
        seats = {token_hash(token): letter for letter, token in tokens.items()}
        self.live[table_id] = LiveTable(table_id, table, spec.mode, seats, robots=robots)
        return table_id, tokens

    def get(self, table_id: str) -> LiveTable:
        """The table in memory, rebuilt from the database by replaying its events if needed."""
        live = self.live.get(table_id)
        if live is not None:
            return live
        with Session(self.engine) as session:
            row = session.get(TableRow, table_id)
            if row is None:
                raise Refused(404, f"no table {table_id!r}")
            tokens = session.scalars(select(SeatToken).where(SeatToken.table_id == table_id))
            seats = {t.token_hash: t.seat for t in tokens}
            robot_seats = tuple(row.robots or "")
            if row.session is not None:  # a session's table: its players' tokens
                seats, robot_seats = self.seat_source(table_id, row.session)
            events = session.scalars(
                select(EventRow).where(EventRow.table_id == table_id).order_by(EventRow.index)
            ).all()
            table = Table.from_deal(row.board, row.deal, edition=row.edition)
            for stored in events:
                table.apply(parse_event(stored.text, stored.index))
            live = LiveTable(table_id, table, row.mode, seats, robots=robot_seats)
        return self.live.setdefault(table_id, live)

    # -- events ------------------------------------------------------------------------------

    def event_for(self, live: LiveTable, role: str, text: str) -> tuple[str, Event]:
        """The engine's event for ``text`` sent by ``role`` (a seat's text gets its seat),
        with the text as it is stored and replayed (``N 1NT``)."""
        table = live.table
        index = len(table.events) + 1
        if role == DIRECTOR:
            return text, parse_event(text, index)
        first = text.split()[0]
        if first.lower() == DIRECTOR or first.upper() in SEAT_LETTERS:
            raise Refused(403, f"{role} acts only for his own seat, without a seat word")
        full = f"{role} {text}"
        event = parse_event(full, index)
        declarer = table.declarer
        if table.phase == "play" and declarer is not None and event.action in PLAYING:
            dummy = declarer.partner
            if role == dummy.letter:
                raise Refused(403, "dummy does not play; declarer plays dummy's cards (45A)")
            # declarer names dummy's card (45B); only a card he can see: before dummy is spread
            # (41B) a card named from it gets the answer any card he does not hold gets
            spread = dummy_faced(table) is not None
            if (
                role == declarer.letter
                and event.card is not None
                and (
                    (spread and holding(table, dummy) >> event.card & 1)
                    or offered(table, dummy, event)
                )
            ):
                full = f"{dummy.letter} {text}"
                event = parse_event(full, index)
        return full, event

    @staticmethod
    def strict_refusal(live: LiveTable, event: Event) -> tuple[str, str | None] | None:
        """At a ``strict`` table, why ``event`` may not be made, before applying it."""
        if event.who == DIRECTOR:
            return None  # the director may send any event
        if event.action not in STRICT_WORDS:
            return f"'{event.action}' is not a player's action at a strict table", None
        play = live.table.play
        if event.action is Action.CARD and event.card is not None and play is not None:
            seat = event.seat
            if play.trick and seat == play.turn and play.is_revoke(seat, event.card):
                return "a player must follow suit when he can; this card would revoke", "61A"
        return None

    @staticmethod
    def irregular(event: Event, outcome: Outcome) -> tuple[str, str] | None:
        """At a ``strict`` table, the irregularity a player's applied event made: a ruling
        naming an offender, unauthorized information, or an offer of the director's. A claim,
        a concession and their answers are no irregularity: a disputed claim waits for the
        director (Law 70), as it would online."""
        if event.who == DIRECTOR:
            return None
        for ruling in outcome.rulings:
            if ruling.seat is not None:
                return f"refused at a strict table (the Laws would rule: {ruling.text})", ruling.law
        if outcome.unauthorized:
            return "refused at a strict table: it would give unauthorized information", "16C"
        awaiting = outcome.awaiting
        if awaiting is not None and event.action not in CLAIM_WORDS:
            return (
                f"refused at a strict table: an irregularity the director would rectify by "
                f"Law {awaiting.law} ({awaiting.who}: {', '.join(awaiting.options)})",
                awaiting.law,
            )
        return None

    def apply(self, live: LiveTable, role: str, text: str) -> tuple[str, Event]:
        """Apply ``text`` from ``role`` to the engine (not yet stored)."""
        table = live.table
        for gate in self.gates:
            gate(live, role)
        try:
            full, event = self.event_for(live, role, text)
        except ScriptError as error:
            raise Refused(422, self._blot(live, role, str(error), text)) from None
        if live.mode == "strict":
            refusal = self.strict_refusal(live, event)
            if refusal is not None:
                raise Refused(422, refusal[0], refusal[1])
        try:
            outcome = table.apply(event)
        except ScriptError as error:  # the table is as it was
            raise Refused(422, self._blot(live, role, str(error), text)) from None
        if live.mode == "strict":
            irregularity = self.irregular(event, outcome)
            if irregularity is not None:
                table.undo()
                sentence, law = irregularity
                raise Refused(422, self._blot(live, role, sentence, text), law)
        return full, event

    async def accept(
        self, live: LiveTable, role: str, text: str, check: Callable[[], bool] | None = None
    ) -> dict[str, Any]:
        """The path of every event, a player's, the director's or a robot's (under the table's
        lock): applied to the engine, stored and committed, pushed; the sender's new view.
        ``check`` (a robot's) may reject the applied event: it is taken back, 422."""
        full, event = self.apply(live, role, text)
        if check is not None and not check():
            live.table.undo()
            raise Refused(422, "not an event a robot makes")
        try:
            await self.writer.store((live.id, event.index, full, role))
        except Exception:
            live.table.undo()  # not stored: not accepted
            raise Refused(503, "the event could not be stored; send it again") from None
        view = await self.push(live, role)
        await self.announce({"table": live.summary()})
        for hook in self.after_event:
            await hook(live)
        return view

    async def announce(self, message: dict[str, Any]) -> None:
        """A table's change told to every director's console on its stream, each within the
        send timeout (nothing is made when no console listens)."""
        if not self.consoles:
            return
        text = encode(message)
        messages = [(socket, DIRECTOR, text) for socket in self.consoles]
        # a console gone or not reading reconnects and gets the list again
        await deliver(
            messages, self.send_timeout(), lambda socket, _: self.consoles.discard(socket)
        )

    async def push(self, live: LiveTable, sender: str) -> dict[str, Any]:
        """Each client's view after an event, and the sender's view, the answer to his request:
        the view of each role with a client or waiting for an answer, made once from one report
        of the engine; a client that asked for changes gets the changes of its role's view
        (server/push.py), each message encoded once for all the clients of a role."""
        report = live.table.to_json()
        views: dict[str, dict[str, Any]] = {sender: live.view(sender, report)}
        for _, role in live.clients:
            if role not in views:
                views[role] = live.view(role, report)
        whole: dict[str, str] = {}
        changed: dict[str, str] = {}

        def message(socket: WebSocket, role: str) -> str:
            if socket not in live.changing:
                if role not in whole:
                    whole[role] = encode(views[role])
                return whole[role]
            if role not in changed:
                held = live.held.get(role)
                change = views[role] if held is None else changes(held, views[role])
                changed[role] = encode(change)
                live.held[role] = views[role]
            return changed[role]

        messages = [(socket, role, message(socket, role)) for socket, role in live.clients]
        await deliver(messages, self.send_timeout(), live.leave)
        return views[sender]

    def _blot(self, live: LiveTable, role: str, message: str, text: str) -> str:
        own: set[Card] = set()
        for word in text.replace(":", " ").split():
            with contextlib.suppress(BridgeLawError):
                own.add(parse_card(word))
        return blot_for(role, live.table, message, own)

    def store(self, live: LiveTable, index: int, text: str, role: str) -> None:
        self.store_many([(live.id, index, text, role)])

    def store_many(self, rows: list[tuple[str, int, str, str]]) -> None:
        """Events (table, index, text, role) stored in one transaction: all or none. One
        Core ``INSERT`` for the batch, not an ORM object per event: measured, the ORM's unit of
        work cost twice the processor time of the whole commit (docs/benchmarks.md)."""
        values = [
            {"table_id": table_id, "index": index, "text": text, "who": role, "time": now()}
            for table_id, index, text, role in rows
        ]
        with self.engine.begin() as connection:
            connection.execute(INSERT_EVENTS, values)


async def deliver(
    messages: list[tuple[WebSocket, str, str]],
    timeout: float,
    drop: Callable[[WebSocket, str], None],
) -> None:
    """Each (socket, role, text) sent at once, all within ``timeout``: a client that stops
    reading its socket blocks its send (flow control) and must not hold the table's lock for
    long; one that fails or is not done in time is dropped (``drop``): it reconnects and gets
    the view again. One task per socket and one timer for all (``asyncio.wait_for`` per socket
    made a second task and a timer for each: measured, a tenth of the push's processor time)."""
    if not messages:
        return
    tasks = [asyncio.ensure_future(socket.send_text(text)) for socket, _, text in messages]
    try:
        _, late = await asyncio.wait(tasks, timeout=timeout)
    except asyncio.CancelledError:  # the push itself is cancelled (the server stops)
        for task in tasks:
            task.cancel()
        raise
    for task in late:
        task.cancel()
    for (socket, role, _), task in zip(messages, tasks, strict=True):
        if task in late or task.cancelled() or task.exception() is not None:
            drop(socket, role)


def encode(message: dict[str, Any]) -> str:
    """A message's JSON text, as Starlette's ``send_json`` writes it."""
    return json.dumps(message, separators=(",", ":"), ensure_ascii=False)


def parse_robots(seats: Iterable[str]) -> tuple[str, ...]:
    """The seats the director gives the robots when he makes a table (``server/robots.py``):
    the robot seats in N, E, S, W order; a seat named twice or not a seat: ValueError."""
    letters = [s.strip().upper() for s in seats]
    for letter in letters:
        if letter not in ("N", "E", "S", "W"):
            raise ValueError(f"robots: {letter!r} is not a seat (N, E, S or W)")
    if len(set(letters)) != len(letters):
        raise ValueError("robots: a seat is named twice")
    return tuple(s for s in "NESW" if s in letters)
