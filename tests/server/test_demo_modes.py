"""The demo night's kind of table: strict by default (a newcomer's mis-click
is refused with its law, not made an irregularity), law on request, and while the demo runs its
player may start a night of the other kind (``POST /api/demo/sessions``), bounded per run.
(What each kind of table does with an irregularity is the table engine's, tested there: a
strict table refuses it with its law, a law table records it and rectifies it.)
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from bridgelaw.server import demo
from bridgelaw.server.app import create_app
from bridgelaw.server.routes import demo as demo_routes
from tests.api_client import DIRECTOR, auth


def demo_client(tmp_path: Path, mode: str = "strict") -> tuple[TestClient, demo.DemoSession]:
    app = create_app(f"sqlite:///{tmp_path / 'demo.db'}", DIRECTOR)
    app.state.limits.rate, app.state.limits.burst = 1e6, 10**6  # not under test here
    made = demo_routes.install(app, mode)
    return TestClient(app), made


@pytest.fixture
def strict_demo(tmp_path: Path) -> Iterator[tuple[TestClient, demo.DemoSession]]:
    client, made = demo_client(tmp_path)
    with client:
        yield client, made


def session_of(client: TestClient, session: str, token: str) -> dict[str, Any]:
    answer = client.get(f"/api/sessions/{session}", headers=auth(token))
    assert answer.status_code == 200, answer.text
    view: dict[str, Any] = answer.json()
    return view


def test_the_demo_is_strict_by_default_and_says_so(
    strict_demo: tuple[TestClient, demo.DemoSession],
) -> None:
    client, made = strict_demo
    view = session_of(client, made.session, made.token)
    assert view["play"] == "strict" and "strict" in view["name"]
    table = view["you"]["next"]
    assert client.get(f"/api/tables/{table}", headers=auth(made.token)).json()["mode"] == "strict"
    mine = client.get("/api/demo", headers=auth(made.token)).json()
    assert mine["mode"] == "strict"
    assert mine["modes"]["strict"]["title"] == "Strict table: illegal actions refused"
    assert mine["modes"]["law"]["title"] == "Law table: irregularities are allowed and ruled"
    assert client.get("/api/demo").json()["mode"] is None  # no token: nobody's night


def test_a_demo_player_starts_a_night_of_the_other_kind(
    strict_demo: tuple[TestClient, demo.DemoSession], monkeypatch: pytest.MonkeyPatch
) -> None:
    client, made = strict_demo
    path = "/api/demo/sessions"
    assert client.post(path, json={"mode": "law"}).status_code == 401
    assert client.post(path, json={"mode": "law"}, headers=auth("not-a-token")).status_code == 403
    wrong = client.post(path, json={"mode": "casual"}, headers=auth(made.token))
    assert wrong.status_code == 422 and "strict, law" in wrong.json()["error"]
    started = client.post(path, json={"mode": "law"}, headers=auth(made.token))
    assert started.status_code == 200, started.text
    body = started.json()
    assert body["mode"] == "law"
    link = body["play"]
    assert link.startswith(f"/session/{body['session']}/play#token=")
    token = link.rsplit("#token=", 1)[1]
    view = session_of(client, body["session"], token)
    assert view["play"] == "law" and view["you"]["seat"] == "N" and view["you"]["table"] == "1"
    assert client.get("/api/demo", headers=auth(token)).json()["mode"] == "law"
    # the old night's link still works; the director may start one too; a run is bounded
    assert session_of(client, made.session, made.token)["play"] == "strict"
    again = client.post(path, json={"mode": "strict"}, headers=auth(DIRECTOR))
    assert again.status_code == 200, again.text
    monkeypatch.setattr(demo, "MAX_DEMOS", 3)
    refused = client.post(path, json={"mode": "law"}, headers=auth(token))
    assert refused.status_code == 429 and "restart" in refused.json()["error"]


def test_no_demo_routes_without_demo(tmp_path: Path) -> None:
    app = create_app(f"sqlite:///{tmp_path / 'plain.db'}", DIRECTOR)
    with TestClient(app) as client:
        assert client.get("/api/demo").status_code == 404
        made = client.post("/api/demo/sessions", json={"mode": "law"}, headers=auth(DIRECTOR))
        assert made.status_code in (404, 405)
