"""A session's spec refused in the asker's language (``POST /api/sessions``): each problem of
duplicate/spec.py said by id under its field (``spec.*``), with a movement's problem
(``movement.*``) or a key's (``dealer.*``) said inside it; the English exactly as before. A
movement file's and a deal's own problems are their readers' English words inside the
translated frame."""

from __future__ import annotations

import ast
import json
import re
from collections.abc import Iterator
from decimal import Decimal
from pathlib import Path
from string import Formatter
from typing import Any

import pytest
from fastapi.testclient import TestClient

from bridgelaw.dealing.dealer import KEY_PROBLEMS, KeyProblem, SecureDealer
from bridgelaw.duplicate.spec import SpecError, read_spec
from bridgelaw.duplicate.spec_problems import PROBLEMS, Said, english
from bridgelaw.formats.movement_file import write_movement_file
from bridgelaw.i18n.catalogs import load, translation
from bridgelaw.i18n.words import PLURAL_PHRASES, TEMPLATES, Worded, spoken
from bridgelaw.server.app import create_app
from bridgelaw.tournament.movement_model import PROBLEMS as MOVEMENT_PROBLEMS
from bridgelaw.tournament.movement_model import MovementError
from bridgelaw.tournament.movement_spec import movement_from_spec
from bridgelaw.tournament.movements import make_movement, mitchell, round_robin

from ..api_client import DEAL, DIRECTOR, auth

TRANSLATED = ("pl", "hu", "sk")
SPEC = Path(__file__).resolve().parents[2] / "src" / "bridgelaw" / "duplicate" / "spec.py"
MITCHELL = {"kind": "mitchell", "tables": 3, "rounds": 3, "boards_per_round": 2}
DEALS = "".join(f'[Board "{b}"]\n[Deal "{DEAL}"]\n\n' for b in range(1, 7))


def _pair_twice() -> str:
    """A movement file whose pair 5 sits at two tables of round 2 (its reader's problems)."""
    return write_movement_file(mitchell(3, 2)).replace('"ew": "6", "set": 2', '"ew": "5", "set": 2')


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    app = create_app(f"sqlite:///{tmp_path / 'sessions.db'}", DIRECTOR)
    app.state.limits.rate, app.state.limits.burst = 1e6, 10**6  # not under test here
    with TestClient(app) as test_client:
        yield test_client
    app.state.server.engine.dispose()


def _post(client: TestClient, change: dict[str, Any], query: str = "") -> Any:
    body = {"name": "x", "movement": MITCHELL, "deals": DEALS} | change
    return client.post(f"/api/sessions{query}", json=body, headers=auth(DIRECTOR))


# A movement with an impossible number of tables, a missing field, a deal that cannot be read,
# boards missing, a robot that is not a player: the English as the server has always written it
CASES: dict[str, tuple[dict[str, Any], str, dict[str, str]]] = {
    "tables": (
        {"movement": {"kind": "howell", "tables": 1, "boards_per_round": 2}},
        "movement.tables: this movement needs at least 2 tables, not 1",
        {
            "pl": "movement.tables: ten ruch wymaga co najmniej 2 stołów, a nie 1",
            "hu": "movement.tables: ehhez a mozgatáshoz legalább 2 asztal kell, nem 1",
            "sk": "movement.tables: tento rozpis potrebuje aspoň 2 stoly, nie 1",
        },
    ),
    "missing": (
        {"movement": {"kind": "mitchell", "boards_per_round": 2}},
        "movement.tables: tables is missing (a whole number)",
        {
            "pl": "movement.tables: brakuje tables (liczby całkowitej)",
            "hu": "movement.tables: hiányzik: tables (egész szám)",
            "sk": "movement.tables: chýba tables (celé číslo)",
        },
    ),
    "deal": (
        {"deals": '[Board "1"]\n[Deal "N:AKQ"]\n'},
        "deals: line 2: board 1: not a PBN deal: 'N:AKQ' (expected four hands, found 1)",
        {  # the deal reader's own words stay English inside the frame
            "pl": "deals: wiersz 2: rozdanie 1: not a PBN deal: 'N:AKQ' (expected four hands, "
            "found 1)",
            "hu": "deals: 2. sor: a(z) 1. leosztás: not a PBN deal: 'N:AKQ' (expected four "
            "hands, found 1)",
            "sk": "deals: riadok 2: rozdanie 1: not a PBN deal: 'N:AKQ' (expected four hands, "
            "found 1)",
        },
    ),
    "boards": (
        {"deals": f'[Board "1"]\n[Deal "{DEAL}"]\n'},
        "deals: the movement plays boards 1-6; missing: 2, 3, 4, 5, 6",
        {
            "pl": "deals: w ruchu grane są rozdania 1-6; brakuje: 2, 3, 4, 5, 6",
            "hu": "deals: a mozgatás leosztásai: 1-6; hiányzik: 2, 3, 4, 5, 6",
            "sk": "deals: rozpis hrá rozdania 1-6; chýbajú: 2, 3, 4, 5, 6",
        },
    ),
    "robot": (
        {"play": "law", "robots": ["1:3"]},
        "robots: '1:3': a pair has 2 players",
        {
            "pl": "robots: '1:3': para ma 2 graczy",
            "hu": "robots: '1:3': egy párnak 2 játékosa van",
            "sk": "robots: '1:3': pár má 2 hráčov",
        },
    ),
}


