"""Each accepted event has the table's next sequence number, stored with it (the events' key)
and carried by every view (``seq``); a client reconnecting to the stream with the last sequence
it holds (``?since=``) gets the view after each event it missed, in order, then the live
stream: every update once (docs/deployment.md)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from bridgelaw.server.app import create_app

from ..api_client import DIRECTOR, auth, new_table
from .support import play_one


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'seq.db'}", DIRECTOR)) as client:
        yield client


def test_a_client_back_with_its_last_sequence_gets_each_view_it_missed_once(
    client: TestClient,
) -> None:
    rng = random.Random(25)
    table, seats = new_table(client)
    stream = f"/api/tables/{table}/stream?token={seats['S']}"
    with client.websocket_connect(stream) as always:
        first: dict[str, Any] = always.receive_json()
        assert first["seq"] == 0  # no event yet
        seen = [first]
        for expected in range(1, 13):
            assert play_one(client, table, seats, rng) == expected
            seen.append(always.receive_json())
        assert [view["seq"] for view in seen] == list(range(13))
        # back after the fifth: the views after the 6th to the 12th, the very ones sent live
        with client.websocket_connect(f"{stream}&since=5") as back:
            missed = [back.receive_json() for _ in range(7)]
            assert missed == seen[6:]
            # then the live stream: the next event once, on both
            assert play_one(client, table, seats, rng) == 13
            assert back.receive_json() == always.receive_json()
        # holding the last: nothing first, the next event is the first message
        with client.websocket_connect(f"{stream}&since=13") as current:
            assert play_one(client, table, seats, rng) == 14
            assert current.receive_json()["seq"] == 14
            assert always.receive_json()["seq"] == 14
        # a sequence the table never had (ahead of it): the view now
        with client.websocket_connect(f"{stream}&since=99") as ahead:
            now = ahead.receive_json()
            assert now["seq"] == 14
            assert now["calls"] == calls_now(client, table, seats["S"])


def calls_now(client: TestClient, table: str, token: str) -> Any:
    return client.get(f"/api/tables/{table}", headers=auth(token)).json()["calls"]


def test_every_view_and_answer_carries_the_sequence_of_the_stored_event(
    client: TestClient,
) -> None:
    rng = random.Random(7)
    table, seats = new_table(client)
    for expected in range(1, 6):
        assert play_one(client, table, seats, rng) == expected
        for token in (*seats.values(), DIRECTOR):
            view = client.get(f"/api/tables/{table}", headers=auth(token)).json()
            assert view["seq"] == expected
