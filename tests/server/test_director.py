"""The director's side of the server: calls (Law 9B), the table list, the ruling log, the offer
in plain words, and the board's result with adjusted scores (Law 12C) as the scorer reads it.

Expectations come from the Laws: after an opening lead out of turn declarer may accept it
(54B), spread his hand and become dummy (54A) or refuse it, the card becoming a major penalty
card (54D, 50D2); a replacement judged not comparable bars the offender's partner (27B2);
artificial scores are 60/40 % (12C2a); a weighted score is the weighted mean (12C1c); a split
score gives each side its own (12C1b).
"""

from __future__ import annotations

import json
import logging
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import create_engine, text
from starlette.websockets import WebSocketDisconnect

from bridgelaw.formats.results_json import read_results_json
from bridgelaw.scoring.adjusted import artificial_percent
from bridgelaw.scoring.results import Artificial, Points
from bridgelaw.server.app import create_app
from bridgelaw.table import Awaiting
from bridgelaw.table.meanings import (
    EXPLAINERS,
    MOVES,
    TITLES,
    consequence,
    explain,
    offer_of,
)
from bridgelaw.table.offers import ANSWER_ACTIONS, AnswerAction

from ..api_client import DEAL, DIRECTOR, act, auth, new_table

# board 5 of the README: North deals, N-S vulnerable (Law 2)
DEAL5 = "N:KJ74.A83.Q62.K95 Q82.KQJ5.AJ4.J73 A963.T76.K85.AQ2 T5.942.T973.T864"
AUCTION = ["N 1NT", "E pass", "S pass", "W pass"]  # North declares 1NT; East leads


def url_of(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'tables.db'}"


@pytest.fixture
def client(tmp_path: Path) -> TestClient:
    return TestClient(create_app(url_of(tmp_path), DIRECTOR))


def play(client: TestClient, table: str, seats: dict[str, str], events: list[str]) -> None:
    for event in events:
        seat, word = event.split(" ", 1)
        act(client, table, seats[seat], word)


def get(client: TestClient, path: str, token: str = DIRECTOR) -> Any:
    answer = client.get(path, headers=auth(token))
    assert answer.status_code == 200, answer.text
    return answer.json()


# -- calling the director (Law 9B) ----------------------------------------------------------------


def test_a_seat_calls_the_director_and_the_list_shows_it(client: TestClient) -> None:
    table, seats = new_table(client)
    quiet, _ = new_table(client)
    answer = client.post(
        f"/api/tables/{table}/calls", json={"reason": "lead out of turn"}, headers=auth(seats["E"])
    )
    assert answer.status_code == 200
    call = answer.json()["call"]
    assert isinstance(call, int)
    tables = {t["table"]: t for t in get(client, "/api/tables")["tables"]}
    assert set(tables) == {table, quiet}  # every table of the database
    (shown,) = tables[table]["calls"]
    assert (shown["call"], shown["seat"], shown["reason"]) == (call, "E", "lead out of turn")
    assert shown["time"].endswith("Z") and shown["answered"] is None
    assert tables[quiet]["calls"] == []
    first = tables[table]
    assert (first["board"], first["mode"], first["phase"], first["turn"]) == (
        1,
        "law",
        "auction",
        "N",
    )
    assert first["awaiting"] is None and first["events"] == 0


def test_the_console_stream_tells_every_change_of_a_table(client: TestClient) -> None:
    """The console follows the tables on its WebSocket, no polling: the list at once, then
    each table's new line after an event, a call (with the open calls) and its answer."""
    table, seats = new_table(client)
    with client.websocket_connect(f"/api/director/stream?token={DIRECTOR}") as stream:
        first = stream.receive_json()
        assert first == get(client, "/api/tables")  # the list, as the console asks for it
        quiet, _ = new_table(client)
        assert stream.receive_json()["table"]["table"] == quiet
        act(client, table, seats["N"], "1NT")
        line = stream.receive_json()["table"]
        assert (line["table"], line["events"], line["turn"]) == (table, 1, "E")
        assert "calls" not in line
        client.post(f"/api/tables/{table}/calls", json={"reason": "?"}, headers=auth(seats["E"]))
        called = stream.receive_json()
        (call,) = called["calls"]
        assert (called["table"]["table"], call["seat"], call["answered"]) == (table, "E", None)
        path = f"/api/tables/{table}/calls/{call['call']}/answer"
        assert client.post(path, json={}, headers=auth(DIRECTOR)).status_code == 200
        assert stream.receive_json()["calls"] == []  # answered: no open call left
    for token, code in (("", 4401), (seats["N"], 4403)):
        with (
            pytest.raises(WebSocketDisconnect) as closed,
            client.websocket_connect(f"/api/director/stream?token={token}") as refused,
        ):
            refused.receive_json()  # closed before anything is sent
        assert closed.value.code == code


def test_the_list_says_whose_turn_and_what_the_engine_awaits(client: TestClient) -> None:
    table, seats = new_table(client)
    play(client, table, seats, [*AUCTION, "W S5"])  # West leads: East's turn (Law 54)
    (listed,) = get(client, "/api/tables")["tables"]
    assert listed["phase"] == "play" and listed["contract"] == "1NT" and listed["declarer"] == "N"
    assert listed["awaiting"] == {
        "who": "N",
        "law": "54",
        "options": ["accept", "spread", "decline"],
    }


