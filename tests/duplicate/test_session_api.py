"""The duplicate session over HTTP (``session-api.md``), played with results entered at the
tables: on SQLite and on PostgreSQL.

Whole sessions of each movement kind with random results (table results, adjusted scores of
every Law 12 form, corrections, late plays), the live ranking compared at every step with what
``score-event`` gives on the session's ``results.json``; every role refused what it may not do.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from bridgelaw.formats.movement_file import write_movement_file
from bridgelaw.server.app import create_app
from bridgelaw.tournament.movements import mitchell
from tests.api_client import DEAL, DIRECTOR, auth
from tests.session_client import adjusted, ranking, scored, start, table_result

MITCHELL = {"kind": "mitchell", "tables": 3, "rounds": 3, "boards_per_round": 2}
CLUB_FILE = write_movement_file(mitchell(tables=3, boards_per_round=2, arrow_switch=[3]))
"""A club's own movement, as the movement file it loads (docs/movements.md)."""


@pytest.fixture
def client(database_url: str) -> Iterator[TestClient]:
    app = create_app(database_url, DIRECTOR)
    app.state.limits.rate, app.state.limits.burst = 1e6, 10**6  # not under test here
    with TestClient(app) as test_client:
        yield test_client


def enter(client: TestClient, session: str, token: str, body: dict[str, Any]) -> Any:
    return client.post(f"/api/sessions/{session}/results", json=body, headers=auth(token))


def accept(client: TestClient, session: str, token: str, result: str) -> Any:
    return client.post(f"/api/sessions/{session}/results/{result}/accept", headers=auth(token))


def check_ranking(client: TestClient, session: str) -> None:
    """The live ranking is what score-event gives on results.json, at this moment."""
    published = client.get(f"/api/sessions/{session}/results.json").json()
    if published["results"]:
        assert ranking(client, session) == scored(client, session)
    else:  # score-event refuses an empty file: nothing scored, nobody ahead of anybody
        live = ranking(client, session)
        assert live["boards"] == []
        assert len({(r["rank"], r["score"]) for r in live["ranking"]}) <= 1


def play_session(client: TestClient, spec: dict[str, Any], seed: int) -> dict[str, Any]:
    """A whole session with random results, checked at every step; returns the session's
    answer at its start."""
    rng = random.Random(seed)
    started = start(client, **spec)
    session, tables = started["session"], started["tables"]
    view = client.get(f"/api/sessions/{session}", headers=auth(DIRECTOR)).json()
    deferred: list[tuple[int, int, int]] = []
    for round_ in view["rounds"]:
        number = round_["round"]
        for seating in round_["tables"]:
            if seating.get("sitout"):
                continue
            token = tables[seating["table"]]
            for board in seating["boards"]:
                draw = rng.random()
                if draw < 0.1:  # not finished in time: a late play (Law 8B2)
                    deferred.append((number, int(seating["table"]), board))
                    continue
                slot = {"round": number, "board": board}
                if draw < 0.2:  # the director's adjusted score (Law 12)
                    body = slot | {"table": seating["table"]} | adjusted(rng)
                    answer = enter(client, session, DIRECTOR, body)
                    assert answer.status_code == 200, answer.text
                    assert answer.json()["status"] == "accepted"
                else:
                    answer = enter(client, session, token, slot | table_result(rng))
                    assert answer.status_code == 200, answer.text
                    assert answer.json()["status"] == "entered"
                    result = answer.json()["result"]
                    check_ranking(client, session)  # not counted before acceptance
                    assert accept(client, session, token, result).json()["status"] == "accepted"
                check_ranking(client, session)
        # a correction (Law 79C) of a result of this round, now and then
        log = client.get(f"/api/sessions/{session}/log", headers=auth(DIRECTOR)).json()
        in_force = [r for r in log["results"] if r["status"] == "accepted"]
        if in_force and rng.random() < 0.7:
            old = rng.choice(in_force)
            body = {"supersedes": old["result"], "note": "wrong declarer"} | table_result(rng)
            answer = enter(client, session, DIRECTOR, body)
            assert answer.status_code == 200, answer.text
            check_ranking(client, session)
        move = client.post(f"/api/sessions/{session}/round", json={}, headers=auth(DIRECTOR))
        assert move.status_code == 200, move.text
        # the late plays are finished during the next round, or after the session (8B2)
        for late in list(deferred):
            if rng.random() < 0.5 or move.json()["round"] is None:
                round_number, table, board = late
                token = tables[str(table)]
                answer = enter(
                    client,
                    session,
                    token,
                    {"round": round_number, "board": board} | table_result(rng),
                )
                assert answer.status_code == 200, answer.text
                assert accept(client, session, token, answer.json()["result"]).status_code == 200
                deferred.remove(late)
                check_ranking(client, session)
    final = client.get(f"/api/sessions/{session}", headers=auth(DIRECTOR)).json()
    assert final["round"] is None
    assert final["progress"] == {"accepted": sum(final["progress"].values())}
    return started


