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
    # 27B: each replacement says what follows it, in groups a page shows one by one: the
    # lowest sufficient bid in the same denomination (27B1a: 2D here), any other bid (27B1b),
    # a pass (27B2), a double (27B3); each option names its group, which names its clause
    groups = {g["group"]: g for g in east["groups"]}
    assert list(groups) == ["27B1a", "27B1b", "27B2", "27B3"]
    assert all(g["law"] == key and g["title"] and g["consequence"] for key, g in groups.items())
    of = {o["event"]: o["group"] for o in east["options"]}
    assert (of["2D"], of["3D"], of["2C"], of["pass"], of["X"]) == (
        "27B1a",
        "27B1b",
        "27B1b",
        "27B2",
        "27B3",
    )
    polish = client.get(f"/api/tables/{table}?lang=pl", headers=auth(seats["E"])).json()["offer"]
    assert [g["group"] for g in polish["groups"]] == list(groups)
    assert polish["groups"][1]["title"] == "Każda inna odzywka"
    assert "groups" not in (view(client, table, seats["S"])["offer"] or {})


def test_the_tricks_won_after_a_claim_count_the_claimed_tricks(client: TestClient) -> None:
    """69A: a claim agreed stands, the tricks scored as claimed: the count a page shows once
    play has ceased is the count credited, not only the tricks played."""
    table, seats = new_table(client, mode="strict")
    for seat, event in [("N", "1NT"), ("E", "pass"), ("S", "pass"), ("W", "pass"), ("E", "SJ")]:
        act(client, table, seats[seat], event)
    act(client, table, seats["N"], "claim 7")
    for _ in range(2):  # each defender agrees in turn (69A)
        asked = [s for s in "EW" if view(client, table, seats[s])["offer"]]
        act(client, table, seats[asked[0]], "agree")
    ended = view(client, table, seats["E"])
    assert ended["phase"] == "ended" and ended["tricks"] == 7
    assert ended["won"] == {"NS": 7, "EW": 6}


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