def test_answering_a_call_appends_and_closes_it(client: TestClient, tmp_path: Path) -> None:
    table, seats = new_table(client)
    call = client.post(f"/api/tables/{table}/calls", json={}, headers=auth(seats["S"])).json()
    later = client.post(
        f"/api/tables/{table}/calls", json={"reason": "claim"}, headers=auth(seats["W"])
    )
    answer = client.post(
        f"/api/tables/{table}/calls/{call['call']}/answer",
        json={"note": "ruled 54B"},
        headers=auth(DIRECTOR),
    )
    assert answer.status_code == 200 and answer.json()["call"] == call["call"]
    (open_call,) = get(client, "/api/tables")["tables"][0]["calls"]
    assert open_call["call"] == later.json()["call"]  # only the unanswered one is open
    every = get(client, f"/api/tables/{table}/calls")["calls"]
    assert [(c["seat"], c["reason"], c["note"]) for c in every] == [
        ("S", "", "ruled 54B"),
        ("W", "claim", None),
    ]
    again = client.post(
        f"/api/tables/{table}/calls/{call['call']}/answer", json={}, headers=auth(DIRECTOR)
    )
    assert again.status_code == 409  # answered once; the record is never rewritten
    missing = client.post(f"/api/tables/{table}/calls/999/answer", json={}, headers=auth(DIRECTOR))
    assert missing.status_code == 404
    engine = create_engine(url_of(tmp_path))
    with engine.connect() as connection:
        calls = connection.execute(text("SELECT seat, reason FROM director_calls ORDER BY id"))
        assert [tuple(r) for r in calls] == [("S", ""), ("W", "claim")]
        answers = connection.execute(text("SELECT call_id, note FROM call_answers")).all()
        assert [tuple(r) for r in answers] == [(call["call"], "ruled 54B")]
    engine.dispose()


def test_a_call_by_dummy_during_the_play_is_marked(client: TestClient) -> None:
    table, seats = new_table(client)
    play(client, table, seats, [*AUCTION, "E SJ"])  # the opening lead is faced: South is dummy
    for seat in ("S", "E"):
        client.post(f"/api/tables/{table}/calls", json={}, headers=auth(seats[seat]))
    by_dummy, by_defender = get(client, f"/api/tables/{table}/calls")["calls"]
    # 9A4: dummy may not draw attention during the play; 9B1b: he may summon the director
    # once another player has drawn it
    assert by_dummy["seat"] == "S" and "9A4" in by_dummy["law_note"]
    assert "9B1b" in by_dummy["law_note"] and by_dummy["phase"] == "play"
    assert by_defender["law_note"] is None


def test_who_may_call(client: TestClient) -> None:
    table, seats = new_table(client)
    _other, other_seats = new_table(client)
    path = f"/api/tables/{table}/calls"
    assert client.post(path, json={}, headers=auth(DIRECTOR)).status_code == 403
    assert client.post(path, json={}, headers=auth(other_seats["N"])).status_code == 403
    assert client.post(path, json={}).status_code == 401
    too_long = client.post(path, json={"reason": "x" * 201}, headers=auth(seats["N"]))
    assert too_long.status_code == 422
    assert (
        client.post("/api/tables/nope/calls", json={}, headers=auth(seats["N"])).status_code == 404
    )
    assert get(client, "/api/tables")["tables"][0]["calls"] == []


def test_only_the_director_uses_the_console_api(
    client: TestClient, caplog: pytest.LogCaptureFixture
) -> None:
    table, seats = new_table(client)
    call = client.post(f"/api/tables/{table}/calls", json={}, headers=auth(seats["N"])).json()
    seat = auth(seats["E"])
    refused = [
        client.get("/api/tables", headers=seat),
        client.get(f"/api/tables/{table}/calls", headers=seat),
        client.get(f"/api/tables/{table}/events", headers=seat),
        client.get(f"/api/tables/{table}/rulings", headers=seat),
        client.get(f"/api/tables/{table}/console", headers=seat),
        client.post(f"/api/tables/{table}/result", json={"ns_score": 420}, headers=seat),
        client.post(f"/api/tables/{table}/calls/{call['call']}/answer", json={}, headers=seat),
    ]
    with caplog.at_level(logging.WARNING, logger="bridgelaw.server"):
        refused.append(client.get("/api/tables", headers=seat))
    assert [r.status_code for r in refused] == [403] * len(refused)
    # the refusal and its phrase (id and parameters, for a page in another language), no more
    assert all(set(r.json()) - {"message", "params"} == {"error"} for r in refused)
    logged = [r.getMessage() for r in caplog.records if r.name == "bridgelaw.server"]
    assert any("403" in m and "/api/tables" in m for m in logged)
    assert not any(seats["E"] in m for m in logged)  # the token itself is never logged
    assert client.get("/api/tables").status_code == 401


# -- one table: the offer in plain words, the ruling log ------------------------------------------


