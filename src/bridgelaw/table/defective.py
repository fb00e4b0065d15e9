"""Too many cards: a fifth card to a trick (45E), several cards at once (58B), and the
defective trick they leave when nobody notices in time (67A2, 67B2).

Several cards played at once (``<seat> cards SA S2``) wait for the offender to say which one he
played (58B2). If the next player plays instead, nobody noticed: the first card named is the one
shown as played, and the others lie on the trick as surplus, out of the hand and out of play,
until ``director too-many <seat>`` draws attention to them: before both sides have played to the
next trick 58B still applies (67A2); after, the surplus goes back to the hand as if it had always
been there, and not playing it since may be a revoke (67B2).
"""

from __future__ import annotations

from bridgelaw.cards import Card, Seat, card_name
from bridgelaw.table.events import ScriptError
from bridgelaw.table.messages import say
from bridgelaw.table.play_state import Place, Revoke, is_established, suit_led
from bridgelaw.table.refusals import refuse
from bridgelaw.table.revokes import RevokeRules
from bridgelaw.table.rules.play.law52 import PenaltyCardNotPlayed
from bridgelaw.table.rules.play.law53_56 import LeadOutOfTurn
from bridgelaw.table.rules.play.law58 import SimultaneousCards


class TrickRules(RevokeRules):
    """Laws 45E, 58B and 67A2/67B2; the layer over the revoke rules."""

    # -- Law 45E: a fifth card ---------------------------------------------------------------

    def law45e_fifth_card(self) -> None:
        """The director finds that the card played just after a completed trick was a fifth
        card to that trick, not a lead: a defender's becomes a penalty card (45E1, major: it was
        played deliberately, 50B); declarer's goes back without rectification (45E2)."""
        play, p = self.play, self.pending
        assert self.declarer is not None
        if play is None or not isinstance(p, LeadOutOfTurn) or not play.tricks:
            raise ScriptError(
                self.event_index,
                refuse("event.no-fifth-card"),
            )
        o, card = p.offender, p.card
        self.pending = None
        if o.side == self.declarer.side:
            # 16C (2007 16D), whose opening covers every withdrawal: the returned fifth card
            # is declarer's side's own withdrawn play, unauthorized for it (16C2)
            self.mark_card_unauthorized(o, card, o.side)
            self.rule(
                "45E2",
                o,
                say(
                    "law45e-fifth-card.was-fifth-card-trick-2",
                    offender=o,
                    card=card,
                    trick=len(play.tricks),
                ),
            )
            return
        self.penalty_cards.append((o, card, "major"))
        self._all_major(o)
        self.rule(
            "45E1",
            o,
            say(
                "law45e-fifth-card.was-fifth-card-trick",
                offender=o,
                card=card,
                trick=len(play.tricks),
            ),
        )

    # -- Law 47E: a card played on wrong information may be taken back ----------------------

    def law47e1_told_to_lead(self) -> None:
        """47E1: a lead out of turn made because an opponent said it was his lead goes back
        without rectification; it cannot be accepted, and it establishes nothing (63A1)."""
        play, p = self.play, self.pending
        if play is None or not isinstance(p, LeadOutOfTurn):
            raise ScriptError(self.event_index, refuse("event.no-lead-waiting"))
        self.pending = None
        # 16C, which 47E1 cites: the offenders are the opponents who misinformed him; his
        # withdrawn lead is authorized for his side and unauthorized for theirs (16C2)
        self.mark_card_unauthorized(p.offender, p.card, p.offender.side ^ 1)
        self.rule(
            "47E1",
            p.offender,
            say("law47e1-told-to-lead", offender=p.offender, card=p.card, leader=play.leader),
        )

    def law47e2_mistaken_explanation(self, seat: Seat) -> None:
        """47E2a: a card played after an opponent's mistaken explanation may be taken back,
        without rectification, if no card has been played after it to the trick (the opening
        lead stands once dummy is faced); too late, the director may adjust (47E2b)."""
        play = self.play
        if play is None or not play.played:
            raise ScriptError(self.event_index, refuse("event.no-card-played"))
        if all(s != seat for s, _ in self._cards_in_order()):
            raise ScriptError(self.event_index, refuse("event.seat-played-none", seat=seat.letter))
        last_card = play.trick[-1] if play.trick else play.tricks[-1].cards[3]
        if self._last_player() == seat and last_card is None:
            raise ScriptError(
                self.event_index, refuse("event.none-to-this-trick", seat=seat.letter)
            )
        last = self._last_player() == seat
        if last and play.trick and isinstance(self.pending, PenaltyCardNotPlayed):
            last = False  # the card waiting for declarer's 52B answer followed his in the trick
        if last and len(play.played) > 1:
            waiting = self._card_waiting_after(seat)
            _, card = play.take_back_last()
            # 16C, which 47E2a cites: the mistaken explanation was the opponents'; the card
            # taken back is unauthorized for their side, authorized for his (16C1, 16C2)
            self.mark_card_unauthorized(seat, card, seat.side ^ 1)
            self.rule(
                "47E2a",
                seat,
                say(
                    "law47e2-mistaken-explanation.played-after-mistaken-explanation-2",
                    seat=seat,
                    card=card,
                ),
            )
            if waiting is not None:
                self._law47d_waiting_card_back(seat, waiting)
            return
        self.rule(
            "47E2b",
            seat,
            say(
                "law47e2-mistaken-explanation.card-was-played-after.lead"  # dummy is faced
                if last
                else "law47e2-mistaken-explanation.card-was-played-after",  # a card followed
                seat=seat,
            ),
        )
        self.review(
            "47E2b",
            say("law47e2-mistaken-explanation.played-after-mistaken-explanation", seat=seat),
        )

    def _card_waiting_after(self, seat: Seat) -> tuple[Seat, Card] | None:
        """The card an opponent of ``seat`` led to the next trick after ``seat``'s card ended
        the last one, waiting, not yet in a trick, for an answer to its irregularity (a lead
        out of turn, 53-56; a card led instead of a penalty card, 52B): its owner and the
        card, or None. One of ``seat``'s own side is refused as not handled (47D speaks of a
        card played after an opponent's change of play)."""
        p = self.pending
        if not isinstance(p, (LeadOutOfTurn, PenaltyCardNotPlayed)):
            return None
        if p.offender.side == seat.side:
            raise ScriptError(
                self.event_index,
                refuse(
                    "event.answer-first",
                    offender=p.offender.letter,
                    card=card_name(p.card),
                    law=p.law,
                    seat=seat.letter,
                ),
            )
        return p.offender, p.card

    def _law47d_waiting_card_back(self, seat: Seat, waiting: tuple[Seat, Card]) -> None:
        """47D: ``seat``'s card taken back under 47E2a reopens the trick, so the card an
        opponent played after it, to the next trick, goes back to his hand without
        rectification, and the answer it waited for lapses."""
        owner, card = waiting
        self.pending = None
        # 47D: a card played after an opponent's change of play may be taken back without
        # rectification; it cannot stay, as the trick it was led to is not reached yet. 16C,
        # which 47D cites: the explainers' side offended, so it is unauthorized for them
        self.mark_card_unauthorized(owner, card, seat.side ^ 1)
        self.rule(
            "47D",
            None,
            say(
                "law47d-waiting-card-back",
                owner=owner,
                card=card,
                seat=seat,
                law=self.cite("16C"),
            ),
        )

    def _cards_in_order(self) -> list[tuple[Seat, Card]]:
        play = self.play
        assert play is not None
        cards: list[tuple[Seat, Place]] = []
        for trick in play.tricks:
            cards += [(Seat((trick.leader + i) & 3), c) for i, c in enumerate(trick.cards)]
        cards += [(Seat((play.leader + i) & 3), c) for i, c in enumerate(play.trick)]
        return [(s, c) for s, c in cards if c is not None]

    # -- Law 67B3: a played card played again ------------------------------------------------

    def law67b3_again(self, seat: Seat, card: Card) -> None:
        """67B3: ``<seat> again <card>``: the seat plays a card he had already played to an
        earlier trick (it had not been put with his played cards). The director puts it back
        with that trick; this trick gets no card of his; the board gets an adjusted score."""
        play = self.play
        assert play is not None
        earlier = [t for t, trick in enumerate(play.tricks) if trick.card_of(seat) == card]
        if not earlier:
            raise ScriptError(
                self.event_index,
                refuse("event.not-played-card", seat=seat.letter, card=card_name(card)),
            )
        if seat != play.turn or not play.trick:
            raise ScriptError(
                self.event_index,
                refuse("event.played-again-in-turn"),
            )
        index = len(play.tricks)
        play.void()
        self.score_cancelled = "67B3"
        self.rule(
            "67B3",
            seat,
            say(
                "law67b3-again.played-trick-although-had",
                seat=seat,
                card=card,
                trick=index + 1,
                earlier=earlier[0] + 1,
            ),
        )
        self.review("67B3", say("law67b3-again.card-played-twice-adjusted"))
        self.after_a_place_filled(index)

    # -- Laws 65-66: arrangement and inspection of tricks -----------------------------------

    def _side_on_next_trick(self, seat: Seat) -> bool:
        """Has ``seat``'s side led or played to the trick after the last completed one?"""
        play = self.play
        assert play is not None
        return any(((play.leader + i) & 1) == seat.side for i in range(len(play.trick)))

    def law65b3_wrong_way(self, seat: Seat) -> None:
        """65B3: a player points out a played card turned the wrong way; in time until his side
        has played to the next trick, later it may give his side unauthorized information
        (16B). 2007: declarer at any time. The engine counts tricks from the cards themselves,
        so the trick count does not change."""
        play = self.play
        assert self.declarer is not None
        if play is None or not play.tricks:
            raise ScriptError(self.event_index, refuse("event.no-trick-completed"))
        in_time = not self._side_on_next_trick(seat) or (
            self.by_edition("65B3", e2017=False, e2007=True) and seat == self.declarer
        )
        if in_time:
            self.rule(
                "65B3",
                None,
                say("law65b3-wrong-way.points-out-played-card", seat=seat),
            )
            return
        self.rule(
            "65B3",
            seat,
            say("law65b3-wrong-way.points-out-card-turned", seat=seat),
        )
        self.review("16B", say("law65b3-wrong-way.late-remark-about-card", seat=seat))

    def law66_inspect(self, seat: Seat) -> None:
        """66A/66B: until his side has played to the next trick a player may see the last
        trick (and his own last card); 66C: quitted tricks after that only on the director's
        instruction; 66D: after play, everything may be inspected to settle a dispute."""
        play = self.play
        if self.phase == "ended":
            self.rule(
                "66D",
                None,
                say("law66-inspect.play-over-may-inspect", seat=seat),
            )
            return
        if play is None or not play.tricks:
            raise ScriptError(self.event_index, refuse("event.no-trick-completed"))
        if not self._side_on_next_trick(seat):
            self.rule(
                "66A",
                None,
                say("law66-inspect.asks-see-trick-cards", seat=seat, trick=len(play.tricks)),
            )
            return
        self.rule(
            "66C",
            None,
            say("law66-inspect.asks-see-quitted-trick", seat=seat),
        )

    # -- Law 67: too many cards found later --------------------------------------------------

    def law67_too_many(self, seat: Seat) -> None:
        play = self.play
        if play is None:
            raise ScriptError(self.event_index, refuse("event.no-card-played"))
        mine = [(t, c) for t, s, c in play.surplus if s == seat]
        if not mine:
            raise ScriptError(self.event_index, refuse("event.no-surplus", seat=seat.letter))
        index = mine[0][0]
        surplus = tuple(c for t, c in mine if t == index)
        shown = self._card_in_trick(index, seat)
        assert shown is not None  # a surplus card lies beside the one he played (67)
        if not play.both_sides_played_after(index):
            # 67A2: still in time: 58B applies, the offender says which card he played
            self.pending = SimultaneousCards(offender=seat, cards=(shown, *surplus), trick=index)
            self.rule(
                "67A2",
                seat,
                say("law67-too-many", seat=seat, trick=index + 1),
            )
            return
        self._law67b2_return(index, seat, surplus, shown)

    def _card_in_trick(self, index: int, seat: Seat) -> Place:
        play = self.play
        assert play is not None
        if index == len(play.tricks):
            return play.trick[(seat - play.leader) & 3]
        return play.tricks[index].card_of(seat)

    def _law67b2_return(
        self, index: int, seat: Seat, surplus: tuple[Card, ...], shown: Card
    ) -> None:
        """67B2: the card shown as played stays, the trick keeps its winner, the surplus goes
        back to the hand as if held all along; a later trick where it would have let him follow
        suit is a revoke (established if his side has played to the trick after it, 63A)."""
        play = self.play
        assert play is not None
        play.surplus = [e for e in play.surplus if not (e[0] == index and e[1] == seat)]
        for card in surplus:
            play.hands[seat] |= 1 << card
        self.rule(
            "67B2a",
            seat,
            say(
                "law67b2-return.had-put-trick-beside",
                seat=seat,
                cards=surplus,
                trick=index + 1,
                shown=shown,
            ),
        )
        suits = {c // 13 for c in surplus}
        for t in range(index + 1, len(play.tricks) + 1):
            if t == len(play.tricks):
                cards, leader = list(play.trick), play.leader
            else:
                cards, leader = list(play.tricks[t].cards), play.tricks[t].leader
            position = (seat - leader) & 3
            played = cards[position] if position < len(cards) else None
            if played is None:
                continue
            led = suit_led(cards)
            if played // 13 == led or led not in suits:
                continue
            if any(r.seat == seat and r.trick == t for r in play.revokes):
                continue  # already a revoke there
            revoke = Revoke(seat, t, played, led, self.event_index)
            revoke.established = is_established(t, self._side_played_after(t, seat))
            play.revokes.append(revoke)
            said = say(
                "law67b2-return.returned-card-counts-held.established"  # 63A1
                if revoke.established
                else "law67b2-return.returned-card-counts-held",
                revoke=revoke.said(),
            )
            self.rule("67B2b", seat, said)

    def _side_played_after(self, t: int, seat: Seat) -> bool:
        """Has ``seat``'s side played to a trick after trick ``t`` (63A1)?"""
        play = self.play
        assert play is not None
        if t < len(play.tricks) - 1:
            return True
        if t >= len(play.tricks):
            return False
        return any(((play.leader + i) & 1) == seat.side for i in range(len(play.trick)))


__all__ = ["TrickRules"]
