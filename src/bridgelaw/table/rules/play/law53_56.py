"""Laws 53-56 (with 60B and 60C): a lead out of turn. Any lead out of turn may be accepted,
and the next player playing to it accepts it (53A; 2017: never at trick 13, where it goes
back). The proper leader leading over it (53B; 2007 53C) or, after declarer's, the right
defender playing to it (53C; 2007 53B) settles it too. An opening lead out of turn faced
(54): declarer accepts it (54B, and must after showing a card, 54C), spreads his hand and
becomes dummy (54A), or declines it (54D: a major penalty card); the declaring side's attempt
goes back (54E). Declarer's lead out of turn (55): the defenders accept it (55A) or not (55B:
it goes back, he leads from the right hand; 55C: what he learnt is reviewed). A defender's
later lead out of turn (56): accepted (56A) or a major penalty card (56B). A defender playing
before declarer leads again (60B), or the offender's partner playing before the
rectification (60C), is rectified in turn.

>>> from bridgelaw.table import Table
>>> deal = "N:AKQ2.KQ2.A32.K32 JT9.AJT.KQJ4.A54 876.9876.T98.QJ9 543.543.765.T876"
>>> table = Table.from_deal(1, deal)
>>> for text in ["N 1NT", "E pass", "S pass", "W pass", "W S5"]:
...     table.apply_text(text)  # North declares: East leads, West leads out of turn
>>> table.awaiting
Awaiting(who='N', law='54', options=('accept', 'spread', 'decline'))
>>> table.apply_text("N decline")
>>> [r.law for r in table.rulings]
['54D']
"""

from __future__ import annotations

from dataclasses import dataclass

from bridgelaw.cards import Card, Seat, card_name
from bridgelaw.table.events import Action, Event, ScriptError
from bridgelaw.table.messages import Said, say
from bridgelaw.table.refusals import refuse
from bridgelaw.table.rules.declared import Applies, Declared, Means, Varies
from bridgelaw.table.rules.play.layer import PlayTable, play_table
from bridgelaw.table.state import Awaiting, Pending, PendingKind
from bridgelaw.table.state import TableState as State

# -- the lead and what it opens ----------------------------------------------------------------

AT_TRICK_13 = Applies("53A", "rule", "lead-out-of-turn.led-out-turn-last")
BEFORE_DECLARER = Applies("60B", "rule", "lead-out-of-turn.played-before-declarer-led")
BEFORE_DECLARER_PENALTY = Applies("60B", "penalty")
DECLARING_SIDE = Applies("54E", "rule", "lead-out-of-turn.declaring-side-tried-make")
DECLARING_SIDE_SHOWN = Applies("24", "unauthorized")  # what the attempted lead showed
UNAUTHORIZED = Applies("16C", "unauthorized", by_book=True)  # a lead or card taken back

OPENING = Applies(
    "54",
    "offer",
    options=("accept", "spread", "decline"),
    title="an opening lead out of turn, faced",
    means=(
        Means(
            "accept",
            "54B",
            "declarer accepts the lead: dummy is spread, and declarer plays the second card to "
            "the trick from his own hand",
        ),
        Means(
            "spread",
            "54A",
            "declarer spreads his hand and becomes dummy: his partner declares, and the lead "
            "stands in turn",
        ),
        Means(
            "decline",
            "54D",
            "declarer does not accept the lead: the card becomes a major penalty card, the "
            "right defender leads, and declarer may then require or forbid that suit (50D2)",
        ),
    ),
)
# the defenders choose
BY_DECLARER = Applies(
    "55A",
    "offer",
    options=("accept", "decline"),
    title="declarer led out of turn",
    means=(
        Means("accept", "55A", "the lead stands as if in turn (53A)"),
        Means(
            "decline",
            "55B",
            ("declarer takes his card back (no penalty card) and the right hand leads"),
        ),
    ),
)
BY_DEFENDER = Applies(
    "56",
    "offer",
    options=("accept", "decline"),
    title="a defender led out of turn",
    means=(
        Means("accept", "56", "the lead stands as if in turn (53A)"),
        Means(
            "decline",
            "56",
            (
                "the card becomes a major penalty card (50D); if the right "
                "leader is the offender's partner, declarer then chooses lead"
                " restrictions (50D2)"
            ),
        ),
    ),
)