def test_a_lead_out_of_turn_the_options_and_the_spread(client: TestClient) -> None:
    table, seats = new_table(client)
    play(client, table, seats, [*AUCTION, "W S5"])  # West leads; East should (Law 54)
    console = get(client, f"/api/tables/{table}/console")
    offer = console["offer"]
    assert (offer["who"], offer["law"]) == ("N", "54")
    # the options explained are the engine's, in its order
    assert [o["option"] for o in offer["options"]] == console["view"]["awaiting"]["options"]
    assert "opening lead out of turn" in offer["title"]
    clauses = {o["option"]: o["law"] for o in offer["options"]}
    assert clauses == {"accept": "54B", "spread": "54A", "decline": "54D"}
    said = {o["option"]: o["consequence"] for o in offer["options"]}
    assert "becomes dummy" in said["spread"]
    assert "major penalty card" in said["decline"]
    assert console["view"]["deal"] == DEAL  # the director sees the whole deal
    # the director enters declarer's choice: 54A, declarer becomes dummy, South declares
    view = act(client, table, DIRECTOR, "N spread")
    assert view["declarer"] == "S"
    (ruling,) = get(client, f"/api/tables/{table}/rulings")["rulings"]
    assert (ruling["law"], ruling["seat"], ruling["event"]) == ("54A", "W", 6)
    assert (ruling["decided_by"], ruling["sent_by"]) == ("N", "director")
    assert ruling["event_text"] == "N spread" and ruling["time"].endswith("Z")
    events = get(client, f"/api/tables/{table}/events")["events"]
    assert [(e["index"], e["text"], e["sent_by"]) for e in events][-2:] == [
        (5, "W S5", "W"),
        (6, "N spread", "director"),
    ]


def test_a_refused_lead_becomes_a_penalty_card_chosen_by_declarer(client: TestClient) -> None:
    table, seats = new_table(client)
    play(client, table, seats, [*AUCTION, "W S5"])
    act(client, table, seats["N"], "decline")  # declarer chooses himself, at his table
    console = get(client, f"/api/tables/{table}/console")
    assert console["view"]["penalty_cards"] == [{"seat": "W", "card": "S5", "kind": "major"}]
    offer = console["offer"]
    assert offer["law"] == "50D2" and offer["who"] == "N"  # 54D sends to 50D2
    said = {o["option"]: (o["law"], o["consequence"]) for o in offer["options"]}
    assert said["require S"][0] == "50D2a" and "must lead spades" in said["require S"][1]
    assert said["forbid S"][0] == "50D2a" and "may not lead spades" in said["forbid S"][1]
    assert "stay on the table" in said["no-restriction"][1]
    (ruling,) = console["rulings"]
    assert ruling["law"] == "54D" and (ruling["decided_by"], ruling["sent_by"]) == ("N", "N")


def test_a_judgement_is_logged_as_the_directors(client: TestClient) -> None:
    table, seats = new_table(client, board=5, deal=DEAL5)
    play(client, table, seats, ["N 1S", "E 1H", "S decline", "E 3H"])
    offer = get(client, f"/api/tables/{table}/console")["offer"]
    assert offer["who"] == "director" and offer["law"] == "27B1b"
    assert [o["option"] for o in offer["options"]] == ["comparable", "not-comparable"]
    act(client, table, DIRECTOR, "director not-comparable")
    rulings = get(client, f"/api/tables/{table}/rulings")["rulings"]
    last = rulings[-1]
    assert last["law"] == "27B2" and last["seat"] == "E"  # 27B2: West passes throughout
    assert (last["decided_by"], last["sent_by"]) == ("director", "director")
    view = get(client, f"/api/tables/{table}/console")["view"]
    assert view["barred"] == [{"seat": "W", "until": "end-of-auction"}]


def test_every_offer_of_the_script_suite_is_explained() -> None:
    """Every offer the engine makes in the project's scripts has a title of its own and a
    consequence for each option of each party it waits for, found from the option's command
    (no fallback sentence); the offer read back from its JSON says the same."""
    import yaml

    from bridgelaw.table import Table, parse_event

    seen: set[str] = set()
    actions: set[str] = set()
    for path in sorted((Path(__file__).parents[1] / "scripts").rglob("*.yaml")):
        script = yaml.safe_load(path.read_text(encoding="utf-8"))
        try:
            table = Table.from_deal(
                script["board"], script["deal"], edition=int(script.get("edition", 2017))
            )
        except Exception:  # a script testing a bad deal
            continue
        for index, event in enumerate(script["events"], 1):
            try:
                table.apply(parse_event(str(event), index))
            except Exception:  # a script error, tested elsewhere
                break
            offer = table.awaiting
            if offer is None:
                continue
            explained = explain(offer)
            assert explained is not None
            # the script's JSON holds no groups (27B's replacements, grouped by what follows
            # them: the engine's, Awaiting.groups): read back, it says what the offer says
            # without them
            plain = Awaiting(offer.who, offer.law, offer.options, offer.others)
            assert explain(offer.as_json()) == explain(plain), (path, offer)
            if not offer.groups:
                assert explain(plain) == explained, (path, offer)
            seen.add(offer.law)
            assert not explained["title"].startswith("an offer under"), (path, offer)
            for option in explained["options"]:
                assert not option["consequence"].endswith(f"(Law {offer.law})"), (path, option)
                assert option["law"][:2].isdigit()
            for command in offer.commands():  # the other parties' too (69A, 43B2a, 36B...)
                actions.add(command.command.action)
                said = consequence(offer, command)
                assert said is not None, (path, offer.law, command.who, command.word)
    assert {"54", "27A1", "29A", "50D2", "57A", "70"} <= seen
    assert seen <= set(TITLES) | {law for law in seen if any(law.startswith(t) for t in TITLES)}
    assert actions <= EXPLAINERS.keys()


