"""The play period at the table: Laws 44, 49-60 and 63A (62, 67 and the other
irregularities of the play are open matters under ``rules/play``; 64 is revokes.py).

As in the auction, an irregularity waits for the next event: a lead out of turn is offered to
the side entitled to accept it (53-56), and the next player playing to it accepts it (53A); a
revoke stands until corrected (62) or established when the offending side plays to the next
trick (63A1), and its tricks change hands when play ends (64).
"""

from __future__ import annotations

from enum import StrEnum

from bridgelaw.cards import SEATS, SUIT_LETTERS, Card, Seat, card_name, is_honour
from bridgelaw.table.auction_rules import AuctionRules
from bridgelaw.table.events import Action, Event, ScriptError
from bridgelaw.table.messages import say
from bridgelaw.table.play_state import Revoke, TablePlay, is_established
from bridgelaw.table.refusals import refuse
from bridgelaw.table.rules.play.law45c4b import DesignationChanged
from bridgelaw.table.rules.play.law50d2 import PenaltyCardSuits
from bridgelaw.table.rules.play.law51a import PenaltyCardDesignation
from bridgelaw.table.rules.play.law52 import PenaltyCardNotPlayed
from bridgelaw.table.rules.play.law53_56 import LeadOutOfTurn
from bridgelaw.table.rules.play.law57 import PrematurePlay
from bridgelaw.table.rules.play.law67 import CardOwed
from bridgelaw.table.rules.play.layer import PlayTable
from bridgelaw.table.state import (
    Awaiting,
    LeadRestriction,
    Obligation,
)


class PlayChoice(StrEnum):
    """Which of the play rules' own offers is open (the fact the rule that takes its answer is
    chosen by; the offer's ``law`` stays its citation)."""

    RENAME = "rename"  # 45C4b: declarer names dummy's card again
    PENALTY_SUITS = "penalty-suits"  # 50D2 / 51B: declarer restricts the leader's suits
    DESIGNATE = "designate"  # 51A: declarer designates the penalty card to play
    MUST_PLAY = "must-play"  # 57A: declarer's choice of the card a defender must play


