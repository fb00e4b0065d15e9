"""The browser pages' own words: every one extracted, translated in pl, hu and sk
with the same parameters, and served per language with the catalog's plural rule."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from bridgelaw.i18n.catalogs import fields, load, page_key
from bridgelaw.i18n.pages import PAGE_FILES, STATIC, html_words, js_words, page_strings
from bridgelaw.server.app import create_app

from ..api_client import DIRECTOR

TRANSLATED = ("pl", "hu", "sk")
FORMS = {"pl": 3, "hu": 2, "sk": 3}


def english_forms(word: str | tuple[str, str]) -> tuple[str, ...]:
    return (word,) if isinstance(word, str) else word


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_page_word_has_a_translation(lang: str) -> None:
    entries = load(lang).entries
    missing = []
    for word in page_strings():
        forms = english_forms(word.english)
        found = entries.get(page_key(forms[0]))
        if found is None:
            missing.append(forms[0])
        elif len(forms) == 2:
            assert isinstance(found, tuple) and len(found) == FORMS[lang], forms
            assert all(found), forms
    assert not missing, f"{lang}: {len(missing)} page words untranslated: {missing[:10]}"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_no_page_translation_drops_or_adds_a_parameter(lang: str) -> None:
    entries = load(lang).entries
    wrong = []
    for word in page_strings():
        forms = english_forms(word.english)
        want = fields(forms[-1])
        found = entries.get(page_key(forms[0]))
        for form in found if isinstance(found, tuple) else (found or forms[0],):
            if fields(form) != want:
                wrong.append((forms[0], form))
    assert not wrong, f"{lang}: {wrong[:5]}"


def test_every_literal_passed_to_the_translation_functions_is_extracted() -> None:
    # Babel's extractor does not look inside template literals: a _("...") written there
    # would be left English; this finds every literal argument by a plain search instead
    extracted = {english_forms(w.english)[0] for w in page_strings()}
    call = re.compile(r'(?<![\w.])(?:_|ngettext)\(\s*"((?:[^"\\]|\\.)*)"')
    for name in PAGE_FILES:
        if name.endswith(".js"):
            text = (STATIC / name).read_text(encoding="utf-8")
            for literal in call.findall(text):
                assert literal.replace('\\"', '"') in extracted, (name, literal)


def test_the_extractors_find_calls_plurals_and_the_htmls_text() -> None:
    found = js_words(
        'const a = _("Board {board}", { board: 3 });\n'
        'const b = ngettext("{n} trick", "{n} tricks", n, { n });\n'
        'const c = "not a word for the catalog";\n',
        "x.js",
    )
    assert [w.english for w in found] == ["Board {board}", ("{n} trick", "{n} tricks")]
    html = (
        '<p title="A tooltip">Two   words <span>and more</span></p><script>var x = "no";</script>'
        '<button>XX</button><p translate="no">English</p>'
    )
    assert html_words(html) == ["A tooltip", "Two words", "and more"]


def test_a_dropped_page_parameter_is_seen() -> None:
    assert fields("Trick {trick} won by {seat}") != fields("Lewę wziął {seat}")


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    app = create_app(f"sqlite:///{tmp_path / 'tables.db'}", DIRECTOR)
    yield TestClient(app)
    app.state.server.engine.dispose()


def test_the_server_gives_each_languages_page_words_and_plural_rule(client: TestClient) -> None:
    answer = client.get("/api/page-words", params={"lang": "pl"})
    assert answer.status_code == 200
    body = answer.json()
    assert body["words"]["Auction"] == "Licytacja"
    assert body["words"]["North"] == "Północ"
    assert "n%10>=2" in body["plural"].replace(" ", "")  # Polish: 2-4 (not 12-14) is "few"
    claim = body["words"]["{seat} claims {number} of the remaining tricks"]
    assert isinstance(claim, list) and len(claim) == 3
    hungarian = client.get("/api/page-words", params={"lang": "hu"}).json()
    assert hungarian["words"]["Pass"] == "Passz" and hungarian["plural"] == "(n != 1)"
    english = client.get("/api/page-words", params={"lang": "en"}).json()
    assert english["words"] == {}


def test_an_unknown_page_language_is_refused_with_the_known_ones(client: TestClient) -> None:
    answer = client.get("/api/page-words", params={"lang": "de"})
    assert answer.status_code == 400
    assert "en, pl, hu, sk" in answer.json()["error"]
    # in the asker's language, by Accept-Language
    slovak = client.get("/api/page-words?lang=de", headers={"Accept-Language": "sk"})
    assert slovak.status_code == 400 and "'de'" in slovak.json()["error"]
    assert slovak.json()["error"] != answer.json()["error"]
