"""Law 51A: a defender in turn with two or more major penalty cards he could legally play plays
the one declarer designates (an offer declarer answers before the defender plays: no
irregularity is pending, the choice is the play's own, ``PlayChoice.DESIGNATE``). The card
designated becomes an obligation on the defender's next play (57A's record of what he must
play).

>>> from bridgelaw.table import Table
>>> deal = "N:AKQ2.KQ2.A32.K32 JT9.AJT.KQJ4.A54 876.9876.T98.QJ9 543.543.765.T876"
>>> table = Table.from_deal(1, deal)
>>> for text in ["N 1NT", "E pass", "S pass", "W pass", "W S5", "N decline", "W expose S4"]:
...     table.apply_text(text)  # West: two major penalty cards (54D, then 49 and 50B)
>>> for text in ["N no-restriction", "E S9", "S S8"]:
...     table.apply_text(text)  # a spade led: West could play either
>>> table.awaiting
Awaiting(who='N', law='51A', options=('designate S4', 'designate S5'))
>>> table.apply_text("N designate S4")
>>> table.rulings[-1].law, table.must_play[table.play.turn].card
('51A', 41)
"""

from __future__ import annotations

from bridgelaw.cards import card_name
from bridgelaw.table.events import Action, Event, ScriptError
from bridgelaw.table.refusals import refuse
from bridgelaw.table.rules.declared import Applies, Declared
from bridgelaw.table.rules.play.layer import play_table
from bridgelaw.table.state import Awaiting, Obligation
from bridgelaw.table.state import TableState as State

# "designate <card>" for each card he could play
OFFERED = Applies(
    "51A", "offer", title="several penalty cards: declarer designates the one to play"
)
DESIGNATED = Applies("51A", "rule", "law51a-designate")

DECLARED: Declared = Declared(
    law="51A",
    matter="PenaltyCardDesignation",
    module=__name__,
    applies=(OFFERED, DESIGNATED),
)


class PenaltyCardDesignation:
    """51A's offer and its answer: not a pending irregularity, an offer of the play's own,
    made while the defender in turn has two or more legal major penalty cards."""

    @staticmethod
    def offer(table: State) -> Awaiting | None:
        """Declarer's offer, or None when there is nothing to designate."""
        t = play_table(table)
        play = t.play
        if not t.penalty_cards or t.declarer is None:
            return None  # no penalty card: nothing to designate (asked at every card)
        if play is not None and play.is_over:
            return None
        # before the opening lead too: the opening leader's penalty cards from the auction (24E)
        seat = t.declarer.lho if play is None else play.turn
        if seat.side == t.declarer.side or seat in t.must_play:
            return None
        if play is None:
            led, follow = None, False
        else:
            led = play.led_suit() if play.trick else None
            follow = led is not None and play.can_follow(seat)
        legal = sorted(
            c
            for s, c, k in t.penalty_cards
            if s == seat
            and k == "major"
            and (not follow or c // 13 == led)
            # 50D1b: a card his lead restriction forbids now is not one he could play
            and (play is None or t._penalty_card_legal(seat, c))
        )
        if len(legal) < 2:
            return None
        return OFFERED.offer(t.declarer.letter, tuple(f"designate {card_name(c)}" for c in legal))

    @staticmethod
    def answer(table: State, offer: Awaiting, event: Event) -> None:
        """Declarer designates one of the cards offered (another card shown meanwhile is one
        more penalty card, 49, and the offer is made again)."""
        t = play_table(table)
        if event.action is Action.EXPOSE and event.card is not None:
            t._law48_49_exposed(event.seat, event.card)  # 49: one more penalty card
            return
        word = f"designate {card_name(event.card)}" if event.card is not None else ""
        if (
            event.who != offer.who
            or event.action is not Action.DESIGNATE
            or word not in offer.options
        ):
            raise ScriptError(
                t.event_index,
                refuse(
                    "event.declarer-designates-first",
                    declarer=offer.who,
                    options=", ".join(offer.options),
                ),
            )
        assert t.play is not None and event.card is not None
        seat = t.play.turn
        t.must_play[seat] = Obligation(DESIGNATED.clause, card=event.card)
        DESIGNATED.rule(t, seat, card=event.card, seat=seat)


__all__ = ["DECLARED", "PenaltyCardDesignation"]