class PlayRules(AuctionRules):
    """Rules of the play period (44-60, 63A, 67); the layer over the auction's."""

    # -- what the director would offer now ---------------------------------------------------

    def play_awaiting(self) -> Awaiting | None:
        """The play rules' offers while no irregularity is pending (one pending makes its own
        offer, :meth:`Pending.offer <bridgelaw.table.state.Pending.offer>`)."""
        open_choice = self._play_choice()
        return None if open_choice is None else open_choice[1]

    def _play_choice(self) -> tuple[PlayChoice, Awaiting] | None:
        """The play rules' offer open, with which of them it is."""
        if self.pending is not None:
            return None
        if self.law45c4b_rho is not None and self.declarer is not None:
            # 45C4b: declarer names dummy's card again first (rules/play/law45c4b.py)
            return PlayChoice.RENAME, DesignationChanged.name_again(self)
        if not self.penalty_cards and not self.must_play:
            return None  # 50D2, 51A and 57A all need one (the usual case: a card to play)
        # 50D2/51B before 51A: the restriction declarer may place on the leader because of
        # his partner's penalty cards comes before the leader's own (50D1b; 2007 commentary)
        offer = PenaltyCardSuits.offer(self)  # rules/play/law50d2.py
        if offer is not None:
            return PlayChoice.PENALTY_SUITS, offer
        offer = PenaltyCardDesignation.offer(self)  # rules/play/law51a.py
        if offer is not None:
            return PlayChoice.DESIGNATE, offer
        offer = PrematurePlay.offer(self)
        return None if offer is None else (PlayChoice.MUST_PLAY, offer)

    def _legal_names(self) -> tuple[str, ...]:
        """The cards the player in turn may play now (following suit if he can)."""
        play = self.play
        assert play is not None
        seat = play.turn
        cards = [c for c in range(51, -1, -1) if play.hands[seat] >> c & 1]
        if play.trick and play.can_follow(seat):
            cards = [c for c in cards if c // 13 == play.led_suit()]
        return tuple(card_name(c) for c in cards)

    # -- events of the play period -----------------------------------------------------------

    def play_rules_event(self, event: Event) -> bool:
        """Take ``event`` if it is the play rules' own, no irregularity pending: an answer to
        their offer open (45C4b, 50D2/51B, 51A, 57A, in play_awaiting's order), a card, an
        exposed card, a card a player owes to a trick (67) or none. False if it is another
        rule module's (the engine's play router, :meth:`Table.play_event`, says whose)."""
        open_choice = self._play_choice()
        if open_choice is not None:
            choice, offer = open_choice
            if choice is PlayChoice.RENAME:
                DesignationChanged.named_again(self, event)
            elif choice is PlayChoice.DESIGNATE:
                PenaltyCardDesignation.answer(self, offer, event)
            elif choice is PlayChoice.MUST_PLAY:
                PrematurePlay.answer(self, event)
            else:
                PenaltyCardSuits.answer(self, offer, event)  # 50D2 or 51B
            return True
        if event.action is Action.CARD:
            assert event.card is not None
            self.card_played(event.seat, event.card)
        elif event.action is Action.EXPOSE:
            assert event.card is not None
            self._law48_49_exposed(event.seat, event.card)
        elif (
            event.action is Action.CORRECT
            and self.play is not None
            and event.seat in self.play.omissions.values()
        ):
            CardOwed.answer(self, event)  # 67A1, 67B1: rules/play/law67.py
        elif event.action is Action.NONE:
            CardOwed.answer(self, event)
        else:
            return False
        return True

    def _start_play(self) -> TablePlay:
        assert self.declarer is not None and self.contract is not None
        self.play = TablePlay(self.board.deal, self.declarer, self.contract.strain)
        return self.play

    def card_played(self, seat: Seat, card: Card) -> None:
        play = self.play
        assert play is not None and self.declarer is not None
        if not play.hands[seat] >> card & 1:  # play.holds(seat, card), read on every card
            raise ScriptError(
                self.event_index,
                refuse("event.does-not-hold", seat=seat.letter, card=card_name(card)),
            )
        turn = SEATS[(play.leader + len(play.trick)) & 3]  # play.turn
        if seat != turn:
            if not play.trick:
                LeadOutOfTurn.opened(self, seat, card)  # Laws 53-56: rules/play/law53_56.py
                return
            if seat in self.must_play or self.early_lead is not None:
                raise ScriptError(
                    self.event_index,
                    refuse(
                        "event.premature-waits",
                        seat=seat.letter,
                        card=card_name(card),
                        turn=turn.letter,
                    ),
                )
            if seat.side == self.declarer.side:
                PrematurePlay.declarer(self, seat, card)
            else:
                PrematurePlay.defender(self, seat, card)
            return
        must_play = self.must_play
        obligation = must_play.get(seat) if must_play else None  # 57A: a play restriction (50D1b)
        broken = PrematurePlay.obligation_at_turn(self, seat, card) if must_play else None
        trick_index = len(play.tricks)
        breach = (
            self._check_restricted_lead(seat, card)
            if not play.trick and self.lead_restrictions
            else None
        )
        if self.penalty_cards and PenaltyCardNotPlayed.opened(self, seat, card, obligation):
            return  # a penalty card not played (rules/play/law52.py: none without one)
        self._play(seat, card)
        if broken is not None:
            # 61A: not playing, when able, a suit declarer specified under 57A is a revoke
            kind, named, must = broken
            revoke = Revoke(
                seat, trick_index, card, named, self.event_index, rule=kind, required=must
            )
            play.revokes.append(revoke)
            self.review(
                "61A",
                say(
                    "card-played.does-not-do-declarer",
                    revoke=revoke.said(),
                    restriction=kind,
                    suit=SUIT_LETTERS[named],
                ),
            )
        if breach is not None:
            # 61A: leading a suit forbidden, or not the suit required, when able is a revoke
            named = "CDHS".index(breach.suit or "C")
            revoke = Revoke(seat, len(play.tricks), card, named, self.event_index, rule=breach.kind)
            play.revokes.append(revoke)
            self.review(
                "61A",
                say(
                    "card-played.breaks-lead-restriction-law",
                    revoke=revoke.said(),
                    restriction=breach.kind,
                    suit=str(breach.suit),
                    clause=breach.law,
                ),
            )

    def _play(self, seat: Seat, card: Card) -> None:
        """A card goes to the trick: revokes noted, penalty cards played, tricks completed."""
        play = self.play
        assert play is not None
        if play.revokes:
            self._law63a1_establish(seat)
        before = len(play.tricks)
        revoke = play.add(card, self.event_index)
        if self.penalty_cards:
            self.penalty_cards = [pc for pc in self.penalty_cards if pc[1] != card]
        if revoke is not None:
            # 61A: recorded now; ruled on when corrected (62) or established (63)
            self.review("61A", say("play", revoke=revoke.said()))
        self.after_a_place_filled(before)

    def after_a_place_filled(self, tricks_before: int) -> None:
        """After a place in the trick is filled (a card, or none, 67): a completed trick ends
        lead restrictions (26B), the last one ends play, and an early lead waits (57C1)."""
        play = self.play
        assert play is not None
        self.lead_retracted = None  # 60B: a card has been played since
        completed = len(play.tricks) > tricks_before
        if completed:
            self._restrictions_after_trick()
        if play.is_over:
            self.early_lead = None
            self._end_of_play()
        elif completed and self.early_lead is not None:
            PrematurePlay.early_lead_due(self)

    def _last_player(self) -> Seat:
        play = self.play
        assert play is not None
        if play.trick:
            return Seat((play.leader + len(play.trick) - 1) & 3)
        last = play.tricks[-1]
        return Seat((last.leader + 3) & 3)

    # -- Law 57: rules/play/law57.py ----------------------------------------------------------

    def _law57_premature(self, seat: Seat, card: Card) -> None:
        """A defender's premature play (53C's wrong defender plays one too)."""
        PrematurePlay.defender(self, seat, card)

    # -- Laws 48-50 and 52: exposed cards and penalty cards ----------------------------------

    def _law48_49_exposed(self, seat: Seat, card: Card) -> None:
        play = self.play
        assert play is not None and self.declarer is not None
        self._check_card_in_hand(seat, card)
        if seat.side == self.declarer.side:
            self.rule(
                "48A",
                seat,
                say("law48-49-exposed.declarer-side-exposed-no", card=card),
            )
            return
        kind = "major" if is_honour(card) else "minor"  # 50B: a single low card shown by chance
        self.penalty_cards.append((seat, card, kind))
        mine = self._all_major(seat)
        self.rule(
            "49",
            seat,
            say(
                "law48-49-exposed.exposed-becomes-penalty-card." + ("major" if mine > 1 else kind),
                seat=seat,
                card=card,
            ),
        )

    def _check_card_in_hand(self, seat: Seat, card: Card) -> None:
        """A card about to be shown or played out of the normal course: held, not already a
        penalty card on the table."""
        play = self.play
        assert play is not None
        if not play.holds(seat, card):
            raise ScriptError(
                self.event_index,
                refuse("event.does-not-hold", seat=seat.letter, card=card_name(card)),
            )
        if any(c == card for _, c, _ in self.penalty_cards):
            raise ScriptError(
                self.event_index, refuse("event.already-on-table", card=card_name(card))
            )

    def _all_major(self, seat: Seat) -> int:
        """50B: a defender with two or more penalty cards: every one of them is major. (Called
        whenever a defender gets a penalty card: 2007 50E is noted here too.)"""
        mine = [pc for pc in self.penalty_cards if pc[0] == seat]
        self.by_edition("50E", e2017=self._law50e, e2007=self._law50e_2007)(seat)
        if len(mine) > 1:
            self.penalty_cards = [
                (s, c, "major" if s == seat else k) for s, c, k in self.penalty_cards
            ]
        return len(mine)

    def _law50e(self, seat: Seat) -> None:
        """2017 50E1: while a penalty card is on the table, everything it shows is authorized
        for all: nothing to note."""

    def _law50e_2007(self, seat: Seat) -> None:
        """2007 50E: of a penalty card, only the obligation to play it is authorized for the
        offender's partner; all else it tells him is unauthorized. (2017 50E1: while it is on
        the table everything it shows is authorized for all.) Noted once per card."""
        for s, card, _ in self.penalty_cards:
            if s != seat or (s, card) in self.law50e_noted:
                continue
            self.law50e_noted = (*self.law50e_noted, (s, card))
            self.review(
                "50E",
                say("law50e-2007", seat=seat, card=card, partner=seat.partner),
            )

    def _penalty_card_legal(
        self, seat: Seat, card: Card, obligation: Obligation | None = None
    ) -> bool:
        """May ``seat`` play his penalty card ``card`` now? Following suit, keeping a lead
        restriction when he leads, and doing as declarer chose under 57A (``obligation``: a
        play restriction) come before playing a penalty card (50D1b): the card then stays face
        up for his next legal opportunity."""
        play = self.play
        assert play is not None
        if not play.trick:
            return not self.lead_restrictions or self._restricted_lead(seat, card)[0] is None
        led = play.led_suit()
        suit_cards = [c for c in range(52) if play.hands[seat] >> c & 1 and c // 13 == led]
        if suit_cards and card // 13 != led:
            return False
        choice = obligation.choice if obligation is not None else None
        if not choice:
            return True
        if choice in ("highest", "lowest"):
            return not suit_cards or card == (max if choice == "highest" else min)(suit_cards)
        if suit_cards:
            return True  # a suit required or forbidden binds only a player who cannot follow
        named = "CDHS".index(choice[-1])
        held = play.hands[seat]
        if choice.startswith("require"):
            return card // 13 == named or not held >> (13 * named) & 0x1FFF
        return card // 13 != named or not held & ~(0x1FFF << (13 * named))

    def law67_at_the_end(self) -> None:
        """A card still owed to a trick when play ends is made up now (67B1, rules/play)."""
        CardOwed.at_the_end(self)

    # -- Law 26 (2017 26B; 50D2a, 51B2b): a lead under a restriction ---------------------------

    def _check_restricted_lead(self, seat: Seat, card: int) -> LeadRestriction | None:
        """A lead under a restriction (26B, 50D2a): the restriction it breaks, if any (61A
        makes that a revoke); when the required suit cannot be led, any card (59)."""
        breach, excused = self._restricted_lead(seat, card)
        for restriction in excused:
            law = restriction.law
            if restriction.kind == "forbid":
                said = say("check-restricted-lead", seat=seat, law=law)
            else:
                suit = str(restriction.suit)
                said = say("check-restricted-lead.required", seat=seat, suit=suit, law=law)
            self.rule("59", seat, said)
        return breach

    def _restricted_lead(
        self, seat: Seat, card: int
    ) -> tuple[LeadRestriction | None, list[LeadRestriction]]:
        """What a lead of ``card`` by ``seat`` does to his lead restrictions, changing nothing:
        the one it breaks (None if none), and those it leaves aside because he cannot keep
        them (59), up to the breach."""
        assert self.play is not None
        hand = self.play.hands[seat]
        forbidden = 0  # 51B2b: several suits may be forbidden at once
        for restriction in self.lead_restrictions:
            if restriction.seat == seat and restriction.kind == "forbid" and restriction.suit:
                forbidden |= 0x1FFF << (13 * "CDHS".index(restriction.suit))
        excused: list[LeadRestriction] = []
        for restriction in self.lead_restrictions:
            if restriction.seat != seat or restriction.suit is None:
                continue
            named = "CDHS".index(restriction.suit)
            holds_named = bool(hand >> (13 * named) & 0x1FFF)
            holds_other = bool(hand & ~forbidden) if restriction.kind == "forbid" else True
            if restriction.kind == "forbid" and card // 13 == named:
                if holds_other:
                    return restriction, excused
                excused.append(restriction)
            if restriction.kind == "require" and card // 13 != named:
                if holds_named:
                    return restriction, excused
                excused.append(restriction)
        return None, excused

    def _restrictions_after_trick(self) -> None:
        """Law 26B: a restriction lasts while the player keeps the lead; it ends with it."""
        assert self.play is not None
        if not self.lead_restrictions:
            return  # none to end (the usual case)
        leader = self.play.leader
        self.lead_restrictions = [
            r for r in self.lead_restrictions if r.suit is None or r.seat == leader
        ]

    # -- Law 63A: a revoke becomes established -----------------------------------------------

    def _law63a1_establish(self, seat: Seat) -> None:
        """63A1: a revoke is established when its side plays to the next trick."""
        play = self.play
        assert play is not None
        for revoke in play.revokes:
            if (
                not revoke.established
                and not revoke.corrected
                and revoke.seat.side == seat.side
                and is_established(revoke.trick, revoke.trick < len(play.tricks))
            ):
                revoke.established = True
                self.rule(
                    "63A1",
                    revoke.seat,
                    say("law63a1-establish", revoke=revoke.said(), seat=seat),
                )

    def law63a_establish(self, side: int, law: str, seat: Seat, agreement: bool) -> None:
        """63A3: a claim or concession by the offending side, 63A4 its agreement to the
        opponents' claim, establishes its revokes (not one on trick 12, 62D)."""
        play = self.play
        if play is None:
            return
        for revoke in play.revokes:
            if (
                revoke.seat.side == side
                and not revoke.established
                and not revoke.corrected
                and is_established(revoke.trick, True)  # the claim plays on (63A3, 63A4)
            ):
                revoke.established = True
                variant = ".agreement" if agreement else ""
                said = say("law63a-establish" + variant, revoke=revoke.said(), seat=seat)
                self.rule(law, revoke.seat, said)


# -- the irregularities of the play rules: each its fields, its offer, its rule --------------


def play_table(table: PlayRules) -> PlayTable:
    """The play layer as its matters in ``rules/play`` see it: mypy checks here that the layer
    has every field and rule the protocol names."""
    return table


__all__ = ["PlayRules", "Revoke"]
