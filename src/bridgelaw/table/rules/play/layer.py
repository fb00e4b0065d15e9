"""What the play period's matters need of the table: the play layer
(:class:`~bridgelaw.table.play_rules.PlayRules`) as a protocol.

As in the auction (:mod:`bridgelaw.table.rules.auction.layer`): the layer opens a matter (a
card led out of turn, in ``card_played``) and so imports it; the matter uses the layer's rules
through this protocol and never imports the layer back. mypy checks that the layer is one
(``play_rules.play_table``).
"""

from __future__ import annotations

from typing import Protocol, TypeVar, cast

from bridgelaw.cards import Card, Seat
from bridgelaw.table.events import Event, ScriptError
from bridgelaw.table.messages import Said
from bridgelaw.table.play_state import TablePlay
from bridgelaw.table.refusals import refuse
from bridgelaw.table.state import Awaiting, LeadRestriction, Obligation, Pending, TableState

T = TypeVar("T")


class PlayTable(Protocol):
    """The fields and rules of the play layer that its matters use."""

    pending: Pending | None
    event_index: int
    declarer: Seat | None
    play: TablePlay | None
    penalty_cards: list[tuple[Seat, int, str]]
    lead_retracted: int | None
    early_lead: tuple[Seat, int] | None
    dummy_suggested: int | None
    must_play: dict[Seat, Obligation]
    pc_choice_made: int | None
    lead_restrictions: list[LeadRestriction]
    law45c4b_rho: tuple[Seat, Card] | None

    # the record and the law book (TableState)
    def rule(self, law: str, seat: Seat | None, said: Said) -> None: ...
    def review(self, law: str, said: Said) -> None: ...
    def cite(self, key: str) -> str: ...
    def by_edition(self, tag: str, e2017: T, e2007: T) -> T: ...
    def mark_card_unauthorized(
        self, seat: Seat, card: Card, side: int, law: str = "16C"
    ) -> None: ...

    # the play's rules (PlayRules)
    def card_played(self, seat: Seat, card: Card) -> None: ...
    def _play(self, seat: Seat, card: Card) -> None: ...
    def _all_major(self, seat: Seat) -> int: ...
    def _law57_premature(self, seat: Seat, card: Card) -> None: ...
    def _check_card_in_hand(self, seat: Seat, card: Card) -> None: ...
    def _last_player(self) -> Seat: ...
    def _law48_49_exposed(self, seat: Seat, card: Card) -> None: ...
    def _legal_names(self) -> tuple[str, ...]: ...
    def _penalty_card_legal(
        self, seat: Seat, card: Card, obligation: Obligation | None = None
    ) -> bool: ...


class TrickTable(PlayTable, Protocol):
    """The play layer with the rules above it that a matter of the tricks themselves uses
    (58B, 67A2: :class:`~bridgelaw.table.defective.TrickRules`, held to it in
    ``defective.trick_table``)."""

    def law58b3_offer(self, index: int, offender: Seat, after: Seat) -> None: ...


def declarer_chooses_first(event: Event, offer: Awaiting) -> ScriptError:
    """The refusal of an event that is not declarer's answer to his open choice (50D2/51B,
    57A): the choice comes first."""
    options = ", ".join(offer.options)
    reason = refuse(
        "event.declarer-chooses-first", declarer=offer.who, options=options, law=offer.law
    )
    return ScriptError(event.index, reason)


def play_table(table: TableState) -> PlayTable:
    """``table`` as the play layer (every table is one: ``Table`` is a subclass of
    ``PlayRules``, which mypy holds to this protocol)."""
    return cast(PlayTable, table)


def trick_table(table: TableState) -> TrickTable:
    """``table`` as the trick rules (every table is one: ``Table`` is a subclass of
    ``TrickRules``, which mypy holds to this protocol)."""
    return cast(TrickTable, table)


__all__ = ["PlayTable", "TrickTable", "declarer_chooses_first", "play_table", "trick_table"]
