"""After the board: every seat's view holds the deal once the board is over,
and ``GET /api/tables/{id}/after`` gives the four hands, the double-dummy table and par, the
session's traveller of the board and where the seat plays next.

Expectations come from the Laws and from bridge itself: the deal is hidden from a seat while
the board is played (41B, 45B) and may be inspected by all once play has ended (66D); a hand
of thirteen cards of one suit takes thirteen tricks with that suit as trumps, and none at no
trumps against an opponent on lead who holds thirteen of another suit; a traveller scores each
result against the others (Law 78A: two units for each score beaten, one for each tie, so with
two results the better North-South score has the top and the other none); the player's next
board is where the movement seats him next, once the director has called the move (8A1).
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from bridgelaw.server import after as after_module
from bridgelaw.server.app import create_app
from tests.api_client import DEAL, DIRECTOR, act, auth, new_table
from tests.session_client import start

ONE_SUIT_EACH = "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"
"""North all the spades, East the hearts, South the diamonds, West the clubs."""
SMALL = {"kind": "mitchell", "tables": 3, "rounds": 2, "boards_per_round": 1}


@pytest.fixture
def client(tmp_path: Any) -> Iterator[TestClient]:
    app = create_app(f"sqlite:///{tmp_path / 'tables.db'}", DIRECTOR)
    app.state.limits.rate, app.state.limits.burst = 1e6, 10**6  # not under test here
    with TestClient(app) as test_client:
        yield test_client


def after(client: TestClient, table: str, token: str) -> Any:
    return client.get(f"/api/tables/{table}/after", headers=auth(token))


def test_the_deal_is_every_seats_once_the_board_is_over_and_not_before(
    client: TestClient,
) -> None:
    table, seats = new_table(client, deal=DEAL)
    for seat, call in [("N", "1NT"), ("E", "pass"), ("S", "3NT"), ("W", "pass")]:
        act(client, table, seats[seat], call)
    act(client, table, seats["N"], "pass")
    act(client, table, seats["E"], "pass")  # 3NT by North (Law 22)
    act(client, table, seats["E"], "DK")  # the opening lead (41A): dummy is spread (41B)
    for seat, token in seats.items():
        view = client.get(f"/api/tables/{table}", headers=auth(token)).json()
        assert view["deal"] is None, seat  # 41B: dummy's hand alone is spread
        refused = after(client, table, token)
        assert refused.status_code == 409 and "66D" in refused.json()["error"], seat
    assert after(client, table, DIRECTOR).status_code == 409
    act(client, table, seats["N"], "claim 9")  # declarer claims; both defenders agree (69A)
    act(client, table, seats["E"], "agree")
    act(client, table, seats["W"], "agree")
    for seat, token in seats.items():
        view = client.get(f"/api/tables/{table}", headers=auth(token)).json()
        assert view["phase"] == "ended" and view["deal"] == DEAL, seat
        answer = after(client, table, token)
        assert answer.status_code == 200, answer.text
        body = answer.json()
        assert (body["board"], body["dealer"], body["deal"]) == (1, "N", DEAL)
        assert body["session"] is None and body["next"] is None  # a table of its own


def test_the_double_dummy_table_of_a_board_over(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    table, seats = new_table(client, deal=ONE_SUIT_EACH)
    for seat in "NESW":
        act(client, table, seats[seat], "pass")  # passed out: the board is over (22B)
    monkeypatch.setattr(after_module, "WAIT", 0.0)  # an answer that does not wait for DDS
    first = after(client, table, seats["E"]).json()
    assert first["analysis"] == {"pending": True} and first["deal"] == ONE_SUIT_EACH
    body = wait(
        lambda: "pending" not in (a := after(client, table, seats["E"]).json())["analysis"] and a
    )
    dd = body["analysis"]["dd"]
    for seat, suit in zip("NESW", "SHDC", strict=True):
        assert dd[seat][suit] == 13, (seat, dd[seat])  # his own suit as trumps
        assert dd[seat]["NT"] == 0, (seat, dd[seat])  # his left-hand opponent runs his suit
    assert isinstance(body["analysis"]["par"]["score"], int)
    assert (
        body["deal"] == client.get(f"/api/tables/{table}", headers=auth(seats["S"])).json()["deal"]
    )


def play_out(client: TestClient, table: str, token: str, seconds: float = 120) -> None:
    """The human's seat plays its board to the end with the robots: the first event the Laws
    let it send (``legal``), or agreeing to a robot's claim (69A)."""
    deadline = time.monotonic() + seconds
    while True:
        view = client.get(f"/api/tables/{table}", headers=auth(token)).json()
        if view["phase"] == "ended":
            return
        assert time.monotonic() < deadline, view
        offer = view["offer"]
        if offer is not None:
            events = [o["event"] for o in offer["options"]]
            choice = "agree" if "agree" in events else events[0]
            client.post(f"/api/tables/{table}/events", json={"event": choice}, headers=auth(token))
        elif view["legal"]:
            event = view["legal"][0]
            client.post(f"/api/tables/{table}/events", json={"event": event}, headers=auth(token))
        else:
            time.sleep(0.05)


