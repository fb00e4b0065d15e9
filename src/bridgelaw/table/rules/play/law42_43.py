"""Laws 42 and 43: dummy's rights and limitations. Dummy may warn declarer against leading
from the wrong hand (42B2). He may not draw attention to an irregularity during the play
(43A1b) and may not look at a defender's cards or exchange hands (43A2); the director may
penalize either (43B1). Once dummy has broken a 43A2 limitation: his warning lets either
defender choose the hand declarer leads from (43B2a); his question makes Law 64 apply to
declarer's corrected revoke as if it were established (43B2b, applied with 61B); and if he is
first to draw attention to a defender's irregularity, it is not rectified (43B3; 2017: the
defenders' score alone is adjusted at the end; 2007: 12B1).

>>> from bridgelaw.table import Table
>>> deal = "N:AKQ2.KQ2.A32.K32 JT9.AJT.KQJ4.A54 876.9876.T98.QJ9 543.543.765.T876"
>>> table = Table.from_deal(1, deal)
>>> for text in ["N 1NT", "E pass", "S pass", "W pass", "E DK", "S D8", "W D5", "N DA"]:
...     table.apply_text(text)
>>> table.apply_text("director dummy-looked")
>>> table.apply_text("S warns")  # after breaking 43A2: the defenders choose the hand
>>> table.awaiting
Awaiting(who='E', law='43B2a', options=('lead-hand N', 'lead-hand S'))
>>> table.apply_text("W lead-hand S")
>>> [r.law for r in table.rulings][-1], table.play.leader
('43B2a', <Seat.SOUTH: 2>)
"""

from __future__ import annotations

from bridgelaw.table.events import Action, Event, ScriptError
from bridgelaw.table.play_state import Revoke
from bridgelaw.table.refusals import refuse
from bridgelaw.table.rules.declared import Applies, Declared, Varies
from bridgelaw.table.rules.play.law52 import PenaltyCardNotPlayed
from bridgelaw.table.rules.play.law53_56 import LeadOutOfTurn
from bridgelaw.table.rules.play.law62 import RevokeCorrection
from bridgelaw.table.rules.play.layer import DummyTable, dummy_of, dummy_table, open_dummy_offer
from bridgelaw.table.state import DummyOffer, Phase
from bridgelaw.table.state import TableState as State

NOT_RECTIFIED = Varies("43B3", "waived")
"""43B3: 2017 adjusts the defenders' score alone at the end; 2007 reviews it under 12B1."""

BROKE = Applies("43A2", "rule", "law43a2-broken.dummy-broke-limitation-law")
BROKE_PENALTY = Applies("43B1", "review", "law43a2-broken.dummy-may-get-procedural")
WARNED = Applies("42B2", "rule", "law42b2-warns")
# either defender: declarer's hand or dummy's
HAND_OFFERED = Applies(
    "43B2a", "offer", title="dummy broke his limitations: a defender chooses the hand to lead from"
)
OWN_HAND = Applies("43B2a", "rule", "dummy-offer-answer.chooses-declarer-leads-from.own-hand")
DUMMYS_HAND = Applies("43B2a", "rule", "dummy-offer-answer.chooses-declarer-leads-from.dummy")
ATTENTION = Applies("43A1b", "rule", "law43a1-attention.dummy-draws-attention-irregularity")
ATTENTION_PENALTY = Applies("43B1", "review", "law43a1-attention.dummy-drew-attention-during")
REVOKE_NOT_RECTIFIED = Applies("43B3", "rule", "law43b3")
LEAD_NOT_RECTIFIED = Applies("43B3", "rule", "law43b3.lead")
PENALTY_CARD_NOT_RECTIFIED = Applies("43B3", "rule", "law43b3.penalty-card")
DEFENDERS_ADJUSTED = Applies("43B3", "review", "law43b3-review", within=NOT_RECTIFIED.tag)
DEFENDERS_ADJUSTED_2007 = Applies("12B1", "review", "law43b3-review-2007", within=NOT_RECTIFIED.tag)

DECLARED: Declared = Declared(
    law="42-43",
    matter="DummyLimitations",
    module=__name__,
    applies=(
        BROKE,
        BROKE_PENALTY,
        WARNED,
        HAND_OFFERED,
        OWN_HAND,
        DUMMYS_HAND,
        ATTENTION,
        ATTENTION_PENALTY,
        REVOKE_NOT_RECTIFIED,
        LEAD_NOT_RECTIFIED,
        PENALTY_CARD_NOT_RECTIFIED,
        DEFENDERS_ADJUSTED,
        DEFENDERS_ADJUSTED_2007,
    ),
    varies=(NOT_RECTIFIED,),
)


def open_revoke(t: DummyTable, side: int) -> Revoke | None:
    """The latest revoke by ``side`` not yet established nor corrected, that can still be
    corrected (the trick in progress, or the last one before the next lead)."""
    play = t.play
    assert play is not None
    current = len(play.tricks)
    window = {current} if play.trick else {current, current - 1}
    for revoke in reversed(play.revokes):
        if (
            revoke.seat.side == side
            and not revoke.established
            and not revoke.corrected
            and not revoke.waived
            and revoke.trick in window
        ):
            return revoke
    return None