def test_every_action_an_offer_can_name_has_an_explainer() -> None:
    """The engine's answers (``AnswerAction``) and the moves an offer names (calls, cards,
    corrections, namings): each has its explainer, and nothing else has one. A new answer in
    the engine fails here until the console can explain it."""
    from typing import get_args

    unexplained = [a for a in get_args(AnswerAction) if a not in EXPLAINERS]
    assert not unexplained, unexplained
    assert set(EXPLAINERS) == ANSWER_ACTIONS | MOVES  # no explainer for what is never offered


def test_every_offer_the_code_makes_has_a_title() -> None:
    """Every clause the engine's code names in an offer (an ``Awaiting``) has a title, whether
    a script reaches it or not (the law index reads the sources)."""
    from bridgelaw.laws import index

    offered = {c.number for c in index.code_citations() if c.kind == "offer"}
    assert {"27A1", "29A", "69A"} <= offered  # the index does find the offers
    untitled = {law for law in offered if not any(law.startswith(t) for t in TITLES)}
    assert not untitled


def test_every_offer_the_code_writes_out_is_explained() -> None:
    """The offers whose options the engine's code writes out (``Awaiting(..., "27A1",
    ("accept", "decline"))``, as the law index reads them): each option is explained, whether
    a script reaches the offer or not."""
    from bridgelaw.laws import index
    from bridgelaw.table import ScriptError

    checked = 0
    for cited in index.code_citations():
        words = cited.text.split(", ")
        if cited.kind != "offer" or "…" in cited.text or not cited.text:
            continue
        try:
            offer = Awaiting("N", cited.number, tuple(words))
            options = offer.commands()
        except ScriptError:  # words only the director gives (28B, 25A, 13B)
            offer = Awaiting("director", cited.number, tuple(words))
            options = offer.commands()
        for option in options:
            assert consequence(offer, option) is not None, (cited, option.word)
            checked += 1
    assert checked >= 20  # 27A1, 29A, 37, 38, 25A, 25B1, 28B, 13B, 52B1a, 68D2b...


def test_an_action_with_no_explainer_is_caught() -> None:
    """An option whose action nothing here explains: ``consequence`` says so (None), and the
    console falls back to a bare sentence naming the law, which the tests above refuse."""
    offer = Awaiting("N", "68D2b", ("play-on",))
    (option,) = offer.commands()
    assert option.command.action == "play-on" and consequence(offer, option) is None
    explained = explain(offer)
    assert explained is not None
    assert explained["options"] == [
        {
            "event": "N play-on",
            "label": "play-on",
            "law": "68D2b",
            "consequence": "N play-on (Law 68D2b)",
            "who": "N",
            "option": "play-on",
        }
    ]


@pytest.mark.parametrize(
    ("offer", "error"),
    [
        ({"who": "X", "law": "54", "options": ["accept"]}, "'who' is a seat"),
        ({"who": "N", "law": 54, "options": ["accept"]}, "'law' is a clause"),
        ({"who": "N", "law": "54", "options": "accept"}, "'options' is a list of words"),
        ({"who": "N", "law": "27B1b", "options": ["not-comparable"]}, "not a command"),
    ],
)
def test_an_offer_read_from_json_that_is_not_one(offer: dict[str, Any], error: str) -> None:
    with pytest.raises(ValueError, match=error) as raised:
        offer_of(offer)
    assert "\n" not in str(raised.value)


# -- the result of the board (Law 12C) ------------------------------------------------------------


def post_result(client: TestClient, table: str, body: dict[str, Any]) -> Any:
    return client.post(f"/api/tables/{table}/result", json=body, headers=auth(DIRECTOR))


def test_the_tables_own_result(client: TestClient) -> None:
    table, seats = new_table(client)
    assert get(client, f"/api/tables/{table}/result")["result"] is None  # not over yet
    play(client, table, seats, ["N pass", "E pass", "S pass", "W pass"])
    result = get(client, f"/api/tables/{table}/result")
    assert result["table_result"] == {"contract": "passed-out"}
    assert result["by"] == "table" and result["result"]["text"] == "passed out"
    assert result["result"]["NS"]["points"] == [[0, "1"]]  # Law 22B: no score


