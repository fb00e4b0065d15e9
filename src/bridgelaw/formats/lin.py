"""LIN, Bridge Base Online's format: the deals of a session, one board a line.

A LIN text is a run of ``key|value|`` pairs. The writer gives each board one line::

    qx|o1|md|3SKQ4H98DAT64CK952,SA...,S...,S...|rh||ah|Board 1|sv|o|pg||

* ``qx`` names the board (``o`` for the open room, then its number); ``ah`` is its heading.
* ``md`` is the deal: a digit for the dealer (1 South, 2 West, 3 North, 4 East), then the hands
  of South, West, North and East in that order, separated by commas. A hand is ``S`` and its
  spades, ``H`` and its hearts, ``D``, ``C``, ranks ``AKQJT98765432``. The writer gives all four;
  the reader also takes three (the fourth holds the rest), as BBO often writes.
* ``sv`` is the vulnerability: ``o`` none (``0`` and ``-`` are read too), ``n`` North-South,
  ``e`` East-West, ``b`` both.
* ``rh`` and ``pg`` are empty fields BBO's viewer expects between boards.

The reader takes a new board at each ``qx`` (or at an ``md`` when the board already has one),
numbers it from ``qx`` or ``ah``, and marks it from ``md`` and ``sv`` (Law 2 fills in what a board
does not say). Other keys (players' names, the auction, the play) are skipped.

>>> from bridgelaw.boards import Board
>>> from bridgelaw.cards import Deal
>>> d = Deal.from_pbn("N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432")
>>> print(write_lin([Board.numbered(1, d)]).decode().replace(",", ",\\n"), end="")
qx|o1|md|3SHDAKQJT98765432C,
SHDCAKQJT98765432,
SAKQJT98765432HDC,
SHAKQJT98765432DC|rh||ah|Board 1|sv|o|pg||
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from bridgelaw.boards import Board, Vulnerability
from bridgelaw.cards import RANK_CHARS, Deal, Seat
from bridgelaw.errors import ParseError

__all__ = ["read_lin", "write_lin"]

#: LIN's dealer digit -> seat, and the seat order of the hands in ``md``.
_LIN_SEAT = {1: Seat.SOUTH, 2: Seat.WEST, 3: Seat.NORTH, 4: Seat.EAST}
_MD_ORDER = (Seat.SOUTH, Seat.WEST, Seat.NORTH, Seat.EAST)
_VUL_LETTER = ("o", "n", "e", "b")
_VUL_READ = {"o": 0, "0": 0, "-": 0, "": 0, "n": 1, "e": 2, "b": 3}
_RANK_OF = {ch: r for r, ch in enumerate(RANK_CHARS)}


def _lin_hand(hand: int) -> str:
    out = []
    for suit in (3, 2, 1, 0):
        out.append("SHDC"[3 - suit])
        out.extend(RANK_CHARS[r] for r in range(12, -1, -1) if hand >> (13 * suit + r) & 1)
    return "".join(out)


def write_lin(boards: Sequence[Board]) -> bytes:
    """One LIN line a board."""
    lines = []
    for board in boards:
        digit = next(k for k, seat in _LIN_SEAT.items() if seat == board.dealer)
        hands = ",".join(_lin_hand(board.deal[seat]) for seat in _MD_ORDER)
        lines.append(
            f"qx|o{board.number}|md|{digit}{hands}|rh||ah|Board {board.number}|"
            f"sv|{_VUL_LETTER[board.vulnerability]}|pg||\n"
        )
    return "".join(lines).encode("ascii")


def _parse_hand(text: str, where: str) -> int:
    hand = 0
    suit: int | None = None
    t = text.strip().upper().replace("10", "T")
    for ch in t:
        if ch in "SHDC":
            suit = 3 - "SHDC".index(ch)
            continue
        rank = _RANK_OF.get(ch)
        if suit is None or rank is None:
            raise ParseError(f"{where}: {ch!r} in the hand {text!r} is not a suit or a rank")
        bit = 1 << (13 * suit + rank)
        if hand & bit:
            raise ParseError(f"{where}: a card appears twice in the hand {text!r}")
        hand |= bit
    return hand


@dataclass
class _Partial:
    line: int
    number: int | None = None
    dealer: Seat | None = None
    deal: Deal | None = None
    vulnerability: Vulnerability | None = None


def _pairs(text: str) -> list[tuple[str, str, int]]:
    """(key, value, line of the key) for each pair; line breaks between pairs are ignored."""
    pieces: list[tuple[str, int]] = []
    line, start = 1, 1
    current: list[str] = []
    for ch in text:
        if ch == "|":
            pieces.append(("".join(current), start))
            current, start = [], line
        elif ch == "\n":
            line += 1
            if not current:
                start = line
        elif ch != "\r":
            current.append(ch)
    if "".join(current).strip():
        pieces.append(("".join(current), start))
    out = []
    for i in range(0, len(pieces) - 1, 2):
        out.append((pieces[i][0].strip().lower(), pieces[i + 1][0], pieces[i][1]))
    if len(pieces) % 2 and pieces[-1][0].strip():
        raise ParseError(f"line {pieces[-1][1]}: the key {pieces[-1][0].strip()!r} has no value")
    return out


def read_lin(data: bytes, filename: str = "<lin>", first_board: int = 1) -> list[Board]:
    """The boards of a LIN text (boards without a number are numbered on from ``first_board``)."""
    text = data.removeprefix(b"\xef\xbb\xbf").decode("utf-8", "replace")
    try:
        pairs = _pairs(text)
    except ParseError as error:
        raise ParseError(f"{filename}: {error}") from None
    partials: list[_Partial] = []
    current: _Partial | None = None
    for key, value, line in pairs:
        where = f"{filename}:{line}"
        if key == "qx" or (key == "md" and (current is None or current.deal is not None)):
            current = _Partial(line)
            partials.append(current)
        if current is None:
            continue
        if key == "qx":
            digits = re.sub(r"\D", "", value)
            current.number = int(digits) if digits and len(digits) <= 18 else None
        elif key == "ah" and current.number is None:
            m = re.search(r"([0-9]{1,18})", value)
            current.number = int(m.group(1)) if m else None
        elif key == "sv":
            v = value.strip().lower()
            if v not in _VUL_READ:
                raise ParseError(f"{where}: sv|{value}| is not a vulnerability (o, n, e or b)")
            current.vulnerability = Vulnerability(_VUL_READ[v])
        elif key == "md":
            current.dealer, current.deal = _parse_md(value, where)
    boards = []
    next_number = first_board
    for p in partials:
        if p.deal is None:
            raise ParseError(f"{filename}:{p.line}: board without a deal (no md| field)")
        number = p.number if p.number is not None and p.number > 0 else next_number
        boards.append(Board.numbered(number, p.deal, p.dealer, p.vulnerability))
        next_number = number + 1
    if not boards:
        raise ParseError(f"{filename}: no board (no md| field) in the file")
    return boards


def _parse_md(value: str, where: str) -> tuple[Seat | None, Deal]:
    v = value.strip()
    dealer = None
    if v[:1].isascii() and v[:1].isdigit():
        if int(v[0]) not in _LIN_SEAT:
            raise ParseError(f"{where}: md|{value}| names dealer {v[0]}, not 1-4")
        dealer, v = _LIN_SEAT[int(v[0])], v[1:]
    parts = v.split(",")
    if not 3 <= len(parts) <= 4:
        raise ParseError(f"{where}: md| gives {len(parts)} hands, not 3 or 4")
    hands = [0, 0, 0, 0]
    missing = []
    for seat, part in zip(_MD_ORDER, parts + [""] * (4 - len(parts)), strict=True):
        if part.strip():
            hands[seat] = _parse_hand(part, where)
        else:
            missing.append(seat)
    if len(missing) == 1:
        hands[missing[0]] = ((1 << 52) - 1) & ~(hands[0] | hands[1] | hands[2] | hands[3])
    try:
        return dealer, Deal(hands)
    except ParseError as error:
        raise ParseError(f"{where}: {error}") from None
