"""A heuristic card player for the sample session: believable club play, not double-dummy.

Every player sees only what a player at the table sees: his own hand, dummy after the opening
lead, the cards played, and the auction. Declarer plays dummy's cards too. The rules are the
ones club players learn: lead partner's suit, top of a sequence or fourth best; second hand low,
third hand high; cover an honour with an honour; win as cheaply as possible; ruff when void
while the opponents are winning, otherwise discard from the weakest suit; declarer draws trumps
while the opponents have some, cashes winners, ruffs in the short hand and leads towards
honours. All thirteen tricks are played; every card goes through the strict
:class:`~bridgelaw.play.Play`, which refuses anything illegal.

>>> deal = Deal.from_pbn("N:AK72.KQ3.A84.Q95 QJ3.J874.KQ2.J43 984.A96.J753.A86 T65.T52.T96.KT72")
>>> play = play_board(deal, Seat.NORTH, Strain.NOTRUMP)
>>> play.is_over, play.declarer_tricks
(True, 9)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Protocol

from bridgelaw.cards import SUIT_MASK, Card, Deal, Hand, Seat, Strain, cards_in, suit_cards
from bridgelaw.play import Play

NT = 4
JACK = 9


@dataclass(frozen=True, slots=True)
class PlayStyle:
    """How a player plays the cards; the techniques are the same, the habits differ."""

    passive_leads: bool = False
    """Opening leads from small cards and short suits rather than from honours and length."""
    finesses: bool = True
    """Declarer takes a finesse against one missing card instead of playing for the drop."""
    hold_up: bool = True
    """Declarer ducks the defenders' suit in notrump while holding a single stopper."""
    ruff_first: bool = False
    """Declarer takes ruffs in the short trump hand before drawing trumps."""
    establish_first: bool = True
    """Declarer in notrump knocks out the defenders' stoppers before cashing winners."""


DEFAULT_PLAY = PlayStyle()


class TrickSeen(Protocol):
    """A finished trick as everyone at the table saw it."""

    @property
    def leader(self) -> Seat: ...
    @property
    def cards(self) -> Sequence[Card]: ...


class PlaySeen(Protocol):
    """What the player reads of the play: the strict :class:`~bridgelaw.play.Play` has it, and
    so has a position built from one seat's visible cards (``bridgelaw.server.robots``), whose
    ``hands`` hold only the cards that seat sees (the others are empty). The player reads a
    hand only where a player at the table sees it: his own, dummy after the opening lead, and
    for declarer both of his side's."""

    @property
    def trump(self) -> Strain: ...
    @property
    def declarer(self) -> Seat: ...
    @property
    def turn(self) -> Seat: ...
    @property
    def leader(self) -> Seat: ...
    @property
    def hands(self) -> Sequence[Hand]: ...
    @property
    def played(self) -> Sequence[Card]: ...
    @property
    def trick(self) -> Sequence[Card]: ...
    @property
    def tricks(self) -> Sequence[TrickSeen]: ...
    def legal_cards(self) -> Iterable[Card]: ...


def play_board(
    deal: Deal,
    declarer: Seat,
    trump: Strain,
    bid_suits: Sequence[Sequence[int]] = ((), (), (), ()),
    styles: Sequence[PlayStyle] = (DEFAULT_PLAY,) * 4,
) -> Play:
    """Play all thirteen tricks. ``bid_suits[seat]`` are the suits that seat showed in the
    auction (the defenders lead partner's suit and keep away from declarer's); ``styles`` are
    the players' habits by seat (declarer's governs dummy's cards too)."""
    play = Play(deal, declarer, trump)
    while not play.is_over:
        play.push(choose_card(play, bid_suits, styles))  # the strict play refuses illegal cards
    return play


def choose_card(
    play: PlaySeen,
    bid_suits: Sequence[Sequence[int]] = ((), (), (), ()),
    styles: Sequence[PlayStyle] = (DEFAULT_PLAY,) * 4,
) -> Card:
    """The card the player in turn chooses now (declarer chooses dummy's)."""
    return _Player(play, bid_suits, styles).choose()


