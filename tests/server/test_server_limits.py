"""The server's guards (``server/limits.py``): a clear 413 for a body too
large, a clear 429 with ``Retry-After`` for a client too fast, every refusal logged with its
time, role, table and reason, and no token ever in the log (the stream's ``?token=``)."""

from __future__ import annotations

import asyncio
import logging
import re
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from bridgelaw.server import app as app_module
from bridgelaw.server.app import create_app
from bridgelaw.server.limits import Buckets, Limits, NoQuery, without_query
from tests.server_process import Served

from ..api_client import DEAL, auth
from ..api_client import new_table as new_table_of

DIRECTOR = "limits-director"
ISO_TIME = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}\+00:00")


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    app = create_app(f"sqlite:///{tmp_path / 'tables.db'}", DIRECTOR)
    yield TestClient(app)
    app.state.server.engine.dispose()


def new_table(client: TestClient) -> tuple[str, dict[str, str]]:
    return new_table_of(client, director=DIRECTOR)  # a token of its own, looked for in logs


def test_a_body_too_large_is_a_413(client: TestClient) -> None:
    table, seats = new_table(client)
    limit = client.app.state.limits.body_bytes  # type: ignore[attr-defined]
    url = f"/api/tables/{table}/events"
    big = '{"event": "' + "x" * limit + '"}'
    answer = client.post(url, content=big, headers=auth(seats["N"]))
    assert answer.status_code == 413
    assert answer.json() == {"error": f"the request body is larger than {limit} bytes"}
    # without a length announced (sent in chunks): counted as it comes
    chunks = iter([big[:100].encode(), big[100:].encode()])
    answer = client.post(url, content=chunks, headers=auth(seats["N"]))
    assert answer.status_code == 413
    # a body within the limit still goes through, whole
    assert client.post(url, json={"event": "1NT"}, headers=auth(seats["N"])).status_code == 200


def test_a_client_too_fast_is_a_429_with_retry_after(client: TestClient) -> None:
    table, seats = new_table(client)
    limits: Limits = client.app.state.limits  # type: ignore[attr-defined]
    limits.rate, limits.burst = 0.5, 3
    url = f"/api/tables/{table}"
    statuses = [client.get(url, headers=auth(seats["E"])).status_code for _ in range(4)]
    assert statuses == [200, 200, 200, 429]
    answer = client.get(url, headers=auth(seats["E"]))
    assert answer.status_code == 429 and int(answer.headers["retry-after"]) >= 1
    assert answer.json()["error"].startswith("too many requests from this client")
    # another client (another token) is not slowed by the first, nor is the director
    assert client.get(url, headers=auth(seats["W"])).status_code == 200
    assert {client.get(url, headers=auth(DIRECTOR)).status_code for _ in range(6)} == {200}
    # the stream counts too: refused before it opens
    with (
        pytest.raises(WebSocketDisconnect) as closed,
        client.websocket_connect(f"/api/tables/{table}/stream?token={seats['E']}") as socket,
    ):
        socket.receive_json()
    assert closed.value.code == 4429


def test_the_bucket_refills_at_the_rate() -> None:
    buckets = Buckets(Limits(rate=2.0, burst=2))
    assert [buckets.wait("a", 0.0) for _ in range(3)] == [0.0, 0.0, 0.5]
    assert buckets.wait("a", 0.5) == 0.0  # 0.5 s at 2 per second: one request again
    assert buckets.wait("a", 0.5) == pytest.approx(0.5)


def test_every_refusal_is_logged(client: TestClient, caplog: pytest.LogCaptureFixture) -> None:
    table, seats = new_table(client)
    events = f"/api/tables/{table}/events"
    caplog.set_level(logging.INFO, logger="bridgelaw.server")
    client.post(events, json={"event": "pass"})  # 401: no token
    client.post(events, json={"event": "E pass"}, headers=auth(seats["N"]))  # 403
    client.post(events, json={"event": "SA"}, headers=auth(seats["N"]))  # 422: not a call
    client.post(events, content="x" * 10000, headers=auth(seats["W"]))  # 413
    client.post(events, json={"event": ""}, headers=auth(seats["S"]))  # 422: invalid input
    limits: Limits = client.app.state.limits  # type: ignore[attr-defined]
    limits.rate, limits.burst = 0.01, 1
    client.get(f"/api/tables/{table}", headers=auth(seats["E"]))
    client.get(f"/api/tables/{table}", headers=auth(seats["E"]))  # 429
    lines = [r.getMessage() for r in caplog.records if r.name == "bridgelaw.server"]
    expected = [
        (401, "no token", "token is needed"),
        (403, "N", "acts only for his own seat"),
        (422, "N", ""),
        (413, "W", "larger than"),
        (422, "S", "event"),
        (429, "E", "too many requests"),
    ]
    assert len(lines) == len(expected), lines
    for line, (status, role, reason) in zip(lines, expected, strict=True):
        assert ISO_TIME.match(line), line
        assert f"refused {status} role={role} table={table} " in line, line
        assert reason in line, line
        assert all(token not in line for token in seats.values())


