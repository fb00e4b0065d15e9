"""Robots for empty seats (server/robots.py).

What is checked, and where the expectation comes from:
- one person plays a whole board against three robots through the API, only the human's seat
  sending events: a robot declarer with a robot partner defending beside the human, a robot
  declarer with the human as dummy (declarer plays dummy's cards, Law 45A), and a human
  declarer with a robot dummy (the robot never plays: dummy does not, 45A);
- a robot decides from what its seat sees only (Law 41B: dummy once the opening lead is faced;
  the others' hands never): its choice is the same when the hands it cannot see are dealt
  differently;
- a robot answers an offer made to it with its documented default (accept an insufficient bid,
  Law 27A1; agree to a claim, 69A) and never starts an irregularity (a revoke, 61A, is never
  its card);
- robots act once per turn under concurrent requests, stop at the end of the board, and carry
  on after a restart.
"""

from __future__ import annotations

import asyncio
import random
import re
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, text

from bridgelaw.boards import Board
from bridgelaw.calls import call_name
from bridgelaw.cards import (
    SEATS,
    SUIT_MASK,
    Deal,
    Hand,
    Seat,
    Strain,
    card_name,
    cards_in,
    parse_card,
    parse_hand_pbn,
)
from bridgelaw.play import Play
from bridgelaw.sample.bidding import STANDARD, bid_board, seat_call
from bridgelaw.sample.cardplay import choose_card
from bridgelaw.sample.dealer import sample_deal
from bridgelaw.server import robots as robots_module
from bridgelaw.server.app import NewTable, Server, create_app
from bridgelaw.server.db import open_database
from bridgelaw.server.robots import (
    answer_order,
    candidates,
    parse_robots,
    robot_card,
    seat_position,
)
from bridgelaw.table import Table

from ..api_client import DIRECTOR, auth

# found by trying random deals: with South (the human) passing, West's robot declares 2H
WEST_DECLARES = "N:Q84.AQ94..A97632 A752.JT5.9643.KQ KT963.3.QT7.JT85 J.K8762.AKJ852.4"
# with South passing, North's robot declares 1S: South, the human, is dummy
NORTH_DECLARES = "N:AK652.KQ4.JT52.9 J8743.A853.K.AQ4 Q.T972.Q963.KT52 T9.J6.A874.J8763"
# South opens 3NT (third seat) and the robots pass: South declares, North's robot is dummy
SOUTH_DECLARES = "N:J84.98754.JT2.QT KQ765.63.54.J762 AT.AJT.AKQ97.K95 932.KQ2.863.A843"
# East's robot opens 1S on board 2 (East deals)
EAST_OPENS_1S = "N:AQ6.AKJ5.J8.KJ74 KT932.82.AQT94.A 875.T93.763.Q532 J4.Q764.K52.T986"


CARD_EVENT = re.compile(r"[NESW] [SHDC][AKQJT2-9]")


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'tables.db'}", DIRECTOR)) as c:
        yield c


def app_of(client: TestClient) -> FastAPI:
    app = client.app
    assert isinstance(app, FastAPI)
    return app


def make(
    client: TestClient, deal: str, robots: list[str], board: int = 1, mode: str = "law"
) -> tuple[str, dict[str, str]]:
    answer = client.post(
        "/api/tables",
        json={"board": board, "deal": deal, "mode": mode, "robots": robots},
        headers=auth(DIRECTOR),
    )
    assert answer.status_code == 200, answer.text
    body = answer.json()
    return body["table"], body["seats"]


def settle(client: TestClient, table: str) -> None:
    """Wait until the table's robots have nothing more to do."""
    app = app_of(client)
    live = app.state.server.live[table]
    assert client.portal is not None
    client.portal.call(app.state.robots.settle, live)


def stored(client: TestClient, table: str) -> list[tuple[str, str]]:
    """The stored events of ``table``: (who sent it, the text)."""
    engine = create_engine(str(app_of(client).state.server.engine.url))
    with engine.connect() as connection:
        rows = connection.execute(
            text('SELECT who, text FROM events WHERE table_id = :t ORDER BY "index"'),
            {"t": table},
        )
        result = [(r[0], r[1]) for r in rows]
    engine.dispose()
    return result


