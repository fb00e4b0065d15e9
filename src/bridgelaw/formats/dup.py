"""``.dup`` files: the Duplimate machine's DOS-era format, 156 bytes a board.

Layout implemented (one record a board, in board order, no header), bytes counted from 1:

* 1-78: the BRI part (see :mod:`bridgelaw.formats.bri`): North's, East's and South's cards as
  two-digit numbers 01 (spade ace) to 52 (club two); West holds the rest.
* 79-146: the DGE part (see :mod:`bridgelaw.formats.dge`): all four hands, 17 bytes each, with
  the DOS suit symbols. A file may blank this part with 68 spaces so that the machine's screen
  shows nothing; the reader accepts that, and otherwise checks that it agrees with the BRI part.
* 147: ``Y`` or ``N``, the answer to "random hands?" (the writer says ``Y``).
* 148: ``Y`` or ``N``, the answer to "backwards counting?" (the writer says ``N``).
* 149-151: the lowest board number of the set, left-aligned and padded with spaces.
* 152-153: copies of each board, left-aligned, space-padded (the writer says ``1``).
* 154-156: the highest board number of the set, left-aligned, space-padded.

Every record carries the same last ten bytes; for a set of boards 1-32 they read ``YN1  1 32 ``.
The reader numbers the boards from the lowest board number and checks that the count fits.
Like the other Duplimate formats, a file holds at most 99 boards.

Sources: Jannersten's Duplimate "Convert" note (the 156-byte record, the meaning of the last ten
bytes and the ``YN1  1 32 `` example), and the Big Deal dealing program's ``.dup`` writer (the
99-board limit and the blank-screen variant). Big Deal writes ``0`` copies where the note's
example has ``1``; this writer follows the note.
"""

from __future__ import annotations

from collections.abc import Sequence

from bridgelaw.boards import Board
from bridgelaw.errors import ParseError
from bridgelaw.formats.bri import bri_part, parse_bri_part
from bridgelaw.formats.dge import dge_part, parse_dge_part
from bridgelaw.formats.machine import check_boards, record_error

__all__ = ["MAX_BOARD", "RECORD_SIZE", "read_dup", "write_dup"]

RECORD_SIZE = 156
MAX_BOARD = 99
_BLANK_SCREEN = b" " * 68


def _trailer(low: int, high: int, copies: int) -> bytes:
    return f"YN{low:<3}{copies:<2}{high:<3}".encode("ascii")


def write_dup(boards: Sequence[Board], copies: int = 1) -> bytes:
    """Consecutive boards (at most board 99) as 156-byte ``.dup`` records."""
    check_boards(boards, ".dup", max_board=MAX_BOARD)
    if not 0 <= copies <= 99:
        raise ParseError(f"copies of each board must be 0 to 99, not {copies}")
    trailer = _trailer(boards[0].number, boards[-1].number, copies)
    return b"".join(bri_part(b.deal) + dge_part(b.deal) + trailer for b in boards)


def _number(field: bytes, what: str, filename: str, record: int, byte: int) -> int:
    text = field.decode("ascii", "replace").strip(" ")
    if not text.isdigit():
        raise record_error(filename, record, byte, f"the {what} is {field!r}, not a number "
                           "left-aligned and padded with spaces")  # fmt: skip
    return int(text)


def read_dup(data: bytes, filename: str = "<dup>", first_board: int = 1) -> list[Board]:
    """Boards of a ``.dup`` file, numbered from the lowest board its records give.

    ``first_board`` is not needed (the file says), and is accepted only so that every reader
    takes the same arguments.
    """
    del first_board
    if not data:
        raise ParseError(f"{filename}: the file is empty")
    if len(data) % RECORD_SIZE:
        raise ParseError(
            f"{filename}: {len(data)} bytes is not a whole number of {RECORD_SIZE}-byte records"
        )
    count = len(data) // RECORD_SIZE
    first_trailer = data[146:156]
    boards = []
    low = 0
    for index in range(count):
        record_no, offset = index + 1, index * RECORD_SIZE
        record = data[offset : offset + RECORD_SIZE]
        where = f"{filename}: record {record_no}"
        deal = parse_bri_part(record[:78], where)
        screen = record[78:146]
        if screen != _BLANK_SCREEN and parse_dge_part(screen, where) != deal:
            raise record_error(filename, record_no, 79,
                               "the DGE part shows another deal than the BRI part")  # fmt: skip
        trailer = record[146:]
        if trailer[0:1] not in (b"Y", b"N") or trailer[1:2] not in (b"Y", b"N"):
            raise record_error(filename, record_no, 147,
                               f"bytes 147-148 must be Y or N, not {trailer[:2]!r}")  # fmt: skip
        low = _number(trailer[2:5], "lowest board", filename, record_no, 149)
        _number(trailer[5:7], "number of copies", filename, record_no, 152)
        high = _number(trailer[7:10], "highest board", filename, record_no, 154)
        if trailer != first_trailer:
            raise record_error(filename, record_no, 147, "the last ten bytes differ "
                               "from the first record's")  # fmt: skip
        if low < 1 or high > MAX_BOARD or high - low + 1 != count:
            raise record_error(filename, record_no, 149, f"the records say boards "
                               f"{low} to {high}, but the file holds {count}")  # fmt: skip
        boards.append(Board.numbered(low + index, deal))
    return boards
