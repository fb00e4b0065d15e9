"""The application's own words for people, besides the rulings: errors, page and report words.

A ruling is a message of the engine's catalog (:mod:`bridgelaw.table.messages`); the server's
refusals, the CLI's errors and the results site's words are phrases of :data:`PHRASES`, by id,
with named parameters, in English here and in each language's catalog under the context
``ui.<id>`` (``make catalogs`` extracts them). A phrase said is a :class:`Worded`: its id and
its parameters, written in a language only at the edge (:meth:`Worded.text`).

>>> Worded.of("error.no-table", table="abc").text("pl")
"nie ma stołu 'abc'"
>>> Worded.of("error.no-table", table="abc").as_json()
{'message': 'error.no-table', 'params': {'table': 'abc'}}

A parameter is a plain value (a table's id, a seat's letter, a clause: the same in every
language), a number (written in the language's own way by Babel: ``1,5`` in Polish), a ruling
said (:class:`~bridgelaw.table.messages.Said`, rendered in the same language and the table's
edition), or another phrase.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from functools import lru_cache
from typing import Any

from babel.numbers import format_decimal

from bridgelaw.i18n.catalogs import LANGUAGES, UnknownLanguage, check_language, render, translation
from bridgelaw.table.messages import Said

UI = "ui"
"""The context prefix of a phrase's catalog entry: ``ui.<id>``."""

PHRASES: dict[str, str] = {
    # the server's refusals (4xx bodies): table-api.md
    "error.token-needed": "a token is needed (Authorization: Bearer <token>)",
    "error.token-not-this-tables": "this token is not one of this table's",
    "error.no-table": "no table {table!r}",
    "error.no-seat-token": "table {table} has no token for seat {seat}",
    "error.session-table-token": (
        "table {table} is session {session}'s: give the player a new link there "
        "(POST /api/sessions/{{id}}/players)"
    ),
    "error.deal": "deal: {problem}",
    "error.own-seat-only": "{role} acts only for his own seat, without a seat word",
    "error.dummy-does-not-play": "dummy does not play; declarer plays dummy's cards (45A)",
    "error.strict-would-rule": "refused at a strict table (the Laws would rule: {ruling})",
    "error.strict-unauthorized": (
        "refused at a strict table: it would give unauthorized information"
    ),
    "error.strict-director-rectifies": (
        "refused at a strict table: an irregularity the director would rectify by Law {law} "
        "({who}: {options})"
    ),
    "error.strict-not-a-players-action": "'{action}' is not a player's action at a strict table",
    "error.strict-revoke": "a player must follow suit when he can; this card would revoke",
    "error.not-a-robots-event": "not an event a robot makes",
    "error.not-owner-any-more": "this process no longer owns the table; send it again",
    "error.not-stored": "the event could not be stored; send it again",
    "error.owned-elsewhere": (
        "table {table} is owned by another process; send the event to {address}"
    ),
    "error.moved-on": "the table moved on while it changed hands",
    "error.seat-calls-director": "a seat calls the director (Law 9B), not the director",
    "error.director-only": "only the director may do this",
    "error.director-makes-tables": "only the director makes tables",
    "error.director-starts-sessions": "only the director starts a session",
    "error.director-lists-sessions": "only the director lists the sessions",
    "error.director-follows-tables": "only the director follows every table",
    "error.unknown-language": "no language {lang!r}: the known ones are {known}",
    "error.event": "event {index}: {reason}",
    # the command line's frame around an error (cli.py)
    "cli.error": "bridgelaw: error: {message}",
    "cli.interrupted": "bridgelaw: interrupted",
    "cli.out-of-memory": "out of memory: the input is too large",
    "cli.internal-error": (
        "internal error (a bug in bridgelaw, not a problem in your input): {error}. Please "
        "report it on the bridgelaw issue tracker with the command and its input files; "
        "BRIDGELAW_DEBUG=1 shows the traceback"
    ),
    # the results site (formats/results_html.py; `score-event --site --lang`)
    "site.results": "Results",
    "site.ranking": "Ranking",
    "site.ranking-of": "Ranking {direction}",
    "site.matches": "Matches",
    "site.boards": "Boards",
    "site.board-heading": "{event} — board {board}",
    "site.board-title": "{event} board {board}",
    "site.board": "Board",
    "site.board-link": "Board {board}",
    "site.dealer": "Dealer {dealer}, vulnerable: {vulnerable}",
    "site.top": "; top {top}",
    "site.datum": "; datum {datum}",
    "site.place": "Place {rank}: {score}",
    "site.of-max": " of {max}",
    "site.percent": " ({percent} %)",
    "site.north": "North",
    "site.east": "East",
    "site.south": "South",
    "site.west": "West",
    "site.vulnerable-none": "none",
    "site.vulnerable-both": "both",
    "site.match": "Match",
    "site.room": "Room",
    "site.home": "Home",
    "site.away": "Away",
    "site.result": "Result",
    "site.lead": "Lead",
    "site.ns-score": "NS score",
    "site.ew-score": "EW score",
    "site.ns-mp": "NS MP",
    "site.ew-mp": "EW MP",
    "site.ns-percent": "NS %",
    "site.ew-percent": "EW %",
    "site.ns-imps": "NS IMPs",
    "site.ew-imps": "EW IMPs",
    "site.imps": "IMPs",
    "site.vp": "VP",
    "site.vs-dd": "vs DD",
    "site.vs-par": "vs par",
    "site.sat": "Sat",
    "site.against": "Against",
    "site.score": "Score",
    "site.value": "Value",
    "site.rank": "Rank",
    "site.pair": "Pair",
    "site.team": "Team",
    "site.max": "Max",
    "site.written": "Results site written: open {path}",
    # hand records (records.py; `records --lang`)
    "records.board": "Board {board}",
    "records.dealer": "Dealer: {dealer}",
    "records.vulnerable": "Vul: {vulnerable}",
    "records.vul-none": "None",
    "records.vul-all": "All",
}
"""Every phrase by id: its English template with ``{named}`` parameters (``!r`` quotes a
name as Python would: ``'abc'``)."""


