"""Revokes: correction before establishment (62) and the tricks that change hands when play
ends (64); establishment (63A) is applied by the play rules, as cards are played.

A revoke stands until its player corrects it (``<seat> correct <card>``, 62) or his side plays to
the next trick, claims, concedes or agrees to a claim (63A). Play goes on meanwhile; the
transfers of 64A are worked out when play ceases, by the last card or by a claim.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from bridgelaw.cards import Card, Seat, card_name
from bridgelaw.table.events import ACCEPT_OR_DECLINE, Action, Event, ScriptError
from bridgelaw.table.messages import say
from bridgelaw.table.play_rules import PlayRules
from bridgelaw.table.play_state import (
    TRICK_12,
    Place,
    Revoke,
    suit_led,
    winner_index,
)
from bridgelaw.table.refusals import refuse
from bridgelaw.table.state import Awaiting, Pending, PendingKind, Phase, TableState


class RevokeRules(PlayRules):
    """Laws 61, 62 and 64 (63A is the play rules'); the layer over the play rules."""

    # -- Law 62: correcting a revoke ---------------------------------------------------------

    def _correctable(self, seat: Seat) -> Revoke | None:
        """The revoke ``seat`` may correct now: not established (62A), on trick 12 (62D), or
        established but in a trick where both sides revoked and only one side has played on
        (2017 62C3)."""
        play = self.play
        assert play is not None
        for revoke in reversed(play.revokes):
            if revoke.seat != seat or revoke.corrected:
                continue
            if revoke.trick == TRICK_12 or revoke.trick == len(play.tricks):
                return revoke
            if revoke.trick == len(play.tricks) - 1 and (
                not revoke.established or self._law62c3_other(revoke) is not None
            ):
                return revoke
        return None

    def corrections(self, seat: Seat) -> tuple[Card, ...]:
        """The cards ``seat`` may correct his revoke with now (62A: he must, if attention is
        drawn to it before it is established; 62B: with a legal card, or the card declarer
        demanded), highest first; none when he has no revoke he may correct, or when play
        waits for something else (an irregularity being settled) or is over (62D1 is taken
        up by the card itself)."""
        play = self.play
        if play is None or self.pending is not None or play.is_over or self.phase != Phase.PLAY:
            return ()
        revoke = self._correctable(seat)
        if revoke is None or (None in play.trick and revoke.trick < len(play.tricks)):
            return ()  # (a correction over a missing card, 67, is refused: not handled)
        return tuple(c for c in range(51, -1, -1) if play.holds(seat, c) and revoke.allows(c))

    def _law62c3_other(self, revoke: Revoke) -> Revoke | None:
        """62C3 (2017): the other side's uncorrected revoke in the same completed trick, when
        at most one side has played to the next trick."""
        play = self.play
        assert play is not None
        if (
            not self.by_edition("62C3", e2017=True, e2007=False)  # 2007 has no 62C3
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

    def _law62_correct(
        self, seat: Seat, card: Card, lead_waits: bool = False, pair_law: str | None = None
    ) -> None:
        """62B: ``seat`` corrects his revoke with ``card``. ``lead_waits``: the second of a
        62C3 pair, whose lead to the next trick waited for both corrections. ``pair_law``: for
        the second of a pair, the clause both are corrected under (62C3, or 62A)."""
        play = self.play
        assert play is not None and self.declarer is not None
        if not any(r.seat == seat and not r.corrected for r in play.revokes):
            raise ScriptError(self.event_index, refuse("event.no-revoke", seat=seat.letter))
        revoke = self._correctable(seat)
        if revoke is None:
            raise ScriptError(
                self.event_index,
                refuse("event.revoke-established"),
            )
        if not play.holds(seat, card):
            raise ScriptError(
                self.event_index,
                refuse("event.does-not-hold", seat=seat.letter, card=card_name(card)),
            )
        if not revoke.allows(card) and revoke.required is not None:
            raise ScriptError(
                self.event_index,
                refuse("event.correction-demanded", card=card_name(revoke.required)),
            )
        if not revoke.allows(card):
            raise ScriptError(
                self.event_index,
                refuse("event.correction-legal", card=card_name(card)),
            )
        if None in play.trick and revoke.trick < len(play.tricks):
            raise ScriptError(
                self.event_index,
                refuse("event.correction-missing-card"),
            )
        other = self._law62c3_other(revoke)
        # 62C3 proper when one side has played on; with nobody on, each is corrected (62A)
        both_law = "62A"
        waits = False
        if other is not None and (revoke.established or other.established or play.trick):
            both_law = "62C3"
            # 62C3 withdraws the lead to the next trick only if it was made from the wrong
            # hand: if its leader may still win the corrected trick, that waits for both
            waits = bool(play.trick) and self._law62c3_leader_may_win(revoke, card, other)
            if not waits:
                self._law62c3_withdraw_next(revoke, other)
            else:
                self._law62c3_both(revoke, other)
        elif lead_waits and play.trick:
            self._law62c3_lead_after_both(revoke, card)
        elif revoke.trick == len(play.tricks) - 1 and play.trick:
            self._law62_next_trick_back(revoke, card)
        old = play.replace(revoke.trick, seat, card)
        if "62C3" in (both_law, pair_law):
            # 62C3 cites 16C2: both sides offended, so each side's withdrawn revoke card is
            # unauthorized for it (a defender's too, though it becomes a penalty card)
            self.mark_card_unauthorized(seat, old, seat.side)
        revoke.corrected = True
        revoke.established = False
        self.penalty_cards = [pc for pc in self.penalty_cards if pc[1] != card]
        if seat.side != self.declarer.side:
            self.penalty_cards.append((seat, old, "major"))
            self._all_major(seat)
            self.rule(
                "62B1",
                seat,
                say("law62-correct.corrects-revoke-replaces-which", seat=seat, card=card, old=old),
            )
        else:
            if "62C3" not in (both_law, pair_law):  # (62C3 recorded it above)
                # 16C (2007 16D) covers every withdrawal the Laws provide for: the revoke card
                # taken back into declarer's or dummy's hand is the offending side's own
                # withdrawn play, unauthorized for it (16C2)
                self.mark_card_unauthorized(seat, old, seat.side)
            self.rule(
                "62B2",
                seat,
                say(
                    "law62-correct.corrects-revoke-replaces-which-2", seat=seat, card=card, old=old
                ),
            )
        if other is not None and not other.corrected and self.pending is None:
            other.established = False
            options = tuple(
                f"correct {card_name(c)}"
                for c in range(51, -1, -1)
                if play.hands[other.seat] >> c & 1 and other.allows(c)
            )
            self.pending = OtherRevoke(
                offender=other.seat,
                law=both_law,
                cards=tuple(c for c in range(51, -1, -1) if f"correct {card_name(c)}" in options),
                lead_waits=waits,
            )
            return
        if revoke.trick == TRICK_12 and seat.side != self.declarer.side:
            self._law62d2(revoke)
        paired = any(
            r.trick == revoke.trick and r.corrected and r.seat.side != seat.side
            for r in play.revokes
        )
        if other is None and not paired:  # 62C3 settles the cards of a pair of revokes
            self._law62c1_offer(revoke)

    def law62d1_after_the_last_trick(self, event: Event) -> bool:
        """62D1: a revoke on trick 12 must be corrected, even after trick 13, if it is found
        before all four hands are back in the board: trick 13 is taken back, the revoke
        corrected (62B), and trick 13 played again. False if there is no such revoke."""
        play = self.play
        if (
            play is None
            or not play.is_over
            or self.score_cancelled is not None
            or self.revoke_found_late is not None
            or not any(
                r.seat == event.seat and r.trick == TRICK_12 and not r.corrected
                for r in play.revokes
            )
        ):
            return False
        assert event.card is not None
        for _ in range(4):
            play.take_back_last()
        self.phase = Phase.PLAY
        self.tricks = self.tricks_before_transfers = None
        # the Law 64 settlement of the board is made again once trick 13 is replayed
        self.withdraw("rulings", "62D1", lambda r: not r.law.startswith("64"))
        self.withdraw("reviews", "62D1", lambda r: not r.law.startswith("64"))
        self.rule(
            "62D1",
            event.seat,
            say("law62d1-after-the-last-trick", seat=event.seat),
        )
        self._law62_correct(event.seat, event.card)
        self.law62d1_replay = True
        return True

    def law62d1_forced_last_trick(self, choice_open: bool) -> None:
        """62D1: trick 13 is played again after the correction. Each player holds one card, so
        nothing is left to choose: the trick is completed with those cards, said in a ruling,
        unless a choice is still open (``choice_open``: an offer, such as 62C1 for a card played
        after the revoke), which is made first."""
        play = self.play
        if play is None or play.is_over:
            self.law62d1_replay = False
            return
        if choice_open or self.pending is not None or len(play.tricks) != 12 or play.omissions:
            return
        seats = [Seat((play.leader + i) & 3) for i in range(len(play.trick), 4)]
        if any(play.hands[seat].bit_count() != 1 for seat in seats):
            return
        self.law62d1_replay = False
        cards = [(seat, play.hands[seat].bit_length() - 1) for seat in seats]
        self.rule(
            "62D1",
            None,
            say(
                "law62d1-forced-last-trick",
                text=", ".join(f"{seat.letter} {card_name(card)}" for seat, card in cards),
            ),
        )
        for seat, card in cards:
            self.card_played(seat, card)

    def _law62d2(self, revoke: Revoke) -> None:
        """62D2: a defender corrected a revoke on trick 12 made before his partner played to
        it: the withdrawn card is unauthorized for the partner (2017: 16C; 2007: he may not
        choose a play it suggested when he holds cards of two other suits)."""
        leader, _ = self._trick_cards(TRICK_12)
        partner = revoke.seat.partner
        if (partner - leader) & 3 < (revoke.seat - leader) & 3:
            return  # the partner had played before the revoke
        text = self.by_edition(
            "62D2",
            e2017="what he learnt from it is unauthorized for him (16C)",
            e2007="he may not choose a play the withdrawn card suggested (2007 62D2)",
        )
        self.review("62D2", say("law62d2", revoke=revoke.said(), partner=partner, text=text))
        if self.by_edition("62D2", e2017=True, e2007=False):
            # 2017 62D2 applies 16C: the withdrawn revoke card is unauthorized for his side
            # (2007 62D2 is a bar of its own, when partner holds two other suits: reviewed)
            self.mark_card_unauthorized(revoke.seat, revoke.card, revoke.seat.side)

    def _winner_once_corrected(self, revoke: Revoke, card: Card) -> Seat:
        """Who wins the revoke trick when the revoking card is replaced by ``card`` (62)."""
        play = self.play
        assert play is not None
        done = play.tricks[revoke.trick]
        cards = list(done.cards)
        cards[(revoke.seat - done.leader) & 3] = card
        return Seat((done.leader + winner_index(cards, play.trump)) & 3)

    def _law62_next_trick_back(self, revoke: Revoke, card: Card) -> None:
        """A revoke corrected after the non-offending side has led to the next trick: if the
        correction changes who won the revoke trick, that lead was made from the wrong hand and
        goes back without rectification (its player is not an offender)."""
        play = self.play
        assert play is not None
        winner = self._winner_once_corrected(revoke, card)
        if winner == play.tricks[revoke.trick].winner:
            return
        taken = [play.take_back_last() for _ in range(len(play.trick))]
        for seat, back in reversed(taken):
            # 16C2: a non-offender's withdrawn card is unauthorized for the offending side
            self.mark_card_unauthorized(seat, back, revoke.seat.side)
        cards = [c for _, c in reversed(taken)]
        self.rule(
            "62C1",
            None,
            say("law62-next-trick-back", trick=revoke.trick + 1, winner=winner, cards=cards),
        )

    def _law62c3_withdraw_next(self, revoke: Revoke, other: Revoke) -> None:
        """62C3: both sides revoked in one trick and one side has played on: both revokes are
        corrected; cards the defenders withdraw become penalty cards; no trick changes hands
        for them (64B8)."""
        play = self.play
        assert play is not None and self.declarer is not None
        self._law62c3_take_back_next()
        self._law62c3_both(revoke, other)

    def _law62c3_both(self, revoke: Revoke, other: Revoke) -> None:
        self.rule(
            "62C3",
            None,
            say(
                "law62c3-both",
                trick=revoke.trick + 1,
                revoke=revoke.said(),
                other_revoke=other.said(),
            ),
        )

    def _law62c3_corrected_winner(self, revoke: Revoke, card: Card, other: Revoke) -> set[Seat]:
        """The possible winners of the revoke trick once ``revoke`` is corrected with
        ``card`` and ``other`` with any card it may be corrected with."""
        play = self.play
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

    def _law62c3_leader_may_win(self, revoke: Revoke, card: Card, other: Revoke) -> bool:
        play = self.play
        assert play is not None
        return play.leader in self._law62c3_corrected_winner(revoke, card, other)

    def _law62c3_lead_after_both(self, revoke: Revoke, card: Card) -> None:
        """62C3, both revokes corrected: the lead to the next trick stands if its leader
        still won the trick; otherwise it was led from the wrong hand and is withdrawn (a
        defender's card a penalty card)."""
        play = self.play
        assert play is not None
        winner = self._winner_once_corrected(revoke, card)
        if winner != play.leader:
            self._law62c3_take_back_next()
            return
        self.rule(
            "62C3",
            None,
            say("law62c3-lead-after-both", winner=winner, trick=revoke.trick + 1),
        )

    def _law62c3_take_back_next(self) -> None:
        play = self.play
        assert play is not None and self.declarer is not None
        while play.trick:
            seat, card = play.take_back_last()
            # 16C2 (62C3 cites it): a withdrawn card is unauthorized for its own side, both
            # sides having offended
            self.mark_card_unauthorized(seat, card, seat.side)
            defender = seat.side != self.declarer.side
            if defender:  # a defender's card becomes a major penalty card; declarer's goes back
                self.penalty_cards.append((seat, card, "major"))
                self._all_major(seat)
            self.rule(
                "62C3",
                seat,
                say(
                    "law62c3-take-back-next.major" if defender else "law62c3-take-back-next",
                    seat=seat,
                    card=card,
                ),
            )

    # -- Law 62C1/62C2: cards played after the revoke ----------------------------------------

    def _law62c1_offer(self, revoke: Revoke) -> None:
        """62C1: the revoker's left-hand opponent, if he played after the revoke, may take his
        card back; 62C2 then lets the revoker's partner, if he too played after it, do so."""
        leader, cards = self._trick_cards(revoke.trick)
        position = (revoke.seat - leader) & 3
        if len(cards) > position + 1 and (card := cards[position + 1]) is not None:
            lho = revoke.seat.lho
            self.pending = CardAfterRevoke(
                offender=lho, cause=TakeBack.AFTER_REVOKE, card=card, trick=revoke.trick
            )

    def _trick_cards(self, index: int) -> tuple[Seat, list[Place]]:
        play = self.play
        assert play is not None
        if index == len(play.tricks):
            return play.leader, list(play.trick)
        done = play.tricks[index]
        return done.leader, list(done.cards)

    def _law62c3_answer(self, p: OtherRevoke, event: Event) -> None:
        seat = p.offender
        if event.who != seat.letter or event.action is not Action.CORRECT:
            raise ScriptError(
                event.index,
                refuse(
                    "event.waits-revoke-too",
                    seat=seat.letter,
                    options=", ".join(p.offer(self).options),
                    law=p.law,
                ),
            )
        assert event.card is not None
        self.pending = None
        self._law62_correct(seat, event.card, lead_waits=p.lead_waits, pair_law=p.law)

    def chooser_for(self, seat: Seat) -> Seat:
        """Who decides about ``seat``'s card: declarer for dummy's (he plays dummy's cards,
        41D and 45B, and dummy takes no part in the play, 43A1c), else the player himself."""
        declarer = self.declarer
        return declarer if declarer is not None and seat == declarer.partner else seat

    def _law62c_card_after(self, p: CardAfterRevoke, event: Event) -> None:
        play = self.play
        assert play is not None
        seat = p.offender
        chooser = self.chooser_for(seat)
        if event.who != chooser.letter or event.action not in ACCEPT_OR_DECLINE:
            said = (
                refuse("event.waits-card-after-revoke", chooser=chooser.letter, law=p.law)
                if chooser == seat
                else refuse(
                    "event.waits-card-after-revoke-dummy",
                    chooser=chooser.letter,
                    seat=seat.letter,
                    law=p.law,
                )
            )
            raise ScriptError(
                event.index,
                said,
            )
        self.pending = None
        if event.action is Action.ACCEPT:
            return
        # he takes it back and plays again in its place (a replay, not a new play: a card he
        # takes back under 62C2 is a penalty card only from then on)
        _, cards = self._trick_cards(p.trick)
        hand = play.hands[seat] | 1 << p.card
        led = suit_led(cards)
        follow = bool(hand >> (13 * led) & 0x1FFF)
        legal = tuple(
            c for c in range(51, -1, -1) if hand >> c & 1 and (not follow or c // 13 == led)
        )
        self.pending = CardReplaced(
            offender=seat, cause=p.cause, card=p.card, cards=legal, trick=p.trick
        )

    def _law62c_replace(self, p: CardReplaced, event: Event) -> None:
        play = self.play
        assert play is not None
        seat = p.offender
        if event.who != seat.letter or event.action is not Action.CARD or event.card not in p.cards:
            raise ScriptError(
                event.index,
                refuse(
                    "event.waits-play-again",
                    seat=seat.letter,
                    card=card_name(p.card),
                    options=", ".join(p.offer(self).options),
                    law=p.law,
                ),
            )
        assert event.card is not None
        self.pending = None
        if event.card != p.card:
            play.replace(p.trick, seat, event.card)
        self._law62c_taken_back(p.cause, seat, p.card, event.card)
        if p.cause is TakeBack.AFTER_CHANGED_CARD:
            self.law58b3_offer(p.trick, seat.lho.lho.lho, after=seat)
        if p.cause is TakeBack.AFTER_REVOKE:
            leader, cards = self._trick_cards(p.trick)
            partner = seat.lho  # the revoker's partner plays after the revoker's LHO
            position = (partner - leader) & 3
            if (seat - leader) & 3 < position < len(cards) and (
                card := cards[position]
            ) is not None:
                self.pending = CardAfterRevoke(
                    offender=partner, cause=TakeBack.OFFENDERS_PARTNER, card=card, trick=p.trick
                )

    def law58b3_offer(self, index: int, offender: Seat, after: Seat) -> None:
        """58B3: an opponent of ``offender`` who played to trick ``index`` after ``after``
        (the offender, or the first opponent) may take his card back without rectification
        once the offender's card has been changed."""
        leader, cards = self._trick_cards(index)
        for opponent in (offender.lho, offender.rho):
            position = (opponent - leader) & 3
            card = cards[position] if (after - leader) & 3 < position < len(cards) else None
            if card is not None:
                self.pending = CardAfterRevoke(
                    offender=opponent, cause=TakeBack.AFTER_CHANGED_CARD, card=card, trick=index
                )
                return

    def _law62c_taken_back(
        self, cause: TakeBack, seat: Seat, card: Card, instead: Card | None = None
    ) -> None:
        assert self.declarer is not None
        law = _TAKE_BACK_LAW[cause]
        by_offender = cause is TakeBack.OFFENDERS_PARTNER  # 62C2; 62C1, 58B3: a non-offender
        penalty = by_offender and seat.side != self.declarer.side
        if penalty:
            self.penalty_cards.append((seat, card, "major"))
            self._all_major(seat)
            if instead == card:
                self.penalty_cards.pop()
        if instead != card:
            # 16C (62C1, 62C2 and 58B3 cite it): the card taken back is unauthorized for the
            # offending side, the taker's own in 62C2, his opponents' in 62C1 and 58B3
            offending = seat.side if by_offender else seat.side ^ 1
            self.mark_card_unauthorized(seat, card, offending)
        then = "plays again" if instead is None else f"plays {card_name(instead)} instead"
        after = (
            "the card taken back"
            if cause is TakeBack.AFTER_CHANGED_CARD
            else "the corrected revoke"
        )
        self.rule(
            law,
            seat if by_offender else None,  # 62C1 and 58B3: a non-offender's choice
            say(
                "law62c-taken-back",
                text=self._who_takes_back(seat),
                card=card,
                after=after,
                then=then,
                text2=" (a defender of the offending side: it becomes a penalty card)"
                if penalty
                else "",
            ),
        )

    def _who_takes_back(self, seat: Seat) -> str:
        """The words for who takes ``seat``'s card back: declarer for dummy's card."""
        chooser = self.chooser_for(seat)
        if chooser == seat:
            return f"{seat.letter} takes back"
        return f"{chooser.letter} (declarer) takes back dummy's"

    def law64_transfers(self, claimed: tuple[int, int] = (0, 0)) -> int:
        """64A/64B when play ceases: tricks transferred to the non-offending side; returns the
        change to declarer's side's tricks. ``claimed``: tricks a claim or concession gave NS
        and EW (they count as won after the revoke). Worked out afresh each time (a claim may
        be reopened and settled again)."""
        play = self.play
        assert play is not None and self.declarer is not None
        # this settlement supersedes any earlier one (a claim reopened, 64B4/64B5 found late)
        self.withdraw("rulings", "64", lambda r: not r.law.startswith("64"))
        self.withdraw("reviews", "64", lambda r: not r.law.startswith("64C"))
        for revoke in play.revokes:
            if revoke.trick == TRICK_12 and not revoke.corrected:
                # 62D: a revoke on trick 12 is corrected, never established; none moves tricks
                self.rule(
                    "64B6",
                    revoke.seat,
                    say("law64-transfers.was-trick-12-no", revoke=revoke.said()),
                )
        established = [
            r
            for r in play.revokes
            if ((r.established and not r.corrected) or r.as_established) and not r.waived
        ]  # 43B2b: corrected but counted as established; 43B3: never rectified
        if not established:
            return 0
        late = self.revoke_found_late
        if late is not None:
            for revoke in established:  # 64B4: a non-offender called on the next deal; 64B5
                said = say(
                    "law64-transfers.attention-was-first-drawn.next-deal"
                    if late == "64B4"
                    else "law64-transfers.attention-was-first-drawn",  # the round ended
                    revoke=revoke.said(),
                )
                self.rule(late, revoke.seat, said)
            self.review("64C1", say("law64-transfers.revoke-found-late-director"))
            return 0
        # 2007 64C is one equity clause, without C1/C2a/C2b
        # 64B7: both sides made established revokes (2017 in its words; 2007 by the preamble of
        # 64B, which speaks of established revokes only, as the 2007 commentary on 64 says)
        both = len({r.seat.side for r in established}) == 2
        if both:
            self.rule(
                "64B7",
                None,
                say(self.by_edition("64B7", e2017="law64b7", e2007="law64b7.2007")),
            )
            self.review(
                self.cite("64C2b"),
                say("law64-transfers.both-sides-revoked-director"),
            )
            return 0
        change = 0
        counted: set[tuple[Seat, int]] = set()
        repeats = self.by_edition(
            "64B2", e2017=self._law64b2_repeat, e2007=self._law64b2_repeat_2007
        )
        for revoke in established:
            o = revoke.seat
            repeat = repeats(revoke, counted)
            counted.add((o, revoke.suit_led))
            if revoke.by_dummy or revoke.faced_card:
                e2007, equity = self.by_edition(  # 2007: any card faced on the table
                    "64B3", e2017=(False, "64C1"), e2007=(True, "64C")
                )
                said = say(
                    "law64-transfers.failure-play-no-tricks.2007"  # dummy's card
                    if revoke.by_dummy and e2007
                    else "law64-transfers.failure-play-no-tricks"
                    if revoke.by_dummy
                    else "law64-transfers.failure-play-no-tricks.penalty-card-2007"
                    if e2007
                    else "law64-transfers.failure-play-no-tricks.penalty-card",
                    revoke=revoke.said(),
                    equity=equity,
                )
                self.rule("64B3", o, said)
                continue
            if repeat and revoke.rule == "follow":
                e2007, equity = self.by_edition(  # 2007: an earlier revoke, established or not
                    "64B2", e2017=(False, "64C2a"), e2007=(True, "64C")
                )
                said = say(
                    "law64-transfers.follows-no-further-transfer.2007"
                    if e2007
                    else "law64-transfers.follows-no-further-transfer",
                    revoke=revoke.said(),
                    equity=equity,
                )
                self.rule("64B2", o, said)
                self.review(
                    self.cite("64C2a"),
                    say("law64-transfers.second-revoke-same-suit", revoke=revoke.said()),
                )
                continue
            later_os = sum(1 for t in play.tricks[revoke.trick + 1 :] if t.winner.side == o.side)
            later_os += claimed[o.side]
            if revoke.trick >= len(play.tricks):
                # the revoke trick was still in progress when a claim ended play: its winner
                # is not known, so only 64A2 can apply (the claim's tricks count as later ones)
                winner: Seat | None = None
                os_won_revoke_trick = False
            else:
                winner = play.tricks[revoke.trick].winner
                os_won_revoke_trick = winner.side == o.side
            if winner == o and not (revoke.defective or revoke.as_established):
                # dummy's trick is not declarer's (64A); 67B1 and 43B2b move one trick only
                moved = 1 + (1 if later_os else 0)
                self.rule(
                    "64A1",
                    o,
                    say(
                        "law64-transfers.won-trick-so-side" + (".later" if later_os else ".none"),
                        revoke=revoke.said(),
                        offender=o,
                        moved=moved,
                    ),
                )
            elif os_won_revoke_trick or later_os:
                moved = 1
                self.rule(
                    "64A2",
                    o,
                    say("law64-transfers.side-won-trick-or", revoke=revoke.said(), offender=o),
                )
            else:
                self.rule(
                    "64B1",
                    o,
                    say("law64-transfers.offending-side-won-neither", revoke=revoke.said()),
                )
                continue
            change += -moved if o.side == self.declarer.side else moved
        self.review(
            self.cite("64C1"),
            say("law64-transfers.after-revoke-transfers-director"),
        )
        return change

    def _law64b2_repeat(self, revoke: Revoke, counted: set[tuple[Seat, int]]) -> bool:
        """2017 64B2: the same player's first revoke in the suit was established (counted)."""
        return (revoke.seat, revoke.suit_led) in counted

    def _law64b2_repeat_2007(self, revoke: Revoke, counted: set[tuple[Seat, int]]) -> bool:
        """2007 64B2: any earlier revoke in the suit by the same player, even corrected."""
        play = self.play
        assert play is not None
        return any(
            r.seat == revoke.seat
            and r.suit_led == revoke.suit_led
            and r.trick < revoke.trick
            and not r.waived
            and r.rule == "follow"
            for r in play.revokes
        )


# -- the irregularities of a revoke's correction (62C, 58B3): each its fields, offer, rule ----


def as_revoke_rules(table: TableState) -> RevokeRules:
    """``table`` seen as the revoke layer, checked (every table is one: ``Table`` is a
    subclass); the irregularities below reach the rules of their layer through it."""
    assert isinstance(table, RevokeRules)
    return table


class TakeBack(StrEnum):
    """Whose card may be taken back, and after what: the fact the rules ask (the clause,
    :attr:`CardAfterRevoke.law`, is the citation)."""

    AFTER_REVOKE = "after-revoke"  # 62C1: a non-offender's card after the corrected revoke
    OFFENDERS_PARTNER = "offenders-partner"  # 62C2: after a non-offender changed his card
    AFTER_CHANGED_CARD = "after-changed-card"  # 58B3: after a card changed under 58B


_TAKE_BACK_LAW = {
    TakeBack.AFTER_REVOKE: "62C1",
    TakeBack.OFFENDERS_PARTNER: "62C2",
    TakeBack.AFTER_CHANGED_CARD: "58B3",
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
        return _TAKE_BACK_LAW[self.cause]

    def offer(self, table: TableState) -> Awaiting:
        # 62C1, 62C2, 58B3: the clause is the pending's law; a choice about dummy's card is
        # declarer's (41D, 45B; dummy takes no part in the play, 43A1c)
        chooser = as_revoke_rules(table).chooser_for(self.offender)
        return Awaiting(chooser.letter, self.law, ("accept", "decline"))

    def answer(self, table: TableState, event: Event) -> None:
        as_revoke_rules(table)._law62c_card_after(self, event)


@dataclass(kw_only=True)
class OtherRevoke(Pending):
    """62C3 (62A with nobody on): the other side corrects its revoke too."""

    law: str
    cards: tuple[Card, ...]
    """The cards the offender may correct the revoke with."""
    lead_waits: bool
    """62C3: the lead to the next trick waits for both corrections."""

    @property
    def kind(self) -> PendingKind:
        return "other-revoke"

    def offer(self, table: TableState) -> Awaiting:
        options = tuple(f"correct {card_name(c)}" for c in self.cards)
        return Awaiting(self.offender.letter, self.law, options)

    def answer(self, table: TableState, event: Event) -> None:
        as_revoke_rules(table)._law62c3_answer(self, event)


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
        return _TAKE_BACK_LAW[self.cause]

    def offer(self, table: TableState) -> Awaiting:
        options = tuple(card_name(c) for c in self.cards)
        return Awaiting(self.offender.letter, self.law, options)

    def answer(self, table: TableState, event: Event) -> None:
        as_revoke_rules(table)._law62c_replace(self, event)


__all__ = ["RevokeRules"]