def test_artificial_scores_60_40(client: TestClient) -> None:
    table, _ = new_table(client)
    answer = post_result(client, table, {"artificial": {"NS": "A+", "EW": "A-"}, "note": "fouled"})
    assert answer.status_code == 200, answer.text
    result = answer.json()
    assert result["by"] == "director"
    now = result["result"]
    assert now["NS"] == {"artificial": "A+", "kind": "A+", "percent": None}
    assert now["EW"]["artificial"] == "A-" and now["text"] == "A+/A-"
    # what the scorer makes of them: Law 12C2a, 60 % and 40 %
    assert artificial_percent(Artificial(now["NS"]["kind"]), None) == 60
    assert artificial_percent(Artificial(now["EW"]["kind"]), None) == 40
    assert result["entries"][0]["note"] == "fouled"
    percent = post_result(client, table, {"artificial": {"NS": "55%", "EW": "45%"}}).json()
    assert percent["result"]["NS"] == {"artificial": "55%", "kind": "%", "percent": "55"}


def test_a_weighted_score_two_thirds_of_4s_made_one_third_down_one(client: TestClient) -> None:
    table, _ = new_table(client, board=2)  # board 2: North-South vulnerable (Law 2)
    body = {
        "weighted": [
            {"weight": "2/3", "contract": "4S", "declarer": "N", "tricks": 10},
            {"weight": "1/3", "contract": "4S", "declarer": "N", "tricks": 9},
        ]
    }
    result = post_result(client, table, body).json()["result"]
    ns = result["NS"]
    # Law 77: 4S= vulnerable 620, 4S-1 vulnerable -100; 12C1c: 2/3 * 620 + 1/3 * -100 = 380
    assert ns["points"] == [[620, "2/3"], [-100, "1/3"]]
    assert ns["weighted"] and Fraction(ns["expected"]) == 380
    assert result["EW"] == ns and not result["split"]
    assert result["text"] == "weighted: 2/3 of +620, 1/3 of -100"


def test_a_split_score(client: TestClient) -> None:
    table, _ = new_table(client, board=2)
    body = {
        "split": {
            "NS": {"contract": "4S", "declarer": "E", "tricks": 10},
            "EW": {"contract": "4S", "declarer": "E", "tricks": 9},
        }
    }
    result = post_result(client, table, body).json()["result"]
    # Law 12C1b: each side its own; East-West not vulnerable on board 2: 4S= 420, 4S-1 50
    assert result["split"]
    assert result["NS"]["points"] == [[-420, "1"]]
    assert result["EW"]["points"] == [[50, "1"]]


def test_a_later_entry_supersedes_the_one_in_force(client: TestClient, tmp_path: Path) -> None:
    table, _ = new_table(client)
    first = post_result(client, table, {"ns_score": 420}).json()
    second = post_result(client, table, {"ns_score": 450, "supersedes": first["in_force"]}).json()
    assert [e["supersedes"] for e in second["entries"]] == [None, first["in_force"]]
    assert second["result"]["NS"]["points"] == [[450, "1"]]
    stale = post_result(client, table, {"ns_score": 0, "supersedes": first["in_force"]})
    assert stale.status_code == 409  # someone entered a result since: look again
    engine = create_engine(url_of(tmp_path))
    with engine.connect() as connection:
        rows = connection.execute(text("SELECT entry FROM board_results ORDER BY id")).all()
    engine.dispose()
    assert [json.loads(r[0]) for r in rows] == [{"ns_score": 420}, {"ns_score": 450}]


def test_bad_results_are_refused_with_the_problem(client: TestClient) -> None:
    table, _ = new_table(client)
    cases: dict[str, dict[str, Any]] = {
        "sum to 2/3": {
            "weighted": [
                {"weight": "1/3", "contract": "4S", "declarer": "N", "tricks": 10},
                {"weight": "1/3", "contract": "4S", "declarer": "N", "tricks": 9},
            ]
        },
        "not an artificial score": {"artificial": {"NS": "B+", "EW": "A-"}},
        "impossible contract": {"contract": "8S", "declarer": "N", "tricks": 10},
        "unknown key": {"score": 420},
        "exactly one of": {"ns_score": 420, "artificial": {"NS": "A", "EW": "A"}},
    }
    for words, body in cases.items():
        answer = post_result(client, table, body)
        assert answer.status_code == 422, body
        assert words in answer.json()["error"], answer.json()
    big = post_result(client, table, {"ns_score": 1, "note": "x" * 3000})
    assert big.status_code == 422
    assert get(client, f"/api/tables/{table}/result")["entries"] == []  # nothing stored


def test_the_entry_reads_as_a_results_file_line(client: TestClient) -> None:
    table, _ = new_table(client, board=2)
    body = {"artificial": {"NS": "A", "EW": "A-"}, "ns": "7", "ew": "8"}
    entry = post_result(client, table, body).json()["result"]["entry"]
    assert entry == {"board": 2, "ns": "7", "ew": "8", "artificial": {"NS": "A", "EW": "A-"}}
    read = read_results_json(json.dumps({"scoring": "matchpoints", "results": [entry]}))
    assert read.tournament is not None and not read.problems
    (line,) = read.tournament.lines
    assert (line.ns_side, line.ew_side) == (Artificial("A"), Artificial("A-"))
    weighted = {"weighted": [{"weight": "1", "ns_score": 300}]}
    again = post_result(client, table, weighted).json()["result"]["entry"]
    (line,) = read_results_json(json.dumps({"results": [again]})).tournament.lines  # type: ignore[union-attr]
    assert line.ns_side == Points.single(300)


