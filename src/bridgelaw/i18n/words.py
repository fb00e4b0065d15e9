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
edition), another phrase, or phrases one after another (a tuple, written joined by ``; ``).
A phrase whose words agree with a count (:data:`PLURAL_PHRASES`) has plural forms in the
catalogs, chosen by the number it counts with.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from functools import lru_cache
from typing import Any

from babel.numbers import format_decimal

from bridgelaw.director.refusals import templates as director_refusals
from bridgelaw.duplicate.spec_problems import ENGLISH as spec_problems
from bridgelaw.duplicate.spec_problems import Said as SaidProblem
from bridgelaw.duplicate.spec_problems import Value as ProblemValue
from bridgelaw.duplicate.spec_problems import counted as counted_problems
from bridgelaw.i18n.catalogs import LANGUAGES, UnknownLanguage, check_language, render, translation
from bridgelaw.table.events import ScriptError
from bridgelaw.table.messages import Said
from bridgelaw.table.refusals import REFUSALS, STRICT_REFUSALS, Refusal

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
    # the session API's refusals (sessions.md): duplicate/state.py, server/sessions.py, roles.py,
    # routes/sessions.py, routes/results.py
    "session.result-number": '{where}: a result number like "4", not {value}',
    "session.number-needed": "{where}: a number is needed",
    "session.number-needed-not": "{where}: a number is needed, not {value}",
    "session.results-by-device": (
        "results are entered by the table's device or the director (79A)"
    ),
    "session.note-too-long": "note: a text of at most {most} characters",
    "session.director-corrects": "only the director corrects a result (79C)",
    "session.device-of-table": "this device belongs to table {device}, not {table}",
    "session.results-from-tables": (
        "in this session the boards are played on the table pages, and each board's result "
        "comes from its table"
    ),
    "session.no-result": "there is no result {result}",
    "session.superseded-by-result": "result {result} was superseded by result {by}",
    "session.other-slot": (
        "result {result} is board {board} at table {table} in round {round}, not board "
        "{asked_board} at table {asked_table} in round {asked_round}"
    ),
    "session.adjusted-by-director": "an adjusted score is the director's to give (Law 12)",
    "session.not-a-result-field": "{field}: not a field of a result",
    "session.already-has-result": (
        "table {table} already has result {current} on board {board} ({status}); a change is "
        'the director\'s correction (79C), entered with "supersedes": "{current}"'
    ),
    "session.not-in-force": "result {result} is not the result in force on its board",
    "session.correction-period-ended": (
        "the correction period ended at {ended}; a later correction needs the organiser's "
        'agreement (79C2): send "organiser_agreed": true'
    ),
    "session.no-such-round": "round: the movement has rounds 1 to {rounds}, not {round}",
    "session.no-table-in-round": "table: there is no table {table} in round {round}",
    "session.sits-out": "table {table} sits out in round {round}: no board is played",
    "session.board-not-at-table": (
        "board {board} is not played at table {table} in round {round} (its boards: {boards})"
    ),
    "session.round-not-started": (
        "round {round} has not started (the director starts each round, Law 8A1)"
    ),
    "session.ended-director-corrects": (
        "the session has ended (Law 8C): the director corrects results (79C)"
    ),
    "session.passed-out-lead": "lead: a passed-out board has no opening lead (Law 22B)",
    "session.lead-not-held": (
        "lead: {lead} was not in {leader}'s hand; {leader}, declarer's left-hand opponent, "
        "makes the opening lead (Law 41A), and {holder} held {lead}"
    ),
    "session.result-of-table": "result {result} is table {table}'s",
    "session.accepted-at-table": "a result is accepted at the table, on its device (79A)",
    "session.disputed-at-table": "a result is disputed at the table, on its device (79A)",
    "session.superseded-by": "result {result} was superseded by {by}",
    "session.already-accepted": "result {result} is already accepted: ask the director (79C)",
    "session.ended": "the session has ended (Law 8C)",
    "session.round-in-play": (
        "round {round} of {rounds} is in play: the session ends after its last round (Law 8C)"
    ),
    "session.not-a-move-field": "{field}: not a field of a move",
    "session.artificial": (
        'artificial: the score for a board not played, like {{"NS": "A", "EW": "A-"}} (the '
        "director's judgement of who is at fault, Law 12C2a)"
    ),
    "session.unfinished-word": "unfinished: {value} is not late or not-played",
    "session.token-not-this-sessions": "this token is not one of this session's",
    "session.no-session": "no session {session!r}",
    "session.changed-meanwhile": (
        "session {session} changed meanwhile (record {record} was stored by another server "
        "process): look again and send again"
    ),
    "session.director-token-may-not": "the director's token may not do this",
    "session.table-token-may-not": "the table's token may not do this",
    "session.player-token-may-not": "the player's token may not do this",
    "session.body-too-large": "the body is larger than {limit} bytes",
    "session.body-not-json": "the body is not JSON",
    "session.body-not-object": "the body must be a JSON object",
    "session.no-result-or-call": "no result or call {text!r}",
    "session.reason-too-long": "reason: a text of at most 300 characters",
    "session.board-number": "board: a board number",
    "session.not-at-a-table": "you are not at a table in this round",
    "session.no-call": "there is no call {call}",
    "session.call-answered": "call {call} is already answered",
    "session.not-a-pair": "pair: {pair} is not a pair of this session",
    "session.player-number": "player: 1 to {players}",
    "session.name-robot": "name: a text of at most 60 characters; robot: true or false",
    "session.robots-at-tables": "robot: robots play only at the table pages (law or strict)",
    "session.no-page": "no page {name!r}",
    # the director's work refusals (server/director_work.py): publications, polls, appeals
    "work.published-already": "the results of {record!r} are published already",
    "work.calls-count": "calls: {calls}; the auction has {made} calls",
    "work.peers-count": "peers: 1 to {most} names of at most 40 characters",
    "work.peer-twice": "peers: a peer is named twice",
    "work.no-ruling": "entry: no ruling {entry} of this table in {record!r}",
    "work.no-poll": "no poll {poll}",
    "work.not-poll-token": "this token is not one of this poll's",
    "work.considered-most": "seriously_considered: at most {most} calls",
    "work.no-peer": "no peer {peer!r} in poll {poll}",
    "work.answered-already": "this peer has answered already (an answer is never changed)",
    "work.appeal-meanwhile": "another appeal was recorded at the same time; try again",
    "work.no-ruling-against": "against: no ruling {entry} of this table in {record!r}",
    "work.no-appeal": "no appeal {number} on this table in {record!r}",
    "work.ruling-meanwhile": "another ruling was recorded at the same time; try again",
    "work.no-answers": "nobody has answered yet",
    # click's own usage messages (typer's click: bridgelaw/usage.py), in its English
    "usage.missing-argument": "Missing argument.",
    "usage.missing-argument-named": "Missing argument {name}.",
    "usage.missing-option": "Missing option.",
    "usage.missing-option-named": "Missing option {name}.",
    "usage.missing-parameter": "Missing parameter.",
    "usage.missing-parameter-named": "Missing parameter {name}.",
    "usage.no-such-option": "No such option: {name}",
    "usage.no-such-option-possible": "No such option: {name} (Possible options: {options})",
    "usage.invalid-value": "Invalid value: {message}",
    "usage.invalid-value-for": "Invalid value for {name}: {message}",
    "usage.not-an-integer": "Input should be a valid integer, unable to parse string as an integer",
    "usage.not-a-number": "Input should be a valid number, unable to parse string as a number",
    "usage.not-a-boolean": "Input should be a valid boolean, unable to interpret input",
    "usage.at-least": "Input should be greater than or equal to {ge}",
    "usage.more-than": "Input should be greater than {gt}",
    "usage.at-most": "Input should be less than or equal to {le}",
    "usage.less-than": "Input should be less than {lt}",
    "usage.extra-arguments": "Got unexpected extra argument(s) ({args})",
    "usage.no-such-command": "No such command {name!r}.",
    "usage.missing-command": "Missing command.",
    "usage.needs-a-value": "Option {name!r} requires an argument.",
    "usage.needs-values": "Option {name!r} requires {count} arguments.",
    "usage.takes-no-value": "Option {name!r} does not take a value.",
    "usage.argument-values": "Argument {name!r} takes {count} values.",
    # the commands' own usage errors (commands/, cli.py)
    "cli.no-such-file": "no such file: {file}",
    "cli.no-output-directory": "no such directory for the output: {path}",
    "cli.no-output-folder": "no such folder for the output: {path}",
    "cli.option-no-directory": "--{option}: no such directory: {path}",
    "cli.site-not-a-directory": "--site: {path} is not a directory",
    "cli.site-is-a-file": "--site: {path} is a file, not a directory",
    "cli.option-is-a-directory": "--{option}: {path} is a directory",
    "cli.edition": "--edition is 2007 or 2017, not {edition}",
    "cli.board-number": "board numbers start at 1, not {number}",
    "cli.tricks": "tricks must be from 0 to 13, not {tricks}",
    "cli.one-of": "{option} must be one of {choices}, not {value}",
    "cli.section-for-bws": "--section is for a Bridgemate database (.bws)",
    "cli.scoring-event-options": (
        "--scoring and --event are for CSV, PBN and USEBIO files; a JSON results file names its own"
    ),
    "cli.results-file-kinds": (
        "{path}: expected a .json, .csv, .pbn, .xml (USEBIO) or .bws (Bridgemate) results file"
    ),
    "cli.format-unknown": (
        "cannot tell the format of {file} from its suffix; give --format ({formats})"
    ),
    "cli.cards-or-file": "--format: cards or file, not {value}",
    "cli.needs-movement-file": "movement {kind} needs a movement file",
    "cli.made-not-read": "a {kind} is made from its options, not read from {file}",
    "cli.needed-to-make": "{option} is needed to make a {kind}",
    "cli.arrow-switch-mitchell": "--arrow-switch is for a Mitchell",
    "cli.even-mitchell": "--even is for a Mitchell",
    "cli.cannot-read": "cannot read {file}: {reason}",
    "cli.cannot-write": "cannot write {file}: {reason}",
    "cli.file-cannot-write": "{file}: cannot write: {reason}",
    "cli.no-pairing": "no pairing without a repeated match is possible",
    "cli.token-file": "cannot keep the director's token in {path}: {reason}",
    "cli.demo-mode": "--demo-mode {mode!r}: strict or law",
    "cli.workers-need-postgresql": "--workers {workers}: several processes need --db postgresql://...",
    "cli.advertise-one": "--advertise names one process: start each with its own instead",
    "cli.db-cannot-open": "--db {db}: cannot open the database: {reason}",
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
    "records.hcp": "high-card points",
    "records.spades": "spades",
    "records.hearts": "hearts",
    "records.diamonds": "diamonds",
    "records.clubs": "clubs",
    # the double-dummy table and par (analysis/html.py), on the site and the hand records
    "dd.label": "double dummy",
    "dd.par": "Par {par}",
    "dd.passed-out": "0: passed out",
    "dd.ew-first": "{par} (EW bidding first: {other})",
}
"""Every phrase by id: its English template with ``{named}`` parameters (``!r`` quotes a
name as Python would: ``'abc'``)."""