SPECS: dict[str, dict[str, Any]] = dict(
    zip(
        [
            "mitchell",
            "arrow-switch",
            "mitchell-skip",
            "howell",
            "howell-butler",
            "cross-imps",
            "teams",
            "teams-bye",
            "mitchell-phantom",
            "share-and-relay",
            "howell-phantom",
            "club-file",
        ],
        [
            {"movement": MITCHELL},
            {"movement": MITCHELL | {"arrow_switch": [3]}},
            {"movement": {"kind": "mitchell", "tables": 4, "rounds": 3, "boards_per_round": 2}},
            {"movement": {"kind": "howell", "tables": 3, "rounds": 5, "boards_per_round": 2}},
            {
                "movement": {"kind": "howell", "tables": 2, "boards_per_round": 2},
                "scoring": "imps-datum",
            },
            {"movement": MITCHELL, "scoring": "cross-imps"},
            {"movement": {"kind": "teams", "tables": 4, "boards_per_round": 3}, "scoring": "teams"},
            {"movement": {"kind": "teams", "tables": 3, "boards_per_round": 2}, "scoring": "teams"},
            {"movement": MITCHELL | {"tables": 4, "pairs": 7}},
            {
                "movement": {
                    "kind": "mitchell",
                    "tables": 4,
                    "boards_per_round": 2,
                    "even": "share-relay",
                }
            },
            {
                "movement": {
                    "kind": "howell",
                    "tables": 4,
                    "rounds": 3,
                    "boards_per_round": 2,
                    "pairs": 7,
                }
            },
            {"movement": {"kind": "file", "content": CLUB_FILE}},
        ],
        strict=True,
    )
)
"""Every kind of session the API starts, by name."""
ON_POSTGRESQL = ("mitchell", "teams", "club-file")
"""The sessions also played on PostgreSQL: the movements and scorings are the database's
business only through what is stored, which these three store every kind of (the rest run on
SQLite alone, to keep the suite's time)."""


@pytest.mark.parametrize(
    ("database_url", "name"),
    [("sqlite", name) for name in SPECS] + [("postgresql", name) for name in ON_POSTGRESQL],
    indirect=["database_url"],
)
def test_whole_session_ranking_is_score_event_at_every_step(client: TestClient, name: str) -> None:
    spec = SPECS[name]
    play_session(client, spec, seed=hash(str(spec)) % 1000)


