"""What the server tests share to drive the table API through a ``TestClient``: the director's
token, a deal, the bearer header, a new table and one event accepted."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

DIRECTOR = "director-secret"
DEAL = "N:AKQ2.KQ2.A32.K32 JT9.AJT.KQJ4.A54 876.9876.T98.QJ9 543.543.765.T876"


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def new_table(
    client: TestClient,
    board: int = 1,
    deal: str = DEAL,
    mode: str = "law",
    director: str = DIRECTOR,
) -> tuple[str, dict[str, str]]:
    """A new table made by the director: its id and the four seats' tokens."""
    answer = client.post(
        "/api/tables",
        json={"board": board, "deal": deal, "edition": 2017, "mode": mode},
        headers=auth(director),
    )
    assert answer.status_code == 200, answer.text
    body = answer.json()
    assert set(body["seats"]) == {"N", "E", "S", "W"}
    return body["table"], body["seats"]


def act(client: TestClient, table: str, token: str, event: str) -> dict[str, Any]:
    """``event`` sent with ``token``; it must be accepted. Returns the seat's answer."""
    answer = client.post(f"/api/tables/{table}/events", json={"event": event}, headers=auth(token))
    assert answer.status_code == 200, (event, answer.text)
    view: dict[str, Any] = answer.json()
    return view
