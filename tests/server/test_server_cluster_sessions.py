"""A duplicate session served by two ``bridgelaw serve`` processes on one real PostgreSQL
(pgserver): its tables owned by both, its ranking and views the same from either, the director's
records of one process seen on the console of the other, and ``kill -9`` of one process in the
middle of a round: the other carries the session on (docs/deployment.md).

The session (a three-table Mitchell, two rounds of one board) has a human North at table 1 and
robots in every other seat. Round 1 is made by process B, whose robots start the tables where
North does not deal; North of table 1 (board 1, North deals) sends his first call to process A,
which takes that table: each process owns some of the session's tables, and each enters the
results of its own. Round 2 is made by process A, whose robots start its tables; A is killed
while one of them is in the middle of its board; B takes them over and carries them on.

One pair of processes serves the whole module (starting them costs seconds each).
"""

from __future__ import annotations

import json
import random
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import psycopg
import pytest
from websockets.sync.client import connect

from bridgelaw.formats.results_json import read_results_json
from bridgelaw.server.random_player import random_event, seat_after
from bridgelaw.tournament.session import score_tournament
from tests.server_process import Served

from .cluster_support import fresh_database

DIRECTOR = "cluster-sessions-director"
LEASE = 1.5
SPEC = {
    "name": "Across processes",
    "play": "law",
    "movement": {"kind": "mitchell", "tables": 3, "rounds": 2, "boards_per_round": 1},
    "robots": ["1:2", "2", "3", "4", "5", "6"],  # the human: pair 1's North, at table 1
}
DEADLINE = 120.0
"""A guard against a hang, not a timing (a board takes seconds)."""


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


class Pair:
    """Processes A and B on one fresh database, for the module."""

    def __init__(self, url: str, tmp: Path) -> None:
        extra = ("--lease", str(LEASE))
        self.url = url
        self.a = Served(url, tmp / "a.log", DIRECTOR, extra=extra)
        self.b = Served(url, tmp / "b.log", DIRECTOR, extra=extra)


@pytest.fixture(scope="module")
def pair(postgres: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Pair]:
    for url in fresh_database(postgres):
        made = Pair(url, tmp_path_factory.mktemp("cluster-sessions"))
        try:
            made.a.start()
            made.b.start()
            yield made
        finally:
            made.a.close()
            made.b.close()


def get(base: str, path: str, token: str = DIRECTOR) -> Any:
    answer = httpx.get(f"{base}{path}", headers=auth(token), timeout=30)
    assert answer.status_code == 200, answer.text
    return answer.json()


def sql(url: str, query: str, *args: object) -> list[tuple[Any, ...]]:
    with psycopg.connect(url.replace("postgresql+psycopg", "postgresql")) as connection:
        return list(connection.execute(query, args).fetchall())


def table_of(view: dict[str, Any], table: str) -> str:
    """The id of the server table where ``table`` plays the round's board."""
    ids = [s["table_id"] for s in view["slots"] if s["table"] == table]
    assert len(ids) == 1, view["slots"]
    return str(ids[0])


def play_north(
    bases: list[str], table_id: str, token: str, rng: random.Random, stop: threading.Event
) -> list[str]:
    """North's random legal events (and dummy's, when he declares) until the board ends, each
    sent to a process drawn from ``bases`` (a 307 followed to the owner; a process gone: the
    next): the problems met."""
    problems: list[str] = []
    with httpx.Client(timeout=5) as client:
        while not stop.is_set():
            base = rng.choice(bases)
            try:
                whole = client.get(f"{base}/api/tables/{table_id}", headers=auth(DIRECTOR)).json()
                if whole["phase"] == "ended":
                    return problems
                actor = whole["turn"]
                if whole["phase"] == "play" and actor == seat_after(whole["declarer"], 2):
                    actor = whole["declarer"]
                if actor != "N":
                    if actor is None:
                        problems.append(f"the table waits: {whole['awaiting']}")
                        return problems
                    time.sleep(0.02)  # a robot's turn (at the owner)
                    continue
                view = client.get(f"{base}/api/tables/{table_id}", headers=auth(token)).json()
                action = random_event(view, rng)
                if action is None:
                    continue
                path = f"/api/tables/{table_id}/events"
                answer = client.post(f"{base}{path}", json={"event": action}, headers=auth(token))
                if answer.status_code == 307:
                    answer = client.post(
                        answer.headers["location"], json={"event": action}, headers=auth(token)
                    )
            except (httpx.TransportError, json.JSONDecodeError):
                time.sleep(0.05)
                continue
            if answer.status_code not in (200, 307, 409, 422, 503):
                problems.append(f"{action}: {answer.status_code} {answer.text}")
                return problems
    return problems