def test_results_json_reads_back_in_the_command(client: TestClient, tmp_path: Any) -> None:
    """The published results file, given to the real ``bridgelaw score-event`` command as a
    process, ranks the pairs as the live ranking does."""
    import json
    import subprocess
    import sys

    started = play_session(client, {"movement": MITCHELL}, seed=5)
    session = started["session"]
    path = tmp_path / "results.json"
    path.write_text(client.get(f"/api/sessions/{session}/results.json").text)
    run = subprocess.run(
        [sys.executable, "-m", "bridgelaw", "score-event", str(path), "--json"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert run.returncode == 0, run.stderr
    assert json.loads(run.stdout) == ranking(client, session)


# -- the start of a session ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"movement": {"kind": "lollipop", "tables": 3, "boards_per_round": 2}}, "movement.kind"),
        (
            {"movement": {"kind": "mitchell", "tables": 3, "rounds": 5, "boards_per_round": 2}},
            "movement.rounds",
        ),
        (
            {"movement": {"kind": "mitchell", "tables": "three", "boards_per_round": 2}},
            "movement.tables",
        ),
        ({"scoring": "rubber"}, "scoring"),
        ({"play": "bridgebase"}, "play"),
        ({"edition": 1997}, "edition"),
        ({"pairs": {"99": ["A", "B"]}}, "pairs.99"),
        (
            {"deals": f'[Board "1"]\n[Deal "{DEAL}"]\n'},
            "deals",
        ),
        ({"robots": ["1"]}, "robots"),
        ({"movement": {"kind": "mitchell", "tables": 99, "boards_per_round": 50}}, "movement"),
        ({"clock": {"seconds_per_board": -5}}, "clock.seconds_per_board"),
    ],
)
def test_a_session_that_cannot_be_made_names_the_field(
    client: TestClient, change: dict[str, Any], field: str
) -> None:
    body = {"name": "x", "movement": MITCHELL} | change
    answer = client.post("/api/sessions", json=body, headers=auth(DIRECTOR))
    assert answer.status_code == 422, answer.text
    assert answer.json()["error"].startswith(field + ":"), answer.json()


def test_only_the_director_starts_a_session(client: TestClient) -> None:
    body = {"name": "x", "movement": MITCHELL}
    assert client.post("/api/sessions", json=body).status_code == 401
    assert client.post("/api/sessions", json=body, headers=auth("nobody")).status_code == 403


def test_the_answer_gives_a_token_per_table_and_two_per_pair(client: TestClient) -> None:
    started = start(client, movement=MITCHELL, pairs={"1": ["Anna Nowak", "Jan Kowalski"]})
    assert set(started["tables"]) == {"1", "2", "3"}
    assert set(started["players"]) == {"1", "2", "3", "4", "5", "6"}
    assert all(len(tokens) == 2 for tokens in started["players"].values())
    tokens = [*started["tables"].values(), *(t for ts in started["players"].values() for t in ts)]
    assert len(set(tokens)) == len(tokens)
    view = client.get(f"/api/sessions/{started['session']}", headers=auth(DIRECTOR)).json()
    assert view["round"] == 1
    assert view["pairs"]["1"] == ["Anna Nowak", "Jan Kowalski"]
    # Mitchell: NS pairs 1-3 stay at their tables, EW pairs 4-6 move (tournament/movements.py)
    first = {t["table"]: (t["ns"], t["ew"], t["boards"]) for t in view["rounds"][0]["tables"]}
    assert first == {"1": ("1", "4", [1, 2]), "2": ("2", "5", [3, 4]), "3": ("3", "6", [5, 6])}


def test_given_deals_are_the_boards_and_without_them_the_server_deals(client: TestClient) -> None:
    from bridgelaw.sample.dealer import sample_deal

    deals = "".join(f'[Board "{b}"]\n[Deal "{sample_deal(b).pbn()}"]\n\n' for b in range(1, 7))
    given = start(client, movement=MITCHELL, deals=deals)["session"]
    text = client.get(f"/api/sessions/{given}/deals", headers=auth(DIRECTOR)).text
    assert sample_deal(4).pbn() in text
    dealt = start(client, movement=MITCHELL)["session"]
    view = client.get(f"/api/sessions/{dealt}", headers=auth(DIRECTOR)).json()
    assert view["dealt_by"].startswith("Law 6, commitment ")
    hand_record = client.get(f"/api/sessions/{dealt}/deals", headers=auth(DIRECTOR)).text
    assert hand_record.count("[Deal ") == 6
    assert client.get(f"/api/sessions/{dealt}/deals").status_code == 401


