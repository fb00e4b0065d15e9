"""Law 62 (with 58B3): correcting a revoke. A revoke not yet established must be corrected
(62A) with a legal card, or the card declarer demanded (62B); a defender's revoke card becomes
a major penalty card (62B1), declarer's or dummy's goes back (62B2). A non-offender who played
after the revoke may take his card back (62C1), and then the revoker's partner too (62C2, his
card a penalty card if he is a defender). When both sides revoked in one trick and one side
has played on (2017 62C3), both revokes are corrected and the lead to the next trick is
withdrawn if it came from the wrong hand. A revoke on trick 12 is corrected even after trick
13 (62D1); a defender's correction there is unauthorized information for his partner (62D2).
The take-back after a card changed under 58B (58B3) is settled as 62C1's.

Establishment (63A) is applied by the play rules as cards are played; the tricks that change
hands (64) by the revoke layer (:class:`~bridgelaw.table.revokes.RevokeRules`) when play ends.

>>> from bridgelaw.table import Table
>>> from bridgelaw.cards import Seat, card_name
>>> deal = "N:AKQ2.KQ2.A32.K32 JT9.AJT.KQJ4.A54 876.9876.T98.QJ9 543.543.765.T876"
>>> table = Table.from_deal(1, deal)
>>> for text in ["N 1NT", "E pass", "S pass", "W pass", "E HA", "S H6", "W C6", "N H2"]:
...     table.apply_text(text)  # West, holding hearts, plays a club: a revoke
>>> [card_name(c) for c in table.corrections(Seat.WEST)]
['H5', 'H4', 'H3']
>>> table.apply_text("W correct H5")  # his club becomes a major penalty card (62B1)
>>> [r.law for r in table.rulings], table.penalty_cards
(['62B1'], [(<Seat.WEST: 3>, 4, 'major')])
>>> table.awaiting  # North played after the revoke: he may take his card back (62C1)
Awaiting(who='N', law='62C1', options=('accept', 'decline'))
>>> table.apply_text("N decline")
>>> table.awaiting.options
('HK', 'HQ', 'H2')
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from bridgelaw.cards import Card, Seat, card_name
from bridgelaw.table.events import ACCEPT_OR_DECLINE, Action, Event, ScriptError
from bridgelaw.table.play_state import TRICK_12, Place, Revoke, suit_led, winner_index
from bridgelaw.table.refusals import refuse
from bridgelaw.table.rules.declared import Applies, Declared, Means, Varies
from bridgelaw.table.rules.play.layer import (
    DummyTable,
    RevokeTable,
    open_dummy_offer,
    revoke_table,
)
from bridgelaw.table.state import Awaiting, DummyOffer, Pending, PendingKind, Phase
from bridgelaw.table.state import TableState as State

PAIR = Varies("62C3", "other_in_trick")
"""2017 62C3: both sides revoked in one trick; 2007 has no 62C3 (each revoke on its own)."""
PARTNER_TRICK_12 = Varies("62D2", "trick_12_partner")
"""62D2: 2017 applies 16C to the partner; 2007 bars a play the withdrawn card suggested."""

CORRECTED_BY_DEFENDER = Applies("62B1", "rule", "law62-correct.corrects-revoke-replaces-which")
DEFENDERS_REVOKE_CARD = Applies("62B1", "penalty")
CORRECTED_BY_DECLARER = Applies("62B2", "rule", "law62-correct.corrects-revoke-replaces-which-2")
UNAUTHORIZED = Applies("16C", "unauthorized", by_book=True)  # every card withdrawn here
NEXT_TRICK_BACK = Applies("62C1", "rule", "law62-next-trick-back")
TAKE_BACK_AFTER_REVOKE = Applies(
    "62C1",
    "offer",
    options=("accept", "decline"),
    title="a revoke corrected: the non-offenders may change the cards they played after it",
    means=(
        Means("accept", "62C1", "the card played stays"),
        Means("decline", "62C1", "the card is taken back and another played, with no penalty"),
    ),
)
TAKEN_BACK_AFTER_REVOKE = Applies("62C1", "rule", "law62c-taken-back")
TAKEN_BACK_AFTER_REVOKE_DUMMY = Applies("62C1", "rule", "law62c-taken-back.dummy")
SAME_AFTER_REVOKE = Applies("62C1", "rule", "law62c-same-card")  # taken back, played again
REPLACED_AFTER_REVOKE = Applies("62C1", "offer")  # the cards he may play in its place
TAKE_BACK_PARTNER = Applies(
    "62C2",
    "offer",
    options=("accept", "decline"),
    title=(
        "a revoke corrected, and a non-offender changed his card: the "
        "offender's partner may change his"
    ),
    means=(
        Means("accept", "62C2", "the card played stays"),
        Means(
            "decline",
            "62C2",
            (
                "the card is taken back and another played; if he is a "
                "defender it becomes a major penalty card, and it is "
                "unauthorized information for his side (16C)"
            ),
        ),
    ),
)
TAKEN_BACK_PARTNER = Applies("62C2", "rule", "law62c-taken-back")
TAKEN_BACK_PARTNER_DUMMY = Applies("62C2", "rule", "law62c-taken-back.dummy")
TAKEN_BACK_DEFENDER = Applies("62C2", "rule", "law62c-taken-back.penalty")
PARTNERS_CARD = Applies("62C2", "penalty")  # a defender's card taken back
SAME_PARTNER = Applies("62C2", "rule", "law62c-same-card")
REPLACED_PARTNER = Applies("62C2", "offer")
TAKE_BACK_AFTER_CHANGE = Applies(
    "58B3",
    "offer",
    options=("accept", "decline"),
    title="a card withdrawn after several cards were played: the next player may change",
    means=(
        Means("accept", "58B3", "the next player keeps his card"),
        Means(
            "decline",
            "58B3",
            ("the next player takes his card back and plays another, with no penalty"),
        ),
    ),
)
TAKEN_BACK_AFTER_CHANGE = Applies("58B3", "rule", "law58b3-taken-back")
TAKEN_BACK_AFTER_CHANGE_DUMMY = Applies("58B3", "rule", "law58b3-taken-back.dummy")
SAME_AFTER_CHANGE = Applies("58B3", "rule", "law62c-same-card")
REPLACED_AFTER_CHANGE = Applies("58B3", "offer")
# after a question (61B) or dummy's attention (43A1)
ATTENTION_DRAWN = Applies(
    "62A", "offer", title="a revoke not yet established: it must be corrected"
)
NOBODY_ON = Applies("62A", "offer", within=PAIR.tag)  # the other side's correction, nobody on
BOTH = Applies("62C3", "rule", "law62c3-both", within=PAIR.tag)
# the other side corrects its revoke
BOTH_OTHER = Applies(
    "62C3",
    "offer",
    within=PAIR.tag,
    title="both sides revoked in the same trick: the other revoke is corrected too",
)
LEAD_STANDS = Applies("62C3", "rule", "law62c3-lead-after-both", within=PAIR.tag)
LEAD_BACK = Applies("62C3", "rule", "law62c3-take-back-next", within=PAIR.tag)
LEAD_BACK_DEFENDER = Applies("62C3", "rule", "law62c3-take-back-next.major", within=PAIR.tag)
LEAD_BACK_PENALTY = Applies("62C3", "penalty", within=PAIR.tag)
AFTER_THE_LAST_TRICK = Applies("62D1", "rule", "law62d1-after-the-last-trick")
SETTLED_AGAIN = Applies("62D1", "supersede")  # Law 64's settlement, made again after trick 13
FORCED_LAST_TRICK = Applies("62D1", "rule", "law62d1-forced-last-trick")
PARTNER_AFTER_TRICK_12 = Applies("62D2", "review", "law62d2", within=PARTNER_TRICK_12.tag)
PARTNER_AFTER_TRICK_12_2007 = Applies("62D2", "review", "law62d2.2007", within=PARTNER_TRICK_12.tag)

DECLARED: Declared = Declared(
    law="62",
    matter="RevokeCorrection",
    module=__name__,
    applies=(
        CORRECTED_BY_DEFENDER,
        DEFENDERS_REVOKE_CARD,
        CORRECTED_BY_DECLARER,
        UNAUTHORIZED,
        NEXT_TRICK_BACK,
        TAKE_BACK_AFTER_REVOKE,
        TAKEN_BACK_AFTER_REVOKE,
        TAKEN_BACK_AFTER_REVOKE_DUMMY,
        SAME_AFTER_REVOKE,
        REPLACED_AFTER_REVOKE,
        TAKE_BACK_PARTNER,
        TAKEN_BACK_PARTNER,
        TAKEN_BACK_PARTNER_DUMMY,
        TAKEN_BACK_DEFENDER,
        PARTNERS_CARD,
        SAME_PARTNER,
        REPLACED_PARTNER,
        TAKE_BACK_AFTER_CHANGE,
        TAKEN_BACK_AFTER_CHANGE,
        TAKEN_BACK_AFTER_CHANGE_DUMMY,
        SAME_AFTER_CHANGE,
        REPLACED_AFTER_CHANGE,
        ATTENTION_DRAWN,
        NOBODY_ON,
        BOTH,
        BOTH_OTHER,
        LEAD_STANDS,
        LEAD_BACK,
        LEAD_BACK_DEFENDER,
        LEAD_BACK_PENALTY,
        AFTER_THE_LAST_TRICK,
        SETTLED_AGAIN,
        FORCED_LAST_TRICK,
        PARTNER_AFTER_TRICK_12,
        PARTNER_AFTER_TRICK_12_2007,
    ),
    varies=(PAIR, PARTNER_TRICK_12),
    stages=("OtherRevoke", "CardAfterRevoke", "CardReplaced"),
)


def trick_cards(t: RevokeTable, index: int) -> tuple[Seat, list[Place]]:
    """The leader of trick ``index`` and its cards, the trick in progress included."""
    play = t.play
    assert play is not None
    if index == len(play.tricks):
        return play.leader, list(play.trick)
    done = play.tricks[index]
    return done.leader, list(done.cards)


def chooser_for(t: RevokeTable, seat: Seat) -> Seat:
    """Who decides about ``seat``'s card: declarer for dummy's (he plays dummy's cards, 41D
    and 45B, and dummy takes no part in the play, 43A1c), else the player himself."""
    declarer = t.declarer
    return declarer if declarer is not None and seat == declarer.partner else seat


class RevokeCorrection:
    """Law 62's rules: which revoke a player may correct and with what, the correction (the
    matter's answer: ``<seat> correct <card>``) and what follows it."""

    @staticmethod
    def correctable(t: RevokeTable, seat: Seat) -> Revoke | None:
        """The revoke ``seat`` may correct now: not established (62A), on trick 12 (62D), or
        established but in a trick where both sides revoked and only one side has played on
        (2017 62C3)."""
        play = t.play
        assert play is not None
        for revoke in reversed(play.revokes):
            if revoke.seat != seat or revoke.corrected:
                continue
            if revoke.trick == TRICK_12 or revoke.trick == len(play.tricks):
                return revoke
            if revoke.trick == len(play.tricks) - 1 and (
                not revoke.established or RevokeCorrection.other_in_trick(t, revoke) is not None
            ):
                return revoke
        return None

    @staticmethod
    def cards(table: State, seat: Seat) -> tuple[Card, ...]:
        """The cards ``seat`` may correct his revoke with now (62A: he must, if attention is
        drawn to it before it is established; 62B: with a legal card, or the card declarer
        demanded), highest first; none when he has no revoke he may correct, or when play
        waits for something else (an irregularity being settled) or is over (62D1 is taken
        up by the card itself)."""
        t = revoke_table(table)
        play = t.play
        if play is None or t.pending is not None or play.is_over or t.phase != Phase.PLAY:
            return ()
        revoke = RevokeCorrection.correctable(t, seat)
        if revoke is None or (None in play.trick and revoke.trick < len(play.tricks)):
            return ()  # (a correction over a missing card, 67, is refused: not handled)
        return tuple(c for c in range(51, -1, -1) if play.holds(seat, c) and revoke.allows(c))

    @staticmethod
    def other_in_trick(t: RevokeTable, revoke: Revoke) -> Revoke | None:
        """2017 62C3: the other side's uncorrected revoke in the same completed trick, when at
        most one side has played to the next trick."""
        play = t.play
        assert play is not None
        if (
            not t.by_edition(PAIR.tag, e2017=True, e2007=False)  # 2007 has no 62C3
            or revoke.trick != len(play.tricks) - 1
            or len(play.trick) > 1
        ):
            return None
        for other in play.revokes:
            if (
                other.trick == revoke.trick
                and other.seat.side != revoke.seat.side
                and not other.corrected
            ):
                return other
        return None

    @staticmethod
    def attention_drawn(t: DummyTable, revoke: Revoke) -> None:
        """62A: attention is drawn to a revoke not yet established (a question, 61B; dummy,
        43A1): it must be corrected, and the offender is offered the cards he may use."""
        play = t.play
        assert play is not None
        cards = [c for c in range(52) if play.hands[revoke.seat] >> c & 1 and revoke.allows(c)]
        options = tuple(f"correct {card_name(c)}" for c in cards)
        open_dummy_offer(
            t, DummyOffer.CORRECTION, ATTENTION_DRAWN.offer(revoke.seat.letter, options)
        )

    @staticmethod
    def answer(table: State, event: Event) -> None:
        """``<seat> correct <card>``: he corrects his revoke (62B)."""
        assert event.card is not None
        RevokeCorrection.correct(revoke_table(table), event.seat, event.card)

    @staticmethod
    def correct(
        t: RevokeTable,
        seat: Seat,
        card: Card,
        lead_waits: bool = False,
        pair: Applies | None = None,
    ) -> None:
        """62B: ``seat`` corrects his revoke with ``card``. ``lead_waits``: the second of a
        62C3 pair, whose lead to the next trick waited for both corrections. ``pair``: for the
        second of a pair, the offer both are corrected under (62C3's, or 62A's)."""
        play = t.play
        assert play is not None and t.declarer is not None
        revoke = RevokeCorrection._checked(t, seat, card)
        other = RevokeCorrection.other_in_trick(t, revoke)
        # 62C3 proper when one side has played on; with nobody on, each is corrected (62A)
        both = NOBODY_ON
        waits = False
        if other is not None and (revoke.established or other.established or play.trick):
            both = BOTH_OTHER
            # 62C3 withdraws the lead to the next trick only if it was made from the wrong
            # hand: if its leader may still win the corrected trick, that waits for both
            waits = bool(play.trick) and play.leader in RevokeCorrection._winners(
                t, revoke, card, other
            )
            if not waits:
                RevokeCorrection._take_back_next(t)
            BOTH.rule(
                t,
                None,
                trick=revoke.trick + 1,
                revoke=revoke.said(),
                other_revoke=other.said(),
            )
        elif lead_waits and play.trick:
            RevokeCorrection._lead_after_both(t, revoke, card)
        elif revoke.trick == len(play.tricks) - 1 and play.trick:
            RevokeCorrection._next_trick_back(t, revoke, card)
        old = play.replace(revoke.trick, seat, card)
        in_pair = BOTH_OTHER in (both, pair)
        if in_pair:
            # 62C3 cites 16C2: both sides offended, so each side's withdrawn revoke card is
            # unauthorized for it (a defender's too, though it becomes a penalty card)
            t.mark_card_unauthorized(seat, old, seat.side, UNAUTHORIZED.clause)
        revoke.corrected = True
        revoke.established = False
        t.penalty_cards = [pc for pc in t.penalty_cards if pc[1] != card]
        if seat.side != t.declarer.side:
            t.penalty_cards.append((seat, old, "major"))
            t._all_major(seat)
            CORRECTED_BY_DEFENDER.rule(t, seat, seat=seat, card=card, old=old)
        else:
            if not in_pair:  # (recorded above for a pair)
                # 16C (2007 16D) covers every withdrawal the Laws provide for: the revoke card
                # taken back into declarer's or dummy's hand is the offending side's own
                # withdrawn play, unauthorized for it (16C2)
                t.mark_card_unauthorized(seat, old, seat.side, UNAUTHORIZED.clause)
            CORRECTED_BY_DECLARER.rule(t, seat, seat=seat, card=card, old=old)
        if other is not None and not other.corrected and t.pending is None:
            other.established = False
            cards = tuple(
                c for c in range(51, -1, -1) if play.hands[other.seat] >> c & 1 and other.allows(c)
            )
            t.pending = OtherRevoke(
                offender=other.seat, played_on=both == BOTH_OTHER, cards=cards, lead_waits=waits
            )
            return
        if revoke.trick == TRICK_12 and seat.side != t.declarer.side:
            RevokeCorrection.trick_12_partner(t, revoke)
        paired = any(
            r.trick == revoke.trick and r.corrected and r.seat.side != seat.side
            for r in play.revokes
        )
        if other is None and not paired:  # 62C3 settles the cards of a pair of revokes
            CardAfterRevoke.after_revoke(t, revoke)

    @staticmethod
    def _checked(t: RevokeTable, seat: Seat, card: Card) -> Revoke:
        """The revoke ``seat`` corrects with ``card``; refused if he may not."""
        play = t.play
        assert play is not None
        if not any(r.seat == seat and not r.corrected for r in play.revokes):
            raise ScriptError(t.event_index, refuse("event.no-revoke", seat=seat.letter))
        revoke = RevokeCorrection.correctable(t, seat)
        if revoke is None:
            raise ScriptError(t.event_index, refuse("event.revoke-established"))
        if not play.holds(seat, card):
            raise ScriptError(
                t.event_index,
                refuse("event.does-not-hold", seat=seat.letter, card=card_name(card)),
            )
        if not revoke.allows(card) and revoke.required is not None:
            raise ScriptError(
                t.event_index,
                refuse("event.correction-demanded", card=card_name(revoke.required)),
            )
        if not revoke.allows(card):
            raise ScriptError(t.event_index, refuse("event.correction-legal", card=card_name(card)))
        if None in play.trick and revoke.trick < len(play.tricks):
            raise ScriptError(t.event_index, refuse("event.correction-missing-card"))
        return revoke

    # -- 62D: a revoke on trick 12 ---------------------------------------------------------------

    @staticmethod
    def after_the_last_trick(table: State, event: Event) -> bool:
        """62D1: a revoke on trick 12 must be corrected, even after trick 13, if it is found
        before all four hands are back in the board: trick 13 is taken back, the revoke
        corrected (62B), and trick 13 played again. False if there is no such revoke."""
        t = revoke_table(table)
        play = t.play
        if (
            play is None
            or not play.is_over
            or t.score_cancelled is not None
            or t.revoke_found_late is not None
            or not any(
                r.seat == event.seat and r.trick == TRICK_12 and not r.corrected
                for r in play.revokes
            )
        ):
            return False
        assert event.card is not None
        for _ in range(4):
            play.take_back_last()
        t.phase = Phase.PLAY
        t.tricks = t.tricks_before_transfers = None
        # the Law 64 settlement of the board is made again once trick 13 is replayed
        t.withdraw_settlement(SETTLED_AGAIN.clause)
        AFTER_THE_LAST_TRICK.rule(t, event.seat, seat=event.seat)
        RevokeCorrection.correct(t, event.seat, event.card)
        t.law62d1_replay = True
        return True

    @staticmethod
    def forced_last_trick(table: State, choice_open: bool) -> None:
        """62D1: trick 13 is played again after the correction. Each player holds one card, so
        nothing is left to choose: the trick is completed with those cards, said in a ruling,
        unless a choice is still open (``choice_open``: an offer, such as 62C1 for a card played
        after the revoke), which is made first."""
        t = revoke_table(table)
        play = t.play
        if play is None or play.is_over:
            t.law62d1_replay = False
            return
        if choice_open or t.pending is not None or len(play.tricks) != 12 or play.omissions:
            return
        seats = [Seat((play.leader + i) & 3) for i in range(len(play.trick), 4)]
        if any(play.hands[seat].bit_count() != 1 for seat in seats):
            return
        t.law62d1_replay = False
        cards = [(seat, play.hands[seat].bit_length() - 1) for seat in seats]
        FORCED_LAST_TRICK.rule(
            t, None, text=", ".join(f"{seat.letter} {card_name(card)}" for seat, card in cards)
        )
        for seat, card in cards:
            t.card_played(seat, card)

    @staticmethod
    def trick_12_partner(t: RevokeTable, revoke: Revoke) -> None:
        """62D2: a defender corrected a revoke on trick 12 made before his partner played to
        it: the withdrawn card is unauthorized for the partner (2017: 16C; 2007: he may not
        choose a play it suggested when he holds cards of two other suits)."""
        leader, _ = trick_cards(t, TRICK_12)
        partner = revoke.seat.partner
        if (partner - leader) & 3 < (revoke.seat - leader) & 3:
            return  # the partner had played before the revoke
        review, by_16c = t.by_edition(
            PARTNER_TRICK_12.tag,
            e2017=(PARTNER_AFTER_TRICK_12, True),
            e2007=(PARTNER_AFTER_TRICK_12_2007, False),
        )
        review.review(t, revoke=revoke.said(), partner=partner)
        if by_16c:
            # 2017 62D2 applies 16C: the withdrawn revoke card is unauthorized for his side
            # (2007 62D2 is a bar of its own, when partner holds two other suits: reviewed)
            t.mark_card_unauthorized(
                revoke.seat, revoke.card, revoke.seat.side, UNAUTHORIZED.clause
            )

    # -- what the correction changes in the next trick -------------------------------------------

    @staticmethod
    def _winner_once_corrected(t: RevokeTable, revoke: Revoke, card: Card) -> Seat:
        """Who wins the revoke trick when the revoking card is replaced by ``card`` (62)."""
        play = t.play
        assert play is not None
        done = play.tricks[revoke.trick]
        cards = list(done.cards)
        cards[(revoke.seat - done.leader) & 3] = card
        return Seat((done.leader + winner_index(cards, play.trump)) & 3)

    @staticmethod
    def _next_trick_back(t: RevokeTable, revoke: Revoke, card: Card) -> None:
        """A revoke corrected after the non-offending side has led to the next trick: if the
        correction changes who won the revoke trick, that lead was made from the wrong hand and
        goes back without rectification (its player is not an offender)."""
        play = t.play
        assert play is not None
        winner = RevokeCorrection._winner_once_corrected(t, revoke, card)
        if winner == play.tricks[revoke.trick].winner:
            return
        taken = [play.take_back_last() for _ in range(len(play.trick))]
        for seat, back in reversed(taken):
            # 16C2: a non-offender's withdrawn card is unauthorized for the offending side
            t.mark_card_unauthorized(seat, back, revoke.seat.side, UNAUTHORIZED.clause)
        cards = [c for _, c in reversed(taken)]
        NEXT_TRICK_BACK.rule(t, None, trick=revoke.trick + 1, winner=winner, cards=cards)

    @staticmethod
    def _winners(t: RevokeTable, revoke: Revoke, card: Card, other: Revoke) -> set[Seat]:
        """The possible winners of the revoke trick once ``revoke`` is corrected with
        ``card`` and ``other`` with any card it may be corrected with."""
        play = t.play
        assert play is not None
        done = play.tricks[revoke.trick]
        winners: set[Seat] = set()
        for c in range(52):
            if not (play.hands[other.seat] >> c & 1 and other.allows(c)):
                continue
            cards = list(done.cards)
            cards[(revoke.seat - done.leader) & 3] = card
            cards[(other.seat - done.leader) & 3] = c
            winners.add(Seat((done.leader + winner_index(cards, play.trump)) & 3))
        return winners

    @staticmethod
    def _lead_after_both(t: RevokeTable, revoke: Revoke, card: Card) -> None:
        """62C3, both revokes corrected: the lead to the next trick stands if its leader
        still won the trick; otherwise it was led from the wrong hand and is withdrawn (a
        defender's card a penalty card)."""
        play = t.play
        assert play is not None
        winner = RevokeCorrection._winner_once_corrected(t, revoke, card)
        if winner != play.leader:
            RevokeCorrection._take_back_next(t)
            return
        LEAD_STANDS.rule(t, None, winner=winner, trick=revoke.trick + 1)

    @staticmethod
    def _take_back_next(t: RevokeTable) -> None:
        """62C3: the cards played to the next trick go back; a defender's is a major penalty
        card, declarer's returns to his hand."""
        play = t.play
        assert play is not None and t.declarer is not None
        while play.trick:
            seat, card = play.take_back_last()
            # 16C2 (62C3 cites it): a withdrawn card is unauthorized for its own side, both
            # sides having offended
            t.mark_card_unauthorized(seat, card, seat.side, UNAUTHORIZED.clause)
            if seat.side != t.declarer.side:
                t.penalty_cards.append((seat, card, "major"))
                t._all_major(seat)
                LEAD_BACK_DEFENDER.rule(t, seat, seat=seat, card=card)
            else:
                LEAD_BACK.rule(t, seat, seat=seat, card=card)


