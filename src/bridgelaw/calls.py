"""Calls (Law 18) and contracts (Law 22).

A **call** is an ``int``: the 35 bids ranked as Law 18E ranks them, 0 = 1C ... 34 = 7NT (so a bid
is sufficient over another exactly when its number is larger), then :data:`PASS`, :data:`DOUBLE`
and :data:`REDOUBLE`.

>>> call_name(parse_call("1N")), call_name(parse_call("7nt")), call_name(parse_call("Dbl"))
('1NT', '7NT', 'X')
>>> parse_call("2H") > parse_call("2D")     # Law 18E: hearts outrank diamonds at one level
True
>>> str(Contract.parse("3NTX")), Contract.parse("6SXX").level
('3NTX', 6)
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from bridgelaw.cards import STRAIN_SYMBOLS, Strain
from bridgelaw.errors import IllegalCall, ParseError

Call = int

PASS: Call = 35
DOUBLE: Call = 36
REDOUBLE: Call = 37
BIDS = range(35)

_BID_RE = re.compile(r"^([1-9][0-9]{0,8})\s*(NT|N|C|D|H|S|♣|♦|♥|♠)$")  # int()-safe digits
_WORDS = {
    "P": PASS, "PASS": PASS, "-": PASS,
    "X": DOUBLE, "DBL": DOUBLE, "DOUBLE": DOUBLE, "D": DOUBLE,
    "XX": REDOUBLE, "RDBL": REDOUBLE, "REDOUBLE": REDOUBLE, "R": REDOUBLE,
}  # fmt: skip
_SYMBOL_STRAIN = {"♣": "C", "♦": "D", "♥": "H", "♠": "S", "N": "NT"}


def bid(level: int, strain: int) -> Call:
    """The bid of ``level`` (1-7) in ``strain``; Law 18A: at least one and at most seven."""
    if not 1 <= level <= 7:
        raise IllegalCall("38", "illegal.bid-level", level=level)
    return (level - 1) * 5 + strain


def is_bid(call: Call) -> bool:
    return call < 35


def bid_level(call: Call) -> int:
    return call // 5 + 1


def bid_strain(call: Call) -> Strain:
    return Strain(call % 5)


def call_name(call: Call) -> str:
    """``1C`` ... ``7NT``, ``pass``, ``X``, ``XX``: the words of the table script."""
    if call < 35:
        return f"{call // 5 + 1}{STRAIN_SYMBOLS[call % 5]}"
    return ("pass", "X", "XX")[call - 35]


def parse_bid_parts(text: str) -> tuple[int, Strain] | None:
    """Level and strain of a bid written like ``4H`` or ``8NT`` (any level), else ``None``."""
    m = _BID_RE.match(text.strip().upper())
    if m is None:
        return None
    return int(m.group(1)), Strain.parse(_SYMBOL_STRAIN.get(m.group(2), m.group(2)))


def parse_call(text: str) -> Call:
    """A call as players write it. A bid above seven is refused under Law 38."""
    word = text.strip().upper()
    if word in _WORDS:
        return _WORDS[word]
    parts = parse_bid_parts(word)
    if parts is None:
        raise ParseError(f"not a call: {text!r} (expected pass, X, XX or a bid like 1C ... 7NT)")
    level, strain = parts
    if level > 7:
        raise IllegalCall("38", "illegal.above-seven", call=text.strip())
    return bid(level, strain)


_CONTRACT_RE = re.compile(r"^([1-7])\s*(NT|N|C|D|H|S)\s*(XX|X|R)?$")


@dataclass(frozen=True, slots=True)
class Contract:
    """The final bid with its double or redouble (Law 22A, 19D). Level 0 means passed out."""

    level: int
    strain: Strain
    doubled: int = 0
    """0 undoubled, 1 doubled, 2 redoubled."""

    @property
    def is_passed_out(self) -> bool:
        return self.level == 0

    @property
    def tricks_needed(self) -> int:
        """Declarer's target: six plus the level (Law 77, "odd tricks")."""
        return self.level + 6

    def __deepcopy__(self, memo: dict[int, object]) -> Contract:
        return self  # immutable

    def __str__(self) -> str:
        if self.level == 0:
            return "passed-out"
        return f"{self.level}{STRAIN_SYMBOLS[self.strain]}{('', 'X', 'XX')[self.doubled]}"

    @classmethod
    def parse(cls, text: str) -> Contract:
        """``4H``, ``3NTX``, ``6SXX``, ``passed-out`` (also PBN's ``Pass``)."""
        word = text.strip().upper()
        if word in ("PASSED-OUT", "PASS", "PASSED OUT", "P", "AP"):
            return PASSED_OUT
        m = _CONTRACT_RE.match(word)
        if m is None:
            level = parse_bid_parts(word.rstrip("X"))
            if level is not None and level[0] > 7:
                raise ParseError(f"impossible contract {text!r}: a bid of more than seven (Law 38)")
            raise ParseError(f"not a contract: {text!r} (expected like 4H, 3NTX, 6SXX)")
        strain = Strain.parse(m.group(2))
        doubled = {None: 0, "X": 1, "XX": 2, "R": 2}[m.group(3)]
        return cls(int(m.group(1)), strain, doubled)


PASSED_OUT = Contract(0, Strain.NOTRUMP, 0)
