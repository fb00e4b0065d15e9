"""Numbers in the user's text, read without surprises, and values shown safely in messages.

``str.isdigit`` is true for superscript and other Unicode digits that ``int`` refuses
(``"²".isdigit()``), and ``int`` refuses text of more than 4,300 digits; a board number far
beyond 64 bits breaks the numeric scorer. Every reader of board numbers, tricks and counts goes
through :func:`whole_number`, which takes plain ASCII digits of a sensible length only.

>>> whole_number("12"), whole_number(" 7 "), whole_number("1²"), whole_number("1" * 4301)
(12, 7, None, None)
>>> whole_number("-3"), whole_number("-3", signed=True), whole_number("+3", signed=True)
(None, -3, 3)
>>> shown("x" * 100)
"'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx... (102 characters)"
"""

from __future__ import annotations

import re
from fractions import Fraction

MAX_DIGITS = 18
"""Longer numbers than this (a billion billion) are never a board, a score or a count."""


def whole_number(text: str, signed: bool = False, max_digits: int = MAX_DIGITS) -> int | None:
    """``text`` (spaces around allowed) as an integer written in ASCII digits, with a sign when
    ``signed``; ``None`` when it is anything else or longer than ``max_digits`` digits."""
    t = text.strip()
    digits = t[1:] if signed and t[:1] in ("-", "+") else t
    if not digits or len(digits) > max_digits or not (digits.isascii() and digits.isdigit()):
        return None
    return int(t)


def shown(value: object, limit: int = 40) -> str:
    """``repr(value)`` cut to ``limit`` characters, for messages that quote the user's input."""
    text = repr(value)
    return text if len(text) <= limit else f"{text[:limit]}... ({len(text)} characters)"


_DECIMAL = re.compile(
    r"[+-]?(?:[0-9]{1,18}(?:\.[0-9]{0,18})?|\.[0-9]{1,18}|[0-9]{1,18}/[0-9]{1,18})"
)


def fraction(text: str) -> Fraction | None:
    """A whole or decimal number or a fraction (``12``, ``-4.5``, ``14/3``, ``0.25``) in ASCII
    digits, 18 at most on each side; ``None`` for anything else. ``Fraction("1e999999999")``
    would compute a billion-digit number; an exponent is refused here instead.

    >>> fraction("14/3"), fraction(" -4.5 "), fraction("1e999999999"), fraction("1/0")
    (Fraction(14, 3), Fraction(-9, 2), None, None)
    """
    t = text.strip()
    if not _DECIMAL.fullmatch(t) or re.search(r"/0+$", t):
        return None
    return Fraction(t)


def csv_delimiter(header: str, required: set[str]) -> str:
    """The delimiter of a CSV file from its header line: a comma, or what spreadsheets write
    instead in other locales and formats (Excel writes ``;`` where the decimal mark is a comma,
    and a tab in its "Unicode text"). The first whose cells include every ``required`` column
    name (any case) wins; a comma when none does (the reader then names what is missing).

    >>> csv_delimiter("Board;NS;EW;Contract", {"board", "ns", "ew"})
    ';'
    >>> csv_delimiter("board\\tns\\tew", {"board", "ns", "ew"}), csv_delimiter("x", {"board"})
    ('\\t', ',')
    """
    for delimiter in (",", ";", "\t"):
        cells = {cell.strip().strip('"').strip().lower() for cell in header.split(delimiter)}
        if required <= cells:
            return delimiter
    return ","
