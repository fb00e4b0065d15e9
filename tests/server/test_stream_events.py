"""Events sent on a table's stream (``{"event": ..., "id": ...}``) instead of posted: taken by
the same path as a post (the same checks, the same refusals with the same status and words,
the same stored events and views), answered on the stream after the update it brings; a
message that is not an event is refused and the stream stays open (docs/server.md)."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from starlette.testclient import WebSocketTestSession

from bridgelaw.server.app import create_app
from bridgelaw.server.push import apply
from bridgelaw.server.random_player import random_event

from ..api_client import DIRECTOR, auth, new_table


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'stream.db'}", DIRECTOR)) as client:
        yield client


def stream(client: TestClient, table: str, token: str, query: str = "") -> Any:
    return client.websocket_connect(f"/api/tables/{table}/stream?token={token}{query}")


def answer_after(socket: WebSocketTestSession) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """The messages a stream receives up to the answer to an event sent on it: the updates,
    then the answer."""
    updates: list[dict[str, Any]] = []
    while True:
        message: dict[str, Any] = socket.receive_json()
        if "accepted" in message or "refused" in message:
            return updates, message
        updates.append(message)


def test_an_event_on_the_stream_is_taken_and_every_seat_gets_its_update(
    client: TestClient,
) -> None:
    table, seats = new_table(client)
    with stream(client, table, seats["N"]) as north, stream(client, table, seats["E"]) as east:
        assert north.receive_json()["seq"] == 0
        assert east.receive_json()["seq"] == 0
        north.send_json({"event": "1NT", "id": 7})
        updates, answer = answer_after(north)
        assert answer == {"accepted": {"id": 7, "seq": 1}}
        assert [view["calls"] for view in updates] == [["1NT"]]  # the update came first
        assert east.receive_json()["calls"] == ["1NT"]
        north.send_json({"event": "2C", "id": 8})  # out of turn: law mode takes it (Law 31)
        updates, answer = answer_after(north)
        assert answer == {"accepted": {"id": 8, "seq": 2}}
        assert updates[-1]["seq"] == 2
        assert east.receive_json()["seq"] == 2
        north.send_json({"event": "7NTXX!"})  # not an event word: refused as the post is
        updates, answer = answer_after(north)
        assert updates == []
        refused = answer["refused"]
        assert refused["id"] is None and refused["status"] == 422
        posted = client.post(
            f"/api/tables/{table}/events", json={"event": "7NTXX!"}, headers=auth(seats["N"])
        )
        assert posted.status_code == 422
        assert {key: refused[key] for key in posted.json()} == posted.json()
    stored = client.get(f"/api/tables/{table}", headers=auth(DIRECTOR)).json()
    assert stored["seq"] == 2 and stored["offer"] is not None  # the director is needed


def test_a_strict_table_refuses_on_the_stream_what_it_refuses_posted(client: TestClient) -> None:
    table, seats = new_table(client, mode="strict")
    with stream(client, table, seats["E"], "&lang=pl") as east:
        east.receive_json()
        east.send_json({"event": "1S", "id": "first"})
        _, answer = answer_after(east)
    posted = client.post(
        f"/api/tables/{table}/events?lang=pl", json={"event": "1S"}, headers=auth(seats["E"])
    )
    assert posted.status_code == 422
    refused = answer["refused"]
    assert refused["id"] == "first" and refused["status"] == 422
    assert refused["error"] == posted.json()["error"]  # the same words, in Polish
    assert refused["law"] == posted.json()["law"] and refused["law"]
    assert client.get(f"/api/tables/{table}", headers=auth(DIRECTOR)).json()["seq"] == 0


def test_what_a_role_may_not_do_is_refused_on_the_stream_with_the_posts_status(
    client: TestClient,
) -> None:
    table, seats = new_table(client)
    script = [
        ("N", "1NT"),
        ("E", "pass"),
        ("S", "pass"),
        ("W", "pass"),
        ("E", "C4"),
    ]  # North declares; South is dummy
    for seat, event in script:
        posted = client.post(
            f"/api/tables/{table}/events", json={"event": event}, headers=auth(seats[seat])
        )
        assert posted.status_code == 200, posted.text
    with stream(client, table, seats["S"]) as dummy:
        dummy.receive_json()
        dummy.send_json({"event": "C9", "id": 1})  # dummy's own card: declarer plays it
        _, answer = answer_after(dummy)
    posted = client.post(
        f"/api/tables/{table}/events", json={"event": "C9"}, headers=auth(seats["S"])
    )
    assert answer["refused"]["status"] == posted.status_code == 403
    assert answer["refused"]["error"] == posted.json()["error"]


@pytest.mark.parametrize(
    "message",
    [
        "hello",
        "[]",
        '{"event": ""}',
        '{"event": "1NT", "seat": "N"}',
        '{"event": 5}',
        '{"event": "1NT", "id": [1]}',
        '{"event": "1NT", "id": true}',
        '{"event": "1NT", "id": "' + "x" * 65 + '"}',
        '{"event": "' + "p" * 201 + '"}',
        '{"id": 3}',
        '{"event": "claim 7 : \\u0000"}',
    ],
)
def test_a_message_that_is_not_an_event_is_refused_and_the_stream_stays_open(
    client: TestClient, message: str
) -> None:
    table, seats = new_table(client)
    with stream(client, table, seats["N"]) as north:
        north.receive_json()
        north.send_text(message)
        _, answer = answer_after(north)
        refused = answer["refused"]
        assert refused["status"] == 422
        assert refused["error"].startswith(("not an event message (", "the event holds a NUL"))
        north.send_bytes(b'{"event": "1NT", "id": 2}')  # a binary frame is read the same
        updates, answer = answer_after(north)
        assert answer == {"accepted": {"id": 2, "seq": 1}}
        assert updates[-1]["calls"] == ["1NT"]


def test_the_director_sends_his_events_on_his_stream(client: TestClient) -> None:
    table, _ = new_table(client)
    with stream(client, table, DIRECTOR) as console:
        console.receive_json()
        console.send_json({"event": "N 1NT", "id": 1})
        updates, answer = answer_after(console)
        assert answer == {"accepted": {"id": 1, "seq": 1}}
        assert updates[-1]["calls"] == ["1NT"]
        console.send_json({"event": "1NT", "id": 2})  # the director names the seat
        _, answer = answer_after(console)
        assert answer["refused"]["status"] == 422


def play(client: TestClient, on_stream: bool, seed: int) -> dict[str, Any]:
    """A random board played to its end by the four seats, each event posted or sent on the
    sender's stream (``?changes=1``, the table page's way); the director's view at the end."""
    rng = random.Random(seed)
    client.app.state.limits.ws_burst = 1000  # type: ignore[attr-defined]  # faster than a person plays: not a flood here
    table, seats = new_table(client, mode="strict")
    sockets = {seat: stream(client, table, token, "&changes=1") for seat, token in seats.items()}
    held: dict[str, dict[str, Any]] = {}
    try:
        opened = {seat: socket.__enter__() for seat, socket in sockets.items()}
        for seat, socket in opened.items():
            held[seat] = socket.receive_json()
        for _ in range(200):
            moved = False
            for seat, socket in opened.items():
                event = random_event(held[seat], rng)
                if event is None:
                    continue
                if on_stream:
                    socket.send_json({"event": event})
                    updates, answer = answer_after(socket)
                    assert "accepted" in answer, answer
                    for update in updates:
                        held[seat] = apply(held[seat], update)
                else:
                    posted = client.post(
                        f"/api/tables/{table}/events",
                        json={"event": event},
                        headers=auth(seats[seat]),
                    )
                    assert posted.status_code == 200, posted.text
                    held[seat] = apply(held[seat], socket.receive_json())
                for other, other_socket in opened.items():
                    if other != seat:
                        held[other] = apply(held[other], other_socket.receive_json())
                moved = True
                break
            if not moved:
                break
        for seat, token in seats.items():  # what each stream built is the seat's view now
            now = client.get(f"/api/tables/{table}", headers=auth(token)).json()
            assert held[seat] == now
    finally:
        for socket in sockets.values():
            socket.__exit__(None, None, None)
    view: dict[str, Any] = client.get(f"/api/tables/{table}", headers=auth(DIRECTOR)).json()
    return view


