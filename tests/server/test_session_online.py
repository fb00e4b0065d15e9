"""A session played on the table pages (``play: law`` or ``strict``): each player's one token
follows him to his table and seat round by round, robots take the seats the director gives
them, and each board's result flows into the session when its play ends."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from bridgelaw.server.app import create_app
from tests.api_client import DIRECTOR, auth
from tests.session_client import ranking, scored, start

SMALL = {"kind": "mitchell", "tables": 3, "rounds": 2, "boards_per_round": 1}


@pytest.fixture
def client(database_url: str) -> Iterator[TestClient]:
    app = create_app(database_url, DIRECTOR)
    app.state.limits.rate, app.state.limits.burst = 1e6, 10**6  # not under test here
    with TestClient(app) as test_client:
        yield test_client


def director_view(client: TestClient, session: str) -> dict[str, Any]:
    answer = client.get(f"/api/sessions/{session}", headers=auth(DIRECTOR))
    assert answer.status_code == 200, answer.text
    view: dict[str, Any] = answer.json()
    return view


def wait_for(client: TestClient, session: str, done: Any, seconds: float = 60) -> dict[str, Any]:
    """The director's view once ``done(view)`` holds (the robots play in the background)."""
    deadline = time.monotonic() + seconds
    while True:
        view = director_view(client, session)
        if done(view):
            return view
        assert time.monotonic() < deadline, view["progress"]
        time.sleep(0.05)


def round_played(view: dict[str, Any]) -> bool:
    return set(view["progress"]) <= {"accepted", "future"}


@pytest.mark.parametrize("play", ["law", "strict"])
def test_robots_play_the_session_and_each_result_flows_in(client: TestClient, play: str) -> None:
    started = start(client, movement=SMALL, play=play, robots=["1", "2", "3", "4", "5", "6"])
    session = started["session"]
    view = wait_for(client, session, round_played)
    assert view["progress"] == {"accepted": 3, "future": 3}
    log = client.get(f"/api/sessions/{session}/log", headers=auth(DIRECTOR)).json()["results"]
    assert {r["by"] for r in log} == {"play"}
    # each result is the table's own: the engine's record of the board (Law 77)
    for entry in log:
        device = started["tables"][entry["table"]]
        you = client.get(f"/api/sessions/{session}", headers=auth(device)).json()["you"]
        table_id = you["boards"][0]["table_id"]
        table = client.get(f"/api/tables/{table_id}", headers=auth(DIRECTOR)).json()
        assert table["phase"] == "ended"
        assert entry["entry"].get("contract") == (table["contract"] or "passed-out")
    assert ranking(client, session) == scored(client, session)
    moved = client.post(f"/api/sessions/{session}/round", json={}, headers=auth(DIRECTOR))
    assert moved.status_code == 200 and moved.json()["round"] == 2
    view = wait_for(client, session, lambda v: v["progress"] == {"accepted": 6})
    client.post(f"/api/sessions/{session}/end", json={}, headers=auth(DIRECTOR))
    assert director_view(client, session)["round"] is None
    assert ranking(client, session) == scored(client, session)


def test_a_players_token_follows_him_round_by_round(client: TestClient) -> None:
    # everyone a robot but pair 1's first player, who sits North at table 1 (a Mitchell's
    # North-South pairs stay at their table; the pair's first player sits North)
    robots = ["1:2", "2", "3", "4", "5", "6"]
    started = start(client, movement=SMALL, play="law", robots=robots)
    session, me = started["session"], started["players"]["1"][0]
    view = client.get(f"/api/sessions/{session}", headers=auth(me)).json()
    you = view["you"]
    assert (you["pair"], you["player"], you["table"], you["seat"]) == ("1", 1, "1", "N")
    assert you["against"] == "4"
    mine = you["next"]
    assert mine is not None and [b["table_id"] for b in you["boards"]] == [mine]
    # his token acts at his own table, as North, and nowhere else
    table_view = client.get(f"/api/tables/{mine}", headers=auth(me)).json()
    assert table_view["seat"] == "N" and table_view["hand"]
    device = started["tables"]["2"]
    other = client.get(f"/api/sessions/{session}", headers=auth(device)).json()["you"]["boards"]
    other = other[0]["table_id"]
    assert client.get(f"/api/tables/{other}", headers=auth(me)).status_code == 403
    # board 1: North deals (Law 2) and opens
    answer = client.post(f"/api/tables/{mine}/events", json={"event": "1NT"}, headers=auth(me))
    assert answer.status_code == 200, answer.text
    # the director scores the board instead (say the players ran out of time): it is not played on
    scored_board = client.post(
        f"/api/sessions/{session}/results",
        json={"round": 1, "table": "1", "board": 1, "artificial": {"NS": "A", "EW": "A"}},
        headers=auth(DIRECTOR),
    )
    assert scored_board.status_code == 200, scored_board.text
    refused = client.post(f"/api/tables/{mine}/events", json={"event": "pass"}, headers=auth(me))
    assert refused.status_code == 409
    wait_for(client, session, lambda v: v["progress"].get("accepted") == 3)
    client.post(f"/api/sessions/{session}/round", json={}, headers=auth(DIRECTOR))
    # round 2: the same token, a new table for the new board, still North at table 1
    you = client.get(f"/api/sessions/{session}", headers=auth(me)).json()["you"]
    assert (you["round"], you["table"], you["seat"]) == (2, "1", "N")
    assert you["next"] not in (None, mine)
    assert client.get(f"/api/tables/{you['next']}", headers=auth(me)).json()["seat"] == "N"
    assert ranking(client, session) == scored(client, session)