# -- who may do what ------------------------------------------------------------------------------


def test_every_role_is_refused_what_it_may_not_do(client: TestClient) -> None:
    started = start(client, movement=MITCHELL)
    session, tables, players = started["session"], started["tables"], started["players"]
    result = {"round": 1, "board": 1, "contract": "3NT", "declarer": "N", "tricks": 9}
    # nobody without a token reads the session; a stranger's token is refused
    assert client.get(f"/api/sessions/{session}").status_code == 401
    assert client.get(f"/api/sessions/{session}", headers=auth("stranger")).status_code == 403
    # a player does not enter a result, the device of another table neither
    assert enter(client, session, players["1"][0], result).status_code == 403
    assert enter(client, session, tables["2"], result | {"table": "1"}).status_code == 403
    # a table does not give an adjusted score (Law 12) or correct a result (79C)
    refused = enter(client, session, tables["1"], {"round": 1, "board": 1, "ns_score": 420})
    assert refused.status_code == 403 and refused.json()["law"] == "12"
    entered = enter(client, session, tables["1"], result).json()["result"]
    assert enter(client, session, tables["1"], result | {"supersedes": entered}).status_code == 403
    # only that table (or the director) accepts its result
    assert accept(client, session, tables["2"], entered).status_code == 403
    assert accept(client, session, players["4"][0], entered).status_code == 403
    assert accept(client, session, tables["1"], entered).status_code == 200
    # only the director moves, ends, reads the log and the deals, changes a player
    for path in ("round", "end", "players"):
        answer = client.post(f"/api/sessions/{session}/{path}", json={}, headers=auth(tables["1"]))
        assert answer.status_code == 403, path
    for path in ("log", "deals"):
        answer = client.get(f"/api/sessions/{session}/{path}", headers=auth(players["1"][1]))
        assert answer.status_code == 403, path
    # a token of another session is a stranger here
    other = start(client, movement=MITCHELL)
    assert enter(client, session, other["tables"]["1"], result).status_code == 403


def test_a_result_is_checked_against_the_movement_and_the_deal(client: TestClient) -> None:
    from bridgelaw.cards import Seat, card_name
    from bridgelaw.sample.dealer import sample_deal

    deals = "".join(f'[Board "{b}"]\n[Deal "{sample_deal(b).pbn()}"]\n\n' for b in range(1, 7))
    started = start(client, movement=MITCHELL, deals=deals)
    session, token = started["session"], started["tables"]["1"]
    base: dict[str, Any] = {"round": 1, "board": 1, "contract": "4S", "declarer": "S", "tricks": 10}
    # board 3 is table 2's in round 1; round 2 has not started; round 9 does not exist
    for change in ({"board": 3}, {"round": 2}, {"round": 9}):
        answer = enter(client, session, token, base | change)
        assert answer.status_code == 422, (change, answer.text)
    # impossible results
    impossible: list[dict[str, Any]] = [
        {"tricks": 14},
        {"contract": "8S"},
        {"declarer": "X"},
        {"contract": "4S", "tricks": None},
    ]
    for change in impossible:
        assert enter(client, session, token, base | change).status_code == 422, change
    # the opening lead is made by declarer's left-hand opponent (Law 41A): West for South
    deal = sample_deal(1)
    west = card_name(next(c for c in range(52) if deal.holder(c) == Seat.WEST))
    north = card_name(next(c for c in range(52) if deal.holder(c) == Seat.NORTH))
    refused = enter(client, session, token, base | {"lead": north})
    assert refused.status_code == 422 and refused.json()["law"] == "41A"
    passed = {"round": 1, "board": 1, "contract": "passed-out", "lead": west}
    assert enter(client, session, token, passed).status_code == 422
    first = enter(client, session, token, base | {"lead": west})
    assert first.status_code == 200, first.text
    # the board already has a result at this table: a change is a correction
    again = enter(client, session, token, base | {"tricks": 9})
    assert again.status_code == 409
    assert "supersedes" in again.json()["error"]
    # nothing stored by any refusal
    log = client.get(f"/api/sessions/{session}/log", headers=auth(DIRECTOR)).json()
    assert [r["result"] for r in log["results"]] == [first.json()["result"]]


