"""Law 67: a defective trick found with too many cards, or a card played twice. Surplus cards
lying on a trick (left there when nobody noticed several cards played at once, 58B4) are
pointed out by ``director too-many <seat>``: before both sides have played to the next trick,
58B applies and the offender says which card he played (67A2); later, the card shown as played
stays, the surplus goes back to the hand as if held all along, and a later trick where it would
have let him follow suit is a revoke (67B2). A card played a second time (``<seat> again
<card>``, 67B3) is put back with its trick; the board gets an adjusted score.

>>> from bridgelaw.table import Table
>>> deal = "N:AKQ2.KQ2.A32.K32 JT9.AJT.KQJ4.A54 876.9876.T98.QJ9 543.543.765.T876"
>>> table = Table.from_deal(1, deal)
>>> for text in ["N 1NT", "E pass", "S pass", "W pass", "E DK", "S D8", "W cards D5 D6", "N DA"]:
...     table.apply_text(text)  # nobody noticed: D5 counts as played, D6 lies on the trick
>>> table.apply_text("director too-many W")  # in time: West says which card he played
>>> table.awaiting
Awaiting(who='W', law='58B2', options=('designate D5', 'designate D6'))
"""

from __future__ import annotations

from bridgelaw.cards import Card, Seat, card_name
from bridgelaw.table.events import Action, Event, ScriptError
from bridgelaw.table.play_state import Place, Revoke, is_established, suit_led
from bridgelaw.table.refusals import refuse
from bridgelaw.table.rules.declared import Applies, Declared
from bridgelaw.table.rules.play.law58 import SimultaneousCards
from bridgelaw.table.rules.play.layer import (
    PlayTable,
    play_table,
    revoke_table,
    side_on_next_trick,
)
from bridgelaw.table.state import TableState as State

IN_TIME = Applies("67A2", "rule", "law67-too-many")
RETURNED = Applies("67B2a", "rule", "law67b2-return.had-put-trick-beside")
REVOKE = Applies("67B2b", "rule", "law67b2-return.returned-card-counts-held")
REVOKE_ESTABLISHED = Applies(
    "67B2b", "rule", "law67b2-return.returned-card-counts-held.established"
)
AGAIN = Applies("67B3", "rule", "law67b3-again.played-trick-although-had")
AGAIN_ADJUSTED = Applies("67B3", "review", "law67b3-again.card-played-twice-adjusted")
AGAIN_CANCELS = Applies("67B3", "adjusted")  # the board's score set aside
NO_CARD = Applies("67", "review", "law67-omit")
SUPPLIED = Applies("67A1", "rule", "law67-supply.adds-trick-which-had")
SUPPLIED_LATE = Applies("67B1a", "rule", "law67-supply.had-played-no-card")
SUPPLIED_LATE_OTHER_SUIT = Applies("67B1b", "rule", "law67-supply.had-played-no-card")
MADE_UP_AT_THE_END = Applies("67B1a", "rule", "law67-at-the-end")
MADE_UP_AT_THE_END_OTHER_SUIT = Applies("67B1b", "rule", "law67-at-the-end")

DECLARED: Declared = Declared(
    law="67",
    matter="DefectiveTrick",
    module=__name__,
    applies=(
        IN_TIME,
        RETURNED,
        REVOKE,
        REVOKE_ESTABLISHED,
        AGAIN,
        AGAIN_ADJUSTED,
        AGAIN_CANCELS,
        NO_CARD,
        SUPPLIED,
        SUPPLIED_LATE,
        SUPPLIED_LATE_OTHER_SUIT,
        MADE_UP_AT_THE_END,
        MADE_UP_AT_THE_END_OTHER_SUIT,
    ),
    stages=("CardOwed",),
)


def _card_in_trick(t: PlayTable, index: int, seat: Seat) -> Place:
    play = t.play
    assert play is not None
    if index == len(play.tricks):
        return play.trick[(seat - play.leader) & 3]
    return play.tricks[index].card_of(seat)


