"""What the auction period's matters need of the table: the auction layer
(:class:`~bridgelaw.table.auction_rules.AuctionRules`) as a protocol.

A matter's module sits beside the layer, not above it: the layer opens the matter (a call is
classified there, 18D then Law 27...), and the matter's answers use the layer's rules. The
protocol lets the matter use them without importing the layer back (imports never go round);
mypy checks that the layer is one (``auction_rules.auction_table``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol, TypeVar, cast

from bridgelaw.boards import Board
from bridgelaw.calls import Contract
from bridgelaw.cards import Seat
from bridgelaw.table.events import Action, Event, TableCall
from bridgelaw.table.messages import Said
from bridgelaw.table.play_state import TablePlay
from bridgelaw.table.state import (
    CallRecord,
    CallStatus,
    LeadRestriction,
    LogName,
    NextCallRule,
    Pending,
    Phase,
    TableState,
)

T = TypeVar("T")

JUDGEMENT = (Action.COMPARABLE, Action.NOT_COMPARABLE)
"""The director's finding on a replacement call (23A: comparable or not): the words he is
offered and the actions he answers with (27B1b, 30B1b, 31A2, 32A2...)."""


class AuctionTable(Protocol):
    """The fields and rules of the auction layer that its matters use."""

    history: list[CallRecord]
    pending: Pending | None
    turn: Seat
    phase: Phase
    event_index: int
    no_double: set[Seat]
    unnoticed: list[CallRecord]
    next_call: dict[Seat, NextCallRule]
    contract: Contract | None
    board: Board
    play: TablePlay | None
    carried_slot: dict[Seat, tuple[Seat, ...]]
    recall: tuple[Seat, str, str | None] | None
    lead_restrictions: list[LeadRestriction]

    # the record and the law book (TableState)
    def rule(self, law: str, seat: Seat | None, said: Said) -> None: ...
    def review(self, law: str, said: Said) -> None: ...
    def cite(self, key: str) -> str: ...
    def by_edition(self, tag: str, e2017: T, e2007: T) -> T: ...
    def set_status(self, record: CallRecord, status: CallStatus, law: str | None) -> None: ...
    def set_skipped(self, record: CallRecord, skipped: tuple[Seat, ...]) -> None: ...
    def withdraw(self, name: LogName, law: str, keep: Callable[[Any], bool]) -> None: ...
    def mark_unauthorized(
        self, record: CallRecord, law: str = "16C", side: int | None = None
    ) -> None: ...

    # the effective auction (TableState)
    def is_sufficient(self, call: TableCall) -> bool: ...
    def is_legal(self, seat: Seat, call: TableCall) -> bool: ...
    def last_bid(self) -> CallRecord | None: ...
    def legal_words(self, seat: Seat, doubles: bool = True) -> tuple[str, ...]: ...
    def effective_contract(self) -> Contract: ...
    def effective(self) -> list[CallRecord]: ...

    # the auction's rules (AuctionRules)
    def _expect(self, event: Event, who: str, actions: tuple[Action, ...]) -> None: ...
    def _cancel(self, record: CallRecord | None, law: str, unauthorized: bool = True) -> None: ...
    def _make_effective(self, record: CallRecord) -> None: ...
    def _substitute_pass(self, seat: Seat) -> None: ...
    def _advance(self, seat: Seat) -> None: ...
    def _legal_call(self, record: CallRecord) -> None: ...
    def _follow(self, seat: Seat, call: TableCall) -> None: ...
    def _call_in_place_of(self, first: CallRecord | None, seat: Seat, call: TableCall) -> None: ...
    def _bar(self, seat: Seat, until: str) -> None: ...
    def arm_lead_restriction(
        self,
        offender: Seat,
        law: str,
        withdrawn: TableCall,
        shown: tuple[int, ...] | None = None,
    ) -> None: ...
    def end_of_auction_check(self) -> None: ...
    def _law26_which(self, restriction: LeadRestriction) -> None: ...
    def out_of_rotation(
        self, offender: Seat, call: TableCall, event: int, turn: Seat, record: CallRecord
    ) -> None: ...
    def _last_effective_of(self, seat: Seat) -> CallRecord | None: ...
    def _legal_after(self, calls: list[CallRecord], record: CallRecord) -> bool: ...
    def _undo_end_of_auction(self) -> None: ...


def auction_table(table: TableState) -> AuctionTable:
    """``table`` as the auction layer (every table is one: ``Table`` is a subclass of
    ``AuctionRules``, which mypy holds to this protocol)."""
    return cast(AuctionTable, table)


__all__ = ["JUDGEMENT", "AuctionTable", "auction_table"]
