"""Deal numbers: a bijection between the integers ``0 .. DEAL_COUNT - 1`` and the deals.

Law 6 asks for the 52 cards to be dealt 13 to each player at random. There are
``DEAL_COUNT = 52! / (13!)^4`` ways to do that (about 5.36e28, a little under 2^96), and this
module gives each of them a number, so that drawing a deal at random is drawing a number at
random, and a deal can be written down, published or checked as one integer.

The numbering (version 1, fixed; any change would need a new name)
------------------------------------------------------------------

Cards are the package's integers 0-51 (``suit * 13 + rank``: 0 is the club two, 51 the spade
ace). A 13-card subset ``c_1 < c_2 < ... < c_13`` of the positions ``0 .. m-1`` has the
*colex rank* ``C(c_1, 1) + C(c_2, 2) + ... + C(c_13, 13)`` (``C`` the binomial coefficient), the
number of 13-subsets that come before it when subsets are compared by their largest differing
element. Colex ranks of 13-subsets of ``m`` positions run through ``0 .. C(m, 13) - 1`` exactly.

* North's rank ``n_N`` is the colex rank of North's cards among all 52 cards.
* East's rank ``n_E`` is the colex rank of East's cards *by position among the 39 cards North
  does not hold*, listed from low to high.
* South's rank ``n_S`` is likewise the rank by position among the 26 cards neither North nor East
  holds. West holds the 13 cards left.

The deal number is ``(n_N * C(39, 13) + n_E) * C(26, 13) + n_S``.

So deal 0 gives North the clubs, East the diamonds, South the hearts and West the spades, and
deal ``DEAL_COUNT - 1`` gives North the spades, East the hearts, South the diamonds, West the
clubs. Numbers keep the order of deals compared by North's hand first (colex), then East's
(by position), then South's.

>>> DEAL_COUNT
53644737765488792839237440000
>>> number_to_deal(0).pbn()
'N:...AKQJT98765432 ..AKQJT98765432. .AKQJT98765432.. AKQJT98765432...'
>>> deal_to_number(number_to_deal(DEAL_COUNT - 1)) == DEAL_COUNT - 1
True
"""

from __future__ import annotations

from math import comb

from bridgelaw.cards import Deal
from bridgelaw.errors import ParseError

__all__ = ["DEAL_COUNT", "deal_to_number", "number_to_deal"]

#: How many deals there are: 52! / (13!)^4 = C(52,13) * C(39,13) * C(26,13).
DEAL_COUNT = comb(52, 13) * comb(39, 13) * comb(26, 13)

_EAST_SOUTH = comb(39, 13) * comb(26, 13)
_SOUTH = comb(26, 13)

#: _COLUMN[k][c] = C(c, k) for c = 0..52: the terms of a colex rank, by how many cards are left.
_COLUMN: tuple[tuple[int, ...], ...] = tuple(
    tuple(comb(c, k) for c in range(53)) for k in range(14)
)
_BIT = tuple(1 << c for c in range(52))
_ALL = tuple(range(52))


def _unrank(rank: int, cards: list[int]) -> int:
    """Remove from ``cards`` (ascending) the 13 at the positions of colex rank ``rank``.

    Returns those 13 cards as a hand mask. Positions are found from the highest down: the
    largest position ``c`` with ``C(c, k) <= rank`` belongs to the subset (``k`` cards still to
    place), and its term is subtracted.
    """
    hand = 0
    position = len(cards) - 1
    column = _COLUMN
    bit = _BIT
    for k in range(13, 0, -1):
        terms = column[k]
        while terms[position] > rank:
            position -= 1
        rank -= terms[position]
        hand |= bit[cards.pop(position)]
        position -= 1
    return hand


def number_to_deal(number: int) -> Deal:
    """The deal with this number (see the module text for the numbering)."""
    if not 0 <= number < DEAL_COUNT:
        raise ParseError(f"deal numbers run from 0 to {DEAL_COUNT - 1}, not {number}")
    # Law 6B: thirteen cards to each of the four hands; the number picks which thirteen.
    north_rank, rest = divmod(number, _EAST_SOUTH)
    east_rank, south_rank = divmod(rest, _SOUTH)
    cards = list(_ALL)
    north = _unrank(north_rank, cards)
    east = _unrank(east_rank, cards)
    south = _unrank(south_rank, cards)
    west = (1 << 52) - 1 - north - east - south
    return Deal((north, east, south, west))


def _rank(hand: int, taken: int) -> int:
    """Colex rank of ``hand`` by position among the cards not in ``taken``."""
    rank = 0
    k = 0
    remaining = hand
    while remaining:
        low = remaining & -remaining
        card = low.bit_length() - 1
        position = card - (taken & (low - 1)).bit_count()
        k += 1
        rank += _COLUMN[k][position]
        remaining ^= low
    return rank


def deal_to_number(deal: Deal) -> int:
    """The number of a deal: the inverse of :func:`number_to_deal`."""
    north, east, south, _west = deal.hands
    north_rank = _rank(north, 0)
    east_rank = _rank(east, north)
    south_rank = _rank(south, north | east)
    return (north_rank * comb(39, 13) + east_rank) * _SOUTH + south_rank
