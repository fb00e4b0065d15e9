"""The strict play: Laws 41, 44 and 65 for online play, simulation and the table engine's core.

:class:`Play` accepts only legal cards from the player in turn (declarer plays dummy's cards).
A revoke, a lead out of turn or a card from the wrong hand raises an
:class:`~bridgelaw.errors.IllegalCard` naming its law.

>>> deal = Deal.from_pbn("N:AKQ2.KQ2.A32.K32 JT9.AJT.KQJ4.A54 876.9876.T98.QJ9 543.543.765.T876")
>>> p = Play(deal, declarer=Seat.NORTH, trump=Strain.NOTRUMP)
>>> p.leader.letter, p.dummy.letter                # Law 41A: declarer's LHO leads
('E', 'S')
>>> for c in ["DK", "D8", "D5", "DA"]:
...     p.push_text(c)
>>> p.tricks_won(Side.NS), p.leader.letter        # Law 44: the winner leads next
(1, 'N')
"""

from __future__ import annotations

from collections.abc import Iterator

from bridgelaw.cards import (
    SEATS,
    STRAINS,
    SUIT_MASK,
    Card,
    Deal,
    Hand,
    Seat,
    Side,
    Strain,
    card_name,
    cards_in,
    parse_card,
    suit_cards,
)
from bridgelaw.errors import IllegalCard


class Trick:
    """A completed trick: who led, the four cards in the order played, who won it."""

    __slots__ = ("cards", "leader", "winner")

    def __init__(self, leader: Seat, cards: tuple[Card, Card, Card, Card], winner: Seat) -> None:
        self.leader = leader
        self.cards = cards
        self.winner = winner

    def card_of(self, seat: Seat) -> Card:
        return self.cards[(seat - self.leader) & 3]

    def __deepcopy__(self, memo: dict[int, object]) -> Trick:
        return self  # never changed once made

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Trick) and (self.leader, self.cards, self.winner) == (
            other.leader,
            other.cards,
            other.winner,
        )

    def __hash__(self) -> int:
        return hash((self.leader, self.cards, self.winner))

    def __repr__(self) -> str:
        cards = " ".join(card_name(c) for c in self.cards)
        return f"Trick({self.leader.letter}: {cards} -> {self.winner.letter})"


def trick_winner(cards: list[Card] | tuple[Card, ...], trump: int) -> int:
    """Law 44E/44F: the index (0-3, from the leader) of the card that wins a complete trick."""
    best = cards[0]
    best_index = 0
    for i in (1, 2, 3):
        c = cards[i]
        if c // 13 == best // 13:
            if c > best:
                best, best_index = c, i
        elif c // 13 == trump:
            best, best_index = c, i
    return best_index