# -- accepted ----------------------------------------------------------------------------------

PLAYED_TO = Applies("53A", "rule", "accept-lead")  # the next player played to it
ACCEPTED_OPENING = Applies("54B", "rule", "accept-lead")
ACCEPTED_BY_DEFENDERS = Applies("55A", "rule", "accept-lead")
ACCEPTED_LATER = Applies("56A", "rule", "accept-lead")
DUMMY_SEEN = Applies("54C", "rule", "accept-lead")  # declarer could have seen dummy's cards
WRONG_DEFENDER = Applies("53C", "rule", "accept-lead", by_book=True)  # 2007: 53B
SPREAD = Applies("54A", "rule", "lead-answer.declarer-spreads-hand-after")
PROPER_LEAD = Applies("53B", "rule", "law53-proper-lead", by_book=True)  # 2007: 53C
FACE_DOWN_TOO = Applies("54", "rule", "lead-answer.had-led-face-down")

# -- not accepted ------------------------------------------------------------------------------

DECLINED_OPENING = Applies("54D", "rule", "lead-answer.declarer-does-not-accept")
DECLINED_OPENING_PENALTY = Applies("54D", "penalty")
DECLINED_LATER = Applies("56B", "rule", "lead-answer.declarer-does-not-accept")
DECLINED_LATER_PENALTY = Applies("56B", "penalty")
DECLINED_BY_DEFENDERS = Applies("55B", "rule", "lead-answer.defenders-do-not-accept")
LEARNT = Applies("55C", "review", "law55c.unauthorized")
LEARNT_2007 = Applies("55C", "review", "law55c.adjust-2007")

# -- the offender's partner plays before the rectification -------------------------------------

PARTNER_DECLARER = Applies("60C", "rule", "law60c.played-before-lead-out")
PARTNER_DEFENDER = Applies("60C", "rule", "law60c.played-before-partner-lead")
PARTNER_DEFENDER_PENALTY = Applies("60C", "penalty")

LAST_TRICK = Varies("53A", "opened")
"""2017 53A's footnote: a lead out of turn to trick 13 goes back, never accepted; 2007 none."""
WHAT_DECLARER_LEARNT = Varies("55C", "answer")
"""55C: 2017 unauthorized information (16C); 2007 the director may adjust."""

DECLARED: Declared = Declared(
    law="53-56",
    matter="LeadOutOfTurn",
    module=__name__,
    applies=(
        AT_TRICK_13,
        BEFORE_DECLARER,
        BEFORE_DECLARER_PENALTY,
        DECLARING_SIDE,
        DECLARING_SIDE_SHOWN,
        UNAUTHORIZED,
        OPENING,
        BY_DECLARER,
        BY_DEFENDER,
        PLAYED_TO,
        ACCEPTED_OPENING,
        ACCEPTED_BY_DEFENDERS,
        ACCEPTED_LATER,
        DUMMY_SEEN,
        WRONG_DEFENDER,
        SPREAD,
        PROPER_LEAD,
        FACE_DOWN_TOO,
        DECLINED_OPENING,
        DECLINED_OPENING_PENALTY,
        DECLINED_LATER,
        DECLINED_LATER_PENALTY,
        DECLINED_BY_DEFENDERS,
        LEARNT,
        LEARNT_2007,
        PARTNER_DECLARER,
        PARTNER_DEFENDER,
        PARTNER_DEFENDER_PENALTY,
    ),
    varies=(LAST_TRICK, WHAT_DECLARER_LEARNT),
)


