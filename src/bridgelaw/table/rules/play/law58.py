"""Law 58B (with 67A2): several cards played at once. The offender says which card he played
(58B2), among those he may play now (57); the others, a defender's, become penalty cards (a
single low card a minor one, else major), declarer's go back to his hand. If nobody draws
attention and the next player plays, the first card counts as played and the rest lie on the
trick for the director to look at (58B4). A surplus card found in a trick before both sides
have played to the next (67A2) is settled the same way: the offender says which card he
played to it (the trick is then won as it stands, and a card played after the one changed may
be taken back, 58B3).

>>> from bridgelaw.table import Table
>>> deal = "N:AKQ2.KQ2.A32.K32 JT9.AJT.KQJ4.A54 876.9876.T98.QJ9 543.543.765.T876"
>>> table = Table.from_deal(1, deal)
>>> for text in ["N 1NT", "E pass", "S pass", "W pass", "E DK", "S D8", "W cards D5 D6"]:
...     table.apply_text(text)
>>> table.awaiting
Awaiting(who='W', law='58B2', options=('designate D5', 'designate D6'))
>>> table.apply_text("W designate D5")
>>> [r.law for r in table.rulings], table.penalty_cards
(['58B2'], [(<Seat.WEST: 3>, 17, 'minor')])
"""

from __future__ import annotations

from dataclasses import dataclass

from bridgelaw.cards import Card, Seat, card_name, is_honour
from bridgelaw.table.events import Action, Event, ScriptError
from bridgelaw.table.refusals import refuse
from bridgelaw.table.rules.declared import Applies, Declared
from bridgelaw.table.rules.play.law57 import PrematurePlay
from bridgelaw.table.rules.play.law62 import CardAfterRevoke
from bridgelaw.table.rules.play.layer import RevokeTable, revoke_table
from bridgelaw.table.state import Awaiting, Pending, PendingKind
from bridgelaw.table.state import TableState as State

# "designate <card>" for each card he may play now
OFFERED = Applies("58B2", "offer", title="several cards played at once: which one is played")
BACK_TO_HAND = Applies("58B2", "rule", "law58b2-others.played-goes-back-hand")
PENALTY_CARD = Applies("58B2", "rule", "law58b2-others.penalty-card")
PENALTY_CARDS = Applies("58B2", "rule", "law58b2-others.penalty-cards")
PENALTIES = Applies("58B2", "penalty")  # a defender's cards not played
UNAUTHORIZED = Applies("16C", "unauthorized", by_book=True)  # declarer's cards taken back
UNNOTICED = Applies("58B4", "review", "law58b-answer")

DECLARED: Declared = Declared(
    law="58",
    matter="SimultaneousCards",
    module=__name__,
    applies=(
        OFFERED,
        BACK_TO_HAND,
        PENALTY_CARD,
        PENALTY_CARDS,
        PENALTIES,
        UNAUTHORIZED,
        UNNOTICED,
    ),
)