class Play:
    """The card play of one board, from the opening lead to the thirteenth trick."""

    __slots__ = (
        "_leader",
        "_trump",
        "deal",
        "declarer",
        "hands",
        "played",
        "trick",
        "tricks",
        "trump",
        "won",
    )

    def __init__(self, deal: Deal, declarer: Seat | int, trump: Strain | int) -> None:
        self.deal = deal
        self.declarer: Seat = SEATS[declarer]
        self.trump: Strain = STRAINS[trump]
        self._trump: int = int(trump)  # plain ints on the hot path (native under mypyc)
        self.hands: list[Hand] = list(deal.hands)
        self._leader: int = (declarer + 1) & 3  # Law 41A: declarer's LHO leads first
        self.trick: list[Card] = []
        self.tricks: list[Trick] = []
        self.won = [0, 0]  # tricks won by NS and by EW
        self.played: list[Card] = []

    # -- the state ---------------------------------------------------------------------------

    @property
    def leader(self) -> Seat:
        """Who leads (or led) the current trick."""
        return SEATS[self._leader]

    @property
    def dummy(self) -> Seat:
        return self.declarer.partner

    @property
    def turn(self) -> Seat:
        """Law 44B: the others play in clockwise rotation after the leader."""
        return SEATS[(self._leader + len(self.trick)) & 3]

    @property
    def is_over(self) -> bool:
        return len(self.tricks) == 13

    def tricks_won(self, side: Side | int) -> int:
        return self.won[side]

    @property
    def declarer_tricks(self) -> int:
        return self.won[self.declarer & 1]

    @property
    def opening_lead(self) -> Card | None:
        return self.played[0] if self.played else None

    # -- what may be played ------------------------------------------------------------------

    def legal_cards(self) -> LegalCards:
        """Law 44C/44D: the player in turn must follow suit if he can; otherwise any card."""
        trick = self.trick
        hand = self.hands[(self._leader + len(trick)) & 3]
        if trick:
            suit = trick[0] // 13
            follow = hand & SUIT_MASK[suit]
            if follow:
                return LegalCards(follow, suit)
        return LegalCards(hand, -1)

    def illegality(self, card: Card) -> IllegalCard | None:
        """Why the player in turn may not play ``card`` now, or ``None`` if he may."""
        if len(self.tricks) == 13:
            return IllegalCard("44", "illegal.all-played")
        if not 0 <= card < 52:
            return IllegalCard("45A", "illegal.not-a-card", card=card)
        turn = (self._leader + len(self.trick)) & 3
        bit = 1 << card
        if not self.hands[turn] & bit:
            return self._wrong_hand(card, Seat(turn))
        if self.trick:
            led = self.trick[0] // 13
            if card // 13 != led and self.hands[turn] & SUIT_MASK[led]:
                return IllegalCard(
                    "61A", "illegal.revoke", card=card_name(card), seat=Seat(turn).letter
                )
        return None

    def _wrong_hand(self, card: Card, turn: Seat) -> IllegalCard:
        name = card_name(card)
        holder = next((Seat(s) for s in range(4) if self.hands[s] >> card & 1), None)
        if holder is None:
            return IllegalCard("45A", "illegal.already-played", card=name)
        leading = not self.trick
        declarer_side = holder & 1 == self.declarer & 1
        if leading and not self.played:
            law = "54"  # opening lead out of turn
        elif leading:
            law = "55" if declarer_side else "56"
        else:
            law = "57" if not declarer_side else "44B"
        return IllegalCard(
            law, "illegal.card-out-of-turn", card=name, holder=holder.letter, turn=turn.letter
        )

    # -- playing and taking back cards -------------------------------------------------------

    def push(self, card: Card) -> None:
        """Play ``card`` for the player in turn (for dummy, the card declarer names)."""
        trick = self.trick
        turn = (self._leader + len(trick)) & 3
        hand = self.hands[turn]
        bit = 1 << card
        # The fast path checks what makes a card legal (held; following suit when able, Law
        # 44C); the slow path explains why not. A held card means the play is not over.
        if not hand & bit or (
            trick and card // 13 != trick[0] // 13 and hand & SUIT_MASK[trick[0] // 13]
        ):
            error = self.illegality(card)
            if error is not None:  # pragma: no branch
                raise error
        self.hands[turn] = hand ^ bit
        self.played.append(card)
        trick.append(card)
        if len(trick) == 4:
            leader = self._leader
            winner = (leader + trick_winner(trick, self._trump)) & 3
            cards = (trick[0], trick[1], trick[2], trick[3])
            self.tricks.append(Trick(SEATS[leader], cards, SEATS[winner]))
            self.won[winner & 1] += 1
            self._leader = winner  # Law 44G: the winner of a trick leads to the next
            self.trick = []

    def push_text(self, text: str) -> None:
        self.push(parse_card(text))

    def copy(self) -> Play:
        """An independent copy: same deal and contract, same cards played."""
        other = Play(self.deal, self.declarer, self.trump)
        other.hands = list(self.hands)
        other._leader = self._leader
        other.trick = list(self.trick)
        other.tricks = list(self.tricks)
        other.won = list(self.won)
        other.played = list(self.played)
        return other

    def __deepcopy__(self, memo: dict[int, object]) -> Play:
        return self.copy()

    def pop(self) -> Card:
        """Take back the last card played (undo)."""
        if not self.played:
            raise IndexError("pop from a play with no card played")
        card = self.played.pop()
        if not self.trick:  # the card completed a trick: reopen it under its leader
            last = self.tricks.pop()
            self.won[last.winner & 1] -= 1
            self.trick = list(last.cards)
            self._leader = int(last.leader)
        self.trick.pop()
        self.hands[(self._leader + len(self.trick)) & 3] |= 1 << card
        return card

    def __repr__(self) -> str:
        d, t = self.declarer.letter, self.trump.symbol
        return f"Play(declarer={d}, trump={t}, cards={len(self.played)})"


class LegalCards:
    """A lazy view of the cards that may be played now, held as a bit mask."""

    __slots__ = ("mask", "suit")

    def __init__(self, mask: Hand, suit: int = -1) -> None:
        self.mask = mask
        self.suit = suit  # the one suit all the cards are in, when known (following suit)

    def __iter__(self) -> Iterator[Card]:
        if self.suit >= 0:
            return iter(suit_cards(self.mask, self.suit))
        return iter(cards_in(self.mask))

    def __len__(self) -> int:
        return self.mask.bit_count()

    def __contains__(self, card: object) -> bool:
        return isinstance(card, int) and 0 <= card < 52 and bool(self.mask >> card & 1)

    def __repr__(self) -> str:
        return f"<LegalCards: {' '.join(card_name(c) for c in self)}>"
