"""The secure dealer: uniformly random deals from a secret key (Law 6), reproducible and checkable.

Law 6A-6E want every deal to be a random one that nobody could know or steer; when boards are
dealt by computer, the program must do the shuffling's work. This dealer draws each board's deal
number (see :mod:`bridgelaw.dealing.numbering`) uniformly from ``0 .. DEAL_COUNT - 1`` with a
keyed cryptographic hash, so that:

* with a fresh random key (from the operating system, :mod:`secrets`) the deals cannot be
  predicted by anyone who does not hold the key;
* the same key always gives the same boards, so a session can be dealt again, or checked;
* board ``b`` depends only on the key, the public value and ``b`` -- never on which range of boards
  was asked for (board 7 is the same in boards 1-36 and in boards 5-10);
* the organiser can publish a *commitment* to the key before the session and reveal the key after
  it, optionally mixed with a public value that nobody knows in advance (a lottery draw, say),
  so that anyone can check the published boards and nobody, the organiser included, could have
  chosen or known them before that value was drawn.

Python's :mod:`random` is never used for deals.

The scheme, exactly (version 1)
-------------------------------

All hashes are SHA-256; HMAC is RFC 2104 HMAC-SHA-256; integers are unsigned big-endian.

1. The **key** ``K`` is 16 to 64 bytes (written as hex; the dealer draws 32 bytes with
   :func:`secrets.token_bytes` when none is given). The **public value** ``P`` is the UTF-8 bytes
   of the text given, exactly as typed (empty when there is none).
2. The **commitment** to the key is ``SHA-256(b"bridgelaw/deal/v1/commit" || 0x00 || K)``,
   written as 64 hex digits. It is published before the session; it reveals nothing of ``K``.
3. The **session key** is ``S = HMAC(K, b"bridgelaw/deal/v1/session" || 0x00 || P)``.
4. For board ``b`` (1 to 2^32 - 1) the dealer computes the blocks
   ``B_j = HMAC(S, b as 4 bytes || j as 4 bytes)`` for ``j = 0, 1, 2, ...`` and reads each block
   as two **candidates**: its bytes 0-11 and its bytes 12-23, each a 96-bit integer (bytes 24-31
   are not used). Candidates are taken in order (``B_0`` first half, ``B_0`` second half, ``B_1``
   first half, ...); the first one below ``DEAL_COUNT`` is the board's deal number, and the ones
   at or above it are rejected. Each candidate is accepted with probability
   ``DEAL_COUNT / 2^96`` (about 0.68), so the number is exactly uniform.
5. The deal number becomes the deal by :func:`~bridgelaw.dealing.numbering.number_to_deal`;
   dealer and vulnerability follow from the board number by Law 2.

>>> dealer = SecureDealer(bytes(range(32)))
>>> dealer.deal(7) == SecureDealer(bytes(range(32))).boards(range(5, 11))[2].deal
True
>>> dealer.commitment == commitment(bytes(range(32)))
True
>>> parse_board_range("5-10")
range(5, 11)
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Iterable

from bridgelaw.boards import Board
from bridgelaw.cards import Deal
from bridgelaw.dealing.numbering import DEAL_COUNT, number_to_deal
from bridgelaw.errors import ParseError

__all__ = [
    "KEY_BYTES",
    "KEY_PROBLEMS",
    "MAX_BOARD",
    "KeyProblem",
    "SecureDealer",
    "commitment",
    "new_key",
    "parse_board_range",
    "parse_key",
]

KEY_BYTES = 32
"""Length of a key the dealer draws itself (256 bits)."""
MIN_KEY_BYTES = 16
MAX_KEY_BYTES = 64
MAX_BOARD = 2**32 - 1
"""Board numbers are hashed as four bytes."""

_COMMIT_DOMAIN = b"bridgelaw/deal/v1/commit\x00"
_SESSION_DOMAIN = b"bridgelaw/deal/v1/session\x00"


KEY_PROBLEMS: dict[str, str] = {
    "seed-empty": "the seed is empty (expected hex digits, e.g. 64 of them)",
    "seed-not-hex": "the seed is not hex: {digit!r} is not a hex digit",
    "seed-odd": "the seed has {digits} hex digits; it needs an even number",
    "seed-size": (
        "the seed is {size} bytes; it must be {least} to {most} bytes ({least_digits} to "
        "{most_digits} hex digits)"
    ),
    "key-size": "a key is {least} to {most} bytes, not {size}",
}
"""Each problem of a key by id: its English with named parameters (:mod:`bridgelaw.i18n.words`
lists them as ``dealer.<id>``, written in the reader's language at the edge)."""

KEY_COUNTED_BY: dict[str, str] = {"seed-odd": "digits", "seed-size": "size"}
"""Key problems whose words agree with a count, by the parameter that counts."""


class KeyProblem(ParseError):
    """A key the dealer cannot take: ``problem`` is an id of :data:`KEY_PROBLEMS` said with
    ``params``.

    >>> str(KeyProblem("seed-odd", digits=3)), KeyProblem("seed-odd", digits=3).said()
    ('the seed has 3 hex digits; it needs an even number', ('dealer.seed-odd', (('digits', 3),)))
    """

    def __init__(self, problem: str, /, **params: str | int) -> None:
        super().__init__(KEY_PROBLEMS[problem].format_map(params))
        self.problem = problem
        self.params = params

    def said(self) -> tuple[str, tuple[tuple[str, str | int], ...]]:
        """The problem as a phrase: its id (``dealer.<id>``) and its parameters."""
        return "dealer." + self.problem, tuple(self.params.items())


def new_key() -> bytes:
    """A fresh secret key from the operating system's random source (never :mod:`random`)."""
    return secrets.token_bytes(KEY_BYTES)


def parse_key(text: str) -> bytes:
    """A key written as hex digits -> its bytes; refuses anything else with a one-line reason."""
    digits = text.strip()
    if digits[:2].lower() == "0x":
        digits = digits[2:]
    if not digits:
        raise KeyProblem("seed-empty")
    bad = next((ch for ch in digits if ch not in "0123456789abcdefABCDEF"), None)
    if bad is not None:
        raise KeyProblem("seed-not-hex", digit=bad)
    if len(digits) % 2:
        raise KeyProblem("seed-odd", digits=len(digits))
    key = bytes.fromhex(digits)
    if not MIN_KEY_BYTES <= len(key) <= MAX_KEY_BYTES:
        raise KeyProblem(
            "seed-size",
            size=len(key),
            least=MIN_KEY_BYTES,
            most=MAX_KEY_BYTES,
            least_digits=2 * MIN_KEY_BYTES,
            most_digits=2 * MAX_KEY_BYTES,
        )
    return key


def commitment(key: bytes) -> str:
    """The published hash of a key (step 2 of the scheme), as 64 hex digits."""
    return hashlib.sha256(_COMMIT_DOMAIN + key).hexdigest()


def _digits(text: str) -> bool:
    """ASCII digits, few enough for int(): "1²".isdigit() is true, and int() refuses 4,301."""
    t = text.strip()
    return t.isascii() and t.isdigit() and len(t) <= 18


def parse_board_range(text: str) -> range:
    """``"1-36"`` or ``"7"`` -> the board numbers; refuses ranges that run backwards."""
    t = text.strip()
    first, sep, last = t.partition("-")
    if not _digits(first) or (sep and not _digits(last)):
        raise ParseError(f"not a board range: {text!r} (expected FIRST-LAST, like 1-36, or one "
                         "board number)")  # fmt: skip
    low = int(first)
    high = int(last) if sep else low
    if low < 1:
        raise ParseError(f"board numbers start at 1, not {low} (in {text!r})")
    if high < low:
        raise ParseError(f"the board range {text!r} runs backwards ({high} is below {low})")
    if high > MAX_BOARD:
        raise ParseError(f"board numbers go up to {MAX_BOARD}, not {high}")
    return range(low, high + 1)


class SecureDealer:
    """Deals boards from a key and an optional public value by the scheme in the module text."""

    __slots__ = ("_session", "key", "public")

    def __init__(self, key: bytes, public: str = "") -> None:
        if not MIN_KEY_BYTES <= len(key) <= MAX_KEY_BYTES:
            raise KeyProblem("key-size", least=MIN_KEY_BYTES, most=MAX_KEY_BYTES, size=len(key))
        self.key = bytes(key)
        self.public = public
        self._session = hmac.digest(self.key, _SESSION_DOMAIN + public.encode("utf-8"), "sha256")

    @classmethod
    def from_seed(cls, seed: str, public: str = "") -> SecureDealer:
        """A dealer from a key written as hex (see :func:`parse_key`)."""
        return cls(parse_key(seed), public)

    @property
    def seed(self) -> str:
        """The key as hex, as ``--seed`` takes it."""
        return self.key.hex()

    @property
    def commitment(self) -> str:
        return commitment(self.key)

    def number(self, board: int) -> int:
        """Board ``board``'s deal number (step 4 of the scheme)."""
        if not 1 <= board <= MAX_BOARD:
            raise ParseError(f"board numbers run from 1 to {MAX_BOARD}, not {board}")
        # Law 6A asks for a thorough shuffle: here, every one of the DEAL_COUNT deals equally
        # likely, by rejecting the candidates that fall outside the range.
        prefix = board.to_bytes(4, "big")
        session = self._session
        block = 0
        while True:
            digest = hmac.digest(session, prefix + block.to_bytes(4, "big"), "sha256")
            candidate = int.from_bytes(digest[:12], "big")
            if candidate < DEAL_COUNT:
                return candidate
            candidate = int.from_bytes(digest[12:24], "big")
            if candidate < DEAL_COUNT:
                return candidate
            block += 1

    def deal(self, board: int) -> Deal:
        """Board ``board``'s deal."""
        return number_to_deal(self.number(board))

    def board(self, number: int) -> Board:
        """Board ``number`` with its deal, marked by Law 2."""
        return Board.numbered(number, self.deal(number))

    def boards(self, numbers: Iterable[int]) -> list[Board]:
        return [self.board(n) for n in numbers]
