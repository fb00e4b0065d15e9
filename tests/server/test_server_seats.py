"""What each seat is told of a faced card, a revoke and a hand it cannot see, through
the API; the random and script-wide checks are in
``test_server_hidden.py``.

The deal: North declares 3NT after ``1NT pass 3NT pass pass pass``, East leads.
The expectations come from the Laws: a card led out of turn is faced (Laws 54-56: the
chooser decides looking at it, and the whole table sees it); a revoke is known to nobody but
its player until attention is drawn to it (61, 62A) or play is over (66C, 66D); its player may
correct it before it is established (62A), a defender's card withdrawn then becoming a major
penalty card (62B1), declarer's going back to his hand (62B2); and no answer to a seat depends
on a card it cannot see (before the opening lead declarer cannot see dummy: 41B, 45B).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from bridgelaw.cards import Deal, Seat, card_name, cards_in, parse_card
from bridgelaw.server.app import create_app

DIRECTOR = "seats-director"
DEAL = "N:AKQ2.KQ2.A32.K32 JT9.AJT.KQJ4.A54 876.9876.T98.QJ9 543.543.765.T876"
AUCTION = [("N", "1NT"), ("E", "pass"), ("S", "3NT"), ("W", "pass"), ("N", "pass"), ("E", "pass")]
SEATS = "NESW"


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    app = create_app(f"sqlite:///{tmp_path / 'tables.db'}", DIRECTOR)
    app.state.limits.rate, app.state.limits.burst = 1e6, 10**6  # not under test here
    yield TestClient(app)
    app.state.server.engine.dispose()


class Table:
    """One table of the module's deal, played by its seats' tokens."""

    def __init__(self, client: TestClient, mode: str = "law") -> None:
        self.client = client
        body = {"board": 1, "deal": DEAL, "edition": 2017, "mode": mode}
        answer = client.post("/api/tables", json=body, headers=auth(DIRECTOR))
        assert answer.status_code == 200, answer.text
        self.id: str = answer.json()["table"]
        self.seats: dict[str, str] = answer.json()["seats"]
        for seat, call in AUCTION:
            self.send(seat, call)

    def post(self, seat: str, text: str) -> Any:
        return self.client.post(
            f"/api/tables/{self.id}/events", json={"event": text}, headers=auth(self.seats[seat])
        )

    def send(self, seat: str, text: str) -> dict[str, Any]:
        answer = self.post(seat, text)
        assert answer.status_code == 200, (seat, text, answer.text)
        view: dict[str, Any] = answer.json()
        return view

    def view(self, seat: str) -> dict[str, Any]:
        token = DIRECTOR if seat == "director" else self.seats[seat]
        view: dict[str, Any] = self.client.get(f"/api/tables/{self.id}", headers=auth(token)).json()
        return view

    def views(self) -> dict[str, dict[str, Any]]:
        return {seat: self.view(seat) for seat in SEATS}


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


# -- a card led out of turn is faced -----------------------------------------------------------


def test_opening_lead_out_of_turn_is_faced_to_every_seat(client: TestClient) -> None:
    table = Table(client)
    table.send("W", "S3")  # East is on lead: West's lead is out of turn (54)
    for seat, view in table.views().items():
        assert view["faced"] == [{"seat": "W", "card": "S3"}], seat
        assert view["awaiting"]["law"] == "54", seat
    north = table.view("N")
    assert north["offer"]["law"] == "54"  # declarer chooses, looking at the card
    assert {o["event"] for o in north["offer"]["options"]} == {"accept", "spread", "decline"}
    table.send("N", "decline")  # 54D: a major penalty card (50), still face up
    for seat, view in table.views().items():
        assert view["faced"] == [], seat
        assert {"seat": "W", "card": "S3", "kind": "major"} in view["penalty_cards"], seat


def test_accepted_opening_lead_out_of_turn_is_in_the_trick(client: TestClient) -> None:
    table = Table(client)
    table.send("W", "S3")
    table.send("N", "accept")  # 54B: dummy is spread, declarer plays second
    for seat, view in table.views().items():
        assert view["faced"] == [] and view["trick"] == ["S3"], seat


def test_later_lead_out_of_turn_is_faced_to_every_seat(client: TestClient) -> None:
    table = Table(client)
    for seat, card in (("E", "DK"), ("N", "D8"), ("W", "D5"), ("N", "DA")):
        table.send(seat, card)  # North wins trick 1 with the ace: he is on lead
    table.send("E", "HA")  # a defender leads out of turn (56)
    for seat, view in table.views().items():
        assert view["faced"] == [{"seat": "E", "card": "HA"}], seat
    assert table.view("N")["offer"]["law"] == "56"


# -- a revoke is told to nobody until attention is drawn to it ---------------------------------


def revoke_told(view: dict[str, Any]) -> bool:
    """Does the view tell of West's revoke (CT on a diamond)?"""
    records = [*view["rulings"], *view["reviews"]]
    return bool(view["revokes"]) or any(
        "revoke" in str(r["params"]) and "CT" in str(r["params"]) for r in records
    )


def west_revokes(table: Table) -> None:
    table.send("E", "DK")
    table.send("N", "D8")  # dummy's card, by declarer (45B)
    table.send("W", "CT")  # West holds three diamonds: a revoke (61A)


