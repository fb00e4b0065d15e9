"""Law 1 (the pack), seats, hands and deals.

Values are small integers, in the manner of python-chess:

* a **card** is an ``int`` 0-51: ``suit * 13 + rank``, where rank 0 is the two and 12 the ace,
  so within a suit a larger number is a higher card (Law 1A);
* a **hand** (any set of cards) is an ``int`` bit mask with bit ``card`` set;
* suits are ranked clubs < diamonds < hearts < spades (Law 1B), and the strains of the auction
  add notrump above spades (Law 18E).

>>> card_name(parse_card("H10"))
'HT'
>>> hand_pbn(parse_hand_pbn("AKQ2.KQ2.A32.K32"))
'AKQ2.KQ2.A32.K32'
>>> Seat.NORTH.lho, Seat.NORTH.partner, Seat.NORTH.rho
(<Seat.EAST: 1>, <Seat.SOUTH: 2>, <Seat.WEST: 3>)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from enum import IntEnum
from typing import Literal

from bridgelaw.errors import ParseError

Card = int
Hand = int

SeatLetter = Literal["N", "E", "S", "W"]
"""A seat as a letter, the way scripts and files write it."""
_SEAT_LETTERS: tuple[SeatLetter, ...] = ("N", "E", "S", "W")


class Suit(IntEnum):
    """The four suits, ranked as Law 1B ranks them (clubs lowest)."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def letter(self) -> str:
        return "CDHS"[self]

    @classmethod
    def parse(cls, text: str) -> Suit:
        """``"S"``, ``"h"``, ``"♦"``... -> the suit."""
        index = _SUIT_LOOKUP.get(text.strip().upper())
        if index is None:
            raise ParseError(f"not a suit: {text!r} (expected S, H, D or C)")
        return cls(index)


