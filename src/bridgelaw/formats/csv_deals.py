"""CSV for spreadsheets and databases: one board a row, with a header row.

Columns, in this order: ``Board``, ``Dealer`` (N, E, S or W), ``Vulnerable`` (None, NS, EW or
All, as PBN writes them), then ``North``, ``East``, ``South``, ``West``, each hand in PBN notation
(spades, hearts, diamonds, clubs, separated by dots). Rows are comma-separated and end with CR LF
(RFC 4180). The reader wants the header's column names (in any order, any case; other columns are
ignored) and refuses a row that does not make a complete board, naming its line. It takes the
files spreadsheets save: UTF-8 with or without a byte-order mark, UTF-16, ISO-8859-1, and
semicolons between the fields.

>>> from bridgelaw.boards import Board
>>> from bridgelaw.cards import Deal
>>> d = Deal.from_pbn("N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432")
>>> text = write_csv([Board.numbered(2, d)]).decode()
>>> for line in text.splitlines():
...     print(line)
Board,Dealer,Vulnerable,North,East,South,West
2,E,NS,AKQJT98765432...,.AKQJT98765432..,..AKQJT98765432.,...AKQJT98765432
>>> text.count(chr(13) + chr(10))
2
"""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence

from bridgelaw.boards import Board, Vulnerability
from bridgelaw.cards import Deal, Seat, hand_pbn, parse_hand_pbn
from bridgelaw.errors import BridgeLawError, ParseError
from bridgelaw.formats.text import decode_text
from bridgelaw.inputs import csv_delimiter

__all__ = ["COLUMNS", "read_csv", "write_csv"]

COLUMNS = ("Board", "Dealer", "Vulnerable", "North", "East", "South", "West")


def write_csv(boards: Sequence[Board]) -> bytes:
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\r\n")
    writer.writerow(COLUMNS)
    for b in boards:
        writer.writerow(
            [b.number, b.dealer.letter, b.vulnerability.pbn]
            + [hand_pbn(b.deal[seat]) for seat in range(4)]
        )
    return buffer.getvalue().encode("utf-8")


def read_csv(data: bytes, filename: str = "<csv>", first_board: int = 1) -> list[Board]:
    """The boards of a CSV file (``first_board`` is unused: every row has its number)."""
    del first_board
    try:  # Excel's exports too: a byte-order mark, UTF-16, ";" or tab between the cells
        text = decode_text(data, filename).text
    except BridgeLawError as error:
        raise ParseError(str(error)) from None
    first = next((line for line in text.split("\n") if line.strip()), "")
    delimiter = csv_delimiter(first, {c.lower() for c in COLUMNS})
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)
    try:
        header = next(reader)
    except StopIteration:
        raise ParseError(f"{filename}: the file is empty") from None
    names = [h.strip().lower() for h in header]
    missing = [c for c in COLUMNS if c.lower() not in names]
    if missing:
        raise ParseError(f"{filename}:1: the header lacks the column(s) {', '.join(missing)}")
    index = {c: names.index(c.lower()) for c in COLUMNS}
    boards = []
    for row in reader:
        line = reader.line_num
        if not any(cell.strip() for cell in row):
            continue
        if len(row) < len(header):
            raise ParseError(f"{filename}:{line}: {len(row)} fields, the header has "
                             f"{len(header)}")  # fmt: skip
        cell = {c: row[index[c]].strip() for c in COLUMNS}
        try:
            board_text = cell["Board"]  # ASCII digits only: "1²".isdigit() is true
            if not (board_text.isascii() and board_text.isdigit()) or len(board_text) > 18 \
                    or int(board_text) < 1:  # fmt: skip
                raise ParseError(f"the board number must be 1 or more, not {cell['Board']!r}")
            hands = [parse_hand_pbn(cell[c]) for c in ("North", "East", "South", "West")]
            board = Board.numbered(
                int(cell["Board"]),
                Deal(hands),
                Seat.parse(cell["Dealer"]),
                Vulnerability.parse(cell["Vulnerable"]),
            )
        except ParseError as error:
            raise ParseError(f"{filename}:{line}: {error}") from None
        boards.append(board)
    if not boards:
        raise ParseError(f"{filename}: no boards after the header")
    return boards
