"""Law 45E: a fifth card. The director finds that a card played just after a completed trick,
taken for a lead out of turn, was a fifth card to that trick: a defender's becomes a major
penalty card (45E1: played deliberately, 50B); declarer's or dummy's goes back to the hand
without rectification (45E2).

>>> from bridgelaw.table import Table
>>> deal = "N:AKQ2.KQ2.A32.K32 JT9.AJT.KQJ4.A54 876.9876.T98.QJ9 543.543.765.T876"
>>> table = Table.from_deal(1, deal)
>>> for text in ["N 1NT", "E pass", "S pass", "W pass", "E DK", "S D8", "W D5", "N DA"]:
...     table.apply_text(text)
>>> table.apply_text("W D6")  # North won the trick: West's card is taken for a lead
>>> table.awaiting.law  # a defender's lead out of turn, says the table
'56'
>>> table.apply_text("director fifth-card")  # it was a fifth card to the trick
>>> [r.law for r in table.rulings], table.penalty_cards
(['45E1'], [(<Seat.WEST: 3>, 17, 'major')])
"""

from __future__ import annotations

from bridgelaw.table.events import Event, ScriptError
from bridgelaw.table.refusals import refuse
from bridgelaw.table.rules.declared import Applies, Declared
from bridgelaw.table.rules.play.law53_56 import LeadOutOfTurn
from bridgelaw.table.rules.play.layer import play_table
from bridgelaw.table.state import TableState as State

DEFENDERS = Applies("45E1", "rule", "law45e-fifth-card.was-fifth-card-trick")
DEFENDERS_PENALTY = Applies("45E1", "penalty")
DECLARERS = Applies("45E2", "rule", "law45e-fifth-card.was-fifth-card-trick-2")
UNAUTHORIZED = Applies("16C", "unauthorized", by_book=True)  # declarer's card back in hand

DECLARED: Declared = Declared(
    law="45E",
    matter="FifthCard",
    module=__name__,
    applies=(DEFENDERS, DEFENDERS_PENALTY, DECLARERS, UNAUTHORIZED),
)


class FifthCard:
    """45E: the director's finding (``director fifth-card``) on a card waiting as a lead out of
    turn."""

    @staticmethod
    def answer(table: State, event: Event) -> None:
        """The card taken for a lead out of turn was a fifth card to the last trick."""
        t = play_table(table)
        play, p = t.play, t.pending
        assert t.declarer is not None
        if play is None or not isinstance(p, LeadOutOfTurn) or not play.tricks:
            raise ScriptError(t.event_index, refuse("event.no-fifth-card"))
        o, card = p.offender, p.card
        t.pending = None
        if o.side == t.declarer.side:
            # 16C (2007 16D), whose opening covers every withdrawal: the returned fifth card
            # is declarer's side's own withdrawn play, unauthorized for it (16C2)
            t.mark_card_unauthorized(o, card, o.side, UNAUTHORIZED.clause)
            DECLARERS.rule(t, o, offender=o, card=card, trick=len(play.tricks))
            return
        t.penalty_cards.append((o, card, "major"))
        t._all_major(o)
        DEFENDERS.rule(t, o, offender=o, card=card, trick=len(play.tricks))


__all__ = ["DECLARED", "FifthCard"]