@pytest.mark.parametrize("lang", TRANSLATED)
@pytest.mark.parametrize("case", sorted(CASES))
def test_a_bad_spec_is_refused_in_the_askers_language(
    client: TestClient, case: str, lang: str
) -> None:
    change, english, translated = CASES[case]
    plain = _post(client, change)
    asked = _post(client, change, f"?lang={lang}")
    assert plain.status_code == asked.status_code == 422, asked.text
    assert plain.json()["error"] == english
    assert asked.json()["error"] == translated[lang]
    # the field, the phrase and its parameters are the same in every language
    where = english.split(": ")[0]
    assert asked.json()["params"]["field"] == where
    assert asked.json()["error"].startswith(where + ": ")
    assert asked.json()["message"].startswith("spec.")
    assert {k: v for k, v in asked.json().items() if k != "error"} == {
        k: v for k, v in plain.json().items() if k != "error"
    }


def test_the_answer_carries_the_movements_problem_as_a_phrase(client: TestClient) -> None:
    change, english, _ = CASES["tables"]
    answer = _post(client, change, "?lang=sk")
    assert answer.json() == {
        "error": CASES["tables"][2]["sk"],
        "law": None,
        "message": "spec.movement",
        "params": {
            "field": "movement.tables",
            "problem": {"message": "movement.least-tables", "params": {"least": 2, "tables": 1}},
        },
    }
    # by Accept-Language too; a number with its thousands is written in the language's way
    huge = {"movement": {"kind": "mitchell", "tables": 99, "boards_per_round": 50}}
    answer = client.post(
        "/api/sessions",
        json={"name": "x", "movement": huge["movement"]},
        headers={**auth(DIRECTOR), "Accept-Language": "pl-PL,pl;q=0.9"},
    )
    assert answer.status_code == 422
    assert answer.json()["error"] == (
        "movement: 490\u00a0050 rozdań przy stołach to więcej, niż mieści sesja (20\u00a0000)"
    )
    assert answer.json()["params"] == {"field": "movement", "played": 490050, "most": 20000}
    english = client.post(
        "/api/sessions", json={"name": "x", "movement": huge["movement"]}, headers=auth(DIRECTOR)
    )
    assert english.json()["error"] == (
        "movement: 490,050 boards at tables is more than a session holds (20,000)"
    )


@pytest.mark.parametrize("lang", TRANSLATED)
def test_a_movement_files_problems_keep_their_readers_words(client: TestClient, lang: str) -> None:
    """A pair named twice in a round of a movement file: the frame (the line, how many more
    problems) is translated, the reader's sentences are its English."""
    change = {"movement": {"kind": "file", "content": _pair_twice()}}
    plain, asked = _post(client, change), _post(client, change, f"?lang={lang}")
    assert plain.status_code == asked.status_code == 422
    english = plain.json()["error"]
    assert english.startswith("movement.content: line 1: pair 1 never meets 6")
    assert "(and 3 more problems) (line 1: " in english
    more = {
        "pl": "(i jeszcze 3 problemy)",
        "hu": "(és még 3 probléma)",
        "sk": "(a ešte 3 problémy)",
    }
    line = {"pl": "wiersz 1: ", "hu": "1. sor: ", "sk": "riadok 1: "}
    text = asked.json()["error"]
    assert text.startswith("movement.content: " + line[lang] + "pair 1 never meets 6")
    assert more[lang] in text and "more problems" not in text
    assert "pair 5 is at table 1 and table 3 in round 2" in text
    lines = asked.json()["params"]["lines"]
    assert [item["message"] for item in lines] == ["movement.file-line"] * 4


def test_english_without_a_language_is_as_before(client: TestClient) -> None:
    """A spec refused with ``?lang=en`` and with none reads the same."""
    for change, written, _ in CASES.values():
        assert _post(client, change, "?lang=en").json()["error"] == written