TEMPLATES: dict[str, str] = {
    **PHRASES,
    **REFUSALS,
    **STRICT_REFUSALS,
    **director_refusals(),
    **spec_problems,
}
"""The phrases, and the engine's refusals of an event (:mod:`bridgelaw.table.refusals`, ids
``event.*``), the director's record's (``director.*``) and a session's spec's problems
(:mod:`bridgelaw.duplicate.spec_problems`: ``spec.*``, with the movements' ``movement.*`` and
the keys' ``dealer.*``): all are said as a :class:`Worded` and kept in the catalogs as
``ui.<id>``."""

PLURAL_PHRASES: dict[str, str] = counted_problems()
"""Phrases whose words agree with a count (``{most} characters``), by the parameter that
counts: their catalog entries have plural forms, chosen by its value (English needs none: its
template reads right for the numbers it is said with)."""


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
        template = TEMPLATES[phrase]
        missing = names(template) ^ set(params)
        if missing:
            raise KeyError(f"{phrase}: parameters {sorted(missing)}")
        return Worded(phrase, tuple(params.items()), edition)

    def text(self, lang: str = "en") -> str:
        """The sentence in ``lang`` (English when the catalog has no translation yet)."""
        check_language(lang)
        template = None if lang == "en" else translation(lang, f"{UI}.{self.id}", self.count())
        if template is None:
            template = TEMPLATES[self.id]
        values = {name: written(value, lang, self.edition) for name, value in self.params}
        return template.format_map(values)

    def count(self) -> int | None:
        """The number a phrase with plural forms agrees with (None for the others)."""
        counter = PLURAL_PHRASES.get(self.id)
        if counter is None:
            return None
        value = dict(self.params)[counter]
        return int(value) if isinstance(value, (int, Decimal)) else None

    @staticmethod
    def refusal(refusal: Refusal) -> Worded:
        """The engine's refusal of an event (its parameters: plain values) as a phrase."""
        return Worded(refusal.id, tuple(refusal.params))

    def as_json(self) -> dict[str, Any]:
        """The phrase as data, beside its text: ``{"message": id, "params": {...}}``."""
        return {"message": self.id, "params": {n: _json(v) for n, v in self.params}}