def lowest_legal(hand_pbn: str, trick: list[str]) -> str:
    """A plain human: follows suit with his lowest card, else plays his lowest card."""
    hand: Hand = parse_hand_pbn(hand_pbn)
    if trick:
        suit = parse_card(trick[0]) // 13
        if hand & SUIT_MASK[suit]:
            hand &= SUIT_MASK[suit]
    return card_name(min(cards_in(hand), key=lambda c: (c % 13, c)))


def play_as_south(
    client: TestClient,
    table: str,
    token: str,
    calls: list[str],
    claim_after: int | None = None,
) -> list[str]:
    """South, the only human, plays the board to its end through the API; the events sent."""
    sent: list[str] = []
    live = app_of(client).state.server.live[table]
    for _ in range(200):
        settle(client, table)
        view = client.get(f"/api/tables/{table}", headers=auth(token)).json()
        if view["phase"] == "ended":
            return sent
        assert view["awaiting"] is None, view["awaiting"]  # nothing irregular in these boards
        if view["phase"] == "auction":
            event = calls.pop(0) if calls else "pass"
        elif claim_after is not None and len(view["play"]) == 4 * claim_after:
            event = f"claim {13 - claim_after}"
        else:
            seat = live.table.next_to_act
            assert seat in (Seat.SOUTH, Seat.NORTH), "a robot's turn was left to the human"
            from_dummy = seat == Seat.NORTH
            assert not from_dummy or view["declarer"] == "S"
            event = lowest_legal(view["dummy"] if from_dummy else view["hand"], view["trick"])
        answer = client.post(
            f"/api/tables/{table}/events", json={"event": event}, headers=auth(token)
        )
        assert answer.status_code == 200, (event, answer.text)
        sent.append(event)
    raise AssertionError("the board did not end")


def check_board(client: TestClient, table: str, sent: list[str], robots: set[str]) -> None:
    events = stored(client, table)
    assert [t.split(" ", 1)[1] for who, t in events if who == "S"] == sent
    assert {who for who, _ in events} <= robots | {"S"}  # nobody else, no director
    view = client.get(f"/api/tables/{table}", headers=auth(DIRECTOR)).json()
    assert view["phase"] == "ended" and view["score"] is not None


# -- whole boards: one person against three robots ---------------------------------------------


def test_robot_declarer_and_robot_defender(client: TestClient) -> None:
    table, seats = make(client, WEST_DECLARES, ["N", "E", "W"])
    sent = play_as_south(client, table, seats["S"], [])
    check_board(client, table, sent, {"N", "E", "W"})
    view = client.get(f"/api/tables/{table}", headers=auth(seats["S"])).json()
    assert view["declarer"] == "W" and view["robots"] == ["N", "E", "W"]
    assert len(view["play"]) == 52  # every trick played; the human played a card to each
    assert len([e for e in sent if e != "pass"]) == 13
    # North's robot defended beside the human: it played its own 13 cards
    north = [t for who, t in stored(client, table) if who == "N" and CARD_EVENT.fullmatch(t)]
    assert len(north) == 13 and all(t.startswith("N ") for t in north)


def test_robot_declarer_with_the_human_as_dummy(client: TestClient) -> None:
    table, seats = make(client, NORTH_DECLARES, ["N", "E", "W"])
    sent = play_as_south(client, table, seats["S"], [])
    check_board(client, table, sent, {"N", "E", "W"})
    view = client.get(f"/api/tables/{table}", headers=auth(DIRECTOR)).json()
    assert view["declarer"] == "N" and len(view["play"]) == 52
    assert all(e == "pass" for e in sent)  # dummy never plays (45A): the robot played for him
    south_cards = [t for who, t in stored(client, table) if t.startswith("S ") and who == "N"]
    assert len(south_cards) == 13  # dummy's cards, named by North's robot


