"""Law 70: a disputed claim adjudicated, every doubtful point against the claimer.

The result is the tricks (of those still to be played) the claimer's side gets, with the line
it assumed: a ruling for the director to confirm or change (``director tricks n`` still
decides). It is reached by a search of the play from the position at the claim:

* **the claimer's opponents** defend double dummy: every legal card (70A, the doubtful points
  go against the claimer, so they are assumed to find the best defence against his line);
* **the claimer's side** (the claimer and his partner, dummy included) plays only the cards that
  agree with his statement (68C, 70D1) and, among those, only **normal** plays, and of these
  the search takes the worst for him (70A, 70D1: an unstated line that would succeed is not
  accepted when a less successful normal line exists). "Normal" includes careless and inferior
  plays, not irrational ones (the footnote to Laws 70 and 71).

**Normal plays of the claimer's side**, in this module's words. "Normal" includes careless and
inferior plays "for the class of player involved" (the footnote); the rules below are written for
the least careful class a club director meets, so an expert claimer may deserve more (the
director decides that). What such a claimer knows: the opponents' cards as a set, not their
split (nothing below looks at who holds them, except the show-outs of 70E1), and, 70C apart, he
remembers which cards are out. What he does not do, at any class, is irrational: throw away a
trick he surely wins, or lead a card he knows must lose while he can still reach his winners
when he claimed them all.

* *on lead*: any suit, in any order (careless order is normal, so entries may be wasted and a
  suit may be blocked); in that suit the hand leads its top card, or its lowest card when its
  top card is not a master (a master beats every card of the suit the opponents still hold):
  a suit is cashed from the top, and a low card goes towards partner's winners or gives up a
  trick (70E2: from the top unless the claimer said otherwise). But when he claimed every trick
  left, his hand (and dummy's, whose cards he plays as declarer; not a defender's partner, who
  chooses for himself, 70D2) leads no card that cannot win (an opponent holds a card above all
  his side's cards of that suit, and partner cannot ruff it) while it holds a card of a suit
  his side is master of: he means to throw that card, not lead it. Each stated step (drawing
  trumps, cashing a suit, leading a card, a suit to a card, ruffing, conceding, a finesse) takes
  the lead, in the order stated, while it can be done from the hand on lead.
* *following suit*: when no opponent plays after him in the trick, the cheapest card that wins
  if an opponent is winning (not taking a trick he surely wins is irrational), else his lowest
  card or, under partner's winner, a higher one when that is no waste (below). When an opponent
  still plays after him: his highest card, his cheapest sure winner (one no later opponent can
  beat), or his lowest card when he has no sure winner, or partner's card surely wins the trick,
  or he is second to play and partner holds a card that may still win; ducking a trick he surely
  wins under partner's card that an opponent after him can beat is irrational. A card above his
  lowest is a waste, not normal, when it cannot beat the card winning the trick (partner's, or
  an opponent's higher card or ruff) unless it unblocks (partner keeps a master below it), and
  when it overtakes partner's sure winner unless his hand keeps a master to be on lead for
  (overtaking to unblock is careless, normal). A card that would win only because an opponent
  holds a given card (a finesse) is no normal play unless the claimer stated it (70D1, 70E1), or
  the opponent still to play in the trick has failed to follow to the suit (70E1's exception,
  the same in 2007 and 2017): before the claim, or in the line searched ("or would subsequently
  fail to follow on any normal line": the search takes the worst normal line, so the finesse
  counts only where every line shows the void first); the finesse is then no guess, and the
  hand plays as the last hand does. In 2007 (and in 2017 with ``irrational_exception``) a
  finesse is also taken where not taking it would be irrational: the finesse card does at
  least as well as each of his other normal cards for every lie of the suit he cannot exclude,
  and better for one (:mod:`bridgelaw.analysis.suits`).
* *not following*: a ruff that wins the trick when an opponent is winning (the cheapest such
  ruff when he plays last, also the highest otherwise), or a discard: the lowest card of any
  suit whose lowest card is not a master (a winner is thrown only when every suit's lowest
  card is a winner); not ruffing a trick an opponent wins is normal only when an opponent still
  plays after him; ruffing partner's sure winner is not normal. A stated ruff is always taken.
  When a ruff nobody can beat is there, a low ruff beside it is normal only if he did not
  mention the trumps (70C3: careless of the trump he forgot, which may overruff it).
* *trumps* (70C): when the claimer did not mention trumps, an opponent's trump may win a trick
  whenever any of the normal orders above lets it; when he did ("drawing trumps"), trumps are
  led first while an opponent holds one.
* *a squeeze or endplay* is credited only when stated ("on a squeeze"): the claimer's side
  then plays the best of its normal plays, so a squeeze that works against any defence
  counts; otherwise the worst normal play is assumed and no unstated squeeze is credited.
* *a statement read in part* (:mod:`bridgelaw.analysis.statements`): the clauses read bind;
  from the first clause not understood on, any normal play, any card that may win a trick as a
  stated finesse, and the leads of the later clauses at any time may stand for it, and a squeeze
  stated beside it is not credited (70A): so it never gets him more than the statement without
  that clause.

Limits: the class of player is not an input (the rules above are the careless club player's);
the 2007 irrational exception is decided for one card at a time, the suit alone, entries not
counted, and only where nobody can ruff the suit (elsewhere the director judges it).
The claimer is never credited more than he claimed (the rest he conceded, 68B1; 71 may give
it back, but that is the director's separate decision).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from bridgelaw.analysis.statements import Statement, Step, parse_statement
from bridgelaw.analysis.suits import SuitGame, dominates
from bridgelaw.cards import SUIT_MASK, Seat, Strain, card_name
from bridgelaw.errors import BridgeLawError
from bridgelaw.laws.editions import by_edition
from bridgelaw.table.position import PlayPosition

SUITS = "CDHS"
_INF = 99
NODE_LIMIT = 1_000_000
"""Positions searched before the adjudicator gives up (a claim early in the play, with many
tricks left and many normal orders, can take minutes): it then says so instead of ruling."""


class AdjudicationTooLong(BridgeLawError):
    """The search went past its limit: no ruling; the director decides alone."""


def _low(mask: int) -> int:
    return (mask & -mask).bit_length() - 1


def _high(mask: int) -> int:
    return mask.bit_length() - 1


def _cards(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def _renumber(suit: tuple[int, int, int, int]) -> tuple[int, int, int, int]:
    """One suit's four holdings (13-bit masks) with the ranks renumbered among the cards
    still held: the lowest card present becomes rank 0, the next rank 1, and so on."""
    present = suit[0] | suit[1] | suit[2] | suit[3]
    out = [0, 0, 0, 0]
    i = 0
    for r in range(13):
        if present >> r & 1:
            for seat in range(4):
                if suit[seat] >> r & 1:
                    out[seat] |= 1 << i
            i += 1
    return (out[0], out[1], out[2], out[3])


def finesses_found(statement: Statement, position: PlayPosition, claimer: Seat) -> Statement:
    """A finesse stated by its suit alone ("the diamond finesse") is of the highest card his
    side holds in that suit below an opponent's card and above another (the queen of AQ, the
    jack of AJ10 against the KQ), the card that wins if the higher one lies well: found in the
    position at the claim. Where there is no such card there is nothing to finesse, and the
    clause adds nothing."""

    def found(steps: tuple[Step, ...]) -> tuple[Step, ...]:
        out = []
        for step in steps:
            if step.kind == "finesse" and step.card < 0:
                mask = SUIT_MASK[step.suit]
                theirs = (position.hands[claimer.lho] | position.hands[claimer.rho]) & mask
                ours = (position.hands[claimer] | position.hands[claimer.partner]) & mask
                if not theirs:
                    continue
                below = ours & ((1 << _high(theirs)) - 1) & ~((2 << _low(theirs)) - 1)
                if not below:
                    continue
                step = Step("finesse", step.suit, _high(below))
            out.append(step)
        return tuple(out)

    if not any(s.kind == "finesse" and s.card < 0 for s in statement.said):
        return statement
    return replace(statement, steps=found(statement.steps), loose=found(statement.loose))


@dataclass
class Adjudication:
    """A Law 70 ruling for the director: the tricks, the line assumed, and why."""

    claimer: Seat
    remaining: int
    claimed: int
    tricks: int
    """Tricks of the remaining credited to the claimer's side."""
    double_dummy: int | None
    """What the claimer's side would take with perfect play of both sides (DDS)."""
    statement: Statement
    line: list[str] = field(default_factory=list)
    """The line assumed, trick by trick (the leader first, the winner in brackets)."""
    notes: list[str] = field(default_factory=list)
    """Sentences, each with its clause."""

    def text(self) -> str:
        side = "NS" if self.claimer.side == 0 else "EW"
        parts = [
            f"{side} get {self.tricks} of the {self.remaining} remaining tricks "
            f"({self.claimer.letter} claimed {self.claimed})"
        ]
        parts.extend(self.notes)
        if self.line:
            parts.append("line assumed: " + "; ".join(self.line))
        return ". ".join(parts) + "."


