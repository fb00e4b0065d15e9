"""The FastAPI application: the fixed API of ``table-api.md``.

Each table lives in memory as an engine :class:`~bridgelaw.table.Table`, rebuilt from its
stored events the first time it is asked for (after a start or a restart). An event is applied
to the engine under the table's lock, stored and committed, and only then acknowledged and
pushed to the table's WebSocket clients; an event the engine refuses, or that the database
fails to store, is taken back (``Table.undo``) and nothing is stored.
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import secrets
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any, Literal

from fastapi import FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from pydantic import BaseModel, Field
from sqlalchemy import select
from sqlalchemy.engine import Engine
from sqlalchemy.orm import Session
from starlette.concurrency import run_in_threadpool

from bridgelaw.cards import Card, Seat, card_name, parse_card
from bridgelaw.errors import BridgeLawError
from bridgelaw.server import limits, pages
from bridgelaw.server.db import now, open_database, token_hash
from bridgelaw.server.models import EventRow, SeatToken, TableRow
from bridgelaw.server.robots import Robots, parse_robots
from bridgelaw.server.views import DIRECTOR, blot_for, holding, view_for
from bridgelaw.server.writer import GroupWriter
from bridgelaw.table import Event, Outcome, ScriptError, Table, parse_event

SEAT_LETTERS = ("N", "E", "S", "W")
PLAYING = ("card", "cards", "correct", "none", "again")
"""The actions that put a card of the hand on the table: dummy never does them (Law 45)."""
CLAIM_WORDS = ("claim", "concede", "agree", "dispute")
STRICT_WORDS = ("call", "card", *CLAIM_WORDS)
SEND_TIMEOUT = 5.0
"""Seconds a view may take to be handed to a client's socket before that client is dropped."""
"""What a seat may do at a ``strict`` table: call, play, claim and answer a claim."""


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

    def view(self, role: str, report: dict[str, Any] | None = None) -> dict[str, Any]:
        """The view of ``role``; ``report``: the engine's report of this state, if made."""
        return view_for(self.table, role, self.mode, self.robots, report)


class Server:
    """The tables of one database."""

    def __init__(self, engine: Engine, director_token: str) -> None:
        self.engine = engine
        self.director_token = director_token
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
            if (
                role == declarer.letter
                and event.card is not None
                and (holding(table, dummy) >> event.card & 1 or offered(table, dummy, event))
            ):
                full = f"{dummy.letter} {text}"  # declarer names dummy's card (45B)
                event = parse_event(full, index)
        return full, event

    def strict_refusal(self, live: LiveTable, event: Event) -> tuple[str, str | None] | None:
        """At a ``strict`` table, why ``event`` may not be made, before applying it."""
        if event.who == DIRECTOR:
            return None  # the director may send any event
        if event.action not in STRICT_WORDS:
            return f"'{event.action}' is not a player's action at a strict table", None
        play = live.table.play
        if event.action == "card" and event.card is not None and play is not None:
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

    def _blot(self, live: LiveTable, role: str, message: str, text: str) -> str:
        own: set[Card] = set()
        for word in text.replace(":", " ").split():
            with contextlib.suppress(BridgeLawError):
                own.add(parse_card(word))
        return blot_for(role, live.table, message, own)

    def store(self, live: LiveTable, index: int, text: str, role: str) -> None:
        self.store_many([(live.id, index, text, role)])

    def store_many(self, rows: list[tuple[str, int, str, str]]) -> None:
        """Events (table, index, text, role) stored in one transaction: all or none."""
        with Session(self.engine) as session, session.begin():
            for table_id, index, text, role in rows:
                session.add(
                    EventRow(table_id=table_id, index=index, text=text, who=role, time=now())
                )