def wait_for(base: str, session: str, done: Any) -> dict[str, Any]:
    deadline = time.monotonic() + DEADLINE
    while True:
        view: dict[str, Any] = get(base, f"/api/sessions/{session}")
        if done(view):
            return view
        assert time.monotonic() < deadline, view["progress"]
        time.sleep(0.1)


def same_from_both(pair: Pair, session: str) -> bytes:
    """The ranking, the results file and the director's view read from each process, once
    both have the same (a process reads the log before it answers: at once), and checked
    against ``score-event`` on the results file: the ranking's text."""
    texts = {}
    for name in ("ranking", "results.json"):
        a = httpx.get(f"{pair.a.base}/api/sessions/{session}/{name}", timeout=30).content
        b = httpx.get(f"{pair.b.base}/api/sessions/{session}/{name}", timeout=30).content
        assert a == b, name
        texts[name] = a
    # A process learns of the other's events by notification, so just after the last result
    # its view of a table may lag for a moment: the two views must agree within seconds.
    deadline = time.monotonic() + 10
    while True:
        views = [get(base, f"/api/sessions/{session}") for base in (pair.a.base, pair.b.base)]
        for view in views:
            view.pop("clock")  # the time now
        if views[0] == views[1] or time.monotonic() > deadline:
            break
        time.sleep(0.1)
    assert views[0] == views[1]
    outcome = read_results_json(texts["results.json"].decode())
    assert outcome.tournament is not None
    assert json.loads(texts["ranking"]) == json.loads(
        json.dumps(score_tournament(outcome.tournament).to_json())
    )
    return texts["ranking"]