def test_calls_and_results_survive_a_restart(tmp_path: Path) -> None:
    first = TestClient(create_app(url_of(tmp_path), DIRECTOR))
    table, seats = new_table(first)
    play(first, table, seats, [*AUCTION, "W S5"])
    first.post(f"/api/tables/{table}/calls", json={"reason": "lead"}, headers=auth(seats["E"]))
    post_result(first, table, {"artificial": {"NS": "A+", "EW": "A-"}})
    again = TestClient(create_app(url_of(tmp_path), DIRECTOR))
    console = get(again, f"/api/tables/{table}/console")
    assert [c["reason"] for c in console["calls"]] == ["lead"]
    assert console["result"]["result"]["text"] == "A+/A-"
    assert console["offer"]["law"] == "54"


def test_the_console_page_is_served(client: TestClient) -> None:
    page = client.get("/director")
    assert page.status_code == 200 and "Director's console" in page.text
    # i18n.js first, which loads the console's scripts in their order
    assert 'data-main="/director/console.js /director/work.js"' in page.text
    script = client.get("/director/console.js")
    assert script.status_code == 200 and "javascript" in script.headers["content-type"]
    assert "sessionStorage" in script.text and "Authorization" in script.text
    assert client.get("/director/console.css").headers["content-type"].startswith("text/css")


@pytest.mark.parametrize(
    ("who", "law", "option", "clause", "words"),
    [
        ("S", "27A1", "accept", "27A1", "stands as a legal bid"),  # LHO accepts the bid
        ("S", "27A1", "decline", "27B", "must replace it"),
        ("S", "29A", "accept", "29A", "as if in rotation"),
        ("S", "29A", "decline", "29B", "cancelled"),
        ("S", "37", "decline", "37B", "replaced by a pass"),
        ("S", "38", "decline", "38B", "every later call are cancelled"),
        ("N", "56", "decline", "56", "major penalty card"),
        ("E", "55A", "decline", "55B", "no penalty card"),  # 48A: declarer's card is never one
        ("N", "52B1a", "decline", "52B2", "major penalty card"),
        ("director", "25A", "unintended", "25A1", "intended call replaces it"),
        ("director", "27B1b", "not-comparable", "27B1b", "must pass"),
        ("director", "28B", "in-turn", "28B", "cancelled"),
        ("N", "50D2", "forbid H", "50D2a", "may not lead hearts"),
        ("N", "50D2", "no-restriction", "50D2b", "stay on the table"),
        ("N", "51B", "require D", "51B1a", "must lead diamonds"),  # all of one suit: 51B1
        ("N", "51B", "forbid D S", "51B2b", "may not lead spades and diamonds"),
        ("N", "51B", "no-restriction", "51B2c", "stay on the table"),
        ("N", "57A", "highest", "57A", "highest card of the suit led"),
        ("director", "70", "tricks 9", "70", "credited 9 of the remaining tricks"),
        ("director", "70", "tricks 9", "70", "against the claimer (70A)"),
        # 71B: a concession is cancelled for a trick no normal play could lose, not 70A
        ("director", "71B", "tricks 2", "71B", "could not have lost by any normal play"),
        # 69B2: an agreement withdrawn gives back a trick likely won had play gone on
        ("director", "69B2", "tricks 0", "69B2", "would likely have won"),
        ("N", "62A", "correct HK", "62A", "HK is played instead"),
        # 62C2: the offenders' card taken back is a (major) penalty card if a defender's
        ("W", "62C2", "decline", "62C2", "if he is a defender it becomes a major penalty card"),
        ("W", "62C2", "D3", "62C2", "card taken back becomes a major penalty card"),
        ("S", "62C1", "D3", "62C1", "with no penalty"),  # 62C1: the non-offender's, free
        # 58B2: a defender's other cards seen become penalty cards
        ("W", "58B2", "designate H3", "58B2", "H3 is the card played; a defender's other"),
        ("N", "26B", "forbid C", "26B", "may not lead clubs at his first turn"),
        ("director", "29C", "shows H D", "29C", "the call showed hearts and diamonds"),
        ("director", "29C", "shows none", "29C", "the call showed nothing"),
        ("N", "43B2a", "lead-hand S", "43B2a", "lead from S's hand"),
        ("N", "46B3b", "names H6", "46B3b", "dummy plays H6"),
        ("N", "46B5", "names high S", "46B5", "dummy plays its highest card of spades"),
        ("E", "69A", "dispute", "68D", "director decides the tricks"),
        # 31B1: the partner's call is free; the cancelled call is unauthorized for him
        ("S", "31B1", "2H", "31B1", "partner calls freely (the cancelled call is unauth"),
    ],
)
def test_option_consequences_cite_the_law(
    who: str, law: str, option: str, clause: str, words: str
) -> None:
    explained = explain({"who": who, "law": law, "options": [option]})
    assert explained is not None
    (said,) = explained["options"]
    assert said["law"] == clause and words in said["consequence"], said


