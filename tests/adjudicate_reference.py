"""The Law 70 search as first written, kept as the reference for the faster one (a test
oracle: it lives in the tests, not in the package).

:class:`ReferenceSearch` is a frozen copy of ``adjudicate._Search`` before it was made faster.
Nothing rules with it: ``tests/analysis/test_adjudicate.py`` checks on many random positions
that the search in :mod:`bridgelaw.analysis.adjudicate` gives exactly its tricks, and
``benchmarks/adjudicate.py`` times both on the same positions. The rules it applies (what a
normal play is, clause by clause) are described in :mod:`bridgelaw.analysis.adjudicate`.

It is frozen as to *how* it searches. What it searches, the normal plays, changes with the
adjudicator only where the Law says the adjudicator was wrong, each change marked "corrected"
where it is made:

* 70C3: a careless low ruff, overruffed by a trump the claimer did not mention, is normal.
* 70E1: a finesse against an opponent is no guess when the opponent still to play has failed
  to follow to its suit, before the claim (``PlayPosition.shown_out``) or in the line searched.
* Irrational (the footnote to Laws 70 and 71): ducking, with a sure winner, under partner's card
  that an opponent still to play can beat; following with a card above his lowest that cannot
  beat the card winning the trick, unless it unblocks a master partner keeps below it, or that
  overtakes partner's sure winner, unless his hand keeps a master; and, when he claimed
  every trick left, leading from his hand (or dummy's, when he is declarer) a card that cannot
  win while that hand can reach a winner.

Not ported, as the comparisons never meet them: the 2007 exception of 70E1 (the positions
compared are 2017's) and the statement forms and clauses not understood (the statements
compared are read the same way by both).
"""

from __future__ import annotations

from bridgelaw.analysis.adjudicate import (
    _INF,
    NODE_LIMIT,
    AdjudicationTooLong,
    _cards,
    _high,
    _low,
)
from bridgelaw.analysis.statements import Statement, Step
from bridgelaw.cards import SUIT_MASK, Seat, Strain, card_name
from bridgelaw.table.position import PlayPosition


def reference_tricks(
    position: PlayPosition, claimer: Seat, statement: Statement, claims_all: bool = True
) -> int:
    """The value of the reference search: tricks of the remaining for the claimer's side
    (before the 68B1 cap at the number claimed)."""
    search = ReferenceSearch(position, claimer, statement, claims_all=claims_all)
    hands = tuple(position.hands)
    trick = tuple((int(s), c) for s, c in position.trick)
    return search.value(hands, trick, int(position.next_to_play), 0, -1, _INF)


