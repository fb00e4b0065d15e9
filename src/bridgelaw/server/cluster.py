"""Several server processes on one PostgreSQL database: who owns each table, and how the others
learn of its events (docs/deployment.md).

* **Leases.** A table is owned by one process at a time: a row of ``table_leases`` names the
  owner, its address and an expiry, all in the database's clock. The owner renews its leases
  every third of the lease; a process that finds a lease expired takes it over (one
  ``INSERT ... ON CONFLICT DO UPDATE ... WHERE expires < now()``: of two processes racing, the
  row lock lets one win). Only the owner accepts a table's events.
* **Fencing.** The owner stores events in a transaction that first renews the lease of each
  table in it *only if it still holds it* (``UPDATE ... WHERE owner = me AND expires > now()``):
  the row stays locked until the commit, so a takeover waits for it and then sees the lease
  renewed; a process whose lease was taken finds no row, and stores nothing (503, the client
  sends again, to the new owner). The events' key (table, sequence) makes a fork impossible
  even so: two rows at one sequence cannot both be stored.
* **Notifications.** The same transaction sends ``NOTIFY bridgelaw_events, 'table:sequence'``
  (delivered at the commit, never replayed, 8000 bytes at most: so it carries no event). Each
  process listens; one holding a table it does not own (a replica, for its WebSocket clients)
  reads the new events from ``events`` and pushes each to its clients, in order.
* **Sessions and the director's records.** A session's log (``session_records``) is appended
  by whichever process stores its next record; its key (session, sequence) lets only one of two
  processes store a sequence, and the other reads what it missed and tries again (or answers
  409). The same transaction sends ``session:<id>:<sequence>``; each process holding the session
  reads the records after its own and applies them, so every process's state, views and ranking
  are the replay of the same log. A change of a table's director's records (a call, its
  answer, a result he entered) sends ``records:<table>:<process>`` after its commit; the other
  processes read the table's records again, push its views and tell their consoles.

The SQL is PostgreSQL's; the cluster is made only on a PostgreSQL database
(``bridgelaw serve --db postgresql://...``).
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import os
import secrets
import socket
import threading
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass

from sqlalchemy import text
from sqlalchemy.engine import Connection, Engine

LOG = logging.getLogger("bridgelaw.server")
CHANNEL = "bridgelaw_events"
SESSION = "session:"
"""The prefix of a notification of a session's records: ``session:<id>:<last sequence>``."""
RECORDS = "records:"
"""The prefix of a notification of a table's director's records: ``records:<table>:<process>``
(table ids are hex: neither prefix is one)."""

ACQUIRE = text(
    "INSERT INTO table_leases (table_id, owner, address, expires) "
    "VALUES (:table, :owner, :address, clock_timestamp() + make_interval(secs => :ttl)) "
    "ON CONFLICT (table_id) DO UPDATE SET owner = excluded.owner, "
    "address = excluded.address, expires = excluded.expires "
    "WHERE table_leases.expires < clock_timestamp() OR table_leases.owner = excluded.owner "
    "RETURNING owner"
)
OWNER = text("SELECT owner, address FROM table_leases WHERE table_id = :table")
RENEW = text(
    "UPDATE table_leases SET expires = clock_timestamp() + make_interval(secs => :ttl) "
    "WHERE owner = :owner AND table_id = ANY(:tables) AND expires > clock_timestamp() "
    "RETURNING table_id"
)
EXPIRED = text(
    "SELECT table_id FROM table_leases WHERE expires < clock_timestamp() "
    "AND expires > clock_timestamp() - make_interval(secs => :recent) "
    "ORDER BY expires LIMIT 500"
)
"""Leases expired lately: their owner died (or stopped), and its tables are taken over at once.
A lease expired long ago (every process stopped once) is taken over at the table's next
request instead: the tables played last month are not all loaded at a start."""
RELEASE = text(
    "UPDATE table_leases SET expires = clock_timestamp() "
    "WHERE owner = :owner AND table_id = ANY(:tables)"
)
NOTIFY = text("SELECT pg_notify(:channel, :payload)")


class LeaseLost(Exception):
    """The process no longer owns a table whose events it was storing: nothing was stored."""

    def __init__(self, tables: Iterable[str]) -> None:
        self.tables = sorted(set(tables))
        super().__init__(f"no longer the owner of {', '.join(self.tables)}")


@dataclass(frozen=True)
class Owner:
    """Another process's lease on a table: who, and where it answers."""

    name: str
    address: str


def process_name() -> str:
    """A name no other process has, now or later (host, process id and a random part)."""
    return f"{socket.gethostname()[:40]}-{os.getpid()}-{secrets.token_hex(4)}"


