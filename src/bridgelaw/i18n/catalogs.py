"""The gettext catalogs, read with Babel, and the rendering of a message said in a language.

Each catalog entry's context (``msgctxt``) is the message id of the engine's catalog
(:data:`bridgelaw.table.messages.CATALOG`), its ``msgid`` the English template: a translation
is found by its id, and an English template changed since it was translated leaves the entry
fuzzy after ``make catalogs`` (``pybabel update``), which counts as untranslated. A message
whose words differ between editions in some language has a second entry, context
``<id>|2007``, used for a table of the 2007 edition. The catalogs are read from the ``.po``
files at run time (Babel's ``read_po``), so a fresh clone and the mypyc-compiled build need
no compiled ``.mo`` files.
"""

from __future__ import annotations

import gettext
from collections.abc import Callable, Mapping, Sequence
from functools import cache
from pathlib import Path
from string import Formatter
from typing import Any, Protocol

from babel.messages.pofile import read_po

from bridgelaw.errors import BridgeLawError
from bridgelaw.table.messages import CATALOG, Kind, ParamValue, Said

LANGUAGES: tuple[str, ...] = ("en", "pl", "hu", "sk")
"""The languages a person may read: English, the catalog's own, and the three translated."""

DOMAIN = "bridgelaw"
LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"

PLURAL_BY: dict[str, str] = {
    "record-suggestion": "remaining",
    "record-suggestion.line": "remaining",
    "settle.tally": "remaining",
    "settle.back.69b2.many": "back",
    "settle.back.71.many": "back",
    "claim.all": "remaining",
    "claim.some": "remaining",
    "claim.none": "remaining",
    "claim.concedes": "remaining",
}
"""Messages whose words agree with a count (``n`` tricks), by the parameter that counts:
their catalog entries have plural forms (English needs none: its variants are messages)."""

EDITIONS: dict[str, tuple[int, ...]] = {
    "law43a2-broken.dummy-may-get-procedural": (2007,),  # pl: kara porządkowa (2007, 90)
}
"""Messages with an entry per edition where some language's edition changed a term."""

WORDS: tuple[str, ...] = (
    "high",
    "low",
    "highest",
    "lowest",
    "require",
    "forbid",
    "must lead",
    "may not lead",
    "clubs",
    "diamonds",
    "hearts",
    "spades",
)
"""The fixed words a parameter of kind ``word`` takes (declarer's choices, a designation, the
suits he names)."""

CALL_WORDS: tuple[str, ...] = ("pass",)
"""Calls written as a word: the other calls (1NT, X, XX) read the same in every language."""

COUNTS: dict[str, tuple[str, str]] = {
    "count.tricks": ("{count} trick", "{count} tricks"),
    "count.matchpoints": ("{count} matchpoint", "{count} matchpoints"),
}
"""Counts written with their noun, for reports and pages (plural forms per language)."""


OFFER = "offer"
"""The context of an offer's words (bridgelaw.table.meanings): their msgid is the English, as
gettext's ``_`` has it, since an offer's sentences are the module's own English."""


class UnknownLanguage(BridgeLawError):
    """A language with no catalog: the message lists the known ones."""

    def __init__(self, lang: str) -> None:
        super().__init__(f"no language {lang!r}: the known ones are {', '.join(LANGUAGES)}")
        self.lang = lang


def check_language(lang: str) -> str:
    """``lang`` if it is one of :data:`LANGUAGES`; otherwise :class:`UnknownLanguage`."""
    if lang not in LANGUAGES:
        raise UnknownLanguage(lang)
    return lang


Entry = str | tuple[str, ...]


PAGE = "page"
"""The context of the browser pages' own words (bridgelaw.i18n.pages): their msgid is the
English the pages' scripts pass to ``_()`` or the text of their HTML."""


class Translations:
    """One language's catalog: the translated entries by context, and its plural rule (a
    function, and the catalog's ``Plural-Forms`` expression the browser pages evaluate)."""

    def __init__(
        self,
        entries: Mapping[str, Entry],
        plural: Callable[[int], int],
        expression: str = "(n != 1)",
    ) -> None:
        self.entries = dict(entries)
        self.plural = plural
        self.expression = expression

    def get(self, context: str, count: int | None = None) -> str | None:
        found = self.entries.get(context)
        if found is None:
            return None
        if isinstance(found, tuple):
            index = self.plural(count if count is not None else 1)
            return found[index] if index < len(found) and found[index] else None
        return found


def po_path(lang: str) -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