def test_human_declarer_with_a_robot_dummy_and_a_claim(client: TestClient) -> None:
    table, seats = make(client, SOUTH_DECLARES, ["N", "E", "W"])
    sent = play_as_south(client, table, seats["S"], ["3NT"], claim_after=4)
    check_board(client, table, sent, {"N", "E", "W"})
    events = stored(client, table)
    view = client.get(f"/api/tables/{table}", headers=auth(DIRECTOR)).json()
    assert view["contract"] == "3NT" and view["declarer"] == "S"
    assert len(view["play"]) == 16  # four tricks, then the claim
    # the robot dummy never played (45A); the defenders' robots agreed to the claim (69A)
    assert not [t for who, t in events if who == "N" and t.split()[1] != "pass"]
    assert ("E", "E agree") in events and ("W", "W agree") in events
    dummy_cards = [t for who, t in events if who == "S" and t.startswith("N ")]
    assert len(dummy_cards) == 4  # declarer named dummy's card at each of the 4 tricks


@pytest.mark.parametrize("mode", ["law", "strict"])
def test_robots_act_after_the_table_is_made_and_stop_at_the_end(
    client: TestClient, mode: str
) -> None:
    table, _ = make(client, WEST_DECLARES, ["N", "E", "S", "W"], mode=mode)
    settle(client, table)  # four robots: they play the board alone, and stop
    app = app_of(client)
    live = app.state.server.live[table]
    assert live.table.phase == "ended"
    count = len(stored(client, table))
    assert count == len(live.table.events) > 52
    assert client.portal is not None
    assert client.portal.call(app.state.robots.step, live) is False
    assert len(stored(client, table)) == count


def test_robots_are_stored_shown_and_carry_on_after_a_restart(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'tables.db'}"
    server = Server(open_database(url), DIRECTOR)  # a table made while no loop runs
    table, tokens = server.create(NewTable(board=1, deal=WEST_DECLARES, robots=["w", "N"]))
    server.engine.dispose()
    with TestClient(create_app(url, DIRECTOR)) as client:
        view = client.get(f"/api/tables/{table}", headers=auth(tokens["E"])).json()
        assert view["robots"] == ["N", "W"]
        with client.websocket_connect(f"/api/tables/{table}/stream?token={tokens['S']}") as ws:
            assert ws.receive_json()["robots"] == ["N", "W"]
        settle(client, table)  # North deals: his robot calls once the table is asked for
        live = app_of(client).state.server.live[table]
        first = live.table.history[0].call.text
        assert stored(client, table) == [("N", f"N {first}")]
        assert live.table.next_to_act == Seat.EAST  # East is human: the robots wait


def test_bad_robot_seats_are_refused(client: TestClient) -> None:
    for robots, word in ((["X"], "'X' is not a seat"), (["E", "e"], "named twice")):
        answer = client.post(
            "/api/tables",
            json={"board": 1, "deal": WEST_DECLARES, "robots": robots},
            headers=auth(DIRECTOR),
        )
        assert answer.status_code == 422 and word in answer.json()["error"]
    with pytest.raises(ValueError, match="not a seat"):
        parse_robots(["NE"])


# -- what a robot may know ---------------------------------------------------------------------


def reshuffled(deal: Deal, keep: set[Seat], rng: random.Random) -> Deal:
    """``deal`` with the cards of the seats not in ``keep`` dealt again among them."""
    hidden = [s for s in SEATS if s not in keep]
    pool = [c for s in hidden for c in cards_in(deal.hands[s])]
    rng.shuffle(pool)
    hands = list(deal.hands)
    for seat in hidden:
        count = len(list(cards_in(deal.hands[seat])))
        hands[seat] = sum(1 << c for c in pool[:count])
        pool = pool[count:]
    return Deal(hands)


def table_of(deal: Deal, events: list[str], board: int = 1) -> Table:
    table = Table.from_deal(board, deal.pbn())
    for event in events:
        table.apply_text(event)
    return table


def test_the_seats_eye_bidder_reads_the_calls_as_the_whole_deal_bidder_makes_them() -> None:
    # the sample bidder knows each call's meaning because it made it; a robot reads it from
    # the call alone. On the 12 sample boards it makes the same call at every turn.
    for number in range(1, 13):
        board = Board.numbered(number, sample_deal(number))
        calls = bid_board(board, [STANDARD] * 4).auction.calls
        for i, call in enumerate(calls):
            seat = SEATS[(board.dealer + i) & 3]
            assert seat_call(board.dealer, seat, board.deal.hands[seat], calls[:i]) == call


