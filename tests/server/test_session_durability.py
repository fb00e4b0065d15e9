"""A session survives ``kill -9`` of the server at random moments with nothing answered lost.

The server runs as a real process on an SQLite file. The tables' devices enter and accept
results through the API; at random moments a request is sent and the server killed while it is
in flight (or just after). After each restart the session's log holds every result and every
acceptance that was answered 200, the requests cut off are either whole or absent, and the
session carries on to its end. A session played by robots on the table pages, killed in the
middle of its boards, finishes once it is asked for again.
"""

from __future__ import annotations

import contextlib
import json
import random
import signal
import sqlite3
import threading
import time
from pathlib import Path
from typing import Any

import httpx

from tests.server_process import Served
from tests.session_client import table_result

DIRECTOR = "session-durability-director"
KILLS = 3


def headers(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def director_get(served: Served, path: str) -> Any:
    answer = httpx.get(f"{served.base}{path}", headers=headers(DIRECTOR), timeout=30)
    assert answer.status_code == 200, answer.text
    return answer.json()


def events_per_table(database: Path) -> dict[str, int]:
    """The events stored at each table, read from the file while the server is paused."""
    with contextlib.closing(sqlite3.connect(f"file:{database}?mode=ro", uri=True)) as db:
        rows = db.execute("SELECT table_id, COUNT(*) FROM events GROUP BY table_id").fetchall()
    return {table: count for table, count in rows}


def pause_until_mid_board(served: Served, database: Path) -> list[str]:
    """Let the server run in steps of 10 ms, paused between them, and kill it (SIGKILL) while
    paused once a table holds some events but is far from the end of its board (a board takes
    some 60 events): the tables that were mid-board at the kill."""
    assert served.process is not None
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        served.process.send_signal(signal.SIGSTOP)
        try:
            counts = events_per_table(database)
        except sqlite3.OperationalError:  # the file is not made yet
            counts = {}
        mid_board = [table for table, count in counts.items() if 5 <= count <= 40]
        if mid_board:
            served.kill()  # SIGKILL ends a stopped process too
            return mid_board
        served.process.send_signal(signal.SIGCONT)
        time.sleep(0.01)
    served.process.send_signal(signal.SIGCONT)
    return []


def cut_off(
    served: Served, method: str, path: str, token: str, body: Any, rng: random.Random
) -> httpx.Response | None:
    """The request sent while the server is killed a few milliseconds later: its answer if it
    came back first, else None."""
    box: dict[str, httpx.Response | None] = {"answer": None}

    def send() -> None:
        with contextlib.suppress(httpx.TransportError):
            box["answer"] = httpx.request(
                method, f"{served.base}{path}", json=body, headers=headers(token), timeout=10
            )

    thread = threading.Thread(target=send)
    thread.start()
    time.sleep(rng.uniform(0, 0.03))
    served.kill()
    thread.join(timeout=15)
    return box["answer"]


def test_a_results_session_loses_nothing_answered(tmp_path: Path) -> None:
    rng = random.Random(19)
    served = Served(tmp_path / "club.db", tmp_path / "serve.log", DIRECTOR)
    try:
        served.start()
        spec = {
            "name": "Club night",
            "movement": {"kind": "howell", "tables": 3, "rounds": 2, "boards_per_round": 2},
        }
        started = httpx.post(
            f"{served.base}/api/sessions", json=spec, headers=headers(DIRECTOR), timeout=30
        ).json()
        session, tables = started["session"], started["tables"]
        answered: list[tuple[str, str]] = []  # (what, result number) acknowledged with 200
        kills_at = set(rng.sample(range(2, 12), KILLS))
        step = 0
        view = director_get(served, f"/api/sessions/{session}")
        for round_ in view["rounds"]:
            for seating in round_["tables"]:
                token = tables[seating["table"]]
                for board in seating["boards"]:
                    body = {"round": round_["round"], "board": board} | table_result(rng)
                    step += 1
                    path = f"/api/sessions/{session}/results"
                    if step in kills_at:
                        answer = cut_off(served, "POST", path, token, body, rng)
                        served.start()
                    else:
                        answer = httpx.post(
                            f"{served.base}{path}", json=body, headers=headers(token), timeout=30
                        )
                    if answer is not None and answer.status_code == 200:
                        answered.append(("entered", answer.json()["result"]))
                    # whatever happened, the device reads its table again and goes on
                    you = httpx.get(
                        f"{served.base}/api/sessions/{session}", headers=headers(token), timeout=30
                    ).json()["you"]
                    slot = next(
                        (
                            b
                            for b in you["boards"] + you["awaiting_acceptance"]
                            if b["board"] == board and b["round"] == round_["round"]
                        ),
                        None,
                    )
                    if slot is None or slot["result"] is None:  # lost in flight: entered again
                        again = httpx.post(
                            f"{served.base}{path}", json=body, headers=headers(token), timeout=30
                        )
                        assert again.status_code == 200, again.text
                        result = again.json()["result"]
                        answered.append(("entered", result))
                    else:
                        result = slot["result"]
                    accepted = httpx.post(
                        f"{served.base}/api/sessions/{session}/results/{result}/accept",
                        headers=headers(token),
                        timeout=30,
                    )
                    assert accepted.status_code == 200, accepted.text
                    answered.append(("accepted", result))
            move = httpx.post(
                f"{served.base}/api/sessions/{session}/round",
                json={},
                headers=headers(DIRECTOR),
                timeout=30,
            )
            assert move.status_code == 200, move.text
        log = director_get(served, f"/api/sessions/{session}/log")["results"]
        by_number = {r["result"]: r for r in log}
        for what, result in answered:
            assert result in by_number, (what, result)
            if what == "accepted":
                assert by_number[result]["status"] == "accepted"
        final = director_get(served, f"/api/sessions/{session}")
        assert final["round"] is None and set(final["progress"]) == {"accepted"}
        assert final["progress"]["accepted"] == 3 * 2 * 2
        # the live ranking after all this is still score-event's on the published file
        from bridgelaw.formats.results_json import read_results_json
        from bridgelaw.tournament.session import score_tournament

        text = httpx.get(f"{served.base}/api/sessions/{session}/results.json", timeout=30).text
        outcome = read_results_json(text)
        assert outcome.tournament is not None
        expected = json.loads(json.dumps(score_tournament(outcome.tournament).to_json()))
        assert (
            httpx.get(f"{served.base}/api/sessions/{session}/ranking", timeout=30).json()
            == expected
        )
    finally:
        served.close()


def test_a_session_of_robots_killed_mid_board_finishes_after_the_restart(tmp_path: Path) -> None:
    served = Served(tmp_path / "online.db", tmp_path / "serve.log", DIRECTOR)
    try:
        served.start()
        spec = {
            "name": "Online",
            "play": "law",
            "movement": {"kind": "mitchell", "tables": 3, "rounds": 2, "boards_per_round": 1},
            "robots": ["1", "2", "3", "4", "5", "6"],
        }
        session = httpx.post(
            f"{served.base}/api/sessions", json=spec, headers=headers(DIRECTOR), timeout=30
        ).json()["session"]
        # killed in the middle of a board: the server is paused (SIGSTOP) and its file read
        # while nothing moves, and killed only when some table is seen mid-board
        mid_board = pause_until_mid_board(served, tmp_path / "online.db")
        assert mid_board, "no table was seen in the middle of its board"
        served.start()
        deadline = time.monotonic() + 90
        while True:
            view = director_get(served, f"/api/sessions/{session}")
            if view["progress"] == {"accepted": 3, "future": 3}:
                break
            assert time.monotonic() < deadline, view["progress"]
            time.sleep(0.1)
        log = director_get(served, f"/api/sessions/{session}/log")["results"]
        assert len(log) == 3 and {r["by"] for r in log} == {"play"}
    finally:
        served.close()