@dataclass(kw_only=True)
class SimultaneousCards(Pending):
    """58B (67A2 for a defective trick): the offender says which of the cards he played at
    once was played."""

    cards: tuple[Card, ...]
    """The cards played at once, among which the offender says which one he played."""
    trick: int | None
    """67A2: the trick the cards were played to; None for 58B2 (the trick in progress)."""

    @property
    def kind(self) -> PendingKind:
        return "simultaneous"

    def offer(self, table: State) -> Awaiting:
        o, cards = self.offender, self.cards
        if self.trick is None:  # only the cards he may play now (57) can be the one
            cards = PrematurePlay.playable(table, o, cards)
        return OFFERED.offer(o.letter, tuple(f"designate {card_name(c)}" for c in cards))

    def faced(self) -> tuple[Card, ...]:
        return self.cards  # all of them face up until he says which he played

    @staticmethod
    def opened(table: State, seat: Seat, cards: tuple[Card, ...]) -> None:
        """``seat`` plays ``cards`` at once, in turn: he is to say which he played."""
        t = revoke_table(table)
        play = t.play
        assert play is not None
        for card in cards:
            if not play.holds(seat, card):
                raise ScriptError(
                    t.event_index,
                    refuse("event.does-not-hold", seat=seat.letter, card=card_name(card)),
                )
        if seat != play.turn:
            raise ScriptError(
                t.event_index,
                refuse("event.several-out-of-turn", seat=seat.letter, turn=play.turn.letter),
            )
        if not PrematurePlay.playable(table, seat, cards):  # none can be designated as played
            required = t.must_play[seat]
            what = card_name(required.card) if required.card is not None else required.choice
            raise ScriptError(
                t.event_index,
                refuse(
                    "event.none-playable",
                    seat=seat.letter,
                    what=str(what),
                    law=required.law,
                    cards=" ".join(card_name(c) for c in cards),
                ),
            )
        t.pending = SimultaneousCards(offender=seat, cards=cards, trick=None)

    def answer(self, table: State, event: Event) -> None:
        t = revoke_table(table)
        play = t.play
        assert play is not None
        seat = self.offender
        designated = event.action is Action.DESIGNATE and event.card in self.cards
        if event.who == seat.letter and designated:
            assert event.card is not None
            t.pending = None
            if self.trick is None:
                t.card_played(seat, event.card)
                self.others_shown(t, event.card)
            else:
                self.designated_in_trick(t, event.card)
            return
        if self.trick is None and event.action is Action.CARD and event.seat == seat.lho:
            # nobody drew attention: the first card counts as played; the rest lie on the trick
            assert event.card is not None
            t.pending = None
            trick = len(play.tricks)
            t.card_played(seat, self.cards[0])
            if t.pending is not None:
                raise ScriptError(event.index, refuse("event.ruling-first"))
            for card in self.cards[1:]:
                play.hands[seat] &= ~(1 << card)
                play.surplus.append((trick, seat, card))
            UNNOTICED.review(t, seat=seat, cards=self.cards, trick=trick + 1)
            t.card_played(event.seat, event.card)
            return
        options = ", ".join(f"designate {card_name(c)}" for c in self.cards)
        raise ScriptError(
            event.index, refuse("event.waits-which-card", seat=seat.letter, options=options)
        )

    def others_shown(self, t: RevokeTable, card: Card) -> None:
        """The cards shown but not played: a defender's become penalty cards (50B: a single
        low card shown by accident is minor, an honour or two or more are major); declarer's
        and dummy's go back (48A)."""
        assert t.declarer is not None
        seat = self.offender
        others = [c for c in self.cards if c != card]
        if seat.side == t.declarer.side:
            for other in others:
                # 16C (2007 16D): each visible card withdrawn (58B3 calls it so) is the
                # offending side's own withdrawn play, unauthorized for it (16C2)
                t.mark_card_unauthorized(seat, other, seat.side)
            BACK_TO_HAND.rule(t, seat, seat=seat, card=card, cards=others)
            return
        for other in others:
            minor = len(others) == 1 and not is_honour(other)
            t.penalty_cards.append((seat, other, "minor" if minor else "major"))
        t._all_major(seat)
        ruling = PENALTY_CARD if len(others) == 1 else PENALTY_CARDS
        ruling.rule(t, seat, seat=seat, card=card, cards=others)

    def designated_in_trick(self, t: RevokeTable, card: Card) -> None:
        """67A2: the card he says he played to the defective trick stands in it (the trick
        is won as it now stands); a card played after it changed may be taken back (58B3)."""
        play = t.play
        assert play is not None
        seat, index = self.offender, self.trick
        assert index is not None  # 67A2 names the trick
        shown = self.cards[0]
        play.surplus = [e for e in play.surplus if not (e[0] == index and e[1] == seat)]
        for other in self.cards[1:]:
            play.hands[seat] |= 1 << other
        if card != shown:
            play.replace(index, seat, card)
        self.others_shown(t, card)
        if card != shown:
            CardAfterRevoke.after_changed_card(t, index, seat, after=seat)


__all__ = ["DECLARED", "SimultaneousCards"]
