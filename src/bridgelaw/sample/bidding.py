"""A natural bidding bot for the sample session: believable club bidding, not a bridge engine.

The system is plain "standard": high-card points (A=4, K=3, Q=2, J=1) plus length; one of a
suit with 12+ (five-card majors, the better minor), 1NT 15-17 and 2NT 20-22 balanced, weak twos
and three-level preempts; responder raises with support, bids a new suit (forcing one round) or
notrump by points; opener rebids naturally; 1NT gets Stayman; opponents overcall with a five-card
suit, double for take-out with shortness, or overcall 1NT; after that every player *places the
contract* from the combined points (25 for game, 33 for a small slam, reached by Blackwood in a
major) and competes by the number of trumps.

Each call is chosen together with what it shows (:class:`Shown`: a point range, suit lengths,
whether it is forcing), and every player reads the others' calls through those descriptions, as
players read a convention card. A :class:`Style` varies the judgement of a partnership (light
openings, aggressive games, eager competing) so that the same board gives different auctions at
different tables. Every call goes through the strict :class:`~bridgelaw.auction.Auction`, which
refuses anything illegal.

>>> from bridgelaw.boards import Board
>>> deal = Deal.from_pbn("N:AK72.KQ3.A84.Q95 QJ3.J874.KQ2.J43 984.A96.J753.A86 T65.T52.T96.KT72")
>>> result = bid_board(Board.numbered(1, deal), [STANDARD] * 4)
>>> auction_text(result.auction)
'1C pass 1D pass 1S pass 1NT pass 2NT pass pass pass'
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field, replace

from bridgelaw.auction import Auction
from bridgelaw.boards import Board
from bridgelaw.calls import DOUBLE, PASS, REDOUBLE, Call, bid, bid_level, bid_strain, call_name
from bridgelaw.cards import Deal, Hand, Seat, high_card_points, suit_cards, suit_length  # noqa: F401
from bridgelaw.sample.dealer import byte_stream, uniform_below

NT = 4
MAJORS = (3, 2)
MINORS = (1, 0)
ACE, KING, QUEEN, JACK = 12, 11, 10, 9


# -- styles ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Style:
    """A partnership's judgement; the system itself is the same for everyone."""

    name: str
    open_min: int = 12
    """High-card points to open one of a suit (the rule of 20 also opens some ten-counts)."""
    game_points: int = 25
    """Combined points for a game in a major or notrump (a minor game needs three more)."""
    slam_points: int = 33
    overcall_min: int = 8
    double_min: int = 12
    """High-card points for a take-out double (with shortness in the opponents' suit)."""
    compete_extra: int = 0
    """Levels above the number of trumps minus six that the partnership competes to."""
    penalty_points: int = 24
    """Combined points with which the partnership doubles the opponents for penalties."""
    weak_twos: bool = True
    nt_range: tuple[int, int] = (15, 17)
    """The 1NT opening; (12, 14) is the weak notrump many club players use."""

    @property
    def rebid_nt_range(self) -> tuple[int, int]:
        """Opener's 1NT rebid after a one-level response: the balanced hands not opened 1NT."""
        return (12, 14) if self.nt_range[0] >= 15 else (15, 17)


STANDARD = Style("standard")
LIGHT_OPENERS = Style("light openers", open_min=11, overcall_min=7, nt_range=(12, 14))
GAME_HUNGRY = Style("game hungry", game_points=24, slam_points=32)
COMPETITIVE = Style(
    "competitive", overcall_min=7, double_min=11, compete_extra=1, penalty_points=21
)
CAUTIOUS = Style("cautious", game_points=26, weak_twos=False, penalty_points=26)
WEAK_NOTRUMP = Style("weak notrump", nt_range=(12, 14), double_min=13)


# -- what a call shows -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Shown:
    """What a player's calls have shown so far, as the partnership's system describes them."""

    hcp_min: int = 0
    hcp_max: int = 37
    length: tuple[int, int, int, int] = (0, 0, 0, 0)
    """The least length shown in each suit (clubs first)."""
    balanced: bool = False
    bid_nt: bool = False
    """Has bid notrump naturally (so claims the opponents' suits are stopped)."""
    meaning: str = ""
    """What the last call was: open, respond, raise, invite, game, signoff, blackwood..."""
    strain: int = -1
    """The strain the last call was about (the agreed trump suit for Blackwood)."""
    forcing: bool = False
    """Partner must not pass the last call."""
    acted: bool = False
    """Has made a call other than pass."""

    def with_length(self, suit: int, length: int) -> Shown:
        lengths = list(self.length)
        lengths[suit] = max(lengths[suit], length)
        return replace(self, length=(lengths[0], lengths[1], lengths[2], lengths[3]))

    def narrowed(self, low: int | None = None, high: int | None = None) -> Shown:
        """The point range cut to ``low``-``high``; a range that would empty is left as it was."""
        new_low = self.hcp_min if low is None else max(self.hcp_min, low)
        new_high = self.hcp_max if high is None else min(self.hcp_max, high)
        if new_low > new_high:
            return self
        return replace(self, hcp_min=new_low, hcp_max=new_high)


@dataclass(frozen=True, slots=True)
class HandView:
    """What a player knows of his own hand, in the terms the bot thinks in."""

    hand: Hand
    hcp: int
    lengths: tuple[int, int, int, int]

    @classmethod
    def of(cls, hand: Hand) -> HandView:
        lengths = tuple(suit_length(hand, s) for s in range(4))
        return cls(hand, high_card_points(hand), (lengths[0], lengths[1], lengths[2], lengths[3]))

    @property
    def balanced(self) -> bool:
        return tuple(sorted(self.lengths)) in ((3, 3, 3, 4), (2, 3, 4, 4), (2, 3, 3, 5))

    @property
    def length_points(self) -> int:
        """High-card points plus one for each card beyond four in a suit."""
        return self.hcp + sum(max(0, n - 4) for n in self.lengths)

    def support_points(self, trumps: int, trump_suit: int) -> int:
        """High-card points plus shortness, for the hand that supports partner's suit."""
        if trumps < 3:
            return self.hcp
        values = (3, 2, 1) if trumps >= 4 else (2, 1, 0)
        extra = 0
        for suit in range(4):
            if suit != trump_suit and self.lengths[suit] < 3:
                extra += values[self.lengths[suit]]
        return self.hcp + extra

    def ranks(self, suit: int) -> list[int]:
        """Ranks held in a suit, highest first."""
        return sorted((c % 13 for c in suit_cards(self.hand, suit)), reverse=True)

    def stopper(self, suit: int) -> bool:
        """A, Kx, Qxx or Jxxx: a holding that stops a suit in notrump."""
        ranks, n = self.ranks(suit), self.lengths[suit]
        return (
            ACE in ranks
            or (KING in ranks and n >= 2)
            or (QUEEN in ranks and n >= 3)
            or (JACK in ranks and n >= 4)
        )

    def honours(self, suit: int) -> int:
        """Of the ace, king, queen, jack and ten, how many the hand holds in ``suit``."""
        return sum(1 for r in self.ranks(suit) if r >= 8)

    def aces(self) -> int:
        return sum(1 for s in range(4) if ACE in self.ranks(s))

    def good_suit(self, suit: int) -> bool:
        """Two of the top three honours, or three of the top five: a suit worth bidding alone."""
        top = sum(1 for r in self.ranks(suit) if r >= QUEEN)
        return top >= 2 or self.honours(suit) >= 3