def test_several_penalty_cards_of_one_suit_are_51b1() -> None:
    """51B1 when a defender's penalty cards are all of one suit (the only suit declarer may
    require), 51B2 when they are of several; neither: 50D2b (one suit) or 51B2c."""
    one = Awaiting("N", "51B", ("require S", "forbid S", "no-restriction"))
    several = Awaiting("N", "51B", ("require S", "require H", "forbid S", "no-restriction"))
    assert [(o.command.action, consequence(one, o)) for o in one.commands()] == [
        ("require", ("51B1a", "the partner must lead spades; the penalty cards of spades are "
                     "picked up")),
        ("forbid", ("51B1b", "the partner may not lead spades while he keeps the lead; the "
                    "penalty cards of spades are picked up")),
        ("no-restriction", ("50D2b", "no restriction: the partner leads any card, and the "
                            "penalty cards stay on the table (to be played at the first legal "
                            "opportunity)")),
    ]  # fmt: skip
    clauses = [said[0] for o in several.commands() if (said := consequence(several, o))]
    assert clauses == ["51B2a", "51B2a", "51B2b", "51B2c"]


def test_an_insufficient_bid_replaced_at_once_may_be_a_slip() -> None:
    """25A before 27: beside the LHO's 27C answer, the director finds whether the insufficient
    bid was a slip (25A1: the intended call replaces it, no Law 27) or meant (27C)."""
    offer = Awaiting("S", "27C", ("accept", "decline"), (("director", ("unintended", "intended")),))
    said = {(o.who, o.word): consequence(offer, o) for o in offer.commands()}
    slip = said[("director", "unintended")]
    assert slip is not None and slip[0] == "25A1" and "no insufficient bid is left" in slip[1]
    meant = said[("director", "intended")]
    assert meant is not None and meant[0] == "27C" and "early replacement" in meant[1]
    # the same words beside a 25A offer keep their own sense (the LHO may take back his call)
    plain = Awaiting("director", "25A", ("unintended", "intended"))
    assert "25A6" in (consequence(plain, plain.commands()[0]) or ("", ""))[1]


def test_the_lho_drawing_attention_to_an_inadmissible_double() -> None:
    """36B: the LHO's other option beside the offender's calls (36A if he calls over it)."""
    offer = Awaiting("E", "36B2", ("pass", "1S"), (("S", ("decline",)),))
    said = {(o.who, o.word): consequence(offer, o) for o in offer.commands()}
    assert said[("S", "decline")] is not None and said[("S", "decline")][0] == "36B"
    assert "partner must pass throughout" in said[("S", "decline")][1]
    assert said[("E", "1S")] == (
        "36B2",
        "E calls 1S: any legal call; the offender's partner must pass throughout (36B2)",
    )
    explained = explain(offer)
    assert explained is not None
    assert [o["option"] for o in explained["options"]] == ["pass", "1S"]  # the JSON: E's only


TABLE: dict[int, tuple[str, dict[str, str]]] = {}
"""The fuzz test's table, made once per client (examples share the function's fixture)."""
JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-(10**20), 10**20) | st.floats() | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)
RESULT_LIKE = st.dictionaries(
    st.sampled_from(
        [
            "contract",
            "declarer",
            "tricks",
            "ns_score",
            "artificial",
            "weighted",
            "split",
            "note",
            "supersedes",
            "ns",
            "ew",
            "lead",
            "weight",
            "NS",
            "EW",
        ]
    ),
    JSON,
    max_size=4,
)


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(body=RESULT_LIKE | JSON)
def test_any_result_body_is_stored_or_refused_in_one_line(client: TestClient, body: Any) -> None:
    """A result body of any shape gets 200 or a 4xx naming the problem; never a 500."""
    table, _ = TABLE.setdefault(id(client), new_table(client))
    answer = client.post(  # json.dumps writes NaN and Infinity, which Python's reader takes
        f"/api/tables/{table}/result",
        content=json.dumps(body),
        headers={**auth(DIRECTOR), "Content-Type": "application/json"},
    )
    assert answer.status_code in (200, 409, 422), (body, answer.text)
    if answer.status_code != 200:
        error = answer.json()["error"]
        assert error and "\n" not in error and "Traceback" not in error


def test_every_seat_is_told_the_directors_adjusted_score_and_keeps_it_after_a_restart(
    tmp_path: Path,
) -> None:
    """Law 12: the director's ruling and the score he assigns are the players' to know: after
    A+/A- every seat's view (the page's and the stream's) carries it, and a seat reads the
    table's result; a restart reads it back from the database."""
    client = TestClient(create_app(url_of(tmp_path), DIRECTOR))
    table, seats = new_table(client)
    with client.websocket_connect(f"/api/tables/{table}/stream?token={seats['E']}") as socket:
        assert socket.receive_json()["adjusted"] is None
        body = {"artificial": {"NS": "A+", "EW": "A-"}, "note": "fouled board"}
        assert post_result(client, table, body).status_code == 200
        pushed = socket.receive_json()
    assert pushed["adjusted"]["text"] == "A+/A-" and pushed["adjusted"]["law"] == "12C"
    for seat, token in seats.items():
        view = client.get(f"/api/tables/{table}", headers=auth(token)).json()
        assert view["adjusted"]["NS"]["kind"] == "A+", seat
        assert view["adjusted"]["EW"]["kind"] == "A-", seat
        assert view["adjusted"]["note"] == "fouled board", seat
        told = client.get(f"/api/tables/{table}/result", headers=auth(token))
        assert told.status_code == 200 and told.json()["by"] == "director", seat
    again = TestClient(create_app(url_of(tmp_path), DIRECTOR))
    view = again.get(f"/api/tables/{table}", headers=auth(seats["S"])).json()
    assert view["adjusted"]["text"] == "A+/A-"


