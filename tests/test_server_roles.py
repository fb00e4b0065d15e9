"""Who may do what on the server, request by request: each refusal answered with its status and
logged once on ``bridgelaw.server`` (the table API, the director's console API and the session
API alike)."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from bridgelaw.server.app import create_app

from .api_client import DIRECTOR, auth, new_table


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
