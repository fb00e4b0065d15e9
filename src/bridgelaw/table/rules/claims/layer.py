"""What a claim needs of the table: the claim layer
(:class:`~bridgelaw.table.claims.ClaimRules`) as a protocol, as in the play
(:mod:`bridgelaw.table.rules.play.layer`). mypy checks that the layer is one
(``claims.claim_table``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol, cast

from bridgelaw.boards import Board
from bridgelaw.calls import Contract
from bridgelaw.cards import Seat
from bridgelaw.table.events import Event
from bridgelaw.table.rules.play.layer import PlayTable
from bridgelaw.table.state import Phase, TableState

if TYPE_CHECKING:  # the matter's module imports this one
    from bridgelaw.table.rules.claims.law68_71 import Claim, ClaimAdjudicator


class ClaimTable(PlayTable, Protocol):
    """The play layer with the fields and hooks a claim uses."""

    board: Board
    edition: int
    contract: Contract | None
    phase: Phase
    tricks: int | None
    events: list[Event]
    adjudicator_answers: dict[int, int]
    claim: Claim | None

    @property
    def adjudicator(self) -> ClaimAdjudicator | None: ...

    def law63a_establish(self, side: int, law: str, seat: Seat, agreement: bool) -> None: ...
    def end_board(self, declarer_tricks: int) -> None: ...


def claim_table(table: TableState) -> ClaimTable:
    """``table`` as the claim layer (every table is one: ``Table`` is a subclass of
    ``ClaimRules``, which mypy holds to this protocol)."""
    return cast(ClaimTable, table)


__all__ = ["ClaimTable", "claim_table"]
