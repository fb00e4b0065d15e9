"""Durability: ``bridgelaw serve`` killed with SIGKILL at random moments
while clients play, restarted, loses no acknowledged event, and the boards finish.

The server runs as a real process on an SQLite file. One client thread per table plays random
legal events through the API (the seats' views only); a killer strikes at a random moment of
each round. After each restart the test reads what the database holds: every event answered
200 is there, in the order it was answered, and the only other events are the ones that were
in flight when the server died (stored, but the answer lost). Every seat reconnects its
WebSocket and gets the current view, then the boards carry on to their end.
"""

from __future__ import annotations

import json
import random
import sqlite3
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

import httpx
from websockets.sync.client import connect

from bridgelaw.server.random_player import random_event
from tests.server_process import Served

DIRECTOR = "durability-director"
DEALS = [
    "N:AKQ2.KQ2.A32.K32 JT9.AJT.KQJ4.A54 876.9876.T98.QJ9 543.543.765.T876",
    "N:KJ74.A83.Q62.K95 Q82.KQJ5.AJ4.J73 A963.T76.K85.AQ2 T5.942.T973.T864",
    "E:AK.QJ2.T98.KQJ76 QJT9.AK3.AK2.932 8765.T98.QJ7.AT8 432.7654.6543.54",
]
KILLS = 4
DEADLINE = 120.0
"""A guard against a hang, not a timing: the test takes about 20 s on a quiet machine (five
starts of the server, three boards), and the shared machine it runs on can be slowed a lot."""


@dataclass
class Sent:
    action: str  # the event as sent, without the seat (``1NT``, ``HQ``)
    acknowledged: bool
    stored: bool | None = None  # for an unanswered event: found in the database afterwards


@dataclass
class Board:
    table: str
    seats: dict[str, str]
    sent: list[Sent] = field(default_factory=list)
    ended: bool = False
    problems: list[str] = field(default_factory=list)
    """What went wrong in the client's thread (an answer other than 200)."""


def stored_actions(database: Path, table: str) -> list[str]:
    with sqlite3.connect(database) as connection:
        rows = connection.execute(
            'SELECT text FROM events WHERE table_id = ? ORDER BY "index"', (table,)
        ).fetchall()
    return [row[0].split(maxsplit=1)[1] for row in rows]


def play(base: str, board: Board, rng: random.Random, stop: threading.Event) -> None:
    """Play random legal events until the board ends, the server dies or ``stop`` is set."""
    with httpx.Client(base_url=base, timeout=5) as client:
        while not stop.is_set() and not board.ended:
            for seat in "NESW":
                token = {"Authorization": f"Bearer {board.seats[seat]}"}
                try:
                    view = client.get(f"/api/tables/{board.table}", headers=token).json()
                except httpx.TransportError:
                    return
                if view["phase"] == "ended":
                    board.ended = True
                    return
                action = random_event(view, rng)
                if action is None:
                    continue
                time.sleep(rng.uniform(0.05, 0.12))  # a player's thought: boards last seconds
                board.sent.append(Sent(action, acknowledged=False))
                try:
                    answer = client.post(
                        f"/api/tables/{board.table}/events", json={"event": action}, headers=token
                    )
                except httpx.TransportError:
                    return  # in flight when the server died: stored or not, never answered
                if answer.status_code != 200:
                    board.problems.append(f"{action}: {answer.status_code} {answer.text}")
                    return
                board.sent[-1].acknowledged = True


def check_stored(database: Path, board: Board) -> None:
    """The database holds every acknowledged event, in order; an unanswered event is either
    there at its place or not at all (decided now, once for all)."""
    stored = stored_actions(database, board.table)
    position = 0
    for sent in board.sent:
        here = position < len(stored) and stored[position] == sent.action
        if sent.acknowledged:
            assert here, (board.table, sent, position, stored)
        elif sent.stored is None:
            # the unanswered event is the last one sent before the kill: stored or not
            sent.stored = here and position == len(stored) - 1
        if sent.acknowledged or sent.stored:
            position += 1
    assert position == len(stored), ("stored events nobody sent", stored[position:])


def check_reconnect(served: Served, board: Board) -> None:
    """Each seat's WebSocket, opened again after the restart, first sends the current view."""
    for seat, token in board.seats.items():
        current = httpx.get(
            f"{served.base}/api/tables/{board.table}",
            headers={"Authorization": f"Bearer {token}"},
        ).json()
        url = f"ws://127.0.0.1:{served.port}/api/tables/{board.table}/stream?token={token}"
        with connect(url, open_timeout=5) as stream:
            assert json.loads(stream.recv(timeout=5)) == current, seat


def test_sigkill_loses_no_acknowledged_event(tmp_path: Path) -> None:
    seed = random.randrange(1 << 30)
    rng = random.Random(seed)
    database = tmp_path / "tables.db"
    served = Served(database, tmp_path / "serve.log", DIRECTOR)
    began = time.monotonic()
    served.start()
    try:
        run_rounds(served, database, rng, seed, began)
    finally:
        served.close()  # never a server left running, whatever failed


def run_rounds(served: Served, database: Path, rng: random.Random, seed: int, began: float) -> None:
    boards: list[Board] = []
    for number, deal in enumerate(DEALS, start=1):
        answer = httpx.post(
            f"{served.base}/api/tables",
            json={"board": number, "deal": deal, "mode": "law"},
            headers={"Authorization": f"Bearer {DIRECTOR}"},
        )
        assert answer.status_code == 200, answer.text
        boards.append(Board(answer.json()["table"], answer.json()["seats"]))
    for round_ in range(KILLS + 1):
        stop = threading.Event()
        threads = [
            threading.Thread(target=play, args=(served.base, b, random.Random(rng.random()), stop))
            for b in boards
        ]
        for thread in threads:
            thread.start()
        if round_ < KILLS:
            time.sleep(rng.uniform(0.2, 0.7))  # a random moment of the play
            playing = sum(not b.ended for b in boards)
            served.kill()
            assert playing, f"the boards ended before the kill (seed {seed})"
        for thread in threads:
            thread.join(timeout=DEADLINE)
            assert not thread.is_alive(), f"a client hung (seed {seed})"
        stop.set()
        for board in boards:
            assert not board.problems, (seed, board.problems)
            check_stored(database, board)  # also after the last round: nothing lost
        assert time.monotonic() - began < DEADLINE, f"too slow (seed {seed})"
        if round_ < KILLS:
            served.start()
            for board in boards:
                check_reconnect(served, board)
    for board in boards:
        assert board.ended, (seed, board.table, len(board.sent))
        final = httpx.get(
            f"{served.base}/api/tables/{board.table}",
            headers={"Authorization": f"Bearer {DIRECTOR}"},
        ).json()
        assert final["phase"] == "ended" and final["score"] is not None
    acknowledged = sum(s.acknowledged for b in boards for s in b.sent)
    unanswered = [sum(not s.acknowledged for s in b.sent) for b in boards]
    kept = sum(bool(s.stored) for b in boards for s in b.sent)
    print(f"seed {seed}: {acknowledged} acknowledged, {unanswered} unanswered, {kept} kept")
    assert acknowledged >= 3 * 52  # three whole boards of play, at least
