"""USEBIO 1.3 XML (Universal Standard for Exchange of Bridge Information Over XML).

USEBIO is the results format of the English Bridge Union and others (usebio.org). A file holds
the club, one event with its participants (pairs or teams, each with its place and score) and
every board's traveller lines. This writer emits the elements of version 1.3 that a scored
session has: ``EVENT`` with ``EVENT_TYPE`` ``PAIRS`` or ``TEAMS_OF_FOUR``, ``DATE`` as an ISO
date (1.3), ``BOARD_SCORING_METHOD`` (``MATCH_POINTS``, ``BUTLER_IMPS``, ``CROSS_IMPS``,
``AGGREGATE``, ``IMPS``), ``PARTICIPANTS``, and per board ``TRAVELLER_LINE`` with the contract,
declarer (``PLAYED_BY``), lead, tricks, score and the matchpoints or IMPs of each side.

``DATE`` is the session's date as the input gives it (a PBN ``Date`` tag, ``"date"`` in JSON);
when the input has none, the element is left out rather than filled with the day of writing.
The document is written element by element to a stream, so a large event is never held
twice in memory.

An artificial score is written as USEBIO does, ``A`` then the two sides' percentages
(``A6040`` for average-plus/average-minus); a weighted or split score as its weighted mean.
"""

from __future__ import annotations

import datetime
import io
from functools import lru_cache
from typing import Any, TextIO
from xml.sax.saxutils import escape, quoteattr

from bridgelaw import __version__
from bridgelaw.events.session import EventResults, ScoredResult, number, value_texts
from bridgelaw.scoring.results import Artificial

_METHODS = {
    "matchpoints": "MATCH_POINTS",
    "imps-datum": "BUTLER_IMPS",
    "cross-imps": "CROSS_IMPS",
    "total-points": "AGGREGATE",
    "teams": "IMPS",
}


class _Xml:
    """Elements written as they come, indented two spaces a level."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream
        self.open: list[str] = []

    def start(self, tag: str, **attributes: str) -> None:
        attrs = "".join(f" {k}={quoteattr(v)}" for k, v in attributes.items())
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
        self.stream.write(f"{indent}<{tag}>{escape(text)}</{tag}>\n")


def _artificial_code(side: Artificial) -> str:
    percent = {"A+": 60, "A": 50, "A-": 40}.get(side.kind)
    if side.kind == "%" and side.percent is not None:
        percent = round(side.percent)
    return f"{percent:02d}" if percent is not None else "00"


def write_usebio(
    results: EventResults,
    stream: TextIO,
    club: str = "",
    date: datetime.date | str | None = None,
) -> None:
    """Write the scored event to ``stream`` as a USEBIO 1.3 document. ``date`` is the
    session's date (a date or ISO text); without one there is no ``DATE`` element."""
    stream.write('<?xml version="1.0" encoding="UTF-8"?>\n')
    stream.write('<!DOCTYPE USEBIO SYSTEM "usebio_v1_3.dtd">\n')
    xml = _Xml(stream)
    xml.start("USEBIO", Version="1.3")
    xml.start("CLUB")
    xml.add("CLUB_NAME", club)
    xml.end()
    teams = results.scoring == "teams"
    xml.start("EVENT", EVENT_TYPE="TEAMS_OF_FOUR" if teams else "PAIRS")
    xml.add("PROGRAM_NAME", "bridgelaw")
    xml.add("PROGRAM_VERSION", __version__)
    xml.add("EVENT_DESCRIPTION", results.event)
    if date is not None:
        xml.add("DATE", date.isoformat() if isinstance(date, datetime.date) else date)
    xml.add("BOARD_SCORING_METHOD", _METHODS[results.scoring])
    if teams and results.matches and results.matches[0].vp is not None:
        xml.add("MATCH_SCORING_METHOD", "VPS")
    xml.add("BOARDS_PLAYED", len(results.boards))
    two_winners = any(r.direction for r in results.ranking)
    xml.add("WINNER_TYPE", 2 if two_winners else 1)

    xml.start("PARTICIPANTS")
    for r in results.ranking:
        xml.start("TEAM" if teams else "PAIR")
        xml.add("TEAM_NUMBER" if teams else "PAIR_NUMBER", r.pair)
        if r.direction:
            xml.add("DIRECTION", r.direction)
        xml.add("PLACE", r.rank)
        xml.add("TOTAL_SCORE", number(r.score))
        if r.percent is not None:
            xml.add("PERCENTAGE", f"{number(r.percent):.2f}")
        name = results.names.get(r.pair)
        if name:
            for player in (p.strip() for p in name.replace(" and ", "&").split("&")):
                xml.start("PLAYER")
                xml.add("PLAYER_NAME", player)
                xml.end()
        xml.end()
    xml.end()

    for board in results.boards:
        xml.start("BOARD")
        xml.add("BOARD_NUMBER", board.board)
        for scored in board.results:
            _traveller_line(xml, results, scored.result, scored)
        xml.end()
    xml.end()
    xml.end()


