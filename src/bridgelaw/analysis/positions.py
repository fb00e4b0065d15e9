"""Double-dummy values of a position with a trick in progress (DDS through endplay).

The Law 70 adjudicator (:mod:`bridgelaw.analysis.adjudicate`) does its own search, because at
the claimer's turns it considers only his normal plays; this module gives the unrestricted
double-dummy value beside it (the best the claimer's side could do with perfect play), which
the ruling reports and which bounds the adjudication from above.
"""

from __future__ import annotations

from endplay.dds import solve_board
from endplay.types import Card as DDSCard
from endplay.types import Deal as DDSDeal
from endplay.types import Denom, Player

from bridgelaw.cards import Hand, Seat, Strain, card_name, hand_pbn
from bridgelaw.table.position import PlayPosition

_DENOM = {
    Strain.CLUBS: Denom.clubs,
    Strain.DIAMONDS: Denom.diamonds,
    Strain.HEARTS: Denom.hearts,
    Strain.SPADES: Denom.spades,
    Strain.NOTRUMP: Denom.nt,
}
_PLAYER = (Player.north, Player.east, Player.south, Player.west)


def _deal(position: PlayPosition) -> DDSDeal:
    """The position for DDS: the cards of the trick in progress go back to their hands, then
    are played again in order, so DDS sees the trick as it stands."""
    hands: list[Hand] = list(position.hands)
    for seat, card in position.trick:
        hands[seat] |= 1 << card
    deal = DDSDeal("N:" + " ".join(hand_pbn(h) for h in hands))
    deal.trump = _DENOM[position.trump]
    leader = position.trick[0][0] if position.trick else position.next_to_play
    deal.first = _PLAYER[leader]
    for _seat, card in position.trick:
        deal.play(DDSCard(card_name(card)))
    return deal


def dd_tricks(position: PlayPosition, seat: Seat) -> int:
    """The tricks of ``position.remaining`` (the trick in progress included) that ``seat``'s
    side takes when both sides play double dummy."""
    solved = list(solve_board(_deal(position)))
    best = max(tricks for _card, tricks in solved)  # for the side to play
    if position.next_to_play.side == seat.side:
        return int(best)
    return position.remaining - int(best)