class _Search:
    """The play from the claim on, the claimer's side restricted to its normal plays."""

    def __init__(
        self,
        position: PlayPosition,
        claimer: Seat,
        statement: Statement,
        node_limit: int = NODE_LIMIT,
        irrational: bool = False,
        claims_all: bool = True,
    ) -> None:
        self.node_limit = node_limit
        self.planned = 0
        """The seats whose leads follow his plan to lose no trick (:meth:`sure_losers`): when
        he claimed every trick left, his own and, when he is declarer, dummy's, whose cards he
        plays; a defender's partner chooses his own plays (70D2)."""
        if claims_all:
            self.planned = 1 << claimer
            if claimer == position.declarer:
                self.planned |= 1 << claimer.partner
        self.trump = -1 if position.trump == Strain.NOTRUMP else int(position.trump)
        self.side = claimer.side
        statement = finesses_found(statement, position, claimer)
        self.statement = statement
        self.steps: tuple[Step, ...] = statement.steps
        # a squeeze stated beside a clause not understood is not credited (70A)
        self.maximise = statement.squeeze and statement.understood
        self.memo: dict[tuple[object, ...], tuple[int, int, tuple[int, ...]]] = {}
        self.defence_cache: dict[tuple[int, int], list[int]] = {}
        self.floors: dict[tuple[tuple[int, ...], int, int], int] = {}
        self.keys: dict[tuple[tuple[int, ...], int, int, int], tuple[object, ...]] = {}
        """The memo key of each position met again (the same cards, turn, step and show-outs)."""
        """The lower bound of each position at a trick's start (:meth:`value`), found once."""
        self.suit_cache: dict[tuple[int, int, int, int], tuple[int, int, int, int]] = {}
        self.named = 0
        self.finesses = statement.finesses
        self.ruff_suits = statement.ruff_suits
        self.unread_from = len(self.steps) if not statement.understood else _INF
        self.plain = statement.understood and not statement.finesses and not statement.ruff_suits
        """Nothing stated binds a single play (a finesse, a ruff) or stands for one unread."""
        """The step from which a clause not understood stands in the line (70A)."""
        for step in statement.said:
            if step.card >= 0:
                self.named |= 1 << step.card
        self.shown = 0
        """Bit ``seat * 4 + suit``: an opponent has failed to follow to the suit (70E1), before
        the claim (from the table's play) or since, in the line being searched."""
        for seat in (1 - self.side, 3 - self.side):
            self.shown |= position.shown_out[seat] << (seat * 4)
        self.irrational = irrational
        """70E1 (2007): a line it would be irrational not to take is accepted (:mod:`suits`)."""
        self.suit_game = SuitGame(self.side)
        self.forced_used = False
        """The exception took a finesse somewhere in the search."""
        self.nodes = 0
        self.path: tuple[int, ...] = ()
        """The best cards to the end of the trick, from the last node searched."""

    # -- small facts ------------------------------------------------------------------------

    def ours(self, seat: int) -> bool:
        return (seat & 1) == self.side

    def opp_cards(self, hands: tuple[int, ...]) -> int:
        return hands[1 - self.side] | hands[3 - self.side]

    def our_cards(self, hands: tuple[int, ...]) -> int:
        return hands[self.side] | hands[2 + self.side]

    def winner(self, trick: tuple[tuple[int, int], ...]) -> tuple[int, int]:
        """(seat, card) winning the trick so far."""
        best_seat, best = trick[0]
        for seat, card in trick[1:]:
            suit = card // 13
            best_suit = best // 13
            if (suit == best_suit and card > best) or (
                suit == self.trump and best_suit != self.trump
            ):
                best_seat, best = seat, card
        return best_seat, best

    def is_master(self, card: int, hands: tuple[int, ...]) -> bool:
        """The card beats every card of its suit the opponents still hold."""
        opp = self.opp_cards(hands) & SUIT_MASK[card // 13]
        return card > _high(opp) if opp else True

    # -- the stated steps -------------------------------------------------------------------

    def step_live(self, step: Step, hands: tuple[int, ...]) -> bool:
        ours = self.our_cards(hands)
        if step.kind == "trumps":
            if self.trump < 0:
                return False
            t = SUIT_MASK[self.trump]
            return bool(self.opp_cards(hands) & t) and bool(ours & t)
        if step.kind == "cash":
            mask = ours & SUIT_MASK[step.suit]
            return any(self.is_master(c, hands) for c in _cards(mask))
        if step.kind in ("lead",):
            return bool(ours >> step.card & 1)
        if step.kind == "concede":
            return bool(ours & SUIT_MASK[step.suit])
        if step.kind == "ruff":
            return self.trump >= 0 and any(
                hands[a] & SUIT_MASK[step.suit]
                and not hands[b] & SUIT_MASK[step.suit]
                and hands[b] & SUIT_MASK[self.trump]
                for a, b in ((self.side, 2 + self.side), (2 + self.side, self.side))
            )
        if step.kind in ("finesse", "towards"):
            holder = next((s for s in (self.side, 2 + self.side) if hands[s] >> step.card & 1), -1)
            return holder >= 0 and bool(hands[holder ^ 2] & SUIT_MASK[step.card // 13])
        return False  # pragma: no cover

    def live_step(self, index: int, hands: tuple[int, ...]) -> int:
        while index < len(self.steps) and not self.step_live(self.steps[index], hands):
            index += 1
        return index

    def step_done(self, index: int, trick: tuple[tuple[int, int], ...]) -> int:
        """A trick played: does it complete a concede or ruff step (counted by tricks)?"""
        if index >= len(self.steps):
            return index
        step = self.steps[index]
        led = trick[0][1] // 13
        if step.kind == "concede" and led == step.suit:
            return index + 1
        if step.kind == "towards" and led == step.card // 13:
            return index + 1  # the suit was led to the card named: done, won or not
        if (
            step.kind == "ruff"
            and led == step.suit
            and any(self.ours(s) and c // 13 == self.trump for s, c in trick)
        ):
            return index + 1
        return index

    # -- normal plays -----------------------------------------------------------------------

    def leads(self, hands: tuple[int, ...], seat: int, step_index: int) -> list[int]:
        hand = hands[seat]
        step = self.steps[step_index] if step_index < len(self.steps) else None
        suits = [s for s in range(4) if hand & SUIT_MASK[s]]
        if step is not None:  # 68C: the stated line, in the order stated
            wanted = self._step_lead(step, hands, seat)
            if wanted is not None:
                return wanted
        lows: list[int] = []
        tops: list[int] = []
        masters: list[int] = []
        losers = self.sure_losers(hands, seat, suits) if self.planned >> seat & 1 else 0
        for s in suits:
            held = hand & SUIT_MASK[s]
            top = _high(held)
            if any(f // 13 == s and hand >> f & 1 for f in self.finesses) and len(suits) > 1:
                continue  # the finesse card's hand waits for the lead towards it
            if losers >> s & 1:
                continue  # a card that cannot win while he can reach his winners (below)
            low = _low(held)
            if self.is_master(top, hands):
                masters.append(top)
            else:
                if low != top:
                    lows.append(low)  # towards partner's winners, or giving up a trick (70E2)
                tops.append(top)
        # the leads likeliest to lose a trick first, so the worst line for him is found early
        out = lows + tops + masters
        if step_index >= self.unread_from:
            # 70A: past a clause not understood, what was read after it may come at any time
            for later in self.statement.loose:
                if self.step_live(later, hands):
                    extra = self._step_lead(later, hands, seat) or []
                    out.extend(c for c in extra if c not in out)
        return out or [_high(hand & SUIT_MASK[s]) for s in suits]  # every suit had a finesse

    def sure_losers(self, hands: tuple[int, ...], seat: int, suits: list[int]) -> int:
        """The suits (bit ``1 << suit``) whose lead cannot win the trick, when the hand on lead
        also holds a way to a winner: a claimer who claimed every trick left and can reach his
        winners does not lead a card he knows must lose (irrational, the footnote to Laws 70
        and 71, for any class of player: he knows the opponents' cards as a set, 70C's
        forgotten trump apart). A suit's lead cannot win when an opponent holds a card above
        all his side's cards of it and partner cannot ruff it; it reaches a winner when his side
        holds the suit's master."""
        ours = self.our_cards(hands)
        opp = self.opp_cards(hands)
        partner = hands[seat ^ 2]
        trump = self.trump
        losers = 0
        entry = False
        for s in suits:
            mask = SUIT_MASK[s]
            theirs = opp & mask
            if not theirs or _high(ours & mask) > _high(theirs):
                entry = True
            elif not (
                trump >= 0 and s != trump and not partner & mask and partner & SUIT_MASK[trump]
            ):
                losers |= 1 << s
        return losers if entry else 0

    def _step_lead(self, step: Step, hands: tuple[int, ...], seat: int) -> list[int] | None:
        hand = hands[seat]
        if step.kind == "trumps":  # 70C1: he mentioned the trumps, so he draws them first
            held = hand & SUIT_MASK[self.trump]
            return [_high(held)] if held else None
        if step.kind == "lead":
            return [step.card] if hand >> step.card & 1 else None
        if step.kind == "cash":
            held = hand & SUIT_MASK[step.suit]
            if not held:
                return None
            top = _high(held)
            if self.is_master(top, hands):
                return [top]
            return [_low(held)]  # the masters are in partner's hand: lead towards them
        if step.kind == "concede":
            held = hand & SUIT_MASK[step.suit]
            if not held:
                return None
            top = _high(held)
            return [top] if self.is_master(top, hands) else [_low(held)]
        if step.kind == "ruff":
            held = hand & SUIT_MASK[step.suit]
            partner = hands[seat ^ 2]
            if held and not partner & SUIT_MASK[step.suit]:
                return [_low(held)]
            return None
        if step.kind in ("finesse", "towards"):  # stated (68C): the lead towards the card
            suit = step.card // 13
            held = hand & SUIT_MASK[suit]
            if held and hands[seat ^ 2] >> step.card & 1:
                return [_low(held)]
            return None
        return None  # pragma: no cover

    def follows(
        self,
        hands: tuple[int, ...],
        seat: int,
        trick: tuple[tuple[int, int], ...],
        win: tuple[int, int] | None = None,
        step: int = -1,
    ) -> list[int]:
        hand = hands[seat]
        trump = self.trump
        led = trick[0][1] // 13
        win_seat, win_card = self.winner(trick) if win is None else win
        win_suit = win_card // 13
        partner_winning = self.ours(win_seat)
        later_opps = len(trick) < 3  # an opponent plays after him (the sides alternate)
        opp = self.opp_cards(hands)
        opp_suit = opp & SUIT_MASK[led]
        opp_trumps = opp & SUIT_MASK[trump] if trump >= 0 else 0
        held = hand & SUIT_MASK[led]
        if held:
            if 0 <= step < len(self.steps) and self.steps[step].kind == "towards":
                f = self.steps[step].card  # 68C: "a diamond to the jack": the jack, if it beats
                if hand >> f & 1 and f // 13 == led == win_suit and f > win_card:  # the winner
                    return [f]
            for f in self.finesses:  # 70D1: the stated finesse is taken
                stated = hand >> f & 1 and f // 13 == led == win_suit and f > win_card
                if stated and not partner_winning:
                    return [f]
            low, high = _low(held), _high(held)
            winning = held & ~((2 << win_card) - 1) if win_suit == led else 0
            # 70E1: the opponent still to play has failed to follow to this suit before the
            # claim, so every card of it the claimer's side does not see is with the one who
            # has played: a finesse against him is no guess, and the hand plays as if last
            marked = self.shown >> (((seat + 1) & 3) * 4 + led) & 1
            # partner's card wins the trick for sure: no opponent holds a higher one of its suit
            partner_sure = partner_winning and (
                not later_opps or not (win_suit == led and opp_suit and win_card < _high(opp_suit))
            )
            high_ok = self.spends_well(hands, seat, high, win_card, partner_sure, opp_suit)
            if not later_opps or marked:  # last to play
                if partner_winning:  # low, or high to overtake or unblock: careless is normal
                    return [low] if low == high or not high_ok else [low, high]
                # not taking a trick he surely wins is irrational (70 footnote)
                return [_low(winning)] if winning else [low]
            # sure: beats the card winning now and every card the opponents hold in the suit
            sure = winning & ~((2 << _high(opp_suit)) - 1) if opp_suit else winning
            # from the top (70E2); a finesse only if stated (70D1, 70E1)
            options = [high] if high_ok else []
            if sure and self.spends_well(hands, seat, _low(sure), win_card, partner_sure, opp_suit):
                options.append(_low(sure))
            if (
                not sure
                or partner_sure
                or (len(trick) == 1 and self.partner_may_win(hands, seat, trick))
                or not options
            ):
                # low with a sure winner only when partner's card surely wins (ducking a trick
                # he surely wins under partner's card an opponent can beat is irrational), or
                # second hand when partner may still win the trick
                options.append(low)
            if step >= self.unread_from:
                # 70A: a clause not understood may have stated a finesse, which would bind
                # him whether it wins or not (68C): every card that may win is tried too
                options.extend(_cards(winning))
            finesse = winning & ~sure
            if self.irrational and finesse and _low(finesse) not in options:
                # 70E1 (2007): the finesse is taken when not taking it would be irrational
                card = _low(finesse)
                if self.forced_finesse(hands, seat, trick, card, options):
                    self.forced_used = True
                    return [card]
            return sorted(set(options))
        # void in the suit led: ruff or discard
        ruffs: list[int] = []
        sure_ruff = -1
        if trump >= 0 and led != trump:
            trumps = hand & SUIT_MASK[trump]
            if win_suit == trump:
                trumps &= ~((2 << win_card) - 1)
            if trumps:
                t_low, t_high = _low(trumps), _high(trumps)
                ruffs = [t_low] if not later_opps or t_low == t_high else [t_low, t_high]
                # a ruff no outstanding trump can beat wins the trick for sure
                safe = trumps & ~((2 << _high(opp_trumps)) - 1) if opp_trumps else trumps
                sure_ruff = _low(safe) if safe else -1
        partner_sure = partner_winning and (
            not later_opps or (win_suit == led and not (opp_suit and win_card < _high(opp_suit)))
        )
        if partner_sure:
            ruffs = []  # ruffing partner's sure winner is irrational (70 footnote)
        if ruffs and led in self.ruff_suits:
            return ruffs  # the stated ruff (68C)
        if ruffs and not partner_winning and (not later_opps or sure_ruff >= 0):
            # the trick is his for the ruffing: not ruffing is irrational (70 footnote)
            if not later_opps or self.statement.trumps_mentioned:
                return ruffs if not later_opps else [sure_ruff]
            # 70C3: he did not mention the trumps, so a careless low ruff, overruffed by an
            # opponent's trump he forgot, is a normal play beside the ruff nobody can beat
            return sorted({ruffs[0], sure_ruff})
        return sorted(set(ruffs + self.discards(hands, seat)))

    def forced_finesse(
        self,
        hands: tuple[int, ...],
        seat: int,
        trick: tuple[tuple[int, int], ...],
        card: int,
        others: list[int],
    ) -> bool:
        """70E1 (2007): is not playing the finesse ``card`` irrational, every other normal card
        dominated by it whatever the lie of the cards he does not see (:mod:`suits`)? Only
        where nobody can ruff the suit; False where the lies are too many to count."""
        led = trick[0][1] // 13
        trump = self.trump
        if trump >= 0 and led != trump and self.opp_cards(hands) & SUIT_MASK[trump]:
            return False
        return bool(dominates(self.suit_game, hands, trick, seat, card, others, self.shown))

    def spends_well(
        self,
        hands: tuple[int, ...],
        seat: int,
        card: int,
        win_card: int,
        partner_sure: bool,
        opp_suit: int,
    ) -> bool:
        """Is following with ``card``, above his lowest, normal? A card that cannot beat the
        card winning the trick (partner's, or an opponent's higher card or ruff) throws a trick
        away, and so does overtaking partner's sure winner: irrational (the footnote to Laws 70
        and 71) unless it unblocks, partner keeping a master below the card thrown, or, for an
        overtake, the hand keeping a master it may want to be on lead for. Otherwise a high
        card is normal (from the top, 70E2)."""
        held = hands[seat]
        if card == _low(held & SUIT_MASK[card // 13]):
            return True
        if card // 13 != win_card // 13 or card < win_card:
            return self.unblocks(hands, seat, card, opp_suit)
        if partner_sure:
            opp = self.opp_cards(hands)
            rest = held & ~(1 << card)
            return any(
                rest & SUIT_MASK[s]
                and (
                    not opp & SUIT_MASK[s] or _high(rest & SUIT_MASK[s]) > _high(opp & SUIT_MASK[s])
                )
                for s in range(4)
            )
        return True

    def unblocks(self, hands: tuple[int, ...], seat: int, card: int, opp_suit: int) -> bool:
        """Playing ``card`` under partner's winner unblocks the suit: partner keeps a master
        of it (a card above every one the opponents hold) lower than ``card``, which the card
        kept would otherwise beat."""
        partner = hands[seat ^ 2] & SUIT_MASK[card // 13]
        masters = partner & ~((2 << _high(opp_suit)) - 1) if opp_suit else partner
        return bool(masters) and _low(masters) < card

    def partner_may_win(
        self, hands: tuple[int, ...], seat: int, trick: tuple[tuple[int, int], ...]
    ) -> bool:
        """Partner, to play after the next opponent, holds a card that beats the card led (he
        sees partner's cards): ducking second hand with a sure winner is normal only then."""
        partner = hands[seat ^ 2]
        led_card = trick[0][1]
        led = led_card // 13
        if partner & SUIT_MASK[led]:
            return _high(partner & SUIT_MASK[led]) > led_card
        return self.trump >= 0 and bool(partner & SUIT_MASK[self.trump])

    def discards(self, hands: tuple[int, ...], seat: int) -> list[int]:
        hand = hands[seat]
        lows = [_low(hand & SUIT_MASK[s]) for s in range(4) if hand & SUIT_MASK[s]]
        side_lows = [c for c in lows if c // 13 != self.trump] or lows
        losers = [c for c in side_lows if not self.is_master(c, hands)]
        if losers:
            return losers
        # every candidate is a winner: a suit the opponents no longer hold goes before the
        # last guard of a suit they still hold (throwing a stopper then is irrational)
        opp = self.opp_cards(hands)
        idle = [c for c in side_lows if not opp & SUIT_MASK[c // 13]]
        return idle or side_lows

    def defender_cards(
        self, hands: tuple[int, ...], seat: int, trick: tuple[tuple[int, int], ...]
    ) -> list[int]:
        """Every legal card, one of each run of equivalent cards (no card of another hand or
        of the trick between them)."""
        hand = hands[seat]
        if trick:
            held = hand & SUIT_MASK[trick[0][1] // 13]
            if held:
                hand = held
        present = hands[0] | hands[1] | hands[2] | hands[3]
        for _s, c in trick:
            present |= 1 << c
        others = present & ~hands[seat]
        key = (hand, others)
        cached = self.defence_cache.get(key)
        if cached is not None:
            return cached
        out: list[int] = []
        for s in range(4):
            cards = _cards(hand & SUIT_MASK[s])
            prev = -1
            for c in cards:
                if prev < 0 or (others >> (prev + 1)) & ((1 << (c - prev - 1)) - 1):
                    out.append(c)
                else:
                    out[-1] = c  # the higher of equivalent cards
                prev = c
        out.reverse()  # high cards first: the tricks the defence can take are found early
        self.defence_cache[key] = out  # the same cards held among the same others
        return out

    # -- the search -------------------------------------------------------------------------

    def relative(self, hands: tuple[int, ...]) -> tuple[int, ...]:
        """The hands with each suit's ranks renumbered among the cards still held (as a
        double-dummy solver does): positions that differ only in which small cards are gone
        share one memo entry. Nothing in the normal plays depends on more than the order of
        the cards held, except the cards the statement names (:meth:`stated_held`).

        Each suit's four holdings are renumbered together, once per search (cached)."""
        cache = self.suit_cache
        h0, h1, h2, h3 = hands
        r0 = r1 = r2 = r3 = 0
        for shift in (0, 13, 26, 39):
            key = (
                h0 >> shift & 0x1FFF,
                h1 >> shift & 0x1FFF,
                h2 >> shift & 0x1FFF,
                h3 >> shift & 0x1FFF,
            )
            k = cache.get(key)
            if k is None:
                k = _renumber(key)
                cache[key] = k
            r0 |= k[0] << shift
            r1 |= k[1] << shift
            r2 |= k[2] << shift
            r3 |= k[3] << shift
        return (r0, r1, r2, r3)

    def stated_held(self, hands: tuple[int, ...]) -> tuple[int, ...]:
        """Where the cards the statement names stand (held or not, and their relative rank)."""
        if not self.named:
            return ()
        present = hands[0] | hands[1] | hands[2] | hands[3]
        out = []
        for c in _cards(self.named):
            below = present & SUIT_MASK[c // 13] & ((1 << c) - 1)
            out.append(below.bit_count() if present >> c & 1 else -1)
        return tuple(out)

    def known(self, hands: tuple[int, ...]) -> int:
        """The show-outs that can still matter (part of a position's memo key): an opponent's
        failure to follow to a suit tells where the suit's other cards are only while the other
        opponent still holds some."""
        shown = self.shown
        if not shown:
            return 0
        out = 0
        for seat in (1 - self.side, 3 - self.side):
            other = hands[seat ^ 2]
            for suit in range(4):
                bit = 1 << (seat * 4 + suit)
                if shown & bit and other & SUIT_MASK[suit]:
                    out |= bit
        return out

    def shows(self, seat: int, trick: tuple[tuple[int, int], ...], card: int) -> int:
        """The show-out bit an opponent's ``card`` sets (70E1), 0 if none or known already."""
        if not trick or (seat & 1) == self.side:
            return 0
        led = trick[0][1] // 13
        if card // 13 == led:
            return 0
        bit = 1 << (seat * 4 + led)
        return 0 if self.shown & bit else bit

    def options(
        self,
        hands: tuple[int, ...],
        trick: tuple[tuple[int, int], ...],
        seat: int,
        step: int,
        win: tuple[int, int] | None = None,
    ) -> list[int]:
        """The cards the search tries (``win``: the seat and card winning the trick so far,
        when the caller knows it)."""
        if (seat & 1) != self.side:
            return self.defender_cards(hands, seat, trick)
        if not trick:
            cards = self.leads(hands, seat, step)
        else:
            cards = self.follows(hands, seat, trick, win, step)
        if len(cards) < 2:
            return cards
        # equivalent cards (no card of another hand or of the trick between them) are one play
        present = hands[0] | hands[1] | hands[2] | hands[3]
        for _s, c in trick:
            present |= 1 << c
        hand = hands[seat]
        others = present & ~hand
        out: list[int] = []
        for c in cards:
            top = c
            nxt = c + 1
            while nxt % 13 and not others >> nxt & 1:
                if hand >> nxt & 1:
                    top = nxt
                nxt += 1
            if top not in out:
                out.append(top)
        return out

    def sure_tricks(self, hands: tuple[int, ...]) -> int:
        """A lower bound of the claimer's tricks from a trick's start, true of every play of
        both sides (normal or not): each trump of one of his hands is played in a trick of its
        own (led, followed or ruffed, one card per trick), and that trick is lost only to an
        opponent's higher trump, a different one for each trick lost. So that hand's trumps,
        less the most of them the opponents' trumps can each beat one of (matched from the
        bottom), are tricks for his side (partner's higher trump only wins it for the side)."""
        if self.trump < 0:
            return 0
        mask = SUIT_MASK[self.trump]
        opp = _cards(self.opp_cards(hands) & mask)
        best = 0
        for hand in (hands[self.side] & mask, hands[2 + self.side] & mask):
            ours = _cards(hand)
            beaten = i = 0
            for o in opp:  # ascending: each opponent's trump beats the lowest not yet beaten
                if i < len(ours) and o > ours[i]:
                    beaten += 1
                    i += 1
            best = max(best, len(ours) - beaten)
        return best

    def run_tricks(self, hands: tuple[int, ...], seat: int, step: int) -> int:
        """A lower bound of the claimer's tricks when his hand ``seat`` is on lead, from the
        normal leads above: a suit whose top card is a master is led from the top, so while
        every suit of the hand has a master on top, each lead wins the trick (in notrump, or
        when the opponents have no trump left) and the same hand leads again. The worst order
        for him runs first the suit with the fewest masters above a loser: that many tricks
        (all of them when every suit is masters only). Partner's higher card can overtake and
        take the lead away: one trick then. The stated steps that lead another card (a card
        named, a ruff, a finesse) are not covered: no bound."""
        opp = self.opp_cards(hands)
        if self.trump >= 0 and opp & SUIT_MASK[self.trump]:
            return 0
        if self.plain and self.planned >> seat & 1 and len(self.steps) <= step:
            return self.planned_run(hands, seat)
        for later in self.steps[step:]:
            if later.kind not in ("cash", "concede", "trumps"):
                return 0
        hand = hands[seat]
        partner = hands[seat ^ 2]
        run = hand.bit_count()
        for suit in range(4):
            held = hand & SUIT_MASK[suit]
            if not held:
                continue
            theirs = opp & SUIT_MASK[suit]
            masters = held & ~((2 << _high(theirs)) - 1) if theirs else held
            if not masters:
                return 0  # a suit led low or from a loser on top: the trick may be lost
            if masters != held:
                run = min(run, masters.bit_count())
            ours = partner & SUIT_MASK[suit]
            if ours and _high(ours) > _low(masters):
                run = min(run, 1)  # partner may overtake and lead a loser
        return run

    def solve(self, hands: tuple[int, ...], trick: tuple[tuple[int, int], ...], seat: int) -> int:
        """The value from the position at the claim. Every turn minimises his tricks (unless a
        squeeze was stated), so the value is found by tests "at most g tricks?" with a window
        one trick wide, g rising from a lower bound (the sure tricks): each test cuts every line
        whose bound already passes g, and the memo keeps what each test proved for the next."""
        if self.maximise:
            return self.value(hands, trick, seat, 0, -1, _INF)
        guess = 0 if trick else self.sure_tricks(hands)
        while True:
            result = self.value(hands, trick, seat, 0, guess, guess + 1)
            if result <= guess:
                return result
            guess = result

    @staticmethod
    def masters(hand: int, opp: int) -> int:
        """How many cards of ``hand`` beat every card of their suit in ``opp``."""
        count = 0
        for suit in range(4):
            mask = SUIT_MASK[suit]
            held = hand & mask
            if held:
                theirs = opp & mask
                count += (held & ~((2 << _high(theirs)) - 1) if theirs else held).bit_count()
        return count

    def planned_run(self, hands: tuple[int, ...], seat: int) -> int:
        """:meth:`run_tricks` for a hand that leads by his plan to lose no trick (no stated step
        left, nobody able to ruff): it leads no card that cannot win while it holds a master
        (:meth:`sure_losers`), so it cashes every master it holds before it leads a loser, and
        each wins the trick: that many tricks. A suit in which partner holds the master, or can
        ruff, or can overtake, lets the lead go to partner after a trick won: one then."""
        hand = hands[seat]
        partner = hands[seat ^ 2]
        opp = self.opp_cards(hands)
        trump = self.trump
        # partner overtakes a sure winner by choice only keeping a master of his own
        # (spends_well), so only when he holds two masters at least, counted once the
        # opponents' cards of the suit have fallen on the trick (his lower cards of it are
        # masters then); by force when his lowest card of the suit is higher
        run = 0
        for suit in range(4):
            mask = SUIT_MASK[suit]
            held = hand & mask
            if not held:
                continue
            theirs = opp & mask
            ours = partner & mask
            masters = held & ~((2 << _high(theirs)) - 1) if theirs else held
            if masters:
                low = _low(masters)
                if ours and _high(ours) > low:
                    overtakes = self.masters(partner, opp & ~mask) >= 2
                    if overtakes or _low(ours) > low:
                        return 1  # partner may overtake (or must) and take the lead
                run += masters.bit_count()
            elif (ours and (not theirs or _high(ours) > _high(theirs))) or (
                trump >= 0 and suit != trump and not ours and partner & SUIT_MASK[trump]
            ):
                return 1  # a lead towards partner's master or ruff wins, and he leads next
        return run

    def value(
        self,
        hands: tuple[int, ...],
        trick: tuple[tuple[int, int], ...],
        seat: int,
        step: int,
        alpha: int,
        beta: int,
    ) -> int:
        """Tricks for the claimer's side from here, the trick in progress included
        (fail-soft alpha-beta: exact inside the window)."""
        self.nodes += 1
        if not trick:
            if self.nodes > self.node_limit:
                raise AdjudicationTooLong(
                    f"more than {self.node_limit:,} positions searched without a ruling: "
                    "too many tricks and normal orders left; the director decides"
                )
            if not any(hands):
                self.path = ()
                return 0
            step = self.live_step(step, hands)
            floor = 0
            if not self.maximise:
                where = (hands, seat, step)
                found = self.floors.get(where)
                if found is None:
                    floor = self.sure_tricks(hands)
                    if (seat & 1) == self.side:
                        floor = max(floor, self.run_tricks(hands, seat, step))
                    self.floors[where] = floor
                else:
                    floor = found
                if floor >= beta:
                    self.path = ()
                    return floor  # fail high: this line gives at least the window's top
            place = (hands, seat, step, self.shown)
            key = self.keys.get(place)
            if key is None:
                key = (self.relative(hands), seat, step, self.stated_held(hands), self.known(hands))
                self.keys[place] = key
            bounds = self.memo.get(key)
            if bounds is not None:
                low, high, _trick = bounds
                if low >= beta or low == high:
                    return low
                if high <= alpha:
                    return high
                beta = min(beta, high)
            else:
                low, high = 0, _INF
            if not self.maximise:
                # every turn minimises, so a line giving the known lower bound (the sure tricks,
                # or a bound found before) is the worst for him: the search stops there
                low = max(low, floor)
            alpha = max(alpha, low)
            result = self._children(hands, trick, seat, step, alpha, beta)
            if result <= low:  # at or under a lower bound, so exactly it
                self.memo[key] = (result, result, self.to_relative(hands, self.path))
            elif result <= alpha:
                self.memo[key] = (low, result, ())
            elif result >= beta:
                self.memo[key] = (result, high, ())
            else:  # exact: keep the trick that gives it, for the line (:meth:`line`)
                self.memo[key] = (result, result, self.to_relative(hands, self.path))
            self.path = ()
            return result
        return self._children(hands, trick, seat, step, alpha, beta)

    def to_relative(self, hands: tuple[int, ...], cards: tuple[int, ...]) -> tuple[int, ...]:
        present = hands[0] | hands[1] | hands[2] | hands[3]
        return tuple(
            c // 13 * 13 + (present & SUIT_MASK[c // 13] & ((1 << c) - 1)).bit_count()
            for c in cards
        )

    def from_relative(self, hands: tuple[int, ...], cards: tuple[int, ...]) -> tuple[int, ...]:
        present = hands[0] | hands[1] | hands[2] | hands[3]
        return tuple(_cards(present & SUIT_MASK[r // 13])[r % 13] for r in cards)

    def _children(
        self,
        hands: tuple[int, ...],
        trick: tuple[tuple[int, int], ...],
        seat: int,
        step: int,
        alpha: int,
        beta: int,
        win: tuple[int, int] | None = None,
    ) -> int:
        """The best of the cards :meth:`options` gives (``win``: the seat and card winning the
        trick so far, carried down the trick instead of found again at each card)."""
        maximise = self.maximise and (seat & 1) == self.side
        best = -_INF if maximise else _INF
        path: tuple[int, ...] = ()
        held = hands[seat]
        last = len(trick) == 3
        following = (seat + 1) & 3
        trump = self.trump
        # 70E1: the show-out an opponent's card of another suit than the one led would make
        led = trick[0][1] // 13 if trick else -1
        showbit = 0
        if trick and (seat & 1) != self.side:
            showbit = 1 << (seat * 4 + led)
            if self.shown & showbit:
                showbit = 0  # known already
        if trick and win is None:
            win = self.winner(trick)
        for card in self.options(hands, trick, seat, step, win):
            # :meth:`child`, written out here (the search's innermost loop)
            new = (*hands[:seat], held & ~(1 << card), *hands[seat + 1 :])
            after = (*trick, (seat, card))
            if win is None:
                now = (seat, card)
            else:
                suit, win_suit = card // 13, win[1] // 13
                if (suit == win_suit and card > win[1]) or (suit == trump and win_suit != trump):
                    now = (seat, card)
                else:
                    now = win
            shows = showbit if showbit and card // 13 != led else 0
            self.shown |= shows
            if not last:
                self.nodes += 1
                v = self._children(new, after, following, step, alpha, beta, now)
            else:
                win_seat = now[0]
                won = 1 if (win_seat & 1) == self.side else 0
                if beta - won > 0:
                    v = won + self.value(
                        new, (), win_seat, self.step_done(step, after), alpha - won, beta - won
                    )
                else:
                    v = won  # this line has reached the window's top already
                self.path = ()
            self.shown &= ~shows
            if maximise:
                if v > best:
                    best, path = v, (card, *self.path)
                    alpha = max(alpha, v)
            elif v < best:
                best, path = v, (card, *self.path)
                beta = min(beta, v)
            if alpha >= beta:
                break
        self.path = path  # the best cards from here to the end of the trick
        return best

    def child(
        self,
        hands: tuple[int, ...],
        trick: tuple[tuple[int, int], ...],
        seat: int,
        step: int,
        card: int,
        alpha: int,
        beta: int,
    ) -> int:
        new = (*hands[:seat], hands[seat] & ~(1 << card), *hands[seat + 1 :])
        after = (*trick, (seat, card))
        shows = self.shows(seat, trick, card)
        self.shown |= shows
        try:
            if len(after) < 4:
                self.nodes += 1
                return self._children(new, after, (seat + 1) & 3, step, alpha, beta)
            win_seat, _card = self.winner(after)
            won = 1 if self.ours(win_seat) else 0
            if beta - won <= 0:
                self.path = ()
                return won  # this line has reached the window's top already: no need to go on
            rest = self.value(
                new, (), win_seat, self.step_done(step, after), alpha - won, beta - won
            )
            self.path = ()
            return won + rest
        finally:
            self.shown &= ~shows

    def line(
        self, hands: tuple[int, ...], trick: tuple[tuple[int, int], ...], seat: int, target: int
    ) -> list[str]:
        """The line the value assumes: at each turn a card that keeps the value."""
        out: list[str] = []
        step = 0
        played: list[tuple[int, int]] = list(trick)
        planned: list[int] = []
        start = self.shown
        while any(hands):
            if not played:
                step = self.live_step(step, hands)
                key = (self.relative(hands), seat, step, self.stated_held(hands), self.known(hands))
                entry = self.memo.get(key)
                if entry is not None and entry[0] == entry[1] == target and len(entry[2]) == 4:
                    planned = list(self.from_relative(hands, entry[2]))
            chosen = None
            if planned:
                chosen = planned.pop(0)
            for card in (
                [] if chosen is not None else self.options(hands, tuple(played), seat, step)
            ):
                v = self.child(hands, tuple(played), seat, step, card, target - 1, target + 1)
                if v == target:
                    chosen = card
                    break
            if chosen is None:  # pragma: no cover - the value came from these children
                break
            new = list(hands)
            new[seat] &= ~(1 << chosen)
            hands = tuple(new)
            self.shown |= self.shows(seat, tuple(played), chosen)  # 70E1, as the line goes on
            played.append((seat, chosen))
            seat = (seat + 1) & 3
            if len(played) == 4:
                win_seat, _c = self.winner(tuple(played))
                out.append(
                    " ".join(f"{Seat(s).letter}:{card_name(c)}" for s, c in played)
                    + f" ({Seat(win_seat).letter})"
                )
                if self.ours(win_seat):
                    target -= 1
                step = self.step_done(step, tuple(played))
                played = []
                seat = win_seat
        self.shown = start
        return out


class Law70Adjudicator:
    """A claim adjudicator (:class:`~bridgelaw.table.rules.claims.law68_71.ClaimAdjudicator`):
    Law 70 by search (module doc).

    ``last`` keeps the last ruling with its line, for the table's record and the director.
    """

    def __init__(
        self,
        double_dummy: bool = True,
        node_limit: int = NODE_LIMIT,
        irrational_exception: bool | None = None,
    ) -> None:
        self.double_dummy = double_dummy
        self.node_limit = node_limit
        self.irrational_exception = irrational_exception
        """70E1's exception for a line not adopting which would be irrational: None applies it
        as the position's edition does (2007 yes; 2017 no, as the Hungarian text the project
        follows has none), True or False for a director who rules otherwise (the English 2017
        text is commonly cited with it)."""
        self.last: Adjudication | None = None

    def tricks(self, position: PlayPosition, claimer: Seat, claimed: int, statement: str) -> int:
        return self.adjudicate(position, claimer, claimed, statement).tricks

    def ruling_text(self) -> str:
        """The last ruling in words: the tricks, why, and the line assumed."""
        return "" if self.last is None else self.last.text()

    def adjudicate(
        self, position: PlayPosition, claimer: Seat, claimed: int, statement: str
    ) -> Adjudication:
        parsed = parse_statement(statement)
        notes: list[str] = []
        if not parsed.understood:
            notes.append(
                f'70A: the statement "{statement}" is not understood in part ("{parsed.problem}"): '
                "what was read still binds (68C), any normal play may stand for the rest, and "
                "the worst for the claimer is taken"
            )
        elif not statement.strip():
            notes.append("68C, 70A: no statement; the most unfavourable normal line")
        irrational = self.irrational_exception
        if irrational is None:
            irrational = by_edition("70E1", position.edition, e2017=False, e2007=True)
        claims_all = claimed >= position.remaining
        search = _Search(position, claimer, parsed, self.node_limit, irrational, claims_all)
        hands = tuple(position.hands)
        trick = tuple((int(s), c) for s, c in position.trick)
        seat = int(position.next_to_play)
        value = search.solve(hands, trick, seat)
        tricks = min(value, claimed)
        line = search.line(hands, trick, seat, value)
        dd = None
        if self.double_dummy:
            from bridgelaw.analysis.positions import dd_tricks

            dd = dd_tricks(position, claimer)
        if search.forced_used:
            notes.append(
                "70E1 (2007): a finesse is taken where not taking it would be irrational (it "
                "does at least as well as any other normal card whatever the lie, and better "
                "for one)"
            )
        self._explain(position, claimer, parsed, value, claimed, dd, notes)
        result = Adjudication(claimer, position.remaining, claimed, tricks, dd, parsed, line, notes)
        self.last = result
        return result

    def _explain(
        self,
        position: PlayPosition,
        claimer: Seat,
        statement: Statement,
        value: int,
        claimed: int,
        dd: int | None,
        notes: list[str],
    ) -> None:
        if position.trump != Strain.NOTRUMP and not statement.trumps_mentioned:
            trumps = SUIT_MASK[position.trump]
            opponents = position.hands[claimer.lho] | position.hands[claimer.rho]
            if opponents & trumps:
                notes.append(
                    "70C: the claimer did not mention the opponents' trump, so it wins a trick "
                    "whenever a normal order lets it"
                )
        if statement.trumps_mentioned:
            notes.append("70C: the claimer mentioned trumps, so he draws them first")
        if statement.squeeze and not statement.understood:
            notes.append(
                "a squeeze or endplay was stated beside a clause not understood: not credited (70A)"
            )
        elif statement.squeeze:
            notes.append("a squeeze or endplay was stated: the best normal play is credited")
        else:
            notes.append("70A, 70D1: the worst normal line that agrees with the statement")
        if dd is not None and dd > value:
            notes.append(
                f"double dummy the side would take {dd}, but an unstated finesse, squeeze or "
                "careful order is not credited (70D1, 70E1)"
            )
        if value > claimed:
            notes.append(f"the line gives {value}, but no more than the {claimed} claimed (68B1)")


__all__ = ["Adjudication", "AdjudicationTooLong", "Law70Adjudicator", "parse_statement"]
