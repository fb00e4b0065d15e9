"""Hostile clients against a real ``bridgelaw serve`` on loopback: slow
connections, floods of work from one seat, tokens made up to escape the rate limit, and the
error paths a client can reach with odd input. Every loopback address ``127.x.y.z`` reaches the
server, so each test speaks from addresses of its own: the bounds per address of one test do not
reach another's.

The server runs once for the module, with the head's deadline at 1 s and 50 connections per
address (``BRIDGELAW_HEAD_SECONDS``, ``BRIDGELAW_CONNECTIONS_PER_ADDRESS``), so that the bounds
show within seconds; the defaults are 10 s and 256 (``server/connections.py``)."""

from __future__ import annotations

import asyncio
import os
import secrets
import socket
import sqlite3
import time
from collections import Counter
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import ExitStack
from pathlib import Path

import httpx
import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from bridgelaw.server.app import create_app
from bridgelaw.server.bounds import (
    OPEN_CALLS_PER_SEAT,
    REVIEWS_PER_SEAT,
    STREAMS_PER_SEAT,
)
from bridgelaw.server.routes.pages import HEADERS
from tests.server_process import Served

from ..api_client import DEAL, act, auth
from ..api_client import new_table as new_table_of

DIRECTOR = "hostile-director"
HEAD_SECONDS = 1.0
PER_ADDRESS = 50
RATE, BURST = 2, 20
SETTINGS = {
    "BRIDGELAW_HEAD_SECONDS": str(HEAD_SECONDS),
    "BRIDGELAW_CONNECTIONS_PER_ADDRESS": str(PER_ADDRESS),
    "BRIDGELAW_RATE": str(RATE),
    "BRIDGELAW_BURST": str(BURST),
}


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    folder = tmp_path_factory.mktemp("hostile")
    before = {k: os.environ.get(k) for k in tuple(SETTINGS)}
    os.environ.update(SETTINGS)
    server = Served(folder / "tables.db", folder / "serve.log", DIRECTOR)
    try:
        server.start()
    finally:
        for key, value in before.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value
    yield server
    server.close()


def client_from(address: str) -> httpx.Client:
    """An HTTP client whose connections come from ``address`` (a loopback address)."""
    return httpx.Client(transport=httpx.HTTPTransport(local_address=address), timeout=10)


def new_table(served: Served, mode: str = "law") -> tuple[str, dict[str, str]]:
    body = {"board": 1, "deal": DEAL, "mode": mode}
    answer = httpx.post(f"{served.base}/api/tables", json=body, headers=auth(DIRECTOR))
    assert answer.status_code == 200, answer.text
    return answer.json()["table"], answer.json()["seats"]


def stream(served: Served, path: str, address: str, **headers: str) -> ClientConnection:
    """A WebSocket to ``path`` opened from ``address``."""
    raw = socket.create_connection(
        ("127.0.0.1", served.port), timeout=5, source_address=(address, 0)
    )
    return connect(f"ws://127.0.0.1:{served.port}{path}", sock=raw, additional_headers=headers)


def close_code(opened: ClientConnection) -> int | None:
    """The code the server closed ``opened`` with (None: it sent a message instead)."""
    try:
        opened.recv(timeout=5)
        return None
    except ConnectionClosed as closed:
        return None if closed.rcvd is None else closed.rcvd.code


# -- 13: slow clients ----------------------------------------------------------------------------


def test_slow_clients_do_not_stall_the_server(served: Served) -> None:
    """200 connections from one address sending half a request head: the 50 the address may
    hold get 408 after the head's deadline and are closed, the rest 503 at once; meanwhile a
    request from another address is answered at once, and a body that stops half-way gets
    408."""
    slow = []
    for _ in range(200):
        sock = socket.create_connection(("127.0.0.1", served.port), timeout=5)
        sock.sendall(b"GET /api/tables/none HTTP/1.1\r\nHost: x\r\nX-Slow: ")
        slow.append(sock)
    started = time.monotonic()
    with client_from("127.0.0.2") as other:
        assert other.get(f"{served.base}/api/tables/none").status_code == 404
    assert time.monotonic() - started < 5  # not held behind the slow ones (a loaded machine)
    # a body announced and half sent
    body = socket.create_connection(
        ("127.0.0.1", served.port), timeout=5, source_address=("127.0.0.3", 0)
    )
    body.sendall(
        b"POST /api/tables HTTP/1.1\r\nHost: x\r\ncontent-type: application/json\r\n"
        b'content-length: 100\r\n\r\n{"board":'
    )
    answers: Counter[str] = Counter()
    for sock in slow:
        answer = sock.recv(200)  # within the deadline and a margin (timeout 5 s)
        answers[answer.split(b" ")[1].decode() if answer else "closed"] += 1
        sock.close()
    waited = time.monotonic() - started
    assert answers == {"408": PER_ADDRESS, "503": 200 - PER_ADDRESS}, answers
    assert waited < HEAD_SECONDS + 3
    late = b""
    while chunk := body.recv(300):  # the head and the body may come in separate packets
        late += chunk
    body.close()
    assert late.startswith(b"HTTP/1.1 408"), late
    assert b"did not come within" in late
    # the address is free again: its next client is served
    assert httpx.get(f"{served.base}/api/tables/none", timeout=5).status_code == 404