@dataclass(kw_only=True)
class LeadOutOfTurn(Pending):
    """Laws 53-56: a lead out of turn, accepted or not."""

    card: Card
    opening: bool = False
    """A defender's opening lead out of turn, faced (Law 54), not a later lead (55, 56)."""
    by_declarer: bool = False
    """Declarer's lead out of turn, from his hand or dummy's (55), not a defender's (54, 56)."""

    @property
    def kind(self) -> PendingKind:
        return "lead"

    @property
    def offered(self) -> Applies:
        """The offer it makes: the law that rules it (54, 55 or 56)."""
        if self.by_declarer:
            return BY_DECLARER
        return OPENING if self.opening else BY_DEFENDER

    @property
    def law(self) -> str:
        """The clause of its offer (54, 55A, 56), cited while it waits."""
        return self.offered.clause

    def offer(self, table: State) -> Awaiting:
        t = play_table(table)
        assert t.declarer is not None
        # the defenders choose declarer's (the next one prevails); declarer a defender's
        who = self.offender.lho if self.by_declarer else t.declarer
        return self.offered.offer(who.letter)

    def faced(self) -> tuple[Card, ...]:
        return (self.card,)  # the lead is faced (54-56): every seat sees it until settled

    @staticmethod
    def opened(table: State, seat: Seat, card: Card) -> None:
        """``seat`` leads ``card`` out of turn: what the Laws make of it at once, or the matter
        opened for the director's offer."""
        t = play_table(table)
        play = t.play
        assert play is not None and t.declarer is not None
        opening = not play.played
        if len(play.tricks) == 12 and t.by_edition(LAST_TRICK.tag, e2017=True, e2007=False):
            # the withdrawn lead is the offending side's own, unauthorized for it (16C2)
            t.mark_card_unauthorized(seat, card, seat.side)
            AT_TRICK_13.rule(t, seat, seat=seat, card=card, leader=play.leader)
            return
        if t.lead_retracted == len(play.tricks) and seat.side != t.declarer.side:
            # a defender plays before declarer, told to lead from the right hand, has led
            t.penalty_cards.append((seat, card, "major"))
            t._all_major(seat)
            BEFORE_DECLARER.rule(t, seat, seat=seat, card=card)
            return
        if opening and seat.side == t.declarer.side:
            # the declaring side's attempted lead goes back to the hand, and what it showed is
            # unauthorized for that side (Law 24)
            t.mark_card_unauthorized(seat, card, seat.side, law=DECLARING_SIDE_SHOWN.clause)
            DECLARING_SIDE.rule(t, seat, seat=seat, card=card)
            return
        by_declarer = seat.side == t.declarer.side
        t.pending = LeadOutOfTurn(
            offender=seat, card=card, opening=opening, by_declarer=by_declarer
        )

    def answer(self, table: State, event: Event) -> None:
        t = play_table(table)
        play = t.play
        assert play is not None and t.declarer is not None
        o, card = self.offender, self.card
        offer = self.offer(table)
        if self.opening and event.who == "director" and event.action is Action.DUMMY_SEEN:
            self.accept(t, DUMMY_SEEN, say("acceptance.dummy-seen"))  # he must accept it
            return
        if self.opening and event.action is Action.FACE_DOWN and event.seat == o.partner:
            # the partner's face-down lead at the same time is taken back
            assert event.card is not None
            if not play.holds(event.seat, event.card):
                raise ScriptError(
                    event.index,
                    refuse(
                        "event.does-not-hold", seat=event.seat.letter, card=card_name(event.card)
                    ),
                )
            FACE_DOWN_TOO.rule(t, event.seat, seat=event.seat, card=event.card, offender=o)
            return
        if event.action is Action.CARD and event.seat == o.lho:
            # the next player plays to the lead out of turn: he accepts it
            self.accept(t, PLAYED_TO, say("acceptance.plays-to", seat=o.lho, offender=o))
            assert event.card is not None
            t.card_played(event.seat, event.card)
            return
        if event.action is Action.CARD and event.seat == play.leader and event.seat.side != o.side:
            self.proper_lead(t, event)
            return
        if event.action is Action.CARD and self.by_declarer and event.seat == o.rho:
            self.wrong_defender(t, event)
            return
        if event.action is Action.CARD and event.seat == o.partner:
            self.partner_played(t, event)
            return
        if event.who != offer.who or event.action not in offer.options:
            raise ScriptError(
                event.index,
                refuse(
                    "event.play-waits",
                    who=event.who,
                    action=event.action,
                    waiting=offer.who,
                    options="/".join(offer.options),
                    law=offer.law,
                ),
            )
        if event.action is Action.ACCEPT:
            if self.by_declarer:
                accepted = ACCEPTED_BY_DEFENDERS  # 53A by statement
            else:
                accepted = ACCEPTED_OPENING if self.opening else ACCEPTED_LATER
            self.accept(t, accepted, say("acceptance.accepts", seat=offer.who))
        elif event.action is Action.SPREAD:
            # declarer spreads his hand and becomes dummy; his partner declares
            t.pending = None
            t.declarer = t.declarer.partner
            play.declarer = t.declarer
            play.leader = o
            SPREAD.rule(t, o, offender=o, declarer=t.declarer)
            t._play(o, card)
        elif self.by_declarer:
            t.pending = None
            # the card goes back; the right player (or hand) leads
            DECLINED_BY_DEFENDERS.rule(t, o, offender=o, card=card, leader=play.leader)
            t.lead_retracted = len(play.tricks)
            # 16C (2007 16D, whose opening covers every withdrawal the Laws provide for):
            # the withdrawn lead is unauthorized for declarer's side, the offending side
            t.mark_card_unauthorized(o, card, o.side)
            # what declarer learnt from his own lead out of turn (2017: 16C; 2007: the
            # director may adjust if declarer's line could have been based on it)
            learnt = t.by_edition(WHAT_DECLARER_LEARNT.tag, e2017=LEARNT, e2007=LEARNT_2007)
            learnt.review(t, offender=o, card=card)
        else:
            t.pending = None
            t.penalty_cards.append((o, card, "major"))
            t._all_major(o)
            declined = DECLINED_OPENING if self.opening else DECLINED_LATER
            declined.rule(t, o, offender=o, card=card, leader=play.leader)

    def accept(self, t: PlayTable, accepted: Applies, how: Said) -> None:
        play = t.play
        assert play is not None
        o = self.offender
        t.pending = None
        play.leader = o
        accepted.rule(t, o, acceptance=how, card=self.card, lho=o.lho)
        t._play(o, self.card)

    def proper_lead(self, t: PlayTable, event: Event) -> None:
        """The opponent whose lead it was leads properly over the lead out of turn: his lead
        stands and the irregular card goes back without rectification (16C)."""
        assert event.card is not None
        o = self.offender
        t.pending = None
        PROPER_LEAD.rule(t, o, seat=event.seat, card=event.card, offender=o, card2=self.card)
        # 16C (2007 16D), which the clause cites: the offender's withdrawn lead is
        # unauthorized for his side
        t.mark_card_unauthorized(o, self.card, o.side)
        t.card_played(event.seat, event.card)

    def wrong_defender(self, t: PlayTable, event: Event) -> None:
        """Declarer leads from the wrong hand and the defender on the lead's right plays to
        it: the lead stands, and his card is a premature play (57)."""
        play = t.play
        assert play is not None and event.card is not None
        seat = event.seat
        if not play.holds(seat, event.card):
            raise ScriptError(
                event.index,
                refuse("event.does-not-hold", seat=seat.letter, card=card_name(event.card)),
            )
        self.accept(t, WRONG_DEFENDER, say("acceptance.right-defender", seat=seat))
        t._law57_premature(seat, event.card)

    def partner_played(self, t: PlayTable, event: Event) -> None:
        """The offender's partner plays before the lead out of turn is rectified: the
        opponents' rights stand, and his card is itself rectified (a defender's card played
        deliberately is a major penalty card, 50B; declarer's goes back, 48A)."""
        assert t.declarer is not None and event.card is not None
        seat, card = event.seat, event.card
        t._check_card_in_hand(seat, card)
        if seat.side == t.declarer.side:
            # 16C (2007 16D) covers every withdrawal the Laws provide for: his card taken back
            # is his offending side's own withdrawn play, unauthorized for it (16C2)
            t.mark_card_unauthorized(seat, card, seat.side)
            PARTNER_DECLARER.rule(t, seat, seat=seat, card=card)
            return
        t.penalty_cards.append((seat, card, "major"))
        t._all_major(seat)
        PARTNER_DEFENDER.rule(t, seat, seat=seat, card=card)


__all__ = ["DECLARED", "LeadOutOfTurn"]
