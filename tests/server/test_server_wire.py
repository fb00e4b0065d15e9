"""What a page renders instead of deriving a law (``table-api.md``): each view's ``legal`` and
``offer``.

The expectations come from the Laws: at the start North may pass or bid anything (18A), not
double (19A1: no bid yet); after North's 1NT and East's insufficient 1D, South is offered to
accept it (27A1) or not (27B), and only South's view has those options, each with the text
South posts; the director's view has them too, with South's letter; at dummy's turn declarer's
``legal`` is dummy's cards of the suit led (44C, 45B), which he posts without a seat letter.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from bridgelaw.server.app import create_app

from ..api_client import DIRECTOR, act, auth, new_table

BIDS = [f"{level}{strain}" for level in range(1, 8) for strain in ("C", "D", "H", "S", "NT")]


@pytest.fixture
def client(database_url: str) -> Iterator[TestClient]:
    app = create_app(database_url, DIRECTOR)
    yield TestClient(app)
    app.state.server.engine.dispose()


def view(client: TestClient, table: str, token: str) -> dict[str, Any]:
    answer = client.get(f"/api/tables/{table}", headers=auth(token))
    assert answer.status_code == 200, answer.text
    result: dict[str, Any] = answer.json()
    return result


def test_legal_is_for_the_seat_to_act_only(client: TestClient) -> None:
    table, seats = new_table(client, mode="strict")
    north = view(client, table, seats["N"])
    assert north["legal"] == ["pass", *BIDS]  # 18A: any bid; 19A1: nothing to double
    assert north["offer"] is None
    assert view(client, table, seats["E"])["legal"] == []
    after = act(client, table, seats["N"], "1NT")
    assert after["legal"] == []  # no longer North's turn
    east = view(client, table, seats["E"])
    assert east["legal"][:3] == ["pass", "X", "2C"]  # 19A1, then 18B: above 1NT
    assert "1S" not in east["legal"]
    assert view(client, table, DIRECTOR)["legal"][:2] == ["E pass", "E X"]


def test_the_offer_goes_to_the_seat_it_concerns_with_its_options(client: TestClient) -> None:
    table, seats = new_table(client)
    act(client, table, seats["N"], "1NT")
    act(client, table, seats["E"], "1D")  # insufficient (27)
    south = view(client, table, seats["S"])
    offer = south["offer"]
    assert (offer["who"], offer["law"], offer["title"]) == ("S", "27A1", "an insufficient bid")
    by_event = {o["event"]: o for o in offer["options"]}
    assert set(by_event) == {"accept", "decline"}  # the texts South posts
    assert by_event["accept"]["law"] == "27A1" and by_event["decline"]["law"] == "27B"
    assert "stands" in by_event["accept"]["consequence"] and by_event["accept"]["label"]
    for seat in ("N", "E", "W"):
        assert view(client, table, seats[seat])["offer"] is None
    director = view(client, table, DIRECTOR)["offer"]
    assert [o["event"] for o in director["options"]] == ["S accept", "S decline"]
    after = act(client, table, seats["S"], by_event["decline"]["event"])  # posted as offered
    assert after["offer"] is None  # now East replaces his bid (27B): East's choice
    east = view(client, table, seats["E"])["offer"]
    assert east["law"] == "27B" and "2D" in {o["event"] for o in east["options"]}


def test_declarer_posts_dummys_cards_from_legal(client: TestClient) -> None:
    table, seats = new_table(client)
    for seat, call in [("N", "1NT"), ("E", "pass"), ("S", "pass"), ("W", "pass")]:
        act(client, table, seats[seat], call)
    act(client, table, seats["E"], "CA")  # E leads; S is dummy; N plays dummy's cards
    north = view(client, table, seats["N"])
    assert sorted(north["legal"]) == ["C9", "CJ", "CQ"]  # dummy's clubs (44C)
    assert view(client, table, seats["S"])["legal"] == []  # dummy does not play (45A)
    after = act(client, table, seats["N"], "CQ")
    assert after["trick"] == ["CA", "CQ"]
