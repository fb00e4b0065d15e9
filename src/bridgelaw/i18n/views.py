"""A viewer's language on the server: chosen from ``?lang=`` or ``Accept-Language``, and a
table's view rewritten in it (the rulings' and reviews' text, the offer's title, labels and
consequences); every other field, event texts and clauses included, unchanged
(``table-api.md``)."""

from __future__ import annotations

import copy
from typing import TYPE_CHECKING, Any

from bridgelaw.i18n.catalogs import LANGUAGES, check_language, render, translator
from bridgelaw.table import meanings
from bridgelaw.table.messages import UnknownMessage, from_json

if TYPE_CHECKING:
    from bridgelaw.table import Table

MAX_HEADER = 1000
"""An Accept-Language header longer than this is read no further (a client's list of
languages is a few dozen characters)."""


def negotiate(asked: str | None, accept_language: str | None) -> str:
    """The language of a viewer: ``asked`` (``?lang=``) when given, which must be one of
    :data:`LANGUAGES` (:class:`~bridgelaw.i18n.catalogs.UnknownLanguage` otherwise); else the
    first of ``Accept-Language`` with a catalog, by its quality (``pl-PL`` reads as ``pl``;
    ``q=0`` refuses); else English."""
    if asked is not None:
        return check_language(asked.strip().lower())
    if not accept_language:
        return "en"
    ranked: list[tuple[float, int, str]] = []
    for order, part in enumerate(accept_language[:MAX_HEADER].split(",")):
        tag, _, params = part.strip().partition(";")
        quality = 1.0
        for param in params.split(";"):
            key, _, value = param.strip().partition("=")
            if key.strip().lower() == "q":
                try:
                    quality = float(value)
                except ValueError:
                    quality = 0.0
        primary = tag.strip().lower().partition("-")[0]
        if primary in LANGUAGES and 0 < quality <= 1:
            ranked.append((-quality, order, primary))
    return min(ranked)[2] if ranked else "en"


def localize_view(view: dict[str, Any], table: Table, lang: str) -> dict[str, Any]:
    """``view`` (of :func:`bridgelaw.server.views.view_for`) with its human text in ``lang``:
    each ruling and review with a message is rendered again from the view's own ``message``
    and ``params`` (so a card hidden from the viewer stays hidden), and the offer's title,
    labels and consequences are the engine's offer's in ``lang``. English: ``view`` itself."""
    if check_language(lang) == "en":
        return view
    result = copy.copy(view)
    for key in ("rulings", "reviews"):
        if key in view:
            result[key] = [_record(entry, lang, table.edition) for entry in view[key]]
    offer = view.get("offer")
    awaiting = table.awaiting
    if offer is not None and awaiting is not None:
        tr = translator(lang)
        spoken = {(c.who, c.word): c for c in meanings.choices(awaiting, tr)}
        options = []
        for option in offer["options"]:
            found = spoken.get((option["who"], option["option"]))
            if found is not None:
                option = {**option, "label": found.label, "consequence": found.consequence}
            options.append(option)
        result["offer"] = {**offer, "title": meanings.title(awaiting, tr), "options": options}
        if "groups" in offer:
            result["offer"]["groups"] = meanings.groups(awaiting, tr)
    return result


def localize_records(
    entries: list[dict[str, Any]], lang: str, edition: int
) -> list[dict[str, Any]]:
    """Rulings or reviews (each with its ``message`` and ``params``) with their ``text`` in
    ``lang``, the rest of each unchanged: the director's console's log of rulings."""
    if check_language(lang) == "en":
        return entries
    return [_record(entry, lang, edition) for entry in entries]


def _record(entry: dict[str, Any], lang: str, edition: int) -> dict[str, Any]:
    if "message" not in entry:
        return entry
    try:
        said = from_json(entry["message"], entry["params"])
    except UnknownMessage:
        return entry  # a record the catalog does not hold stays as written
    return {**entry, "text": render(said, lang, edition)}