def create_app(url: str, director_token: str) -> FastAPI:
    """The application on the database at ``url`` (migrated at start)."""
    server = Server(open_database(url), director_token)
    app = FastAPI(title="bridgelaw", docs_url=None, redoc_url=None, openapi_url=None)
    app.state.server = server
    limits.install(app, server)  # body size and rate limits, the log of refusals

    @app.exception_handler(Refused)
    async def refused(request: Request, error: Refused) -> JSONResponse:
        limits.log_refusal(server, request.scope, error.status, error.error)
        body: dict[str, Any] = {"error": error.error}
        if error.status == 422:
            body["law"] = error.law
        return JSONResponse(body, status_code=error.status)

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, error: RequestValidationError) -> JSONResponse:
        problems = "; ".join(
            f"{'.'.join(str(p) for p in e['loc'])}: {e['msg']}" for e in error.errors()
        )
        limits.log_refusal(server, request.scope, 422, problems)
        return JSONResponse({"error": problems, "law": None}, status_code=422)

    def bearer(request: Request) -> str | None:
        header = request.headers.get("authorization", "")
        scheme, _, token = header.partition(" ")
        return token.strip() if scheme.lower() == "bearer" else None

    @app.post("/api/tables")
    async def create_table(spec: NewTable, request: Request) -> dict[str, Any]:
        token = bearer(request)
        if not token:
            raise Refused(401, "a token is needed (Authorization: Bearer <token>)")
        if not hmac.compare_digest(token.encode(), director_token.encode()):
            raise Refused(403, "only the director makes tables")
        table_id, tokens = await run_in_threadpool(server.create, spec)
        robots.wake(server.live[table_id])
        return {"table": table_id, "seats": tokens}

    async def live_table(table_id: str) -> LiveTable:
        # a table in memory without a trip through the thread pool (most requests)
        live = server.live.get(table_id)
        return live if live is not None else await run_in_threadpool(server.get, table_id)

    @app.get("/api/tables/{table_id}")
    async def get_table(table_id: str, request: Request) -> dict[str, Any]:
        live = await live_table(table_id)
        role = server.role(live, bearer(request))
        robots.wake(live)  # after a restart, robots to act carry on
        async with live.lock:  # never a state whose event is not yet committed
            return live.view(role)

    @app.post("/api/tables/{table_id}/events")
    async def post_event(table_id: str, body: NewEvent, request: Request) -> dict[str, Any]:
        live = await live_table(table_id)
        role = server.role(live, bearer(request))
        async with live.lock:
            view = await accept(live, role, body.event.strip())
        robots.wake(live)
        return view

    async def accept(
        live: LiveTable, role: str, text: str, check: Callable[[], bool] | None = None
    ) -> dict[str, Any]:
        """The path of every event, a player's, the director's or a robot's (under the table's
        lock): applied to the engine, stored and committed, pushed; the sender's new view.
        ``check`` (a robot's) may reject the applied event: it is taken back, 422."""
        full, event = server.apply(live, role, text)
        if check is not None and not check():
            live.table.undo()
            raise Refused(422, "not an event a robot makes")
        try:
            await server.writer.store((live.id, event.index, full, role))
        except Exception:
            live.table.undo()  # not stored: not accepted
            raise Refused(503, "the event could not be stored; send it again") from None
        view = await push(live, role)
        for hook in server.after_event:
            await hook(live)
        return view

    robots = Robots(accept)
    app.state.robots = robots

    async def push(live: LiveTable, sender: str | None = None) -> dict[str, Any]:
        """Each client's view after an event (each role's view made once, from one report of
        the engine), and the sender's view, the answer to his request (a robot's event has no
        sender waiting: the director's view is made for nothing then, cheaply)."""
        report = live.table.to_json()
        views: dict[str, dict[str, Any]] = {}
        for role in [sender or DIRECTOR, *(role for _, role in live.clients)]:
            if role not in views:
                views[role] = live.view(role, report)

        async def deliver(socket: WebSocket, role: str) -> None:
            try:
                await asyncio.wait_for(socket.send_json(views[role]), SEND_TIMEOUT)
            except Exception:  # gone, or not reading: it reconnects and gets the view again
                if (socket, role) in live.clients:
                    live.clients.remove((socket, role))

        # all at once, each within SEND_TIMEOUT: a client that stops reading its socket
        # blocks its send (flow control) and must not hold the table's lock for long
        await asyncio.gather(*(deliver(socket, role) for socket, role in list(live.clients)))
        return views[sender or DIRECTOR]

    @app.websocket("/api/tables/{table_id}/stream")
    async def stream(socket: WebSocket, table_id: str, token: str = "") -> None:
        try:
            live = await live_table(table_id)
            role = server.role(live, token)
        except Refused as error:
            limits.log_refusal(server, socket.scope, error.status, error.error)
            await socket.close(code=4000 + error.status, reason=error.error)
            return
        await socket.accept()
        robots.wake(live)
        async with live.lock:
            await socket.send_json(live.view(role))
            live.clients.append((socket, role))
        try:
            while True:
                await socket.receive_text()  # nothing is read from clients yet
        except WebSocketDisconnect:
            pass
        finally:
            if (socket, role) in live.clients:
                live.clients.remove((socket, role))

    pages.install(app)  # the table page (issue 14, item 4)

    from bridgelaw.server import director  # calls, the ruling log, results, the console

    director.install(app, server)

    from bridgelaw.server import sessions  # duplicate sessions: session-api.md

    sessions.install(app, server)

    from bridgelaw.server import session_pages  # the pages of a club night

    session_pages.install(app, app.state.sessions)
    return app
