"""Revokes: correction before establishment (62), establishment (63), and the tricks that
change hands when play ends (64).

A revoke stands until its player corrects it (``<seat> correct <card>``, 62) or his side plays to
the next trick, claims, concedes or agrees to a claim (63A). Play goes on meanwhile; the
transfers of 64A are worked out when play ceases, by the last card or by a claim.
"""

from __future__ import annotations

from bridgelaw.cards import Card, Seat, card_name
from bridgelaw.table.events import Event, ScriptError
from bridgelaw.table.play_rules import NO_CALL, PlayRules
from bridgelaw.table.play_state import Revoke
from bridgelaw.table.state import Pending


class RevokeRules(PlayRules):
    """Laws 61-64; mixed into :class:`~bridgelaw.table.Table`."""

    # -- Laws 62-63 -----------------------------------------------------------------

    def _law63a1_establish(self, seat: Seat) -> None:
        """63A1: a revoke is established when its side plays to the next trick."""
        play = self.play
        assert play is not None
        for revoke in play.revokes:
            if (
                not revoke.established
                and not revoke.corrected
                and revoke.seat.side == seat.side
                and revoke.trick < len(play.tricks)
                and revoke.trick != 11  # 62D: a revoke on trick 12 is never established
            ):
                revoke.established = True
                self.rule(
                    "63A1",
                    revoke.seat,
                    f"{revoke.describe()} is established: "
                    f"{seat.letter}'s side has played to the next trick.",
                )

    def _law62c1_answer(self, p: Pending, event: Event) -> None:
        play = self.play
        assert play is not None
        seat = p.offender
        if event.who != seat.letter or event.action not in ("accept", "decline"):
            raise ScriptError(
                self.event_index,
                f"waiting for {seat.letter}: keep (accept) or "
                "take back (decline) the card played after the revoke (62C1)",
            )
        self.pending = None
        if event.action == "accept":
            return
        taken, card = play.take_back_last()
        assert taken == seat and card == p.card
        self.rule(
            "62C1",
            seat,
            f"{seat.letter} takes back {card_name(card)}, played after the "
            "corrected revoke, and plays again (it is unauthorized information for the "
            "offending side, 16C).",
        )

    def _law62c1_offer(self, revoke: Revoke) -> None:
        """62C1: a non-offender who played after the revoke may take his card back. Offered
        when his card is the last one of that trick (62C2, the offender's partner after him,
        is not handled yet)."""
        play = self.play
        assert play is not None
        if revoke.trick == len(play.tricks):
            leader, cards = play.leader, list(play.trick)
        elif revoke.trick == len(play.tricks) - 1 and not play.trick:
            done = play.tricks[-1]
            leader, cards = done.leader, list(done.cards)
        else:  # pragma: no cover - corrections are only allowed in these two places
            return
        position = (revoke.seat - leader) & 3
        last = len(cards) - 1
        if last > position and last == position + 1:
            after = Seat((leader + last) & 3)
            if after.side != revoke.seat.side:
                self.pending = Pending(
                    "62C1", after, NO_CALL, self.event_index, after, card=cards[last]
                )

    def law63a_establish(self, side: int, law: str, how: str) -> None:
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
                and revoke.trick != 11
            ):
                revoke.established = True
                self.rule(law, revoke.seat, f"{revoke.describe()} is established by {how}.")

    def _law62_correct(self, seat: Seat, card: Card) -> None:
        play = self.play
        assert play is not None and self.declarer is not None
        open_revokes = [
            r for r in play.revokes if r.seat == seat and not r.corrected and not r.established
        ]
        if not open_revokes:
            raise ScriptError(self.event_index, f"{seat.letter} has no revoke to correct")
        revoke = open_revokes[-1]
        in_progress = revoke.trick == len(play.tricks)
        last_done = revoke.trick == len(play.tricks) - 1 and not play.trick
        if not (in_progress or last_done or revoke.trick == 11):
            raise ScriptError(self.event_index, "the revoke can no longer be corrected here")
        if not play.holds(seat, card):
            raise ScriptError(self.event_index, f"{seat.letter} does not hold {card_name(card)}")
        if not revoke.allows(card):
            raise ScriptError(
                self.event_index,
                f"{card_name(card)} does not follow suit: the "
                "correction must be a legal card (62B)",
            )
        old = play.replace(revoke.trick, seat, card)
        revoke.corrected = True
        self.penalty_cards = [pc for pc in self.penalty_cards if pc[1] != card]
        self._law62c1_offer(revoke)
        if seat.side != self.declarer.side:
            self.penalty_cards.append((seat, old, "major"))
            self._all_major(seat)
            self.rule(
                "62B1",
                seat,
                f"{seat.letter} corrects his revoke: {card_name(card)} "
                f"replaces {card_name(old)}, which becomes a major penalty card.",
            )
        else:
            self.rule(
                "62B2",
                seat,
                f"{seat.letter} corrects the revoke: {card_name(card)} "
                f"replaces {card_name(old)}, which goes back without penalty.",
            )

    def law64_transfers(self, claimed: tuple[int, int] = (0, 0)) -> int:
        """64A/64B when play ceases: tricks transferred to the non-offending side; returns the
        change to declarer's side's tricks. ``claimed``: tricks a claim or concession gave NS
        and EW (they count as won after the revoke). Worked out afresh each time (a claim may
        be reopened and settled again)."""
        play = self.play
        assert play is not None and self.declarer is not None
        self.rulings = [r for r in self.rulings if not r.law.startswith("64")]
        self.reviews = [r for r in self.reviews if not str(r["law"]).startswith("64C")]
        for revoke in play.revokes:
            if revoke.trick == 11 and not revoke.corrected:
                # 62D: a revoke on trick 12 is corrected, never established; none moves tricks
                self.rule(
                    "64B6",
                    revoke.seat,
                    f"{revoke.describe()} was on trick 12: no trick "
                    "changes hands (the director may restore equity, 64C).",
                )
        established = [r for r in play.revokes if r.established and not r.corrected]
        if not established:
            return 0
        both = len({r.seat.side for r in established}) == 2
        if both and self.edition == 2007:  # 2007 64B7: both sides revoked on the same trick
            tricks = [{r.trick for r in established if r.seat.side == side} for side in (0, 1)]
            both = bool(tricks[0] & tricks[1])
        if both:
            self.rule(
                "64B7",
                None,
                "both sides made established revokes: no tricks change "
                "hands; the director restores equity if one side was damaged (64C2b).",
            )
            self.review("64C2b", "both sides revoked: the director looks at the likely result.")
            return 0
        change = 0
        counted: set[tuple[Seat, int]] = set()
        for revoke in established:
            o = revoke.seat
            if revoke.by_dummy or revoke.faced_card:
                self.rule(
                    "64B3",
                    o,
                    f"{revoke.describe()}: a card faced on the table; no "
                    "tricks change hands (64C may restore equity).",
                )
                continue
            if (o, revoke.suit_led) in counted:
                self.rule(
                    "64B2",
                    o,
                    f"{revoke.describe()} repeats a revoke in the same suit: "
                    "no further transfer; the director may adjust (64C2a).",
                )
                self.review("64C2a", f"{revoke.describe()}: a second revoke in the same suit.")
                continue
            counted.add((o, revoke.suit_led))
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
            if winner == o and not revoke.defective:  # dummy's trick is not declarer's (64A)
                moved = 1 + (1 if later_os else 0)
                self.rule(
                    "64A1",
                    o,
                    f"{revoke.describe()}: {o.letter} won that trick, so it "
                    f"and {'one later trick' if later_os else 'no later trick'} of his "
                    f"side go to the other side ({moved}).",
                )
            elif os_won_revoke_trick or later_os:
                moved = 1
                self.rule(
                    "64A2",
                    o,
                    f"{revoke.describe()}: {o.letter}'s side won that trick "
                    "or a later one, so one trick goes to the other side.",
                )
            else:
                self.rule(
                    "64B1",
                    o,
                    f"{revoke.describe()}: the offending side won neither that "
                    "trick nor a later one; no trick changes hands.",
                )
                continue
            change += -moved if o.side == self.declarer.side else moved
        self.review(
            "64C1",
            "after the revoke transfers the director checks that the "
            "non-offending side is fully compensated.",
        )
        return change


__all__ = ["RevokeRules"]