# -- the state of one auction ------------------------------------------------------------------


@dataclass
class BiddingResult:
    """The finished auction and what every player's calls showed."""

    auction: Auction
    shown: list[Shown] = field(default_factory=list)


def bid_board(board: Board, styles: Sequence[Style]) -> BiddingResult:
    """Bid a board with the styles of the players in seat order N, E, S, W."""
    table = _Table(board, styles)
    auction = table.auction
    while not auction.is_over:
        seat = int(auction.turn)
        call, shown = _Decision(table, seat).choose()
        auction.push(call)  # the strict auction refuses an illegal call
        table.shown[seat] = replace(shown, acted=shown.acted or call != PASS)
        if len(auction.calls) > 80:  # pragma: no cover - a bug guard, never reached
            raise AssertionError(f"the sample bidder does not stop: {auction}")
    return BiddingResult(auction, table.shown)


class _Table:
    def __init__(self, board: Board, styles: Sequence[Style]) -> None:
        self.auction = Auction(board.dealer)
        self.views = [HandView.of(h) for h in board.deal.hands]
        self.styles = list(styles)
        self.shown = [Shown() for _ in range(4)]

    def calls_by(self, seat: int) -> list[Call]:
        first = (seat - self.auction.dealer) & 3
        return self.auction.calls[first::4]


Choice = tuple[Call, Shown]