class DummyLimitations:
    """Dummy's words and the director's finding that he broke a limitation: ``director
    dummy-looked`` (43A2), ``<dummy> warns`` (42B2), ``<dummy> attention`` (43A1b); and the
    defenders' answer ``lead-hand <seat>`` (43B2a)."""

    @staticmethod
    def answer(table: State, event: Event) -> None:
        t = dummy_table(table)
        if event.action is Action.DUMMY_LOOKED:
            DummyLimitations.broken(t)
        elif event.action is Action.WARNS:
            DummyLimitations.warns(t)
        elif event.action is Action.LEAD_HAND:
            DummyLimitations.lead_hand(t, event)
        else:
            DummyLimitations.attention(t)

    @staticmethod
    def broken(t: DummyTable) -> None:
        """43A2: the director finds that dummy broke a limitation."""
        if t.phase != Phase.PLAY or t.declarer is None:
            raise ScriptError(t.event_index, refuse("event.no-dummy-yet"))
        t.dummy_broke = True
        d = dummy_of(t)
        BROKE.rule(t, d, dummy=d)
        BROKE_PENALTY.review(t, dummy=d)

    @staticmethod
    def warns(t: DummyTable) -> None:
        """42B2: dummy warns declarer against leading from the wrong hand; 43B2a after he
        broke a limitation."""
        play = t.play
        assert play is not None and t.declarer is not None
        if play.trick or play.is_over or play.leader.side != t.declarer.side or not play.played:
            raise ScriptError(t.event_index, refuse("event.dummy-warns"))
        d = dummy_of(t)
        if t.dummy_broke:
            options = (f"lead-hand {t.declarer.letter}", f"lead-hand {d.letter}")
            rho = t.declarer.rho.letter
            offer = HAND_OFFERED.offer(t.declarer.lho.letter, options, others=((rho, options),))
            open_dummy_offer(t, DummyOffer.LEAD_HAND, offer)
            return
        WARNED.rule(t, None, leader=play.leader)

    @staticmethod
    def lead_hand(t: DummyTable, event: Event) -> None:
        """43B2a: a defender's choice of the hand declarer leads from."""
        play = t.play
        assert play is not None
        hand = event.the_seat_named
        play.leader = hand
        chosen = OWN_HAND if hand == t.declarer else DUMMYS_HAND
        chosen.rule(t, dummy_of(t), seat=event.who, hand=hand)

    @staticmethod
    def attention(t: DummyTable) -> None:
        """43A1b: dummy may not draw attention during the play. After breaking a 43A2
        limitation, dummy first to draw attention to a defender's irregularity: no
        rectification (43B3)."""
        play = t.play
        assert play is not None and t.declarer is not None
        d = dummy_of(t)
        p = t.pending
        defenders = t.declarer.side ^ 1
        revoke: Revoke | None = None
        pending = (
            isinstance(p, LeadOutOfTurn | PenaltyCardNotPlayed) and p.offender.side == defenders
        )
        if not pending:
            revoke = open_revoke(t, defenders)
        if t.dummy_broke and (pending or revoke is not None):
            DummyLimitations.waived(t, revoke)
            return
        ATTENTION.rule(t, d, dummy=d)
        ATTENTION_PENALTY.review(t, dummy=d)
        if revoke is not None:
            RevokeCorrection.attention_drawn(t, revoke)

    @staticmethod
    def waived(t: DummyTable, revoke: Revoke | None) -> None:
        """43B3: dummy, having broken a limitation, first drew attention to a defender's
        irregularity: ``revoke``, or else the lead out of turn or the card played instead of
        a penalty card now waiting. It is not rectified."""
        play = t.play
        p = t.pending
        assert play is not None and t.declarer is not None
        d = dummy_of(t)
        if revoke is not None:
            revoke.waived = True
            REVOKE_NOT_RECTIFIED.rule(t, revoke.seat, dummy=d, revoke=revoke.said())
        else:
            assert isinstance(p, LeadOutOfTurn | PenaltyCardNotPlayed)
            t.pending = None
            lead = isinstance(p, LeadOutOfTurn)
            if lead:
                play.leader = p.offender
            t._play(p.offender, p.card)  # the card stands as played; the ruling follows it
            if lead:
                LEAD_NOT_RECTIFIED.rule(t, p.offender, dummy=d, offender=p.offender, card=p.card)
            else:
                PENALTY_CARD_NOT_RECTIFIED.rule(t, p.offender, dummy=d, card=p.card)
        adjusted = t.by_edition(
            NOT_RECTIFIED.tag, e2017=DEFENDERS_ADJUSTED, e2007=DEFENDERS_ADJUSTED_2007
        )
        adjusted.review(t)


__all__ = ["DECLARED", "DummyLimitations", "open_revoke"]
