"""The play as it happens at the table: cards in hands, tricks, revokes.

Unlike the strict :class:`~bridgelaw.play.Play`, it accepts a card that fails to follow suit
(a revoke, Law 61A): the card is played and counts in the trick; the table's rules decide what
follows (correction, 62; establishment, 63; transfer of tricks, 64). Its reading API is the
strict play's (``hands``, ``trick``, ``tricks``, ``leader``, ``turn``, ``won``...).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from bridgelaw.cards import SEATS, SUIT_MASK, Card, Deal, Hand, Seat, Strain
from bridgelaw.table.messages import Said, say
from bridgelaw.table.position import Place as Place  # a card, or None for no card (67)


@dataclass(frozen=True, slots=True)
class TableTrick:
    """A completed trick at the table: who led, the four places in the order played (a place
    may hold no card, Law 67), who won it (Law 44 over the cards there)."""

    leader: Seat
    cards: tuple[Place, Place, Place, Place]
    winner: Seat

    def card_of(self, seat: Seat) -> Place:
        return self.cards[(seat - self.leader) & 3]

    def __deepcopy__(self, memo: dict[int, object]) -> TableTrick:
        return self  # never changed once made


TRICK_12 = 11
"""Law 62D: the index (0 for the first trick) of trick 12, whose revokes are never established:
they are corrected instead (62D1), and no trick changes hands for them (64B6)."""


def is_established(trick: int, side_played_on: bool) -> bool:
    """Law 63A with 62D, the one place that says whether a revoke is established: on trick
    ``trick`` (0 for the first), it is once the offending side has played to a later trick
    (63A1) or, ``side_played_on`` too, made or agreed to a claim or concession (63A3, 63A4);
    never on trick 12 (62D)."""
    return side_played_on and trick != TRICK_12


def suit_led(cards: Sequence[Place]) -> int:
    """The suit of the first card in a trick (a place with no card, 67, never comes first:
    the lead is made before anyone can fail to play to the trick)."""
    if cards:
        first = cards[0]
        if first is not None:  # the usual case: the lead
            return first // 13
    return next(c for c in cards if c is not None) // 13  # no card: StopIteration, as ever


def winner_index(cards: Sequence[Place], trump: int) -> int:
    """Law 44E/F over the cards actually in a trick: a missing card (67) does not count. The
    trick holds at least one card (a trick with none is not played)."""
    best: int | None = None
    best_card = 0
    for index, card in enumerate(cards):
        if card is None:
            continue
        if best is None or (
            card > best_card if card // 13 == best_card // 13 else card // 13 == trump
        ):
            best, best_card = index, card
    assert best is not None, "a trick with no card"
    return best


@dataclass
class Revoke:
    """A card played that failed to follow suit although the player could (Law 61A)."""

    seat: Seat
    trick: int
    """Index of the trick (0 for the first)."""
    card: Card
    suit_led: int
    event: int
    established: bool = False
    corrected: bool = False
    by_dummy: bool = False
    faced_card: bool = False
    """The revoke was a failure to play a card faced on the table (a penalty card): 64B3."""
    defective: bool = False
    """A card supplied late to a defective trick (67B1): deemed a revoke, 64A2 only."""
    as_established: bool = False
    """43B2b: dummy, having broken a limitation, asked first: corrected, but Law 64 applies as
    if it were established (one trick, 64A2)."""
    waived: bool = False
    """43B3: dummy, having broken a limitation, first drew attention to it: not rectified."""
    rule: str = "follow"
    """What was broken (61A): follow suit; or, for a lead under a lead restriction (26B,
    50D2a), a ``forbid``-den suit led or a ``require``-d suit not led (``suit_led`` is then
    that suit); for 2007 57A, ``highest`` or ``lowest`` (2007 61A: a play not as declarer
    demanded in a rectification), ``required`` then the card that would have complied."""
    required: Card | None = None

    def said(self) -> Said:
        """The revoke as a message: whose card, which, on which trick."""
        return say("revoke", seat=self.seat, card=self.card, trick=self.trick + 1)

    def describe(self) -> str:
        return self.said().text()

    def allows(self, card: Card) -> bool:
        """Would ``card`` have complied (what a correction must play, 62B)?"""
        if self.rule == "forbid":
            return card // 13 != self.suit_led
        if self.required is not None:
            return card == self.required
        return card // 13 == self.suit_led


class TablePlay:
    """Cards held and played, trick by trick; accepts revokes and remembers them."""

    def __init__(self, deal: Deal, declarer: Seat, trump: Strain) -> None:
        self.deal = deal
        self.declarer = declarer
        self.trump = trump
        self.hands: list[Hand] = list(deal.hands)
        self.leader: Seat = declarer.lho  # Law 41A
        self.trick: list[Place] = []
        self.tricks: list[TableTrick] = []
        self.won = [0, 0]
        self.played: list[Card] = []
        self.revokes: list[Revoke] = []
        self.omissions: dict[int, Seat] = {}
        """Law 67: trick index -> the player who contributed no card to it (not yet made up)."""
        self.surplus: list[tuple[int, Seat, Card]] = []
        """Law 67: cards a player put on a trick beside the one that counts (trick index, seat,
        card), unnoticed so far: out of the hand, not in the trick."""

    # -- the strict play's reading API -------------------------------------------------------

    @property
    def dummy(self) -> Seat:
        return self.declarer.partner

    @property
    def turn(self) -> Seat:
        return SEATS[(self.leader + len(self.trick)) & 3]

    @property
    def is_over(self) -> bool:
        return len(self.tricks) == 13

    @property
    def declarer_tricks(self) -> int:
        return self.won[self.declarer.side]

    def holds(self, seat: Seat, card: Card) -> bool:
        return bool(self.hands[seat] >> card & 1)

    def can_follow(self, seat: Seat) -> bool:
        return bool(self.trick) and bool(self.hands[seat] & SUIT_MASK[self.led_suit()])

    def led_suit(self, trick_index: int | None = None) -> int:
        cards = (
            self.trick
            if trick_index is None or trick_index == len(self.tricks)
            else self.tricks[trick_index].cards
        )
        return suit_led(cards)

    def both_sides_played_after(self, trick_index: int) -> bool:
        """Have both sides played to a trick after ``trick_index`` (the line of Law 67)?"""
        if trick_index < len(self.tricks) - 1:
            return True
        if trick_index >= len(self.tricks):
            return False
        sides = {(self.leader + i) & 1 for i in range(len(self.trick))}
        return len(sides) == 2

    def is_revoke(self, seat: Seat, card: Card) -> bool:
        """Law 61A: not following suit when able."""
        return bool(self.trick) and card // 13 != self.led_suit() and self.can_follow(seat)

    # -- playing -----------------------------------------------------------------------------

    def add(self, card: Card, event: int) -> Revoke | None:
        """The player in turn plays ``card`` (held); returns the revoke it makes, if any."""
        trick = self.trick
        seat = SEATS[(self.leader + len(trick)) & 3]  # self.turn
        hands = self.hands
        revoke = None
        if trick:  # is_revoke, the suit led found once
            led = suit_led(trick)
            if card // 13 != led and hands[seat] & SUIT_MASK[led]:
                revoke = Revoke(
                    seat,
                    len(self.tricks),
                    card,
                    led,
                    event,
                    by_dummy=seat == self.dummy,
                )
                self.revokes.append(revoke)
        hands[seat] &= ~(1 << card)
        self.played.append(card)
        trick.append(card)
        if len(trick) == 4:
            self._complete()
        return revoke

    def omit(self) -> Seat:
        """The player in turn contributes no card to the trick (Law 67: a defective trick)."""
        seat = self.turn
        self.omissions[len(self.tricks)] = seat
        self.trick.append(None)
        if len(self.trick) == 4:
            self._complete()
        return seat

    def void(self) -> Seat:
        """The player in turn puts on the trick a card he had already played to an earlier one
        (Law 67B3): it stays there, and this trick gets no card of his."""
        seat = self.turn
        self.trick.append(None)
        if len(self.trick) == 4:
            self._complete()
        return seat

    def supply(self, trick_index: int, seat: Seat, card: Card, recount: bool) -> None:
        """67A1/67B1: the missing card is added to its trick; under 67A the trick's winner is
        worked out again, under 67B it stays as it was."""
        del self.omissions[trick_index]
        self.hands[seat] &= ~(1 << card)
        self.played.append(card)
        if trick_index == len(self.tricks):
            self.trick[(seat - self.leader) & 3] = card
            return
        done = self.tricks[trick_index]
        cards = list(done.cards)
        cards[(seat - done.leader) & 3] = card
        winner = done.winner
        if recount:
            winner = SEATS[(done.leader + winner_index(cards, self.trump)) & 3]
            self.won[done.winner.side] -= 1
            self.won[winner.side] += 1
            if trick_index == len(self.tricks) - 1 and not self.trick:
                self.leader = winner
        self.tricks[trick_index] = TableTrick(
            done.leader, (cards[0], cards[1], cards[2], cards[3]), winner
        )

    def _complete(self) -> None:
        leader = self.leader
        winner = SEATS[(leader + winner_index(self.trick, self.trump)) & 3]
        cards = (self.trick[0], self.trick[1], self.trick[2], self.trick[3])
        self.tricks.append(TableTrick(leader, cards, winner))
        self.won[winner.side] += 1
        self.leader = winner  # Law 44G
        self.trick = []

    def replace(self, trick_index: int, seat: Seat, card: Card) -> Card:
        """Put ``card`` in place of ``seat``'s card in a trick (a corrected revoke, Law 62);
        returns the card taken back, which goes back to the hand (the rules decide what then
        becomes of it). A completed trick's winner is worked out again."""
        if trick_index == len(self.tricks):  # the trick in progress
            position = (seat - self.leader) & 3
            old = self.trick[position]
            self.trick[position] = card
        else:
            done = self.tricks[trick_index]
            position = (seat - done.leader) & 3
            old = done.cards[position]
            cards = list(done.cards)
            cards[position] = card
            winner = SEATS[(done.leader + winner_index(cards, self.trump)) & 3]
            self.won[done.winner.side] -= 1
            self.won[winner.side] += 1
            self.tricks[trick_index] = TableTrick(
                done.leader, (cards[0], cards[1], cards[2], cards[3]), winner
            )
            if trick_index == len(self.tricks) - 1 and not self.trick:
                self.leader = winner  # nobody has led to the next trick yet
        assert old is not None, "a place with no card is filled by supply(), not replaced"
        self.played[self.played.index(old)] = card
        self.hands[seat] = (self.hands[seat] | 1 << old) & ~(1 << card)
        return old

    def take_back_last(self) -> tuple[Seat, Card]:
        """Undo the last card played (a completed trick is reopened); returns who and what."""
        if not self.played:
            raise IndexError("no card has been played")
        if not self.trick:
            last = self.tricks.pop()
            self.won[last.winner.side] -= 1
            self.trick = list(last.cards)
            self.leader = last.leader
        card = self.trick.pop()
        if card is None:
            raise IndexError("the last place in the trick holds no card")
        seat = SEATS[(self.leader + len(self.trick)) & 3]
        self.played.pop()
        self.hands[seat] |= 1 << card
        self.revokes = [r for r in self.revokes if not (r.card == card and r.seat == seat)]
        return seat, card

    def copy(self) -> TablePlay:
        other = TablePlay(self.deal, self.declarer, self.trump)
        other.hands = list(self.hands)
        other.leader = self.leader
        other.trick = list(self.trick)
        other.tricks = list(self.tricks)
        other.won = list(self.won)
        other.played = list(self.played)
        other.revokes = [replace(r) for r in self.revokes]  # not vars(): no __dict__ under mypyc
        other.omissions = dict(self.omissions)
        other.surplus = list(self.surplus)
        return other

    def __deepcopy__(self, memo: dict[int, object]) -> TablePlay:
        return self.copy()