# -- 14: bounded work per seat ---------------------------------------------------------------------


def test_reviews_and_calls_are_bounded(served: Served) -> None:
    table, seats = new_table(served)
    with client_from("127.0.0.10") as client:
        events = f"{served.base}/api/tables/{table}/events"
        statuses = [
            client.post(events, json={"event": "review"}, headers=auth(seats["N"])).status_code
            for _ in range(REVIEWS_PER_SEAT + 2)
        ]
        assert statuses == [200] * REVIEWS_PER_SEAT + [429, 429]
        refused = client.post(events, json={"event": "review"}, headers=auth(seats["N"]))
        assert "reviews of the auction" in refused.json()["error"]
        # another seat has its own count
        assert (
            client.post(events, json={"event": "review"}, headers=auth(seats["E"])).status_code
            == 200
        )
        calls = f"{served.base}/api/tables/{table}/calls"
        made = [
            client.post(calls, json={"reason": "x"}, headers=auth(seats["S"]))
            for _ in range(OPEN_CALLS_PER_SEAT + 1)
        ]
        assert [a.status_code for a in made] == [200] * OPEN_CALLS_PER_SEAT + [429]
        assert "not yet answered" in made[-1].json()["error"]
        # the director answers one: the seat may call again
        first = made[0].json()["call"]
        answer = client.post(f"{calls}/{first}/answer", json={"note": "ok"}, headers=auth(DIRECTOR))
        assert answer.status_code == 200, answer.text
        assert client.post(calls, json={}, headers=auth(seats["S"])).status_code == 200


def test_a_websocket_flood_is_closed_with_4429(served: Served) -> None:
    table, seats = new_table(served)
    path = f"/api/tables/{table}/stream?token={seats['W']}"
    message = "x" * 4096
    sent = 0
    started = time.monotonic()
    with stream(served, path, "127.0.0.11") as flood:
        flood.recv(timeout=5)  # the view
        with pytest.raises(ConnectionClosed) as closed:
            while time.monotonic() - started < 10:
                # each message is answered (a refusal: not an event); a flood that left its
                # answers unread would fill the sockets' buffers and block its own sends
                flood.send(message)
                sent += 1
                flood.recv(timeout=5)
            flood.recv(timeout=5)
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 4429
    assert "messages from this client" in closed.value.rcvd.reason
    # closed after the bound (20 at once), not after thousands
    assert 21 <= sent < 40, sent  # refilled at 5 a second meanwhile
    assert time.monotonic() - started < 10


# -- 15: the rate limit is the verified identity's ------------------------------------------------


def flood(url: str, address: str, tokens: bool, count: int = 120) -> tuple[Counter[int], float]:
    """``count`` GETs of ``url`` at once from ``address``, each with a new
    random token or none (20 connections): the statuses and the seconds it took."""

    async def run() -> list[int]:
        # fewer than the address may hold, kept alive (a closed one counts until the server
        # sees it closed); the limits are the transport's, which makes the connections
        limits = httpx.Limits(max_connections=20, max_keepalive_connections=20)
        transport = httpx.AsyncHTTPTransport(local_address=address, limits=limits)
        async with httpx.AsyncClient(transport=transport, timeout=20) as client:

            async def one() -> int:
                headers = auth(secrets.token_urlsafe(16)) if tokens else {}
                return (await client.get(url, headers=headers)).status_code

            return list(await asyncio.gather(*(one() for _ in range(count))))

    started = time.monotonic()
    # in a thread of its own: a test run before this one in the same worker may have left an
    # event loop running in this thread (Playwright's sync API does), where asyncio.run refuses
    with ThreadPoolExecutor(max_workers=1) as pool:
        statuses = pool.submit(asyncio.run, run()).result()
    return Counter(statuses), time.monotonic() - started


