"""``.ber`` files (Bernasconi dealing machines): one digit a card.

Layout implemented: one 52-byte record a board, in board order, with no header, separator or
line end. Byte ``i`` (from 0) names the holder of the ``i``-th card of the machines' order (spade
ace, spade king, ... club two): ``1`` North, ``2`` East, ``3`` South, ``4`` West. The file has no
board numbers: the reader is told the first one.

Source: the Big Deal dealing program's ``.ber`` writer is the only description found; no
independent description or sample file was available to check it against, so treat this format
as unverified against a real machine.

>>> from bridgelaw.cards import Deal
>>> deal = Deal.from_pbn("N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432")
>>> ber_record(deal)
b'1111111111111222222222222233333333333334444444444444'
"""

from __future__ import annotations

from collections.abc import Sequence

from bridgelaw.boards import Board
from bridgelaw.cards import Deal
from bridgelaw.errors import ParseError
from bridgelaw.formats.machine import (
    check_boards,
    deal_from_positions,
    fixed_records,
    position_holders,
    record_error,
)

__all__ = ["RECORD_SIZE", "ber_record", "read_ber", "write_ber"]

RECORD_SIZE = 52


def ber_record(deal: Deal) -> bytes:
    return bytes(0x31 + seat for seat in position_holders(deal))


def write_ber(boards: Sequence[Board]) -> bytes:
    """Consecutive boards as 52-byte ``.ber`` records."""
    check_boards(boards, ".ber")
    return b"".join(ber_record(b.deal) for b in boards)


def read_ber(data: bytes, filename: str = "<ber>", first_board: int = 1) -> list[Board]:
    """Boards of a ``.ber`` file, numbered from ``first_board``."""
    boards = []
    for index, record in enumerate(fixed_records(data, RECORD_SIZE, filename)):
        bad = next((i for i, byte in enumerate(record) if not 0x31 <= byte <= 0x34), None)
        if bad is not None:
            raise record_error(filename, index + 1, bad + 1, f"{record[bad : bad + 1]!r} "
                               "is not a seat digit 1-4")  # fmt: skip
        try:
            deal = deal_from_positions([byte - 0x31 for byte in record])
        except ParseError as error:
            raise record_error(filename, index + 1, None, str(error)) from None
        boards.append(Board.numbered(first_board + index, deal))
    return boards
