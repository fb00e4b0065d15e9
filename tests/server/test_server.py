"""The server's fixed API (``table-api.md``): roles, refusals, durability, hidden information.

Expectations come from the spec and the Laws: a seat acts only for itself; dummy does not play
(Law 45A: declarer plays dummy's cards); a refused event stores nothing; a seat sees only its
own hand, dummy after the opening lead (Law 41B), the cards played and penalty cards (Law 50).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, text
from starlette.websockets import WebSocketDisconnect

from bridgelaw.cards import Card, Deal, Seat, cards_in, parse_card, parse_hand_pbn
from bridgelaw.server.app import create_app

from ..api_client import DEAL, DIRECTOR, auth, new_table
from ..api_client import act as send

HANDS = Deal.from_pbn(DEAL).hands
PBN_HAND = re.compile(r"[AKQJT2-9]*\.[AKQJT2-9]*\.[AKQJT2-9]*\.[AKQJT2-9]*")
CARD = re.compile(r"(?<![A-Za-z0-9])([SHDC](?:10|[AKQJT2-9]))(?![A-Za-z0-9])")


def stored_events(url: str, table: str) -> list[tuple[int, str, str]]:
    engine = create_engine(url)
    with engine.connect() as connection:
        rows = connection.execute(
            text('SELECT "index", text, who FROM events WHERE table_id = :t ORDER BY "index"'),
            {"t": table},
        )
        result = [(r[0], r[1], r[2]) for r in rows]
    engine.dispose()
    return result


@pytest.fixture
def client(database_url: str) -> Iterator[TestClient]:
    """The application on an empty database: SQLite, then PostgreSQL (``conftest.py``)."""
    app = create_app(database_url, DIRECTOR)
    yield TestClient(app)
    app.state.server.engine.dispose()


# 1NT by North, East leads; declarer plays dummy's cards with his own token (Law 45A)
CLAIMED = [
    ("N", "1NT"),
    ("E", "pass"),
    ("S", "pass"),
    ("W", "pass"),
    ("E", "SJ"),
    ("N", "S6"),  # dummy's card, named by declarer at dummy's turn
    ("W", "S3"),
    ("N", "SA"),
    ("N", "claim 11: all top tricks"),
    ("E", "agree"),
    ("W", "agree"),
]


def test_a_passed_out_board(client: TestClient) -> None:
    table, seats = new_table(client)
    for seat in "NESW":
        view = send(client, table, seats[seat], "pass")
    assert view["phase"] == "ended" and view["contract"] == "passed-out"
    assert view["score"] == {"NS": 0, "EW": 0}  # Law 22B: no score for either side
    assert view["seat"] == "W" and view["hand"] == "543.543.765.T876"


def test_a_board_played_then_claimed(client: TestClient, database_url: str) -> None:
    table, seats = new_table(client)
    for seat, event in CLAIMED:
        view = send(client, table, seats[seat], event)
    # 69A: the claim stands once both defenders agree: 1 trick won + 11 claimed
    assert view["phase"] == "ended" and view["tricks"] == 12
    assert view["score"] == {"NS": 240, "EW": -240}  # 1NT+5 not vulnerable: 40+150+50 (77)
    assert view["play"] == ["SJ", "S6", "S3", "SA"]
    stored = stored_events(database_url, table)
    assert [t for _, t, _ in stored][4:8] == ["E SJ", "S S6", "W S3", "N SA"]
    assert stored[5][2] == "N"  # sent by declarer, stored as dummy's card


def test_a_refused_event_is_a_422_and_stores_nothing(client: TestClient, database_url: str) -> None:
    table, seats = new_table(client)
    send(client, table, seats["N"], "1NT")
    before = client.get(f"/api/tables/{table}", headers=auth(DIRECTOR)).json()
    answer = client.post(
        f"/api/tables/{table}/events", json={"event": "SJ"}, headers=auth(seats["E"])
    )  # a card during the auction does not fit the table
    assert answer.status_code == 422
    # the spec's error and law, and the refusal as data (a phrase and its parameters)
    assert set(answer.json()) == {"error", "law", "message", "params"}
    assert answer.json()["params"]["reason"]["message"] == "event.card-in-auction"
    assert stored_events(database_url, table) == [(1, "N 1NT", "N")]
    assert client.get(f"/api/tables/{table}", headers=auth(DIRECTOR)).json() == before


def test_roles(client: TestClient) -> None:
    table, seats = new_table(client)
    events = f"/api/tables/{table}/events"
    assert client.post("/api/tables", json={"board": 1, "deal": DEAL}).status_code == 401
    refused = client.post("/api/tables", json={"board": 1, "deal": DEAL}, headers=auth(seats["N"]))
    assert refused.status_code == 403  # only the director makes tables
    for body in ({"event": "E pass"}, {"event": "director tricks 10"}):
        assert client.post(events, json=body, headers=auth(seats["N"])).status_code == 403
    assert client.get(f"/api/tables/{table}", headers=auth("nobody")).status_code == 403
    assert client.get("/api/tables/nosuchtable", headers=auth(DIRECTOR)).status_code == 404
    with (
        pytest.raises(WebSocketDisconnect),
        client.websocket_connect(f"/api/tables/{table}/stream?token=nobody") as socket,
    ):
        socket.receive_json()  # closed before any view is sent
    too_long = client.post(events, json={"event": "pass " * 50}, headers=auth(seats["N"]))
    assert too_long.status_code == 422 and "event" in too_long.json()["error"]
    short = {"board": 1, "deal": "N:AKQ"}
    bad_deal = client.post("/api/tables", json=short, headers=auth(DIRECTOR))
    assert bad_deal.status_code == 422 and bad_deal.json()["error"].startswith("deal")
    for seat, event in CLAIMED[:5]:
        send(client, table, seats[seat], event)
    # dummy (South) may not play, not even his own card at his turn (45A)
    dummy = client.post(events, json={"event": "S6"}, headers=auth(seats["S"]))
    assert dummy.status_code == 403
    # the director may send any event, with its seat
    view = client.post(events, json={"event": "S S6"}, headers=auth(DIRECTOR)).json()
    assert view["play"] == ["SJ", "S6"] and view["seat"] == "director"
    assert view["deal"].startswith("N:AKQ2.KQ2.A32.K32")


def test_a_choice_about_dummys_card_is_declarers(client: TestClient) -> None:
    """62C1 with dummy's card: the non-offenders may take back the card
    dummy played after a corrected revoke; declarer plays dummy's cards (41D, 45B) and dummy
    takes no part in the play (43A1c), so the choice is offered to declarer's token and
    dummy's token cannot make it. Declarer then plays dummy's card again with his own token,
    the same card too (it lies on the trick, not in dummy's hand)."""
    table, seats = new_table(client)
    events = f"/api/tables/{table}/events"
    for seat, event in [*CLAIMED[:8], ("N", "D2"), ("E", "CA"), ("N", "D8"), ("W", "D5")]:
        send(client, table, seats[seat], event)  # N's D8 is dummy's, E's CA a revoke
    view = send(client, table, seats["E"], "correct DK")  # 62B1: corrected in time
    assert view["awaiting"] == {"who": "N", "law": "62C1", "options": ["accept", "decline"]}
    from_dummy = client.post(events, json={"event": "decline"}, headers=auth(seats["S"]))
    assert from_dummy.status_code == 422 and "waiting for N" in from_dummy.json()["error"]
    view = send(client, table, seats["N"], "decline")
    assert view["awaiting"] == {"who": "S", "law": "62C1", "options": ["DT", "D9", "D8"]}
    view = send(client, table, seats["N"], "D8")  # dummy's card again, named by declarer
    assert view["play"][-4:] == ["D2", "DK", "D8", "D5"]
    # 62C2: then the revoker's partner (a defender: his own choice) may change his card
    assert view["awaiting"] == {"who": "W", "law": "62C2", "options": ["accept", "decline"]}


def test_strict_mode_refuses_irregularities_with_their_law(
    client: TestClient, database_url: str
) -> None:
    table, seats = new_table(client, mode="strict")
    events = f"/api/tables/{table}/events"
    # a call out of rotation (East before the dealer): Laws 28-32 rectify it; refused
    answer = client.post(events, json={"event": "pass"}, headers=auth(seats["E"]))
    assert answer.status_code == 422 and answer.json()["law"] is not None
    send(client, table, seats["N"], "1NT")
    answer = client.post(events, json={"event": "1D"}, headers=auth(seats["E"]))
    assert answer.status_code == 422 and answer.json()["law"].startswith("27")  # insufficient
    for seat, event in CLAIMED[1:5]:
        send(client, table, seats[seat], event)
    # South (dummy) holds spades: a heart from dummy at his turn would revoke (61A)
    answer = client.post(events, json={"event": "H6"}, headers=auth(seats["N"]))
    assert answer.status_code == 422 and answer.json()["law"] == "61A"
    # declarer's own card at dummy's turn: played too early (57C), refused
    answer = client.post(events, json={"event": "S2"}, headers=auth(seats["N"]))
    assert answer.status_code == 422 and answer.json()["law"].startswith("57")
    answer = client.post(events, json={"event": "expose HA"}, headers=auth(seats["W"]))
    assert answer.status_code == 422 and answer.json()["law"] is None  # not a strict word
    assert [t for _, t, _ in stored_events(database_url, table)] == [
        "N 1NT",
        "E pass",
        "S pass",
        "W pass",
        "E SJ",
    ]
    # a claim disputed is no irregularity: it waits for the director (Law 70), who rules
    for seat, event in [("N", "S6"), ("W", "S3"), ("N", "SA"), ("N", "claim 11")]:
        send(client, table, seats[seat], event)
    send(client, table, seats["E"], "agree")
    view = send(client, table, seats["W"], "dispute")
    assert view["awaiting"]["who"] == "director"
    view = send(client, table, DIRECTOR, "director tricks 11")
    assert view["phase"] == "ended" and view["tricks"] == 12


def test_strict_mode_judges_the_players_event_not_what_an_earlier_irregularity_brings(
    client: TestClient, database_url: str
) -> None:
    table, seats = new_table(client, mode="strict")
    events = f"/api/tables/{table}/events"
    send(client, table, seats["N"], "1C")
    # the director records what happened at the table, an irregularity too: W's CT seen in
    # the auction (24B: an honour; E must pass at his next turn)
    send(client, table, DIRECTOR, "W expose CT")
    send(client, table, seats["E"], "pass")
    send(client, table, seats["S"], "pass")
    # W's pass is legal; as the last pass it makes his exposed CT a penalty card, major as an
    # honour (24E, 50B), and opens declarer's choice for E's lead (50D2): consequences of the
    # exposure, not of the pass
    view = send(client, table, seats["W"], "pass")
    assert view["contract"] == "1C" and view["declarer"] == "N"
    assert view["penalty_cards"] == [{"seat": "W", "card": "CT", "kind": "major"}]
    assert view["awaiting"] == {
        "who": "N",
        "law": "50D2",
        "options": ["require C", "forbid C", "no-restriction"],
    }
    # a strict table takes only calls, cards and claims from the players: the director
    # enters declarer's choice, as he entered the exposure
    view = send(client, table, DIRECTOR, "N no-restriction")
    assert view["awaiting"] is None
    # the players' own irregular events are still refused: W making the opening lead at E's
    # turn (a faced opening lead out of turn, 54)
    answer = client.post(events, json={"event": "S3"}, headers=auth(seats["W"]))
    assert answer.status_code == 422 and answer.json()["law"] == "54"
    for seat, event in [("E", "SJ"), ("N", "S6"), ("W", "S3"), ("N", "SA"), ("N", "C2")]:
        send(client, table, seats[seat], event)
    send(client, table, seats["E"], "C4")
    send(client, table, seats["N"], "C9")  # dummy's card
    # W follows suit with a club other than his major penalty card CT, which he must play
    # at this first legal opportunity (50D1): declarer would choose under 52B; refused
    answer = client.post(events, json={"event": "C6"}, headers=auth(seats["W"]))
    assert answer.status_code == 422 and answer.json()["law"] == "52B1a"
    view = send(client, table, seats["W"], "CT")
    assert view["penalty_cards"] == [] and view["play"][-4:] == ["C2", "C4", "C9", "CT"]
    assert [t for _, t, _ in stored_events(database_url, table)][:6] == [
        "N 1C",
        "W expose CT",
        "E pass",
        "S pass",
        "W pass",
        "N no-restriction",
    ]


def seen_by(seat: Seat, played: list[Card], dummy: Seat, over: bool = False) -> set[Card]:
    """What the test knows ``seat`` could see: its hand, dummy after the opening lead (41B),
    the cards played; every card once the board is over (66D: all may be inspected)."""
    if over:
        return set(range(52))
    seen = set(cards_in(HANDS[seat])) | set(played)
    if played:
        seen |= set(cards_in(HANDS[dummy]))
    return seen


def cards_named(view: Any) -> set[Card]:
    found: set[Card] = set()
    if isinstance(view, dict):
        for key, value in view.items():
            if key in ("hand", "dummy") and value:
                found |= set(cards_in(parse_hand_pbn(value)))
            else:
                found |= cards_named(value)
    elif isinstance(view, list):
        for value in view:
            found |= cards_named(value)
    elif isinstance(view, str):
        found |= {parse_card(m) for m in CARD.findall(view)}
        for hand in PBN_HAND.findall(view):  # a hand or a deal written in PBN
            found |= set(cards_in(parse_hand_pbn(hand)))
    return found


# an irregular call: East's insufficient 1D accepted by South (27A1); East declares, West is
# dummy; a claim agreed by both defenders
INSUFFICIENT = [("N", "1NT"), ("E", "1D"), ("S", "accept"), ("S", "pass"), ("W", "pass")]
INSUFFICIENT += [("N", "pass"), ("S", "S8"), ("E", "S5"), ("N", "SA"), ("E", "S9")]
INSUFFICIENT += [("E", "claim 3: the rest"), ("N", "agree"), ("S", "agree")]
# a revoke: West shows out of spades holding three; declarer asks (61B) and the engine offers
# West his spades for the correction (62A), which no other seat may see; the heart withdrawn
# becomes a penalty card (62B1), public
REVOKE = [("N", "1NT"), ("E", "pass"), ("S", "pass"), ("W", "pass"), ("E", "SJ"), ("N", "S6")]
REVOKE += [("W", "H5"), ("N", "asks W"), ("W", "correct S3"), ("N", "SA")]
REVOKE += [("N", "claim 12: all top tricks"), ("E", "agree"), ("W", "agree")]


@pytest.mark.parametrize(
    ("board", "dummy", "penalty"),
    [(INSUFFICIENT, Seat.WEST, set()), (REVOKE, Seat.SOUTH, {parse_card("H5")})],
)
def test_no_seat_receives_a_card_it_could_not_see(
    client: TestClient, board: list[tuple[str, str]], dummy: Seat, penalty: set[Card]
) -> None:
    table, seats = new_table(client)
    received: dict[str, list[Any]] = {s: [] for s in "NESW"}
    sockets = {
        s: client.websocket_connect(f"/api/tables/{table}/stream?token={seats[s]}") for s in "NESW"
    }
    played: list[Card] = []
    faced: set[Card] = set()  # 2017 68C: a claimer faces the cards he still holds
    try:
        streams = {s: sockets[s].__enter__() for s in "NESW"}
        for s in "NESW":
            received[s].append(streams[s].receive_json())
        for seat, event in board:
            if event.startswith(("claim", "concede")):
                faced |= set(cards_in(HANDS[Seat("NESW".index(seat))])) - set(played)
            received[seat].append(send(client, table, seats[seat], event))
            for s in "NESW":
                received[s].append(streams[s].receive_json())
                received[s].append(
                    client.get(f"/api/tables/{table}", headers=auth(seats[s])).json()
                )
            words = event.split()
            if words[-1][0] in "SHDC" and len(words[-1]) == 2 and words[0] != "asks":
                played.append(parse_card(words[-1]))
            director = client.get(f"/api/tables/{table}", headers=auth(DIRECTOR)).json()
            over = director["phase"] == "ended"
            for s in "NESW":
                allowed = seen_by(Seat("NESW".index(s)), played, dummy, over) | penalty | faced
                for view in received[s]:
                    leaked = cards_named(view) - allowed
                    assert not leaked, (s, event, leaked, view)
                received[s].clear()
        final = client.get(f"/api/tables/{table}", headers=auth(DIRECTOR)).json()
        assert final["phase"] == "ended"  # the whole board went through, up to the claim
    finally:
        for s in "NESW":
            sockets[s].__exit__(None, None, None)


def test_a_restart_rebuilds_the_same_views(database_url: str) -> None:
    first = TestClient(create_app(database_url, DIRECTOR))
    table, seats = new_table(first)
    for seat, event in CLAIMED[:7]:
        send(first, table, seats[seat], event)
    views = {
        role: first.get(f"/api/tables/{table}", headers=auth(token)).json()
        for role, token in [*seats.items(), ("director", DIRECTOR)]
    }
    first.app.state.server.engine.dispose()  # type: ignore[attr-defined]
    again = TestClient(create_app(database_url, DIRECTOR))  # the events replayed
    for role, token in [*seats.items(), ("director", DIRECTOR)]:
        assert again.get(f"/api/tables/{table}", headers=auth(token)).json() == views[role]
    view = send(again, table, seats["N"], "SA")  # and the board carries on
    assert view["play"] == ["SJ", "S6", "S3", "SA"]


def test_an_event_the_database_fails_to_store_is_taken_back(
    client: TestClient, database_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    table, seats = new_table(client)
    send(client, table, seats["N"], "1NT")
    server = client.app.state.server  # type: ignore[attr-defined]

    def broken(*_args: object) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(server, "store_many", broken)
    answer = client.post(
        f"/api/tables/{table}/events", json={"event": "pass"}, headers=auth(seats["E"])
    )
    assert answer.status_code == 503  # not acknowledged, and not in the table either
    monkeypatch.undo()
    view = client.get(f"/api/tables/{table}", headers=auth(seats["E"])).json()
    assert view["calls"] == ["1NT"]
    assert stored_events(database_url, table) == [(1, "N 1NT", "N")]
    assert send(client, table, seats["E"], "pass")["calls"] == ["1NT", "pass"]
