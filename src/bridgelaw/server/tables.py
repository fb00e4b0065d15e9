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
import os
import secrets
import time
from collections import deque
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass, field
from typing import Any, Literal

from fastapi import WebSocket
from pydantic import BaseModel, Field
from sqlalchemy import insert, select
from sqlalchemy.engine import Engine
from sqlalchemy.orm import Session

from bridgelaw.cards import Card, Seat, card_name, parse_card
from bridgelaw.director.deadlines import Periods
from bridgelaw.errors import BridgeLawError
from bridgelaw.i18n.views import localize_view
from bridgelaw.i18n.words import Worded, phrase_of, script_error
from bridgelaw.server.cluster import Cluster, LeaseLost
from bridgelaw.server.db import now, token_hash
from bridgelaw.server.models import EventRow, SeatToken, TableRow
from bridgelaw.server.push import Blotter, changes
from bridgelaw.server.views import (
    DIRECTOR,
    PLAYING,
    Common,
    blot_for,
    common,
    dummy_faced,
    explanations_seen,
    holding,
    view_for,
)
from bridgelaw.server.writer import GroupWriter
from bridgelaw.table import (
    Action,
    Awaiting,
    Event,
    Outcome,
    Ruling,
    ScriptError,
    Table,
    parse_event,
)
from bridgelaw.table.legal import own_irregularity
from bridgelaw.table.messages import Said
from bridgelaw.table.rules.auction import law25
from bridgelaw.table.state import Unauthorized

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
    """An answer other than 200: the status, the sentence and the law (for a 422).

    ``error`` is a phrase said (:class:`~bridgelaw.i18n.words.Worded`, written in the
    viewer's language when the answer is sent) or English words; ``hide``, what the words
    must not show the viewer (the cards he cannot see), applied after they are written."""

    def __init__(
        self,
        status: int,
        error: str | Worded,
        law: str | None = None,
        owner: str | None = None,
        hide: Callable[[str], str] | None = None,
    ) -> None:
        self.words = error if isinstance(error, Worded) else phrase_of(error)
        english = error if isinstance(error, str) else error.text()
        self.hide = hide
        if hide is not None:
            english = hide(english)
        super().__init__(english)
        self.status, self.error, self.law = status, english, law
        self.owner = owner
        """For a 307: the address of the process that owns the table (docs/deployment.md)."""

    def text(self, lang: str) -> str:
        """The refusal's words in ``lang`` (English words with no phrase stay English)."""
        if self.words is None or lang == "en":
            return self.error
        text = self.words.text(lang)
        return self.hide(text) if self.hide is not None else text

    def body(self, lang: str) -> dict[str, Any]:
        """What the refused client is told, in ``lang``: ``error``, ``law`` (for a 422 or a
        refusal under a law), the phrase's id and parameters, and for a 307 the owner."""
        body: dict[str, Any] = {"error": self.text(lang)}
        if self.status == 422 or self.law is not None:
            body["law"] = self.law
        body.update(self.message())  # the phrase's id and parameters (docs/languages.md)
        if self.owner is not None:  # 307: the same request, to the table's owner
            body["owner"] = self.owner
        return body

    def message(self) -> dict[str, Any]:
        """The refusal as data (its phrase's id and parameters), or nothing when it has none;
        a card the viewer may not see is blotted in the parameters as in the words."""
        if self.words is None:
            return {}
        data = self.words.as_json()
        hide = self.hide
        if hide is not None:
            data["params"] = _hidden(data["params"], hide)
        return data


def _hidden(value: Any, hide: Callable[[str], str]) -> Any:
    """A refusal's parameters (JSON) with ``hide`` applied to every string in them."""
    if isinstance(value, str):
        return hide(value)
    if isinstance(value, dict):
        return {key: _hidden(item, hide) for key, item in value.items()}
    if isinstance(value, list):
        return [_hidden(item, hide) for item in value]
    return value


