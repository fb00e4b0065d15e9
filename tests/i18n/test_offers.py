"""Offers in every language: each title, label and consequence an offer of the project's table
scripts shows is translated, keeps its parameters, and the offer's clauses, events and parties
are the same as in English."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from bridgelaw.i18n import translator
from bridgelaw.i18n.catalogs import fields, load, offer_key
from bridgelaw.i18n.extract import offer_strings
from bridgelaw.table import Awaiting, Table, meanings, parse_event
from bridgelaw.table.script import load_script

from .pseudo import english_words

SCRIPTS = sorted((Path(__file__).parents[1] / "scripts").rglob("*.yaml"))
TRANSLATED = ("pl", "hu", "sk")


def offers() -> Iterator[Awaiting]:
    """The offer open before each event of every table script, and after the last."""
    for path in SCRIPTS:
        script = load_script(path)
        table = Table(script.board, script.edition)
        for index, text in enumerate(script.events, start=1):
            if table.awaiting is not None:
                yield table.awaiting
            try:
                table.apply(parse_event(text, index))
            except Exception:  # a script written to stop with an error
                break
        if table.awaiting is not None:
            yield table.awaiting


@pytest.fixture(scope="module")
def offered() -> list[Awaiting]:
    found = list(offers())
    assert len(found) > 1000, len(found)
    return found


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_offer_string_is_translated_with_its_parameters(lang: str) -> None:
    entries = load(lang).entries
    missing = [s for s in offer_strings() if offer_key(s) not in entries]
    assert not missing, f"{lang}: {missing[:5]}"
    wrong = [s for s in offer_strings() if fields(str(entries[offer_key(s)])) != fields(s)]
    assert not wrong, f"{lang}: {wrong[:5]}"


def test_every_string_an_offer_shows_is_in_the_catalog(offered: list[Awaiting]) -> None:
    """What the offers of the scripts ask ``tr`` for: each extracted, and translated."""
    asked: set[str] = set()

    def recording(english: str) -> str:
        asked.add(english)
        return english

    for offer in offered:
        meanings.as_offer(offer, None, recording)
    known = set(offer_strings())
    assert asked <= known, sorted(asked - known)[:5]
    assert len(asked) > 60, len(asked)
    for lang in TRANSLATED:
        entries = load(lang).entries
        assert not [s for s in asked if offer_key(s) not in entries], lang


@pytest.mark.parametrize("lang", TRANSLATED)
def test_offers_read_in_the_language_with_the_same_options(
    offered: list[Awaiting], lang: str
) -> None:
    tr = translator(lang)
    changed = 0
    for offer in offered:
        english = meanings.as_offer(offer)
        spoken = meanings.as_offer(offer, None, tr)
        assert (spoken["who"], spoken["law"]) == (english["who"], english["law"])
        assert spoken["title"] != english["title"], (lang, offer.law)
        for mine, theirs in zip(spoken["options"], english["options"], strict=True):
            for key in ("event", "law", "who", "option"):
                assert mine[key] == theirs[key]
            assert "{" not in mine["label"] + mine["consequence"], mine
            changed += mine["consequence"] != theirs["consequence"]
            assert mine["label"] != theirs["label"] or mine["label"] == mine["option"], mine
    assert changed > 1000, changed


def test_a_lead_out_of_turn_offer_in_polish_hungarian_and_slovak() -> None:
    offer = meanings.offer_of({"who": "S", "law": "54", "options": ["accept", "spread", "decline"]})
    labels = {
        lang: [o["label"] for o in meanings.as_offer(offer, "S", translator(lang))["options"]]
        for lang in TRANSLATED
    }
    assert labels["pl"] == ["Akceptuję", "Wykładam karty: zostaję dziadkiem", "Nie akceptuję"]
    assert labels["hu"] == ["Elfogadom", "Leterítem a lapjaimat: asztal leszek", "Nem fogadom el"]
    assert labels["sk"] == ["Akceptujem", "Vykladám list: budem tichým hráčom", "Neakceptujem"]
    title = meanings.explain(offer, translator("hu"))
    assert title is not None and title["title"] == "felfordított soron kívüli indító kijátszás"


def test_every_offer_goes_through_the_catalog(
    offered: list[Awaiting], pseudo_language: str
) -> None:
    tr = translator(pseudo_language)
    seen = 0
    for awaiting in offered:
        words = [meanings.title(awaiting, tr)]
        for choice in meanings.choices(awaiting, tr):
            words += [choice.label, choice.consequence]
        for text in words:
            seen += 1
            assert english_words(text) == [], (awaiting.law, text)
    assert seen > 1000, seen