# -- the matter's later stages: the other revoke of a pair, cards played after ------------------


@dataclass(kw_only=True)
class OtherRevoke(Pending):
    """62C3 (62A with nobody on): the other side corrects its revoke too."""

    played_on: bool
    """One side had played on when the first was corrected: 62C3 proper; else each revoke is
    corrected under 62A. (A flag, not the declaration itself: a pending is copied with the
    table, and mypyc's frozen dataclasses are not copied.)"""
    cards: tuple[Card, ...]
    """The cards the offender may correct the revoke with."""
    lead_waits: bool
    """62C3: the lead to the next trick waits for both corrections."""

    @property
    def kind(self) -> PendingKind:
        return "other-revoke"

    @property
    def pair(self) -> Applies:
        """The offer both revokes are corrected under."""
        return BOTH_OTHER if self.played_on else NOBODY_ON

    @property
    def law(self) -> str:
        return self.pair.clause

    def offer(self, table: State) -> Awaiting:
        options = tuple(f"correct {card_name(c)}" for c in self.cards)
        return self.pair.offer(self.offender.letter, options)

    def answer(self, table: State, event: Event) -> None:
        seat = self.offender
        if event.who != seat.letter or event.action is not Action.CORRECT:
            raise ScriptError(
                event.index,
                refuse(
                    "event.waits-revoke-too",
                    seat=seat.letter,
                    options=", ".join(self.offer(table).options),
                    law=self.law,
                ),
            )
        assert event.card is not None
        t = revoke_table(table)
        t.pending = None
        RevokeCorrection.correct(t, seat, event.card, self.lead_waits, self.pair)


