"""Law 47E (with 47D): a card played on wrong information. A lead out of turn made because an
opponent said it was his lead goes back without rectification (47E1). A card played after an
opponent's mistaken explanation may be taken back without rectification while no card has
been played after it to the trick (47E2a; the opening lead stands once dummy is faced); too
late, the director may adjust the score (47E2b). A card an opponent led to the next trick after
the card taken back goes back too (47D). What the cards taken back show is unauthorized for the
side that gave the wrong information (16C).

>>> from bridgelaw.table import Table
>>> deal = "N:AKQ2.KQ2.A32.K32 JT9.AJT.KQJ4.A54 876.9876.T98.QJ9 543.543.765.T876"
>>> table = Table.from_deal(1, deal)
>>> for text in ["N 1NT", "E pass", "S pass", "W pass", "E DK", "S D8"]:
...     table.apply_text(text)
>>> table.apply_text("director mistaken-explanation S")  # dummy's card, last played
>>> [r.law for r in table.rulings]
['47E2a']
"""

from __future__ import annotations

from bridgelaw.cards import Card, Seat, card_name
from bridgelaw.table.events import Action, Event, ScriptError
from bridgelaw.table.refusals import refuse
from bridgelaw.table.rules.declared import Applies, Declared
from bridgelaw.table.rules.play.law52 import PenaltyCardNotPlayed
from bridgelaw.table.rules.play.law53_56 import LeadOutOfTurn
from bridgelaw.table.rules.play.layer import PlayTable, places_in_order, play_table
from bridgelaw.table.state import TableState as State

TOLD_TO_LEAD = Applies("47E1", "rule", "law47e1-told-to-lead")
UNAUTHORIZED = Applies("16C", "unauthorized", by_book=True)  # for the misinforming side
TAKEN_BACK = Applies(
    "47E2a", "rule", "law47e2-mistaken-explanation.played-after-mistaken-explanation-2"
)
TOO_LATE = Applies("47E2b", "rule", "law47e2-mistaken-explanation.card-was-played-after")
# the opening lead, dummy faced
TOO_LATE_LEAD = Applies("47E2b", "rule", "law47e2-mistaken-explanation.card-was-played-after.lead")
ADJUST = Applies(
    "47E2b", "review", "law47e2-mistaken-explanation.played-after-mistaken-explanation"
)
WAITING_CARD_BACK = Applies("47D", "rule", "law47d-waiting-card-back")

DECLARED: Declared = Declared(
    law="47E",
    matter="WrongInformation",
    module=__name__,
    applies=(
        TOLD_TO_LEAD,
        UNAUTHORIZED,
        TAKEN_BACK,
        TOO_LATE,
        TOO_LATE_LEAD,
        ADJUST,
        WAITING_CARD_BACK,
    ),
)


class WrongInformation:
    """47E: the director's finding that a card was played on an opponent's wrong information
    (``director told-to-lead``, ``director mistaken-explanation <seat>``)."""

    @staticmethod
    def answer(table: State, event: Event) -> None:
        if event.action is Action.TOLD_TO_LEAD:
            WrongInformation.told_to_lead(table)
        else:
            WrongInformation.mistaken_explanation(table, event.the_seat_named)

    @staticmethod
    def told_to_lead(table: State) -> None:
        """47E1: a lead out of turn made because an opponent said it was his lead goes back
        without rectification; it cannot be accepted, and it establishes nothing (63A1)."""
        t = play_table(table)
        play, p = t.play, t.pending
        if play is None or not isinstance(p, LeadOutOfTurn):
            raise ScriptError(t.event_index, refuse("event.no-lead-waiting"))
        t.pending = None
        # 16C, which 47E1 cites: the offenders are the opponents who misinformed him; his
        # withdrawn lead is authorized for his side and unauthorized for theirs (16C2)
        t.mark_card_unauthorized(p.offender, p.card, p.offender.side ^ 1, UNAUTHORIZED.clause)
        TOLD_TO_LEAD.rule(t, p.offender, offender=p.offender, card=p.card, leader=play.leader)

    @staticmethod
    def mistaken_explanation(table: State, seat: Seat) -> None:
        """47E2a: a card played after an opponent's mistaken explanation may be taken back,
        without rectification, if no card has been played after it to the trick (the opening
        lead stands once dummy is faced); too late, the director may adjust (47E2b)."""
        t = play_table(table)
        play = t.play
        if play is None or not play.played:
            raise ScriptError(t.event_index, refuse("event.no-card-played"))
        if all(s != seat or c is None for _, s, c in places_in_order(t)):
            raise ScriptError(t.event_index, refuse("event.seat-played-none", seat=seat.letter))
        last_card = play.trick[-1] if play.trick else play.tricks[-1].cards[3]
        if t._last_player() == seat and last_card is None:
            raise ScriptError(t.event_index, refuse("event.none-to-this-trick", seat=seat.letter))
        last = t._last_player() == seat
        if last and play.trick and isinstance(t.pending, PenaltyCardNotPlayed):
            last = False  # the card waiting for declarer's 52B answer followed his in the trick
        if last and len(play.played) > 1:
            waiting = WrongInformation._card_waiting_after(t, seat)
            _, card = play.take_back_last()
            # 16C, which 47E2a cites: the mistaken explanation was the opponents'; the card
            # taken back is unauthorized for their side, authorized for his (16C1, 16C2)
            t.mark_card_unauthorized(seat, card, seat.side ^ 1, UNAUTHORIZED.clause)
            TAKEN_BACK.rule(t, seat, seat=seat, card=card)
            if waiting is not None:
                WrongInformation._waiting_card_back(t, seat, waiting)
            return
        too_late = TOO_LATE_LEAD if last else TOO_LATE  # dummy is faced; else a card followed
        too_late.rule(t, seat, seat=seat)
        ADJUST.review(t, seat=seat)

    @staticmethod
    def _card_waiting_after(t: PlayTable, seat: Seat) -> tuple[Seat, Card] | None:
        """The card an opponent of ``seat`` led to the next trick after ``seat``'s card ended
        the last one, waiting, not yet in a trick, for an answer to its irregularity (a lead
        out of turn, 53-56; a card led instead of a penalty card, 52B): its owner and the
        card, or None. One of ``seat``'s own side is refused as not handled (47D speaks of a
        card played after an opponent's change of play)."""
        p = t.pending
        if not isinstance(p, (LeadOutOfTurn, PenaltyCardNotPlayed)):
            return None
        if p.offender.side == seat.side:
            raise ScriptError(
                t.event_index,
                refuse(
                    "event.answer-first",
                    offender=p.offender.letter,
                    card=card_name(p.card),
                    law=p.law,
                    seat=seat.letter,
                ),
            )
        return p.offender, p.card

    @staticmethod
    def _waiting_card_back(t: PlayTable, seat: Seat, waiting: tuple[Seat, Card]) -> None:
        """47D: ``seat``'s card taken back under 47E2a reopens the trick, so the card an
        opponent played after it, to the next trick, goes back to his hand without
        rectification, and the answer it waited for lapses."""
        owner, card = waiting
        t.pending = None
        # 47D: a card played after an opponent's change of play may be taken back without
        # rectification; it cannot stay, as the trick it was led to is not reached yet. 16C,
        # which 47D cites: the explainers' side offended, so it is unauthorized for them
        t.mark_card_unauthorized(owner, card, seat.side ^ 1, UNAUTHORIZED.clause)
        WAITING_CARD_BACK.rule(t, None, owner=owner, card=card, seat=seat, law=UNAUTHORIZED.law(t))


__all__ = ["DECLARED", "WrongInformation"]