def test_a_robots_call_does_not_depend_on_the_hands_it_cannot_see() -> None:
    rng = random.Random(14)
    checked = 0
    for number in range(1, 6):
        board = Board.numbered(number, sample_deal(number))
        calls = bid_board(board, [STANDARD] * 4).auction.calls
        events: list[str] = []
        for i, call in enumerate(calls):
            seat = SEATS[(board.dealer + i) & 3]
            mine = table_of(board.deal, events, number)
            other = table_of(reshuffled(board.deal, {seat}, rng), events, number)
            assert candidates(mine, seat) == candidates(other, seat)
            checked += 1
            events.append(f"{seat.letter} {call_name(call)}")
    assert checked > 40


def exchanged(deal: Deal, play: Play, a: Seat, b: Seat, rng: random.Random) -> Deal:
    """``deal`` with unplayed cards of the same suit exchanged between ``a`` and ``b`` (one of
    each suit both still hold, at random): every card played so far stays legal and was played
    by the same seat, but the position differs."""
    hands = list(deal.hands)
    for suit in range(4):
        mine = list(cards_in(play.hands[a] & SUIT_MASK[suit]))
        theirs = list(cards_in(play.hands[b] & SUIT_MASK[suit]))
        if mine and theirs:
            x, y = rng.choice(mine), rng.choice(theirs)
            hands[a] = hands[a] & ~(1 << x) | 1 << y
            hands[b] = hands[b] & ~(1 << y) | 1 << x
    return Deal(hands)


STRAINS = {"1NT": Strain.NOTRUMP, "4S": Strain.SPADES, "3H": Strain.HEARTS}


def test_a_robots_card_does_not_depend_on_the_cards_it_cannot_see() -> None:
    rng = random.Random(41)
    compared = differed = 0
    for trial in range(12):
        cards = list(range(52))
        rng.shuffle(cards)
        deal = Deal([sum(1 << c for c in cards[i * 13 : (i + 1) * 13]) for i in range(4)])
        contract = ("1NT", "4S", "3H")[trial % 3]
        events = [f"N {contract}", "E pass", "S pass", "W pass"]
        play = Play(deal, Seat.NORTH, STRAINS[contract])
        while not play.is_over:
            turn = play.turn
            decider = Seat.NORTH if turn == Seat.SOUTH else turn  # declarer plays dummy's
            table = table_of(deal, events)
            seen = {decider, Seat.SOUTH} if play.played else {decider}  # dummy faced (41B)
            hidden = [s for s in SEATS if s not in seen]
            # the seat's-eye player chooses the card the whole-deal player chooses
            card = choose_card(play)
            assert robot_card(table, decider)[0] == card
            other = table_of(exchanged(deal, play, hidden[0], hidden[1], rng), events)
            assert seat_position(other, decider) == seat_position(table, decider)
            assert robot_card(other, decider) == robot_card(table, decider)
            compared += 1
            differed += other.board.deal != table.board.deal
            events.append(f"{turn.letter} {card_name(card)}")
            play.push(card)
    assert compared == 12 * 52 and differed > 12 * 40


def test_default_answers() -> None:
    assert answer_order(("accept", "decline"), None, None)[0] == "accept"
    assert answer_order(("forbid S", "forbid H", "no-restriction"), None, None)[0] == (
        "no-restriction"
    )
    assert answer_order(("agree", "dispute"), None, None)[0] == "agree"
    assert answer_order(("pass", "2H", "2S"), "2S", None)[0] == "2S"
    assert answer_order(("decline",), None, None) == ["decline"]


def test_a_robot_accepts_an_insufficient_bid_from_the_human(client: TestClient) -> None:
    table, seats = make(client, EAST_OPENS_1S, ["N", "E", "W"], board=2)
    settle(client, table)
    assert stored(client, table) == [("E", "E 1S")]
    answer = client.post(
        f"/api/tables/{table}/events", json={"event": "1H"}, headers=auth(seats["S"])
    )
    assert answer.status_code == 200
    assert answer.json()["awaiting"] == {
        "who": "W",
        "law": "27A1",
        "options": ["accept", "decline"],
    }
    settle(client, table)
    events = stored(client, table)
    assert events[2] == ("W", "W accept")  # the default: the insufficient bid stands (27A1)
    view = client.get(f"/api/tables/{table}", headers=auth(seats["S"])).json()
    assert view["calls"][:2] == ["1S", "1H"] and view["awaiting"] is None


