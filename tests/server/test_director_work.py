"""The director's work after a ruling, through the server: a poll of peers built from the table
(16B1b) and the 12C1c score it leads to, the publication of the results with the correction
(79C) and appeal (92B) periods counted from it, and an appeal decided (92-93).

Expectations come from the Laws and the deal, worked out by hand: on board 1 (dealer North,
nobody vulnerable, Law 2) after North's 1NT, East holds JT9.AJT.KQJ4.A54; 1NT making 8 tricks
scores 90 + 30 = 120 for North-South, 1NT doubled making 7 tricks 80 + 50 (the insult) + 50
(part score) = 180 (Law 77); weighted 2/3 and 1/3 they are worth 80 + 60 = 140 (12C1c).
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import update
from sqlalchemy.orm import Session

from bridgelaw.server.app import create_app
from bridgelaw.server.db import open_database
from bridgelaw.server.director_work import server_periods
from bridgelaw.server.models import PublicationRow

from ..api_client import DEAL, DIRECTOR, act, auth, new_table
from ..session_client import start
from .support import pdf_text

ONE_NT = {"contract": "1NT", "declarer": "N", "tricks": 8}
DOUBLED = {"contract": "1NTX", "declarer": "N", "tricks": 7}


@pytest.fixture
def client(tmp_path: Path) -> TestClient:
    return TestClient(create_app(f"sqlite:///{tmp_path / 'tables.db'}", DIRECTOR))


def post(client: TestClient, path: str, body: Any, token: str = DIRECTOR) -> Any:
    answer = client.post(path, json=body, headers=auth(token))
    assert answer.status_code == 200, answer.text
    return answer.json()


def get(client: TestClient, path: str, token: str = DIRECTOR) -> Any:
    answer = client.get(path, headers=auth(token))
    assert answer.status_code == 200, answer.text
    return answer.json()


def called(client: TestClient) -> tuple[str, dict[str, str]]:
    """North opens 1NT; East passes after a pause, South calls the director: entry 1."""
    table, seats = new_table(client)
    act(client, table, seats["N"], "1NT")
    call = post(client, f"/api/tables/{table}/calls", {"reason": "East paused"}, seats["S"])
    post(client, f"/api/tables/{table}/calls/{call['call']}/answer", {"note": "16B: poll"})
    return table, seats


def answered_poll(client: TestClient, table: str) -> tuple[int, list[dict[str, str]]]:
    made = post(
        client,
        f"/api/tables/{table}/polls",
        {"entry": 1, "calls": 1, "peers": ["Ann", "Bob", "Cy", "Di"]},
    )
    links = made["links"]
    answers = [("pass", []), ("pass", ["X"]), ("X", []), ("pass", [])]
    for link, (call, considered) in zip(links, answers, strict=True):
        body = {"would_call": call, "seriously_considered": considered}
        post(client, f"/api/polls/{made['poll']}/answer", body, link["token"])
    return made["poll"], links


def test_a_poll_asks_the_players_question_without_the_information(client: TestClient) -> None:
    table, _ = called(client)
    made = post(client, f"/api/tables/{table}/polls", {"entry": 1, "calls": 1, "peers": ["Ann"]})
    [link] = made["links"]
    assert link["url"] == f"/poll/{made['poll']}#token={link['token']}"
    seen = get(client, f"/api/polls/{made['poll']}", link["token"])
    # East to call after 1NT: his hand, dealer North, nobody vulnerable on board 1 (Law 2)
    assert seen["question"] == {
        "hand": "JT9.AJT.KQJ4.A54",
        "dealer": "N",
        "vulnerable": "none",
        "auction": ["1NT"],
        "notes": "",
        "seat": "E",
    }
    assert "East paused" not in str(seen)  # the unauthorized information is not shown (16B)
    assert seen["answer"] is None and "peers" not in seen  # a peer never sees the others


def test_the_answers_give_the_alternatives_and_weights_at_one_in_five(client: TestClient) -> None:
    table, _ = called(client)
    poll, _ = answered_poll(client, table)
    view = get(client, f"/api/polls/{poll}")
    # chose or seriously considered: pass 3 of 4, X 2 of 4; both reach one in five (16B1b)
    assert view["support"] == {"pass": "3/4", "X": "1/2"}
    assert view["logical_alternatives"] == ["pass", "X"]
    assert view["proposed_weights"] == {"pass": "3/4", "X": "1/4"}  # by who chose each
    assert view["threshold"]["share"] == "1/5"
    # leaving out the call the information suggested (12C1c: only legal outcomes)
    assert get(client, f"/api/polls/{poll}?excluding=X")["proposed_weights"] == {"pass": "1"}


def test_a_higher_threshold_leaves_out_a_call_few_considered(client: TestClient) -> None:
    table, _ = called(client)
    made = post(
        client,
        f"/api/tables/{table}/polls",
        {"entry": 1, "calls": 1, "peers": ["A", "B", "C", "D", "E"], "threshold": "2/5"},
    )
    for link, call in zip(made["links"], ["pass", "pass", "pass", "pass", "X"], strict=True):
        post(client, f"/api/polls/{made['poll']}/answer", {"would_call": call}, link["token"])
    # X: 1 of 5, under two in five: not a logical alternative
    assert get(client, f"/api/polls/{made['poll']}")["logical_alternatives"] == ["pass"]


def test_the_director_changes_the_weights_and_the_score_is_entered(client: TestClient) -> None:
    table, _ = called(client)
    poll, _ = answered_poll(client, table)
    path = f"/api/polls/{poll}/score"
    outcomes = {"pass": ONE_NT, "X": DOUBLED}
    unexplained = client.post(
        path,
        json={"outcomes": outcomes, "weights": {"pass": "2/3", "X": "1/3"}},
        headers=auth(DIRECTOR),
    )
    assert unexplained.status_code == 422 and "reason" in unexplained.text
    unsound = client.post(
        path,
        json={"outcomes": outcomes, "weights": {"pass": "2/3", "X": "2/3"}, "reason": "r"},
        headers=auth(DIRECTOR),
    )
    assert unsound.status_code == 422 and "sum" in unsound.text  # 12C1c: they sum to 1
    missing = client.post(path, json={"outcomes": {"pass": ONE_NT}}, headers=auth(DIRECTOR))
    assert missing.status_code == 422 and "X" in missing.text
    body = {
        "outcomes": outcomes,
        "weights": {"pass": "2/3", "X": "1/3"},
        "reason": "a double is likelier with 15 points",
    }
    post(client, path, body)
    [_, entry] = get(client, f"/api/tables/{table}/record")["entries"]
    assert entry["score"]["kind"] == "weighted"
    assert entry["score"]["ns"]["points"] == [[120, "2/3"], [180, "1/3"]]
    assert {"16B1b", "12C1c"} <= set(entry["clauses"])
    assert "proposed pass 3/4, X 1/4" in entry["reasoning"]
    result = get(client, f"/api/tables/{table}/result")
    assert "140" in str(result)  # 2/3 x 120 + 1/3 x 180 (12C1c)


def test_a_poll_refuses_hostile_clients_clearly(client: TestClient) -> None:
    table, seats = called(client)
    other, _ = new_table(client)
    path = f"/api/tables/{table}/polls"
    for body, status in [
        ({"entry": 1, "calls": 5, "peers": ["A"]}, 422),  # the auction has one call
        ({"entry": 2, "calls": 1, "peers": ["A"]}, 404),  # no such ruling
        ({"entry": 1, "calls": 1, "peers": ["A", "A"]}, 422),
        ({"entry": 1, "calls": 1, "peers": []}, 422),
        ({"entry": 1, "calls": 1, "peers": ["A"], "threshold": "1/0"}, 422),
        ({"entry": 1, "calls": 1, "peers": ["A"], "threshold": "6/5"}, 422),
        ({"entry": "x", "calls": 1, "peers": ["A"]}, 422),
    ]:
        answer = client.post(path, json=body, headers=auth(DIRECTOR))
        assert answer.status_code == status, (body, answer.text)
    no_ruling = {"entry": 1, "calls": 0, "peers": ["A"]}
    answer = client.post(f"/api/tables/{other}/polls", json=no_ruling, headers=auth(DIRECTOR))
    assert answer.status_code == 404  # entry 1 is the other table's
    assert client.post(path, json=no_ruling, headers=auth(seats["N"])).status_code == 403
    made = post(client, path, {"entry": 1, "calls": 1, "peers": ["A", "B"]})
    poll, token = made["poll"], made["links"][0]["token"]
    answer_path = f"/api/polls/{poll}/answer"
    hostile: list[tuple[dict[str, Any], int, str]] = [
        ({"would_call": "8NT"}, 422, token),  # Law 38: no bid above seven
        ({"would_call": "pass", "seriously_considered": ["zz"]}, 422, token),
        ({"would_call": "pass"}, 403, "not-a-token"),
        ({"would_call": "pass"}, 403, DIRECTOR),
        ({"would_call": ""}, 403, DIRECTOR),  # who asks first, then what he sends
        ({"would_call": ""}, 401, ""),
    ]
    for peer_body, status, who in hostile:
        answer = client.post(answer_path, json=peer_body, headers=auth(who) if who else {})
        assert answer.status_code == status, (peer_body, answer.text)
    post(client, answer_path, {"would_call": "pass"}, token)
    again = client.post(answer_path, json={"would_call": "X"}, headers=auth(token))
    assert again.status_code == 409  # an answer is never changed
    assert client.get("/api/polls/999", headers=auth(DIRECTOR)).status_code == 404
    assert client.get(f"/api/polls/{poll}").status_code == 401
    excluding = f"/api/polls/{poll}?excluding=123456789"
    assert client.get(excluding, headers=auth("not-a-token")).status_code == 403
    assert client.get(excluding, headers=auth(token)).status_code == 422
    assert client.get("/api/polls/999", headers=auth(token)).status_code == 404
    assert client.get("/api/polls/-1", headers=auth(DIRECTOR)).status_code == 422
    score = client.post(
        f"/api/polls/{poll}/score", json={"outcomes": {"pass": {"x": 1}}}, headers=auth(DIRECTOR)
    )
    assert score.status_code == 422


def backdate(url: str, record: str, minutes: int, seconds: int = 0) -> None:
    """The publication moved into the past (the periods have run in the test)."""
    engine = open_database(url)
    ago = timedelta(minutes=minutes, seconds=seconds)
    with Session(engine) as session, session.begin():
        session.execute(
            update(PublicationRow)
            .where(PublicationRow.record == record)
            .values(published=datetime.now(UTC) - ago)
        )
    engine.dispose()


def test_the_servers_own_periods_are_shown_and_enforced_at_their_ends(tmp_path: Path) -> None:
    """A regulating authority's periods (79C1 and 92B let it set others than thirty minutes):
    the server started with 10 and 45 minutes. Shown before and after publication; a
    correction a few seconds before the 10 minutes end needs no note, one a second after does
    (79C2); an appeal a few seconds before the 45 minutes end is lodged, one after is not."""
    url = f"sqlite:///{tmp_path / 'tables.db'}"
    periods = server_periods(10, 45)
    client = TestClient(create_app(url, DIRECTOR, periods=periods))
    table, _ = called(client)
    before = get(client, f"/api/tables/{table}/record")["deadlines"]
    assert (before["correction_minutes"], before["appeal_minutes"]) == (10, 45)
    assert before["published"] is None and "10 and 45 minutes" in before["source"]
    published = post(client, f"/api/tables/{table}/publish", {})
    start_at = datetime.fromisoformat(published["published"])
    assert datetime.fromisoformat(published["correction_ends"]) - start_at == timedelta(minutes=10)
    assert datetime.fromisoformat(published["appeal_ends"]) - start_at == timedelta(minutes=45)
    page = client.get(f"/api/tables/{table}/record.html", headers=auth(DIRECTOR)).text
    assert published["correction_ends"] in page and published["appeal_ends"] in page
    backdate(url, f"table:{table}", 9, 55)  # five seconds left of 79C1's period
    post(client, f"/api/tables/{table}/result", {"ns_score": 120})
    backdate(url, f"table:{table}", 10, 1)
    late = client.post(
        f"/api/tables/{table}/result", json={"ns_score": 150}, headers=auth(DIRECTOR)
    )
    assert late.status_code == 409 and late.json()["law"] == "79C2"
    appeal = {
        "against": 1,
        "appellant": "EW",
        "grounds": [{"kind": "judgement", "text": "no logical alternative"}],
        "heard_by": "reviewer",
    }
    # (the late one first: moving the publication back makes any appeal lodged before late)
    backdate(url, f"table:{table}", 45, 1)
    late_appeal = client.post(f"/api/tables/{table}/appeals", json=appeal, headers=auth(DIRECTOR))
    assert late_appeal.status_code == 409 and late_appeal.json()["law"] == "92B"
    backdate(url, f"table:{table}", 44, 55)  # five seconds left of 92B's period
    assert post(client, f"/api/tables/{table}/appeals", appeal)["appeal"] == 1


@pytest.mark.parametrize("minutes", [-1, 14401, "30", True, 1.5])
def test_a_sessions_appeal_period_is_checked(client: TestClient, minutes: object) -> None:
    small = {"kind": "mitchell", "tables": 3, "rounds": 2, "boards_per_round": 1}
    body = {"movement": small, "appeal_minutes": minutes}
    answer = client.post("/api/sessions", json=body, headers=auth(DIRECTOR))
    assert answer.status_code == 422 and "appeal_minutes" in answer.text


def test_the_periods_run_from_publication_and_a_late_correction_needs_a_note(
    tmp_path: Path,
) -> None:
    url = f"sqlite:///{tmp_path / 'tables.db'}"
    client = TestClient(create_app(url, DIRECTOR))
    table, _ = called(client)
    published = post(client, f"/api/tables/{table}/publish", {})
    assert published["correction_ends"] and published["appeal_ends"]
    again = client.post(f"/api/tables/{table}/publish", headers=auth(DIRECTOR))
    assert again.status_code == 409  # the periods already run from the first
    deadlines = get(client, f"/api/tables/{table}/record")["deadlines"]
    start_at = datetime.fromisoformat(deadlines["published"])
    # 79C1 and 92B: thirty minutes from publication unless the authority sets others
    assert datetime.fromisoformat(deadlines["correction_ends"]) - start_at == timedelta(minutes=30)
    assert datetime.fromisoformat(deadlines["appeal_ends"]) - start_at == timedelta(minutes=30)
    post(client, f"/api/tables/{table}/result", {"ns_score": 120})  # in time: no note needed
    backdate(url, f"table:{table}", 31)
    late = client.post(
        f"/api/tables/{table}/result", json={"ns_score": 150}, headers=auth(DIRECTOR)
    )
    assert late.status_code == 409 and late.json()["law"] == "79C2"
    post(client, f"/api/tables/{table}/result", {"ns_score": 150, "note": "scorer's slip"})
    # a poll's score after the period: the server's own note is not the director's (79C2)
    poll, _ = answered_poll(client, table)
    outcomes = {"outcomes": {"pass": ONE_NT, "X": DOUBLED}}
    late_poll = client.post(f"/api/polls/{poll}/score", json=outcomes, headers=auth(DIRECTOR))
    assert late_poll.status_code == 409 and late_poll.json()["law"] == "79C2"
    post(client, f"/api/polls/{poll}/score", {**outcomes, "reason": "the poll came late"})
    appeal = {
        "against": 2,
        "appellant": "EW",
        "grounds": [{"kind": "judgement", "text": "no logical alternative"}],
        "heard_by": "reviewer",
    }
    late_appeal = client.post(f"/api/tables/{table}/appeals", json=appeal, headers=auth(DIRECTOR))
    assert late_appeal.status_code == 409 and late_appeal.json()["law"] == "92B"


def test_an_appeal_is_decided_and_its_score_supersedes_the_ruling(client: TestClient) -> None:
    table, seats = called(client)
    post(client, f"/api/tables/{table}/result", {"ns_score": 180, "note": "12C1a"})
    appeal = {
        "against": 2,
        "appellant": "North-South",
        "grounds": [
            {"kind": "law", "text": "16B does not apply after an agreed pause"},
            {"kind": "judgement", "text": "pass was the only logical alternative"},
        ],
        "heard_by": "committee",
        "members": ["A", "B", "C"],
        "deposit": {"amount": "20", "currency": "EUR"},
    }
    path = f"/api/tables/{table}/appeals"
    assert client.post(path, json=appeal, headers=auth(seats["N"])).status_code == 403
    bad = client.post(path, json={**appeal, "grounds": []}, headers=auth(DIRECTOR))
    assert bad.status_code == 422  # 92A: an appeal has its grounds
    unknown = client.post(path, json={**appeal, "against": 9}, headers=auth(DIRECTOR))
    assert unknown.status_code == 404
    lodged = post(client, path, appeal)
    assert lodged["appeal"] == 1 and lodged["deposit"] == {"amount": "20", "currency": "EUR"}
    decision_path = f"{path}/1/decision"
    on_law = {"by": "committee", "reasoning": "r", "result": {"ns_score": 120}, "changed_on": 0}
    refused = client.post(decision_path, json=on_law, headers=auth(DIRECTOR))
    # 93B3: the committee may not overrule the director on a point of law
    assert refused.status_code == 409 and refused.json()["law"] == "93B3"
    decided = post(
        client,
        decision_path,
        {
            "by": "committee",
            "reasoning": "pass was the only logical alternative",
            "result": {"ns_score": 120},
            "changed_on": 1,
            "deposit_returned": True,
        },
    )
    assert decided["entry"] == 3
    again = client.post(decision_path, json=on_law, headers=auth(DIRECTOR))
    assert again.status_code == 409  # decided once
    record = get(client, f"/api/tables/{table}/record")
    ruling, changed = record["entries"][1], record["entries"][2]
    assert ruling["superseded_by"] == 3 and changed["supersedes"] == 2
    assert changed["score"]["kind"] == "assigned" and "93B3" in changed["clauses"]
    assert record["appeals"][0]["decision"]["entry"] == 3
    assert get(client, f"/api/tables/{table}/result")["result"]["entry"]["ns_score"] == 120


def test_a_poll_score_goes_into_the_sessions_ranking(tmp_path: Path) -> None:
    app = create_app(f"sqlite:///{tmp_path / 'session.db'}", DIRECTOR)
    app.state.limits.rate, app.state.limits.burst = 1e6, 10**6  # not under test here
    small = {"kind": "mitchell", "tables": 3, "rounds": 2, "boards_per_round": 1}
    with TestClient(app) as client:
        started = start(client, movement=small, play="law", robots=["1:2", "2", "3", "4", "5", "6"])
        session, me = started["session"], started["players"]["1"][0]
        table = client.get(f"/api/sessions/{session}", headers=auth(me)).json()["you"]["next"]
        post(client, f"/api/tables/{table}/result", {"ns_score": 400, "note": "12C1a"})
        made = post(
            client,
            f"/api/tables/{table}/polls",
            {"entry": 1, "calls": 0, "peers": ["A", "B", "C", "D"]},
        )
        for link, call in zip(made["links"], ["1NT", "1NT", "1NT", "pass"], strict=True):
            post(client, f"/api/polls/{made['poll']}/answer", {"would_call": call}, link["token"])
        outcomes = {"1NT": {"ns_score": 120}, "pass": {"ns_score": 0}}
        post(client, f"/api/polls/{made['poll']}/score", {"outcomes": outcomes})
        results = client.get(f"/api/sessions/{session}/results.json").json()["results"]
        weighted = [r for r in results if "weighted" in r]
        assert len(weighted) == 1
        assert sorted((w["weight"], w["ns_score"]) for w in weighted[0]["weighted"]) == [
            ("1/4", 0),
            ("3/4", 120),
        ]
        record = get(client, f"/api/sessions/{session}/record")
        assert record["session"] == session and len(record["entries"]) == 2
        assert record["polls"][0]["answered"] == 4
        page = client.get(f"/api/sessions/{session}/record.html", headers=auth(DIRECTOR))
        assert page.status_code == 200 and "12C1c" in page.text
        pdf = client.get(f"/api/sessions/{session}/record.pdf?lang=pl", headers=auth(DIRECTOR))
        assert pdf.status_code == 200 and pdf.headers["content-type"] == "application/pdf"
        printed = " ".join(pdf_text(pdf.content).split())  # read back by pypdf
        assert "Rejestr orzeczeń" in printed and "12C1c" in printed
        assert "ważony zapisowy wynik rozjemczy" in printed  # 12C1c, in the Polish terms
        assert "Orzeczenie 2" in printed and "ankieta 1: 4 ankietowanych" in printed
        post(client, f"/api/sessions/{session}/publish", {})
        assert get(client, f"/api/sessions/{session}/record")["deadlines"]["published"]
        assert client.get(f"/api/sessions/{session}/record").status_code == 401


def test_a_sessions_correction_after_publication_needs_the_directors_note(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'session.db'}"
    app = create_app(url, DIRECTOR, periods=server_periods(None, 40))
    app.state.limits.rate, app.state.limits.burst = 1e6, 10**6  # not under test here
    small = {"kind": "mitchell", "tables": 3, "rounds": 2, "boards_per_round": 1}
    deals = "".join(f'[Board "{b}"]\n[Deal "{DEAL}"]\n\n' for b in range(1, 4))
    with TestClient(app) as client:
        # the organiser's correction period: ten minutes (79C1); the appeal period (92B) is
        # the server's default, forty minutes, as the session sets none; another session
        # sets its own
        other = start(client, movement=small, deals=deals, play="results", appeal_minutes=50)
        other_deadlines = get(client, f"/api/sessions/{other['session']}/record")["deadlines"]
        assert (other_deadlines["correction_minutes"], other_deadlines["appeal_minutes"]) == (
            30,
            50,
        )
        night = start(client, movement=small, deals=deals, play="results", correction_minutes=10)
        session = night["session"]
        entry = {"round": 1, "board": 1, "contract": "1NT", "declarer": "N", "tricks": 8}
        first = post(client, f"/api/sessions/{session}/results", entry, night["tables"]["1"])
        published = post(client, f"/api/sessions/{session}/publish", {})
        start_at = datetime.fromisoformat(published["published"])
        assert datetime.fromisoformat(published["correction_ends"]) - start_at == timedelta(
            minutes=10
        )
        assert datetime.fromisoformat(published["appeal_ends"]) - start_at == timedelta(minutes=40)
        correction = {"supersedes": first["result"], "ns_score": 150}
        post(client, f"/api/sessions/{session}/results", correction)  # within 79C1
        backdate(url, session, 11)
        second = str(int(first["result"]) + 1)
        late = client.post(
            f"/api/sessions/{session}/results",
            json={"supersedes": second, "ns_score": 120},
            headers=auth(DIRECTOR),
        )
        assert late.status_code == 409 and late.json()["law"] == "79C2"
        noted = {"supersedes": second, "ns_score": 120, "note": "the scorer's slip is certain"}
        post(client, f"/api/sessions/{session}/results", noted)


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-(10**12), 10**12) | st.text(max_size=30),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)
FIELDS = [
    "entry",
    "calls",
    "peers",
    "threshold",
    "notes",
    "would_call",
    "seriously_considered",
    "outcomes",
    "weights",
    "excluding",
    "reason",
    "against",
    "appellant",
    "grounds",
    "heard_by",
    "members",
    "deposit",
    "by",
    "reasoning",
    "result",
    "changed_on",
]


@pytest.fixture(scope="module")
def prepared(tmp_path_factory: pytest.TempPathFactory) -> tuple[TestClient, str, int, str]:
    """One table with a ruling, a poll with one peer, an appeal: what the fuzzing aims at."""
    folder = tmp_path_factory.mktemp("fuzz")
    client = TestClient(create_app(f"sqlite:///{folder / 'tables.db'}", DIRECTOR))
    table, _ = called(client)
    made = post(client, f"/api/tables/{table}/polls", {"entry": 1, "calls": 1, "peers": ["A"]})
    appeal = {
        "against": 1,
        "appellant": "EW",
        "grounds": [{"kind": "judgement", "text": "t"}],
        "heard_by": "reviewer",
    }
    post(client, f"/api/tables/{table}/appeals", appeal)
    return client, table, made["poll"], made["links"][0]["token"]


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    st.sampled_from(["polls", "answer", "score", "appeals", "decision"]),
    st.dictionaries(st.sampled_from(FIELDS), JSON, max_size=6) | JSON,
)
def test_any_body_is_answered_or_refused_clearly(
    prepared: tuple[TestClient, str, int, str], route: str, body: object
) -> None:
    client, table, poll, token = prepared
    path, who = {
        "polls": (f"/api/tables/{table}/polls", DIRECTOR),
        "answer": (f"/api/polls/{poll}/answer", token),
        "score": (f"/api/polls/{poll}/score", DIRECTOR),
        "appeals": (f"/api/tables/{table}/appeals", DIRECTOR),
        "decision": (f"/api/tables/{table}/appeals/1/decision", DIRECTOR),
    }[route]
    answer = client.post(path, json=body, headers=auth(who))
    # never a traceback: done, or refused with a sentence (FastAPI's 422 names the field)
    assert answer.status_code in (200, 404, 409, 422), answer.text
    if answer.status_code != 200:
        assert answer.json().get("error") or answer.json().get("detail"), answer.text


def test_the_poll_and_the_appeal_are_kept_in_either_database(database_url: str) -> None:
    """SQLite and PostgreSQL both: the poll's answers, the publication, the appeal's entry."""
    with TestClient(create_app(database_url, DIRECTOR)) as client:
        table, _ = called(client)
        poll, _ = answered_poll(client, table)
        assert get(client, f"/api/polls/{poll}")["proposed_weights"] == {"pass": "3/4", "X": "1/4"}
        post(client, f"/api/polls/{poll}/score", {"outcomes": {"pass": ONE_NT, "X": DOUBLED}})
        post(client, f"/api/tables/{table}/publish", {})
        appeal = {
            "against": 2,
            "appellant": "EW",
            "grounds": [{"kind": "judgement", "text": "pass only"}],
            "heard_by": "director in charge",
        }
        post(client, f"/api/tables/{table}/appeals", appeal)
        decision = {
            "by": "TD in charge",
            "reasoning": "pass only",
            "changed_on": 0,
            "result": {"ns_score": 120},
        }
        assert post(client, f"/api/tables/{table}/appeals/1/decision", decision)["entry"] == 3
        record = get(client, f"/api/tables/{table}/record")
        assert [e["supersedes"] for e in record["entries"]] == [None, None, 2]
        assert "93A" in record["entries"][2]["clauses"]  # the director in charge hears it
        assert record["deadlines"]["published"] is not None
        assert record["polls"] == [
            {"poll": poll, "entry": 1, "table_id": table, "asked": 4, "answered": 4}
        ]


def test_the_pages_are_served_with_their_headers(client: TestClient) -> None:
    page = client.get("/poll/12")
    assert page.status_code == 200 and "A bidding problem" in page.text
    assert "script-src 'self'" in page.headers["content-security-policy"]  # no inline script
    assert client.get("/poll/12abc").status_code == 404
    assert client.get("/poll/" + "9" * 12).status_code == 404
    script = client.get("/static/poll/poll.js")
    assert script.status_code == 200 and "javascript" in script.headers["content-type"]
    work = client.get("/director/work.js")
    assert work.status_code == 200 and "directorWork" in work.text
    assert client.get("/static/session/session-record.js").status_code == 200


@pytest.mark.parametrize(
    ("lang", "words"),
    [("en", "no poll 999"), ("pl", "nie ma ankiety 999"), ("hu", "nincs 999 megkérdezés")],
)
def test_the_director_works_refusals_come_in_the_askers_language(
    client: TestClient, lang: str, words: str
) -> None:
    """A refusal of the director's work (here a poll that does not exist) is a phrase said:
    its words in the language of ``Accept-Language``, the status as before."""
    answer = client.get("/api/polls/999", headers={**auth(DIRECTOR), "accept-language": lang})
    assert answer.status_code == 404
    assert answer.json()["error"] == words


def test_a_polls_problem_is_in_the_directors_language(client: TestClient) -> None:
    """What the poll cannot give yet comes in the director's language: before any answer
    (nobody has answered), and once every peer chose the one call the information suggested
    (no alternative to weight: the poll's own refusal under its field)."""
    table, _ = called(client)
    made = post(client, f"/api/tables/{table}/polls", {"entry": 1, "calls": 1, "peers": ["Ann"]})
    path = f"/api/polls/{made['poll']}"
    assert get(client, path)["problem"] == "nobody has answered yet"
    assert get(client, f"{path}?lang=pl")["problem"] == "nikt jeszcze nie odpowiedział"
    [link] = made["links"]
    post(client, f"{path}/answer", {"would_call": "X", "seriously_considered": []}, link["token"])
    english = get(client, f"{path}?excluding=X")["problem"]
    assert english == "answers: no peer chose a logical alternative that may be weighted"
    polish = get(client, f"{path}?excluding=X&lang=pl")["problem"]
    assert polish.startswith("answers: ") and "logicznej alternatywy" in polish