@pytest.mark.parametrize("seed", [3, 11])
def test_a_board_played_on_the_streams_is_the_board_played_by_posts(
    client: TestClient, seed: int
) -> None:
    posted, streamed = play(client, False, seed), play(client, True, seed)
    assert streamed["phase"] == "ended"
    for key in ("calls", "play", "tricks", "won", "score", "contract", "seq"):
        assert streamed[key] == posted[key], key


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    st.one_of(
        st.text(max_size=300),
        st.builds(
            json.dumps,
            st.dictionaries(
                st.sampled_from(["event", "id", "seat", ""]),
                st.none() | st.booleans() | st.integers() | st.text(max_size=40),
                max_size=3,
            ),
        ),
    )
)
def test_any_message_gets_an_answer_and_the_stream_stays_open(
    client: TestClient, message: str
) -> None:
    """Whatever a client sends (text, JSON of any shape, an event the table may refuse), the
    stream answers it, accepted or refused with a status a post could get, and stays open."""
    client.app.state.limits.ws_burst = 1000  # type: ignore[attr-defined]
    table, seats = new_table(client)
    with stream(client, table, seats["N"]) as north:
        north.receive_json()
        north.send_text(message)
        _, answer = answer_after(north)
        if "refused" in answer:
            assert answer["refused"]["status"] in (403, 409, 422, 429)
            assert answer["refused"]["error"]
        north.send_json({"event": "pass", "id": "next"})  # still open: answered
        assert "id" in answer_after(north)[1].popitem()[1]