def wait(check: Any, seconds: float = 120) -> Any:
    deadline = time.monotonic() + seconds
    while True:
        found = check()
        if found:
            return found
        assert time.monotonic() < deadline
        time.sleep(0.05)


def test_a_session_boards_traveller_and_the_players_next_board(client: TestClient) -> None:
    robots = ["1:2", "2", "3", "4", "5", "6"]  # the human: pair 1's first player, North
    started = start(client, movement=SMALL, play="law", robots=robots)
    session, me = started["session"], started["players"]["1"][0]
    you = client.get(f"/api/sessions/{session}", headers=auth(me)).json()["you"]
    first = you["next"]
    board = you["boards"][0]["board"]
    play_out(client, first, me)
    mine = wait(lambda: (a := after(client, first, me).json())["session"]["results"] and a)
    traveller = mine["session"]
    assert (traveller["board"], traveller["table"], traveller["round"]) == (board, "1", 1)
    assert traveller["scoring"] == "matchpoints" and traveller["unit"] == "mp"
    assert [row["you"] for row in traveller["results"]] == [True]  # the board's only result
    assert mine["next"] is None  # his round's boards are played: the move is the director's
    wait(lambda: set(client.get(f"/api/sessions/{session}", headers=auth(DIRECTOR)).json()
                     ["progress"]) <= {"accepted", "future"})  # fmt: skip
    moved = client.post(f"/api/sessions/{session}/round", json={}, headers=auth(DIRECTOR))
    assert moved.status_code == 200, moved.text
    you = client.get(f"/api/sessions/{session}", headers=auth(me)).json()["you"]
    nxt = after(client, first, me).json()["next"]
    assert nxt is not None and nxt["table_id"] == you["next"] != first
    assert (nxt["round"], nxt["table"], nxt["late"]) == (2, "1", False)
    assert nxt["board"] == you["boards"][0]["board"]
    # the robots' table of round 2 plays the same board: two results, scored by Law 78A
    rows = wait(lambda: len(r := after(client, first, me).json()["session"]["results"]) == 2 and r)
    top = after(client, first, me).json()["session"]["top"]
    ns = [row["ns_score"] for row in rows]
    mps = [row["ns_mp"] for row in rows]
    if ns[0] == ns[1]:
        assert mps == [top / 2, top / 2]
    else:
        better = 0 if ns[0] > ns[1] else 1
        assert (mps[better], mps[1 - better]) == (top, 0)
    assert all(row["ns_mp"] + row["ew_mp"] == top for row in rows)
    assert [row["you"] for row in rows].count(True) == 1
    assert next(r for r in rows if r["you"])["table"] == 1
    # the director sees it too, without a next board of his own
    director = after(client, first, DIRECTOR).json()
    assert director["session"]["results"] == rows and director["next"] is None
