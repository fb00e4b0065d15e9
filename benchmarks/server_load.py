"""Server load: many tables played at once through ``bridgelaw serve`` on loopback.

``bridgelaw serve`` runs as its own process on a fresh SQLite file (or ``--db``). This process
makes ``--tables`` tables and plays them with four clients each: every client holds its seat's
WebSocket (``?changes=1``: the changes of each view, applied to the view it holds; the whole
view each time with ``--whole-views``) and, on average every ``--think`` seconds (exponential
waits), looks at the last view it has and, when it is its turn (declarer's includes dummy's),
sends a random legal event (:mod:`bridgelaw.server.random_player`) on that WebSocket, as the
table page does, and waits for its answer there (``--post``: posted over HTTP, as before the
stream took events). It prints, per run:

- the latency from sending an event to receiving its update on the sender's WebSocket and on
  the last of the table's four WebSockets (every seat's update), p50 and p99, over the events
  sent after the warm-up (the tables made, the sockets open);
- the events acknowledged, the errors (any answer other than 200, a failed request, an update
  that never came to one of the four seats), and the events lost: acknowledged but not in the
  database at the end;
- the server's processor time over the measured part (from ``/proc``) per event acknowledged;
- the baseline measured in the same command, before the load: a bare loopback HTTP round trip
  (a minimal HTTP/1.1 answer from an asyncio server in this process, the same client
  :class:`Http`), and the ratio of the latency to it; and the machine's load average at the
  start and end of each run.

``--busy`` runs the load twice, each time with a fresh server: alone, then beside a process
that keeps a core busy (a Python loop started for the run and killed after it), and reports both.
Progress is printed every five seconds. The load runs for ``--seconds`` (60 by default).
Nothing here is a test: the numbers depend on the machine and what else runs on it.

``--processes N`` runs N ``bridgelaw serve`` processes on one PostgreSQL database
(``--db postgresql://...``, or without ``--db`` a PostgreSQL started for the run by pgserver):
table ``n`` is made on process ``n mod N``, which owns it and takes its events; each seat's
WebSocket is first opened on process ``(n + seat) mod N`` (with two, two seats of each table on a
process not its owner), which closes it with 4307 and the owner's address, where the client
opens it again: the owner pushes every update itself (docs/deployment.md). The processor time is
the sum of the N servers'.

    .venv/bin/python benchmarks/server_load.py [--tables 200] [--seconds 60] [--think 2] [--busy]
    .venv/bin/python benchmarks/server_load.py --processes 2 --tables 400
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import json
import os
import random
import shutil
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosedError

from bridgelaw.server.push import apply
from bridgelaw.server.random_player import random_event

DIRECTOR = "load-director"
REDIRECT = 4307
"""The close code of a stream sent to the table's owner (docs/deployment.md)."""
SEATS = "NESW"


PROFILED = """
import contextlib, cProfile, os, signal, sys, uvicorn
from bridgelaw.server.app import Several, create_app
url, port, out = sys.argv[1], int(sys.argv[2]), sys.argv[3]
# on PostgreSQL one of several processes, as bridgelaw serve makes it (leases, LISTEN/NOTIFY)
several = Several(f"http://127.0.0.1:{port}") if url.startswith("postgresql") else None
class Server(uvicorn.Server):
    def capture_signals(self):  # uvicorn's would re-raise SIGTERM and lose the profile
        return contextlib.nullcontext()
token = os.environ["BRIDGELAW_DIRECTOR_TOKEN"]
server = Server(uvicorn.Config(create_app(url, token, several),
                               port=port, log_level="warning", ws_max_size=4096,
                               ws_per_message_deflate=False))  # as bridgelaw serve runs it
signal.signal(signal.SIGTERM, lambda *_: setattr(server, "should_exit", True))
profile = cProfile.Profile()
profile.enable()
server.run()
profile.disable()
profile.dump_stats(out)
"""
"""The server under cProfile (``--profile``): the statistics written when it stops."""


def percentile(values: list[float], share: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.1f} ms"


