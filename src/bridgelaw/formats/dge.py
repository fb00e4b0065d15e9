"""``.dge`` files: the four hands written out with the DOS suit symbols.

Layout implemented (one record a board, in board order, no header):

* bytes 1-68: the "DGE part" -- North's hand, then East's, South's and West's, 17 bytes each: the
  spade symbol (byte 06), the spades held, the heart symbol (03), the hearts, the diamond symbol
  (04), the diamonds, the club symbol (05), the clubs. Cards are ``AKQJT98765432``, high to low.
  (Bytes 03-06 are the control codes that the IBM PC character set draws as the suit symbols.)
* bytes 69-128: filler, 60 zero bytes, making a 128-byte record.

Sources: the DGE part is as Jannersten's Duplimate "Convert" note describes bytes 79-146 of a
``.dup`` record (four 17-byte hands, four suit symbols and 13 cards each), with its worked example;
the symbol codes and the 60-byte zero filler are as the Big Deal dealing program writes ``.dge``.
This is the only description of the filler found.

>>> from bridgelaw.cards import Deal
>>> deal = Deal.from_pbn("N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432")
>>> dge_part(deal)[:17]
b'\\x06AKQJT98765432\\x03\\x04\\x05'
"""

from __future__ import annotations

from collections.abc import Sequence

from bridgelaw.boards import Board
from bridgelaw.cards import RANK_CHARS, Deal
from bridgelaw.errors import ParseError
from bridgelaw.formats.machine import check_boards, fixed_records, record_error

__all__ = ["RECORD_SIZE", "dge_part", "parse_dge_part", "read_dge", "write_dge"]

RECORD_SIZE = 128
#: Suit symbol bytes in the order they are written: spades, hearts, diamonds, clubs.
SYMBOLS = (0x06, 0x03, 0x04, 0x05)
_FILLER = b"\x00" * 60
_RANK_OF = {ord(ch): rank for rank, ch in enumerate(RANK_CHARS)}


def _hand_bytes(hand: int) -> bytes:
    out = bytearray()
    for symbol, suit in zip(SYMBOLS, (3, 2, 1, 0), strict=True):
        out.append(symbol)
        out.extend(ord(RANK_CHARS[r]) for r in range(12, -1, -1) if hand >> (13 * suit + r) & 1)
    return bytes(out)


def dge_part(deal: Deal) -> bytes:
    """The 68 bytes of the four hands, North first."""
    return b"".join(_hand_bytes(deal[seat]) for seat in range(4))


def parse_dge_part(part: bytes, where: str) -> Deal:
    """The deal from the 68-byte DGE part; ``where`` starts every error message."""
    if len(part) != 68:
        raise ParseError(f"{where}: the DGE part has {len(part)} bytes, not 68")
    hands = []
    for seat in range(4):
        chunk = part[17 * seat : 17 * seat + 17]
        hand = 0
        suit_index = -1
        for i, byte in enumerate(chunk):
            position = 17 * seat + i + 1
            if suit_index + 1 < 4 and byte == SYMBOLS[suit_index + 1]:
                suit_index += 1
                continue
            rank = _RANK_OF.get(byte)
            if suit_index < 0 or rank is None:
                raise ParseError(f"{where}, byte {position}: unexpected byte {byte:#04x} in "
                                 f"{'NESW'[seat]}'s hand")  # fmt: skip
            suit = (3, 2, 1, 0)[suit_index]
            bit = 1 << (13 * suit + rank)
            if hand & bit:
                raise ParseError(f"{where}, byte {position}: a card appears twice in "
                                 f"{'NESW'[seat]}'s hand")  # fmt: skip
            hand |= bit
        if suit_index != 3:
            raise ParseError(f"{where}: {'NESW'[seat]}'s hand lacks a suit symbol (each hand "
                             "has all four, spades to clubs)")  # fmt: skip
        hands.append(hand)
    try:
        return Deal(hands)
    except ParseError as error:
        raise ParseError(f"{where}: {error}") from None


def write_dge(boards: Sequence[Board]) -> bytes:
    """Consecutive boards as 128-byte ``.dge`` records."""
    check_boards(boards, ".dge")
    return b"".join(dge_part(b.deal) + _FILLER for b in boards)


def read_dge(data: bytes, filename: str = "<dge>", first_board: int = 1) -> list[Board]:
    """Boards of a ``.dge`` file, numbered from ``first_board`` (the file has no numbers)."""
    boards = []
    for index, record in enumerate(fixed_records(data, RECORD_SIZE, filename)):
        if record[68:].strip(b"\x00 "):
            raise record_error(filename, index + 1, 69,
                               "the filler after the 68 card bytes must be zero bytes")  # fmt: skip
        deal = parse_dge_part(record[:68], f"{filename}: record {index + 1}")
        boards.append(Board.numbered(first_board + index, deal))
    return boards
