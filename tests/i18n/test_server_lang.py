"""The server in each viewer's language (``table-api.md``: ``?lang=`` or ``Accept-Language``):
a Hungarian declarer and a Polish director at one table read the lead out of turn's offer and
its ruling each in his own language; events, clauses and options stay the same."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgelaw.i18n import LANGUAGES, UnknownLanguage
from bridgelaw.i18n.views import negotiate
from bridgelaw.server.app import create_app

from ..api_client import DIRECTOR, act, auth, new_table


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    app = create_app(f"sqlite:///{tmp_path / 'tables.db'}", DIRECTOR)
    yield TestClient(app)
    app.state.server.engine.dispose()


def view(client: TestClient, table: str, token: str, **headers: str) -> dict[str, Any]:
    query = headers.pop("query", "")
    answer = client.get(f"/api/tables/{table}{query}", headers={**auth(token), **headers})
    assert answer.status_code == 200, answer.text
    result: dict[str, Any] = answer.json()
    return result


def test_a_lead_out_of_turn_in_hungarian_and_polish(client: TestClient) -> None:
    table, seats = new_table(client)
    for seat, call in [("N", "1NT"), ("E", "pass"), ("S", "pass"), ("W", "pass")]:
        act(client, table, seats[seat], call)
    west = view(client, table, seats["W"])
    card = west["legal"][0] if west["legal"] else None
    assert card is None  # East is on lead (41A): West has nothing legal to send
    hand = west["hand"].split(".")  # W's PBN hand: spades first
    suit, rank = next((s, h[0]) for s, h in zip("SHDC", hand, strict=True) if h)
    act(client, table, seats["W"], f"{suit}{rank}")  # an opening lead out of turn (54)
    english = view(client, table, seats["N"])["offer"]
    hungarian = view(client, table, seats["N"], **{"Accept-Language": "hu-HU,hu;q=0.9,en;q=0.5"})
    polish = view(client, table, DIRECTOR, query="?lang=pl")
    offer = hungarian["offer"]
    assert offer["law"] == english["law"] == "54"
    assert offer["title"] == "felfordított soron kívüli indító kijátszás"
    assert [o["event"] for o in offer["options"]] == [o["event"] for o in english["options"]]
    assert [o["label"] for o in offer["options"]] == [
        "Elfogadom",
        "Leterítem a lapjaimat: asztal leszek",
        "Nem fogadom el",
    ]
    assert polish["offer"]["title"] == "pierwsze wyjście poza kolejnością, odkryte"
    assert "Wykładam karty: zostaję dziadkiem" in [o["label"] for o in polish["offer"]["options"]]
    act(client, table, seats["N"], "decline")  # 54D: the card becomes a major penalty card
    ruling_hu = view(client, table, seats["N"], **{"Accept-Language": "hu"})["rulings"][-1]
    ruling_pl = view(client, table, DIRECTOR, query="?lang=pl")["rulings"][-1]
    ruling_en = view(client, table, DIRECTOR)["rulings"][-1]
    assert ruling_hu["law"] == ruling_pl["law"] == ruling_en["law"]
    assert "nagy büntetőlappá válik" in ruling_hu["text"]
    assert "normalną kartą przygwożdżoną" in ruling_pl["text"]
    assert "major penalty card" in ruling_en["text"]


def test_lang_wins_over_accept_language_and_an_unknown_lang_is_refused(
    client: TestClient,
) -> None:
    table, seats = new_table(client)
    act(client, table, seats["N"], "1NT")
    act(client, table, seats["E"], "1D")  # insufficient (27)
    south = view(client, table, seats["S"], query="?lang=sk", **{"Accept-Language": "pl"})
    assert south["offer"]["title"] == "nedostatočná ponuka"
    answer = client.get(f"/api/tables/{table}?lang=de", headers=auth(seats["S"]))
    assert answer.status_code == 400
    assert "en, pl, hu, sk" in answer.text


@pytest.mark.parametrize(
    ("header", "lang"),
    [
        (None, "en"),
        ("", "en"),
        ("de-DE,de;q=0.9", "en"),
        ("de,pl;q=0.8,hu;q=0.9", "hu"),
        ("sk-SK", "sk"),
        ("pl;q=0,en;q=0.1", "en"),
        ("PL", "pl"),
        ("hu;q=abc,sk;q=0.5", "sk"),
    ],
)
def test_accept_language(header: str | None, lang: str) -> None:
    assert negotiate(None, header) == lang


def test_an_unknown_asked_language_names_the_known_ones() -> None:
    with pytest.raises(UnknownLanguage, match="en, pl, hu, sk"):
        negotiate("xx", "pl")


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=300))
def test_any_accept_language_header_gives_a_known_language(header: str) -> None:
    assert negotiate(None, header) in LANGUAGES


def test_the_law_titles_in_the_readers_language(client: TestClient) -> None:
    # the pages show a clause with its title (GET /api/laws): the same clause numbers in every
    # language, each title in the reader's, without a token
    english = client.get("/api/laws", params={"edition": 2017}).json()
    hungarian = client.get("/api/laws", params={"edition": 2017, "lang": "hu"}).json()
    assert list(hungarian) == list(english) and len(english) > 300
    assert english["27"] == "an insufficient bid" and hungarian["27"] == "elégtelen licit"
    assert hungarian["54"] == "felfordított soron kívüli indító kijátszás"
    assert not [n for n in english if hungarian[n] == english[n]]
    # Accept-Language as for the views, ?lang= first
    header = {"Accept-Language": "sk-SK,sk;q=0.9,en;q=0.5"}
    slovak = client.get("/api/laws", params={"edition": 2017}, headers=header).json()
    assert slovak["61A"].startswith("nepriznanie farby")
    polish = client.get("/api/laws", params={"edition": 2017, "lang": "pl"}, headers=header)
    assert polish.json()["50"] == "karty przygwożdżone"
    # a 2007 table reads its edition's terms: Law 90's procedural penalties in Polish
    old = client.get("/api/laws", params={"edition": 2007, "lang": "pl"}).json()
    assert old["90"] == "kary porządkowe: nie są nakładane"
    assert polish.json()["90"] == "kary proceduralne: nie są nakładane"
    assert old["17E2"] == polish.json()["17D3"]  # the same clause, renumbered in 2017
    # an unknown language is refused with the known ones, in the header's language
    refused = client.get("/api/laws", params={"edition": 2017, "lang": "xx"}, headers=header)
    assert refused.status_code == 400
    assert refused.json()["message"] == "error.unknown-language"
    assert "en, pl, hu, sk" in refused.json()["error"] and "neexistuje" in refused.json()["error"]
