"""Law 2: the duplicate board. Its number fixes the dealer and the vulnerability.

The dealer rotates N, E, S, W with the board number; the vulnerability follows a cycle of 16
boards that repeats (board 17 is marked like board 1). Law 2 also says that a board marked
otherwise still governs if it is played, so :class:`Board` takes explicit overrides.

>>> board_dealer(5).letter, board_vulnerability(5).name
('N', 'NS')
>>> board_vulnerability(20)
<Vulnerability.BOTH: 3>
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum

from bridgelaw.cards import Deal, Seat, Side
from bridgelaw.errors import ParseError


class Vulnerability(IntEnum):
    """Which sides are vulnerable. The value is a two-bit set: bit 0 = NS, bit 1 = EW."""

    NONE = 0
    NS = 1
    EW = 2
    BOTH = 3

    def is_vulnerable(self, side: int) -> bool:
        return bool(self >> side & 1)

    @property
    def label(self) -> str:
        """The word the table script and the JSON output use: none, NS, EW, both."""
        return ("none", "NS", "EW", "both")[self]

    @property
    def pbn(self) -> str:
        return ("None", "NS", "EW", "All")[self]

    @classmethod
    def parse(cls, text: str) -> Vulnerability:
        """Accepts the script words and PBN's: none/love/-, NS, EW, both/all."""
        key = text.strip().upper().replace("-", "").replace("/", "")
        table = {
            "": 0, "NONE": 0, "LOVE": 0, "O": 0, "NS": 1, "EW": 2, "BOTH": 3, "ALL": 3,
        }  # fmt: skip
        if key not in table:
            raise ParseError(f"not a vulnerability: {text!r} (expected none, NS, EW or both)")
        return cls(table[key])


# Law 2: the 16-board cycle of vulnerability, board 1 first.
_N, _NS, _EW, _B = Vulnerability.NONE, Vulnerability.NS, Vulnerability.EW, Vulnerability.BOTH
_VULNERABILITY_CYCLE = (_N, _NS, _EW, _B, _NS, _EW, _B, _N, _EW, _B, _N, _NS, _B, _N, _NS, _EW)


def _check_number(number: int) -> None:
    if number < 1:
        raise ParseError(f"board numbers start at 1, not {number}")


def board_dealer(number: int) -> Seat:
    """Law 2: board 1 is dealt by North, 2 by East, 3 by South, 4 by West, and so on."""
    _check_number(number)
    return Seat((number - 1) % 4)


def board_vulnerability(number: int) -> Vulnerability:
    """Law 2: the vulnerability printed on board ``number`` (a 16-board cycle)."""
    _check_number(number)
    return _VULNERABILITY_CYCLE[(number - 1) % 16]


@dataclass(frozen=True, slots=True)
class Board:
    """A numbered board with its deal. Dealer and vulnerability default to Law 2."""

    number: int
    deal: Deal
    dealer: Seat
    vulnerability: Vulnerability

    @classmethod
    def numbered(
        cls,
        number: int,
        deal: Deal,
        dealer: Seat | None = None,
        vulnerability: Vulnerability | None = None,
    ) -> Board:
        """The board as Law 2 marks it, unless its markings say otherwise (the overrides)."""
        return cls(
            number,
            deal,
            board_dealer(number) if dealer is None else dealer,
            board_vulnerability(number) if vulnerability is None else vulnerability,
        )

    def is_vulnerable(self, side: Side | int) -> bool:
        return self.vulnerability.is_vulnerable(side)

    def __deepcopy__(self, memo: dict[int, object]) -> Board:
        return self  # immutable (and a compiled class copy cannot rebuild)