def test_a_substitute_takes_over_with_a_new_token(client: TestClient) -> None:
    started = start(client, movement=SMALL, play="law", robots=["2", "3", "4", "5", "6"])
    session = started["session"]
    old = started["players"]["1"][1]
    changed = client.post(
        f"/api/sessions/{session}/players",
        json={"pair": "1", "player": 2, "name": "Ewa Substitute"},
        headers=auth(DIRECTOR),
    )
    assert changed.status_code == 200, changed.text
    new = changed.json()["token"]
    assert client.get(f"/api/sessions/{session}", headers=auth(old)).status_code == 403
    you = client.get(f"/api/sessions/{session}", headers=auth(new)).json()["you"]
    assert (you["seat"], you["name"]) == ("S", "Ewa Substitute")
    table = you["next"]
    assert client.get(f"/api/tables/{table}", headers=auth(new)).json()["seat"] == "S"
    assert client.get(f"/api/tables/{table}", headers=auth(old)).status_code == 403
    # the session's view names the substitute in his pair
    view = client.get(f"/api/sessions/{session}", headers=auth(DIRECTOR)).json()
    assert view["pairs"]["1"][1] == "Ewa Substitute"


def test_a_result_the_director_enters_at_the_tables_console_is_the_sessions(
    client: TestClient,
) -> None:
    started = start(client, movement=SMALL, play="law", robots=["1:2", "2", "3", "4", "5", "6"])
    session, me = started["session"], started["players"]["1"][0]
    table = client.get(f"/api/sessions/{session}", headers=auth(me)).json()["you"]["next"]
    entered = client.post(
        f"/api/tables/{table}/result",
        json={"ns_score": 420, "note": "Law 12C1: assigned after a misinformation ruling"},
        headers=auth(DIRECTOR),
    )
    assert entered.status_code == 200, entered.text
    log = client.get(f"/api/sessions/{session}/log", headers=auth(DIRECTOR)).json()["results"]
    mine = [r for r in log if r["table"] == "1" and r["round"] == 1]
    assert [(r["entry"], r["by"], r["status"]) for r in mine] == [
        ({"ns_score": 420}, "director", "accepted")
    ]
    assert mine[0]["note"].startswith("Law 12C1")


def test_a_board_ended_just_before_a_stop_gives_its_result_after_the_restart(
    database_url: str,
) -> None:
    """The server stopped between storing a board's last event and putting its result in the
    session's log: once the session is asked for again the result comes from the table."""
    first = create_app(database_url, DIRECTOR)
    first.state.limits.rate, first.state.limits.burst = 1e6, 10**6
    # the stop falls between the two commits of every board: no result reaches the session
    first.state.server.after_event.remove(first.state.sessions.board_played)
    with TestClient(first) as client:
        started = start(client, movement=SMALL, play="law", robots=["1", "2", "3", "4", "5", "6"])
        session = started["session"]
        table_ids = []
        for device in started["tables"].values():
            you = client.get(f"/api/sessions/{session}", headers=auth(device)).json()["you"]
            table_ids.append(you["boards"][0]["table_id"])
        deadline = time.monotonic() + 60
        for table_id in table_ids:
            while (
                client.get(f"/api/tables/{table_id}", headers=auth(DIRECTOR)).json()["phase"]
                != "ended"
            ):
                assert time.monotonic() < deadline
                time.sleep(0.05)
        assert "accepted" not in director_view(client, session)["progress"]
    again = create_app(database_url, DIRECTOR)
    again.state.limits.rate, again.state.limits.burst = 1e6, 10**6
    with TestClient(again) as client:
        view = wait_for(client, session, round_played, seconds=30)
        assert view["progress"] == {"accepted": 3, "future": 3}
        log = client.get(f"/api/sessions/{session}/log", headers=auth(DIRECTOR)).json()
        assert {r["by"] for r in log["results"]} == {"play"}


def test_a_sessions_seat_gets_a_new_link_through_the_session_not_the_table(
    client: TestClient,
) -> None:
    started = start(client, movement=SMALL, play="law", robots=["2", "3", "4", "5", "6"])
    device = started["tables"]["1"]
    you = client.get(f"/api/sessions/{started['session']}", headers=auth(device)).json()["you"]
    table = you["boards"][0]["table_id"]
    given = client.post(f"/api/tables/{table}/seats/N/token", headers=auth(DIRECTOR))
    assert given.status_code == 409 and "/players" in given.json()["error"]
