"""Refusals in the viewer's language (``table-api.md``: errors are human text too): a phrase
with its parameters, written at the edge; the status, the law and the phrase's id unchanged."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from bridgelaw.cards import Seat
from bridgelaw.i18n.catalogs import fields, translation
from bridgelaw.i18n.words import PHRASES, Worded, names, number_text, percent
from bridgelaw.server.app import create_app
from bridgelaw.table.messages import say

from ..api_client import DIRECTOR, act, auth, new_table

TRANSLATED = ("pl", "hu", "sk")


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    app = create_app(f"sqlite:///{tmp_path / 'tables.db'}", DIRECTOR)
    yield TestClient(app)
    app.state.server.engine.dispose()


def test_refusals_in_the_viewers_language(client: TestClient) -> None:
    table, seats = new_table(client, mode="strict")
    act(client, table, seats["N"], "1NT")
    # South bids at East's turn, out of rotation: a strict table refuses it, naming the law the
    # director would rectify it by (29A), in the asker's language
    answer = client.post(
        f"/api/tables/{table}/events?lang=pl", json={"event": "2C"}, headers=auth(seats["S"])
    )
    assert answer.status_code == 422, answer.text
    body = answer.json()
    assert (body["message"], body["law"]) == ("error.strict-director-rectifies", "29A")
    assert body["params"] == {"law": "29A", "who": "W", "options": "accept, decline"}
    assert body["error"] == (
        "odrzucone przy ścisłym stole: nieprawidłowość, którą sędzia sprostowałby według "
        "przepisu 29A (W: accept, decline)"
    )
    english = client.post(
        f"/api/tables/{table}/events", json={"event": "2C"}, headers=auth(seats["S"])
    )
    assert english.json()["error"].startswith("refused at a strict table: an irregularity")
    # a 403, a 404 and a 401 by Accept-Language
    hungarian = {"Accept-Language": "hu-HU,hu;q=0.9"}
    answer = client.get(f"/api/tables/{table}", headers={**auth("nobody"), **hungarian})
    assert (answer.status_code, answer.json()["error"]) == (
        403,
        "ez a token nem ehhez az asztalhoz tartozik",
    )
    answer = client.get("/api/tables/nosuch?lang=sk", headers=auth(DIRECTOR))
    assert answer.status_code == 404
    assert answer.json() == {
        "error": "neexistuje stôl 'nosuch'",
        "message": "error.no-table",
        "params": {"table": "nosuch"},
    }
    answer = client.get(f"/api/tables/{table}?lang=pl")
    assert answer.status_code == 401
    assert answer.json()["error"].startswith("potrzebny jest token")
    # an unknown ?lang= is refused in the header's language, with the known ones
    answer = client.get(f"/api/tables/{table}?lang=de", headers={**auth(DIRECTOR), **hungarian})
    assert answer.status_code == 400
    assert answer.json()["error"] == "nincs 'de' nyelv: az ismertek: en, pl, hu, sk"


def test_a_refusal_names_the_ruling_in_the_language_and_edition() -> None:
    said = say("law48-49-exposed.exposed-becomes-penalty-card.major", seat=Seat.EAST, card=51)
    words = Worded.of("error.strict-would-rule", 2017, ruling=said)
    assert words.text("sk") == (
        "odmietnuté pri prísnom stole (vedúci by rozhodol: E odkryl SA: stáva sa veľkou "
        "pokutovou kartou (50B) a zostáva lícom nahor.)"
    )
    assert words.as_json()["params"]["ruling"]["message"] == said.message


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_phrase_is_translated_with_its_parameters(lang: str) -> None:
    for key, english in PHRASES.items():
        found = translation(lang, f"ui.{key}")
        assert found is not None, f"{lang}: ui.{key} has no translation"
        assert fields(found) == fields(english), f"{lang}: ui.{key}"


def test_a_phrase_takes_exactly_its_parameters() -> None:
    with pytest.raises(KeyError):
        Worded.of("error.no-table")
    with pytest.raises(KeyError):
        Worded.of("error.no-table", table="t", seat="N")
    assert names(PHRASES["error.no-seat-token"]) == {"table", "seat"}


@pytest.mark.parametrize(
    ("text", "lang", "written"),
    [
        ("52.35", "pl", "52,35"),
        ("52.35", "en", "52.35"),
        ("-3.5", "hu", "-3,5"),
        ("1234.50", "sk", "1234,50"),
        ("12", "pl", "12"),
        ("", "pl", ""),
        ("A", "pl", "A"),
    ],
)
def test_numbers_in_the_languages_way(text: str, lang: str, written: str) -> None:
    assert number_text(text, lang) == written


def test_percentages_follow_cldr() -> None:
    assert percent(52.5, "pl") == "52,50%"
    assert percent(52.5, "en") == "52.50%"
    assert percent(52.5, "sk") == "52,50\u00a0%"