@dataclass
class Tally:
    latencies: list[float] = field(default_factory=list)
    """From sending an event to its update on the sender's WebSocket."""
    every: list[float] = field(default_factory=list)
    """From sending an event to its update on the last of the table's four WebSockets."""
    window: list[float] = field(default_factory=list)
    acknowledged: int = 0
    errors: dict[str, int] = field(default_factory=dict)
    sent: dict[str, dict[int, str]] = field(default_factory=dict)
    """Per table, the acknowledged events by their index: what the database must hold."""
    measuring: bool = False

    def error(self, kind: str) -> None:
        self.errors[kind] = self.errors.get(kind, 0) + 1


class Http:
    """A minimal HTTP/1.1 client on one kept-alive loopback connection: a general client
    library's connection pool costs more processor time, at 800 clients, than the server
    (measured with cProfile: httpcore's pool bookkeeping), and the clients share the
    machine with the server."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.streams: tuple[asyncio.StreamReader, asyncio.StreamWriter] | None = None
        self.used = 0.0

    async def post(self, path: str, body: dict[str, Any], token: str) -> tuple[int, Any]:
        idle = time.monotonic() - self.used > 4  # uvicorn closes a connection idle for 5 s
        if self.streams is not None and (idle or self.streams[0].at_eof()):
            self.streams[1].close()
            self.streams = None
        if self.streams is None:
            self.streams = await asyncio.open_connection("127.0.0.1", self.port)
        reader, writer = self.streams
        data = json.dumps(body).encode()
        head = (
            f"POST {path} HTTP/1.1\r\nhost: 127.0.0.1\r\nauthorization: Bearer {token}\r\n"
            f"content-type: application/json\r\ncontent-length: {len(data)}\r\n\r\n"
        )
        try:
            writer.write(head.encode() + data)
            await writer.drain()
            lines = (await reader.readuntil(b"\r\n\r\n")).decode("latin-1").split("\r\n")
            length = 0
            for line in lines[1:]:
                name, _, value = line.partition(":")
                if name.lower() == "content-length":
                    length = int(value)
            answer = await reader.readexactly(length)
            self.used = time.monotonic()
        except (OSError, asyncio.IncompleteReadError):
            writer.close()
            self.streams = None
            raise
        return int(lines[0].split()[1]), json.loads(answer) if answer else None


class Seat:
    """One client: a seat's WebSocket (the views) and its events, sent on the WebSocket as the
    table page sends them (or posted over HTTP, ``--post``)."""

    def __init__(self, table: str, seat: str, token: str, tally: Tally) -> None:
        self.table, self.seat, self.token, self.tally = table, seat, token, tally
        self.view: dict[str, Any] | None = None
        self.socket: Any = None
        """The open stream, on which events are sent (None while it is not open)."""
        self.answers: dict[int, asyncio.Future[dict[str, Any]]] = {}
        """The events sent on the stream waiting for their answer, by id."""
        self.asked = 0
        self.arrived: dict[int, float] = {}
        self.changed = asyncio.Event()
        self.redirects = 0
        """Streams closed by a process not the owner (4307) and opened at the owner."""
        self.table_seats: list[Seat] = [self]
        """The four clients of this table: an event's update must reach every one of them."""

    async def listen(self, port: int, ready: asyncio.Event, whole: bool) -> None:
        """The seat's stream, opened on ``port``; a process not the table's owner closes it
        with 4307 and the owner's address (docs/deployment.md), where it is opened again."""
        base = f"ws://127.0.0.1:{port}"
        query = f"?token={self.token}" + ("" if whole else "&changes=1")  # changes applied here
        for _ in range(5):
            url = f"{base}/api/tables/{self.table}/stream{query}"
            async with connect(url, max_size=2**20, open_timeout=60) as socket:
                self.socket = socket
                with contextlib.suppress(ConnectionClosedError):
                    async for message in socket:
                        data = json.loads(message)
                        answer = data.get("accepted") or data.get("refused")
                        if answer is not None:  # the answer to an event sent on the stream
                            waiting = self.answers.pop(answer["id"], None)
                            if waiting is not None and not waiting.done():
                                waiting.set_result(data)
                            continue
                        view = apply(self.view or {}, data)
                        self.arrived[view["seq"]] = time.perf_counter()
                        self.view = view
                        for seat in self.table_seats:
                            seat.changed.set()
                        ready.set()
            self.socket = None
            for waiting in self.answers.values():
                if not waiting.done():
                    waiting.set_exception(ConnectionError("the stream closed before the answer"))
            self.answers.clear()
            if socket.close_code != REDIRECT or not socket.close_reason:
                return
            self.redirects += 1
            base = socket.close_reason.replace("http", "ws", 1)

    async def send(self, http: Http, event: str, post: bool) -> tuple[int, int]:
        """``event`` posted or sent on the stream: the status and the event's sequence."""
        if post:
            status, answer = await http.post(
                f"/api/tables/{self.table}/events", {"event": event}, self.token
            )
            return status, answer["seq"] if status == 200 else 0
        if self.socket is None:
            raise ConnectionError("the stream is not open")
        self.asked += 1
        waiting = self.answers[self.asked] = asyncio.get_running_loop().create_future()
        await self.socket.send(json.dumps({"event": event, "id": self.asked}))
        data = await asyncio.wait_for(waiting, 30)
        if "accepted" in data:
            return 200, int(data["accepted"]["seq"])
        return int(data["refused"]["status"]), 0

    async def play(self, port: int, rng: random.Random, think: float, post: bool) -> None:
        http = Http(port)
        while True:
            await asyncio.sleep(rng.expovariate(1 / think))
            view = self.view
            event = None if view is None else random_event(view, rng)
            if event is None:
                continue
            started = time.perf_counter()
            try:
                status, key = await self.send(http, event, post)
            except (OSError, asyncio.IncompleteReadError, TimeoutError) as error:
                self.tally.error(type(error).__name__)
                continue
            if status != 200:
                self.tally.error(f"HTTP {status}")
                continue
            self.tally.acknowledged += 1
            self.tally.sent.setdefault(self.table, {})[key] = event
            deadline = started + 10
            seats = self.table_seats
            while missing(seats, key) and time.perf_counter() < deadline:
                self.changed.clear()
                try:
                    await asyncio.wait_for(self.changed.wait(), deadline - time.perf_counter())
                except TimeoutError:
                    break
            if missing(seats, key):
                self.tally.error("update never came")
                continue
            if self.tally.measuring:
                latency = self.arrived[key] - started
                every = max(seat.arrived[key] for seat in seats) - started
                self.tally.latencies.append(latency)
                self.tally.every.append(every)
                self.tally.window.append(every)


