"""What the play looks like at a given moment: the seam between the table and whatever judges
a claim (the director today, a double-dummy adjudicator later) or records the board."""

from __future__ import annotations

from dataclasses import dataclass

from bridgelaw.cards import Card, Hand, Seat, Strain


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

    @property
    def remaining(self) -> int:
        """Tricks still to be played, the one in progress included."""
        return 13 - self.won[0] - self.won[1]

    @property
    def declarer_won(self) -> int:
        return self.won[self.declarer.side]
