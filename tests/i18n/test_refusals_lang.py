"""The engine's refusals of an event (``ScriptError``) and the session API's refusals in the
asker's language: a phrase by id with named parameters, the same in every language;
its text written at the edge; the English exactly as before."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path
from string import Formatter

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from bridgelaw.cli import main
from bridgelaw.i18n.catalogs import translation
from bridgelaw.i18n.words import PHRASES, TEMPLATES, Worded, script_error, unknown_language
from bridgelaw.server.app import create_app
from bridgelaw.server.tables import Refused
from bridgelaw.table import ScriptError, Table
from bridgelaw.table.refusals import REFUSALS, refuse

from ..api_client import DEAL, DIRECTOR, auth, new_table
from ..session_client import start
from .support import SCRIPT

TRANSLATED = ("pl", "hu", "sk")
TABLE = Path(__file__).resolve().parents[2] / "src" / "bridgelaw" / "table"


def fields(template: str) -> list[tuple[str, str | None]]:
    """A template's parameters with their conversions (``!r`` quotes), sorted."""
    return sorted({(name, conv) for _, name, _, conv in Formatter().parse(template) if name})


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_refusal_and_session_phrase_is_translated_with_its_parameters(lang: str) -> None:
    missing, wrong = [], []
    for key, english in TEMPLATES.items():
        found = translation(lang, f"ui.{key}")
        if found is None:
            missing.append(key)
        elif fields(found) != fields(english):
            wrong.append((key, found))
    assert not missing, f"{lang}: {len(missing)} untranslated: {missing[:10]}"
    assert not wrong, f"{lang}: parameters dropped or added: {wrong[:5]}"


def test_the_check_sees_a_dropped_or_unquoted_parameter() -> None:
    english = REFUSALS["event.not-a-card"]
    assert fields("{word} nie jest kartą") != fields(english)  # !r dropped: not quoted
    assert fields("to nie jest karta") != fields(english)