def _traveller_line(xml: _Xml, results: EventResults, line: Any, scored: ScoredResult) -> None:
    """One ``TRAVELLER_LINE``, written as :meth:`_Xml.add` writes each element but in one
    piece: a large event has one a result."""
    elements: list[tuple[str, Any]] = []
    if results.scoring == "teams" and line.match is not None:
        elements += [("MATCH_ID", line.match), ("ROOM", line.room)]
    elements += [("NS_PAIR_NUMBER", line.ns), ("EW_PAIR_NUMBER", line.ew)]
    played = line.played
    if played is not None and (line.ns_side is line.ew_side or not line.is_split):
        passed = played.contract.is_passed_out
        elements.append(("CONTRACT", "PASS" if passed else str(played.contract)))
        if not passed and played.declarer is not None:
            elements.append(("PLAYED_BY", played.declarer.letter))
        if played.lead:
            elements.append(("LEAD", played.lead))
        if played.tricks is not None:
            elements.append(("TRICKS", played.tricks))
    texts = value_texts(scored)
    if isinstance(line.ns_side, Artificial) or isinstance(line.ew_side, Artificial):
        ns_code = _artificial_code(line.ns_side) if isinstance(line.ns_side, Artificial) else "50"
        ew_code = _artificial_code(line.ew_side) if isinstance(line.ew_side, Artificial) else "50"
        elements.append(("SCORE", f"A{ns_code}{ew_code}"))
    else:
        elements.append(("SCORE", texts[0]))
    if results.unit == "mp":
        elements += [("NS_MATCH_POINTS", texts[2]), ("EW_MATCH_POINTS", texts[3])]
    elif results.unit == "imps":
        elements += [("NS_CROSS_IMP_POINTS", texts[2]), ("EW_CROSS_IMP_POINTS", texts[3])]
    outer = "  " * len(xml.open)
    inner = outer + "  "
    parts = [f"{outer}<TRAVELLER_LINE>\n"]
    for tag, value in elements:
        text = "" if value is None else str(value)  # none or "": an empty element
        parts.append(f"{inner}<{tag}>{_escaped(text)}</{tag}>\n" if text else f"{inner}<{tag} />\n")
    parts.append(f"{outer}</TRAVELLER_LINE>\n")
    xml.stream.write("".join(parts))


@lru_cache(maxsize=65536)
def _escaped(text: str) -> str:
    """``escape(text)``, once per distinct text (pairs, contracts and scores repeat)."""
    return escape(text)


def usebio_xml(
    results: EventResults, club: str = "", date: datetime.date | str | None = None
) -> str:
    """The scored event as a USEBIO 1.3 document (text)."""
    stream = io.StringIO()
    write_usebio(results, stream, club, date)
    return stream.getvalue()