# -- every problem, said and written --------------------------------------------------------------


def _bodies() -> list[object]:
    """Bad requests that between them raise every problem of a spec, of a movement asked for
    and of a key (each by itself, the first problem of its request)."""
    base: dict[str, Any] = {"name": "x", "movement": MITCHELL, "deals": DEALS}
    m = MITCHELL | {"rounds": None}
    movements: list[object] = [
        m | {"tables": 1},
        {"kind": "teams", "teams": 300, "boards_per_round": 2},
        {"kind": "teams", "tables": 0, "boards_per_round": 2},
        m | {"tables": 10**9},
        m | {"boards_per_round": 0},
        m | {"pairs": 4},
        m | {"pairs": 6, "phantom": "2"},
        m | {"phantom": "9"},
        m | {"tables": 5, "even": "share-relay"},
        m | {"tables": 4, "even": "share-relay", "boards_per_round": 1},
        m | {"rounds": 4},
        m | {"tables": 4, "rounds": 4},
        m | {"arrow_switch": [4]},
        {"kind": "howell", "tables": 3, "rounds": 6, "boards_per_round": 2},
        {"kind": "teams", "teams": 1, "boards_per_round": 2},
        {"kind": "teams", "teams": 4, "rounds": 4, "boards_per_round": 2},
        {"kind": "howell", "tables": 3, "boards_per_round": 2, "arrow_switch": [1]},
        {"kind": "teams", "teams": 3, "boards_per_round": 2, "pairs": 5},
        {"kind": "mitchell", "boards_per_round": 2},
        m | {"tables": "three"},
        5,
        {"kind": "x", "type": "y"},
        m | {"tabels": 3},
        {"kind": "file"},
        {"kind": "lollipop"},
        {"kind": "mitchell", "teams": 3},
        m | {"rounds": 0},
        m | {"pairs": 0},
        m | {"arrow_switch": "3"},
        m | {"even": "relay"},
        m | {"phantom": 2.5},
        {"kind": "howell", "tables": 4, "boards_per_round": 2, "even": "skip"},
        {"kind": "file", "content": ""},
        {"kind": "file", "content": "{"},
        {"kind": "file", "content": _pair_twice()},
        {"kind": "file", "content": 5},
        {"kind": "file", "content": json.loads(_pair_twice())},
        {"kind": "mitchell", "tables": 99, "boards_per_round": 50},
        {"kind": "teams", "teams": 4, "boards_per_round": 2},
    ]
    changes: list[dict[str, Any]] = [
        {"bogus": 1},
        {"scoring": "rubber"},
        {"edition": 1997},
        {"robots": ["1"]},
        {"name": ""},
        {"name": "x" * 101},
        {"clock": {"seconds_per_board": -5}},
        {"date": "tomorrow"},
        {"movement": None},
        {"deals": None, "dealer_key": "zz"},
        {"deals": None, "dealer_key": "abc"},
        {"deals": None, "dealer_key": "0x"},
        {"deals": None, "dealer_key": "ab"},
        {"deals": 5},
        {"deals": '[Board "1"]\n[Deal "N:AKQ"]\n'},
        {"deals": f'[Board "1"]\n[Deal "{DEAL}"]\n'},
        {"clock": 5},
        {"clock": {"minutes": 5}},
        {"pairs": 5},
        {"pairs": {"99": ["A", "B"]}},
        {"pairs": {"1": []}},
        {"play": "law", "robots": "1"},
        {"play": "law", "robots": ["99"]},
        {"play": "law", "robots": ["1:3"]},
        {"scoring": "teams", "movement": {"kind": "teams", "teams": 4, "boards_per_round": 2},
         "pairs": {"9": ["A"]}},
    ]  # fmt: skip
    return [
        [],
        *(base | {"movement": movement} for movement in movements),
        *(base | change for change in changes),
    ]


def _errors() -> list[SpecError]:
    found = []
    for body in _bodies():
        with pytest.raises(SpecError) as caught:
            read_spec(body)
        found.append(caught.value)
    return found


def _ids(said: Said) -> set[str]:
    """The phrase ids in a problem said, its own and those inside it."""
    key, params = said
    found = {key}
    for _, value in params:
        if isinstance(value, tuple):
            found |= _ids(value)
        elif isinstance(value, list):
            for item in value:
                found |= _ids(item)
    return found


