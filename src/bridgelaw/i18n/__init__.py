"""Rulings and other words for people in English, Polish, Hungarian or Slovak.

A ruling is a message id and its parameters (:class:`bridgelaw.table.messages.Said`);
:func:`render` writes it in a language, in the terms of the table's edition of the Laws, from
the gettext catalogs in ``bridgelaw/locale/<lang>/LC_MESSAGES/bridgelaw.po`` (managed with
Babel: ``make catalogs``; docs/languages.md). English is the catalog's own template.

>>> from bridgelaw.cards import Seat, parse_card
>>> from bridgelaw.table.messages import say
>>> revoke = say("revoke", seat=Seat.NORTH, card=parse_card("SA"), trick=3)
>>> render(revoke, "pl", 2017)
'SA gracza N w 3. lewie'
>>> render(say("play", revoke=revoke), "hu", 2017)
'N SA lapja a(z) 3. ütésben: nem követte a színt (színvétel)'
>>> render(revoke, "de", 2017)
Traceback (most recent call last):
...
bridgelaw.i18n.catalogs.UnknownLanguage: no language 'de': the known ones are en, pl, hu, sk
"""

from __future__ import annotations

from bridgelaw.i18n.catalogs import (
    LANGUAGES,
    PLURAL_BY,
    UnknownLanguage,
    check_language,
    count_text,
    plural_index,
    render,
    translate_records,
    translation,
    translator,
)

__all__ = [
    "LANGUAGES",
    "PLURAL_BY",
    "UnknownLanguage",
    "check_language",
    "count_text",
    "plural_index",
    "render",
    "translate_records",
    "translation",
    "translator",
]
