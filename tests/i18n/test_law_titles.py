"""The law book's clause titles in their own catalog (domain ``laws``): every title translated
in pl, hu and sk, none losing a parameter or a number, in the glossary's terms and the table's
edition; the template is the law book's as it stands; English is the book's own."""

from __future__ import annotations

import re

import pytest
from babel.messages.pofile import read_po

from bridgelaw.i18n import UnknownLanguage
from bridgelaw.i18n.catalogs import LOCALE_DIR, fields
from bridgelaw.i18n.extract_laws import template
from bridgelaw.i18n.laws import EDITIONS, load, po_path, title, titles
from bridgelaw.laws import CLAUSES, clause
from bridgelaw.laws import EDITIONS as BOOK_EDITIONS

TRANSLATED = ("pl", "hu", "sk")
NUMBER = re.compile(r"\d+[A-Za-z0-9]*")
"""A number in a title: a count (52, 30 minutes), a trick (13) or a clause (31A2, 64A2)."""


def entries() -> list[tuple[str | None, str]]:
    """Every entry of the template, as (context, English title)."""
    return [(m.context, m.id) for m in template() if m.id and isinstance(m.id, str)]


def test_the_template_holds_every_title_and_each_edition_entry() -> None:
    expected = list(dict.fromkeys(c.title for c in CLAUSES.values()))
    assert [english for context, english in entries() if context is None] == expected
    dated = [(context, english) for context, english in entries() if context is not None]
    assert dated == [("2007", CLAUSES[key].title) for key in EDITIONS]


def test_the_template_file_is_the_extractors() -> None:
    # make catalogs writes it; a title changed in the law book and not extracted is seen here
    with (LOCALE_DIR / "laws.pot").open("rb") as file:
        written = [(m.context, m.id) for m in read_po(file) if m.id]
    assert written == entries()


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_title_has_a_translation(lang: str) -> None:
    found = load(lang)
    missing = [entry for entry in entries() if entry not in found]
    assert not missing, f"{lang}: {len(missing)} titles untranslated (or fuzzy): {missing[:5]}"
    with po_path(lang).open("rb") as file:
        kept = {(m.context, m.id) for m in read_po(file) if m.id}
    assert kept == set(entries()), f"{lang}: laws.po not updated from the template"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_no_translation_drops_a_parameter_or_a_number(lang: str) -> None:
    wrong = []
    for context, english in entries():
        text = load(lang)[(context, english)]
        if fields(text) != fields(english):
            wrong.append((english, text))
        missing = set(NUMBER.findall(english)) - set(NUMBER.findall(text))
        if missing:
            wrong.append((english, text))
    assert not wrong, f"{lang}: {wrong[:5]}"


def test_a_dropped_number_is_seen() -> None:
    english = "the correction period: 30 minutes after the official scores unless set"
    assert set(NUMBER.findall(english)) - set(NUMBER.findall("okres reklamacyjny"))


@pytest.mark.parametrize("edition", BOOK_EDITIONS)
def test_english_is_the_law_books_own(edition: int) -> None:
    english = titles(edition)
    assert english["27"] == "an insufficient bid"
    for number, text in english.items():
        assert text in {c.title for c in CLAUSES.values() if number in c.numbers[edition]}


@pytest.mark.parametrize("lang", TRANSLATED)
@pytest.mark.parametrize("edition", BOOK_EDITIONS)
def test_each_language_titles_the_same_numbers(lang: str, edition: int) -> None:
    english, translated = titles(edition), titles(edition, lang)
    assert list(translated) == list(english)
    assert [n for n in english if translated[n] == english[n]] == []


def test_an_unknown_language_is_refused() -> None:
    with pytest.raises(UnknownLanguage, match="en, pl, hu, sk"):
        titles(2017, "xx")


def test_the_editions_term_decides() -> None:
    # Law 90: "kary porządkowe" in the Polish 2007 Laws, "kara proceduralna" in Polish 2017 (15A3)
    assert title(clause("90"), "pl", 2007).startswith("kary porządkowe")
    assert title(clause("90"), "pl", 2017).startswith("kary proceduralne")
    assert titles(2007, "pl")["90"] != titles(2017, "pl")["90"]
    # Hungarian and Slovak have one text each: their terms serve both editions
    for lang in ("hu", "sk"):
        assert title(clause("90"), lang, 2007) == title(clause("90"), lang, 2017)


# The glossary's terms (docs/glossary.md) in the titles of the clauses that name them: pl, hu, sk.
TERMS: dict[str, tuple[str, str, str]] = {
    "27": ("odzywka niewystarczająca", "elégtelen licit", "nedostatočná ponuka"),
    "61A": ("fałszywy renons", "színvétel", "nepriznanie farby"),
    "63A": ("uprawomocnia", "jóvátehetetlen", "dokonaným"),
    "50C": ("podrzędna karta przygwożdżona", "kis büntetőlap", "malá pokutová karta"),
    "45E1": ("normalna karta przygwożdżona", "nagy büntetőlap", "veľká pokutová karta"),
    "54": ("poza kolejnością", "soron kívüli indító kijátszás", "mimo poradia"),
    "42B1": ("dziadek", "asztal", "tichý hráč"),
    "55": ("rozgrywającego", "felvevő", "hlavného hráča"),
    "70": ("sędzia", "tornavezető", "vedúci"),
    "68A": ("roszczenie", "igény", "nárok"),
    "68B1": ("zrzeczenie", "lemondás", "vzdanie sa"),
    "12C2a": ("procentowy wynik rozjemczy", "mesterséges módosított", "umelý upravený výsledok"),
    "12C1a": ("zapisowy wynik rozjemczy", "megítélt módosított", "pridelený upravený výsledok"),
    "16C": ("nielegalna", "jogosulatlan", "neoprávnená"),
    "26": ("ograniczenia wistowe", "hívási korlátozás", "výnosové obmedzenia"),
    "36": ("niedozwolona", "nem engedett", "neprípustná"),
    "23A": ("porównywalna", "hasonló értelmű", "porovnateľná"),
    "24A": ("blotka", "kis lap", "malá karta"),
    "79C1": ("okres reklamacyjny", "kiigazítási időszak", "opravná lehota"),
    "93A": ("komisji odwoławczej", "óvási bizottság", "odvolacej komisie"),
}


@pytest.mark.parametrize("key", TERMS)
@pytest.mark.parametrize("lang", TRANSLATED)
def test_a_title_uses_the_glossarys_term(key: str, lang: str) -> None:
    term = TERMS[key][TRANSLATED.index(lang)]
    for edition in BOOK_EDITIONS:
        if clause(key).numbers[edition]:
            assert term in title(clause(key), lang, edition), (key, lang, edition)