@dataclass(frozen=True, slots=True)
class Worded:
    """A phrase said: its id (of :data:`PHRASES`) and its parameters, by name."""

    id: str
    params: tuple[tuple[str, Param], ...]
    edition: int = 2017
    """The edition a ruling inside is rendered in (the table's)."""

    @staticmethod
    def of(phrase: str, edition: int = 2017, **params: Param) -> Worded:
        """The phrase ``phrase`` said with ``params``: an unknown id or a parameter the
        template does not name is a :class:`KeyError` (a bug, found by the tests)."""
        return Worded.said(phrase, params, edition)

    @staticmethod
    def said(phrase: str, params: Mapping[str, Param], edition: int = 2017) -> Worded:
        """:meth:`of`, with the parameters as a mapping."""
        template = PHRASES[phrase]
        missing = names(template) ^ set(params)
        if missing:
            raise KeyError(f"{phrase}: parameters {sorted(missing)}")
        return Worded(phrase, tuple(params.items()), edition)

    def text(self, lang: str = "en") -> str:
        """The sentence in ``lang`` (English when the catalog has no translation yet)."""
        check_language(lang)
        template = None if lang == "en" else translation(lang, f"{UI}.{self.id}")
        if template is None:
            template = PHRASES[self.id]
        values = {name: written(value, lang, self.edition) for name, value in self.params}
        return template.format_map(values)

    def as_json(self) -> dict[str, Any]:
        """The phrase as data, beside its text: ``{"message": id, "params": {...}}``."""
        return {"message": self.id, "params": {n: _json(v) for n, v in self.params}}


Param = str | int | Fraction | Decimal | float | Said | Worded
"""A phrase's parameter: a plain value, a number, a ruling said or another phrase."""


class _Quoted(str):
    """A plain value whose ``!r`` is Python's quoting of it (not of a translated form)."""

    __slots__ = ()


def written(value: Param, lang: str, edition: int = 2017) -> Any:
    """A parameter as its language writes it: a number by Babel's rules for ``lang``."""
    if isinstance(value, Worded):
        return value.text(lang)
    if isinstance(value, Said):
        return render(value, lang, edition)
    if isinstance(value, bool):
        return str(value)
    if isinstance(value, int):
        return value
    if isinstance(value, (Fraction, Decimal, float)):
        return number(value, lang)
    return _Quoted(value)


