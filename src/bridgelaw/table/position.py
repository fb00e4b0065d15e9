"""What the play looks like at a given moment: the seam between the table and whatever judges
a claim (the director today, a double-dummy adjudicator later) or records the board."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from bridgelaw.cards import Card, Hand, Seat, Strain

Place = Card | None
"""A place in a trick: a card, or None where a player contributed none at the table (67)."""


class TrickPlayed(Protocol):
    """A completed trick, the strict play's or the table's (whose places may hold no card)."""

    @property
    def leader(self) -> Seat: ...
    @property
    def cards(self) -> Sequence[Place]: ...


class PlayInProgress(Protocol):
    """What a position is read from: the strict ``Play`` or the table's play as it happens."""

    @property
    def hands(self) -> Sequence[Hand]: ...
    @property
    def trick(self) -> Sequence[Place]: ...
    @property
    def leader(self) -> Seat: ...
    @property
    def turn(self) -> Seat: ...
    @property
    def trump(self) -> Strain: ...
    @property
    def won(self) -> Sequence[int]: ...
    @property
    def tricks(self) -> Sequence[TrickPlayed]: ...


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
    edition: int = 2017
    """The edition of the Laws the table applies, which a judge of the claim applies too (its
    70E1 differs: 2007 also accepts a line that it would be irrational not to take)."""

    def __deepcopy__(self, memo: dict[int, object]) -> PlayPosition:
        return self  # immutable (and a frozen record compiled with mypyc has no copy)

    @classmethod
    def of(cls, play: PlayInProgress, declarer: Seat, edition: int = 2017) -> PlayPosition:
        """The position ``play`` has reached, declarer being ``declarer``. A place where a
        player contributed no card (67) is not in the trick and shows nothing of his hand."""
        leader = play.leader
        trick = tuple(
            (Seat((leader + i) & 3), c) for i, c in enumerate(play.trick) if c is not None
        )
        h = play.hands
        shown = [0, 0, 0, 0]
        for first, cards in (*((t.leader, t.cards) for t in play.tricks), (leader, play.trick)):
            led = cards[0] // 13 if cards and cards[0] is not None else None  # the lead (67)
            for i, card in enumerate(cards):
                if led is not None and card is not None and card // 13 != led:
                    shown[(first + i) & 3] |= 1 << led  # failed to follow to the suit led
        return cls(
            (h[0], h[1], h[2], h[3]), trick, play.turn, play.trump, declarer,
            (play.won[0], play.won[1]), (shown[0], shown[1], shown[2], shown[3]), edition,
        )  # fmt: skip

    @property
    def remaining(self) -> int:
        """Tricks still to be played, the one in progress included."""
        return 13 - self.won[0] - self.won[1]

    @property
    def declarer_won(self) -> int:
        return self.won[self.declarer.side]
