"""Law 61B: questions about a possible revoke. Declarer may ask a defender (61B1), dummy may
ask declarer (61B2a) but a defender only if he has not broken a limitation (61B2b), and a
defender may ask declarer or his partner (61B3; 2007 words it otherwise). A question
establishes nothing; if the player asked had none of the suit led, his play stands (61A); if he
revoked, attention is drawn and he corrects (62A). After dummy broke a limitation, his question
to declarer makes Law 64 apply to the corrected revoke as if established (43B2b), and his
question to a defender leaves the revoke unrectified (43B3).

>>> from bridgelaw.table import Table
>>> deal = "N:AKQ2.KQ2.A32.K32 JT9.AJT.KQJ4.A54 876.9876.T98.QJ9 543.543.765.T876"
>>> table = Table.from_deal(1, deal)
>>> for text in ["N 1NT", "E pass", "S pass", "W pass", "E HA", "S H6", "W C6"]:
...     table.apply_text(text)  # West, holding hearts, plays a club
>>> table.apply_text("N asks W")  # declarer asks: West revoked, and must correct
>>> [r.law for r in table.rulings], table.awaiting
(['61B1'], Awaiting(who='W', law='62A', options=('correct H3', 'correct H4', 'correct H5')))
"""

from __future__ import annotations

from bridgelaw.cards import Card, Seat
from bridgelaw.table.events import Event, ScriptError
from bridgelaw.table.play_state import Revoke
from bridgelaw.table.refusals import refuse
from bridgelaw.table.rules.declared import Applies, Declared, Varies
from bridgelaw.table.rules.play.law42_43 import DummyLimitations
from bridgelaw.table.rules.play.law62 import RevokeCorrection
from bridgelaw.table.rules.play.layer import DummyTable, dummy_of, dummy_table, places_in_order
from bridgelaw.table.state import TableState as State

DEFENDERS_QUESTION = Varies("61B3", "asks")
"""61B3: the 2007 text words a defender's question differently (its own sentence)."""

BY_DECLARER = Applies("61B1", "rule", "law61b-asks.asks-whether-has-none-2")
BY_DUMMY = Applies("61B2a", "rule", "law61b-asks.asks-whether-has-none-2")
DUMMY_ASKS_DEFENDER = Applies("61B2b", "rule", "law61b-asks.dummy-asks-defender-about")
BY_DEFENDER = Applies(
    "61B3", "rule", "law61b-asks.asks-whether-has-none-2", within=DEFENDERS_QUESTION.tag
)
BY_DEFENDER_2007 = Applies(
    "61B3", "rule", "law61b-asks.asks-whether-has-none", within=DEFENDERS_QUESTION.tag
)
HAD_NONE = Applies("61A", "rule", "law61b-asks.had-none-suit-led")
AS_ESTABLISHED = Applies("43B2b", "rule", "law61b-asks.dummy-having-broken-43a2")

DECLARED: Declared = Declared(
    law="61B",
    matter="RevokeQuestion",
    module=__name__,
    applies=(
        BY_DECLARER,
        BY_DUMMY,
        DUMMY_ASKS_DEFENDER,
        BY_DEFENDER,
        BY_DEFENDER_2007,
        HAD_NONE,
        AS_ESTABLISHED,
    ),
    varies=(DEFENDERS_QUESTION,),
)


def _failure_to_follow(t: DummyTable, seat: Seat) -> tuple[Revoke | None, Card | None]:
    """``seat``'s card to the trick in progress, or to the last trick before the next lead,
    if it did not follow the suit led; and the revoke it made, if any."""
    play = t.play
    assert play is not None
    current = len(play.tricks)
    window = {current} if play.trick else {current - 1}
    for trick, s, card in places_in_order(t):
        if s != seat or trick not in window or card is None:
            continue
        if card // 13 == play.led_suit(trick):
            return None, None
        for revoke in play.revokes:
            if revoke.seat == seat and revoke.card == card and not revoke.corrected:
                return revoke, card
        return None, card
    return None, None


class RevokeQuestion:
    """``<seat> asks [<seat>]``: a question about a possible revoke (dummy asks declarer when
    no seat is named)."""

    @staticmethod
    def answer(table: State, event: Event) -> None:
        RevokeQuestion.asks(dummy_table(table), event)

    @staticmethod
    def asks(t: DummyTable, event: Event) -> None:
        assert t.play is not None and t.declarer is not None
        asker, d, declarer = event.seat, dummy_of(t), t.declarer
        if event.seat_named is not None:
            target = event.seat_named
        elif asker == d:
            target = declarer
        else:
            raise ScriptError(event.index, refuse("event.asks-names"))
        if target in (asker, d):
            raise ScriptError(
                event.index, refuse("event.cannot-ask", asker=asker.letter, target=target.letter)
            )
        revoke, card = _failure_to_follow(t, target)
        if card is None:
            raise ScriptError(event.index, refuse("event.nothing-to-ask", target=target.letter))
        if asker == d and target != declarer:
            asked = DUMMY_ASKS_DEFENDER
            DUMMY_ASKS_DEFENDER.rule(t, d, target=target)
        else:
            if asker == d:
                asked = BY_DUMMY
            elif asker == declarer:
                asked = BY_DECLARER
            else:
                asked = t.by_edition(
                    DEFENDERS_QUESTION.tag, e2017=BY_DEFENDER, e2007=BY_DEFENDER_2007
                )
            asked.rule(t, None, asker=asker, target=target)
        if revoke is None:
            HAD_NONE.rule(t, None, target=target, card=card)
            return
        if asked is BY_DUMMY and t.dummy_broke:
            revoke.as_established = True
            AS_ESTABLISHED.rule(t, target, revoke=revoke.said())
        elif asked is DUMMY_ASKS_DEFENDER and t.dummy_broke:
            DummyLimitations.waived(t, revoke)
            return
        RevokeCorrection.attention_drawn(t, revoke)


__all__ = ["DECLARED", "RevokeQuestion"]