@cache
def load(lang: str) -> Translations:
    """The catalog of ``lang`` (read once): fuzzy and empty entries are left out."""
    with po_path(check_language(lang)).open("rb") as file:
        catalog = read_po(file, locale=lang, domain=DOMAIN)
    entries: dict[str, Entry] = {}
    for message in catalog:
        if not message.id or message.fuzzy or message.context is None:
            continue
        key = message.context
        if key == OFFER and isinstance(message.id, str):
            key = offer_key(message.id)
        elif key == PAGE:
            key = page_key(message.id if isinstance(message.id, str) else message.id[0])
        string = message.string
        if isinstance(string, str):
            if string:
                entries[key] = string
        elif string is not None and any(string):
            entries[key] = tuple(string)
    return Translations(entries, gettext.c2py(catalog.plural_expr), catalog.plural_expr)


def offer_key(english: str) -> str:
    """Where an offer's English sentence is kept among a catalog's entries."""
    return f"{OFFER}\x04{english}"


def page_key(english: str) -> str:
    """Where a page's English word (its singular, for a plural entry) is kept."""
    return f"{PAGE}\x04{english}"


def translator(lang: str) -> Callable[[str], str]:
    """gettext's ``_`` for the offers' words in ``lang``: an English sentence or template of
    bridgelaw.table.meanings to its translation (itself when it has none, and in English)."""
    if check_language(lang) == "en":
        return _same
    entries = load(lang).entries

    def translate(english: str) -> str:
        found = entries.get(offer_key(english))
        return found if isinstance(found, str) else english

    return translate


def _same(text: str) -> str:
    return text


def plural_index(lang: str, count: int) -> int:
    """Which plural form of ``lang``'s catalog a count takes (gettext's rule in the header)."""
    if lang == "en":
        return 0 if count == 1 else 1
    return load(lang).plural(count)


def translation(lang: str, context: str, count: int | None = None) -> str | None:
    """The translated template of ``context`` in ``lang`` (None when it has none)."""
    if check_language(lang) == "en":
        return None
    return load(lang).get(context, count)


def count_text(lang: str, what: str, count: int) -> str:
    """``count`` with its noun (``what``: tricks, matchpoints) in ``lang``: ``5 lew``."""
    english = COUNTS[f"count.{what}"]
    template = translation(lang, f"count.{what}", count)
    if template is None:
        template = english[0] if count == 1 else english[1]
    return template.format(count=count)


def render(said: Said, lang: str, edition: int) -> str:
    """The sentence ``said`` in ``lang``, in the terms of the table's ``edition`` (2017 or
    2007). A message not yet translated (or fuzzy) is written in English."""
    if check_language(lang) == "en":
        return said.text()
    message = CATALOG[said.message]
    kinds = dict(message.params)
    values = {name: _written(value, kinds[name], lang, edition) for name, value in said.params}
    counter = PLURAL_BY.get(said.message)
    count = None
    if counter is not None:
        number = dict(said.params)[counter]
        count = number if isinstance(number, int) else None
    template = None
    if edition in EDITIONS.get(said.message, ()):
        template = translation(lang, f"{said.message}|{edition}", count)
    if template is None:
        template = translation(lang, said.message, count)
    if template is None:
        template = message.template
    return template.format_map(values)


def _written(value: ParamValue, kind: Kind, lang: str, edition: int) -> str:
    if isinstance(value, Said):
        return render(value, lang, edition)
    if isinstance(value, tuple):
        return " ".join(value)
    text = str(value)
    if kind == Kind.CALL and text.lower() in CALL_WORDS:
        return translation(lang, f"call.{text.lower()}") or text
    if kind == Kind.WORD:
        whole = translation(lang, f"word.{text}")
        if whole is not None:
            return whole
        head, _, rest = text.partition(" ")  # "forbid S": the word, then a suit's letter
        word = translation(lang, f"word.{head}")
        return text if word is None else f"{word} {rest}".rstrip()
    return text


def fields(template: str) -> set[str]:
    """The parameters a template names: ``{seat}`` and the like."""
    return {name for _, name, _, _ in Formatter().parse(template) if name}


class Spoken(Protocol):
    """A ruling or review as the table keeps it: its message said (None for a few old ones)."""

    @property
    def said(self) -> Said | None: ...


def translate_records(
    data: dict[str, Any], records: Mapping[str, Sequence[Spoken]], lang: str, edition: int
) -> dict[str, Any]:
    """``data`` (a table's JSON) with the ``text`` of each record in ``records`` (by key:
    ``rulings``, ``reviews``; in the JSON's order) written in ``lang``; every other field,
    and a record without a message, unchanged."""
    check_language(lang)
    for key, kept in records.items():
        entries = data[key]
        if len(entries) != len(kept):
            raise ValueError(f"{key}: {len(entries)} in the JSON, {len(kept)} kept")
        for entry, record in zip(entries, kept, strict=True):
            if record.said is not None:
                entry["text"] = render(record.said, lang, edition)
    return data