def _winning_index(trick: Sequence[Card], trump: int) -> int:
    """The index of the card winning a trick so far (Law 44: the highest trump, else the highest
    card of the suit led)."""
    best = 0
    for i in range(1, len(trick)):
        card, top = trick[i], trick[best]
        if card // 13 == top // 13:
            if card > top:
                best = i
        elif card // 13 == trump:
            best = i
    return best


def _lowest(cards: Sequence[Card]) -> Card:
    return min(cards, key=lambda c: (c % 13, c))


class _Player:
    """The choice of one card for the player in turn (declarer when dummy is in turn)."""

    def __init__(
        self, play: PlaySeen, bid_suits: Sequence[Sequence[int]], styles: Sequence[PlayStyle]
    ) -> None:
        self.play = play
        self.trump = int(play.trump)
        self.declarer = int(play.declarer)
        self.dummy = (self.declarer + 2) & 3
        self.seat = int(play.turn)
        self.bid_suits = bid_suits
        self.style = styles[self.declarer if self.seat == self.dummy else self.seat]
        self.hand: Hand = play.hands[self.seat]
        self.legal: list[Card] = list(play.legal_cards())
        self.is_declaring = (self.seat - self.declarer) % 2 == 0
        self.partner = (self.seat + 2) & 3
        played = 0
        for card in play.played:
            played |= 1 << card
        self.played: Hand = played
        if self.is_declaring:
            self.known = play.hands[self.declarer] | play.hands[self.dummy]
            self.partner_hand: Hand | None = play.hands[self.partner]
        else:
            self.known = self.hand
            self.partner_hand = None
        # Cards still out that this player's side does not hold: what may beat our cards.
        # (For a defender that includes dummy's cards, which he sees but cannot use.)
        self.unseen: Hand = ((1 << 52) - 1) & ~self.played & ~self.known

    # -- knowledge ---------------------------------------------------------------------------

    def visible(self, seat: int) -> Hand | None:
        """The hand of ``seat`` if this player can see it."""
        if seat == self.seat or (self.is_declaring and seat in (self.declarer, self.dummy)):
            return self.play.hands[seat]
        if seat == self.dummy and self.play.played:
            return self.play.hands[seat]
        return None

    def is_master(self, card: Card) -> bool:
        """No card still out beats ``card`` in its suit, except this side's own."""
        suit = card // 13
        higher = SUIT_MASK[suit] & ~((1 << (card + 1)) - 1)
        return not (higher & self.unseen)

    def outstanding_trumps(self) -> int:
        """Trumps the declaring side cannot see (held by the defenders)."""
        if self.trump == NT:
            return 0
        return (self.unseen & SUIT_MASK[self.trump]).bit_count()

    def top_of_sequence(self, cards: Sequence[Card]) -> Card:
        """Of cards that are equal to the highest (no card still out between them), the lowest."""
        ordered = sorted(cards, reverse=True)
        best = ordered[0]
        for card in ordered[1:]:
            between = SUIT_MASK[card // 13] & ((1 << best) - 1) & ~((1 << (card + 1)) - 1)
            if between & self.unseen or card // 13 != best // 13:
                break
            best = card
        return best

    # -- the choice --------------------------------------------------------------------------

    def choose(self) -> Card:
        if len(self.legal) == 1:
            return self.legal[0]
        if not self.play.trick:
            return self.lead()
        return self.follow()

    # -- following ---------------------------------------------------------------------------

    def follow(self) -> Card:
        trick = self.play.trick
        led = trick[0] // 13
        position = len(trick) + 1
        win = _winning_index(trick, self.trump)
        winner_seat = (self.play.leader + win) & 3
        partner_winning = (winner_seat - self.seat) % 2 == 0
        top = trick[win]
        following = self.legal[0] // 13 == led
        if not following:
            return self.void(partner_winning, top, position)
        beating = [c for c in self.legal if top // 13 == led and c > top]
        fourth = (self.play.leader + 3) & 3
        fourth_hand = self.visible(fourth) if position < 4 else None
        if position == 4:
            if beating and not partner_winning:
                if self.hold_up(led, _lowest(beating)):
                    return _lowest(self.legal)
                return _lowest(beating)
            return _lowest(self.legal)
        if position == 2:
            return self.second_hand(top, beating, fourth_hand)
        # third hand
        if partner_winning:
            if self.holds(top, fourth_hand, led):
                return _lowest(self.legal)
            if top % 13 >= JACK and not self.is_declaring:
                return _lowest(self.legal)
        if not beating:
            return _lowest(self.legal)
        if fourth_hand is not None:
            fourth_cards = suit_cards(fourth_hand, led)
            if fourth_cards:
                over = [c for c in beating if c > max(fourth_cards)]
                if over:
                    return _lowest(over)
                if not self.is_declaring:
                    return _lowest(self.legal)
            return _lowest(beating)
        if self.is_declaring:
            second = (self.play.leader + 1) & 3
            out = (self.unseen & SUIT_MASK[led]).bit_count()
            can_finesse = self.style.finesses and out >= 2 and not self.shown_out(second, led)
            most = 1 if can_finesse else 0
            finesses = [c for c in sorted(beating) if self.unseen_above(c) <= most]
            card = finesses[0] if finesses else self.top_of_sequence(beating)
            if partner_winning and self.equal(top, card):
                return _lowest(self.legal)  # overtaking our own card would gain nothing
            return card  # a winner, or a finesse against one missing card
        return self.top_of_sequence(beating)

    def equal(self, low: Card, high: Card) -> bool:
        """No card still out lies between ``low`` and ``high`` (of one suit)."""
        between = ((1 << high) - 1) & ~((1 << (low + 1)) - 1)
        return not between & self.unseen

    def shown_out(self, seat: int, suit: int) -> bool:
        """Has ``seat`` failed to follow to ``suit`` (so holds none)?"""
        tricks = [(t.leader, list(t.cards)) for t in self.play.tricks]
        if self.play.trick:
            tricks.append((self.play.leader, list(self.play.trick)))
        for leader, cards in tricks:
            if cards[0] // 13 != suit:
                continue
            index = (seat - leader) & 3
            if index < len(cards) and cards[index] // 13 != suit:
                return True
        return False

    def unseen_above(self, card: Card) -> int:
        """How many cards still out, not this side's own, beat ``card`` in its suit."""
        higher = SUIT_MASK[card // 13] & ~((1 << (card + 1)) - 1)
        return (higher & self.unseen).bit_count()

    def hold_up(self, suit: int, winner: Card) -> bool:
        """Declarer in notrump ducks the defenders' suit while holding a single stopper
        (the rule of seven: hold up 7 minus the side's cards in the suit times)."""
        if self.trump != NT or not self.is_declaring or not self.style.hold_up:
            return False
        if self.play.played[0] // 13 != suit or self.unseen_above(winner) != 0:
            return False
        ours = suit_cards(self.known, suit)
        if sum(1 for c in ours if self.unseen_above(c) == 0) != 1:
            return False
        rounds = sum(1 for t in self.play.tricks if t.cards[0] // 13 == suit)
        ours_played = sum(
            1
            for t in self.play.tricks
            for i, c in enumerate(t.cards)
            if c // 13 == suit and ((t.leader + i) - self.declarer) % 2 == 0
        )
        return rounds < 7 - (len(ours) + ours_played) and len(ours) >= 2

    def holds(self, top: Card, fourth_hand: Hand | None, led: int) -> bool:
        """Will partner's winning card ``top`` hold against the fourth hand?"""
        if top // 13 != led:
            return True  # partner has ruffed; a visible fourth hand would have to overruff
        if fourth_hand is not None:
            follow = suit_cards(fourth_hand, led)
            if follow:
                return all(c < top for c in follow)
            trumps = fourth_hand & SUIT_MASK[self.trump] if self.trump != NT else 0
            return not trumps
        return self.is_master(top)

    def second_hand(self, top: Card, beating: list[Card], fourth_hand: Hand | None) -> Card:
        led_by = self.play.leader
        if top % 13 >= JACK and beating and not self.is_declaring:
            honours = [c for c in beating if c % 13 >= JACK]
            leader_hand = self.visible(led_by)
            touching = leader_hand is not None and bool(leader_hand >> (top - 1) & 1)
            if honours and not (touching and top % 13 > 0):
                return _lowest(honours)  # cover an honour with an honour
        if self.is_declaring and fourth_hand is not None and beating:
            led = top // 13
            partner_cards = suit_cards(fourth_hand, led)
            if not partner_cards or max(partner_cards) < top:
                masters = [c for c in beating if self.is_master(c)]
                if masters:
                    return _lowest(masters)  # partner cannot win it: take the trick now
        return _lowest(self.legal)  # second hand low

    def void(self, partner_winning: bool, top: Card, position: int) -> Card:
        trumps = [c for c in self.legal if c // 13 == self.trump]
        if trumps:
            led = self.play.trick[0] // 13
            fourth = (self.play.leader + 3) & 3
            fourth_hand = self.visible(fourth) if position < 4 else None
            safe = partner_winning and (position == 4 or self.holds(top, fourth_hand, led))
            if not safe:
                if top // 13 == self.trump:
                    over = [c for c in trumps if c > top]
                    if over:
                        return _lowest(over)
                else:
                    return _lowest(trumps)
        return self.discard()

    def discard(self) -> Card:
        """A card from the weakest suit: no winners, fewest honours; trumps last."""
        by_suit: dict[int, list[Card]] = {}
        for card in self.legal:
            by_suit.setdefault(card // 13, []).append(card)

        def weakness(suit: int) -> tuple[int, int, int, int]:
            cards = by_suit[suit]
            masters = sum(1 for c in cards if self.is_master(c))
            honour_points = sum(max(0, c % 13 - 8) for c in cards)
            guard = 1 if any(c % 13 >= JACK for c in cards) and len(cards) <= 3 else 0
            return (suit == self.trump, masters, honour_points + 3 * guard, -len(cards))

        suit = min(sorted(by_suit), key=weakness)
        return _lowest(by_suit[suit])

    # -- leading -----------------------------------------------------------------------------

    def lead(self) -> Card:
        if self.is_declaring:
            return self.declarer_lead()
        if not self.play.played:
            return self.opening_lead()
        return self.defender_lead()

    def suit_of(self, hand: Hand, suit: int) -> list[Card]:
        return sorted(suit_cards(hand, suit), reverse=True)

    def lead_from(self, cards: list[Card], notrump: bool) -> Card:
        """The conventional card from a holding, ``cards`` highest first."""
        if len(cards) <= 2:
            return cards[0]  # singleton, or top of a doubleton
        ranks = [c % 13 for c in cards]
        if ranks[0] == 12 and ranks[1] == 11 and not notrump:
            return cards[0]  # ace from ace-king
        touching = ranks[0] - ranks[1] == 1 and ranks[0] >= 8
        if touching and (not notrump or ranks[1] - ranks[2] <= 2):
            return cards[0]  # top of a sequence (KQJ, QJT, KQT in notrump)
        if ranks[0] < JACK and len(cards) == 3:
            return cards[0]  # top of nothing
        if len(cards) >= 4:
            return cards[3]  # fourth best
        return cards[-1]  # low from three to an honour

    def opening_lead(self) -> Card:
        notrump = self.trump == NT
        hand = self.hand
        partner_suits = [s for s in self.bid_suits[self.partner] if s != self.trump]
        theirs = set(self.bid_suits[self.declarer]) | set(self.bid_suits[self.dummy])
        for suit in partner_suits:
            cards = self.suit_of(hand, suit)
            if cards:
                if len(cards) >= 3 and cards[0] % 13 >= JACK and notrump:
                    return cards[-1] if cards[0] % 13 < 11 else cards[0]
                return cards[0] if len(cards) <= 2 or cards[0] % 13 < JACK else cards[-1]

        def score(suit: int) -> tuple[int, ...]:
            cards = self.suit_of(hand, suit)
            n = len(cards)
            ranks = [c % 13 for c in cards]
            sequence = n >= 2 and ranks[0] - ranks[1] == 1 and ranks[0] >= 9
            value = 0
            passive = self.style.passive_leads
            if passive and ranks and ranks[0] < JACK and n >= 2:
                value += 5  # nothing to give away
            elif passive and ranks and ranks[0] >= JACK and not sequence:
                value -= 4  # would lead away from an honour
            if notrump:
                value += 3 * n + (4 if sequence else 0) + sum(1 for r in ranks if r >= JACK)
            else:
                if n >= 2 and ranks[0] == 12 and ranks[1] == 11:
                    value += 12
                elif sequence:
                    value += 9
                elif n == 1 and ranks[0] < JACK and suit != self.trump:
                    trumps = suit_cards(hand, self.trump) if self.trump != NT else ()
                    value += 8 if 1 <= len(trumps) <= 3 else 2
                elif n == 2 and ranks[0] < 11:
                    value += 4
                elif ranks and ranks[0] == 12:
                    value -= 4  # an unsupported ace
                elif ranks and ranks[0] in (11, 10):
                    value -= 2  # leading away from a king or queen
                value += n // 2
            if suit in theirs:
                value -= 6
            if suit == self.trump:
                value -= 10
            return (value, -suit)

        suits = [s for s in range(4) if suit_cards(hand, s)]
        best = max(suits, key=score)
        return self.lead_from(self.suit_of(hand, best), notrump)

    def defender_lead(self) -> Card:
        play = self.play
        hand = self.hand
        dummy_hand = play.hands[self.dummy]
        notrump = self.trump == NT
        dummy_trumps = 0 if notrump else (dummy_hand & SUIT_MASK[self.trump]).bit_count()

        def ruff_sluff(suit: int) -> bool:
            return (
                not notrump
                and suit != self.trump
                and not dummy_hand & SUIT_MASK[suit]
                and dummy_trumps > 0
            )

        # Return partner's suit: the suit of the last trick partner led.
        partner_leads = [t.cards[0] // 13 for t in play.tricks if t.leader == self.partner]
        for suit in reversed(partner_leads):
            cards = self.suit_of(hand, suit)
            if cards and suit != self.trump and not ruff_sluff(suit):
                if len(cards) <= 2 or any(self.is_master(c) for c in cards[:1]):
                    return cards[0]
                return cards[-1]
        # Cash a winner.
        for suit in sorted(range(4), key=lambda s: (s == self.trump, -s)):
            cards = self.suit_of(hand, suit)
            cashable = suit != self.trump or self.trump == NT
            if cards and cashable and self.is_master(cards[0]) and not ruff_sluff(suit):
                return cards[0]
        # Continue my own suit in notrump.
        mine = [t.cards[0] // 13 for t in play.tricks if t.leader == self.seat]
        for suit in reversed(mine):
            cards = self.suit_of(hand, suit)
            if notrump and len(cards) >= 2:
                return self.lead_from(cards, notrump)
        # Through strength (dummy on my left) or up to weakness (dummy on my right).
        dummy_left = self.dummy == (self.seat + 1) & 3

        def appeal(suit: int) -> tuple[int, int]:
            cards = self.suit_of(hand, suit)
            dummy_cards = suit_cards(dummy_hand, suit)
            dummy_honours = sum(1 for c in dummy_cards if c % 13 >= JACK)
            value = dummy_honours * (2 if dummy_left else -2)
            if suit == self.trump:
                value -= 3
            if ruff_sluff(suit):
                value -= 8
            if any(c % 13 == 11 for c in cards) and len(cards) >= 2:
                value -= 2  # keep a guarded king
            return (value, len(cards))

        suits = [s for s in range(4) if suit_cards(hand, s)]
        best = max(suits, key=appeal)
        cards = self.suit_of(hand, best)
        return self.lead_from(cards, notrump) if len(cards) >= 3 else cards[0]

    def declarer_lead(self) -> Card:
        hand = self.hand
        other = self.partner_hand
        assert other is not None
        trump = self.trump
        if trump != NT and self.style.ruff_first:
            ruff = self.ruff_in_short_hand()
            if ruff is not None:
                return ruff
        if trump != NT and self.outstanding_trumps() > 0:
            mine = self.suit_of(hand, trump)
            ours = mine + self.suit_of(other, trump)
            if mine and len(ours) > self.outstanding_trumps():
                masters = [c for c in mine if self.is_master(c)]
                if masters:
                    return max(masters)
                partner_top = [c for c in self.suit_of(other, trump) if self.is_master(c)]
                if partner_top or len(ours) >= self.outstanding_trumps() + 3:
                    return _lowest(mine)
        # In notrump, knock out the defenders' stoppers in the longest suit before cashing.
        if trump == NT and self.style.establish_first:
            setup = self.suit_to_establish()
            if setup is not None:
                return setup
        # Cash winners (in a suit contract only once the defenders are out of trumps).
        safe = trump == NT or self.outstanding_trumps() == 0
        if safe:
            cash = self.winners_to_cash()
            if cash is not None:
                return cash
        # Ruff a loser in the hand with fewer trumps.
        if trump != NT:
            ruff = self.ruff_in_short_hand()
            if ruff is not None:
                return ruff
        # Knock out the opponents' high cards in the longest suit, or lead towards honours.
        best_suit = -1
        best_key: tuple[int, int] = (-1, -1)
        for suit in range(4):
            mine = self.suit_of(hand, suit)
            if not mine or (suit == trump and self.outstanding_trumps() == 0):
                continue
            total = len(mine) + len(self.suit_of(other, suit))
            honours = sum(1 for c in mine + self.suit_of(other, suit) if c % 13 >= JACK)
            key = (total + honours, -suit)
            if key > best_key:
                best_suit, best_key = suit, key
        if best_suit >= 0:
            mine = self.suit_of(hand, best_suit)
            theirs = self.suit_of(other, best_suit)
            if len(mine) >= 2 and mine[0] % 13 >= JACK and mine[0] - mine[1] == 1:
                return mine[0]  # top of a sequence
            if theirs and theirs[0] % 13 >= JACK:
                return _lowest(mine)  # towards the honours opposite
            return _lowest(mine)
        return _lowest(cards_in(hand))

    def winners_to_cash(self) -> Card | None:
        """The top of the suit in which the hand on lead has the most winners (high from the
        short side); failing that, a low card over to winners in the other hand."""
        hand, other, trump = self.hand, self.partner_hand, self.trump
        assert other is not None

        def winners(cards: list[Card]) -> int:
            return sum(1 for c in cards if self.is_master(c))

        best: tuple[int, int, int] | None = None
        lead: Card | None = None
        for suit in range(4):
            mine = self.suit_of(hand, suit)
            if not mine or not self.is_master(mine[0]):
                continue
            if (
                suit == trump
                and trump != NT
                and any(suit_cards(other, s) and not suit_cards(hand, s) for s in range(4))
            ):
                continue  # keep the trumps while the hand opposite can still use them to ruff
            key = (winners(mine), len(mine) + len(suit_cards(other, suit)), -suit)
            if best is None or key > best:
                best, lead = key, mine[0]
        if lead is not None:
            return lead
        for suit in sorted(range(4), key=lambda s: -winners(self.suit_of(other, s))):
            mine, theirs = self.suit_of(hand, suit), self.suit_of(other, suit)
            if mine and theirs and self.is_master(theirs[0]):
                return _lowest(mine)  # over to the winners opposite
        return None

    def ruff_in_short_hand(self) -> Card | None:
        """A low card of a suit the hand opposite is void in, to ruff there (the hand with
        fewer trumps, so the ruff is an extra trick)."""
        hand, other, trump = self.hand, self.partner_hand, self.trump
        assert other is not None
        my_trumps = (hand & SUIT_MASK[trump]).bit_count()
        other_trumps = (other & SUIT_MASK[trump]).bit_count()
        if not 0 < other_trumps <= my_trumps:
            return None
        for suit in range(4):
            mine = self.suit_of(hand, suit)
            if suit != trump and mine and not other & SUIT_MASK[suit]:
                return _lowest(mine)
        return None

    def suit_to_establish(self) -> Card | None:
        """A lead that knocks out a missing top card in a long suit of ours, if there is one."""
        hand, other = self.hand, self.partner_hand
        assert other is not None
        best: tuple[int, int] | None = None
        lead: Card | None = None
        for suit in range(4):
            mine = self.suit_of(hand, suit)
            theirs = self.suit_of(other, suit)
            both = sorted(mine + theirs, reverse=True)
            if not mine or len(both) < 7 or self.is_master(both[0]):
                continue
            honours = sum(1 for c in both if c % 13 >= JACK)
            if honours < 2 or self.unseen_above(both[0]) > 1:
                continue
            key = (len(both), honours)
            if best is None or key > best:
                best = key
                if len(mine) >= 2 and mine[0] % 13 >= JACK and self.unseen_above(mine[0]) <= 1:
                    lead = self.top_of_sequence(mine)
                else:
                    lead = _lowest(mine)
        return lead
