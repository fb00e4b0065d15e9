"""USEBIO 1.3 XML (Universal Standard for Exchange of Bridge Information Over XML): writing.

USEBIO is the results format of the English Bridge Union and others (usebio.org). A file holds the
club, one tournament (its ``EVENT``) with its participants (pairs or teams, each with its place and
score) and every board's traveller lines. This writer emits the elements of version 1.3 that a
scored session has: ``EVENT`` with ``EVENT_TYPE`` ``PAIRS`` or ``TEAMS_OF_FOUR``, ``DATE`` as an ISO
date (1.3), ``BOARD_SCORING_METHOD`` (``MATCH_POINTS``, ``BUTLER_IMPS``, ``CROSS_IMPS``,
``AGGREGATE``, ``IMPS``), ``PARTICIPANTS``, and per board ``TRAVELLER_LINE`` with the round and
table, the contract, declarer (``PLAYED_BY``), lead, tricks, score and the matchpoints or IMPs of
each side. A teams tournament is written as USEBIO writes matches: one ``MATCH`` per match with its
``TEAM`` (the home team) and ``OPPOSING_TEAM``, their scores, and its boards, each traveller line
saying in ``DIRECTION`` where the home team sat (North-South: the open room).

Each form of result (docs/formats-usebio.md has the table):

* a table result: ``CONTRACT`` (``PASS`` when passed out), ``PLAYED_BY``, ``LEAD``, ``TRICKS``
  and ``SCORE``, North-South's points;
* an assigned score in points (Law 12C1): ``SCORE`` alone;
* artificial scores (Law 12C2): ``SCORE`` ``A`` then the two sides' percentages, ``A6040`` for
  average-plus/average-minus, when both fit two digits (60, 50 and 40 are A+, A and A-, so an
  explicit 60 % is written otherwise); else ``NS_SCORE`` and ``EW_SCORE`` (``55%``, ``A+``,
  ``NP``); a board not played by either side is ``CONTRACT`` ``NP``;
* a split score (Law 12C1b): ``NS_SCORE`` and ``EW_SCORE``, each side's own score;
* a weighted score (Law 12C1c): USEBIO has no element for it. ``SCORE`` (or the side's
  ``NS_SCORE``/``EW_SCORE``) holds its weighted mean for other programs, and the exact
  weighting goes in a processing instruction ``<?bridgelaw {...}?>`` inside the line: the
  result as the event-results JSON writes it. XML lets an application put such instructions
  anywhere; programs that do not know them skip them, so the document stays valid USEBIO.

The same instruction carries, in ``EVENT``, ``MATCH`` and ``PAIR``/``TEAM``, what USEBIO has no
element for: the Butler datum method, the cross-IMPs ranking, phantom pairs, a match's name and
number of boards, and a name that the elements cannot give back exactly. :func:`write_usebio`
returns notes saying what other programs will not see.

``DATE`` is the session's date as the input gives it; when the input has none, the element is
left out rather than filled with the day of writing. The document is written element by element
to a stream, so a large tournament is never held twice in memory.
"""

from __future__ import annotations

import datetime
import io
import json
import re
from collections import defaultdict
from functools import lru_cache
from typing import Any, TextIO
from xml.sax.saxutils import escape, quoteattr

from bridgelaw import __version__
from bridgelaw.formats.result_forms import (
    artificial_text,
    count_exact,
    exact_notes,
    exact_result,
    side_text,
)
from bridgelaw.scoring.results import Artificial, ResultLine
from bridgelaw.tournament.session import ScoredResult, TournamentResults, number, value_texts

METHODS = {
    "matchpoints": "MATCH_POINTS",
    "imps-datum": "BUTLER_IMPS",
    "cross-imps": "CROSS_IMPS",
    "total-points": "AGGREGATE",
    "teams": "IMPS",
}

INSTRUCTION = "bridgelaw"
"""The target of bridgelaw's processing instructions: ``<?bridgelaw {json}?>``."""

# what XML 1.0 (2.2) allows in a document; anything else cannot be written even as a reference
_NOT_XML = re.compile("[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")

_ARTIFICIAL_CODES = {"A+": 60, "A": 50, "A-": 40}