def test_a_robot_never_plays_a_revoke(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    deal = "N:AKQ2.KQ2.A32.K32 JT9.AJT.KQJ4.A54 876.9876.T98.QJ9 543.543.765.T876"
    table, _ = make(client, deal, ["E"])
    app = app_of(client)
    robots = app.state.robots
    monkeypatch.setattr(robots, "wake", lambda _live: None)  # the director sets the table up
    for event in ["N pass", "E pass", "S 1NT", "W pass", "N pass", "E pass", "W S5", "N S2"]:
        answer = client.post(
            f"/api/tables/{table}/events", json={"event": event}, headers=auth(DIRECTOR)
        )
        assert answer.status_code == 200, answer.text
    # East can follow in spades: HA would revoke (61A); the robot keeps its next candidate
    monkeypatch.setattr(robots_module, "candidates", lambda _table, _seat: ["HA", "S9"])
    live = app.state.server.live[table]
    assert client.portal is not None
    assert client.portal.call(robots.step, live) is True
    assert stored(client, table)[-1] == ("E", "E S9")
    assert live.table.play is not None and not live.table.play.revokes


def test_a_robot_acts_once_for_a_turn_under_concurrent_requests(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    table, seats = make(client, WEST_DECLARES, ["E"])
    app = app_of(client)
    robots = app.state.robots
    live = app.state.server.live[table]
    monkeypatch.setattr(robots, "wake", lambda _live: None)  # only the steps below act
    assert (
        client.post(
            f"/api/tables/{table}/events", json={"event": "pass"}, headers=auth(seats["N"])
        ).status_code
        == 200
    )
    slow = robots_module.candidates

    def thinking(table: Table, seat: Seat) -> list[str]:
        time.sleep(0.2)  # both requests arrive while the robot thinks
        return slow(table, seat)

    monkeypatch.setattr(robots_module, "candidates", thinking)

    async def both() -> list[bool]:
        return list(await asyncio.gather(robots.step(live), robots.step(live)))

    assert client.portal is not None
    assert sorted(client.portal.call(both)) == [False, True]
    events = stored(client, table)
    assert [who for who, _ in events] == ["N", "E"]  # East called once; South (human) is next


def test_a_table_stored_before_robots_existed_has_none(tmp_path: Path) -> None:
    from alembic import command
    from alembic.config import Config

    from bridgelaw.server.db import MIGRATIONS

    url = f"sqlite:///{tmp_path / 'old.db'}"
    engine = create_engine(url)
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "0001")  # the first schema: no robots column
        connection.execute(
            text(
                "INSERT INTO tables (id, board, deal, edition, mode, created) "
                "VALUES ('old', 1, :deal, 2017, 'law', '2026-11-20 20:00:00')"
            ),
            {"deal": WEST_DECLARES},
        )
    engine.dispose()
    server = Server(open_database(url), DIRECTOR)  # migrated to the newest schema at start
    assert server.get("old").robots == ()
    assert server.get("old").view("director")["robots"] == []
    server.engine.dispose()


def test_a_robot_declarer_imposes_no_lead_restriction() -> None:
    # East's insufficient 1H declined and replaced by a pass the director finds not
    # comparable: West is barred and, on lead, subject to declarer's options (26B)
    table = Table.from_deal(1, WEST_DECLARES)
    for event in [
        *("N 1S", "E 1H", "S decline", "E pass", "director not-comparable"),
        *("S 2H", "W pass", "N 2S", "E pass", "S 3NT", "W pass", "N pass", "E pass"),
    ]:
        table.apply_text(event)
    assert table.awaiting is not None and table.awaiting.law == "26B"
    assert robots_module.acting_robot(table, ["S"]) == Seat.SOUTH  # South's robot declares
    choice = candidates(table, Seat.SOUTH)[0]
    assert choice == "no-restriction"  # the default: the robot restricts nothing
    table.apply_text(f"S {choice}")
    assert table.awaiting is None and robots_module.acting_robot(table, ["S"]) is None