def test_corrections_supersede_and_never_delete(client: TestClient) -> None:
    started = start(client, movement=MITCHELL)
    session, token = started["session"], started["tables"]["2"]
    first = enter(
        client,
        session,
        token,
        {"round": 1, "board": 3, "contract": "2H", "declarer": "E", "tricks": 8},
    )
    accept(client, session, token, first.json()["result"])
    fix = {
        "supersedes": first.json()["result"],
        "contract": "2H",
        "declarer": "E",
        "tricks": 7,
        "note": "9 tricks were agreed, 8 written",
    }
    second = enter(client, session, DIRECTOR, fix)
    assert second.json() == {"result": "2", "status": "accepted"}
    # the superseded one stays in the log, marked, and cannot be superseded or accepted again
    log = client.get(f"/api/sessions/{session}/log", headers=auth(DIRECTOR)).json()["results"]
    assert [(r["result"], r["status"], r["superseded_by"]) for r in log] == [
        ("1", "superseded", "2"),
        ("2", "accepted", None),
    ]
    assert (
        log[1]["supersedes"] == "1"
        and log[1]["by"] == "director"
        and log[1]["note"].startswith("9 tricks")
    )
    assert enter(client, session, DIRECTOR, fix).status_code == 409
    assert accept(client, session, token, "1").status_code == 409
    published = client.get(f"/api/sessions/{session}/results.json").json()["results"]
    assert [(r["board"], r["tricks"]) for r in published] == [(3, 7)]
    check_ranking(client, session)


def test_only_accepted_results_count(client: TestClient) -> None:
    started = start(client, movement=MITCHELL)
    session, token = started["session"], started["tables"]["1"]
    entered = enter(
        client,
        session,
        token,
        {"round": 1, "board": 1, "contract": "1NT", "declarer": "N", "tricks": 7},
    )
    assert client.get(f"/api/sessions/{session}/results.json").json()["results"] == []
    assert ranking(client, session)["ranking"] == []  # pairs: nobody is ranked before a result
    # the other side disagrees: the director is called (79B); the result still does not count
    disputed = client.post(
        f"/api/sessions/{session}/results/{entered.json()['result']}/dispute",
        json={"reason": "we made 8 tricks"},
        headers=auth(token),
    )
    assert disputed.json()["status"] == "disputed"
    calls = client.get(f"/api/sessions/{session}", headers=auth(DIRECTOR)).json()["calls"]
    assert any("79B" in c["reason"] for c in calls)
    assert (
        accept(client, session, DIRECTOR, entered.json()["result"]).json()["status"] == "accepted"
    )
    assert len(client.get(f"/api/sessions/{session}/results.json").json()["results"]) == 1
    # accepting again changes nothing
    assert accept(client, session, token, entered.json()["result"]).status_code == 200