class _Xml:
    """Elements written as they come, indented two spaces a level."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream
        self.open: list[str] = []

    def start(self, tag: str, **attributes: str) -> None:
        attrs = "".join(f" {k}={quoteattr(xml_text(v))}" for k, v in attributes.items())
        self.stream.write(f"{'  ' * len(self.open)}<{tag}{attrs}>\n")
        self.open.append(tag)

    def end(self) -> None:
        tag = self.open.pop()
        self.stream.write(f"{'  ' * len(self.open)}</{tag}>\n")

    def add(self, tag: str, value: Any = None) -> None:
        indent = "  " * len(self.open)
        if value is None or value == "":
            self.stream.write(f"{indent}<{tag} />\n")
            return
        text = f"{value:.2f}" if isinstance(value, float) else str(value)
        self.stream.write(f"{indent}<{tag}>{_escaped(text)}</{tag}>\n")

    def note(self, data: dict[str, Any]) -> None:
        self.stream.write(f"{'  ' * len(self.open)}{instruction(data)}\n")


def instruction(data: dict[str, Any]) -> str:
    """``<?bridgelaw {json}?>``: ASCII JSON, its ``>`` escaped so that ``?>`` cannot end it."""
    text = json.dumps(data, ensure_ascii=True, separators=(",", ":")).replace(">", "\\u003e")
    return f"<?{INSTRUCTION} {text}?>"


def xml_text(text: str) -> str:
    """``text`` with what XML cannot hold (control characters) replaced by U+FFFD."""
    return _NOT_XML.sub("\ufffd", text)


def _code(side: Artificial) -> int | None:
    """The two digits of a side in an ``A`` code, when it has them: A+/A/A- are 60/50/40, an
    explicit whole percentage below 100 other than those three (read back as A+/A/A-)."""
    if side.kind in _ARTIFICIAL_CODES:
        return _ARTIFICIAL_CODES[side.kind]
    percent = side.percent
    if side.kind == "%" and percent is not None and percent.denominator == 1:
        value = int(percent)
        if 0 <= value <= 99 and value not in _ARTIFICIAL_CODES.values():
            return value
    return None


def score_elements(line: ResultLine) -> list[tuple[str, Any]]:
    """The elements that say ``line``'s result, in USEBIO's order (see the module docstring)."""
    ns_side, ew_side = line.ns_side, line.ew_side
    if isinstance(ns_side, Artificial) and isinstance(ew_side, Artificial):
        if ns_side.kind == ew_side.kind == "NP":
            return [("CONTRACT", "NP")]  # not played at this table by either side
        ns_code, ew_code = _code(ns_side), _code(ew_side)
        if ns_code is not None and ew_code is not None:
            return [("SCORE", f"A{ns_code:02d}{ew_code:02d}")]
        return [("NS_SCORE", artificial_text(ns_side)), ("EW_SCORE", artificial_text(ew_side))]
    if line.is_split:
        return [
            ("NS_SCORE", side_text(ns_side, 0)),
            ("EW_SCORE", side_text(ew_side, 1)),
        ]
    elements: list[tuple[str, Any]] = []
    played = line.played
    if played is not None:
        passed = played.contract.is_passed_out
        elements.append(("CONTRACT", "PASS" if passed else str(played.contract)))
        if not passed and played.declarer is not None:
            elements.append(("PLAYED_BY", played.declarer.letter))
        if played.lead:
            elements.append(("LEAD", played.lead))
        if played.tricks is not None:
            elements.append(("TRICKS", played.tricks))
    elements.append(("SCORE", side_text(ns_side, 0)))
    return elements


def _players(name: str) -> list[str]:
    """A pair's or team's name as its players (``Ann & Bob``, ``Ann and Bob``)."""
    return [p.strip() for p in name.replace(" and ", "&").split("&") if p.strip()]


def write_usebio(
    results: TournamentResults,
    stream: TextIO,
    club: str = "",
    date: datetime.date | str | None = None,
) -> list[str]:
    """Write the scored tournament to ``stream`` as a USEBIO 1.3 document. ``date`` is the
    session's date (a date or ISO text); without one there is no ``DATE`` element. The result
    is the notes to show the user: what other programs will not read from the file."""
    notes: dict[str, int] = {}
    stream.write('<?xml version="1.0" encoding="UTF-8"?>\n')
    stream.write('<!DOCTYPE USEBIO SYSTEM "usebio_v1_3.dtd">\n')
    xml = _Xml(stream)
    xml.start("USEBIO", Version="1.3")
    xml.start("CLUB")
    xml.add("CLUB_NAME", club)
    xml.end()
    teams = results.scoring == "teams"
    xml.start("EVENT", EVENT_TYPE="TEAMS_OF_FOUR" if teams else "PAIRS")
    _tournament_note(xml, results, notes)
    xml.add("PROGRAM_NAME", "bridgelaw")
    xml.add("PROGRAM_VERSION", __version__)
    xml.add("EVENT_DESCRIPTION", results.name)
    if date is not None:
        xml.add("DATE", date.isoformat() if isinstance(date, datetime.date) else date)
    xml.add("BOARD_SCORING_METHOD", METHODS[results.scoring])
    if teams and results.matches and results.matches[0].vp is not None:
        xml.add("MATCH_SCORING_METHOD", "VPS")
    xml.add("BOARDS_PLAYED", len(results.boards))
    two_winners = any(r.direction for r in results.ranking)
    xml.add("WINNER_TYPE", 2 if two_winners else 1)
    _participants(xml, results)
    if teams:
        _matches(xml, results, notes)
    else:
        shared = _Shared()
        for board in results.boards:
            xml.start("BOARD")
            xml.add("BOARD_NUMBER", board.board)
            shared.next_board("  " * (len(xml.open) + 1))
            for scored in board.results:
                _traveller_line(xml, results, scored, notes, shared)
            xml.end()
    xml.end()
    xml.end()
    return exact_notes(notes, "a bridgelaw processing instruction")


def _tournament_note(xml: _Xml, results: TournamentResults, notes: dict[str, int]) -> None:
    """What the tournament's elements cannot say: bridgelaw's own instruction in ``EVENT``."""
    data: dict[str, Any] = {}
    if results.scoring == "imps-datum" and results.datum_method:
        data["datum"] = results.datum_method
    if results.scoring == "cross-imps" and results.cross_imps_ranking:
        data["cross_imps_ranking"] = results.cross_imps_ranking
    if results.phantoms:
        data["phantoms"] = sorted(results.phantoms)
        data["sitouts"] = results.sitouts
    if xml_text(results.name).strip() != results.name:
        data["event"] = results.name
    if data:
        xml.note(data)


def _participants(xml: _Xml, results: TournamentResults) -> None:
    teams = results.scoring == "teams"
    xml.start("PARTICIPANTS")
    for r in results.ranking:
        if teams:
            xml.start("TEAM", TEAM_ID=r.pair)
        else:
            xml.start("PAIR")
            xml.add("PAIR_NUMBER", r.pair)
        if r.direction:
            xml.add("DIRECTION", r.direction)
        xml.add("PLACE", r.rank)
        xml.add("TOTAL_SCORE", number(r.score))
        if r.percent is not None:
            xml.add("PERCENTAGE", f"{number(r.percent):.2f}")
        name = results.names.get(r.pair, "")
        players = _players(name)
        if " & ".join(xml_text(p) for p in players) != name:
            xml.note({"names": name})
        for player in players:
            xml.start("PLAYER")
            xml.add("PLAYER_NAME", player)
            xml.end()
        xml.end()
    xml.end()


def _matches(xml: _Xml, results: TournamentResults, notes: dict[str, int]) -> None:
    """Each match with its boards, each board's two rooms: USEBIO's ``MATCH``."""
    lines: dict[str, dict[int, list[ScoredResult]]] = defaultdict(lambda: defaultdict(list))
    for board in results.boards:
        for scored in board.results:
            if scored.result.match is not None:
                lines[scored.result.match][board.board].append(scored)
    shared = _Shared()
    for m in results.matches:
        xml.start("MATCH")
        xml.note({"match": m.match, "boards": m.boards})
        xml.add("TEAM", m.home)
        xml.add("OPPOSING_TEAM", m.away)
        scores = m.vp if m.vp is not None else m.imps
        xml.add("TEAM_SCORE", number(scores[0]))
        xml.add("OPPOSING_TEAM_SCORE", number(scores[1]))
        for number_, scored_lines in sorted(lines[m.match].items()):
            xml.start("BOARD")
            xml.add("BOARD_NUMBER", number_)
            shared.next_board("  " * (len(xml.open) + 1))
            for scored in sorted(scored_lines, key=lambda s: s.result.room != "open"):
                _traveller_line(xml, results, scored, notes, shared)
            xml.end()
        xml.end()


class _Shared:
    """What a document's traveller lines share, each part made once: the elements of a result
    that several tables had (the readers share one object among them, on every board of the
    same vulnerability), of a pair, and of a board's set of values (the scorers share one
    tuple of texts among equal results on a board: :meth:`next_board` forgets them). The
    objects are kept, so that an id is not reused while they are."""

    __slots__ = ("inner", "pairs", "results", "values")

    def __init__(self) -> None:
        self.inner = ""
        self.results: dict[tuple[int, int], tuple[object, object, str, str]] = {}
        self.pairs: dict[str, tuple[str, str]] = {}
        self.values: dict[int, tuple[tuple[str, ...], str]] = {}

    def next_board(self, inner: str) -> None:
        """A board's lines follow, indented by ``inner``."""
        self.values.clear()
        if inner != self.inner:  # made at another depth: made again
            self.inner = inner
            self.results.clear()
            self.pairs.clear()

    def pair(self, pair: str) -> tuple[str, str]:
        """The pair's ``NS_PAIR_NUMBER`` and ``EW_PAIR_NUMBER`` elements."""
        found = self.pairs.get(pair)
        if found is None:
            found = self.pairs[pair] = (
                _element(self.inner, "NS_PAIR_NUMBER", pair),
                _element(self.inner, "EW_PAIR_NUMBER", pair),
            )
        return found


