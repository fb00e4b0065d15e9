"""What the board's matters need of the table: the board layer
(:class:`~bridgelaw.table.board_rules.BoardRules`) as a protocol, as in the auction
(:mod:`bridgelaw.table.rules.auction.layer`) and the play
(:mod:`bridgelaw.table.rules.play.layer`): Laws 13-15 reach into both periods. mypy checks that
the layer is one (``board_rules.board_table``)."""

from __future__ import annotations

from typing import Protocol, cast

from bridgelaw.boards import Board
from bridgelaw.cards import Card, Seat
from bridgelaw.table.rules.auction.layer import AuctionTable
from bridgelaw.table.rules.play.layer import PlayTable
from bridgelaw.table.state import Awaiting, Phase, TableState, Unauthorized


class BoardTable(PlayTable, AuctionTable, Protocol):
    """The auction and play layers with the board's fields: the deal, the cards missing or
    exposed, what Laws 13 and 15 leave open, and the score set aside."""

    board: Board
    phase: Phase
    missing_cards: tuple[tuple[Seat, Card], ...]
    exposed: list[tuple[Seat, int, int]]
    barred: dict[Seat, str]
    unauthorized_log: list[Unauthorized]
    score_cancelled: str | None
    wrong_count: tuple[Seat, Card] | None
    lho_repeat: tuple[Seat, str] | None
    repeat_15c: tuple[tuple[Seat, str], ...]
    wrong_table_found: bool

    def auction_awaiting(self) -> Awaiting | None: ...


def opening_lead_faced(t: BoardTable) -> bool:
    """The opening lead is faced (the play period has begun, 17D)."""
    return t.phase != Phase.AUCTION and t.play is not None and bool(t.play.played)


def has_called(t: BoardTable, seat: Seat) -> bool:
    """``seat`` has made a call of his own (not one inferred for him)."""
    return any(r.seat == seat and not r.inferred for r in t.history)


def set_aside(t: BoardTable, law: str) -> None:
    """The table result is set aside under ``law`` for an adjusted score (the director's, in
    the reviews): play, if any, stops."""
    t.score_cancelled = law
    t.pending = None
    t.lead_restrictions = []
    t.phase = Phase.ENDED


def board_table(table: TableState) -> BoardTable:
    """``table`` as the board layer (every table is one: ``Table`` is a subclass of
    ``BoardRules``, which mypy holds to this protocol)."""
    return cast(BoardTable, table)


__all__ = ["BoardTable", "board_table", "has_called", "opening_lead_faced", "set_aside"]