class _Decision:
    """One player's choice of call; the methods are the parts of the system."""

    def __init__(self, table: _Table, seat: int) -> None:
        self.t = table
        self.seat = seat
        self.partner = (seat + 2) & 3
        self.v = table.views[seat]
        self.style = table.styles[seat]
        self.me = table.shown[seat]
        self.p = table.shown[self.partner]
        self.lho = table.shown[(seat + 1) & 3]
        self.rho = table.shown[(seat + 3) & 3]
        self.auction = table.auction

    # -- small helpers -----------------------------------------------------------------------

    def legal(self, call: Call | None) -> bool:
        return call is not None and self.auction.illegality(call) is None

    def at(self, level: int, strain: int) -> Call | None:
        """The bid of ``level`` in ``strain`` if it is legal now."""
        if not 1 <= level <= 7:
            return None
        call = bid(level, strain)
        return call if self.legal(call) else None

    def cheapest_level(self, strain: int) -> int:
        last = self.auction.last_bid
        if last is None:
            return 1
        return bid_level(last) + (1 if strain <= bid_strain(last) else 0)

    def cheapest(self, strain: int, max_level: int = 7) -> Call | None:
        level = self.cheapest_level(strain)
        return bid(level, strain) if level <= min(max_level, 7) else None

    def last_bid_ours(self) -> bool:
        bidder = self.auction.last_bidder
        return bidder is not None and (bidder - self.seat) % 2 == 0

    def opponent_suits(self) -> list[int]:
        return [s for s in range(4) if max(self.lho.length[s], self.rho.length[s]) >= 4]

    def stopped(self, suit: int) -> bool:
        return self.v.stopper(suit) or self.p.bid_nt or self.p.length[suit] >= 4

    def all_stopped(self) -> bool:
        return all(self.stopped(s) for s in self.opponent_suits())

    def is_opener(self, seat: int) -> bool:
        """Did ``seat`` make the first bid of the auction?"""
        a = self.auction
        for index, call in enumerate(a.calls):
            if call < 35:
                return (a.dealer + index) & 3 == seat
        return False

    def rho_call(self) -> Call | None:
        calls = self.auction.calls
        return calls[-1] if calls else None

    def game_need(self, strain: int) -> int:
        return self.style.game_points + (3 if strain in MINORS else 0)

    def partner_max(self) -> int:
        return min(self.p.hcp_max, 40 - self.v.hcp)

    def points(self, strain: int) -> int:
        """My points for play in ``strain``: support points as the short trump hand."""
        v = self.v
        if strain == NT:
            return v.hcp + (1 if max(v.lengths) >= 5 else 0)
        mine, theirs = v.lengths[strain], self.p.length[strain]
        if mine >= 3 and theirs >= mine:
            return v.support_points(mine, strain)
        return v.length_points

    def show(
        self,
        *,
        meaning: str,
        low: int | None = None,
        high: int | None = None,
        lengths: dict[int, int] | None = None,
        strain: int | None = None,
        balanced: bool | None = None,
        bid_nt: bool | None = None,
        forcing: bool = False,
    ) -> Shown:
        """My shown record after a call: ``low``/``high`` narrow the range, lengths only grow."""
        shown = replace(
            self.me,
            meaning=meaning,
            forcing=forcing,
            strain=self.me.strain if strain is None else strain,
            balanced=self.me.balanced if balanced is None else balanced,
            bid_nt=self.me.bid_nt if bid_nt is None else bid_nt,
        )
        for suit, n in (lengths or {}).items():
            shown = shown.with_length(suit, n)
        return shown.narrowed(low, high)

    def passing(self, meaning: str = "pass", high: int | None = None) -> Choice:
        return PASS, self.show(meaning=meaning, high=high)

    # -- the choice --------------------------------------------------------------------------

    def choose(self) -> Choice:
        anyone_bid = self.auction.last_bid is not None
        if not anyone_bid:
            return self.opening()
        ours_acted = self.me.acted or self.p.acted
        if self.p.meaning == "blackwood" and self.auction.last_bidder == self.partner:
            return self.answer_blackwood()
        if self.me.meaning == "blackwood" and self.p.meaning == "aces":
            return self.after_blackwood()
        if self.p.meaning == "stayman" and self.auction.last_bidder == self.partner:
            return self.answer_stayman()
        if not ours_acted:
            return self.overcall()
        if self.p.acted and not self.me.acted and self.first_chance():
            return self.respond() if self.is_opener(self.partner) else self.advance()
        if (
            self.is_opener(self.seat)
            and self.count_actions(self.seat) == 1
            and self.count_actions(self.partner) == 1
            and self.p.meaning in ("respond", "raise")
        ):
            return self.opener_rebid()
        return self.later()

    def count_actions(self, seat: int) -> int:
        return sum(1 for c in self.t.calls_by(seat) if c != PASS)

    def first_chance(self) -> bool:
        """Is this my first call since partner's first bid or double?"""
        calls, dealer = self.auction.calls, self.auction.dealer
        first = next(
            i for i, c in enumerate(calls) if c != PASS and (dealer + i) & 3 == self.partner
        )
        return not any((dealer + i) & 3 == self.seat for i in range(first + 1, len(calls)))

    # -- opening -----------------------------------------------------------------------------

    def opening(self) -> Choice:
        v, s = self.v, self.style
        hcp = v.hcp
        position = len(self.auction.calls)  # 0 = dealer ... 3 = fourth seat
        two_longest = sum(sorted(v.lengths)[-2:])
        if position == 3:
            qualifies = hcp >= 11 and hcp + v.lengths[3] >= 15  # the rule of 15
        else:
            qualifies = hcp >= s.open_min or (hcp >= 10 and hcp + two_longest >= 20)
        nt_low, nt_high = s.nt_range
        if v.balanced and nt_low <= hcp <= nt_high and (position < 3 or qualifies):
            return bid(1, NT), self.show(
                meaning="open", low=nt_low, high=nt_high, balanced=True, bid_nt=True, strain=NT
            )
        if v.balanced and 20 <= hcp <= 22:
            return bid(2, NT), self.show(
                meaning="open", low=20, high=22, balanced=True, bid_nt=True, strain=NT
            )
        if qualifies:
            suit = self.opening_suit()
            shows = 5 if suit in MAJORS else 3
            return bid(1, suit), self.show(
                meaning="open", low=s.open_min - 1, high=21, strain=suit, lengths={suit: shows}
            )
        if position < 3:
            preempt = self.preempt()
            if preempt is not None:
                return preempt
        return self.passing(high=s.open_min - 1 if position < 3 else 14)

    def opening_suit(self) -> int:
        lengths = self.v.lengths
        longest = max(lengths)
        if longest >= 5:
            return next(s for s in (3, 2, 1, 0) if lengths[s] == longest)
        if lengths[1] > lengths[0] or (lengths[0] == lengths[1] == 4):
            return 1
        return 0

    def preempt(self) -> Choice | None:
        v = self.v
        for suit in (3, 2, 1, 0):
            n = v.lengths[suit]
            if n >= 7 and 5 <= v.hcp <= 10 and v.good_suit(suit):
                return bid(3, suit), self.show(
                    meaning="preempt", low=5, high=10, strain=suit, lengths={suit: 7}
                )
            other_major = 5 - suit if suit in MAJORS else None
            if (
                self.style.weak_twos
                and suit != 0
                and n == 6
                and 6 <= v.hcp <= 10
                and v.good_suit(suit)
                and (other_major is None or v.lengths[other_major] < 4)
            ):
                return bid(2, suit), self.show(
                    meaning="preempt", low=6, high=10, strain=suit, lengths={suit: 6}
                )
        return None

    # -- responding to partner's opening -----------------------------------------------------

    def respond(self) -> Choice:
        p = self.p
        if p.strain == NT and self.rho_call() == DOUBLE and self.v.hcp <= 8:
            for suit in sorted(range(4), key=lambda x: (-self.v.lengths[x], -x)):
                if self.v.lengths[suit] >= 5 and self.legal(bid(2, suit)):
                    return bid(2, suit), self.show(
                        meaning="signoff", high=7, strain=suit, lengths={suit: 5}
                    )
        if p.meaning == "open" and p.strain == NT and p.hcp_max <= 17 and self.rho_call() == PASS:
            return self.respond_1nt()
        if p.meaning == "open" and p.strain in range(4):
            return self.respond_suit(p.strain)
        return self.later()

    def respond_1nt(self) -> Choice:
        """Natural responses to 1NT with Stayman; the point bands follow partner's range."""
        v, p, need = self.v, self.p, self.style.game_points
        hcp = v.hcp
        long_major = max(MAJORS, key=lambda s: (v.lengths[s], s))
        invite = need - p.hcp_max  # the least for a game try
        force = need - p.hcp_min  # the least for game opposite a minimum
        slam = self.style.slam_points - p.hcp_min
        if hcp < invite:
            for suit in (3, 2, 1):
                if v.lengths[suit] >= 5 and not (suit == 1 and v.lengths[suit] < 6):
                    return bid(2, suit), self.show(
                        meaning="signoff", high=invite - 1, strain=suit, lengths={suit: 5}
                    )
            return self.passing(high=invite - 1)
        if v.lengths[long_major] >= 6 and hcp < slam:
            return bid(4, long_major), self.show(
                meaning="game",
                low=invite,
                high=slam - 1,
                strain=long_major,
                lengths={long_major: 6},
            )
        if v.lengths[long_major] >= 5 and force <= hcp < slam:
            return bid(3, long_major), self.show(
                meaning="respond",
                low=force,
                high=slam - 1,
                strain=long_major,
                lengths={long_major: 5},
                forcing=True,
            )
        if max(v.lengths[3], v.lengths[2]) >= 4 and sorted(v.lengths) != [3, 3, 3, 4]:
            return bid(2, 0), self.show(meaning="stayman", low=invite, forcing=True)
        return self.later()

    def answer_stayman(self) -> Choice:
        v = self.v
        for suit in (2, 3):
            if v.lengths[suit] >= 4:
                call = self.at(2, suit)
                if call is not None:
                    return call, self.show(meaning="answer", lengths={suit: 4})
        call = self.at(2, 1)
        if call is not None:
            return call, self.show(meaning="answer")
        return self.passing()

    def respond_suit(self, opened: int) -> Choice:
        v, hcp = self.v, self.v.hcp
        rho = self.rho_call()
        interfered = rho is not None and rho != PASS
        passed_hand = any(c == PASS for c in self.t.calls_by(self.seat))
        forcing = not passed_hand
        if rho == DOUBLE and hcp >= 10:
            return REDOUBLE, self.show(meaning="redouble", low=10)
        support = v.lengths[opened]
        fit = support >= (3 if opened in MAJORS else 5)
        if fit:
            sp = v.support_points(support, opened)
            slam = sp + self.p.hcp_min >= self.style.slam_points
            if opened in MAJORS and sp >= 13 and slam and self.legal(bid(4, NT)):
                return bid(4, NT), self.show(meaning="blackwood", low=13, strain=opened)
            if sp >= 6:
                choice = self.raise_partner(opened, sp)
                if choice is not None:
                    return choice
        if hcp < 6:
            return self.passing(high=5)
        one_level = self.one_level_suit(opened)
        if one_level is not None and (not interfered or v.lengths[one_level] >= 5 or hcp >= 8):
            return bid(1, one_level), self.show(
                meaning="respond",
                low=6,
                strain=one_level,
                lengths={one_level: 4},
                forcing=forcing,
            )
        if hcp >= 11:
            two = self.two_over_one(opened)
            if two is not None:
                return two, self.show(
                    meaning="respond",
                    low=11,
                    strain=bid_strain(two),
                    lengths={bid_strain(two): 5 if bid_strain(two) == 2 else 4},
                    forcing=forcing,
                )
        if self.all_stopped():
            for low, high, level, need_balance in (
                (6, 10, 1, False),
                (11, 12, 2, True),
                (13, 15, 3, True),
            ):
                if low + (2 if interfered and level == 1 else 0) <= hcp <= high:
                    call = self.at(level, NT)
                    if call is not None and (v.balanced or not need_balance):
                        return call, self.show(
                            meaning="respond",
                            low=low,
                            high=high,
                            bid_nt=True,
                            strain=NT,
                            balanced=level > 1,
                        )
        if support >= 4 and 6 <= hcp <= 10:
            call = self.cheapest(opened, 3)
            if call is not None:
                return call, self.show(
                    meaning="raise", low=6, high=10, strain=opened, lengths={opened: 4}
                )
        if interfered and rho is not None and rho < 35 and hcp >= 10:
            their = bid_strain(rho)
            if their != NT and v.lengths[their] >= 4 and v.honours(their) >= 2:
                return DOUBLE, self.show(meaning="penalty", low=10)
        if hcp >= 16:
            for suit in sorted(range(4), key=lambda s: (-v.lengths[s], -s)):
                call = self.cheapest(suit, 3)
                if suit != opened and call is not None and v.lengths[suit] >= 3:
                    return call, self.show(
                        meaning="respond", low=16, strain=suit, lengths={suit: 3}, forcing=True
                    )
        return self.passing(high=10 if interfered else 5)

    def raise_partner(self, suit: int, sp: int) -> Choice | None:
        """Raise partner's suit: simple 6-9, limit 10-12, game 13+ (a minor gets 3NT instead)."""
        if sp <= 9:
            call = self.cheapest(suit, 2 if self.v.lengths[suit] < 4 else 3)
            if call is None:
                return None
            return call, self.show(meaning="raise", low=6, high=9, strain=suit, lengths={suit: 3})
        if sp <= 12:
            call = self.at(3, suit) or self.cheapest(suit, 3)
            if call is None:
                return None
            return call, self.show(
                meaning="raise",
                low=10,
                high=12,
                strain=suit,
                lengths={suit: 4 if suit in MAJORS else 5},
            )
        if suit in MAJORS:
            call = self.at(4, suit) or self.cheapest(suit, 4)
            if call is None:
                return None
            return call, self.show(meaning="game", low=13, high=16, strain=suit, lengths={suit: 3})
        if self.all_stopped() and self.v.balanced:
            call = self.at(3, NT)
            if call is not None:
                return call, self.show(meaning="game", low=13, high=16, strain=NT, bid_nt=True)
        return None  # a strong hand with a minor fit: show a suit first

    def one_level_suit(self, opened: int) -> int | None:
        v = self.v
        majors = [s for s in MAJORS if v.lengths[s] >= 4 and self.legal(bid(1, s))]
        if majors:
            if len(majors) == 2 and v.lengths[3] >= 5 and v.lengths[3] >= v.lengths[2]:
                return 3
            return max(majors, key=lambda s: (v.lengths[s], -s))  # 4-4: hearts first
        if opened == 0 and v.lengths[1] >= 4 and self.legal(bid(1, 1)):
            return 1
        return None

    def two_over_one(self, opened: int) -> Call | None:
        v = self.v
        options = []
        for suit in range(4):
            call = self.at(2, suit)
            need = 5 if suit == 2 else 4
            if (
                suit != opened
                and call is not None
                and self.cheapest_level(suit) == 2
                and v.lengths[suit] >= need
            ):
                options.append(suit)
        if not options:
            return None
        best = max(options, key=lambda s: (v.lengths[s], s))
        return bid(2, best)

    # -- opener's rebid ----------------------------------------------------------------------

    def opener_rebid(self) -> Choice:
        v = self.v
        opened = self.me.strain
        p = self.p
        if p.meaning == "raise" or p.strain == NT or opened == NT or p.meaning == "game":
            return self.later()
        if self.me.meaning not in ("open",) or opened not in range(4):
            return self.later()
        answer = p.strain
        if answer not in range(4):
            return self.later()
        hcp, tp = v.hcp, v.length_points
        support = self.support_rebid(answer, opened) if answer in MAJORS else None
        if support is not None:
            return support
        for suit in (2, 3) if answer < 2 else (3,):
            if suit not in (opened, answer) and v.lengths[suit] >= 4:
                call = self.at(1, suit)
                if call is not None:
                    return call, self.show(meaning="rebid", strain=suit, high=18, lengths={suit: 4})
        support = self.support_rebid(answer, opened) if answer in MINORS else None
        if support is not None and not v.balanced:
            return support
        if v.balanced:
            nt_level = self.cheapest_level(NT)
            low, high = self.style.rebid_nt_range
            if low <= hcp <= high and nt_level <= 2 and self.all_stopped():
                return bid(nt_level, NT), self.show(
                    meaning="rebid", low=low - 1, high=high, balanced=True, bid_nt=True, strain=NT
                )
            if 18 <= hcp <= 19 and self.all_stopped():
                call = self.at(max(2, nt_level), NT) if nt_level == 1 else self.at(3, NT)
                if call is not None:
                    return call, self.show(
                        meaning="rebid", low=18, high=19, balanced=True, bid_nt=True, strain=NT
                    )
        if v.lengths[opened] >= 6:
            level = self.cheapest_level(opened) + (1 if tp >= 17 else 0)
            call = self.at(level, opened) if level <= 3 else None
            if call is not None:
                return call, self.show(
                    meaning="rebid",
                    strain=opened,
                    lengths={opened: 6},
                    low=16 if tp >= 17 else None,
                    high=None if tp >= 17 else 15,
                )
        second = [
            s
            for s in range(4)
            if s not in (opened, answer)
            and v.lengths[s] >= 4
            and self.cheapest_level(s) <= 2
            and (s < opened or hcp >= 16)
        ]
        if second:
            suit = max(second, key=lambda s: (v.lengths[s], s))
            call = self.cheapest(suit, 2)
            if call is not None:
                reverse = suit > opened
                return call, self.show(
                    meaning="rebid",
                    strain=suit,
                    lengths={suit: 4},
                    low=16 if reverse else None,
                    high=None if reverse else 18,
                )
        if v.lengths[answer] >= 3 and self.p.length[answer] >= 5:
            call = self.cheapest(answer, 3)
            if call is not None:
                return call, self.show(meaning="raise", high=15, strain=answer, lengths={answer: 3})
        call = self.cheapest(opened, 2)
        if call is not None:
            return call, self.show(meaning="rebid", strain=opened, high=15, lengths={opened: 5})
        nt = self.cheapest(NT, 3)
        if nt is not None and p.forcing:
            return nt, self.show(meaning="rebid", bid_nt=True, strain=NT)
        return self.later()

    def support_rebid(self, answer: int, opened: int) -> Choice | None:
        """Raise partner's new suit with four cards: 2-level minimum, jump 16-18, game 19+."""
        v = self.v
        if v.lengths[answer] < 4 or answer == opened:
            return None
        sp = v.support_points(v.lengths[answer], answer)
        band = 0 if sp <= 15 else 1 if sp <= 18 else 2
        level = (2, 3, 4 if answer in MAJORS else 3)[band]
        call = self.at(max(level, self.cheapest_level(answer)), answer)
        if call is None or bid_level(call) > 4:
            return None
        low, high = ((11, 15), (16, 18), (19, 21))[band]
        return call, self.show(
            meaning="raise", low=low, high=high, strain=answer, lengths={answer: 4}
        )

    # -- the opponents opened ----------------------------------------------------------------

    def overcall(self) -> Choice:
        v, s = self.v, self.style
        hcp = v.hcp
        last = self.auction.last_bid
        assert last is not None
        level, their = bid_level(last), bid_strain(last)
        calls = self.auction.calls
        balancing = len(calls) >= 3 and calls[-1] == PASS and calls[-2] == PASS
        adjust = 3 if balancing else 0
        opp = set(self.opponent_suits())
        if their != NT:
            opp.add(their)
        if level >= 3 or (their == NT and level >= 2):
            short = their != NT and v.lengths[their] <= 1
            if hcp >= 15 - adjust and short and self.legal(DOUBLE):
                return DOUBLE, self.show(meaning="takeout", low=15 - adjust)
            for suit in sorted(range(4), key=lambda x: (-v.lengths[x], -x)):
                call = self.cheapest(suit, 4)
                if suit not in opp and v.lengths[suit] >= 6 and hcp >= 13 and call is not None:
                    return call, self.show(
                        meaning="overcall", low=13, strain=suit, lengths={suit: 6}
                    )
            return self.passing()
        if their == NT:
            if hcp >= 15 and self.legal(DOUBLE):
                return DOUBLE, self.show(meaning="penalty", low=15)
            for suit in sorted(range(4), key=lambda x: (-v.lengths[x], -x)):
                call = self.cheapest(suit, 2)
                if v.lengths[suit] >= 6 and hcp >= 8 and v.good_suit(suit) and call is not None:
                    return call, self.show(
                        meaning="overcall", low=8, high=14, strain=suit, lengths={suit: 6}
                    )
            return self.passing(high=14)
        nt_low, nt_high = (11, 14) if balancing and level == 1 else (15, 18)
        if v.balanced and nt_low <= hcp <= nt_high and all(v.stopper(x) for x in opp):
            call = self.cheapest(NT, 1 if level == 1 else 2)
            if call is not None:
                return call, self.show(
                    meaning="overcall",
                    low=nt_low,
                    high=nt_high,
                    balanced=True,
                    bid_nt=True,
                    strain=NT,
                )
        unbid = [x for x in range(4) if x not in opp]
        suits = sorted((x for x in unbid if v.lengths[x] >= 5), key=lambda x: (-v.lengths[x], -x))
        shortness_ok = (
            all(v.lengths[x] >= 3 for x in unbid if x in MAJORS)
            and sum(1 for x in unbid if v.lengths[x] < 3) <= 1
            and max(v.lengths[x] for x in opp) <= 2
        )
        strong = 15 if balancing else 19
        if hcp >= strong and self.legal(DOUBLE):
            return DOUBLE, self.show(meaning="takeout", low=strong)

        def suit_overcall(choices: list[int]) -> Choice | None:
            for suit in choices:
                call = self.cheapest(suit, 2)
                if call is None:
                    continue
                least = (s.overcall_min if bid_level(call) == 1 else 11) - adjust
                quality = v.good_suit(suit) or v.lengths[suit] >= 6 or bid_level(call) == 1
                if least <= hcp <= 17 and quality and (bid_level(call) == 1 or hcp >= least):
                    return call, self.show(
                        meaning="overcall", low=least, high=17, strain=suit, lengths={suit: 5}
                    )
            return None

        major = suit_overcall([x for x in suits if x in MAJORS])
        if major is not None:
            return major
        if hcp >= s.double_min - adjust and shortness_ok and self.legal(DOUBLE):
            lengths = {x: 3 for x in unbid}
            return DOUBLE, self.show(meaning="takeout", low=s.double_min - adjust, lengths=lengths)
        minor = suit_overcall([x for x in suits if x in MINORS])
        if minor is not None:
            return minor
        return self.passing(high=s.overcall_min - 1 + adjust)

    def advance(self) -> Choice:
        """Partner overcalled or doubled; this is my first action."""
        v, p = self.v, self.p
        hcp = v.hcp
        rho = self.rho_call()
        if p.meaning == "penalty":
            return self.passing()
        opp = set(self.opponent_suits())
        last = self.auction.last_bid
        if last is not None and bid_strain(last) != NT and not self.last_bid_ours():
            opp.add(bid_strain(last))
        if p.meaning == "takeout":
            free = rho not in (PASS, REDOUBLE)
            if free and hcp < 6:
                return self.passing(high=5)
            unbid = [x for x in range(4) if x not in opp]
            if not unbid:
                return self.passing()
            best = max(unbid, key=lambda x: (v.lengths[x] + (1 if x in MAJORS else 0), x))
            if hcp >= 12:
                if best in MAJORS and v.lengths[best] >= 4:
                    call = self.at(4, best) or self.cheapest(best, 4)
                    if call is not None:
                        return call, self.show(
                            meaning="game", low=12, strain=best, lengths={best: 4}
                        )
                if all(v.stopper(x) for x in opp):
                    call = self.at(3, NT)
                    if call is not None:
                        return call, self.show(meaning="game", low=12, bid_nt=True, strain=NT)
            if 6 <= hcp <= 10 and v.balanced and all(v.stopper(x) for x in opp):
                call = self.cheapest(NT, 1 if hcp <= 9 else 2)
                if call is not None and (best not in MAJORS or v.lengths[best] < 4):
                    return call, self.show(
                        meaning="advance", low=6, high=10, bid_nt=True, strain=NT
                    )
            cheapest = self.cheapest_level(best)
            jump = 1 if hcp >= 9 and not free and cheapest <= 2 else 0
            call = self.at(cheapest + jump, best)
            if call is None or bid_level(call) > 3 or (free and bid_level(call) > 2 and hcp < 8):
                return self.passing(high=8)
            return call, self.show(
                meaning="advance",
                low=9 if jump else 0,
                high=None if jump else 8,
                strain=best,
                lengths={best: 4 if v.lengths[best] >= 4 else 3},
            )
        suit = p.strain
        if hcp < 6:
            return self.passing(high=5)
        if suit in range(4):
            support = v.lengths[suit]
            if support >= 3:
                sp = v.support_points(support, suit)
                fit = support + p.length[suit]
                lott = fit - 6 + self.style.compete_extra
                if sp + p.hcp_min >= self.game_need(suit) and suit in MAJORS:
                    call = self.at(4, suit) or self.cheapest(suit, 4)
                    if call is not None:
                        return call, self.show(
                            meaning="game", low=10, strain=suit, lengths={suit: 3}
                        )
                if sp >= 11:
                    call = self.at(self.cheapest_level(suit) + 1, suit)
                    if call is not None and bid_level(call) <= 3:
                        return call, self.show(
                            meaning="invite", low=11, high=12, strain=suit, lengths={suit: 3}
                        )
                if sp >= 6:
                    call = self.cheapest(suit, max(2, min(lott, 3)))
                    if call is not None:
                        return call, self.show(
                            meaning="raise", low=6, high=10, strain=suit, lengths={suit: 3}
                        )
        if hcp >= 8 and v.balanced and all(v.stopper(x) for x in opp):
            level = 1 if hcp <= 11 else 2 if hcp <= 13 else 3
            call = self.at(max(level, self.cheapest_level(NT)), NT)
            if call is not None and bid_level(call) <= 3:
                return call, self.show(meaning="advance", low=8, bid_nt=True, strain=NT)
        for own in sorted(range(4), key=lambda x: (-v.lengths[x], -x)):
            call = self.cheapest(own, 2)
            suitable = own not in opp and own != suit and v.lengths[own] >= 5 and v.good_suit(own)
            if suitable and hcp >= 9 and call is not None:
                return call, self.show(meaning="advance", low=9, strain=own, lengths={own: 5})
        return self.later()

    # -- conventions -------------------------------------------------------------------------

    def answer_blackwood(self) -> Choice:
        aces = self.v.aces()
        step = (0, 1, 2, 3, 0)[aces]
        call = self.at(5, step)
        if call is None:
            return self.passing()
        return call, self.show(meaning="aces")

    def after_blackwood(self) -> Choice:
        trump = self.me.strain
        answer = self.auction.last_bid
        if answer is None or trump not in range(4):
            return self.passing()
        mine = self.v.aces()
        theirs = int(bid_strain(answer))  # 5C = 0 or 4 aces, 5D = 1, 5H = 2, 5S = 3
        if theirs == 0 and mine == 0:
            theirs = 4
        total = mine + theirs
        if total <= 2:
            call = self.at(5, trump)
            if call is not None:
                return call, self.show(meaning="signoff", strain=trump)
            return self.passing(meaning="signoff")
        call = self.at(6, trump)
        if call is None:
            return self.passing(meaning="signoff")
        return call, self.show(meaning="signoff", strain=trump)

    # -- placing the contract ----------------------------------------------------------------

    def best_strain(self) -> tuple[int, int]:
        """The strain the partnership should play in, with the combined length in it."""
        v, p = self.v, self.p
        combined = [v.lengths[s] + p.length[s] for s in range(4)]
        opp = self.opponent_suits()
        for suit in sorted(MAJORS, key=lambda s: (-combined[s], -s)):
            if combined[suit] >= 8 and suit not in opp:
                return suit, combined[suit]
        pts_nt = self.points(NT) + p.hcp_min
        nt_ok = self.all_stopped() and all(
            v.lengths[s] >= 2 or (v.lengths[s] == 1 and (p.length[s] >= 5 or p.balanced))
            for s in range(4)
        )
        minors = [s for s in MINORS if combined[s] >= 8 and s not in opp]
        own = [s for s in range(4) if v.lengths[s] >= 6 and s not in opp]
        if own and not any(p.length[s] >= 5 for s in minors):
            suit = max(own, key=lambda s: (v.lengths[s], s))
            if not (suit in MINORS and nt_ok and pts_nt >= 23):
                return suit, combined[suit]
        if nt_ok and (pts_nt >= 23 or self.cheapest_level(NT) == 1):
            return NT, 0
        if minors:
            suit = max(minors, key=lambda s: (combined[s], s))
            return suit, combined[suit]
        shown_suits = [s for s in range(4) if p.length[s] >= 4 and s not in opp]
        if shown_suits:
            suit = max(shown_suits, key=lambda s: (combined[s], p.length[s], s))
            if combined[suit] >= 7:
                return suit, combined[suit]
        if nt_ok or self.all_stopped():
            return NT, 0
        suit = max(
            (s for s in range(4) if s not in opp),
            key=lambda s: (v.lengths[s], s),
            default=max(range(4), key=lambda s: (v.lengths[s], s)),
        )
        return suit, combined[suit]

    def place(self, forced: bool = False) -> Choice | None:
        """Bid the contract the combined values call for, or ``None`` to pass."""
        p, s = self.p, self.style
        strain, fit = self.best_strain()
        pts = self.points(strain)
        extra = pts - self.v.hcp
        p_max = self.partner_max()
        lo, hi = pts + p.hcp_min, pts + p_max
        mid = pts + p.hcp_min + (p_max - p.hcp_min + 1) // 2
        need = self.game_need(strain)
        game = 3 if strain == NT else 4 if strain in MAJORS else 5
        invite = 2 if strain == NT else 3
        if p.meaning == "invite":
            lo = hi = mid
        elif p.meaning == "signoff" and self.last_bid_ours() and not forced:
            return None
        ours = self.last_bid_ours()
        last = self.auction.last_bid
        current_level = bid_level(last) if last is not None else 0
        in_strain = ours and last is not None and bid_strain(last) == strain
        cheapest = self.cheapest_level(strain)
        if lo >= s.slam_points:
            asked = "blackwood" in (self.me.meaning, p.meaning) or p.meaning == "aces"
            if strain in MAJORS and not asked and self.legal(bid(4, NT)):
                return bid(4, NT), self.show(meaning="blackwood", strain=strain)
            target, meaning = 6, "slam"
        elif lo >= need:
            target, meaning = game, "game"
        elif hi >= need and lo >= need - 3 and p.meaning not in ("invite", "signoff", "game"):
            target, meaning = invite, "invite"
        else:
            # a partscore; after partner's invitation it declines (a sign-off)
            target, meaning = 0, "signoff" if p.meaning == "invite" else "partscore"
        if in_strain and current_level >= max(target, 1):
            return None
        if meaning in ("signoff", "partscore"):
            cap = 1 if strain == NT else max(2, min(3, fit - 6))
            if not forced and not self.better_partscore(strain, fit, cheapest, cap):
                return None
            level = cheapest
        elif meaning == "invite":
            if cheapest > target:
                if cheapest <= game and mid >= need:
                    level, meaning = cheapest, "game"
                elif forced:
                    level = cheapest
                else:
                    return None
            else:
                level = target
        else:
            level = max(target, cheapest)
            if level > target and not forced:
                return None
        if level > 7:
            return None
        call = bid(level, strain)
        if not self.legal(call):
            return None
        low = high = None
        if meaning in ("signoff", "partscore"):
            high = need - 1 - p.hcp_min - extra
        elif meaning == "invite":
            low, high = need - p_max - extra, need - 1 - p.hcp_min - extra
        elif meaning == "game":
            low, high = need - p_max - extra, s.slam_points - 1 - p.hcp_min - extra
        lengths = {strain: max(0, fit - p.length[strain])} if strain < NT else {}
        return call, self.show(
            meaning=meaning,
            low=low,
            high=high,
            strain=strain,
            bid_nt=self.me.bid_nt or strain == NT,
            lengths=lengths,
        )

    def better_partscore(self, strain: int, fit: int, level: int, cap: int) -> bool:
        """Is it worth bidding ``strain`` at ``level`` as a partscore, not forced to?"""
        if level > cap or not self.last_bid_ours():
            return False  # over the opponents' bid, only :meth:`compete` bids a partscore
        last = self.auction.last_bid
        assert last is not None
        current = bid_strain(last)
        if current == strain:
            return False
        if strain == NT:
            return level == 1 and self.p.acted  # 1NT to play, after partner has bid
        known = self.v.lengths[current] + self.p.length[current] if current < NT else 0
        if current == NT:
            return fit >= 8 or self.v.lengths[strain] >= 6
        return known < 7 or (fit >= 8 and known < 8)

    def compete(self) -> Choice | None:
        """The opponents hold the last bid: bid on by the number of trumps, or double."""
        v, p, s = self.v, self.p, self.style
        last = self.auction.last_bid
        if last is None:
            return None
        their_level, their = bid_level(last), bid_strain(last)
        combined = [v.lengths[x] + p.length[x] for x in range(4)]
        fits = [x for x in range(4) if combined[x] >= 8 and x != their]
        values = v.hcp + p.hcp_min
        if fits:
            strain = max(fits, key=lambda x: (combined[x], x))
            lo = self.points(strain) + p.hcp_min
            game = 4 if strain in MAJORS else 5
            cheapest = self.cheapest_level(strain)
            if lo >= self.game_need(strain) and cheapest <= game:
                call = bid(game if strain in MAJORS else cheapest, strain)
                if self.legal(call):
                    return call, self.show(meaning="game", strain=strain)
            lott = combined[strain] - 6 + s.compete_extra
            enough = values >= 14 + 3 * (cheapest - 2) - 2 * s.compete_extra
            if cheapest <= min(lott, 4) and self.auction.doubled == 0 and enough:
                call = bid(cheapest, strain)
                if self.legal(call) and v.lengths[strain] >= 3:
                    return call, self.show(
                        meaning="compete", strain=strain, lengths={strain: v.lengths[strain]}
                    )
        own = [x for x in range(4) if v.lengths[x] >= 6 and self.me.length[x] >= 5 and x != their]
        if own and v.hcp >= 10 and not fits:
            rebid = self.cheapest(own[0], 2)
            if rebid is not None:
                return rebid, self.show(meaning="compete", strain=own[0], lengths={own[0]: 6})
        if self.legal(DOUBLE) and their_level >= 2:
            trumps = v.lengths[their] if their < NT else 0
            strong_trumps = trumps >= 4 and v.honours(their) >= 1
            enough = values >= s.penalty_points or (
                strong_trumps and values >= s.penalty_points - 4
            )
            if enough and (not fits or their_level >= 4 or strong_trumps):
                return DOUBLE, self.show(meaning="penalty")
        return None

    def later(self) -> Choice:
        p = self.p
        partner_last = self.t.calls_by(self.partner)
        partner_forcing = (
            p.forcing
            and bool(partner_last)
            and partner_last[-1] != PASS
            and self.auction.last_bidder == self.partner
        )
        if p.meaning == "redouble" and self.last_bid_ours():
            return self.passing()
        if self.auction.doubled == 1 and not self.last_bid_ours():
            return self.passing(meaning="pass")  # our side doubled them: leave it in
        if not self.last_bid_ours() and self.auction.last_bid is not None:
            choice = self.compete()
            if choice is not None:
                return choice
            if self.auction.last_bidder is not None and not (self.me.acted or self.p.acted):
                return self.passing()
        choice = self.place(forced=partner_forcing)
        if choice is not None:
            return choice
        if partner_forcing:
            for strain in (NT, *sorted(range(4), key=lambda x: (-self.v.lengths[x], -x))):
                call = self.cheapest(strain)
                if call is not None:
                    return call, self.show(meaning="rebid", strain=strain)
        declined = self.last_bid_ours() and p.meaning == "invite"
        return self.passing(meaning="signoff" if declined else "pass")