def test_the_director_gives_a_seat_a_new_link_and_the_old_one_stops_working(
    tmp_path: Path,
) -> None:
    client = TestClient(create_app(url_of(tmp_path), DIRECTOR))
    table, seats = new_table(client)
    act(client, table, seats["N"], "1NT")
    path = f"/api/tables/{table}/seats/N/token"
    with client.websocket_connect(f"/api/tables/{table}/stream?token={seats['N']}") as old:
        old.receive_json()
        assert client.post(path, headers=auth(seats["N"])).status_code == 403  # the director's
        given = client.post(path, headers=auth(DIRECTOR))
        assert given.status_code == 200, given.text
        with pytest.raises(WebSocketDisconnect) as closed:
            old.receive_json()
        assert closed.value.code == 4403
    new = given.json()["token"]
    assert new != seats["N"] and given.json()["seat"] == "N"
    assert client.get(f"/api/tables/{table}", headers=auth(seats["N"])).status_code == 403
    view = client.get(f"/api/tables/{table}", headers=auth(new)).json()
    assert view["seat"] == "N" and view["calls"]  # the same seat, the board as it was
    assert client.get(f"/api/tables/{table}", headers=auth(seats["E"])).status_code == 200
    assert (
        client.post(f"/api/tables/{table}/seats/X/token", headers=auth(DIRECTOR)).status_code == 422
    )
    missing = client.post("/api/tables/nope/seats/N/token", headers=auth(DIRECTOR))
    assert missing.status_code == 404
    again = TestClient(create_app(url_of(tmp_path), DIRECTOR))  # a restart: the new one holds
    assert again.get(f"/api/tables/{table}", headers=auth(new)).status_code == 200
    assert again.get(f"/api/tables/{table}", headers=auth(seats["N"])).status_code == 403


def test_a_table_waiting_for_the_directors_judgement_calls_him_once_and_every_seat_sees_it(
    client: TestClient,
) -> None:
    """Law 9B: a disputed claim (68D) waits for the director: the table calls him in the
    disputer's name, once; every seat sees that he was called (not why) and, once he has
    answered, that he has; a seat's own call is seen by the whole table the same way."""
    table, seats = new_table(client)
    play(client, table, seats, ["N 1NT", "E pass", "S pass", "W pass", "E SJ", "N S6", "W S3"])
    play(client, table, seats, ["N SA", "N claim 11", "E agree"])
    assert client.get(f"/api/tables/{table}/calls", headers=auth(DIRECTOR)).json()["calls"] == []
    act(client, table, seats["W"], "dispute")
    assert (
        client.get(f"/api/tables/{table}", headers=auth(seats["N"])).json()["awaiting"]["who"]
        == "director"
    )
    calls = client.get(f"/api/tables/{table}/calls", headers=auth(DIRECTOR)).json()["calls"]
    assert [(c["seat"], c["answered"]) for c in calls] == [("W", None)]
    assert "Law 68" in calls[0]["reason"] or "Law 70" in calls[0]["reason"], calls[0]["reason"]
    listed = client.get("/api/tables", headers=auth(DIRECTOR)).json()["tables"]
    assert next(t["calls"] for t in listed if t["table"] == table)[0]["seat"] == "W"
    for token in seats.values():
        seen = client.get(f"/api/tables/{table}", headers=auth(token)).json()["director_calls"]
        assert [(c["seat"], c["answered"]) for c in seen] == [("W", None)]
        assert "reason" not in seen[0]  # the caller's words are for the director
    number = calls[0]["call"]
    with client.websocket_connect(f"/api/tables/{table}/stream?token={seats['E']}") as socket:
        socket.receive_json()
        answered = client.post(
            f"/api/tables/{table}/calls/{number}/answer", json={}, headers=auth(DIRECTOR)
        )
        assert answered.status_code == 200
        pushed = socket.receive_json()  # acknowledged at the table at once
    assert pushed["director_calls"][0]["answered"] is not None
    # a seat's own call: the whole table sees it
    made = client.post(
        f"/api/tables/{table}/calls", json={"reason": "tempo"}, headers=auth(seats["S"])
    )
    assert made.status_code == 200
    seen = client.get(f"/api/tables/{table}", headers=auth(seats["E"])).json()["director_calls"]
    assert [(c["seat"], c["answered"] is None) for c in seen] == [("W", False), ("S", True)]
