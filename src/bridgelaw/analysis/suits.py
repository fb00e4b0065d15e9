"""One suit played alone, for the 2007 exception of Law 70E1: an unstated line that depends on
finding a card with one opponent is accepted when not adopting it would be irrational.

The adjudicator (:mod:`bridgelaw.analysis.adjudicate`) asks it at one decision: the claimer's
hand is to play to a trick with an opponent still to play after him, and a card of his (the
*finesse card*) beats the card winning the trick but may lose to a higher card an opponent
holds. Not playing it is irrational, in the project's reading, when each of his other normal
cards is dominated by it: for every way the cards of the suit he does not see may lie between
the two opponents (as far as what he knows allows: how many cards each holds, the suits each
has failed to follow to), his side takes at least as many tricks in the suit with the finesse
card as with the other card, and more for one such lie. The tricks in the suit are counted as
a suit combination is: the suit alone, played double dummy by both sides from the trick in
progress, his side leading every later round from either hand (entries are not counted), the
opponents following or discarding. It is asked only where nobody can ruff the suit (notrump,
the trump suit itself, or no opponent holds a trump), and where at most :data:`MAX_UNSEEN` cards
of the suit are unseen; elsewhere the exception is left to the director.
"""

from __future__ import annotations

from itertools import combinations

from bridgelaw.cards import SUIT_MASK

MAX_UNSEEN = 9
"""The most cards of the suit the opponents may hold for the lies to be counted (2^9 lies)."""

Holding = tuple[int, int, int, int]
"""The suit's cards held by N, E, S, W: 13-bit masks, bit ``rank``."""
Played = tuple[tuple[int, int], ...]
"""The trick in progress in this suit: (seat, rank), rank -1 for a card of another suit."""


class SuitGame:
    """The tricks one side takes in a suit played alone (module doc), for one side."""

    def __init__(self, side: int) -> None:
        self.side = side
        self.memo: dict[tuple[Holding, Played, int], int] = {}

    def tricks(self, held: Holding, trick: Played, seat: int) -> int:
        """The side's tricks from here: ``seat`` plays next to ``trick`` (empty: the side
        leads, from either hand)."""
        if not trick:
            return self.lead(held)
        key = (held, trick, seat)
        found = self.memo.get(key)
        if found is not None:
            return found
        cards = held[seat]
        ours = (seat & 1) == self.side
        best = -1 if ours else 99
        for rank in _ranks(cards) if cards else [-1]:
            after = _without(held, seat, rank)
            played = (*trick, (seat, rank))
            if len(played) == 4:
                won = 1 if (max(played, key=lambda p: p[1])[0] & 1) == self.side else 0
                value = won + self.lead(after)
            else:
                value = self.tricks(after, played, (seat + 1) & 3)
            best = max(best, value) if ours else min(best, value)
        self.memo[key] = best
        return best

    def lead(self, held: Holding) -> int:
        """A new round: the side leads it from the hand it likes; nothing when it has no card."""
        best = 0
        for leader in (self.side, self.side + 2):
            for rank in _ranks(held[leader]):
                after = _without(held, leader, rank)
                best = max(best, self.tricks(after, ((leader, rank),), (leader + 1) & 3))
        return best


def _ranks(mask: int) -> list[int]:
    return [r for r in range(13) if mask >> r & 1]


def _without(held: Holding, seat: int, rank: int) -> Holding:
    if rank < 0:
        return held
    out = list(held)
    out[seat] &= ~(1 << rank)
    return (out[0], out[1], out[2], out[3])


def dominates(
    game: SuitGame,
    hands: tuple[int, ...],
    trick: tuple[tuple[int, int], ...],
    seat: int,
    card: int,
    others: list[int],
    shown: int,
) -> bool | None:
    """Whether ``card`` (of ``seat``, the claimer's side, to play to ``trick``) dominates each
    of ``others`` over every lie of the opponents' cards of the suit he cannot exclude (module
    doc); None when the lies are too many to count. ``shown``: bit ``seat * 4 + suit`` for each
    suit an opponent is known to have failed to follow to."""
    suit = trick[0][1] // 13
    opponents = (1 - game.side, 3 - game.side)
    theirs = hands[opponents[0]] | hands[opponents[1]]
    unseen = [r for r in range(13) if theirs >> (13 * suit + r) & 1]
    if len(unseen) > MAX_UNSEEN:
        return None
    counts = [hands[o].bit_count() for o in opponents]
    forced = [0, 0]  # cards of the other suits that only one opponent can hold
    for other in range(4):
        if other == suit:
            continue
        cards = (theirs & SUIT_MASK[other]).bit_count()
        for i, o in enumerate(opponents):
            if shown >> (o * 4 + other) & 1:
                forced[1 - i] += cards
    played: Played = tuple((s, c % 13 if c // 13 == suit else -1) for s, c in trick)
    base = [hands[s] >> (13 * suit) & 0x1FFF for s in range(4)]
    better = [False] * len(others)
    for size in range(len(unseen) + 1):
        for first in combinations(unseen, size):
            mine = [size, len(unseen) - size]
            if any(
                (mine[i] and shown >> (o * 4 + suit) & 1) or mine[i] + forced[i] > counts[i]
                for i, o in enumerate(opponents)
            ):
                continue  # this lie is excluded by what he knows
            held = list(base)
            held[opponents[0]] = sum(1 << r for r in first)
            held[opponents[1]] = sum(1 << r for r in unseen) & ~held[opponents[0]]
            lie: Holding = (held[0], held[1], held[2], held[3])
            with_card = _value(game, lie, played, seat, card % 13)
            for i, other in enumerate(others):
                value = _value(game, lie, played, seat, other % 13)
                if value > with_card:
                    return False
                better[i] = better[i] or with_card > value
    return all(better)


def _value(game: SuitGame, held: Holding, played: Played, seat: int, rank: int) -> int:
    after = _without(held, seat, rank)
    trick = (*played, (seat, rank))
    if len(trick) == 4:
        won = 1 if (max(trick, key=lambda p: p[1])[0] & 1) == game.side else 0
        return won + game.lead(after)
    return game.tricks(after, trick, (seat + 1) & 3)


__all__ = ["MAX_UNSEEN", "SuitGame", "dominates"]
