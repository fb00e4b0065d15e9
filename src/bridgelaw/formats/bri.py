"""``.bri`` files: the oldest Duplimate format, three hands as card numbers.

Layout implemented (one record a board, in board order, no header):

* bytes 1-78: the "BRI part" -- North's 13 cards, then East's, then South's, each card written
  as two decimal digits ``01``..``52``: ``01`` the spade ace, ``02`` the spade king ... ``13`` the
  spade two, ``14`` the heart ace ... ``52`` the club two. West is not written: West holds the
  13 cards left over. The cards of a hand may come in any order (the writer sorts them).
* bytes 79-128: filler, 32 spaces then 18 zero bytes, making a 128-byte record.

Sources: the BRI part is as Jannersten's Duplimate "Convert" note describes it (the first 78
bytes of each ``.dup`` record, with a worked example that the tests use); the 128-byte record
with its space-and-zero filler is as the Big Deal dealing program writes ``.bri`` files, whose
author notes he copied it from a file he had seen. A second layout, where each record is the 78
digits alone on a line, is described in a rec.games.bridge answer about Duplimate files; the
reader accepts it too.

>>> from bridgelaw.cards import Deal
>>> deal = Deal.from_pbn("N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432")
>>> bri_part(deal)[:8], bri_part(deal)[26:30]
(b'01020304', b'1415')
"""

from __future__ import annotations

from collections.abc import Sequence

from bridgelaw.boards import Board
from bridgelaw.cards import Deal
from bridgelaw.errors import ParseError
from bridgelaw.formats.machine import check_boards, fixed_records, record_error

__all__ = ["RECORD_SIZE", "bri_part", "parse_bri_part", "read_bri", "write_bri"]

RECORD_SIZE = 128
_FILLER = b" " * 32 + b"\x00" * 18


def bri_part(deal: Deal) -> bytes:
    """The 78 digits of North's, East's and South's cards."""
    out: list[str] = []
    for seat in range(3):
        hand = deal[seat]
        # card c is numbered 52 - c (the spade ace, card 51, is 01); ascending numbers
        out.extend(f"{52 - card:02d}" for card in range(51, -1, -1) if hand >> card & 1)
    return "".join(out).encode("ascii")


def parse_bri_part(part: bytes, where: str) -> Deal:
    """The deal from 78 digits; ``where`` starts every error message."""
    if len(part) != 78:
        raise ParseError(f"{where}: the BRI part has {len(part)} bytes, not 78")
    hands = [0, 0, 0, 0]
    seen = 0
    for i in range(39):
        pair = part[2 * i : 2 * i + 2]
        if not (pair.isascii() and pair.isdigit()):  # "²".isdigit() is true
            raise ParseError(f"{where}, byte {2 * i + 1}: {pair!r} is not a two-digit card number")
        number = int(pair)
        if not 1 <= number <= 52:
            raise ParseError(f"{where}, byte {2 * i + 1}: card number {number} is not 01-52")
        bit = 1 << (52 - number)
        if seen & bit:
            raise ParseError(f"{where}, byte {2 * i + 1}: card number {number:02d} appears twice")
        seen |= bit
        hands[i // 13] |= bit
    hands[3] = (1 << 52) - 1 - seen  # West holds the rest
    return Deal(hands)


def write_bri(boards: Sequence[Board]) -> bytes:
    """Consecutive boards as 128-byte ``.bri`` records."""
    check_boards(boards, ".bri")
    return b"".join(bri_part(b.deal) + _FILLER for b in boards)


def read_bri(data: bytes, filename: str = "<bri>", first_board: int = 1) -> list[Board]:
    """Boards of a ``.bri`` file, numbered from ``first_board`` (the file has no numbers)."""
    if not data:
        raise ParseError(f"{filename}: the file is empty")
    if data[78:80] == b"\r\n" or data[78:79] == b"\n":
        return _read_lines(data, filename, first_board)
    boards = []
    for index, record in enumerate(fixed_records(data, RECORD_SIZE, filename)):
        filler = record[78:]
        if filler.strip(b" \x00"):
            raise record_error(filename, index + 1, 79, "the filler after the 78 "
                               "digits must be spaces and zero bytes")  # fmt: skip
        deal = parse_bri_part(record[:78], f"{filename}: record {index + 1}")
        boards.append(Board.numbered(first_board + index, deal))
    return boards


def _read_lines(data: bytes, filename: str, first_board: int) -> list[Board]:
    boards: list[Board] = []
    for number, line in enumerate(data.splitlines(), start=1):
        if not line.strip():
            continue
        deal = parse_bri_part(line.rstrip(b" "), f"{filename}:{number}")
        boards.append(Board.numbered(first_board + len(boards), deal))
    return boards
