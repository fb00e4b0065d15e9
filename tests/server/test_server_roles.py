"""Who may do what on the server, request by request: each refusal answered with its status and
logged once on ``bridgelaw.server`` (the table API, the director's console API and the session
API alike)."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from bridgelaw.server.app import create_app

from ..api_client import DEAL, DIRECTOR, auth, new_table
from ..session_client import start


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    app = create_app(f"sqlite:///{tmp_path / 'tables.db'}", DIRECTOR)
    app.state.limits.rate, app.state.limits.burst = 1e6, 10**6  # not under test here
    yield TestClient(app)
    app.state.server.engine.dispose()


def refusals(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.name == "bridgelaw.server"]


def test_each_refusal_of_the_directors_routes_is_logged_once(
    client: TestClient, caplog: pytest.LogCaptureFixture
) -> None:
    table, seats = new_table(client)
    caplog.set_level(logging.INFO, logger="bridgelaw.server")
    requests = [
        ("get", f"/api/tables/{table}/console", {}, 401),
        ("get", f"/api/tables/{table}/console", auth(seats["E"]), 403),
        ("get", "/api/tables", auth("nobody"), 403),
        ("post", f"/api/tables/{table}/calls", {}, 401),
        ("post", f"/api/tables/{table}/calls", auth("nobody"), 403),
        ("post", f"/api/tables/{table}/calls", auth(DIRECTOR), 403),  # a seat calls (9B)
    ]
    for method, path, headers, status in requests:
        caplog.clear()
        answer = client.request(method, path, json={}, headers=headers)
        assert answer.status_code == status, (path, answer.text)
        lines = refusals(caplog)
        assert len(lines) == 1, (path, lines)
        assert f"refused {status} " in lines[0] and answer.json()["error"] in lines[0]


# -- who may do what: every route, every kind of token --------------------------------------------

NONE, WRONG = "", "not-a-token-of-this-server"
"""No ``Authorization`` header at all, and a token nobody was given."""


def ask(client: TestClient, method: str, path: str, token: str, body: object = None) -> int:
    headers = auth(token) if token else {}
    answer = client.request(method, path, json=body if body is not None else {}, headers=headers)
    status: int = answer.status_code
    assert status == 200 or "error" in answer.json(), (path, answer.text)
    return status


def closed(client: TestClient, path: str) -> int | None:
    """The close code of a stream refused at once, or None when it was accepted."""
    try:
        with client.websocket_connect(path) as socket:
            socket.receive_json()
    except WebSocketDisconnect as disconnect:
        code: int = disconnect.code
        return code
    return None


def test_the_table_api_and_the_directors_console_by_role(client: TestClient) -> None:
    table, seats = new_table(client)
    _other, other_seats = new_table(client)
    north, stranger = seats["N"], other_seats["N"]
    call = client.post(f"/api/tables/{table}/calls", json={}, headers=auth(north)).json()["call"]
    new = {"board": 1, "deal": DEAL}
    routes: list[tuple[str, str, object, dict[str, int]]] = [
        ("POST", "/api/tables", new, {NONE: 401, WRONG: 403, north: 403, DIRECTOR: 200}),
        ("GET", f"/api/tables/{table}", None, {NONE: 401, WRONG: 403, stranger: 403, north: 200}),
        ("GET", "/api/tables/nope", None, {NONE: 404, DIRECTOR: 404}),
        ("POST", f"/api/tables/{table}/events", {"event": "nonsense"},
         {NONE: 401, WRONG: 403, stranger: 403, north: 422, DIRECTOR: 422}),
        ("POST", "/api/tables/nope/events", {"event": "pass"}, {NONE: 404, north: 404}),
        ("POST", f"/api/tables/{table}/calls", {},
         {NONE: 401, WRONG: 403, stranger: 403, DIRECTOR: 403, north: 200}),
        ("POST", "/api/tables/nope/calls", {}, {NONE: 404, north: 404}),
        ("GET", "/api/tables", None, {NONE: 401, WRONG: 403, north: 403, DIRECTOR: 200}),
        ("POST", f"/api/tables/{table}/calls/{call}/answer", {"note": "seen"},
         {NONE: 401, WRONG: 403, north: 403}),
        ("POST", f"/api/tables/{table}/calls/999/answer", {}, {DIRECTOR: 404}),
        ("POST", f"/api/tables/{table}/result", {"ns_score": 420},
         {NONE: 401, WRONG: 403, north: 403}),
        ("POST", "/api/tables/nope/result", {"ns_score": 420}, {NONE: 401, DIRECTOR: 404}),
    ]  # fmt: skip
    # every seat of the table is told its result, the director's included (Law 12)
    routes.append(("GET", f"/api/tables/{table}/result", None,
                   {NONE: 401, WRONG: 403, stranger: 403, north: 200, DIRECTOR: 200}))  # fmt: skip
    routes.append(("GET", "/api/tables/nope/result", None, {NONE: 404, DIRECTOR: 404}))
    for what in ("calls", "events", "rulings", "console"):
        routes.append(("GET", f"/api/tables/{table}/{what}", None,
                       {NONE: 401, WRONG: 403, north: 403, DIRECTOR: 200}))  # fmt: skip
        routes.append(("GET", f"/api/tables/nope/{what}", None, {NONE: 401, DIRECTOR: 404}))
    for method, path, body, answers in routes:
        for token, status in answers.items():
            assert ask(client, method, path, token, body) == status, (method, path, token)
    stream = f"/api/tables/{table}/stream"
    assert closed(client, stream) == 4401
    assert closed(client, f"{stream}?token={WRONG}") == 4403
    assert closed(client, f"{stream}?token={stranger}") == 4403
    assert closed(client, f"/api/tables/nope/stream?token={north}") == 4404
    assert closed(client, f"{stream}?token={north}") is None
    assert closed(client, f"{stream}?token={DIRECTOR}") is None


def test_the_session_api_by_role(client: TestClient) -> None:
    movement = {"kind": "mitchell", "tables": 3, "rounds": 2, "boards_per_round": 2}
    started = start(client, movement=movement)
    session, device = started["session"], started["tables"]["1"]
    player = started["players"]["1"][0]
    _other, other_seats = new_table(client)
    seat = other_seats["N"]  # a table's seat: not a session's token
    at = f"/api/sessions/{session}"
    spec = {"name": "Another", "movement": movement}
    everyone = {NONE: 200, WRONG: 200, DIRECTOR: 200}  # published: no token is read
    director_only = {NONE: 401, WRONG: 403, device: 403, player: 403, DIRECTOR: 200}
    routes: list[tuple[str, str, object, dict[str, int]]] = [
        ("POST", "/api/sessions", spec, {NONE: 401, WRONG: 403, device: 403, seat: 403}),
        ("GET", "/api/sessions", None, {NONE: 401, WRONG: 403, device: 403, DIRECTOR: 200}),
        ("GET", at, None, {NONE: 401, WRONG: 403, device: 200, player: 200, DIRECTOR: 200}),
        ("GET", "/api/sessions/nope", None, {NONE: 404, DIRECTOR: 404}),
        ("GET", f"{at}/log", None, director_only),
        ("GET", f"{at}/metrics", None, director_only),
        ("GET", f"{at}/deals", None, director_only),
        ("POST", f"{at}/results", {"round": 1, "board": 99},
         {NONE: 401, WRONG: 403, player: 403, device: 422, DIRECTOR: 422}),
        ("POST", f"{at}/results/1/accept", {}, {NONE: 401, WRONG: 403, player: 403}),
        ("POST", f"{at}/calls", {"reason": "x" * 301},
         {NONE: 401, WRONG: 403, DIRECTOR: 403, device: 422, player: 422}),
        ("POST", f"{at}/calls/9/answer", {}, {NONE: 401, WRONG: 403, device: 403, DIRECTOR: 404}),
        ("POST", f"{at}/players", {"pair": "nope"},
         {NONE: 401, WRONG: 403, device: 403, DIRECTOR: 422}),
        ("POST", f"{at}/round", {}, {NONE: 401, WRONG: 403, device: 403, player: 403}),
        ("POST", f"{at}/end", {}, {NONE: 401, WRONG: 403, device: 403, player: 403}),
        ("POST", f"{at}/score-preview", {"result": "9"},
         {NONE: 401, WRONG: 403, player: 403, device: 404, DIRECTOR: 404}),
    ]  # fmt: skip
    for what in ("results.json", "ranking", "export.pbn", "export.xml", "guide"):
        routes.append(("GET", f"{at}/{what}", None, everyone))
        routes.append(("GET", f"/api/sessions/nope/{what}", None, {NONE: 404}))
    for method, path, body, answers in routes:
        for token, status in answers.items():
            assert ask(client, method, path, token, body) == status, (method, path, token)
    assert closed(client, f"{at}/stream?token={WRONG}") == 4403
    assert closed(client, "/api/sessions/nope/stream") == 4404
    for token in (NONE, device, player, DIRECTOR):
        assert closed(client, f"{at}/stream?token={token}") is None, token


def test_who_is_asking_is_checked_before_what_he_sends(client: TestClient) -> None:
    """A body the route would refuse (422) is not even read for a token that may not use the
    route: the role's checks come first (404 for no such table, 401, 403), as everywhere."""
    table, seats = new_table(client)
    session = start(client, movement={"kind": "mitchell", "tables": 3, "rounds": 2,
                                      "boards_per_round": 2})["session"]  # fmt: skip
    cases: list[tuple[str, object, str]] = [
        ("/api/tables", {"board": 0}, DIRECTOR),
        (f"/api/tables/{table}/events", {"event": ""}, seats["N"]),
        (f"/api/tables/{table}/calls", {"reason": "x" * 201}, seats["N"]),
        (f"/api/tables/{table}/calls/abc/answer", {"note": "x" * 201}, DIRECTOR),
        (f"/api/sessions/{session}/score-preview", [1, 2], DIRECTOR),
    ]
    for path, body, allowed in cases:
        assert ask(client, "POST", path, NONE, body) == 401, path
        assert ask(client, "POST", path, WRONG, body) == 403, path
        assert ask(client, "POST", path, allowed, body) == 422, path
    assert ask(client, "POST", "/api/tables/nope/events", NONE, {"event": ""}) == 404


