"""A mistaken click (Law 25A): a player may replace an unintended call until his partner
calls (25A1); the director judges it. At a law table the player says the call he meant (the
engine's Law 25 path); at a strict table he asks, and the director's decision is recorded.

Expectations from the Laws: 25A1 (until partner calls; the intended call replaces the slip
without rectification), 25A6 (the left-hand opponent may take back a call made over it).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from bridgelaw.server.app import create_app

from ..api_client import DIRECTOR, auth, new_table
from ..api_client import act as send


@pytest.fixture
def database(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'tables.db'}"


@pytest.fixture
def client(database: str) -> TestClient:
    return TestClient(create_app(database, DIRECTOR))


def view(client: TestClient, table: str, token: str) -> dict[str, Any]:
    result: dict[str, Any] = client.get(f"/api/tables/{table}", headers=auth(token)).json()
    return result


def post(client: TestClient, table: str, token: str, path: str, body: dict[str, Any]) -> Any:
    return client.post(f"/api/tables/{table}/{path}", json=body, headers=auth(token))


def test_at_a_law_table_the_call_meant_goes_to_the_director_by_law_25(
    client: TestClient,
) -> None:
    table, seats = new_table(client, mode="law")
    send(client, table, seats["N"], "1NT")
    change = view(client, table, seats["N"])["change"]
    assert change["law"] == "25A1" and change["call"] == "1NT" and change["how"] == "event"
    assert "2NT" in change["calls"] and "1NT" not in change["calls"] and len(change["calls"]) == 37
    assert view(client, table, seats["E"])["change"] is None  # East made no call
    send(client, table, seats["N"], change["calls"][change["calls"].index("2NT")])
    assert view(client, table, DIRECTOR)["awaiting"]["law"] == "25A"  # the director judges
    send(client, table, DIRECTOR, "director unintended")
    assert view(client, table, seats["E"])["calls"] == ["2NT"]  # 25A1: it replaces the slip
    # the strict table's request is not a law table's way
    answer = post(client, table, seats["E"], "call-changes", {"call": "pass"})
    assert answer.status_code == 422 and answer.json()["law"] == "25A"


def test_at_a_strict_table_the_director_allows_the_change_and_it_is_recorded(
    client: TestClient,
) -> None:
    table, seats = new_table(client, mode="strict")
    send(client, table, seats["N"], "1NT")
    north = view(client, table, seats["N"])
    assert north["change"]["how"] == "request"
    # saying the new call at once is a change of call the strict table refuses (Law 25)
    refused = post(client, table, seats["N"], "events", {"event": "2NT"})
    assert refused.status_code == 422 and refused.json()["law"].startswith("25")
    answer = post(client, table, seats["N"], "call-changes", {"call": "2NT"})
    assert answer.status_code == 200, answer.text
    number = answer.json()["request"]["id"]
    again = post(client, table, seats["N"], "call-changes", {"call": "3NT"})
    assert again.status_code == 409  # one request before the director at a time
    for seat in "NESW":  # made aloud at the table: every seat sees it, and the director called
        seen = view(client, table, seats[seat])
        assert [(c["kind"], c["seat"], c["text"]) for c in seen["call_changes"]] == [
            ("request", "N", "2NT")
        ]
        assert seen["director_calls"] and seen["director_calls"][-1]["seat"] == "N"
    assert (
        post(client, table, seats["E"], f"call-changes/{number}/decision", {"allow": True})
    ).status_code == 403
    decided = post(client, table, DIRECTOR, f"call-changes/{number}/decision", {"allow": True})
    assert decided.status_code == 200, decided.text
    east = view(client, table, seats["E"])
    assert east["calls"] == ["2NT"] and east["turn"] == "E"
    assert [r["law"] for r in east["rulings"]] == ["25A1"]
    assert [c["kind"] for c in east["call_changes"]] == ["request", "allow"]
    console = client.get(f"/api/tables/{table}/console", headers=auth(DIRECTOR)).json()
    assert [c["kind"] for c in console["call_changes"]] == ["request", "allow"]
    twice = post(client, table, DIRECTOR, f"call-changes/{number}/decision", {"allow": False})
    assert twice.status_code == 409


def test_a_strict_tables_change_after_the_lho_called_offers_him_his_call_back(
    client: TestClient, database: str
) -> None:
    table, seats = new_table(client, mode="strict")
    send(client, table, seats["N"], "1NT")
    send(client, table, seats["E"], "pass")
    answer = post(client, table, seats["N"], "call-changes", {"call": "2NT"})
    number = answer.json()["request"]["id"]
    post(client, table, DIRECTOR, f"call-changes/{number}/decision", {"allow": True, "note": "ok"})
    east = view(client, table, seats["E"])
    assert east["offer"]["law"] == "25A6"  # East may take back his pass (2007: 25A4)
    send(client, table, seats["E"], "accept")  # the strict table lets him answer it
    assert view(client, table, seats["S"])["calls"] == ["2NT", "pass"]
    # the records are read back by a new process
    again = TestClient(create_app(database, DIRECTOR))
    changes = view(again, table, seats["W"])["call_changes"]
    assert [(c["kind"], c["text"]) for c in changes] == [("request", "2NT"), ("allow", "ok")]


def test_too_late_once_partner_has_called_and_a_refusal_is_recorded(client: TestClient) -> None:
    table, seats = new_table(client, mode="strict")
    send(client, table, seats["N"], "1NT")
    answer = post(client, table, seats["N"], "call-changes", {"call": "2NT"})
    number = answer.json()["request"]["id"]
    send(client, table, seats["E"], "pass")
    send(client, table, seats["S"], "pass")  # partner has called: 25A1 no longer lets him
    assert view(client, table, seats["N"])["change"] is None
    late = post(client, table, DIRECTOR, f"call-changes/{number}/decision", {"allow": True})
    assert late.status_code == 409 and late.json()["law"] == "25A1"
    refused = post(client, table, DIRECTOR, f"call-changes/{number}/decision", {"allow": False})
    assert refused.status_code == 200
    assert view(client, table, seats["N"])["calls"] == ["1NT", "pass", "pass"]
    answer = post(client, table, seats["N"], "call-changes", {"call": "2NT"})
    assert answer.status_code == 422 and answer.json()["law"] == "25A1"
    bad = post(client, table, seats["W"], "call-changes", {"call": "8NT"})
    assert bad.status_code == 422 and "not a call" in bad.json()["error"]


def test_the_clubs_option_the_opponents_consent_to_the_change(client: TestClient) -> None:
    table, seats = new_table(client, mode="strict")
    send(client, table, seats["N"], "1NT")
    number = post(client, table, seats["N"], "call-changes", {"call": "2NT"}).json()["request"][
        "id"
    ]
    # without the club's option the opponents have no say: the director decides
    refused = post(client, table, seats["E"], f"call-changes/{number}/consent", {"agree": True})
    assert refused.status_code == 403
    client.app.state.server.change_consent = True  # type: ignore[attr-defined]
    for seat in ("S", "N"):  # the player's own side does not consent
        answer = post(client, table, seats[seat], f"call-changes/{number}/consent", {"agree": True})
        assert answer.status_code == 403
    first = post(client, table, seats["E"], f"call-changes/{number}/consent", {"agree": True})
    assert first.status_code == 200
    assert view(client, table, seats["S"])["calls"] == ["1NT"]  # one consent is not enough
    again = post(client, table, seats["E"], f"call-changes/{number}/consent", {"agree": True})
    assert again.status_code == 409
    answer = post(client, table, seats["W"], f"call-changes/{number}/consent", {"agree": True})
    assert answer.status_code == 200
    south = view(client, table, seats["S"])
    assert south["calls"] == ["2NT"] and [r["law"] for r in south["rulings"]] == ["25A1"]
    kinds = [(c["kind"], c["seat"]) for c in south["call_changes"]]
    assert kinds == [("request", "N"), ("consent", "E"), ("consent", "W"), ("allow", "EW")]


def test_with_the_option_an_objection_leaves_the_change_to_the_director(
    client: TestClient,
) -> None:
    client.app.state.server.change_consent = True  # type: ignore[attr-defined]
    table, seats = new_table(client, mode="strict")
    send(client, table, seats["N"], "1NT")
    number = post(client, table, seats["N"], "call-changes", {"call": "2NT"}).json()["request"][
        "id"
    ]
    post(client, table, seats["E"], f"call-changes/{number}/consent", {"agree": False})
    post(client, table, seats["W"], f"call-changes/{number}/consent", {"agree": True})
    assert view(client, table, seats["S"])["calls"] == ["1NT"]
    decided = post(client, table, DIRECTOR, f"call-changes/{number}/decision", {"allow": False})
    assert decided.status_code == 200
    kinds = [c["kind"] for c in view(client, table, seats["S"])["call_changes"]]
    assert kinds == ["request", "object", "consent", "refuse"]
