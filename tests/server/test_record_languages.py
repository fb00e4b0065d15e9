"""The printed ruling record (HTML and PDF) in English, Polish, Hungarian and Slovak.

One table's record: East's insufficient 1C over North's 1NT accepted by South (27A1, a ruling
of the engine), a call of the director answered, a weighted score entered (12C1c), an appeal to
a committee decided on judgement with a changed score (92-93), the results published (79C,
92B). Each language's page must hold the terms its edition of the Laws uses for these things
(each term is looked up in the law text itself, ``../shared/laws``), and none of the English
words of the record's own vocabulary: the texts typed in this test are clause numbers, calls
and initials, so any English word left on the page is one the page failed to translate.
"""

from __future__ import annotations

import re
from html import unescape
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from bridgelaw.i18n.catalogs import translation
from bridgelaw.i18n.record import WORDS
from bridgelaw.server.app import create_app

from ..api_client import DIRECTOR, act, auth, new_table
from .support import pdf_text

LAWS = Path(__file__).resolve().parents[3] / "shared" / "laws"

TERMS: dict[str, tuple[str, list[str]]] = {
    # language: (its law text, the terms of 12C1 (assigned), 79C, 92B, 93B (the committee))
    "pl": (
        "2007-laws-polish.txt",
        [
            "zapisowy wynik rozjemczy",
            "okres reklamacyjny",
            "termin odwołania",
            "komisja odwoławcza",
        ],
    ),
    "hu": (
        "2017-laws-hungarian.txt",
        [
            "megítélt módosított eredmény",
            "kiigazítási időszak",
            "óvás határideje",
            "óvási bizottság",
        ],
    ),
    "sk": (
        "2007-laws-slovak.txt",
        [
            "pridelený upravený výsledok",
            "opravná lehota",
            "lehota pre odvolanie",
            "odvolacia komisia",
        ],
    ),
}
WEIGHTED = {"pl": "ważony", "hu": "súlyozott", "sk": "vážený"}
"""12C1c's weighting: the Polish text says a score may be weighted (``ważyć``), the Hungarian
``súlyozható``, the Slovak ``vážený``: the adjective the record uses."""
TITLE = {"pl": "Rejestr orzeczeń", "hu": "döntések jegyzéke", "sk": "Záznam rozhodnutí"}
APPEAL = {"pl": "Odwołanie 1", "hu": "1. óvás", "sk": "Odvolanie 1"}

ENGLISH = sorted(
    {
        found.lower()
        for english in WORDS.values()
        for found in re.findall(r"[A-Za-z]{4,}", re.sub(r"\{[a-z_]+\}", " ", english))
    }
)
"""Every English word of four letters or more in the record's vocabulary."""


@pytest.fixture(scope="module")
def record(tmp_path_factory: pytest.TempPathFactory) -> tuple[TestClient, str]:
    folder = tmp_path_factory.mktemp("record")
    client = TestClient(create_app(f"sqlite:///{folder / 'tables.db'}", DIRECTOR))
    table, seats = new_table(client)
    act(client, table, seats["N"], "1NT")
    act(client, table, seats["E"], "1C")  # insufficient (27)
    act(client, table, seats["S"], "accept")  # 27A1
    call = post(client, f"/api/tables/{table}/calls", {"reason": "1C"}, seats["S"])
    post(client, f"/api/tables/{table}/calls/{call['call']}/answer", {"note": "27A1"})
    weighted = [
        {"weight": "2/3", "contract": "1NT", "declarer": "N", "tricks": 8},
        {"weight": "1/3", "contract": "1NTX", "declarer": "N", "tricks": 7},
    ]
    post(client, f"/api/tables/{table}/result", {"weighted": weighted, "note": "12C1c"})
    appeal = {
        "against": 2,
        "appellant": "EW",
        "grounds": [{"kind": "judgement", "text": "1NT X"}],
        "heard_by": "committee",
        "members": ["A. B.", "C. D."],
        "deposit": {"amount": "20", "currency": "EUR"},
    }
    post(client, f"/api/tables/{table}/appeals", appeal)
    decision = {"by": "A. B.", "reasoning": "16B1a", "changed_on": 0, "result": {"ns_score": 120}}
    post(client, f"/api/tables/{table}/appeals/1/decision", decision)
    post(client, f"/api/tables/{table}/publish", {})
    return client, table