def psycopg_url(engine: Engine) -> str:
    """The database's URL as psycopg reads it (without SQLAlchemy's driver name)."""
    return engine.url.set(drivername="postgresql").render_as_string(hide_password=False)


class Cluster:
    """This process's part: its name and address, the tables it owns, the listener of the
    events of the others, and the thread that renews and takes over leases."""

    def __init__(self, engine: Engine, address: str, lease: float = 3.0) -> None:
        if engine.dialect.name != "postgresql":
            raise ValueError("several processes need PostgreSQL (--db postgresql://...)")
        self.engine = engine
        self.address = address
        self.lease = lease
        self.name = process_name()
        self.owned: set[str] = set()
        self.guard = threading.Lock()
        """Guards ``owned`` between the event loop and the lease thread."""
        self.stopping = threading.Event()
        self.threads: list[threading.Thread] = []
        self.loop: asyncio.AbstractEventLoop | None = None
        self.notified: Callable[[str, int], Awaitable[None]] | None = None
        """What the server does with another process's event (``Server.notified``)."""
        self.relisten: Callable[[], Awaitable[None]] | None = None
        """What the server does after the listener (re)connects: every replica caught up,
        since notifications sent while it was away are lost."""
        self.taken: Callable[[str], Awaitable[None]] | None = None
        """What the server does with a table taken over from a process gone."""
        self.session_notified: Callable[[str, int], Awaitable[None]] | None = None
        """What the sessions do with another process's records (``Sessions.notified``)."""
        self.records_notified: Callable[[str], Awaitable[None]] | None = None
        """What the server does with a change of a table's director's records made by another
        process (``director.install``)."""
        self.takeovers = 0
        self.pending: dict[str, int] = {}
        """Tables' last sequences notified and not yet handed to the event loop: a burst of
        notifications read while the loop is busy is handed over once, the last of each table
        (reading a table's new events reads all of them)."""
        self.flushing = False
        """A hand-over of ``pending`` is scheduled on the loop (both guarded by ``batch``)."""
        self.batch = threading.Lock()
        self.tasks: set[asyncio.Future[None]] = set()

    # -- leases -------------------------------------------------------------------------------

    def owns(self, table_id: str) -> bool:
        with self.guard:
            return table_id in self.owned

    def acquire(self, table_id: str, connection: Connection | None = None) -> Owner | None:
        """Take the lease of ``table_id`` if it is free, expired or ours: None; else the
        owner who holds it."""
        values: dict[str, object] = {"table": table_id, "owner": self.name}
        values.update(address=self.address, ttl=self.lease)
        with contextlib.ExitStack() as stack:
            if connection is None:
                connection = stack.enter_context(self.engine.begin())
            won = connection.execute(ACQUIRE, values).first()
            if won is None:
                row = connection.execute(OWNER, {"table": table_id}).first()
                if row is not None:
                    return Owner(row.owner, row.address)
                return Owner("", "")  # pragma: no cover - the row went between two statements
        with self.guard:
            self.owned.add(table_id)
        return None

    def fence(self, connection: Connection, tables: set[str]) -> None:
        """In the transaction storing events of ``tables``: renew their leases if still ours,
        holding their rows until the commit; LeaseLost (nothing stored) if one is not."""
        rows = connection.execute(
            RENEW, {"ttl": self.lease, "owner": self.name, "tables": sorted(tables)}
        )
        kept = {row.table_id for row in rows}
        if kept != tables:
            self.drop(tables - kept)
            raise LeaseLost(tables - kept)

    def notify(self, connection: Connection, last: dict[str, int]) -> None:
        """Tell every process the last sequence stored of each table (sent at the commit)."""
        for table_id, sequence in last.items():
            connection.execute(NOTIFY, {"channel": CHANNEL, "payload": f"{table_id}:{sequence}"})

    def tell(self, connection: Connection, payload: str) -> None:
        """A notification sent at the commit of ``connection``'s transaction."""
        connection.execute(NOTIFY, {"channel": CHANNEL, "payload": payload})

    def records_changed(self, table_id: str) -> None:
        """Tell the others that the director's records of ``table_id`` changed (after their
        commit, in a transaction of its own: in a worker thread)."""
        with self.engine.begin() as connection:
            self.tell(connection, f"{RECORDS}{table_id}:{self.name}")

    def drop(self, tables: Iterable[str]) -> None:
        with self.guard:
            self.owned.difference_update(tables)

    def renew(self) -> None:
        with self.guard:
            tables = sorted(self.owned)
        if not tables:
            return
        with self.engine.begin() as connection:
            rows = connection.execute(
                RENEW, {"ttl": self.lease, "owner": self.name, "tables": tables}
            )
            kept = {row.table_id for row in rows}
        if lost := set(tables) - kept:
            LOG.warning("leases lost (expired before renewal): %s", ", ".join(sorted(lost)))
            self.drop(lost)

    def take_over(self) -> list[str]:
        """Take the tables whose lease expired lately (their owner is gone)."""
        with self.engine.connect() as connection:
            expired = [row.table_id for row in connection.execute(EXPIRED, {"recent": 600})]
        taken = [table_id for table_id in expired if self.acquire(table_id) is None]
        if taken:
            LOG.warning("took over %d tables from a process gone", len(taken))
            self.takeovers += len(taken)
        return taken

    def release(self) -> None:
        """At a clean stop: every lease given up (expired now), for the others to take."""
        with self.guard:
            tables = sorted(self.owned)
            self.owned.clear()
        if tables:
            with self.engine.begin() as connection:
                connection.execute(RELEASE, {"owner": self.name, "tables": tables})

    # -- the threads --------------------------------------------------------------------------

    def start(self, loop: asyncio.AbstractEventLoop) -> None:
        self.loop = loop
        for target, name in ((self._keep, "leases"), (self._listen, "listen")):
            thread = threading.Thread(target=target, name=f"bridgelaw-{name}", daemon=True)
            thread.start()
            self.threads.append(thread)

    def stop(self) -> None:
        self.stopping.set()
        for thread in self.threads:
            thread.join(timeout=5)
        with contextlib.suppress(Exception):
            self.release()

    def _call(self, make: Callable[[], Awaitable[None]]) -> None:
        loop = self.loop
        if loop is None or loop.is_closed():
            return

        def run() -> None:
            loop.create_task(make())  # type: ignore[arg-type]

        loop.call_soon_threadsafe(run)

    def _keep(self) -> None:
        """Renew our leases and take over the expired ones, every third of a lease."""
        while not self.stopping.wait(self.lease / 3):
            try:
                self.renew()
                taken = self.taken
                for table_id in self.take_over():
                    if taken is not None:
                        self._call(functools.partial(taken, table_id))
            except Exception as error:  # the database away: try again at the next turn
                LOG.warning("leases: %s: %s", type(error).__name__, error)

    def _listen(self) -> None:
        """LISTEN for the events of the other processes; reconnect if the connection fails."""
        import psycopg  # here: a server on SQLite never needs it

        url = psycopg_url(self.engine)
        while not self.stopping.is_set():
            try:
                with psycopg.connect(url, autocommit=True) as connection:
                    connection.execute(f"LISTEN {CHANNEL}")
                    relisten = self.relisten
                    if relisten is not None:
                        self._call(relisten)
                    while not self.stopping.is_set():
                        for note in connection.notifies(timeout=0.5):
                            self._dispatch(note.payload)
            except Exception as error:
                LOG.warning("listen: %s: %s", type(error).__name__, error)
                self.stopping.wait(0.5)

    def _dispatch(self, payload: str) -> None:
        if payload.startswith(RECORDS):
            table_id, _, sender = payload[len(RECORDS) :].partition(":")
            changed = self.records_notified
            if changed is not None and sender != self.name:  # our own: pushed already
                self._call(lambda: changed(table_id))
            return
        if payload.startswith(SESSION):
            session_id, _, last = payload[len(SESSION) :].rpartition(":")
            session_notified = self.session_notified
            if session_notified is not None and last.isdigit():
                self._call(lambda: session_notified(session_id, int(last)))
            return
        table_id, _, sequence = payload.rpartition(":")
        loop = self.loop
        if self.notified is None or not sequence.isdigit() or loop is None or loop.is_closed():
            return
        with self.batch:
            self.pending[table_id] = max(self.pending.get(table_id, 0), int(sequence))
            if self.flushing:
                return  # handed over with the others at the scheduled flush
            self.flushing = True
        loop.call_soon_threadsafe(self._flush)

    def _flush(self) -> None:
        """On the event loop: each table notified since the last flush, once, at its last
        sequence."""
        with self.batch:
            pending, self.pending = self.pending, {}
            self.flushing = False
        notified, loop = self.notified, self.loop
        if notified is None or loop is None:
            return
        for table_id, sequence in pending.items():
            task = asyncio.ensure_future(notified(table_id, sequence), loop=loop)
            self.tasks.add(task)  # held until done: the loop keeps only a weak reference
            task.add_done_callback(self.tasks.discard)