def auction_text(auction: Auction) -> str:
    """The calls of an auction as one line, for messages and tests."""
    return " ".join(call_name(c) for c in auction.calls)


# -- one seat's eye ----------------------------------------------------------------------------
#
# ``bid_board`` knows every hand: each call is chosen together with what it shows, from the
# caller's own hand. A robot at a real table knows only its own hand and the calls, so it must
# *read* the others' calls. It reads them the way the system makes them: for each call of
# another player it tries hands for him drawn from the 39 cards it cannot see, keeps those with
# which the system makes that very call, and takes what they have in common (the meaning most of
# them give it, the widest point range, the shortest suit lengths). The draws come from the
# sample dealer's SHA-256 byte stream of a label made of what the seat sees (its hand and the
# calls so far), so the same view gives the same call, and no unseen card can change it.

_DRAWS = 400
"""Hands tried for one call of another player."""
_ENOUGH = 24
"""Hands that make the call: enough to read it."""


def seat_call(
    dealer: Seat,
    seat: Seat,
    hand: Hand,
    calls: Sequence[Call],
    style: Style = STANDARD,
) -> Call:
    """The call the bot at ``seat`` makes over ``calls`` (starting with ``dealer``), knowing
    only its own ``hand`` (its 13 cards). Every player is read as playing ``style``.

    >>> from bridgelaw.cards import parse_hand_pbn
    >>> call_name(seat_call(Seat.NORTH, Seat.NORTH, parse_hand_pbn("AK72.KQ3.A84.Q95"), []))
    '1C'
    """
    table = _Table.__new__(_Table)
    table.auction = Auction(dealer)
    nobody = HandView.of(0)
    table.views = [nobody] * 4
    table.views[seat] = HandView.of(hand)
    table.styles = [style] * 4
    table.shown = [Shown() for _ in range(4)]
    unseen = [c for c in range(52) if not hand >> c & 1]
    for index, call in enumerate(calls):
        caller = int(table.auction.turn)
        if caller == seat:
            chosen, shown = _Decision(table, caller).choose()
            if chosen != call:  # not the system's call (made before the robot sat down)
                shown = _natural(table.shown[caller], call)
        else:
            label = f"robot reads {hand}:{int(dealer)}:{int(seat)}:{list(calls[:index])}"
            shown = _read(table, caller, call, unseen, byte_stream(label.encode()))
        table.auction.push(call)  # raises if the calls are not a legal auction
        table.shown[caller] = replace(shown, acted=shown.acted or call != PASS)
    return _Decision(table, int(seat)).choose()[0]


