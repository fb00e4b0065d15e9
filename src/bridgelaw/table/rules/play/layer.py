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
from bridgelaw.table.play_state import Place, TablePlay
from bridgelaw.table.refusals import refuse
from bridgelaw.table.state import (
    Awaiting,
    DummyOffer,
    LeadRestriction,
    Obligation,
    Pending,
    Phase,
    TableState,
)

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
    def after_a_place_filled(self, tricks_before: int) -> None: ...
    def _law48_49_exposed(self, seat: Seat, card: Card) -> None: ...
    def _legal_names(self) -> tuple[str, ...]: ...
    def _penalty_card_legal(
        self, seat: Seat, card: Card, obligation: Obligation | None = None
    ) -> bool: ...


class RevokeTable(PlayTable, Protocol):
    """The play layer with the fields a revoke's correction also uses (Law 62: trick 13
    played again after 62D1, the board's result taken back; held to it in
    ``revokes.revoke_table``)."""

    phase: Phase
    score_cancelled: str | None
    revoke_found_late: str | None
    tricks: int | None
    tricks_before_transfers: int | None
    law62d1_replay: bool

    def withdraw_settlement(self, law: str) -> None: ...


class DummyTable(RevokeTable, Protocol):
    """The play and revoke layers with the dummy laws' fields (42-46, 61B; held to it in
    ``dummy_rules.dummy_table``) and the hook that puts dummy's designated card into play."""

    dummy_broke: bool
    dummy_offer: Awaiting | None
    dummy_offer_kind: DummyOffer | None
    designated_46b: tuple[Card, int] | None
    law45d_rho: tuple[Seat, Card] | None
    law45d_back: tuple[tuple[Seat, Card], ...]

    def play_event(self, event: Event) -> None: ...


def dummy_of(t: PlayTable) -> Seat:
    """Dummy, the declarer's partner (the play has begun)."""
    assert t.declarer is not None
    return t.declarer.partner


def places_in_order(t: PlayTable) -> list[tuple[int, Seat, Place]]:
    """Every place played to: (trick index, seat, card or None for no card, 67), trick by
    trick."""
    play = t.play
    assert play is not None
    out: list[tuple[int, Seat, Place]] = []
    for index, trick in enumerate(play.tricks):
        for i, card in enumerate(trick.cards):
            out.append((index, Seat((trick.leader + i) & 3), card))
    for i, card in enumerate(play.trick):
        out.append((len(play.tricks), Seat((play.leader + i) & 3), card))
    return out


def side_on_next_trick(t: PlayTable, seat: Seat) -> bool:
    """Has ``seat``'s side led or played to the trick after the last completed one?"""
    play = t.play
    assert play is not None
    return any(((play.leader + i) & 1) == seat.side for i in range(len(play.trick)))


def open_dummy_offer(t: DummyTable, kind: DummyOffer, offer: Awaiting) -> None:
    """The dummy laws' offer ``offer`` is now open, its answer routed by ``kind``."""
    t.dummy_offer = offer
    t.dummy_offer_kind = kind


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


def dummy_table(table: TableState) -> DummyTable:
    """``table`` as the dummy layer (every table is one: ``Table`` is a subclass of
    ``DummyRules``, which mypy holds to this protocol)."""
    return cast(DummyTable, table)


def revoke_table(table: TableState) -> RevokeTable:
    """``table`` as the revoke layer (every table is one: ``Table`` is a subclass of
    ``RevokeRules``, which mypy holds to this protocol)."""
    return cast(RevokeTable, table)


__all__ = [
    "DummyTable",
    "PlayTable",
    "RevokeTable",
    "declarer_chooses_first",
    "dummy_of",
    "dummy_table",
    "open_dummy_offer",
    "places_in_order",
    "play_table",
    "revoke_table",
    "side_on_next_trick",
]
