"""The table engine: what happened at a table, legal or not, ruled on by the Laws.

Layers: :mod:`~bridgelaw.table.events` (the words of a table script),
:mod:`~bridgelaw.table.state` (what the table knows), :mod:`~bridgelaw.table.auction_rules`
(Laws 17-39), :mod:`~bridgelaw.table.engine` (the :class:`Table`: the end of the auction,
Laws 24D/E, 26 and 39, and the play), :mod:`~bridgelaw.table.script` (reading scripts and
reporting them).
"""

from bridgelaw.table.engine import Table
from bridgelaw.table.events import Event, ScriptError, TableCall, parse_event
from bridgelaw.table.state import Awaiting, Outcome, Ruling

__all__ = [
    "Awaiting",
    "Event",
    "Outcome",
    "Ruling",
    "ScriptError",
    "Table",
    "TableCall",
    "parse_event",
]
