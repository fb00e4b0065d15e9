"""What the pages of a club night add to the server (``server/session_pages.py``): the score
preview, the director's view of every board of the round, and the pages served with the table
page's security headers; on SQLite and on PostgreSQL.

The expected scores come from Law 77 with the vulnerability Law 2 prints on each board (board 1
nobody, board 2 North-South, board 3 East-West, board 4 both), worked out by hand here.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from bridgelaw.server.app import create_app
from tests.api_client import DEAL, DIRECTOR, auth
from tests.session_client import start

# N AKQ2.KQ2.A32.K32, E JT9.AJT.KQJ4.A54, S 876.9876.T98.QJ9, W 543.543.765.T876 on every board
DEALS = "".join(f'[Board "{b}"]\n[Deal "{DEAL}"]\n\n' for b in range(1, 7))
MITCHELL = {"kind": "mitchell", "tables": 3, "rounds": 3, "boards_per_round": 2}


@pytest.fixture
def client(database_url: str) -> Iterator[TestClient]:
    app = create_app(database_url, DIRECTOR)
    app.state.limits.rate, app.state.limits.burst = 1e6, 10**6  # not under test here
    with TestClient(app) as test_client:
        yield test_client


@pytest.fixture
def night(client: TestClient) -> dict[str, Any]:
    """A Mitchell of 3 tables, 2 boards a round: table 1 plays boards 1-2 in round 1, table 2
    boards 3-4, table 3 boards 5-6."""
    return start(client, movement=MITCHELL, deals=DEALS, play="results")


def preview(client: TestClient, session: str, token: str, body: dict[str, Any]) -> Any:
    return client.post(f"/api/sessions/{session}/score-preview", json=body, headers=auth(token))


def director_view(client: TestClient, session: str) -> dict[str, Any]:
    answer = client.get(f"/api/sessions/{session}", headers=auth(DIRECTOR))
    assert answer.status_code == 200, answer.text
    view: dict[str, Any] = answer.json()
    return view


@pytest.mark.parametrize(
    ("table", "board", "result", "ns"),
    [
        # 4♥ made, not vulnerable: 4 x 30 + 300 game bonus (Law 77)
        ("1", 1, {"contract": "4H", "declarer": "S", "tricks": 10}, 420),
        # the same on board 2, North-South vulnerable (Law 2): 120 + 500
        ("1", 2, {"contract": "4H", "declarer": "S", "tricks": 10}, 620),
        # board 3, East-West vulnerable: 3NT by East made, 100 + 500, for East-West
        ("2", 3, {"contract": "3NT", "declarer": "E", "tricks": 9}, -600),
        # board 4, both vulnerable: 1♠ doubled by North one down, 200 to East-West
        ("2", 4, {"contract": "1SX", "declarer": "N", "tricks": 6}, -200),
        # board 3: 2♠ by North with an overtrick, not vulnerable: 60 + 30 + 50 part score
        ("2", 3, {"contract": "2S", "declarer": "N", "tricks": 9}, 140),
        # passed out: no score (Law 22B)
        ("1", 1, {"contract": "passed-out"}, 0),
    ],
)
def test_the_preview_scores_a_table_result_by_law_77_with_law_2s_vulnerability(
    client: TestClient,
    night: dict[str, Any],
    table: str,
    board: int,
    result: dict[str, Any],
    ns: int,
) -> None:
    session = night["session"]
    answer = preview(client, session, night["tables"][table], {"round": 1, "board": board} | result)
    assert answer.status_code == 200, answer.text
    data = answer.json()
    assert data["score"] == {"NS": ns, "EW": -ns}
    assert data["board"] == board and data["table"] == table and data["result"] is None
    assert data["vulnerable"] == {1: "none", 2: "NS", 3: "EW", 4: "both"}[board]
    assert data["dealer"] == "NESW"[(board - 1) % 4]  # Law 2: the dealer rotates
    # nothing stored: the session is as it was
    view = director_view(client, session)
    assert view["version"] == 2 and "entered" not in view["progress"]


def test_a_lead_the_leader_did_not_hold_is_refused_before_it_is_sent(
    client: TestClient, night: dict[str, Any]
) -> None:
    session, device = night["session"], night["tables"]["1"]
    four_hearts = {"round": 1, "board": 1, "contract": "4H", "declarer": "S", "tricks": 10}
    # West, South's left-hand opponent, leads (41A); West held ♠5, North held ♠A
    held = preview(client, session, device, four_hearts | {"lead": "S5"})
    assert held.status_code == 200 and held.json()["score"] == {"NS": 420, "EW": -420}
    refused = preview(client, session, device, four_hearts | {"lead": "SA"})
    assert refused.status_code == 422
    assert refused.json()["law"] == "41A" and "West" in refused.json()["error"]
    # exactly what the entry itself answers
    entered = client.post(
        f"/api/sessions/{session}/results", json=four_hearts | {"lead": "SA"}, headers=auth(device)
    )
    assert entered.status_code == 422 and entered.json() == refused.json()


def test_the_preview_checks_the_board_and_the_token_as_the_entry_does(
    client: TestClient, night: dict[str, Any]
) -> None:
    session, tables = night["session"], night["tables"]
    body = {"round": 1, "board": 1, "contract": "4H", "declarer": "S", "tricks": 10}
    # board 1 is table 1's in round 1, not table 2's
    assert preview(client, session, tables["2"], body).status_code == 422
    # table 1 naming table 2
    assert preview(client, session, tables["1"], body | {"table": "2"}).status_code == 403
    # round 2 has not started (Law 8A1)
    later = preview(client, session, tables["1"], body | {"round": 2, "board": 3})
    assert later.status_code == 422 and "8A1" in later.json()["error"]
    # an adjusted score is the director's (Law 12)
    adjusted = {"round": 1, "board": 1, "artificial": {"NS": "A+", "EW": "A-"}}
    assert preview(client, session, tables["1"], adjusted).json()["law"] == "12"
    # a player, and nobody, may not ask
    assert preview(client, session, night["players"]["1"][0], body).status_code == 403
    no_token = client.post(f"/api/sessions/{session}/score-preview", json=body)
    assert no_token.status_code == 401
    # an impossible result: 14 tricks
    assert preview(client, session, tables["1"], body | {"tricks": 14}).status_code == 422
    # a body that is not an object, or not JSON
    bad = client.post(
        f"/api/sessions/{session}/score-preview", content=b"[1]", headers=auth(tables["1"])
    )
    assert bad.status_code == 422
    bad = client.post(
        f"/api/sessions/{session}/score-preview", content=b"{x", headers=auth(tables["1"])
    )
    assert bad.status_code == 422
    missing = client.post("/api/sessions/nosuch/score-preview", json=body, headers=auth(DIRECTOR))
    assert missing.status_code == 404


def test_a_result_entered_is_shown_with_its_score_to_the_side_that_accepts_it(
    client: TestClient, night: dict[str, Any]
) -> None:
    session, tables = night["session"], night["tables"]
    body = {"round": 1, "board": 2, "contract": "3NT", "declarer": "N", "tricks": 8}
    entered = client.post(f"/api/sessions/{session}/results", json=body, headers=auth(tables["1"]))
    number = entered.json()["result"]
    # board 2, North-South vulnerable: one down, 100 to East-West (Law 77)
    shown = preview(client, session, tables["1"], {"result": number})
    assert shown.status_code == 200, shown.text
    assert shown.json()["score"] == {"NS": -100, "EW": 100}
    assert shown.json()["result"] == number and shown.json()["text"] == "3NT N -1"
    # another table's device may not read it; the director may
    assert preview(client, session, tables["2"], {"result": number}).status_code == 403
    assert preview(client, session, DIRECTOR, {"result": number}).status_code == 200
    assert preview(client, session, DIRECTOR, {"result": "99"}).status_code == 404
    assert preview(client, session, DIRECTOR, {"result": "x"}).status_code == 422
    # the table may not enter the board again: the preview says so too (409)
    again = preview(client, session, tables["1"], body | {"tricks": 9})
    assert again.status_code == 409


def test_the_director_previews_an_adjusted_score_and_a_correction(
    client: TestClient, night: dict[str, Any]
) -> None:
    session, tables = night["session"], night["tables"]
    artificial = {"round": 1, "table": "3", "board": 5, "artificial": {"NS": "A+", "EW": "A-"}}
    answer = preview(client, session, DIRECTOR, artificial)
    assert answer.status_code == 200, answer.text
    data = answer.json()
    # an artificial score is no score in points (12C2): each side its own
    assert data["score"] is None
    assert data["NS"]["artificial"] == "A+" and data["EW"]["artificial"] == "A-"
    split = {
        "round": 1,
        "table": "3",
        "board": 6,
        "split": {
            "NS": {"contract": "4S", "declarer": "E", "tricks": 10},
            "EW": {"contract": "4S", "declarer": "E", "tricks": 9},
        },
    }
    assert preview(client, session, DIRECTOR, split).json()["score"] is None  # 12C1b
    entered = client.post(
        f"/api/sessions/{session}/results",
        json={"round": 1, "board": 1, "contract": "4H", "declarer": "S", "tricks": 10},
        headers=auth(tables["1"]),
    ).json()["result"]
    correction = {"supersedes": entered, "contract": "4H", "declarer": "S", "tricks": 11}
    answer = preview(client, session, DIRECTOR, correction)
    assert answer.status_code == 200, answer.text
    assert answer.json()["score"] == {"NS": 450, "EW": -450}  # 420 + one overtrick
    # a correction that supersedes nothing in force is refused as the entry refuses it
    assert preview(client, session, DIRECTOR, correction | {"supersedes": "7"}).status_code == 404


def test_the_director_sees_every_board_of_the_round_with_its_status(
    client: TestClient, night: dict[str, Any]
) -> None:
    session, tables = night["session"], night["tables"]
    view = director_view(client, session)
    assert [(s["table"], s["board"], s["status"]) for s in view["slots"]] == [
        ("1", 1, "to-play"),
        ("1", 2, "to-play"),
        ("2", 3, "to-play"),
        ("2", 4, "to-play"),
        ("3", 5, "to-play"),
        ("3", 6, "to-play"),
    ]
    body = {"round": 1, "board": 1, "contract": "4H", "declarer": "S", "tricks": 10}
    first = client.post(f"/api/sessions/{session}/results", json=body, headers=auth(tables["1"]))
    body = {"round": 1, "board": 3, "contract": "2S", "declarer": "N", "tricks": 8}
    second = client.post(f"/api/sessions/{session}/results", json=body, headers=auth(tables["2"]))
    client.post(
        f"/api/sessions/{session}/results/{second.json()['result']}/dispute",
        json={"reason": "we made nine"},
        headers=auth(tables["2"]),
    )
    slots = {(s["table"], s["board"]): s for s in director_view(client, session)["slots"]}
    assert slots["1", 1]["status"] == "entered" and slots["1", 1]["text"] == "4H S ="
    assert slots["1", 1]["result"] == first.json()["result"]
    assert slots["2", 3]["status"] == "disputed"  # waiting for the director (79B)
    # the move: an unfinished board becomes late (8B2); the view then shows round 2's boards
    client.post(f"/api/sessions/{session}/round", json={}, headers=auth(DIRECTOR))
    view = director_view(client, session)
    assert {s["round"] for s in view["slots"]} == {2}
    late = {(s["table"], s["board"]) for s in view["late"]}
    assert late == {("1", 2), ("2", 4), ("3", 5), ("3", 6)}
    # nobody else gets the director's list
    assert "slots" not in client.get(f"/api/sessions/{session}", headers=auth(tables["1"])).json()


@pytest.mark.parametrize(
    "path",
    ["/session/{id}/device", "/session/{id}/play", "/director/session/{id}", "/director/sessions"],
)
def test_the_pages_are_served_with_the_table_pages_headers(
    client: TestClient, night: dict[str, Any], path: str
) -> None:
    answer = client.get(path.format(id=night["session"]))
    assert answer.status_code == 200
    policy = answer.headers["content-security-policy"]
    assert "script-src 'self'" in policy and "frame-ancestors 'none'" in policy
    assert answer.headers["referrer-policy"] == "no-referrer"
    assert answer.headers["cache-control"] == "no-store"
    text = answer.text
    # the page loads only its own files (i18n.js, then its modules), holds no token
    assert 'src="/static/i18n/i18n.js"' in text and 'data-module="1"' in text
    assert "<script>" not in text
    assert night["tables"]["1"] not in text


def test_only_the_pages_own_files_are_served(client: TestClient) -> None:
    script = client.get("/static/session/session-device.js")
    assert script.status_code == 200
    assert script.headers["content-type"].startswith("text/javascript")
    assert client.get("/static/session/session.css").headers["content-type"].startswith("text/css")
    # every page's language picker is styled by one shared file, linked from each page
    picker = client.get("/static/i18n/i18n.css")
    assert picker.status_code == 200 and ".lang-picker" in picker.text
    assert picker.headers["content-type"].startswith("text/css")
    assert 'href="/static/i18n/i18n.css"' in client.get("/director/sessions").text
    for name in ("table.js", "..%2Fsessions.py", "session-device.html", "nothing.js"):
        assert client.get(f"/static/session/{name}").status_code == 404
    assert client.get("/session/not..an:id/device").status_code == 404
    assert client.get(f"/session/{'x' * 40}/play").status_code == 404


def test_the_results_page_carries_the_version_it_was_made_from(
    client: TestClient, night: dict[str, Any]
) -> None:
    # its script reloads the page when the stream reports another version, even one reached
    # between the page's making and the stream's first answer
    session = night["session"]
    before = director_view(client, session)["version"]
    assert f'data-version="{before}"' in client.get(f"/results/{session}/").text
    body = {"round": 1, "board": 1, "contract": "4H", "declarer": "S", "tricks": 10}
    client.post(f"/api/sessions/{session}/results", json=body, headers=auth(night["tables"]["1"]))
    after = director_view(client, session)["version"]
    assert after == before + 1
    assert f'data-version="{after}"' in client.get(f"/results/{session}/").text
