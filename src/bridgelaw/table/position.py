"""What the play looks like at a given moment: the seam between the table and whatever judges
a claim (the director today, a double-dummy adjudicator later) or records the board."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from bridgelaw.cards import Card, Hand, Seat, Strain
from bridgelaw.play import Trick


class PlayInProgress(Protocol):
    """What a position is read from: the strict ``Play`` or the table's play as it happens."""

    @property
    def hands(self) -> Sequence[Hand]: ...
    @property
    def trick(self) -> Sequence[Card]: ...
    @property
    def leader(self) -> Seat: ...
    @property
    def turn(self) -> Seat: ...
    @property
    def trump(self) -> Strain: ...
    @property
    def won(self) -> Sequence[int]: ...
    @property
    def tricks(self) -> Sequence[Trick]: ...


@dataclass(frozen=True)
class PlayPosition:
    """The cards still held, the trick in progress, and the tricks each side has won."""

    hands: tuple[Hand, Hand, Hand, Hand]
    """Cards still held by N, E, S, W (penalty cards on the table included)."""
    trick: tuple[tuple[Seat, Card], ...]
    """The current trick so far, in the order played."""
    next_to_play: Seat
    trump: Strain
    declarer: Seat
    won: tuple[int, int]
    """Tricks won by NS and by EW so far (after any transfer already made)."""
    shown_out: tuple[int, int, int, int] = (0, 0, 0, 0)
    """For N, E, S, W: the suits (bit ``1 << suit``) each has failed to follow to so far, in
    the tricks played and the one in progress: what the table has seen of the split, which
    Law 70E1 lets the director use when a claim is contested."""

    @classmethod
    def of(cls, play: PlayInProgress, declarer: Seat) -> PlayPosition:
        """The position ``play`` has reached, declarer being ``declarer``."""
        leader = play.leader
        trick = tuple((Seat((leader + i) & 3), c) for i, c in enumerate(play.trick))
        h = play.hands
        shown = [0, 0, 0, 0]
        for done in (*((t.leader, t.cards) for t in play.tricks), (leader, play.trick)):
            for i, card in enumerate(done[1]):
                if card // 13 != done[1][0] // 13:  # failed to follow to the suit led
                    shown[(done[0] + i) & 3] |= 1 << (done[1][0] // 13)
        return cls(
            (h[0], h[1], h[2], h[3]), trick, play.turn, play.trump, declarer,
            (play.won[0], play.won[1]), (shown[0], shown[1], shown[2], shown[3]),
        )  # fmt: skip

    @property
    def remaining(self) -> int:
        """Tricks still to be played, the one in progress included."""
        return 13 - self.won[0] - self.won[1]

    @property
    def declarer_won(self) -> int:
        return self.won[self.declarer.side]
