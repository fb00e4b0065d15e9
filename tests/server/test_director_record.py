"""The ruling record through the server: a call answered, a 12C result entered and a disputed
claim ruled each append one entry (Law 81C: the director keeps the record of his rulings), the
engine's rulings of the board with their clause and message among them; the console shows the
Law 70 adjudicator's proposal on a disputed claim; the record as a casebook and a printed page;
the log searched; and the director alone may see any of it.

Expectations come from the Laws: a lead out of turn is Law 54 (the engine's ruling); a weighted
score is 12C1c, an artificial one 12C2; a claim's tricks are never more than claimed (68B1) nor
more than those remaining (70); the 79C and 92B periods are thirty minutes unless the
regulating authority sets others, counted from the record's publication (stored once:
``director_work.publish``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bridgelaw.director.casebook import read_casebook
from bridgelaw.server.app import create_app

from ..api_client import DIRECTOR, act, auth, new_table
from ..session_client import start


@pytest.fixture
def client(tmp_path: Path) -> TestClient:
    return TestClient(create_app(f"sqlite:///{tmp_path / 'tables.db'}", DIRECTOR))


def get(client: TestClient, path: str, token: str = DIRECTOR) -> Any:
    answer = client.get(path, headers=auth(token))
    assert answer.status_code == 200, answer.text
    return answer.json()


def call_and_answer(client: TestClient, table: str, token: str, reason: str, note: str) -> None:
    answer = client.post(f"/api/tables/{table}/calls", json={"reason": reason}, headers=auth(token))
    assert answer.status_code == 200, answer.text
    call = answer.json()["call"]
    answer = client.post(
        f"/api/tables/{table}/calls/{call}/answer", json={"note": note}, headers=auth(DIRECTOR)
    )
    assert answer.status_code == 200, answer.text


def disputed_claim(client: TestClient) -> tuple[str, dict[str, str]]:
    """North declares 1NT, claims 11 of the 12 tricks left; East agrees, West disputes."""
    table, seats = new_table(client)
    for seat, event in [
        ("N", "1NT"),
        ("E", "pass"),
        ("S", "pass"),
        ("W", "pass"),
        ("E", "SJ"),
        ("N", "S6"),
        ("W", "S3"),
        ("N", "SA"),
        ("N", "claim 11"),
        ("E", "agree"),
        ("W", "dispute"),
    ]:
        act(client, table, seats[seat], event)
    return table, seats


def test_a_call_answered_is_an_entry_with_the_engines_rulings(client: TestClient) -> None:
    table, seats = new_table(client)
    for seat, event in [("N", "1NT"), ("E", "pass"), ("S", "pass"), ("W", "pass")]:
        act(client, table, seats[seat], event)
    act(client, table, seats["W"], "S5")  # West leads: East is on lead (54: out of turn)
    act(client, table, seats["N"], "spread")  # declarer spreads his hand: 54A
    call_and_answer(client, table, seats["S"], "lead out of turn", "explained the options (54)")
    record = get(client, f"/api/tables/{table}/record")
    assert record["format"] == "bridgelaw-rulings" and record["session"] == f"table:{table}"
    [entry] = record["entries"]
    assert entry["number"] == 1 and entry["called_by"] == "S" and entry["table_id"] == table
    assert entry["facts"] == [{"by": "S", "text": "lead out of turn", "agreed": False}]
    assert entry["reasoning"] == "explained the options (54)"
    engine = [a for a in entry["applied"] if a["source"] == "engine"]
    assert [a["clause"] for a in engine] == ["54A"]
    assert all('"message"' in a["note"] and '"params"' in a["note"] for a in engine)
    # the casebook's own reader takes the record back without a problem
    again, problems = read_casebook(
        client.get(f"/api/tables/{table}/record", headers=auth(DIRECTOR)).text
    )
    assert problems == [] and len(again) == 1


def test_a_weighted_result_is_an_entry_of_12c1c(client: TestClient) -> None:
    table, _ = new_table(client, board=2)  # board 2: North-South vulnerable (Law 2)
    weighted = [
        {"weight": "2/3", "contract": "4S", "declarer": "N", "tricks": 10},
        {"weight": "1/3", "contract": "4S", "declarer": "N", "tricks": 9},
    ]
    answer = client.post(
        f"/api/tables/{table}/result",
        json={"weighted": weighted, "note": "16B poll"},
        headers=auth(DIRECTOR),
    )
    assert answer.status_code == 200, answer.text
    [entry] = get(client, f"/api/tables/{table}/record")["entries"]
    # Law 77: 4S= vulnerable 620, 4S-1 vulnerable -100, weighted 2/3 and 1/3 (12C1c)
    assert entry["score"]["kind"] == "weighted"
    assert "620" in str(entry["score"]) and "-100" in str(entry["score"])
    assert "12C1c" in entry["clauses"] and entry["reasoning"] == "16B poll"
    found = get(client, "/api/director/log?clause=12C")["rulings"]
    assert [(r["table_id"], r["number"]) for r in found] == [(table, 1)]
    assert get(client, "/api/director/log?clause=16")["rulings"] == []
    # entered again: the new entry supersedes the first, which stays in the record
    answer = client.post(
        f"/api/tables/{table}/result",
        json={"artificial": {"NS": "A+", "EW": "A-"}, "note": "no result could be obtained"},
        headers=auth(DIRECTOR),
    )
    assert answer.status_code == 200, answer.text
    first, second = get(client, f"/api/tables/{table}/record")["entries"]
    assert (first["supersedes"], second["supersedes"]) == (None, 1)
    assert second["score"]["kind"] == "artificial" and "12C2" in str(second["clauses"])


def test_the_console_shows_the_adjudicators_proposal_and_the_ruling_is_recorded(
    client: TestClient,
) -> None:
    table, _ = disputed_claim(client)
    console = get(client, f"/api/tables/{table}/console")
    proposal = console["adjudication"]
    assert proposal is not None
    # of the 12 tricks remaining, never more than the 11 claimed (68B1)
    assert 0 <= proposal["tricks"] <= 11
    assert proposal["law"].startswith("70") and proposal["line"]
    decided = proposal["tricks"] - 1 if proposal["tricks"] else 1  # the director changes it
    act(client, table, DIRECTOR, f"director tricks {decided}")  # of the tricks remaining
    assert get(client, f"/api/tables/{table}/console")["adjudication"] is None  # settled
    [entry] = get(client, f"/api/tables/{table}/record")["entries"]
    judgement = entry["judgement"]
    assert judgement is not None and entry["called_by"] == "N"
    assert "70A" in entry["clauses"]
    assert judgement["proposal"] == proposal and judgement["decided_tricks"] == decided
    # North's side won the first trick with the ace of spades; 12 were left at the claim
    assert (judgement["won_before"], judgement["remaining"]) == (1, 12)


def test_the_printed_record_is_escaped(client: TestClient) -> None:
    table, seats = new_table(client)
    call_and_answer(client, table, seats["E"], "<script>alert(1)</script>", "a & b")
    page = client.get(f"/api/tables/{table}/record.html", headers=auth(DIRECTOR))
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    assert "<script>" not in page.text and "&lt;script&gt;" in page.text
    assert "a &amp; b" in page.text
    pdf = client.get(f"/api/tables/{table}/record.pdf", headers=auth(DIRECTOR))
    assert pdf.status_code == 200 and pdf.content.startswith(b"%PDF")
    assert pdf.headers["content-type"] == "application/pdf"


def test_the_deadlines_say_no_publication_is_stored(client: TestClient) -> None:
    table, _ = new_table(client)
    deadlines = get(client, f"/api/tables/{table}/record")["deadlines"]
    assert deadlines["published"] is None and deadlines["appeal_ends"] is None
    assert deadlines["correction_minutes"] == 30 and deadlines["appeal_minutes"] == 30  # 79C, 92B
    assert "publication" in deadlines["note"]


def test_the_log_searches_by_player_and_table(client: TestClient) -> None:
    first, seats = new_table(client)
    second, others = new_table(client)
    call_and_answer(client, first, seats["W"], "hesitation", "")
    call_and_answer(client, second, others["E"], "revoke", "")
    assert [r["table_id"] for r in get(client, "/api/director/log?player=w")["rulings"]] == [first]
    assert [r["table_id"] for r in get(client, f"/api/director/log?table={second}")["rulings"]] == [
        second
    ]
    assert len(get(client, "/api/director/log")["rulings"]) == 2
    assert get(client, f"/api/director/log?session=table:{first}")["rulings"][0]["called_by"] == "W"


def test_a_hostile_client_gets_a_clear_refusal(client: TestClient) -> None:
    table, seats = new_table(client)
    for path in (
        f"/api/tables/{table}/record",
        f"/api/tables/{table}/record.html",
        "/api/director/log",
    ):
        assert client.get(path).status_code == 401
        assert client.get(path, headers=auth(seats["N"])).status_code == 403
        assert client.get(path, headers=auth("wrong-token")).status_code == 403
    assert client.get("/api/tables/nosuch/record", headers=auth(DIRECTOR)).status_code == 404
    answer = client.get("/api/director/log?clause=" + "1" * 500, headers=auth(DIRECTOR))
    assert answer.status_code == 422 and "clause" in answer.text
    answer = client.get("/api/director/log?clause=%3Cb%3E", headers=auth(DIRECTOR))
    assert answer.status_code == 422
    call = client.post(f"/api/tables/{table}/calls", json={}, headers=auth(seats["N"])).json()
    answer_path = f"/api/tables/{table}/calls/{call['call']}/answer"
    bad = client.post(
        answer_path,
        content=b"{not json",
        headers={**auth(DIRECTOR), "content-type": "application/json"},
    )
    assert bad.status_code == 422
    long = client.post(answer_path, json={"note": "x" * 10_000}, headers=auth(DIRECTOR))
    assert long.status_code == 422 and "note" in long.text
    # nothing was recorded by the refused answers
    assert get(client, f"/api/tables/{table}/record")["entries"] == []


def test_the_record_is_kept_in_either_database(database_url: str) -> None:
    """SQLite and PostgreSQL both: entries numbered within their record, read back whole."""
    client = TestClient(create_app(database_url, DIRECTOR))
    with client:
        table, seats = new_table(client)
        call_and_answer(client, table, seats["N"], "insufficient bid", "27B1")
        call_and_answer(client, table, seats["E"], "", "")
        record = get(client, f"/api/tables/{table}/record")
        assert [e["number"] for e in record["entries"]] == [1, 2]
        assert [e["called_by"] for e in record["entries"]] == ["N", "E"]
        assert [r["number"] for r in get(client, "/api/director/log?player=n")["rulings"]] == [1]


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    st.dictionaries(
        st.sampled_from(["clause", "table", "player", "session", "other"]),
        st.text(max_size=120),
        max_size=4,
    )
)
def test_any_log_query_is_answered_or_refused_clearly(
    client: TestClient, query: dict[str, str]
) -> None:
    answer = client.get("/api/director/log", params=query, headers=auth(DIRECTOR))
    assert answer.status_code in (200, 422), answer.text
    if answer.status_code == 422:
        assert any(name in answer.text for name in query), answer.text
    else:
        assert answer.json()["rulings"] == []  # nothing recorded yet


def test_the_director_changes_the_proposal_with_his_reasoning(client: TestClient) -> None:
    table, seats = disputed_claim(client)
    proposal = get(client, f"/api/tables/{table}/console")["adjudication"]
    path = f"/api/tables/{table}/claim"
    refused = client.post(path, json={"tricks": 13}, headers=auth(DIRECTOR))
    assert refused.status_code == 422 and "12 remaining" in refused.text  # 12 were left
    assert client.post(path, json={}, headers=auth(seats["W"])).status_code == 403
    changed = 2 if proposal["tricks"] != 2 else 3
    answer = client.post(
        path,
        json={"tricks": changed, "reasoning": "the club finesse is normal"},
        headers=auth(DIRECTOR),
    )
    assert answer.status_code == 200, answer.text
    body = answer.json()
    # North declares and claims: his side gets the 1 trick won before and the tricks decided
    assert body["view"]["phase"] == "ended" and body["view"]["tricks"] == 1 + changed
    judgement = body["entry"]["judgement"]
    assert judgement["decided_tricks"] == changed and judgement["proposal"] == proposal
    assert body["entry"]["reasoning"] == "the club finesse is normal"
    again = client.post(path, json={}, headers=auth(DIRECTOR))
    assert again.status_code == 409 and "no disputed claim" in again.text
    assert len(get(client, f"/api/tables/{table}/record")["entries"]) == 1


def test_the_director_accepts_the_proposal(client: TestClient) -> None:
    table, _ = disputed_claim(client)
    proposal = get(client, f"/api/tables/{table}/console")["adjudication"]
    answer = client.post(f"/api/tables/{table}/claim", json={}, headers=auth(DIRECTOR))
    assert answer.status_code == 200, answer.text
    assert answer.json()["view"]["tricks"] == 1 + proposal["tricks"]
    assert answer.json()["entry"]["judgement"]["decided_tricks"] == proposal["tricks"]


def test_a_sessions_tables_share_its_record(tmp_path: Path) -> None:
    app = create_app(f"sqlite:///{tmp_path / 'session.db'}", DIRECTOR)
    app.state.limits.rate, app.state.limits.burst = 1e6, 10**6  # not under test here
    small = {"kind": "mitchell", "tables": 3, "rounds": 2, "boards_per_round": 1}
    with TestClient(app) as client:
        started = start(client, movement=small, play="law", robots=["1:2", "2", "3", "4", "5", "6"])
        session, me = started["session"], started["players"]["1"][0]
        table = client.get(f"/api/sessions/{session}", headers=auth(me)).json()["you"]["next"]
        entered = client.post(
            f"/api/tables/{table}/result",
            json={"ns_score": 420, "note": "12C1a after misinformation"},
            headers=auth(DIRECTOR),
        )
        assert entered.status_code == 200, entered.text
        record = get(client, f"/api/tables/{table}/record")
        assert record["session"] == session
        [entry] = record["entries"]
        assert entry["table_id"] == table and entry["score"]["kind"] == "assigned"
        found = get(client, f"/api/director/log?session={session}&clause=12C")["rulings"]
        assert [(r["record"], r["table_id"]) for r in found] == [(session, table)]
