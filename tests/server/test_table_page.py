"""The table page's server side, without a browser: the page and its files, the law titles,
and the public fields every view gains for the page (``server/public.py``).

Expectations come from the Laws: the auction's rotation (Law 17), the opening lead by
declarer's left-hand opponent (41A), the winner of a trick (44E: the highest card of the suit
led without a trump), an alert marking an artificial call (Law 40), a claim stopping play
(68D) and answered by the opponents (69A); and from the spec (a seat sees no hidden card).
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from bridgelaw.server.app import create_app

from ..api_client import DIRECTOR, auth, new_table
from ..api_client import act as send


@pytest.fixture
def client(tmp_path: Path) -> TestClient:
    return TestClient(create_app(f"sqlite:///{tmp_path / 'tables.db'}", DIRECTOR))


def play(client: TestClient, events: list[tuple[str, str]]) -> tuple[str, dict[str, str]]:
    table, seats = new_table(client)
    for seat, event in events:
        send(client, table, seats[seat], event)
    return table, seats


AUCTION = [("N", "1NT"), ("E", "pass"), ("S", "2C!"), ("W", "pass")]
AUCTION += [("N", "2S"), ("E", "pass"), ("S", "pass"), ("W", "pass")]


def test_the_page_is_served_without_any_secret(client: TestClient) -> None:
    answer = client.get("/table/0123abcd")
    assert answer.status_code == 200
    assert answer.headers["content-type"].startswith("text/html")
    assert "default-src 'self'" in answer.headers["content-security-policy"]
    assert answer.headers["referrer-policy"] == "no-referrer"
    page = answer.text
    # the page loads only its own files, from this server (no CDN: it works offline)
    # i18n.js sets the page's words in the viewer's language, then loads table.js (data-main)
    assert '<script src="/static/i18n/i18n.js" data-main="/static/table/table.js"' in page
    assert "http://" not in page and "https://" not in page
    for name, kind in (("table.js", "javascript"), ("table.css", "css")):
        asset = client.get(f"/static/table/{name}")
        assert asset.status_code == 200 and kind in asset.headers["content-type"]
    for name, kind in (("i18n.js", "javascript"), ("i18n.css", "css")):
        asset = client.get(f"/static/i18n/{name}")
        assert asset.status_code == 200 and kind in asset.headers["content-type"]
    assert client.get("/static/table/table.html.bak").status_code == 404
    assert client.get("/static/table/..%2Fapp.py").status_code == 404
    assert client.get("/table/bad id!").status_code == 404


def test_the_static_files_are_installed_with_the_package() -> None:
    # the compiled build installs the package (not editable): package-data must list them
    folder = resources.files("bridgelaw.server").joinpath("static")
    for name in ("table.html", "table.js", "table.css", "i18n.js", "i18n.css"):
        assert folder.joinpath(name).is_file(), name


def test_law_titles_for_the_page(client: TestClient) -> None:
    titles = client.get("/api/laws", params={"edition": 2017}).json()
    assert "insufficient" in titles["27A1"]  # Law 27: the insufficient bid
    old = client.get("/api/laws", params={"edition": 2007}).json()
    assert old["17E2"] == titles["17D3"]  # the same clause, renumbered in 2017
    refused = client.get("/api/laws", params={"edition": 2018})
    assert refused.status_code == 422 and "edition" in refused.json()["error"]


def test_turn_alerts_and_events_in_the_auction(client: TestClient) -> None:
    table, seats = play(client, AUCTION[:3])
    view = client.get(f"/api/tables/{table}", headers=auth(seats["E"])).json()
    assert view["events"] == 3
    assert view["turn"] == "W"  # Law 17: rotation from the dealer, North, clockwise
    assert [(c["seat"], c["call"], c["alert"]) for c in view["auction"]] == [
        ("N", "1NT", False),
        ("E", "pass", False),
        ("S", "2C", True),  # alerted: the call was marked artificial with "!"
    ]
    assert view["won"] is None and view["trick_cards"] == [] and view["quitted"] == []


def test_tricks_won_and_cards_by_seat_in_the_play(client: TestClient) -> None:
    # 2S by North: East leads (41A); S (dummy) at dummy's turn is named by declarer
    events = [*AUCTION, ("E", "SJ"), ("N", "S6"), ("W", "S3")]
    table, seats = play(client, events)
    view = client.get(f"/api/tables/{table}", headers=auth(seats["W"])).json()
    assert view["turn"] == "N"
    assert view["trick_cards"] == [
        {"seat": "E", "card": "SJ"},
        {"seat": "S", "card": "S6"},
        {"seat": "W", "card": "S3"},
    ]
    view = send(client, table, seats["N"], "SA")
    # 44E: the ace, the highest spade, wins; North leads the next trick
    assert view["quitted"] == [{"leader": "E", "cards": ["SJ", "S6", "S3", "SA"], "winner": "N"}]
    assert view["won"] == {"NS": 1, "EW": 0}
    assert view["trick_cards"] == [] and view["turn"] == "N"


def test_a_claim_faces_the_claimers_cards_with_his_statement(client: TestClient) -> None:
    events = [*AUCTION, ("E", "SJ"), ("N", "S6"), ("W", "S3"), ("N", "SA")]
    table, seats = play(client, events)
    director = client.get(f"/api/tables/{table}", headers=auth(DIRECTOR)).json()
    held = director["hands"]["N"]  # North's twelve cards when he claims
    assert len(held.replace(".", "")) == 12
    # his statement names his own HK and DA, and East's DK (a card North does not hold)
    send(client, table, seats["N"], "claim 12: HK then DA, all high; the DK falls")
    for seat in "ESW":
        view = client.get(f"/api/tables/{table}", headers=auth(seats[seat])).json()
        claim = view["claim"]
        assert claim["claimer"] == "N" and claim["number"] == 12 and claim["kind"] == "claim"
        assert view["awaiting"]["law"] == "69A"  # play has stopped; the claim is answered
        # 2017 68C: the claimer faces his cards with his statement: every seat sees them
        assert claim["hand"] == held, seat
        said = claim["statement"]
        assert said.startswith("HK then DA, all high"), (seat, said)
        # East's own DK he sees; to West (and dummy) it is still a hidden card
        assert ("DK" in said) == (seat == "E"), (seat, said)
        assert ("??" in said) == (seat != "E"), (seat, said)
    north = client.get(f"/api/tables/{table}", headers=auth(seats["N"])).json()
    # (North's own copy too blots the DK, a card of East's hand: views name no hidden card)
    assert north["claim"]["statement"].startswith("HK then DA, all high; the ")
    # 69A: the defenders answer; once both agree, the claim stands and no claim is open
    assert north["awaiting"]["who"] in ("E", "W") and north["awaiting"]["law"] == "69A"
    send(client, table, seats["E"], "agree")
    view = send(client, table, seats["W"], "agree")
    assert view["claim"] is None and view["phase"] == "ended"
    # settled (69A), the faced cards stay on the table with the claim's outcome
    claimed = view["claimed"]
    assert claimed["hand"] == held and claimed["law"] == "69A" and claimed["credited"] == 12


def test_a_defenders_claim_faces_his_cards_to_declarer_and_dummy(client: TestClient) -> None:
    events = [*AUCTION, ("E", "SJ"), ("N", "S6"), ("W", "S3"), ("N", "SA")]
    table, seats = play(client, events)
    before = client.get(f"/api/tables/{table}", headers=auth(seats["N"])).json()
    east = client.get(f"/api/tables/{table}", headers=auth(seats["E"])).json()["hand"]
    assert east not in str(before)  # nobody else saw East's hand before his concession
    send(client, table, seats["E"], "concede 12")
    for seat in "NSW":
        view = client.get(f"/api/tables/{table}", headers=auth(seats[seat])).json()
        assert view["claim"]["hand"] == east and view["claim"]["kind"] == "concede", seat
        assert view["hand"] != east