def missing(seats: list[Seat], key: int) -> bool:
    """Has one of ``seats`` not yet received the update of the event ``key``?"""
    return any(key not in seat.arrived for seat in seats)


async def baseline(count: int) -> list[float]:
    """Round trips of a bare HTTP/1.1 exchange on loopback, same client library."""

    async def answer(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            while True:
                head = await reader.readuntil(b"\r\n\r\n")
                length = 0
                for line in head.split(b"\r\n"):
                    if line.lower().startswith(b"content-length:"):
                        length = int(line.split(b":")[1])
                await reader.readexactly(length)
                writer.write(b"HTTP/1.1 200 OK\r\ncontent-length: 2\r\n\r\n{}")
                await writer.drain()
        except (asyncio.IncompleteReadError, ConnectionError, asyncio.CancelledError):
            writer.close()  # the client left, or the loop ends

    server = await asyncio.start_server(answer, "127.0.0.1", 0)
    http = Http(server.sockets[0].getsockname()[1])
    times = []
    for _ in range(count):
        started = time.perf_counter()
        await http.post("/", {"event": "pass"}, "token")
        times.append(time.perf_counter() - started)
    if http.streams is not None:
        http.streams[1].close()
    server.close()
    return times


def processor_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def lost_events(database: Path | str, tally: Tally) -> int:
    """Acknowledged events not stored at their index (the database read directly: an SQLite
    file, or a PostgreSQL URL)."""
    lost = 0
    for table, events in tally.sent.items():
        rows = stored_rows(database, table)
        stored = {index: text.split(maxsplit=1)[1] for index, text in rows}
        lost += sum(stored.get(index) != text for index, text in events.items())
    return lost


def stored_rows(database: Path | str, table: str) -> list[tuple[int, str]]:
    if isinstance(database, Path):
        with sqlite3.connect(database) as connection:
            rows = connection.execute(
                'SELECT "index", text FROM events WHERE table_id = ?', (table,)
            ).fetchall()
        return [(int(index), str(text)) for index, text in rows]
    import psycopg
    from sqlalchemy.engine import make_url

    plain = make_url(database).set(drivername="postgresql").render_as_string(False)
    with psycopg.connect(plain) as connection:
        found = connection.execute(
            'SELECT "index", text FROM events WHERE table_id = %s', (table,)
        ).fetchall()
    return [(int(index), str(text)) for index, text in found]


def forked(database: Path | str, tables: list[str]) -> int:
    """Tables whose stored sequences are not 1, 2, 3 ... (a gap: two histories)."""
    count = 0
    for table in tables:
        indexes = sorted(index for index, _ in stored_rows(database, table))
        count += indexes != list(range(1, len(indexes) + 1))
    return count


async def run(args: argparse.Namespace, ports: list[int], mark: Callable[[str], None]) -> Tally:
    tally = Tally()
    rng = random.Random(args.seed)
    owners: dict[str, int] = {}
    """Each table's port: the process that made it owns it."""
    async with httpx.AsyncClient(timeout=30) as http:
        seats: list[Seat] = []
        for number in range(1, args.tables + 1):
            deal = random_deal_pbn(rng)
            port = ports[number % len(ports)]
            answer = await http.post(
                f"http://127.0.0.1:{port}/api/tables",
                json={"board": number, "deal": deal, "mode": "strict"},
                headers={"Authorization": f"Bearer {DIRECTOR}"},
            )
            answer.raise_for_status()
            body = answer.json()
            table = [Seat(body["table"], s, body["seats"][s], tally) for s in SEATS]
            owners[body["table"]] = port
            for seat in table:
                seat.table_seats = table
            seats += table
        print(f"{args.tables} tables made; opening {len(seats)} WebSockets", flush=True)
        listeners = []
        for place, seat in enumerate(seats):
            ready = asyncio.Event()
            at = ports[(place // 4 + 1 + place % 4) % len(ports)]  # spread over the processes
            listener = asyncio.create_task(seat.listen(at, ready, args.whole_views))
            listeners.append(listener)
            waiting = asyncio.create_task(ready.wait())
            await asyncio.wait({listener, waiting}, return_when=asyncio.FIRST_COMPLETED)
            if not ready.is_set():  # the stream failed or closed before its first view
                waiting.cancel()
                error = listener.exception() if not listener.cancelled() else None
                raise SystemExit(f"seat {place}'s stream on port {at}: {error!r}")
        # the clients' own objects (1600 sockets at 400 tables) kept out of their cyclic
        # collector: its full passes stopped this process for 0.4-0.7 s (measured), which
        # would count as the server's latency
        gc.collect()
        gc.freeze()
        moved = sum(seat.redirects for seat in seats)
        print(f"streams opened; {moved} sent on to their table's owner (4307)", flush=True)
        players = [
            asyncio.create_task(
                s.play(owners[s.table], random.Random(rng.random()), args.think, args.post)
            )
            for s in seats
        ]
        tally.measuring = True
        mark("start")
        began = time.perf_counter()
        while (elapsed := time.perf_counter() - began) < args.seconds:
            await asyncio.sleep(min(5.0, args.seconds - elapsed))
            window, tally.window = tally.window, []
            print(
                f"{time.perf_counter() - began:5.1f} s: {tally.acknowledged} events, "
                f"last 5 s p50 {ms(percentile(window, 0.5))} p99 {ms(percentile(window, 0.99))}"
                f", errors {sum(tally.errors.values())}",
                flush=True,
            )
        tally.measuring = False
        mark("end")
        await stop_all(players + listeners)
    return tally


async def stop_all(tasks: list[asyncio.Task[None]]) -> None:
    """Every task cancelled, and waited for a little: a stream's closing handshake may swallow
    its first cancellation (seen once: the run hung at its end), so it is cancelled again."""
    for _ in range(3):
        for task in tasks:
            task.cancel()
        _, pending = await asyncio.wait(tasks, timeout=10)
        if not pending:
            return
        tasks = list(pending)
    print(f"{len(tasks)} client tasks did not stop; left behind", flush=True)


def random_deal_pbn(rng: random.Random) -> str:
    deck = [f"{suit}{rank}" for suit in "SHDC" for rank in "AKQJT98765432"]
    rng.shuffle(deck)  # benchmark input only
    hands = []
    for seat in range(4):
        cards = deck[seat::4]
        hands.append(
            ".".join("".join(c[1] for c in deck if c in cards and c[0] == s) for s in "SHDC")
        )
    return "N:" + " ".join(hands)


BURNER = "while True: pass"
"""The other busy process of ``--busy``: one core's worth of pure Python work."""


@dataclass
class Run:
    """One load run's numbers."""

    label: str
    tally: Tally
    server_seconds: float
    """The servers' processor time while the load was measured."""
    client_seconds: float
    lost: int
    forked: int = 0

    def per_event(self) -> float:
        return self.server_seconds / max(1, self.tally.acknowledged)


async def run_measured(
    args: argparse.Namespace, ports: list[int], pids: list[int]
) -> tuple[Tally, float, float]:
    """The load, with the servers' and the clients' processor time over the measured part."""
    marks: dict[str, float] = {}

    def mark(name: str) -> None:
        marks[f"{name} server"] = sum(processor_seconds(pid) for pid in pids)
        marks[f"{name} own"] = time.process_time()

    tally = await run(args, ports, mark)
    return (
        tally,
        marks["end server"] - marks["start server"],
        marks["end own"] - marks["start own"],
    )


def load_run(args: argparse.Namespace, busy: bool) -> Run:
    """A fresh server, the load for ``--seconds``; with ``busy``, beside a busy process."""
    label = "beside a busy process" if busy else "alone"
    print(f"-- load run, {label}; load average {loads()}", flush=True)
    folder = Path(tempfile.mkdtemp(prefix="bridgelaw-load-"))
    database: Path | str = folder / "tables.db"
    url = args.db or f"sqlite:///{database}"
    if args.db is not None:
        database = args.db
    ports = [args.port + n if args.port else free_port() for n in range(args.processes)]
    env = {**os.environ, "BRIDGELAW_DIRECTOR_TOKEN": DIRECTOR}
    # every seat's client is on this one address here, not one player's device each: the
    # guard against one address holding too many connections (256) is lifted for the load
    env["BRIDGELAW_CONNECTIONS_PER_ADDRESS"] = str(8 * args.tables + 100)
    log = (folder / "serve.log").open("wb")
    servers: list[subprocess.Popen[bytes]] = []
    burner = subprocess.Popen([sys.executable, "-c", BURNER]) if busy else None
    try:
        for port in ports:
            command = [sys.executable, "-m", "bridgelaw", "serve", "--db", url]
            command += ["--port", str(port)]
            if args.profile:
                profile = f"{args.profile}.{label[:5]}.{port}"
                command = [sys.executable, "-c", PROFILED, url, str(port), profile]
            servers.append(subprocess.Popen(command, stdout=log, stderr=log, env=env))
            # one after the other: the first migrates the fresh database, alone (two at once
            # race to make its tables, and one stops)
            wait_for(port, servers[-1], folder / "serve.log")
        pids = [server.pid for server in servers]
        tally, cpu, own = asyncio.run(run_measured(args, ports, pids))
        print(f"-- end of the run; load average {loads()}", flush=True)
    finally:
        if burner is not None:
            burner.kill()
            burner.wait()
        for server in servers:
            server.terminate()
        for server in servers:
            server.wait(timeout=30)
        log.close()
    try:
        lost = lost_events(database, tally)
        split = forked(database, list(tally.sent))
    finally:
        shutil.rmtree(folder, ignore_errors=True)  # the database and the server's log
    return Run(label, tally, cpu, own, lost, split)


def loads() -> str:
    """The machine's load average (1, 5, 15 minutes): what else ran beside the benchmark."""
    return " ".join(f"{load:.1f}" for load in os.getloadavg())


def report(found: Run, args: argparse.Namespace, base: list[float]) -> None:
    tally = found.tally
    stream = "whole views" if args.whole_views else "changes"
    sent = "posted" if args.post else "sent on the stream"
    print(
        f"== {args.tables} tables over {args.processes} process(es) "
        f"({args.tables / args.processes:.0f} per process), the servers {found.label}, "
        f"4 clients each acting every {args.think} s, {stream} on the stream, events {sent}"
    )
    seconds = args.seconds
    print(f"events acknowledged {tally.acknowledged} ({tally.acknowledged / seconds:.1f}/s)")
    print(f"errors {sum(tally.errors.values())} {tally.errors or ''}".rstrip())
    print(f"lost events {found.lost}; forked tables {found.forked}")
    print(
        f"processor time: server {found.server_seconds:.1f} s, clients "
        f"{found.client_seconds:.1f} s, in {seconds:.0f} s"
    )
    per_event = found.per_event()
    goal = "met" if per_event <= 0.001 else "NOT met"
    print(f"server processor time per event {ms(per_event)}; goal <= 1 ms: {goal}")
    sender, every = tally.latencies, tally.every
    if not every:
        print("no event measured")
        return
    p50, p99 = percentile(sender, 0.5), percentile(sender, 0.99)
    print(f"event to the sender's update: p50 {ms(p50)} p99 {ms(p99)} max {ms(max(sender))}")
    e50, e99 = percentile(every, 0.5), percentile(every, 0.99)
    print(f"event to every seat's update: p50 {ms(e50)} p99 {ms(e99)} max {ms(max(every))}")
    base50, base99 = percentile(base, 0.5), percentile(base, 0.99)
    print(
        f"ratio to the loopback baseline (every seat): p50 {e50 / base50:.1f}x, "
        f"p99 {e99 / base99:.1f}x"
    )
    goal = "met" if e99 < 0.1 else "NOT met"
    print(f"mean {ms(statistics.fmean(every))}; goal p99 < 100 ms: {goal}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--think", type=float, default=2.0, help="mean seconds between actions")
    parser.add_argument("--db", help="database URL (default: a fresh SQLite file)")
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--seed", type=int, default=14)
    parser.add_argument(
        "--busy",
        action="store_true",
        help="run the load twice: quiet, then beside a process that keeps a core busy",
    )
    parser.add_argument(
        "--whole-views",
        action="store_true",
        help="the clients take whole views on the stream (the stream as first made)",
    )
    parser.add_argument(
        "--post",
        action="store_true",
        help="the clients post their events over HTTP (before: sent on the seat's WebSocket)",
    )
    parser.add_argument("--profile", help="run the server under cProfile, its output in this file")
    parser.add_argument(
        "--processes",
        type=int,
        default=1,
        help="server processes on one PostgreSQL (--db, or one started by pgserver)",
    )
    parser.add_argument(
        "--db-postgres",
        action="store_true",
        help="a PostgreSQL started by pgserver even for one process (the baseline of --processes)",
    )
    args = parser.parse_args()
    postgres = None
    if (args.processes > 1 or args.db_postgres) and args.db is None:
        postgres, args.db = start_postgres()
    base = asyncio.run(baseline(500))
    print(
        f"baseline: bare loopback HTTP round trip p50 {ms(percentile(base, 0.5))} "
        f"p99 {ms(percentile(base, 0.99))}",
        flush=True,
    )
    runs = [load_run(args, busy=False)]
    if args.busy:
        runs.append(load_run(args, busy=True))
    for found in runs:
        report(found, args, base)
    if postgres is not None:
        postgres.cleanup()


def start_postgres() -> tuple[Any, str]:
    """A PostgreSQL for the run (pgserver, as the tests start it: tests/conftest.py) and the
    URL of a fresh database on it."""
    import secrets
    import warnings

    import psycopg
    from sqlalchemy.engine import make_url

    parent = Path(tempfile.mkdtemp(prefix="bridgelaw-load-pg-"))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from pgserver.postgres_server import get_server

        server: Any = get_server(parent / "pgdata", cleanup_mode="delete")
    base = make_url(str(server.get_uri()))
    name = f"load_{secrets.token_hex(4)}"
    admin = base.set(drivername="postgresql").render_as_string(hide_password=False)
    with psycopg.connect(admin, autocommit=True) as connection:
        connection.execute(f"CREATE DATABASE {name}")
    return server, base.set(database=name).render_as_string(hide_password=False)


def free_port() -> int:
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def wait_for(port: int, server: subprocess.Popen[bytes], log: Path) -> None:
    with httpx.Client(timeout=1) as client:
        for _ in range(1200):  # two minutes: a loaded machine starts a process slowly
            if server.poll() is not None:
                raise SystemExit(f"the server stopped at start: {log.read_text()[-2000:]}")
            try:
                client.get(f"http://127.0.0.1:{port}/api/tables/none")
                return
            except httpx.TransportError:
                time.sleep(0.1)
    raise SystemExit("the server did not start")


if __name__ == "__main__":
    main()
