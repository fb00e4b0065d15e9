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

The writer gives every record the same last ten bytes; for a set of boards 1-32 they read
``YN1  1 32 ``. The reader takes them from the first record (see :func:`read_dup` for the
variants other programs write), numbers the boards from the lowest board number and checks that
the count fits. Like the other Duplimate formats, a file holds at most 99 boards.

Sources: Jannersten's Duplimate "Convert" note (the 156-byte record, the meaning of the last ten
bytes and the ``YN1  1 32 `` example), and the Big Deal dealing program's ``.dup`` writer
(``print_dup_common`` in its ``output.c``: the 99-board limit, the blank-screen variant, which
blanks the DGE part of board 1 only, and its last ten bytes ``YN`` + ``1  `` + ``0 `` + the
number of boards as two digits + a space, e.g. ``YN1  0 08 ``). Big Deal writes ``0`` copies
where the note's example has ``1``; this writer follows the note.
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
_SHORT = RECORD_SIZE - 10
"""A record without the last ten bytes."""


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


def _records(data: bytes, filename: str) -> list[bytes]:
    """The records, each 156 bytes with its trailer, or 146 without one after the first.

    Two layouts are read: every record 156 bytes (the note's), and a first record of 156 bytes
    followed by 146-byte records without the last ten bytes (the note speaks of "the last 10
    bytes of the DUP-file", and a converter writing exactly that is in use). A length that fits
    both (74 whole records, more than the 99-board limit allows in the second reading) is taken
    as whole records.
    """
    if not data:
        raise ParseError(f"{filename}: the file is empty")
    if len(data) % RECORD_SIZE == 0:
        return [data[i : i + RECORD_SIZE] for i in range(0, len(data), RECORD_SIZE)]
    if len(data) > RECORD_SIZE and (len(data) - RECORD_SIZE) % _SHORT == 0:
        rest = range(RECORD_SIZE, len(data), _SHORT)
        return [data[:RECORD_SIZE]] + [data[i : i + _SHORT] for i in rest]
    raise ParseError(f"{filename}: {len(data)} bytes is not a whole number of {RECORD_SIZE}-byte "
                     f"records (nor one of {RECORD_SIZE} bytes and more of {_SHORT})")  # fmt: skip


def read_dup(data: bytes, filename: str = "<dup>", first_board: int = 1) -> list[Board]:
    """Boards of a ``.dup`` file, numbered from the lowest board its first record gives.

    The last ten bytes are read from the first record; a later record may repeat them, leave them
    blank (spaces or zero bytes) or leave them out (see :func:`_records`). Bytes 154-156 are the
    highest board by the note; Big Deal writes the number of boards there (two digits, with
    ``1`` as the lowest board whatever the set), and the two agree when the set starts at 1. A
    file whose count fits neither reading is refused.

    ``first_board`` is not needed (the file says), and is accepted only so that every reader
    takes the same arguments.
    """
    del first_board
    records = _records(data, filename)
    count = len(records)
    trailer = records[0][146:]
    if trailer[0:1] not in (b"Y", b"N") or trailer[1:2] not in (b"Y", b"N"):
        raise record_error(filename, 1, 147,
                           f"bytes 147-148 must be Y or N, not {trailer[:2]!r}")  # fmt: skip
    low = _number(trailer[2:5], "lowest board", filename, 1, 149)
    _number(trailer[5:7], "number of copies", filename, 1, 152)
    high = _number(trailer[7:10], "highest board", filename, 1, 154)
    if high - low + 1 != count and high != count:
        raise record_error(filename, 1, 149, f"the first record says boards {low} to {high}, "
                           f"but the file holds {count}")  # fmt: skip
    if low < 1 or low + count - 1 > MAX_BOARD:
        raise record_error(filename, 1, 149, f"boards {low} to {low + count - 1} do not fit "
                           f"the format's 1 to {MAX_BOARD}")  # fmt: skip
    boards = []
    for index, record in enumerate(records):
        record_no = index + 1
        where = f"{filename}: record {record_no}"
        deal = parse_bri_part(record[:78], where)
        screen = record[78:146]
        if screen != _BLANK_SCREEN and parse_dge_part(screen, where) != deal:
            raise record_error(filename, record_no, 79,
                               "the DGE part shows another deal than the BRI part")  # fmt: skip
        tail = record[146:]
        if index and tail and tail != trailer and tail.strip(b" \x00"):
            raise record_error(filename, record_no, 147, "the last ten bytes differ from the "
                               "first record's (and are not blank)")  # fmt: skip
        boards.append(Board.numbered(low + index, deal))
    return boards