def _literal_ids(node: ast.expr) -> list[str]:
    """The refusal ids an argument can be: a literal, or either branch of ``a if c else b``."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.IfExp):
        return _literal_ids(node.body) + _literal_ids(node.orelse)
    raise AssertionError(f"a refusal's id is not a literal: {ast.unparse(node)}")


def test_every_refuse_call_gives_exactly_its_refusals_parameters() -> None:
    calls = 0
    for path in TABLE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if not (isinstance(node, ast.Call) and getattr(node.func, "id", "") == "refuse"):
                continue
            given = {k.arg for k in node.keywords}
            for refusal in _literal_ids(node.args[0]):
                calls += 1
                assert refusal in REFUSALS, (path.name, node.lineno, refusal)
                want = {n for n, _ in fields(REFUSALS[refusal])}
                assert given == want, (path.name, node.lineno, refusal, given, want)
    assert calls > 150  # the engine's ~160 refusals


def test_every_refusal_is_used() -> None:
    used: set[str] = set()
    for path in TABLE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "refuse":
                used.update(_literal_ids(node.args[0]))
    assert set(REFUSALS) == used


def _refused(events: list[str]) -> ScriptError:
    table = Table.from_deal(1, DEAL)
    with pytest.raises(ScriptError) as caught:
        for event in events:
            table.apply_text(event)
    return caught.value


def test_the_english_is_the_engines_as_before() -> None:
    # Law 27A1: after an insufficient bid, LHO (South) accepts or not; North is not asked
    error = _refused(["N 1NT", "E 1D", "N accept"])
    assert str(error) == (
        "event 3: 'N accept' does not fit: the director is waiting for S accept/decline (Law 27A1)"
    )
    words = script_error(error)
    assert words is not None and words.text() == str(error)
    assert words.as_json() == {
        "message": "error.event",
        "params": {
            "index": 3,
            "reason": {
                "message": "event.auction-waits",
                "params": {
                    "who": "N",
                    "action": "accept",
                    "wanted": "S accept/decline",
                    "law": "27A1",
                },
            },
        },
    }
    assert str(_refused(["N X9"])) == "event 1: 'N X9': not a call, a card or a known action"
    assert refuse("event.not-a-card", word="X1").text() == (
        "'X1' is not a card (like SA, HT or H10)"
    )


def test_a_refusal_in_each_language() -> None:
    error = _refused(["N 1NT", "E 1D", "N accept"])
    words = script_error(error)
    assert words is not None
    assert words.text("pl") == (
        "zdarzenie 3: 'N accept' tu nie pasuje: sędzia czeka na S accept/decline (przepis 27A1)"
    )
    assert words.text("hu") == (
        "3. esemény: 'N accept' nem illik ide: a tornavezető erre vár: S accept/decline "
        "(27A1 szabály)"
    )
    assert words.text("sk") == (
        "udalosť 3: 'N accept' sem nepatrí: vedúci čaká na S accept/decline (pravidlo 27A1)"
    )
    # a quoted parameter is quoted in every language
    quoted = Worded.refusal(refuse("event.not-a-card", word="X1"))
    assert quoted.text("sk") == "'X1' nie je karta (ako SA, HT alebo H10)"


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    app = create_app(f"sqlite:///{tmp_path / 'tables.db'}", DIRECTOR)
    app.state.limits.rate, app.state.limits.burst = 1e6, 10**6  # not under test here
    with TestClient(app) as test_client:
        yield test_client
    app.state.server.engine.dispose()


# A card played during the auction: the engine refuses it (Law 24 is 'expose <card>').
IN_THE_AUCTION = {
    "pl": "zdarzenie 2: karta zagrana podczas licytacji; kartę pokazaną lub upuszczoną "
    "zapisuje się jako 'expose <karta>' (przepis 24)",
    "hu": "2. esemény: a licitálás alatt kijátszott lap; a megmutatott vagy leejtett lapot így "
    "kell írni: 'expose <lap>' (24. szabály)",
    "sk": "udalosť 2: karta zahraná počas dražby; ukázaná alebo upustená karta sa zapisuje ako "
    "'expose <karta>' (pravidlo 24)",
}


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_table_api_refuses_an_event_in_the_askers_language(
    client: TestClient, lang: str
) -> None:
    table, seats = new_table(client)
    answer = client.post(
        f"/api/tables/{table}/events", json={"event": "1NT"}, headers=auth(seats["N"])
    )
    assert answer.status_code == 200, answer.text
    english = client.post(
        f"/api/tables/{table}/events", json={"event": "HA"}, headers=auth(seats["E"])
    )
    asked = client.post(
        f"/api/tables/{table}/events?lang={lang}", json={"event": "HA"}, headers=auth(seats["E"])
    )
    assert english.status_code == asked.status_code == 422
    assert english.json()["error"] == (
        "event 2: a card played during the auction; a card shown or dropped is written "
        "'expose <card>' (Law 24)"
    )
    assert asked.json()["error"] == IN_THE_AUCTION[lang]
    # status, law, message and params are the same in every language
    assert {k: v for k, v in asked.json().items() if k != "error"} == {
        "law": None,
        "message": "error.event",
        "params": {"index": 2, "reason": {"message": "event.card-in-auction", "params": {}}},
    }
    assert {k: v for k, v in english.json().items() if k != "error"} == {
        k: v for k, v in asked.json().items() if k != "error"
    }


def test_a_card_the_asker_may_not_see_is_hidden_in_the_params_too() -> None:
    said = Worded.refusal(refuse("event.card-seen", card="SA"))
    words = Worded.of("error.event", index=4, reason=said)
    refused = Refused(422, words, hide=lambda text: text.replace("SA", "??"))
    assert refused.text("pl") == "zdarzenie 4: karta ?? była już widziana przy stole"
    assert refused.error == "event 4: ?? has been seen at the table"
    assert refused.message()["params"]["reason"]["params"] == {"card": "??"}


def test_the_session_api_refuses_in_the_askers_language(client: TestClient) -> None:
    mitchell = {"kind": "mitchell", "tables": 3, "rounds": 3, "boards_per_round": 2}
    # every board the one deal (North holds SA; East, not North, leads when North declares)
    deals = "".join(f'[Board "{b}"]\n[Deal "{DEAL}"]\n\n' for b in range(1, 7))
    started = start(client, movement=mitchell, deals=deals)
    session, tables = started["session"], started["tables"]
    path = f"/api/sessions/{session}/results"
    result = {"round": 9, "board": 1, "contract": "3NT", "declarer": "N", "tricks": 9}
    english = client.post(path, json=result, headers=auth(tables["1"]))
    polish = client.post(f"{path}?lang=pl", json=result, headers=auth(tables["1"]))
    assert english.status_code == polish.status_code == 422
    assert english.json()["error"] == "round: the movement has rounds 1 to 3, not 9"
    assert polish.json() == {
        "error": "round: ruch ma rundy od 1 do 3, a nie 9",
        "law": None,
        "message": "session.no-such-round",
        "params": {"rounds": 3, "round": 9},
    }
    # a phrase without parameters, by Accept-Language: a table gives no adjusted score (12)
    answer = client.post(
        path,
        json={"round": 1, "board": 1, "ns_score": 420},
        headers={**auth(tables["1"]), "Accept-Language": "sk-SK,sk;q=0.9"},
    )
    assert answer.status_code == 403
    assert answer.json()["law"] == "12"
    assert answer.json()["error"] == "upravený výsledok prideľuje vedúci (pravidlo 12)"
    # the opening lead from the wrong hand: the seats' names are the site's words (hu)
    lead = {"round": 1, "board": 1, "contract": "3NT", "declarer": "N", "tricks": 9}
    answer = client.post(f"{path}?lang=hu", json=lead | {"lead": "SA"}, headers=auth(tables["1"]))
    assert answer.status_code == 422, answer.text
    assert answer.json()["message"] == "session.lead-not-held"
    assert "Kelet" in answer.json()["error"] and "East" not in answer.json()["error"]
    # no such session, in Slovak
    answer = client.get("/api/sessions/nosuch?lang=sk", headers=auth(DIRECTOR))
    assert answer.status_code == 404
    assert answer.json()["error"] == "neexistuje relácia 'nosuch'"


def test_replay_writes_the_engines_refusal_in_the_language(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    script = tmp_path / "s.yaml"
    script.write_text(SCRIPT, encoding="utf-8")
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")
    assert main(["replay", str(script)]) == 1
    assert capsys.readouterr().err.strip() == (
        f"bridgelaw: error: {script}: event 3: 'N accept' does not fit: the director is "
        "waiting for S accept/decline (Law 27A1)"
    )
    assert main(["replay", str(script), "--lang", "hu"]) == 1
    assert capsys.readouterr().err.strip() == (
        f"bridgelaw: hiba: {script}: 3. esemény: 'N accept' nem illik ide: a tornavezető erre "
        "vár: S accept/decline (27A1 szabály)"
    )
    monkeypatch.setenv("LANG", "pl_PL.UTF-8")  # no --lang: the locale's language
    assert main(["replay", str(script)]) == 1
    assert capsys.readouterr().err.strip() == (
        f"bridgelaw: błąd: {script}: zdarzenie 3: 'N accept' tu nie pasuje: sędzia czeka na "
        "S accept/decline (przepis 27A1)"
    )


def test_the_session_phrases_are_phrases() -> None:
    assert {k for k in PHRASES if k.startswith("session.")} <= set(TEMPLATES)
    assert not set(REFUSALS) & set(PHRASES)


def test_a_session_streams_refusal_is_closed_with_the_askers_words(client: TestClient) -> None:
    # a reason longer than a close frame holds (123 bytes) is cut on a character: "ż" is two
    long_id = "ż" * 80
    for path, reason in (
        ("/api/sessions/nosuch/stream?lang=pl", "nie ma sesji 'nosuch'"),
        ("/api/sessions/nosuch/stream?lang=hu", "nincs 'nosuch' ülés"),
        (f"/api/sessions/{long_id}/stream?lang=sk", f"neexistuje relácia '{long_id}'"),
    ):
        with pytest.raises(WebSocketDisconnect) as closed, client.websocket_connect(path) as ws:
            ws.receive_json()
        assert closed.value.code == 4404
        words = closed.value.reason
        assert len(words.encode("utf-8")) <= 123
        assert reason.startswith(words) and len(words) > 18, words


CORE = [TABLE.parent / name for name in ("auction.py", "play.py", "calls.py")]


def test_the_strict_machines_say_each_refusal_by_id_with_its_parameters() -> None:
    """Every ``IllegalCall``/``IllegalCard`` the strict machines raise names an id of
    ``errors.ILLEGAL`` and gives exactly its template's parameters; each id is used."""
    from bridgelaw.errors import ILLEGAL

    used: set[str] = set()
    for path in CORE:
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            name = getattr(node.func, "id", "") if isinstance(node, ast.Call) else ""
            if name not in ("IllegalCall", "IllegalCard"):
                continue
            assert isinstance(node, ast.Call)
            refusal = _literal_ids(node.args[1])
            assert len(refusal) == 1 and refusal[0] in ILLEGAL, (path.name, node.lineno)
            given = {k.arg for k in node.keywords}
            assert given == {n for n, _ in fields(ILLEGAL[refusal[0]])}, (path.name, node.lineno)
            used.add(refusal[0])
    assert used == set(ILLEGAL)


