"""The table engine: what happened at a table, legal or not, ruled on by the Laws.

Modules: :mod:`~bridgelaw.table.events` (the words of a table script),
:mod:`~bridgelaw.table.state` (what the table knows, and the hooks below),
:mod:`~bridgelaw.table.offers` (which answers an offer takes), :mod:`~bridgelaw.table.play_state`
(the play as it happens), the rule modules, :mod:`~bridgelaw.table.engine` (the :class:`Table`)
and :mod:`~bridgelaw.table.script` (reading scripts and reporting them).

The rule modules are layers, each class a subclass of the one below, in the order the laws
build on each other (bottom up)::

    state.TableState          the state; the hooks (the engine's internal interface)
    auction_rules.AuctionRules  17-39, the end of the auction (22, 24D/E)
    play_rules.PlayRules        44-60, 63A (and 26 at the lead)
    revokes.RevokeRules         64 (62 is rules/play/law62.py)
    dummy_rules.DummyRules      the router of 42-43, 45D, 45F, 46, 61B (rules/play)
    claims.ClaimRules           the claim of the board (68-71: rules/claims)
    board_rules.BoardRules      the router of 13-15, 2007 17D (rules/board; every period)
    engine.Table                the router, the event log, 21, 26, 36A replayed, 39, 41, the end

A rule calls its own layer and the layers below it, never one above: an event or an answer is
handed to the module whose rule it is by the engine's router (:meth:`Table._route`,
:meth:`Table._answer`, :meth:`Table.play_event`, the offers' order in ``Table._open_offer``),
which sees every layer. The only calls up are three hooks, declared once in ``TableState`` as
abstract methods and defined by the engine: ``play_event`` (the dummy laws put a designated
card into play), ``_end_of_play`` (the last card is played) and ``end_board`` (a claim is
settled). ``tests/table/test_table_layers.py`` checks all of this from the source. A new clause goes
into the lowest layer whose rules it needs; if it must act on a moment a lower layer reaches,
that is a new hook, in ``TableState``'s hook section.

The irregularity pending (``TableState.pending``) is an object: one small dataclass per
irregularity (a :class:`~bridgelaw.table.state.Pending`), declared in a module of its own under
:mod:`bridgelaw.table.rules` with every clause its open matter applies (13-15, the auction's,
42-47, 50D2-58, 61B, 62, 65-71), holding only the fields it uses. It says
which offer it makes (``offer``, read by ``Table._open_offer`` in its place in the
precedence) and takes the answers (``answer``, called by the router), reaching the layers'
rules through the protocols of ``rules/*/layer.py``, so there is no chain keyed by its kind.
A new irregularity is a module under ``rules`` (the README says where a new clause goes).
"""

from bridgelaw.table.engine import Table
from bridgelaw.table.events import Action, Event, ScriptError, TableCall, parse_event
from bridgelaw.table.state import Awaiting, Choice, Outcome, Ruling

__all__ = [
    "Action",
    "Awaiting",
    "Choice",
    "Event",
    "Outcome",
    "Ruling",
    "ScriptError",
    "Table",
    "TableCall",
    "parse_event",
]