class Stats:
    """What the metrics endpoint reports: events accepted, and the latency of each, from its
    arrival under the table's lock to its views handed to every client (the last 10,000)."""

    def __init__(self) -> None:
        self.events = 0
        self.recent: deque[tuple[float, float]] = deque(maxlen=10000)

    def event(self, started: float) -> None:
        done = time.monotonic()
        self.events += 1
        self.recent.append((done, done - started))

    def per_second(self, window: float = 10.0) -> float:
        since = time.monotonic() - window
        return sum(1 for at, _ in self.recent if at >= since) / window

    def latency(self, quantile: float) -> float:
        """The ``quantile`` of the recent latencies, in seconds (0 when none)."""
        latencies = sorted(latency for _, latency in self.recent)
        if not latencies:
            return 0.0
        return latencies[min(len(latencies) - 1, int(quantile * len(latencies)))]


def held_key(role: str, lang: str) -> str:
    """Where the view a role's changing clients of one language hold is kept."""
    return role if lang == "en" else f"{role}/{lang}"


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
    """The view each role's ``changing`` clients hold: the last one sent to them (by
    :func:`held_key`: a role's, in one language)."""
    languages: dict[WebSocket, str] = field(default_factory=dict)
    """Each client's language (``?lang=`` or ``Accept-Language``; docs/languages.md)."""
    adjusted: dict[str, Any] | None = None
    """The result the director entered in force (Law 12C; ``server/director.py``), which
    every seat and the director see in the view as ``adjusted`` (Law 12: a ruling is told to
    the players)."""
    director_calls: list[dict[str, Any]] = field(default_factory=list)
    """The calls of the director made at the table, as every seat sees them: who called,
    when, and when the director answered (a call is made aloud at the table, Law 9B); the
    view's ``director_calls`` (``server/director.py``)."""
    session: str | None = None
    """The duplicate session whose board this table plays (``server/sessions.py``), if any."""
    explanations: list[dict[str, Any]] = field(default_factory=list)
    """Alerts explained, questions and answers (Law 20F, ``server/explanations.py``): every
    record; each role's view carries those it may see (``views.explanations_seen``)."""
    changes: list[dict[str, Any]] = field(default_factory=list)
    """Requests to change a call made by mistake at a strict table and the director's
    decisions (Law 25A, ``server/call_changes.py``), seen by the whole table."""
    behind: int = 0
    """With several processes: the last sequence another process was notified to have stored
    that this replica has not read yet (a replica with nobody to tell reads it at its next
    request, not at every event: :meth:`Server.notified`); 0 when none."""

    def view(self, role: str, shared: Common | None = None, lang: str = "en") -> dict[str, Any]:
        """The view of ``role`` (its human text in ``lang``); ``shared``: what the views of
        this state share, if made (``views.common``)."""
        blotter = self.blotters.get(role)
        if blotter is None:
            blotter = self.blotters[role] = Blotter()
        view = view_for(self.table, role, self.mode, self.robots, shared, blotter)
        view["adjusted"] = self.adjusted
        view["director_calls"] = self.director_calls
        view["explanations"] = explanations_seen(self.table, self.explanations, role)
        view["call_changes"] = list(self.changes)  # a copy: a held view keeps its own
        view["seq"] = len(self.table.events)  # the table's last event: its sequence number
        return localize_view(view, self.table, lang)

    def join(
        self,
        socket: WebSocket,
        role: str,
        changing: bool,
        since: int | None = None,
        lang: str = "en",
    ) -> list[dict[str, Any]]:
        """A client of ``role`` joins the stream (under the table's lock): the whole views it
        is sent first, in its language, from which its changes start. Without ``since``, the
        view now; with ``since`` (the last sequence the client holds), the view after each
        event it missed, in order (none if it missed none; the view now if ``since`` is no
        sequence of the table)."""
        view = self.view(role, lang=lang)
        sent = [view]
        if since is not None and 0 <= since <= len(self.table.events):
            sent = self.missed(role, since, lang)
        self.clients.append((socket, role))
        self.languages[socket] = lang
        if changing:
            self.changing.add(socket)
            self.held[held_key(role, lang)] = view
        return sent

    def missed(self, role: str, since: int, lang: str = "en") -> list[dict[str, Any]]:
        """The views of ``role`` after each event from ``since + 1`` to the last, made by
        replaying the events on a table of the same board (the views are those the stream
        sent then: the same engine, the same events)."""
        events = self.table.events
        if since >= len(events):
            return []
        replay = Table(self.table.board, self.table.edition)
        for event in events[:since]:
            replay.apply(event)
        views = []
        for event in events[since:]:
            replay.apply(event)
            view = view_for(replay, role, self.mode, self.robots, None, Blotter())
            # the director's records as they stand now (they are not events of the table)
            view["adjusted"] = self.adjusted
            view["director_calls"] = self.director_calls
            view["explanations"] = explanations_seen(replay, self.explanations, role)
            view["call_changes"] = list(self.changes)  # a copy: a held view keeps its own
            view["seq"] = len(replay.events)
            views.append(localize_view(view, replay, lang))
        return views

    def leave(self, socket: WebSocket, role: str) -> None:
        if (socket, role) in self.clients:
            self.clients.remove((socket, role))
        self.changing.discard(socket)
        self.languages.pop(socket, None)

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
        self.on_stored: list[Callable[[LiveTable], Awaitable[None]]] = []
        """Run once an event is stored, before its views are pushed: a record the same views
        carry (the director called by the table, ``server/director.py``)."""
        self.loaders: list[Callable[[LiveTable], None]] = []
        """What else a table loaded from the database reads back (in the worker thread): the
        director's records of it (``server.director.install``)."""
        self.sessions: Any = None
        """The duplicate sessions (``server.sessions.Sessions``), once installed."""
        self.consoles: set[WebSocket] = set()
        """The director's consoles on their stream (``/api/director/stream``): told of every
        change of a table (:meth:`announce`)."""
        self.cluster: Cluster | None = None
        """With several processes on one PostgreSQL: the tables this one owns (leases) and the
        events of the others (server/cluster.py); None for a process alone."""
        self.stats = Stats()
        self.periods = Periods()
        """The correction (79C) and appeal (92B) periods of a lone table's record, and of a
        session started without its own (``bridgelaw serve --appeal-minutes``)."""
        self.taken: list[Callable[[LiveTable], None]] = []
        """What follows a table taken over from a process gone (its robots woken)."""
        self.change_consent = os.environ.get("BRIDGELAW_CHANGE_CONSENT", "") == "opponents"
        """The club's option (``server/call_changes.py``): at a strict table a mistaken call
        is changed once both opponents consent, the director deciding only when one objects."""
        self.records_notified: Callable[[str], Awaitable[None]] | None = None
        """What follows another process's change of a table's director's records
        (``server.director.install``)."""

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

    def reissue(self, live: LiveTable, seat: str) -> str:
        """A new token for ``seat`` (a player who lost his link): the old one stops working at
        once. A session's table takes its seats from the players' own tokens: 409, the
        session's substitution gives a player a new one."""
        token = secrets.token_urlsafe(24)
        with Session(self.engine) as session, session.begin():
            row = session.get(TableRow, live.id)
            if row is None:
                raise Refused(404, Worded.of("error.no-table", table=live.id))
            if row.session is not None:
                raise Refused(
                    409,
                    Worded.of("error.session-table-token", table=live.id, session=row.session),
                )
            stored = session.get(SeatToken, (live.id, seat))
            if stored is None:
                raise Refused(404, Worded.of("error.no-seat-token", table=live.id, seat=seat))
            stored.token_hash = token_hash(token)
        live.seats = {h: s for h, s in live.seats.items() if s != seat}
        live.seats[token_hash(token)] = seat
        return token

    def create(self, spec: NewTable) -> tuple[str, dict[str, str]]:
        try:
            table = Table.from_deal(spec.board, spec.deal, edition=spec.edition)
        except (BridgeLawError, ValueError) as error:
            raise Refused(422, Worded.of("error.deal", problem=str(error))) from None
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
            if self.cluster is not None:  # the table's maker owns it first
                self.cluster.acquire(table_id, session.connection())
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
                raise Refused(404, Worded.of("error.no-table", table=table_id))
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
            live.session = row.session
        for load in self.loaders:
            load(live)
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
            raise Refused(403, Worded.of("error.own-seat-only", role=role))
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
    def strict_refusal(live: LiveTable, event: Event) -> tuple[Worded, str | None] | None:
        """At a ``strict`` table, why ``event`` may not be made, before applying it."""
        if event.who == DIRECTOR:
            return None  # the director may send any event
        awaiting = live.table.awaiting
        if (
            awaiting is not None
            and awaiting.law == law25.OFFERED_LHO.law(live.table)  # 25A6 (2007: 25A4)
            and awaiting.who == event.who
            and event.action in (Action.ACCEPT, Action.DECLINE)
        ):
            return None  # a change the director allowed (server/call_changes.py): LHO's choice
        if event.action not in STRICT_WORDS:
            return Worded.of("error.strict-not-a-players-action", action=str(event.action)), None
        play = live.table.play
        if event.action is Action.CARD and event.card is not None and play is not None:
            seat = event.seat
            if play.trick and seat == play.turn and play.is_revoke(seat, event.card):
                return Worded.of("error.strict-revoke"), "61A"
        return None

    @staticmethod
    def irregular(table: Table, event: Event, outcome: Outcome) -> tuple[Worded, str] | None:
        """At a ``strict`` table, the irregularity a player's applied event made, judged on the
        event itself (:func:`~bridgelaw.table.legal.own_irregularity`: a ruling naming him,
        unauthorized information from his call or card, an irregularity of his waiting for an
        answer), not on what an earlier irregularity the director entered brings with it
        (``table``: as the event left it). A claim,
        a concession and their answers are no irregularity: a disputed claim waits for the
        director (Law 70), as it would online."""
        if event.who == DIRECTOR or event.action in CLAIM_WORDS:
            return None
        found = own_irregularity(table, event, outcome)
        if isinstance(found, Ruling):
            ruling: str | Said = found.text if found.said is None else found.said
            words = Worded.of("error.strict-would-rule", table.edition, ruling=ruling)
            return words, found.law
        if isinstance(found, Unauthorized):
            return Worded.of("error.strict-unauthorized"), found.law
        if isinstance(found, Awaiting):
            return (
                Worded.of(
                    "error.strict-director-rectifies",
                    law=found.law,
                    who=found.who,
                    options=", ".join(found.options),
                ),
                found.law,
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
            raise self._refused(live, role, error, text) from None
        # the director records what happened at the table, an irregularity too: a strict
        # table refuses only the players' own irregular events
        strict = live.mode == "strict" and role != DIRECTOR
        if strict:
            refusal = self.strict_refusal(live, event)
            if refusal is not None:
                raise Refused(422, refusal[0], refusal[1])
        try:
            outcome = table.apply(event)
        except ScriptError as error:  # the table is as it was
            raise self._refused(live, role, error, text) from None
        if strict:
            irregularity = self.irregular(table, event, outcome)
            if irregularity is not None:
                table.undo()
                words, law = irregularity
                raise Refused(422, words, law, hide=self._blotter(live, role, text))
        return full, event

    async def accept(
        self,
        live: LiveTable,
        role: str,
        text: str,
        check: Callable[[], bool] | None = None,
        answer: bool = True,
    ) -> dict[str, Any]:
        """The path of every event, a player's, the director's or a robot's (under the table's
        lock): applied to the engine, stored and committed, pushed; the sender's new view, or
        with ``answer`` False an empty dict (an event sent on the sender's stream: his view
        goes out with the others'). ``check`` (a robot's) may reject the applied event: it is
        taken back, 422. With several processes, only the table's owner accepts it
        (:meth:`own`)."""
        started = time.monotonic()
        if self.cluster is not None:
            await self.own(live, robot=check is not None)
        full, event = self.apply(live, role, text)
        if check is not None and not check():
            live.table.undo()
            raise Refused(422, "not an event a robot makes")
        try:
            await self.writer.store((live.id, event.index, full, role))
        except LeaseLost:
            live.table.undo()  # another process took the table: it accepts the events now
            raise Refused(503, "this process no longer owns the table; send it again") from None
        except Exception:
            live.table.undo()  # not stored: not accepted
            raise Refused(503, "the event could not be stored; send it again") from None
        for stored in self.on_stored:  # what the event brings besides the engine's state
            await stored(live)
        view = await self.push(live, role, answer)
        self.stats.event(started)
        await self.announce({"table": live.summary()})
        for hook in self.after_event:
            await hook(live)
        return view

    # -- several processes (server/cluster.py) -----------------------------------------------

    async def own(self, live: LiveTable, robot: bool = False) -> None:
        """Make this process the table's owner before it accepts an event (under the table's
        lock): it is already, or the lease is free or expired and it takes it, reading the
        events stored meanwhile; else Refused 307 with the owner's address. A robot's event
        chosen on a state that the events read have changed is refused (409): it chooses
        again."""
        cluster = self.cluster
        if cluster is None or cluster.owns(live.id):
            return
        owner = await asyncio.to_thread(cluster.acquire, live.id)
        if owner is not None:
            raise Refused(
                307,
                Worded.of("error.owned-elsewhere", table=live.id, address=owner.address),
                owner=owner.address,
            )
        if await self.read_new(live) and robot:
            raise Refused(409, "the table moved on while it changed hands")

    async def stream_owner(self, live: LiveTable) -> str | None:
        """Where a stream of ``live`` is served (docs/deployment.md): None for here (a process
        alone, the table's owner, or one that took its free or expired lease); else the
        owner's address, where the client is sent (the stream closed with 4307), so that the
        owner pushes each update itself and no other process works for it at each event. A
        table owned under this process's own address (a process restarted before its old
        lease expired) or under an address too long for a close frame's reason (123 bytes) is
        served here as a replica (read after each notification), as before."""
        cluster = self.cluster
        if cluster is None or cluster.owns(live.id):
            return None
        async with live.lock:
            try:
                await self.own(live)
            except Refused as refused:
                address = refused.owner
                if refused.status != 307 or not address or address == cluster.address:
                    return None
                return address if len(address.encode()) <= 123 else None
        return None

    async def catch_up(self, live: LiveTable) -> int:
        """At a table this process holds but does not own (under the table's lock): the
        events the owner stored since, applied and pushed; how many."""
        cluster = self.cluster
        if cluster is None or cluster.owns(live.id):
            return 0
        return await self.read_new(live)

    async def read_new(self, live: LiveTable) -> int:
        """The events stored after the table's last, applied in order and each pushed to the
        clients (under the table's lock): how many."""
        known = len(live.table.events)

        def read() -> list[str]:
            with Session(self.engine) as session:
                query = select(EventRow.text).where(
                    EventRow.table_id == live.id, EventRow.index > known
                )
                return list(session.scalars(query.order_by(EventRow.index)))

        texts = await asyncio.to_thread(read)
        for offset, stored in enumerate(texts, start=known + 1):
            live.table.apply(parse_event(stored, offset))
            if live.clients:  # each update to this process's clients, once and in order
                await self.push_clients(live)
        live.behind = 0
        if texts:
            await self.announce({"table": live.summary()})
        return len(texts)

    async def notified(self, table_id: str, sequence: int) -> None:
        """Another process stored the events of ``table_id`` up to ``sequence``: pushed to
        this process's clients of the table, if it holds it; a table not held is read (a
        replica) when a director's console here follows every table."""
        live = self.live.get(table_id)
        if live is None and self.consoles:  # a table made elsewhere: the consoles here see it
            with contextlib.suppress(Refused):
                held = await asyncio.to_thread(self.get, table_id)
                await self.announce({"table": held.summary()})
            return
        if live is None or sequence <= len(live.table.events):
            return  # not held, or known (an owner's own events are applied before stored)
        if self.cluster is not None:  # another stored it: this process is not the owner
            self.cluster.drop([table_id])
        if not live.clients and live.session is None and not self.consoles:
            # nobody here is told of it: read at the table's next request (``behind``), not
            # now; a session's tables are read at once (the session's views show their phase)
            live.behind = max(live.behind, sequence)
            return
        async with live.lock:
            if sequence > len(live.table.events) and self.cluster is not None:
                # another stored it: this process is not the owner, whatever it believed
                self.cluster.drop([table_id])
                await self.read_new(live)

    async def relisten(self) -> None:
        """After the listener (re)connects: every table held but not owned caught up (the
        notifications sent while it was away are not replayed)."""
        for live in list(self.live.values()):
            async with live.lock:
                await self.catch_up(live)

    async def take(self, table_id: str) -> None:
        """A table taken over from a process gone: loaded (or caught up) and its robots woken."""
        held = self.live.get(table_id)
        try:
            live = held if held is not None else await asyncio.to_thread(self.get, table_id)
        except Refused:
            return
        async with live.lock:
            await self.read_new(live)
        for hook in self.taken:
            hook(live)

    async def records_changed(self, live: LiveTable) -> None:
        """The director's records of ``live`` changed here (committed): the other processes
        told, to read them again (server/cluster.py)."""
        if self.cluster is not None:
            await asyncio.to_thread(self.cluster.records_changed, live.id)

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

    async def push(self, live: LiveTable, sender: str, answer: bool = True) -> dict[str, Any]:
        """Each client's view after an event, and the sender's view, the answer to his request
        (with ``answer``; else an empty dict): the view of each role with a client or waiting
        for an answer, made once from one report of the engine; a client that asked for
        changes gets the changes of its role's view (server/push.py), each message encoded
        once for all the clients of a role."""
        shared = common(live.table)
        views = {sender: live.view(sender, shared)} if answer else {}
        await self._push(live, shared, views)
        return views.get(sender, {})

    async def push_clients(self, live: LiveTable) -> None:
        """Each client's view after an event read from the database (a replica): the views of
        the roles with a client only (no answer to make: nobody sent it here)."""
        if live.clients:
            await self._push(live, common(live.table), {})

    async def _push(
        self, live: LiveTable, shared: Common, views: dict[str, dict[str, Any]]
    ) -> None:
        for _, role in live.clients:
            if role not in views:
                views[role] = live.view(role, shared)
        spoken: dict[str, dict[str, Any]] = {}  # by held_key: a role's view in a language
        whole: dict[str, str] = {}
        changed: dict[str, str] = {}

        def message(socket: WebSocket, role: str) -> str:
            lang = live.languages.get(socket, "en")
            key = held_key(role, lang)
            if key not in spoken:
                spoken[key] = localize_view(views[role], live.table, lang)
            if socket not in live.changing:
                if key not in whole:
                    whole[key] = encode(spoken[key])
                return whole[key]
            if key not in changed:
                held = live.held.get(key)
                change = spoken[key] if held is None else changes(held, spoken[key])
                changed[key] = encode(change)
                live.held[key] = spoken[key]
            return changed[key]

        messages = [(socket, role, message(socket, role)) for socket, role in live.clients]
        await deliver(messages, self.send_timeout(), live.leave)

    def _refused(self, live: LiveTable, role: str, error: ScriptError, text: str) -> Refused:
        """The engine's refusal of ``role``'s event ``text``: a phrase written in the asker's
        language (the English as before), its hidden cards blotted in every language."""
        words = script_error(error)
        if words is None:  # English words of a strict core's refusal
            return Refused(422, self._blot(live, role, str(error), text))
        return Refused(422, words, hide=self._blotter(live, role, text))

    def _blotter(self, live: LiveTable, role: str, text: str) -> Callable[[str], str]:
        """What hides the cards ``role`` may not see from words about his event ``text``."""
        return lambda message: self._blot(live, role, message, text)

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
        cluster = self.cluster
        with self.engine.begin() as connection:
            if cluster is not None:  # our leases renewed and held till the commit, or nothing
                cluster.fence(connection, {row[0] for row in rows})
            connection.execute(INSERT_EVENTS, values)
            if cluster is not None:  # the others told at the commit: (table, last sequence)
                cluster.notify(connection, {row[0]: row[1] for row in rows})


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