@pytest.mark.parametrize("lang", TRANSLATED)
def test_a_strict_machines_refusal_met_at_the_table_is_said_in_the_askers_language(
    lang: str,
) -> None:
    """``N 1S`` then ``E 1H`` through the engine's strict check: the refusal keeps its id,
    clause and parameters, and is written in each language with them."""
    from bridgelaw.auction import Auction
    from bridgelaw.calls import parse_call
    from bridgelaw.errors import IllegalCall
    from bridgelaw.table.refusals import strict_refusal

    auction = Auction(0)
    auction.push(parse_call("1S"))
    error = auction.illegality(parse_call("1H"))
    assert isinstance(error, IllegalCall) and error.law == "27"
    refusal = strict_refusal(error)
    assert not isinstance(refusal, str)
    english = Worded.refusal(refusal).text("en")
    assert english == str(error) == "Law 27: 1H is insufficient over 1S (Law 18D)"
    said = Worded.refusal(refusal).text(lang)
    assert said != english and "1H" in said and "1S" in said and "27" in said and "18D" in said


def closed_with(client: TestClient, path: str, **headers: str) -> tuple[int, str]:
    """The close code and reason of a stream refused."""
    with (
        pytest.raises(WebSocketDisconnect) as closed,
        client.websocket_connect(path, headers=headers) as ws,
    ):
        ws.receive_json()
    return closed.value.code, closed.value.reason


def test_a_table_streams_unknown_language_is_closed_after_its_role(client: TestClient) -> None:
    """``?lang=`` of no catalog closes a table's stream with 4400, in the language of
    ``Accept-Language``; the role is checked first (no table: 4404, whatever the language)."""
    table, seats = new_table(client)
    stream = f"/api/tables/{table}/stream?token={seats['N']}"
    code, words = closed_with(client, f"{stream}&lang=xx", **{"accept-language": "pl"})
    assert (code, words) == (4400, unknown_language("xx").text("pl"))
    assert "'xx'" in words and "en, pl, hu, sk" in words
    assert closed_with(client, "/api/tables/nosuch/stream?token=x&lang=xx")[0] == 4404
    long = "ż" * 80
    assert closed_with(client, f"/api/tables/{table}/stream?token=x&lang={long}")[0] == 4403
    # a reason longer than a close frame holds (123 bytes) is cut on a character
    code, words = closed_with(client, f"{stream}&lang={long}")
    assert code == 4400 and len(words.encode("utf-8")) <= 123
    assert unknown_language(long).text("en").startswith(words) and len(words) > 18, words