def test_late_plays_and_boards_not_played(client: TestClient) -> None:
    started = start(client, movement=MITCHELL)
    session, tables = started["session"], started["tables"]
    # round 1: only table 1 plays board 1; the director moves (Law 8A1)
    done = enter(
        client,
        session,
        tables["1"],
        {"round": 1, "board": 1, "contract": "3NT", "declarer": "S", "tricks": 9},
    )
    accept(client, session, tables["1"], done.json()["result"])
    moved = client.post(f"/api/sessions/{session}/round", json={}, headers=auth(DIRECTOR)).json()
    assert moved["round"] == 2
    assert {(s["table"], s["board"]) for s in moved["late"]} == {
        ("1", 2),
        ("2", 3),
        ("2", 4),
        ("3", 5),
        ("3", 6),
    }
    # a late board is still played and entered (8B2), and says so
    late = enter(
        client,
        session,
        tables["2"],
        {"round": 1, "board": 3, "contract": "4H", "declarer": "N", "tricks": 10},
    )
    assert late.status_code == 200, late.text
    log = client.get(f"/api/sessions/{session}/log", headers=auth(DIRECTOR)).json()["results"]
    assert log[-1]["late"] is True
    # the director moves on scoring what is still unplayed as not played (12C2: his judgement)
    bad = client.post(
        f"/api/sessions/{session}/round", json={"unfinished": "not-played"}, headers=auth(DIRECTOR)
    )
    assert bad.status_code == 422 and bad.json()["law"] == "12C2a"
    moved = client.post(
        f"/api/sessions/{session}/round",
        json={"unfinished": "not-played", "artificial": {"NS": "A", "EW": "A-"}},
        headers=auth(DIRECTOR),
    ).json()
    assert moved["round"] == 3 and moved["late"] == []
    statuses = client.get(f"/api/sessions/{session}/log", headers=auth(DIRECTOR)).json()["results"]
    artificial = [r for r in statuses if "artificial" in r["entry"]]
    # round 1's four unplayed boards and round 2's six (table 2's board 3 waits to be accepted)
    assert len(artificial) == 4 + 6
    assert all(r["status"] == "accepted" for r in artificial)
    # round 1's board 3 at table 2 still waits for its acceptance
    assert accept(client, session, tables["2"], late.json()["result"]).status_code == 200
    check_ranking(client, session)


def test_the_session_ends_after_its_last_round(client: TestClient) -> None:
    started = start(client, movement=MITCHELL, correction_minutes=0)
    session, token = started["session"], started["tables"]["3"]
    answer = client.post(f"/api/sessions/{session}/end", json={}, headers=auth(DIRECTOR))
    assert answer.status_code == 409 and answer.json()["law"] == "8C"
    for _ in range(2):
        client.post(f"/api/sessions/{session}/round", json={}, headers=auth(DIRECTOR))
    ended = client.post(f"/api/sessions/{session}/end", json={}, headers=auth(DIRECTOR)).json()
    assert ended["round"] is None and ended["ended"] is not None
    assert (
        client.post(f"/api/sessions/{session}/round", json={}, headers=auth(DIRECTOR)).status_code
        == 409
    )
    # a late board is still entered after the end (8B2), and accepted
    late = enter(
        client,
        session,
        token,
        {"round": 3, "board": 3, "contract": "2S", "declarer": "W", "tricks": 8},
    )
    assert late.status_code == 200, late.text
    accept(client, session, token, late.json()["result"])
    # the correction period (79C1, here 0 minutes) is over: a correction needs the organiser
    fix = {"supersedes": late.json()["result"], "contract": "2S", "declarer": "W", "tricks": 9}
    refused = enter(client, session, DIRECTOR, fix)
    assert refused.status_code == 409 and refused.json()["law"] == "79C1"
    agreed = enter(client, session, DIRECTOR, fix | {"organiser_agreed": True})
    assert agreed.status_code == 200
    log = client.get(f"/api/sessions/{session}/log", headers=auth(DIRECTOR)).json()["results"]
    assert log[-1]["after_period"] is True