def _traveller_line(
    xml: _Xml,
    results: TournamentResults,
    scored: ScoredResult,
    notes: dict[str, int],
    shared: _Shared,
) -> None:
    """One ``TRAVELLER_LINE``, written as :meth:`_Xml.add` writes each element but in one
    piece: a large tournament has one a result."""
    line = scored.result
    outer = "  " * len(xml.open)
    inner = outer + "  "
    if inner != shared.inner:
        shared.next_board(inner)
    side, played = line.ns_side, line.played
    if side is line.ew_side:  # one result for both sides: its elements made once
        found = shared.results.get((id(side), id(played)))
        if found is None or found[0] is not side or found[1] is not played:
            found = shared.results[id(side), id(played)] = (side, played, *_result(line, inner))
        exact, result = found[2], found[3]
    else:
        exact, result = _result(line, inner)
    if exact:
        count_exact([scored], notes)
    parts = [f"{outer}<TRAVELLER_LINE>\n", exact]
    if results.scoring == "teams":
        # where the match's home team (TEAM) sat: North-South in the open room
        parts.append(_element(inner, "DIRECTION", "NS" if line.room == "open" else "EW"))
    parts.append(shared.pair(line.ns)[0])
    parts.append(shared.pair(line.ew)[1])
    if line.round is not None:
        parts.append(_element(inner, "ROUND_NUMBER", line.round))
    if line.table is not None:
        parts.append(_element(inner, "TABLE_NUMBER", line.table))
    parts.append(result)
    texts = value_texts(scored)
    values = shared.values.get(id(texts))
    if values is None or values[0] is not texts:
        values = shared.values[id(texts)] = (texts, _values(results, texts, inner))
    parts.append(values[1])
    parts.append(f"{outer}</TRAVELLER_LINE>\n")
    xml.stream.write("".join(parts))