def post(client: TestClient, path: str, body: Any, token: str = DIRECTOR) -> Any:
    answer = client.post(path, json=body, headers=auth(token))
    assert answer.status_code == 200, answer.text
    return answer.json()


def page_text(html: str, table: str) -> str:
    """The page's text without its tags and the record's key (``table:<id>``, data)."""
    body = re.sub(r"<style>.*?</style>", " ", html, flags=re.S)
    return unescape(re.sub(r"<[^>]+>", " ", body)).replace(f"table:{table}", " ")


def english_left(text: str, lang: str) -> list[str]:
    """The record's English words found in ``text``, but for those the language's own
    translations use too (Polish ``program``)."""
    own = {
        w.lower()
        for key in WORDS
        for w in re.findall(r"[A-Za-z]{4,}", translation(lang, f"record.{key}") or "")
    }
    words = {w.lower() for w in re.findall(r"[A-Za-z]{4,}", text)}
    return [w for w in ENGLISH if w in words and w not in own]


@pytest.mark.parametrize("lang", ["pl", "hu", "sk"])
def test_each_language_prints_its_laws_terms_and_no_english(
    record: tuple[TestClient, str], lang: str
) -> None:
    client, table = record
    answer = client.get(f"/api/tables/{table}/record.html?lang={lang}", headers=auth(DIRECTOR))
    assert answer.status_code == 200
    text = page_text(answer.text, table)
    source, terms = TERMS[lang]
    law = (LAWS / source).read_text("utf-8").lower()
    for term in terms:
        assert term in law, f"{term!r} is not in {source}"  # the expectation is the law's
        assert term.lower() in text.lower(), f"{lang}: no {term!r}"
    assert WEIGHTED[lang] in text and TITLE[lang] in text and APPEAL[lang] in text
    assert f"lang='{lang}'" in answer.text
    assert english_left(text, lang) == [], f"{lang}: English left on the page"
    # the data stays as recorded: clauses, the deposit, the weights
    for kept in ("27A1", "12C1c", "92A", "20 EUR", "2/3", "+120"):
        assert kept in text


def test_english_is_the_default_and_the_header_chooses(record: tuple[TestClient, str]) -> None:
    client, table = record
    path = f"/api/tables/{table}/record.html"
    english = page_text(client.get(path, headers=auth(DIRECTOR)).text, table)
    assert "Ruling record" in english and "weighted assigned adjusted score" in english
    assert "appeals committee" in english and "Appeal 1 (Laws 92-93)" in english
    assert "weighted" in english_left(english, "pl")  # the check finds English when it is there
    asked = {**auth(DIRECTOR), "Accept-Language": "de-DE, hu;q=0.8, pl;q=0.5"}
    hungarian = page_text(client.get(path, headers=asked).text, table)
    assert TITLE["hu"] in hungarian and english_left(hungarian, "hu") == []
    unknown = client.get(f"{path}?lang=de", headers=auth(DIRECTOR))
    assert unknown.status_code == 400 and "en, pl, hu, sk" in unknown.text


def test_the_pdf_holds_the_same_record_in_the_language_asked(
    record: tuple[TestClient, str],
) -> None:
    client, table = record
    answer = client.get(f"/api/tables/{table}/record.pdf?lang=sk", headers=auth(DIRECTOR))
    assert answer.status_code == 200 and answer.headers["content-type"] == "application/pdf"
    text = " ".join(pdf_text(answer.content).split())
    assert TITLE["sk"] in text and APPEAL["sk"] in text
    for term in TERMS["sk"][1]:
        assert term in text.lower()
    for number in (1, 2, 3):  # the call, the weighted score, the committee's score
        assert f"Rozhodnutie {number}" in text
    assert "zmenený rozhodnutím 3" in text