class ReferenceSearch:
    """The search as it was before it was made faster, kept unchanged in its method so the
    tests and ``benchmarks/adjudicate.py`` can check that the faster one gives the same tricks
    (its normal plays follow the Law's corrections: the module doc)."""

    def __init__(
        self,
        position: PlayPosition,
        claimer: Seat,
        statement: Statement,
        node_limit: int = NODE_LIMIT,
        claims_all: bool = True,
    ) -> None:
        self.node_limit = node_limit
        # corrected: the seats that lead by his plan to lose no trick (sure_losers)
        self.planned = 0
        if claims_all:
            self.planned = 1 << claimer
            if claimer == position.declarer:
                self.planned |= 1 << claimer.partner
        self.trump = -1 if position.trump == Strain.NOTRUMP else int(position.trump)
        self.side = claimer.side
        self.statement = statement
        self.steps: tuple[Step, ...] = statement.steps
        self.maximise = statement.squeeze
        self.memo: dict[tuple[object, ...], tuple[int, int, tuple[int, ...]]] = {}
        self.squeeze_cache: dict[tuple[int, int], int] = {}
        self.named = 0
        # corrected (70E1): the suits each opponent has failed to follow to, before
        # the claim or in the line searched (bit seat * 4 + suit)
        self.shown = 0
        for seat in (1 - self.side, 3 - self.side):
            self.shown |= position.shown_out[seat] << (seat * 4)
        self.finesses = statement.finesses
        self.ruff_suits = statement.ruff_suits
        for step in self.steps:
            if step.card >= 0:
                self.named |= 1 << step.card
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
        if step.kind == "finesse":
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
        out: list[int] = []
        losers = self.sure_losers(hands, seat, suits) if self.planned >> seat & 1 else 0
        for s in suits:
            held = hand & SUIT_MASK[s]
            top = _high(held)
            if any(f // 13 == s and hand >> f & 1 for f in self.finesses) and len(suits) > 1:
                continue  # the finesse card's hand waits for the lead towards it
            if losers >> s & 1:
                continue  # corrected: a sure loser while he can reach his winners
            low = _low(held)
            if low != top and not self.is_master(top, hands):
                out.append(low)  # towards partner's winners, or giving up a trick (70E2)
            out.append(top)
        return out or [_high(hand & SUIT_MASK[s]) for s in suits]  # every suit had a finesse

    def sure_losers(self, hands: tuple[int, ...], seat: int, suits: list[int]) -> int:
        """Corrected: the suits whose lead cannot win while the hand can reach a
        winner (the adjudicator's rule, written out again)."""
        ours = self.our_cards(hands)
        opp = self.opp_cards(hands)
        partner = hands[seat ^ 2]
        losers = 0
        entry = False
        for s in suits:
            theirs = opp & SUIT_MASK[s]
            if not theirs or _high(ours & SUIT_MASK[s]) > _high(theirs):
                entry = True
                continue
            ruff = self.trump >= 0 and s != self.trump and not partner & SUIT_MASK[s]
            if not (ruff and partner & SUIT_MASK[self.trump]):
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
        if step.kind == "finesse":  # stated (68C): the lead towards the card finessed
            suit = step.card // 13
            held = hand & SUIT_MASK[suit]
            if held and hands[seat ^ 2] >> step.card & 1:
                return [_low(held)]
            return None
        return None  # pragma: no cover

    def follows(
        self, hands: tuple[int, ...], seat: int, trick: tuple[tuple[int, int], ...]
    ) -> list[int]:
        hand = hands[seat]
        trump = self.trump
        led = trick[0][1] // 13
        win_seat, win_card = self.winner(trick)
        win_suit = win_card // 13
        partner_winning = self.ours(win_seat)
        later_opps = len(trick) < 3  # an opponent plays after him (the sides alternate)
        opp = self.opp_cards(hands)
        opp_suit = opp & SUIT_MASK[led]
        opp_trumps = opp & SUIT_MASK[trump] if trump >= 0 else 0
        held = hand & SUIT_MASK[led]
        if held:
            for f in self.finesses:  # 70D1: the stated finesse is taken
                stated = hand >> f & 1 and f // 13 == led == win_suit and f > win_card
                if stated and not partner_winning:
                    return [f]
            low, high = _low(held), _high(held)
            winning = held & ~((2 << win_card) - 1) if win_suit == led else 0
            # corrected (70E1): the opponent still to play has shown out of the suit
            marked = self.shown >> (((seat + 1) & 3) * 4 + led) & 1
            # corrected: partner's card surely wins, and a card above his lowest is
            # played only when it wastes nothing (spends_well)
            partner_sure = partner_winning and (
                not later_opps or not (win_suit == led and opp_suit and win_card < _high(opp_suit))
            )
            high_ok = self.spends_well(hands, seat, high, win_card, partner_sure, opp_suit)
            if not later_opps or marked:  # last to play
                if partner_winning:  # low, or high to unblock: careless is normal (70 footnote)
                    return [low] if low == high or not high_ok else [low, high]
                # not taking a trick he surely wins is irrational (70 footnote)
                return [_low(winning)] if winning else [low]
            # sure: beats the card winning now and every card the opponents hold in the suit
            sure = winning & ~((2 << _high(opp_suit)) - 1) if opp_suit else winning
            options = [high] if high_ok else []  # from the top (70E2); a finesse only if stated
            if sure and self.spends_well(hands, seat, _low(sure), win_card, partner_sure, opp_suit):
                options.append(_low(sure))
            if (
                not sure
                or partner_sure
                or (len(trick) == 1 and self.partner_may_win(hands, seat, trick))
                or not options
            ):
                options.append(low)  # second hand low only when partner may still win the trick
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
            # corrected (70C3): a careless low ruff is normal when he did not mention
            # the trumps (the reference had only the ruff nobody can beat)
            return sorted({ruffs[0], sure_ruff})
        return sorted(set(ruffs + self.discards(hands, seat)))

    def spends_well(
        self,
        hands: tuple[int, ...],
        seat: int,
        card: int,
        win_card: int,
        partner_sure: bool,
        opp_suit: int,
    ) -> bool:
        """Corrected: a card above his lowest that cannot beat the card winning, or
        that overtakes partner's sure winner, is played only to unblock (the adjudicator's rule,
        written out again)."""
        held = hands[seat]
        if card == _low(held & SUIT_MASK[card // 13]):
            return True
        if card // 13 != win_card // 13 or card < win_card:
            partner = hands[seat ^ 2] & SUIT_MASK[card // 13]
            masters = partner & ~((2 << _high(opp_suit)) - 1) if opp_suit else partner
            return bool(masters) and _low(masters) < card
        if not partner_sure:
            return True
        opp = self.opp_cards(hands)
        rest = held & ~(1 << card)
        for s in range(4):
            mine, theirs = rest & SUIT_MASK[s], opp & SUIT_MASK[s]
            if mine and (not theirs or _high(mine) > _high(theirs)):
                return True
        return False

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
        return out

    # -- the search -------------------------------------------------------------------------

    def relative(self, hands: tuple[int, ...]) -> tuple[int, ...]:
        """The hands with each suit's ranks renumbered among the cards still held (as a
        double-dummy solver does): positions that differ only in which small cards are gone
        share one memo entry. Nothing in the normal plays depends on more than the order of
        the cards held, except the cards the statement names (:meth:`stated_held`)."""
        present = hands[0] | hands[1] | hands[2] | hands[3]
        squeeze = self.squeeze_cache
        out = []
        for hand in hands:
            bits = 0
            for suit in range(4):
                shift = 13 * suit
                p = present >> shift & 0x1FFF
                h = hand >> shift & 0x1FFF
                k = squeeze.get((p, h))
                if k is None:
                    k = 0
                    i = 0
                    for r in range(13):
                        if p >> r & 1:
                            k |= (h >> r & 1) << i
                            i += 1
                    squeeze[(p, h)] = k
                bits |= k << shift
            out.append(bits)
        return tuple(out)

    def stated_held(self, hands: tuple[int, ...]) -> tuple[int, ...]:
        """Where the cards the statement names stand (held or not, and their relative rank)."""
        if not self.named:
            return ()
        present = hands[0] | hands[1] | hands[2] | hands[3]
        out = []
        for c in _cards(self.named):
            below = present & SUIT_MASK[c // 13] & ((1 << c) - 1)
            out.append(bin(below).count("1") if present >> c & 1 else -1)
        return tuple(out)

    def options(
        self,
        hands: tuple[int, ...],
        trick: tuple[tuple[int, int], ...],
        seat: int,
        step: int,
    ) -> list[int]:
        if (seat & 1) != self.side:
            return self.defender_cards(hands, seat, trick)
        cards = self.leads(hands, seat, step) if trick == () else self.follows(hands, seat, trick)
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
        """A lower bound of the claimer's tricks from a trick's start: the trumps of one of
        his hands that no opponent's trump beats each win a trick, however carelessly played
        (only partner's higher trump could take that trick, and it is his side's too)."""
        if self.trump < 0:
            return 0
        mask = SUIT_MASK[self.trump]
        opp = self.opp_cards(hands) & mask
        above = ~((2 << _high(opp)) - 1) if opp else -1
        return max(
            bin(hands[self.side] & mask & above).count("1"),
            bin(hands[2 + self.side] & mask & above).count("1"),
        )

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
            if not self.maximise:
                floor = self.sure_tricks(hands)
                if floor >= beta:
                    self.path = ()
                    return floor  # fail high: this line gives at least the window's top
            key = (self.relative(hands), seat, step, self.stated_held(hands), self.known(hands))
            bounds = self.memo.get(key)
            if bounds is not None:
                low, high, _trick = bounds
                if low >= beta or low == high:
                    return low
                if high <= alpha:
                    return high
                alpha, beta = max(alpha, low), min(beta, high)
            else:
                low, high = 0, _INF
            result = self._children(hands, trick, seat, step, alpha, beta)
            if result <= alpha:
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
            c // 13 * 13 + bin(present & SUIT_MASK[c // 13] & ((1 << c) - 1)).count("1")
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
    ) -> int:
        maximise = self.maximise and (seat & 1) == self.side
        best = -_INF if maximise else _INF
        path: tuple[int, ...] = ()
        for card in self.options(hands, trick, seat, step):
            v = self.child(hands, trick, seat, step, card, alpha, beta)
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
        new = list(hands)
        new[seat] &= ~(1 << card)
        after = (*trick, (seat, card))
        shows = self.shows(seat, trick, card)  # corrected (70E1)
        self.shown |= shows
        try:
            if len(after) < 4:
                self.nodes += 1
                return self._children(tuple(new), after, (seat + 1) & 3, step, alpha, beta)
            win_seat, _card = self.winner(after)
            won = 1 if self.ours(win_seat) else 0
            if beta - won <= 0:
                self.path = ()
                return won  # this line has reached the window's top already: no need to go on
            rest = self.value(
                tuple(new), (), win_seat, self.step_done(step, after), alpha - won, beta - won
            )
            self.path = ()
            return won + rest
        finally:
            self.shown &= ~shows

    def shows(self, seat: int, trick: tuple[tuple[int, int], ...], card: int) -> int:
        """Corrected (70E1): the show-out bit an opponent's card sets, 0 if none."""
        if not trick or self.ours(seat) or card // 13 == trick[0][1] // 13:
            return 0
        bit = 1 << (seat * 4 + trick[0][1] // 13)
        return 0 if self.shown & bit else bit

    def known(self, hands: tuple[int, ...]) -> int:
        """Corrected (70E1): the show-outs that can still matter."""
        out = 0
        for seat in (1 - self.side, 3 - self.side):
            for suit in range(4):
                bit = 1 << (seat * 4 + suit)
                if self.shown & bit and hands[seat ^ 2] & SUIT_MASK[suit]:
                    out |= bit
        return out

    def line(
        self, hands: tuple[int, ...], trick: tuple[tuple[int, int], ...], seat: int, target: int
    ) -> list[str]:
        """The line the value assumes: at each turn a card that keeps the value."""
        out: list[str] = []
        step = 0
        played: list[tuple[int, int]] = list(trick)
        planned: list[int] = []
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
            self.shown |= self.shows(seat, tuple(played), chosen)
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
        return out