def _read(
    table: _Table, caller: int, call: Call, unseen: list[int], stream: Iterator[int]
) -> Shown:
    """What ``call`` by ``caller`` shows, read from hands drawn for him (see above)."""
    kept: list[Shown] = []
    pool = list(unseen)
    for _ in range(_DRAWS):
        drawn = 0
        for i in range(13):  # 13 steps of a Fisher-Yates shuffle of the unseen cards
            j = i + uniform_below(len(pool) - i, stream)
            pool[i], pool[j] = pool[j], pool[i]
            drawn |= 1 << pool[i]
        table.views[caller] = HandView.of(drawn)
        made, shown = _Decision(table, caller).choose()
        if made == call:
            kept.append(shown)
            if len(kept) >= _ENOUGH:
                break
    table.views[caller] = HandView.of(0)
    if not kept:  # a call the system would not make: read it naturally
        return _natural(table.shown[caller], call)
    meaning = Counter(s.meaning for s in kept).most_common(1)[0][0]
    same = [s for s in kept if s.meaning == meaning]
    lengths = [min(s.length[suit] for s in same) for suit in range(4)]
    return replace(
        same[0],
        hcp_min=min(s.hcp_min for s in same),
        hcp_max=max(s.hcp_max for s in same),
        length=(lengths[0], lengths[1], lengths[2], lengths[3]),
        balanced=all(s.balanced for s in same),
        bid_nt=all(s.bid_nt for s in same),
        forcing=sum(s.forcing for s in same) * 2 > len(same),
    )


def _natural(before: Shown, call: Call) -> Shown:
    """A call read without the system: a suit bid shows four cards in it, notrump a balanced
    hand, a double or redouble values; pass shows nothing."""
    if call == PASS:
        return replace(before, meaning="pass", forcing=False)
    if call in (DOUBLE, REDOUBLE):
        meaning = "double" if call == DOUBLE else "redouble"
        return replace(before, meaning=meaning, forcing=False)
    strain = bid_strain(call)
    if strain == NT:
        return replace(before, meaning="natural", strain=NT, balanced=True, bid_nt=True)
    return replace(before.with_length(strain, 4), meaning="natural", strain=strain, forcing=False)