class TakeBack(StrEnum):
    """Whose card may be taken back, and after what: the fact the rules ask (the clause,
    :attr:`CardAfterRevoke.law`, is the citation)."""

    AFTER_REVOKE = "after-revoke"  # a non-offender's card after the corrected revoke
    OFFENDERS_PARTNER = "offenders-partner"  # after a non-offender changed his card
    AFTER_CHANGED_CARD = "after-changed-card"  # after a card changed under 58B


@dataclass(frozen=True, slots=True)
class TakeBackClauses:
    """What one cause of a take-back applies: its offer, its ruling (the player's own card,
    or dummy's, which declarer takes back), and the offer of the card played instead."""

    offered: Applies
    taken_back: Applies
    dummys_taken_back: Applies
    played_again: Applies
    replaced: Applies


_TAKE_BACK = {
    TakeBack.AFTER_REVOKE: TakeBackClauses(
        TAKE_BACK_AFTER_REVOKE,
        TAKEN_BACK_AFTER_REVOKE,
        TAKEN_BACK_AFTER_REVOKE_DUMMY,
        SAME_AFTER_REVOKE,
        REPLACED_AFTER_REVOKE,
    ),
    TakeBack.OFFENDERS_PARTNER: TakeBackClauses(
        TAKE_BACK_PARTNER,
        TAKEN_BACK_PARTNER,
        TAKEN_BACK_PARTNER_DUMMY,
        SAME_PARTNER,
        REPLACED_PARTNER,
    ),
    TakeBack.AFTER_CHANGED_CARD: TakeBackClauses(
        TAKE_BACK_AFTER_CHANGE,
        TAKEN_BACK_AFTER_CHANGE,
        TAKEN_BACK_AFTER_CHANGE_DUMMY,
        SAME_AFTER_CHANGE,
        REPLACED_AFTER_CHANGE,
    ),
}