def test_every_problem_is_said_and_its_english_is_the_errors() -> None:
    reached: set[str] = set()
    for error in _errors():
        said = error.said()
        reached |= _ids(said)
        words = spoken(said)
        assert words.text() == english(said) == str(error), said
        assert words.params[0] == ("field", error.where)
        for lang in TRANSLATED:
            text = words.text(lang)
            assert text.startswith(error.where + ": "), (lang, text)
            assert not re.search(r"\{[a-z_]+\}", text), (lang, text)  # every one filled in
    # those a spec cannot reach, as the command line and the results files meet them: a round
    # robin of one team, an unknown movement or method, a movement not an object, a dealer's
    # key of the wrong size
    for make in (
        lambda: round_robin(["1"]),
        lambda: make_movement("swiss", 3, 2),
        lambda: mitchell(3, 2, even="zig"),
        lambda: movement_from_spec(5),
        lambda: SecureDealer(b"short"),
    ):
        with pytest.raises((MovementError, KeyProblem)) as caught:
            make()
        assert isinstance(caught.value, (MovementError, KeyProblem))
        reached.add(caught.value.said()[0])
    every = {
        *(f"spec.{k}" for k in PROBLEMS),
        *(f"movement.{k}" for k in MOVEMENT_PROBLEMS),
        *(f"dealer.{k}" for k in KEY_PROBLEMS),
    }
    assert every - reached == set(UNREACHED), sorted(every - reached)


UNREACHED = {
    "movement.file-empty": "a movement file's reader gives a movement or a problem",
    "movement.least-teams": "teams() refuses fewer than two teams before the sizes' check",
}
"""Problems kept for the code's own checks that no request reaches today."""


def _literal_ids(node: ast.expr) -> list[str]:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.IfExp):
        return _literal_ids(node.body) + _literal_ids(node.orelse)
    raise AssertionError(f"a problem's id is not a literal: {ast.unparse(node)}")


def test_every_spec_error_raised_names_a_problem_with_exactly_its_parameters() -> None:
    calls = 0
    for node in ast.walk(ast.parse(SPEC.read_text("utf-8"))):
        if not (isinstance(node, ast.Call) and getattr(node.func, "id", "") == "SpecError"):
            continue
        given = {k.arg for k in node.keywords}
        for problem in _literal_ids(node.args[1]):
            calls += 1
            assert problem in PROBLEMS, (node.lineno, problem)
            assert f"ui.spec.{problem}" in {f"ui.{k}" for k in TEMPLATES}
            want = {n for _, n, _, _ in Formatter().parse(PROBLEMS[problem]) if n}
            assert given == want, (node.lineno, problem, given, want)
    assert calls >= len(PROBLEMS)
    with pytest.raises(KeyError):
        SpecError("name", "no-such-problem")


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_counted_problems_have_every_plural_form(lang: str) -> None:
    entries = load(lang).entries
    nplurals = {"pl": 3, "sk": 3, "hu": 2}[lang]
    assert len(PLURAL_PHRASES) >= 14
    for key in PLURAL_PHRASES:
        forms = entries[f"ui.{key}"]
        assert isinstance(forms, tuple) and len(forms) == nplurals and all(forms), key


@pytest.mark.parametrize(
    ("lang", "count", "text"),
    [
        ("pl", 1, "name: najwyżej 1 znak, bez znaków sterujących"),
        ("pl", 3, "name: najwyżej 3 znaki, bez znaków sterujących"),
        ("pl", 22, "name: najwyżej 22 znaki, bez znaków sterujących"),
        ("pl", 100, "name: najwyżej 100 znaków, bez znaków sterujących"),
        ("sk", 1, "name: najviac 1 znak, bez riadiacich znakov"),
        ("sk", 4, "name: najviac 4 znaky, bez riadiacich znakov"),
        ("sk", 60, "name: najviac 60 znakov, bez riadiacich znakov"),
        ("hu", 60, "name: legfeljebb 60 karakter, vezérlőkarakterek nélkül"),
    ],
)
def test_a_counted_problem_agrees_with_its_count(lang: str, count: int, text: str) -> None:
    assert spoken(SpecError("name", "text-too-long", most=count).said()).text(lang) == text


def test_a_number_with_its_thousands_counts_too() -> None:
    def said(played: int) -> Worded:
        error = SpecError(
            "movement", "movement-too-large", played=Decimal(played), most=Decimal(20_000)
        )
        return spoken(error.said())

    assert said(20_002).text() == (
        "movement: 20,002 boards at tables is more than a session holds (20,000)"
    )
    assert said(20_002).text("pl").startswith("movement: 20\u00a0002 rozdania przy stołach")
    assert said(20_005).text("pl").startswith("movement: 20\u00a0005 rozdań przy stołach")
    assert said(20_003).text("sk").startswith("movement: 20\u00a0003 rozdaní pri stoloch")
    assert translation("pl", "ui.spec.movement-too-large", 2) is not None