def test_random_tokens_share_the_address_bucket(served: Served) -> None:
    """A new random token with each request gains nothing: they are counted on the address's
    bucket (here 20 at once, 2 a second), as requests without a token are."""
    table, _ = new_table(served)
    statuses, seconds = flood(f"{served.base}/api/tables/{table}", "127.0.0.20", tokens=True)
    assert set(statuses) <= {403, 429}
    assert statuses[403] <= BURST + RATE * seconds + 1, (
        statuses,
        seconds,
    )  # the bucket's allowance
    assert statuses[429] > 0


def test_one_seat_opens_a_bounded_number_of_streams(served: Served) -> None:
    table, seats = new_table(served)
    path = f"/api/tables/{table}/stream?token={seats['N']}"
    opened: list[ClientConnection] = []
    codes: Counter[int | None] = Counter()
    try:
        for _ in range(40):
            socket_ = stream(
                served, path, "127.0.0.21", Authorization=f"Bearer {secrets.token_urlsafe(16)}"
            )
            code = close_code(socket_)
            codes[code] += 1
            if code is None:
                opened.append(socket_)
            else:
                socket_.close()
    finally:
        for socket_ in opened:
            socket_.close()
    assert codes == {None: STREAMS_PER_SEAT, 4429: 40 - STREAMS_PER_SEAT}, codes


def test_one_clients_flood_does_not_refuse_anothers_page(served: Served) -> None:
    table, _ = new_table(served)
    statuses, seconds = flood(f"{served.base}/api/tables/{table}", "127.0.0.22", tokens=False)
    assert statuses[429] > 0 and statuses[401] <= BURST + RATE * seconds + 1, statuses  # limited
    with client_from("127.0.0.22") as client:
        page = client.get(f"{served.base}/table/{table}")
        assert page.status_code == 200 and "<html" in page.text.lower()
        assert client.get(f"{served.base}/static/table/table.js").status_code == 200


# -- 16: refusals and odd input get the codes a client expects ----------------------------------


def test_stream_refusals_are_close_codes(served: Served) -> None:
    """A page reads these codes and stops reconnecting (table.js: 4400-4499)."""
    table, _ = new_table(served)
    cases = {
        f"/api/tables/{table}/stream?token=made-up": 4403,
        f"/api/tables/{table}/stream": 4401,
        "/api/tables/no-such-table/stream?token=x": 4404,
        "/api/director/stream?token=made-up": 4403,
        "/api/sessions/no-such-session/stream": 4404,
    }
    for path, code in cases.items():
        with stream(served, path, "127.0.0.30") as refused:
            assert close_code(refused) == code, path


def test_odd_input_gets_a_4xx(served: Served) -> None:
    table, seats = new_table(served)
    base = f"{served.base}/api/tables"
    with client_from("127.0.0.31") as client:
        # a NUL character in a path, a claim statement, a call's reason
        assert client.get(f"{base}/a%00b", headers=auth(seats["N"])).status_code == 400
        claim = client.post(
            f"{base}/{table}/events",
            json={"event": "claim 13 all \u0000 mine"},
            headers=auth(seats["N"]),
        )
        assert claim.status_code == 422 and "NUL" in claim.json()["error"]
        call = client.post(
            f"{base}/{table}/calls", json={"reason": "a\u0000b"}, headers=auth(seats["E"])
        )
        assert call.status_code == 422
        # an escaped backslash before u0000 is no NUL
        fine = client.post(
            f"{base}/{table}/calls", json={"reason": "a\\u0000b"}, headers=auth(seats["W"])
        )
        assert fine.status_code == 200, fine.text
        # the director: a result nested 990 deep, a call number 10^20
        text = '{"ns_score": ' + "[" * 990 + '"x"' + "]" * 990 + "}"
        answer = client.post(f"{base}/{table}/result", content=text, headers=auth(DIRECTOR))
        assert answer.status_code == 422 and "nested" in answer.json()["error"], answer.text
        answer = client.post(
            f"{base}/{table}/calls/{10**20}/answer", json={"note": ""}, headers=auth(DIRECTOR)
        )
        assert answer.status_code == 422, answer.text
        assert "call_id" in answer.json()["error"]


