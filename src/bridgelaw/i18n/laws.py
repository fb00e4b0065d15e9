"""The law book's clause titles in the reader's language: a gettext domain of their own.

The titles of :data:`bridgelaw.laws.CLAUSES` (the project's words for what it does with each
clause) are what the pages show beside a clause number (``GET /api/laws``: "Law 27B (...)").
They are kept in a catalog of their own, ``locale/<lang>/LC_MESSAGES/laws.po`` (domain
``laws``, template ``locale/laws.pot`` written by ``python -m bridgelaw.i18n.extract_laws``),
apart from the engine's messages and the application's phrases in ``bridgelaw.po``: the two
catalogs change independently and never touch each other's lines.

An entry's ``msgid`` is the English title, with no context, as gettext's ``_`` has it (a title
two clauses share is one entry). A title whose words differ in some language's 2007 edition
has a second entry, context ``2007`` (:data:`EDITIONS`), read for a 2007 table: the Polish
procedural penalty is *kara porządkowa* in 2007 and *kara proceduralna* in 2017. An entry
without a translation, or fuzzy (its English changed since it was translated), is English.

>>> from bridgelaw.laws import clause
>>> title(clause("27"), "pl", 2017)
'odzywka niewystarczająca'
>>> title(clause("90"), "pl", 2007), title(clause("90"), "pl", 2017)
('kary porządkowe: nie są nakładane', 'kary proceduralne: nie są nakładane')
>>> titles(2017, "hu")["50"], titles(2007, "sk")["16D"]
('büntetőlapok', 'informácia z odvolaných alebo zrušených úkonov: neoprávnená pre previnilú stranu')
>>> title(clause("27"), "en", 2017)
'an insufficient bid'
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from babel.messages.pofile import read_po

from bridgelaw.i18n.catalogs import LOCALE_DIR, check_language
from bridgelaw.laws import CLAUSES, Clause

DOMAIN = "laws"

EDITIONS: dict[str, tuple[int, ...]] = {
    "90": (2007,),  # pl: kary porządkowe (2007, 90); kara proceduralna (2017, 15A3)
}
"""Clauses (by key) whose title has an entry per edition where some language's edition changed
a term (docs/glossary.md): the entry's context is the edition."""

Entries = dict[tuple[str | None, str], str]
"""A catalog's translated titles by (context, English title)."""


def po_path(lang: str) -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


@cache
def load(lang: str) -> Entries:
    """The translated titles of ``lang`` (read once): fuzzy and empty entries are left out."""
    if check_language(lang) == "en":
        return {}
    with po_path(lang).open("rb") as file:
        catalog = read_po(file, locale=lang, domain=DOMAIN)
    found: Entries = {}
    for message in catalog:
        if not message.id or message.fuzzy or not isinstance(message.id, str):
            continue
        if isinstance(message.string, str) and message.string:
            found[(message.context, message.id)] = message.string
    return found


def title(clause: Clause, lang: str, edition: int) -> str:
    """The clause's title in ``lang``, in the terms of ``edition`` (English when it has no
    translation)."""
    entries = load(lang)
    if edition in EDITIONS.get(clause.key, ()):
        found = entries.get((str(edition), clause.title))
        if found is not None:
            return found
    return entries.get((None, clause.title), clause.title)


def titles(edition: int, lang: str = "en") -> dict[str, str]:
    """Every clause number of ``edition`` the project cites, with its title in ``lang`` (a
    number several clauses share has the first one's, in the book's order)."""
    found: dict[str, str] = {}
    for clause in CLAUSES.values():
        for number in clause.numbers[edition]:
            if number not in found:
                found[number] = title(clause, lang, edition)
    return found


__all__ = ["DOMAIN", "EDITIONS", "load", "po_path", "title", "titles"]