def test_revoke_is_told_to_its_player_alone(client: TestClient) -> None:
    table = Table(client)
    west_revokes(table)
    views = table.views()
    assert revoke_told(views["W"])  # he knows what he held
    for seat in "NES":
        assert not revoke_told(views[seat]), seat
    assert revoke_told(table.view("director"))  # the console sees everything
    table.send("N", "D2")
    table.send("N", "S2")  # North won; East-West have not played on: not established yet
    table.send("E", "S9")  # West's side plays to the next trick: established (63A1)
    views = table.views()
    assert any(r["law"] == "63A1" for r in views["W"]["rulings"])
    for seat in "NES":
        assert not revoke_told(views[seat]), seat


def test_revoke_is_told_to_every_seat_once_play_is_over(client: TestClient) -> None:
    table = Table(client)
    west_revokes(table)
    table.send("N", "D2")
    table.send("N", "claim 12")  # the rest of the tricks; play ceases (68D)
    for seat in "EW":
        if table.view("director")["phase"] != "ended":
            table.send(seat, "agree")
    assert table.view("director")["phase"] == "ended"
    for seat, view in table.views().items():
        assert revoke_told(view), seat  # 66C, 66D: the tricks may be inspected


# -- the offender may correct his revoke before it is established ------------------------------


def test_revoke_correction_is_offered_to_the_offender(client: TestClient) -> None:
    table = Table(client)
    west_revokes(table)
    views = table.views()
    for seat in "NES":
        assert views[seat]["correction"] is None, seat
    offer = views["W"]["correction"]
    assert offer["law"] == "62A"
    # 62B: with a legal card: a diamond West still holds
    assert [o["event"] for o in offer["options"]] == ["correct D7", "correct D6", "correct D5"]
    view = table.send("W", "correct D5")
    assert view["correction"] is None
    assert [r["law"] for r in view["rulings"]] == ["62B1"]
    # 62B1: the defender's revoke card becomes a major penalty card, face up for all
    for seat, seen in table.views().items():
        assert {"seat": "W", "card": "CT", "kind": "major"} in seen["penalty_cards"], seat
        assert seen["trick"] == ["DK", "D8", "D5"], seat


def test_declarers_revoke_corrected_goes_back_to_his_hand(client: TestClient) -> None:
    table = Table(client)
    table.send("E", "DK")
    table.send("N", "D8")
    table.send("W", "D5")
    table.send("N", "S2")  # North holds three diamonds: a revoke
    assert table.view("N")["correction"]["law"] == "62A"
    view = table.send("N", "correct D2")
    assert [r["law"] for r in view["rulings"]] == ["62B2"]  # no penalty card (62B2)
    assert view["penalty_cards"] == []
    assert view["hand"] == "AKQ2.KQ2.A3.K32"  # S2 back in his hand, D2 played instead
    for seat, seen in table.views().items():
        assert seen["quitted"][0]["cards"] == ["DK", "D8", "D5", "D2"], seat
        assert not seen["penalty_cards"], seat


def test_no_correction_once_the_revoke_is_established(client: TestClient) -> None:
    table = Table(client)
    west_revokes(table)
    table.send("N", "D2")
    table.send("N", "S2")
    table.send("E", "S9")  # his side plays to the next trick: established (63A1)
    assert table.view("W")["correction"] is None
    refused = table.post("W", "correct D5")
    assert refused.status_code == 422 and "63B" in refused.json()["error"]


# -- no answer depends on a card the sender cannot see -----------------------------------------


def answers_to_hidden_cards(table: Table, seat: str, form: str) -> set[tuple[int, str]]:
    """The answers to ``form`` naming each card ``seat`` cannot see (not his, not dummy's once
    spread, not played), the card's name taken out; nothing is accepted."""
    view = table.view(seat)
    seen = set(cards_in(Deal.from_pbn(DEAL).hands[Seat(SEATS.index(seat))]))
    if view["dummy"] is not None:
        director = table.view("director")
        dummy = Seat(SEATS.index(director["declarer"])).partner
        seen |= set(cards_in(Deal.from_pbn(DEAL).hands[dummy]))
    seen |= {parse_card(c) for c in view["play"] or []}
    answers = set()
    for card in sorted(set(range(52)) - seen):
        name = card_name(card)
        answer = table.post(seat, form.format(name))
        assert answer.status_code != 200, (seat, name)
        pattern = rf"(?<![A-Za-z0-9]){name}(?![A-Za-z0-9])"
        answers.add((answer.status_code, re.sub(pattern, "<card>", answer.text)))
    return answers


@pytest.mark.parametrize("mode", ["law", "strict"])
def test_declarer_cannot_read_dummy_before_the_opening_lead(client: TestClient, mode: str) -> None:
    table = Table(client, mode)
    before = table.view("director")["events"]
    for form in ("{}", "expose {}", "correct {}"):
        answers = answers_to_hidden_cards(table, "N", form)
        assert len(answers) == 1, answers  # the 39 cards, dummy's 13 among them, alike
    assert table.view("director")["events"] == before


@pytest.mark.parametrize("mode", ["law", "strict"])
def test_no_seat_reads_a_hand_by_naming_cards(client: TestClient, mode: str) -> None:
    table = Table(client, mode)
    table.send("E", "DK")  # dummy is spread now: the others' hands are still hidden
    for seat in ("N", "E", "W"):
        for form in ("{}", "expose {}", "correct {}"):
            answers = answers_to_hidden_cards(table, seat, form)
            assert len(answers) == 1, (seat, form, answers)