@dataclass(kw_only=True)
class CardAfterRevoke(Pending):
    """62C1, 62C2, 58B3 (``cause``): a card played after a corrected revoke (or after a card
    changed under 58B) may be taken back."""

    cause: TakeBack
    card: Card
    trick: int

    @property
    def kind(self) -> PendingKind:
        return "card-after-revoke"

    @property
    def law(self) -> str:
        return _TAKE_BACK[self.cause].offered.clause

    def offer(self, table: State) -> Awaiting:
        # a choice about dummy's card is declarer's (41D, 45B; dummy takes no part in the
        # play, 43A1c)
        chooser = chooser_for(revoke_table(table), self.offender)
        return _TAKE_BACK[self.cause].offered.offer(chooser.letter)

    @staticmethod
    def after_revoke(t: RevokeTable, revoke: Revoke) -> None:
        """62C1: the revoker's left-hand opponent, if he played after the revoke, may take his
        card back; 62C2 then lets the revoker's partner, if he too played after it, do so."""
        leader, cards = trick_cards(t, revoke.trick)
        position = (revoke.seat - leader) & 3
        if len(cards) > position + 1 and (card := cards[position + 1]) is not None:
            lho = revoke.seat.lho
            t.pending = CardAfterRevoke(
                offender=lho, cause=TakeBack.AFTER_REVOKE, card=card, trick=revoke.trick
            )

    @staticmethod
    def after_changed_card(t: RevokeTable, index: int, offender: Seat, after: Seat) -> None:
        """58B3: an opponent of ``offender`` who played to trick ``index`` after ``after``
        (the offender, or the first opponent) may take his card back without rectification
        once the offender's card has been changed."""
        leader, cards = trick_cards(t, index)
        for opponent in (offender.lho, offender.rho):
            position = (opponent - leader) & 3
            card = cards[position] if (after - leader) & 3 < position < len(cards) else None
            if card is not None:
                t.pending = CardAfterRevoke(
                    offender=opponent, cause=TakeBack.AFTER_CHANGED_CARD, card=card, trick=index
                )
                return

    def answer(self, table: State, event: Event) -> None:
        t = revoke_table(table)
        play = t.play
        assert play is not None
        seat = self.offender
        chooser = chooser_for(t, seat)
        if event.who != chooser.letter or event.action not in ACCEPT_OR_DECLINE:
            said = (
                refuse("event.waits-card-after-revoke", chooser=chooser.letter, law=self.law)
                if chooser == seat
                else refuse(
                    "event.waits-card-after-revoke-dummy",
                    chooser=chooser.letter,
                    seat=seat.letter,
                    law=self.law,
                )
            )
            raise ScriptError(event.index, said)
        t.pending = None
        if event.action is Action.ACCEPT:
            return
        # he takes it back and plays again in its place (a replay, not a new play: a card he
        # takes back under 62C2 is a penalty card only from then on)
        _, cards = trick_cards(t, self.trick)
        hand = play.hands[seat] | 1 << self.card
        led = suit_led(cards)
        follow = bool(hand >> (13 * led) & 0x1FFF)
        legal = tuple(
            c for c in range(51, -1, -1) if hand >> c & 1 and (not follow or c // 13 == led)
        )
        t.pending = CardReplaced(
            offender=seat, cause=self.cause, card=self.card, cards=legal, trick=self.trick
        )


@dataclass(kw_only=True)
class CardReplaced(Pending):
    """62C1, 62C2, 58B3 (``cause``): the card played in place of one taken back."""

    cause: TakeBack
    card: Card
    """The card taken back."""
    cards: tuple[Card, ...]
    """The cards he may play in its place."""
    trick: int

    @property
    def kind(self) -> PendingKind:
        return "card-replaced"

    @property
    def law(self) -> str:
        return _TAKE_BACK[self.cause].replaced.clause

    def offer(self, table: State) -> Awaiting:
        return _TAKE_BACK[self.cause].replaced.offer(
            self.offender.letter, tuple(card_name(c) for c in self.cards)
        )

    def answer(self, table: State, event: Event) -> None:
        t = revoke_table(table)
        play = t.play
        assert play is not None
        seat = self.offender
        played = event.action is Action.CARD and event.card in self.cards
        if event.who != seat.letter or not played:
            raise ScriptError(
                event.index,
                refuse(
                    "event.waits-play-again",
                    seat=seat.letter,
                    card=card_name(self.card),
                    options=", ".join(self.offer(table).options),
                    law=self.law,
                ),
            )
        assert event.card is not None
        t.pending = None
        if event.card != self.card:
            play.replace(self.trick, seat, event.card)
        self._taken_back(t, event.card)
        if self.cause is TakeBack.AFTER_CHANGED_CARD:
            CardAfterRevoke.after_changed_card(t, self.trick, seat.lho.lho.lho, after=seat)
        if self.cause is TakeBack.AFTER_REVOKE:
            leader, cards = trick_cards(t, self.trick)
            partner = seat.lho  # the revoker's partner plays after the revoker's LHO
            position = (partner - leader) & 3
            if (seat - leader) & 3 < position < len(cards) and (
                card := cards[position]
            ) is not None:
                t.pending = CardAfterRevoke(
                    offender=partner, cause=TakeBack.OFFENDERS_PARTNER, card=card, trick=self.trick
                )

    def _taken_back(self, t: RevokeTable, instead: Card) -> None:
        """The ruling on the card taken back and the one played ``instead`` (the same card
        when he plays it again)."""
        assert t.declarer is not None
        seat, card = self.offender, self.card
        by_offender = self.cause is TakeBack.OFFENDERS_PARTNER  # else a non-offender's
        ruled_on = seat if by_offender else None  # else a non-offender's choice
        clauses = _TAKE_BACK[self.cause]
        if instead == card:  # the same card again: nothing is withdrawn
            clauses.played_again.rule(t, ruled_on, seat=seat, card=card)
            return
        penalty = by_offender and seat.side != t.declarer.side
        if penalty:
            t.penalty_cards.append((seat, card, "major"))
            t._all_major(seat)
        # 16C (each of the three clauses cites it): the card taken back is unauthorized for
        # the offending side, the taker's own for his partner's revoke, else his opponents'
        offending = seat.side if by_offender else seat.side ^ 1
        t.mark_card_unauthorized(seat, card, offending, UNAUTHORIZED.clause)
        chooser = chooser_for(t, seat)
        if chooser != seat:
            clauses.dummys_taken_back.rule(t, ruled_on, declarer=chooser, card=card, card2=instead)
        elif penalty:
            TAKEN_BACK_DEFENDER.rule(t, ruled_on, seat=seat, card=card, card2=instead)
        else:
            clauses.taken_back.rule(t, ruled_on, seat=seat, card=card, card2=instead)


__all__ = [
    "DECLARED",
    "CardAfterRevoke",
    "CardReplaced",
    "OtherRevoke",
    "RevokeCorrection",
    "TakeBack",
]