Param = str | int | Fraction | Decimal | float | Said | Worded | tuple[Worded, ...]
"""A phrase's parameter: a plain value, a number, a ruling said, another phrase or phrases one
after another."""


class _Quoted(str):
    """A plain value whose ``!r`` is Python's quoting of it (not of a translated form)."""

    __slots__ = ()


def written(value: Param, lang: str, edition: int = 2017) -> Any:
    """A parameter as its language writes it: a number by Babel's rules for ``lang``."""
    if isinstance(value, Worded):
        return value.text(lang)
    if isinstance(value, tuple):
        return "; ".join(item.text(lang) for item in value)
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
    if isinstance(value, tuple):
        return [item.as_json() for item in value]
    if isinstance(value, Decimal) and value == value.to_integral_value():
        return int(value)
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


def refusal_contexts() -> Mapping[str, str]:
    """Every refusal's catalog context and English: ``ui.event.not-a-card`` -> its template."""
    refusals = {**REFUSALS, **STRICT_REFUSALS, **director_refusals(), **spec_problems}
    return {f"{UI}.{key}": t for key, t in refusals.items()}


def spoken(said: SaidProblem) -> Worded:
    """A problem said by a module that does not read the catalogs (a session's spec's, a
    movement's, a key's: their ``said()``, phrases inside said the same way) as a phrase.

    >>> from bridgelaw.duplicate.spec import SpecError
    >>> spoken(SpecError("edition", "edition", value="1997").said()).text("pl")
    'edition: 1997 to nie 2007 ani 2017'
    """
    key, params = said
    return Worded.said(key, {name: _spoken(value) for name, value in params})


def _spoken(value: ProblemValue) -> Param:
    if isinstance(value, tuple):
        return spoken(value)
    if isinstance(value, list):
        return tuple(spoken(item) for item in value)
    return value


def script_error(error: ScriptError) -> Worded | None:
    """A :class:`~bridgelaw.table.ScriptError` as a phrase, ``event {index}: {reason}`` with
    the engine's refusal as the reason, or None when it was raised with English words only
    (a strict core's refusal)."""
    if error.refusal is None:
        return None
    return Worded.of("error.event", index=error.index, reason=Worded.refusal(error.refusal))