def test_the_consoles_page_has_the_security_headers(served: Served) -> None:
    for path in ["/director", "/director/console.js", "/director/console.css"]:
        answer = httpx.get(f"{served.base}{path}")
        assert answer.status_code == 200
        for name, value in HEADERS.items():
            assert answer.headers[name] == value, (path, name)


def test_a_database_corrupted_under_the_server_is_a_503(tmp_path: Path) -> None:
    database = tmp_path / "tables.db"
    served = Served(database, tmp_path / "serve.log", DIRECTOR)
    served.start()
    try:
        table, seats = new_table(served)
        # the file ruined under the running server (its pages written over)
        with sqlite3.connect(database) as plain:
            plain.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        size = database.stat().st_size
        with database.open("r+b") as ruined:
            ruined.write(os.urandom(size))
        answer = httpx.get(f"{served.base}/api/tables/never-made", headers=auth(DIRECTOR))
        assert answer.status_code == 503, answer.text
        assert "database" in answer.json()["error"]
        event = httpx.post(
            f"{served.base}/api/tables/{table}/events",
            json={"event": "1NT"},
            headers=auth(seats["N"]),
        )
        assert event.status_code == 503, event.text
    finally:
        served.close()
    assert "refused 503" in (tmp_path / "serve.log").read_text()


def test_a_nul_character_is_a_clear_4xx_on_both_databases(database_url: str) -> None:
    """PostgreSQL cannot store a NUL in a text (SQLite can): refused before the database on
    both, in a path, a claim's statement and a call's reason, and nothing is stored."""
    app = create_app(database_url, DIRECTOR)
    try:
        client = TestClient(app)
        table, seats = new_table_of(client, director=DIRECTOR)
        assert client.get("/api/tables/a%00b", headers=auth(DIRECTOR)).status_code == 400
        assert client.get("/table/a%00b").status_code == 400
        query = client.get("/api/director/log?table=x&clause=%00", headers=auth(DIRECTOR))
        assert query.status_code == 422 and "query: clause:" in query.json()["error"]
        for seat, event in zip("NESWE", ["1NT", "pass", "pass", "pass", "DK"], strict=True):
            act(client, table, seats[seat], event)
        events = f"/api/tables/{table}/events"
        claim = client.post(events, json={"event": "claim 7: \u0000 all"}, headers=auth(seats["N"]))
        assert claim.status_code == 422 and "NUL" in claim.json()["error"], claim.text
        reason = {"reason": "he \u0000 revoked"}
        call = client.post(f"/api/tables/{table}/calls", json=reason, headers=auth(seats["S"]))
        assert call.status_code == 422, call.text
        view = client.get(f"/api/tables/{table}", headers=auth(DIRECTOR)).json()
        assert len(view["play"]) == 1 and view["claim"] is None
        calls = client.get(f"/api/tables/{table}/calls", headers=auth(DIRECTOR)).json()
        assert calls["calls"] == []
    finally:
        app.state.server.engine.dispose()


def test_one_role_opens_a_bounded_number_of_session_streams(tmp_path: Path) -> None:
    """A session's player or table device: at most as many streams as a seat at a table."""
    app = create_app(f"sqlite:///{tmp_path / 'tables.db'}", DIRECTOR)
    try:
        client = TestClient(app)
        movement = {"kind": "mitchell", "tables": 3, "rounds": 2, "boards_per_round": 1}
        body = {"name": "Pairs", "date": "2026-11-24", "scoring": "matchpoints"}
        answer = client.post(
            "/api/sessions", json=body | {"movement": movement}, headers=auth(DIRECTOR)
        )
        assert answer.status_code == 200, answer.text
        session, player = answer.json()["session"], answer.json()["players"]["1"][0]
        path = f"/api/sessions/{session}/stream?token={player}"
        with ExitStack() as held:
            for _ in range(STREAMS_PER_SEAT):
                held.enter_context(client.websocket_connect(path)).receive_json()
            with (
                client.websocket_connect(path) as one_more,
                pytest.raises(WebSocketDisconnect) as closed,
            ):
                one_more.receive_json()
            assert closed.value.code == 4429
        # once they are closed, the player may open one again
        with client.websocket_connect(path) as again:
            assert again.receive_json()["session"] == session
    finally:
        app.state.server.engine.dispose()