def number(value: Fraction | Decimal | float | int, lang: str, places: int = 2) -> str:
    """A number in ``lang``'s way, at most ``places`` decimals: ``52,35`` in Polish."""
    decimal = _decimal(value)
    pattern = "#,##0." + "#" * places if places else "#,##0"
    return str(format_decimal(decimal, format=pattern, locale=_locale(lang)))


def percent(value: Fraction | Decimal | float | int, lang: str, places: int = 2) -> str:
    """A percentage (``value`` already in percent) in ``lang``'s way, by CLDR's pattern for
    it: ``52,35%`` in Polish and Hungarian, ``52,35\u00a0%`` in Slovak."""
    from babel import Locale
    from babel.numbers import format_percent

    pattern = Locale.parse(_locale(lang)).percent_formats[None].pattern
    decimals = "#,##0." + "0" * places if places else "#,##0"
    share = _decimal(value) / 100
    return str(
        format_percent(share, format=pattern.replace("#,##0", decimals), locale=_locale(lang))
    )


def _decimal(value: Fraction | Decimal | float | int) -> Decimal:
    if isinstance(value, Fraction):
        return Decimal(value.numerator) / Decimal(value.denominator)
    return Decimal(str(value))


@lru_cache(maxsize=1 << 16)
def number_text(text: str, lang: str) -> str:
    """A number already written in English by the project's rounding (``52.35``, ``-3``,
    ``1234.5``) in ``lang``'s way, with as many decimals (``52,35``); any other text as it is."""
    if lang == "en":
        return text
    try:
        value = Decimal(text)
    except ArithmeticError:
        return text
    if not value.is_finite():
        return text
    places = len(text.partition(".")[2])
    pattern = "0." + "0" * places if places else "0"
    return str(format_decimal(value, format=pattern, locale=_locale(lang)))


def _locale(lang: str) -> str:
    return "en_US" if lang == "en" else lang


def names(template: str) -> set[str]:
    """The parameters a phrase's template names."""
    from string import Formatter

    return {name for _, name, _, _ in Formatter().parse(template) if name}


def _json(value: Param) -> Any:
    if isinstance(value, (Worded, Said)):
        return value.as_json()
    if isinstance(value, (Fraction, Decimal)):
        return float(value)
    return value


class Speaker:
    """The words of one language for a page or a report: ``speak(id, **params)`` is the
    phrase written in it, ``speak.number(text)`` a number in its way; phrases without
    parameters are kept once written (a site repeats its headings on every page)."""

    def __init__(self, lang: str = "en") -> None:
        self.lang = check_language(lang)
        self.plain: dict[str, str] = {}

    def __call__(self, phrase: str, **params: Param) -> str:
        if params:
            return Worded.said(phrase, params).text(self.lang)
        found = self.plain.get(phrase)
        if found is None:
            found = self.plain[phrase] = Worded.said(phrase, {}).text(self.lang)
        return found

    def number(self, text: str) -> str:
        """A number written in English (``52.35``) in this language's way (``52,35``)."""
        return text if self.lang == "en" else number_text(text, self.lang)


def known_language(lang: str) -> str:
    """``lang`` given to a command's ``--lang``, lower-cased, if it has a
    catalog; otherwise :class:`UnknownLanguage`, which the CLI reports as a usage error
    listing the known ones, in the user's language (exit status 2)."""
    asked = lang.strip().lower()
    if asked not in LANGUAGES:
        raise UnknownLanguage(lang)
    return asked


def unknown_language(lang: str) -> Worded:
    """The refusal of a language with no catalog, listing the known ones."""
    return Worded.of("error.unknown-language", lang=lang, known=", ".join(LANGUAGES))


def phrase_of(english: str) -> Worded | None:
    """The phrase without parameters whose English is ``english`` (gettext's way: the words
    are their own key), or None."""
    found = _BY_ENGLISH.get(english)
    return None if found is None else Worded(found, ())


_BY_ENGLISH = {template: key for key, template in PHRASES.items() if not names(template)}


def phrase_contexts() -> Mapping[str, str]:
    """Every phrase's catalog context and English: ``ui.error.no-table`` -> its template."""
    return {f"{UI}.{key}": template for key, template in PHRASES.items()}
