"""Table scripts (``shared/spec/table-script.md``): read one, run it, report it.

A script error (a malformed event, an event that does not fit the state) stops the run with its
event number; nothing is reported for a half-run script.

Reading is bounded before anything is built, because YAML can describe far more than it spells
out: a script is at most :data:`MAX_SCRIPT_BYTES`, nests at most :data:`MAX_DEPTH` levels, and
has no anchors or aliases (a 335-byte "billion laughs" expands to gigabytes). The bytes are
decoded like every other file (:func:`bridgelaw.formats.text.decode_text`: UTF-8 with or without
a mark, UTF-16, Latin-1).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from bridgelaw.boards import Board, Vulnerability
from bridgelaw.cards import Deal, Seat
from bridgelaw.dealing.dealer import MAX_BOARD
from bridgelaw.errors import BridgeLawError, ParseError
from bridgelaw.formats.text import decode_text
from bridgelaw.table.engine import Table
from bridgelaw.table.events import ScriptError, parse_event
from bridgelaw.table.rules.claims.law68_71 import ClaimAdjudicator


@dataclass
class Script:
    board: Board
    edition: int
    events: list[object]
    expect: dict[str, Any]
    adjudicate: bool = False
    """The script's ``adjudicate: true``: a disputed claim the director has not ruled on is
    settled by the Law 70 adjudicator (as ``replay --adjudicate``)."""


MAX_SCRIPT_BYTES = 1 << 20
"""A table script is a few kilobytes; a megabyte is far more than any board needs."""
MAX_DEPTH = 20
"""A script nests three levels (mapping, events, expect); anything deeper is not a script."""


def load_script(path: str | Path) -> Script:
    """Read a script file; a :class:`ParseError` says what is wrong with it."""
    p = Path(path)
    data = p.read_bytes()
    if len(data) > MAX_SCRIPT_BYTES:
        raise ParseError(f"{p}: {len(data):,} bytes is too large for a table script "
                         f"(at most {MAX_SCRIPT_BYTES:,})")  # fmt: skip
    try:
        text = decode_text(data, str(p)).text
    except BridgeLawError as error:  # a byte-order mark the bytes do not follow
        raise ParseError(str(error)) from None
    return script_from_data(parse_yaml(text, str(p)), str(p))


def parse_yaml(text: str, where: str = "<script>") -> object:
    """YAML (or JSON) text to plain data, bounded as the module text says: the events of the
    text are checked first (no aliases, no anchors, no deep nesting), then it is built."""
    try:
        depth = 0
        for event in yaml.parse(text, Loader=yaml.SafeLoader):
            if isinstance(event, yaml.AliasEvent) or getattr(event, "anchor", None):
                line = event.start_mark.line + 1 if event.start_mark else 0
                raise ParseError(f"{where}:{line}: anchors and aliases (& and *) are not "
                                 "allowed in a table script")  # fmt: skip
            if isinstance(event, yaml.CollectionStartEvent):
                depth += 1
                if depth > MAX_DEPTH:
                    line = event.start_mark.line + 1 if event.start_mark else 0
                    raise ParseError(f"{where}:{line}: nested more than {MAX_DEPTH} levels deep; "
                                     "not a table script")  # fmt: skip
            elif isinstance(event, yaml.CollectionEndEvent):
                depth -= 1
        return yaml.safe_load(text)
    except yaml.YAMLError as error:
        raise ParseError(f"{where}: not valid YAML: {' '.join(str(error).split())}") from None
    except ParseError:
        raise
    except (ValueError, OverflowError) as error:  # a value YAML cannot build (a date, a number)
        message = " ".join(str(error).split())
        raise ParseError(f"{where}: a value cannot be read: {message}") from None


def script_from_data(data: object, where: str = "<script>") -> Script:
    if not isinstance(data, dict):
        raise ParseError(f"{where}: a table script is a mapping with board, deal and events")
    for key in ("board", "deal", "events"):
        if key not in data:
            raise ParseError(f"{where}: the key '{key}' is missing")
    number = data["board"]
    if not isinstance(number, int) or isinstance(number, bool) or not 1 <= number <= MAX_BOARD:
        big = isinstance(number, int) and abs(number) > MAX_BOARD  # may exceed str()'s limit
        shown = "a larger number" if big else repr(number)[:40]
        raise ParseError(f"{where}: board must be a number from 1 to {MAX_BOARD}, not {shown}")
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