def test_no_query_string_in_a_logged_line() -> None:
    assert without_query("/api/tables/abc/stream?token=s3cret") == "/api/tables/abc/stream"
    assert without_query("GET /x?a=1&token=s3cret HTTP/1.1") == "GET /x?a=1&token=… HTTP/1.1"
    record = logging.LogRecord(
        "uvicorn.error", 20, "", 0, '%s - "WebSocket %s" %s', ("1.2.3.4", "/s?token=k", 403), None
    )
    assert NoQuery().filter(record) and record.getMessage() == '1.2.3.4 - "WebSocket /s" 403'


def test_no_token_in_the_log_of_bridgelaw_serve(tmp_path: Path) -> None:
    """The real server's output (uvicorn's access log, its WebSocket lines, the refusals)
    while seats use REST and the stream: no token appears in it, not even a refused one."""
    log = tmp_path / "serve.log"
    served = Served(tmp_path / "tables.db", log, DIRECTOR)
    served.start()
    try:
        body = {"board": 1, "deal": DEAL, "mode": "law"}
        answer = httpx.post(f"{served.base}/api/tables", json=body, headers=auth(DIRECTOR))
        table, seats = answer.json()["table"], answer.json()["seats"]
        base = f"{served.base}/api/tables/{table}"
        ws = f"ws://127.0.0.1:{served.port}/api/tables/{table}/stream?token="
        with connect(ws + seats["N"]) as stream:
            stream.recv(timeout=5)
            httpx.post(f"{base}/events", json={"event": "1NT"}, headers=auth(seats["N"]))
            stream.recv(timeout=5)
        httpx.get(f"{base}?token={seats['E']}", headers=auth(seats["E"]))
        httpx.post(f"{base}/events", json={"event": "N pass"}, headers=auth(seats["S"]))  # 403
        with connect(ws + "wrong-secret-token") as refused:  # closed with 4403
            with pytest.raises(ConnectionClosed) as shut:
                refused.recv(timeout=5)
            assert shut.value.rcvd is not None and shut.value.rcvd.code == 4403
        with connect(ws + seats["W"]) as stream:  # a client's message over 4 KiB: closed
            stream.recv(timeout=5)
            stream.send("x" * 5000)
            with pytest.raises(ConnectionClosed) as closed:
                stream.recv(timeout=5)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009
    finally:
        served.stop()
    text = log.read_text()
    assert f'"GET /api/tables/{table} HTTP/1.1" 200' in text  # the access log is on
    assert f'"WebSocket /api/tables/{table}/stream" [accepted]' in text
    assert "refused 403 role=S" in text and "refused 403 role=unknown token" in text
    for secret in [*seats.values(), DIRECTOR, "wrong-secret-token"]:
        assert secret not in text
    assert "token=" not in text.replace("token=…", "")


class Stalled:
    """A WebSocket whose client has stopped reading: every send waits for ever."""

    async def send_json(self, _view: object) -> None:
        await asyncio.Event().wait()

    async def send_text(self, _text: str) -> None:
        await asyncio.Event().wait()


def test_a_client_that_stops_reading_does_not_hold_the_table(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(app_module, "SEND_TIMEOUT", 0.2)
    table, seats = new_table(client)
    server = client.app.state.server  # type: ignore[attr-defined]
    live = server.get(table)
    stalled = Stalled()
    live.clients.append((stalled, "E"))
    started = time.monotonic()
    answer = client.post(
        f"/api/tables/{table}/events", json={"event": "1NT"}, headers=auth(seats["N"])
    )
    assert answer.status_code == 200 and time.monotonic() - started < 3
    assert all(socket is not stalled for socket, _ in live.clients)  # dropped
    answer = client.post(
        f"/api/tables/{table}/events", json={"event": "pass"}, headers=auth(seats["E"])
    )
    assert answer.json()["calls"] == ["1NT", "pass"]
