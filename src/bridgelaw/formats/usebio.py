"""USEBIO 1.3 XML (Universal Standard for Exchange of Bridge Information Over XML).

USEBIO is the results format of the English Bridge Union and others (usebio.org). A file holds
the club, one event with its participants (pairs or teams, each with its place and score) and
every board's traveller lines. This writer emits the elements of version 1.3 that a scored
session has: ``EVENT`` with ``EVENT_TYPE`` ``PAIRS`` or ``TEAMS_OF_FOUR``, ``DATE`` as an ISO
date (1.3), ``BOARD_SCORING_METHOD`` (``MATCH_POINTS``, ``BUTLER_IMPS``, ``CROSS_IMPS``,
``AGGREGATE``, ``IMPS``), ``PARTICIPANTS``, and per board ``TRAVELLER_LINE`` with the contract,
declarer (``PLAYED_BY``), lead, tricks, score and the matchpoints or IMPs of each side.

An artificial score is written as USEBIO does, ``A`` then the two sides' percentages
(``A6040`` for average-plus/average-minus); a weighted or split score as its weighted mean.
"""

from __future__ import annotations

import datetime
import xml.etree.ElementTree as ET
from typing import Any

from bridgelaw import __version__
from bridgelaw.events.session import EventResults, number
from bridgelaw.scoring.results import Artificial

_METHODS = {
    "matchpoints": "MATCH_POINTS",
    "imps-datum": "BUTLER_IMPS",
    "cross-imps": "CROSS_IMPS",
    "total-points": "AGGREGATE",
    "teams": "IMPS",
}


def _add(parent: ET.Element, tag: str, value: Any = None) -> ET.Element:
    element = ET.SubElement(parent, tag)
    if value is not None:
        element.text = f"{value:.2f}" if isinstance(value, float) else str(value)
    return element


def _artificial_code(side: Artificial) -> str:
    percent = {"A+": 60, "A": 50, "A-": 40}.get(side.kind)
    if side.kind == "%" and side.percent is not None:
        percent = round(side.percent)
    return f"{percent:02d}" if percent is not None else "00"


def usebio_xml(results: EventResults, club: str = "", date: datetime.date | None = None) -> str:
    """The scored event as a USEBIO 1.3 document."""
    root = ET.Element("USEBIO", {"Version": "1.3"})
    club_element = _add(root, "CLUB")
    _add(club_element, "CLUB_NAME", club)
    teams = results.scoring == "teams"
    event = ET.SubElement(root, "EVENT", {"EVENT_TYPE": "TEAMS_OF_FOUR" if teams else "PAIRS"})
    _add(event, "PROGRAM_NAME", "bridgelaw")
    _add(event, "PROGRAM_VERSION", __version__)
    _add(event, "EVENT_DESCRIPTION", results.event)
    _add(event, "DATE", (date or datetime.date.today()).isoformat())
    _add(event, "BOARD_SCORING_METHOD", _METHODS[results.scoring])
    if teams and results.matches and results.matches[0].vp is not None:
        _add(event, "MATCH_SCORING_METHOD", "VPS")
    _add(event, "BOARDS_PLAYED", len(results.boards))
    two_winners = any(r.direction for r in results.ranking)
    _add(event, "WINNER_TYPE", 2 if two_winners else 1)

    participants = _add(event, "PARTICIPANTS")
    for r in results.ranking:
        entry = _add(participants, "TEAM" if teams else "PAIR")
        _add(entry, "TEAM_NUMBER" if teams else "PAIR_NUMBER", r.pair)
        if r.direction:
            _add(entry, "DIRECTION", r.direction)
        _add(entry, "PLACE", r.rank)
        _add(entry, "TOTAL_SCORE", number(r.score))
        if r.percent is not None:
            _add(entry, "PERCENTAGE", f"{number(r.percent):.2f}")
        name = results.names.get(r.pair)
        if name:
            for player in (p.strip() for p in name.replace(" and ", "&").split("&")):
                _add(_add(entry, "PLAYER"), "PLAYER_NAME", player)

    for board in results.boards:
        board_element = _add(event, "BOARD")
        _add(board_element, "BOARD_NUMBER", board.board)
        for scored in board.results:
            line = scored.result
            traveller = _add(board_element, "TRAVELLER_LINE")
            if teams and line.match is not None:
                _add(traveller, "MATCH_ID", line.match)
                _add(traveller, "ROOM", line.room)
            _add(traveller, "NS_PAIR_NUMBER", line.ns)
            _add(traveller, "EW_PAIR_NUMBER", line.ew)
            played = line.played
            if played is not None and not line.is_split:
                passed = played.contract.is_passed_out
                _add(traveller, "CONTRACT", "PASS" if passed else str(played.contract))
                if not passed and played.declarer is not None:
                    _add(traveller, "PLAYED_BY", played.declarer.letter)
                if played.lead:
                    _add(traveller, "LEAD", played.lead)
                if played.tricks is not None:
                    _add(traveller, "TRICKS", played.tricks)
            if isinstance(line.ns_side, Artificial) or isinstance(line.ew_side, Artificial):
                ns_code = (
                    _artificial_code(line.ns_side) if isinstance(line.ns_side, Artificial) else "50"
                )
                ew_code = (
                    _artificial_code(line.ew_side) if isinstance(line.ew_side, Artificial) else "50"
                )
                _add(traveller, "SCORE", f"A{ns_code}{ew_code}")
            else:
                _add(traveller, "SCORE", number(scored.ns_score))
            if results.unit == "mp":
                _add(traveller, "NS_MATCH_POINTS", number(scored.ns_value))
                _add(traveller, "EW_MATCH_POINTS", number(scored.ew_value))
            elif results.unit == "imps":
                _add(traveller, "NS_CROSS_IMP_POINTS", number(scored.ns_value))
                _add(traveller, "EW_CROSS_IMP_POINTS", number(scored.ew_value))
    ET.indent(root, space="  ")
    body = ET.tostring(root, encoding="unicode")
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        '<!DOCTYPE USEBIO SYSTEM "usebio_v1_3.dtd">\n' + body + "\n"
    )