def test_a_sessions_pages_and_exports_are_public(client: TestClient) -> None:
    started = start(client, movement=MITCHELL, pairs={"1": ["Anna Nowak", "Jan Kowalski"]})
    session, token = started["session"], started["tables"]["1"]
    for board in (1, 2):
        done = enter(
            client,
            session,
            token,
            {"round": 1, "board": board, "contract": "3NT", "declarer": "N", "tricks": 9},
        )
        accept(client, session, token, done.json()["result"])
    page = client.get(f"/results/{session}/")
    assert page.status_code == 200
    assert "Anna Nowak" in page.text and "results/live.js" in page.text
    board_page = client.get(f"/results/{session}/boards/board-1.html")
    assert board_page.status_code == 200 and "3NT" in board_page.text
    # board 1 is still to be played at other tables later: its hands are not shown yet
    assert 'class="diagram"' not in board_page.text
    assert "deals" not in client.get(f"/api/sessions/{session}/results.json").json()
    assert client.get(f"/results/{session}/no-such.html").status_code == 404
    assert client.get("/results/no-such-session/").status_code == 404
    # every table plays every board: once board 1 is complete, its diagram and analysis show
    view = client.get(f"/api/sessions/{session}", headers=auth(DIRECTOR)).json()
    for round_ in view["rounds"]:
        if round_["round"] > 1:
            client.post(f"/api/sessions/{session}/round", json={}, headers=auth(DIRECTOR))
        for seating in round_["tables"]:
            for board in seating["boards"]:
                if (round_["round"], seating["table"]) == (1, "1"):
                    continue
                body = {"round": round_["round"], "board": board, "contract": "passed-out"}
                done = enter(client, session, started["tables"][seating["table"]], body)
                assert done.status_code == 200, done.text
                accept(client, session, started["tables"][seating["table"]], done.json()["result"])
    board_page = client.get(f"/results/{session}/boards/board-1.html")
    assert 'class="diagram"' in board_page.text
    assert "1" in client.get(f"/api/sessions/{session}/results.json").json()["deals"]


@pytest.mark.parametrize(
    "spec",
    [
        {"movement": MITCHELL},
        {"movement": MITCHELL, "scoring": "imps-datum"},
        {"movement": {"kind": "teams", "tables": 3, "boards_per_round": 2}, "scoring": "teams"},
    ],
    ids=["matchpoints", "butler", "teams"],
)
def test_the_exports_read_back_to_the_same_ranking(
    client: TestClient, spec: dict[str, Any]
) -> None:
    """The session's PBN and USEBIO, read by ``score-event``'s readers, score to exactly the
    live ranking (every board's values too)."""
    from bridgelaw.formats.results_pbn import read_results_pbn
    from bridgelaw.formats.usebio_read import read_usebio
    from bridgelaw.tournament.session import score_tournament

    session = play_session(client, spec, seed=7)["session"]
    live = ranking(client, session)
    pbn = read_results_pbn(client.get(f"/api/sessions/{session}/export.pbn").text, "s.pbn")
    usebio = read_usebio(client.get(f"/api/sessions/{session}/export.xml").content, "s.xml")
    for outcome in (pbn, usebio):
        assert outcome.tournament is not None, outcome.problems
        again = score_tournament(outcome.tournament).to_json()
        assert again["ranking"] == live["ranking"]
        assert again["boards"] == live["boards"]


def test_a_phantom_pair_makes_a_sit_out(client: TestClient) -> None:
    """Seven pairs in a four-table Mitchell: the phantom is North-South at table 4
    (docs/movements.md), so table 4 is a sit-out and its East-West pair of the round rests."""
    started = start(client, movement=MITCHELL | {"tables": 4, "pairs": 7})
    session = started["session"]
    assert "4" not in started["players"]  # the phantom has no players
    view = client.get(f"/api/sessions/{session}", headers=auth(DIRECTOR)).json()
    first = {t["table"]: t for t in view["rounds"][0]["tables"]}
    assert first["4"].get("sitout") is True and not first["1"].get("sitout")
    resting = first["4"]["ew"]
    assert view["rounds"][0]["sitouts"] == [resting]
    you = client.get(f"/api/sessions/{session}", headers=auth(started["players"][resting][0]))
    assert you.json()["you"]["sitout"] is True
    device = started["tables"]["4"]
    refused = enter(
        client,
        session,
        device,
        {"round": 1, "board": 7, "contract": "1NT", "declarer": "N", "tricks": 7},
    )
    assert refused.status_code == 422 and "sits out" in refused.json()["error"]
