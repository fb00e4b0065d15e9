"""Dummy and declarer's designations at the table: Laws 42, 43, 45C4b (2007), 45D, 45F, 46, 61B.

The project's words (the spec leaves them to the project):

* ``<dummy> warns``: dummy warns declarer against leading from the wrong hand (42B2). After
  dummy broke a 43A2 limitation, either defender chooses the hand (43B2a): ``<defender>
  lead-hand <seat>``.
* ``<seat> asks [<seat>]``: a question about a possible revoke: declarer asks a defender (61B1),
  dummy asks declarer (42B1, 61B2a; a defender: 61B2b), a defender asks declarer or his partner
  (61B3). Dummy asks declarer when no seat is named. A question establishes nothing; if the
  player asked did revoke, attention is drawn and he corrects (62A), offered as
  ``correct <card>``; after dummy broke a limitation his question makes Law 64 apply to
  declarer's corrected revoke as if it were established (43B2b).
* ``<dummy> attention``: dummy draws attention to an irregularity during the play (43A1b);
  after he broke a limitation and the irregularity is a defender's, it is not rectified (43B3).
* ``<dummy> suggests [<card>]``: dummy touches or suggests a card without instruction (45F).
* ``<declarer> names <designation>``: declarer designates dummy's card incompletely (46B):
  ``high [suit]``/``top``, ``low [suit]``/``small``, ``win``, ``any``/``anything``, a suit
  (``H``), a rank (``7``, ``K``) or a card (``HK``, the proper form of 46A).
* ``director dummy-looked`` (43A2 broken), ``director not-designated [<card>]`` (45D: dummy's
  last card, or the card named, was not the one declarer designated), ``director
  incontrovertible <card>`` (46B: declarer's different intention is beyond doubt; that card
  replaces the one 46B deemed designated).
"""

from __future__ import annotations

from bridgelaw.cards import SUIT_LETTERS, Card, Seat, card_name
from bridgelaw.table.events import Action, Event, ScriptError
from bridgelaw.table.messages import Said, say
from bridgelaw.table.play_state import Place, Revoke, winner_index
from bridgelaw.table.refusals import refuse
from bridgelaw.table.revokes import RevokeRules
from bridgelaw.table.rules.play.law52 import PenaltyCardNotPlayed
from bridgelaw.table.rules.play.law53_56 import LeadOutOfTurn
from bridgelaw.table.state import Awaiting, Obligation

DUMMY_WORDS = frozenset(
    {"warns", "asks", "attention", "suggests", "names", "lead-hand", "designate", "correct"}
)
DUMMY_FINDINGS = frozenset({"dummy-looked", "not-designated", "incontrovertible"})


_DUMMY_ACTIONS = DUMMY_WORDS - {"designate", "correct"}
"""The dummy words this module takes itself (designate and correct go to the play rules)."""


