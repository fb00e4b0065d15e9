"""Revokes: the tricks that change hands when play ends (64). Correcting a revoke (62, with
58B3) is an open matter of its own (:mod:`bridgelaw.table.rules.play.law62`); establishment (63A)
is applied by the play rules, as cards are played.

A revoke stands until its player corrects it (``<seat> correct <card>``, 62) or his side plays to
the next trick, claims, concedes or agrees to a claim (63A). Play goes on meanwhile; the
transfers of 64A are worked out when play ceases, by the last card or by a claim.
"""

from __future__ import annotations

from bridgelaw.cards import Card, Seat
from bridgelaw.table.messages import say
from bridgelaw.table.play_rules import PlayRules
from bridgelaw.table.play_state import TRICK_12, Revoke
from bridgelaw.table.rules.play.law62 import RevokeCorrection
from bridgelaw.table.rules.play.layer import RevokeTable


class RevokeRules(PlayRules):
    """Law 64 (62 is :class:`~bridgelaw.table.rules.play.law62.RevokeCorrection`, 63A the play
    rules'); the layer over the play rules."""

    def corrections(self, seat: Seat) -> tuple[Card, ...]:
        """The cards ``seat`` may correct his revoke with now, highest first (62A, 62B: see
        :meth:`~bridgelaw.table.rules.play.law62.RevokeCorrection.cards`)."""
        return RevokeCorrection.cards(self, seat)

    def withdraw_settlement(self, law: str) -> None:
        """Law 64's rulings and reviews of the board withdrawn under ``law`` (62D1: trick 13
        is played again, and the board settled again when it ends)."""
        self.withdraw("rulings", law, lambda r: not r.law.startswith("64"))
        self.withdraw("reviews", law, lambda r: not r.law.startswith("64"))

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


def revoke_table(table: RevokeRules) -> RevokeTable:
    """The revoke layer as the matters in ``rules/play`` that need it see it: mypy checks here
    that the layer has every field and rule the protocol names."""
    return table


__all__ = ["RevokeRules"]