def _result(line: ResultLine, inner: str) -> tuple[str, str]:
    """The instruction with the exact result, when the elements cannot say it (else ""), and
    the elements that say the result."""
    exact = exact_result(line)
    note = "" if exact is None else f"{inner}{instruction(exact)}\n"
    return note, "".join(_element(inner, tag, value) for tag, value in score_elements(line))


def _values(results: TournamentResults, texts: tuple[str, ...], inner: str) -> str:
    """The elements of a line's matchpoints or cross-IMPs (:func:`value_texts`)."""
    if results.unit == "mp":
        tags = ("NS_MATCH_POINTS", "EW_MATCH_POINTS")
    elif results.unit == "imps" and results.scoring != "teams":
        tags = ("NS_CROSS_IMP_POINTS", "EW_CROSS_IMP_POINTS")
    else:
        return ""
    return _element(inner, tags[0], texts[2]) + _element(inner, tags[1], texts[3])


def _element(indent: str, tag: str, value: object) -> str:
    """``<TAG>value</TAG>`` escaped, or ``<TAG />`` for none or ``""``."""
    text = "" if value is None else str(value)
    return f"{indent}<{tag}>{_escaped(text)}</{tag}>\n" if text else f"{indent}<{tag} />\n"


@lru_cache(maxsize=65536)
def _escaped(text: str) -> str:
    """``escape(text)``, once per distinct text (pairs, contracts and scores repeat), with
    what XML cannot hold replaced (:func:`xml_text`)."""
    return escape(xml_text(text))


def usebio_xml(
    results: TournamentResults, club: str = "", date: datetime.date | str | None = None
) -> str:
    """The scored tournament as a USEBIO 1.3 document (text)."""
    stream = io.StringIO()
    write_usebio(results, stream, club, date)
    return stream.getvalue()
