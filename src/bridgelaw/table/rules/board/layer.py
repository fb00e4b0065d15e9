"""What the board's matters need of the table: the board layer
(:class:`~bridgelaw.table.board_rules.BoardRules`) as a protocol, as in the play
(:mod:`bridgelaw.table.rules.play.layer`). mypy checks that the layer is one
(``board_rules.board_table``)."""

from __future__ import annotations

from typing import Protocol, cast

from bridgelaw.boards import Board
from bridgelaw.cards import Card, Seat
from bridgelaw.table.rules.play.layer import PlayTable
from bridgelaw.table.state import Phase, TableState


class BoardTable(PlayTable, Protocol):
    """The play layer with the board's fields: the deal, the cards missing or exposed."""

    board: Board
    phase: Phase
    missing_cards: tuple[tuple[Seat, Card], ...]
    exposed: list[tuple[Seat, int, int]]

    def _law67_supply(self, seat: Seat, card: Card) -> None: ...


def opening_lead_faced(t: BoardTable) -> bool:
    """The opening lead is faced (the play period has begun, 17D)."""
    return t.phase != Phase.AUCTION and t.play is not None and bool(t.play.played)


def board_table(table: TableState) -> BoardTable:
    """``table`` as the board layer (every table is one: ``Table`` is a subclass of
    ``BoardRules``, which mypy holds to this protocol)."""
    return cast(BoardTable, table)


__all__ = ["BoardTable", "board_table", "opening_lead_faced"]