class DummyRules(RevokeRules):
    """Laws 42-43, 45D, 45F, 46 and 61B; the layer over the revoke rules."""

    # -- dispatch ----------------------------------------------------------------------------

    def dummy_awaiting(self) -> Awaiting | None:
        return self.dummy_offer

    def dummy_event(self, event: Event) -> bool:
        """Handle ``event`` if it is one of the dummy laws' (True), else leave it (False)."""
        if self.dummy_offer is not None:
            return self._dummy_offer_answer(event)
        if event.who == "director":
            if event.action not in DUMMY_FINDINGS:
                return False
            if event.action is Action.DUMMY_LOOKED:
                self._law43a2_broken()
            elif event.action is Action.NOT_DESIGNATED:
                self._law45d_not_designated(event.card)
            else:
                assert event.card is not None
                self._law46b_incontrovertible(event.card)
            return True
        if self.law45d_back and event.action is Action.CARD:
            self._law45d_replaced(event)
        if self.law45d_rho is not None:
            self._law45d_rho_plays(event)
        if event.action not in _DUMMY_ACTIONS:
            return False
        if self.play is None or self.declarer is None:
            raise ScriptError(
                event.index, refuse("event.after-the-lead", who=event.who, action=event.action)
            )
        seat = event.seat
        if event.action is Action.NAMES:
            self._law46_names(event)
        elif event.action is Action.ASKS:
            self._law61b_asks(event)
        elif event.action is Action.LEAD_HAND:
            raise ScriptError(event.index, refuse("event.nobody-chooses-hand"))
        else:
            if seat != self.declarer.partner:
                raise ScriptError(
                    event.index,
                    refuse("event.dummys-word", action=event.action, dummy=self.dummy.letter),
                )
            if event.action is Action.WARNS:
                self._law42b2_warns()
            elif event.action is Action.ATTENTION:
                self._law43a1_attention()
            else:
                self._law45f_suggests(event.card)
        return True

    @property
    def dummy(self) -> Seat:
        assert self.declarer is not None
        return self.declarer.partner

    def _offer(self, who: tuple[Seat, ...], law: str, options: tuple[str, ...]) -> None:
        others = tuple((seat.letter, options) for seat in who[1:])
        self.dummy_offer = Awaiting(who[0].letter, law, options, others)
        self.dummy_offer_seats = who

    def _dummy_offer_answer(self, event: Event) -> bool:
        offer = self.dummy_offer
        assert offer is not None and self.play is not None
        # the offer's parties are its seats, each with the same options
        if not offer.takes(event):
            seats = self.dummy_offer_seats
            options = ", ".join(offer.options)
            if len(seats) == 2:  # the defenders (43B2a, 46B5): either answers
                said = refuse(
                    "event.dummy-offer-waits-two",
                    seat=seats[0].letter,
                    other=seats[1].letter,
                    options=options,
                    law=offer.law,
                )
            else:
                said = refuse(
                    "event.dummy-offer-waits", seat=seats[0].letter, options=options, law=offer.law
                )
            raise ScriptError(
                event.index,
                said,
            )
        self.dummy_offer = None
        self.dummy_offer_seats = ()
        if offer.law == "62A":
            return False  # the correction itself is Law 62's (play rules)
        if offer.law == "43B2a":
            hand = event.the_seat_named
            self.play.leader = hand
            self.rule(
                "43B2a",
                self.dummy,
                say(
                    "dummy-offer-answer.chooses-declarer-leads-from"
                    + (".own-hand" if hand == self.declarer else ".dummy"),
                    seat=event.who,
                    hand=hand,
                ),
            )
            return True
        assert event.card is not None
        if offer.law == "46B5":
            self.rule(
                "46B5",
                None,
                say(
                    "dummy-offer-answer.designates-dummy-declarer-having",
                    seat=event.who,
                    card=event.card,
                ),
            )
        self._play_dummy(event.card)
        return True

    # -- Laws 42-43: dummy's rights and limitations ------------------------------------------

    def _law43a2_broken(self) -> None:
        if self.phase != "play" or self.declarer is None:
            raise ScriptError(self.event_index, refuse("event.no-dummy-yet"))
        self.dummy_broke = True
        d = self.dummy
        self.rule(
            "43A2",
            d,
            say("law43a2-broken.dummy-broke-limitation-law", dummy=d),
        )
        self.review("43B1", say("law43a2-broken.dummy-may-get-procedural", dummy=d))

    def _law42b2_warns(self) -> None:
        play = self.play
        assert play is not None and self.declarer is not None
        if play.trick or play.is_over or play.leader.side != self.declarer.side or not play.played:
            raise ScriptError(
                self.event_index,
                refuse("event.dummy-warns"),
            )
        d = self.dummy
        if self.dummy_broke:
            self._offer(
                (self.declarer.lho, self.declarer.rho),
                "43B2a",
                (f"lead-hand {self.declarer.letter}", f"lead-hand {d.letter}"),
            )
            return
        self.rule(
            "42B2",
            None,
            say("law42b2-warns", leader=play.leader),
        )

    def _law43a1_attention(self) -> None:
        """43A1b: dummy may not draw attention during the play. After breaking a 43A2
        limitation, dummy first to draw attention to a defender's irregularity: no
        rectification (43B3; 2017: the defenders' score alone adjusted at the end; 2007: 12B1).
        """
        play = self.play
        assert play is not None and self.declarer is not None
        d = self.dummy
        p = self.pending
        defenders = self.declarer.side ^ 1
        target: str | None = None
        revoke: Revoke | None = None
        if isinstance(p, LeadOutOfTurn | PenaltyCardNotPlayed) and p.offender.side == defenders:
            target = "lead" if isinstance(p, LeadOutOfTurn) else "penalty card"
        else:
            revoke = self._open_revoke(defenders)
            if revoke is not None:
                target = "revoke"
        if self.dummy_broke and target is not None:
            self._law43b3(target, revoke)
            return
        self.rule(
            "43A1b",
            d,
            say("law43a1-attention.dummy-draws-attention-irregularity", dummy=d),
        )
        self.review("43B1", say("law43a1-attention.dummy-drew-attention-during", dummy=d))
        if revoke is not None:
            self._offer_correction(revoke)

    def _law43b3(self, target: str, revoke: Revoke | None) -> None:
        play = self.play
        p = self.pending
        assert play is not None and self.declarer is not None
        d = self.dummy
        if target == "revoke":
            assert revoke is not None
            revoke.waived = True
            said = say("law43b3", dummy=d, revoke=revoke.said())
            offender = revoke.seat
        else:
            assert isinstance(p, LeadOutOfTurn | PenaltyCardNotPlayed)
            offender = p.offender
            self.pending = None
            if target == "lead":
                play.leader = p.offender
                said = say("law43b3.lead", dummy=d, offender=p.offender, card=p.card)
            else:
                said = say("law43b3.penalty-card", dummy=d, card=p.card)
            self._play(p.offender, p.card)
        self.rule("43B3", offender, said)
        self.by_edition("43B3", e2017=self._law43b3_review, e2007=self._law43b3_review_2007)()

    def _law43b3_review(self) -> None:
        self.review(
            "43B3",
            say("law43b3-review"),
        )

    def _law43b3_review_2007(self) -> None:
        self.review(
            "12B1",
            say("law43b3-review-2007"),
        )

    # -- Law 45D: dummy's card not designated; 45F: dummy suggests a card ---------------------

    def _law45d_not_designated(self, named: Card | None) -> None:
        """45D: the card dummy played without declarer designating it (``named``, or dummy's
        last card) goes back if attention is drawn before each side has played to the next
        trick (45D1); later it stands (45D2; 2007 has no 45D2)."""
        play = self.play
        if play is None or self.declarer is None:
            raise ScriptError(self.event_index, refuse("event.dummy-played-none"))
        d = self.dummy
        cards = self._played_in_order()
        mine = [
            i
            for i, (_, s, c) in enumerate(cards)
            if s == d and c is not None and named in (None, c)
        ]
        if not mine:
            refused = (
                refuse("event.dummy-played-none")
                if named is None
                else refuse("event.dummy-played-no-card", card=card_name(named))
            )
            raise ScriptError(self.event_index, refused)
        position = mine[-1]
        trick, _, card = cards[position]
        assert card is not None  # one of dummy's cards (mine)
        next_sides = {s.side for t, s, c in cards if t == trick + 1 and c is not None}
        too_late = len(next_sides) == 2 or any(t > trick + 1 for t, _, _ in cards)
        if too_late:
            dummy_revoke = any(
                r.seat == d and r.card == card and r.trick == trick for r in play.revokes
            )
            law, e2007 = self.by_edition(  # 2007 has no 45D2: the sentence says so
                "45D2", e2017=("45D2", False), e2007=("45D", True)
            )
            said = say(
                "law45d-not-designated.dummy-was-not-designated-2.2007-revoked"
                if e2007 and dummy_revoke
                else "law45d-not-designated.dummy-was-not-designated-2.revoked"
                if dummy_revoke
                else "law45d-not-designated.dummy-was-not-designated-2.2007"
                if e2007
                else "law45d-not-designated.dummy-was-not-designated-2",
                card=card,
            )
            self.rule(law, d, said)
            if dummy_revoke:
                self.review(
                    "64C", say("law45d-not-designated.dummy-not-designated-revoked", card=card)
                )
            return
        later = [(t, s, c) for t, s, c in cards[position + 1 :] if c is not None]
        for _ in range(len(later) + 1):
            play.take_back_last()
        self.law45d_back = ((d, card), *((s, c) for _, s, c in later))
        declarer = self.declarer
        own = [c for t, s, c in later if s == declarer and t == trick]
        rho = [c for t, s, c in later if s == declarer.rho and t == trick]
        if own and rho:
            self.must_play[declarer] = Obligation(self.cite("45D1"), card=own[0])
            self.law45d_rho = (declarer.rho, rho[0])
        back_too = ", ".join(f"{s.letter}'s {card_name(c)}" for _, s, c in later)
        said = (
            say("law45d-not-designated.dummy-was-not-designated.later", card=card, played=back_too)
            if later
            else say("law45d-not-designated.dummy-was-not-designated", card=card)
        )
        self.rule(self.cite("45D1"), d, said)

    def _law45d_replaced(self, event: Event) -> None:
        """16C, which 45D1 cites (2007 45D: 16D): a card put back under 45D1 is withdrawn once
        its player plays another in its place. Dummy's offence makes declarer's side the
        offending side: the defenders' withdrawn cards are unauthorized for it (16C2), and so
        are its own (dummy's, declarer's changed card)."""
        assert self.declarer is not None
        back = self.law45d_back
        for i, (seat, card) in enumerate(back):
            if event.who == seat.letter:
                self.law45d_back = back[:i] + back[i + 1 :]
                if event.card != card:
                    self.mark_card_unauthorized(seat, card, self.declarer.side)
                return

    def _law45d_rho_plays(self, event: Event) -> None:
        """45D1: if declarer's RHO plays another card than the one he took back, declarer may
        change his own card too."""
        if self.law45d_rho is None or self.declarer is None:
            return
        rho, old = self.law45d_rho
        if event.action is not Action.CARD or event.who != rho.letter:
            return
        self.law45d_rho = None
        if event.card != old:
            self.must_play.pop(self.declarer, None)
            self.rule(
                self.cite("45D1"),
                None,
                say("law45d-rho-plays", rho=rho),
            )

    def _law45f_suggests(self, card: Card | None) -> None:
        play = self.play
        assert play is not None
        d = self.dummy
        if not play.played:
            raise ScriptError(self.event_index, refuse("event.dummy-faced-after-lead"))
        if card is not None and not play.holds(d, card):
            raise ScriptError(
                self.event_index, refuse("event.dummy-does-not-hold", card=card_name(card))
            )
        self.dummy_suggested = len(play.tricks)  # 57C2 for a defender's premature play now
        if card is None:  # a card, not named
            touched = say("law45f-suggests.dummy-touched-or-suggested.any", dummy=d)
            suggested = say("law45f-suggests.dummy-suggested-adjusted-score.any")
        else:
            touched = say("law45f-suggests.dummy-touched-or-suggested", dummy=d, card=card)
            suggested = say("law45f-suggests.dummy-suggested-adjusted-score", card=card)
        self.rule("45F", d, touched)
        self.review("45F", suggested)

    # -- Law 46: incomplete or invalid designation of dummy's card ---------------------------

    def _law46_names(self, event: Event) -> None:
        play = self.play
        assert play is not None and self.declarer is not None
        d = self.dummy
        if event.seat != self.declarer:
            raise ScriptError(
                event.index, refuse("event.declarer-designates", declarer=self.declarer.letter)
            )
        kind = event.designation
        if kind == "card":
            assert event.card is not None
            if play.holds(d, event.card):
                self._play_dummy(event.card)  # 46A: the proper form
            else:
                self._void_designation(say("void-designation", card=event.card))
            return
        if play.turn != d or self.pending is not None or play.is_over:
            raise ScriptError(event.index, refuse("event.not-dummys-turn"))
        led = play.led_suit() if play.trick else None
        hand = [c for c in range(52) if play.hands[d] >> c & 1]
        legal = [c for c in hand if led is None or c // 13 == led] if play.can_follow(d) else hand
        if kind in ("high", "low"):
            suit = "CDHS".index(event.text) if event.text else led
            if suit is None:
                raise ScriptError(event.index, refuse("event.name-a-suit", word=kind))
            cards = [c for c in hand if c // 13 == suit]
            if not cards:
                self._void_designation(
                    say(
                        "void-designation.high" if kind == "high" else "void-designation.low",
                        suit=SUIT_LETTERS[suit],
                    )
                )
                return
            card = cards[-1] if kind == "high" else cards[0]
            law = "46B1a" if kind == "high" else "46B1c"
            self.rule(
                law,
                None,
                say(
                    "law46-names.declarer-says-dummy-played." + kind,
                    suit=SUIT_LETTERS[suit],
                    card=card,
                ),
            )
            self._play_dummy(card, designated_by_46b=True)
        elif kind == "win":
            self._law46b1b_win(legal)
        elif kind == "suit":
            suit = "CDHS".index(event.text)
            cards = [c for c in hand if c // 13 == suit]
            if not cards:
                self._void_designation(say("void-designation.suit", suit=event.text))
                return
            self.rule(
                "46B2",
                None,
                say("law46-names.declarer-names-suit-only", suit=event.text, card=cards[0]),
            )
            self._play_dummy(cards[0], designated_by_46b=True)
        elif kind == "rank":
            self._law46b3_rank(event.text, hand, legal)
        else:  # any
            self._offer(
                (self.declarer.lho, self.declarer.rho),
                "46B5",
                tuple(f"designate {card_name(c)}" for c in legal),
            )

    def _law46b1b_win(self, legal: list[Card]) -> None:
        """46B1b: the lowest card known to win the trick: it beats the cards played so far and,
        if a defender is still to play, every card of its suit the defenders may hold (a ruff
        by a defender still to play is not foreseen)."""
        play = self.play
        assert play is not None and self.declarer is not None
        if not play.trick:
            raise ScriptError(self.event_index, refuse("event.win-when-dummy-leads"))
        trick = list(play.trick)
        hidden = play.hands[self.declarer.lho] | play.hands[self.declarer.rho]
        still_to_play = len(trick) < 3
        known = []
        for card in sorted(legal, key=lambda c: (c // 13 == play.trump, c)):
            if winner_index([*trick, card], play.trump) != len(trick):
                continue
            if still_to_play and any(
                hidden >> c & 1 for c in range(card + 1, (card // 13 + 1) * 13)
            ):
                continue
            known.append(card)
        if not known:
            self.rule(
                "46B1b",
                None,
                say("law46b1b-win.declarer-tells-dummy-win-2"),
            )
            return
        card = known[0]
        self.rule(
            "46B1b",
            None,
            say("law46b1b-win.declarer-tells-dummy-win", card=card),
        )
        self._play_dummy(card, designated_by_46b=True)

    def _law46b3_rank(self, rank: str, hand: list[Card], legal: list[Card]) -> None:
        play = self.play
        assert play is not None
        d = self.dummy
        r = "23456789TJQKA".index(rank)
        if not play.trick and play.tricks and play.tricks[-1].winner == d:
            last = play.tricks[-1]
            won_with = last.cards[(d - last.leader) & 3]
            assert won_with is not None  # the trick's winner played a card to it (44)
            card = (won_with // 13) * 13 + r
            if play.holds(d, card):
                self.rule(
                    "46B3a",
                    None,
                    say("law46b3-rank.declarer-names-only-rank-4", rank=rank, card=card),
                )
                self._play_dummy(card, designated_by_46b=True)
                return
        held = [c for c in hand if c % 13 == r]
        if not held:
            self._void_designation(say("void-designation.rank", rank=rank))
            return
        fit = [c for c in legal if c % 13 == r]
        if len(fit) == 1:
            self.rule(
                "46B3b",
                None,
                say("law46b3-rank.declarer-names-only-rank-2", rank=rank, card=fit[0]),
            )
            self._play_dummy(fit[0], designated_by_46b=True)
            return
        if not fit:
            self.rule(
                "46B3b",
                None,
                say("law46b3-rank.declarer-names-only-rank-3", rank=rank),
            )
            return
        self.rule(
            "46B3b",
            None,
            say("law46b3-rank.declarer-names-only-rank", rank=rank),
        )
        assert self.declarer is not None
        self._offer((self.declarer,), "46B3b", tuple(f"names {card_name(c)}" for c in fit))

    def _void_designation(self, said: Said) -> None:
        """46B4: declarer designates a card dummy does not hold (``said``: which)."""
        self.rule("46B4", None, said)

    def _play_dummy(self, card: Card, designated_by_46b: bool = False) -> None:
        play = self.play
        assert play is not None
        self.play_event(Event(self.event_index, self.dummy.letter, Action.CARD, card=card))
        self.designated_46b = (card, len(play.played)) if designated_by_46b else None

    def _law46b_incontrovertible(self, card: Card) -> None:
        play = self.play
        designated = self.designated_46b
        if (
            play is None
            or designated is None
            or designated[1] != len(play.played)
            or not play.played
            or play.played[-1] != designated[0]
        ):
            raise ScriptError(
                self.event_index,
                refuse("event.law46b-last-card"),
            )
        seat, old = play.take_back_last()
        self.designated_46b = None
        self.rule(
            "46B",
            None,
            say("law46b-incontrovertible", card=card, old=old),
        )
        self.play_event(Event(self.event_index, seat.letter, Action.CARD, card=card))

    # -- Law 61B: questions about a possible revoke -------------------------------------------

    def _law61b_asks(self, event: Event) -> None:
        assert self.play is not None and self.declarer is not None
        asker, d, declarer = event.seat, self.dummy, self.declarer
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
        if asker == d:
            law = "61B2a" if target == declarer else "61B2b"
        elif asker == declarer:
            law = "61B1"
        else:
            law = "61B3"
        revoke, card = self._failure_to_follow(target)
        if card is None:
            raise ScriptError(
                event.index,
                refuse("event.nothing-to-ask", target=target.letter),
            )
        if law == "61B2b":
            self.rule(
                law,
                d,
                say("law61b-asks.dummy-asks-defender-about", target=target),
            )
        elif law == "61B3" and self.by_edition("61B3", e2017=False, e2007=True):
            self.rule(
                law,
                None,
                say("law61b-asks.asks-whether-has-none", asker=asker, target=target),
            )
        else:
            self.rule(
                law,
                None,
                say("law61b-asks.asks-whether-has-none-2", asker=asker, target=target),
            )
        if revoke is None:
            self.rule(
                "61A",
                None,
                say("law61b-asks.had-none-suit-led", target=target, card=card),
            )
            return
        if law == "61B2a" and self.dummy_broke:
            revoke.as_established = True
            self.rule(
                "43B2b",
                target,
                say("law61b-asks.dummy-having-broken-43a2", revoke=revoke.said()),
            )
        elif law == "61B2b" and self.dummy_broke:
            self._law43b3("revoke", revoke)
            return
        self._offer_correction(revoke)

    def _offer_correction(self, revoke: Revoke) -> None:
        """62A: attention drawn to a revoke not yet established: it must be corrected."""
        play = self.play
        assert play is not None
        cards = [c for c in range(52) if play.hands[revoke.seat] >> c & 1 and revoke.allows(c)]
        self._offer((revoke.seat,), "62A", tuple(f"correct {card_name(c)}" for c in cards))

    def _failure_to_follow(self, seat: Seat) -> tuple[Revoke | None, Card | None]:
        """``seat``'s card to the trick in progress, or to the last trick before the next lead,
        if it did not follow the suit led; and the revoke it made, if any."""
        play = self.play
        assert play is not None
        cards = self._played_in_order()
        current = len(play.tricks)
        window = {current} if play.trick else {current - 1}
        for trick, s, card in cards:
            if s != seat or trick not in window or card is None:
                continue
            if card // 13 == play.led_suit(trick):
                return None, None
            for revoke in play.revokes:
                if revoke.seat == seat and revoke.card == card and not revoke.corrected:
                    return revoke, card
            return None, card
        return None, None

    def _open_revoke(self, side: int) -> Revoke | None:
        """The latest revoke by ``side`` not yet established nor corrected, that can still be
        corrected (the trick in progress, or the last one before the next lead)."""
        play = self.play
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

    def _played_in_order(self) -> list[tuple[int, Seat, Place]]:
        """Every place played to: (trick index, seat, card or None for no card, 67), trick by
        trick."""
        play = self.play
        assert play is not None
        out: list[tuple[int, Seat, Place]] = []
        for index, trick in enumerate(play.tricks):
            for i, card in enumerate(trick.cards):
                out.append((index, Seat((trick.leader + i) & 3), card))
        for i, card in enumerate(play.trick):
            out.append((len(play.tricks), Seat((play.leader + i) & 3), card))
        return out

    # -- 2007 Law 45C4b -----------------------------------------------------------------------


__all__ = ["DUMMY_FINDINGS", "DUMMY_WORDS", "DummyRules"]
