"""The pseudo language of the pseudo-locale tests (tests/i18n/test_pseudo.py): the catalog
template with every English letter accented, made at test time, standing in for Polish."""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache

import pytest
from babel.messages.catalog import Catalog

from bridgelaw.i18n import catalogs
from bridgelaw.i18n.catalogs import OFFER, PAGE, Translations, offer_key
from bridgelaw.i18n.extract import template
from bridgelaw.i18n.laws import titles
from bridgelaw.table.messages import CATALOG, Kind, Said

PSEUDO = "pl"
"""The language whose catalog the pseudo one replaces for the test (its plural rule kept)."""

TEXT_PARAMETERS = 8
"""Parameters of kind ``text`` in the engine's messages: the claimer's and the
adjudicator's own words, which stay free, and those still to become messages or catalog words
(29C's event, 45D's later cards, 62D1's forced trick); lower it as they go."""

ACCENTED = str.maketrans(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
    "áƀçđéƒğħíĵķłɱñóþʠŕšŧúṽŵẋýžÁƁÇĐÉƑĞĦÍĴĶŁMÑÓÞQŔŠŦÚṼŴẊÝŽ",
)
ENGLISH = re.compile(r"[a-z]{2,}")
FIELD = re.compile(r"(\{\{|\}\}|\{[^{}]*\})")


def pseudo(text: str) -> str:
    """``text`` in the pseudo language: letters accented outside its ``{fields}``, the whole
    between brackets and a third longer (a translation is often longer than the English)."""
    parts = FIELD.split(text)
    body = "".join(p if FIELD.fullmatch(p) else p.translate(ACCENTED) for p in parts)
    return "⟦" + body + "·" * (len(text) // 3) + "⟧"


@cache
def pseudo_catalog() -> Translations:
    """Every entry of the template (``make catalogs``' extract) in the pseudo language."""
    catalog: Catalog = template()
    entries: dict[str, str | tuple[str, ...]] = {}
    for message in catalog:
        if not message.id or message.context is None:
            continue
        key = message.context
        if key == OFFER and isinstance(message.id, str):
            key = offer_key(message.id)
        if isinstance(message.id, str):
            entries[key] = pseudo(message.id)
        else:
            one, other = message.id[0], message.id[-1]
            entries[key] = (pseudo(one), pseudo(other), pseudo(other))
    return Translations(entries, catalogs.load(PSEUDO).plural)


@pytest.fixture
def pseudo_language(monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """The pseudo catalog in place of :data:`PSEUDO`'s while a test runs."""
    fake = pseudo_catalog()
    monkeypatch.setattr(catalogs, "load", lambda lang: fake)
    yield PSEUDO


def english_words(text: str) -> list[str]:
    return ENGLISH.findall(text)


def free_text(said: Said) -> set[str]:
    """The messages in ``said`` (itself and those inside) with a ``text`` parameter whose value
    has English in it."""
    found: set[str] = set()
    kinds = dict(CATALOG[said.message].params)
    for name, value in said.params:
        if isinstance(value, Said):
            found |= free_text(value)
        elif kinds[name] == Kind.TEXT and isinstance(value, str) and english_words(value):
            found.add(said.message)
    return found


def pseudo_page_words() -> dict[str, object]:
    """``/api/page-words``' answer in the pseudo language: every page word of the template
    (three plural forms, by Polish's rule), for the pseudo-locale browser test."""
    words: dict[str, object] = {}
    for message in template():
        if message.context != PAGE or not message.id:
            continue
        if isinstance(message.id, str):
            words[message.id] = pseudo(message.id)
        else:
            one, other = message.id[0], message.id[-1]
            words[one] = [pseudo(one), pseudo(other), pseudo(other)]
    return {"lang": PSEUDO, "plural": catalogs.load(PSEUDO).expression, "words": words}


def pseudo_law_titles(edition: int) -> dict[str, str]:
    """``/api/laws``' answer in the pseudo language: every clause number of ``edition`` with
    its title (the law titles' catalog, domain ``laws``) accented, for the browser test."""
    return {number: pseudo(english) for number, english in titles(edition).items()}