class Strain(IntEnum):
    """Denominations of a bid, ranked as Law 18E ranks them (notrump highest)."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3
    NOTRUMP = 4

    @property
    def symbol(self) -> str:
        return STRAIN_SYMBOLS[self]

    @classmethod
    def parse(cls, text: str) -> Strain:
        """``"NT"``, ``"N"``, ``"S"``... -> the strain."""
        key = text.strip().upper()
        if key in ("N", "NT"):
            return cls.NOTRUMP
        index = _SUIT_LOOKUP.get(key)
        if index is None:
            raise ParseError(f"not a strain: {text!r} (expected C, D, H, S or NT)")
        return cls(index)


class Seat(IntEnum):
    """The four compass seats in clockwise order (Law 3, Law 17C: the auction goes clockwise)."""

    NORTH = 0
    EAST = 1
    SOUTH = 2
    WEST = 3

    @property
    def letter(self) -> SeatLetter:
        return _SEAT_LETTERS[self]

    @property
    def lho(self) -> Seat:
        """Left-hand opponent: the next player in rotation."""
        return SEATS[(self + 1) & 3]

    @property
    def partner(self) -> Seat:
        return SEATS[(self + 2) & 3]

    @property
    def rho(self) -> Seat:
        """Right-hand opponent: the previous player in rotation."""
        return SEATS[(self + 3) & 3]

    @property
    def side(self) -> Side:
        return SIDES[self & 1]

    @classmethod
    def parse(cls, text: str) -> Seat:
        key = text.strip().upper()
        index = _SEAT_LOOKUP.get(key)
        if index is None:
            raise ParseError(f"not a seat: {text!r} (expected N, E, S or W)")
        return cls(index)


class Side(IntEnum):
    """A partnership: North-South or East-West (Law 4)."""

    NS = 0
    EW = 1

    @property
    def other(self) -> Side:
        return SIDES[self ^ 1]


SUIT_LETTERS = "CDHS"
STRAIN_SYMBOLS = ("C", "D", "H", "S", "NT")
RANK_CHARS = "23456789TJQKA"
SEAT_LETTERS = "NESW"
_SUIT_LOOKUP = {
    "C": 0, "D": 1, "H": 2, "S": 3, "♣": 0, "♦": 1, "♥": 2, "♠": 3,
}  # fmt: skip
_SEAT_LOOKUP = {
    "N": 0, "E": 1, "S": 2, "W": 3, "NORTH": 0, "EAST": 1, "SOUTH": 2, "WEST": 3,
}  # fmt: skip
_RANK_LOOKUP = {c: i for i, c in enumerate(RANK_CHARS)} | {"10": 8}

SUIT_MASK = tuple(0x1FFF << (13 * s) for s in range(4))
"""The 13 cards of each suit as a hand mask, indexed by suit."""

FULL_DECK: Hand = (1 << 52) - 1


def _holdings(first: int) -> tuple[tuple[int, ...], ...]:
    """For each 13-bit suit holding, its ranks (``first`` 0) or its cards (``first`` the suit's
    first card), low to high: the holdings with rank ``r`` are those without it, each with
    ``r`` added. Made in a few milliseconds at import (testing each bit of each holding took a
    tenth of a second, paid by every command)."""
    found: list[tuple[int, ...]] = [()]
    for rank in range(13):
        card = (first + rank,)
        found += [lower + card for lower in found]
    return tuple(found)


#: _RANKS_IN[holding] -> the ranks in a 13-bit suit holding, low to high.
_RANKS_IN: tuple[tuple[int, ...], ...] = _holdings(0)
#: _CARDS_IN[suit][holding] -> the cards of that suit holding, low to high (a lookup, for speed).
_CARDS_IN: tuple[tuple[tuple[Card, ...], ...], ...] = tuple(_holdings(13 * s) for s in range(4))
SEATS: tuple[Seat, Seat, Seat, Seat] = (Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST)
"""Seats by number, for hot paths where ``Seat(n)`` would be slower (an enum's call looks its
value up through ``EnumType.__call__``; :attr:`Seat.lho` and the like read this instead)."""
SIDES: tuple[Side, Side] = (Side.NS, Side.EW)
"""Sides by number, likewise."""
STRAINS: tuple[Strain, ...] = tuple(Strain)
"""Strains by number, likewise."""


def card_of(suit: int, rank: int) -> Card:
    """The card of ``suit`` and ``rank`` (rank 0 = two ... 12 = ace)."""
    return suit * 13 + rank


def card_suit(card: Card) -> Suit:
    return Suit(card // 13)


def card_name(card: Card) -> str:
    """Suit letter then rank, as the table script and PBN write it: ``SA``, ``HT``, ``C2``."""
    return SUIT_LETTERS[card // 13] + RANK_CHARS[card % 13]


def parse_card(text: str) -> Card:
    """``"SA"``, ``"HT"``, ``"H10"``, ``"d2"`` -> a card."""
    t = text.strip().upper()
    if len(t) < 2 or t[0] not in _SUIT_LOOKUP or t[1:] not in _RANK_LOOKUP:
        raise ParseError(
            f"not a card: {text!r} (expected a suit letter and a rank, like SA or H10)"
        )
    return _SUIT_LOOKUP[t[0]] * 13 + _RANK_LOOKUP[t[1:]]


def is_honour(card: Card) -> bool:
    """Ace, king, queen, jack or ten (Law 1A); used by Laws 24 and 50."""
    return card % 13 >= 8


def hand_of(cards: Iterable[Card]) -> Hand:
    mask = 0
    for c in cards:
        mask |= 1 << c
    return mask


def cards_in(hand: Hand) -> tuple[Card, ...]:
    """The cards of a hand, lowest first (clubs two ... spade ace)."""
    t = _CARDS_IN
    return (
        t[0][hand & 0x1FFF]
        + t[1][(hand >> 13) & 0x1FFF]
        + t[2][(hand >> 26) & 0x1FFF]
        + t[3][(hand >> 39) & 0x1FFF]
    )


def suit_cards(hand: Hand, suit: int) -> tuple[Card, ...]:
    """The cards a hand holds in one suit, lowest first."""
    return _CARDS_IN[suit][(hand >> (13 * suit)) & 0x1FFF]


def suit_length(hand: Hand, suit: int) -> int:
    return ((hand >> (13 * suit)) & 0x1FFF).bit_count()


def high_card_points(hand: Hand) -> int:
    """Milton Work count: A=4, K=3, Q=2, J=1 (not a law; hand records show it)."""
    points = 0
    for suit in range(4):
        holding = (hand >> (13 * suit)) & 0x1FFF
        points += 4 * (holding >> 12 & 1) + 3 * (holding >> 11 & 1)
        points += 2 * (holding >> 10 & 1) + (holding >> 9 & 1)
    return points


def hand_pbn(hand: Hand) -> str:
    """PBN notation of one hand: spades, hearts, diamonds, clubs, high to low, dot-separated."""
    parts = []
    for suit in (3, 2, 1, 0):
        ranks = _RANKS_IN[(hand >> (13 * suit)) & 0x1FFF]
        parts.append("".join(RANK_CHARS[r] for r in reversed(ranks)))
    return ".".join(parts)


_HOLDINGS: dict[str, int] = {}
"""Suit holdings read before (``"AKT2"`` -> its 13-bit rank mask): a file repeats its deals (a
results file, one game a table) and a suit has 8,192 holdings. Only valid holdings of up to 13
characters are kept, and never more than :data:`_HOLDINGS_KEPT` of them."""
_HOLDINGS_KEPT = 50_000


def parse_hand_pbn(text: str) -> Hand:
    """Inverse of :func:`hand_pbn`; rejects unknown ranks and repeated cards."""
    parts = text.strip().split(".")
    if len(parts) != 4:
        raise ParseError(f"not a PBN hand: {text!r} (expected four suits separated by dots)")
    mask = 0
    for suit, holding in zip((3, 2, 1, 0), parts, strict=True):
        ranks = _HOLDINGS.get(holding)
        if ranks is not None:
            mask |= ranks << (13 * suit)
            continue
        before = mask
        i = 0
        while i < len(holding):
            ch = holding[i].upper()
            if holding[i : i + 2] == "10":
                ch, i = "T", i + 1
            rank = _RANK_LOOKUP.get(ch)
            if rank is None:
                raise ParseError(f"not a PBN hand: {text!r} (unknown rank {holding[i]!r})")
            bit = 1 << (13 * suit + rank)
            if mask & bit:
                raise ParseError(f"not a PBN hand: {text!r} ({card_name(13 * suit + rank)} twice)")
            mask |= bit
            i += 1
        if len(holding) <= 13 and len(_HOLDINGS) < _HOLDINGS_KEPT:
            _HOLDINGS[holding] = (mask ^ before) >> (13 * suit)
    return mask


def _explain_bad_deal(hands: Sequence[Hand]) -> None:
    seen = 0
    for seat, hand in enumerate(hands):
        if not 0 <= hand <= FULL_DECK:
            raise ParseError(f"{SEAT_LETTERS[seat]}'s hand is not a set of cards")
        count = hand.bit_count()
        if count != 13:
            raise ParseError(f"{SEAT_LETTERS[seat]} holds {count} cards, not 13 (Law 6)")
        if seen & hand:
            raise ParseError(f"{card_name(cards_in(seen & hand)[0])} is dealt twice (Law 6)")
        seen |= hand
    raise ParseError("not a deal of the 52 cards (Law 6)")  # pragma: no cover


_DEALS_KEPT = 20_000


class Deal:
    """The four hands of a board, indexed by :class:`Seat` (Law 6: 13 cards each).

    >>> d = Deal.from_pbn("N:AKQ2.KQ2.A32.K32 JT9.AJT.KQJ4.A54 876.9876.T98.QJ9 543.543.765.T876")
    >>> d.holder(parse_card("SA")).letter, len(cards_in(d[Seat.EAST]))
    ('N', 13)
    >>> d.pbn(Seat.WEST)
    'W:543.543.765.T876 AKQ2.KQ2.A32.K32 JT9.AJT.KQJ4.A54 876.9876.T98.QJ9'
    """

    __slots__ = ("hands",)

    hands: tuple[Hand, Hand, Hand, Hand]

    def __init__(self, hands: Sequence[Hand]) -> None:
        if len(hands) != 4:
            raise ParseError(f"a deal has four hands, not {len(hands)}")
        n, e, s, w = hands
        # Law 6: four hands of 13 cards; 52 cards in all with every card present means no card
        # is dealt twice, so two masks answer the whole question.
        if (n | e | s | w) != FULL_DECK or not (
            n.bit_count() == e.bit_count() == s.bit_count() == w.bit_count() == 13
        ):
            _explain_bad_deal(hands)
        self.hands = (n, e, s, w)

    @classmethod
    def from_holders(cls, holders: Sequence[int]) -> Deal:
        """``holders[card]`` is the seat holding that card."""
        if len(holders) != 52:
            raise ParseError(f"a deal assigns 52 cards, not {len(holders)}")
        hands = [0, 0, 0, 0]
        for card in range(52):
            hands[holders[card]] |= 1 << card
        return cls(hands)

    @classmethod
    def from_dealt(cls, cards: Sequence[Card], first: Seat | int = 0) -> Deal:
        """A pack dealt one card at a time clockwise (Law 6B), the first card to ``first``."""
        if len(cards) != 52:
            raise ParseError(f"a pack has 52 cards, not {len(cards)}")
        a = b = c = d = 0  # the hands of the 1st, 2nd, 3rd and 4th receivers
        for position in range(0, 52, 4):
            a |= 1 << cards[position]
            b |= 1 << cards[position + 1]
            c |= 1 << cards[position + 2]
            d |= 1 << cards[position + 3]
        shift = (4 - first) & 3  # rotate so that index 0 is North's hand
        order = (a, b, c, d)
        return cls((order[shift], order[(shift + 1) & 3], order[(shift + 2) & 3],
                    order[(shift + 3) & 3]))  # fmt: skip

    @classmethod
    def from_pbn(cls, text: str) -> Deal:
        """``"N:AKQ2.KQ2.A32.K32 ..."``: four hands clockwise from the seat before the colon."""
        known = _DEALS_READ.get(text)
        if known is not None:  # a deal is immutable: the one read before is the same deal
            return known
        deal = cls._from_pbn(text)
        if len(_DEALS_READ) < _DEALS_KEPT and len(text) < 100:
            _DEALS_READ[text] = deal
        return deal

    @classmethod
    def _from_pbn(cls, text: str) -> Deal:
        t = text.strip()
        if len(t) < 2 or t[1] != ":" or t[0].upper() not in _SEAT_LOOKUP:
            raise ParseError(f"not a PBN deal: {text!r} (expected 'N:' 'E:' 'S:' or 'W:' first)")
        first = _SEAT_LOOKUP[t[0].upper()]
        parts = t[2:].split()
        if len(parts) != 4:
            raise ParseError(f"not a PBN deal: {text!r} (expected four hands, found {len(parts)})")
        hands = [0, 0, 0, 0]
        for i, part in enumerate(parts):
            if part == "-":
                raise ParseError(f"not a complete deal: {text!r} (a hand is missing)")
            hands[(first + i) & 3] = parse_hand_pbn(part)
        return cls(hands)

    def pbn(self, first: Seat = Seat.NORTH) -> str:
        order = [(first + i) & 3 for i in range(4)]
        return SEAT_LETTERS[first] + ":" + " ".join(hand_pbn(self.hands[s]) for s in order)

    def holder(self, card: Card) -> Seat:
        bit = 1 << card
        for seat in range(4):
            if self.hands[seat] & bit:
                return Seat(seat)
        raise AssertionError("a complete deal holds every card")  # pragma: no cover

    def __getitem__(self, seat: int) -> Hand:
        return self.hands[seat]

    def __copy__(self) -> Deal:
        return self  # immutable

    def __deepcopy__(self, memo: dict[int, object]) -> Deal:
        return self

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Deal) and self.hands == other.hands

    def __hash__(self) -> int:
        return hash(self.hands)

    def __repr__(self) -> str:
        return f"Deal.from_pbn({self.pbn()!r})"

    def __str__(self) -> str:
        return self.pbn()


_DEALS_READ: dict[str, Deal] = {}
"""Deals read before, by their PBN text: a results file gives a board's deal once a table, and
a deal is a value that is never changed in place. At most :data:`_DEALS_KEPT` are kept."""
