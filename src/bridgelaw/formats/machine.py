"""What the dealing-machine formats (``.dlm``, ``.dup``, ``.bri``, ``.dge``, ``.ber``) share.

* **Card order.** They all list the pack from the spade ace down to the club two: spades, hearts,
  diamonds, clubs, ace to two within each suit. Position ``i`` (0-51) in that order is the
  package's card ``51 - i`` (cards are numbered upwards from the club two), and the cards
  numbered ``01``..``52`` in ``.bri`` are positions plus one.
* **Board markings.** None of them records a dealer or a vulnerability: a machine marks boards by
  Law 2 from the board number. A board whose markings differ from Law 2's cannot be written.
* **Board numbers.** Only ``.dlm`` and ``.dup`` say which boards a file holds; ``.bri``, ``.dge``
  and ``.ber`` are numbered by their position in the file (the reader is told the first number).
  The writers therefore take consecutive boards only.

>>> from bridgelaw.cards import card_name
>>> [card_name(51 - i) for i in (0, 12, 13, 51)]
['SA', 'S2', 'HA', 'C2']
"""

from __future__ import annotations

from collections.abc import Sequence

from bridgelaw.boards import Board, board_dealer, board_vulnerability
from bridgelaw.cards import Deal
from bridgelaw.errors import BridgeLawError, ParseError

__all__ = [
    "FormatLimitError",
    "check_boards",
    "deal_from_positions",
    "position_holders",
    "record_error",
]


class FormatLimitError(BridgeLawError):
    """The boards asked for do not fit the format (too many, not consecutive, odd markings)."""


def position_holders(deal: Deal) -> list[int]:
    """Seat (0 = North ... 3 = West) holding each card, in the machines' order."""
    holders = [0] * 52
    for seat, hand in enumerate(deal.hands):
        for card in range(52):
            if hand >> card & 1:
                holders[51 - card] = seat
    return holders


def deal_from_positions(holders: Sequence[int]) -> Deal:
    """Inverse of :func:`position_holders` (checks 13 cards a seat)."""
    return Deal.from_holders([holders[51 - card] for card in range(52)])


def check_boards(
    boards: Sequence[Board], fmt: str, *, max_board: int | None = None, consecutive: bool = True
) -> None:
    """Refuse boards a machine format cannot hold, naming the format and the board."""
    if not boards:
        raise FormatLimitError(f"no boards to write to {fmt}")
    for index, board in enumerate(boards):
        if max_board is not None and board.number > max_board:
            raise FormatLimitError(
                f"the {fmt} format holds boards 1 to {max_board} only, not board {board.number}"
            )
        if consecutive and index and board.number != boards[index - 1].number + 1:
            raise FormatLimitError(
                f"the {fmt} format needs consecutive boards; board {board.number} follows "
                f"board {boards[index - 1].number}"
            )
        # Law 2: the machine marks dealer and vulnerability from the board number alone.
        if board.dealer != board_dealer(board.number) or board.vulnerability != (
            board_vulnerability(board.number)
        ):
            raise FormatLimitError(
                f"board {board.number} is marked dealer {board.dealer.letter}, "
                f"{board.vulnerability.label} vulnerable, but the {fmt} format can only carry "
                "the Law 2 markings of its number"
            )


def record_error(filename: str, record: int, byte: int | None, message: str) -> ParseError:
    """A reading error that says where: the file, the record and the byte in it (both from 1,
    as the format descriptions count them)."""
    at = "" if byte is None else f", byte {byte}"
    return ParseError(f"{filename}: record {record}{at}: {message}")


def fixed_records(data: bytes, size: int, filename: str) -> list[bytes]:
    """A file of ``size``-byte records, split; an empty or ragged file is refused."""
    if not data:
        raise ParseError(f"{filename}: the file is empty")
    if len(data) % size:
        raise ParseError(
            f"{filename}: {len(data)} bytes is not a whole number of {size}-byte records"
        )
    return [data[offset : offset + size] for offset in range(0, len(data), size)]
