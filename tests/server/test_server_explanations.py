"""Alerts explained, questions asked and answered at an online table (Law 20F), and the records
they leave for a Law 21 ruling.

Expectations from the Laws and online practice: a player asks about his opponents' calls
(20F1), during the auction only at his own turn to call (20F1), after the final pass at his turn
to play (20F2); the explanation goes to the opponents, never to the caller's partner, who must
not see his own side's alert or explanation (it would be unauthorized information, 16B); the
records are kept, with who said what, for the director (21).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from bridgelaw.server.app import create_app

from ..api_client import DIRECTOR, auth, new_table
from ..api_client import act as send

SECRET = "Stayman-xyzzy"
ANSWERED = "four-card-major-plugh"


@pytest.fixture
def database(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'tables.db'}"


@pytest.fixture
def client(database: str) -> TestClient:
    return TestClient(create_app(database, DIRECTOR))


def post(
    client: TestClient, table: str, token: str, path: str, body: dict[str, Any]
) -> tuple[int, dict[str, Any]]:
    answer = client.post(f"/api/tables/{table}/{path}", json=body, headers=auth(token))
    result: dict[str, Any] = answer.json()
    return answer.status_code, result


def view(client: TestClient, table: str, token: str) -> dict[str, Any]:
    result: dict[str, Any] = client.get(f"/api/tables/{table}", headers=auth(token)).json()
    return result


def event_of(seen: dict[str, Any], seat: str, call: str) -> int:
    found: int = next(r["event"] for r in seen["auction"] if (r["seat"], r["call"]) == (seat, call))
    return found


def test_an_alert_explained_asked_and_answered_reaches_the_opponents_only(
    client: TestClient,
) -> None:
    table, seats = new_table(client)
    send(client, table, seats["N"], "1NT")
    send(client, table, seats["E"], "pass")
    send(client, table, seats["S"], "2C!")
    two_clubs = event_of(view(client, table, seats["N"]), "S", "2C")
    status, body = post(
        client, table, seats["S"], "explanations", {"call": two_clubs, "text": SECRET}
    )
    assert status == 200 and body["record"]["kind"] == "explain"
    # North, the caller's partner, may not explain South's call for him (online: the caller
    # explains), and his refusal does not tell him the explanation
    status, body = post(client, table, seats["N"], "explanations", {"call": two_clubs, "text": "x"})
    assert status == 403 and SECRET not in json.dumps(body)
    # 20F1: East asks at his own turn only; West's turn now
    status, body = post(client, table, seats["E"], "questions", {"call": two_clubs})
    assert status == 422 and body["law"] == "20F1"
    # 20F1: a player asks about his opponents' calls, not his partner's
    status, body = post(client, table, seats["N"], "questions", {"call": two_clubs})
    assert status == 422 and body["law"] == "20F1" and SECRET not in json.dumps(body)
    status, body = post(client, table, seats["W"], "questions", {"call": two_clubs, "text": "?"})
    assert status == 200
    question = body["record"]["id"]
    # only South answers it, once
    status, body = post(client, table, seats["N"], f"questions/{question}/answer", {"text": "y"})
    assert status == 403 and SECRET not in json.dumps(body)
    status, _ = post(client, table, seats["S"], f"questions/{question}/answer", {"text": ANSWERED})
    assert status == 200
    status, _ = post(client, table, seats["S"], f"questions/{question}/answer", {"text": "again"})
    assert status == 409

    seen = {seat: view(client, table, token) for seat, token in seats.items()}
    for seat in "EW":  # the opponents: the alert, the explanation, the question and its answer
        words = [(r["kind"], r["seat"], r["text"]) for r in seen[seat]["explanations"]]
        assert words == [
            ("explain", "S", SECRET),
            ("question", "W", "?"),
            ("answer", "S", ANSWERED),
        ]
        assert next(r["alert"] for r in seen[seat]["auction"] if r["event"] == two_clubs)
    assert len(seen["S"]["explanations"]) == 3  # the caller sees what he said and was asked
    north = seen["N"]
    assert north["explanations"] == []
    assert not any(r["alert"] for r in north["auction"])  # not even that 2C was alerted
    assert SECRET not in json.dumps(north) and ANSWERED not in json.dumps(north)
    # the director sees every record, with its time: the facts of a Law 21 ruling
    director = view(client, table, DIRECTOR)
    assert [r["kind"] for r in director["explanations"]] == ["explain", "question", "answer"]
    assert all(r["time"] and r["caller"] == "S" for r in director["explanations"])
    console = client.get(f"/api/tables/{table}/console", headers=auth(DIRECTOR)).json()
    assert [r["text"] for r in console["explanations"]] == [SECRET, "?", ANSWERED]


def test_after_the_final_pass_a_player_asks_at_his_turn_to_play(client: TestClient) -> None:
    table, seats = new_table(client)
    for seat, call in [("N", "1NT"), ("E", "pass"), ("S", "2C!"), ("W", "pass")]:
        send(client, table, seats[seat], call)
    for seat, call in [("N", "2S"), ("E", "pass"), ("S", "pass"), ("W", "pass")]:
        send(client, table, seats[seat], call)
    two_clubs = event_of(view(client, table, DIRECTOR), "S", "2C")
    # 20F2: East, on lead, may ask; West may not (not his turn to play)
    status, body = post(client, table, seats["W"], "questions", {"call": two_clubs})
    assert status == 422 and body["law"] == "20F2"
    status, _ = post(client, table, seats["E"], "questions", {"call": two_clubs})
    assert status == 200


def test_the_records_survive_a_restart_and_the_director_may_not_add_one(
    client: TestClient, database: str
) -> None:
    table, seats = new_table(client)
    send(client, table, seats["N"], "1C!")
    status, _ = post(client, table, seats["N"], "explanations", {"call": 1, "text": SECRET})
    assert status == 200
    status, _ = post(client, table, DIRECTOR, "explanations", {"call": 1, "text": "x"})
    assert status == 403
    status, body = post(client, table, seats["N"], "explanations", {"call": 9, "text": "x"})
    assert status == 422 and "event 9" in body["error"]
    status, _ = post(client, table, seats["N"], "explanations", {"call": 1, "text": "  "})
    assert status == 422
    again = TestClient(create_app(database, DIRECTOR))  # a new process reads them back
    assert [r["text"] for r in view(again, table, seats["E"])["explanations"]] == [SECRET]
    assert view(again, table, seats["S"])["explanations"] == []
