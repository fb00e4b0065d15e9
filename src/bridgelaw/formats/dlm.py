"""``.dlm`` files: the Windows-era Duplimate format, a text file in the style of an INI file.

Layout implemented (lines end with CR LF; one section, ``[Document]``)::

    [Document]
    Headline=<free text>
    Status=Show                 (or Sealed: the machine's screen hides the cards)
    Duplicates=0
    From board=<first board of the set>
    To board=<last board of the set>
    Next board to duplimate=0
    PrintOuts=0
    Crypto key=0
    Checksum=<Duplicates XOR From board XOR To board, XOR 1 more when Status is Show>
    Duplicates 01=0
    Board 01=<26 letters><3 digits>
    ... and so on for boards 02 to 99

* **The board line.** The pack is taken in pairs in the machines' order (spade ace and king,
  queen and jack, ... club three and two). Each pair is one letter ``a``-``p``: ``a`` plus four
  times the seat of the first card plus the seat of the second (North 0, East 1, South 2,
  West 3), so ``a`` is North-North and ``p`` West-West.
* **The board checksum** is the board number XOR the character codes of the 26 letters, written
  as three decimal digits. (Being an XOR, it catches any one changed letter but not two letters
  that change places; the reader cannot do better than the format.)
* A file always lists boards 01 to 99; the boards outside From board-To board are filler (this
  writer fills them with deal 0 of :mod:`bridgelaw.dealing.numbering`) and the reader skips
  them. So a ``.dlm`` file holds boards 1 to 99 at most.

The reader refuses a wrong board checksum, a wrong header checksum, a missing board, letters
outside ``a``-``p``, a deal without 13 cards a seat, and an encrypted file (``Crypto key`` other
than 0), each with the file, line and board.

Sources: the letter coding is described in a rec.games.bridge answer about reading Duplimate
files and in a Bridge Base Online forum thread on the structure of DLM files, each with a board
line from a real file, and both lines' checksums agree with the rule above (the tests use them);
the header keys, the 99-board listing and both checksum rules are as the Big Deal dealing
program writes ``.dlm`` files. The header checksum rule has no second source.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from bridgelaw.boards import Board
from bridgelaw.dealing.numbering import number_to_deal
from bridgelaw.errors import ParseError
from bridgelaw.formats.machine import check_boards, deal_from_positions, position_holders

__all__ = ["MAX_BOARD", "board_checksum", "board_letters", "read_dlm", "write_dlm"]

MAX_BOARD = 99
_BOARD_RE = re.compile(r"^([a-p]{26})([0-9]{3})$")


def board_letters(board: Board) -> str:
    """The 26 letters of a board line."""
    holders = position_holders(board.deal)
    return "".join(chr(97 + 4 * holders[i] + holders[i + 1]) for i in range(0, 52, 2))


def board_checksum(number: int, letters: str) -> int:
    value = number
    for ch in letters:
        value ^= ord(ch)
    return value


def header_checksum(duplicates: int, low: int, high: int, show: bool) -> int:
    return duplicates ^ low ^ high ^ (1 if show else 0)


def _filler_letters() -> str:
    return board_letters(Board.numbered(1, number_to_deal(0)))


def write_dlm(
    boards: Sequence[Board], headline: str = "Dealt by bridgelaw", show: bool = True
) -> bytes:
    """Consecutive boards within 1-99 as a ``.dlm`` file."""
    check_boards(boards, ".dlm", max_board=MAX_BOARD)
    low, high = boards[0].number, boards[-1].number
    headline = " ".join(headline.split())
    lines = [
        "[Document]",
        f"Headline={headline}",
        f"Status={'Show' if show else 'Sealed'}",
        "Duplicates=0",
        f"From board={low}",
        f"To board={high}",
        "Next board to duplimate=0",
        "PrintOuts=0",
        "Crypto key=0",
        f"Checksum={header_checksum(0, low, high, show)}",
    ]
    by_number = {b.number: b for b in boards}
    filler = _filler_letters()
    for number in range(1, MAX_BOARD + 1):
        board = by_number.get(number)
        letters = filler if board is None else board_letters(board)
        lines.append(f"Duplicates {number:02d}=0")
        lines.append(f"Board {number:02d}={letters}{board_checksum(number, letters):03d}")
    return ("\r\n".join(lines) + "\r\n").encode("ascii", "replace")


def read_dlm(data: bytes, filename: str = "<dlm>", first_board: int = 1) -> list[Board]:
    """The boards From board to To board of a ``.dlm`` file, each checked against its checksum.

    ``first_board`` is not needed (the file numbers its boards) and is accepted only so that every
    reader takes the same arguments.
    """
    del first_board
    text = data.removeprefix(b"\xef\xbb\xbf").decode("latin-1")
    values: dict[str, tuple[str, int]] = {}
    section = None
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith(";"):
            continue
        if line.startswith("[") and line.endswith("]"):
            section = line[1:-1].strip().lower()
            continue
        key, sep, value = line.partition("=")
        if not sep:
            raise ParseError(f"{filename}:{number}: not a KEY=VALUE line: {line[:40]!r}")
        if section != "document":
            continue
        name = " ".join(key.split()).lower()
        if name in values:
            raise ParseError(f"{filename}:{number}: {key.strip()!r} is given twice")
        values[name] = (value.strip(), number)
    if not values:
        raise ParseError(f"{filename}: no [Document] section with the board lines")

    def header(name: str) -> tuple[str, int]:
        if name not in values:
            raise ParseError(f"{filename}: the [Document] section has no {name.capitalize()!r}")
        return values[name]

    def header_number(name: str) -> int:
        value, line = header(name)
        if not (value.isascii() and value.isdigit()) or len(value) > 18:
            raise ParseError(f"{filename}:{line}: {name.capitalize()} must be a number, "
                             f"not {value!r}")  # fmt: skip
        return int(value)

    crypto, crypto_line = values.get("crypto key", ("0", 0))
    if crypto not in ("", "0"):
        raise ParseError(f"{filename}:{crypto_line}: the file is encrypted (Crypto key="
                         f"{crypto}); only files with Crypto key=0 can be read")  # fmt: skip
    status, status_line = header("status")
    if status.lower() not in ("show", "sealed"):
        raise ParseError(f"{filename}:{status_line}: Status must be Show or Sealed, "
                         f"not {status!r}")  # fmt: skip
    duplicates = header_number("duplicates")
    low = header_number("from board")
    high = header_number("to board")
    given = header_number("checksum")
    computed = header_checksum(duplicates, low, high, status.lower() == "show")
    if given != computed:
        raise ParseError(f"{filename}:{values['checksum'][1]}: the header checksum is {given}, "
                         f"but Duplicates, From board, To board and Status give "
                         f"{computed}")  # fmt: skip
    if not 1 <= low <= high <= MAX_BOARD:
        raise ParseError(f"{filename}:{values['to board'][1]}: the boards run from {low} to "
                         f"{high}; a .dlm file holds boards 1 to {MAX_BOARD}")  # fmt: skip
    boards = []
    for number in range(low, high + 1):
        key = f"board {number:02d}"
        if key not in values:
            raise ParseError(f"{filename}: board {number} is missing (no 'Board {number:02d}=' "
                             "line)")  # fmt: skip
        value, line_no = values[key]
        where = f"{filename}:{line_no}: board {number}"
        match = _BOARD_RE.match(value)
        if match is None:
            raise ParseError(f"{where}: expected 26 letters a-p and a three-digit checksum, "
                             f"found {value!r}")  # fmt: skip
        letters, checksum = match.group(1), int(match.group(2))
        expected = board_checksum(number, letters)
        if checksum != expected:
            raise ParseError(f"{where}: the checksum is {checksum:03d}, but the cards give "
                             f"{expected:03d} (the line is corrupt)")  # fmt: skip
        holders = []
        for ch in letters:
            code = ord(ch) - 97
            holders += [code >> 2, code & 3]
        try:
            deal = deal_from_positions(holders)
        except ParseError as error:
            raise ParseError(f"{where}: {error}") from None
        boards.append(Board.numbered(number, deal))
    return boards
