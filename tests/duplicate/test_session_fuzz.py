"""Hostile and broken clients against the session API: any JSON (and some that is not) to every
session endpoint, from every role, never gets an internal error, and whatever was accepted reads
back the same after a restart (the log replayed)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bridgelaw.server.app import create_app
from tests.api_client import DIRECTOR, auth
from tests.session_client import start

ANSWERS = {200, 401, 403, 404, 409, 413, 422}
"""What a request may get: anything else (a 500) is a bug."""

scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(10**12), max_value=10**12),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=12),
    st.sampled_from(
        ["1", "2", "3", "4H", "3NT", "passed-out", "N", "S", "SA", "A+", "50%", "late"]
    ),
)
KEYS = [
    "round", "board", "table", "contract", "declarer", "tricks", "lead", "ns_score", "artificial",
    "weighted", "split", "supersedes", "note", "organiser_agreed", "unfinished", "pair", "player",
    "name", "robot", "reason", "result", "NS", "EW", "weight", "movement", "kind", "tables",
    "rounds", "boards_per_round", "deals", "play", "scoring",
]  # fmt: skip
values = st.recursive(
    scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4), st.dictionaries(st.sampled_from(KEYS), inner, max_size=6)
    ),
    max_leaves=12,
)
bodies = st.dictionaries(st.sampled_from(KEYS), values, max_size=7)
ENDPOINTS = ["results", "round", "end", "players", "calls", "score-preview", "results/1/accept",
             "results/1/dispute", "calls/1/answer"]  # fmt: skip


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[TestClient, Path]]:
    folder = tmp_path_factory.mktemp("fuzz")
    app = create_app(f"sqlite:///{folder / 'fuzz.db'}", DIRECTOR)
    app.state.limits.rate, app.state.limits.burst = 1e6, 10**6  # not under test here
    with TestClient(app) as client:
        yield client, folder


@settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    requests=st.lists(
        st.tuples(
            st.sampled_from(ENDPOINTS),
            st.sampled_from(["director", "table", "player", "none"]),
            bodies,
        ),
        min_size=1,
        max_size=8,
    )
)
def test_any_body_to_any_endpoint_is_answered_not_crashed(
    served: tuple[TestClient, Path], requests: list[tuple[str, str, dict[str, Any]]]
) -> None:
    client, _ = served
    started = start(
        client, movement={"kind": "mitchell", "tables": 3, "rounds": 2, "boards_per_round": 2}
    )
    session = started["session"]
    tokens = {
        "director": DIRECTOR,
        "table": started["tables"]["1"],
        "player": started["players"]["1"][0],
        "none": "",
    }
    for endpoint, role, body in requests:
        headers = auth(tokens[role]) if tokens[role] else {}
        answer = client.post(f"/api/sessions/{session}/{endpoint}", json=body, headers=headers)
        assert answer.status_code in ANSWERS, (endpoint, role, body, answer.text)
        assert "error" in answer.json() or answer.status_code == 200
    # not JSON at all, and a body that is not an object
    for raw in (b"{", b"[1, 2]", b"\xff\xfe", b'"text"'):
        answer = client.post(
            f"/api/sessions/{session}/results", content=raw, headers=auth(tokens["table"])
        )
        assert answer.status_code in ANSWERS


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(body=bodies)
def test_any_session_request_is_made_or_refused_naming_a_field(
    served: tuple[TestClient, Path], body: dict[str, Any]
) -> None:
    client, _ = served
    answer = client.post("/api/sessions", json=body, headers=auth(DIRECTOR))
    assert answer.status_code in (200, 422), answer.text
    if answer.status_code == 422:
        assert answer.json()["error"].split(":")[0], answer.json()


def test_what_was_accepted_reads_back_after_a_restart(served: tuple[TestClient, Path]) -> None:
    """Every session the fuzzing made, loaded again by a new server on the same database (its
    log replayed), shows the same results log, round and published ranking."""
    client, folder = served
    # one session of its own: the fuzzing tests' sessions are there only when the same worker
    # ran them first (pytest-xdist may send this test to another)
    start(client, movement={"kind": "mitchell", "tables": 3, "rounds": 2, "boards_per_round": 2})
    listed = client.get("/api/sessions", headers=auth(DIRECTOR)).json()["sessions"]
    assert listed
    before = {
        s["session"]: (
            client.get(f"/api/sessions/{s['session']}/log", headers=auth(DIRECTOR)).json(),
            client.get(f"/api/sessions/{s['session']}/ranking").json(),
            s["round"],
        )
        for s in listed
    }
    again = create_app(f"sqlite:///{folder / 'fuzz.db'}", DIRECTOR)
    again.state.limits.rate, again.state.limits.burst = 1e6, 10**6
    with TestClient(again) as fresh:
        for session, (log, ranking, round_) in before.items():
            assert fresh.get(f"/api/sessions/{session}/log", headers=auth(DIRECTOR)).json() == log
            assert fresh.get(f"/api/sessions/{session}/ranking").json() == ranking
            view = fresh.get(f"/api/sessions/{session}", headers=auth(DIRECTOR)).json()
            assert view["round"] == round_
    assert json.dumps(before)  # the sessions held something to compare