def test_a_players_and_the_directors_routes_at_a_table_by_role(client: TestClient) -> None:
    """The routes that take one of the table's seats only, or the director only: 404 for no
    such table, 401, 403 for a token not the table's, then 403 with the route's own words for
    the other kind of role; all of it before the body is read (an empty one is a 422)."""
    table, seats = new_table(client, mode="strict")
    _other, other_seats = new_table(client)
    north, stranger = seats["N"], other_seats["N"]
    at = f"/api/tables/{table}"
    explain = "the players explain and ask (Law 20F); the director reads them"
    player_only = {
        f"{at}/call-changes": "a player asks to change his own call; the director decides",
        f"{at}/explanations": explain,
        f"{at}/questions": explain,
        f"{at}/questions/9/answer": explain,
    }
    director_only = {f"{at}/call-changes/9/decision": "the director decides a change of call (25A)"}
    for path, words in [*player_only.items(), *director_only.items()]:
        allowed, refused = (north, DIRECTOR) if path in player_only else (DIRECTOR, north)
        nope = path.replace(table, "nope")
        assert ask(client, "POST", nope, allowed, {}) == 404, path
        assert ask(client, "POST", path, NONE, {}) == 401, path
        assert ask(client, "POST", path, WRONG, {}) == 403, path
        assert ask(client, "POST", path, stranger, {}) == 403, path
        answer = client.post(path, json={}, headers=auth(refused))
        assert (answer.status_code, answer.json()["error"]) == (403, words), path
        assert ask(client, "POST", path, allowed, {}) == 422, path  # the body, read now
    # after the board: any role at the table; 409 while it is played (66D)
    routes = {NONE: 401, WRONG: 403, stranger: 403, north: 409, DIRECTOR: 409}
    for token, status in routes.items():
        assert ask(client, "GET", f"{at}/after", token) == status, token
    assert ask(client, "GET", "/api/tables/nope/after", north) == 404
    # a call answered at no table: the table's 404 before the call's
    answer = client.post("/api/tables/nope/calls/1/answer", json={}, headers=auth(DIRECTOR))
    assert (answer.status_code, answer.json()["error"]) == (404, "no table 'nope'")