def _side_played_after(t: PlayTable, index: int, seat: Seat) -> bool:
    """Has ``seat``'s side played to a trick after trick ``index`` (63A1)?"""
    play = t.play
    assert play is not None
    if index < len(play.tricks) - 1:
        return True
    if index >= len(play.tricks):
        return False
    return side_on_next_trick(t, seat)


class DefectiveTrick:
    """67: surplus cards found on a trick (``director too-many <seat>``), or a card played
    again (``<seat> again <card>``)."""

    @staticmethod
    def answer(table: State, event: Event) -> None:
        if event.action is Action.AGAIN:
            assert event.card is not None
            DefectiveTrick.again(table, event.seat, event.card)
        else:
            DefectiveTrick.too_many(table, event.the_seat_named)

    @staticmethod
    def too_many(table: State, seat: Seat) -> None:
        """``seat``'s surplus cards on a trick are pointed out: 67A2 in time, else 67B2."""
        t = play_table(table)
        play = t.play
        if play is None:
            raise ScriptError(t.event_index, refuse("event.no-card-played"))
        mine = [(i, c) for i, s, c in play.surplus if s == seat]
        if not mine:
            raise ScriptError(t.event_index, refuse("event.no-surplus", seat=seat.letter))
        index = mine[0][0]
        surplus = tuple(c for i, c in mine if i == index)
        shown = _card_in_trick(t, index, seat)
        assert shown is not None  # a surplus card lies beside the one he played (67)
        if not play.both_sides_played_after(index):
            # 67A2: still in time: 58B applies, the offender says which card he played
            t.pending = SimultaneousCards(offender=seat, cards=(shown, *surplus), trick=index)
            IN_TIME.rule(t, seat, seat=seat, trick=index + 1)
            return
        DefectiveTrick._returned(t, index, seat, surplus, shown)

    @staticmethod
    def _returned(
        t: PlayTable, index: int, seat: Seat, surplus: tuple[Card, ...], shown: Card
    ) -> None:
        """67B2: the card shown as played stays, the trick keeps its winner, the surplus goes
        back to the hand as if held all along; a later trick where it would have let him follow
        suit is a revoke (established if his side has played to the trick after it, 63A)."""
        play = t.play
        assert play is not None
        play.surplus = [e for e in play.surplus if not (e[0] == index and e[1] == seat)]
        for card in surplus:
            play.hands[seat] |= 1 << card
        RETURNED.rule(t, seat, seat=seat, cards=surplus, trick=index + 1, shown=shown)
        suits = {c // 13 for c in surplus}
        for i in range(index + 1, len(play.tricks) + 1):
            if i == len(play.tricks):
                cards, leader = list(play.trick), play.leader
            else:
                cards, leader = list(play.tricks[i].cards), play.tricks[i].leader
            position = (seat - leader) & 3
            played = cards[position] if position < len(cards) else None
            if played is None:
                continue
            led = suit_led(cards)
            if played // 13 == led or led not in suits:
                continue
            if any(r.seat == seat and r.trick == i for r in play.revokes):
                continue  # already a revoke there
            revoke = Revoke(seat, i, played, led, t.event_index)
            revoke.established = is_established(i, _side_played_after(t, i, seat))
            play.revokes.append(revoke)
            ruling = REVOKE_ESTABLISHED if revoke.established else REVOKE  # 63A1
            ruling.rule(t, seat, revoke=revoke.said())

    @staticmethod
    def again(table: State, seat: Seat, card: Card) -> None:
        """67B3: ``seat`` plays a card he had already played to an earlier trick (it had not
        been put with his played cards). The director puts it back with that trick; this trick
        gets no card of his; the board gets an adjusted score."""
        t = revoke_table(table)
        play = t.play
        assert play is not None
        earlier = [i for i, trick in enumerate(play.tricks) if trick.card_of(seat) == card]
        if not earlier:
            raise ScriptError(
                t.event_index,
                refuse("event.not-played-card", seat=seat.letter, card=card_name(card)),
            )
        if seat != play.turn or not play.trick:
            raise ScriptError(t.event_index, refuse("event.played-again-in-turn"))
        index = len(play.tricks)
        play.void()
        t.score_cancelled = AGAIN_CANCELS.clause
        AGAIN.rule(t, seat, seat=seat, card=card, trick=index + 1, earlier=earlier[0] + 1)
        AGAIN_ADJUSTED.review(t)
        t.after_a_place_filled(index)


class CardOwed:
    """67A1/67B1: a trick with too few cards. ``<seat> none`` (the player in turn contributes
    no card: reviewed under 67); the card he then supplies (``<seat> correct <card>``): before
    both sides have played to the next trick it completes the trick, which is won as it now
    stands (67A1); later it joins the trick without changing its winner and counts as an
    established revoke there (67B1; a card of the suit led if he has one, 67B1a, else any,
    67B1b). A card still owed when play ends is made up from what is left (67B1)."""

    @staticmethod
    def answer(table: State, event: Event) -> None:
        if event.action is Action.NONE:
            CardOwed.omit(play_table(table), event.seat)
        else:
            assert event.card is not None
            CardOwed.supply(play_table(table), event.seat, event.card)

    @staticmethod
    def omit(t: PlayTable, seat: Seat) -> None:
        """``seat``, in turn, contributes no card to the trick."""
        play = t.play
        assert play is not None
        if seat != play.turn or not play.trick:
            raise ScriptError(t.event_index, refuse("event.none-in-turn", seat=seat.letter))
        if seat in play.omissions.values():
            raise ScriptError(t.event_index, refuse("event.already-owes", seat=seat.letter))
        trick = len(play.tricks) + 1
        before = len(play.tricks)
        play.omit()
        NO_CARD.review(t, seat=seat, trick=trick)
        t.after_a_place_filled(before)

    @staticmethod
    def supply(t: PlayTable, seat: Seat, card: Card) -> None:
        """The card ``seat`` owes to a defective trick: 67A1 in time, else 67B1."""
        play = t.play
        assert play is not None
        index = next(i for i, s in play.omissions.items() if s == seat)
        if not play.holds(seat, card):
            refused = refuse("event.does-not-hold", seat=seat.letter, card=card_name(card))
            raise ScriptError(t.event_index, refused)
        led = play.led_suit(index)
        holds_led = bool(play.hands[seat] >> (13 * led) & 0x1FFF)
        if holds_led and card // 13 != led:
            raise ScriptError(t.event_index, refuse("event.must-add-suit", seat=seat.letter))
        if not play.both_sides_played_after(index):
            play.supply(index, seat, card, recount=True)
            t.penalty_cards = [pc for pc in t.penalty_cards if pc[1] != card]
            SUPPLIED.rule(t, seat, seat=seat, card=card, trick=index + 1)
            return
        CardOwed._added_late(t, index, seat, card)
        late = SUPPLIED_LATE if holds_led else SUPPLIED_LATE_OTHER_SUIT
        late.rule(t, seat, seat=seat, trick=index + 1, card=card)

    @staticmethod
    def at_the_end(table: State) -> None:
        """A card still owed when play ends is made up now (67B1), from what is left: one of
        the suit led if he has one."""
        t = play_table(table)
        play = t.play
        assert play is not None
        for index, seat in sorted(play.omissions.items()):
            led = play.led_suit(index)
            cards = [c for c in range(52) if play.hands[seat] >> c & 1]
            same = [c for c in cards if c // 13 == led]
            card = (same or cards)[0]
            CardOwed._added_late(t, index, seat, card)
            made_up = MADE_UP_AT_THE_END if same else MADE_UP_AT_THE_END_OTHER_SUIT
            made_up.rule(t, seat, seat=seat, card=card, trick=index + 1)

    @staticmethod
    def _added_late(t: PlayTable, index: int, seat: Seat, card: Card) -> None:
        """67B1: the card joins the defective trick without changing who won it, and counts
        as an established revoke there (a 64A2 transfer, never 64A1)."""
        play = t.play
        assert play is not None
        led = play.led_suit(index)
        play.supply(index, seat, card, recount=False)
        t.penalty_cards = [pc for pc in t.penalty_cards if pc[1] != card]
        play.revokes.append(
            Revoke(seat, index, card, led, t.event_index, established=True, defective=True)
        )


__all__ = ["DECLARED", "CardOwed", "DefectiveTrick"]
