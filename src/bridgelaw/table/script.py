"""Table scripts (``shared/spec/table-script.md``): read one, run it, report it.

A script error (a malformed event, an event that does not fit the state) stops the run with its
event number; nothing is reported for a half-run script.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from bridgelaw.boards import Board, Vulnerability
from bridgelaw.cards import Deal, Seat
from bridgelaw.errors import BridgeLawError, ParseError
from bridgelaw.table.claims import ClaimAdjudicator
from bridgelaw.table.engine import Table
from bridgelaw.table.events import ScriptError, parse_event


@dataclass
class Script:
    board: Board
    edition: int
    events: list[object]
    expect: dict[str, Any]
    adjudicate: bool = False
    """The script's ``adjudicate: true``: a disputed claim the director has not ruled on is
    settled by the Law 70 adjudicator (as ``replay --adjudicate``)."""


def load_script(path: str | Path) -> Script:
    """Read a script file; a :class:`ParseError` says what is wrong with it."""
    p = Path(path)
    try:
        data = yaml.safe_load(p.read_text(encoding="utf-8"))
    except yaml.YAMLError as error:
        raise ParseError(f"{p}: not valid YAML: {' '.join(str(error).split())}") from None
    return script_from_data(data, str(p))


def script_from_data(data: object, where: str = "<script>") -> Script:
    if not isinstance(data, dict):
        raise ParseError(f"{where}: a table script is a mapping with board, deal and events")
    for key in ("board", "deal", "events"):
        if key not in data:
            raise ParseError(f"{where}: the key '{key}' is missing")
    number = data["board"]
    if not isinstance(number, int) or isinstance(number, bool) or number < 1:
        raise ParseError(f"{where}: board must be a number from 1, not {number!r}")
    try:
        deal = Deal.from_pbn(str(data["deal"]))
        dealer = Seat.parse(str(data["dealer"])) if "dealer" in data else None
        vul = Vulnerability.parse(str(data["vulnerable"])) if "vulnerable" in data else None
    except BridgeLawError as error:
        raise ParseError(f"{where}: {error}") from None
    edition = str(data.get("edition", "2017"))
    if edition not in ("2007", "2017"):
        raise ParseError(f"{where}: edition must be 2017 or 2007, not {edition!r}")
    events = data["events"]
    if not isinstance(events, list):
        raise ParseError(f"{where}: events must be a list of strings")
    expect = data.get("expect") or {}
    adjudicate = data.get("adjudicate", False)
    if not isinstance(adjudicate, bool):
        raise ParseError(f"{where}: adjudicate must be true or false, not {adjudicate!r}")
    return Script(
        Board.numbered(number, deal, dealer, vul),
        int(edition),
        events,
        expect if isinstance(expect, dict) else {},
        adjudicate,
    )


def run_script(script: Script, adjudicator: ClaimAdjudicator | None = None) -> Table:
    """Feed every event; a :class:`ScriptError` names the first event that does not fit.

    With an ``adjudicator``, a disputed claim is put to it (Law 70); if the events end with
    the director's ruling still awaited, its suggestion settles the claim (``--adjudicate``).
    """
    table = Table(script.board, script.edition, adjudicator)
    for index, text in enumerate(script.events, start=1):
        table.apply(parse_event(text, index))
    if adjudicator is not None:
        table.adjudicate_claim()
    return table


__all__ = ["Script", "ScriptError", "load_script", "run_script", "script_from_data"]