def test_a_session_across_two_processes(pair: Pair) -> None:
    a, b = pair.a, pair.b
    started = time.monotonic()
    made = httpx.post(f"{b.base}/api/sessions", json=SPEC, headers=auth(DIRECTOR), timeout=30)
    assert made.status_code == 200, made.text
    session, players = made.json()["session"], made.json()["players"]
    north = {"1": players["1"][0]}  # pair 1 sits North-South at table 1 (Mitchell)
    view = get(a.base, f"/api/sessions/{session}")  # made by B, read by A: the same log
    assert view["round"] == 1
    first = {t: table_of(view, t) for t in ("1", "2", "3")}
    boards = {s["table"]: s["board"] for s in view["slots"]}
    # board 1 (North deals) at table 1, whose North's first call goes to A; boards 2 and 3
    # (East and South deal) at tables 2 and 3, whose robots start in B, which made the round
    assert boards == {"1": 1, "2": 2, "3": 3}
    opened = httpx.post(
        f"{a.base}/api/tables/{first['1']}/events", json={"event": "pass"}, headers=auth(north["1"])
    )
    assert opened.status_code == 200, opened.text
    owners = dict(sql(pair.url, "SELECT table_id, address FROM table_leases"))
    assert owners[first["1"]] == a.base, owners
    assert owners[first["2"]] == owners[first["3"]] == b.base, owners

    # the director's records of a table owned by A, made through B: A's console and A's seats
    # are told (the call goes into the table's views, Law 9B)
    ws = a.base.replace("http", "ws")
    with (
        connect(f"{ws}/api/director/stream?token={DIRECTOR}") as console,
        connect(f"{ws}/api/tables/{first['1']}/stream?token={north['1']}") as seat,
    ):
        console.recv(timeout=10)  # every table's line
        seat.recv(timeout=10)  # the view now
        called = httpx.post(
            f"{b.base}/api/tables/{first['1']}/calls",
            json={"reason": "a hesitation"},
            headers=auth(north["1"]),
        )
        assert called.status_code == 200, called.text
        number = called.json()["call"]
        told = json.loads(console.recv(timeout=10))
        while told.get("calls") is None or told["table"]["table"] != first["1"]:
            told = json.loads(console.recv(timeout=10))  # an event of a robot meanwhile
        assert [c["call"] for c in told["calls"]] == [number]
        assert told["calls"][0]["reason"] == "a hesitation"
        seen = json.loads(seat.recv(timeout=10))
        while not seen["director_calls"]:
            seen = json.loads(seat.recv(timeout=10))
        assert [c["call"] for c in seen["director_calls"]] == [number]
    # a call of the director in the session, made through A, on the session's console at B
    session_call = httpx.post(
        f"{a.base}/api/sessions/{session}/calls",
        json={"reason": "table 1 is slow", "board": 1},
        headers=auth(north["1"]),
    )
    assert session_call.status_code == 200, session_call.text
    calls = get(b.base, f"/api/sessions/{session}")["calls"]
    assert [c["reason"] for c in calls] == ["table 1 is slow"]

    stop = threading.Event()
    results: dict[str, list[str]] = {}

    def human(table: str, table_id: str, bases: list[str], seed: int) -> None:
        results[table] = play_north(bases, table_id, north[table], random.Random(seed), stop)

    threads = [threading.Thread(target=human, args=("1", first["1"], [a.base, b.base], 1))]
    try:
        for thread in threads:
            thread.start()
        view = wait_for(a.base, session, lambda v: v["progress"] == {"accepted": 3, "future": 3})
    finally:
        stop.set()
        for thread in threads:
            thread.join(timeout=10)
    assert results == {"1": []}
    # each board's result entered once, by the process that owned its table
    log = get(b.base, f"/api/sessions/{session}/log")["results"]
    assert sorted((r["table"], r["board"], r["by"]) for r in log) == [
        ("1", 1, "play"),
        ("2", 2, "play"),
        ("3", 3, "play"),
    ]
    same_from_both(pair, session)

    print(f"round 1: {time.monotonic() - started:.1f} s")
    started = time.monotonic()
    # round 2, made by A: A's robots start its tables; A is killed in the middle of a board,
    # and B carries the session on
    moved = httpx.post(
        f"{a.base}/api/sessions/{session}/round", json={}, headers=auth(DIRECTOR), timeout=30
    )
    assert moved.status_code == 200, moved.text
    view = get(b.base, f"/api/sessions/{session}")
    assert view["round"] == 2
    second = {t: table_of(view, t) for t in ("1", "2", "3")}
    stop = threading.Event()
    threads = [threading.Thread(target=human, args=("1", second["1"], [b.base], 10))]
    try:
        for thread in threads:
            thread.start()
        deadline = time.monotonic() + DEADLINE
        while True:  # mid-board at A's table: some events stored, far from the end
            counts = dict(sql(pair.url, "SELECT table_id, count(*) FROM events GROUP BY table_id"))
            if any(8 <= counts.get(second[t], 0) <= 40 for t in ("2", "3")):
                break
            assert time.monotonic() < deadline, counts
            time.sleep(0.02)
        a.kill()
        view = wait_for(b.base, session, lambda v: v["progress"] == {"accepted": 6})
    finally:
        stop.set()
        for thread in threads:
            thread.join(timeout=10)
    assert results == {"1": []}
    owners = dict(sql(pair.url, "SELECT table_id, address FROM table_leases"))
    assert {owners[second[t]] for t in ("2", "3")} == {b.base}  # taken over
    log = get(b.base, f"/api/sessions/{session}/log")["results"]
    assert sorted((r["round"], r["table"], r["by"]) for r in log) == [
        (round_, table, "play") for round_ in (1, 2) for table in ("1", "2", "3")
    ]
    print(f"round 2 and the takeover: {time.monotonic() - started:.1f} s")
    a.start()  # back, under a new name: it reads the same log
    same_from_both(pair, session)
    text = httpx.get(f"{a.base}/api/sessions/{session}/results.json", timeout=30).json()
    assert len(text["results"]) == 6  # complete: every board at every table, once
